"""The season report: each player's statistics over a period, the plots and the circle's
records, as PDF pages.

:func:`season_report` gathers what the report shows from dated sittings;
:func:`layout_season_report` lays it out on pages (no Qt): a header, a table with a row per
player, then the plots, each across the page with its summary in words under it, a new page
whenever the next one does not fit; then, from a new page, the records (head to head,
partnerships, roles, ratings: :mod:`jojotte_score.render.records_tables`) and the ratings'
course over time.
:func:`~jojotte_score.render.season_pdf.write_season_report` draws the pages into a PDF
with the painters of the pad and of the plots, black on white.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time

from jojotte_score.core.games import replay
from jojotte_score.core.model import Sitting
from jojotte_score.core.records.facts import SittingFacts, sitting_facts
from jojotte_score.core.records.pairs import HeadToHead, head_to_heads
from jojotte_score.core.records.partners import Partnership, partnerships
from jojotte_score.core.records.ratings import Ratings, rate
from jojotte_score.core.records.roles import RoleRecord, role_records
from jojotte_score.core.series import (
    SittingResult,
    contract_shares,
    results_over_time,
)
from jojotte_score.core.stats import PlayerStats, player_stats
from jojotte_score.i18n import N_, _, format_date, format_decimal, isolated, ngettext, pgettext
from jojotte_score.i18n import format_signed as signed
from jojotte_score.render.chart_layout import (
    Chart,
    ChartLayout,
    ChartMetrics,
    layout_chart,
    results_chart,
    shares_chart,
)
from jojotte_score.render.page_layout import (
    Page,
    PageMetrics,
    fit_text,
    number_pages,
    wrap_text,
)
from jojotte_score.render.records_tables import (
    RATINGS_LEGEND,
    RecordsTable,
    pairs_table,
    partners_table,
    rating_chart,
    ratings_table,
    roles_table,
)
from jojotte_score.render.sheet_items import TEXT_HEIGHT, LineItem, SheetItem, TextItem

REPORT_TITLE = N_("Jo-Jotte season report")
"""The report's title when none is given (in English: translate with ``_()`` where shown)."""

MIN_HEADING_SIZE = 7.0
"""The smallest font size the table's headings shrink to, in points."""

CHART_HEIGHT = 250.0
"""Each plot's height on the page, in points; it is as wide as the printable area."""


@dataclass(frozen=True, slots=True)
class SeasonReport:
    """What a season report shows: its title, the period in words, each player's figures
    and the plots."""

    title: str
    period: str
    stats: tuple[PlayerStats, ...]
    charts: tuple[Chart, ...]
    sittings: int = 0
    records: tuple[RecordsTable, ...] = ()
    """The circle's records (head to head, partnerships, roles, ratings), on pages of
    their own after the plots."""
    rating_chart: Chart | None = None
    """The ratings' course over time, after the records; None when no rubber was rated."""


@dataclass(frozen=True, slots=True)
class SeasonRecords:
    """The circle's records a season report shows. The app's report reads them from the
    store as the Records tab does (the stored head to head, sides and roles, and the
    ratings' stored course: ``report_of`` in ``gui/history/history_tabs.py``); a report of
    sittings given alone counts them from those sittings (:func:`counted_records`)."""

    pairs: tuple[HeadToHead, ...]
    partners: tuple[Partnership, ...]
    roles: tuple[RoleRecord, ...]
    ratings: Ratings
    facts: tuple[SittingFacts, ...]
    """The sittings rated, for the days of the ratings' course."""


def counted_records(facts: Sequence[SittingFacts]) -> SeasonRecords:
    """The records of ``facts``, counted from them."""
    return SeasonRecords(
        head_to_heads(facts), partnerships(facts), role_records(facts), rate(facts), tuple(facts)
    )


