"""A correction of a rubber's winner, for every way to play: an earlier hand of the worked
example is selected, typed again so that rubber 1 is won otherwise, and saved in one step;
the pad then holds the figures a player checks, and one Undo gives back those before.

In the chouette the edit changes the roles of the later rubbers (C3), so later hands were
dealt by the partner (C7): the panel's preview says which hands and why while the edit is
typed, in English and in German, and saving asks whether to re-derive or clear their
dealers. Each example is ``tests/data/*-example.json``; the figures after each edit were
worked out by hand from the hand's rules (see each case).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import find_game
from jojotte_score.core.model import AnyHand, Doubling, PlayedHand, SeatHand
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.i18n import use_language
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import screenshot_folder, shown_window
from tests.gui.keyboard import Keyboard
from tests.stored_examples import GAMES, example_sitting


class Figures(NamedTuple):
    """What a player checks on the pad: who won rubber 1 (a column's name, or None while it
    is still played), its totals by column, and the rubbers written."""

    winner: str | None
    totals: tuple[int, ...]
    rubbers: int


class Case(NamedTuple):
    """An edit of hand ``number`` of a game's worked example, and the pad before and after."""

    number: int
    edit: AnyHand
    before: Figures
    after: Figures


def _example_hand(game: str, number: int) -> AnyHand:
    return example_sitting(game).hands[number - 1]


def _played(hand: AnyHand) -> PlayedHand:
    assert isinstance(hand, PlayedHand)
    return hand


def _by_seat(hand: AnyHand) -> SeatHand:
    assert isinstance(hand, SeatHand)
    return hand


CASES = {
    # A wins game 3 and the rubber with hand 6 (100 below). Typed again, B bid spades and
    # made 90 + last trick = 100 below: game 3, the 150 of prison and the rubber bonus are
    # B's, A writes 40 and his 50 of melds above. A 155 + 90 = 245, B 615 + 550 = 1165.
    "two-player": Case(
        6,
        _played(_example_hand("two-player", 6))._replace(
            bidder=1, card_points=(40, 90), last_trick=1, note=""
        ),
        Figures("A", (755, 655), 1),
        Figures("B", (245, 1165), 1),
    ),
    # Bert & Dora win game 3 and the rubber with hand 5, redoubled (4 x 185 = 740 below).
    # Typed again, Anna & Carl take 110, the last trick and Jo-Jotte: the defence wins the
    # 740 below, game 3 and the rubber's 300 (505 + 1040 = 1545; Bert & Dora keep 230).
    "partnership": Case(
        5,
        _played(_example_hand("partnership", 5))._replace(
            card_points=(110, 45), last_trick=0, jojotte=0, tricks=(5, 3)
        ),
        Figures("Bert & Dora", (505, 1270), 2),
        Figures("Anna & Carl", (1545, 230), 2),
    ),
    # Carl wins game 1 with hand 3 (doubled clubs) and the rubber with hand 6. Typed again,
    # Anna, the active defender, takes 70 and the last trick: a defence scores above (T10),
    # so nobody wins game 1 there and rubber 1 runs on through hand 8.
    "three-player": Case(
        3,
        _by_seat(_example_hand("three-player", 3))._replace(card_points=(70, 0, 35), last_trick=0),
        Figures("Carl", (1100, 480, 1215), 2),
        Figures(None, (1180, 250, 835), 1),
    ),
    # Carl wins game 3 and the rubber with hand 5 (120 below). Typed again, Anna bid
    # diamonds against Bert and made 90 + last trick = 100 below: her second game and the
    # rubber (555 + 400 = 955); Bert's 20 above is copied by Carl, the third player, and by
    # Dave, the dealer (F3): Carl 795 + 20 = 815, Dave 65 as before.
    "cutthroat": Case(
        5,
        _by_seat(_example_hand("cutthroat", 5))._replace(
            bidder=0, active_defender=1, card_points=(90, 20, 0, 0), last_trick=0, jojotte=None
        ),
        Figures("Carl", (575, 555, 1215, 65), 1),
        Figures("Anna", (955, 555, 815, 65), 1),
    ),
    # Anna, in the box, wins rubber 1 with hand 3 (clubs doubled). Typed again, the team
    # bid clubs and took 80, the last trick and Jo-Jotte: 110 below, game 2 and the 120 of
    # prison; hand 4 (100 below) then wins the rubber for the team: 50 + 110 + 120 + 100 +
    # 50 + 300 = 730 for Bert and Carl each, Anna 80 + 30 + 40 = 150 (C4-C6).
    "chouette": Case(
        3,
        _played(_example_hand("chouette", 3))._replace(
            bidder=1, double=Doubling.NONE, card_points=(30, 80), last_trick=1, jojotte=1
        ),
        Figures("Anna", (780, 50, 50), 3),
        Figures("Bert", (150, 730, 730), 3),
    ),
}


