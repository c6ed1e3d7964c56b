"""What the Statistics tab shows, without Qt: the periods a player can choose, turned into
dates; one row per player with the cells of ``jojotte-score stats`` and a sort key per
cell; the line that says how many sittings the figures cover.

The cells themselves come from :mod:`jojotte_score.stats_labels`, so the tab and the
command line always print a figure the same way.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from jojotte_score.core.stats import ContractCount, ContractKind, PlayerStats
from jojotte_score.i18n import N_, _, format_date, isolated, ngettext
from jojotte_score.stats_labels import STATS_HEADINGS, stats_cells
from jojotte_score.storage.statistics import Period, PeriodStats

SortKey = tuple[str | float, ...] | None
"""How a cell sorts; None for a cell with no figure ("–"), which sorts after every other."""


class PeriodChoice(enum.Enum):
    """The periods the tab offers."""

    ALL_TIME = "all-time"
    THIS_YEAR = "this-year"
    LAST_12_MONTHS = "last-12-months"
    CUSTOM = "custom"

    @property
    def label(self) -> str:
        """The choice as the period chooser lists it, in the current language."""
        return _(_CHOICE_LABELS[self])


_CHOICE_LABELS = {
    PeriodChoice.ALL_TIME: N_("All time"),
    PeriodChoice.THIS_YEAR: N_("This year"),
    PeriodChoice.LAST_12_MONTHS: N_("Last 12 months"),
    PeriodChoice.CUSTOM: N_("From … to …"),
}


def period_of(
    choice: PeriodChoice, today: date, first: date | None = None, last: date | None = None
) -> Period:
    """The dates a choice covers on ``today``, ends included: this year from the 1st of
    January; the last 12 months from the day after the same date a year ago (the 1st of
    March after a 29th of February); a custom period from ``first`` to ``last``, in either
    order, an end not given left open."""
    if choice is PeriodChoice.THIS_YEAR:
        return Period(date(today.year, 1, 1), today)
    if choice is PeriodChoice.LAST_12_MONTHS:
        return Period(_a_year_before(today) + timedelta(days=1), today)
    if choice is PeriodChoice.CUSTOM:
        if first is not None and last is not None and first > last:
            first, last = last, first
        return Period(first, last)
    return Period()


def _a_year_before(day: date) -> date:
    """The same date a year earlier; the 28th of February for a 29th."""
    if day.month == 2 and day.day == 29:
        return date(day.year - 1, 2, 28)
    return day.replace(year=day.year - 1)


class StatisticsColumn(enum.IntEnum):
    """The columns of the table, in the order of ``jojotte-score stats``."""

    PLAYER = 0
    SITTINGS = 1
    RUBBERS = 2
    WON = 3
    NET = 4
    AVERAGE = 5
    HANDS = 6
    MELDS = 7
    CONTRACTS = 8
    SUIT = 9
    NO_TRUMP = 10
    NULLO = 11
    SLAM = 12
    DOUBLED = 13
    DEFENDED = 14

    @property
    def heading(self) -> str:
        """The heading ``jojotte-score stats`` prints above the column, in the current
        language."""
        return _(STATS_HEADINGS[self])

    @property
    def tip(self) -> str:
        """What the column counts, in a sentence (the heading's tooltip)."""
        return _(_TIPS[self])


_TIPS = {
    StatisticsColumn.PLAYER: N_("The player, by the name written in the sittings."),
    StatisticsColumn.SITTINGS: N_("The sittings the player sat in."),
    StatisticsColumn.RUBBERS: N_("The finished rubbers the player played."),
    StatisticsColumn.WON: N_("The finished rubbers the player (or his side) won."),
    StatisticsColumn.NET: N_("Net points over every rubber, finished or not."),
    StatisticsColumn.AVERAGE: N_("Net points of the finished rubbers per finished rubber."),
    StatisticsColumn.HANDS: N_("The hands played in which the player held cards."),
    StatisticsColumn.MELDS: N_("Meld points per hand played."),
    StatisticsColumn.CONTRACTS: N_("Contracts of every kind: made/declared."),
    StatisticsColumn.SUIT: N_("Suit contracts (not slams): made/declared."),
    StatisticsColumn.NO_TRUMP: N_("No-trump contracts (not slams): made/declared."),
    StatisticsColumn.NULLO: N_("Nullo contracts: made/declared."),
    StatisticsColumn.SLAM: N_("Slam contracts, whatever the trump: made/declared."),
    StatisticsColumn.DOUBLED: N_("Doubled or redoubled contracts of any kind: made/declared."),
    StatisticsColumn.DEFENDED: N_("Contracts played against: defeated/defended."),
}


def two_lines(heading: str) -> str:
    """``heading`` broken onto two lines where the longer line is shortest: at a space, or
    after a slash or a hyphen ("Ohne\nTrumpf", "Avg/\nrubber"); a word stays whole. The
    columns then need the width of half a heading, not of all of it."""
    cuts = [(i, i + 1) for i, c in enumerate(heading) if c == " "]
    cuts += [(i + 1, i + 1) for i, c in enumerate(heading[:-1]) if c in "/-" and i > 0]
    if not cuts:
        return heading
    end, start = min(cuts, key=lambda cut: max(cut[0], len(heading) - cut[1]))
    return f"{heading[:end]}\n{heading[start:]}"


def shrink_widths(widths: Sequence[int], least: Sequence[int], room: int) -> list[int]:
    """``widths`` made to add up to ``room`` at most, each giving up width in proportion to
    what it has above its ``least`` and never going below it; as they are when that cannot
    make them fit (the table then scrolls sideways and shows every cell whole)."""
    excess = sum(widths) - room
    spare = sum(width - low for width, low in zip(widths, least, strict=True))
    if excess <= 0 or spare < excess:
        return list(widths)
    return [
        width - min(-(-(width - low) * excess // spare), width - low)  # rounded up
        for width, low in zip(widths, least, strict=True)
    ]


@dataclass(frozen=True, slots=True)
class StatisticsRow:
    """One player's line: the cells as ``jojotte-score stats`` prints them and how each
    sorts."""

    player: PlayerStats
    cells: tuple[str, ...]
    keys: tuple[SortKey, ...]

    @classmethod
    def of(cls, player: PlayerStats) -> StatisticsRow:
        """The row of one player's figures, the name isolated (``i18n.isolated``) as the
        row's header a screen reader reads before each figure."""
        name, *figures = stats_cells(player)
        return cls(player, (isolated(name), *figures), _sort_keys(player))


def _counted(count: ContractCount) -> SortKey:
    """More made first; of as many made, fewer declared (fewer failed) first."""
    return (count.made, -count.declared)


def _sort_keys(player: PlayerStats) -> tuple[SortKey, ...]:
    """A key per column: the name without case, the figures by value, "made/declared" by
    :func:`_counted`, "defeated/defended" by defeated then fewer defended."""
    average, melds = player.average_rubber, player.melds_per_hand
    return (
        (player.name.casefold(), player.name),
        (player.sittings,),
        (player.rubbers_played,),
        (player.rubbers_won,),
        (player.net_points,),
        None if average is None else (average,),
        (player.hands_played,),
        None if melds is None else (melds,),
        _counted(player.contracts),
        *(_counted(player.by_kind(kind)) for kind in ContractKind),
        (player.defeated, -player.defended),
    )


def statistics_rows(players: Iterable[PlayerStats]) -> list[StatisticsRow]:
    """One row per player, in the order given (by name from the storage)."""
    return [StatisticsRow.of(player) for player in players]


def sorted_rows(
    rows: Sequence[StatisticsRow], column: int, descending: bool = False
) -> list[StatisticsRow]:
    """The rows ordered by one column, players alike in it by name; a row with no figure
    there ("–") comes last whichever way the column is sorted."""
    by_name = sorted(rows, key=lambda row: row.keys[StatisticsColumn.PLAYER] or ())
    present = [row for row in by_name if row.keys[column] is not None]
    absent = [row for row in by_name if row.keys[column] is None]
    present.sort(key=lambda row: row.keys[column] or (), reverse=descending)
    return present + absent


def period_summary(figures: PeriodStats) -> str:
    """How many sittings the figures cover, and when they were stored: "4 sittings stored
    from 2026-01-01 to 2026-11-23."."""
    first, last = figures.period.first, figures.period.last
    count = figures.sittings
    if first is None and last is None:
        if count == 0:
            return _("No sittings stored yet.")
        return ngettext("{count} sitting in all.", "{count} sittings in all.", count).format(
            count=count
        )
    if count == 0:
        message = _(_NONE_STORED[first is not None, last is not None])
    elif first is not None and last is not None:
        message = ngettext(
            "{count} sitting stored from {first} to {last}.",
            "{count} sittings stored from {first} to {last}.",
            count,
        )
    elif first is not None:
        message = ngettext(
            "{count} sitting stored since {first}.", "{count} sittings stored since {first}.", count
        )
    else:
        message = ngettext(
            "{count} sitting stored until {last}.", "{count} sittings stored until {last}.", count
        )
    return message.format(count=count, first=_day(first), last=_day(last))


def _day(day: date | None) -> str:
    return "" if day is None else format_date(day)


# One whole sentence per case (start given, end given).
_NONE_STORED = {
    (True, True): N_("No sitting was stored from {first} to {last}."),
    (True, False): N_("No sitting was stored since {first}."),
    (False, True): N_("No sitting was stored until {last}."),
}
