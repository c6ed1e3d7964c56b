"""One door to the five ways to play: check, score and explain any sitting.

Two players and partnerships keep their two-column :class:`~jojotte_score.core.ledger.Ledger`
(:func:`jojotte_score.core.ledger.replay`). The three games of individual players (the
three-player game, the chouette and cutthroat) have a column per player, an
:class:`~jojotte_score.core.individual_ledger.IndividualLedger`; :func:`replay_columns`
scores any of them. Each asks the sitting's game (:mod:`jojotte_score.core.games`).
"""

from __future__ import annotations

from jojotte_score.core.errors import Problem
from jojotte_score.core.individual_ledger import ColumnLedger
from jojotte_score.core.model import Hand, Sitting
from jojotte_score.core.three_player import SeatSitting, ThreePlayerDeal

AnySitting = Sitting | SeatSitting
"""A sitting of any variant: hands side against side, or by seat."""

AnyHand = Hand | ThreePlayerDeal
"""A hand of any variant: side against side, or by seat."""


def check_any_sitting(sitting: AnySitting) -> list[Problem]:
    """Every problem with a sitting of any variant, hands numbered from 1 in order."""
    return sitting.variant.game.check(sitting)


def replay_columns(sitting: AnySitting) -> ColumnLedger:
    """The pad with a column per player of a three-player, chouette or cutthroat sitting."""
    return sitting.variant.game.replay_columns(sitting)


def explain_columns(sitting: AnySitting) -> str:
    """Every hand of a game with a column per player explained, separated by blank lines."""
    return sitting.variant.game.explain_columns(sitting)
