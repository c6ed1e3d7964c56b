"""A number box keeps what was typed (issue 41, item 1), in every game: "5.5" stays "5.5",
never 55; the box says it is not a number, and the hand is not recorded until it is mended."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.gui.entry.entry_fields import PairField
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


@pytest.mark.parametrize("typed", ["5.5", "5,5"])
@pytest.mark.parametrize("game", GAMES)
def test_a_decimal_point_is_kept_and_refused(game: str, typed: str, window: MainWindow) -> None:
    show_game(window, game)
    shown = window.session.shown
    assert shown is not None
    count = shown.count
    window.activateWindow()
    for pair in (window.panel.card_points, window.panel.melds):
        box = pair.edits[0]
        box.setFocus()
        QApplication.processEvents()
        QTest.keyClicks(box, typed)
        assert box.text() == typed  # as typed: not 55
        assert pair.values()[0] is None
        message = f"⚠ “{typed}” is not a number: type whole numbers, without “.” or “,”."
        assert pair.errors[0].text() == message
        QTest.keyClick(box, Qt.Key.Key_Return)
        assert window.session.shown is not None
        assert window.session.shown.count == count  # nothing recorded
        assert QApplication.focusWidget() is box  # back at the box to mend it
        assert box.text() == typed
        assert pair.errors[0].text() == message
        box.selectAll()
        QTest.keyClicks(box, "55")
        assert box.text() == "55"
        assert pair.values()[0] == 55
        assert pair.errors[0].text() != message


@pytest.mark.parametrize(
    ("keys", "kept"),
    [
        ("120", "120"),  # up to three digits
        ("1234", "123"),  # not a fourth
        ("5.5", "5.5"),  # a point or a comma is kept, for the box to say it is not a number
        ("5,25", "5,25"),
        ("1.2345", "1.234"),  # up to three digits after it
        ("5.5.5", "5.55"),  # one point only
        ("a1-b2 x", "12"),  # letters, signs and spaces refused
        ("١٢", ""),  # digits of other scripts refused (١٢ is 12 in Arabic-Indic digits)
    ],
)
def test_a_box_takes_the_keys_of_a_number(keys: str, kept: str, qtbot: QtBot) -> None:
    pair = PairField("Card points")
    qtbot.addWidget(pair)
    for box in pair.edits:
        for key in keys:  # as a keyboard of any script types them (keyClicks takes Latin-1)
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                QApplication.sendEvent(box, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, key))
        assert box.text() == kept
