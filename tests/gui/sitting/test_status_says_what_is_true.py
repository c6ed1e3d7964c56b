"""The status line says what is now true after every change, undo and redo (issue 41,
item 5), in every game: after Del and Ctrl+Z it no longer says the hand is deleted."""

from __future__ import annotations

import pytest

from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_status_line_follows_delete_undo_redo_and_insert(game: str, window: MainWindow) -> None:
    show_game(window, game)
    shown = window.session.shown
    assert shown is not None
    count = shown.count
    window.activateWindow()
    window.select_hand(count)  # the newest: its deletion makes no later hand illegal
    window.named_actions[ActionName.DELETE_HAND].trigger()
    bar = window.statusBar()
    assert bar.currentMessage().startswith(f"Hand {count} deleted;")
    window.named_actions[ActionName.UNDO].trigger()
    assert window.session.shown is not None
    assert window.session.shown.count == count
    assert bar.currentMessage() == f"Delete hand {count}: undone."
    window.named_actions[ActionName.REDO].trigger()
    assert window.session.shown.count == count - 1
    assert bar.currentMessage() == f"Delete hand {count}: done again."
    window.named_actions[ActionName.UNDO].trigger()
    window.select_hand(count)
    window.named_actions[ActionName.INSERT_HAND].trigger()
    assert "deleted" not in bar.currentMessage()
    assert "undone" not in bar.currentMessage()
