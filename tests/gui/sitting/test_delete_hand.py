"""Deleting a recorded hand from the window, in every game: Del in the hand list (and Edit >
Delete hand) deletes it and says so, or says why not; Undo brings the sitting back whole.

In the chouette a hand that decided a rubber cannot simply go: without it another side wins
that rubber, the later rubbers get another box and captain (C3), and later hands may then
name the partner as their dealer (C7). The window asks, as it does for such an edit, to
re-derive or clear those dealers with the deletion as one step.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from jojotte_score.core.games import find_game
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.conftest import Messages
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_every_hand_can_be_deleted_with_del_and_undone(
    game: str, window: MainWindow, messages: Messages, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jojotte_score.gui.window import dialogs

    asked: list[str] = []

    def rederive(_parent: object, title: str, text: str, choices: list[str]) -> int:
        asked.append(title)
        assert choices == ["&Re-derive their dealers", "&Clear their dealers"]
        return 0

    monkeypatch.setattr(dialogs, "ask_choice", rederive)
    sitting_id = show_game(window, game)
    store = window.session.store
    example = store.load(sitting_id).sitting
    count = len(example.hands)
    window.activateWindow()
    for position in range(count):
        window.select_hand(position + 1)
        window.table.setFocus()
        QTest.keyClick(window.table, Qt.Key.Key_Delete)
        QApplication.processEvents()
        after = store.load(sitting_id).sitting
        assert len(after.hands) == count - 1, (position, list(messages))
        assert window.model.rowCount() == count - 1
        assert [hand._replace(dealer=None) for hand in after.hands] == [
            hand._replace(dealer=None)
            for hand in (*example.hands[:position], *example.hands[position + 1 :])
        ]
        message = window.statusBar().currentMessage()
        assert message == f"Hand {position + 1} deleted; Ctrl+Z (Undo) brings it back."
        window.undo_stack.undo()
        assert store.load(sitting_id).sitting == example
    assert messages == []
    # Only a game whose roles follow the rubbers asks (the chouette), and only for a hand
    # that decided a rubber.
    assert bool(asked) == find_game(game).has_roles


def test_a_chouette_hand_that_decided_a_rubber_is_deleted_with_its_dealers_fixed(
    window: MainWindow, messages: Messages, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hand 1 of the chouette example: without it Bert's hand 2 wins the first game, the
    rubber goes otherwise, and hands 3 and 5 (dealt by Anna) would name the partner."""
    from jojotte_score.gui.window import dialogs

    asked: list[tuple[str, str]] = []
    answers = iter([None, 1])  # Cancel first, then Clear their dealers

    def choose(_parent: object, title: str, text: str, _choices: list[str]) -> int | None:
        asked.append((title, text))
        return next(answers)

    monkeypatch.setattr(dialogs, "ask_choice", choose)
    sitting_id = show_game(window, "chouette")
    store = window.session.store
    example = store.load(sitting_id).sitting
    window.select_hand(1)
    window.named_actions[ActionName.DELETE_HAND].trigger()  # Edit > Delete hand
    assert store.load(sitting_id).sitting == example  # Cancel: nothing deleted
    assert window.statusBar().currentMessage() == ""
    title, text = asked[0]
    assert title == "Delete hand 1"
    assert text.startswith("Without hand 1, another side wins a rubber")
    assert "(C7)" in text
    window.select_hand(1)
    window.named_actions[ActionName.DELETE_HAND].trigger()
    after = store.load(sitting_id).sitting
    kept = example.hands[1:]
    assert len(after.hands) == len(kept)
    changed = [n for n, (a, b) in enumerate(zip(after.hands, kept, strict=True), 1) if a != b]
    assert changed  # some later dealers were cleared
    for number in changed:
        assert after.hands[number - 1] == kept[number - 1]._replace(dealer=None)
    assert messages == []
    window.undo_stack.undo()
    assert store.load(sitting_id).sitting == example
    window.undo_stack.redo()
    assert store.load(sitting_id).sitting == replace(example, hands=after.hands)
