"""Failures lose nothing: faults inside a change, a bad data folder, a full disk, bad imports.

Each test records a full dump of the database (every table's rows and the schema, as
``iterdump`` writes them, with ``user_version``) before the failure and compares it with
the dump afterwards, then checks that the store still does what it is asked.
"""

from __future__ import annotations

import contextlib
import copy
import errno
import json
import os
import random
import sqlite3
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO, cast

import pytest

from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.games import new_sitting, replay
from jojotte_score.core.model import (
    Doubling,
    Hand,
    PlayedHand,
    Sitting,
    Special,
    ThrownIn,
    Trump,
    Variant,
)
from jojotte_score.formats.csv_export import write_hands_csv, write_rubbers_csv
from jojotte_score.formats.sitting_file import (
    MAX_FILE_BYTES,
    dumps_sitting,
    hand_to_data,
    load_sitting,
    save_sitting,
    sitting_to_data,
)
from jojotte_score.storage import sittings, summary
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import DataDirectoryError, ReadOnlyError, StorageError
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from tests.formats.test_sitting_file import BAD_FILES, BAD_HANDS, BAD_TEXTS, GOOD, sitting_data
from tests.sitting_kinds import two_sided, two_sided_hands

DATA = Path(__file__).resolve().parent.parent / "data"
START = datetime(2024, 5, 1, 20, 0, tzinfo=UTC)

ADDED = PlayedHand(1, Trump.HEARTS, (45, 110), last_trick=1, double=Doubling.DOUBLE, note="added")
IMPORTED = new_sitting(
    Variant.TWO_PLAYER,
    ("Clara", "Dora"),
    (
        PlayedHand(0, Trump.SPADES, (80, 75), last_trick=0),
        ThrownIn(dealer=1),
        PlayedHand(
            0, Trump.NO_TRUMP, (120, 0), last_trick=None, special=Special.NULLO, tricks=(9, 0)
        ),
        PlayedHand(0, Trump.DIAMONDS, (100, 55), last_trick=0, melds=(20, 0)),
        PlayedHand(1, Trump.CLUBS, (0, 155), last_trick=1, special=Special.SLAM, tricks=(0, 9)),
        PlayedHand(1, Trump.NO_TRUMP, (60, 60), last_trick=0),
    ),
)


