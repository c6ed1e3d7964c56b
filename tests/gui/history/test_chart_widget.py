"""The chart widget: the plot drawn with the widget's palette, its summary for screen
readers, and the same plot saved as a PNG. Screenshots of each plot in light and dark go
to $JOJOTTE_SCREENSHOTS when it is set."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QPalette
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import find_game, replay
from jojotte_score.core.model import Sitting
from jojotte_score.core.series import (
    SittingResult,
    contract_shares,
    results_over_time,
    sitting_course,
)
from jojotte_score.core.stats import player_stats
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.history.chart_widget import ChartWidget
from jojotte_score.render.chart_layout import (
    Chart,
    MarkerItem,
    course_chart,
    results_chart,
    series_style,
    shares_chart,
)
from tests.gui.pad.test_sheet_widget import dark_palette, light_palette
from tests.sitting_kinds import two_sided

DATA = Path(__file__).resolve().parents[2] / "data"
EXAMPLES = ("german", "partnership", "three-player", "chouette", "cutthroat")


def sitting(name: str) -> Sitting:
    return load_sitting(DATA / f"{name}-example.json").sitting


def course(name: str) -> Chart:
    played = sitting(name)
    if find_game(played.variant).per_player:
        return course_chart(sitting_course(replay(played)))
    return course_chart(sitting_course(replay(two_sided(played))))


def results() -> Chart:
    dated = []
    for day, name in enumerate(EXAMPLES, 1):
        played = sitting(name)
        ledger = (
            replay(played) if find_game(played.variant).per_player else replay(two_sided(played))
        )
        dated.append(SittingResult.of_ledger(date(2026, 11, day), played, ledger))
    return results_chart(results_over_time(dated))


def shares() -> Chart:
    return shares_chart(contract_shares(player_stats(sitting(n) for n in EXAMPLES)))


PLOTS: dict[str, Callable[[], Chart]] = {
    "plot-german": lambda: course("german"),
    "plot-three-player": lambda: course("three-player"),
    "plot-cutthroat": lambda: course("cutthroat"),
    "plot-chouette": lambda: course("chouette"),
    "plot-results": results,
    "plot-shares": shares,
}


@pytest.fixture
def widget(qtbot: QtBot) -> ChartWidget:
    shown = ChartWidget()
    qtbot.addWidget(shown)
    shown.resize(560, 340)
    return shown


def test_summary_is_the_accessible_description(widget: ChartWidget) -> None:
    chart = course("german")
    widget.set_chart(chart)
    assert widget.accessibleName() == "Running difference, A \u2212 B"
    assert widget.accessibleDescription() == (
        "A ahead by 100 after hand 6; largest lead: B by 460 after hand 4; "
        "a rubber ended after hand 6."
    )
    widget.set_chart(None)
    assert widget.accessibleDescription() == ""


def test_a_screen_reader_reads_the_rows_of_the_chart_shown(widget: ChartWidget) -> None:
    """The rows are made when first read: after each new chart they are that chart's."""
    widget.set_chart(course("german"))
    rows = [item.words for item in widget.reading()]
    assert (len(rows), rows[1], rows[-1]) == (
        7,
        "hand 1: A \u2212 B \u221215",
        "hand 6: A \u2212 B +100",
    )
    widget.set_chart(course("cutthroat"))
    rows = [item.words for item in widget.reading()]
    assert rows[1] == "hand 1: Anna +60, Bert \u221220, Carl \u221220, Dave \u221220"
    assert len(rows) == 6
    widget.set_chart(None)
    assert widget.reading() == ()


@pytest.mark.parametrize(("palette", "dark"), [(light_palette, False), (dark_palette, True)])
def test_markers_take_the_series_colour_for_the_palette(
    widget: ChartWidget, palette: Callable[[], QPalette], dark: bool
) -> None:
    chosen = palette()
    widget.setPalette(chosen)
    widget.set_chart(course("three-player"))
    image = widget.grab().toImage()
    assert image.pixelColor(2, 2) == chosen.color(QPalette.ColorRole.Base)
    layout = widget.chart_layout()
    assert layout is not None
    scale = widget.logicalDpiY() / 72
    for marker in layout.of_type(MarkerItem)[-3:]:  # after hand 8: Anna, Bert, Carl
        style = series_style(marker.series)
        expected = QColor(style.dark if dark else style.light)
        ratio = image.devicePixelRatio()
        got = image.pixelColor(round(marker.x * scale * ratio), round(marker.y * scale * ratio))
        assert got == expected


def test_save_png(widget: ChartWidget, tmp_path: Path) -> None:
    path = tmp_path / "plot.png"
    assert not widget.save_png(path)
    widget.set_chart(shares())
    assert widget.save_png(path, 600, 360)
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1200, 720)  # twice the size asked for


@pytest.mark.parametrize("name", sorted(PLOTS))
@pytest.mark.parametrize(("look", "palette"), [("light", light_palette), ("dark", dark_palette)])
def test_screenshots(
    widget: ChartWidget, name: str, look: str, palette: Callable[[], QPalette]
) -> None:
    chosen = palette()
    widget.setPalette(chosen)
    widget.set_chart(PLOTS[name]())
    image = widget.grab().toImage()
    assert image.pixelColor(2, 2) == chosen.color(QPalette.ColorRole.Base)
    folder = os.environ.get("JOJOTTE_SCREENSHOTS", "").strip()
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        assert widget.grab().save(str(Path(folder) / f"{name}-{look}.png"))
