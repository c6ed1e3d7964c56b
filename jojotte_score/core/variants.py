"""One door to the five ways to play: check, score and explain any sitting.

Two players and partnerships keep their two-column :class:`~jojotte_score.core.ledger.Ledger`
(:func:`jojotte_score.core.ledger.replay`). The three games of individual players (the
three-player game, the chouette and cutthroat) have a column per player, an
:class:`~jojotte_score.core.individual_ledger.IndividualLedger`; :func:`replay_columns`
scores any of them.
"""

from __future__ import annotations

from jojotte_score.core.chouette import (
    check_chouette_sitting,
    replay_chouette,
)
from jojotte_score.core.errors import Problem
from jojotte_score.core.individual_ledger import ColumnLedger, replay_seats
from jojotte_score.core.model import Sitting, Variant
from jojotte_score.core.three_player import SeatSitting
from jojotte_score.core.three_player_explanation import (
    explain_chouette_ledger,
    explain_three_player_ledger,
)
from jojotte_score.core.three_player_validation import check_seat_sitting
from jojotte_score.core.validation import check_sitting

AnySitting = Sitting | SeatSitting
"""A sitting of any variant: hands side against side, or by seat."""


def check_any_sitting(sitting: AnySitting) -> list[Problem]:
    """Every problem with a sitting of any variant, hands numbered from 1 in order."""
    if isinstance(sitting, SeatSitting):
        return check_seat_sitting(sitting)
    if sitting.variant is Variant.CHOUETTE:
        return check_chouette_sitting(sitting)
    return check_sitting(sitting)


def replay_columns(sitting: AnySitting) -> ColumnLedger:
    """The pad with a column per player of a three-player, chouette or cutthroat sitting."""
    if isinstance(sitting, SeatSitting):
        return replay_seats(sitting)
    if sitting.variant is not Variant.CHOUETTE:
        raise ValueError(f"a {sitting.variant.value} sitting is scored side against side")
    return replay_chouette(sitting)


def explain_columns(sitting: AnySitting) -> str:
    """Every hand of a game of individual players explained, separated by blank lines."""
    if isinstance(sitting, SeatSitting):
        return explain_three_player_ledger(replay_seats(sitting))
    return explain_chouette_ledger(replay_chouette(sitting))