def season_report(
    dated: Sequence[tuple[date, Sitting]],
    title: str = "",
    period: str = "",
    records: SeasonRecords | None = None,
) -> SeasonReport:
    """The report over ``dated`` sittings (each with the day it was played), in the order
    of their days: the statistics, each player's net result per sitting and added up, and
    the contracts made by kind; and the circle's records, ``records`` (those of the same
    sittings, read from the store) or, when None, counted from ``dated``. ``title``
    defaults to :data:`REPORT_TITLE` and ``period`` to the first and last day, in the
    language spoken."""
    ordered = sorted(dated, key=lambda pair: pair[0])
    results = []
    facts = []
    for number, (day, sitting) in enumerate(ordered, start=1):
        ledger = replay(sitting)
        results.append(SittingResult.of_ledger(day, sitting, ledger))
        if records is None:
            noon = datetime.combine(day, time(12)).astimezone()  # the day, wherever it is read
            facts.append(sitting_facts(sitting, number, noon, ledger))
    if records is None:
        records = counted_records(facts)
    stats = tuple(player_stats(sitting for _day, sitting in ordered))
    over_time = results_over_time(results)
    if not period and ordered:
        first, last = format_date(ordered[0][0]), format_date(ordered[-1][0])
        period = first if first == last else _("{first} to {last}").format(first=first, last=last)
    charts = (
        results_chart(over_time),
        results_chart(over_time, cumulative=True),
        shares_chart(contract_shares(stats)),
    )
    ratings = records.ratings
    return SeasonReport(
        title or _(REPORT_TITLE),
        period,
        stats,
        charts,
        len(ordered),
        (
            pairs_table(records.pairs),
            partners_table(records.partners),
            roles_table(records.roles),
            ratings_table(ratings),
        ),
        rating_chart(ratings, records.facts) if ratings.course else None,
    )


# The table of statistics ------------------------------------------------------------------


def _average(value: float | None) -> str:
    return "–" if value is None else signed(round(value))


def _per_hand(value: float | None) -> str:
    return "–" if value is None else format_decimal(value, 1)


def _of(part: int, whole: int) -> str:
    # Translators: a count out of a total in the season report's table: "3 of 5".
    return _("{part} of {whole}").format(part=part, whole=whole)


STATS_COLUMNS: tuple[tuple[str, float, Callable[[PlayerStats], str]], ...] = (
    ("Player", 0.18, lambda s: isolated(s.name)),
    ("Sittings", 0.11, lambda s: str(s.sittings)),
    ("Rubbers won", 0.11, lambda s: _of(s.rubbers_won, s.rubbers_played)),
    ("Net points", 0.11, lambda s: signed(s.net_points)),
    ("Per rubber", 0.10, lambda s: _average(s.average_rubber)),
    ("Contracts made", 0.13, lambda s: _of(s.contracts.made, s.contracts.declared)),
    ("Defeated", 0.12, lambda s: _of(s.defeated, s.defended)),
    ("Melds per hand", 0.12, lambda s: _per_hand(s.melds_per_hand)),
)
"""The table's columns: heading (in English: :func:`stats_headings` gives them in the
language spoken), share of the width, and the cell of a player's figures."""


def stats_headings() -> list[str]:
    """The table's headings in the language spoken, in the order of :data:`STATS_COLUMNS`."""
    headings = {
        "Player": pgettext("season report", "Player"),
        "Sittings": pgettext("season report", "Sittings"),
        "Rubbers won": pgettext("season report", "Rubbers won"),
        "Net points": pgettext("season report", "Net points"),
        "Per rubber": pgettext("season report", "Per rubber"),
        "Contracts made": pgettext("season report", "Contracts made"),
        "Defeated": pgettext("season report", "Defeated"),
        "Melds per hand": pgettext("season report", "Melds per hand"),
    }
    return [headings[heading] for heading, _share, _cell in STATS_COLUMNS]


def stats_rows(stats: Sequence[PlayerStats]) -> list[list[str]]:
    """The table's cells, a row per player, in the order of :data:`STATS_COLUMNS`."""
    return [[cell(player) for _heading, _share, cell in STATS_COLUMNS] for player in stats]


