"""Ctrl+Z while a new hand is half typed undoes the last recorded change and leaves what is
typed as it is, since it is still the next hand to record; the status line says both (issue
41: nothing typed may be lost silently). Redo alike. A hand being corrected is dropped by
an undo only when the scorekeeper says so."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from jojotte_score.gui.accessibility import ANNOUNCED
from jojotte_score.gui.entry.entry_panel import EntryPanel
from jojotte_score.gui.window import dialogs
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.conftest import said_in
from tests.gui.entry.test_entry_keys import first_plain_plan, focused
from tests.gui.keyboard import CTRL, Keyboard
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES, example_sitting

UNDONE = {
    "en": "Record hand {recorded}: undone. What was typed is kept for hand {next}, the next to "
    "record.",
    "de": "Spiel {recorded} eintragen: rückgängig gemacht. Das Eingegebene bleibt für Spiel "
    "{next}, das als nächstes einzutragen ist.",
}
REDONE = {
    "en": "Record hand {recorded}: done again. What was typed is kept for hand {next}, the next "
    "to record.",
    "de": "Spiel {recorded} eintragen: wiederhergestellt. Das Eingegebene bleibt für Spiel "
    "{next}, das als nächstes einzutragen ist.",
}


def typed_texts(panel: EntryPanel) -> list[str]:
    """The text of every number box of the panel, as typed."""
    return [
        edit.text()
        for pair in (panel.melds, panel.card_points, panel.tricks)
        for edit in pair.edits
    ]


def first_hand_recorded(window: MainWindow, keyboard: Keyboard, game: str) -> tuple[int, list[str]]:
    """``game``'s example shown, with the first plain hand of its example typed into a new
    hand's panel and recorded: the count of hands before it, and the keys typed."""
    show_game(window, game)
    shown = window.session.shown
    assert shown is not None
    count = shown.count
    window.activateWindow()
    window.panel.new_hand()
    window.panel.setFocus()
    plan = first_plain_plan(window)
    keyboard.follow(plan)
    return count, plan


def choices_typed(keyboard: Keyboard, plan: list[str]) -> None:
    """The keys of ``plan`` before its first digit: the next hand's first choices, the focus
    in its first number box."""
    digit = next(i for i, key in enumerate(plan) if key.isdigit())
    keyboard.follow(plan[:digit])


