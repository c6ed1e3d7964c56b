"""One sync pass as players meet it: a sitting and its hands travel, a sitting changed on
two devices keeps both versions, and the transport's misbehaviour changes nothing stored."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from jojotte_score.core.model import Variant
from jojotte_score.storage.restore import restore_backup
from jojotte_score.storage.schema import SCHEMA_VERSION
from jojotte_score.storage.statistics import period_stats
from jojotte_score.sync.engine import conflicts, device_id, export_state, resolve
from jojotte_score.sync.folder import SyncFolder, SyncFolderError
from tests.sync.devices import GERMAN, Device, deliver_all, make_device, settle


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[list[Device]]:
    """Two laptops, each with its copy of the folder."""
    devices = [make_device(tmp_path, "anna"), make_device(tmp_path, "carl")]
    yield devices
    for device in devices:
        device.close()


def shared(tmp_path: Path, *names: str) -> list[Device]:
    """Laptops that share one folder (as a network drive would)."""
    folder = tmp_path / "shared"
    folder.mkdir()
    devices = []
    for name in names:
        device = make_device(tmp_path, name)
        device.folder = folder
        devices.append(device)
    return devices


def hands(device: Device, sitting_id: int = 1) -> int:
    return len(device.store.load(sitting_id).sitting.hands)


def test_a_sitting_and_each_hand_recorded_travel(pair: list[Device]) -> None:
    anna, carl = pair
    made = anna.store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Carl"), title="Friday")
    anna.store.add_hand(made, GERMAN.hands[0])
    assert anna.sync().written == 1
    deliver_all(pair)
    report = carl.sync()
    assert [(t.id, t.what) for t in report.taken] == [(1, "new")]
    stored = carl.store.load(1)
    assert (stored.title, stored.sitting.players, hands(carl)) == ("Friday", ("Anna", "Carl"), 1)
    assert stored.uuid == anna.store.uuid_of(made)
    assert stored.created == anna.store.load(made).created

    for hand in GERMAN.hands[1:4]:
        anna.store.add_hand(made, hand)
    anna.store.delete_hand(made, 1)
    anna.store.rename_players(made, ("Anna", "Carla"))
    anna.sync()
    deliver_all(pair)
    report = carl.sync()
    assert [(t.id, t.what) for t in report.taken] == [(1, "updated")]
    assert carl.store.load(1).sitting == anna.store.load(made).sitting
    assert hands(carl) == 3
    assert carl.sync().taken == []  # nothing new: nothing taken in twice

    anna.store.delete_sitting(made)
    anna.sync()
    deliver_all(pair)
    assert [(t.id, t.what) for t in carl.sync().taken] == [(None, "deleted")]
    assert carl.store.list_sittings() == []


def test_a_sitting_changed_on_both_keeps_both_versions_and_counts_once(
    pair: list[Device],
) -> None:
    anna, carl = pair
    anna.store.import_sitting(GERMAN, title="evening")
    settle(pair)
    anna.store.delete_hand(1, 5)  # Anna deletes the last hand
    carl.store.add_hand(1, GERMAN.hands[0])  # Carl records a seventh
    settle(pair)
    assert export_state(anna.store) == export_state(carl.store)
    for device in pair:
        found = conflicts(device.store)
        assert len(found) == 1
        assert found[0].id == 1
        assert found[0].hands in ((6, 7), (6,))
        assert len(device.store.list_sittings()) == 1
        players = {p.name: p for p in period_stats(device.store).players}
        assert players["A"].sittings == 1
    record = json.loads(conflicts(anna.store)[0].copy.record or "")
    kept = {hands(anna), len(record["sitting"]["hands"])}
    assert kept == {5, 7}  # neither version lost, and neither mixed into the other

    copy = conflicts(anna.store)[0].copy
    new = resolve(anna.store, anna.store.uuid_of(1), copy.key, "both")
    assert new == 2
    settle(pair)
    for device in pair:
        assert conflicts(device.store) == []
        assert sorted(hands(device, i.id) for i in device.store.list_sittings()) == [5, 7]
    assert export_state(anna.store) == export_state(carl.store)


def test_keep_that_puts_the_copy_in_place_on_every_device(pair: list[Device]) -> None:
    anna, carl = pair
    anna.store.import_sitting(GERMAN)
    settle(pair)
    anna.store.rename_players(1, ("Anna", "Bea"))
    carl.store.rename_players(1, ("Carl", "Dora"))
    settle(pair)
    (conflict,) = conflicts(carl.store)
    shown = carl.store.load(1).sitting.players
    resolve(carl.store, conflict.uuid, conflict.copy.key, "that")
    settle(pair)
    for device in pair:
        assert conflicts(device.store) == []
        assert device.store.load(1).sitting.players != shown
    assert anna.store.load(1).sitting == carl.store.load(1).sitting


def test_a_half_written_log_line_and_version_file_wait_for_the_rest(pair: list[Device]) -> None:
    anna, carl = pair
    anna.store.import_sitting(GERMAN)
    anna.sync()
    own = anna.folder / "devices" / device_id(anna.store)
    target = carl.folder / "devices" / device_id(anna.store)
    (target / "sittings").mkdir(parents=True)
    log = (own / "log.jsonl").read_bytes()
    (target / "log.jsonl").write_bytes(log[:-20])  # the last line cut off
    report = carl.sync()
    assert (report.taken, report.problems) == ([], [])
    (target / "log.jsonl").write_bytes(log)
    version = next((own / "sittings").iterdir())
    (target / "sittings" / version.name).write_bytes(version.read_bytes()[:300])
    report = carl.sync()
    assert (report.taken, report.problems) == ([], [])  # the file is still arriving
    shutil.copyfile(version, target / "sittings" / version.name)
    assert [t.what for t in carl.sync().taken] == ["new"]


def test_a_damaged_line_and_a_bad_version_are_reported_and_skipped(pair: list[Device]) -> None:
    anna, carl = pair
    anna.store.import_sitting(GERMAN)
    anna.store.create_sitting(Variant.PARTNERSHIP, ("A", "B", "C", "D"))
    anna.sync()
    deliver_all(pair)
    own = carl.folder / "devices" / device_id(anna.store)
    lines = (own / "log.jsonl").read_bytes().splitlines(keepends=True)
    (own / "log.jsonl").write_bytes(lines[0].replace(b'"seq":1', b'"seq":9') + lines[1])
    first = json.loads(lines[1].split(b" ")[0])["sitting"]
    bad = own / "sittings" / f"{first}.json"
    data = json.loads(bad.read_text(encoding="utf-8"))
    data["record"]["sitting"]["players"] = ["A", "", "C", "D"]  # a name the checks refuse
    bad.write_text(json.dumps(data) + "\n", encoding="utf-8")
    report = carl.sync()
    assert report.taken == []
    assert len(report.problems) == 2
    assert "a damaged line in its log (at byte 0) was skipped" in report.problems[0]
    assert "its version was refused" in report.problems[1]
    assert carl.store.list_sittings() == []


def test_syncthing_files_are_never_read_as_ours(pair: list[Device]) -> None:
    anna, carl = pair
    anna.store.import_sitting(GERMAN)
    anna.sync()
    deliver_all(pair)
    own = carl.folder / "devices" / device_id(anna.store)
    (carl.folder / ".stfolder").mkdir()
    (own / "sittings" / ".syncthing.x.json.tmp").write_text("{half")
    (carl.folder / "devices" / "not-a-device").mkdir()
    report = carl.sync()
    assert ([t.what for t in report.taken], report.problems) == (["new"], [])


def test_the_same_device_id_on_two_laptops_is_found_and_nothing_is_lost(tmp_path: Path) -> None:
    """A data folder copied to a second laptop: both write as one device until each sees
    the other's lines in its log; then each takes a new id and writes everything again."""
    anna, copy = shared(tmp_path, "anna", "copy")
    anna.store.import_sitting(GERMAN)
    anna.sync()
    copy.store.database.close()
    shutil.copytree(anna.data, copy.data, dirs_exist_ok=True)
    copy.store = type(anna.store)(type(anna.store.database).open(copy.data / "sittings.sqlite3"))
    assert device_id(copy.store) == device_id(anna.store)
    anna.store.add_hand(1, GERMAN.hands[0])
    copy.store.rename_players(1, ("Anna", "Bert"))
    anna.sync()
    report = copy.sync()
    assert any("also writes to the sync folder as this device" in p for p in report.problems)
    assert report.device != device_id(anna.store)
    for _ in range(2):
        for device in (anna, copy):
            device.sync()
    assert export_state(anna.store) == export_state(copy.store)
    assert len(conflicts(anna.store)) == 1  # the two laptops' changes, both kept
    anna.close()
    copy.close()


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() == 0, reason="permissions do not stop the superuser"
)
def test_a_read_only_folder_is_reported_and_nothing_is_changed(pair: list[Device]) -> None:
    anna, _ = pair
    anna.store.import_sitting(GERMAN)
    anna.folder.chmod(0o500)
    try:
        with pytest.raises(SyncFolderError, match="cannot write this device's changes"):
            anna.sync()
    finally:
        anna.folder.chmod(0o700)
    assert anna.sync().written == 1


