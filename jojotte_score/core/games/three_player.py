"""Culbertson's three-player game (T1-T16): hands by seat, a column per player."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from jojotte_score.core.errors import Problem
from jojotte_score.core.games.game import CardText, Game, copy_text
from jojotte_score.core.model import GameKey, Rules, SeatHand, SidesWith, Variant
from jojotte_score.core.tables import (
    LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS,
    LOST_NULLO_FIRST_TRICK_THREE_PLAYERS,
    NULLO_BONUS,
    SLAM_BONUS,
    UNBID_SLAM_BONUS,
)
from jojotte_score.i18n import N_, _, pgettext

if TYPE_CHECKING:
    from collections.abc import Callable

    from jojotte_score.core.ledger import Checkpoint, HandResult, Ledger
    from jojotte_score.core.model import AnyHand, RubberRoles, Sitting
    from jojotte_score.core.scoring import HandScore


class ThreePlayer(Game):
    """Three players, each for himself: the declarer against the active defender, the
    inactive player siding with one of them (T1-T16)."""

    variant: ClassVar[GameKey] = Variant.THREE_PLAYER
    names = ("three_player", "three players")
    label = N_("Three players")
    table_word = N_("three-player")
    choice = N_("Three players (Culbertson)")
    seat_labels: ClassVar[tuple[str, ...]] = (
        N_("Seat 1"),
        N_("Seat 2 (clockwise)"),
        N_("Seat 3 (clockwise)"),
    )
    players_needed = N_("a three-player sitting needs 3 player names, not {count}")
    seats = 3
    per_player = True
    by_seat = True
    copy_legend = N_(
        "{mark} before a figure marks a copy: the inactive player copies his partner (T8)"
    )
    card_page = (N_("three players"), N_("The rulings T1-T16"))
    rulings = "T1-T16"
    record_roles: ClassVar[tuple[tuple[str, str], ...]] = (
        ("declarer", N_("declarer")),
        ("active defender", N_("active defender")),
        ("inactive", N_("inactive player")),
    )

    def hand_role_seats(self, hand: AnyHand) -> dict[str, int]:
        """T3: the declarer D, the active defender A and the inactive player I of a played
        hand; nothing in a deal thrown in."""
        if not isinstance(hand, SeatHand):
            return {}
        seats = {"declarer": hand.declarer, "active defender": hand.active_defender}
        if hand.inactive >= 0:
            seats["inactive"] = hand.inactive
        return seats

    def first_asked_to_defend(self, declarer: int, dealer: int | None) -> int | None:
        """The player to the declarer's left (the next seat clockwise) among those who play,
        whom the rules ask first whether to defend an undoubled contract, the Nullo bidder's
        too; passing over a dealer who sits out (F2), so None while that dealer is not
        known (see docs/RULES.md, "Who is asked to defend")."""
        seat = (declarer + 1) % self.seats
        if self.dealer_sits_out:
            if dealer is None:
                return None
            if seat == dealer:
                seat = (seat + 1) % self.seats
        return None if seat == declarer else seat

    def nullo_bidders(
        self,
        bidder: int | None,
        dealer: int | None,
        doubler: int | None,
        sides_with: SidesWith | None,
    ) -> tuple[int, ...]:
        """Who may bid Nullo: either opponent of the bidder among those who play (T3, F2),
        but never a doubler, and after a double the other opponent only if he sided with the
        declarer, not with the defender who doubled (T16.4): then nobody."""
        if sides_with is SidesWith.DEFENDER:
            return ()
        barred = (bidder, doubler, dealer if self.dealer_sits_out else None)
        return tuple(seat for seat in range(self.seats) if seat not in barred)

    # The scorer and the checks are imported when first used: the window's start-up has a
    # module budget (tests/gui/window/test_startup.py).

    def hand_scorer(self, roles: RubberRoles | None) -> Callable[[Any, int], HandScore]:
        """T5: the hand as D against A, then T6, T10, T11; the copies T8 (and F3)."""
        from jojotte_score.core.games.three_player_scoring import score_three_player_hand

        return score_three_player_hand

    def check(self, sitting: Sitting, start: Checkpoint | None = None) -> list[Problem]:
        """The players, rules and hands (T16; F1, F7 in cutthroat)."""
        from jojotte_score.core.games.three_player_validation import check_seat_sitting

        return check_seat_sitting(self, sitting, start)

    def explain_hand(self, result: HandResult, ledger: Ledger) -> list[str]:
        """The hand explained with the three-player rulings (T1-T15; F1-F6 in cutthroat)."""
        from jojotte_score.core.games.three_player_explanation import explain_three_player_hand

        return explain_three_player_hand(result, ledger)

    def card_pad_rows(self) -> tuple[tuple[str, str], ...]:
        """T11: a lost Nullo scores the three-player game's own amounts (F4 in cutthroat)."""
        lost = _("{first} + {further} for each further trick").format(
            first=LOST_NULLO_FIRST_TRICK_THREE_PLAYERS, further=LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS
        )
        return ((pgettext("scoring card", "Nullo lost"), lost),)

    def card_rulings(self, rules: Rules) -> tuple[CardText, ...]:
        """The rulings T1-T16 in short, for the three-player page of the scoring card."""
        return _rulings_of_play() + _rulings_of_scoring(rules)


