"""The sittings database: pragmas, commits, migrations, refusals and the writer lock.

Each test works on a database in ``tmp_path``; the checked-in fixtures are copied there
before they are opened. Every check of what was committed goes through a second,
independent ``sqlite3`` connection, as another program would see the file.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

import jojotte_score.storage.database as database_module
import jojotte_score.storage.schema as schema_module
from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.games import new_sitting, replay
from jojotte_score.core.model import PlayedHand, Rules, Sitting, Trump, Variant
from jojotte_score.storage.database import Database, writer_lock
from jojotte_score.storage.errors import (
    DatabaseInUseError,
    DatabaseTooNewError,
    HandNotFoundError,
    NotADatabaseError,
    ReadOnlyError,
    SittingNotFoundError,
    StorageError,
)
from jojotte_score.storage.paths import DATA_DIR_ENV, data_dir, database_path
from jojotte_score.storage.schema import SCHEMA_VERSION, Migration
from jojotte_score.storage.sittings import SittingInfo, SittingStore
from tests.sitting_kinds import load_two_sided, two_sided

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
FIXTURE_FILES = sorted(
    FIXTURES.glob("schema-v*.sqlite3"), key=lambda path: int(path.stem.removeprefix("schema-v"))
)
COMPANIONS = ("-wal", "-shm", "-journal")

GERMAN = load_two_sided(DATA / "german-example.json")
PARTNERSHIP = load_two_sided(DATA / "partnership-example.json")
# The fixtures were made while the pad let both sides score sequences in one hand, and
# store the partnership example's first hand as it was then: melds 20 and 50 (now Anna &
# Carl's run of three scores nothing beside Bert & Dora's run of five). A database keeps
# the hands it holds, and opens with them, whatever later versions refuse. (A fixture made
# from now on holds the example as it is now, and needs an expectation of its own.)
_FIRST_HAND = PARTNERSHIP.hands[0]
assert isinstance(_FIRST_HAND, PlayedHand)
OLD_FIRST_HAND = _FIRST_HAND._replace(melds=(20, 50), note="")
FIXTURE_PARTNERSHIP = new_sitting(
    Variant.PARTNERSHIP, PARTNERSHIP.players, (OLD_FIRST_HAND, *PARTNERSHIP.hands[1:])
)
SMALL = load_two_sided(DATA / "small-example.json")
H1, H2, H3 = GERMAN.hands[:3]  # spades, hearts, clubs
BAD_MELD = PlayedHand(0, Trump.SPADES, (60, 95), 0, melds=(30, 0))


# Helpers ------------------------------------------------------------------------------


@contextlib.contextmanager
def observer(path: Path) -> Iterator[sqlite3.Connection]:
    """An independent connection to ``path``, in autocommit mode, as another program."""
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        yield connection
    finally:
        connection.close()


def query(path: Path, sql: str, parameters: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Rows of one query through a fresh independent connection."""
    with observer(path) as connection:
        return connection.execute(sql, parameters).fetchall()


def files_state(database: Path) -> dict[str, str | None]:
    """The SHA-256 of the database and of each of its companion files (None when absent)."""
    state: dict[str, str | None] = {}
    for ending in ("", *COMPANIONS):
        path = database.with_name(database.name + ending)
        state[ending] = hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None
    return state


def trumps(path: Path, sitting_id: int) -> str:
    """The trumps of a sitting's hands in order, as stored, e.g. "spades hearts"."""
    rows = query(
        path,
        "SELECT json_extract(data, '$.trump') FROM hand WHERE sitting_id = ? ORDER BY position",
        (sitting_id,),
    )
    return " ".join(str(row[0]) for row in rows)


def new_database(path: Path, *sittings: Sitting) -> None:
    """Create a database at ``path`` holding ``sittings``, and close it."""
    with Database.open(path) as database:
        store = SittingStore(database)
        for sitting in sittings:
            store.import_sitting(sitting)


def set_user_version(path: Path, version: int, journal_mode: str = "wal") -> None:
    with observer(path) as connection:
        connection.execute(f"PRAGMA journal_mode = {journal_mode}").fetchall()
        connection.execute(f"PRAGMA user_version = {version}")


def table_names(path: Path) -> set[str]:
    rows = query(path, "SELECT name FROM sqlite_master WHERE type = 'table'")
    return {str(row[0]) for row in rows}


# A new database ----------------------------------------------------------------------


