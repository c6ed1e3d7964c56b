"""The hand entry panel driven by the keyboard, as at the table (docs/RULES.md, "Validation")."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialog, QLabel, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import Scorer
from jojotte_score.core.melds import DeclaredMelds, Rank, Run, Suit
from jojotte_score.core.model import (
    Doubling,
    Hand,
    PlayedHand,
    Rules,
    Special,
    ThrownIn,
    Trump,
    Variant,
)
from jojotte_score.core.validation import check_hand
from jojotte_score.gui.entry.entry_fields import ChoiceField
from jojotte_score.gui.entry.entry_panel import EntryPanel, EntryRequest
from jojotte_score.gui.entry.form_rules import FormValues, Slot, mnemonic
from jojotte_score.gui.entry.meld_dialog import MeldDialog
from jojotte_score.gui.window.actions import MENUS
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.keyboard import ALT, BACKTAB, ENTER, ESC, TAB, Keyboard
from tests.sitting_kinds import load_two_sided, two_sided_hands


def scored(rules: Rules, hands: Sequence[Hand] = ()) -> Scorer:
    """A scorer that has scored ``hands``: the panel's context before the next hand."""
    scorer = Scorer(find_game(Variant.TWO_PLAYER), rules)
    scorer.extend(hands)
    return scorer


GERMAN = Path(__file__).resolve().parents[2] / "data" / "german-example.json"


class Submissions(list[EntryRequest]):
    """What the panel submitted."""


@pytest.fixture
def submissions() -> Submissions:
    return Submissions()


@pytest.fixture
def panel(qtbot: QtBot, submissions: Submissions) -> EntryPanel:
    """A shown panel for players A and B, A dealing the first hand of a sitting."""
    widget = EntryPanel()
    qtbot.addWidget(widget)
    widget.submitted.connect(submissions.append)
    widget.set_context(Variant.TWO_PLAYER, ("A", "B"), Rules(), scored(Rules()), 0)
    widget.new_hand()
    widget.resize(560, 760)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    widget.new_hand()
    return widget


@pytest.fixture
def keyboard(qtbot: QtBot) -> Keyboard:
    return Keyboard(qtbot)


def german_hands() -> tuple[Hand, ...]:
    return two_sided_hands(load_two_sided(GERMAN).hands)


def screenshot(widget: QWidget, name: str) -> None:
    """Save a picture of ``widget`` when JOJOTTE_SCREENSHOTS names a folder."""
    folder = os.environ.get("JOJOTTE_SCREENSHOTS", "").strip()
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        layout = widget.layout()
        if layout is not None:
            layout.activate()
        QApplication.processEvents()
        assert widget.grab().save(str(Path(folder) / f"{name}.png"))


def played(candidate: object) -> PlayedHand:
    assert isinstance(candidate, PlayedHand)
    return candidate


def focused() -> QWidget | None:
    return QApplication.focusWidget()


def error_text(panel: EntryPanel, field: str) -> str:
    """The message shown under a field (a pair's box, or a row)."""
    labels = dict(panel.errors)
    for side in (0, 1):
        labels[f"card_points[{side}]"] = panel.card_points.errors[side]
        labels[f"melds[{side}]"] = panel.melds.errors[side]
    label = labels[field]
    return label.text() if label.isVisible() else ""


def shown_errors(panel: EntryPanel) -> dict[str, str]:
    """Every visible field message, by field."""
    fields = [*panel.errors, "card_points[0]", "card_points[1]", "melds[0]", "melds[1]"]
    return {field: text for field in fields if (text := error_text(panel, field))}


def button_texts(field: ChoiceField[Any]) -> list[str]:
    return [button.text() for button in field.buttons()]


# A plain hand ------------------------------------------------------------------------------


