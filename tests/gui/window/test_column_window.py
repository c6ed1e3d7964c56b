"""The window with a sitting of the three-player game, cutthroat or the chouette: a new
sitting, hands typed at the panel, the hand list with each player's columns, the status
line and its next dealer, the explanation, editing and undo, as a scorekeeper checks them;
the sittings are kept in the database, as at the table."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.model import (
    PlayedHand,
    Rules,
    SeatHand,
    Sitting,
    Trump,
    Variant,
)
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.entry_panel import EntryRequest
from jojotte_score.gui.entry.form_rules import Slot
from jojotte_score.gui.window.dialogs import FirstDealerDialog, NewSittingDialog, SittingSetup
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.i18n import use_language
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import shown_window
from tests.gui.entry.test_entry_panel import screenshot
from tests.gui.keyboard import ALT, ENTER, TAB, Keyboard

THREE = ("Anna", "Bert", "Carl")
ANNA_SEAT, BERT_SEAT = 0, 1
FOUR = ("Anna", "Bert", "Carl", "Dora")
CUTTHROAT_EXAMPLE = Path(__file__).resolve().parents[2] / "data" / "cutthroat-example.json"


@pytest.fixture
def window(qtbot: QtBot, store: SittingStore, settings: AppSettings) -> MainWindow:
    shown = shown_window(qtbot, Session(store), settings)
    shown.activateWindow()
    qtbot.waitActive(shown)
    return shown


def start(window: MainWindow, monkeypatch: pytest.MonkeyPatch, setup: SittingSetup) -> None:
    monkeypatch.setattr(NewSittingDialog, "ask", classmethod(lambda cls, parent: setup))
    QTest.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.pages.currentIndex() == 1


def headings(window: MainWindow) -> list[str]:
    model = window.model
    return [
        str(model.headerData(c, Qt.Orientation.Horizontal)).replace("\n", " ")
        for c in range(model.columnCount())
    ]


def row(window: MainWindow, number: int) -> list[str]:
    model = window.model
    return [str(model.index(number - 1, c).data() or "") for c in range(model.columnCount())]


def columns(window: MainWindow, number: int) -> dict[str, tuple[str, str]]:
    """Each player's (above, below) as hand ``number``'s row of the list shows them."""
    cells = row(window, number)
    players = window.session.shown.players if window.session.shown else ()
    return {name: (cells[4 + 2 * seat], cells[5 + 2 * seat]) for seat, name in enumerate(players)}


def test_a_three_player_evening_typed_edited_and_undone(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, store: SittingStore
) -> None:
    start(window, monkeypatch, SittingSetup(Variant.THREE_PLAYER, THREE, 2, Rules()))
    assert window.windowTitle() == "Anna – Bert – Carl – Jo-Jotte scorepad"
    assert window.status_label.text() == (
        "Game 1 · below: Anna 0, Bert 0, Carl 0 · games: Anna 0, Bert 0, Carl 0 · next dealer: Carl"
    )
    assert window.panel.dealer.value() == 2
    keyboard = Keyboard(qtbot)
    window.panel.setFocus()
    keyboard.press("A", "S", "B", "9", "0", TAB, "4", "0", TAB, "A", ENTER)
    assert keyboard.count == 11
    assert headings(window) == [
        "No.",
        "Dealer",
        "Contract",
        "Card points",
        "Anna above",
        "Anna below",
        "Bert above",
        "Bert below",
        "Carl above",
        "Carl below",
        "Notes",
    ]
    assert row(window, 1)[:4] == ["1", "Carl", "Anna ♠ v Bert", "90–40"]
    assert columns(window, 1) == {"Anna": ("", "100"), "Bert": ("40", ""), "Carl": ("40", "")}
    assert row(window, 1)[-1] == "game to Anna"
    # clockwise: Carl dealt, Anna deals next
    assert window.status_label.text() == (
        "Game 2 · below: Anna 0, Bert 0, Carl 0 · games: Anna 1, Bert 0, Carl 0 · next dealer: Anna"
    )
    assert window.panel.dealer.value() == 0
    explanation = window.explanation.toPlainText()
    assert "Carl sits out and sides with Bert, so Carl copies Bert's 40 above (T8)." in explanation
    screenshot(window, "window-three-player")

    # Edit hand 1: Bert took 60, not 40.
    window.select_hand(1)
    QTest.keyClick(window.table, Qt.Key.Key_Return)  # Enter: correct it
    assert window.panel.mode() == ("replace", 0)
    assert window.panel.card_points.values() == (90, 40)
    window.panel.card_points.edits[1].setFocus()
    window.panel.card_points.edits[1].selectAll()
    keyboard.type("60")
    keyboard.press(ENTER)
    assert columns(window, 1) == {"Anna": ("", "100"), "Bert": ("60", ""), "Carl": ("60", "")}
    sitting = store.load(1).sitting
    assert isinstance(sitting, Sitting)
    assert sitting.hands[0] == SeatHand(
        bidder=0,
        trump=Trump.SPADES,
        active_defender=1,
        card_points=(90, 60, 0),
        last_trick=0,
        dealer=2,
    )
    window.named_actions[ActionName.UNDO].trigger()
    assert columns(window, 1) == {"Anna": ("", "100"), "Bert": ("40", ""), "Carl": ("40", "")}
    window.named_actions[ActionName.UNDO].trigger()
    assert window.model.rowCount() == 0
    assert window.status_label.text().endswith("next dealer: Carl")
    window.named_actions[ActionName.REDO].trigger()
    assert window.model.rowCount() == 1
    assert window.named_actions[ActionName.PRINT].isEnabled()  # the pad prints as it shows


def test_a_cutthroat_hand_and_the_dealer_passing_clockwise(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    start(window, monkeypatch, SittingSetup(Variant.CUTTHROAT, FOUR, 0, Rules()))
    assert window.panel.dealer.value() == 0
    keyboard = Keyboard(qtbot)
    window.panel.setFocus()
    keyboard.press("B", "N", "C", (Qt.Key.Key_M, ALT), TAB, "5", "0", TAB)
    keyboard.press("7", "0", TAB, "4", "0", TAB, "B", ENTER)
    assert keyboard.count == 16
    assert row(window, 1)[:4] == ["1", "Anna", "Bert NT v Carl", "70–40"]
    # Carl's defence wins (90 to 80): 120 + 50 above for Carl, copied by Dora, who sat
    # out with him (T8), and by Anna, the dealer (F3); Bert writes nothing.
    assert columns(window, 1) == {
        "Anna": ("170", ""),
        "Bert": ("", ""),
        "Carl": ("170", ""),
        "Dora": ("170", ""),
    }
    assert window.status_label.text() == (
        "Game 1 · below: Anna 0, Bert 0, Carl 0, Dora 0 · "
        "games: Anna 0, Bert 0, Carl 0, Dora 0 · next dealer: Bert"
    )
    assert [b.text() for b in window.panel.bidder.buttons()] == [
        "Anna [1/A]",
        "Carl [3/C]",
        "Dora [4/D]",
    ]
    explanation = window.explanation.toPlainText()
    assert "Anna" in explanation
    assert "(F3)" in explanation
    screenshot(window, "window-cutthroat")


def test_a_chouette_names_the_box_and_team_and_rotates_after_the_rubber(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, store: SittingStore
) -> None:
    roles = ChouetteRoles(box=2, captain=0)
    start(
        window,
        monkeypatch,
        SittingSetup(Variant.CHOUETTE, THREE, 0, Rules(), roles=roles),
    )
    assert window.status_label.text() == (
        "Carl in the box against Anna (captain) and Bert · Game 1 · below: Anna 0, Bert 0, "
        "Carl 0 · games: Anna 0, Bert 0, Carl 0 · next dealer: Anna"
    )
    assert [label.text() for label in window.panel.card_points.side_labels] == [
        "Carl (box)",
        "Anna (captain, with Bert)",
    ]
    keyboard = Keyboard(qtbot)
    window.panel.setFocus()
    keyboard.press("C", "D", "9", "5", TAB, "3", "0", TAB, "C", ENTER)
    assert keyboard.count == 10
    assert row(window, 1)[:4] == ["1", "Anna", "Carl ♦", "95–30"]
    # The box wins 105 below; the captain's 30 above is the partner's too (C4).
    assert columns(window, 1) == {"Anna": ("30", ""), "Bert": ("30", ""), "Carl": ("", "105")}
    # The deal alternates between the box and the captain (C7).
    assert window.status_label.text().endswith("next dealer: Carl")
    assert window.panel.dealer.value() == 2

    # The box wins the second game and the rubber: he stays in the box, Bert (the partner)
    # becomes captain (C3); the new box and captain cut for the first deal (C7).
    cut: list[tuple[int, ...]] = []

    def ask(cls: object, parent: object, players: object, seats: tuple[int, ...]) -> int:
        cut.append(tuple(seats))
        return 1

    monkeypatch.setattr(FirstDealerDialog, "ask", classmethod(ask))
    window.panel.setFocus()
    keyboard.press("C", "H", "9", "5", TAB, "3", "0", TAB, "C", ENTER)
    assert cut == [(2, 1)]
    assert columns(window, 2)["Carl"] == ("300", "105")  # with the rubber bonus
    assert window.status_label.text() == (
        "Rubber 2 · Carl in the box against Bert (captain) and Anna · Game 1 · below: "
        "Anna 0, Bert 0, Carl 0 · games: Anna 0, Bert 0, Carl 0 · next dealer: Bert"
    )
    assert [label.text() for label in window.panel.card_points.side_labels] == [
        "Carl (box)",
        "Bert (captain, with Anna)",
    ]
    screenshot(window, "window-chouette")
    sitting = store.load(1).sitting
    assert isinstance(sitting, Sitting)
    assert sitting.roles == roles
    assert sitting.hands[0] == PlayedHand(
        bidder=0, trump=Trump.DIAMONDS, card_points=(95, 30), last_trick=0, dealer=0
    )
    # Editing hand 1 shows it with the first rubber's sides.
    window.select_hand(1)
    QTest.keyClick(window.table, Qt.Key.Key_Return)  # Enter: correct it
    assert [label.text() for label in window.panel.card_points.side_labels] == [
        "Carl (box)",
        "Anna (captain, with Bert)",
    ]
    assert not window.panel.widget_for(Slot.ACTIVE_DEFENDER).isVisibleTo(window.panel)


def test_after_a_cutthroat_rubber_the_panel_asks_the_dealer_first(
    window: MainWindow, store: SittingStore, qtbot: QtBot
) -> None:
    """F2, F7: a new cut leaves the dealer unknown, and in cutthroat he must be recorded
    (he sits out), so the first key goes to the dealer's row."""
    sitting_id = store.import_sitting(load_sitting(CUTTHROAT_EXAMPLE).sitting)
    window.open_sitting_id(sitting_id)
    assert window.status_label.text().endswith("new cut for the first dealer")
    window.panel.setFocus()
    keyboard = Keyboard(qtbot)
    keyboard.press("D")
    assert window.panel.values().dealer == 3
    assert window.panel.values().bidder is None


