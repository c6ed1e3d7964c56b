"""Keys typed into the entry panel on every game: each is used for what it says or refused
visibly where it was typed; a half-typed hand is never thrown away without asking."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit

from jojotte_score.core.model import Special
from jojotte_score.gui.entry.entry_fields import ChoiceField
from jojotte_score.gui.entry.form_rules import Slot
from jojotte_score.gui.window.main_window import MainWindow

from .test_every_game import GAMES, show_game, window

__all__ = ["window"]  # the fixture


def box(window: MainWindow, slot: Slot) -> QLineEdit:
    """The number box of ``slot`` in the window's panel."""
    edit = window.panel.widget_for(slot)
    assert isinstance(edit, QLineEdit)
    return edit


def nullo(window: MainWindow) -> None:
    """A new hand played as Nullo: the tricks are asked for."""
    window.panel.new_hand()
    special = window.panel.widget_for(Slot.SPECIAL)
    assert isinstance(special, ChoiceField)
    special.set_value(Special.NULLO)
    assert box(window, Slot.TRICKS_LEFT).isVisibleTo(window)


@pytest.mark.parametrize("game", GAMES)
def test_the_tricks_add_up_and_space_takes_the_rest(game: str, window: MainWindow) -> None:
    """Item 19: the two hands at play take all the tricks, nine (eight in partnerships):
    after one box's count the other offers the rest, and Space takes it."""
    show_game(window, game)
    nullo(window)
    total = 8 if game == "partnership" else 9
    left, right = box(window, Slot.TRICKS_LEFT), box(window, Slot.TRICKS_RIGHT)
    QTest.keyClick(left, Qt.Key.Key_2)
    assert right.placeholderText() == str(total - 2)
    QTest.keyClick(right, Qt.Key.Key_Space)
    assert (left.text(), right.text()) == ("2", str(total - 2))
    assert window.panel.values().tricks == (2, total - 2)