class TickingClock:
    """A clock one second later at every reading, so any stray write shows in a dump."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@dataclass
class Populated:
    """An open database holding two sittings: the small and the partnership example."""

    path: Path
    database: Database
    store: SittingStore
    small: int
    partnership: int


@pytest.fixture
def populated(tmp_path: Path) -> Iterator[Populated]:
    path = database_path(tmp_path / "data")
    with Database.open(path) as database:
        store = SittingStore(database, clock=TickingClock())
        small = store.import_sitting(
            load_sitting(DATA / "small-example.json").sitting, title="Tuesday", place="Club"
        )
        partnership = store.import_sitting(
            load_sitting(DATA / "partnership-example.json").sitting, title="Four of us"
        )
        yield Populated(path, database, store, small, partnership)


def dump(database: Database) -> str:
    """Every row of every table, the schema and the schema version, as text."""
    connection = database.connection
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    return f"-- user_version {version}\n" + "\n".join(connection.iterdump())


def assert_sound(database: Database) -> None:
    assert database.integrity_problems() == []
    assert database.connection.execute("PRAGMA foreign_key_check").fetchall() == []
    assert not database.connection.in_transaction


State = dict[int, tuple[tuple[str, ...], str, str, tuple[Hand, ...]]]


def state(store: SittingStore) -> State:
    """What a player sees of every sitting: names, title, place and hands."""
    result: State = {}
    for info in store.list_sittings():
        stored = store.load(info.id)
        sitting = two_sided(stored.sitting)
        hands = two_sided_hands(sitting.hands)
        result[info.id] = (sitting.players, stored.title, stored.place, hands)
        assert info.hands == len(sitting.hands)
        assert (info.net_side, info.net_points) == replay(sitting).net
    return result


# The changes, each with what it does to the state -------------------------------------


@dataclass(frozen=True)
class Change:
    """One change to the small example (six hands), and the state it should lead to."""

    name: str
    run: Callable[[SittingStore, int], object]
    expect: Callable[[State, int, object], State]

    def __repr__(self) -> str:
        return self.name


def _hands_become(update: Callable[[list[Hand]], object]) -> Callable[[State, int, object], State]:
    def expect(before: State, sitting_id: int, _result: object) -> State:
        players, title, place, hands = before[sitting_id]
        changed = list(hands)
        update(changed)
        return {**before, sitting_id: (players, title, place, tuple(changed))}

    return expect


def _added(before: State, _sitting_id: int, result: object) -> State:
    assert isinstance(result, int)
    assert result not in before
    hands = two_sided_hands(IMPORTED.hands)
    return {**before, result: (IMPORTED.players, "Imported", "Home", hands)}


def _created(before: State, _sitting_id: int, result: object) -> State:
    assert isinstance(result, int)
    return {**before, result: (("Eve", "Finn"), "New", "", ())}


def _renamed(before: State, sitting_id: int, _result: object) -> State:
    _, title, place, hands = before[sitting_id]
    return {**before, sitting_id: (("Clara", "Dora"), title, place, hands)}


def _detailed(before: State, sitting_id: int, _result: object) -> State:
    players, _, _, hands = before[sitting_id]
    return {**before, sitting_id: (players, "Finals", "Lyon", hands)}


CHANGES = [
    Change("add", lambda s, i: s.add_hand(i, ADDED), _hands_become(lambda h: h.append(ADDED))),
    Change(
        "insert-front",
        lambda s, i: s.insert_hand(i, 0, ADDED),
        _hands_become(lambda h: h.insert(0, ADDED)),
    ),
    Change(
        "insert-middle",
        lambda s, i: s.insert_hand(i, 3, ADDED),
        _hands_become(lambda h: h.insert(3, ADDED)),
    ),
    Change(
        "replace",
        lambda s, i: s.replace_hand(i, 2, ADDED),
        _hands_become(lambda h: h.__setitem__(2, ADDED)),
    ),
    Change("delete-front", lambda s, i: s.delete_hand(i, 0), _hands_become(lambda h: h.pop(0))),
    Change("delete-middle", lambda s, i: s.delete_hand(i, 3), _hands_become(lambda h: h.pop(3))),
    Change("rename", lambda s, i: s.rename_players(i, ("Clara", "Dora")), _renamed),
    Change("details", lambda s, i: s.set_details(i, title="Finals", place="Lyon"), _detailed),
    Change(
        "import", lambda s, _: s.import_sitting(IMPORTED, title="Imported", place="Home"), _added
    ),
    Change(
        "create",
        lambda s, _: s.create_sitting(Variant.TWO_PLAYER, ("Eve", "Finn"), title="New"),
        _created,
    ),
]
SHIFTING = [change for change in CHANGES if change.name.startswith(("insert", "delete"))]


# A connection that fails on demand ------------------------------------------------------

Fault = Callable[[int, str], BaseException | None]


class FaultyConnection:
    """Passes everything to the real connection, except that ``fault(call, sql)`` may
    return an exception to raise instead of running statement number ``call``."""

    def __init__(self, real: sqlite3.Connection, fault: Fault) -> None:
        self.real = real
        self.fault = fault
        self.calls = 0
        self.statements: list[str] = []

    def _before(self, sql: str) -> None:
        self.calls += 1
        self.statements.append(" ".join(sql.split()))
        error = self.fault(self.calls, sql)
        if error is not None:
            raise error

    def execute(self, sql: str, parameters: Any = ()) -> sqlite3.Cursor:
        self._before(sql)
        return self.real.execute(sql, parameters)

    def executemany(self, sql: str, parameters: Any) -> sqlite3.Cursor:
        self._before(sql)
        return self.real.executemany(sql, parameters)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


@contextlib.contextmanager
def faulty(database: Database, fault: Fault) -> Iterator[FaultyConnection]:
    """Run the block with the database's connection replaced by a :class:`FaultyConnection`."""
    real = database.connection
    proxy = FaultyConnection(real, fault)
    database.connection = cast(sqlite3.Connection, proxy)
    try:
        yield proxy
    finally:
        database.connection = real


def fail_at(number: int, error: BaseException) -> Fault:
    return lambda call, _sql: error if call == number else None


def make_error(kind: str) -> BaseException:
    if kind == "sqlite":
        return sqlite3.OperationalError("disk I/O error")
    return RuntimeError("the power went out")


# Faults inside a change ----------------------------------------------------------------


