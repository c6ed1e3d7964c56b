"""The hand list fits its width at 1280×820 in every game (issue 24, item 9): no sideways
scrolling; every heading is whole, and a contract or card points cut short are elided."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from jojotte_score.gui.window.main_window import MainWindow

from .conftest import screenshot_folder
from .test_every_game import GAMES, show_game
from .test_every_game import window as window  # the fixture: the window, showing nothing yet


@pytest.mark.parametrize("game", GAMES)
def test_the_hand_list_needs_no_sideways_scrolling_at_1280_by_820(
    game: str, window: MainWindow, tmp_path: Path
) -> None:
    window.resize(1280, 820)
    show_game(window, game)
    QApplication.processEvents()
    window.grab().save(str(screenshot_folder(tmp_path) / f"hand-list-{game}.png"))
    table, header = window.table, window.table.horizontalHeader()
    assert not table.horizontalScrollBar().isVisible()
    widths = [table.columnWidth(column) for column in range(window.model.columnCount())]
    assert sum(widths) <= table.viewport().width()
    for column, width in enumerate(widths):  # each column's meaning can be read
        heading = window.model.headerData(column, header.orientation())
        assert width >= header.sectionSizeHint(column), heading
    for column in range(window.model.columnCount()):  # the scores are never cut short
        if window.model.score_column(column) is None:
            continue
        for row in range(window.model.rowCount()):
            needed = table.sizeHintForIndex(window.model.index(row, column)).width()
            assert widths[column] >= needed, (row, column)


def test_a_list_too_wide_even_cut_short_scrolls_and_shows_its_cells_whole(
    window: MainWindow,
) -> None:
    window.resize(1280, 820)
    show_game(window, "cutthroat")
    window.set_zoom(3.0)
    QApplication.processEvents()
    table = window.table
    assert table.horizontalScrollBar().maximum() > 0
    for row in range(window.model.rowCount()):
        needed = table.sizeHintForIndex(window.model.index(row, 2)).width()
        assert table.columnWidth(2) >= needed, window.model.index(row, 2).data()
