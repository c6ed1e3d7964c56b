"""A key a row does not take is refused there (issue 41, item 2): a stray "0" typed in the
"Doubled by" or "Third player sides with" row, the doubling's key for None, neither cancels
the double nor moves on; it is said under the row, in every game that has those rows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Doubling
from jojotte_score.gui.entry.form_rules import Slot
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.entry.test_entry_keys import first_plain_plan, focused
from tests.gui.keyboard import ALT, Keyboard
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_a_stray_zero_after_a_double_is_refused_in_its_row(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    show_game(window, game)
    plan = first_plain_plan(window)
    panel = window.panel
    panel.new_hand()
    keyboard = Keyboard(qtbot)
    keyboard.follow(plan[: next(i for i, key in enumerate(plan) if key.isdigit())])
    keyboard.press((Qt.Key.Key_D, ALT), "X")  # Doubling: doubled
    assert panel.values().double is Doubling.DOUBLE
    rows = [slot for slot in (Slot.DOUBLER, Slot.SIDES_WITH) if slot in panel.form.order]
    if not rows:  # the two-sided games: the side that doubled is the defenders
        assert game in ("two-player", "partnership", "chouette")
        return
    for slot in rows:
        row = panel.widget_for(slot)
        row.setFocus()
        before = panel.values()
        keyboard.press("0")
        assert panel.values() == before  # still doubled, by the same player
        assert panel.values().double is Doubling.DOUBLE
        assert focused() is row  # the focus stays: the key was not this row's
        assert panel.errors[slot.row].text() == "⚠ “0” is none of this row's keys."
