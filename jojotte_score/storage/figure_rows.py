"""One seat's figures for the statistics as storage keeps them: a row of whole numbers,
the ``seat_figures`` table's columns (schema 5) and the figures the summary keeps for the
hands before its checkpoint (schema 6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # the figures' class is needed only to make them (figures_from_row)
    from jojotte_score.core.stats import PlayerStats

FIGURE_COLUMNS: Final = (
    "rubbers_played",
    "rubbers_won",
    "rubbers_unfinished",
    "net_points",
    "finished_net_points",
    "hands_played",
    "meld_points",
    "suit_declared",
    "suit_made",
    "no_trump_declared",
    "no_trump_made",
    "nullo_declared",
    "nullo_made",
    "slam_declared",
    "slam_made",
    "doubled_declared",
    "doubled_made",
    "defended",
    "defeated",
)
"""The ``seat_figures`` columns that hold one seat's figures, in the order of
:func:`figures_row` and :func:`figures_from_row`."""


def figures_row(figures: PlayerStats) -> tuple[int, ...]:
    """One seat's figures as the ``seat_figures`` row keeps them (:data:`FIGURE_COLUMNS`)."""
    counts = (figures.suit, figures.no_trump, figures.nullo, figures.slam, figures.doubled)
    return (
        figures.rubbers_played,
        figures.rubbers_won,
        figures.rubbers_unfinished,
        figures.net_points,
        figures.finished_net_points,
        figures.hands_played,
        figures.meld_points,
        *(number for count in counts for number in (count.declared, count.made)),
        figures.defended,
        figures.defeated,
    )


def figures_from_row(row: Sequence[int], name: str = "", sittings: int = 1) -> PlayerStats:
    """The figures of a stored row (:data:`FIGURE_COLUMNS`): one seat's in one sitting, or
    a sum of them, the figures of ``name`` over ``sittings`` sittings."""
    from jojotte_score.core.stats import ContractCount, PlayerStats

    if len(row) != len(FIGURE_COLUMNS) or not all(type(number) is int for number in row):
        raise ValueError(f"the stored figures are not {len(FIGURE_COLUMNS)} numbers: {row!r}")
    (played, won, unfinished, net, finished_net, hands, melds, *counts, defended, defeated) = row
    suit, no_trump, nullo, slam, doubled = (
        ContractCount(counts[index], counts[index + 1]) for index in range(0, 10, 2)
    )
    return PlayerStats(
        name=name,
        sittings=sittings,
        rubbers_played=played,
        rubbers_won=won,
        rubbers_unfinished=unfinished,
        net_points=net,
        finished_net_points=finished_net,
        hands_played=hands,
        meld_points=melds,
        suit=suit,
        no_trump=no_trump,
        nullo=nullo,
        slam=slam,
        doubled=doubled,
        defended=defended,
        defeated=defeated,
    )
