"""Culbertson's three-player game (T1-T16): hands by seat, a column per player."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from jojotte_score.core.errors import Problem
from jojotte_score.core.games.game import Game
from jojotte_score.core.model import Variant
from jojotte_score.i18n import N_

if TYPE_CHECKING:
    from collections.abc import Callable

    from jojotte_score.core.ledger import Checkpoint, HandResult, Ledger
    from jojotte_score.core.model import ChouetteRoles, Sitting
    from jojotte_score.core.scoring import HandScore


class ThreePlayer(Game):
    """Three players, each for himself: the declarer against the active defender, the
    inactive player siding with one of them (T1-T16)."""

    variant = Variant.THREE_PLAYER
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
    per_player = True
    by_seat = True
    copy_legend = N_("(…) copied: the player who sat out scores as his partner (T8)")
    card_page = (N_("three players"), N_("The rulings T1-T16"))
    rulings = "T1-T16"

    # The scorer and the checks are imported when first used: the window's start-up has a
    # module budget (tests/gui/test_startup.py).

    def hand_scorer(self, roles: ChouetteRoles | None) -> Callable[[Any, int], HandScore]:
        """T5: the hand as D against A, then T6, T10, T11; the copies T8 (and F3)."""
        from jojotte_score.core.three_player import score_three_player_hand

        return score_three_player_hand

    def check(self, sitting: Sitting, start: Checkpoint | None = None) -> list[Problem]:
        """The players, rules and hands (T16; F1, F7 in cutthroat)."""
        from jojotte_score.core.three_player_validation import check_seat_sitting

        return check_seat_sitting(sitting, start)

    def explain_hand(self, result: HandResult, ledger: Ledger) -> list[str]:
        """The hand explained with the three-player rulings (T1-T15; F1-F6 in cutthroat)."""
        from jojotte_score.core.three_player_explanation import explain_three_player_hand

        return explain_three_player_hand(result, ledger)


GAME = ThreePlayer()
"""The game this module holds, as the registry finds it."""
