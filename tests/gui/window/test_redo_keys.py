"""Ctrl+Y redoes too (issue 41, item 8), as on Windows and as many users expect, beside
the platform's own redo key and Ctrl+Shift+Z, in every game."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_ctrl_y_redoes_a_deletion_undone(game: str, window: MainWindow) -> None:
    show_game(window, game)
    shown = window.session.shown
    assert shown is not None
    count = shown.count
    window.show()
    window.activateWindow()
    window.select_hand(count)
    window.named_actions[ActionName.DELETE_HAND].trigger()
    QTest.keyClick(window.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.shown is not None
    assert window.session.shown.count == count
    QTest.keyClick(window.table, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert window.session.shown.count == count - 1


def test_ctrl_y_redoes_where_the_platform_redoes_with_ctrl_shift_z_alone(
    monkeypatch: pytest.MonkeyPatch, qapp: object
) -> None:
    """On a desktop whose redo key is Ctrl+Shift+Z only (KDE, GNOME), Ctrl+Y redoes too."""
    from PySide6.QtCore import QObject
    from PySide6.QtGui import QKeySequence

    from jojotte_score.gui.window.actions import create_actions

    platform = QKeySequence.keyBindings

    def kde(key: QKeySequence.StandardKey) -> list[QKeySequence]:
        if key == QKeySequence.StandardKey.Redo:
            return [QKeySequence("Ctrl+Shift+Z")]
        return platform(key)

    monkeypatch.setattr(QKeySequence, "keyBindings", kde)
    owner = QObject()
    redo = create_actions(owner)[ActionName.REDO]
    keys = [sequence.toString() for sequence in redo.shortcuts()]
    assert "Ctrl+Y" in keys
    assert "Ctrl+Shift+Z" in keys
