"""The hand entry panel driven by the keyboard, as at the table (docs/RULES.md, "Validation")."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot

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
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.entry_panel import EntryPanel, EntryRequest
from jojotte_score.gui.meld_dialog import MeldDialog


def scored(rules: Rules, hands: Sequence[Hand] = ()) -> Scorer:
    """A scorer that has scored ``hands``: the panel's context before the next hand."""
    scorer = Scorer(rules)
    scorer.extend(hands)
    return scorer


GERMAN = Path(__file__).resolve().parent.parent / "data" / "german-example.json"
ALT = Qt.KeyboardModifier.AltModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
TAB, BACKTAB, ENTER, ESC = Qt.Key.Key_Tab, Qt.Key.Key_Backtab, Qt.Key.Key_Return, Qt.Key.Key_Escape


class Keyboard:
    """Sends keys to whatever has the focus, one event each, and counts them."""

    def __init__(self, qtbot: QtBot) -> None:
        self.qtbot = qtbot
        self.count = 0

    def press(self, *keys: str | Qt.Key | tuple[Qt.Key, Qt.KeyboardModifier]) -> None:
        """Each item is one key: a character, a Qt key, or (Qt key, modifier)."""
        for key in keys:
            widget = QApplication.focusWidget()
            assert widget is not None, "nothing has the keyboard focus"
            if isinstance(key, tuple):
                QTest.keyClick(widget, key[0], key[1])
            elif isinstance(key, str) and not key.isascii():
                # QTest only types Latin-1 letters reliably: send the key event itself.
                for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                    event = QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, key)
                    QApplication.sendEvent(widget, event)
            elif isinstance(key, str):
                QTest.keyClick(widget, key)  # type: ignore[call-overload,unused-ignore]
            else:
                QTest.keyClick(widget, key)
            self.count += 1

    def type(self, text: str) -> None:
        """Type ``text`` into the focused widget, one key per character."""
        self.press(*text)


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
    return load_sitting(GERMAN).sitting.hands


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


def played(candidate: Hand) -> PlayedHand:
    assert isinstance(candidate, PlayedHand)
    return candidate


def focused() -> QWidget | None:
    return QApplication.focusWidget()


# The keystroke count of a plain hand -------------------------------------------------------


def test_plain_hand_takes_seven_keys(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    """Bidder 1, spades, 90 card points, Tab (B gets the 65 left), last trick 1, Enter."""
    keyboard.press("1", "S", "9", "0", TAB, "1", ENTER)
    assert keyboard.count == 7
    assert submissions == [
        EntryRequest(
            "add",
            None,
            PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(90, 65), last_trick=0, dealer=0),
        )
    ]