@pytest.fixture
def window(qtbot: QtBot, store: SittingStore, settings: AppSettings) -> MainWindow:
    shown = shown_window(qtbot, Session(store), settings)
    shown.activateWindow()
    qtbot.waitActive(shown)
    return shown


def figures(window: MainWindow) -> Figures:
    """Rubber 1 as the window's pad holds it."""
    shown = window.session.shown
    assert shown is not None
    ledger = shown.ledger
    first = ledger.rubbers[0]
    columns = shown.side_names
    winner = None if first.winner is None else columns[first.winner]
    return Figures(winner, tuple(first.totals), len(ledger.rubbers))


def settlement(window: MainWindow) -> tuple[int, ...]:
    """The sitting's result by player, as the pad of a game with a column per player sums it."""
    shown = window.session.shown
    assert shown is not None
    return tuple(shown.ledger.settlement)


def picture(window: MainWindow, path: Path) -> None:
    """Save the window, its panel laid out and painted, as ``path``."""
    window.resize(1400, 900)
    layout = window.panel.layout()
    assert layout is not None
    layout.activate()
    QApplication.processEvents()
    assert window.grab().save(str(path))


def open_example(window: MainWindow, game: str) -> int:
    sitting = example_sitting(game)
    sitting_id = window.session.store.import_sitting(sitting)
    window.open_sitting_id(sitting_id)
    return sitting_id


def type_edit(window: MainWindow, qtbot: QtBot, number: int, hand: AnyHand) -> None:
    """Select hand ``number`` in the list and type ``hand`` over it, key by key, as the
    panel's keystroke plan says, without the last Enter."""
    window.select_hand(number)
    QTest.keyClick(window.table, Qt.Key.Key_Return)  # Enter: correct it
    assert window.panel.mode() == ("replace", number - 1)
    start = window.panel.values()
    plan = window.panel.form.keystrokes(hand._replace(note=start.note), start)
    assert plan[-1] == "Enter"
    Keyboard(qtbot).follow(plan[:-1])
    assert window.panel.current_hand() == hand._replace(note=start.note)


@pytest.mark.parametrize("game", [game for game in GAMES if not find_game(game).has_roles])
def test_an_edit_that_changes_who_wins_rubber_1_is_saved_in_one_step(
    game: str, window: MainWindow, qtbot: QtBot, store: SittingStore
) -> None:
    case = CASES[game]
    sitting_id = open_example(window, game)
    assert figures(window) == case.before
    before = store.load(sitting_id).sitting

    type_edit(window, qtbot, case.number, case.edit)
    assert window.panel.preview.toPlainText() != ""
    assert "partner and may not deal" not in window.panel.preview.toPlainText()
    assert window.panel.record()

    assert figures(window) == case.after
    # The hand corrected stays selected, its explanation shown; the panel records the next.
    corrected = window.session.shown
    assert corrected is not None
    assert window.selected_position() == case.number - 1
    assert window.explanation.toPlainText() == "\n".join(corrected.pad.explain(case.number))
    assert window.panel.mode() == ("add", None)
    assert window.undo_stack.count() == 1
    assert store.load(sitting_id).sitting.hands[case.number - 1] == case.edit._replace(
        note=before.hands[case.number - 1].note
    )
    window.undo_stack.undo()
    assert figures(window) == case.before
    assert store.load(sitting_id).sitting == before