def test_a_plain_hand_takes_ten_keys(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    """Bidder A, spades, 35 and 60 typed (left side first), last trick A, Enter."""
    keyboard.press("1", "S")
    assert focused() is panel.card_points.edits[0]  # the left-hand column first
    keyboard.press("3", "5", TAB)
    assert focused() is panel.card_points.edits[1]
    assert panel.card_points.values() == (35, None)  # nothing filled in
    keyboard.press("6", "0", TAB)
    assert focused() is panel.last_trick
    keyboard.press("1")
    # Nothing more is needed: the focus waits in the optional Jo-Jotte row, where Enter
    # records as from any field.
    assert focused() is panel.jojotte
    keyboard.press(ENTER)
    assert keyboard.count == 10
    assert submissions == [
        EntryRequest(
            "add",
            None,
            PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(35, 60), last_trick=0, dealer=0),
        )
    ]
    assert shown_errors(panel) == {}


def test_after_recording_the_panel_is_ready_for_the_next_hand(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    keyboard.press("1", "N", "7", "0", TAB, "5", "0", TAB, "2", ENTER)
    assert submissions[0].hand == PlayedHand(
        bidder=0, trump=Trump.NO_TRUMP, card_points=(70, 50), last_trick=1, dealer=0
    )
    assert panel.current_hand() is None
    assert panel.card_points.values() == (None, None)
    assert focused() is panel.bidder


def test_the_count_typed_on_the_right_first_leaves_the_left_empty(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    keyboard.press("2", "H", TAB, "6", "0", TAB, "B")
    assert panel.card_points.values() == (None, 60)
    assert panel.card_points.edits[0].text() == ""
    assert panel.card_points.edits[0].placeholderText() == ""
    keyboard.press(ENTER)
    assert submissions == []
    assert error_text(panel, "card_points[0]") == "⚠ How many card points did A take?"
    assert focused() is panel.card_points.edits[0]
    keyboard.press("3", "5", ENTER)
    assert [played(r.hand).card_points for r in submissions] == [(35, 60)]
    assert played(submissions[0].hand).last_trick == 1


def test_a_nullo_hand_takes_its_tricks_left_then_right(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    """German hand 4: B no-trump, A bids Nullo, 20 / 40 card points, tricks 2 / 7."""
    keyboard.press("B", "N", (Qt.Key.Key_N, ALT), "N")
    assert not panel.last_trick.isEnabled()
    assert focused() is panel.card_points.edits[0]
    keyboard.press("2", "0", TAB, "4", "0", TAB)
    assert focused() is panel.tricks.edits[0]
    keyboard.press("2", TAB, "7")
    assert panel.tricks.values() == (2, 7)
    assert panel.note.text() == ""
    keyboard.press(ENTER)
    assert submissions[0].hand == german_hands()[3]._replace(note="", dealer=0)


def test_tab_never_skips_an_empty_box(panel: EntryPanel, keyboard: Keyboard) -> None:
    keyboard.press("1", "S", TAB)
    assert focused() is panel.card_points.edits[1]
    keyboard.press(TAB)
    assert focused() is panel.last_trick
    keyboard.press(BACKTAB, BACKTAB)
    assert focused() is panel.card_points.edits[0]


def test_letters_typed_in_a_box_are_used_or_refused_there(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    """X doubles (the row the focus passed by); a letter no row takes is refused under the
    box; neither is written in the box or anywhere else."""
    keyboard.press("1", "S", "3", "x", "5", "t")
    assert panel.card_points.values() == (35, None)
    assert panel.double.value() is Doubling.DOUBLE
    assert panel.card_points.errors[0].text() == (
        "⚠ “t” was not typed in: this box takes digits only."
    )
    assert panel.note.text() == ""
    assert submissions == []


# The German worked example, by keyboard alone ----------------------------------------------


def test_german_example_by_keyboard(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    """Every hand typed by its keystroke plan: one Enter each, no warning, 70 keys."""
    expected = tuple(hand._replace(note="") for hand in german_hands())
    panel.set_context(Variant.TWO_PLAYER, ("A", "B"), Rules(), scored(Rules()), None)
    for number, hand in enumerate(expected, start=1):
        assert panel.mode_label.text() == f"Hand {number}"
        plan = panel.form.keystrokes(hand, panel.values())
        assert plan.count("Enter") == 1
        keyboard.follow(plan)
        assert len(submissions) == number, panel.general_error.text()
        assert shown_errors(panel) == {}
        done = [played(r.hand) for r in submissions]
        panel.set_context(Variant.TWO_PLAYER, ("A", "B"), Rules(), scored(Rules(), done), None)
    assert tuple(r.hand for r in submissions) == expected
    assert keyboard.count == 70  # 80 before the melds were typed with M, 75 with a Tab
    # before each last trick's letter
    ledger = scored(Rules(), expected).ledger(("A", "B"))
    assert ledger.rubbers[0].totals == (755, 655)


# Partnerships: the remainder offered, never filled ------------------------------------------


@pytest.fixture
def partnership(panel: EntryPanel) -> EntryPanel:
    players = ("Anna", "Bert", "Carl", "Dora")
    panel.set_context(Variant.PARTNERSHIP, players, Rules(125), scored(Rules(125)), 3)
    panel.new_hand()
    return panel


def test_partnership_remainder_is_offered_and_taken_with_space(
    partnership: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    keyboard.press("A", "S", "9", "0", TAB)
    right = partnership.card_points.edits[1]
    assert (right.text(), right.placeholderText()) == ("", "65")
    assert partnership.current_hand() is None  # a suggestion is not a value
    assert partnership.preview.toPlainText() == (
        "Still to enter: Bert & Dora's card points (Space takes 65), who won the last trick."
    )
    screenshot(partnership, "entry-panel-suggestion")
    keyboard.press(" ")
    assert right.text() == "65"
    keyboard.press(TAB, "A", ENTER)
    assert submissions[0].hand == PlayedHand(
        bidder=0, trump=Trump.SPADES, card_points=(90, 65), last_trick=0, dealer=3
    )
    assert keyboard.count == 9


def test_partnership_typed_number_wins_and_enter_does_not_take_the_offer(
    partnership: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    keyboard.press("A", "S", "9", "0", TAB, ENTER)
    assert submissions == []
    assert partnership.card_points.edits[1].text() == ""
    assert focused() is partnership.card_points.edits[1]
    keyboard.press("6", "0", TAB, "A")
    assert partnership.card_points.values() == (90, 60)
    assert "add up to 150" in error_text(partnership, "card_points")  # the warning stays
    keyboard.press(ENTER)
    assert submissions == []
    assert partnership.record_button.text() == "Record anyway [Enter]"
    assert "press Enter again" in partnership.general_error.text()
    screenshot(partnership, "entry-panel-warning")
    keyboard.press(ENTER)
    assert [played(r.hand).card_points for r in submissions] == [(90, 60)]


def test_partnership_slam(
    partnership: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    """Four seats deal; the sides are partnerships; tricks add up to eight."""
    keyboard.press("A", "S", (Qt.Key.Key_N, ALT), "S", "1", "5", "5", TAB, "0", TAB, "A")
    assert focused() is partnership.tricks.edits[0]  # tricks are needed for a Slam
    keyboard.press("8", TAB, " ", ENTER)
    assert submissions[0].hand == PlayedHand(
        bidder=0,
        trump=Trump.SPADES,
        card_points=(155, 0),
        last_trick=0,
        special=Special.SLAM,
        tricks=(8, 0),
        dealer=3,
    )


def test_names_with_an_ampersand_are_shown_as_written(partnership: EntryPanel) -> None:
    assert button_texts(partnership.bidder) == ["Anna && Carl [1/A]", "Bert && Dora [2/B]"]
    assert [b.accessibleName() for b in partnership.bidder.buttons()] == [
        "Anna & Carl",
        "Bert & Dora",
    ]
    assert partnership.card_points.side_labels[0].text() == "Anna & Carl"
    assert partnership.card_points.side_labels[0].textFormat() == Qt.TextFormat.PlainText


# Validation: every core error shows on its field and blocks ---------------------------------


def hand(**fields: Any) -> PlayedHand:
    base = PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(90, 45), last_trick=0)
    return base._replace(**fields)


ERRORS = [
    (
        "Nullo is not doubled",
        hand(special=Special.NULLO, double=Doubling.DOUBLE, tricks=(0, 9), card_points=(0, 120)),
        "double",
    ),
    ("Card points are a multiple of 5", hand(card_points=(92, 45)), "card_points[0]"),
    ("Card points are at most the deck", hand(card_points=(0, 160)), "card_points[1]"),
    ("Both sides hold no more than the deck", hand(card_points=(100, 60)), "card_points"),
    (
        "At no-trump the deck is 120",
        hand(trump=Trump.NO_TRUMP, card_points=(125, 5)),
        "card_points[0]",
    ),
    ("Meld points are a sum of 20, 40, 50 and 100", hand(melds=(30, 0)), "melds[0]"),
    ("Meld points are a total nine cards can hold", hand(melds=(0, 110)), "melds[1]"),
    ("Only one player scores each class: fours", hand(melds=(100, 100)), "melds"),
    ("Only one player scores each class: sequences", hand(melds=(20, 40)), "melds"),
    (
        "No Jo-Jotte at no-trump",
        hand(trump=Trump.NO_TRUMP, jojotte=1, card_points=(60, 60)),
        "jojotte",
    ),
    ("Each side's tricks are from 0 to 9", hand(tricks=(10, 0)), "tricks"),
    ("The tricks add up to 9", hand(tricks=(4, 4)), "tricks"),
    (
        "A side with no trick holds no card points",
        hand(tricks=(9, 0), card_points=(140, 15)),
        "card_points[1]",
    ),
    (
        "A side with no trick did not win the last trick",
        hand(tricks=(9, 0), card_points=(155, 0), last_trick=1),
        "last_trick",
    ),
]


@pytest.mark.parametrize(("rule", "candidate", "field"), ERRORS, ids=[row[0] for row in ERRORS])
def test_every_error_shows_on_its_field_and_blocks(
    panel: EntryPanel,
    keyboard: Keyboard,
    submissions: Submissions,
    rule: str,
    candidate: PlayedHand,
    field: str,
) -> None:
    (problem,) = check_hand(candidate, find_game(Variant.TWO_PLAYER), 1, ("A", "B"))
    assert problem.field == field, rule
    panel.edit_hand(0, candidate)
    keyboard.press(ENTER, ENTER)
    assert submissions == [], rule
    assert shown_errors(panel) == {field: "⚠ " + problem.message}, rule
    assert "_" not in problem.message, rule  # no internal key names on screen
    assert "Cannot be recorded" in panel.preview.toPlainText(), rule


def test_missing_input_is_asked_for_on_the_fields(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    keyboard.press(ENTER)
    assert submissions == []
    assert shown_errors(panel) == {
        "bidder": "⚠ Who named the trump?",
        "trump": "⚠ Which trump, or no-trump?",
        "last_trick": "⚠ Who won the last trick?",
        "card_points[0]": "⚠ How many card points did A take?",
        "card_points[1]": "⚠ How many card points did B take?",
    }
    assert focused() is panel.bidder
    assert panel.preview.toPlainText() == (
        "Still to enter: the bidder, the trump, both sides' card points, who won the last trick."
    )
    screenshot(panel, "entry-panel-missing")


def test_an_error_is_shown_while_typing(panel: EntryPanel, keyboard: Keyboard) -> None:
    keyboard.press("1", "N", "9", "2", TAB, "2", "0", TAB, "1")
    assert panel.preview.toPlainText().startswith("Cannot be recorded:\n⚠ A's card points (92)")
    assert "must be a multiple of 5" in error_text(panel, "card_points[0]")
    screenshot(panel, "entry-panel-error")


def test_half_filled(panel: EntryPanel, keyboard: Keyboard) -> None:
    keyboard.press("1", "H", "5", "5")
    assert panel.preview.toPlainText() == (
        "Still to enter: B's card points, who won the last trick."
    )
    screenshot(panel, "entry-panel-half-filled")


# Preview -----------------------------------------------------------------------------------


def test_preview_explains_german_hand_3(panel: EntryPanel, keyboard: Keyboard) -> None:
    hands = german_hands()
    panel.set_context(Variant.TWO_PLAYER, ("A", "B"), Rules(), scored(Rules(), hands[:2]), None)
    panel.new_hand()
    assert panel.mode_label.text() == "Hand 3"
    keyboard.follow(panel.form.keystrokes(hands[2], panel.values())[:-1])
    text = panel.preview.toPlainText()
    assert "Hand 3 (rubber 1, game 2): A bids clubs, doubled by B (×2)." in text
    assert "2 × (60 + 50) = 220" in text
    assert "B reaches 220 below (target 80) and wins game 2 (R12)" in text
    assert "⚠" not in text
    screenshot(panel, "entry-panel-preview")


# Modes -------------------------------------------------------------------------------------


def test_edit_resubmits_unchanged_as_replace(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    hands = german_hands()
    panel.set_context(Variant.TWO_PLAYER, ("A", "B"), Rules(), scored(Rules(), hands[:2]), None)
    panel.edit_hand(2, hands[2])
    assert panel.mode_label.text() == "Editing hand 3 — Enter saves, Esc cancels"
    assert panel.record_button.text() == "Save [Enter]"
    assert panel.current_hand() == hands[2]
    keyboard.press(ENTER)  # one Enter: nothing to confirm
    assert submissions == [EntryRequest("replace", 2, hands[2])]
    assert panel.mode() == ("add", None)


def test_edit_a_partnership_hand_keeps_everything(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    players = ("Anna", "Bert", "Carl", "Dora")
    panel.set_context(Variant.PARTNERSHIP, players, Rules(125), scored(Rules(125)), 2)
    edited = PlayedHand(
        bidder=1,
        trump=Trump.HEARTS,
        card_points=(0, 155),
        last_trick=1,
        double=Doubling.REDOUBLE,
        special=Special.SLAM,
        melds=(0, 240),
        jojotte=1,
        tricks=(0, 8),
        dealer=3,
        note="Slam",
    )
    panel.edit_hand(4, edited)
    assert panel.dealer.value() == 3
    assert panel.values() == FormValues.of(edited)
    keyboard.press(ENTER)
    assert submissions == [EntryRequest("replace", 4, edited)]


def test_escape_cancels_edit(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions, qtbot: QtBot
) -> None:
    hands = german_hands()
    panel.edit_hand(1, hands[1])
    with qtbot.waitSignal(panel.cancelled, timeout=1000):
        keyboard.press(ESC)
    assert submissions == []
    assert panel.mode() == ("add", None)
    assert panel.current_hand() is None


def test_insert_mode(panel: EntryPanel, keyboard: Keyboard, submissions: Submissions) -> None:
    hands = german_hands()
    panel.set_context(Variant.TWO_PLAYER, ("A", "B"), Rules(), scored(Rules(), hands[:3]), 0)
    panel.new_hand(3)
    assert panel.mode_label.text() == "Insert before hand 4 — Enter records, Esc cancels"
    keyboard.press("1", "S", "9", "0", TAB, "4", "5", TAB, "1", ENTER)
    assert submissions == [
        EntryRequest(
            "insert",
            3,
            PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(90, 45), last_trick=0, dealer=0),
        )
    ]


# A thrown-in deal: one deliberate action -----------------------------------------------------


@pytest.mark.parametrize(
    "slot",
    [
        Slot.DEALER,
        Slot.BIDDER,
        Slot.TRUMP,
        Slot.DOUBLE,
        Slot.SPECIAL,
        Slot.LAST_TRICK,
        Slot.JOJOTTE,
    ],
)
def test_a_stray_t_in_a_choice_row_records_nothing(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions, slot: Slot
) -> None:
    panel.widget_for(slot).setFocus()
    before = panel.values()
    keyboard.press("T", "W", "M")
    assert submissions == []
    assert panel.values() == before
    assert focused() is panel.widget_for(slot)


def test_thrown_in_by_the_button(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions, qtbot: QtBot
) -> None:
    QTest.mouseClick(panel.thrown_in_button, Qt.MouseButton.LeftButton)
    assert submissions == [EntryRequest("add", None, ThrownIn(dealer=0))]
    keyboard.press((Qt.Key.Key_W, ALT))  # the button's own letter (Qt animates the click)
    qtbot.waitUntil(lambda: len(submissions) == 2, timeout=2000)
    assert submissions[1] == EntryRequest("add", None, ThrownIn(dealer=0))


# Focus and keys ------------------------------------------------------------------------------


def test_tab_and_shift_tab_go_through_every_field_in_order(
    panel: EntryPanel, keyboard: Keyboard
) -> None:
    panel.edit_hand(0, german_hands()[0])  # the cancel button is shown while editing
    panel.dealer.setFocus()
    order = [
        panel.dealer,
        panel.bidder,
        panel.trump,
        panel.double,
        panel.special,
        panel.melds.edits[0],
        panel.melds.edits[1],
        panel.card_points.edits[0],
        panel.card_points.edits[1],
        panel.last_trick,
        panel.jojotte,
        panel.tricks.edits[0],
        panel.tricks.edits[1],
        panel.note,
        panel.record_button,
        panel.thrown_in_button,
        panel.cancel_button,
        panel.preview,
    ]
    seen = [focused()]
    for _ in order[1:]:
        keyboard.press(TAB)
        seen.append(focused())
    assert seen == order
    back = [focused()]
    for _ in order[1:]:
        keyboard.press(BACKTAB)
        back.append(focused())
    assert back == order[::-1]


def test_keys_are_shown_on_the_choices(panel: EntryPanel) -> None:
    assert button_texts(panel.bidder) == ["A [1/A]", "B [2/B]"]
    assert button_texts(panel.trump) == [
        "♣ Clubs [C]",
        "♦ Diamonds [D]",
        "♥ Hearts [H]",
        "♠ Spades [S]",
        "No-trump [N]",
    ]
    assert button_texts(panel.double) == ["None [0]", "Doubled [X]", "Redoubled [R]"]
    panel.set_context(
        Variant.PARTNERSHIP, ("Anna", "Bert", "Alex", "Dora"), Rules(125), scored(Rules(125)), 0
    )
    assert button_texts(panel.dealer) == ["Anna [1]", "Bert [2]", "Alex [3]", "Dora [4]"]


def test_mouse_works_too(panel: EntryPanel, qtbot: QtBot, submissions: Submissions) -> None:
    def click(field: ChoiceField[Any], index: int) -> None:
        QTest.mouseClick(field.buttons()[index], Qt.MouseButton.LeftButton)

    click(panel.bidder, 1)
    click(panel.trump, 4)
    assert focused() is panel.card_points.edits[0]
    QTest.keyClicks(panel.card_points.edits[0], "50")
    QTest.keyClicks(panel.card_points.edits[1], "70")
    click(panel.last_trick, 1)
    assert focused() is panel.jojotte
    QTest.mouseClick(panel.record_button, Qt.MouseButton.LeftButton)
    assert submissions[0].hand == PlayedHand(
        bidder=1, trump=Trump.NO_TRUMP, card_points=(50, 70), last_trick=1, dealer=0
    )


# The meld helper ---------------------------------------------------------------------------


def patch_helper(
    monkeypatch: pytest.MonkeyPatch, side0: DeclaredMelds, side1: DeclaredMelds
) -> list[MeldDialog]:
    opened: list[MeldDialog] = []

    def fake_exec(dialog: MeldDialog) -> int:
        opened.append(dialog)
        dialog.set_declared(0, side0)
        dialog.set_declared(1, side1)
        return int(QDialog.DialogCode.Accepted.value)

    monkeypatch.setattr(MeldDialog, "exec", fake_exec)
    return opened


def test_meld_helper_four_jacks_beat_four_aces(
    panel: EntryPanel, keyboard: Keyboard, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened = patch_helper(
        monkeypatch, DeclaredMelds(fours=(Rank.JACK,)), DeclaredMelds(fours=(Rank.ACE,))
    )
    keyboard.press("1", "S", (Qt.Key.Key_M, ALT), "M")
    assert len(opened) == 1
    assert panel.melds.values() == (100, 0)
    assert "A's four jacks beat four aces" in opened[0].decision_label.text()
    assert focused() is panel.card_points.edits[0]  # on to the next field needing input
    screenshot(opened[0], "meld-helper")


def test_meld_helper_by_its_button(
    panel: EntryPanel, keyboard: Keyboard, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    patch_helper(
        monkeypatch,
        DeclaredMelds(runs=(Run(3, Rank.ACE, Suit.HEARTS),)),
        DeclaredMelds(runs=(Run(4, Rank.TEN, Suit.CLUBS),)),
    )
    keyboard.press("1", "H", (Qt.Key.Key_P, ALT))  # Qt animates the button's click
    qtbot.waitUntil(lambda: panel.melds.values() == (0, 40), timeout=2000)


def test_meld_helper_follows_a_changed_contract(
    panel: EntryPanel, keyboard: Keyboard, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four Nines count with a trump suit but not at no-trump."""
    patch_helper(monkeypatch, DeclaredMelds(fours=(Rank.NINE,)), DeclaredMelds(fours=(Rank.ACE,)))
    keyboard.press("1", "S", (Qt.Key.Key_M, ALT), "M")
    assert panel.melds.values() == (100, 0)
    keyboard.press((Qt.Key.Key_U, ALT), "N")
    assert panel.melds.values() == (0, 100)


def test_meld_helper_cancelled_changes_nothing(
    panel: EntryPanel, keyboard: Keyboard, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(MeldDialog, "exec", lambda _d: int(QDialog.DialogCode.Rejected.value))
    keyboard.press("1", "S", (Qt.Key.Key_M, ALT), "4", "0", "M")
    assert panel.melds.values() == (40, None)


def test_meld_helper_refuses_impossible_declarations(qtbot: QtBot) -> None:
    dialog = MeldDialog(Trump.SPADES, ("A", "B"))
    qtbot.addWidget(dialog)
    dialog.set_declared(0, DeclaredMelds(fours=(Rank.ACE,)))
    dialog.set_declared(1, DeclaredMelds(fours=(Rank.ACE,)))
    assert dialog.helper_result() is None
    assert "four aces declared twice" in dialog.decision_label.text()
    ok = dialog.buttons.buttons()[0]
    assert not ok.isEnabled()


# Screenshots -------------------------------------------------------------------------------


def test_screenshot_empty_panel(panel: EntryPanel) -> None:
    assert panel.mode_label.text() == "Hand 1"
    screenshot(panel, "entry-panel-empty")


# In German ---------------------------------------------------------------------------------

GERMAN_MENU_LETTERS = frozenset("DBAH")
"""Alt plus these opens the menus in German (Datei, Bearbeiten, Ansicht, Hilfe)."""


def alt_letters(widget: QWidget) -> list[str]:
    """The Alt letter of every label and button of ``widget`` that has one."""
    texts = [label.text() for label in widget.findChildren(QLabel)]
    texts += [button.text() for button in widget.findChildren(QAbstractButton)]
    return [mnemonic(text) for text in texts if "&" in text.replace("&&", "")]


@pytest.mark.usefixtures("german")
def test_german_hand_typed_from_the_keyboard(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    """Hand 3 of the worked example in German: bidder A, Kreuz by K, Alt+R (Kont&ra) to
    Kontriert by X, Alt+M to the melds, the counts, last trick B, Enter."""
    assert panel.mode_label.text() == "Spiel 1"
    assert button_texts(panel.trump) == [
        "♣ Kreuz [K]",
        "♦ Karo [A]",
        "♥ Herz [H]",
        "♠ Pik [P]",
        "Ohne Trumpf [O]",
    ]
    assert button_texts(panel.double) == ["Nein [0]", "Kontriert [X]", "Rekontriert [R]"]
    assert panel.row_labels["double"].text() == "Kont&ra"
    assert panel.record_button.text() == "Eintragen [Enter]"

    keyboard.press("A")
    assert focused() is panel.trump
    keyboard.press("C", "S")  # the English letters choose nothing in German
    assert panel.trump.value() is None
    keyboard.press("K")
    assert panel.trump.value() is Trump.CLUBS
    keyboard.press((Qt.Key.Key_R, ALT))
    assert focused() is panel.double
    keyboard.press("X", (Qt.Key.Key_M, ALT), TAB)
    keyboard.type("20")
    keyboard.press(TAB)
    keyboard.type("60")
    keyboard.press(TAB)
    keyboard.type("40")
    keyboard.press(TAB, "B")
    assert panel.preview.toPlainText() != ""
    assert not panel.preview.toPlainText().startswith("Noch einzutragen")
    keyboard.press(ENTER)
    hand = german_hands()[2]
    assert [request.hand for request in submissions] == [hand._replace(note="", dealer=0)]
    assert keyboard.count == 17 + 2  # the plan's keys and the two English letters


@pytest.mark.usefixtures("german")
def test_german_panel_with_an_error(panel: EntryPanel, keyboard: Keyboard, qtbot: QtBot) -> None:
    """Ohne Trumpf by O, 92 and 20: the error under A's box, the preview and the labels in
    German, nothing cut off at the panel's narrowest width."""
    panel.set_context(Variant.TWO_PLAYER, ("Anna", "Bert"), Rules(), scored(Rules()), 0)
    panel.new_hand()
    qtbot.wait(20)  # the boxes' new names are laid out
    keyboard.press("1", "O", "9", "2", TAB, "2", "0", TAB, "1")
    assert panel.trump.value() is Trump.NO_TRUMP
    preview = panel.preview.toPlainText()
    assert preview.startswith("Kann nicht eingetragen werden:\n⚠ ")
    assert "92" in error_text(panel, "card_points[0]")
    assert [label.text() for label in panel.row_labels.values() if label.isVisibleTo(panel)] == [
        "&Geber",
        "&Kontraktspieler",
        "&Trumpf",
        "Kont&ra",
        "&Null oder Schlemm",
        "&Meldungen",
        "Karten&punkte",
        "&Letzter Stich",
        "&Jo-Jotte",
        "&Stiche",
        "N&otiz",
    ]
    assert button_texts(panel.special) == ["Nein [0]", "Null von Bert [N]", "Schlemm von Anna [S]"]
    screenshot(panel, "entry-panel-error-de")
    panel.resize(panel.narrowest(), 900)
    qtbot.wait(20)
    shown: list[QLabel | QAbstractButton] = [*panel.row_labels.values()]
    shown += panel.findChildren(QAbstractButton)
    for widget in shown:
        if widget.isVisibleTo(panel):
            assert widget.width() >= widget.minimumSizeHint().width(), widget.text()
            assert widget.mapTo(panel, widget.rect().topRight()).x() <= panel.width()
    screenshot(panel, "entry-panel-error-de-narrow")


@pytest.mark.usefixtures("german")
def test_german_alt_letters_are_the_panels_own(main_window: MainWindow) -> None:
    """Every label and button of the panel has its own Alt letter in German, and none opens
    a menu: not the menus' letters as the window shows them (those already in German), nor
    the usual German menus' (Datei, Bearbeiten, Ansicht, Hilfe)."""
    letters = alt_letters(main_window.panel)
    assert len(letters) == len(set(letters)), sorted(letters)
    assert "F" in letters  # Meldehil&fe
    assert "Z" in letters  # &Zusammengeworfen
    english_menus = {mnemonic(title) for title in MENUS}
    menus = {
        mnemonic(action.text())
        for action in main_window.menuBar().actions()
        if action.text() not in MENUS and "&" in action.text()
    }
    assert not set(letters) & (menus | GERMAN_MENU_LETTERS), (menus, english_menus)


def test_english_alt_letters_are_the_panels_own(main_window: MainWindow) -> None:
    """Every label and button of the panel has its own Alt letter in English too, and none
    is a menu's (Alt+H is Help, so the meld helper is "Meld hel&per")."""
    letters = alt_letters(main_window.panel)
    assert len(letters) == len(set(letters)), sorted(letters)
    assert "P" in letters
    menus = {mnemonic(action.text()) for action in main_window.menuBar().actions()}
    assert menus == {"F", "E", "V", "H"}
    assert not set(letters) & menus, sorted(letters)
