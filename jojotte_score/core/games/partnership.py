"""Four players in partnerships: seats 0 and 2 against 1 and 3, game at 125."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from jojotte_score.core.games.game import Game
from jojotte_score.core.model import GameKey, Variant
from jojotte_score.core.tables import PARTNERSHIP_MELD_TOTALS
from jojotte_score.i18n import N_


class Partnership(Game):
    """Four players in two partnerships, side against side; all 32 cards are played."""

    variant: ClassVar[GameKey] = Variant.PARTNERSHIP
    names = ("partnerships", "four players")
    label = N_("Partnership")
    table_word = N_("partnership")
    choice = N_("Four players in partnerships")
    seat_labels = (N_("North (A)"), N_("East (B)"), N_("South (A)"), N_("West (B)"))
    players_needed = N_("a partnership sitting needs 4 player names, not {count}")
    rulings = "R1-R15"
    seats = 4
    default_game_target = 125  # T13, F5: a game is harder to win with 125
    tricks_per_hand = 8  # four players of eight cards
    all_cards_played = True
    file_version = 1  # the first version's own game
    side_people = 2  # two partners a side: "Bert & Dora win"
    meld_totals = PARTNERSHIP_MELD_TOTALS  # two partners of eight cards each

    def side_names(self, players: Sequence[str]) -> tuple[str, str]:
        """The partners of each side: "Anna & Carl" (seats 0 and 2), "Bert & Dora"."""
        if len(players) == self.seats:
            return (f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}")
        return super().side_names(players)

    def side_of(self, seat: int) -> int:
        """Seats 0 and 2 are side 0, seats 1 and 3 side 1."""
        return seat % 2


GAME = Partnership()
"""The game this module holds, as the registry finds it."""
