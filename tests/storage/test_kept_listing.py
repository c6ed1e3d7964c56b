"""The list of sittings read again and again (``KeptListing``, the open history's): after
every kind of change it lists exactly what a whole listing lists, and reads again only the
sittings changed."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest

from jojotte_score.core.model import Variant
from jojotte_score.storage.database import Database
from jojotte_score.storage.sitting_listing import KeptListing
from jojotte_score.storage.sittings import SittingInfo, SittingStore
from tests.sitting_kinds import load_two_sided

DATA = Path(__file__).resolve().parent.parent / "data"
GERMAN = load_two_sided(DATA / "german-example.json")  # 6 hands, A +100


def still() -> datetime:
    """A clock that never moves: every change is stamped in the same second, as several
    changes within one second are."""
    return datetime(2026, 12, 2, 19, 0, tzinfo=UTC)


@pytest.fixture
def store(database: Database) -> SittingStore:
    return SittingStore(database, still)


Change = Callable[[SittingStore, random.Random], str]


def _some(store: SittingStore, rng: random.Random) -> int:
    return rng.choice([info.id for info in store.list_sittings()])


def record_a_hand(store: SittingStore, rng: random.Random) -> str:
    sitting_id = _some(store, rng)
    count = store.hand_count(sitting_id)
    store.add_hand(sitting_id, GERMAN.hands[count % len(GERMAN.hands)])
    return f"hand {count + 1} recorded in sitting {sitting_id}"


def delete_the_last_hand(store: SittingStore, rng: random.Random) -> str:
    sitting_id = _some(store, rng)
    count = store.hand_count(sitting_id)
    if count == 0:
        return "nothing deleted"
    store.delete_hand(sitting_id, count - 1)
    return f"hand {count} of sitting {sitting_id} deleted"


def correct_a_hand(store: SittingStore, rng: random.Random) -> str:
    sitting_id = _some(store, rng)
    count = store.hand_count(sitting_id)
    if count == 0:
        return "nothing corrected"
    store.replace_hand(sitting_id, count - 1, GERMAN.hands[5])  # a thrown-in hand
    return f"hand {count} of sitting {sitting_id} corrected"


def begin_a_sitting(store: SittingStore, rng: random.Random) -> str:
    players = rng.choice([("Anna", "Bert"), ("Carl", "Dora")])
    return f"sitting {store.create_sitting(Variant.TWO_PLAYER, players)} begun"


def import_a_sitting(store: SittingStore, rng: random.Random) -> str:
    return f"sitting {store.import_sitting(GERMAN, title=rng.choice(['', 'Club']))} imported"


def delete_a_sitting(store: SittingStore, rng: random.Random) -> str:
    if len(store.list_sittings()) < 2:
        return "nothing deleted"
    sitting_id = _some(store, rng)
    store.delete_sitting(sitting_id)
    return f"sitting {sitting_id} deleted"


def rename(store: SittingStore, rng: random.Random) -> str:
    sitting_id = _some(store, rng)
    store.set_details(sitting_id, title=rng.choice(["", "Evening", "Club"]), place="Berlin")
    store.rename_players(sitting_id, rng.choice([("A", "B"), ("Erik", "Fritz")]))
    return f"sitting {sitting_id} renamed"


CHANGES: tuple[Change, ...] = (
    record_a_hand,
    record_a_hand,
    record_a_hand,
    delete_the_last_hand,
    correct_a_hand,
    begin_a_sitting,
    import_a_sitting,
    delete_a_sitting,
    rename,
)


def test_the_lines_unchanged_are_given_back_as_kept(store: SittingStore) -> None:
    first = store.import_sitting(GERMAN, title="Berlin")
    second = store.import_sitting(GERMAN, title="Leipzig")
    kept = KeptListing()
    before = {info.id: info for info in store.list_sittings(kept)}
    store.add_hand(second, GERMAN.hands[0])
    after = {info.id: info for info in store.list_sittings(kept)}
    assert after[first] is before[first]  # not read again
    assert (before[second].hands, after[second].hands) == (6, 7)
    assert store.list_sittings(kept) == store.list_sittings()


@pytest.mark.parametrize("seed", range(12))
def test_after_every_change_the_kept_listing_is_the_whole_listing(
    store: SittingStore, seed: int
) -> None:
    """Random changes of every kind, all in one second (so that a sitting deleted and
    another begun under its id carry the same stamps): after each, the kept listing lists
    what a whole listing lists, in its order, and gives back the unchanged lines' infos."""
    rng = random.Random(seed)
    store.import_sitting(GERMAN, title="Berlin")
    store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))
    kept = KeptListing()
    listed: dict[int, SittingInfo] = {info.id: info for info in store.list_sittings(kept)}
    for _step in range(25):
        before = revisions(store)
        what = rng.choice(CHANGES)(store, rng)
        whole = store.list_sittings()
        again = store.list_sittings(kept)
        assert again == whole, what
        after = revisions(store)
        for info in again:
            if before.get(info.id) == after[info.id]:  # not changed: not read again
                assert info is listed[info.id], what
        listed = {info.id: info for info in again}