# The chouette: hand 3 typed again so that the team wins rubber 1 with hand 4. Rubber 1
# keeps Anna in the box against Bert, so Carl (the partner) dealt hand 4 wrongly; the team
# won, so rubber 2 puts Bert in the box against Carl, Anna the partner, who dealt hand 5;
# Carl's team wins rubber 2 too, so rubber 3 has Carl in the box against Anna, Bert the
# partner, who dealt hand 9 (C3, C7).
PREVIEW_EN = (
    "Saving this changes who wins a rubber, and so the box and the captain of the rubbers "
    "after it (C3):\n"
    "Hand 4: Carl is now the partner and may not deal (C7)\n"
    "Hand 5: Anna is now the partner and may not deal (C7)\n"
    "Hand 9: Bert is now the partner and may not deal (C7)\n"
    "Saving offers to clear their dealers or to re-derive them (C7)."
)
PREVIEW_DE = (
    "Das Speichern ändert, wer einen Robber gewinnt, und damit Box und Kapitän der Robber "
    "danach (C3):\n"
    "Spiel 4: Carl ist jetzt Partner und darf nicht geben (C7)\n"
    "Spiel 5: Anna ist jetzt Partner und darf nicht geben (C7)\n"
    "Spiel 9: Bert ist jetzt Partner und darf nicht geben (C7)\n"
    "Beim Speichern können ihre Geber gelöscht oder neu bestimmt werden (C7)."
)
QUESTION_EN = (
    "Hand 3 changes who wins a rubber, and so the box and the captain of the rubbers after "
    "it (C3):\n\n"
    "Hand 4: Carl is now the partner and may not deal (C7)\n"
    "Hand 5: Anna is now the partner and may not deal (C7)\n"
    "Hand 9: Bert is now the partner and may not deal (C7)\n\n"
    "Worked out again: Bert deals hands 4 and 5.\n"
    "Worked out again: Anna deals hand 9.\n\n"
    "Re-derive their dealers from the turn to deal (the box and the captain deal in turn, "
    "C7), or clear them? Either is saved with the edit as one step."
)
EXAMPLE_DEALERS = (0, 1, 0, 2, 0, 2, 1, 2, 1, 2)
# Re-derived: hand 4 follows Anna's hand 3 in rubber 1 (Anna, Bert); hand 5 opens rubber 2
# (Bert, Carl) and is counted back from Carl's hand 6; hand 9 follows Carl's hand 8 in
# rubber 3 (Carl, Anna).
DEALERS_AFTER = {
    "re-derive": (0, 1, 0, 1, 1, 2, 1, 2, 0, 2),
    "clear": (0, 1, 0, None, None, 2, 1, 2, None, 2),
}


