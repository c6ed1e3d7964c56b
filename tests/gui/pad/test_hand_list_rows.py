"""The hand list after each change, in every game: it holds what a list built anew for the
sitting holds, row by row, and the screen shows it pixel for pixel.

A recorded hand adds its row to the list instead of resetting the list's model, so that Qt
paints the new row and leaves the others as they are; an undo, a redo, an edited, deleted
or inserted hand shows anew only the rows from the hand it changed. Each is checked against
a model built afresh from the whole sitting replayed, and what the screen shows (the window's
backing store) against the list painted afresh: a row left out of the update, or painted
from stale texts, fails.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester

from jojotte_score.core.games import replay
from jojotte_score.core.model import Sitting, ThrownIn
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.entry_panel import EntryRequest
from jojotte_score.gui.pad.hand_model import HandTableModel
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.conftest import screenshot_folder
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES, example_sitting

_ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.TextAlignmentRole)


def cells(model: HandTableModel) -> list[list[object]]:
    """Every row's texts and alignments, as the list's cells ask for them."""
    return [
        [
            model.data(model.index(row, column), role)
            for column in range(model.columnCount())
            for role in _ROLES
        ]
        for row in range(model.rowCount())
    ]


def fresh_cells(window: MainWindow) -> list[list[object]]:
    """The rows of a model built anew from the whole stored sitting, replayed."""
    sitting = window.session.store.load(window.session.sitting_id or 0).sitting
    model = HandTableModel()
    model.set_sitting(sitting, replay(sitting))
    return cells(model)


def on_screen(window: MainWindow) -> QImage:
    """The hand list's rows as the screen shows them (the window's backing store)."""
    viewport = window.table.viewport()
    corner = viewport.mapTo(window, QPoint(0, 0))
    pixmap = window.screen().grabWindow(
        window.winId(), corner.x(), corner.y(), viewport.width(), viewport.height()
    )
    return pixmap.toImage()


def painted_afresh(window: MainWindow) -> QImage:
    """The hand list's rows painted anew."""
    return window.table.viewport().grab().toImage()


class Signals:
    """What the list's model told its view: resets, and rows added or taken away."""

    def __init__(self, model: HandTableModel) -> None:
        self.seen: list[tuple[str, int, int]] = []
        model.modelReset.connect(lambda: self.seen.append(("reset", 0, 0)))
        model.rowsInserted.connect(
            lambda _parent, first, last: self.seen.append(("inserted", first, last))
        )
        model.rowsRemoved.connect(
            lambda _parent, first, last: self.seen.append(("removed", first, last))
        )

    def take(self) -> list[tuple[str, int, int]]:
        seen, self.seen = self.seen, []
        return seen


def settle() -> None:
    """Process the events a change leaves: a row's new height is painted after a timer."""
    for _round in range(3):
        QApplication.processEvents()


def check(window: MainWindow, what: str, selected: int | None = None) -> None:
    """The list holds and shows what a list built anew would, nothing selected but the row
    ``selected`` (the hand just corrected)."""
    settle()
    assert cells(window.model) == fresh_cells(window), what
    rows = [index.row() for index in window.table.selectionModel().selectedRows()]
    assert rows == ([] if selected is None else [selected]), what
    current = window.table.currentIndex()
    assert (current.row() if current.isValid() else None) == selected, what
    shown = on_screen(window)
    assert shown == painted_afresh(window).convertToFormat(shown.format()), what


