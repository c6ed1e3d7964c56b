"""The statistics kept by storage (schema 5): each seat's figures of each sitting, stored
beside the sitting's revision, summed for a period; since schema 6 scored from the
summary's checkpoint and added to the figures it keeps for the rubbers before it. They
must always equal the figures a replay of every stored sitting gives, in every game: after
the upgrades from schemas 4 and 5, and after an edit, an insert, a delete, an undo and a
restore of a backup. A change scores only its own sitting's figures again."""

from __future__ import annotations

import random
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jojotte_score.storage.stored_figures as stored_figures
from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.model import Sitting, Variant
from jojotte_score.core.stats import PlayerStats, player_stats, sitting_stats
from jojotte_score.storage import summary
from jojotte_score.storage.backups import make_backup
from jojotte_score.storage.database import Database
from jojotte_score.storage.restore import restore_backup
from jojotte_score.storage.schema import SCHEMA_VERSION
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import (
    Period,
    PeriodFigures,
    PeriodStats,
    period_stats,
)
from jojotte_score.storage.stored_figures import stored_seat_figures
from tests.storage.stored_starts import assert_starts_are_a_replays
from tests.strategies import sittings
from tests.strategies_three_player import (
    chouette_sittings,
    cutthroat_sittings,
    three_player_sittings,
)

FIXTURES = Path(__file__).resolve().parent / "fixtures"

ANY_GAME = st.one_of(
    sittings(Variant.TWO_PLAYER, max_hands=25),
    sittings(Variant.PARTNERSHIP, max_hands=25),
    three_player_sittings(max_hands=25),
    chouette_sittings(max_hands=25),
    cutthroat_sittings(max_hands=25),
)


def replayed(store: SittingStore) -> list[PlayerStats]:
    """Every player's figures by replaying every stored sitting from hand 1."""
    ids = [sitting_id for sitting_id, _created in store.created_dates()]
    return player_stats(store.load(sitting_id).sitting for sitting_id in ids)


def assert_stored_equal_replayed(store: SittingStore, kept: PeriodFigures | None = None) -> None:
    figures = period_stats(store)
    assert list(figures.players) == replayed(store)
    if kept is not None:  # read again after the change, as the open Statistics tab does
        assert kept.period_stats(store) == figures
    # ... and every sitting's figures are now stored for its current revision, seat by
    # seat those of a replay, however many rubbers its checkpoint leaves behind.
    fresh = stored_seat_figures(store.database.connection)
    assert sorted(fresh) == [sitting_id for sitting_id, _ in store.created_dates()]
    for sitting_id, seats in fresh.items():
        assert seats == sitting_stats(store.load(sitting_id).sitting)
        # ... and so is every rubber's start, with the figures before it (schema 7).
        assert_starts_are_a_replays(store, sitting_id)


