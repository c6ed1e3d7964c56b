"""Cutthroat (F1-F7): four players, the dealer sitting out each hand of the three-player
game and copying the player who sat out."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from jojotte_score.core.errors import Problem
from jojotte_score.core.games.game import CardText, copy_text
from jojotte_score.core.games.three_player import ThreePlayer
from jojotte_score.core.model import GameKey, Rules, Variant
from jojotte_score.core.tables import (
    LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS,
    LOST_NULLO_FIRST_TRICK_THREE_PLAYERS,
)
from jojotte_score.i18n import N_, _

if TYPE_CHECKING:
    from jojotte_score.core.model import AnyHand, SeatDeal


class Cutthroat(ThreePlayer):
    """Four players, each hand the three-player game among those who did not deal (F2)."""

    variant: ClassVar[GameKey] = Variant.CUTTHROAT
    names = ("cut-throat", "four players, cutthroat")
    label = N_("Cutthroat")
    table_word = N_("cutthroat")
    choice = N_("Four players, cutthroat")
    seat_labels = (N_("North"), N_("East"), N_("South"), N_("West"))
    players_needed = N_("a cutthroat sitting needs 4 player names, not {count}")
    copy_legend = N_(
        "{mark} before a figure marks a copy: the inactive player copies his partner (T8), "
        "and the dealer copies the inactive player (F3)"
    )
    card_page = (N_("cutthroat, four players"), N_("The rulings F1-F7"))
    rulings = "F1-F7"
    seats = 4
    dealer_sits_out = True
    record_roles: ClassVar[tuple[tuple[str, str], ...]] = (
        *ThreePlayer.record_roles,
        ("dealer", N_("dealer")),
    )

    def hand_role_seats(self, hand: AnyHand) -> dict[str, int]:
        """T3 among the three who play, and the dealer, who sits out (F2)."""
        seats = super().hand_role_seats(hand)
        if hand.dealer is not None:
            seats["dealer"] = hand.dealer
        return seats

    def check_seat_hand(
        self, hand: SeatDeal, number: int | None, names: tuple[str, ...] | None
    ) -> list[Problem]:
        """T16 among the three players other than the dealer, and F2 (the dealer recorded,
        and named by nothing else of the hand)."""
        from jojotte_score.core.games.three_player_validation import check_cutthroat_hand

        four = cast("tuple[str, str, str, str] | None", names)
        return check_cutthroat_hand(self, hand, number, four)

    def card_rulings(self, rules: Rules) -> tuple[CardText, ...]:
        """The rulings F1-F7 in short, for the cutthroat page of the scoring card."""
        first = LOST_NULLO_FIRST_TRICK_THREE_PLAYERS
        further = LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS
        return (
            (
                _("F1: Four columns"),
                (_("Four players, each with his own column, above and below the line."),),
            ),
            (
                _("F2: The dealer sits out"),
                (_("The dealer deals to the other three, who play the three-player game "
                   "(T1-T16: its rulings, on the three-player page of the scoring card). "
                   "He plays no cards and has no other role."),),
            ),
            (
                _("F3: The dealer copies the inactive player"),
                (_("After the hand the dealer writes above the line a copy of everything written "
                   "for the inactive player: not doubled and in Nullo, what the active defender "
                   "scored; doubled, what the player the inactive player sided with scored. He "
                   "never writes below. The pad writes a copy after an equals sign: "
                   "{copy}.").format(copy=copy_text(60)),),
            ),
            (
                _("F4: Nullo lost"),
                (_("{first} + {further} for each further trick, above, to the active defender, to "
                   "the inactive player and to the dealer.").format(first=first, further=further),),
            ),
            (
                _("F5: Game and rubber"),
                (_("The first player with {target} below wins the game; the first to win "
                   "two games wins the rubber and {bonus} above, copied by the "
                   "inactive player and the dealer when on his side.").format(
                       target=rules.game_target, bonus=rules.rubber_bonus),),
            ),
            (
                _("F6: Settling a rubber"),
                (_("Every player: 4 × his total \u2212 the sum of the four totals. The results "
                   "add up to 0."),),
            ),
            (
                _("F7: The deal"),
                (_("The deal passes clockwise, thrown-in deals included; a new cut starts each "
                   "rubber."),),
            ),
        )  # fmt: skip


GAME = Cutthroat()
"""The game this module holds, as the registry finds it."""