@pytest.fixture(autouse=True)
def no_new_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand that ends a rubber asks for the next cut: nobody answers here."""
    monkeypatch.setattr(dialogs.FirstDealerDialog, "ask", lambda *args, **kwargs: None)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_undo_and_redo_keep_a_half_typed_new_hand(
    game: str, language: str, window: MainWindow, qtbot: QtBot, request: pytest.FixtureRequest
) -> None:
    if language == "de":
        request.getfixturevalue("german")
    keyboard = Keyboard(qtbot)
    count, plan = first_hand_recorded(window, keyboard, game)  # hand count + 1
    panel = window.panel
    assert window.session.shown is not None
    assert window.session.shown.count == count + 1
    # Half of the next hand: its first choices and a count typed as "5.5", no number yet.
    choices_typed(keyboard, plan)
    keyboard.type("5.5")
    assert isinstance(focused(), QLineEdit)
    values, texts = panel.values(), typed_texts(panel)
    assert "5.5" in texts
    panel.trump.setFocus()  # back up to the trump row, where Ctrl+Z is the window's
    box = focused()
    keyboard.press((Qt.Key.Key_Z, CTRL))
    shown = window.session.shown
    assert shown is not None
    assert shown.count == count  # the hand recorded is undone
    assert panel.mode() == ("add", None)
    assert panel.values() == values  # and what was typed is there
    assert typed_texts(panel) == texts
    assert focused() is box
    said = {"recorded": count + 1, "next": count + 1}
    assert window.statusBar().currentMessage() == UNDONE[language].format(**said)
    keyboard.press((Qt.Key.Key_Y, CTRL))
    assert window.session.shown is not None
    assert window.session.shown.count == count + 1
    assert panel.values() == values
    assert typed_texts(panel) == texts
    said = {"recorded": count + 1, "next": count + 2}
    assert window.statusBar().currentMessage() == REDONE[language].format(**said)


def test_undo_leaves_a_hand_typed_whole_at_its_record_button(
    window: MainWindow, qtbot: QtBot
) -> None:
    """A three-player hand typed to its last key leaves the focus on Record; Ctrl+Z there
    undoes the hand before and leaves the focus where it was, so Enter still records."""
    keyboard = Keyboard(qtbot)
    count, _plan = first_hand_recorded(window, keyboard, "three-player")
    panel = window.panel
    second = example_sitting("three-player").hands[1]  # Bert's hearts, Jo-Jotte to Bert
    plan = panel.form.keystrokes(second._replace(note=""))
    keyboard.follow(plan[:-1])  # all but its Enter
    assert focused() is panel.record_button
    values, texts = panel.values(), typed_texts(panel)
    keyboard.press((Qt.Key.Key_Z, CTRL))
    shown = window.session.shown
    assert shown is not None
    assert shown.count == count
    assert panel.values() == values
    assert typed_texts(panel) == texts
    assert focused() is panel.record_button


@pytest.mark.parametrize("answer", [False, True])
def test_undo_drops_a_correction_typed_only_when_the_scorekeeper_says_so(
    answer: bool, window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def confirm(_parent: object, _title: str, question: str) -> bool:
        asked.append(question)
        return answer

    monkeypatch.setattr("jojotte_score.gui.entry.entry_panel.confirm", confirm)
    count, _plan = first_hand_recorded(window, Keyboard(qtbot), "three-player")
    panel = window.panel
    window.edits.correct(0)  # hand 1 loaded to be corrected, and its card points changed
    box = panel.card_points.edits[0]
    box.setFocus()
    box.selectAll()
    Keyboard(qtbot).type("77")
    window.edits.step_history(window.undo_stack.undo, -1)
    assert asked == [f"Record hand {count + 1}: undo it? What is typed for hand 1 is dropped."]
    shown = window.session.shown
    assert shown is not None
    assert shown.count == (count if answer else count + 1)
    if not answer:  # nothing undone, and the correction is still on the panel
        assert panel.mode() == ("replace", 0)
        assert box.text() == "77"


@pytest.mark.parametrize("game", GAMES)
def test_ctrl_z_in_a_number_box_undoes_its_typing_first_then_the_recorded_hand(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    """As in any text field, Ctrl+Z first takes back what was typed in the box; once the
    box has nothing left to undo, the same key undoes the last recorded hand and keeps the
    rest of the hand typed (before, it did nothing there, without a word)."""
    keyboard = Keyboard(qtbot)
    count, plan = first_hand_recorded(window, keyboard, game)
    panel = window.panel
    choices_typed(keyboard, plan)
    choices = panel.values()
    box = focused()
    assert isinstance(box, QLineEdit)
    keyboard.type("5.5")
    keyboard.press((Qt.Key.Key_Z, CTRL))
    assert box.text() == ""  # the box's own typing undone; the recorded hand not
    assert window.session.shown is not None
    assert window.session.shown.count == count + 1
    keyboard.press((Qt.Key.Key_Z, CTRL))
    assert window.session.shown.count == count
    assert panel.values() == choices
    assert focused() is box
    assert window.statusBar().currentMessage() == UNDONE["en"].format(
        recorded=count + 1, next=count + 1
    )


@pytest.mark.parametrize("game", ["three-player", "cutthroat", "two-player"])
@pytest.mark.usefixtures("listening")
def test_a_screen_reader_hears_what_undo_and_redo_keep(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    """The pad says the hand undone or done again; what was typed and kept is said after
    it, on behalf of the box the focus is back in (Orca says an announcement that follows
    another at once only from there)."""
    keyboard = Keyboard(qtbot)
    count, plan = first_hand_recorded(window, keyboard, game)
    choices_typed(keyboard, plan)
    box = focused()
    keyboard.press((Qt.Key.Key_Z, CTRL))
    assert focused() is box
    undone = UNDONE["en"].format(recorded=count + 1, next=count + 1)
    assert box.property(ANNOUNCED) == undone
    said = said_in(window)
    assert any(text.startswith(f"Hand {count + 1} removed; ") for text in said), said
    keyboard.press((Qt.Key.Key_Y, CTRL))
    assert box.property(ANNOUNCED) == REDONE["en"].format(recorded=count + 1, next=count + 2)
    said = said_in(window)
    assert any(text.startswith(f"Hand {count + 1}: ") for text in said), said
