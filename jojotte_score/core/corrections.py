"""What an edit of an earlier hand does to the hands after it, and the fixes it offers.

An edit that changes who wins a rubber changes, in the chouette, the roles of every later
rubber (C3), and with them who may deal (C7): hands recorded before the edit may then name
a dealer who is now the partner. The game finds those hands
(:meth:`~jojotte_score.core.games.game.Game.correction`) and gives, for each, the hand with
its dealer cleared and with its dealer re-derived from the turn to deal; the window shows
the reasons and saves the chosen fix with the edit as one step. Nothing here is scored: a
dealer is recorded, never scored, so neither fix changes a figure.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from jojotte_score.core.model import Hand


class DealerChoice(Enum):
    """How the later hands' illegal dealers are fixed: left unrecorded, or re-derived."""

    CLEAR = "clear"
    REDERIVE = "rederive"


class HandFix(NamedTuple):
    """A later hand whose dealer an edit made illegal: its number (from 1), the seat it
    records, the hand with that dealer cleared, and with the dealer the turn gives."""

    number: int
    dealer: int
    cleared: Hand
    rederived: Hand

    def fixed(self, choice: DealerChoice) -> Hand:
        """The hand as ``choice`` fixes it."""
        return self.cleared if choice is DealerChoice.CLEAR else self.rederived


class Correction(NamedTuple):
    """The later hands an edit makes illegal (``fixes``, in order) and why, one sentence per
    player in the players' words (``reasons``), and what re-deriving gives them, one
    sentence per dealer (``rederived``)."""

    fixes: tuple[HandFix, ...]
    reasons: tuple[str, ...]
    rederived: tuple[str, ...]

    def hands(self, choice: DealerChoice) -> dict[int, Hand]:
        """The fixed hands by position (from 0), as ``choice`` fixes them."""
        return {fix.number - 1: fix.fixed(choice) for fix in self.fixes}
