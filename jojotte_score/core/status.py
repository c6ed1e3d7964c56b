"""Where the table stands before the next hand: game, scores, prison and who deals.

The deal alternates between two players and goes clockwise (seat + 1) among four; a
thrown-in deal passes the deal on like any other ("the next deal goes to the non-dealer").
Each rubber starts with a new cut for the first dealer ("Zu Beginn jeden Robbers wird auf
diese Weise der erste Geber bestimmt"), so after a rubber ends the next dealer is unknown
until the players say who won the cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import Hand, Variant


class TableStatus(NamedTuple):
    """The state of play before the next hand, as the status line shows it.

    ``next_dealer`` is a seat, or None when it cannot be known: no dealer was ever recorded,
    or the last hand ended a rubber and the players cut again (``new_cut``).
    """

    hand: int
    rubber: int
    game: int
    below: tuple[int, int]
    games: tuple[int, int]
    prison: int
    next_dealer: int | None
    new_cut: bool


def next_dealer(hands: Sequence[Hand], variant: Variant) -> int | None:
    """The seat that deals the next hand, by rotation from the last recorded dealer."""
    for back, hand in enumerate(reversed(hands)):
        if hand.dealer is not None:
            return (hand.dealer + back + 1) % variant.seats
    return None


def table_status(hands: Sequence[Hand], variant: Variant, ledger: Ledger) -> TableStatus:
    """The status after the last hand of ``ledger``.

    ``hands`` are the hands that ``ledger`` scored (or the newest of them: the deal
    rotates from the last recorded dealer, and each rubber starts with a new cut).
    """
    last = ledger.hands[-1] if ledger.hands else None
    new_cut = last is not None and last.rubber_winner is not None
    if last is None:
        rubber, game, below, games = 1, 1, (0, 0), (0, 0)
    elif new_cut:
        rubber, game, below, games = last.rubber + 1, 1, (0, 0), (0, 0)
    elif last.game_winner is not None:
        rubber, game, below, games = last.rubber, last.game + 1, (0, 0), last.games
    else:
        rubber, game, below, games = last.rubber, last.game, last.below, last.games
    return TableStatus(
        hand=ledger.hand_count + 1,
        rubber=rubber,
        game=game,
        below=below,
        games=games,
        prison=ledger.unresolved_prison,
        next_dealer=None if new_cut else next_dealer(hands, variant),
        new_cut=new_cut,
    )
