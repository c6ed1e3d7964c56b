"""Where everything goes on a plot: title, legend, axes with ticks, lines, bars. No Qt.

A :class:`Chart` says what to draw: line series over numbered x values (hands, or
sittings labelled by their dates) with vertical marks (where rubbers ended), or bars of
percentages by category (contracts made, by kind), and the plot's summary in words for
screen readers. :func:`course_chart`, :func:`results_chart` and :func:`shares_chart` make
one from the series of :mod:`jojotte_score.core.series`. :func:`layout_chart` lays it out
in a box of the size :class:`ChartMetrics` gives, in points with the origin at the top
left; the painter (:mod:`jojotte_score.render.chart_painter`) draws the result on a
widget, an image or a PDF page.

Series are told apart by colour, line style and marker shape together (:func:`series_style`),
so that a reader who cannot tell the colours apart, or has the page in black and white,
still can. The colours are the Okabe-Ito set, a lighter pick of it on a dark background.

Text, axes and grid lines are the sheet's :class:`~jojotte_score.render.sheet_items.TextItem`
and :class:`~jojotte_score.render.sheet_items.LineItem` (roles "heading", "result" and
"label"; "column" for an axis, "game" for a grid line or a mark), drawn by the sheet painter.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from itertools import pairwise
from typing import NamedTuple, TypeVar

from jojotte_score.core.series import (
    ContractShares,
    ResultsOverTime,
    Series,
    SittingCourse,
    course_summary,
    kind_name,
    results_summary,
    shares_summary,
    standings_summary,
)
from jojotte_score.i18n import MINUS, _, format_date, pgettext
from jojotte_score.render.contrast import relative_luminance
from jojotte_score.render.sheet_items import TEXT_HEIGHT, LineItem, SheetLayout, TextItem, TextWidth
from jojotte_score.render.text_fit import fit_text

# How series look -----------------------------------------------------------------------------

LIGHT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#000000")
"""Okabe-Ito colours that stand out on a light background (blue, vermillion, bluish green,
reddish purple, black): each has a contrast of at least 3 to 1 with white."""

DARK_COLOURS = ("#56B4E9", "#E69F00", "#009E73", "#CC79A7", "#F0E442")
"""The same family on a dark background (sky blue, orange, bluish green, reddish purple,
yellow): each has a contrast of at least 3 to 1 with a background as dark as #303030."""

DASHES = ("solid", "dash", "dot", "dash-dot")
"""The line styles, one per series in turn."""

MARKERS = ("circle", "square", "triangle", "diamond", "cross")
"""The marker shapes, one per series in turn."""


class SeriesStyle(NamedTuple):
    """How series ``index`` is drawn: its colour on light and on dark backgrounds (as
    "#rrggbb"), its line style (one of :data:`DASHES`) and marker (one of :data:`MARKERS`)."""

    light: str
    dark: str
    dash: str
    marker: str