def test_opening_a_cutthroat_sitting_puts_the_first_key_on_the_dealer(
    qtbot: QtBot, store: SittingStore, settings: AppSettings
) -> None:
    """As the app opens the last sitting at start-up, before the window shows: the focus
    follows the game's first needed field, not the two-player form's."""
    store.import_sitting(load_sitting(CUTTHROAT_EXAMPLE).sitting)
    session = Session(store)
    shown = MainWindow(session, settings)
    qtbot.addWidget(shown)
    session.open_last()
    # The field the window gives the keyboard to when it shows (Qt restores a window's
    # focus widget on activation; the offscreen platform activates no window).
    assert shown.panel.focusWidget() is shown.panel.widget_for(Slot.DEALER)


@pytest.mark.usefixtures("german")
def test_a_german_chouette_names_the_box_and_team(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    roles = ChouetteRoles(box=2, captain=0)
    start(window, monkeypatch, SittingSetup(Variant.CHOUETTE, THREE, 0, Rules(), roles=roles))
    assert window.status_label.text() == (
        "Carl in der Box gegen Anna (führt die Mannschaft) und Bert · Partie 1 · "
        "unter dem Strich: Anna 0, Bert 0, Carl 0 · Partien: Anna 0, Bert 0, Carl 0 · "
        "nächster Geber: Anna"
    )
    assert [label.text() for label in window.panel.card_points.side_labels] == [
        "Carl (Box)",
        "Anna (Mannschaft mit Bert)",
    ]
    keyboard = Keyboard(qtbot)
    window.panel.setFocus()
    keyboard.press("C", "A", "9", "5", TAB, "3", "0", TAB, "C", ENTER)  # Karo by A
    assert row(window, 1)[:4] == ["1", "Anna", "Carl ♦", "95–30"]
    assert window.status_label.text().endswith("nächster Geber: Carl")
    screenshot(window, "window-chouette-de")


@pytest.mark.parametrize(
    ("answer", "fixed"),
    [(1, (None, None)), (0, (ANNA_SEAT, BERT_SEAT))],
    ids=["clear", "re-derive"],
)
def test_a_chouette_correction_of_a_rubbers_winner_is_one_step(
    window: MainWindow,
    monkeypatch: pytest.MonkeyPatch,
    store: SittingStore,
    answer: int,
    fixed: tuple[int | None, int | None],
) -> None:
    """Hand 2 edited so that the team wins it: the team then wins rubber 1 with hand 3, and
    hands 3 and 4 were dealt by the player who is now the partner (C3, C7). The window says
    which hands and why, in the players' names, clears or re-derives those dealers with the
    edit (re-derived: Anna deals hand 3 after Bert's hand 2; Bert, the box, the first hand of
    rubber 2), and one undo takes all of it back."""
    from jojotte_score.gui.window import dialogs
    from tests.core.test_chouette import CORRECTED, TEAM_90

    sitting_id = store.import_sitting(CORRECTED)
    window.session.open(sitting_id)
    asked: list[tuple[str, list[str]]] = []

    def choose(parent: object, title: str, text: str, choices: list[str]) -> int:
        asked.append((text, choices))
        return answer

    monkeypatch.setattr(dialogs, "ask_choice", choose)
    edit = TEAM_90._replace(dealer=1)
    window.submit(EntryRequest("replace", 1, edit))

    assert asked == [
        (
            "Hand 2 changes who wins a rubber, and so the box and the captain of the rubbers "
            "after it (C3):\n\n"
            "Hand 3: Carl is now the partner and may not deal (C7)\n"
            "Hand 4: Anna is now the partner and may not deal (C7)\n\n"
            "Worked out again: Anna deals hand 3.\n"
            "Worked out again: Bert deals hand 4.\n\n"
            "Re-derive their dealers from the turn to deal (the box and the captain deal in "
            "turn, C7), or clear them? Either is saved with the edit as one step.",
            ["&Re-derive their dealers", "&Clear their dealers"],
        )
    ]
    third, fourth = (TEAM_90._replace(dealer=dealer) for dealer in fixed)
    assert store.load(sitting_id).sitting.hands == (CORRECTED.hands[0], edit, third, fourth)
    # Rubber 2: Bert, the captain who won, goes into the box; Carl captains (C3).
    assert window.status_label.text().startswith(
        "Rubber 2 · Bert in the box against Carl (captain) and Anna"
    )
    assert window.undo_stack.count() == 1
    window.undo_stack.undo()
    assert store.load(sitting_id).sitting == CORRECTED
    window.undo_stack.redo()
    assert store.load(sitting_id).sitting.hands == (CORRECTED.hands[0], edit, third, fourth)


def test_a_chouette_correction_cancelled_at_the_question_changes_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, store: SittingStore
) -> None:
    from jojotte_score.gui.window import dialogs
    from tests.core.test_chouette import CORRECTED, TEAM_90

    sitting_id = store.import_sitting(CORRECTED)
    window.session.open(sitting_id)
    monkeypatch.setattr(dialogs, "ask_choice", lambda parent, title, text, choices: None)
    window.submit(EntryRequest("replace", 1, TEAM_90._replace(dealer=1)))
    assert store.load(sitting_id).sitting == CORRECTED
    assert window.undo_stack.count() == 0