@pytest.mark.parametrize(("fix", "answer"), [("re-derive", 0), ("clear", 1)])
def test_a_chouette_correction_of_rubber_1_with_either_fix(
    fix: str,
    answer: int,
    window: MainWindow,
    qtbot: QtBot,
    store: SittingStore,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    from jojotte_score.gui.window import dialogs

    shots = screenshot_folder(tmp_path)

    case = CASES["chouette"]
    sitting_id = open_example(window, "chouette")
    before = store.load(sitting_id).sitting
    assert figures(window) == case.before
    assert tuple(hand.dealer for hand in before.hands) == EXAMPLE_DEALERS

    type_edit(window, qtbot, case.number, case.edit)
    preview = window.panel.preview.toPlainText()
    assert preview.endswith("\n\n" + PREVIEW_EN), preview
    picture(window, shots / f"correction-preview-{fix}.png")

    asked: list[tuple[str, str, list[str]]] = []

    def choose(parent: object, title: str, text: str, choices: list[str]) -> int:
        asked.append((title, text, choices))
        box, _buttons = dialogs.choice_box(window, title, text, choices)
        box.show()
        QApplication.processEvents()
        box.grab().save(str(shots / f"correction-question-{fix}.png"))
        box.close()
        return answer

    monkeypatch.setattr(dialogs, "ask_choice", choose)
    assert window.panel.record()

    assert asked == [
        ("Edit hand 3", QUESTION_EN, ["&Re-derive their dealers", "&Clear their dealers"])
    ]
    after = store.load(sitting_id).sitting
    assert tuple(hand.dealer for hand in after.hands) == DEALERS_AFTER[fix]
    assert after.hands[2] == case.edit
    assert figures(window) == case.after
    assert window.selected_position() == 2  # hand 3, corrected, with its explanation
    corrected = window.session.shown
    assert corrected is not None
    assert window.explanation.toPlainText() == "\n".join(corrected.pad.explain(3))
    # The sitting's result (C6), each rubber with its new roles: rubber 1, d = 730 - 150 =
    # 580: Anna -1160, Bert and Carl +580; rubber 2 (Bert in the box, totals Anna 1295,
    # Bert 30, Carl 1295), d = 1265: Bert -2530, Carl and Anna +1265; rubber 3, still played
    # (Carl in the box, Anna 300, Bert 300, Carl 95), d = 205: Carl -410, Anna and Bert +205.
    assert settlement(window) == (310, -1745, 1435)
    assert window.undo_stack.count() == 1
    window.undo_stack.undo()
    assert store.load(sitting_id).sitting == before
    assert figures(window) == case.before
    assert settlement(window) == (1135, 1150, -2285)
    window.undo_stack.redo()
    assert store.load(sitting_id).sitting.hands == after.hands
    assert figures(window) == case.after


QUESTION_DE = (
    "Spiel 3 ändert, wer einen Robber gewinnt, und damit Box und Kapitän der Robber danach "
    "(C3):\n\n"
    "Spiel 4: Carl ist jetzt Partner und darf nicht geben (C7)\n"
    "Spiel 5: Anna ist jetzt Partner und darf nicht geben (C7)\n"
    "Spiel 9: Bert ist jetzt Partner und darf nicht geben (C7)\n\n"
    "Neu bestimmt: Bert gibt die Spiele 4 und 5.\n"
    "Neu bestimmt: Anna gibt Spiel 9.\n\n"
    "Ihre Geber aus der Reihenfolge des Gebens neu bestimmen (Box und Kapitän geben "
    "abwechselnd, C7) oder löschen? Beides wird mit der Änderung als ein Schritt gespeichert."
)


def test_the_chouette_correction_previewed_and_asked_in_german(
    window: MainWindow,
    qtbot: QtBot,
    store: SittingStore,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """The edit typed, then the language switched to German and a note typed: the preview,
    worked out again, speaks German, and so does the question when the edit is saved (the
    suite speaks English again after the test)."""
    from jojotte_score.gui.window import dialogs

    shots = screenshot_folder(tmp_path)
    case = CASES["chouette"]
    sitting_id = open_example(window, "chouette")
    type_edit(window, qtbot, case.number, case.edit)
    use_language("de")
    window.panel.note.setFocus()
    Keyboard(qtbot).press("K")
    preview = window.panel.preview.toPlainText()
    assert preview.startswith("Spiel 3"), preview
    assert preview.endswith("\n\n" + PREVIEW_DE), preview
    picture(window, shots / "correction-preview-de.png")

    asked: list[tuple[str, str, list[str]]] = []

    def choose(parent: object, title: str, text: str, choices: list[str]) -> int:
        asked.append((title, text, choices))
        box, _buttons = dialogs.choice_box(window, title, text, choices)
        box.show()
        QApplication.processEvents()
        box.grab().save(str(shots / "correction-question-de.png"))
        box.close()
        return 0

    monkeypatch.setattr(dialogs, "ask_choice", choose)
    assert window.panel.record()
    assert asked == [("Spiel 3 ändern", QUESTION_DE, ["Geber &neu bestimmen", "Geber &löschen"])]
    dealers = tuple(hand.dealer for hand in store.load(sitting_id).sitting.hands)
    assert dealers == DEALERS_AFTER["re-derive"]