def revisions(store: SittingStore) -> dict[int, int]:
    """Each stored sitting's revision, by id."""
    return {info.id: store.revision(info.id) for info in store.list_sittings()}


def tamper(path: Path, statement: str) -> None:
    with closing(sqlite3.connect(path)) as connection:
        connection.execute(statement)
        connection.commit()


def test_a_summary_changed_behind_the_app_s_back_is_scored_again(
    database: Database, store: SittingStore
) -> None:
    sitting_id = store.import_sitting(GERMAN)
    kept = KeptListing()
    assert [info.net_points for info in store.list_sittings(kept)] == [100]
    tamper(database.path, "UPDATE summary SET net_points = 99999, checksum = 'x'")
    assert [info.net_points for info in store.list_sittings(kept)] == [100]
    tamper(database.path, "UPDATE summary SET hands = 99999")  # the checksum kept
    assert store.list_sittings(kept) == store.list_sittings()
    assert store.list_sittings(kept)[0].hands == 6
    assert store.list_sittings(kept)[0].id == sitting_id


def test_a_read_only_database_is_listed_alike(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    with Database.open(path) as database:
        store = SittingStore(database, still)
        first = store.import_sitting(GERMAN)
        store.import_sitting(GERMAN, title="Club")
        tamper(path, "DELETE FROM summary")  # stale: scored as read, never stored
    with Database.open(path, read_only=True) as database:
        store = SittingStore(database)
        kept = KeptListing()
        assert store.list_sittings(kept) == store.list_sittings()
        assert store.list_sittings(kept) == store.list_sittings()
        assert {info.id: info.hands for info in store.list_sittings(kept)}[first] == 6


def test_a_damaged_sitting_is_listed_as_damaged_and_read_again(
    database: Database, store: SittingStore
) -> None:
    sitting_id = store.import_sitting(GERMAN)
    kept = KeptListing()
    store.list_sittings(kept)
    tamper(database.path, f"UPDATE sitting SET variant = 'skat' WHERE id = {sitting_id}")
    [damaged] = store.list_sittings(kept)
    assert damaged.damaged
    assert [damaged] == store.list_sittings()
    tamper(database.path, f"UPDATE sitting SET variant = 'two-player' WHERE id = {sitting_id}")
    [mended] = store.list_sittings(kept)
    assert (mended.damaged, mended.hands) == ("", 6)


def test_a_sitting_begun_under_the_id_of_one_deleted_in_the_same_second(
    store: SittingStore,
) -> None:
    store.import_sitting(GERMAN)
    newest = store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))
    kept = KeptListing()
    store.list_sittings(kept)
    store.delete_sitting(newest)
    assert store.create_sitting(Variant.TWO_PLAYER, ("Carl", "Dora")) == newest
    assert store.list_sittings(kept) == store.list_sittings()
    assert store.list_sittings(kept)[0].players == ("Carl", "Dora")
