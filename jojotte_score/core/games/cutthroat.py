"""Cutthroat (F1-F7): four players, the dealer sitting out each hand of the three-player
game and copying the player who sat out."""

from __future__ import annotations

from jojotte_score.core.games.three_player import ThreePlayer
from jojotte_score.core.model import Variant
from jojotte_score.i18n import N_


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
