"""What a device remembers of the folder is pruned: the records of versions another
device's version has seen, and the conflict lists of such versions, are dropped; the
merged history is the same before and after, and syncing goes on as before."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from jojotte_score.sync import state
from jojotte_score.sync.engine import conflicts, export_state
from jojotte_score.sync.merge import Merged, unseen
from tests.sync.devices import GERMAN, Device, make_device, settle


@pytest.fixture
def trio(tmp_path: Path) -> Iterator[list[Device]]:
    devices = [make_device(tmp_path, name) for name in ("anna", "bert", "carl")]
    yield devices
    for device in devices:
        device.close()


def play_an_evening(devices: list[Device]) -> None:
    """A sitting changed in turn on three laptops, then on two at once (a conflict copy
    listed), then on the third, which saw both (and lists the copy), then on the first
    again (which lists it in its turn); and a sitting deleted after it travelled."""
    anna, bert, carl = devices
    anna.store.import_sitting(GERMAN, title="evening")
    anna.store.create_sitting(GERMAN.variant, ("Anna", "Bert"))
    settle(devices)
    bert.store.add_hand(1, GERMAN.hands[0])
    settle(devices)
    carl.store.rename_players(1, ("Carl", "Dora"))
    settle(devices)
    anna.store.delete_hand(1, 6)  # Anna and Bert change it before they sync
    bert.store.add_hand(1, GERMAN.hands[1])
    settle(devices)
    carl.store.rename_players(1, ("Carla", "Dora"))  # Carl has seen both
    bert.store.delete_sitting(2)
    settle(devices)
    anna.store.rename_players(1, ("Carla", "Doro"))
    settle(devices)


def merged_everywhere(connection: sqlite3.Connection) -> dict[str, Merged | None]:
    rows = connection.execute("SELECT DISTINCT uuid FROM sync_version ORDER BY 1").fetchall()
    return {str(uuid): state.merged(connection, str(uuid)) for (uuid,) in rows}


def kept_records(connection: sqlite3.Connection) -> int:
    row = connection.execute(
        "SELECT count(*) FROM sync_version WHERE record IS NOT NULL AND record != ''"
    ).fetchone()
    return int(row[0])


def listed_copies(connection: sqlite3.Connection) -> int:
    return int(connection.execute("SELECT count(*) FROM sync_conflict").fetchone()[0])


def test_pruning_changes_no_merged_sitting_and_drops_what_was_seen(
    trio: list[Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as unpruned:
        unpruned.setattr(state, "prune", lambda connection, sittings=None: 0)
        play_an_evening(trio)
    for device in trio:
        connection = device.store.database.connection
        before = merged_everywhere(connection)
        exported = export_state(device.store)
        held = conflicts(device.store)
        records, lists = kept_records(connection), listed_copies(connection)
        with device.store.database.transaction() as writing:
            dropped = state.prune(writing)
        assert dropped > 0
        assert merged_everywhere(connection) == before
        assert export_state(device.store) == exported
        assert conflicts(device.store) == held
        assert kept_records(connection) < records
        assert listed_copies(connection) < lists
        # Only the version nobody has seen keeps its record: Anna's last of sitting 1 (the
        # deletion of sitting 2 has none); the conflict copy is kept in Anna's list.
        assert kept_records(connection) == 1
        assert listed_copies(connection) == 1
        with device.store.database.transaction() as writing:
            assert state.prune(writing) == 0  # nothing left to drop
    assert all(len(conflicts(device.store)) == 1 for device in trio)


def test_a_pass_prunes_what_it_touched_and_syncing_goes_on_the_same(
    trio: list[Device], tmp_path: Path
) -> None:
    play_an_evening(trio)
    for device in trio:
        connection = device.store.database.connection
        for uuid in merged_everywhere(connection):
            known = state.versions(connection, uuid)
            candidates = {version.key for version in unseen(known)}
            for version in known:
                if version.key not in candidates:
                    assert version.record in (None, state.PRUNED_RECORD), (uuid, version.key)
    anna, bert, carl = trio
    (conflict,) = conflicts(anna.store)
    assert conflict.id == 1
    assert conflict.hands  # the hands that differ still come from the records kept
    bert.store.add_hand(1, GERMAN.hands[2])
    settle(trio)
    newcomer = make_device(tmp_path, "dora")  # takes the folder in from nothing
    newcomer.folder = anna.folder
    newcomer.sync()
    try:
        expected = export_state(anna.store)
        assert expected == export_state(bert.store) == export_state(carl.store)
        assert export_state(newcomer.store) == expected
        assert [info.hands for info in anna.store.list_sittings()] == [
            info.hands for info in newcomer.store.list_sittings()
        ]
    finally:
        newcomer.close()


def test_the_sittings_that_may_conflict_are_kept_as_every_version_says(
    trio: list[Device],
) -> None:
    """Finding the conflicts reads the ``open:`` keys, not every sitting changed on two
    devices: they name the sittings whose merge holds conflict copies, as a merge of every
    sitting does. A database from before them reads the ``several:`` keys, and before
    those every version, which name the same sittings as each other."""
    play_an_evening(trio)
    for device in trio:
        connection = device.store.database.connection
        kept = state.conflicted_sittings(connection)
        assert state.setting(connection, state.OPEN_KEPT) == "1"
        every = connection.execute("SELECT DISTINCT uuid FROM sync_version ORDER BY 1")
        merged = {str(uuid): state.merged(connection, str(uuid)) for (uuid,) in every}
        really = [uuid for uuid, result in merged.items() if result and result.conflicts]
        assert kept == really == [device.store.uuid_of(1)]
        with device.store.database.transaction() as writing:
            writing.execute("DELETE FROM sync_state WHERE key = ?", (state.OPEN_KEPT,))
        older = state.conflicted_sittings(connection)  # from the several: keys
        assert state.setting(connection, state.SEVERAL_KEPT) == "1"
        with device.store.database.transaction() as writing:
            writing.execute("DELETE FROM sync_state WHERE key = ?", (state.SEVERAL_KEPT,))
        assert state.conflicted_sittings(connection) == older  # from every version
        # Sitting 1, changed on every device, and sitting 2, made on one, deleted on another.
        assert len(older) == 2
        assert device.store.uuid_of(1) in older
        with device.store.database.transaction() as writing:
            writing.execute("DELETE FROM sync_state WHERE key LIKE 'several:%'")
            state.keep_several(writing)  # made again from the versions
        assert state.conflicted_sittings(connection) == older