def series_style(index: int) -> SeriesStyle:
    """The style of the ``index``-th series (from 0). The first 20 series differ in colour
    and line style together, the first 25 in colour and marker together (the sixth player
    has the first one's colour with the next marker); colour, line style and marker each
    differ between neighbours."""
    colour = index % len(LIGHT_COLOURS)
    return SeriesStyle(
        LIGHT_COLOURS[colour],
        DARK_COLOURS[colour],
        DASHES[index % len(DASHES)],
        MARKERS[(index + index // len(LIGHT_COLOURS)) % len(MARKERS)],
    )


def is_dark(background: str) -> bool:
    """True when text on ``background`` ("#rrggbb") is light: the dark colours apply."""
    return relative_luminance(background) < 0.18


# What to draw ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Chart:
    """A plot to lay out.

    ``kind`` is "line" or "bar". A line chart has a value of each series for each of
    ``x_values`` (None for a gap); ``x_labels``, when given, names each x value (a date)
    instead of its number. ``marks`` are vertical lines at x values, with a short label
    ("R1" for the end of rubber 1). A bar chart has a bar per series in each category of
    ``x_labels``, its value a percentage (None for no bar) and ``notes[s][c]`` written
    above it ("3/4"). ``summary`` says in words what the plot shows.
    """

    title: str
    kind: str
    series: tuple[Series, ...]
    summary: str
    x_values: tuple[int, ...] = ()
    x_labels: tuple[str, ...] = ()
    x_title: str = ""
    y_title: str = ""
    marks: tuple[tuple[int, str], ...] = ()
    notes: tuple[tuple[str, ...], ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """The series' names, as the legend lists them."""
        return tuple(series.name for series in self.series)


def course_chart(course: SittingCourse, title: str = "") -> Chart:
    """The running result of one sitting, hand by hand, with the rubbers' ends marked."""
    if course.sides is not None:
        default = _("Running difference, {first} {minus} {second}").format(
            first=course.sides[0], minus=MINUS, second=course.sides[1]
        )
        y_title = _("points ahead")
    else:
        default = _("Running settlement")
        y_title = _("settlement so far")
    return Chart(
        title=title or default,
        kind="line",
        series=course.series,
        summary=course_summary(course),
        x_values=course.hands,
        x_title=pgettext("chart axis", "hand"),
        y_title=y_title,
        marks=tuple(
            # Translators: the mark where rubber {number} ended on a plot: "R1".
            (hand, _("R{number}").format(number=index))
            for index, hand in enumerate(course.rubber_ends, 1)
        ),
    )


def sitting_days(days: Sequence[date]) -> tuple[str, ...]:
    """Each sitting's day as the x axis names it; two sittings of one day are numbered in
    their order ("2026-11-25 (1)", "2026-11-25 (2)")."""
    counts = Counter(days)
    seen: Counter[date] = Counter()
    labels = []
    for day in days:
        seen[day] += 1
        if counts[day] == 1:
            labels.append(format_date(day))
        else:
            # Translators: a sitting on the plots' x axis when one day had several sittings:
            # the day and the sitting's number that day ("2026-11-25 (2)").
            labels.append(_("{date} ({number})").format(date=format_date(day), number=seen[day]))
    return tuple(labels)


def results_chart(results: ResultsOverTime, title: str = "", cumulative: bool = False) -> Chart:
    """Each player's net result per sitting over time (added up when ``cumulative``)."""
    shown = results.cumulative() if cumulative else results
    if cumulative:
        default = _("Net result, added up sitting by sitting")
    else:
        default = _("Net result per sitting")
    return Chart(
        title=title or default,
        kind="line",
        series=shown.series,
        summary=standings_summary(results) if cumulative else results_summary(results),
        x_values=tuple(range(1, len(results.dates) + 1)),
        x_labels=sitting_days(results.dates),
        x_title=pgettext("chart axis", "sitting"),
        y_title=pgettext("chart axis", "points"),
    )


def shares_chart(shares: ContractShares, title: str = "") -> Chart:
    """The contracts each player made as a share of those declared, by kind."""
    series = tuple(
        Series(name, tuple(shares.percent(p, k) for k in range(len(shares.kinds))))
        for p, name in enumerate(shares.players)
    )
    notes = tuple(
        tuple(
            # Translators: contracts made of those declared, over a bar: "3/4".
            _("{made}/{declared}").format(made=made, declared=declared) if declared else ""
            for made, declared in shares.counts[p]
        )
        for p in range(len(shares.players))
    )
    return Chart(
        title=title or _("Contracts made, by kind"),
        kind="bar",
        series=series,
        summary=shares_summary(shares),
        x_labels=tuple(kind_name(kind) for kind in shares.kinds),
        y_title=_("% made of declared"),
        notes=notes,
    )


# Ticks -----------------------------------------------------------------------------------------


def nice_step(span: float, most: int) -> float:
    """The smallest step of 1, 2 or 5 times a power of ten that divides ``span`` into at
    most ``most`` intervals."""
    if span <= 0:
        return 1.0
    rough = span / max(most, 1)
    power = 10.0 ** math.floor(math.log10(rough))
    for factor in (1.0, 2.0, 5.0, 10.0):
        if factor * power >= rough * (1 - 1e-9):
            return factor * power
    return 10.0 * power  # pragma: no cover - the loop always returns


def nice_ticks(low: float, high: float, most: int = 6, integer: bool = True) -> tuple[float, ...]:
    """Ticks at a 1-2-5 step covering ``low`` to ``high``: the first at or below ``low``,
    the last at or above ``high``; at most ``most`` intervals. Whole steps when
    ``integer``."""
    if high < low:
        low, high = high, low
    if high == low:
        high = low + 1
    step = nice_step(high - low, most)
    if integer:
        step = max(step, 1.0)
    first = math.floor(low / step + 1e-9) * step
    last = math.ceil(high / step - 1e-9) * step
    count = round((last - first) / step)
    return tuple(first + i * step for i in range(count + 1))


def tick_text(value: float) -> str:
    """A tick's label: a whole number with a true minus sign before a negative one."""
    number = round(value)
    return f"{MINUS}{-number}" if number < 0 else str(number)


# Items --------------------------------------------------------------------------------------------


class PolylineItem(NamedTuple):
    """Part of series ``series``'s line through ``points`` (a gap ends a part); ``walked``
    is how far along the part, in points, its first point lies when only its end is
    painted again (:func:`within`), so that its dashes fall where they fell."""

    points: tuple[tuple[float, float], ...]
    series: int
    walked: float = 0.0


class MarkerItem(NamedTuple):
    """The marker of series ``series`` at one of its points."""

    x: float
    y: float
    series: int


class BarItem(NamedTuple):
    """A bar of series ``series``."""

    left: float
    top: float
    right: float
    bottom: float
    series: int


class SwatchItem(NamedTuple):
    """A legend's sample of series ``series``: a short line with its marker from ``x`` to
    ``x + width`` at ``y``, or a small bar of that width when ``bar``."""

    x: float
    y: float
    width: float
    series: int
    bar: bool


ItemT = TypeVar("ItemT")

_ValueY = Callable[[float], float]

ChartItem = TextItem | LineItem | PolylineItem | MarkerItem | BarItem | SwatchItem
"""Anything drawn on a chart."""


class ChartMetrics(NamedTuple):
    """The chart's size, font sizes and spacing, in points, and a text measure."""

    text_width: TextWidth
    width: float = 480.0
    height: float = 300.0
    title_size: float = 11.0
    text_size: float = 9.0
    tick_size: float = 8.5
    padding: float = 8.0
    tick_length: float = 3.0
    swatch_width: float = 24.0
    line_weight: float = 1.6
    marker_size: float = 3.2
    most_ticks: int = 6


class ChartLayout(NamedTuple):
    """A laid-out chart: its size, every item, the plotting area (left, top, right,
    bottom), what each series is called and the summary in words."""

    width: float
    height: float
    items: tuple[ChartItem, ...]
    plot: tuple[float, float, float, float]
    names: tuple[str, ...]
    summary: str

    def texts(self, role: str | None = None) -> tuple[TextItem, ...]:
        """The text items, or only those of ``role``."""
        return tuple(
            item
            for item in self.items
            if isinstance(item, TextItem) and (role is None or item.role == role)
        )

    def of_type(self, kind: type[ItemT]) -> tuple[ItemT, ...]:
        """The items of one type."""
        return tuple(item for item in self.items if isinstance(item, kind))

    def as_sheet(self) -> SheetLayout:
        """The text and plain lines as a layout the sheet painter draws."""
        plain = tuple(item for item in self.items if isinstance(item, TextItem | LineItem))
        return SheetLayout(self.width, self.height, plain)


# Laying a chart out ----------------------------------------------------------------------------


def layout_chart(chart: Chart, m: ChartMetrics) -> ChartLayout:
    """Lay ``chart`` out in an ``m.width`` by ``m.height`` box: the title at the top, the
    legend under it (as many rows as the names need), the y axis's title, then the plot
    with its ticks; every item inside the box."""
    items: list[ChartItem] = []
    left, right = m.padding, m.width - m.padding
    y = m.padding
    title = fit_text(chart.title, m.title_size, right - left, m.text_width)
    items.append(TextItem(left, y + m.title_size * TEXT_HEIGHT / 2, title, m.title_size, "heading"))
    y += m.title_size * TEXT_HEIGHT + 4
    y = _legend(items, chart, left, right, y, m)
    if chart.y_title:
        y_title = fit_text(chart.y_title, m.tick_size, right - left, m.text_width)
        items.append(
            TextItem(left, y + m.tick_size * TEXT_HEIGHT / 2, y_title, m.tick_size, "label")
        )
        y += m.tick_size * TEXT_HEIGHT + 2
    top = y + m.tick_size * TEXT_HEIGHT / 2  # room for the top tick's label
    if chart.kind == "bar":
        top += m.tick_size * TEXT_HEIGHT + 1  # room for a note over a full bar
    bottom = m.height - m.padding - m.tick_size * TEXT_HEIGHT - m.tick_length - 2
    if chart.x_title:
        bottom -= m.tick_size * TEXT_HEIGHT
    ticks = _value_ticks(chart, m)
    if chart.kind == "bar":
        # Translators: a percentage on a plot's axis: "40%".
        labels = [_("{percent}%").format(percent=tick_text(t)) for t in ticks]
    else:
        labels = [tick_text(t) for t in ticks]
    plot_left = left + max(m.text_width(text, m.tick_size) for text in labels) + m.tick_length + 3
    if bottom - top < 20 or right - plot_left < 40:
        return ChartLayout(
            m.width,
            m.height,
            tuple(items),
            (plot_left, top, right, top),
            chart.names,
            chart.summary,
        )
    plot = (plot_left, top, right, bottom)
    value_y = _value_y(plot, ticks)
    _axes(items, plot, ticks, labels, value_y, m)
    if chart.kind == "bar":
        _bars(items, chart, plot, value_y, m)
    else:
        _lines(items, chart, plot, value_y, m)
    if chart.x_title:
        x_y = m.height - m.padding - m.tick_size * TEXT_HEIGHT / 2
        items.append(
            TextItem(
                (plot_left + right) / 2, x_y, chart.x_title, m.tick_size, "label", align="center"
            )
        )
    return ChartLayout(m.width, m.height, tuple(items), plot, chart.names, chart.summary)


def _axes(
    items: list[ChartItem],
    plot: tuple[float, float, float, float],
    ticks: Sequence[float],
    labels: Sequence[str],
    value_y: _ValueY,
    m: ChartMetrics,
) -> None:
    """The value axis's ticks, each labelled and drawn across the plot (the zero line
    heavier), and the two axes."""
    left, top, right, bottom = plot
    for tick, text in zip(ticks, labels, strict=True):
        ty = value_y(tick)
        role = "column" if tick == 0 else "game"
        items.append(LineItem(left - m.tick_length, ty, right, ty, 0.8 if tick == 0 else 0.4, role))
        items.append(
            TextItem(left - m.tick_length - 2, ty, text, m.tick_size, "label", align="right")
        )
    items.append(LineItem(left, top, left, bottom, 0.8, "column"))
    items.append(LineItem(left, bottom, right, bottom, 0.8, "column"))


def _value_y(plot: tuple[float, float, float, float], ticks: Sequence[float]) -> _ValueY:
    """Where a value stands on the plot's height, its lowest and highest tick at the
    plot's bottom and top."""
    _left, top, _right, bottom = plot
    low, high = ticks[0], ticks[-1]

    def value_y(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    return value_y


def moved_series(
    before: Chart, laid_out: ChartLayout, after: Chart, m: ChartMetrics
) -> ChartLayout | None:
    """``layout_chart(after, m)``, made from ``laid_out``, ``layout_chart(before, m)``, when
    the two line charts differ only in their summary and in some series' values and their
    value axis stays as it was (a rubber finished in the newest sitting of a ratings plot
    moves its last points; a sitting begun, over more sittings than the plot has points,
    moves its newest point while the step between the points shown stays): only those
    series' markers and lines are laid out again, the other items (title, legend, axes,
    ticks and their labels) kept as they are (the same objects). None when they differ in
    more. At 1,500 sittings the ratings plot (ten series of 100 points) is laid out whole
    in 1.2-1.6 ms (load 5)."""
    if before.kind != "line" or after.kind != "line" or len(before.series) != len(after.series):
        return None
    if replace(after, series=before.series, summary=before.summary) != before:
        return None
    changed = []
    for index, (old, new) in enumerate(zip(before.series, after.series, strict=True)):
        if old == new:
            continue
        if old.name != new.name or len(old.values) != len(new.values):
            return None
        changed.append(index)
    plot = laid_out.plot
    ticks = _value_ticks(after, m)
    if plot[1] == plot[3] or ticks != _value_ticks(before, m):
        return None  # no room for a plot, or the value axis moved: laid out whole
    spans: dict[int, tuple[int, int]] = {}
    wanted = set(changed)
    for place, item in enumerate(laid_out.items):
        if isinstance(item, MarkerItem | PolylineItem) and item.series in wanted:
            spans[item.series] = (spans.get(item.series, (place, 0))[0], place + 1)
    if len(spans) != len(changed):
        return None  # a series that had no point: where its items go is not kept
    xs = after.x_values or (0,)
    low, high = _x_range(after)
    value_y = _value_y(plot, ticks)
    items: list[ChartItem] = []
    kept = 0
    for index in changed:
        start, end = spans[index]
        items.extend(laid_out.items[kept:start])
        _series_items(items, index, after.series[index], xs, plot, low, high, value_y, m)
        kept = end
    items.extend(laid_out.items[kept:])
    return laid_out._replace(items=tuple(items), summary=after.summary)


def _legend(
    items: list[ChartItem], chart: Chart, left: float, right: float, y: float, m: ChartMetrics
) -> float:
    """The legend's entries in rows from ``y``; the y below them."""
    row_height = m.text_size * TEXT_HEIGHT + 2
    gap = 4.0
    x = left
    bar = chart.kind == "bar"
    room = right - left - m.swatch_width - gap
    for index, series in enumerate(chart.series):
        name = fit_text(series.name, m.text_size, room, m.text_width)
        width = m.swatch_width + gap + m.text_width(name, m.text_size)
        if x > left and x + width > right:
            x, y = left, y + row_height
        middle = y + row_height / 2
        items.append(SwatchItem(x, middle, m.swatch_width, index, bar))
        items.append(TextItem(x + m.swatch_width + gap, middle, name, m.text_size, "result"))
        x += width + 12
    return y + row_height + 4 if chart.series else y


def _value_ticks(chart: Chart, m: ChartMetrics) -> tuple[float, ...]:
    """The y ticks: 0 to 100 for percentages, else covering every value and 0."""
    if chart.kind == "bar":
        return (0.0, 20.0, 40.0, 60.0, 80.0, 100.0)
    values = [v for series in chart.series for v in series.values if v is not None]
    return nice_ticks(min([0, *values]), max([0, *values]), m.most_ticks)


def _x_position(
    plot: tuple[float, float, float, float], low: float, high: float, value: float
) -> float:
    left, _top, right, _bottom = plot
    return left + (value - low) / (high - low) * (right - left)


def _lines(
    items: list[ChartItem],
    chart: Chart,
    plot: tuple[float, float, float, float],
    value_y: _ValueY,
    m: ChartMetrics,
) -> None:
    """The x ticks, the marks (a thin line, its label left of it at the top) and each
    series's line and markers."""
    _left, top, _right, bottom = plot
    xs = chart.x_values or (0,)
    low, high = _x_range(chart)
    label_y = bottom + m.tick_length + 2 + m.tick_size * TEXT_HEIGHT / 2
    for x, centre, text in _x_labels(chart, plot, low, high, m):
        items.append(LineItem(x, bottom, x, bottom + m.tick_length, 0.8, "column"))
        items.append(TextItem(centre, label_y, text, m.tick_size, "label", align="center"))
    for value, text in chart.marks:
        x = _x_position(plot, low, high, value)
        items.append(LineItem(x, top, x, bottom, 0.6, "game"))
        items.append(
            TextItem(
                x - 2,
                top + m.tick_size * TEXT_HEIGHT / 2,
                text,
                m.tick_size,
                "label",
                align="right",
            )
        )
    for index, series in enumerate(chart.series):
        _series_items(items, index, series, xs, plot, low, high, value_y, m)


def _x_range(chart: Chart) -> tuple[float, float]:
    """The x values at the left and right ends of a line chart's plot."""
    xs = chart.x_values or (0,)
    if chart.x_labels:
        return xs[0] - 0.5, xs[-1] + 0.5
    # A little room after the last point, so that it and a mark there clear the edge.
    low, high = float(xs[0]), float(max(xs[-1], xs[0] + 1))
    return low, high + (high - low) * 0.03


def _series_items(
    items: list[ChartItem],
    index: int,
    series: Series,
    xs: Sequence[int],
    plot: tuple[float, float, float, float],
    low: float,
    high: float,
    value_y: _ValueY,
    m: ChartMetrics,
) -> None:
    """Series ``index``'s markers and line, part by part (a gap ends a part)."""
    part: list[tuple[float, float]] = []
    for value, point in zip(xs, series.values, strict=True):
        if point is None:
            _add_part(items, part, index, m.marker_size)
            part = []
            continue
        part.append((_x_position(plot, low, high, value), value_y(point)))
    _add_part(items, part, index, m.marker_size)


X_LABEL_GAP = 6.0
"""The room, in points, that the x axis leaves between two labels (half of it next to one
moved in from an edge)."""


def _x_labels(
    chart: Chart, plot: tuple[float, float, float, float], low: float, high: float, m: ChartMetrics
) -> list[tuple[float, float, str]]:
    """The x ticks' positions, where their labels are centred and the labels. A label that
    would be cut at an edge of the chart is moved inside (:func:`_kept_inside`); when it
    then comes too close to its neighbour, the neighbour gives way, so that the first and
    the last label show (the last one unless it would crowd the first)."""
    left, _top, right, _bottom = plot
    placed: list[tuple[float, float, str, float]] = []
    for value, text in _x_ticks(chart, low, high, right - left, m):
        x = _x_position(plot, low, high, value)
        text = fit_text(text, m.tick_size, m.width - 2 * X_LABEL_EDGE, m.text_width)
        width = m.text_width(text, m.tick_size)
        centre = _kept_inside(x, width, m)
        if placed and centre < x:  # moved in from the right edge
            while len(placed) > 1 and _crowded(placed[-1], centre, width):
                placed.pop()
        if placed and _crowded(placed[-1], centre, width):
            continue
        placed.append((x, centre, text, width))
    return [(x, centre, text) for x, centre, text, _width in placed]


def _crowded(before: tuple[float, float, str, float], centre: float, width: float) -> bool:
    """True when a label ``width`` wide centred at ``centre`` comes closer than half of
    :data:`X_LABEL_GAP` to the label ``before`` it (its tick, centre, text and width): a
    label moved in from an edge may stand a little closer than the others."""
    _x, before_centre, _text, before_width = before
    gap = (centre - width / 2) - (before_centre + before_width / 2)
    return gap < X_LABEL_GAP / 2


X_LABEL_EDGE = 2.0
"""The room, in points, between the chart's edge and an x axis label moved inside."""


def _kept_inside(x: float, width: float, m: ChartMetrics) -> float:
    """Where a label ``width`` wide is centred to stand under ``x``: at ``x``, or, when it
    would pass an edge of the chart and be cut there, :data:`X_LABEL_EDGE` inside it. The
    first sitting's day on a plot of many sittings can be wider than the room left of its
    point ("026-12-02 (1)" was all that showed)."""
    if x - width / 2 < 0:
        return X_LABEL_EDGE + width / 2
    if x + width / 2 > m.width:
        return m.width - X_LABEL_EDGE - width / 2
    return x


def _add_part(
    items: list[ChartItem], part: list[tuple[float, float]], series: int, marker_size: float
) -> None:
    """A part of series ``series``'s line: its markers, then the line over them."""
    items.extend(MarkerItem(x, y, series) for x, y in _marked(part, marker_size))
    if len(part) > 1:
        items.append(PolylineItem(tuple(part), series))


def _marked(points: Sequence[tuple[float, float]], marker_size: float) -> list[tuple[float, float]]:
    """The points of a part of a line that get a marker: the first, each a marker's width
    or more from the last marked, and the last. Markers closer than that cannot be told
    apart, and a ratings plot over 1,500 sittings (100 points of ten players in a 420-pixel
    plot) spent 35-45 ms a paint on its 1,000 markers; the line goes through every point,
    and the chart's reading names every value."""
    width = 2 * marker_size
    marked: list[tuple[float, float]] = []
    for x, y in points:
        if not marked or math.hypot(x - marked[-1][0], y - marked[-1][1]) >= width:
            marked.append((x, y))
    if points and marked[-1] != points[-1]:
        marked.append(points[-1])
    return marked


def _x_ticks(
    chart: Chart, low: float, high: float, width: float, m: ChartMetrics
) -> list[tuple[float, str]]:
    """The x ticks and their labels: every n-th named x value so that labels do not touch,
    else whole numbers at a 1-2-5 step."""
    if chart.x_labels:
        widest = max(m.text_width(text, m.tick_size) for text in chart.x_labels) + X_LABEL_GAP
        each = width / len(chart.x_labels)
        every = max(1, math.ceil(widest / each))
        return [
            (float(value), text)
            for index, (value, text) in enumerate(zip(chart.x_values, chart.x_labels, strict=True))
            if index % every == 0
        ]
    widest = m.text_width(tick_text(high), m.tick_size) + 8
    most = max(1, min(m.most_ticks * 2, int(width // widest)))
    ticks = nice_ticks(low, high, most)
    return [(t, tick_text(t)) for t in ticks if low <= t <= high]


def _bars(
    items: list[ChartItem],
    chart: Chart,
    plot: tuple[float, float, float, float],
    value_y: _ValueY,
    m: ChartMetrics,
) -> None:
    """A group of bars per category, one bar per series, with its note above it."""
    left, _top, right, bottom = plot
    categories = len(chart.x_labels)
    if not categories:
        return
    group = (right - left) / categories
    bars = max(len(chart.series), 1)
    bar = group * 0.8 / bars
    label_y = bottom + m.tick_length + 2 + m.tick_size * TEXT_HEIGHT / 2
    for c, text in enumerate(chart.x_labels):
        start = left + c * group + group * 0.1
        middle = left + (c + 0.5) * group
        items.append(
            TextItem(
                middle,
                label_y,
                fit_text(text, m.tick_size, group - 2, m.text_width),
                m.tick_size,
                "label",
                align="center",
            )
        )
        for s, series in enumerate(chart.series):
            value = series.values[c]
            x = start + s * bar
            if value is None:
                continue
            top = min(value_y(value), bottom - 1.5)  # a stub for 0%: declared, none made
            items.append(BarItem(x + 0.5, top, x + bar - 0.5, bottom, s))
            note = chart.notes[s][c] if s < len(chart.notes) else ""
            if note and m.text_width(note, m.tick_size) <= bar + 2:
                items.append(
                    TextItem(
                        x + bar / 2,
                        top - m.tick_size * TEXT_HEIGHT / 2 - 1,
                        note,
                        m.tick_size,
                        "label",
                        align="center",
                    )
                )


# What a change redraws ---------------------------------------------------------------------------

Area = tuple[float, float, float, float]
"""A part of a chart: left, top, right, bottom, in points."""


def _reach(m: ChartMetrics) -> float:
    """How far, in points, a line's or marker's paint may reach from its points: a marker's
    shape (at most 1.2 marker sizes from its centre) with its ring, or half a line's weight
    with its round join, and a point more for the edge's antialiasing."""
    return 1.5 * m.marker_size + m.line_weight + 1.0


def _bounds(points: Sequence[tuple[float, float]], reach: float) -> Area:
    xs = [x for x, _y in points]
    ys = [y for _x, y in points]
    return (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)


def _united(areas: Sequence[Area]) -> Area | None:
    if not areas:
        return None
    return (
        min(area[0] for area in areas),
        min(area[1] for area in areas),
        max(area[2] for area in areas),
        max(area[3] for area in areas),
    )


def changed_area(before: ChartLayout, after: ChartLayout, m: ChartMetrics) -> Area | None:
    """The part of the chart outside which ``after`` paints what ``before`` painted (with
    ``m``'s line weight and marker size): where their lines and markers differ, when
    nothing else does (the newest point of a ratings plot moved). None when they differ
    in more (a text, a tick, a line of the axes or of the legend, a line's parts), so that
    the whole chart is painted again; ``(0, 0, 0, 0)`` when they paint the same.

    A line that differs from a point on is changed from the segment before that point:
    its dashes before are where they were, as its points are."""
    if (before.width, before.height, before.plot) != (after.width, after.height, after.plot):
        return None
    plain = (PolylineItem, MarkerItem)
    others_before = [item for item in before.items if not isinstance(item, plain)]
    others_after = [item for item in after.items if not isinstance(item, plain)]
    if others_before != others_after:
        return None
    lines_before = [item for item in before.items if isinstance(item, PolylineItem)]
    lines_after = [item for item in after.items if isinstance(item, PolylineItem)]
    if [line.series for line in lines_before] != [line.series for line in lines_after]:
        return None
    reach = _reach(m)
    areas = _lines_changed(lines_before, lines_after, reach)
    markers_before = Counter(item for item in before.items if isinstance(item, MarkerItem))
    markers_after = Counter(item for item in after.items if isinstance(item, MarkerItem))
    for marker in (markers_before - markers_after) + (markers_after - markers_before):
        areas.append(_bounds([(marker.x, marker.y)], reach))
    return _united(areas) or (0.0, 0.0, 0.0, 0.0)


def _lines_changed(
    lines_before: list[PolylineItem], lines_after: list[PolylineItem], reach: float
) -> list[Area]:
    """Where each line of ``lines_after`` paints otherwise than the same series's line of
    ``lines_before``: from the segment before the first point that differs, old and new."""
    areas: list[Area] = []
    for old, new in zip(lines_before, lines_after, strict=True):
        if old.points == new.points:
            continue
        same = 0
        for old_point, new_point in zip(old.points, new.points, strict=False):
            if old_point != new_point:
                break
            same += 1
        start = max(same - 1, 0)
        areas.append(_bounds(old.points[start:], reach))
        areas.append(_bounds(new.points[start:], reach))
    return areas


def within(layout: ChartLayout, area: Area, m: ChartMetrics) -> ChartLayout:
    """``layout`` with only the lines and markers whose paint may reach into ``area`` (its
    text and the lines of its axes and legend all kept), each line from its first segment
    that may: what painting that part again needs. Called after each change to a plot of
    a thousand points, so the bounds are worked out inline."""
    reach = _reach(m)
    left, top, right, bottom = area
    low_x, low_y, high_x, high_y = left - reach, top - reach, right + reach, bottom + reach
    items: list[ChartItem] = []
    for item in layout.items:
        if isinstance(item, MarkerItem):
            if low_x <= item.x <= high_x and low_y <= item.y <= high_y:
                items.append(item)
        elif isinstance(item, PolylineItem):
            points = item.points
            walked = item.walked
            for index, ((x0, y0), (x1, y1)) in enumerate(pairwise(points)):
                if (
                    min(x0, x1) <= high_x
                    and max(x0, x1) >= low_x
                    and min(y0, y1) <= high_y
                    and max(y0, y1) >= low_y
                ):
                    items.append(PolylineItem(points[index:], item.series, walked))
                    break
                walked += math.hypot(x1 - x0, y1 - y0)
        else:
            items.append(item)
    return layout._replace(items=tuple(items))