@pytest.fixture
def answered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The questions a change may ask: Esc to the new cut, re-derive later dealers."""
    from jojotte_score.gui.window import dialogs

    monkeypatch.setattr(dialogs.FirstDealerDialog, "ask", lambda *_args, **_kwargs: None)
    monkeypatch.setattr(dialogs, "ask_choice", lambda *_args, **_kwargs: 0)


def start(window: MainWindow, game: str, hands: int, rows: int) -> Sitting:
    """Store the first ``hands`` hands of the example of ``game`` and show them in a list
    ``rows`` rows high (as the user dragged it: a short list scrolls, a tall one shows
    every row); the whole example."""
    example = example_sitting(game)
    sitting_id = window.session.store.import_sitting(
        dataclasses.replace(example, hands=example.hands[:hands])
    )
    window.open_sitting_id(sitting_id)
    window.resize(1280, 820)
    total = sum(window.left.sizes())
    row = window.table.verticalHeader().defaultSectionSize()
    height = window.table.horizontalHeader().height() + 2 * window.table.frameWidth()
    height += rows * row
    window.left.setSizes([total - height - 2 * row, height, 2 * row])
    window.panes.left_dragged(0, 0)  # the heights the user chose stay
    QApplication.processEvents()
    return example


@pytest.mark.parametrize("rows", [3, 14])
@pytest.mark.parametrize("game", GAMES)
def test_the_list_after_each_change_is_the_list_built_anew(
    game: str, rows: int, window: MainWindow, answered: None, qtmodeltester: ModelTester
) -> None:
    example = start(window, game, 1, rows)
    qtmodeltester.check(window.model)  # type: ignore[no-untyped-call]
    signals = Signals(window.model)
    check(window, "opened")
    for number, hand in enumerate(example.hands[1:], 2):
        if number == len(example.hands):  # the newest row selected: the change clears it
            window.select_hand(number - 1)
            settle()
            signals.take()
        window.submit(EntryRequest("add", None, hand))
        assert signals.take() == [("inserted", number - 1, number - 1)], number
        check(window, f"hand {number} recorded")
    count = len(example.hands)
    actions = window.named_actions
    actions[ActionName.UNDO].trigger()
    assert signals.take() == [("removed", count - 1, count - 1)]
    check(window, "the newest hand undone")
    actions[ActionName.REDO].trigger()
    assert signals.take() == [("inserted", count - 1, count - 1)]
    check(window, "and redone")

    edited = ThrownIn(example.hands[1].dealer)  # hand 2 was thrown in after all
    window.submit(EntryRequest("replace", 1, edited))
    assert signals.take() == []  # rows 2 on changed in place
    assert window.model.data(window.model.index(1, 2)) == "thrown in"
    check(window, "hand 2 edited", selected=1)
    actions[ActionName.UNDO].trigger()
    check(window, "the edit undone")

    window.select_hand(2)
    actions[ActionName.DELETE_HAND].trigger()
    assert signals.take() == [("removed", count - 1, count - 1)]  # and rows 2 on anew
    assert window.model.rowCount() == count - 1
    check(window, "hand 2 deleted")
    actions[ActionName.UNDO].trigger()
    assert signals.take() == [("inserted", count - 1, count - 1)]
    check(window, "the deletion undone")

    window.submit(EntryRequest("insert", 1, ThrownIn()))  # a deal thrown in before hand 2
    assert window.model.rowCount() == count + 1
    assert window.model.data(window.model.index(1, 2)) == "thrown in"
    check(window, "a hand inserted")
    actions[ActionName.UNDO].trigger()
    check(window, "the insertion undone")

    window.select_hand(1)  # a row before the change selected: the change clears it
    assert window.table.selectionModel().selectedRows() != []
    actions[ActionName.REDO].trigger()
    assert window.model.rowCount() == count + 1
    check(window, "the insertion redone while hand 1 was selected")

    signals.take()
    other = window.session.store.import_sitting(example_sitting("cutthroat"))
    window.open_sitting_id(other)
    assert signals.take() == [("reset", 0, 0)]
    check(window, "another sitting opened")


def test_the_new_cut_after_a_rubber_keeps_the_rows(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hand 6 of the German example ends the rubber; the players' answer to the new cut
    (Bert deals) changes no recorded hand, so the list keeps its rows."""
    from jojotte_score.gui.window import dialogs

    monkeypatch.setattr(dialogs.FirstDealerDialog, "ask", lambda *_args, **_kwargs: 1)
    example = start(window, "two-player", 5, 8)
    signals = Signals(window.model)
    window.submit(EntryRequest("add", None, example.hands[5]))
    assert signals.take() == [("inserted", 5, 5)]
    assert window.session.shown is not None
    assert window.session.shown.recent.chosen_dealer == 1
    check(window, "the new cut answered")


def test_screenshots_of_the_list_after_recording_hands(
    window: MainWindow, answered: None, tmp_path: Path
) -> None:
    """The list after each recorded hand, as the screen shows it and painted afresh (for a
    person to look at: JOJOTTE_SCREENSHOTS=DIR keeps them)."""
    folder = screenshot_folder(tmp_path)
    example = start(window, "chouette", 1, 6)
    for number, hand in enumerate(example.hands[1:], 2):
        window.submit(EntryRequest("add", None, hand))
        settle()
        shown = on_screen(window)
        assert shown.save(str(folder / f"hand-list-{number:02d}-on-screen.png"))
        assert window.table.grab().save(str(folder / f"hand-list-{number:02d}.png"))
        assert shown == painted_afresh(window).convertToFormat(shown.format()), number
    # The newest hand's row is in sight, at the foot of the list.
    bottom = window.table.viewport().height() - 1
    assert window.table.rowAt(bottom) in (len(example.hands) - 1, -1)
    assert window.table.rowAt(window.table.viewport().height() // 2) >= 0


@pytest.mark.parametrize("game", GAMES)
def test_the_list_resized_by_the_explanation_shows_its_rows(
    game: str, window: MainWindow, answered: None
) -> None:
    """With the heights the window chooses, each hand's explanation takes the list's height
    or gives it back: after each hand, and after the window is resized, the screen shows
    what the list painted afresh shows. (A viewport with static contents, painting only
    what a resize newly shows, failed this at the chouette's hand 10: the rows of two
    lines had moved the others.)"""
    example = example_sitting(game)
    sitting_id = window.session.store.import_sitting(
        dataclasses.replace(example, hands=example.hands[:1])
    )
    window.open_sitting_id(sitting_id)
    window.resize(1280, 820)
    settle()
    heights = {window.table.height()}
    for number, hand in enumerate(example.hands[1:], 2):
        window.submit(EntryRequest("add", None, hand))
        check(window, f"hand {number} recorded")
        heights.add(window.table.height())
    assert len(heights) > 1  # the explanation resized the list
    for width, height in ((1000, 700), (1400, 900), (1280, 820)):
        window.resize(width, height)
        check(window, f"the window resized to {width}x{height}")
