"""Keys typed into the entry panel on every game: each is used for what it says or refused
visibly where it was typed; a half-typed hand is never thrown away without asking."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QMenu, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import find_game
from jojotte_score.core.model import Doubling, Special, ThrownIn
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.entry_fields import ChoiceField
from jojotte_score.gui.entry.form_rules import FormValues, Slot
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.conftest import Messages
from tests.gui.keyboard import Keyboard
from tests.gui.window.test_every_game import show_game, window
from tests.stored_examples import GAMES

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
    total = find_game(game).tricks_per_hand  # 9, or 8 in partnerships
    left, right = box(window, Slot.TRICKS_LEFT), box(window, Slot.TRICKS_RIGHT)
    QTest.keyClick(left, Qt.Key.Key_2)
    assert right.placeholderText() == str(total - 2)
    QTest.keyClick(right, Qt.Key.Key_Space)
    assert (left.text(), right.text()) == ("2", str(total - 2))
    assert window.panel.values().tricks == (2, total - 2)


@pytest.mark.parametrize("game", GAMES)
def test_space_in_the_box_just_filled_takes_the_rest_offered_beside_it(
    game: str, window: MainWindow
) -> None:
    """Typed in a real window: "6" in the left box, and the preview says "Space takes 3"
    while the focus is still there; Space there takes it too, rather than doing nothing."""
    show_game(window, game)
    nullo(window)
    total = find_game(game).tricks_per_hand
    left, right = box(window, Slot.TRICKS_LEFT), box(window, Slot.TRICKS_RIGHT)
    QTest.keyClick(left, Qt.Key.Key_6)
    assert f"(Space takes {total - 6})" in window.panel.preview.toPlainText()
    QTest.keyClick(left, Qt.Key.Key_Space)
    assert (left.text(), right.text()) == ("6", str(total - 6))
    assert window.panel.values().tricks == (6, total - 6)
    QTest.keyClick(left, Qt.Key.Key_Space)  # nothing more offered: nothing changes
    assert (left.text(), right.text()) == ("6", str(total - 6))


def first_plain_plan(window: MainWindow) -> list[str]:
    """The keys of the example's first plain, undoubled hand, typed into this panel."""
    shown = window.session.shown
    assert shown is not None
    for hand in shown.sitting.hands:
        values = FormValues.of(hand)
        plain = values.special is Special.NONE and values.double is Doubling.NONE
        if values.trump is not None and plain:
            return window.panel.form.keystrokes(hand._replace(note=""))
    raise AssertionError("the example has no plain hand")


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


