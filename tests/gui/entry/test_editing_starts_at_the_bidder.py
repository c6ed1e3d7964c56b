"""Editing a recorded hand starts where typing means what a scorekeeper expects, in every
game: Enter on a hand in the hand list puts the focus in the bidder's row of the hand
being edited (not on Save), so a player's letter chooses the bidder there; and a letter
never chooses in a row that does not have the focus ("s" is no Slam from afar)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from jojotte_score.core.model import Special, ThrownIn
from jojotte_score.gui.entry.form_rules import Slot
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.pad.test_browsing_is_not_correcting import suit_hand
from tests.gui.pad.test_hand_list_keys import show_long
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def open_for_editing(window: MainWindow, game: str) -> int:
    """Show ``game``'s long sitting, select a hand played in a suit with Ctrl+L and its
    number, and press Enter on it; the hand's position."""
    show_long(window, game)
    number = suit_hand(window)
    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(window.table, str(number))
    QTest.keyClick(window.table, Qt.Key.Key_Return)
    assert window.panel.mode() == ("replace", number - 1)
    QApplication.processEvents()
    return number - 1


@pytest.mark.parametrize("game", GAMES)
def test_editing_starts_in_the_bidder_row(game: str, window: MainWindow) -> None:
    position = open_for_editing(window, game)
    panel = window.panel
    assert QApplication.focusWidget() is panel.bidder
    assert panel.record_button.text() == "Save [Enter]"
    shown = window.session.shown
    assert shown is not None
    recorded = shown.hand(position)
    # A letter of no bidder is refused in the bidder's row; nothing else changes.
    QTest.keyClicks(panel.bidder, "s")
    assert panel.values().special is Special.NONE
    assert panel.errors["bidder"].text() == "⚠ “s” is none of this row's keys."
    assert not panel.has_typed()
    # Another player's (side's) letter chooses the bidder; Enter saves the hand so.
    values = panel.values()
    others = [
        (value, keys)
        for value, _label, keys in panel.form.choices(Slot.BIDDER, values)
        if value not in (values.bidder, values.active_defender, values.doubler)
    ]
    bidder, keys = others[0]
    QTest.keyClicks(focused(), keys[-1].lower())
    assert panel.values().bidder == bidder
    if panel.form.by_seat:  # the active players changed: the new declarer took the last
        QTest.keyClick(focused(), Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
        QTest.keyClicks(focused(), keys[-1].lower())
        assert panel.values().last_trick == bidder
    QTest.keyClick(focused(), Qt.Key.Key_Return)
    assert panel.mode() == ("add", None), panel.preview.toPlainText()
    shown = window.session.shown
    assert shown is not None
    saved = shown.hand(position)
    assert not isinstance(saved, ThrownIn)
    assert saved.bidder == bidder
    assert saved.special is Special.NONE
    assert saved != recorded


@pytest.mark.parametrize("game", GAMES)
def test_a_letter_at_save_chooses_in_no_row(game: str, window: MainWindow) -> None:
    """At Save (reached with Tab or the mouse), "s" and "x" are refused with a word: a
    recorded hand's Nullo or Slam and doubling rows change only where they have the focus."""
    open_for_editing(window, game)
    panel = window.panel
    loaded = panel.values()
    panel.record_button.setFocus()
    for letter in ("s", "x", "n"):
        QTest.keyClicks(panel.record_button, letter)
        assert panel.values() == loaded
        assert f"“{letter}” was not typed in" in panel.general_error.text()
    assert not panel.has_typed()
