"""Cutthroat (F1-F7): four players, the dealer sitting out each hand of the three-player
game and copying the player who sat out."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from jojotte_score.core.errors import Problem
from jojotte_score.core.games.three_player import ThreePlayer
from jojotte_score.core.model import Variant
from jojotte_score.i18n import N_

if TYPE_CHECKING:
    from jojotte_score.core.three_player import ThreePlayerDeal


class Cutthroat(ThreePlayer):
    """Four players, each hand the three-player game among those who did not deal (F2)."""

    variant = Variant.CUTTHROAT
    names = ("cut-throat", "four players, cutthroat")
    label = N_("Cutthroat")
    table_word = N_("cutthroat")
    choice = N_("Four players, cutthroat")
    seat_labels = (N_("North"), N_("East"), N_("South"), N_("West"))
    players_needed = N_("a cutthroat sitting needs 4 player names, not {count}")
    copy_legend = N_(
        "(…) copied: the player who sat out scores as his partner (T8), "
        "and the dealer as the player who sat out (F3)"
    )
    card_page = (N_("cutthroat, four players"), N_("The rulings F1-F7"))
    rulings = "F1-F7"
    dealer_sits_out = True

    def check_seat_hand(
        self, hand: ThreePlayerDeal, number: int | None, names: tuple[str, ...] | None
    ) -> list[Problem]:
        """T16 among the three players other than the dealer, and F2 (the dealer recorded,
        and named by nothing else of the hand)."""
        from jojotte_score.core.three_player_validation import check_cutthroat_hand

        four = cast("tuple[str, str, str, str] | None", names)
        return check_cutthroat_hand(hand, number, four)


GAME = Cutthroat()
"""The game this module holds, as the registry finds it."""