@pytest.fixture
def rescored(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sittings whose figures are scored from their hands, in order."""
    scored: list[int] = []
    score = stored_figures.seat_figures_of

    def counting(connection: sqlite3.Connection, sitting_id: int) -> tuple[PlayerStats, ...]:
        scored.append(sitting_id)
        return score(connection, sitting_id)

    monkeypatch.setattr(stored_figures, "seat_figures_of", counting)
    return scored


@given(
    st.lists(ANY_GAME, min_size=1, max_size=3),
    st.sampled_from((1, 3, 100)),
    st.randoms(use_true_random=False),
)
@settings(max_examples=25, deadline=None)
def test_the_stored_figures_equal_a_replay_after_every_kind_of_change(
    tmp_path_factory: pytest.TempPathFactory,
    games: list[Sitting],
    keep: int,
    chance: random.Random,
) -> None:
    """With the summary's checkpoint ``keep`` hands or more from the end, so that a sitting
    of 25 hands has rubbers before it (their figures kept beside it, schema 6) or none."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(summary, "RECENT_HANDS", keep)
        change_and_check(tmp_path_factory, games, chance)


def change_and_check(
    tmp_path_factory: pytest.TempPathFactory, games: list[Sitting], chance: random.Random
) -> None:
    folder = tmp_path_factory.mktemp("db")
    path = folder / "sittings.sqlite3"
    kept = PeriodFigures()
    with Database.open(path) as database:
        store = SittingStore(database)
        ids = [store.import_sitting(sitting) for sitting in games]
        assert_stored_equal_replayed(store, kept)
        make_backup(database.connection, folder / "backups", datetime.now(UTC))
        for _ in range(4):
            index = chance.randrange(len(ids))
            change_and_undo(store, ids[index], games[index], chance, kept)
    # Restoring the backup taken before the changes: the figures are those of that time.
    restore_backup(next((folder / "backups").iterdir()), path, datetime.now(UTC))
    with Database.open(path) as database:
        store = SittingStore(database)
        assert [store.load(i).sitting.hands for i in ids] == [s.hands for s in games]
        assert_stored_equal_replayed(store, kept)


def change_and_undo(
    store: SittingStore,
    sitting_id: int,
    original: Sitting,
    chance: random.Random,
    kept: PeriodFigures,
) -> None:
    """One edit, insert or delete (a refused one changes nothing), checked; then taken back
    as the Edit menu's Undo does, checked again."""
    count = store.hand_count(sitting_id)
    if not original.hands:
        return
    hand = chance.choice(original.hands)
    change = chance.choice(("replace", "insert", "delete")) if count else "insert"
    undo: Callable[[], object]
    try:
        if change == "replace":
            position = chance.randrange(count)
            old = store.replace_hand(sitting_id, position, hand)
            undo = lambda: store.replace_hand(sitting_id, position, old)  # noqa: E731
        elif change == "insert":
            position = chance.randrange(count + 1)
            store.insert_hand(sitting_id, position, hand)
            undo = lambda: store.delete_hand(sitting_id, position)  # noqa: E731
        else:
            position = chance.randrange(count)
            removed = store.delete_hand(sitting_id, position)
            undo = lambda: store.insert_hand(sitting_id, position, removed)  # noqa: E731
    except InvalidSittingError:
        assert_stored_equal_replayed(store, kept)
        return
    assert_stored_equal_replayed(store, kept)
    undo()
    assert_stored_equal_replayed(store, kept)


def test_a_recorded_hand_scores_only_its_own_sitting_again(
    tmp_path: Path, rescored: list[int]
) -> None:
    from tests.stored_examples import store_examples

    with Database.open(tmp_path / "sittings.sqlite3") as database:
        store = store_examples(database)
        before = period_stats(store)
        assert rescored == [1, 2, 3, 4]  # the first reading stores every sitting's figures
        rescored.clear()
        assert period_stats(store) == before
        assert rescored == []  # read again: nothing is replayed
        german = store.load(1).sitting
        store.add_hand(1, german.hands[0])
        after = period_stats(store)
        assert rescored == [1]
        by_name = {player.name: player for player in after.players}
        old = {player.name: player for player in before.players}
        # A's new hand: one more hand played, an unfinished rubber now open.
        assert by_name["A"].hands_played == old["A"].hands_played + 1
        assert by_name["A"].rubbers_unfinished == old["A"].rubbers_unfinished + 1
        assert by_name["Anna"] == old["Anna"]
        assert list(after.players) == replayed(store)


def test_figures_read_again_read_only_the_sittings_changed_since(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.stored_examples import store_examples

    read: list[object] = []
    rows_of = stored_figures.stored_figure_rows

    def counting(
        connection: sqlite3.Connection, sitting_ids: list[int] | None = None
    ) -> dict[int, list[tuple[int, ...]]]:
        read.append(sitting_ids)
        return rows_of(connection, sitting_ids)

    monkeypatch.setattr(stored_figures, "stored_figure_rows", counting)
    with Database.open(tmp_path / "sittings.sqlite3") as database:
        store = store_examples(database)
        kept = PeriodFigures()
        before = kept.period_stats(store)
        assert read == [None]  # the first reading reads every sitting's rows
        read.clear()
        assert kept.period_stats(store) == before
        assert read == []
        store.add_hand(2, store.load(2).sitting.hands[0])
        store.rename_players(3, [f"{name} Jr" for name in store.load(3).sitting.players])
        after = kept.period_stats(store)
        assert read == [[2, 3]]
        assert after == period_stats(store)
        assert after != before
        assert any(player.name.endswith(" Jr") for player in after.players)


def test_the_upgrade_from_schema_4_stores_every_sittings_figures(
    tmp_path: Path, rescored: list[int]
) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v4.sqlite3", path)
    with Database.open(path) as database:
        assert database.schema_version == SCHEMA_VERSION == 12
        store = SittingStore(database)
        assert sorted(stored_seat_figures(database.connection)) == list(range(1, 9))
        figures = period_stats(store)
        assert rescored == []
        assert figures.sittings == 8
        assert list(figures.players) == replayed(store)
        by_name = {player.name: player for player in figures.players}
        # The German example twice (sittings 1 and 4, 4 with Anna and Bert): A won it by 100.
        a = by_name["A"]
        assert (a.sittings, a.rubbers_played, a.rubbers_won, a.net_points) == (1, 1, 1, 100)
        assert (str(a.contracts), a.defended, a.defeated) == ("1/4", 2, 1)
        anna, bert = stored_seat_figures(database.connection)[4]
        assert (anna.net_points, bert.net_points, anna.rubbers_won, bert.rubbers_won) == (
            100,
            -100,
            1,
            0,
        )
    # The copy kept before upgrading is the schema 4 database, untouched.
    (backup,) = (tmp_path / "backups").iterdir()
    with closing(sqlite3.connect(backup)) as old:
        assert old.execute("PRAGMA user_version").fetchone() == (4,)
        tables = {name for (name,) in old.execute("SELECT name FROM sqlite_master")}
        assert "seat_figures" not in tables


def test_a_damaged_sitting_does_not_stop_the_upgrade_and_is_named_when_read(
    tmp_path: Path,
) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v4.sqlite3", path)
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("UPDATE hand SET data = '{{' WHERE sitting_id = 6")
        connection.commit()
    with Database.open(path) as database:
        assert database.schema_version == SCHEMA_VERSION
        stored = stored_seat_figures(database.connection)
        assert sorted(stored) == [1, 2, 3, 4, 5, 7, 8]
        from jojotte_score.storage.errors import DamagedSittingError

        with pytest.raises(DamagedSittingError, match="sitting 6"):
            period_stats(SittingStore(database))


KILLED_UPGRADE = """
import sys, time
from pathlib import Path
import jojotte_score.storage.stored_figures as stored_figures
from jojotte_score.storage.database import Database

name = sys.argv[2]
fill = getattr(stored_figures, name)

def fill_then_wait(connection):
    fill(connection)
    print("filled", flush=True)
    time.sleep(60)

setattr(stored_figures, name, fill_then_wait)
Database.open(Path(sys.argv[1]))
"""


@pytest.mark.parametrize(("old", "fill"), [(4, "fill_seat_figures"), (6, "fill_summary")])
def test_an_upgrade_killed_before_it_commits_leaves_the_old_schema_and_runs_again(
    tmp_path: Path, old: int, fill: str
) -> None:
    """kill -9 while schema 10's upgrade transaction is open (the one that fills the
    figures and the summaries with their checksums; every figure written, nothing of it
    committed): the database is still schema 9, as the migrations before it left it, and
    the next opening upgrades it."""
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / f"schema-v{old}.sqlite3", path)
    root = Path(__file__).resolve().parents[2]
    with subprocess.Popen(
        [sys.executable, "-c", KILLED_UPGRADE, str(path), fill],
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
    ) as process:
        assert process.stdout is not None
        assert process.stdout.readline() == "filled\n"
        process.kill()
        process.wait(timeout=30)
    assert process.returncode == -9
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("PRAGMA user_version").fetchone() == (9,)
        # Nothing of schema 10's fill is kept (the fixtures hold no figures yet).
        assert connection.execute("SELECT count(*) FROM seat_figures").fetchone() == (0,)
        columns = {row[1] for row in connection.execute("PRAGMA table_info(summary)")}
        assert "resume_roles" in columns
        assert "checksum" not in columns
    started = time.monotonic()
    with Database.open(path) as database:
        assert database.schema_version == SCHEMA_VERSION
        assert database.integrity_problems() == []
        store = SittingStore(database)
        assert list(period_stats(store).players) == replayed(store)
        assert all(summary.fresh(database.connection, i) for i in range(1, 9))
    assert time.monotonic() - started < 30


@pytest.fixture
def read_only_copy(tmp_path: Path) -> Iterator[SittingStore]:
    """The fixture of the current schema with its stored figures removed, open read-only."""
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / f"schema-v{SCHEMA_VERSION}.sqlite3", path)
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("DELETE FROM seat_figures")
        connection.commit()
    with Database.open(path, read_only=True) as database:
        yield SittingStore(database)


