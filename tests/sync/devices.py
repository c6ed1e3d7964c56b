"""Simulated devices for the sync tests: each a data folder and its own copy of the sync
folder, and a transport that copies one device's files into another's copy, whole, cut
short, or again."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.sync.engine import SyncReport, device_id, export_state, sync_once
from jojotte_score.sync.folder import DEVICES, SyncFolder

DATA = Path(__file__).resolve().parents[1] / "data"
GERMAN = load_sitting(DATA / "german-example.json").sitting


@dataclass
class Device:
    """One laptop: its database and the sync folder as its disk holds it."""

    name: str
    store: SittingStore
    folder: Path
    data: Path

    def sync(self) -> SyncReport:
        return sync_once(self.store, SyncFolder.open(self.folder, self.data), self.name)

    def close(self) -> None:
        self.store.database.close()

    def files(self) -> list[Path]:
        """This device's own files in its copy of the folder, relative to the folder."""
        own = self.folder / DEVICES / device_id(self.store)
        return sorted(path.relative_to(self.folder) for path in own.rglob("*") if path.is_file())


def make_device(root: Path, name: str) -> Device:
    data = root / name / "data"
    folder = root / name / "folder"
    folder.mkdir(parents=True)
    store = SittingStore(Database.open(data / "sittings.sqlite3"))
    return Device(name, store, folder, data)


def deliver(source: Device, target: Device, relative: Path, cut: float | None = None) -> None:
    """Copy one of ``source``'s files into ``target``'s folder: whole, or (``cut``, a
    fraction) only its first part, as a transfer stopped half-way leaves a file. A log
    never goes back: a cut never shortens what ``target`` already holds."""
    origin = source.folder / relative
    if not origin.is_file():
        return
    destination = target.folder / relative
    destination.parent.mkdir(parents=True, exist_ok=True)
    data = origin.read_bytes()
    if cut is not None:
        held = destination.stat().st_size if destination.exists() else 0
        is_log = relative.name == "log.jsonl"
        data = data[: max(held, int(len(data) * cut)) if is_log else int(len(data) * cut)]
    held_log = relative.name == "log.jsonl" and destination.exists()
    if held_log and destination.stat().st_size > len(data):
        return  # an older log never replaces a newer one
    destination.write_bytes(data)


def deliver_all(devices: list[Device]) -> None:
    for source in devices:
        for target in devices:
            if source is not target:
                for relative in source.files():
                    deliver(source, target, relative)


def settle(devices: list[Device], rounds: int = 3) -> None:
    """Deliver everything to everyone and sync, until nothing more travels."""
    for _ in range(rounds):
        deliver_all(devices)
        for device in devices:
            device.sync()


def changed_apart(anna: Device, carl: Device, created: datetime | None = None) -> int:
    """The German example stored as "evening" on Anna's device (at ``created``, or now),
    synced to Carl's, then changed on both apart: Anna deletes its last hand, which ended
    the rubber, Carl records a seventh. Synced again, each device keeps the sitting and a
    conflict copy. The sitting's id in Carl's store."""
    devices = [anna, carl]
    evening = anna.store.import_sitting(GERMAN, title="evening", created=created)
    settle(devices)
    on_carl = carl.store.find_uuid(anna.store.uuid_of(evening))
    assert on_carl is not None
    anna.store.delete_hand(evening, 5)  # the last hand, which ended the rubber
    carl.store.add_hand(on_carl, GERMAN.hands[0])  # a seventh
    settle(devices)
    return on_carl


def exports(device: Device) -> list[tuple[str, str | None, tuple[str, ...]]]:
    return export_state(device.store)


def copy_folder(source: Path, target: Path) -> None:
    shutil.copytree(source, target, dirs_exist_ok=True)