def test_plain_hand_with_three_digit_card_points_takes_eight_keys(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    keyboard.press("2", "H", "1", "0", "5", TAB, "2", ENTER)
    assert keyboard.count <= 8
    assert [r.hand for r in submissions] == [
        PlayedHand(bidder=1, trump=Trump.HEARTS, card_points=(50, 105), last_trick=1, dealer=0)
    ]


def test_after_recording_the_panel_is_ready_for_the_next_hand(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    keyboard.press("1", "N", "7", "0", TAB, "2", ENTER)
    assert submissions[0].hand == PlayedHand(
        bidder=0, trump=Trump.NO_TRUMP, card_points=(70, 50), last_trick=1, dealer=0
    )
    assert panel.mode_label.text() == "Hand 2"
    assert panel.dealer.value() == 1  # the deal alternates
    assert panel.current_hand() is None
    assert focused() is panel.bidder
    keyboard.press("B", "D", "8", "0", TAB, "B", ENTER)
    assert submissions[1].hand == PlayedHand(
        bidder=1, trump=Trump.DIAMONDS, card_points=(75, 80), last_trick=1, dealer=1
    )


# The German worked example, by keyboard alone ----------------------------------------------


def german_keys(keyboard: Keyboard, number: int, note: str) -> None:
    """The keys for German hand ``number``; card points first for the bidder (focused)."""
    note_keys = ((Qt.Key.Key_O, ALT), *note)
    if number == 1:  # B spades, 60 / 25, last trick B, melds B 40
        keyboard.press("B", "S", "2", "5", BACKTAB, "6", "0")
        keyboard.press((Qt.Key.Key_M, ALT), TAB, "4", "0", (Qt.Key.Key_L, ALT), "B")
    elif number == 2:  # B hearts, 40 / 45, last trick A
        keyboard.press("B", "H", "4", "5", BACKTAB, "4", "0", (Qt.Key.Key_L, ALT), "A")
    elif number == 3:  # A clubs doubled by B, 60 / 40, last trick B, melds B 20
        keyboard.press("A", "C", "6", "0", TAB, BACKTAB, "4", "0")
        keyboard.press((Qt.Key.Key_D, ALT), "X", "B")  # X moves on to the last trick
        keyboard.press((Qt.Key.Key_M, ALT), TAB, "2", "0")
    elif number == 4:  # B no-trump, A bids Nullo, 20 / 40, tricks 2 / 7
        keyboard.press("B", "N", (Qt.Key.Key_N, ALT), "N", "4", "0", BACKTAB, "2", "0")
        keyboard.press((Qt.Key.Key_K, ALT), "2")
    elif number == 5:  # A spades, 35 / 45, last trick A
        keyboard.press("A", "S", "3", "5", TAB, BACKTAB, "4", "5", (Qt.Key.Key_L, ALT), "A")
    else:  # A spades, 90 / 40, last trick A, melds A 50
        keyboard.press("A", "S", "9", "0", TAB, BACKTAB, "4", "0", (Qt.Key.Key_L, ALT), "A")
        keyboard.press((Qt.Key.Key_M, ALT), "5", "0")
    keyboard.press(*note_keys)
    keyboard.press(ENTER, ENTER)  # none adds up to the deck: the warning is confirmed


def test_german_example_by_keyboard(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    expected = german_hands()
    panel.set_context(Variant.TWO_PLAYER, ("A", "B"), Rules(), scored(Rules()), None)
    for number, hand in enumerate(expected, start=1):
        assert panel.mode_label.text() == f"Hand {number}"
        german_keys(keyboard, number, hand.note)
        assert len(submissions) == number, panel.general_error.text()
        panel.set_context(
            Variant.TWO_PLAYER,
            ("A", "B"),
            Rules(),
            scored(Rules(), [r.hand for r in submissions]),
            None,
        )
        panel.new_hand()
    assert [r.mode for r in submissions] == ["add"] * 6
    assert tuple(r.hand for r in submissions) == expected


# The remainder fill ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "keys", "typed", "other"),
    [
        ("155 card points with a trump suit", ("1", "S"), "90", "65"),
        ("155 card points with a trump suit", ("2", "C"), "100", "55"),
        ("120 card points at no-trump", ("1", "N"), "90", "30"),
        ("120 card points in every Nullo", ("1", "H", (Qt.Key.Key_N, ALT), "N"), "100", "20"),
    ],
)
def test_card_points_remainder(
    panel: EntryPanel,
    keyboard: Keyboard,
    rule: str,
    keys: tuple[str, ...],
    typed: str,
    other: str,
) -> None:
    keyboard.press(*keys)
    bidder = 0 if keys[0] == "1" else 1
    assert focused() is panel.card_points.edits[bidder], rule
    keyboard.type(typed)
    assert panel.card_points.edits[1 - bidder].text() == other, rule
    keyboard.press(TAB)
    assert panel.card_points.edits[bidder].text() == typed, rule
    assert panel.card_points.edits[1 - bidder].text() == other, rule


def test_remainder_follows_the_contract_and_stays_editable(
    panel: EntryPanel, keyboard: Keyboard
) -> None:
    keyboard.press("1", "S", "1", "0", "0")
    assert panel.card_points.values() == (100, 55)
    keyboard.press((Qt.Key.Key_N, ALT), "N")  # Nullo: the deck is 120
    assert panel.card_points.values() == (100, 20)
    keyboard.press((Qt.Key.Key_U, ALT), "H")  # another trump suit, still Nullo
    assert panel.card_points.values() == (100, 20)
    keyboard.press((Qt.Key.Key_C, ALT), TAB)  # Tab skips the box filled with the remainder
    assert focused() is panel.last_trick
    keyboard.press(BACKTAB, "2", "5")  # B's count typed over the remainder
    assert panel.card_points.values() == (100, 25)
    keyboard.press((Qt.Key.Key_N, ALT), "0")  # back to a plain suit hand: nothing refilled
    assert panel.card_points.values() == (100, 25)


def test_tricks_remainder(panel: EntryPanel, keyboard: Keyboard) -> None:
    keyboard.press("1", "S", (Qt.Key.Key_K, ALT), "9")
    assert panel.tricks.values() == (9, 0)
    keyboard.press(TAB)
    assert focused() is panel.note


# Validation: one row per check of core/validation.py --------------------------------------


def hand(**fields: Any) -> PlayedHand:
    base = PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(90, 65), last_trick=0)
    return base._replace(**fields)


VALIDATION = [
    ("The dealer is a seat", hand(dealer=4), "dealer", "dealer 4 is not a seat (0 to 1)"),
    ("The bidder is a side", hand(bidder=2), "bidder", "bidder 2 is not a side (0 or 1)"),
    (
        "Nullo is not doubled",
        hand(special=Special.NULLO, double=Doubling.DOUBLE, tricks=(0, 9), card_points=(0, 120)),
        "double",
        "Nullo cannot be played on a doubled contract",
    ),
    (
        "Card points are a multiple of 5",
        hand(card_points=(92, 65)),
        "card_points[0]",
        "card points of side 0 (92) must be a multiple of 5 from 0 to 155 with a trump suit",
    ),
    (
        "Card points are at most the deck",
        hand(card_points=(0, 160)),
        "card_points[1]",
        "card points of side 1 (160) must be a multiple of 5 from 0 to 155 with a trump suit",
    ),
    (
        "Card points at no-trump are at most 120",
        hand(trump=Trump.NO_TRUMP, card_points=(125, 0)),
        "card_points[0]",
        "card points of side 0 (125) must be a multiple of 5 from 0 to 120 at no-trump and Nullo",
    ),
    (
        "Meld points are a sum of 20, 40, 50 and 100",
        hand(melds=(30, 0)),
        "melds[0]",
        "meld points of side 0 (30) are not a sum of 20, 40, 50 and 100",
    ),
    (
        "Meld points are a total nine cards can hold",
        hand(melds=(0, 110)),
        "melds[1]",
        "meld points of side 1 (110) cannot be melded with nine cards",
    ),
    (
        "The last trick is recorded, except in Nullo",
        hand(last_trick=None),
        "last_trick",
        "last_trick is required: which side won the last trick",
    ),
    (
        "No Jo-Jotte in Nullo",
        hand(special=Special.NULLO, jojotte=0, tricks=(0, 9), card_points=(0, 120)),
        "jojotte",
        "jojotte does not count in Nullo",
    ),
    (
        "No Jo-Jotte at no-trump",
        hand(trump=Trump.NO_TRUMP, jojotte=1, card_points=(60, 60)),
        "jojotte",
        "jojotte needs a trump suit",
    ),
    (
        "Tricks are recorded in Nullo",
        hand(special=Special.NULLO, card_points=(0, 120)),
        "tricks",
        "tricks are required for Nullo: how many tricks each side won",
    ),
    (
        "Tricks are recorded in Slam",
        hand(special=Special.SLAM, card_points=(155, 0)),
        "tricks",
        "tricks are required for Slam: how many tricks each side won",
    ),
    (
        "Each side's tricks are from 0 to 9",
        hand(tricks=(10, 0)),
        "tricks",
        "tricks [10, 0] must each be from 0 to 9",
    ),
    (
        "The tricks add up to 9",
        hand(tricks=(4, 4)),
        "tricks",
        "tricks [4, 4] add up to 8, not 9",
    ),
    (
        "A side with no trick holds no card points",
        hand(tricks=(9, 0), card_points=(140, 15), last_trick=0),
        "card_points[1]",
        "side 1 won no trick but holds 15 card points",
    ),
    (
        "A side with no trick did not win the last trick",
        hand(tricks=(9, 0), card_points=(155, 0), last_trick=1),
        "last_trick",
        "side 1 won no trick but is recorded with the last trick",
    ),
]


def error_label_text(panel: EntryPanel, field: str) -> str:
    return panel._error_targets()[field].text()


@pytest.mark.parametrize(
    ("rule", "candidate", "field", "message"), VALIDATION, ids=[row[0] for row in VALIDATION]
)
def test_every_error_shows_on_its_field_and_blocks(
    panel: EntryPanel,
    keyboard: Keyboard,
    submissions: Submissions,
    rule: str,
    candidate: PlayedHand,
    field: str,
    message: str,
) -> None:
    panel.edit_hand(0, candidate)
    keyboard.press(ENTER)
    keyboard.press(ENTER)
    assert submissions == [], rule
    label = panel._error_targets()[field]
    assert label.isVisible(), rule
    assert message in label.text(), rule
    assert label.text().startswith("⚠ "), rule
    others = [
        name
        for name, other in panel._error_targets().items()
        if name != field and other.isVisible() and other.text()
    ]
    assert others == [], rule
    assert "Cannot be recorded" in panel.preview.toPlainText(), rule


def test_missing_input_is_shown_on_the_fields(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    keyboard.press(ENTER)
    assert submissions == []
    assert error_label_text(panel, "bidder") == "⚠ Choose the side that named the trump."
    assert error_label_text(panel, "trump") == "⚠ Choose the trump suit or no-trump."
    assert focused() is panel.bidder
    assert panel.preview.toPlainText() == (
        "Still to enter: the bidder, the trump, the card points."
    )


def test_warning_needs_exactly_one_confirmation(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    keyboard.press("1", "S", "9", "0", TAB, BACKTAB, "4", "0", TAB, "1")
    warning = "⚠ card points add up to 130, not the 155 of the deck"
    assert error_label_text(panel, "card_points") == warning
    keyboard.press(ENTER)
    assert submissions == []
    assert panel.record_button.text() == "Record anyway [Enter]"
    assert "press Enter again" in panel.general_error.text()
    screenshot(panel, "entry-panel-warning")
    keyboard.press(ENTER)
    assert [played(r.hand).card_points for r in submissions] == [(90, 40)]


def test_a_changed_hand_needs_the_confirmation_again(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions
) -> None:
    keyboard.press("1", "S", "9", "0", TAB, BACKTAB, "4", "0", TAB, "1", ENTER)
    keyboard.press((Qt.Key.Key_C, ALT), TAB, "5")  # 90 / 5: another count
    keyboard.press(ENTER)
    assert submissions == []
    keyboard.press(ENTER)
    assert [played(r.hand).card_points for r in submissions] == [(90, 5)]


def test_record_anyway_button(panel: EntryPanel, keyboard: Keyboard, qtbot: QtBot) -> None:
    received: list[EntryRequest] = []
    panel.submitted.connect(received.append)
    keyboard.press("1", "S", "9", "0", TAB, BACKTAB, "4", "0", TAB, "1")
    QTest.mouseClick(panel.record_button, Qt.MouseButton.LeftButton)
    assert received == []
    QTest.mouseClick(panel.record_button, Qt.MouseButton.LeftButton)
    assert len(received) == 1


# Preview -----------------------------------------------------------------------------------


def test_preview_explains_german_hand_3(panel: EntryPanel, keyboard: Keyboard) -> None:
    hands = german_hands()
    panel.set_context(Variant.TWO_PLAYER, ("A", "B"), Rules(), scored(Rules(), hands[:2]), None)
    panel.new_hand()
    assert panel.mode_label.text() == "Hand 3"
    keyboard.press("A", "C", "6", "0", TAB, BACKTAB, "4", "0", (Qt.Key.Key_D, ALT), "X", "B")
    keyboard.press((Qt.Key.Key_M, ALT), TAB, "2", "0")
    text = panel.preview.toPlainText()
    assert "Hand 3 (rubber 1, game 2): A bid clubs, doubled (×2)." in text
    assert "2 × (60 + 50) = 220" in text
    assert "B reaches 220 below (target 80) and wins game 2 (R12)" in text
    assert "warning: card points add up to 100, not the 155 of the deck" in text
    screenshot(panel, "entry-panel-preview")


def test_preview_shows_errors_instead(panel: EntryPanel, keyboard: Keyboard) -> None:
    keyboard.press("1", "N", "9", "2")
    assert panel.preview.toPlainText().startswith("Cannot be recorded:\n⚠ card points of side 0")
    assert "must be a multiple of 5" in error_label_text(panel, "card_points[0]")
    screenshot(panel, "entry-panel-error")


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
    keyboard.press(ENTER, ENTER)  # the card count warning is confirmed
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
    keyboard.press("1", "S", "9", "0", TAB, "1", ENTER)
    assert submissions == [
        EntryRequest(
            "insert",
            3,
            PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(90, 65), last_trick=0, dealer=0),
        )
    ]


def test_thrown_in_by_key_and_button(
    panel: EntryPanel, keyboard: Keyboard, submissions: Submissions, qtbot: QtBot
) -> None:
    keyboard.press("T")
    assert submissions == [EntryRequest("add", None, ThrownIn(dealer=0))]
    assert panel.dealer.value() == 1  # a thrown-in deal passes the deal on
    QTest.mouseClick(panel.thrown_in_button, Qt.MouseButton.LeftButton)
    assert submissions[1] == EntryRequest("add", None, ThrownIn(dealer=1))


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
        panel.meld_button,
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
    def texts(field: object) -> list[str]:
        return [button.text() for _v, button, _k in field._choices]  # type: ignore[attr-defined]

    assert texts(panel.bidder) == ["A [1/A]", "B [2/B]"]
    assert texts(panel.trump) == [
        "♣ Clubs [C]",
        "♦ Diamonds [D]",
        "♥ Hearts [H]",
        "♠ Spades [S]",
        "No-trump [N]",
    ]
    assert texts(panel.double) == ["None [0]", "Doubled [X]", "Redoubled [R]"]
    panel.set_context(
        Variant.PARTNERSHIP, ("Anna", "Bert", "Alex", "Dora"), Rules(125), scored(Rules(125)), 0
    )
    assert texts(panel.bidder) == ["Anna & Alex [1/A]", "Bert & Dora [2/B]"]
    assert texts(panel.dealer) == ["Anna [1]", "Bert [2]", "Alex [3]", "Dora [4]"]


def test_partnership_hand(panel: EntryPanel, keyboard: Keyboard, submissions: Submissions) -> None:
    """Four seats deal; the sides are partnerships; tricks add up to eight."""
    players = ("Anna", "Bert", "Carl", "Dora")
    panel.set_context(Variant.PARTNERSHIP, players, Rules(125), scored(Rules(125)), 3)
    panel.new_hand()
    keyboard.press("A", "S", (Qt.Key.Key_N, ALT), "S", "1", "5", "5", TAB, "A")
    assert focused() is panel.tricks.edits[0]  # tricks are needed for a Slam
    keyboard.press("8")
    assert panel.tricks.values() == (8, 0)
    keyboard.press(ENTER)
    assert submissions[0].hand == PlayedHand(
        bidder=0,
        trump=Trump.SPADES,
        card_points=(155, 0),
        last_trick=0,
        special=Special.SLAM,
        tricks=(8, 0),
        dealer=3,
    )
    assert panel.dealer.value() == 0  # clockwise: seat 3 → seat 0


def test_mouse_works_too(panel: EntryPanel, qtbot: QtBot, submissions: Submissions) -> None:
    def click(field: object, index: int) -> None:
        button = field._choices[index][1]  # type: ignore[attr-defined]
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    click(panel.bidder, 1)
    click(panel.trump, 4)
    assert focused() is panel.card_points.edits[1]
    QTest.keyClicks(panel.card_points.edits[1], "70")
    click(panel.last_trick, 1)
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
    assert "A's four Jacks beat four Aces" in opened[0].decision_label.text()
    assert focused() is panel.card_points.edits[0]  # on to the next field needing input
    screenshot(opened[0], "meld-helper")


def test_meld_helper_longer_run_wins(
    panel: EntryPanel, keyboard: Keyboard, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    patch_helper(
        monkeypatch,
        DeclaredMelds(runs=(Run(3, Rank.ACE, Suit.HEARTS),)),
        DeclaredMelds(runs=(Run(4, Rank.TEN, Suit.CLUBS),)),
    )
    keyboard.press("1", "H")
    QTest.mouseClick(panel.meld_button, Qt.MouseButton.LeftButton)
    assert panel.melds.values() == (0, 40)


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
    assert "four Aces declared twice" in dialog.decision_label.text()
    ok = dialog.buttons.buttons()[0]
    assert not ok.isEnabled()


# Screenshots -------------------------------------------------------------------------------


def test_screenshot_empty_panel(panel: EntryPanel) -> None:
    assert panel.mode_label.text() == "Hand 1"
    screenshot(panel, "entry-panel-empty")