def test_a_read_only_database_scores_missing_figures_without_writing(
    read_only_copy: SittingStore,
) -> None:
    figures = period_stats(read_only_copy)
    assert figures.sittings == 8
    assert list(figures.players) == replayed(read_only_copy)
    assert stored_seat_figures(read_only_copy.database.connection) == {}


def test_stored_figures_that_are_not_whole_numbers_are_scored_again(
    tmp_path: Path, rescored: list[int]
) -> None:
    from tests.stored_examples import store_examples

    with Database.open(tmp_path / "sittings.sqlite3") as database:
        store = store_examples(database)
        before = period_stats(store)
        with database.transaction() as connection:
            connection.execute("UPDATE seat_figures SET net_points = 'x' WHERE sitting_id = 2")
            connection.execute("DELETE FROM seat_figures WHERE sitting_id = 3 AND seat = 1")
        rescored.clear()
        assert period_stats(store) == before
        assert rescored == [2, 3]
        assert sorted(stored_seat_figures(database.connection)) == [1, 2, 3, 4]


def test_figures_kept_for_one_period_give_another_period_its_own_sum(tmp_path: Path) -> None:
    from tests.stored_examples import store_examples

    with Database.open(tmp_path / "sittings.sqlite3") as database:
        store = store_examples(database)
        kept = PeriodFigures()
        long_ago = Period(date(1900, 1, 1), date(1900, 12, 31))
        assert kept.period_stats(store, long_ago) == PeriodStats(long_ago, 0, ())
        everything = kept.period_stats(store)
        assert everything == period_stats(store)
        assert everything.sittings == 4
        assert kept.period_stats(store, long_ago).players == ()


