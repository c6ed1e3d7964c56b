"""A sync pass while a hand is typed (docs/sync.md, "While a hand is typed"): a pass that
takes in only other sittings leaves the sitting shown and its panel alone; one that changes
the sitting shown keeps what was typed, for the same hand or, when another device recorded
hands meanwhile, for the next, and says so in the status bar and to a screen reader (issue
41: nothing typed may be lost silently)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import all_games
from jojotte_score.core.model import AnyHand, PlayedHand, Sitting, Variant
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.entry_panel import EntryPanel, EntryRequest
from jojotte_score.gui.entry.form_rules import FormValues
from jojotte_score.gui.sitting.commands import DeleteHand
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.conftest import german, played, said_in, screenshot_folder
from tests.gui.entry.test_entry_keys import focused
from tests.gui.keyboard import Keyboard
from tests.gui.sitting.test_undo_keeps_typed import typed_texts
from tests.gui.window.conftest import (
    Windows,
    both_follow,
    follower,
    passed,
    record,
    settled,
    two_folders,
)
from tests.stored_examples import example_sitting

pytestmark = pytest.mark.usefixtures("listening")  # a screen reader hears the status bar

TOOK_IN = {
    "en": "Sync: took in 1 changed sitting.",
    "de": "Abgleich: 1 geänderte Sitzung übernommen.",
}
KEPT = {
    "en": "What was typed is kept for hand {number}, the next to record.",
    "de": "Das Eingegebene bleibt für Spiel {number}, das als nächstes einzutragen ist.",
}
MOVED = {
    "en": "Another device recorded hand {number}: what was typed here is kept for hand {next}. "
    "Check that it is not the same hand.",
    "de": "Ein anderes Gerät hat Spiel {number} eingetragen: das hier Eingegebene bleibt für "
    "Spiel {next}. Prüfen Sie, dass es nicht dasselbe Spiel ist.",
}
CORRECTION_KEPT = {
    "en": "What was typed to correct hand {number} is kept: check it against hand {number} "
    "as it is recorded now.",
    "de": "Das zur Korrektur von Spiel {number} Eingegebene bleibt: vergleichen Sie es mit "
    "Spiel {number}, wie es jetzt eingetragen ist.",
}
MODE = {"en": "Hand {number}", "de": "Spiel {number}"}
GAMES = [game.value for game in all_games()]
"""Every way to play, by its key (its worked example's name in tests/stored_examples.py)."""


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> str:
    """The language the windows speak: asked for before them, so that they are built in it."""
    if request.param == "de":
        request.getfixturevalue("german")
    return str(request.param)


def cleared(windows: Windows) -> None:
    """The panels cleared at the end of a test: a window closing over a hand partly entered
    asks first, and stays open."""
    for window in windows:
        for _step in range(2):  # a correction left, then the new hand cleared
            window.panel.cancel()
        assert not window.panel.has_typed()


class Typed:
    """What a window's panel holds, read before a pass to compare with after it."""

    def __init__(self, panel: EntryPanel) -> None:
        self.mode = panel.mode()
        self.values: FormValues = panel.values()
        self.texts = typed_texts(panel)
        self.focus: QWidget = focused()


def dealt(number: int) -> PlayedHand:
    """The example's hand ``number`` (0-based), dealt in turn: Anna deals the first."""
    return played(german().hands[number])._replace(dealer=number % 2)


def record_dealt(window: MainWindow, number: int) -> None:
    window.submit(EntryRequest("add", None, dealt(number)))


def shared_sitting_shown(
    windows: Windows, following: tuple[Path, Path], qtbot: QtBot
) -> tuple[Path, Path]:
    """Anna's and Carl's sitting with the example's first hand, recorded in Anna's window
    and shown in Carl's: Anna's sync folder and Carl's."""
    anna, carl = windows
    here, there = following
    record_dealt(anna, 0)
    passed(here, there, carl, qtbot, anna)
    assert carl.session.shown is not None
    assert carl.session.shown.count == 1
    return here, there


def in_turn(window: MainWindow, example: Sitting, number: int) -> AnyHand:
    """``example``'s hand ``number`` (0-based), dealt by the dealer ``window`` shows for it."""
    shown = window.session.shown
    assert shown is not None
    return example.hands[number]._replace(dealer=shown.dealer_at(number))


def example_shown(
    windows: Windows,
    tmp_path: Path,
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
) -> tuple[Path, Path, Sitting]:
    """``game``'s worked example begun in Anna's window (its roles, its first dealer: the
    example's, or the first seat when it records none), its first hand recorded there and
    shown in Carl's: Anna's sync folder, Carl's and the example."""
    anna, carl = windows
    example = example_sitting(game)
    store = anna.session.store
    made = store.import_sitting(replace(example, hands=()))
    first = example.hands[0].dealer
    store.choose_dealer(made, 0 if first is None else first)
    here, there = two_folders(tmp_path)
    both_follow(windows, here, there, monkeypatch, made)
    anna.submit(EntryRequest("add", None, in_turn(anna, example, 0)))
    passed(here, there, carl, qtbot, anna)
    assert carl.session.shown is not None
    assert carl.session.shown.count == 1
    return here, there, example


def hand_begun(window: MainWindow, qtbot: QtBot, number: int) -> Typed:
    """The example's hand ``number`` (0-based) begun on ``window``'s panel as a scorekeeper
    types it: its choices, then "5.5" in its first number box, not yet a number."""
    window.activateWindow()
    window.panel.setFocus()
    plan = window.panel.form.keystrokes(played(german().hands[number])._replace(note=""))
    digit = next(i for i, key in enumerate(plan) if key.isdigit())
    keyboard = Keyboard(qtbot)
    keyboard.follow(plan[:digit])
    keyboard.type("5.5")
    assert isinstance(focused(), QLineEdit)
    typed = Typed(window.panel)
    assert "5.5" in typed.texts
    assert typed.values.bidder is not None
    return typed


def panel_picture(window: MainWindow, tmp_path: Path, name: str) -> None:
    """The panel after the pass, and the whole window with its status bar, to look at."""
    folder = screenshot_folder(tmp_path)
    window.panel.grab().save(str(folder / f"{name}.png"))
    window.grab().save(str(folder / f"{name}-window.png"))


def said(window: MainWindow, text: str) -> None:
    """``text`` is in the status bar and was said to a screen reader."""
    assert window.statusBar().currentMessage() == text
    assert text in said_in(window)


def test_a_pass_that_takes_in_another_sitting_leaves_the_typed_hand_alone(
    windows: Windows,
    tmp_path: Path,
    qtbot: QtBot,
    following: tuple[Path, Path],
) -> None:
    anna, carl = windows
    here, there = shared_sitting_shown(windows, following, qtbot)
    # Carl keeps his own sitting with Dora, a hand recorded (an undo history), the next begun.
    own = carl.session.store.create_sitting(Variant.TWO_PLAYER, ("Carl", "Dora"))
    carl.open_sitting_id(own)
    carl.submit(EntryRequest("add", None, played(german().hands[0])))
    settled(qtbot, carl)
    carl.show_history()
    assert carl.history is not None
    assert carl.history.model.rowCount() == 2
    typed = hand_begun(carl, qtbot, 1)
    undo_steps = carl.undo_stack.count()
    assert undo_steps == 1

    record(anna, 1)  # and a new sitting of Anna's
    anna.session.store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))
    follower(anna).soon()
    passed(here, there, carl, qtbot, anna)

    shown = carl.session.shown
    assert shown is not None
    assert shown.id == own
    assert shown.players == ("Carl", "Dora")
    assert shown.count == 1
    assert carl.panel.mode() == typed.mode == ("add", None)
    assert carl.panel.values() == typed.values
    assert typed_texts(carl.panel) == typed.texts
    assert focused() is typed.focus
    assert carl.undo_stack.count() == undo_steps  # Ctrl+Z still takes back Carl's hand
    assert carl.history.model.rowCount() == 3  # the history lists what was taken in
    shared = [info for info in carl.session.store.list_sittings() if info.id != own]
    assert sorted(info.hands for info in shared) == [0, 2]
    said(carl, "Sync: took in 2 changed sittings.")
    panel_picture(carl, tmp_path, "sync-other-sitting")
    cleared(windows)


