"""The pad follows the hand being worked on (issue 24, item 6): the rubber of a hand
selected for editing, and the rubber an edit, its undo and its redo changed, in every game."""

from __future__ import annotations

import pytest

from jojotte_score.gui.entry.entry_panel import EntryRequest
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


def show_two_rubbers(shown_in: MainWindow, game: str) -> int:
    """Show ``game``'s example, played twice over when it is one rubber; the newest rubber."""
    sitting_id = show_game(shown_in, game)
    shown = shown_in.session.shown
    assert shown is not None
    if shown.pad.rubber_count < 2:
        store = shown_in.session.store
        for position in range(shown.count):
            store.add_hand(sitting_id, shown.hand(position))
        shown_in.open_sitting_id(sitting_id)
    pad = shown_in.sheet.pad()
    assert pad is not None
    assert pad.rubber_count >= 2
    result = pad.result(1)
    assert result is not None
    assert result.rubber == 1
    return pad.newest_rubber


@pytest.mark.parametrize("game", GAMES)
def test_selecting_a_hand_shows_its_rubber(game: str, window: MainWindow) -> None:
    newest = show_two_rubbers(window, game)
    assert window.sheet.rubber_number() == newest >= 2
    window.select_hand(1)
    assert window.sheet.rubber_number() == 1
    assert window.sheet.selected_hand() == 1
    window.select_hand(window.model.rowCount())
    assert window.sheet.rubber_number() == newest


@pytest.mark.parametrize("game", GAMES)
def test_an_edit_its_undo_and_redo_show_the_rubber_they_changed(
    game: str,
    window: MainWindow,
) -> None:
    newest = show_two_rubbers(window, game)
    shown = window.session.shown
    assert shown is not None
    window.select_hand(1)
    window.submit(EntryRequest("replace", 0, shown.hand(0)))
    assert window.undo_stack.count() == 1
    assert window.selected_position() == 0  # the hand edited stays selected
    assert window.sheet.rubber_number() == 1  # the rubber of the hand edited
    window.sheet.show_rubber(newest)
    window.undo_stack.undo()
    assert window.sheet.rubber_number() == 1
    window.sheet.show_rubber(newest)
    window.undo_stack.redo()
    assert window.sheet.rubber_number() == 1