def test_new_database_has_the_schema_wal_full_sync_and_foreign_keys(tmp_path: Path) -> None:
    path = database_path(data_dir(tmp_path / "new" / "folder", {}))
    with Database.open(path) as database:
        pragma = database.connection.execute
        assert pragma("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert database.schema_version == SCHEMA_VERSION
        assert pragma("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert pragma("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert pragma("PRAGMA foreign_keys").fetchone()[0] == 1
        assert database.connection.in_transaction is False
        assert database.integrity_problems() == []
        assert database.read_only is False
    assert path == tmp_path / "new" / "folder" / "sittings.sqlite3"
    assert {"sitting", "hand", "summary"} <= table_names(path)
    # WAL is recorded in the file itself, so every later opening uses it too.
    assert query(path, "PRAGMA journal_mode") == [("wal",)]


@pytest.mark.parametrize(
    ("explicit", "environ", "expected"),
    [
        (Path("/from/option"), {DATA_DIR_ENV: "/from/env"}, Path("/from/option")),
        (None, {DATA_DIR_ENV: "/from/env"}, Path("/from/env")),
        (None, {DATA_DIR_ENV: "   "}, None),  # blank means unset: the user's data folder
        (None, {}, None),
    ],
    ids=["--data-dir wins", "environment", "blank environment", "neither"],
)
def test_data_dir_comes_from_the_option_then_the_environment(
    explicit: Path | None, environ: dict[str, str], expected: Path | None
) -> None:
    found = data_dir(explicit, environ)
    if expected is None:
        assert found.name == "jojotte-score"
        assert found.is_absolute()
    else:
        assert found == expected


def test_an_empty_file_simply_becomes_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    path.write_bytes(b"")
    with Database.open(path) as database:
        store = SittingStore(database)
        sitting_id = store.import_sitting(GERMAN)
        assert database.schema_version == SCHEMA_VERSION
    with Database.open(path, read_only=True) as database:
        stored = two_sided(SittingStore(database).load(sitting_id).sitting)
        assert replay(stored).rubbers[0].totals == (755, 655)


def test_an_empty_file_is_not_opened_read_only_and_stays_empty(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    path.write_bytes(b"")
    with pytest.raises(StorageError, match=re.escape(str(path))):
        Database.open(path, read_only=True)
    assert path.read_bytes() == b""


def test_read_only_opening_of_a_missing_database_creates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    with pytest.raises(StorageError, match="no database here yet"):
        Database.open(path, read_only=True)
    assert list(tmp_path.iterdir()) == []


# Every change is committed before it returns ------------------------------------------


@dataclass(frozen=True)
class Change:
    """A store call on sitting ``sid`` (holding German hands 1 and 2) and what it leaves."""

    name: str
    apply: Callable[[SittingStore, int], object]
    sql: str  # read by an independent connection; ``:sid`` is the sitting's id
    expected: object


CHANGES = [
    Change(
        "create_sitting",
        lambda store, sid: store.create_sitting(Variant.PARTNERSHIP, ("C", "D", "E", "F")),
        "SELECT group_concat(variant, ' ') FROM (SELECT variant FROM sitting ORDER BY id)",
        "two-player partnership",
    ),
    Change(
        "import_sitting",
        lambda store, sid: store.import_sitting(GERMAN, title="Again"),
        "SELECT count(*) FROM hand",
        2 + 6,
    ),
    Change(
        "add_hand",
        lambda store, sid: store.add_hand(sid, H3),
        "trumps",
        "spades hearts clubs",
    ),
    Change(
        "insert_hand",
        lambda store, sid: store.insert_hand(sid, 0, H3),
        "trumps",
        "clubs spades hearts",
    ),
    Change(
        "replace_hand",
        lambda store, sid: store.replace_hand(sid, 1, H3),
        "trumps",
        "spades clubs",
    ),
    Change("delete_hand", lambda store, sid: store.delete_hand(sid, 0), "trumps", "hearts"),
    Change(
        "rename_players",
        lambda store, sid: store.rename_players(sid, ("Anna", "Bert")),
        "SELECT players FROM sitting WHERE id = :sid",
        '["Anna", "Bert"]',
    ),
    Change(
        "set_details",
        lambda store, sid: store.set_details(sid, title="Friday", place="Köln"),
        "SELECT title || ' / ' || place FROM sitting WHERE id = :sid",
        "Friday / Köln",
    ),
    Change(
        "summary follows add_hand",
        lambda store, sid: store.add_hand(sid, H3),
        "SELECT hands || ' hands, revision ' || revision FROM summary WHERE sitting_id = :sid",
        "3 hands, revision 1",
    ),
]


@pytest.mark.parametrize("change", CHANGES, ids=[change.name for change in CHANGES])
def test_each_change_is_committed_before_the_call_returns(tmp_path: Path, change: Change) -> None:
    path = tmp_path / "sittings.sqlite3"
    with Database.open(path) as database, observer(path) as other:
        store = SittingStore(database)
        sitting_id = store.import_sitting(new_sitting(Variant.TWO_PLAYER, ("A", "B"), (H1, H2)))
        assert trumps(path, sitting_id) == "spades hearts"
        change.apply(store, sitting_id)
        assert database.connection.in_transaction is False
        # Read while the writer still has the database open: only committed data is seen.
        if change.sql == "trumps":
            seen: object = trumps(path, sitting_id)
        else:
            seen = other.execute(change.sql, {"sid": sitting_id}).fetchone()[0]
        assert seen == change.expected


@dataclass(frozen=True)
class Refused:
    """A store call that must fail and leave the database exactly as it was."""

    name: str
    apply: Callable[[SittingStore, int], object]
    error: type[Exception]


REFUSED = [
    Refused(
        "add a hand the core refuses", lambda s, sid: s.add_hand(sid, BAD_MELD), InvalidSittingError
    ),
    Refused(
        "import a sitting with one bad hand",
        lambda s, sid: s.import_sitting(
            new_sitting(Variant.TWO_PLAYER, ("A", "B"), (H1, BAD_MELD))
        ),
        InvalidSittingError,
    ),
    Refused("insert past the end", lambda s, sid: s.insert_hand(sid, 5, H3), HandNotFoundError),
    Refused("replace a missing hand", lambda s, sid: s.replace_hand(sid, 2, H3), HandNotFoundError),
    Refused("delete a missing hand", lambda s, sid: s.delete_hand(sid, 9), HandNotFoundError),
    Refused(
        "add to a missing sitting", lambda s, sid: s.add_hand(sid + 1, H3), SittingNotFoundError
    ),
    Refused(
        "rename to blanks", lambda s, sid: s.rename_players(sid, (" ", "B")), InvalidSittingError
    ),
]


@pytest.mark.parametrize("refused", REFUSED, ids=[refused.name for refused in REFUSED])
def test_a_refused_change_leaves_nothing_behind(tmp_path: Path, refused: Refused) -> None:
    path = tmp_path / "sittings.sqlite3"
    dump = (
        "SELECT sitting_id, position, data FROM hand "
        "UNION ALL SELECT id, revision, players FROM sitting"
    )
    with Database.open(path) as database:
        store = SittingStore(database)
        sitting_id = store.import_sitting(new_sitting(Variant.TWO_PLAYER, ("A", "B"), (H1, H2)))
        before = query(path, dump)
        with pytest.raises(refused.error):
            refused.apply(store, sitting_id)
        assert database.connection.in_transaction is False
        assert query(path, dump) == before
        assert store.add_hand(sitting_id, H3) == 2  # and the database is still usable
    assert trumps(path, sitting_id) == "spades hearts clubs"


def insert_then_fail(database: Database) -> None:
    with database.transaction() as connection:
        connection.execute(
            "INSERT INTO sitting (variant, players, game_target, rubber_bonus, created, "
            "updated) VALUES ('two-player', '[\"A\", \"B\"]', 80, 300, 'x', 'x')"
        )
        raise RuntimeError("halfway")


def test_an_error_inside_a_transaction_rolls_all_of_it_back(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    with Database.open(path) as database:
        with pytest.raises(RuntimeError, match="halfway"):
            insert_then_fail(database)
        assert database.connection.in_transaction is False
        with pytest.raises(StorageError, match=re.escape(str(path))), database.transaction() as c:
            c.execute("INSERT INTO nowhere VALUES (1)")
        assert database.connection.in_transaction is False
    assert query(path, "SELECT count(*) FROM sitting") == [(0,)]


# The summary is a cache, never a source of truth --------------------------------------


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE summary SET revision = -1, hands = 999, net_points = 5",
        "DELETE FROM summary",
    ],
    ids=["stale", "missing"],
)
def test_a_stale_or_missing_summary_is_rebuilt_from_the_hands(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "sittings.sqlite3"
    new_database(path, GERMAN, SMALL)
    query(path, damage)
    state = files_state(path)
    with Database.open(path, read_only=True) as database:
        listed = sorted(SittingStore(database).list_sittings(), key=lambda info: info.id)
        assert [info.hands for info in listed] == [6, 6]
        assert [(info.net_side, info.net_points) for info in listed] == [(0, 100), (1, 1420)]
        assert [info.unresolved_prison for info in listed] == [0, 120]
    assert files_state(path)[""] == state[""]  # read-only: figures derived, nothing stored
    with Database.open(path) as database:
        listed = sorted(SittingStore(database).list_sittings(), key=lambda info: info.id)
        assert [(info.hands, info.net_side, info.net_points) for info in listed] == [
            (6, 0, 100),
            (6, 1, 1420),
        ]
    # The writer stored the rebuilt figures.
    assert query(
        path, "SELECT hands, net_side, net_points, revision FROM summary ORDER BY 1, 3"
    ) == [
        (6, 0, 100, 0),
        (6, 1, 1420, 0),
    ]


# Fixture databases of every schema version --------------------------------------------


@dataclass(frozen=True)
class Expected:
    """One sitting of the fixture databases, as the list and the score sheet show it."""

    id: int
    title: str
    place: str
    variant: Variant
    players: tuple[str, ...]
    hands: int
    rubber_totals: tuple[tuple[int, int], ...]
    rubbers_finished: int
    net: tuple[int | None, int]
    unresolved_prison: int
    created: str
    updated: str
    same_as: Sitting | None  # the sitting file it was imported from, hand for hand


EXPECTED = [
    Expected(1, "Deutsches Rechenbeispiel", "Köln", Variant.TWO_PLAYER, ("A", "B"), 6,
             ((755, 655),), 1, (0, 100), 0, "19:00", "19:00", GERMAN),
    Expected(2, "Partnership evening", "Anna's", Variant.PARTNERSHIP,
             ("Anna", "Bert", "Carl", "Dora"), 6, ((525, 1270), (385, 0)), 1, (1, 360), 0,
             "19:01", "19:01", FIXTURE_PARTNERSHIP),
    Expected(3, "Thrown-in deals", "", Variant.TWO_PLAYER, ("Anna", "Bert"), 6,
             ((0, 1420),), 0, (1, 1420), 120, "19:02", "19:02", SMALL),
    Expected(4, "Re-entered by hand", "Café", Variant.TWO_PLAYER, ("Anna", "Bert"), 6,
             ((755, 655),), 1, (0, 100), 0, "19:03", "19:14",
             new_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"), GERMAN.hands)),
    Expected(5, "Not started yet", "", Variant.PARTNERSHIP, ("Clara", "Dirk", "Emil", "Fanny"),
             0, (), 0, (None, 0), 0, "19:15", "19:15",
             new_sitting(Variant.PARTNERSHIP, ("Clara", "Dirk", "Emil", "Fanny"))),
]  # fmt: skip
# From schema 3 on the fixture holds the partnership example as it is now (see above).
EXPECTED_FROM_3 = [
    *EXPECTED[:1],
    Expected(2, "Partnership evening", "Anna's", Variant.PARTNERSHIP,
             ("Anna", "Bert", "Carl", "Dora"), 6, ((505, 1270), (385, 0)), 1, (1, 380), 0,
             "19:01", "19:01", PARTNERSHIP),
    *EXPECTED[2:],
]  # fmt: skip


def expected_in(fixture: Path) -> list[Expected]:
    """The two-sided sittings of the fixture of that schema version."""
    return EXPECTED_FROM_3 if fixture_version(fixture) >= 3 else EXPECTED


def at(clock: str) -> datetime:
    hour, minute = clock.split(":")
    return datetime(2026, 1, 10, int(hour), int(minute), tzinfo=UTC)


def fixture_version(fixture: Path) -> int:
    match = re.fullmatch(r"schema-v(\d+)\.sqlite3", fixture.name)
    assert match is not None, fixture.name
    return int(match[1])


def copy_fixture(fixture: Path, folder: Path) -> Path:
    """A copy of a checked-in fixture to open; the checked-in file is never opened."""
    target = folder / "sittings.sqlite3"
    shutil.copyfile(fixture, target)
    return target


def test_there_is_a_fixture_for_every_schema_version() -> None:
    assert [fixture_version(f) for f in FIXTURE_FILES] == list(range(1, SCHEMA_VERSION + 1))


def test_the_newest_tables_written_down_are_what_the_migrations_make() -> None:
    written = schema_module.NEWEST_TABLES

    made = schema_module.run_migrations_in_memory(SCHEMA_VERSION)

    assert schema_module.NEWEST_TABLES_VERSION == SCHEMA_VERSION
    assert list(made) == list(written)  # the order SQLite lists them
    assert made == written


def test_opening_a_newest_database_does_not_run_the_migrations_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tables and columns it must have are written down for the newest version: running
    every migration in memory to learn them took 20.7 M of start-up's 1.34 G instructions.
    An older database still learns them that way, and is upgraded."""
    path = tmp_path / "sittings.sqlite3"
    Database.open(path).close()
    learnt: list[int] = []
    running = schema_module.run_migrations_in_memory

    def counted(version: int) -> dict[str, set[str]]:
        learnt.append(version)
        return running(version)

    monkeypatch.setattr(schema_module, "run_migrations_in_memory", counted)

    Database.open(path).close()
    Database.open(path, read_only=True).close()
    assert learnt == []
    (tmp_path / "old").mkdir()
    Database.open(copy_fixture(FIXTURE_FILES[2], tmp_path / "old")).close()
    assert learnt == [3]


@pytest.mark.parametrize(
    ("table", "column"), [("summary", "settlement"), ("sitting", "chosen_for")]
)
def test_a_newest_database_without_one_of_its_columns_is_refused_untouched(
    tmp_path: Path, table: str, column: str
) -> None:
    path = tmp_path / "sittings.sqlite3"
    with Database.open(path) as database:
        SittingStore(database).import_sitting(GERMAN, title="Friday")
    with observer(path) as other:
        other.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    before = path.read_bytes()

    for read_only in (False, True):
        with pytest.raises(NotADatabaseError) as refused:
            Database.open(path, read_only=read_only)
        assert str(refused.value) == (
            f"{path}: not a jojotte-score database (its schema version is {SCHEMA_VERSION}, "
            f"but it has no column '{column}' in table '{table}'); it was not changed"
        )
    assert path.read_bytes() == before


@pytest.mark.parametrize("fixture", FIXTURE_FILES, ids=[f.name for f in FIXTURE_FILES])
def test_a_fixture_database_opens_upgraded_with_every_sitting_and_score(
    tmp_path: Path, fixture: Path
) -> None:
    checked_in = files_state(fixture)
    path = copy_fixture(fixture, tmp_path)
    assert query(path, "PRAGMA user_version") == [(fixture_version(fixture),)]
    with Database.open(path) as database:
        assert database.schema_version == SCHEMA_VERSION
        assert database.integrity_problems() == []
        store = SittingStore(database)
        listed = {info.id: info for info in store.list_sittings()}
        # The list shows the most recently changed first; from schema 3 on, the fixtures
        # also hold the three games of individual players (see test_migrations.py).
        newest = 8 if fixture_version(fixture) >= 3 else 5
        assert [info.id for info in store.list_sittings()] == list(range(newest, 0, -1))
        assert store.last_sitting_id() == newest
        for expected in expected_in(fixture):
            check_listed(listed[expected.id], expected)
            stored = store.load(expected.id)
            assert (stored.title, stored.place) == (expected.title, expected.place)
            assert (stored.created, stored.updated) == (at(expected.created), at(expected.updated))
            assert stored.sitting == expected.same_as
            ledger = replay(stored.sitting)
            assert tuple(rubber.totals for rubber in ledger.rubbers) == expected.rubber_totals
            assert ledger.net == expected.net
            assert ledger.unresolved_prison == expected.unresolved_prison
        # The rules came through too: the small example plays for a rubber bonus of 500.
        assert store.load(3).sitting.rules == Rules(80, 500)
        assert store.load(2).sitting.rules == Rules(125, 300)
    assert query(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert files_state(fixture) == checked_in


def test_schema_4_keeps_a_checkpoint_for_every_game(tmp_path: Path) -> None:
    """Schema 3 kept a checkpoint for the two sides only (their difference); schema 4 keeps
    each column's totals and the chouette's roles for every game. The summary is derived
    data: the upgrade drops it, and the rows are rebuilt with the same figures."""
    path = copy_fixture(FIXTURES / "schema-v3.sqlite3", tmp_path)
    columns = [row[1] for row in query(path, "PRAGMA table_info(summary)")]
    assert "resume_difference" in columns
    assert "resume_totals" not in columns
    before = query(path, "SELECT sitting_id, hands, net_side, net_points, settlement FROM summary")
    with Database.open(path) as database:
        store = SittingStore(database)
        listed = {info.id: info for info in store.list_sittings()}
        for sitting_id in listed:
            recent = store.load_recent(sitting_id)
            ledger = replay(store.load(sitting_id).sitting)
            assert recent.checkpoint.totals == ledger.totals_after(recent.checkpoint.rubber - 1)
            assert recent.checkpoint.roles == ledger.rubber_roles(recent.checkpoint.rubber)
        assert listed[8].variant is Variant.CHOUETTE
        assert store.load_recent(8).checkpoint.roles is not None
    columns = [row[1] for row in query(path, "PRAGMA table_info(summary)")]
    assert "resume_difference" not in columns
    assert {"resume_totals", "resume_roles"} <= set(columns)  # the roles' column, schema 8
    after = query(path, "SELECT sitting_id, hands, net_side, net_points, settlement FROM summary")
    assert sorted(after) == sorted(before)


OLD_HAND_FIXTURES = [f for f in FIXTURE_FILES if fixture_version(f) < 3]


@pytest.mark.parametrize("fixture", OLD_HAND_FIXTURES, ids=[f.name for f in OLD_HAND_FIXTURES])
def test_a_stored_hand_that_the_checks_now_refuse_can_be_put_right(
    tmp_path: Path, fixture: Path
) -> None:
    """Hand 1 of the fixtures' partnership sitting gives both sides sequences, which the
    checks now refuse ("only one player may score for Honor Meld(s) in each Class"): the
    sitting still opens, and the hand can be replaced or deleted."""
    for change in ("replace", "delete"):
        (tmp_path / change).mkdir()
        with Database.open(copy_fixture(fixture, tmp_path / change)) as database:
            store = SittingStore(database)
            assert store.load(2).sitting.hands[0] == OLD_FIRST_HAND
            assert store.load_recent(2).hand_count == 6
            with pytest.raises(InvalidSittingError, match="both include sequences"):
                store.add_hand(2, OLD_FIRST_HAND)
            if change == "replace":
                assert store.replace_hand(2, 0, PARTNERSHIP.hands[0]) == OLD_FIRST_HAND
            else:
                assert store.delete_hand(2, 0) == OLD_FIRST_HAND
                store.insert_hand(2, 0, PARTNERSHIP.hands[0])
            assert store.load(2).sitting == PARTNERSHIP


def check_listed(info: SittingInfo, expected: Expected) -> None:
    assert (info.title, info.place, info.variant, info.players) == (
        expected.title,
        expected.place,
        expected.variant,
        expected.players,
    )
    assert info.hands == expected.hands
    assert info.rubbers_finished == expected.rubbers_finished
    assert (info.net_side, info.net_points) == expected.net
    assert info.unresolved_prison == expected.unresolved_prison
    assert info.updated == at(expected.updated)


def test_the_german_fixture_sitting_scores_a_755_b_655(tmp_path: Path) -> None:
    path = copy_fixture(FIXTURES / "schema-v1.sqlite3", tmp_path)
    with Database.open(path) as database:
        rubber = replay(two_sided(SittingStore(database).load(1).sitting)).rubbers[0]
    assert rubber.totals == (755, 655)
    assert rubber.winner == 0
    assert rubber.net == (0, 100)


# Migrations ---------------------------------------------------------------------------

STEP_1 = Migration(1, ("CREATE TABLE one (x INTEGER)", "INSERT INTO one VALUES (1)"))
STEP_2_GOOD = Migration(2, ("CREATE TABLE two (y INTEGER)", "INSERT INTO two VALUES (2)"))
STEP_2_FAILING = Migration(
    2,
    (
        "CREATE TABLE two (y INTEGER)",
        "INSERT INTO two VALUES (2)",
        "INSERT INTO nowhere VALUES (3)",  # fails midway through step 2
    ),
)


def use_migrations(monkeypatch: pytest.MonkeyPatch, *migrations: Migration) -> None:
    """Make the app believe its schema is ``migrations`` (database.py binds both names)."""
    for module in (schema_module, database_module):
        monkeypatch.setattr(module, "MIGRATIONS", migrations)
        monkeypatch.setattr(module, "SCHEMA_VERSION", migrations[-1].version)


def test_each_migration_step_is_its_own_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "sittings.sqlite3"
    use_migrations(monkeypatch, STEP_1, STEP_2_FAILING)
    with pytest.raises(StorageError, match=re.escape(str(path))):
        Database.open(path)
    # Step 1 was committed; nothing of step 2 was.
    assert query(path, "PRAGMA user_version") == [(1,)]
    assert table_names(path) == {"one"}
    assert query(path, "SELECT x FROM one") == [(1,)]

    use_migrations(monkeypatch, STEP_1, STEP_2_GOOD)
    with Database.open(path) as database:  # the lock was released by the failed opening
        assert database.schema_version == 2
    assert table_names(path) == {"one", "two"}
    assert query(path, "SELECT x FROM one") == [(1,)]  # step 1 did not run again
    assert query(path, "SELECT y FROM two") == [(2,)]


def test_an_old_database_is_not_upgraded_by_a_read_only_opening(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "sittings.sqlite3"
    use_migrations(monkeypatch, STEP_1)
    Database.open(path).close()
    before = files_state(path)
    use_migrations(monkeypatch, STEP_1, STEP_2_GOOD)
    with pytest.raises(StorageError) as refused:
        Database.open(path, read_only=True)
    # Nobody is upgrading it: it was put there by an earlier version (or a restore), and the
    # next opening for writing upgrades it. There is no read-only option to take away.
    assert "from an earlier version of jojotte-score (schema 1)" in str(refused.value)
    assert "the next time the window or `jojotte-score import` opens it" in str(refused.value)
    assert "read-only" not in str(refused.value)
    assert files_state(path)[""] == before[""]
    assert query(path, "PRAGMA user_version") == [(1,)]
    # While another copy holds the writers' lock (it is upgrading the database), that is
    # what a reader is told.
    with writer_lock(path), pytest.raises(StorageError) as waiting:
        Database.open(path, read_only=True)
    assert "another copy of jojotte-score is upgrading this database (schema 1 to 2)" in str(
        waiting.value
    )
    assert "wait until it has started, then try again" in str(waiting.value)
    assert "read-only" not in str(waiting.value)


def test_the_newest_fixture_keeps_every_sitting_through_a_further_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the fixture test will check for real once the next schema exists."""
    path = copy_fixture(FIXTURES / f"schema-v{SCHEMA_VERSION}.sqlite3", tmp_path)
    with Database.open(path, read_only=True) as database:
        store = SittingStore(database)
        before = [store.load(info.id) for info in store.list_sittings()]
    later = Migration(
        schema_module.SCHEMA_VERSION + 1,
        ("ALTER TABLE sitting ADD COLUMN colour TEXT NOT NULL DEFAULT ''", "DELETE FROM summary"),
    )
    use_migrations(monkeypatch, *schema_module.MIGRATIONS, later)
    with Database.open(path) as database:
        assert database.schema_version == later.version
        store = SittingStore(database)
        after = [store.load(info.id) for info in store.list_sittings()]
        listed = store.list_sittings()
        assert [info.net_points for info in listed][-5:] == [0, 100, 1420, 380, 100]
        assert [info.settlement for info in listed][:3] == [
            (1135, 1150, -2285),  # the chouette: Anna 1460 - 1470 + 1145, ...
            (-110, -190, 2450, -2150),  # cutthroat
            (655, -1655, 1000),  # the three-player game
        ]
    assert after == before


def test_a_migration_that_rebuilds_the_sitting_table_keeps_every_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's recipe for changing a table: create the new one, copy, drop, rename."""
    path = copy_fixture(FIXTURES / "schema-v1.sqlite3", tmp_path)
    hands_before = query(path, "SELECT count(*) FROM hand")
    rebuild = Migration(
        schema_module.SCHEMA_VERSION + 1,
        (
            "CREATE TABLE sitting_new (id INTEGER PRIMARY KEY, variant TEXT NOT NULL, "
            "players TEXT NOT NULL, game_target INTEGER NOT NULL, rubber_bonus INTEGER NOT NULL, "
            "title TEXT NOT NULL, place TEXT NOT NULL, created TEXT NOT NULL, "
            "updated TEXT NOT NULL, revision INTEGER NOT NULL, chosen_dealer INTEGER, "
            "chosen_for INTEGER, roles TEXT, uuid TEXT)",
            "INSERT INTO sitting_new SELECT * FROM sitting",
            "DROP TABLE sitting",
            "ALTER TABLE sitting_new RENAME TO sitting",
        ),
    )
    use_migrations(monkeypatch, *schema_module.MIGRATIONS, rebuild)
    with Database.open(path) as database:
        assert database.integrity_problems() == []
        loaded = SittingStore(database).load(1).sitting
    assert query(path, "SELECT count(*) FROM hand") == hands_before == [(24,)]
    assert loaded == GERMAN


# A database from a newer version of the app -------------------------------------------


@pytest.mark.parametrize(
    ("journal_mode", "read_only"),
    [
        ("wal", False),
        ("wal", True),
        ("delete", False),
        ("delete", True),
    ],
)
def test_a_newer_database_is_refused_and_left_byte_for_byte(
    tmp_path: Path, journal_mode: str, read_only: bool
) -> None:
    path = tmp_path / "sittings.sqlite3"
    new_database(path, GERMAN)
    set_user_version(path, SCHEMA_VERSION + 1, journal_mode)
    before = files_state(path)
    assert before["-wal"] is None
    with pytest.raises(DatabaseTooNewError) as refused:
        Database.open(path, read_only=read_only)
    message = str(refused.value)
    assert str(path) in message
    assert "newer" in message
    assert "update" in message
    assert files_state(path) == before
    # And it is refused just the same the next time.
    with pytest.raises(DatabaseTooNewError):
        Database.open(path, read_only=read_only)
    assert files_state(path) == before


@pytest.mark.parametrize("read_only", [False, True])
def test_a_newer_database_with_unsaved_wal_keeps_its_file_and_wal(
    tmp_path: Path, read_only: bool
) -> None:
    """A newer app stopped before moving its last commits from the -wal into the file."""
    source = tmp_path / "running" / "sittings.sqlite3"
    new_database(source, GERMAN)
    path = tmp_path / "sittings.sqlite3"
    with observer(source) as newer:
        newer.execute("PRAGMA wal_autocheckpoint = 0")
        newer.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        newer.execute("CREATE TABLE from_the_future (x)")
        for ending in ("", "-wal"):  # the files as a crash would leave them
            shutil.copyfile(f"{source}{ending}", f"{path}{ending}")
    before = files_state(path)
    assert before["-wal"] is not None
    with pytest.raises(DatabaseTooNewError, match="newer"):
        Database.open(path, read_only=read_only)
    after = files_state(path)
    # The -shm holds no data (SQLite's shared index of the WAL); the rest must not change.
    assert (after[""], after["-wal"]) == (before[""], before["-wal"])


# Files that are not a jojotte-score database ------------------------------------------

NOT_DATABASES = {
    "text": b"This is not a database.\n" * 200,
    "short text": b"hello",
    "random bytes": random.Random(1937).randbytes(8192),
    "a sitting file": (DATA / "german-example.json").read_bytes(),
    "an SQLite header alone": b"SQLite format 3\x00",
}


@pytest.mark.parametrize("read_only", [False, True], ids=["writer", "read-only"])
@pytest.mark.parametrize("content", NOT_DATABASES.values(), ids=NOT_DATABASES.keys())
def test_a_file_that_is_not_a_database_is_refused_and_untouched(
    tmp_path: Path, content: bytes, read_only: bool
) -> None:
    path = tmp_path / "sittings.sqlite3"
    path.write_bytes(content)
    with pytest.raises(NotADatabaseError) as refused:
        Database.open(path, read_only=read_only)
    assert str(path) in str(refused.value)
    assert "not a jojotte-score database" in str(refused.value)
    assert path.read_bytes() == content
    assert files_state(path)["-wal"] is None
    # The failed opening released the writer's lock.
    path.write_bytes(b"")
    Database.open(path).close()


def test_another_programs_sqlite_database_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    with observer(path) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
        other.execute("INSERT INTO notes VALUES ('mine')")
    before = files_state(path)
    with (
        contextlib.ExitStack() as opened,  # closes the database should it open after all
        pytest.raises(NotADatabaseError, match="not a jojotte-score database"),
    ):
        opened.enter_context(Database.open(path))
    assert files_state(path) == before
    assert table_names(path) == {"notes"}


# One writer at a time -----------------------------------------------------------------


def test_a_second_writer_is_refused_and_the_first_keeps_its_data(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    with Database.open(path) as first:
        store = SittingStore(first)
        sitting_id = store.import_sitting(GERMAN)
        with pytest.raises(DatabaseInUseError) as refused:
            Database.open(path)
        message = str(refused.value)
        assert str(path) in message
        assert "another copy of jojotte-score is using this database" in message
        # The first copy carries on as if nothing happened.
        assert store.add_hand(sitting_id, H3) == 6
        assert store.hand_count(sitting_id) == 7
        assert first.integrity_problems() == []
    with Database.open(path) as second:  # once the first has closed, a writer may open
        assert SittingStore(second).hand_count(sitting_id) == 7


def test_a_read_only_copy_beside_the_writer_sees_each_commit(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    with Database.open(path) as writer, Database.open(path, read_only=True) as reader:
        store, viewer = SittingStore(writer), SittingStore(reader)
        assert viewer.list_sittings() == []
        sitting_id = store.import_sitting(GERMAN, title="Friday")
        assert [info.title for info in viewer.list_sittings()] == ["Friday"]
        assert replay(two_sided(viewer.load(sitting_id).sitting)).rubbers[0].totals == (755, 655)
        store.delete_hand(sitting_id, 5)
        assert viewer.hand_count(sitting_id) == 5
        assert viewer.list_sittings()[0].rubbers_finished == 0
        assert reader.connection.in_transaction is False


def test_a_read_only_database_refuses_every_change(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    new_database(path, GERMAN)
    before = files_state(path)
    with Database.open(path, read_only=True) as database:
        assert database.read_only is True
        store = SittingStore(database)
        changes: list[Callable[[], object]] = [
            lambda: store.add_hand(1, H3),
            lambda: store.create_sitting(Variant.TWO_PLAYER, ("C", "D")),
            lambda: store.delete_hand(1, 0),
            lambda: store.set_details(1, title="No"),
        ]
        for change in changes:
            with pytest.raises(ReadOnlyError, match="read-only"):
                change()
        with pytest.raises(ReadOnlyError), database.transaction():
            pass
        with pytest.raises(sqlite3.OperationalError):
            database.connection.execute("DELETE FROM hand")
        assert store.hand_count(1) == 6
    assert files_state(path)[""] == before[""]


HOLD = """
import sys
from pathlib import Path
from jojotte_score.core.model import Variant
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore

with Database.open(Path(sys.argv[1])) as database:
    SittingStore(database).create_sitting(Variant.TWO_PLAYER, ("Clara", "Dirk"), title="child")
    print("holding", flush=True)
    sys.stdin.read()
print("closed", flush=True)
"""

TRY = """
import sys
from pathlib import Path
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import DatabaseInUseError

try:
    Database.open(Path(sys.argv[1])).close()
except DatabaseInUseError as error:
    print(error)
    sys.exit(3)
print("opened")
"""


def child(script: str, path: Path) -> subprocess.Popen[str]:
    """A second copy of the app, in its own process, running ``script`` on ``path``."""
    environ = dict(os.environ)
    environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), environ.get("PYTHONPATH")]))
    return subprocess.Popen(
        [sys.executable, "-c", script, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=environ,
    )


def wait_until_holding(process: subprocess.Popen[str]) -> None:
    assert process.stdout is not None
    line = process.stdout.readline()
    if line != "holding\n":
        _, errors = process.communicate(timeout=30)
        pytest.fail(f"the child did not open the database: {line!r} {errors}")


def test_a_writer_in_another_process_is_detected(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    with child(HOLD, path) as process:
        wait_until_holding(process)
        with pytest.raises(DatabaseInUseError, match="another copy of jojotte-score"):
            Database.open(path)
        with Database.open(path, read_only=True) as viewer:
            assert [info.title for info in SittingStore(viewer).list_sittings()] == ["child"]
        output, errors = process.communicate(input="", timeout=30)
    assert (process.returncode, output, errors) == (0, "closed\n", "")
    with Database.open(path) as database:
        assert [info.title for info in SittingStore(database).list_sittings()] == ["child"]


def test_another_process_is_refused_while_this_one_writes(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    with Database.open(path) as database:
        SittingStore(database).import_sitting(GERMAN)
        with child(TRY, path) as process:
            output, errors = process.communicate(timeout=30)
        assert process.returncode == 3, errors
        assert output == f"{path}: another copy of jojotte-score is using this database; " + (
            "close it first (or open this one read-only)\n"
        )
        assert SittingStore(database).hand_count(1) == 6
    with child(TRY, path) as process:
        output, errors = process.communicate(timeout=30)
    assert (process.returncode, output) == (0, "opened\n"), errors


def test_a_killed_writer_leaves_its_commits_and_no_lock(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    with child(HOLD, path) as process:
        wait_until_holding(process)
        process.kill()
        process.communicate(timeout=30)
    with Database.open(path) as database:
        assert database.integrity_problems() == []
        assert [info.title for info in SittingStore(database).list_sittings()] == ["child"]


def test_a_database_knows_when_its_file_was_replaced_or_removed(tmp_path: Path) -> None:
    """A copy that only reads (``share``) asks before reading again: a backup restored is
    a copy renamed over the file, which the open connection would never see."""
    path = tmp_path / "sittings.sqlite3"
    with Database.open(path):
        pass
    shutil.copyfile(path, tmp_path / "restored.sqlite3")
    with Database.open(path, read_only=True) as database:
        assert not database.replaced()
        os.replace(tmp_path / "restored.sqlite3", path)
        assert database.replaced()
    with Database.open(path, read_only=True) as database:
        assert not database.replaced()
        path.unlink()
        assert database.replaced()
