"""Backups of the sittings database: taking, rotating, listing and restoring them."""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import ClassVar

import pytest

from jojotte_score.core.errors import JojotteError
from jojotte_score.storage.backups import (
    BACKUP_DIR_NAME,
    Backup,
    BackupError,
    backup_if_due,
    backup_name,
    list_backups,
    make_backup,
    prune_backups,
)
from jojotte_score.storage.restore import restore_backup

NOW = datetime(2026, 11, 21, 1, 30, tzinfo=UTC)
OLD_ROWS = [(1, "Ann", 120), (2, "Bob", 40), (3, "Ann", 300)]
NEW_ROWS = [(1, "Cy", 80), (2, "Dee", 25)]

Rows = list[tuple[int, str, int]]


def create_database(
    path: Path, rows: Rows, *, user_version: int = 1, wal: bool = True
) -> sqlite3.Connection:
    """An open connection to a new database at ``path`` holding ``rows`` in table ``hand``."""
    connection = sqlite3.connect(path, isolation_level=None)
    if wal:
        connection.execute("PRAGMA journal_mode = WAL").fetchall()
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute(f"PRAGMA user_version = {user_version}")
    connection.execute("BEGIN IMMEDIATE")
    connection.execute("CREATE TABLE hand (number INTEGER PRIMARY KEY, winner TEXT, points INT)")
    connection.executemany("INSERT INTO hand VALUES (?, ?, ?)", rows)
    connection.execute("COMMIT")
    return connection


