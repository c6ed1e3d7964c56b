"""The plot painted once and kept (ChartWidget): a repaint that changes nothing copies the
picture kept, a chart whose lines' last points moved (the ratings plot after a finished
rubber) paints only that part again, and what the widget shows is, to the pixel, what a
widget that paints the chart whole shows, in light and dark, in normal and large print,
with German labels."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtGui import QFont, QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Variant
from jojotte_score.core.records.facts import SittingFacts
from jojotte_score.core.records.ratings import Rating, Ratings, RatingStep
from jojotte_score.gui.history import chart_widget
from jojotte_score.gui.history.chart_widget import ChartWidget
from jojotte_score.render.chart_layout import Chart, ChartLayout, MarkerItem, PolylineItem
from jojotte_score.render.chart_painter import paint_chart
from jojotte_score.render.records_tables import rating_chart
from tests.gui.pad.test_sheet_widget import dark_palette, light_palette

NAMES = ("Anna", "Bert", "Carl", "Dora", "Emil", "Fritz")


def ratings_of(sittings: int, last_rubbers: int) -> tuple[Ratings, list[SittingFacts]]:
    """Six players rated over ``sittings`` sittings of three rubbers each, the newest with
    only ``last_rubbers`` of them rated yet; each rating moves a little every rubber."""
    start = datetime(2026, 3, 1, 19, tzinfo=UTC)
    facts, course = [], []
    held = {name: Rating(name, 25.0, 8.0, 0) for name in NAMES}
    for number in range(1, sittings + 1):
        created = start + timedelta(days=number * 3)
        facts.append(SittingFacts(number, created, Variant.PARTNERSHIP, NAMES[:4], ()))
        rubbers = last_rubbers if number == sittings else 3
        for rubber in range(1, rubbers + 1):
            for seat, name in enumerate(NAMES):
                if (number + seat) % 5 == 0:
                    continue  # a sitting missed
                swing = ((number * 7 + rubber * 3 + seat * 5) % 9 - 4) * 0.9
                before = held[name]
                held[name] = Rating(
                    name, before.mu + swing, max(before.sigma * 0.95, 1.5), before.rubbers + 1
                )
                course.append(RatingStep(number, created, Variant.PARTNERSHIP, rubber, held[name]))
    players = tuple(sorted(held.values(), key=lambda rating: -rating.ordinal))
    return Ratings(players, tuple(course)), facts


def plot(sittings: int, last_rubbers: int) -> Chart:
    return rating_chart(*ratings_of(sittings, last_rubbers))


def shown(qtbot: QtBot, chart: Chart, palette: QPalette | None = None) -> ChartWidget:
    widget = ChartWidget()
    qtbot.addWidget(widget)
    if palette is not None:
        widget.setPalette(palette)
    widget.resize(420, 300)
    widget.set_chart(chart)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def painted_whole(qtbot: QtBot, chart: Chart, widget: ChartWidget) -> QImage:
    """What a new widget of the same size, palette and font shows of ``chart``."""
    fresh = shown(qtbot, chart, widget.palette())
    fresh.setFont(widget.font())
    return fresh.grab().toImage()


@pytest.fixture
def painted(monkeypatch: pytest.MonkeyPatch) -> list[ChartLayout]:
    """Every layout the widget paints, as it paints it."""
    layouts: list[ChartLayout] = []
    paint = paint_chart

    def counting(painter: object, layout: ChartLayout, *args: object, **kwargs: object) -> None:
        layouts.append(layout)
        paint(painter, layout, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(chart_widget, "paint_chart", counting)
    return layouts


def test_a_repaint_that_changes_nothing_paints_no_chart(
    qtbot: QtBot, painted: list[ChartLayout]
) -> None:
    widget = shown(qtbot, plot(40, 3))
    first = widget.grab().toImage()
    assert len(painted) == 1
    widget.repaint()
    widget.set_chart(widget.chart())  # the same chart again
    assert widget.grab().toImage() == first
    assert len(painted) == 1


@pytest.mark.parametrize("sittings", [30, 140])
def test_a_finished_rubber_paints_only_the_newest_points_again_to_the_pixel(
    qtbot: QtBot, painted: list[ChartLayout], sittings: int
) -> None:
    """The newest sitting's second and third rubbers rated: each moves every line's last
    point; the part painted again holds a few of the plot's markers and the ends of its
    lines, and the widget then shows what a widget painting the chart whole shows."""
    widget = shown(qtbot, plot(sittings, 1))
    widget.grab()
    for rubbers in (2, 3):
        chart = plot(sittings, rubbers)
        painted.clear()
        widget.set_chart(chart)
        picture = widget.grab().toImage()
        assert len(painted) == 1
        whole = widget.chart_layout()
        assert whole is not None
        part = painted[0]
        assert 0 < len(part.of_type(MarkerItem)) < len(whole.of_type(MarkerItem)) / 4
        for line in part.of_type(PolylineItem):  # the ends of the lines, a few points each
            assert line.walked > 0
            assert len(line.points) <= 12
        assert picture == painted_whole(qtbot, chart, widget)


def test_a_sitting_begun_paints_the_plot_whole_and_right(
    qtbot: QtBot, painted: list[ChartLayout]
) -> None:
    widget = shown(qtbot, plot(30, 3))
    widget.grab()
    chart = plot(31, 1)
    painted.clear()
    widget.set_chart(chart)
    picture = widget.grab().toImage()
    layout = widget.chart_layout()
    assert layout is not None
    assert painted == [layout]
    assert picture == painted_whole(qtbot, chart, widget)


@pytest.mark.parametrize("look", ["dark", "large print", "dark and large print"])
def test_a_new_palette_or_font_paints_the_plot_again_and_its_changes_stay_exact(
    qtbot: QtBot, look: str
) -> None:
    widget = shown(qtbot, plot(60, 1), light_palette())
    widget.grab()
    if "dark" in look:
        widget.setPalette(dark_palette())
    if "large" in look:
        font = QFont(QApplication.font())
        font.setPointSizeF(font.pointSizeF() * 1.6)
        widget.setFont(font)
    assert widget.grab().toImage() == painted_whole(qtbot, plot(60, 1), widget)
    chart = plot(60, 2)
    widget.set_chart(chart)
    assert widget.grab().toImage() == painted_whole(qtbot, chart, widget)


@pytest.mark.usefixtures("german")
def test_german_labels_are_painted_as_a_whole_painting_does(qtbot: QtBot) -> None:
    widget = shown(qtbot, plot(120, 1))
    widget.grab()
    chart = plot(120, 3)
    assert chart.y_title == "Wertung"
    widget.set_chart(chart)
    assert widget.grab().toImage() == painted_whole(qtbot, chart, widget)


def painted_at_once(widget: ChartWidget) -> QImage:
    """The widget's chart painted whole in one go by :func:`paint_chart` on its
    background, as a PDF page or a saved picture is: no ground kept, no part."""
    image = QImage(widget.size(), QImage.Format.Format_RGB32)
    image.fill(widget.palette().color(QPalette.ColorRole.Base))
    layout = widget.chart_layout()
    assert layout is not None
    painter = QPainter(image)
    scale = widget.logicalDpiY() / 72.0
    paint_chart(painter, layout, widget.palette(), scale=scale, font=widget.font())
    painter.end()
    return image


def test_a_sitting_begun_over_many_sittings_paints_as_a_whole_painting(
    qtbot: QtBot, painted: list[ChartLayout]
) -> None:
    """Over more sittings than the plot has points, a sitting begun moves the newest point
    shown in every line, while the title, legend and value axis stay: the layout is made
    from the one before (``moved_series``), and the picture is, to the pixel, the chart
    painted whole at once, by a new widget and by ``paint_chart``. (140 to 141 sittings at
    a step of 2: sitting 140's point takes the place of sitting 139's; 142 to 143 likewise.)"""
    widget = shown(qtbot, plot(140, 3))
    for sittings in (141, 143):
        first = plot(sittings - 1, 3)
        widget.set_chart(first)
        widget.grab()
        # the days shown kept, as when the sittings begun are played on a day shown
        chart = replace(plot(sittings, 1), x_labels=first.x_labels)
        assert [line.values[:-1] for line in chart.series] == [
            line.values[:-1] for line in first.series
        ]
        before = widget.chart_layout()
        assert before is not None
        painted.clear()
        widget.set_chart(chart)
        picture = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
        layout = widget.chart_layout()
        assert layout is not None
        assert layout != before
        # the title and legend are the items laid out before, not laid out again
        assert all(
            new is old for new, old in zip(layout.items[:20], before.items[:20], strict=True)
        )
        # only the newest points and the lines' ends are painted again
        assert len(painted) == 1
        part = painted[0]
        assert 0 < len(part.of_type(MarkerItem)) < len(layout.of_type(MarkerItem)) / 4
        assert picture == painted_at_once(widget)
        assert picture == painted_whole(qtbot, chart, widget).convertToFormat(
            QImage.Format.Format_RGB32
        )