def test_a_full_disk_changes_nothing_stored(
    pair: list[Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    anna, _ = pair
    anna.store.import_sitting(GERMAN)
    import jojotte_score.sync.folder as folder_module

    def full(path: Path, data: str) -> None:
        raise OSError(28, os.strerror(28))

    monkeypatch.setattr(folder_module, "write_atomically", full)
    revision = anna.store.revision(1)
    with pytest.raises(SyncFolderError, match="nothing stored was changed"):
        anna.sync()
    assert anna.store.revision(1) == revision
    monkeypatch.undo()
    assert anna.sync().written == 1


def test_a_missing_folder_and_a_folder_holding_the_data_are_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    with pytest.raises(SyncFolderError, match="is its disk or share mounted"):
        SyncFolder.open(tmp_path / "unmounted", data)
    with pytest.raises(SyncFolderError, match="must not hold the data folder"):
        SyncFolder.open(tmp_path, data)
    with pytest.raises(SyncFolderError, match="must not hold the data folder"):
        SyncFolder.open(data / "sync", data)


def test_the_folder_copied_by_hand_in_pieces(tmp_path: Path) -> None:
    """A USB stick: the folder carried from one laptop to the other a few files at a time,
    with no network at all."""
    anna, carl = make_device(tmp_path, "anna"), make_device(tmp_path, "carl")
    anna.store.import_sitting(GERMAN)
    for hand in GERMAN.hands[:3]:
        made = anna.store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Carl"))
        anna.store.add_hand(made, hand)
    anna.sync()
    files = anna.files()
    stick = tmp_path / "stick"
    for piece in (files[::2], files[1::2]):
        for relative in piece:
            (stick / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(anna.folder / relative, stick / relative)
        shutil.copytree(stick, carl.folder, dirs_exist_ok=True)
        carl.sync()
    assert export_state(carl.store) == export_state(anna.store)
    assert len(carl.store.list_sittings()) == 4
    anna.close()
    carl.close()


def test_a_restored_backup_takes_its_later_changes_back_from_the_folder(
    tmp_path: Path,
) -> None:
    (anna,) = shared(tmp_path, "anna")
    anna.store.import_sitting(GERMAN)
    anna.sync()
    anna.close()
    database = anna.data / "sittings.sqlite3"
    backup = tmp_path / "backup.sqlite3"
    shutil.copyfile(database, backup)
    anna.store = type(anna.store)(type(anna.store.database).open(database))
    anna.store.add_hand(1, GERMAN.hands[0])
    anna.store.create_sitting(Variant.CUTTHROAT, ("A", "B", "C", "D"))
    anna.sync()
    kept = export_state(anna.store)
    anna.close()
    database.unlink()
    shutil.copyfile(backup, database)  # the backup restored: the later changes are gone
    anna.store = type(anna.store)(type(anna.store.database).open(database))
    assert len(anna.store.list_sittings()) == 1
    report = anna.sync()
    assert any("also writes to the sync folder as this device" in p for p in report.problems)
    assert export_state(anna.store) == kept
    anna.close()


def test_a_backup_restored_by_the_app_keeps_the_sync_tables_and_takes_its_later_changes_back(
    tmp_path: Path,
) -> None:
    """The app's own restore copies only its schema, the sync tables and the sitting's
    uuid among it, as the backup holds them: the device's id and what it had read and
    written, so the next pass finds the lines written since the backup and takes them
    back, as it does for a backup copied in place by hand."""
    (anna,) = shared(tmp_path, "anna")
    anna.store.import_sitting(GERMAN)
    anna.sync()
    uuid = anna.store.uuid_of(1)
    device = device_id(anna.store)
    anna.close()
    database = anna.data / "sittings.sqlite3"
    backup = tmp_path / "backup.sqlite3"
    shutil.copyfile(database, backup)
    anna.store = type(anna.store)(type(anna.store.database).open(database))
    anna.store.add_hand(1, GERMAN.hands[0])
    anna.store.create_sitting(Variant.CUTTHROAT, ("A", "B", "C", "D"))
    anna.sync()
    kept = export_state(anna.store)
    anna.close()
    now = datetime(2026, 12, 1, 22, 0, tzinfo=UTC)
    restored = restore_backup(backup, database, now, newest_version=SCHEMA_VERSION)
    assert restored.dropped == ()
    anna.store = type(anna.store)(type(anna.store.database).open(database))
    assert len(anna.store.list_sittings()) == 1
    assert anna.store.uuid_of(1) == uuid
    assert device_id(anna.store) == device
    report = anna.sync()
    assert any("also writes to the sync folder as this device" in p for p in report.problems)
    assert device_id(anna.store) != device
    assert export_state(anna.store) == kept
    anna.close()


def test_a_file_that_never_arrives_whole_stops_nothing_else(pair: list[Device]) -> None:
    anna, carl = pair
    first = anna.store.import_sitting(GERMAN)
    anna.sync()
    second = anna.store.create_sitting(Variant.PARTNERSHIP, ("A", "B", "C", "D"))
    anna.sync()
    deliver_all(pair)
    cut = carl.folder / "devices" / device_id(anna.store) / "sittings"
    cut = cut / f"{anna.store.uuid_of(first)}.json"
    cut.write_bytes(cut.read_bytes()[:200])  # stuck half-way, for good
    report = carl.sync()
    assert [(t.id, t.what) for t in report.taken] == [(1, "new")]
    assert carl.store.uuid_of(1) == anna.store.uuid_of(second)
    assert carl.sync().taken == []  # waited for again, and nothing taken twice
    deliver_all(pair)
    assert [t.what for t in carl.sync().taken] == ["new"]
    assert export_state(carl.store) == export_state(anna.store)
