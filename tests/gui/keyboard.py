"""Typing as a scorekeeper does: one key event at a time, to whatever has the focus."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier
TAB, BACKTAB, ENTER, ESC = Qt.Key.Key_Tab, Qt.Key.Key_Backtab, Qt.Key.Key_Return, Qt.Key.Key_Escape

Key = str | Qt.Key | tuple[Qt.Key, Qt.KeyboardModifier]

# The names the keystroke plan (jojotte_score.gui.entry.form_rules) gives the keys it presses.
_NAMED = {
    "Tab": TAB,
    "Enter": ENTER,
    "Space": Qt.Key.Key_Space,
    "Esc": ESC,
    "Backspace": Qt.Key.Key_Backspace,
}
_MODIFIERS = {"Alt": ALT, "Ctrl": CTRL}


def planned(name: str) -> Key:
    """The key a plan's name stands for: "Tab", "Alt+M", "Ctrl+T" or a character."""
    if name in _NAMED:
        return _NAMED[name]
    modifier, plus, letter = name.partition("+")
    if plus and letter:
        return (Qt.Key(ord(letter.upper())), _MODIFIERS[modifier])
    return name


class Keyboard:
    """Sends keys to whatever has the focus, one event each, and counts them."""

    def __init__(self, qtbot: QtBot) -> None:
        self.qtbot = qtbot
        self.count = 0

    def press(self, *keys: Key) -> None:
        """Each item is one key: a character, a Qt key, or (Qt key, modifier)."""
        for key in keys:
            widget = QApplication.focusWidget()
            assert widget is not None, "nothing has the keyboard focus"
            if isinstance(key, tuple):
                QTest.keyClick(widget, key[0], key[1])
            elif isinstance(key, str) and not key.isascii():
                # QTest only types Latin-1 letters reliably: send the key event itself.
                for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                    event = QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, key)
                    QApplication.sendEvent(widget, event)
            elif isinstance(key, str):
                QTest.keyClick(widget, key)  # type: ignore[call-overload,unused-ignore]
            else:
                QTest.keyClick(widget, key)
            self.count += 1

    def type(self, text: str) -> None:
        """Type ``text`` into the focused widget, one key per character."""
        self.press(*text)

    def follow(self, plan: list[str]) -> None:
        """Press the keys of a keystroke plan, by their names."""
        self.press(*(planned(name) for name in plan))
