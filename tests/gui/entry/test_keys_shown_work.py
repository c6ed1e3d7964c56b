"""A key shown on a button works when its row has the focus (issue 41, item 3): "The
doubler [F]" is on the "Third player sides with" row before the doubler is chosen, and F
still chooses the doubler's side once the doubler is named there; D the declarer's."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import SidesWith
from jojotte_score.gui.entry.entry_fields import ChoiceField
from jojotte_score.gui.entry.form_rules import Slot
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.entry.test_entry_keys import first_plain_plan, focused
from tests.gui.keyboard import ALT, Keyboard
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


@pytest.mark.parametrize(("key", "side"), [("F", SidesWith.DEFENDER), ("D", SidesWith.DECLARER)])
@pytest.mark.parametrize("game", GAMES)
def test_the_role_keys_shown_on_the_sides_with_row_work_there(
    game: str, key: str, side: SidesWith, window: MainWindow, qtbot: QtBot
) -> None:
    show_game(window, game)
    plan = first_plain_plan(window)
    panel = window.panel
    panel.new_hand()
    keyboard = Keyboard(qtbot)
    keyboard.follow(plan[: next(i for i, key in enumerate(plan) if key.isdigit())])
    keyboard.press((Qt.Key.Key_D, ALT), "X")  # Doubling: doubled
    if Slot.SIDES_WITH not in panel.form.order:  # the side that doubled: the defenders
        assert game in ("two-player", "partnership", "chouette")
        return
    row = panel.widget_for(Slot.SIDES_WITH)
    doubler_row = panel.widget_for(Slot.DOUBLER)
    assert isinstance(row, ChoiceField)
    assert isinstance(doubler_row, ChoiceField)
    texts = [button.text() for button in row.buttons()]
    assert texts[1] == "The doubler [F]"  # shown while the doubler is not named
    assert focused() is panel.widget_for(Slot.DOUBLER)
    first = doubler_row.buttons()[0].text()  # "Bert [2/B]"
    keyboard.press(first.rpartition("[")[2].split("/")[0])  # that player doubled
    assert panel.values().doubler is not None
    assert focused() is row  # the row with "[F]" on it is reached
    keyboard.press(key)
    assert panel.values().sides_with is side
    assert panel.errors[Slot.SIDES_WITH.row].text() == ""
    assert f"/{key}]" in row.buttons()[0 if side is SidesWith.DECLARER else 1].text()
