"""Four players in partnerships: seats 0 and 2 against 1 and 3, game at 125."""

from __future__ import annotations

from jojotte_score.core.games.game import Game
from jojotte_score.core.model import Variant
from jojotte_score.core.tables import PARTNERSHIP_MELD_TOTALS
from jojotte_score.i18n import N_


class Partnership(Game):
    """Four players in two partnerships, side against side; all 32 cards are played."""

    variant = Variant.PARTNERSHIP
    names = ("partnerships", "four players")
    label = N_("Partnership")
    table_word = N_("partnership")
    choice = N_("Four players in partnerships")
    seat_labels = (N_("North (A)"), N_("East (B)"), N_("South (A)"), N_("West (B)"))
    players_needed = N_("a partnership sitting needs 4 player names, not {count}")
    rulings = "R1-R15"
    side_people = 2  # two partners a side: "Bert & Dora win"
    meld_totals = PARTNERSHIP_MELD_TOTALS  # two partners of eight cards each

    def side_of(self, seat: int) -> int:
        """Seats 0 and 2 are side 0, seats 1 and 3 side 1."""
        return seat % 2


GAME = Partnership()
"""The game this module holds, as the registry finds it."""
