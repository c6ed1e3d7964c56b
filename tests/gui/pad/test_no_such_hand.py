"""A hand number that names no hand opens nothing (issue 41, item 4), in every game:
Ctrl+L 1 6 in a sitting of six hands says "There is no hand 16" and selects no hand, so
that the keys typed next correct none (before, hand 6 was selected and corrected)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_a_number_past_the_last_hand_selects_none_and_says_so(
    game: str, window: MainWindow
) -> None:
    show_game(window, game)
    shown = window.session.shown
    assert shown is not None
    count = shown.count
    hands = [shown.hand(position) for position in range(count)]
    number = 10 * (count // 10 + 1) + 1  # its digits: a hand, then a hand, then none
    assert number > count >= 2
    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(window.table, str(number))
    assert window.selected_position() is None
    message = f"There is no hand {number}; the hands are numbered 1 to {count}."
    assert window.statusBar().currentMessage() == message
    assert window.panel.mode() == ("add", None)
    assert window.table.hasFocus()  # the next number is typed in the list still
    QTest.keyClick(window.table, Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
    assert window.panel.mode() == ("add", None)  # no hand is opened to be corrected
    QTest.keyClick(window.table, Qt.Key.Key_Return)
    assert window.session.shown is not None
    assert [window.session.shown.hand(p) for p in range(count)] == hands
