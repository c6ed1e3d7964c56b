"""Fewer keys per hand, on every game, with every key still used for what it says or refused
visibly: the player's letter typed after the card points chooses who won the last trick
(no Tab first); a character typed at the Record button chooses in a row the focus passed
by (the doubling, Nullo or Slam) or is refused under the buttons."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Doubling
from jojotte_score.gui.entry.form_rules import Slot
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.entry.test_entry_keys import first_plain_plan
from tests.gui.keyboard import Keyboard
from tests.gui.window.test_every_game import show_game, window
from tests.stored_examples import GAMES

__all__ = ["window"]  # the fixture


def last_trick_letter(plan: list[str]) -> int:
    """Where the plan types who won the last trick: the letter straight after the card
    points (a number typed, or Space for the one offered), with no Tab before it."""
    return max(
        i
        for i, key in enumerate(plan[:-1])
        if i
        and (plan[i - 1].isdigit() or plan[i - 1] == "Space")
        and len(key) == 1
        and key.isalpha()
        and key != "M"
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_last_trick_is_typed_straight_after_the_card_points(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    """The plan has no Tab between the card points and the last trick's letter: typed
    into the window, the letter chooses who won it, and Enter records the hand."""
    show_game(window, game)
    shown = window.session.shown
    assert shown is not None
    count = shown.count
    plan = first_plain_plan(window)
    at = last_trick_letter(plan)
    assert plan[at - 1] != "Tab"
    window.panel.new_hand()
    keyboard = Keyboard(qtbot)
    keyboard.follow(plan[:at])
    assert window.panel.values().last_trick is None
    keyboard.follow(plan[at : at + 1])
    assert window.panel.values().last_trick is not None
    # The hand needs nothing more: the focus waits in the optional Jo-Jotte row, from
    # which Enter records as from any field (and its key says who held Jo-Jotte).
    assert QApplication.focusWidget() is window.panel.jojotte
    keyboard.follow(plan[at + 1 : -1])
    typed = window.panel.current_hand()
    keyboard.follow(plan[-1:])
    assert keyboard.count == len(plan)
    shown = window.session.shown
    assert shown is not None
    assert shown.count == count + 1
    assert shown.hand(count) == typed
    hand = shown.hand(count)
    assert hand.last_trick is not None  # type: ignore[union-attr]


@pytest.mark.parametrize("game", GAMES)
def test_a_letter_in_an_empty_box_or_before_the_other_box_is_still_refused(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    show_game(window, game)
    plan = first_plain_plan(window)
    window.panel.new_hand()
    keyboard = Keyboard(qtbot)
    keyboard.follow(plan[: next(i for i, key in enumerate(plan) if key.isdigit())])
    letter = plan[last_trick_letter(plan)]  # who won the last trick
    keyboard.press(letter)  # in an empty box
    assert window.panel.values().last_trick is None
    keyboard.type("55")
    keyboard.press(letter)  # the box's pair still needs its other number
    assert window.panel.values().last_trick is None
    slot = next(s for s in Slot if window.panel.widget_for(s) is QApplication.focusWidget())
    pairs = {"card_points": window.panel.card_points, "melds": window.panel.melds}
    error = pairs[slot.row].errors[slot.side or 0]
    assert error.text() == f"⚠ “{letter}” was not typed in: this box takes digits only."


@pytest.mark.parametrize("game", GAMES)
def test_a_key_typed_at_the_record_button_chooses_a_passed_row_or_is_refused(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    show_game(window, game)
    plan = first_plain_plan(window)
    window.panel.new_hand()
    keyboard = Keyboard(qtbot)
    keyboard.follow(plan[:-1])
    panel = window.panel
    # The focus waits in the optional Jo-Jotte row; at the Record button (Tab past the
    # tricks and the note) a key chooses only in a row passed by.
    assert QApplication.focusWidget() in (panel.jojotte, panel.record_button)
    panel.record_button.setFocus()
    before = panel.values()
    keyboard.press("?")
    assert panel.values() == before
    assert panel.general_error.text() == (
        "⚠ “?” was not typed in: the hand is complete; Enter records it."
    )
    keyboard.press("X")
    assert panel.values().double is Doubling.DOUBLE
    # The focus goes to who doubled where the game asks it, else back to Record.
    assert QApplication.focusWidget() in (panel.record_button, panel.widget_for(Slot.DOUBLER))