def test_a_pass_that_corrects_an_earlier_hand_keeps_the_typed_hand_for_the_same_hand(
    language: str,
    windows: Windows,
    tmp_path: Path,
    qtbot: QtBot,
    following: tuple[Path, Path],
) -> None:
    """Another device corrects hand 1 while hand 2 is typed here: hand 2 is still the next
    to record, and what was typed stays for it."""
    anna, carl = windows
    here, there = shared_sitting_shown(windows, following, qtbot)
    typed = hand_begun(carl, qtbot, 1)

    corrected = played(german().hands[2])
    anna.submit(EntryRequest("replace", 0, corrected))
    passed(here, there, carl, qtbot, anna)

    shown = carl.session.shown
    assert shown is not None
    assert shown.count == 1
    assert shown.hand(0) == corrected  # the correction is shown
    assert carl.panel.mode() == ("add", None)
    assert carl.panel.mode_label.text() == MODE[language].format(number=2)
    assert carl.panel.values() == typed.values  # and what was typed is there
    assert typed_texts(carl.panel) == typed.texts
    assert focused() is typed.focus
    said(carl, f"{KEPT[language].format(number=2)} {TOOK_IN[language]}")
    panel_picture(carl, tmp_path, f"sync-kept-{language}")
    cleared(windows)


