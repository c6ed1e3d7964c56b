"""The hand list from the keyboard (issue 24, item 5), in every game: Ctrl+L reaches it, a
hand number of two digits selects that hand, the arrow keys and Home/End stay in the list,
Enter takes the hand to the panel, and the pad shows the hand's rubber all along."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from jojotte_score.core.model import ThrownIn
from jojotte_score.gui.window.main_window import MainWindow

from .test_every_game import GAMES, show_game
from .test_every_game import window as window  # the fixture: the window, showing nothing yet


def focus(window: MainWindow) -> QWidget:
    QApplication.processEvents()
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def show_long(window: MainWindow, game: str) -> None:
    """Show ``game``'s example played over until it has at least 10 hands."""
    sitting_id = show_game(window, game)
    shown = window.session.shown
    assert shown is not None
    hands = [shown.hand(position) for position in range(shown.count)]
    for _copy in range(0 if len(hands) >= 10 else 10 // len(hands)):
        for hand in hands:
            window.session.store.add_hand(sitting_id, hand)
    window.open_sitting_id(sitting_id)


@pytest.mark.parametrize("game", GAMES)
def test_the_hand_list_is_worked_from_the_keyboard(game: str, window: MainWindow) -> None:
    show_long(window, game)
    count = window.model.rowCount()
    assert count >= 10
    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert focus(window) is window.table
    assert window.selected_position() == count - 1  # the newest hand
    QTest.keyClicks(window.table, "10")
    assert window.selected_position() == 9  # hand 10, not hand 1 then hand 0
    QTest.keyClick(window.table, Qt.Key.Key_Up)
    assert window.selected_position() == 8
    assert focus(window) is window.table  # the next arrow still moves in the list
    QTest.keyClick(window.table, Qt.Key.Key_Up)
    assert window.selected_position() == 7
    QTest.keyClick(window.table, Qt.Key.Key_Home)
    assert window.selected_position() == 0
    QTest.keyClick(window.table, Qt.Key.Key_End)
    assert window.selected_position() == count - 1
    QTest.keyClick(window.table, Qt.Key.Key_2)
    assert window.selected_position() == 1
    QTest.keyClick(window.table, Qt.Key.Key_Return)
    moved_to = focus(window)
    assert moved_to is not window.table
    assert window.panel.isAncestorOf(moved_to)
    assert window.selected_position() == 1  # still the hand being corrected


def test_the_keyboard_reference_says_how_to_correct_a_recorded_hand(qtbot: object) -> None:
    from jojotte_score.gui.window.help_menu import keyboard_reference

    section = next(s for s in keyboard_reference() if s.title == "Correcting a recorded hand")
    rows = dict(section.rows)
    assert rows["Ctrl+L"] == "To the list of hands, at the hand selected or else the newest"
    assert rows["Hand number"] == "Select that hand: 1 then 6 is hand 16"


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_from_10_on_is_reached_and_corrected_in_six_keys(
    game: str, window: MainWindow
) -> None:
    show_long(window, game)
    shown = window.session.shown
    assert shown is not None
    position = next(p for p in range(9, shown.count) if not isinstance(shown.hand(p), ThrownIn))
    before = shown.hand(position)
    assert not isinstance(before, ThrownIn)
    trump = "H" if before.trump.name != "HEARTS" else "S"
    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)  # 1
    QTest.keyClicks(window.table, str(position + 1))  # 2, 3
    QTest.keyClick(focus(window), Qt.Key.Key_U, Qt.KeyboardModifier.AltModifier)  # 4: Trump
    QTest.keyClick(focus(window), getattr(Qt.Key, f"Key_{trump}"))  # 5
    QTest.keyClick(focus(window), Qt.Key.Key_Return)  # 6
    QApplication.processEvents()
    shown = window.session.shown
    assert shown is not None
    after = shown.hand(position)
    assert not isinstance(after, ThrownIn)
    assert after.trump.name == ("HEARTS" if trump == "H" else "SPADES")
    assert after._replace(trump=before.trump) == before  # nothing else changed