# Pages ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlacedChart:
    """A plot laid out on a page, its top left at (x, y), in points."""

    layout: ChartLayout
    metrics: ChartMetrics
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class ReportPage:
    """One page of the report: the page's own items (header, table, summaries, footer) and
    its plots."""

    page: Page
    charts: tuple[PlacedChart, ...] = ()


class _Pages:
    """Pages being filled from the top down."""

    def __init__(self, m: PageMetrics) -> None:
        self.m = m
        self.done: list[tuple[list[SheetItem], list[PlacedChart]]] = []
        self.items: list[SheetItem] = []
        self.charts: list[PlacedChart] = []
        self.y = m.printable[1]

    def room(self, height: float) -> None:
        """Start a new page unless ``height`` fits under ``y``."""
        if self.y + height > self.m.content_bottom and (self.items or self.charts):
            self.done.append((self.items, self.charts))
            self.items, self.charts = [], []
            self.y = self.m.printable[1]

    def pages(self) -> list[tuple[list[SheetItem], list[PlacedChart]]]:
        return [*self.done, (self.items, self.charts)]


def layout_season_report(
    report: SeasonReport, m: PageMetrics, chart_height: float = CHART_HEIGHT
) -> tuple[ReportPage, ...]:
    """The report's pages: header and table first, then each plot with its summary under
    it; numbered, with the title in the footer."""
    m.check()
    left, top, right, _bottom = m.printable
    width = right - left
    pages = _Pages(m)
    items = pages.items
    title = fit_text(report.title.strip() or _(REPORT_TITLE), m.title_size, width, m.text_width)
    items.append(
        TextItem(left, top + m.title_size * TEXT_HEIGHT / 2, title, m.title_size, "heading")
    )
    pages.y = top + m.title_size * TEXT_HEIGHT + 4
    count = ngettext("{count} sitting", "{count} sittings", report.sittings).format(
        count=report.sittings
    )
    if report.period:
        # Translators: the season report's period and how many sittings it holds.
        line = _("{period} · {sittings}").format(period=report.period, sittings=count)
    else:
        line = count
    items.append(
        TextItem(left, pages.y + m.text_size * TEXT_HEIGHT / 2, line, m.text_size, "result")
    )
    pages.y += m.text_size * TEXT_HEIGHT + 6
    items.append(LineItem(left, pages.y, right, pages.y, 0.8, "column"))
    pages.y += m.gap
    _table(pages, report.stats, m)
    chart_metrics = ChartMetrics(m.text_width, width=width, height=chart_height)
    for chart in report.charts:
        _chart(pages, chart, chart_metrics, m)
    if report.records:
        pages.room(m.content_bottom)  # the records start a page of their own
        _records(pages, report, chart_metrics, m)
    laid = pages.pages()
    numbered = number_pages(
        [Page(m.width, m.height, tuple(page_items), kind="report") for page_items, _charts in laid],
        report.title.strip() or _(REPORT_TITLE),
        m,
    )
    return tuple(
        ReportPage(page, tuple(charts))
        for page, (_items, charts) in zip(numbered, laid, strict=True)
    )


def _chart(pages: _Pages, chart: Chart, chart_metrics: ChartMetrics, m: PageMetrics) -> None:
    """A plot across the page with its summary under it; on a new page unless both fit."""
    left, _top, right, _bottom = m.printable
    width = right - left
    summary = wrap_text(chart.summary, m.caption_size, width, m.text_width)
    height = chart_metrics.height + 4 + len(summary) * m.caption_size * TEXT_HEIGHT + m.gap
    pages.room(height)
    placed = PlacedChart(layout_chart(chart, chart_metrics), chart_metrics, left, pages.y)
    pages.charts.append(placed)
    y = pages.y + chart_metrics.height + 4
    for text in summary:
        pages.items.append(
            TextItem(left, y + m.caption_size * TEXT_HEIGHT / 2, text, m.caption_size, "label")
        )
        y += m.caption_size * TEXT_HEIGHT
    pages.y = y + m.gap


