"""Larger print enlarges the pad first (issue 24, item 8), in every game: Ctrl++ five times
at 1280×820 draws the sheet larger than before, the hand list keeps rows in sight, the
status line stays one line, and no choice or box of the panel is cut off."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from jojotte_score.gui.entry.entry_fields import ChoiceField
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_ctrl_plus_five_times_draws_the_pad_larger(game: str, window: MainWindow) -> None:
    window.resize(1280, 820)
    show_game(window, game)
    QApplication.processEvents()
    before = window.sheet._scale()
    row = window.table.verticalHeader().defaultSectionSize()
    assert window.table.viewport().height() >= 3 * row
    scales = []
    for _press in range(5):
        QTest.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
        QApplication.processEvents()
        scales.append(window.sheet._scale())
    assert window.settings.zoom > 2.5
    assert min(scales) > before  # every press draws the pad larger than at first
    row = window.table.verticalHeader().defaultSectionSize()
    assert window.table.viewport().height() >= 3 * row  # not the heading row alone


@pytest.mark.parametrize("game", GAMES)
def test_the_status_line_stays_one_line_and_leaves_the_height_to_the_pad(
    game: str, window: MainWindow
) -> None:
    window.resize(1280, 820)
    show_game(window, game)
    QApplication.processEvents()
    status = window.status_label
    line = status.text()
    height, point_size = window.statusBar().height(), status.font().pointSizeF()
    sheet_height = window.sheet_area.height()
    for _press in range(5):
        QTest.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
        QApplication.processEvents()
    assert status.font().pointSizeF() == pytest.approx(1.5 * point_size, rel=0.01)
    assert window.statusBar().height() <= 1.5 * height + 2  # one line, not three or four
    assert status.height() <= status.fontMetrics().height() + 4
    assert status.text() == line  # the whole line, though it may be drawn cut short
    assert status.toolTip() in ("", line)
    wide = status.fontMetrics().horizontalAdvance(line) > status.contentsRect().width()
    assert status.toolTip() == (line if wide else "")
    assert window.sheet_area.height() >= sheet_height * 2 // 3  # the pad kept its height


@pytest.mark.parametrize("game", GAMES)
def test_large_print_cuts_off_no_choice_and_no_box_of_the_panel(
    game: str, window: MainWindow
) -> None:
    window.resize(1280, 820)
    show_game(window, "two-player" if game != "two-player" else "cutthroat")
    show_game(window, game)  # the panel's choices set anew for this game
    for _press in range(5):
        QTest.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    for _level in range(5):  # each nested layout measures again in a pass of its own
        QApplication.processEvents()
    panel = window.panel
    fields = [field for field in panel.findChildren(ChoiceField) if field.isVisible()]
    assert len(fields) >= 6
    for field in fields:
        for button in field.buttons():
            where = f"{field.accessibleName()}: {button.text()}"
            assert button.isVisible(), where
            assert field.rect().contains(button.geometry()), where
    for pair in (panel.melds, panel.card_points, panel.tricks):
        for edit in pair.edits:
            corner = edit.mapTo(pair, QPoint(edit.width() - 1, edit.height() - 1))
            assert pair.rect().contains(corner), edit.accessibleName()


@pytest.mark.parametrize("game", GAMES)
def test_large_print_keeps_the_newest_hand_in_sight(game: str, window: MainWindow) -> None:
    window.resize(1280, 820)
    show_game(window, game)
    for _press in range(5):
        QTest.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
        QApplication.processEvents()
    newest = window.model.index(window.model.rowCount() - 1, 0)
    shown = window.table.visualRect(newest)
    assert window.table.viewport().rect().contains(shown), newest.data()


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_corrected_in_large_print_keeps_the_list_and_the_whole_panel(
    game: str, window: MainWindow
) -> None:
    """Ctrl++ five times, then Ctrl+L and hand 1 to correct it: its long explanation does
    not take the hand list's rows (it took them all), and the panel's heading, "Editing
    hand 1 — Enter saves, Esc cancels", wraps rather than widen the panel past its pane."""
    window.resize(1280, 820)
    show_game(window, game)
    QApplication.processEvents()
    for _press in range(5):
        QTest.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
        QApplication.processEvents()
    rows_before = window.table.viewport().height()
    window.select_hand(1)
    QTest.keyClick(window.table, Qt.Key.Key_Return)  # Enter: correct it
    QApplication.processEvents()
    assert window.panel.mode_label.text().startswith("Editing hand 1")
    row = window.table.verticalHeader().defaultSectionSize()
    assert window.table.viewport().height() >= min(rows_before, 3 * row)
    assert window.panel.width() <= window.panel_area.viewport().width()
