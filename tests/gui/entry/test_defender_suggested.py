"""The active defender of an undoubled three-player or cutthroat hand is filled in with the
player the rules ask first (docs/RULES.md, "Who is asked to defend"): shown in its row and
on the boxes, said to a screen reader, moved along with the declarer until the scorekeeper
chooses there himself, never used after a double or when a recorded hand is edited. A hand
whose only declaration is one meld takes at most 12 keys where the defender is the one
asked first."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import (
    AnyHand,
    Doubling,
    SeatHand,
    SidesWith,
    Special,
    ThrownIn,
    Trump,
    Variant,
)
from jojotte_score.gui.accessibility import ANNOUNCED
from jojotte_score.gui.entry import entry_fields
from jojotte_score.gui.entry.entry_panel import EntryPanel
from jojotte_score.gui.entry.form_rules import FormValues, Slot
from jojotte_score.gui.entry.seat_form import SeatEntryForm
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.entry.conftest import (
    CUTTHROAT_FORM,
    FOUR,
    THREE,
    THREE_FORM,
    Submissions,
    make_panel,
    three_panel,
)
from tests.gui.entry.test_meld_key import _no_new_cut, plan_for, ready, with_melds
from tests.gui.keyboard import ALT, ENTER, TAB, Key, Keyboard
from tests.gui.window.test_every_game import window
from tests.stored_examples import GAMES

__all__ = ["_no_new_cut", "window"]  # the fixtures

A = Slot.ACTIVE_DEFENDER


def boxes(panel: EntryPanel) -> list[str]:
    return [label.text() for label in panel.card_points.side_labels]


# The form, without Qt ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("form", "values", "suggested"),
    [
        (THREE_FORM, FormValues(dealer=2), None),  # no declarer yet
        (THREE_FORM, FormValues(dealer=2, bidder=0), 1),
        (THREE_FORM, FormValues(dealer=2, bidder=1), 2),
        (THREE_FORM, FormValues(dealer=2, bidder=2), 0),
        # Nullo: the player to the Nullo bidder's left, here the original bidder.
        (THREE_FORM, FormValues(bidder=0, special=Special.NULLO), None),
        (THREE_FORM, FormValues(bidder=0, special=Special.NULLO, nullo_bidder=2), 0),
        (THREE_FORM, FormValues(bidder=0, special=Special.NULLO, nullo_bidder=1), 2),
        (THREE_FORM, FormValues(bidder=0, special=Special.SLAM), 1),
        # After a double the doubler defends (T16.3); against a Nullo he is asked (T16a).
        (THREE_FORM, FormValues(bidder=0, double=Doubling.DOUBLE, doubler=2), None),
        (
            THREE_FORM,
            FormValues(bidder=0, double=Doubling.DOUBLE, special=Special.NULLO, nullo_bidder=1),
            None,
        ),
        # Cutthroat: past the dealer, who sits out; nobody while he is not known.
        (CUTTHROAT_FORM, FormValues(bidder=2), None),
        (CUTTHROAT_FORM, FormValues(dealer=3, bidder=2), 0),
        (CUTTHROAT_FORM, FormValues(dealer=0, bidder=2), 3),
        (CUTTHROAT_FORM, FormValues(dealer=1, bidder=3, special=Special.NULLO, nullo_bidder=0), 2),
    ],
)
def test_the_form_suggests_the_player_asked_first(
    form: SeatEntryForm, values: FormValues, suggested: int | None
) -> None:
    assert form.suggested_choices(values) == {A: suggested}
    filled = form.with_suggestions(values)
    assert filled.active_defender == suggested
    assert form.with_suggestions(values._replace(active_defender=2), own={A}).active_defender == 2
    if suggested is not None:
        assert "active_defender" not in form.missing(filled)


# The panel --------------------------------------------------------------------------------


def test_the_suggestion_is_shown_on_the_row_and_the_boxes_and_the_focus_passes_it(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    panel = three_panel(qtbot, submissions)
    assert panel.active_defender.value() is None
    keyboard.press("A")  # Anna bids
    assert panel.active_defender.value() == 1  # Bert, to her left
    assert [b.isChecked() for b in panel.active_defender.buttons()] == [True, False]
    assert boxes(panel) == ["Anna", "Bert"]
    keyboard.press("S")
    assert QApplication.focusWidget() is panel.widget_for(Slot.CARDS_LEFT)
    keyboard.type("90")
    keyboard.press(TAB)
    keyboard.type("40")
    keyboard.press("A", ENTER)  # Anna took the last trick
    [request] = submissions
    assert request.hand == SeatHand(
        bidder=0,
        trump=Trump.SPADES,
        active_defender=1,
        card_points=(90, 40, 0),
        last_trick=0,
        dealer=2,
    )


def test_the_suggestion_follows_the_bidder_until_a_defender_is_chosen(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    """Decided: a defender chosen in his row is kept when the bidder changes, as long as he
    can defend; when he becomes the declarer his choice is void and the suggestion returns."""
    panel = three_panel(qtbot, submissions)
    keyboard.press("A")
    assert panel.active_defender.value() == 1
    keyboard.press((Qt.Key.Key_B, ALT), "B")  # Bert bids instead: Carl is to his left
    assert panel.active_defender.value() == 2
    assert boxes(panel) == ["Bert", "Carl"]
    keyboard.press((Qt.Key.Key_A, ALT), "A")  # Anna defends: chosen in the row, with one key
    assert panel.active_defender.value() == 0
    keyboard.press((Qt.Key.Key_B, ALT), "C")  # Carl bids: Anna, chosen, still defends
    assert panel.active_defender.value() == 0
    assert boxes(panel) == ["Carl", "Anna"]
    keyboard.press((Qt.Key.Key_B, ALT), "A")  # Anna bids: she cannot defend; Bert is suggested
    assert panel.active_defender.value() == 1
    assert boxes(panel) == ["Anna", "Bert"]
    keyboard.press((Qt.Key.Key_B, ALT), "B")  # and moves along again
    assert panel.active_defender.value() == 2


def test_a_players_key_in_the_empty_card_points_box_chooses_another_defender(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    """The keys typed when the focus stopped in the row still type the same hand; a letter
    after a count is no defender's."""
    panel = three_panel(qtbot, submissions)
    keyboard.press("A", "S", "C")  # Carl defends, not Bert
    assert panel.active_defender.value() == 2
    assert QApplication.focusWidget() is panel.widget_for(Slot.CARDS_LEFT)
    assert boxes(panel) == ["Anna", "Carl"]
    keyboard.type("90")
    keyboard.press("B")  # in a box holding a number: refused, the defender stays
    assert panel.active_defender.value() == 2
    assert panel.card_points.errors[0].text() == (
        "⚠ “B” was not typed in: this box takes digits only."
    )
    keyboard.press(TAB)
    keyboard.type("40")
    keyboard.press("C")  # straight after the count: Carl took the last trick
    assert panel.active_defender.value() == 2
    assert panel.last_trick.value() == 2
    keyboard.press(ENTER)
    assert keyboard.count == 11  # A S C 9 0 B Tab 4 0 C Enter
    [request] = submissions
    hand = request.hand
    assert isinstance(hand, SeatHand)
    assert (hand.active_defender, hand.card_points, hand.last_trick) == (2, (90, 0, 40), 2)
    keyboard.press("B")  # the next hand: Bert bids, Carl is suggested again
    assert panel.active_defender.value() == 2


