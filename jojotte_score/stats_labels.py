"""How a player's statistics are written: the headings, the cells and the legend that
``jojotte-score stats`` prints and the Statistics tab shows, decided here once.

Plain values in, strings out; no Qt, no storage.
"""

from __future__ import annotations

from jojotte_score.core.stats import ContractKind, PlayerStats
from jojotte_score.labels import NONE

KIND_HEADINGS = {
    ContractKind.SUIT: "Suit",
    ContractKind.NO_TRUMP: "No-trump",
    ContractKind.NULLO: "Nullo",
    ContractKind.SLAM: "Slam",
    ContractKind.DOUBLED: "Doubled",
}
STATS_HEADINGS: tuple[str, ...] = (
    "Player",
    "Sittings",
    "Rubbers",
    "Won",
    "Net",
    "Avg/rubber",
    "Hands",
    "Melds/hand",
    "Contracts",
    *(KIND_HEADINGS[kind] for kind in ContractKind),
    "Defended",
)
"""One heading per cell of :func:`stats_cells`."""

STATS_LEGEND = (
    "Rubbers: finished rubbers; Avg/rubber: their net points per rubber. "
    "Contracts: made/declared. Defended: defeated/defended."
)
"""The line under the table that says how to read it."""


def stats_cells(player: PlayerStats) -> tuple[str, ...]:
    """One player's figures under :data:`STATS_HEADINGS`: the net signed ("+100", "0"),
    the averages to one decimal or "–" when there is none, contracts as made/declared and
    the defended ones as defeated/defended."""
    average, melds = player.average_rubber, player.melds_per_hand
    return (
        player.name,
        str(player.sittings),
        str(player.rubbers_played),
        str(player.rubbers_won),
        f"{player.net_points:+d}" if player.net_points else "0",
        NONE if average is None else f"{average:+.1f}",
        str(player.hands_played),
        NONE if melds is None else f"{melds:.1f}",
        str(player.contracts),
        *(str(player.by_kind(kind)) for kind in ContractKind),
        f"{player.defeated}/{player.defended}",
    )
