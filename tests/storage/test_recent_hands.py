"""The newest hands on their own: the summary's checkpoint, and changes scored from it.

The window shows a sitting by scoring only its newest hands, from the checkpoint the
summary keeps: the latest rubber start with at least ``RECENT_HANDS`` hands after it
(R11-R14: a rubber starts clean but for prison, numbers and the running result). These
tests hold that checkpoint to a replay of every hand, after every kind of change, and show
that a stale one is never used. Most set ``RECENT_HANDS`` low, so that short sittings
have checkpoints past their start.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import Checkpoint, Scorer
from jojotte_score.core.model import Hand, Sitting
from jojotte_score.storage import summary
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore
from tests.sitting_kinds import load_two_sided, two_sided, two_sided_hands
from tests.storage.stored_starts import assert_starts_are_a_replays
from tests.strategies import sittings

DATA = Path(__file__).resolve().parent.parent / "data"
GERMAN = load_two_sided(DATA / "german-example.json")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SittingStore]:
    with Database.open(tmp_path / "sittings.sqlite3") as database:
        yield SittingStore(database)


@pytest.fixture
def keep_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Checkpoints at the newest hand's rubber: at least one hand after them."""
    monkeypatch.setattr(summary, "RECENT_HANDS", 1)


def whole_replay_checkpoint(sitting: Sitting) -> Checkpoint:
    scorer = Scorer.of(find_game(sitting.variant), sitting)
    scorer.extend(sitting.hands)
    return scorer.checkpoint(summary.RECENT_HANDS)


def assert_summary_matches_a_whole_replay(store: SittingStore, sitting_id: int) -> None:
    connection = store.database.connection
    cached = summary.fresh(connection, sitting_id)
    assert cached is not None, "every change leaves a fresh summary"
    assert cached._replace(first_changed=0) == summary.scored_from(connection, sitting_id).figures
    assert_starts_are_a_replays(store, sitting_id)
    stored = two_sided(store.load(sitting_id).sitting)
    assert cached.checkpoint == whole_replay_checkpoint(stored)
    recent = store.load_recent(sitting_id)
    assert recent.hand_count == len(stored.hands)
    assert recent.hands == stored.hands[cached.checkpoint.position :]


@pytest.mark.usefixtures("keep_one")
def test_the_german_example_rubber_ends_at_hand_6_so_its_checkpoint_is_the_start(
    store: SittingStore,
) -> None:
    sitting_id = store.import_sitting(GERMAN)
    recent = store.load_recent(sitting_id)
    assert _where(recent.checkpoint) == (0, 1, 0, 0)
    assert (recent.hand_count, len(recent.hands), recent.side_names) == (6, 6, ("A", "B"))
    # The next rubber's first hand starts a new checkpoint: A won rubber 1 by 100 (755 : 655).
    store.add_hand(sitting_id, GERMAN.hands[0])
    recent = store.load_recent(sitting_id)
    assert _where(recent.checkpoint) == (6, 2, 0, 100)
    assert recent.hands == (GERMAN.hands[0],)
    assert recent.hand_count == 7


@given(sittings(max_hands=30), st.sampled_from((1, 2, 5)), st.randoms(use_true_random=False))
@settings(max_examples=30, deadline=None)
def test_every_change_leaves_the_checkpoint_a_whole_replay_finds(
    tmp_path_factory: pytest.TempPathFactory, sitting: Sitting, keep: int, chance: random.Random
) -> None:
    """Appending, inserting, replacing and deleting anywhere: the summary, which each change
    re-scores from the checkpoint before it, always equals a replay from hand 1."""
    path = tmp_path_factory.mktemp("db") / "sittings.sqlite3"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(summary, "RECENT_HANDS", keep)
        make_changes(path, sitting, chance)


