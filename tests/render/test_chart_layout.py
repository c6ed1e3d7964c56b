"""The plots' layout: ticks a reader can count, every series in the legend, nothing outside
the chart's box, points where the figures put them. No Qt."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.games import new_sitting, replay
from jojotte_score.core.model import Variant
from jojotte_score.core.series import (
    ContractShares,
    ResultsOverTime,
    Series,
    contract_shares,
    sitting_course,
)
from jojotte_score.core.stats import ContractKind, player_stats
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.i18n import use_language
from jojotte_score.render.chart_layout import (
    DARK_COLOURS,
    DASHES,
    LIGHT_COLOURS,
    BarItem,
    Chart,
    ChartLayout,
    ChartMetrics,
    MarkerItem,
    PolylineItem,
    SwatchItem,
    course_chart,
    is_dark,
    layout_chart,
    moved_series,
    nice_ticks,
    results_chart,
    series_style,
    shares_chart,
    sitting_days,
    tick_text,
)
from jojotte_score.render.contrast import contrast
from jojotte_score.render.sheet_items import LineItem, TextItem
from tests.sitting_kinds import load_two_sided

DATA = Path(__file__).resolve().parent.parent / "data"


def fake_width(text: str, size: float) -> float:
    """Every character is 0.6 of the font size wide."""
    return len(text) * size * 0.6


METRICS = ChartMetrics(text_width=fake_width)


def german_chart() -> Chart:
    return course_chart(sitting_course(replay(load_two_sided(DATA / "german-example.json"))))


def chouette_chart() -> Chart:
    sitting = load_sitting(DATA / "chouette-example.json").sitting
    return course_chart(sitting_course(replay(sitting)))


def shares() -> ContractShares:
    return contract_shares(player_stats([load_two_sided(DATA / "german-example.json")]))


RESULTS = ResultsOverTime(
    (date(2026, 11, 1), date(2026, 11, 8), date(2026, 11, 15)),
    (
        Series("Anna", (655, 100, 1135)),
        Series("Bert", (-1655, -100, 1150)),
        Series("Carl", (1000, None, -2285)),
    ),
)

CHARTS: dict[str, Callable[[], Chart]] = {
    "german": german_chart,
    "chouette": chouette_chart,
    "results": lambda: results_chart(RESULTS),
    "shares": lambda: shares_chart(shares()),
}


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [
        (-460, 100, (-500, -400, -300, -200, -100, 0, 100)),
        (-2285, 1460, (-3000, -2000, -1000, 0, 1000, 2000)),
        (0, 6, (0, 1, 2, 3, 4, 5, 6)),
        (0, 10, (0, 2, 4, 6, 8, 10)),
        (-1655, 1000, (-2000, -1500, -1000, -500, 0, 500, 1000)),
        (0, 0, (0, 1)),
        (0, 3, (0, 1, 2, 3)),
    ],
)
def test_nice_ticks_step_by_one_two_or_five(low: int, high: int, ticks: tuple[int, ...]) -> None:
    assert nice_ticks(low, high) == ticks


@pytest.mark.parametrize(("value", "text"), [(-500.0, "\u2212500"), (0.0, "0"), (1000.0, "1000")])
def test_tick_text(value: float, text: str) -> None:
    assert tick_text(value) == text


def test_colours_read_on_light_and_dark_backgrounds() -> None:
    assert all(contrast(colour, "#ffffff") >= 3 for colour in LIGHT_COLOURS)
    assert all(contrast(colour, "#303030") >= 3 for colour in DARK_COLOURS)
    assert is_dark("#1e1e1e")
    assert not is_dark("#ffffff")


def test_first_twenty_series_differ_in_colour_and_line_style() -> None:
    styles = [series_style(i) for i in range(20)]
    assert len({(s.light, s.dash) for s in styles}) == 20
    assert len({(s.dark, s.dash) for s in styles}) == 20
    for before, after in itertools.pairwise(styles):
        assert before.light != after.light
        assert before.dash != after.dash
        assert before.marker != after.marker
    assert [s.dash for s in styles[:4]] == list(DASHES)


def tick_labels(layout: ChartLayout, axis: str) -> list[str]:
    """The y axis's tick labels (right-aligned, left of the plot) or the x axis's (centred,
    on the first line under the plot)."""
    left, _, _, bottom = layout.plot
    if axis == "y":
        return [t.text for t in layout.texts("label") if t.align == "right" and t.x < left]
    under = [t for t in layout.texts("label") if t.align == "center" and t.y > bottom]
    first = min(t.y for t in under)
    return [t.text for t in under if t.y == first]


def test_german_axes_ticks_and_points() -> None:
    layout = layout_chart(german_chart(), METRICS)
    assert tick_labels(layout, "y") == [
        "\u2212500",
        "\u2212400",
        "\u2212300",
        "\u2212200",
        "\u2212100",
        "0",
        "100",
    ]
    assert tick_labels(layout, "x") == ["0", "1", "2", "3", "4", "5", "6"]
    # The points go down with the difference: -460 after hands 4 and 5 is the lowest.
    markers = layout.of_type(MarkerItem)
    assert len(markers) == 7
    ys = [m.y for m in markers]
    assert ys[4] == ys[5] == max(ys)
    assert ys[6] == min(ys)  # +100 after hand 6
    _, top, _, bottom = layout.plot
    assert ys[6] == pytest.approx(top)  # 100 is the top tick
    assert ys[4] == pytest.approx(bottom - (500 - 460) / 600 * (bottom - top))
    # Rubber 1 ended after hand 6: one mark, labelled, at hand 6's x.
    marks = [t for t in layout.texts("label") if t.text == "R1"]
    assert len(marks) == 1
    lines = [i for i in layout.of_type(LineItem) if i.x1 == i.x2 == markers[6].x]
    assert lines


@pytest.mark.parametrize("name", sorted(CHARTS))
def test_every_series_is_in_the_legend(name: str) -> None:
    chart = CHARTS[name]()
    layout = layout_chart(chart, METRICS)
    swatches = layout.of_type(SwatchItem)
    assert [s.series for s in swatches] == list(range(len(chart.series)))
    names = [
        next(t.text for t in layout.texts("result") if t.y == swatch.y and t.x > swatch.x)
        for swatch in swatches
    ]
    assert names == list(chart.names)


def boxes(layout: ChartLayout) -> list[tuple[str, tuple[float, float, float, float]]]:
    found: list[tuple[str, tuple[float, float, float, float]]] = []
    for item in layout.items:
        if isinstance(item, TextItem):
            found.append((item.text, item.box(fake_width)))
        elif isinstance(item, LineItem):
            found.append(("line", (item.x1, item.y1, item.x2, item.y2)))
        elif isinstance(item, PolylineItem):
            xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
            found.append(("polyline", (min(xs), min(ys), max(xs), max(ys))))
        elif isinstance(item, MarkerItem):
            found.append(("marker", (item.x, item.y, item.x, item.y)))
        elif isinstance(item, BarItem):
            found.append(("bar", (item.left, item.top, item.right, item.bottom)))
        else:
            found.append(("swatch", (item.x, item.y, item.x + item.width, item.y)))
    return found


@pytest.mark.parametrize("size", [(480.0, 300.0), (300.0, 200.0), (720.0, 420.0)])
@pytest.mark.parametrize("name", sorted(CHARTS))
def test_nothing_outside_the_chart_box(name: str, size: tuple[float, float]) -> None:
    width, height = size
    layout = layout_chart(CHARTS[name](), METRICS._replace(width=width, height=height))
    for what, (left, top, right, bottom) in boxes(layout):
        assert 0 <= left <= right <= width, what
        assert 0 <= top <= bottom <= height, what


@pytest.mark.parametrize("name", sorted(CHARTS))
def test_lines_markers_and_bars_stay_in_the_plot(name: str) -> None:
    layout = layout_chart(CHARTS[name](), METRICS)
    left, top, right, bottom = layout.plot
    for what, (x1, y1, x2, y2) in boxes(layout):
        if what in {"polyline", "marker", "bar"}:
            assert left <= x1 <= x2 <= right + 0.01, what
            assert top - 0.01 <= y1 <= y2 <= bottom + 0.01, what


def test_a_missed_sitting_breaks_the_line() -> None:
    layout = layout_chart(results_chart(RESULTS), METRICS)
    carl = [p for p in layout.of_type(PolylineItem) if p.series == 2]
    assert carl == []  # 1000, gap, -2285: no two neighbouring points
    assert len([m for m in layout.of_type(MarkerItem) if m.series == 2]) == 2
    assert tick_labels(layout, "x") == ["2026-11-01", "2026-11-08", "2026-11-15"]


def test_shares_bars_and_notes() -> None:
    chart = shares_chart(shares())
    layout = layout_chart(chart, METRICS)
    assert tick_labels(layout, "y") == ["0%", "20%", "40%", "60%", "80%", "100%"]
    assert tick_labels(layout, "x") == ["suit", "no-trump", "Nullo", "Slam", "doubled"]
    # A: suit 1/3, Nullo 0/1, doubled 0/1; B: suit 1/2. No bar where none was declared.
    bars = [(b.series, b) for b in layout.of_type(BarItem)]
    assert [s for s, _ in bars] == [0, 1, 0, 0]
    _, top, _, bottom = layout.plot
    heights = [b.bottom - b.top for _, b in bars]
    assert heights[0] == pytest.approx(0.33 * (bottom - top))
    assert heights[1] == pytest.approx(0.50 * (bottom - top))
    assert heights[2] == heights[3] == pytest.approx(1.5)  # made none of those declared
    assert {t.text for t in layout.texts("label")} >= {"1/3", "1/2", "0/1"}
    assert chart.summary.startswith("Contracts made of those declared, by kind. A made 1 of 3")


def test_course_chart_titles_and_summary() -> None:
    chart = german_chart()
    assert chart.title == "Running difference, A \u2212 B"
    assert chart.marks == ((6, "R1"),)
    assert chouette_chart().marks == ((3, "R1"), (6, "R2"), (10, "R3"))
    assert chart.summary.startswith("A ahead by 100 after hand 6")


def test_results_chart_cumulative() -> None:
    chart = results_chart(RESULTS, cumulative=True)
    assert chart.summary.startswith("Added up over 3 sittings, to 2026-11-15: Anna +1890")
    assert [s.values for s in chart.series] == [
        (655, 755, 1890),
        (-1655, -1755, -605),
        (1000, None, -1285),
    ]
    assert ContractKind.SUIT in shares().kinds


def test_charts_with_nothing_yet_stay_in_their_box() -> None:
    empty = course_chart(
        sitting_course(replay(new_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"), ())))
    )
    assert empty.summary == "No hands yet."
    charts = [
        empty,
        results_chart(ResultsOverTime((), ())),
        shares_chart(ContractShares((), (ContractKind.SUIT,), ())),
    ]
    for chart in charts:
        layout = layout_chart(chart, METRICS)
        assert tick_labels(layout, "y")[0] == ("0%" if chart.kind == "bar" else "0")
        for what, (left, top, right, bottom) in boxes(layout):
            assert 0 <= left <= right <= METRICS.width, what
            assert 0 <= top <= bottom <= METRICS.height, what


def test_up_to_twenty_five_series_differ_in_colour_and_marker() -> None:
    """Item 12 of issue 24: beyond five players the sixth is not drawn as the first (same
    colour, same marker): Anna and Fritz, Bert and Gabi differ in marker."""
    styles = [series_style(i) for i in range(25)]
    assert len({(s.light, s.marker) for s in styles}) == 25
    assert len({(s.dark, s.marker) for s in styles}) == 25
    assert (styles[0].light, styles[0].marker) == ("#0072B2", "circle")
    assert (styles[5].light, styles[5].marker) == ("#0072B2", "square")
    for before, after in itertools.pairwise(styles):
        assert before.marker != after.marker


def test_two_sittings_of_one_day_are_told_apart_on_the_axis() -> None:
    """Item 12 of issue 24: the x axis numbers the sittings of one day."""
    days = (date(2026, 11, 24), date(2026, 11, 25), date(2026, 11, 25), date(2026, 11, 26))
    assert sitting_days(days) == (
        "2026-11-24",
        "2026-11-25 (1)",
        "2026-11-25 (2)",
        "2026-11-26",
    )


def dense_chart(points: int) -> Chart:
    """Two players' ratings after each of ``points`` sittings, rising by 0 to 4 a sitting."""
    values = [tuple(2 * i + (i * (3 + s)) % 3 for i in range(points)) for s in range(2)]
    return Chart(
        "Ratings over time",
        "line",
        (Series("Anna", (None, *values[0][1:])), Series("Bert", values[1])),
        "",
        x_values=tuple(range(1, points + 1)),
    )


