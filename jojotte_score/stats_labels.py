"""How a player's statistics are written: the headings, the cells and the legend that
``jojotte-score stats`` prints and the Statistics tab shows, decided here once.

Plain values in, strings out; no Qt, no storage. The tables hold the English texts; the
functions give them in the language spoken now.
"""

from __future__ import annotations

from jojotte_score.core.stats import ContractKind, PlayerStats
from jojotte_score.i18n import N_, _, format_decimal, format_signed, format_signed_decimal
from jojotte_score.labels import NONE

KIND_HEADINGS = {
    ContractKind.SUIT: N_("Suit"),
    ContractKind.NO_TRUMP: N_("No-trump"),
    ContractKind.NULLO: N_("Nullo"),
    ContractKind.SLAM: N_("Slam"),
    ContractKind.DOUBLED: N_("Doubled"),
}
STATS_HEADINGS: tuple[str, ...] = (
    N_("Player"),
    N_("Sittings"),
    N_("Rubbers"),
    N_("Won"),
    N_("Net"),
    N_("Avg/rubber"),
    N_("Hands"),
    N_("Melds/hand"),
    N_("Contracts"),
    *(KIND_HEADINGS[kind] for kind in ContractKind),
    N_("Defended"),
)
"""One heading per cell of :func:`stats_cells`, in English: show them with
:func:`stats_headings`."""

STATS_LEGEND = N_(
    "Rubbers: finished rubbers; Avg/rubber: their net points per rubber. "
    "Contracts: made/declared. Defended: defeated/defended."
)
"""The line under the table that says how to read it, in English: show it with
:func:`stats_legend`."""


def stats_headings() -> tuple[str, ...]:
    """:data:`STATS_HEADINGS` in the language spoken now."""
    return tuple(_(heading) for heading in STATS_HEADINGS)


def stats_legend() -> str:
    """:data:`STATS_LEGEND` in the language spoken now."""
    return _(STATS_LEGEND)


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
        format_signed(player.net_points),
        NONE if average is None else format_signed_decimal(average),
        str(player.hands_played),
        NONE if melds is None else format_decimal(melds),
        str(player.contracts),
        *(str(player.by_kind(kind)) for kind in ContractKind),
        f"{player.defeated}/{player.defended}",
    )