def make_changes(path: Path, sitting: Sitting, chance: random.Random) -> None:
    with Database.open(path) as database:
        store = SittingStore(database)
        sitting_id = store.create_sitting(sitting.variant, sitting.players, sitting.rules)
        spare: list[Hand] = list(two_sided_hands(sitting.hands))
        for hand in spare[: len(spare) // 2]:
            store.add_hand(sitting_id, hand)
            assert_summary_matches_a_whole_replay(store, sitting_id)
        for hand in spare[len(spare) // 2 :]:
            count = store.hand_count(sitting_id)
            change = chance.choice(("add", "insert", "replace", "delete"))
            if change == "add" or count == 0:
                store.add_hand(sitting_id, hand)
            elif change == "insert":
                store.insert_hand(sitting_id, chance.randrange(count + 1), hand)
            elif change == "replace":
                store.replace_hand(sitting_id, chance.randrange(count), hand)
            else:
                store.delete_hand(sitting_id, chance.randrange(count))
            assert_summary_matches_a_whole_replay(store, sitting_id)


@pytest.mark.usefixtures("keep_one")
def test_a_stale_summary_is_not_trusted_for_the_checkpoint(store: SittingStore) -> None:
    sitting_id = store.import_sitting(GERMAN)
    store.add_hand(sitting_id, GERMAN.hands[0])
    with store.database.transaction() as connection:  # a summary from another revision
        connection.execute("UPDATE summary SET resume_position = 3, resume_prison = 999")
        connection.execute("UPDATE sitting SET revision = revision + 1")
    assert _where(store.load_recent(sitting_id).checkpoint) == (6, 2, 0, 100)
    store.add_hand(sitting_id, GERMAN.hands[1])
    assert_summary_matches_a_whole_replay(store, sitting_id)


@pytest.mark.usefixtures("keep_one")
def test_a_read_only_store_derives_a_stale_checkpoint_without_writing(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    with Database.open(path) as database:
        store = SittingStore(database)
        sitting_id = store.import_sitting(GERMAN)
        store.add_hand(sitting_id, GERMAN.hands[0])
        with database.transaction() as connection:
            connection.execute("DELETE FROM summary")
    with Database.open(path, read_only=True) as database:
        recent = SittingStore(database).load_recent(sitting_id)
        assert _where(recent.checkpoint) == (6, 2, 0, 100)
        assert database.connection.execute("SELECT count(*) FROM summary").fetchone() == (0,)


def test_a_long_sitting_keeps_its_last_hundred_hands_and_more_after_the_checkpoint(
    store: SittingStore,
) -> None:
    """The German rubber (6 hands, won at hand 6) played 30 times: rubbers start at every
    sixth position, so the checkpoint is the latest of those with 100 hands after it."""
    sitting_id = store.import_sitting(
        Sitting(GERMAN.variant, GERMAN.players, GERMAN.hands * 30, GERMAN.rules)
    )
    recent = store.load_recent(sitting_id)
    assert summary.RECENT_HANDS == 100
    assert _where(recent.checkpoint) == (78, 14, 0, 1300)
    assert (recent.hand_count, len(recent.hands)) == (180, 102)
    store.add_hand(sitting_id, GERMAN.hands[0])  # 103 hands after 78; 84 leaves 97
    assert store.load_recent(sitting_id).checkpoint.position == 78
    for hand in GERMAN.hands[1:4]:
        store.add_hand(sitting_id, hand)  # 184 hands: 84 leaves exactly 100
    assert _where(store.load_recent(sitting_id).checkpoint) == (84, 15, 0, 1400)
    assert_summary_matches_a_whole_replay(store, sitting_id)


def test_the_chosen_dealer_is_kept_until_a_hand_is_recorded(store: SittingStore) -> None:
    """The first dealer of a new sitting, and the winner of a new cut, survive a restart;
    once a hand is recorded its own dealer rules, and undoing it brings the choice back."""
    sitting_id = store.create_sitting(GERMAN.variant, ("Anna", "Bert"))
    assert store.load_recent(sitting_id).chosen_dealer is None
    store.choose_dealer(sitting_id, 1)
    assert store.load_recent(sitting_id).chosen_dealer == 1
    store.add_hand(sitting_id, GERMAN.hands[0])
    assert store.load_recent(sitting_id).chosen_dealer is None
    store.delete_hand(sitting_id, 0)
    assert store.load_recent(sitting_id).chosen_dealer == 1


def test_a_dealer_chosen_keeps_the_summary_and_gives_its_revision(
    store: SittingStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Choosing a dealer touches no hand: the summary fresh before is kept for the revision
    the choice makes (which it returns), so the next read neither rebuilds it nor reads the
    hands it holds again."""
    sitting_id = store.create_sitting(GERMAN.variant, ("Anna", "Bert"))
    for hand in GERMAN.hands:
        store.add_hand(sitting_id, hand)
    before = store.load_recent(sitting_id)
    revision = store.choose_dealer(sitting_id, 1)
    assert revision == before.revision + 1 == store.revision(sitting_id)
    rebuilt: list[int] = []
    refresh = summary.refresh

    def counted_refresh(*args: object, **kwargs: object) -> summary.Figures:
        rebuilt.append(1)
        return refresh(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(summary, "refresh", counted_refresh)
    after = store.load_recent(sitting_id, before)
    assert rebuilt == []  # rebuilt on main: the summary was of the revision before
    assert after.hands is before.hands  # given back unread
    assert after._replace(chosen_dealer=None, revision=0) == before._replace(revision=0)
    assert (after.chosen_dealer, after.revision) == (1, revision)
    assert after == store.load_recent(sitting_id)  # as read afresh


def test_a_seat_that_is_not_at_the_table_is_refused(store: SittingStore) -> None:
    sitting_id = store.create_sitting(GERMAN.variant, ("Anna", "Bert"))
    with pytest.raises(InvalidSittingError, match="seat 3 is not at a 2-seat table"):
        store.choose_dealer(sitting_id, 2)
    assert store.load_recent(sitting_id).chosen_dealer is None


def _where(checkpoint: Checkpoint) -> tuple[int, int, int, int]:
    """Where a two-sided checkpoint stands: position, rubber, prison and the sides' difference."""
    return (checkpoint.position, checkpoint.rubber, checkpoint.prison, checkpoint.difference)


@pytest.mark.usefixtures("keep_one")
@pytest.mark.parametrize(
    ("totals", "box"),
    [("[100]", None), ("[100, 0, 0]", None), ("[100, 0]", 1)],
    ids=["one column", "three columns", "roles in a two-player game"],
)
def test_a_checkpoint_that_does_not_fit_the_game_is_rebuilt_not_used(
    store: SittingStore, totals: str, box: int | None
) -> None:
    """The summary is a cache: a checkpoint whose columns or roles do not fit the sitting's
    game is not scored from; the row is worked out again from the hands."""
    sitting_id = store.import_sitting(GERMAN)
    store.add_hand(sitting_id, GERMAN.hands[0])
    connection = store.database.connection
    good = summary.fresh(connection, sitting_id)
    assert good is not None
    assert good.checkpoint.position == 6
    with store.database.transaction() as writing:
        writing.execute(
            "UPDATE summary SET resume_totals = ?, resume_roles = ? WHERE sitting_id = ?",
            (totals, None if box is None else f"[{box}, 0]", sitting_id),
        )
    assert summary.fresh(connection, sitting_id) is None
    recent = store.load_recent(sitting_id)
    assert _where(recent.checkpoint) == (6, 2, 0, 100)
    # Rebuilt from the hands, it cannot say which hand the last change touched (0).
    assert summary.fresh(connection, sitting_id) == good._replace(first_changed=0)
