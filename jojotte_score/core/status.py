"""Where the table stands before the next hand: game, scores, prison and who deals.

Each rubber starts with a new cut for the first dealer ("Zu Beginn jeden Robbers wird auf
diese Weise der erste Geber bestimmt"), so the first dealer of a sitting and of every later
rubber is whoever the players say won the cut. Within a rubber the deal alternates between
two players and goes clockwise (seat + 1) among four, and a thrown-in deal passes the deal
on like any other ("the next deal goes to the non-dealer"). So the next dealer follows from
the last dealer recorded since the rubber began, and never from a hand of an earlier rubber.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jojotte_score.core.ledger import HandResult, Ledger
from jojotte_score.core.model import Variant


@dataclass(frozen=True, slots=True)
class TableStatus:
    """The state of play before the next hand, as the status line shows it.

    ``next_dealer`` is a seat, or None when it cannot be known (see :func:`next_dealer`).
    ``new_cut`` is True when the last hand ended a rubber, so the players cut again.
    """

    hand: int
    rubber: int
    game: int
    below: tuple[int, int]
    games: tuple[int, int]
    prison: int
    next_dealer: int | None
    new_cut: bool


def next_dealer(
    results: Sequence[HandResult], variant: Variant, chosen: int | None = None
) -> int | None:
    """The seat that deals the hand after ``results``, or None when it cannot be known.

    ``results`` are the scored hands before it (at least those of its rubber). ``chosen`` is
    the dealer the players chose for it, if they did: the first dealer of the sitting, or
    the winner of the cut after a rubber. It is the answer when ``results`` is empty or
    ends a rubber, and only then, as the players cut only at the start of a rubber. Within
    a rubber the deal rotates from the last dealer recorded since the rubber began; None
    when none was.
    """
    if not results or results[-1].rubber_winner is not None:
        return chosen
    for back, result in enumerate(reversed(results)):
        if result.rubber_winner is not None:  # the end of the rubber before
            return None
        dealer = result.hand.dealer
        if dealer is not None:
            return (dealer + back + 1) % variant.seats
    return None


def table_status(ledger: Ledger, variant: Variant, chosen: int | None = None) -> TableStatus:
    """The status after the last hand of ``ledger``.

    ``ledger`` may be scored from a rubber's :class:`~jojotte_score.core.ledger.Checkpoint`,
    as long as it holds the rubber of its last hand. ``chosen`` is the dealer the players
    chose for the next hand, if any (see :func:`next_dealer`).
    """
    last = ledger.hands[-1] if ledger.hands else None
    new_cut = last is not None and last.rubber_winner is not None
    if last is None:
        rubber, game, below, games = ledger.start.rubber, 1, (0, 0), (0, 0)
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
        next_dealer=next_dealer(ledger.hands, variant, chosen),
        new_cut=new_cut,
    )
