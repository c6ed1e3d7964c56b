"""A pass reads only what changed: the database marks each sitting stored, changed or
deleted (schema 11's ``sync_dirty``, kept by triggers in the change's own transaction), a
pass that finds nothing new reads no sitting and lists no device's folder whose time has
not changed, whatever the length of the history, and an upgrade from schema 10 marks
exactly what was not yet written."""

from __future__ import annotations

import os
import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from jojotte_score.core.model import Variant
from jojotte_score.storage import database as database_module
from jojotte_score.storage import schema as schema_module
from jojotte_score.storage.database import Database
from jojotte_score.storage.schema import SCHEMA_VERSION
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.sync import engine
from jojotte_score.sync.engine import device_id
from jojotte_score.sync.folder import SyncFolder
from tests.sync.devices import GERMAN, Device, make_device, settle


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[list[Device]]:
    devices = [make_device(tmp_path, "anna"), make_device(tmp_path, "carl")]
    yield devices
    for device in devices:
        device.close()


def dirty(device: Device) -> list[str]:
    rows = device.store.database.connection.execute("SELECT uuid FROM sync_dirty ORDER BY 1")
    return [str(uuid) for (uuid,) in rows.fetchall()]


def uuid_of(device: Device, sitting_id: int) -> str:
    return device.store.uuid_of(sitting_id)


def statements_of_a_pass(device: Device) -> list[str]:
    """The SQL a pass runs, each statement once per time it ran."""
    seen: list[str] = []
    connection = device.store.database.connection
    connection.set_trace_callback(seen.append)
    try:
        report = device.sync()
    finally:
        connection.set_trace_callback(None)
    assert (report.written, report.taken, report.problems) == (0, [], [])
    return seen


def scans_of_sitting(connection: sqlite3.Connection, statements: list[str]) -> list[str]:
    """The statements whose query plan reads the whole sitting table."""
    found = []
    for statement in statements:
        if not statement.lstrip().upper().startswith("SELECT"):
            continue
        plan = connection.execute(f"EXPLAIN QUERY PLAN {statement}").fetchall()
        if any(re.match(r"SCAN (sitting|s)\b", str(row[-1])) for row in plan):
            found.append(statement)
    return found


def age_folders(folder: Path) -> None:
    """Every device's folder last changed a minute ago (a pass trusts that time)."""
    past = time.time() - 60
    for device in (folder / "devices").iterdir():
        os.utime(device, (past, past))


@pytest.mark.parametrize(
    "change",
    [
        "hand recorded",
        "hand corrected",
        "hand deleted",
        "players renamed",
        "title and place",
        "dealer chosen",
        "sitting deleted",
    ],
)
def test_each_change_marks_its_sitting_and_the_pass_writes_it_and_clears_the_mark(
    pair: list[Device], change: str
) -> None:
    anna, carl = pair
    anna.store.import_sitting(GERMAN)
    anna.store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Carl"))
    assert dirty(anna) == sorted([uuid_of(anna, 1), uuid_of(anna, 2)])
    assert anna.sync().written == 2
    assert dirty(anna) == []
    store = anna.store
    if change == "hand recorded":
        store.add_hand(1, GERMAN.hands[0])
    elif change == "hand corrected":
        store.replace_hand(1, 0, GERMAN.hands[1])
    elif change == "hand deleted":
        store.delete_hand(1, 5)
    elif change == "players renamed":
        store.rename_players(1, ("Anna", "Bert"))
    elif change == "title and place":
        store.set_details(1, title="Friday", place="Köln")
    elif change == "dealer chosen":
        store.choose_dealer(2, 1)
    else:
        store.delete_sitting(1)
    assert len(dirty(anna)) == 1
    report = anna.sync()
    assert report.written == 1
    assert dirty(anna) == []
    assert anna.sync().written == 0
    settle(pair)
    assert engine.export_state(anna.store) == engine.export_state(carl.store)
    # What Carl took in is not his own change: his next pass writes nothing back.
    assert dirty(carl) == []
    assert carl.sync().written == 0
    kept = sorted(info.hands for info in carl.store.list_sittings())
    expected = {"hand recorded": [0, 7], "hand deleted": [0, 5], "sitting deleted": [0]}
    assert kept == expected.get(change, [0, 6])


def test_a_pass_that_finds_nothing_new_runs_the_same_statements_for_any_history(
    tmp_path: Path,
) -> None:
    """Three sittings or thirty, each changed on both devices: the same statements, none
    of which reads a sitting (nor merges one: none holds a conflict copy)."""
    runs = []
    for count in (3, 30):
        anna = make_device(tmp_path / str(count), "anna")
        carl = make_device(tmp_path / str(count), "carl")
        for _ in range(count):
            anna.store.import_sitting(GERMAN)
        settle([anna, carl])
        for info in carl.store.list_sittings():
            carl.store.rename_players(info.id, ("Carl", "Dora"))
        settle([anna, carl])
        assert engine.conflicts(carl.store) == []
        several = "SELECT count(*) FROM sync_state WHERE key LIKE 'several:%'"
        assert carl.store.database.connection.execute(several).fetchone() == (count,)
        age_folders(carl.folder)
        carl.sync()  # lists the aged folders once, and remembers their times
        statements = statements_of_a_pass(carl)
        runs.append(statements)
        assert not scans_of_sitting(carl.store.database.connection, statements)
        anna.close()
        carl.close()
    assert runs[0] == runs[1]
    assert len(runs[0]) <= 12


