"""A count of tricks above the tricks of a hand is said under its box as soon as it is typed
(63 for 6 and 3), not only once the hand is complete, as the card points above the deck are:
more digits never mend it. A count within the hand is never flagged."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Trump, Variant
from jojotte_score.gui.entry.entry_form import EntryForm
from jojotte_score.gui.entry.form_rules import FormValues
from tests.gui.entry.conftest import Submissions, make_panel

PARTNERS = ("Anna", "Bert", "Carl", "Dora")


@pytest.mark.parametrize(
    ("variant", "players", "tricks", "said"),
    [
        # Partnerships: eight tricks a hand (four players of eight cards).
        (
            Variant.PARTNERSHIP,
            PARTNERS,
            (63, None),
            {"tricks[0]": ["Anna & Carl's tricks (63) must be from 0 to 8"]},
        ),
        (
            Variant.PARTNERSHIP,
            PARTNERS,
            (5, 12),
            {"tricks[1]": ["Bert & Dora's tricks (12) must be from 0 to 8"]},
        ),
        # Two players: nine tricks a hand; 9 is within it, 10 is not.
        (Variant.TWO_PLAYER, ("Anna", "Bert"), (9, None), {}),
        (
            Variant.TWO_PLAYER,
            ("Anna", "Bert"),
            (None, 10),
            {"tricks[1]": ["Bert's tricks (10) must be from 0 to 9"]},
        ),
    ],
)
def test_tricks_over_the_hand_are_said_before_the_hand_is_complete(
    variant: Variant,
    players: tuple[str, ...],
    tricks: tuple[int | None, int | None],
    said: dict[str, list[str]],
) -> None:
    values = FormValues(bidder=0, trump=Trump.HEARTS, card_points=(90, 65), tricks=tricks)
    check = EntryForm(variant, players).check(values, 4)
    assert check.hand is None  # the last trick still missing
    assert check.messages(show_missing=False) == said
    assert [p.hand for p in check.problems] == [4] * len(said)


def test_the_box_says_it_as_the_second_digit_is_typed(qtbot: QtBot) -> None:
    panel = make_panel(qtbot, Submissions(), Variant.PARTNERSHIP, PARTNERS, dealer=0)
    left = panel.tricks.edits[0]
    left.setFocus()
    QTest.keyClicks(left, "6")
    assert panel.tricks.errors.made().get(0) is None or panel.tricks.errors[0].text() == ""
    QTest.keyClicks(left, "3")
    assert left.text() == "63"
    assert panel.tricks.errors[0].text() == "⚠ Anna & Carl's tricks (63) must be from 0 to 8"
    QTest.keyClick(left, Qt.Key.Key_Backspace)  # 6 again, and the message goes
    assert panel.tricks.errors[0].text() == ""


@pytest.mark.usefixtures("deutsch")
def test_the_message_in_german() -> None:
    values = FormValues(bidder=0, trump=Trump.HEARTS, tricks=(63, None))
    check = EntryForm(Variant.TWO_PLAYER, ("Anna", "Bert")).check(values)
    assert check.messages(show_missing=False) == {
        "tricks[0]": ["Die Stiche von Anna (63) müssen zwischen 0 und 9 liegen"]
    }