def test_the_nullo_bidders_left_is_suggested(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    panel = three_panel(qtbot, submissions)
    keyboard.press("A", "S")
    assert panel.active_defender.value() == 1
    keyboard.press("N")  # Nullo, typed in the card-points box: who bid it?
    assert panel.active_defender.value() is None
    assert QApplication.focusWidget() is panel.widget_for(Slot.NULLO_BIDDER)
    keyboard.press("C")  # Carl bids Nullo: Anna, to his left, is asked first
    assert panel.active_defender.value() == 0
    assert boxes(panel) == ["Carl", "Anna"]
    assert QApplication.focusWidget() is panel.widget_for(Slot.CARDS_LEFT)
    keyboard.type("20")
    keyboard.press(TAB)
    keyboard.type("70")
    keyboard.press(TAB)
    keyboard.type("2")
    keyboard.press(TAB, " ", ENTER)
    [request] = submissions
    assert request.hand == SeatHand(
        bidder=0,
        trump=Trump.SPADES,
        active_defender=0,
        card_points=(70, 0, 20),
        last_trick=None,
        special=Special.NULLO,
        nullo_bidder=2,
        tricks=(7, 0, 2),
        dealer=2,
    )


def test_a_doubled_hand_is_defended_by_the_doubler(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    panel = three_panel(qtbot, submissions)
    keyboard.press("A", "S")
    assert panel.active_defender.value() == 1
    keyboard.press("X")  # doubled: who doubled?
    assert QApplication.focusWidget() is panel.widget_for(Slot.DOUBLER)
    assert not panel.row_labels["active_defender"].isVisibleTo(panel)
    keyboard.press("C", "F")  # Carl doubled; Bert sides with him
    assert boxes(panel) == ["Anna", "Carl"]
    keyboard.type("50")
    keyboard.press(TAB)
    keyboard.type("80")
    keyboard.press("C", ENTER)
    [request] = submissions
    assert request.hand == SeatHand(
        bidder=0,
        trump=Trump.SPADES,
        active_defender=2,
        card_points=(50, 0, 80),
        last_trick=2,
        double=Doubling.DOUBLE,
        doubler=2,
        sides_with=SidesWith.DEFENDER,
        dealer=2,
    )


def test_editing_a_recorded_hand_keeps_its_defender_and_suggests_nobody(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    recorded = SeatHand(
        bidder=0,
        trump=Trump.SPADES,
        active_defender=2,  # Carl defended: Bert, asked first, withdrew
        card_points=(90, 0, 40),
        last_trick=0,
        dealer=2,
    )
    panel = three_panel(qtbot, submissions)
    panel.edit_hand(0, recorded)
    assert panel.active_defender.value() == 2
    assert boxes(panel) == ["Anna", "Carl"]
    keyboard.press((Qt.Key.Key_B, ALT), "B")  # Bert bid: Carl still defends
    assert panel.active_defender.value() == 2
    keyboard.press((Qt.Key.Key_B, ALT), "C")  # Carl bid: nobody is put in his place
    assert panel.active_defender.value() is None
    assert "Who played against Carl?" not in panel.preview.toPlainText()
    assert "the active defender" in panel.preview.toPlainText()
    keyboard.press((Qt.Key.Key_B, ALT), "A")  # Anna again: still nobody, the row asks
    assert panel.active_defender.value() is None
    keyboard.press(ENTER)
    assert submissions == []
    assert panel.errors["active_defender"].text() == "⚠ Who played against Anna?"


def test_the_suggestion_is_said_like_any_choice(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard, listening: None
) -> None:
    panel = three_panel(qtbot, submissions)
    keyboard.press("A")
    field = QAccessible.queryAccessibleInterface(panel.active_defender)
    assert field is not None
    assert field.text(QAccessible.Text.Value) == "Bert"
    assert field.text(QAccessible.Text.Description) == "Bert chosen"
    assert panel.active_defender.property(ANNOUNCED) == "Active defender: Bert"
    left = QAccessible.queryAccessibleInterface(panel.card_points.edits[1])
    assert left is not None
    assert left.text(QAccessible.Text.Name) == "Card points, Bert"
    keyboard.press((Qt.Key.Key_B, ALT), "B")
    assert panel.active_defender.property(ANNOUNCED) == "Active defender: Carl"


@pytest.mark.parametrize(
    ("variant", "players", "keys", "said"),
    [
        # Carl deals; Anna bids, Bert (to her left) is asked to defend; then, back in the
        # bidder's row, Bert bids instead (the arrow key), and Carl is asked.
        (
            Variant.THREE_PLAYER,
            THREE,
            ["A", (Qt.Key.Key_B, ALT), Qt.Key.Key_Right],
            ["Bidder: Anna", "Active defender: Bert", "Bidder: Bert", "Active defender: Carl"],
        ),
        # Dora deals and sits out; Carl bids, Anna (past the dealer) is asked to defend.
        (Variant.CUTTHROAT, FOUR, ["C"], ["Bidder: Carl", "Active defender: Anna"]),
    ],
    ids=["three-player", "cutthroat"],
)
def test_the_bidder_is_said_before_the_defender_suggested(
    qtbot: QtBot,
    submissions: Submissions,
    keyboard: Keyboard,
    listening: None,
    monkeypatch: pytest.MonkeyPatch,
    variant: Variant,
    players: tuple[str, ...],
    keys: list[Key],
    said: list[str],
) -> None:
    """The order of the table (T3): the bidder first, then the player asked to defend
    against him, as a screen reader hears them; the defender was said first, before the
    bidder whose choice filled him in."""
    heard: list[str] = []
    monkeypatch.setattr(entry_fields, "announce", lambda _widget, message: heard.append(message))
    panel = make_panel(qtbot, submissions, variant, players, dealer=len(players) - 1)
    keyboard.press(*keys)
    assert heard == said
    assert panel.bidder.value() == players.index(said[-2].removeprefix("Bidder: "))


def test_cutthroat_suggests_past_the_dealer(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    panel = make_panel(qtbot, submissions, Variant.CUTTHROAT, FOUR, dealer=3)
    keyboard.press("C")  # Carl bids; Dora deals and sits out
    assert panel.active_defender.value() == 0
    assert [b.text() for b in panel.active_defender.buttons()] == [
        "Anna [1/A]",
        "Bert [2/B]",
    ]
    assert boxes(panel) == ["Carl", "Anna"]


# Keys per hand, typed into the window ------------------------------------------------------


def one_meld_only(hand: AnyHand) -> AnyHand:
    """``hand`` with 20 meld points for the bidder's side (the declarer) and no Jo-Jotte:
    the one declaration of the hand."""
    melded = with_melds(hand, 0)
    assert not isinstance(melded, ThrownIn)
    return melded._replace(jojotte=None)


# The first plain hand after the first (benchmarks/keys_per_hand.py, "one meld only"). The
# cutthroat example's hand is defended by Bert where Anna, to Carl's left past the dealer,
# is asked first: his key is one more.
ONE_MELD_KEYS = {
    "two-player": 12,
    "partnership": 11,
    "three-player": 12,
    "chouette": 12,
    "cutthroat": 13,
}


def type_plan(window: MainWindow, qtbot: QtBot, wanted: AnyHand) -> list[str]:
    """Type the plan for ``wanted`` into the window; the plan, once the hand is recorded."""
    plan = plan_for(window, wanted)
    shown = window.session.shown
    assert shown is not None
    count = shown.count
    keyboard = Keyboard(qtbot)
    keyboard.follow(plan)
    assert keyboard.count == len(plan)
    shown = window.session.shown
    assert shown is not None
    assert shown.count == count + 1
    assert shown.hand(count) == wanted
    return plan


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_whose_only_declaration_is_one_meld(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    wanted = one_meld_only(ready(window, game))
    plan = type_plan(window, qtbot, wanted)
    assert len(plan) == ONE_MELD_KEYS[game]
    assert not any(key.startswith("Alt+") for key in plan)


def test_a_cutthroat_hand_defended_by_the_player_asked_first_takes_twelve_keys(
    window: MainWindow, qtbot: QtBot
) -> None:
    example = ready(window, "cutthroat")
    assert isinstance(example, SeatHand)
    assert (example.dealer, example.bidder, example.active_defender) == (3, 2, 1)
    # Anna (seat 0) defends, the first asked; the same play otherwise.
    asked = example._replace(
        active_defender=0, card_points=(20, 0, 90, 0), melds=(0, 0, 20, 0), jojotte=None
    )
    plan = type_plan(window, qtbot, asked)
    assert plan == ["C", "D", "2", "0", "M", "9", "0", "Tab", "2", "0", "C", "Enter"]


def test_the_keys_typed_before_the_suggestion_still_type_the_same_hand(
    window: MainWindow, qtbot: QtBot
) -> None:
    """B H C 2 0 M 4 5 Tab 6 0 C B Enter: the defender's key where the focus used to stop
    in his row; now typed in the empty card-points box, it is the suggestion already."""
    wanted = with_melds(ready(window, "three-player"), 0)
    shown = window.session.shown
    assert shown is not None
    count = shown.count
    keys = ["B", "H", "C", "2", "0", "M", "4", "5", "Tab", "6", "0", "C", "B", "Enter"]
    Keyboard(qtbot).follow(keys)
    shown = window.session.shown
    assert shown is not None
    assert shown.hand(count) == wanted