def test_a_folder_is_listed_again_only_when_its_time_changes(
    pair: list[Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    anna, carl = pair
    anna.store.import_sitting(GERMAN)
    settle(pair)
    age_folders(carl.folder)
    listed: list[str] = []
    original = SyncFolder.conflict_copies

    def counting(self: SyncFolder, device: str) -> list[str]:
        listed.append(device)
        return original(self, device)

    monkeypatch.setattr(SyncFolder, "conflict_copies", counting)
    carl.sync()
    assert sorted(listed) == sorted([device_id(anna.store), device_id(carl.store)])
    listed.clear()
    carl.sync()
    assert listed == []
    # The transport makes a conflict copy of Anna's log in her folder: its time changes,
    # the folder is listed, and the copy is reported.
    own = carl.folder / "devices" / device_id(anna.store)
    (own / "log.sync-conflict-20260110-190000-ABCDEFG.jsonl").write_text("")
    report = carl.sync()
    assert listed == [device_id(anna.store)]
    assert any("conflicting copies of its own files" in p for p in report.problems)


def test_a_folder_changed_within_seconds_is_listed_at_every_pass(
    pair: list[Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A time that recent is not trusted: a file system counting whole seconds (a USB
    stick's FAT) may add a file in the same second and keep the time."""
    anna, carl = pair
    anna.store.import_sitting(GERMAN)
    settle(pair)
    listed: list[str] = []
    original = SyncFolder.conflict_copies

    def counting(self: SyncFolder, device: str) -> list[str]:
        listed.append(device)
        return original(self, device)

    monkeypatch.setattr(SyncFolder, "conflict_copies", counting)
    carl.sync()
    carl.sync()
    assert listed.count(device_id(anna.store)) == 2


def make_schema_10_database(path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A database of schema 10 that synced: five sittings, of which the first was written
    as it is, the second changed since, the third never written, the fourth deleted after
    it was written, the fifth deleted and its deletion written; the uuids, in that order."""
    older = tuple(m for m in schema_module.MIGRATIONS if m.version <= 10)
    with monkeypatch.context() as patched:
        for module in (schema_module, database_module):
            patched.setattr(module, "MIGRATIONS", older)
            patched.setattr(module, "SCHEMA_VERSION", 10)
        with Database.open(path) as database:
            store = SittingStore(database)
            ids = [store.import_sitting(GERMAN) for _ in range(5)]
            uuids = [store.uuid_of(sitting_id) for sitting_id in ids]
            with database.transaction() as writing:
                revision = "SELECT revision FROM sitting WHERE id = ?"
                for sitting_id, uuid in zip(ids, uuids, strict=True):
                    (now,) = writing.execute(revision, (sitting_id,)).fetchone()
                    writing.execute(
                        "INSERT INTO sync_written (uuid, revision) VALUES (?, ?)", (uuid, now)
                    )
                writing.execute("UPDATE sync_written SET revision = -1 WHERE uuid = ?", (uuids[4],))
                writing.execute("DELETE FROM sync_written WHERE uuid = ?", (uuids[2],))
            store.add_hand(ids[1], GERMAN.hands[0])
            store.delete_sitting(ids[3])
            store.delete_sitting(ids[4])
            assert database.schema_version == 10
    return uuids


def test_the_upgrade_to_schema_11_marks_what_was_not_yet_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "sittings.sqlite3"
    uuids = make_schema_10_database(path, monkeypatch)
    with Database.open(path) as database:
        assert database.schema_version == SCHEMA_VERSION >= 11
        rows = database.connection.execute("SELECT uuid FROM sync_dirty ORDER BY 1")
        assert [str(uuid) for (uuid,) in rows.fetchall()] == sorted([uuids[1], uuids[2], uuids[3]])
        # The triggers follow every change from now on.
        store = SittingStore(database)
        store.rename_players(store.find_uuid(uuids[0]) or 0, ("Anna", "Bert"))
        rows = database.connection.execute("SELECT count(*) FROM sync_dirty")
        assert rows.fetchone() == (4,)


def test_a_sitting_changed_twice_before_a_pass_is_marked_once(pair: list[Device]) -> None:
    anna, _carl = pair
    anna.store.import_sitting(GERMAN)
    anna.sync()
    for hand in GERMAN.hands[:3]:
        anna.store.add_hand(1, hand)
    connection: sqlite3.Connection = anna.store.database.connection
    assert connection.execute("SELECT count(*) FROM sync_dirty").fetchone() == (1,)
    assert anna.sync().written == 1