def test_a_hand_recorded_on_another_device_while_typed_here_keeps_it_for_the_next(
    language: str,
    windows: Windows,
    tmp_path: Path,
    qtbot: QtBot,
    following: tuple[Path, Path],
) -> None:
    """Anna records hand 2 while Carl types it: Carl's typing stays on the panel, now for
    hand 3 with hand 3's dealer, and he is told to check it is not the hand just recorded."""
    anna, carl = windows
    here, there = shared_sitting_shown(windows, following, qtbot)
    typed = hand_begun(carl, qtbot, 1)

    assert typed.values.dealer == 1  # Carl deals hand 2
    record_dealt(anna, 1)
    passed(here, there, carl, qtbot, anna)

    shown = carl.session.shown
    assert shown is not None
    assert shown.count == 2  # Anna's hand 2 is recorded here too
    assert shown.hand(1) == dealt(1)
    assert carl.panel.mode() == ("add", None)
    assert carl.panel.mode_label.text() == MODE[language].format(number=3)
    values = carl.panel.values()
    assert values._replace(dealer=None) == typed.values._replace(dealer=None)
    assert values.dealer == shown.dealer_at(2)  # hand 3's dealer, as the panel shows it
    assert values.dealer == 0  # Anna deals hand 3
    assert typed_texts(carl.panel) == typed.texts
    assert focused() is typed.focus
    said(carl, f"{MOVED[language].format(number=2, next=3)} {TOOK_IN[language]}")
    panel_picture(carl, tmp_path, f"sync-moved-{language}")
    cleared(windows)


@pytest.mark.parametrize("game", GAMES)
def test_in_every_game_a_hand_typed_while_another_device_records_it_is_kept_for_the_next(
    game: str,
    language: str,
    windows: Windows,
    tmp_path: Path,
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Carl types the example's hand 2 whole, with every field of its game (the bidder and
    the active defender, who doubled and whom a defender sided with, the dealer), while
    Anna records it: each choice and each box as typed stay on Carl's panel, now for hand
    3, dealt by hand 3's dealer, and he is told to check it is not the hand just recorded."""
    anna, carl = windows
    here, there, example = example_shown(windows, tmp_path, qtbot, monkeypatch, game)
    second = in_turn(carl, example, 1)
    carl.activateWindow()
    carl.panel.setFocus()
    plan = carl.panel.form.keystrokes(second._replace(note=""))
    assert plan[-1] == "Enter"
    Keyboard(qtbot).follow(plan[:-1])  # all of it, not yet recorded
    typed = Typed(carl.panel)
    assert carl.panel.current_hand() == second._replace(note="")  # what Enter would record
    assert typed.values.dealer == second.dealer is not None

    anna.submit(EntryRequest("add", None, in_turn(anna, example, 1)))
    passed(here, there, carl, qtbot, anna)

    shown = carl.session.shown
    assert shown is not None
    assert shown.count == 2  # Anna's hand 2 is recorded here too
    assert shown.hand(1) == second
    assert carl.panel.mode() == ("add", None)
    assert carl.panel.mode_label.text() == MODE[language].format(number=3)
    values = carl.panel.values()
    assert values._replace(dealer=None) == typed.values._replace(dealer=None)
    third = shown.dealer_at(2)
    assert third is not None
    assert values.dealer == third != second.dealer  # hand 3's dealer, not hand 2's
    assert anna.panel.values().dealer == third  # as Anna's panel shows it for hand 3
    assert example.hands[2].dealer in (None, third)  # and the example records it
    assert carl.panel.current_hand() == second._replace(note="", dealer=third)
    assert typed_texts(carl.panel) == typed.texts
    assert focused() is typed.focus
    said(carl, f"{MOVED[language].format(number=2, next=3)} {TOOK_IN[language]}")
    panel_picture(carl, tmp_path, f"sync-moved-{game}-{language}")
    cleared(windows)