@pytest.mark.parametrize("kind", ["sqlite", "python"])
@pytest.mark.parametrize("change", CHANGES, ids=repr)
def test_a_failure_at_any_statement_of_a_change_leaves_the_database_as_it_was(
    populated: Populated, change: Change, kind: str
) -> None:
    """Statement 1 (BEGIN), 2, 3, ... up to COMMIT fails in turn; each time nothing changes.

    An SQLite error leaves as a StorageError naming the file; any other exception leaves
    as itself. Once no statement fails any more, the change is made exactly once.
    """
    database, store, sitting_id = populated.database, populated.store, populated.small
    before_dump, before = dump(database), state(store)
    number = 0
    while True:
        number += 1
        error = make_error(kind)
        expected = StorageError if kind == "sqlite" else RuntimeError
        with faulty(database, fail_at(number, error)) as connection:
            failure: BaseException | None = None
            try:
                result = change.run(store, sitting_id)
            except expected as caught:
                failure = caught
            if failure is None:
                break
            if kind == "sqlite":
                assert str(failure) == f"{populated.path}: database error: disk I/O error"
                assert failure.__cause__ is error
            else:
                assert failure is error
            # A failed BEGIN has nothing to undo; after any later statement, ROLLBACK is
            # the only statement run after the one that failed.
            if number == 1:
                assert connection.statements == ["BEGIN IMMEDIATE"]
            else:
                assert connection.calls == number + 1, connection.statements
                assert connection.statements[-1] == "ROLLBACK"
        assert dump(database) == before_dump, f"statement {number} of {change.name}"
        assert_sound(database)
    statements = connection.statements
    assert statements[0] == "BEGIN IMMEDIATE"
    assert statements[-1] == "COMMIT"
    assert number == len(statements) + 1  # every statement of the change failed once
    assert number >= 5
    assert state(store) == change.expect(before, sitting_id, result)
    assert_sound(database)


def _boom(*_args: object, **_kwargs: object) -> None:
    raise RuntimeError("failed on purpose")


