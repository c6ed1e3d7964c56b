"""A box reached with Tab, Shift+Tab or Alt and its label's letter has its text selected, so
what is typed replaces it: the number boxes of the entry panel and the players' names."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLineEdit
from pytestqt.qtbot import QtBot

from jojotte_score.gui.entry.form_rules import Slot
from jojotte_score.gui.window.dialogs import NewSittingDialog
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.keyboard import ALT, BACKTAB, TAB, Keyboard
from tests.gui.window.test_every_game import show_game, window
from tests.stored_examples import GAMES

__all__ = ["window"]  # the fixture


@pytest.fixture(autouse=True)
def _no_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QDialog, "exec", lambda _dialog: 0)


def focused_box() -> QLineEdit:
    widget = QApplication.focusWidget()
    assert isinstance(widget, QLineEdit)
    return widget


@pytest.mark.parametrize("game", GAMES)
def test_a_number_box_reached_with_tab_or_alt_is_replaced_by_typing(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    show_game(window, game)
    panel = window.panel
    panel.new_hand()
    left, right = panel.card_points.edits
    left.setFocus()
    keyboard = Keyboard(qtbot)
    keyboard.type("60")
    keyboard.press(TAB)
    assert focused_box() is right
    keyboard.type("50")
    keyboard.press(BACKTAB)
    assert focused_box() is left
    assert left.selectedText() == "60"
    keyboard.type("70")
    assert left.text() == "70"
    keyboard.press(TAB)
    assert right.selectedText() == "50"
    keyboard.type("40")
    assert right.text() == "40"
    keyboard.press((Qt.Key.Key_C, ALT))  # Alt+C: the card points' left-hand box
    assert focused_box() is left
    assert left.selectedText() == "70"
    keyboard.type("80")
    assert panel.values().card_points == (80, 40)
    assert panel.widget_for(Slot.CARDS_LEFT) is left


@pytest.mark.parametrize("game", GAMES)
def test_a_meld_box_reached_with_alt_m_is_replaced_by_typing(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    show_game(window, game)
    panel = window.panel
    panel.new_hand()
    keyboard = Keyboard(qtbot)
    panel.melds.edits[0].setFocus()
    keyboard.type("20")
    panel.card_points.edits[0].setFocus()
    keyboard.press((Qt.Key.Key_M, ALT))
    assert focused_box() is panel.melds.edits[0]
    assert panel.melds.edits[0].selectedText() == "20"
    keyboard.type("50")
    assert panel.melds.values()[0] == 50


@pytest.mark.parametrize(
    "reason", [Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason]
)
def test_a_name_reached_with_tab_is_replaced_by_typing(
    reason: Qt.FocusReason, qtbot: QtBot
) -> None:
    dialog = NewSittingDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=2000)
    second = dialog.names[1]
    second.setFocus(reason)  # as Tab (or Shift+Tab) gives it
    assert second.selectedText() == second.text() == "Bert"
    QTest.keyClicks(second, "Zoe")
    assert second.text() == "Zoe"
    assert dialog.players()[1] == "Zoe"
