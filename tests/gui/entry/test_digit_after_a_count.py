"""A player's key typed as a digit straight after a count of card points: the buttons show
"Anna & Carl [1/A]", and a scorekeeper typing "9 0 Tab 6 5 1" in a real window got 651 card
points for Bert & Dora. Card points end in 0 or 5, so a digit that would make a count end in
anything else is never part of it: it chooses in the row the hand needs next (the last
trick), as the player's letter does, or is refused with a word under the box."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import PlayedHand, Trump, Variant
from jojotte_score.gui.entry.entry_panel import EntryPanel
from tests.gui.entry.conftest import Submissions, make_panel
from tests.gui.keyboard import BACKTAB, ENTER, TAB, Keyboard

PARTNERS = ("Anna", "Bert", "Carl", "Dora")


def panel_for(qtbot: QtBot, submissions: Submissions, variant: Variant) -> EntryPanel:
    players = PARTNERS if variant is Variant.PARTNERSHIP else ("Anna", "Bert")
    return make_panel(qtbot, submissions, variant, players, dealer=0)


@pytest.mark.parametrize("variant", [Variant.TWO_PLAYER, Variant.PARTNERSHIP])
@pytest.mark.parametrize(("key", "winner"), [("1", 0), ("2", 1)])
def test_a_digit_after_the_second_count_chooses_the_last_trick(
    qtbot: QtBot, keyboard: Keyboard, variant: Variant, key: str, winner: int
) -> None:
    submissions = Submissions()
    panel = panel_for(qtbot, submissions, variant)
    keyboard.press("1", "H", "9", "0", TAB, "6", "5", key)
    assert panel.card_points.values() == (90, 65)
    assert panel.last_trick.value() == winner
    assert QApplication.focusWidget() is panel.jojotte  # as after the player's letter
    keyboard.press(ENTER)
    assert [request.hand for request in submissions] == [
        PlayedHand(bidder=0, trump=Trump.HEARTS, card_points=(90, 65), last_trick=winner, dealer=0)
    ]
    assert keyboard.count == 9


def test_a_digit_no_row_takes_is_refused_and_the_count_kept(
    qtbot: QtBot, keyboard: Keyboard
) -> None:
    panel = panel_for(qtbot, Submissions(), Variant.TWO_PLAYER)
    keyboard.press("1", "H", "9", "0", "3")  # the first count: the other box comes next
    left = panel.card_points.edits[0]
    assert left.text() == "90"
    assert panel.card_points.errors[0].text() == (
        "⚠ “3” was not typed in: card points end in 0 or 5."
    )


@pytest.mark.parametrize(
    ("typed", "count"),
    [
        ("100", 100),  # a 0 after a count goes on with it
        ("155", 155),  # so does a 5
        ("55", 55),
        ("0", 0),
        ("15", 15),  # "1" is no count yet: the 5 goes on with it
    ],
)
def test_digits_that_go_on_with_a_count_are_typed_in(
    qtbot: QtBot, keyboard: Keyboard, typed: str, count: int
) -> None:
    panel = panel_for(qtbot, Submissions(), Variant.TWO_PLAYER)
    keyboard.press("1", "H", *typed)
    assert panel.card_points.values() == (count, None)
    assert panel.last_trick.value() is None


def test_a_digit_typed_over_the_count_or_inside_it_is_typed_in(
    qtbot: QtBot, keyboard: Keyboard
) -> None:
    panel = panel_for(qtbot, Submissions(), Variant.TWO_PLAYER)
    keyboard.press("1", "H", "9", "0", TAB, "6", "5", BACKTAB)  # back: the 90 is selected
    keyboard.press("8", "5")  # replaces it
    assert panel.card_points.values() == (85, 65)
    left = panel.card_points.edits[0]
    left.setCursorPosition(1)  # 8|5
    keyboard.press("1")
    assert left.text() == "815"  # inside the number: typed in, and said to be too many
    assert panel.last_trick.value() is None
