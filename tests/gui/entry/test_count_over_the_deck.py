"""A count of card points above the deck of the contract is said under its box as soon as it
is typed, not only once the rest of the hand is entered (205 for 20 or 50), which typing more
can never mend. A count still being typed ("6" on the way to "65") is never flagged."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Special, Trump, Variant
from jojotte_score.gui.entry.entry_form import EntryForm
from jojotte_score.gui.entry.form_rules import FormValues
from tests.gui.conftest import played
from tests.gui.entry.conftest import FOUR, THREE_FORM, Submissions, make_panel
from tests.gui.keyboard import ENTER, TAB, Keyboard

PARTNERS = ("Anna", "Bert", "Carl", "Dora")
PARTNERS_FORM = EntryForm(Variant.PARTNERSHIP, PARTNERS)


@pytest.mark.parametrize(
    ("values", "said"),
    [
        # 65 then "1" for the last trick, with a trump suit: the deck holds 155.
        (
            FormValues(bidder=0, trump=Trump.HEARTS, card_points=(90, 651)),
            {
                "card_points[1]": [
                    "Bert & Dora's card points (651) must be a multiple of 5 "
                    "from 0 to 155 with a trump suit"
                ]
            },
        ),
        # 20 then "6" for the tricks, in Nullo: 120 card points in the deck.
        (
            FormValues(
                bidder=0, trump=Trump.DIAMONDS, special=Special.NULLO, card_points=(100, 206)
            ),
            {
                "card_points[1]": [
                    "Bert & Dora's card points (206) must be a multiple of 5 from 0 to 120 in Nullo"
                ]
            },
        ),
        # At no-trump 125 is more than the deck's 120.
        (
            FormValues(trump=Trump.NO_TRUMP, card_points=(125, None)),
            {
                "card_points[0]": [
                    "Anna & Carl's card points (125) must be a multiple of 5 "
                    "from 0 to 120 at no-trump"
                ]
            },
        ),
        # Within the deck, or not a multiple of 5 yet (more digits may follow): nothing.
        (FormValues(bidder=0, trump=Trump.SPADES, card_points=(155, 6)), {}),
        # No trump chosen yet: the deck is not known.
        (FormValues(bidder=0, card_points=(651, None)), {}),
    ],
)
def test_a_count_over_the_deck_is_said_before_the_hand_is_complete(
    values: FormValues, said: dict[str, list[str]]
) -> None:
    check = PARTNERS_FORM.check(values, 4)
    assert check.hand is None  # the last trick (or the tricks) still missing
    assert check.messages(show_missing=False) == said
    assert [p.hand for p in check.problems] == [4] * len(said)


def test_the_three_player_form_names_the_active_player() -> None:
    values = FormValues(
        dealer=2, bidder=0, trump=Trump.SPADES, active_defender=1, card_points=(90, 405)
    )
    check = THREE_FORM.check(values)
    assert check.messages(show_missing=False) == {
        "card_points[1]": [
            "Bert's card points (405) must be a multiple of 5 from 0 to 155 with a trump suit"
        ]
    }


def test_the_box_says_it_as_the_digit_is_typed(qtbot: QtBot, keyboard: Keyboard) -> None:
    submissions = Submissions()
    panel = make_panel(qtbot, submissions, Variant.PARTNERSHIP, PARTNERS, dealer=0)
    right = panel.card_points.errors
    keyboard.press("1", "H", "9", "0", TAB, "2", "0")
    assert right.made().get(1) is None or right[1].text() == ""
    keyboard.press("5")  # 205: meant 20, or 50
    assert panel.card_points.edits[1].text() == "205"
    assert right[1].text() == (
        "⚠ Bert & Dora's card points (205) must be a multiple of 5 from 0 to 155 with a trump suit"
    )
    assert "Still to enter: who won the last trick." in panel.preview.toPlainText()
    keyboard.press(Qt.Key.Key_Backspace)  # 20 again, and the message goes
    assert panel.card_points.edits[1].text() == "20"
    assert right[1].text() == ""
    keyboard.press(Qt.Key.Key_Backspace, Qt.Key.Key_Backspace, "6", "5", "A", ENTER)
    assert [played(request.hand).card_points for request in submissions] == [(90, 65)]


def test_cutthroat_nullo_box_says_it_too(qtbot: QtBot, keyboard: Keyboard) -> None:
    submissions = Submissions()
    panel = make_panel(qtbot, submissions, Variant.CUTTHROAT, FOUR, dealer=1)
    keyboard.press("C", "C", "N", "D", "3", "0", TAB, "1", "2", "5")  # 125 for Anna
    assert panel.card_points.errors[1].text() == (
        "⚠ Anna's card points (125) must be a multiple of 5 from 0 to 120 in Nullo"
    )
