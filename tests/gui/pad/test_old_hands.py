"""An old hand of a long sitting opens from its rubber's checkpoint, in every game.

Each game's worked example (``tests/data/*-example.json``) is played over and over to 400
hands, so the sitting opens from a checkpoint some 100 hands before its end. Every older
hand and rubber the pad is then asked for, in any order, is what a replay of the whole
sitting gives (the figures, the prison circles crossed, the explanation, the chouette's
roles, the scorer the entry panel starts from), and the pad reads each stored hand at most
once to find it: never the whole sitting.
"""

from __future__ import annotations

import random
from collections.abc import Generator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import find_game, replay
from jojotte_score.core.ledger import Ledger, Scorer
from jojotte_score.core.model import AnyHand, Sitting
from jojotte_score.core.status import prison_winners
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.presenters.session import Session, Shown
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import shown_window
from tests.stored_examples import GAMES, long_sitting

HANDS = 400


class Reads:
    """The positions the store's hands were read from, and how many hands each read."""

    def __init__(self, store: SittingStore, monkeypatch: pytest.MonkeyPatch) -> None:
        self.counts: list[tuple[int, int]] = []
        read = store.hands_from

        def counted(sitting_id: int, position: int) -> Generator[AnyHand, None, None]:
            self.counts.append((position, 0))
            for hand in read(sitting_id, position):
                start, count = self.counts[-1]
                self.counts[-1] = (start, count + 1)
                yield hand

        monkeypatch.setattr(store, "hands_from", counted)

    @property
    def hands(self) -> int:
        """How many hands were read in all."""
        return sum(count for _, count in self.counts)


def opened(store: SittingStore, game: str) -> tuple[Shown, Sitting, Ledger]:
    """The long sitting of ``game`` stored and opened; the sitting and its whole replay."""
    sitting = long_sitting(game, HANDS)
    shown = Shown(store, store.load_recent(store.import_sitting(sitting)))
    assert shown.recent.checkpoint.position >= HANDS - 200  # it opens on its newest hands
    return shown, sitting, replay(sitting)


def rubber_hands(ledger: Ledger, number: int) -> set[int]:
    rubber = ledger.rubber(number)
    assert rubber is not None
    return {hand.number for hand in rubber.hands}


