"""A long explanation borrows the hand list's height and gives it back (issue 24, item 9):
the list keeps five rows, and grows back when a shorter explanation is shown, in every game."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_hand_list_grows_back_after_a_long_explanation(game: str, window: MainWindow) -> None:
    window.resize(1280, 820)
    show_game(window, game)
    window.left.setSizes([300, 360, 60])
    QApplication.processEvents()
    before = window.left.sizes()[1]
    longest = max(
        range(window.model.rowCount()),
        key=lambda position: len(window.sheet.pad().explain(position + 1)),  # type: ignore[union-attr]
    )
    window.select_hand(longest + 1)
    QApplication.processEvents()
    row = window.table.verticalHeader().defaultSectionSize()
    assert window.left.sizes()[1] < before  # the explanation took room
    assert window.table.viewport().height() >= 5 * row
    window.table.clearSelection()
    window.explanation.setPlainText("")
    window.select_hand(1)
    window.explanation.setPlainText("short")
    window._fit_explanation()
    QApplication.processEvents()
    assert window.left.sizes()[1] >= before - row // 2  # and gave it back