def _records(
    pages: _Pages, report: SeasonReport, chart_metrics: ChartMetrics, m: PageMetrics
) -> None:
    """The records: each table under its title, the ratings' meaning under theirs, then
    the ratings' course over time."""
    left, _top, right, _bottom = m.printable
    width = right - left
    for table in report.records:
        pages.room(m.title_size * TEXT_HEIGHT + 4 * m.text_size * TEXT_HEIGHT)
        title = fit_text(table.title, m.title_size, width, m.text_width)
        pages.items.append(
            TextItem(left, pages.y + m.title_size * TEXT_HEIGHT / 2, title, m.title_size, "heading")
        )
        pages.y += m.title_size * TEXT_HEIGHT + 4
        rows = [row.cells for row in table.rows]
        _grid(pages, table.headings, rows, table.shares, table.numbers, m, table.cut, True)
        if table.kind == "ratings":
            for text in wrap_text(_(RATINGS_LEGEND), m.caption_size, width, m.text_width):
                pages.room(m.caption_size * TEXT_HEIGHT)
                middle = pages.y + m.caption_size * TEXT_HEIGHT / 2
                pages.items.append(TextItem(left, middle, text, m.caption_size, "label"))
                pages.y += m.caption_size * TEXT_HEIGHT
            pages.y += m.gap
    if report.rating_chart is not None:
        _chart(pages, report.rating_chart, chart_metrics, m)


def _column_widths(
    titles: Sequence[str],
    rows: Sequence[Sequence[str]],
    size: float,
    width: float,
    m: PageMetrics,
    shares: Sequence[float] | None = None,
    cut: frozenset[int] = frozenset(),
    heading_size: float | None = None,
) -> list[float]:
    """Each column's width: its share of ``width`` (the statistics' shares when not
    given), or more when its widest cell or the longest word of its heading needs more at
    ``size`` (German words are longer than English ones), taken from the columns with room
    to spare; a column in ``cut`` needs only its heading's words (its cells may be cut
    short); the headings' words are measured at ``heading_size`` when given (the size they
    may shrink to), else at ``size``. When the needs add up to more than ``width``, the
    shares as they are (the headings then shrink, the cells are cut)."""
    if shares is None:
        shares = [share for _heading, share, _cell in STATS_COLUMNS]
    widths = [share * width for share in shares]
    words_size = size if heading_size is None else heading_size
    needs = [
        max(
            (
                *(m.text_width(word, words_size) for word in title.split()),
                *(() if i in cut else (m.text_width(r[i], size) for r in rows)),
            ),
            default=0.0,
        )
        + 6
        for i, title in enumerate(titles)
    ]
    short = sum(max(need - share, 0.0) for need, share in zip(needs, widths, strict=True))
    spare = sum(max(share - need, 0.0) for need, share in zip(needs, widths, strict=True))
    if short == 0 or short > spare:
        return widths
    return [
        need if need >= share else share - (share - need) * short / spare
        for need, share in zip(needs, widths, strict=True)
    ]


def _table(pages: _Pages, stats: Sequence[PlayerStats], m: PageMetrics) -> None:
    """The statistics, a row per player; the headings again on each new page."""
    _grid(
        pages,
        stats_headings(),
        stats_rows(stats),
        [share for _heading, share, _cell in STATS_COLUMNS],
        frozenset(range(1, len(STATS_COLUMNS))),
        m,
    )