def test_a_correction_typed_here_is_kept_while_its_hand_is_there(
    language: str,
    windows: Windows,
    tmp_path: Path,
    qtbot: QtBot,
    following: tuple[Path, Path],
) -> None:
    """Carl corrects hand 1 while Anna records hand 2: hand 1 is still there, so the panel
    still corrects it, with what Carl changed."""
    anna, carl = windows
    here, there = shared_sitting_shown(windows, following, qtbot)
    carl.activateWindow()
    carl.select_hand(1)
    carl.edits.correct(0)
    assert carl.panel.mode() == ("replace", 0)
    carl.panel.note.setFocus()
    Keyboard(qtbot).type("ruff")
    typed = Typed(carl.panel)
    assert typed.values.note.endswith("ruff")
    assert carl.panel.has_typed()

    record_dealt(anna, 1)
    passed(here, there, carl, qtbot, anna)

    shown = carl.session.shown
    assert shown is not None
    assert shown.count == 2
    assert carl.panel.mode() == ("replace", 0)
    assert carl.panel.values() == typed.values
    assert carl.panel.has_typed()  # still a change to hand 1, for Enter to save
    assert carl.selected_position() == 0
    assert focused() is typed.focus
    said(carl, f"{CORRECTION_KEPT[language].format(number=1)} {TOOK_IN[language]}")
    panel_picture(carl, tmp_path, f"sync-correction-{language}")
    cleared(windows)


def test_a_hand_inserted_here_is_kept_while_its_place_is_there(
    windows: Windows, following: tuple[Path, Path], qtbot: QtBot
) -> None:
    anna, carl = windows
    here, there = shared_sitting_shown(windows, following, qtbot)
    carl.activateWindow()
    carl.select_hand(1)
    carl.named_actions[ActionName.INSERT_HAND].trigger()
    assert carl.panel.mode() == ("insert", 0)
    typed = hand_begun(carl, qtbot, 1)

    record_dealt(anna, 1)
    passed(here, there, carl, qtbot, anna)

    shown = carl.session.shown
    assert shown is not None
    assert shown.count == 2
    assert carl.panel.mode() == ("insert", 0)
    assert carl.panel.values() == typed.values
    assert typed_texts(carl.panel) == typed.texts
    assert focused() is typed.focus
    said(carl, f"What was typed to insert before hand 1 is kept. {TOOK_IN['en']}")
    cleared(windows)


def test_a_correction_of_a_hand_deleted_on_another_device_is_kept_as_the_next_hand(
    windows: Windows, following: tuple[Path, Path], qtbot: QtBot
) -> None:
    anna, carl = windows
    here, there = shared_sitting_shown(windows, following, qtbot)
    record_dealt(anna, 1)
    passed(here, there, carl, qtbot, anna)
    carl.activateWindow()
    carl.select_hand(2)
    carl.edits.correct(1)
    carl.panel.note.setFocus()
    Keyboard(qtbot).type("ruff")
    typed = Typed(carl.panel)
    assert typed.values.note.endswith("ruff")

    anna.undo_stack.push(DeleteHand(anna.session, 1))
    passed(here, there, carl, qtbot, anna)

    shown = carl.session.shown
    assert shown is not None
    assert shown.count == 1  # hand 2 is gone
    assert carl.panel.mode() == ("add", None)  # so what was typed for it is the next hand
    assert carl.panel.values() == typed.values
    assert focused() is typed.focus
    deleted = "Another device deleted hands: what was typed here is kept for hand 2, the next to "
    said(carl, f"{deleted}record. {TOOK_IN['en']}")
    cleared(windows)


def test_a_sitting_deleted_on_another_device_says_what_was_typed_went_with_it(
    windows: Windows, following: tuple[Path, Path], qtbot: QtBot
) -> None:
    anna, carl = windows
    here, there = shared_sitting_shown(windows, following, qtbot)
    shared = carl.session.sitting_id
    hand_begun(carl, qtbot, 1)

    anna.session.store.delete_sitting(anna.session.sitting_id or 0)
    follower(anna).soon()
    passed(here, there, carl, qtbot, anna)

    assert shared is not None
    assert not carl.session.store.holds(shared)
    assert carl.session.shown is None
    gone = "The sitting shown was deleted on another device: what was typed for hand 2 went "
    said(carl, f"{gone}with it. {TOOK_IN['en']}")
    cleared(windows)