@pytest.mark.parametrize("game", GAMES)
def test_every_older_hand_and_rubber_is_the_replayed_one(
    store: SittingStore, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    shown, sitting, whole = opened(store, game)
    reads = Reads(store, monkeypatch)
    pad = shown.pad
    older = shown.recent.checkpoint.position
    assert pad.result(2) == whole.result(2)
    assert reads.counts[0][0] == 0  # hand 2 read from the sitting's start...
    assert reads.hands == len(whole.rubbers[0].hands)  # ...to the end of its rubber only
    numbers = list(range(1, older + 1))
    random.Random(27).shuffle(numbers)
    for number in numbers:
        result = whole.result(number)
        assert result is not None
        assert pad.result(number) == result, number
        assert shown.hand(number - 1) == sitting.hands[number - 1]
        assert pad.explain(number) == find_game(whole.variant).explain_hand(result, whole), number
    for number in range(shown.recent.checkpoint.rubber - 1, 0, -1):
        assert pad.rubber(number) == whole.rubber(number), number
        assert pad.roles(number) == whole.rubber_roles(number), number
        held = pad.ledger_of_rubber(number)
        assert held is not None
        assert held.totals_after(number) == whole.totals_after(number), number  # R14, T15
        hands = rubber_hands(whole, number)
        # The prison circles of the rubber, crossed with the hand that won them (R10).
        paid = {put: won for put, won in prison_winners(held.hands).items() if put in hands}
        assert paid == {
            put: won for put, won in prison_winners(whole.hands).items() if put in hands
        }
    assert not pad.loaded
    assert reads.hands <= HANDS  # each older hand read once at most, the newest never
    assert all(position < older for position, _ in reads.counts)


@pytest.mark.parametrize("game", GAMES)
def test_the_panel_scores_an_old_hand_from_its_rubbers_checkpoint(
    store: SittingStore, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """The entry panel's scorer before an old hand stands where a replay of the hands
    before it stands (the chouette's roles, C3; prison, games and below the line), and
    scores the hand as recorded as the replay did."""
    shown, sitting, whole = opened(store, game)
    reads = Reads(store, monkeypatch)
    for position in (0, 1, 5, 17, 101, shown.recent.checkpoint.position - 1, HANDS - 1):
        mine = shown.scorer_before(position)
        theirs = Scorer.of(find_game(sitting.variant), sitting)
        theirs.extend(sitting.hands[:position])
        seen = (mine.next_number, mine.next_rubber, mine.next_game, mine.roles)
        assert seen == (theirs.next_number, theirs.next_rubber, theirs.next_game, theirs.roles)
        assert (mine.below, mine.games) == (theirs.below, theirs.games), position
        assert mine.prison_waiting == theirs.prison_waiting, position
        assert mine.add(sitting.hands[position]) == whole.result(position + 1), position
    assert not shown.pad.loaded
    assert reads.hands <= HANDS


@pytest.mark.parametrize("game", GAMES)
def test_selecting_hand_2_of_a_long_sitting_shows_its_rubber_without_the_whole_sitting(
    qtbot: QtBot, store: SittingStore, settings: AppSettings, game: str
) -> None:
    """Hand 2 selected in the list: the panel edits it, the pad turns to rubber 1 with the
    replay's totals, the explanation is the replay's; the sitting is not loaded whole, and
    clearing the selection readies the next hand."""
    sitting = long_sitting(game, HANDS)
    whole = replay(sitting)
    store.import_sitting(sitting)
    window = shown_window(qtbot, Session(store), settings)
    window.select_hand(2)
    QTest.keyClick(window.table, Qt.Key.Key_Return)  # Enter: correct it
    if window.sheet.rubber_number() != 1:
        window.sheet.show_rubber(1)
    assert window.panel.mode() == ("replace", 1)
    assert window.sheet.selected_hand() == 2
    layout = window.sheet.sheet_layout()
    assert layout is not None
    totals = whole.rubbers[0].totals if whole.rubbers[0].finished else ()
    assert [item.text for item in layout.texts("total")] == [str(total) for total in totals]
    result = whole.result(2)
    assert result is not None
    assert window.explanation.toPlainText() == "\n".join(
        find_game(whole.variant).explain_hand(result, whole)
    )
    shown = window.session.shown
    assert shown is not None
    assert not shown.pad.loaded
    window.table.clearSelection()
    assert window.panel.mode() == ("add", None)
    assert window.panel.mode_label.text() == f"Hand {HANDS + 1}"


@pytest.mark.parametrize("game", GAMES)
def test_a_middle_hand_opens_from_its_own_rubbers_start_the_store_keeps(
    store: SittingStore, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """Asked first for a hand in the middle, the pad reads and scores only that hand's
    rubber, from the start the store keeps for it (schema 7), not every hand before it;
    then hand 2, a hand just before the middle one and its rubber are the replay's too."""
    shown, sitting, whole = opened(store, game)
    reads = Reads(store, monkeypatch)
    middle = HANDS // 2
    result = whole.result(middle)
    assert result is not None
    own = whole.rubber(result.rubber)
    assert own is not None
    assert result.rubber > 2
    assert shown.pad.result(middle) == result
    assert reads.counts == [(own.hands[0].number - 1, len(own.hands))]
    assert shown.pad.result(2) == whole.result(2)
    earlier = own.hands[0].number - 1  # the last hand of the rubber before
    assert shown.pad.result(earlier) == whole.result(earlier)
    assert shown.pad.rubber(result.rubber - 1) == whole.rubber(result.rubber - 1)
    assert shown.scorer_before(middle - 1).add(sitting.hands[middle - 1]) == result
    assert reads.hands <= HANDS // 4
    assert not shown.pad.loaded


def test_a_start_of_another_revision_is_not_used(store: SittingStore) -> None:
    """The pad asks the store for the start of a rubber as kept for the revision it shows:
    once the sitting has changed, the store gives none (the pad scores from a start it
    knows itself)."""
    sitting = long_sitting("two-player", HANDS)
    sitting_id = store.import_sitting(sitting)
    revision = store.load_recent(sitting_id).revision
    third = replay(sitting).rubber_start(3)
    assert third is not None
    assert store.rubber_start(sitting_id, revision, rubber=3) == third
    assert store.rubber_start(sitting_id, revision, hand=third.position + 1) == third
    store.add_hand(sitting_id, sitting.hands[0])
    assert store.rubber_start(sitting_id, revision, rubber=3) is None
    assert store.rubber_start(sitting_id, revision + 1, rubber=3) == third