def test_the_upgrade_from_schema_5_keeps_the_figures_before_every_checkpoint(
    tmp_path: Path, rescored: list[int]
) -> None:
    """Schema 6 kept the figures before every checkpoint (schema 7 rebuilds the summary
    again, with every rubber's start, and schema 8 with the game's roles; schema 10 every
    cache, with its checksum, each sitting's figures too): the statistics read them as
    stored, equal to a replay."""
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v5.sqlite3", path)
    with Database.open(path) as database:
        assert database.schema_version == SCHEMA_VERSION == 12
        connection = database.connection
        rows = connection.execute("SELECT sitting_id, resume_figures FROM summary").fetchall()
        # The fixture's sittings are short: every checkpoint is at the first hand.
        assert rows == [(sitting_id, "[]") for sitting_id in range(1, 9)]
        store = SittingStore(database)
        assert len(stored_seat_figures(connection)) == 8
        figures = period_stats(store)
        assert rescored == []
        assert list(figures.players) == replayed(store)


def test_a_recorded_hand_scores_its_sittings_figures_from_the_checkpoint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With checkpoints one hand from the end, each example has rubbers before its
    checkpoint: their figures are kept in the summary and with the rubber's start, and a
    recorded hand's summary and figures are scored from the start of its rubber on and
    added to them, equal to a replay from hand 1."""
    from tests.stored_examples import store_examples

    monkeypatch.setattr(summary, "RECENT_HANDS", 1)
    read_from: list[int] = []
    hands_from = summary.stored_rows

    def reading(
        connection: sqlite3.Connection, sitting_id: int, variant: Variant, start: int = 0
    ) -> Iterator[object]:
        read_from.append(start)
        return hands_from(connection, sitting_id, variant, start)

    with Database.open(tmp_path / "sittings.sqlite3") as database:
        store = store_examples(database)
        kept = PeriodFigures()
        kept.period_stats(store)
        connection = database.connection
        checked = 0
        for sitting_id in range(1, 5):
            # The last hand taken back, and recorded again.
            last = store.hand_count(sitting_id) - 1
            removed = store.delete_hand(sitting_id, last)
            kept.period_stats(store)
            cached = summary.fresh(connection, sitting_id)
            assert cached is not None
            if cached.checkpoint.rubber == 1:  # no rubber before the last hand's
                assert cached.before == ()
                continue
            sitting = store.load(sitting_id).sitting
            assert len(cached.before) == len(sitting.players)
            monkeypatch.setattr(summary, "stored_rows", reading)
            read_from.clear()
            store.add_hand(sitting_id, removed)
            figures = kept.period_stats(store)
            monkeypatch.setattr(summary, "stored_rows", hands_from)
            assert read_from  # the summary's and the figures' scoring
            assert min(read_from) == cached.checkpoint.position > 0
            assert figures == period_stats(store)
            assert list(figures.players) == replayed(store)
            stored = stored_seat_figures(connection)[sitting_id]
            assert stored == sitting_stats(store.load(sitting_id).sitting)
            checked += 1
        assert checked >= 2
