"""A message under one number box moves neither box (issue 24, item 9), in every game: it
goes below the pair, starting under its own box, and a box's name changing with the game
re-measures the pair."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.conftest import screenshot_folder
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


def where(widget: QWidget, window: MainWindow) -> QPoint:
    return widget.mapTo(window, QPoint(0, 0))


@pytest.mark.parametrize("side", [0, 1], ids=["left", "right"])
@pytest.mark.parametrize("game", GAMES)
def test_a_message_under_one_card_points_box_moves_neither_box(
    game: str, side: int, window: MainWindow, tmp_path: Path
) -> None:
    window.resize(1280, 820)
    show_game(window, "two-player" if game != "two-player" else "cutthroat")
    show_game(window, game)  # the boxes named anew for this game
    QApplication.processEvents()
    pair = window.panel.card_points
    boxes = [where(edit, window) for edit in pair.edits]
    assert boxes[0].y() == boxes[1].y()  # side by side at 1280×820
    QTest.keyClicks(pair.edits[side], "a")
    QApplication.processEvents()
    window.grab().save(str(screenshot_folder(tmp_path) / f"box-message-{game}-{side}.png"))
    message = pair.errors[side]
    assert message.isVisible()
    assert message.text() == "⚠ “a” was not typed in: this box takes digits only."
    assert [where(edit, window) for edit in pair.edits] == boxes
    top = where(message, window).y()
    assert top >= boxes[0].y() + pair.edits[0].height()  # below the boxes
    # The text starts under its own box's name.
    label = where(pair.side_labels[side], window).x()
    assert where(message, window).x() + message.contentsMargins().left() == label


@pytest.mark.parametrize("game", GAMES)
def test_both_melds_boxes_are_in_sight_after_another_game(game: str, window: MainWindow) -> None:
    window.resize(1280, 820)
    show_game(window, "partnership" if game != "partnership" else "cutthroat")
    show_game(window, game)
    QApplication.processEvents()
    pair = window.panel.melds
    for edit in pair.edits:
        assert edit.isVisible()
        inside = edit.mapTo(pair, QPoint(0, 0))
        assert inside.y() + edit.height() <= pair.height(), edit.accessibleName()


def test_the_right_box_s_message_made_first_goes_under_the_left_one_s(window: MainWindow) -> None:
    """The message lines are made when first needed: none for a hand shown and not yet
    typed into; the right-hand box's line, made first, still goes below the left-hand's."""
    window.resize(1280, 820)
    show_game(window, "partnership")
    QApplication.processEvents()
    panel = window.panel
    pair = panel.card_points
    assert panel.errors.made() == {}
    assert [dict(part.errors.made()) for part in (pair, panel.melds, panel.tricks)] == [{}] * 3
    QTest.keyClicks(pair.edits[1], "6.5")
    QTest.keyClicks(pair.edits[0], "5,5")
    QApplication.processEvents()
    messages = [pair.errors[0], pair.errors[1]]
    assert [message.text() for message in messages] == [
        "⚠ “5,5” is not a number: type whole numbers, without “.” or “,”.",
        "⚠ “6.5” is not a number: type whole numbers, without “.” or “,”.",
    ]
    assert all(message.isVisible() for message in messages)
    assert where(messages[0], window).y() < where(messages[1], window).y()
    for side, message in enumerate(messages):
        label = where(pair.side_labels[side], window).x()
        assert where(message, window).x() + message.contentsMargins().left() == label
    assert list(panel.errors.made()) == []  # the rows' own lines: still none