CHOUETTE_EXAMPLE = CUTTHROAT_EXAMPLE.with_name("chouette-example.json")


def test_the_chouettes_team_wins_its_games_together(
    window: MainWindow, store: SittingStore
) -> None:
    """C4, C5: the team's game is the captain's and the partner's, in the status line and
    in the hand list. The worked chouette's first eight hands, then the team makes 70
    below in rubber 3 (Carl in the box, Bert captain, Anna partner)."""
    sitting = load_sitting(CHOUETTE_EXAMPLE).sitting
    assert isinstance(sitting, Sitting)
    team_70 = PlayedHand(bidder=1, trump=Trump.HEARTS, card_points=(40, 60), last_trick=1)
    sitting = replace(sitting, hands=(*sitting.hands[:8], team_70))
    window.open_sitting_id(store.import_sitting(sitting))
    assert window.status_label.text() == (
        "Rubber 3 · Carl in the box against Bert (captain) and Anna · Game 2 · "
        "below: Anna 70, Bert 70, Carl 0 · games: Anna 1, Bert 1, Carl 0 · next dealer: Carl"
    )
    notes = [row(window, number)[-1] for number in range(1, 10)]
    assert notes == [
        "game to Anna",
        "120 to prison",
        "wins 120 from prison; game and rubber 1 to Anna",
        "game to Carl and Bert",
        "75 to prison",
        "wins 75 from prison; game and rubber 2 to Carl and Bert",
        "",
        "game to Bert and Anna",
        "",
    ]
    use_language("de")
    window.refresh()
    assert window.status_label.text() == (
        "Robber 3 · Carl in der Box gegen Bert (führt die Mannschaft) und Anna · Partie 2 · "
        "unter dem Strich: Anna 70, Bert 70, Carl 0 · Partien: Anna 1, Bert 1, Carl 0 · "
        "nächster Geber: Carl"
    )
    assert row(window, 8)[-1] == "Partie an Bert und Anna"