@pytest.mark.parametrize("change", CHANGES, ids=repr)
def test_a_failure_while_the_summary_is_rebuilt_undoes_the_change(
    populated: Populated, change: Change, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The summary is rebuilt last, after the hand and sitting rows were written."""
    database, store, sitting_id = populated.database, populated.store, populated.small
    before_dump, before = dump(database), state(store)
    with monkeypatch.context() as patch:
        patch.setattr(summary, "refresh", _boom)
        with (
            faulty(database, lambda _call, _sql: None) as connection,
            pytest.raises(RuntimeError, match="failed on purpose"),
        ):
            change.run(store, sitting_id)
        writes = [s for s in connection.statements if s.startswith(("INSERT", "UPDATE", "DELETE"))]
        assert writes, "the failure came after the change's own writes"
    assert dump(database) == before_dump
    assert_sound(database)
    result = change.run(store, sitting_id)
    assert state(store) == change.expect(before, sitting_id, result)


@pytest.mark.parametrize("change", SHIFTING, ids=repr)
def test_a_failure_halfway_through_renumbering_undoes_the_change(
    populated: Populated, change: Change, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first renumbering step ran (positions made negative), the second one fails."""
    database, store, sitting_id = populated.database, populated.store, populated.small
    before_dump, before = dump(database), state(store)
    real_shift = sittings._shift
    seen_negative: list[int] = []

    def half_shift(connection: sqlite3.Connection, sid: int, start: int, by: int) -> None:
        def second_fails(call: int, _sql: str) -> BaseException | None:
            if call == 2:
                row = connection.execute(
                    "SELECT min(position) FROM hand WHERE sitting_id = ?", (sid,)
                )
                seen_negative.append(row.fetchone()[0])
                return sqlite3.OperationalError("disk I/O error")
            return None

        real_shift(
            cast(sqlite3.Connection, FaultyConnection(connection, second_fails)), sid, start, by
        )

    monkeypatch.setattr(sittings, "_shift", half_shift)
    with pytest.raises(StorageError, match="disk I/O error"):
        change.run(store, sitting_id)
    assert len(seen_negative) == 1
    assert seen_negative[0] < 0  # the failure really came in the middle of the renumbering
    assert dump(database) == before_dump
    assert_sound(database)
    monkeypatch.undo()
    result = change.run(store, sitting_id)
    assert state(store) == change.expect(before, sitting_id, result)


def test_a_failure_in_the_middle_of_an_import_stores_no_part_of_it(
    populated: Populated, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sitting row and three of six hands were written when the fourth hand fails."""
    database, store = populated.database, populated.store
    before_dump, before = dump(database), state(store)
    converted: list[Hand] = []
    hands_when_it_failed: list[int] = []
    hands_before = database.connection.execute("SELECT count(*) FROM hand").fetchone()[0]

    def fourth_fails(hand: Hand) -> dict[str, object]:
        if len(converted) == 3:
            row = database.connection.execute("SELECT count(*) FROM hand").fetchone()
            hands_when_it_failed.append(row[0])
            raise RuntimeError("failed on purpose")
        converted.append(hand)
        return hand_to_data(hand)

    monkeypatch.setattr(sittings, "hand_to_data", fourth_fails)
    with pytest.raises(RuntimeError, match="failed on purpose"):
        store.import_sitting(IMPORTED, title="Imported", place="Home")
    assert converted == list(IMPORTED.hands[:3])
    assert hands_when_it_failed == [hands_before + 3]  # three rows were in before the fault
    assert dump(database) == before_dump
    assert len(store.list_sittings()) == 2
    assert_sound(database)
    monkeypatch.undo()
    new_id = store.import_sitting(IMPORTED, title="Imported", place="Home")
    assert state(store) == _added(before, 0, new_id)


def test_an_interrupt_in_the_middle_of_a_change_undoes_it(populated: Populated) -> None:
    """Ctrl+C (KeyboardInterrupt) during the third statement: rolled back, then re-raised."""
    database, store, sitting_id = populated.database, populated.store, populated.small
    before_dump = dump(database)
    with faulty(database, fail_at(3, KeyboardInterrupt())), pytest.raises(KeyboardInterrupt):
        store.insert_hand(sitting_id, 0, ADDED)
    assert dump(database) == before_dump
    assert_sound(database)
    assert store.hand_count(sitting_id) == 6


# A failed export ------------------------------------------------------------------------


class HalfWriter:
    """A file whose write puts half the bytes on disk and then finds the disk full."""

    def __init__(self, real: BinaryIO) -> None:
        self.real = real

    def write(self, data: bytes) -> int:
        self.real.write(data[: len(data) // 2])
        self.real.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def __enter__(self) -> HalfWriter:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.real.close()


def _fail_write(monkeypatch: pytest.MonkeyPatch) -> None:
    real_fdopen = os.fdopen
    monkeypatch.setattr(
        os, "fdopen", lambda fd, mode: HalfWriter(cast(BinaryIO, real_fdopen(fd, mode)))
    )


def _fail(name: str, code: int) -> Callable[[pytest.MonkeyPatch], None]:
    def patch(monkeypatch: pytest.MonkeyPatch) -> None:
        def failing(*_args: object) -> None:
            raise OSError(code, os.strerror(code))

        monkeypatch.setattr(os, name, failing)

    return patch


EXPORT_FAULTS = {
    "write-disk-full": (_fail_write, errno.ENOSPC),
    "fsync-io-error": (_fail("fsync", errno.EIO), errno.EIO),
    "rename-refused": (_fail("replace", errno.EACCES), errno.EACCES),
}
EXPORTS: dict[str, Callable[[Sitting, Path], None]] = {
    "sitting-file": save_sitting,
    "hands-csv": lambda sitting, path: write_hands_csv(sitting, replay(sitting), path),
    "rubbers-csv": lambda sitting, path: write_rubbers_csv(
        [("Tuesday", sitting, replay(sitting))], path
    ),
}


@pytest.mark.parametrize("existing", [False, True], ids=["new-file", "existing-file"])
@pytest.mark.parametrize("export", list(EXPORTS))
@pytest.mark.parametrize("fault", list(EXPORT_FAULTS))
def test_a_failed_export_leaves_no_partial_file(
    populated: Populated,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fault: str,
    export: str,
    existing: bool,
) -> None:
    """No temporary is left, a new file does not appear, an existing one keeps its bytes."""
    sitting = two_sided(populated.store.load(populated.small).sitting)
    folder = tmp_path / "exports"
    folder.mkdir()
    target = folder / "tuesday.out"
    old = b"the previous export\n" * 100
    if existing:
        target.write_bytes(old)
    listing = sorted(os.listdir(folder))
    before_dump = dump(populated.database)
    patch, code = EXPORT_FAULTS[fault]
    with monkeypatch.context() as patching:
        patch(patching)
        with pytest.raises(OSError, match=os.strerror(code)) as caught:
            EXPORTS[export](sitting, target)
    assert caught.value.errno == code
    assert sorted(os.listdir(folder)) == listing
    if existing:
        assert target.read_bytes() == old
    else:
        assert not target.exists()
    assert dump(populated.database) == before_dump
    # Once the disk behaves, the same export writes the whole file.
    EXPORTS[export](sitting, target)
    assert sorted(os.listdir(folder)) == ["tuesday.out"]
    if export == "sitting-file":
        assert target.read_text(encoding="utf-8") == dumps_sitting(sitting)
        assert load_sitting(target).sitting == sitting


# The data folder ------------------------------------------------------------------------


def test_missing_folders_are_created(tmp_path: Path) -> None:
    path = tmp_path / "new" / "deeper" / "s.sqlite3"
    with Database.open(path) as database:
        store = SittingStore(database, clock=TickingClock())
        sitting_id = store.import_sitting(IMPORTED)
    assert path.is_file()
    with Database.open(path) as database:
        assert SittingStore(database).load(sitting_id).sitting == IMPORTED


@pytest.mark.parametrize("depth", [0, 2])
def test_a_folder_that_cannot_be_created_is_named_in_one_message(
    tmp_path: Path, depth: int
) -> None:
    """A regular file stands where a folder of the path should be."""
    blocker = tmp_path / "notes.txt"
    blocker.write_text("not a folder\n", encoding="utf-8")
    folder = blocker.joinpath(*["sub"] * depth)
    with pytest.raises(DataDirectoryError) as caught:
        Database.open(folder / "s.sqlite3")
    message = str(caught.value)
    assert message.startswith(f"{folder}: cannot create the data folder (")
    assert "\n" not in message
    assert blocker.read_text(encoding="utf-8") == "not a folder\n"
    assert sorted(os.listdir(tmp_path)) == ["notes.txt"]


def test_a_folder_where_the_database_should_be_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    path.mkdir()
    with pytest.raises(DataDirectoryError) as caught:
        Database.open(path)
    assert str(caught.value) == f"{path}: this is a folder, not a database file"
    assert list(path.iterdir()) == []
    # The lock was released: once the folder is gone the database opens.
    path.rmdir()
    with Database.open(path) as database:
        assert database.integrity_problems() == []


def test_a_database_opened_read_only_refuses_every_change(populated: Populated) -> None:
    database, store, small = populated.database, populated.store, populated.small
    before_dump, before = dump(database), state(store)
    database.close()
    with Database.open(populated.path, read_only=True) as read_only:
        reader = SittingStore(read_only, clock=TickingClock())
        for change in CHANGES:
            with pytest.raises(ReadOnlyError) as caught:
                change.run(reader, small)
            assert str(caught.value) == (
                f"{populated.path}: opened read-only; nothing can be changed"
            ), change.name
        assert state(reader) == before
        assert dump(read_only) == before_dump
    with Database.open(populated.path) as reopened:
        assert dump(reopened) == before_dump


def test_a_stale_summary_is_derived_but_not_written_when_read_only(populated: Populated) -> None:
    """A summary left behind by an older version is recomputed, and the file not touched."""
    database, small = populated.database, populated.small
    expected = populated.store.list_sittings()
    database.connection.execute("UPDATE summary SET revision = -1 WHERE sitting_id = ?", (small,))
    before_dump = dump(database)
    database.close()
    with Database.open(populated.path, read_only=True) as read_only:
        assert SittingStore(read_only).list_sittings() == expected
        assert dump(read_only) == before_dump


def _refuse_writes(_call: int, sql: str) -> BaseException | None:
    words = sql.split()
    if words and words[0].upper() in ("BEGIN", "INSERT", "UPDATE", "DELETE", "CREATE"):
        return sqlite3.OperationalError("attempt to write a readonly database")
    return None


@pytest.mark.parametrize("change", CHANGES, ids=repr)
def test_a_database_the_system_will_not_let_us_write_gives_one_clear_message(
    populated: Populated, change: Change
) -> None:
    """SQLite says "attempt to write a readonly database" (a read-only file or folder, or
    a read-only mount); the message names the file, and reading still works."""
    database, store, sitting_id = populated.database, populated.store, populated.small
    before_dump, before = dump(database), state(store)
    with faulty(database, _refuse_writes), pytest.raises(DataDirectoryError) as caught:
        change.run(store, sitting_id)
    assert str(caught.value) == (
        f"{populated.path}: cannot write the database (attempt to write a readonly database)"
    )
    with faulty(database, _refuse_writes):
        assert state(store) == before
    assert dump(database) == before_dump
    assert_sound(database)


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() == 0,
    reason="file permissions do not stop the superuser (and work differently on Windows)",
)
@pytest.mark.parametrize("what", ["folder", "file"])
def test_a_read_only_data_folder_or_file_gives_one_clear_message(
    populated: Populated, what: str
) -> None:
    """The owner made the data folder (and all in it), or only the database, read-only."""
    database = populated.database
    before_dump = dump(database)
    database.close()
    folder = populated.path.parent
    targets = [populated.path] if what == "file" else [*folder.iterdir(), folder]
    for target in targets:
        target.chmod(0o555 if target.is_dir() else 0o444)
    try:
        with pytest.raises(DataDirectoryError) as caught:
            Database.open(populated.path)
    finally:
        for target in targets:
            target.chmod(0o755 if target.is_dir() else 0o644)
    assert str(caught.value) == (
        f"{folder}: cannot use the data folder (Permission denied)"
        if what == "folder"
        else f"{populated.path}: cannot write the database (attempt to write a readonly database)"
    )
    with Database.open(populated.path) as reopened:
        assert dump(reopened) == before_dump


# A full disk ----------------------------------------------------------------------------


@contextlib.contextmanager
def disk_full(database: Database) -> Iterator[None]:
    """SQLite may not grow the database file beyond the pages it has now."""
    connection = database.connection
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    limit = connection.execute(f"PRAGMA max_page_count = {pages}").fetchone()[0]
    assert limit == pages
    try:
        yield
    finally:
        connection.execute("PRAGMA max_page_count = 1073741823")


def _assert_disk_full(caught: pytest.ExceptionInfo[DataDirectoryError], path: Path) -> None:
    assert str(caught.value) == (
        f"{path}: the disk is full; nothing was changed (database or disk is full)"
    )


def test_a_full_disk_during_a_large_import_changes_nothing(populated: Populated) -> None:
    database, store = populated.database, populated.store
    before_dump, before = dump(database), state(store)
    large = new_sitting(Variant.TWO_PLAYER, ("Clara", "Dora"), IMPORTED.hands * 200)
    with disk_full(database), pytest.raises(DataDirectoryError) as caught:
        store.import_sitting(large, title="Large")
    _assert_disk_full(caught, populated.path)
    assert dump(database) == before_dump
    assert_sound(database)
    # With room again, the same import goes through whole.
    new_id = store.import_sitting(large, title="Large")
    assert store.hand_count(new_id) == 1200
    assert store.load(new_id).sitting == large
    assert {k: v for k, v in state(store).items() if k != new_id} == before


def test_a_full_disk_while_adding_hands_keeps_every_hand_recorded_before(
    populated: Populated,
) -> None:
    """Hands go in while free room is left in the last page; the first that needs a new
    page is refused, and every hand recorded before it is still there."""
    database, store, small = populated.database, populated.store, populated.small
    hands = list(store.load(small).sitting.hands)
    with disk_full(database):
        for attempt in range(1000):
            before_dump = dump(database)
            hand = ADDED._replace(note=f"hand {attempt}")
            refusal = ""
            try:
                store.add_hand(small, hand)
            except DataDirectoryError as error:
                refusal = str(error)
            if refusal:
                break
            hands.append(hand)
        else:
            pytest.fail("the disk never filled up")
        assert refusal == (
            f"{populated.path}: the disk is full; nothing was changed (database or disk is full)"
        )
        assert dump(database) == before_dump
        assert_sound(database)
        assert store.load(small).sitting.hands == tuple(hands)
        # Reading needs no room.
        assert [info.hands for info in store.list_sittings() if info.id == small] == [len(hands)]
    store.add_hand(small, ADDED)
    assert store.load(small).sitting.hands == (*hands, ADDED)
    assert_sound(database)


# Bad files to import --------------------------------------------------------------------


def import_file(store: SittingStore, path: Path) -> int:
    """What the import command does with a file: read it whole, then store it whole."""
    return store.import_sitting(load_sitting(path).sitting, title=path.stem)


def _json(data: object) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _valid_file() -> bytes:
    return dumps_sitting(IMPORTED).encode("utf-8")


def _bad_files() -> Iterator[Any]:
    for name, data, _ in BAD_FILES:
        yield pytest.param(_json(data), id=f"file-{name}")
    for name, hand, _ in BAD_HANDS:
        data = sitting_data(GOOD, copy.deepcopy(hand), {"thrown_in": True})
        if name == "key-not-a-string":  # JSON keys are strings: write the key as "7"
            yield pytest.param(json.dumps(data).encode(), id=f"hand-{name}")
        else:
            yield pytest.param(_json(data), id=f"hand-{name}")
    for name, text, _ in BAD_TEXTS:
        raw = text.encode("utf-8") if isinstance(text, str) else text
        yield pytest.param(raw, id=f"text-{name}")
    valid = _valid_file()
    for share in (1, 10, 25, 50, 75, 90, 99):
        yield pytest.param(valid[: len(valid) * share // 100], id=f"truncated-at-{share}%")
    yield pytest.param(valid[:-3], id="truncated-last-bytes")
    junk = random.Random(1937)
    yield pytest.param(junk.randbytes(4096), id="random-bytes")
    yield pytest.param(bytes(1 << 20), id="a-megabyte-of-zero-bytes")
    yield pytest.param(b"\x89PNG\r\n\x1a\n" + junk.randbytes(512), id="a-png-image")
    yield pytest.param(b"SQLite format 3\x00" + bytes(4080), id="a-database-file")
    yield pytest.param(valid.replace(b"{", b"\x00{", 3), id="nul-bytes-inside")
    yield pytest.param(b'{"a":' * 100_000 + b"1" + b"}" * 100_000, id="objects-nested-100000-deep")
    yield pytest.param(b"[" * 1_000_000, id="a-million-open-brackets")
    nested = json.dumps(GOOD)
    for _ in range(300):  # deep, but not too deep for the decoder: the reader refuses it
        nested = json.dumps({**GOOD, "melds": ["INNER", 0]}).replace('"INNER"', nested)
    text = json.dumps(sitting_data("HAND")).replace('"HAND"', nested)
    yield pytest.param(text.encode(), id="hands-nested-in-hands")
    for name, value in (
        ("5000-digit-card-points", "9" * 5000),
        ("huge-card-points", str(10**300)),
        ("2-to-the-53", str(2**53)),
        ("minus-2-to-the-53", str(-(2**53))),
        ("float-overflow", "1e400"),
        ("tiny-float", "1e-400"),
        ("big-exponent", "1E999999999"),
    ):
        text = json.dumps(sitting_data(GOOD)).replace(
            '"card_points": [80, 75]', f'"card_points": [{value}, 75]'
        )
        yield pytest.param(text.encode(), id=name)
    too_big_rules = json.dumps(sitting_data(GOOD)).replace(
        '"hands"', '"rules": {"game_target": ' + "9" * 4000 + '}, "hands"'
    )
    yield pytest.param(too_big_rules.encode(), id="4000-digit-game-target")


@pytest.mark.parametrize("content", list(_bad_files()))
def test_a_bad_file_is_refused_and_the_database_is_unchanged(
    populated: Populated, tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    before_dump, before = dump(populated.database), state(populated.store)
    with pytest.raises(InvalidSittingError) as caught:
        import_file(populated.store, path)
    assert caught.value.source == "bad.json"
    assert caught.value.problems
    assert all(not problem.warning for problem in caught.value.problems)
    assert dump(populated.database) == before_dump
    assert state(populated.store) == before


def test_every_bad_file_case_is_a_good_file_but_for_its_fault(
    populated: Populated, tmp_path: Path
) -> None:
    """The bad files are built from this one, which imports cleanly."""
    path = tmp_path / "good.json"
    path.write_bytes(_valid_file())
    new_id = import_file(populated.store, path)
    assert populated.store.load(new_id).sitting == IMPORTED
    path.write_bytes(json.dumps(sitting_data(GOOD, {"thrown_in": True}, GOOD)).encode())
    assert populated.store.hand_count(import_file(populated.store, path)) == 3


def test_a_sitting_with_one_bad_hand_is_refused_whole(populated: Populated) -> None:
    """Built in Python, so the file reader's checks are bypassed; the store checks again."""
    before_dump = dump(populated.database)
    bad = PlayedHand(0, Trump.SPADES, (80, 70), last_trick=2)
    sitting = new_sitting(Variant.TWO_PLAYER, ("Clara", "Dora"), (*IMPORTED.hands, bad, ADDED))
    with pytest.raises(InvalidSittingError) as caught:
        populated.store.import_sitting(sitting, title="Half good")
    assert [str(problem) for problem in caught.value.problems] == [
        "hand 7: the last trick must go to Clara (0) or Dora (1), not 2"
    ]
    assert dump(populated.database) == before_dump
    assert len(populated.store.list_sittings()) == 2


def _padded_file(hands: list[object], size: int) -> bytes:
    """A sitting file of exactly ``size`` bytes: the hands, with blank lines between them."""
    header = sitting_to_data(new_sitting(Variant.TWO_PLAYER, ("Clara", "Dora")))
    header["hands"] = ["HANDS"]
    head, tail = json.dumps(header).encode().split(b'"HANDS"')
    items = [json.dumps(hand).encode() for hand in hands]
    room = size - len(head) - len(tail) - sum(len(item) for item in items) - (len(items) - 1)
    gap = room // len(items)
    assert gap > 0
    body = (b"," + b"\n" * gap).join(items) + b"\n" * (room - gap * (len(items) - 1))
    content = head + body + tail
    assert len(content) == size
    return content


FIFTY_MB = 50 * 1000 * 1000
PADDED_HANDS = 2000


@pytest.mark.parametrize("bad_last_hand", [True, False], ids=["last-hand-bad", "all-good"])
def test_a_50_mb_file_is_refused_or_imported_whole_in_reasonable_memory(
    populated: Populated, tmp_path: Path, bad_last_hand: bool
) -> None:
    """50 MB (under the 64 MiB limit): 2000 hands spread through 50 MB of blank lines.

    Why padding and not 50 MB of real hands: that would be 640,000 hands, which take about
    10 s and 350 MB to read and the better part of a minute to import on a small
    machine: a benchmark's work, not a test's. Padding makes the reader take in and
    decode all 50 MB, and with the one bad hand last the refusal comes only after every
    byte and every other hand has been read. A refused file changes nothing; a good one
    is imported whole.
    """
    hands: list[object] = [hand_to_data(hand) for hand in IMPORTED.hands * (PADDED_HANDS // 6 + 1)]
    hands = hands[:PADDED_HANDS]
    if bad_last_hand:
        hands[-1] = {**GOOD, "bidder": 5}
    path = tmp_path / "big.json"
    path.write_bytes(_padded_file(hands, FIFTY_MB))
    assert path.stat().st_size == FIFTY_MB < MAX_FILE_BYTES
    before_dump, before = dump(populated.database), state(populated.store)

    tracemalloc.start()
    try:
        try:
            new_id: int | None = import_file(populated.store, path)
        except InvalidSittingError as error:
            new_id = None
            refusal = str(error)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()

    # Reading holds the raw bytes and the decoded text: about three times the file.
    assert peak < 4 * FIFTY_MB, f"{peak / 1e6:.0f} MB at the peak"
    if bad_last_hand:
        assert new_id is None
        assert refusal == (
            f"big.json: hand {PADDED_HANDS}: the bidder must be Clara (0) or Dora (1), not 5"
        )
        assert dump(populated.database) == before_dump
        assert state(populated.store) == before
    else:
        assert new_id is not None
        assert populated.store.hand_count(new_id) == PADDED_HANDS
        stored = populated.store.load(new_id).sitting
        assert [hand_to_data(hand) for hand in stored.hands] == hands
        assert {k: v for k, v in state(populated.store).items() if k != new_id} == before
    assert_sound(populated.database)


def test_a_file_over_the_size_limit_is_refused_unread(populated: Populated, tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.write(_valid_file())
        handle.truncate(MAX_FILE_BYTES + 1)
    before_dump = dump(populated.database)
    tracemalloc.start()
    try:
        with pytest.raises(InvalidSittingError) as caught:
            import_file(populated.store, path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert str(caught.value) == (
        "huge.json: the file is larger than 64 MiB, far too big for a sitting file"
    )
    assert dump(populated.database) == before_dump
    # At most the limit and one byte are read (never decoded) before the refusal.
    assert peak < MAX_FILE_BYTES + (1 << 20)
