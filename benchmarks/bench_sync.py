"""A club's sync folder: what a pass costs the window, and what taking in new hands costs.

The folder is written as ``--devices`` devices would have written it (each its own
sittings, ``--hands`` hands each, one version file and one log line a sitting), straight
through the folder's writer, so that a large folder is made in seconds. One more device
(the laptop measured) takes it all in once, then:

- **start-up**: ``jojotte-score --quit-after-start`` on that laptop's data folder, which
  follows the folder (a pass that finds nothing new runs at start), against the same data
  folder copied without a sync folder; whole processes, in turns, best of ``--repeat``;
  the aim is at most 1.05x;
- **taking in N new hands**: N sittings given one hand more by their devices (a new version
  each, a log line each), and the laptop's pass that takes them in, timed, in this folder
  and in a folder of ``--small`` sittings made the same way; the aim is that the time grows
  with N and not with the folder (a ratio near 1 between the two folders);
- a pass that finds nothing new, in the process, for reference.

    python3 benchmarks/bench_sync.py [--sittings 2000] [--hands 40] [--devices 50]
        [--small 100] [--new 10,100] [--repeat 5]

A club over ten years is ``--sittings 60000 --hands 40 --devices 50`` (2.4 million hands;
the first take-in then runs for a long while).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitting_generator import sitting_data

from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.sync.engine import remember_folder, sync_once
from jojotte_score.sync.folder import LogEntry, SyncFolder
from jojotte_score.sync.merge import Version
from jojotte_score.sync.records import VersionFile, dumps_version_file, record_text

ROOT = Path(__file__).resolve().parent.parent
CREATED = "2026-01-10T19:00:00+00:00"


def device_of(number: int) -> str:
    return uuid.UUID(int=number + 1).hex


def sitting_of(number: int) -> str:
    return str(uuid.UUID(int=(1 << 64) + number))


def record(number: int, hands: int) -> str:
    data = sitting_data(hands, seed=number)
    data = {
        "format": data["format"],
        "version": data["version"],
        "uuid": sitting_of(number),
        **{k: v for k, v in data.items() if k not in ("format", "version")},
    }
    return record_text({"title": "", "place": "", "created": CREATED, "sitting": data})


class ClubFolder:
    """A folder as ``devices`` devices wrote it; each device's counters and log position."""

    def __init__(self, root: Path, devices: int) -> None:
        self.folder = SyncFolder(root)
        self.devices = devices
        self.seq = [0] * devices
        self.counter: dict[int, int] = {}

    def write(self, numbers: list[int], hands: int) -> None:
        """A new version of each sitting ``numbers`` (sitting n belongs to device n % devices)."""
        by_device: dict[int, list[int]] = {}
        for number in numbers:
            by_device.setdefault(number % self.devices, []).append(number)
        for device, mine in by_device.items():
            writer = device_of(device)
            files, entries = {}, []
            for number in mine:
                counter = self.counter.get(number, 0) + 1
                self.counter[number] = counter
                version = Version(
                    writer, counter, counter, ((writer, counter),), record(number, hands)
                )
                files[sitting_of(number)] = dumps_version_file(
                    VersionFile(sitting_of(number), version, (), ())
                )
                self.seq[device] += 1
                entries.append(LogEntry(self.seq[device], sitting_of(number), counter))
            self.folder.write_versions(writer, files)
            self.folder.append_log(writer, entries)


def laptop(root: Path, club: ClubFolder) -> SittingStore:
    """The laptop measured: a data folder that has taken in the whole folder."""
    store = SittingStore(Database.open(database_path(root)))
    started = time.perf_counter()
    report = sync_once(store, club.folder, "bench")
    took = time.perf_counter() - started
    print(f"  first pass: took in {len(report.taken)} sittings in {took:.1f} s")
    remember_folder(store, club.folder.root)
    return store


def best_pass(store: SittingStore, folder: SyncFolder, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        report = sync_once(store, folder, "bench")
        times.append(time.perf_counter() - started)
        assert not report.taken
    return min(times)


def take_in(store: SittingStore, club: ClubFolder, new: int, hands: int, rounds: int) -> float:
    """The best time of a pass taking in ``new`` sittings given one more hand."""
    times = []
    for round_ in range(rounds):
        numbers = [(round_ * new + n) % len(club.counter) for n in range(new)]
        club.write(numbers, hands + 1 + round_)
        started = time.perf_counter()
        report = sync_once(store, club.folder, "bench")
        times.append(time.perf_counter() - started)
        assert len(report.taken) == new, report.problems[:3]
    return min(times)


def start_up(data: Path, plain: Path, repeat: int, scratch: Path) -> tuple[float, float]:
    environment = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(scratch / "config"),
        "PYTHONPYCACHEPREFIX": str(scratch / "pycache"),
    }
    environment.pop("JOJOTTE_SCORE_DATA_DIR", None)

    def run(folder: Path) -> float:
        started = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "jojotte_score",
                "--data-dir",
                str(folder),
                "--quit-after-start",
            ],
            check=True,
            cwd=ROOT,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        return time.perf_counter() - started

    run(data)
    run(plain)
    synced, alone = [], []
    for _ in range(repeat):
        synced.append(run(data))
        alone.append(run(plain))
    return min(synced), min(alone)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sittings", type=int, default=2000)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--devices", type=int, default=50)
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--new", default="10,100")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    news = [int(n) for n in args.new.split(",")]
    with tempfile.TemporaryDirectory() as temporary:
        scratch = Path(temporary)
        results = {}
        for label, count in (("small", args.small), ("large", args.sittings)):
            print(
                f"{label} folder: {count} sittings of {args.hands} hands by {args.devices} devices"
            )
            root = scratch / label / "Sync"
            root.mkdir(parents=True)
            club = ClubFolder(root, args.devices)
            started = time.perf_counter()
            club.write(list(range(count)), args.hands)
            print(f"  written in {time.perf_counter() - started:.1f} s")
            store = laptop(scratch / label / "data", club)
            nothing = best_pass(store, club.folder, args.repeat)
            print(f"  a pass that finds nothing new: {nothing * 1000:.1f} ms")
            results[label] = {
                new: take_in(store, club, new, args.hands, args.repeat) for new in news
            }
            for new, took in results[label].items():
                each = took / new * 1000
                print(f"  taking in {new} new hands: {took * 1000:.0f} ms ({each:.2f} ms a hand)")
            if label == "large":
                store.database.close()
                data = scratch / label / "data"
                plain = scratch / label / "plain"
                shutil.copytree(data, plain)
                with sqlite3.connect(database_path(plain)) as connection:
                    connection.execute("DELETE FROM sync_state WHERE key = 'folder'")
                synced, alone = start_up(data, plain, args.repeat, scratch)
                print(
                    f"  window start-up following the folder {synced:.3f} s, without a folder "
                    f"{alone:.3f} s: {synced / alone:.3f}x (aim 1.05x)"
                )
            else:
                store.database.close()
        for new in news:
            ratio = results["large"][new] / results["small"][new]
            print(
                f"taking in {new} hands: {args.sittings}-sitting folder / {args.small}-sitting "
                f"folder = {ratio:.2f}x (aim: near 1)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