def _rulings_of_play() -> tuple[CardText, ...]:
    """T1-T8 for the scoring card: the columns, the deal, the roles and the entries of a
    hand with and without a double, and the inactive player's copies."""
    return (
        (
            _("T1: A column per player"),
            (_("Each player has his own column, above and below the line. Nobody has a fixed "
               "partner: who plays with whom changes every hand."),),
        ),
        (
            _("T2: The deal"),
            (_("A cut decides the first dealer of each rubber; then the deal passes clockwise, "
               "thrown-in deals included."),),
        ),
        (
            _("T3, T4: Who plays"),
            (_("The declarer (D) plays against the active defender (A). The third player, the "
               "inactive player (I), sets his cards aside and sides with one of them: with A "
               "when the hand is not doubled and in Nullo; after a double, with the player he "
               "chose."),),
        ),
        (
            _("T5: Who wins"),
            (_("Trick scores and totals are those of two players (R1, R2), between D and A, "
               "with nine tricks. I has no trick score, melds or total."),),
        ),
        (
            _("T6: Not doubled"),
            (_("D's total higher: D's trick score below, A's above. A's total higher: both "
               "trick scores above, for A (never below). Equal totals: both trick scores to "
               "prison."),),
        ),
        (
            _("T7: Doubled or redoubled"),
            (_("The player with the higher total scores m × (both trick scores) below; the "
               "other scores no trick points. Equal totals: m × (both trick scores) to "
               "prison."),),
        ),
        (
            _("T8: The inactive player copies his partner"),
            (_("I writes again, above the line, every amount written in the hand for the "
               "player he sided with: trick points, melds, bonuses, prison won, the rubber "
               "bonus. I never writes below. The pad writes a copy after an equals sign: "
               "{copy}.").format(copy=copy_text(60)),),
        ),
    )  # fmt: skip


def _rulings_of_scoring(rules: Rules) -> tuple[CardText, ...]:
    """T9-T16 for the scoring card: melds, slam, Nullo, prison, game and rubber with
    ``rules``' target and bonus, settling, and the mistakes the pad refuses."""
    first = LOST_NULLO_FIRST_TRICK_THREE_PLAYERS
    further = LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS
    return (
        (
            _("T9, T10: Melds and slam"),
            (_("Melds above for D and A, never multiplied. Slam made: {slam} above for "
               "D. Slam failed: D scores no trick points; A scores m × (both trick scores), "
               "above when not doubled, below when doubled and A's total is higher. Unbid "
               "slam: {unbid} above.").format(slam=SLAM_BONUS, unbid=UNBID_SLAM_BONUS),),
        ),
        (
            _("T11: Nullo"),
            (_("All card points go to prison, never multiplied. Made: {bonus} above for "
               "the Nullo bidder. Lost after k tricks: {first} + {further} × (k \u2212 1) "
               "above for A, and the same for I.").format(
                   bonus=NULLO_BONUS, first=first, further=further),),
        ),
        (
            _("T12: Prison"),
            (_("The winning active player of the next hand with a winner scores the whole "
               "prison above; I scores it too when on his side."),),
        ),
        (
            _("T13, T14: Game and rubber"),
            (_("The first player with {target} below wins the game; all three start "
               "the next game at 0. The first to win two games wins the rubber and "
               "{bonus} above; I copies it when on his side.").format(
                   target=rules.game_target, bonus=rules.rubber_bonus),),
        ),
        (
            _("T15: Settling a rubber"),
            (_("Every player settles with every other: 3 × his total "
               "\u2212 the sum of the three totals. The results add up to 0; the sitting's "
               "result is the sum of its rubbers'."),),
        ),
        (
            _("T16: Mistakes the pad refuses"),
            (_("A player in two roles; a double without its doubler or side; card points, "
               "melds or tricks for I; more card points than the deck; tricks that do not add "
               "up to 9 in Nullo or a slam."),),
        ),
    )  # fmt: skip


GAME = ThreePlayer()
"""The game this module holds, as the registry finds it."""
