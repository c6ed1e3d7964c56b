"""A sixth way to play, made only by the tests: partnerships, the long game.

Partnership scoring (R1-R15) with the game at 150 and a rubber bonus of 500: a subclass of
:class:`~jojotte_score.core.games.partnership.Partnership` that declares its key, its names
and its two numbers, and a page of the scoring card. The tests register it
(:func:`registered`) and prove that the program scores, explains, exports, imports, stores,
opens, types, prints and shows it on the card through the registry alone, as
docs/architecture.md ("Adding a sixth way to play") says.

Its worked example, checked by hand from R1-R15 (sides: Anna & Carl, seats 0 and 2, against
Bert & Dora, seats 1 and 3; eight tricks, all 32 cards, so the card points add up to the
deck, 155 with a trump suit and 120 at no-trump):

1. Anna & Carl bid spades: card points 85 and 70, the last trick to Anna & Carl. Trick
   scores 95 and 70; the declarer wins (R3): 95 below for Anna & Carl, 70 above for Bert &
   Dora.
2. Anna & Carl bid no-trump: card points 35 and 85, the last trick to Anna & Carl, and
   Anna & Carl meld 100 (four of a kind). Trick scores 45 and 85; totals 145 and 85 (R2):
   the declarer wins, 45 below (game 1: 95 + 45 = 140, which would be game at 125 in
   partnerships, but not at 150), 85 above for Bert & Dora, the 100 melded above for Anna
   & Carl (R5).
3. Bert & Dora bid hearts: card points 60 and 95, the last trick and Jo-Jotte to Bert &
   Dora. Trick scores 60 and 95 + 10 + 20 = 125: the declarer wins, 125 below for Bert &
   Dora (no game at 150), 60 above for Anna & Carl.
4. Anna & Carl bid diamonds: card points 100 and 55, the last trick to Anna & Carl, tricks
   5 and 3 (eight in all). Trick scores 110 and 55: 110 below for Anna & Carl, who reach
   140 + 110 = 250 below and win game 1 (R12); 55 above for Bert & Dora.
5. Anna & Carl bid clubs, doubled: card points 120 and 35, the last trick to Anna & Carl.
   Trick scores 130 and 35; Anna & Carl have the higher total and score 2 × (130 + 35) =
   330 below (R4): game 2 and the rubber, with the bonus of 500 above (R13).

Rubber 1: Anna & Carl 95 + 45 + 110 + 330 = 580 below and 100 + 60 + 500 = 660 above, 1240
in all; Bert & Dora 125 below and 70 + 85 + 55 = 210 above, 335 in all. Anna & Carl win the
rubber by 1240 - 335 = 905 (R14).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from jojotte_score.core.games import new_sitting, register_game, unregister_game
from jojotte_score.core.games.game import CardText
from jojotte_score.core.games.partnership import Partnership
from jojotte_score.core.model import Doubling, PlayedHand, Rules, Sitting, Trump

KEY = "long-partnership"
"""The sixth game's key: the value its files and the database write."""


class LongPartnership(Partnership):
    """Partnerships, the long game: game at 150, a rubber bonus of 500."""

    variant = KEY
    names = ("partnerships to 150", "long partnerships")
    label = "Partnerships to 150"
    table_word = "long-partnership"
    choice = "Four players in partnerships, game at 150"
    players_needed = "a long partnership sitting needs 4 player names, not {count}"
    default_game_target = 150
    default_rubber_bonus = 500
    card_page = ("partnerships to 150", "The rulings R12 and R13, the long game")

    def card_rulings(self, rules: Rules) -> tuple[CardText, ...]:
        """The two rulings that differ from partnerships."""
        return (
            ("R12: Game", (f"{rules.game_target} below the line wins a game.",)),
            ("R13: Rubber", (f"Two games win the rubber, and {rules.rubber_bonus} above.",)),
        )


GAME = LongPartnership()
"""The sixth game, as the tests register it."""


@contextmanager
def registered() -> Iterator[LongPartnership]:
    """The sixth game registered while the block runs, taken away after it."""
    register_game(GAME)
    try:
        yield GAME
    finally:
        unregister_game(KEY)


PLAYERS = ("Anna", "Bert", "Carl", "Dora")
HANDS = (
    PlayedHand(0, Trump.SPADES, (85, 70), 0, dealer=0),
    PlayedHand(0, Trump.NO_TRUMP, (35, 85), 0, melds=(100, 0), dealer=1),
    PlayedHand(1, Trump.HEARTS, (60, 95), 1, jojotte=1, dealer=2),
    PlayedHand(0, Trump.DIAMONDS, (100, 55), 0, tricks=(5, 3), dealer=3),
    PlayedHand(0, Trump.CLUBS, (120, 35), 0, double=Doubling.DOUBLE, dealer=0),
)


def example() -> Sitting:
    """The worked example above, under the game's own rules (150, 500)."""
    return new_sitting(KEY, PLAYERS, HANDS)
