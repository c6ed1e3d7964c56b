"""Browsing the hand list is not correcting (issue 41, item 10), in every game: moving in
the list (the arrow keys, Ctrl+L, a hand number) leaves the panel ready for the next hand,
so what is typed there next is a new hand; a recorded hand is loaded to be corrected only
by an explicit act on it: Enter in the list, or Alt and a row's letter from the list."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from jojotte_score.core.model import Special, ThrownIn
from jojotte_score.gui.entry.form_rules import Slot
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.pad.test_hand_list_keys import show_long
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


def focus() -> QWidget:
    QApplication.processEvents()
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def suit_hand(window: MainWindow) -> int:
    """The number of a hand after the second played in a suit (it has every row)."""
    shown = window.session.shown
    assert shown is not None
    return 1 + next(
        n
        for n in range(2, shown.count)
        if not isinstance(hand := shown.hand(n), ThrownIn) and hand.special is Special.NONE
    )


@pytest.mark.parametrize("game", GAMES)
def test_moving_in_the_hand_list_leaves_the_panel_on_the_next_hand(
    game: str, window: MainWindow
) -> None:
    show_long(window, game)
    shown = window.session.shown
    assert shown is not None
    count = shown.count
    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(window.table, "2")
    QTest.keyClick(window.table, Qt.Key.Key_Down)
    QTest.keyClick(window.table, Qt.Key.Key_Up)
    assert window.selected_position() == 1  # hand 2 is selected ...
    assert window.panel.mode() == ("add", None)  # ... and the panel still records a new one
    assert window.panel.mode_label.text() == f"Hand {count + 1}"
    assert window.panel.accessibleName() == f"New hand {count + 1}"
    assert "Editing" not in window.panel.mode_label.text()
    assert window.panel.record_button.text() == "Record [Enter]"


@pytest.mark.parametrize("game", GAMES)
def test_alt_and_a_letter_from_the_list_corrects_the_hand_selected(
    game: str, window: MainWindow
) -> None:
    show_long(window, game)
    number = suit_hand(window)
    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(window.table, str(number))
    assert window.panel.mode() == ("add", None)
    QTest.keyClick(focus(), Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)  # the last trick
    assert window.panel.mode() == ("replace", number - 1)
    assert window.panel.mode_label.text().startswith(f"Editing hand {number}")
    assert window.panel.accessibleName() == f"Editing hand {number}"
    last_trick = window.panel.widget_for(Slot.LAST_TRICK)
    moved_to = focus()
    assert moved_to is last_trick or last_trick.isAncestorOf(moved_to)


@pytest.mark.parametrize("game", GAMES)
def test_enter_in_the_list_corrects_the_hand_selected(game: str, window: MainWindow) -> None:
    show_long(window, game)
    number = suit_hand(window)
    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(window.table, str(number))
    assert window.panel.mode() == ("add", None)
    QTest.keyClick(window.table, Qt.Key.Key_Return)
    assert window.panel.mode() == ("replace", number - 1)
    assert window.panel.accessibleName() == f"Editing hand {number}"
    assert focus() is window.panel.bidder  # the top of the hand, where typing starts
