"""The hand list fits its width at 1280×820 in every game (issue 24, item 9): no sideways
scrolling; every heading is whole, and a contract or card points too long wrap onto a
row's two lines (issue 41, item 11)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.i18n import use_language
from tests.gui.conftest import german, screenshot_folder
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


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
    lines = QFontMetrics(header.font())
    for column, width in enumerate(widths):  # each column's meaning can be read whole
        heading = str(window.model.headerData(column, header.orientation()))
        widest = max(lines.horizontalAdvance(line) for line in heading.split("\n"))
        # With a margin of five pixels a side, or the style's own where that is less.
        assert width >= min(widest + 10, header.sectionSizeHint(column)), heading
    for column in range(window.model.columnCount()):  # the scores are never cut short
        if window.model.score_column(column) is None:
            continue
        for row in range(window.model.rowCount()):
            needed = table.sizeHintForIndex(window.model.index(row, column)).width()
            assert widths[column] >= needed, (row, column)


def test_a_list_too_wide_hides_the_figures_and_shows_its_contracts_whole(
    window: MainWindow,
) -> None:
    """Large print (three times the print) no longer scrolls the list sideways: the sides'
    figures, which the pad shows, are hidden first, and each contract is shown whole."""
    window.resize(1280, 820)
    show_game(window, "cutthroat")
    window.set_zoom(3.0)
    QApplication.processEvents()
    table, model = window.table, window.model
    assert table.horizontalScrollBar().maximum() == 0
    assert all(table.isColumnHidden(c) for c in range(4, model.notes_column()))
    for row in range(model.rowCount()):
        needed = table.sizeHintForIndex(model.index(row, 2)).width()
        assert table.columnWidth(2) >= needed, model.index(row, 2).data()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_notes_wrap_whole_at_the_window_s_default_size(
    language: str, main_window: MainWindow, tmp_path: Path
) -> None:
    """German notes are longer: "gewinnt 150 aus dem Keller; Partie und Robber 1 an A" was
    cut short ("…Partie und Robbe…") at 1280×820; such notes take a second line."""
    use_language(language)
    try:
        sitting_id = main_window.session.store.import_sitting(german(), title="Berlin 1937")
        main_window.open_sitting_id(sitting_id)
        main_window.resize(1280, 820)
        main_window.show()
        QApplication.processEvents()
        main_window.select_hand(6)
        QApplication.processEvents()
        main_window.grab().save(str(screenshot_folder(tmp_path) / f"notes-{language}.png"))
        table, model = main_window.table, main_window.model
        notes = model.notes_column()
        metrics = QFontMetrics(table.font())
        room = table.columnWidth(notes) - 7  # the cell's text margins and grid line
        wrap = Qt.TextFlag.TextWordWrap
        one_line = table.verticalHeader().defaultSectionSize()
        for row in range(model.rowCount()):
            text = model.index(row, notes).data()
            needed = metrics.boundingRect(0, 0, room, 1000, wrap, text).height()
            assert needed <= table.rowHeight(row) - (one_line - metrics.lineSpacing()), text
        sixth = {
            "en": "wins 150 from prison; game and rubber 1 to A",
            "de": "gewinnt 150 aus dem Keller; Partie und Robber 1 an A",
        }
        assert model.index(5, notes).data() == sixth[language]
        if language == "de":
            assert table.rowHeight(5) == one_line + metrics.lineSpacing()  # two lines
        assert table.rowHeight(4) == one_line  # "90 in den Keller": one line
    finally:
        use_language("en")
