"""The hand list from the keyboard (issue 24, item 5), in every game: Ctrl+L reaches it, a
hand number of two digits selects that hand, the arrow keys and Home/End stay in the list,
Enter takes the hand to the panel, and the pad shows the hand's rubber all along."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.games import replay
from jojotte_score.core.model import ThrownIn
from jojotte_score.gui.entry.entry_fields import ChoiceField
from jojotte_score.gui.entry.form_rules import Slot
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.keyboard import ALT, CTRL, ENTER, Keyboard
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


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
    assert moved_to is window.panel.bidder  # the bidder's row: as the README says
    assert window.selected_position() == 1  # still the hand being corrected


def test_the_keyboard_reference_says_how_to_correct_a_recorded_hand(qtbot: object) -> None:
    from jojotte_score.gui.window.help_menu import keyboard_reference

    section = next(s for s in keyboard_reference() if s.title == "Correcting a recorded hand")
    rows = dict(section.rows)
    assert rows["Ctrl+L"] == "To the list of hands, at the hand selected or else the newest"
    assert rows["Hand number"] == "Select that hand: 1 then 6 is hand 16"
    assert rows["Alt+letter"] == "Straight to that field of the selected hand, from the list too"
    assert rows["Del"] == "Delete the selected hand; Ctrl+Z (Undo) brings it back"


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


def show_twenty(window: MainWindow, game: str) -> None:
    """Show ``game``'s example played over until it has 20 hands."""
    sitting_id = show_game(window, game)
    shown = window.session.shown
    assert shown is not None
    hands = [shown.hand(position) for position in range(shown.count)]
    for position in range(shown.count, 20):
        hand = hands[position % len(hands)]
        try:
            window.session.store.add_hand(sitting_id, hand)
        except InvalidSittingError:  # a dealer the roles of the copy refuse (C7)
            window.session.store.add_hand(sitting_id, hand._replace(dealer=None))
    window.open_sitting_id(sitting_id)


def row_texts(window: MainWindow, position: int) -> list[str]:
    """What the hand list shows of the hand at ``position``."""
    model = window.model
    return [str(model.index(position, column).data()) for column in range(model.columnCount())]


@pytest.mark.parametrize("game", GAMES)
def test_hand_16_of_20_is_reached_and_corrected_in_six_keys_and_the_pad_follows(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    """Ctrl+L 1 6 Alt+L and the other side's key, Enter: who won the last trick of hand 16
    changed, its figures on the list and the pad with it. A game whose hand 16 has no last
    trick (thrown in, Nullo) corrects the nearest later hand that has one, also by two
    digits."""
    show_twenty(window, game)
    shown = window.session.shown
    assert shown is not None
    assert shown.count == 20
    position = next(
        p
        for p in range(15, 20)
        if not isinstance(shown.hand(p), ThrownIn) and shown.hand(p).last_trick is not None  # type: ignore[union-attr]
    )
    before = shown.hand(position)
    assert not isinstance(before, ThrownIn)
    assert before.last_trick is not None
    figures_before = row_texts(window, position)
    figures_entries = shown.pad.whole().hands[position].entries
    window.activateWindow()
    window.panel.new_hand()
    keyboard = Keyboard(qtbot)
    keyboard.press((Qt.Key.Key_L, CTRL))
    keyboard.type(str(position + 1))
    assert window.selected_position() == position
    assert window.sheet.rubber_number() == shown.pad.whole().hands[position].rubber
    keyboard.press((Qt.Key.Key_L, ALT))  # the last trick's row
    row = window.panel.widget_for(Slot.LAST_TRICK)
    assert focus(window) is row
    assert isinstance(row, ChoiceField)
    other = next(
        keys
        for value, _label, keys in window.panel.form.choices(Slot.LAST_TRICK, window.panel.values())
        if value not in (None, before.last_trick)
    )
    keyboard.press(other[-1])
    keyboard.press(ENTER)
    assert keyboard.count == 6
    shown = window.session.shown
    assert shown is not None
    after = shown.hand(position)
    assert not isinstance(after, ThrownIn)
    assert after.last_trick not in (None, before.last_trick)
    assert after == before._replace(last_trick=after.last_trick)  # nothing else changed
    # The winner may take both trick scores either way (R3): the figures then stay.
    assert (row_texts(window, position) != figures_before) == (
        shown.pad.whole().hands[position].entries != figures_entries
    )
    result = replay(shown.sitting).hands[position]
    assert shown.pad.whole().hands[position].entries == result.entries
    assert window.sheet.rubber_number() == result.rubber  # the pad shows that rubber