def _grid(
    pages: _Pages,
    titles: Sequence[str],
    rows: Sequence[Sequence[str]],
    shares: Sequence[float],
    right_aligned: frozenset[int],
    m: PageMetrics,
    cut: frozenset[int] = frozenset(),
    shrink_headings: bool = False,
) -> None:
    """A table: ``titles`` over ``rows`` of cells, each column its share of the width (or
    what its words need), the columns in ``right_aligned`` aligned right; the headings
    again on each new page. With ``shrink_headings``, the columns are made as wide as the
    headings' words need at :data:`MIN_HEADING_SIZE`, to which they then shrink."""
    left, _top, right, _bottom = m.printable
    size = m.text_size
    row = size * TEXT_HEIGHT + 3
    least = MIN_HEADING_SIZE if shrink_headings else None
    widths = _column_widths(titles, rows, size, right - left, m, shares, cut, least)
    columns = _GridColumns(
        tuple(left + sum(widths[:i]) for i in range(len(widths))), tuple(widths), right_aligned
    )
    heading_size = _heading_size(titles, widths, size, m)
    pages.room(3 * row + 2)
    _grid_headings(pages, titles, columns, heading_size, row, m)
    if not rows:
        _grid_row(pages, [_("No sittings in this period.")], columns, row, m)
    for texts in rows:
        before = len(pages.done)
        pages.room(row)
        if len(pages.done) != before:
            _grid_headings(pages, titles, columns, heading_size, row, m)
        _grid_row(pages, texts, columns, row, m)
    pages.y += m.gap


@dataclass(frozen=True, slots=True)
class _GridColumns:
    """Where a table's columns stand: each one's left edge and width, in points, and which
    are aligned right."""

    lefts: tuple[float, ...]
    widths: tuple[float, ...]
    right_aligned: frozenset[int]

    def text(self, index: int, middle: float, text: str, size: float, role: str) -> TextItem:
        """``text`` in column ``index``, its middle at ``middle``, aligned as the column is
        (six points short of its right edge when aligned right)."""
        if index not in self.right_aligned:
            return TextItem(self.lefts[index], middle, text, size, role)
        x = self.lefts[index] + self.widths[index] - 6
        return TextItem(x, middle, text, size, role, align="right")


def _heading_size(
    titles: Sequence[str], widths: Sequence[float], size: float, m: PageMetrics
) -> float:
    """The headings' size: the text's, or smaller until each word fits its column (a long
    word, as German has, is never broken inside), down to :data:`MIN_HEADING_SIZE`."""
    heading_size = size
    while heading_size > MIN_HEADING_SIZE and any(
        m.text_width(word, heading_size) > widths[index] - 6
        for index, title in enumerate(titles)
        for word in title.split()
    ):
        heading_size -= 0.5
    return heading_size


def _grid_headings(
    pages: _Pages,
    titles: Sequence[str],
    columns: _GridColumns,
    size: float,
    row: float,
    m: PageMetrics,
) -> None:
    """The headings at ``size``, each wrapped onto as many lines as its column needs, at
    the bottom of the heading row, and a rule under them."""
    lines = [
        wrap_text(heading, size, columns.widths[index] - 6, m.text_width)
        for index, heading in enumerate(titles)
    ]
    depth = max(len(wrapped) for wrapped in lines)
    for index, wrapped in enumerate(lines):
        for number, text in enumerate(wrapped):
            middle = pages.y + (depth - len(wrapped) + number) * size * TEXT_HEIGHT + row / 2
            pages.items.append(columns.text(index, middle, text, size, "heading"))
    pages.y += (depth - 1) * size * TEXT_HEIGHT + row
    left, _top, right, _bottom = m.printable
    pages.items.append(LineItem(left, pages.y, right, pages.y, 0.5, "game"))
    pages.y += 2


def _grid_row(
    pages: _Pages, texts: Sequence[str], columns: _GridColumns, row: float, m: PageMetrics
) -> None:
    """A row of cells at the text's size, each cut short to its column's width."""
    size = m.text_size
    middle = pages.y + row / 2
    for index, text in enumerate(texts):
        fitted = fit_text(text, size, columns.widths[index] - 6, m.text_width)
        pages.items.append(columns.text(index, middle, fitted, size, "result"))
    pages.y += row