@pytest.mark.parametrize("points", [20, 100, 400])
def test_markers_closer_than_their_width_are_left_to_the_line(points: int) -> None:
    layout = layout_chart(dense_chart(points), METRICS)
    width = 2 * METRICS.marker_size
    for series in (0, 1):
        line = [p for p in layout.of_type(PolylineItem) if p.series == series]
        assert len(line) == 1
        placed = line[0].points
        assert len(placed) == points - (1 if series == 0 else 0)  # the line: every point
        marked = [(m.x, m.y) for m in layout.of_type(MarkerItem) if m.series == series]
        # The first and the last point marked, every other marker a marker's width or
        # more from the one before it, and no point left unmarked that is that far.
        assert marked[0] == placed[0]
        assert marked[-1] == placed[-1]
        assert set(marked) <= set(placed)
        for before, after in itertools.pairwise(marked[:-1]):
            assert math.dist(before, after) >= width
        for before, after in itertools.pairwise(marked):
            between = placed[placed.index(before) + 1 : placed.index(after)]
            assert all(math.dist(before, point) < width for point in between)
        if points == 20:  # an ordinary chart: every point marked, as before
            assert marked == list(placed)
        else:
            assert len(marked) < len(placed)


def ratings_over(sittings: int, per_day: int) -> Chart:
    """Two players' small ratings (0 to 9: the y axis's labels are narrow, so the plot
    starts near the edge) over ``sittings`` sittings, ``per_day`` of them a day from
    2 December 2026."""
    days = tuple(date(2026, 12, 2) + timedelta(days=i // per_day) for i in range(sittings))
    values = tuple(i % 10 for i in range(sittings))
    return results_chart(
        ResultsOverTime(days, (Series("Anna", values), Series("Bert", values[::-1])))
    )


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("per_day", [1, 2])
@pytest.mark.parametrize("sittings", [1, 2, 7, 24, 60])
@pytest.mark.parametrize("size", [(300.0, 200.0), (420.0, 300.0), (480.0, 300.0), (720.0, 420.0)])
def test_the_x_axis_labels_stay_whole_inside_the_chart(
    size: tuple[float, float], sittings: int, per_day: int, language: str
) -> None:
    """The ratings plot at 420 by 300 cut its first label at the left edge ("026-12-02 (1)"):
    a label wider than the room left of its point is moved inside, still under its point,
    and the labels keep their distance."""
    use_language(language)
    width, height = size
    chart = ratings_over(sittings, per_day)
    layout = layout_chart(chart, METRICS._replace(width=width, height=height))
    _, _, _, bottom = layout.plot
    labels = [t for t in layout.texts("label") if t.align == "center" and t.y > bottom]
    labels = [t for t in labels if t.text in chart.x_labels]
    assert labels[0].text == chart.x_labels[0]  # the first sitting's day, whole
    assert labels[0].text == ("2026-12-02" if language == "en" else "02.12.2026") + (
        " (1)" if per_day == 2 and sittings > 1 else ""
    )
    ticks = sorted(
        line.x1
        for line in layout.of_type(LineItem)
        if line.x1 == line.x2 and line.y1 == bottom and line.y2 > bottom
    )
    assert len(ticks) == len(labels)
    for label, tick in zip(labels, ticks, strict=True):
        left, top, right, low = label.box(fake_width)
        assert 0 <= left <= right <= width, label.text
        assert 0 <= top <= low <= height, label.text
        assert left <= tick <= right, label.text  # it still stands under its point
    for before, after in itertools.pairwise(labels):
        assert after.box(fake_width)[0] - before.box(fake_width)[2] >= 3


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.lists(st.one_of(st.none(), st.integers(-40, 60)), min_size=3, max_size=3),
        min_size=2,
        max_size=8,
    ),
    st.lists(st.one_of(st.none(), st.integers(-60, 80)), min_size=1, max_size=4),
    st.booleans(),
    st.integers(0, 7),
)
def test_a_chart_whose_points_moved_is_laid_out_as_a_fresh_layout(
    points: list[list[int | None]], last: list[int | None], labelled: bool, at: int
) -> None:
    """The ratings plot after a finished rubber in the newest sitting (some series' last
    values change, or appear, or go) or after a sitting begun (the points shown move):
    the values at one point change, the rest stays. Laid out from the layout before
    (``moved_series``), it is the layout made afresh item for item, or None where it
    cannot be (a value that moves the axis, a series that had no point); the items of
    the series that did not move are the very items laid out before."""
    count = len(points)
    at = at % count
    names = ("Anna", "Bert", "Carl")
    days = tuple(f"2026-03-{day:02d}" for day in range(1, count + 1))

    def chart(values: list[list[int | None]], summary: str) -> Chart:
        return Chart(
            title="Ratings over time",
            kind="line",
            series=tuple(
                Series(name, tuple(row[seat] for row in values)) for seat, name in enumerate(names)
            ),
            summary=summary,
            x_values=tuple(range(1, count + 1)),
            x_labels=days if labelled else (),
            x_title="sitting",
            y_title="rating",
        )

    moved = [list(row) for row in points]
    for seat, value in enumerate(last[:3]):
        moved[at][seat] = value
    before, after = chart(points, "before"), chart(moved, "after")
    metrics = ChartMetrics(text_width=fake_width, width=420, height=300)
    laid_out = layout_chart(before, metrics)
    made = moved_series(before, laid_out, after, metrics)
    fresh = layout_chart(after, metrics)
    if made is None:
        changed = [seat for seat in range(3) if moved[at][seat] != points[at][seat]]

        def ticks(rows: list[list[int | None]]) -> tuple[float, ...]:
            values = [value for row in rows for value in row if value is not None]
            return nice_ticks(min([0, *values]), max([0, *values]), metrics.most_ticks)

        had_none = any(all(row[seat] is None for row in points) for seat in changed)
        assert changed
        assert ticks(points) != ticks(moved) or had_none
        return
    assert made == fresh
    kept = [
        item
        for item in made.items
        if not isinstance(item, MarkerItem | PolylineItem)
        or after.series[item.series] == before.series[item.series]
    ]
    assert all(any(item is old for old in laid_out.items) for item in kept)


def test_a_chart_that_changed_more_than_its_points_is_laid_out_whole() -> None:
    """A series renamed or gone, or a day changed: no layout from the one before, so that
    the whole plot is laid out again; a point before the last moved is laid out as
    afresh."""
    base = results_chart(RESULTS)
    laid_out = layout_chart(base, METRICS)
    anna, bert, carl = base.series
    for changed in (
        replace(base, series=(Series("Anne", anna.values), bert, carl)),
        replace(base, x_labels=("1", "2", "3")),
        replace(base, series=(anna, bert)),
    ):
        assert moved_series(base, laid_out, changed, METRICS) is None
    summary_only = replace(base, summary="other words")
    assert moved_series(base, laid_out, summary_only, METRICS) == layout_chart(
        summary_only, METRICS
    )
    middle = replace(base, series=(Series("Anna", (655, 101, 1135)), bert, carl))
    assert moved_series(base, laid_out, middle, METRICS) == layout_chart(middle, METRICS)