def write_database(path: Path, rows: Rows, *, user_version: int = 1) -> Path:
    """A closed database at ``path`` holding ``rows`` (its folder is created)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    create_database(path, rows, user_version=user_version).close()
    return path


def read_rows(path: Path) -> Rows:
    """The rows of table ``hand`` in the database at ``path``, read without writing to it."""
    uri = f"{path.absolute().as_uri()}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True)) as connection:
        rows = connection.execute("SELECT number, winner, points FROM hand ORDER BY number")
        return [(int(n), str(w), int(p)) for n, w, p in rows]


def names(folder: Path) -> list[str]:
    """The names of everything in ``folder``, sorted."""
    return sorted(path.name for path in folder.iterdir())


@pytest.fixture
def source(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    """An open WAL database holding OLD_ROWS, closed after the test."""
    with contextlib.closing(create_database(tmp_path / "sittings.sqlite3", OLD_ROWS)) as conn:
        yield conn


# --- names --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("taken", "expected"),
    [
        (NOW, "sittings-20261121T013000Z.sqlite3"),
        (NOW.replace(microsecond=999_999), "sittings-20261121T013000Z.sqlite3"),
        # A local time is written in UTC: 02:30 at UTC+1 is 01:30Z.
        (datetime(2026, 11, 21, 2, 30, tzinfo=timezone(timedelta(hours=1))), backup_name(NOW)),
        (datetime(2026, 1, 2, 23, 59, 58, tzinfo=UTC), "sittings-20260102T235958Z.sqlite3"),
    ],
)
def test_backup_name_is_a_sortable_utc_stamp(taken: datetime, expected: str) -> None:
    assert backup_name(taken) == expected


def test_backup_name_refuses_a_naive_time() -> None:
    with pytest.raises(ValueError, match="aware"):
        backup_name(datetime(2026, 11, 21, 1, 30))


# --- making a backup ----------------------------------------------------------------------


def test_backup_holds_exactly_the_rows_including_uncheckpointed_wal(
    source: sqlite3.Connection, tmp_path: Path
) -> None:
    source.execute("PRAGMA wal_autocheckpoint = 0")
    source.execute("BEGIN IMMEDIATE")
    source.execute("INSERT INTO hand VALUES (4, 'Bob', 90)")
    source.execute("UPDATE hand SET points = 140 WHERE number = 1")
    source.execute("COMMIT")
    assert (tmp_path / "sittings.sqlite3-wal").stat().st_size > 0

    made = make_backup(source, tmp_path / "backups", NOW)

    assert made == Backup(tmp_path / "backups" / "sittings-20261121T013000Z.sqlite3", NOW)
    assert read_rows(made.path) == [
        (1, "Ann", 140),
        (2, "Bob", 40),
        (3, "Ann", 300),
        (4, "Bob", 90),
    ]
    # One standalone file in rollback-journal mode: no -wal or temporary beside it.
    assert names(tmp_path / "backups") == ["sittings-20261121T013000Z.sqlite3"]
    assert made.path.read_bytes()[18:20] == b"\x01\x01"


def test_a_backup_is_synced_once_before_its_name_is_given(
    source: sqlite3.Connection, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite syncing the temporary copy at each of its transactions guarded nothing (10 of
    # the 12 syncs of a backup): the file has no backup's name until it is synced and
    # renamed. Each step is logged as it happens: the copy's statements and the syncs.
    steps: list[str] = []
    connect = sqlite3.connect

    def logged(
        database: str | Path, isolation_level: None = None, uri: bool = False
    ) -> sqlite3.Connection:
        connection = connect(database, isolation_level=isolation_level, uri=uri)
        if str(database).endswith(".tmp"):
            connection.set_trace_callback(steps.append)
        return connection

    fsync, replace = os.fsync, os.replace

    def synced(handle: int) -> None:
        steps.append("sync")
        fsync(handle)

    def renamed(source: str | Path, target: str | Path) -> None:
        steps.append(f"rename to {Path(target).name}")
        replace(source, target)

    monkeypatch.setattr(sqlite3, "connect", logged)
    monkeypatch.setattr(os, "fsync", synced)
    monkeypatch.setattr(os, "replace", renamed)

    made = make_backup(source, tmp_path / "backups", NOW)

    assert steps[0] == "PRAGMA synchronous = OFF"
    # The copy's last statement, then the one sync of the file, then its name (then, on
    # POSIX, the folder's sync that makes the rename last).
    last_statement = max(i for i, step in enumerate(steps) if step.startswith("PRAGMA"))
    after = steps[last_statement + 1 :]
    assert after[:2] == ["sync", "rename to sittings-20261121T013000Z.sqlite3"]
    assert read_rows(made.path) == OLD_ROWS


def test_two_backups_in_one_second_keep_both(source: sqlite3.Connection, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    first = make_backup(source, folder, NOW)
    source.execute("INSERT INTO hand VALUES (4, 'Bob', 90)")
    second = make_backup(source, folder, NOW.replace(microsecond=400_000))
    third = make_backup(source, folder, NOW)

    assert [first.path.name, second.path.name, third.path.name] == [
        "sittings-20261121T013000Z.sqlite3",
        "sittings-20261121T013000Z-2.sqlite3",
        "sittings-20261121T013000Z-3.sqlite3",
    ]
    assert read_rows(first.path) == OLD_ROWS
    assert read_rows(second.path) == [*OLD_ROWS, (4, "Bob", 90)]
    assert [backup.path for backup in list_backups(folder)] == [
        third.path,
        second.path,
        first.path,
    ]


def test_no_backup_while_a_transaction_is_open(source: sqlite3.Connection, tmp_path: Path) -> None:
    source.execute("BEGIN IMMEDIATE")
    source.execute("INSERT INTO hand VALUES (4, 'Bob', 90)")
    with pytest.raises(BackupError, match="transaction is open"):
        make_backup(source, tmp_path / "backups", NOW)
    source.execute("ROLLBACK")
    assert not (tmp_path / "backups").exists()


# --- failures leave nothing behind ---------------------------------------------------------


class _FailingAtOnce(sqlite3.Connection):
    """A connection whose backup fails before copying anything."""

    def backup(
        self,
        target: sqlite3.Connection,
        *,
        pages: int = -1,
        progress: Callable[[int, int, int], object] | None = None,
        name: str = "main",
        sleep: float = 0.25,
    ) -> None:
        raise sqlite3.OperationalError("disk I/O error")


class _FailingMidway(sqlite3.Connection):
    """A connection whose backup stops with an error after copying one page."""

    seen_during: ClassVar[list[str]] = []

    def backup(
        self,
        target: sqlite3.Connection,
        *,
        pages: int = -1,
        progress: Callable[[int, int, int], object] | None = None,
        name: str = "main",
        sleep: float = 0.25,
    ) -> None:
        folder = Path(target.execute("PRAGMA database_list").fetchone()[2]).parent

        def stop(status: int, remaining: int, total: int) -> None:
            type(self).seen_during = names(folder)
            raise OSError(28, "No space left on device")

        super().backup(target, pages=1, progress=stop, name=name, sleep=0)


def _big_source(path: Path, factory: type[sqlite3.Connection]) -> sqlite3.Connection:
    """A WAL database of many pages, opened through ``factory``."""
    write_database(path, [(n, "Ann" * 200, n) for n in range(1, 200)])
    return sqlite3.connect(path, isolation_level=None, factory=factory)


@pytest.mark.parametrize(
    ("factory", "fail_replace", "message"),
    [
        (_FailingAtOnce, False, "disk I/O error"),
        (_FailingMidway, False, "No space left on device"),
        (sqlite3.Connection, True, "Read-only file system"),
    ],
    ids=["backup-fails-at-once", "backup-fails-midway", "rename-fails"],
)
def test_a_failed_backup_leaves_no_file_and_raises(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    factory: type[sqlite3.Connection],
    fail_replace: bool,
    message: str,
) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    (folder / "notes.txt").write_text("keep me")
    if fail_replace:

        def refuse(source: object, target: object) -> None:
            raise OSError(30, "Read-only file system")

        monkeypatch.setattr(os, "replace", refuse)
    _FailingMidway.seen_during = []
    connection = _big_source(tmp_path / "sittings.sqlite3", factory)
    with contextlib.closing(connection), pytest.raises(BackupError, match=message) as caught:
        make_backup(connection, folder, NOW)
    assert str(folder / "sittings-20261121T013000Z.sqlite3") in str(caught.value)
    assert names(folder) == ["notes.txt"]
    assert list_backups(folder) == []
    if factory is _FailingMidway:
        # The temporary copy existed while it was being written, and was removed.
        written = [name for name in _FailingMidway.seen_during if name != "notes.txt"]
        assert [name.rsplit(".", 1)[-1] for name in written] == ["tmp", "tmp-journal"]
        assert all(name.startswith(".sittings-20261121T013000Z.sqlite3.") for name in written)


def _damage(path: Path, page: int) -> None:
    """Overwrite one page of the database file at ``path`` with junk."""
    size = 4096
    with path.open("r+b") as handle:
        handle.seek((page - 1) * size)
        handle.write(bytes(random.Random(page).randrange(256) for _ in range(size)))


def _write_damaged(path: Path) -> None:
    """A database at ``path`` whose third page (part of a table or index) is junk."""
    with contextlib.closing(create_database(path, [], wal=False)) as connection:
        connection.execute("CREATE INDEX by_winner ON hand (winner)")
        connection.executemany(
            "INSERT INTO hand VALUES (?, ?, ?)", [(n, f"player {n}" * 20, n) for n in range(500)]
        )
    _damage(path, 3)


def _write_inconsistent(path: Path) -> None:
    """A readable database at ``path`` whose index does not match its table."""
    with contextlib.closing(create_database(path, OLD_ROWS, wal=False)) as connection:
        connection.execute("CREATE INDEX by_winner ON hand (winner)")
        connection.execute("PRAGMA writable_schema = ON")
        connection.execute(
            "UPDATE sqlite_schema SET sql = 'CREATE INDEX by_winner ON hand (points)'"
            " WHERE name = 'by_winner'"
        )


@pytest.mark.parametrize(
    ("write", "message"),
    [
        (_write_damaged, r"damaged \(database disk image is malformed\)"),
        (_write_inconsistent, r"damaged \(integrity check: row 1 missing from index by_winner;"),
    ],
    ids=["junk-page", "index-out-of-step"],
)
def test_a_damaged_database_gives_no_backup(
    tmp_path: Path, write: Callable[[Path], None], message: str
) -> None:
    path = tmp_path / "sittings.sqlite3"
    write(path)
    folder = tmp_path / "backups"
    connection = sqlite3.connect(path, isolation_level=None)
    with contextlib.closing(connection), pytest.raises(BackupError, match=message) as caught:
        make_backup(connection, folder, NOW)
    assert str(folder / "sittings-20261121T013000Z.sqlite3") in str(caught.value)
    assert names(folder) == []


@pytest.mark.parametrize("call", ["make_backup", "backup_if_due"])
def test_a_backup_folder_that_cannot_be_created_is_reported(
    source: sqlite3.Connection, tmp_path: Path, call: str
) -> None:
    (tmp_path / "file.txt").write_text("not a folder")
    folder = tmp_path / "file.txt" / "backups"
    action = make_backup if call == "make_backup" else backup_if_due
    with pytest.raises(BackupError, match=r"file\.txt") as caught:
        action(source, folder, NOW)
    assert isinstance(caught.value, JojotteError)
    assert "Not a directory" in str(caught.value)
    assert (tmp_path / "file.txt").read_text() == "not a folder"


def test_a_regular_file_in_place_of_the_folder_is_reported(
    source: sqlite3.Connection, tmp_path: Path
) -> None:
    folder = tmp_path / "backups"
    folder.write_text("oops")
    with pytest.raises(BackupError, match=r"cannot create the folder .*backups"):
        make_backup(source, folder, NOW)
    assert folder.read_text() == "oops"


# --- backup_if_due and pruning ------------------------------------------------------------


@pytest.mark.parametrize(
    ("ages", "made"),
    [
        ([], True),
        ([timedelta(hours=23)], False),
        ([timedelta(hours=25)], True),
        ([timedelta(hours=25), timedelta(hours=2)], False),
        ([timedelta(days=1)], False),  # "more than a day old"
        ([timedelta(days=1, seconds=1)], True),
        # A backup stamped in the future (a clock once wrong) does not count as recent.
        ([timedelta(days=-365)], True),
        ([timedelta(days=-365), timedelta(hours=3)], False),
    ],
    ids=["none-yet", "23h", "25h", "25h-and-2h", "exactly-1d", "1d-1s", "future", "future-3h"],
)
def test_backup_if_due(
    source: sqlite3.Connection, tmp_path: Path, ages: list[timedelta], made: bool
) -> None:
    folder = tmp_path / "backups"
    for age in ages:
        make_backup(source, folder, NOW - age)
    before = names(folder) if ages else []

    result = backup_if_due(source, folder, NOW)

    if made:
        assert result == Backup(folder / backup_name(NOW), NOW)
        assert names(folder) == sorted([*before, backup_name(NOW)])
        assert read_rows(result.path) == OLD_ROWS
    else:
        assert result is None
        assert names(folder) == before


def test_backup_if_due_keeps_the_newest_and_leaves_other_files(
    source: sqlite3.Connection, tmp_path: Path
) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    unrelated = ["notes.txt", "sittings-old.sqlite3", "sittings-20200101T000000Z.sqlite3.bak"]
    for name in unrelated:
        (folder / name).write_text(name)
    start = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)

    made = []
    for day in range(14):
        now = start + timedelta(days=day, minutes=5 * day)
        source.execute("INSERT INTO hand VALUES (?, 'Cy', ?)", (10 + day, day))
        # Several starts a day: only the first one backs up.
        made.append(backup_if_due(source, folder, now, keep=4))
        assert backup_if_due(source, folder, now + timedelta(hours=3), keep=4) is None

    assert all(backup is not None for backup in made)
    kept = list_backups(folder)
    assert [backup.taken for backup in kept] == [
        datetime(2026, 11, 14, 21, 5, tzinfo=UTC),
        datetime(2026, 11, 13, 21, 0, tzinfo=UTC),
        datetime(2026, 11, 12, 20, 55, tzinfo=UTC),
        datetime(2026, 11, 11, 20, 50, tzinfo=UTC),
    ]
    # The newest backup holds every hand entered up to its day.
    assert len(read_rows(kept[0].path)) == len(OLD_ROWS) + 14
    assert len(read_rows(kept[3].path)) == len(OLD_ROWS) + 11
    assert names(folder) == sorted([*unrelated, *(backup.path.name for backup in kept)])
    for name in unrelated:
        assert (folder / name).read_text() == name


def test_prune_deletes_the_oldest_automatic_backups_only(
    source: sqlite3.Connection, tmp_path: Path
) -> None:
    folder = tmp_path / "backups"
    taken = [NOW - timedelta(days=n) for n in range(5)]
    for moment in taken:
        make_backup(source, folder, moment)
    safety = folder / "sittings-before-restore-20261001T000000Z.sqlite3"
    safety.write_bytes((folder / backup_name(NOW)).read_bytes())

    deleted = prune_backups(folder, 2)

    assert deleted == [
        folder / backup_name(taken[4]),
        folder / backup_name(taken[3]),
        folder / backup_name(taken[2]),
    ]
    assert names(folder) == sorted([backup_name(taken[0]), backup_name(taken[1]), safety.name])
    assert prune_backups(folder, 2) == []


@pytest.mark.parametrize("keep", [0, -1])
def test_keep_must_be_positive(tmp_path: Path, keep: int) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        prune_backups(tmp_path, keep)


# --- listing ------------------------------------------------------------------------------


def test_list_backups_newest_first_ignoring_everything_else(tmp_path: Path) -> None:
    folder = tmp_path / BACKUP_DIR_NAME
    folder.mkdir()
    listed = [
        "sittings-20261121T013000Z-2.sqlite3",
        "sittings-20261121T013000Z.sqlite3",
        "sittings-before-restore-20261120T120000Z.sqlite3",
        "sittings-20261119T235959Z.sqlite3",
        "sittings-20251231T000000Z.sqlite3",
    ]
    ignored = [
        ".sittings-20261122T000000Z.sqlite3.abc123.tmp",
        "sittings-20261122T000000Z.sqlite3-journal",
        "sittings-20261122T000000Z.sqlite3-wal",
        "sittings-20261322T000000Z.sqlite3",  # month 13
        "sittings-20261122T000000.sqlite3",
        "sittings.sqlite3",
        "readme.txt",
    ]
    for name in [*listed[::-1], *ignored]:
        (folder / name).write_bytes(b"")
    (folder / "sittings-20261123T000000Z.sqlite3").mkdir()

    found = list_backups(folder)

    assert [backup.path for backup in found] == [folder / name for name in listed]
    assert [backup.taken for backup in found] == [
        NOW,
        NOW,
        datetime(2026, 11, 20, 12, 0, tzinfo=UTC),
        datetime(2026, 11, 19, 23, 59, 59, tzinfo=UTC),
        datetime(2025, 12, 31, tzinfo=UTC),
    ]
    assert [backup.before_restore for backup in found] == [False, False, True, False, False]


def test_list_backups_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert list_backups(tmp_path / "nowhere") == []


# --- restoring ----------------------------------------------------------------------------


@pytest.fixture
def backup_file(tmp_path: Path) -> Path:
    """A backup holding NEW_ROWS, made from another database."""
    path = tmp_path / "elsewhere" / "other.sqlite3"
    path.parent.mkdir()
    with contextlib.closing(create_database(path, NEW_ROWS)) as connection:
        return make_backup(connection, tmp_path / "elsewhere" / "backups", NOW).path


def test_restore_replaces_the_database_and_keeps_a_safety_copy(
    tmp_path: Path, backup_file: Path
) -> None:
    database = write_database(tmp_path / "data" / "sittings.sqlite3", OLD_ROWS)

    safety = restore_backup(backup_file, database, NOW + timedelta(hours=1)).safety_copy

    assert read_rows(database) == NEW_ROWS
    assert (
        safety == tmp_path / "data" / "backups" / "sittings-before-restore-20261121T023000Z.sqlite3"
    )
    assert read_rows(safety) == OLD_ROWS
    assert [(b.path, b.before_restore) for b in list_backups(safety.parent)] == [(safety, True)]
    assert names(database.parent) == ["backups", "sittings.sqlite3"]
    # Undoing the restore brings the old rows back, and saves the restored ones in turn.
    second = restore_backup(safety, database, NOW + timedelta(hours=2)).safety_copy
    assert read_rows(database) == OLD_ROWS
    assert read_rows(second) == NEW_ROWS


def test_restore_after_a_crash_keeps_the_uncheckpointed_hands(
    tmp_path: Path, backup_file: Path
) -> None:
    live = tmp_path / "live" / "sittings.sqlite3"
    live.parent.mkdir()
    database = tmp_path / "data" / "sittings.sqlite3"
    database.parent.mkdir()
    with contextlib.closing(create_database(live, OLD_ROWS)) as connection:
        connection.execute("PRAGMA wal_autocheckpoint = 0")
        connection.execute("INSERT INTO hand VALUES (4, 'Bob', 90)")
        # What a crash leaves on disk: the database with its -wal and -shm.
        for ending in ["", "-wal", "-shm"]:
            source = live.with_name(live.name + ending)
            database.with_name(database.name + ending).write_bytes(source.read_bytes())
    assert (tmp_path / "data" / "sittings.sqlite3-wal").stat().st_size > 0

    safety = restore_backup(backup_file, database, NOW).safety_copy

    assert read_rows(safety) == [*OLD_ROWS, (4, "Bob", 90)]
    assert read_rows(database) == NEW_ROWS
    assert names(database.parent) == ["backups", "sittings.sqlite3"]


def test_restore_when_there_is_no_database_yet_creates_it(
    tmp_path: Path, backup_file: Path
) -> None:
    database = tmp_path / "new" / "data" / "sittings.sqlite3"

    result = restore_backup(backup_file, database, NOW).safety_copy

    assert result == database
    assert read_rows(database) == NEW_ROWS
    assert names(database.parent) == ["sittings.sqlite3"]


def test_restore_over_an_unreadable_database_keeps_its_bytes(
    tmp_path: Path, backup_file: Path
) -> None:
    database = tmp_path / "data" / "sittings.sqlite3"
    database.parent.mkdir()
    garbage = random.Random(7).randbytes(10_000)
    database.write_bytes(garbage)
    wal = database.with_name("sittings.sqlite3-wal")
    wal.write_bytes(garbage[:5000])

    safety = restore_backup(backup_file, database, NOW).safety_copy

    assert safety.read_bytes() == garbage
    assert safety.with_name(safety.name + "-wal").read_bytes() == garbage[:5000]
    # The old -wal went with the old file: left in place, SQLite would replay it.
    assert names(database.parent) == ["backups", "sittings.sqlite3"]
    assert read_rows(database) == NEW_ROWS


def _random_bytes(path: Path) -> None:
    path.write_bytes(random.Random(1).randbytes(8192))


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _text(path: Path) -> None:
    path.write_text("hand,winner,points\n1,Ann,120\n" * 50)


def _version_zero(path: Path) -> None:
    write_database(path, NEW_ROWS, user_version=0)


def _folder(path: Path) -> None:
    path.mkdir()


def _missing(path: Path) -> None:
    pass


@pytest.mark.parametrize(
    ("make_bad", "message"),
    [
        (_random_bytes, "not a readable SQLite database"),
        (_empty, "the file is empty"),
        (_text, "not a readable SQLite database"),
        (_version_zero, "not a jojotte-score database"),
        (_write_damaged, r"the database is damaged \(database disk image is malformed\)"),
        (_write_inconsistent, r"damaged \(integrity check: row 1 missing from index by_winner;"),
        (_folder, "not a file"),
        (_missing, "no such backup file"),
    ],
    ids=[
        "random-bytes",
        "empty",
        "text",
        "user-version-0",
        "junk-page",
        "index-out-of-step",
        "folder",
        "missing",
    ],
)
def test_a_bad_backup_is_refused_and_nothing_changes(
    tmp_path: Path, make_bad: Callable[[Path], None], message: str
) -> None:
    database = write_database(tmp_path / "data" / "sittings.sqlite3", OLD_ROWS)
    before = database.read_bytes()
    bad = tmp_path / "bad.sqlite3"
    make_bad(bad)

    with pytest.raises(BackupError, match=message) as caught:
        restore_backup(bad, database, NOW)

    assert str(bad) in str(caught.value)
    assert "nothing was restored" in str(caught.value)
    assert database.read_bytes() == before
    assert names(database.parent) == ["sittings.sqlite3"]


def test_a_backup_from_a_newer_app_is_refused(tmp_path: Path) -> None:
    database = write_database(tmp_path / "sittings.sqlite3", OLD_ROWS)
    before = database.read_bytes()
    newer = write_database(tmp_path / "newer.sqlite3", NEW_ROWS, user_version=3)

    with pytest.raises(BackupError, match="schema version 3, this one reads up to 2"):
        restore_backup(newer, database, NOW, newest_version=2)
    assert database.read_bytes() == before
    # Within the versions read, it must also have that version's tables and columns.
    refusal = r"not a jojotte-score database .* no column 'data' in table 'hand'"
    with pytest.raises(BackupError, match=refusal):
        restore_backup(newer, database, NOW, newest_version=3)
    assert database.read_bytes() == before
    assert restore_backup(newer, database, NOW).safety_copy.name.startswith(
        "sittings-before-restore-"
    )


def test_a_failed_restore_leaves_the_database_as_it_was(
    tmp_path: Path, backup_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = write_database(tmp_path / "data" / "sittings.sqlite3", OLD_ROWS)
    real_replace = os.replace

    def refuse_database(source: str | Path, target: str | Path) -> None:
        if Path(target) == database:
            raise OSError(28, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", refuse_database)
    with pytest.raises(BackupError, match="the database was not changed") as caught:
        restore_backup(backup_file, database, NOW)
    assert str(database) in str(caught.value)
    # The old database is whole, with no -wal beside it, and its safety copy was kept.
    assert names(database.parent) == ["backups", "sittings.sqlite3"]
    assert read_rows(database) == OLD_ROWS
    assert [read_rows(backup.path) for backup in list_backups(database.parent / "backups")] == [
        OLD_ROWS
    ]


def test_a_backup_removes_what_killed_copies_left_behind(tmp_path: Path) -> None:
    """kill -9 during a backup leaves the temporary copy and its journal; the next backup
    removes them (once older than a copy takes), and nothing else."""
    import os
    import sqlite3
    from datetime import UTC, datetime

    from jojotte_score.storage.backups import make_backup

    folder = tmp_path / "backups"
    folder.mkdir()
    stale = [
        folder / ".sittings-20261121T013000Z.sqlite3.k2j4x.tmp",
        folder / ".sittings-20261121T013000Z.sqlite3.k2j4x.tmp-journal",
        folder / ".sittings-before-restore-20261121T013000Z.sqlite3.ab12.tmp",
    ]
    fresh = folder / ".sittings-20261123T120000Z.sqlite3.zz99.tmp"
    foreign = [folder / "notes.txt", folder / ".other.tmp", folder / ".sittings.sqlite3.tmp"]
    an_hour_ago = datetime(2026, 11, 23, 11, 0, tzinfo=UTC).timestamp()
    for path in [*stale, *foreign]:
        path.write_bytes(b"x" * 100)
        os.utime(path, (an_hour_ago, an_hour_ago))
    fresh.write_bytes(b"x")
    os.utime(fresh, (an_hour_ago + 3300, an_hour_ago + 3300))  # 5 minutes before the backup
    connection = sqlite3.connect(tmp_path / "db.sqlite3", isolation_level=None)
    connection.execute("CREATE TABLE t (x)")
    make_backup(connection, folder, datetime(2026, 11, 23, 12, 0, 5, tzinfo=UTC))
    connection.close()
    left = sorted(p.name for p in folder.iterdir())
    assert not any(path.exists() for path in stale)
    assert fresh.exists()
    assert all(path.exists() for path in foreign)
    assert [name for name in left if name.startswith("sittings-")] == [
        "sittings-20261123T120005Z.sqlite3"
    ]