@pytest.mark.parametrize("game", GAMES)
def test_a_double_typed_after_the_trump_is_not_swallowed(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    """Item 1: the focus passes the doubling after the trump; an X typed where it is
    doubles the hand (and who doubled is asked when the game asks it)."""
    show_game(window, game)
    plan = first_plain_plan(window)
    window.panel.new_hand()
    keyboard = Keyboard(qtbot)
    head = plan[: next(i for i, key in enumerate(plan) if key.isdigit())]
    keyboard.follow(head)
    typed_in = focused()
    keyboard.press("X")
    assert window.panel.values().double is Doubling.DOUBLE
    doubler = window.panel.widget_for(Slot.DOUBLER)
    assert focused() in (typed_in, doubler)
    assert window.panel.errors["double"].text() == ""


@pytest.mark.parametrize("game", GAMES)
def test_a_character_a_box_does_not_take_is_refused_where_it_was_typed(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    """Item 2: "5-" in the first number box leaves 5 and says under the box that "-" was not
    typed in; a "." is kept as typed (issue 41, item 1: "55." is not read as 55) and said to
    be no number."""
    show_game(window, game)
    plan = first_plain_plan(window)
    window.panel.new_hand()
    keyboard = Keyboard(qtbot)
    keyboard.follow(plan[: next(i for i, key in enumerate(plan) if key.isdigit())])
    edit = focused()
    slot = next(s for s in Slot if window.panel.widget_for(s) is edit)
    assert isinstance(edit, QLineEdit)
    assert slot.side is not None
    pairs = {"card_points": window.panel.card_points, "melds": window.panel.melds}
    error = pairs[slot.row].errors[slot.side]
    keyboard.type("5-")
    assert error.isVisibleTo(window)
    assert error.text() == "⚠ “-” was not typed in: this box takes digits only."
    keyboard.type("5.")
    assert error.text() == "⚠ “55.” is not a number: type whole numbers, without “.” or “,”."
    assert edit.text() == "55."
    keyboard.type("?")
    assert "“?”" in error.text()
    assert edit.text() == "55."
    assert window.panel.values().get(slot) is None


@pytest.mark.parametrize("game", GAMES)
def test_a_key_no_row_takes_is_refused_in_the_row_where_it_was_typed(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    """Items 1-2: a key that is none of the focused row's choices and of no row the focus
    passed by is refused under that row; nothing is chosen."""
    show_game(window, game)
    window.panel.new_hand()
    row = focused()
    assert isinstance(row, ChoiceField)
    before = window.panel.values()
    Keyboard(qtbot).press("?")
    slot = next(s for s in Slot if window.panel.widget_for(s) is row)
    assert window.panel.errors[slot.row].text() == "⚠ “?” is none of this row's keys."
    assert window.panel.values() == before
    assert focused() is row


def half_typed(window: MainWindow, qtbot: QtBot) -> FormValues:
    """The example's first plain hand typed up to its first digit and one digit more."""
    plan = first_plain_plan(window)
    window.panel.new_hand()
    keyboard = Keyboard(qtbot)
    keyboard.follow(plan[: next(i for i, key in enumerate(plan) if key.isdigit())])
    keyboard.press("5")
    return window.panel.values()


def answering(monkeypatch: pytest.MonkeyPatch, yes: bool) -> Messages:
    """Every question is answered Yes or No; the questions asked."""
    answer = QMessageBox.StandardButton.Yes if yes else QMessageBox.StandardButton.No
    asked = Messages()

    def exec_(box: QMessageBox) -> int:
        asked.append(box.text())
        return int(answer)

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return asked


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("yes", [False, True], ids=["no", "yes"])
def test_thrown_in_over_a_typed_hand_asks_first(
    game: str, yes: bool, window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 3: Ctrl+T over a typed hand asks; No keeps every typed value and records
    nothing, Yes records the deal thrown in."""
    show_game(window, game)
    shown = window.session.shown
    assert shown is not None
    count = len(shown.sitting.hands)
    typed = half_typed(window, qtbot)
    asked = answering(monkeypatch, yes)
    Keyboard(qtbot).press((Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier))
    number = count + 1
    assert asked == [f"Record hand {number} as thrown in? What is typed for it is dropped."]
    shown = window.session.shown
    assert shown is not None
    if yes:
        assert len(shown.sitting.hands) == number
        assert isinstance(shown.sitting.hands[-1], ThrownIn)
    else:
        assert len(shown.sitting.hands) == count
        assert window.panel.values() == typed


@pytest.mark.parametrize("game", GAMES)
def test_quitting_with_a_half_typed_hand_asks_first(
    game: str, window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 3: Ctrl+Q (or closing the window) in the middle of a hand asks; No keeps the
    window open with the hand as typed."""
    show_game(window, game)
    typed = half_typed(window, qtbot)
    asked = answering(monkeypatch, yes=False)
    window.named_actions[ActionName.QUIT].trigger()
    assert asked == ["A hand is only partly entered. Quit and drop it?"]
    assert window.isVisible()
    assert window.panel.values() == typed
    asked = answering(monkeypatch, yes=True)
    assert window.close()
    assert asked == ["A hand is only partly entered. Quit and drop it?"]


@pytest.mark.parametrize("game", GAMES)
def test_quitting_while_a_recorded_hand_is_open_unchanged_asks_nothing(
    game: str, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 3: a recorded hand chosen for correcting and left as it was loses nothing, so
    closing asks nothing (a script or a scorekeeper that looked at hand 2 is not stopped);
    once a field is changed, closing asks."""
    show_game(window, game)
    window.select_hand(2)
    asked = answering(monkeypatch, yes=False)
    assert not window.panel.has_typed()
    original = window.panel.note.text()
    window.panel.note.setText("corrected")
    assert window.panel.has_typed()
    assert not window.close()
    assert asked == ["A hand is only partly entered. Quit and drop it?"]
    window.panel.note.setText(original)
    assert window.close()
    assert asked == ["A hand is only partly entered. Quit and drop it?"]


@pytest.mark.parametrize("game", GAMES)
def test_del_says_the_hand_is_deleted_and_how_to_bring_it_back(
    game: str, window: MainWindow
) -> None:
    """Item 7: Del on a selected hand deletes it and says so, with the key that undoes it;
    that key brings it back."""
    show_game(window, game)
    shown = window.session.shown
    assert shown is not None
    hands = shown.sitting.hands
    window.select_hand(2)
    window.table.setFocus()
    QTest.keyClick(window.table, Qt.Key.Key_Delete)
    undo = window.named_actions[ActionName.UNDO].shortcut()
    keys = undo.toString(QKeySequence.SequenceFormat.NativeText)
    assert window.statusBar().currentMessage() == (f"Hand 2 deleted; {keys} (Undo) brings it back.")
    shown = window.session.shown
    assert shown is not None
    assert shown.sitting.hands == (*hands[:1], *hands[2:])
    window.named_actions[ActionName.UNDO].trigger()
    shown = window.session.shown
    assert shown is not None
    assert shown.sitting.hands == hands


@pytest.mark.parametrize("game", GAMES)
def test_alt_e_then_enter_records_nothing(game: str, window: MainWindow) -> None:
    """Item 7: Alt+E then Enter takes the Edit menu's first enabled item; with nothing to
    undo and no hand selected that is no longer "Thrown in", which records."""
    show_game(window, game)
    window.undo_stack.clear()
    window.table.clearSelection()
    edit = next(
        menu
        for menu in window.menuBar().findChildren(QMenu)
        if menu.title().replace("&", "") == "Edit"
    )
    first = next(a for a in edit.actions() if a.isEnabled() and not a.isSeparator())
    assert first is not window.named_actions[ActionName.THROWN_IN]
    assert first is window.named_actions[ActionName.RENAME_PLAYERS]


@pytest.mark.parametrize("game", GAMES)
def test_a_possible_unbid_slam_asks_for_the_tricks(game: str, window: MainWindow) -> None:
    """Item 4: no card points for one player and the last trick to the other: a slam if
    the loser took no trick, which card points cannot tell; the tricks are asked for, the
    hand is not recorded without them, and with all the tricks to the winner it is."""
    show_game(window, game)
    shown = window.session.shown
    assert shown is not None
    form = window.panel.form
    hand = next(
        h
        for h in shown.sitting.hands
        if (v := FormValues.of(h)).trump is not None
        and v.special is Special.NONE
        and v.double is Doubling.NONE
    )
    values = FormValues.of(hand)
    winner = form.last_trick_box(values)
    assert winner is not None
    points = [0, 0]
    points[winner] = 90
    values = values._replace(card_points=(points[0], points[1]), tricks=(None, None))
    words = form.pair_words(values)
    check = form.check(values)
    assert check.hand is None
    assert check.missing["tricks"] == (
        f"No card points for {words[1 - winner]} and the last trick to {words[winner]}: a slam "
        f"if no trick went to {words[1 - winner]}. How many tricks did each take?"
    )
    assert form.next_slot(values) in (Slot.TRICKS_LEFT, Slot.TRICKS_RIGHT)
    total = find_game(game).tricks_per_hand  # 9, or 8 in partnerships
    tricks = [0, 0]
    tricks[winner] = total
    slam = form.check(values._replace(tricks=(tricks[0], tricks[1])))
    assert slam.hand is not None
    assert slam.missing == {}
