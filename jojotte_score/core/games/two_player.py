"""The two-player game (R1-R15): the game the others are told against."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from jojotte_score.core.games.game import Game
from jojotte_score.core.model import GameKey, Variant
from jojotte_score.i18n import N_


class TwoPlayer(Game):
    """Two players, side against side (R1-R15)."""

    variant: ClassVar[GameKey] = Variant.TWO_PLAYER
    names = ("two_player", "two players")
    label = N_("Two players")
    table_word = N_("two-player")
    choice = N_("Two players")
    seat_labels = (N_("Player A"), N_("Player B"))
    players_needed = N_("a two-player sitting needs 2 player names, not {count}")
    rulings = "R1-R15"
    seats = 2
    file_version = 1  # the first version's own game

    def compact_versus(self, sides: Sequence[str]) -> str:
        """ "Anna–Bert": two names need no spaces around the dash."""
        return "–".join(sides)


GAME = TwoPlayer()
"""The game this module holds, as the registry finds it."""
