"""The Enter that records a hand ending a rubber, where the game cuts again: the new cut is
asked at once and the window is refreshed once for the hand and the cut together (the
hand list and the pad shown anew once); the panel is readied for the hand before the
question, as the window behind it shows, and shows the dealer chosen without being
readied again, the sitting not read again. Undo takes
back the hand alone, as before; what a screen reader is told is the same."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from jojotte_score.core.games import new_sitting, replay
from jojotte_score.core.model import AnyHand
from jojotte_score.gui.entry.entry_panel import EntryPanel, EntryRequest
from jojotte_score.gui.pad.sheet_widget import SheetWidget
from jojotte_score.gui.window.dialogs import FirstDealerDialog
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import forget_said, german, said_in
from tests.stored_examples import GAMES, example_sitting


def rubber_but_its_last(window: MainWindow) -> AnyHand:
    """Show the German example's first five hands, each with its dealer; the sixth, which
    ends the rubber (A wins it), is returned to be recorded."""
    sitting = german()
    hands = tuple(hand._replace(dealer=n % 2) for n, hand in enumerate(sitting.hands))
    sitting_id = window.session.store.import_sitting(
        new_sitting(sitting.variant, sitting.players, hands[:5])
    )
    window.open_sitting_id(sitting_id)
    return hands[5]


def counted(monkeypatch: pytest.MonkeyPatch, window: MainWindow) -> dict[str, int]:
    """How often, from now on, the window is refreshed, the pad is given a new pad, the
    panel is brought up to date (its messages shown) and given the sitting's context, and
    the sitting is read from the store, and the panel's preview is given a text."""
    counts = dict.fromkeys(("window", "pad", "panel", "context", "read", "preview"), 0)

    def counting(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def counted_call(*args: Any) -> Any:
            counts[name] += 1
            return function(*args)

        return counted_call

    window.session.on_changed = counting("window", window.session.on_changed)
    for owner, method, name in (
        (SheetWidget, "set_pad", "pad"),
        (EntryPanel, "_show_messages", "panel"),
        (EntryPanel, "set_context", "context"),
        (SittingStore, "load_recent", "read"),
        (type(window.panel.preview), "setPlainText", "preview"),
    ):
        monkeypatch.setattr(owner, method, counting(name, getattr(owner, method)))
    return counts


@pytest.mark.usefixtures("listening")
def test_the_hand_ending_a_rubber_and_its_new_cut_refresh_the_window_once(
    main_window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    last = rubber_but_its_last(main_window)
    asked: list[tuple[str, ...]] = []
    behind: list[tuple[str, int]] = []  # the panel, while the question is on screen

    def ask(cls: type, parent: object, players: tuple[str, ...]) -> int:
        asked.append(tuple(players))
        behind.append((main_window.panel.mode_label.text(), main_window.model.rowCount()))
        return 1  # B won the cut

    monkeypatch.setattr(FirstDealerDialog, "ask", classmethod(ask))
    forget_said(main_window)
    counts = counted(monkeypatch, main_window)
    main_window.panel.submitted.emit(EntryRequest("add", None, last))
    assert asked == [("A", "B")]
    assert behind == [("Hand 7", 6)]  # the hand recorded, the panel ready for the next one
    # The dealer chosen: the panel shows him without being readied again, the sitting is
    # not read again, the preview's same words not set again (2, 2 and 2 before).
    assert counts == {
        "window": 1,
        "pad": 1,
        "panel": 2,
        "context": 1,
        "read": 1,
        "preview": 1,
    }
    assert main_window.status_label.text() == (
        "Rubber 2 · Game 1 · below: A 0 – B 0 · games A 0 – B 0 · next dealer: B"
    )
    assert main_window.panel.dealer.value() == 1
    assert main_window.panel.mode() == ("add", None)
    assert main_window.model.rowCount() == 6
    assert main_window.sheet.rubber_number() == 1  # the rubber just won, until hand 7 starts
    assert "New hand 7" in said_in(main_window)
    # The cut is no step of its own: Undo takes back the hand, and its rubber with it.
    assert main_window.undo_stack.count() == 1
    main_window.undo_stack.undo()
    assert main_window.model.rowCount() == 5
    assert main_window.status_label.text() == (
        "Game 3 · below: A 0 – B 0 · games A 1 – B 1 · prison 150 · next dealer: B"
    )


def test_a_new_cut_not_answered_leaves_the_next_dealer_to_choose(
    main_window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    last = rubber_but_its_last(main_window)
    monkeypatch.setattr(FirstDealerDialog, "ask", classmethod(lambda cls, parent, players: None))
    counts = counted(monkeypatch, main_window)
    main_window.panel.submitted.emit(EntryRequest("add", None, last))
    assert counts == {
        "window": 1,
        "pad": 1,
        "panel": 1,
        "context": 1,
        "read": 1,
        "preview": 1,
    }
    assert main_window.status_label.text().endswith("new cut for the first dealer")
    assert main_window.panel.dealer.value() is None
    assert main_window.panel.mode() == ("add", None)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_refreshes_the_window_once_for_a_rubber_and_its_new_cut(
    main_window: MainWindow, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """Through the registry alone: in every game the hand that ends the example's first
    rubber, and the cut asked after it (in the chouette the new box and captain's, C7),
    refresh the window once and read the sitting once."""
    example = example_sitting(game)
    ends = next(
        n for n, result in enumerate(replay(example).hands) if result.rubber_winner is not None
    )
    shown = replace(example, hands=example.hands[:ends])
    main_window.open_sitting_id(main_window.session.store.import_sitting(shown))
    asked: list[int] = []

    def ask(cls: type, parent: object, players: object, seats: object = None) -> int:
        asked.append(1)
        return main_window.session.shown.cut_seats()[0]  # type: ignore[union-attr]

    monkeypatch.setattr(FirstDealerDialog, "ask", classmethod(ask))
    counts = counted(monkeypatch, main_window)
    main_window.panel.submitted.emit(EntryRequest("add", None, example.hands[ends]))
    assert main_window.model.rowCount() == ends + 1
    assert asked == [1]
    assert (counts["window"], counts["read"]) == (1, 1)
