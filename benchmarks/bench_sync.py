"""A club's sync folder: what a pass costs the window, and what taking in new hands costs.

The folder is written as ``--devices`` devices would have written it (each its own
sittings, ``--hands`` hands each, one version file and one log line a sitting), straight
in its format, a slice of 2,000 sittings at a time; one more device (the laptop measured)
takes in each slice by an ordinary pass (see :func:`build_club`). Then:

- **start-up**: the window started on that laptop's data folder, which follows the folder,
  against the same data folder copied without a sync folder; whole processes, in turns,
  best and median of ``--repeat``, each timed from inside (``window_start.py``) to what a
  user sees: the history shown (the window's first paint), the start's work done (its
  first pass run; a check first makes sure a start runs it), and the process's exit, by
  the clock and by the processor time it used; and the longest turn of the event loop
  between the history shown and the pass done (how long a key pressed then could wait).
  The aim is at most 1.05x. ``--instructions`` also counts one whole start of each with
  valgrind's callgrind;
- **taking in N new hands**: N sittings given one hand more by their devices (a new version
  each, a log line each), and the laptop's pass that takes them in, timed, in this folder
  and in a folder of ``--small`` sittings made the same way; the aim is that the time grows
  with N and not with the folder (a ratio near 1 between the two folders);
- passes that find nothing new, in the process, best and median of ``--repeat``;
- **a hand arriving**: a window on that laptop, following the folder, shows a sitting;
  its device writes a new version of it; the seconds until the window shows it, for
  ``--arrivals`` sittings (aim 2 s).

    python3 benchmarks/bench_sync.py [--sittings 2000] [--hands 40] [--devices 50]
        [--small 100] [--new 10,100] [--repeat 5] [--rounds 2] [--arrivals 3] [--cache DIR]
        [--start-up-only] [--instructions]

``--start-up-only`` measures the start alone, in the large folder.

The folder and the laptop's data folder that took it in are made once and kept in the
temporary folder (``jojotte-bench-sync-<sittings>x<hands>x<devices>``, or under
``--cache``); each run measures in a copy. A club over ten years is ``--sittings 60000
--hands 40 --devices 50`` (2.4 million hands; making it took half an hour on a loaded
2-core machine, once).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from contextlib import closing
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from callgrind import instructions
from sitting_generator import sitting_data
from window_start import (
    CPU,
    EXITED,
    HANDS,
    LONGEST,
    SETTLED,
    SETTLED_CPU,
    SHOWN,
    SHOWN_CPU,
    clock,
)

from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.sync.engine import remember_folder, sync_once
from jojotte_score.sync.folder import SITTINGS, LogEntry, SyncFolder
from jojotte_score.sync.merge import Version
from jojotte_score.sync.records import VersionFile, dumps_version_file, record_text

ROOT = Path(__file__).resolve().parent.parent
WINDOW_START = Path(__file__).resolve().parent / "window_start.py"
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

    def write(self, numbers: list[int], hands: int, *, building: bool = False) -> None:
        """A new version of each sitting ``numbers`` (sitting n belongs to device n % devices).

        ``building``: the files are written plainly, without the folder writer's flush to
        disk of each file and its rename (a folder made once for the benchmark, in the
        same format; a crash while making it makes it again)."""
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
            if building:
                sittings = self.folder.device_dir(writer) / SITTINGS
                sittings.mkdir(parents=True, exist_ok=True)
                for sitting, text in files.items():
                    (sittings / f"{sitting}.json").write_text(text, encoding="utf-8")
            else:
                self.folder.write_versions(writer, files)
            self.folder.append_log(writer, entries)


SLICE = 2000
"""The folder is made, and taken in, this many sittings at a time (as a club's history
grows): the memory stays small, and the progress is printed."""


def build_club(root: Path, data: Path, sittings: int, hands: int, devices: int) -> None:
    """Make the folder as ``devices`` devices would have written it, a slice at a time,
    and the laptop measured: a data folder that takes in each slice by an ordinary pass.

    The laptop's database is made with ``synchronous = OFF`` (no flush to disk at each
    commit; it is closed whole and kept for later runs, which open it as the app does):
    the pass and its checks of every record are the app's own."""
    club = ClubFolder(root, devices)
    store = SittingStore(Database.open(database_path(data)))
    store.database.connection.execute("PRAGMA synchronous = OFF")
    writing = taking = 0.0
    for first in range(0, sittings, SLICE):
        started = time.perf_counter()
        club.write(list(range(first, min(first + SLICE, sittings))), hands, building=True)
        middle = time.perf_counter()
        report = sync_once(store, club.folder, "bench")
        writing += middle - started
        taking += time.perf_counter() - middle
        assert not report.problems, report.problems[:3]
        done = first + len(report.taken)
        print(f"  {done} sittings: written in {writing:.1f} s, taken in in {taking:.1f} s")
    remember_folder(store, root)
    store.database.close()


def passes(store: SittingStore, folder: SyncFolder, repeat: int) -> list[float]:
    """The times of ``repeat`` passes that find nothing new."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        report = sync_once(store, folder, "bench")
        times.append(time.perf_counter() - started)
        assert not report.taken, report.problems[:3]
        assert not report.written, report.problems[:3]
    return times


def spread(times: list[float], unit: float = 1.0, digits: int = 3) -> str:
    """Best and median of ``times`` (seconds, shown in ``unit``)."""
    best, middle = min(times) * unit, statistics.median(times) * unit
    return f"best {best:.{digits}f}, median {middle:.{digits}f}"


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


MEASURES = (SHOWN, SETTLED, EXITED, SHOWN_CPU, SETTLED_CPU, CPU)
"""What each start is timed to (seconds from the process launched), by the clock and by
the processor time the process used (which another program busy on the machine slows far
less than the clock)."""
WORDS = {
    SHOWN: "history shown (first paint)",
    SETTLED: "start's work done (first pass run)",
    EXITED: "whole process, to its exit after the start's work",
    SHOWN_CPU: "processor time to the history shown",
    SETTLED_CPU: "processor time to the start's work done",
    CPU: "processor time of the whole process",
}


def start_up(
    data: Path, plain: Path, repeat: int, scratch: Path
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Whole processes of the window's start on the data folder following the sync folder
    and on its copy without one, in turns, after one of each not counted
    (``window_start.py``); the times of each, by :data:`MEASURES` and :data:`LONGEST`."""
    environment = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(scratch / "config"),
        "PYTHONPYCACHEPREFIX": str(scratch / "pycache"),
    }
    environment.pop("JOJOTTE_SCORE_DATA_DIR", None)
    # Compiled modules are kept (in the scratch folder), as an installed app has them: a
    # setting that forbids writing them would make each start compile every module, and
    # the start following a folder compile the sync modules too.
    environment.pop("PYTHONDONTWRITEBYTECODE", None)

    def run(folder: Path, following: bool) -> dict[str, float]:
        child = [sys.executable, str(WINDOW_START), str(folder)]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = clock()
        output = subprocess.run(
            [*child, *(["--following"] if following else [])],
            check=True,
            cwd=ROOT,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        ).stdout
        exited = clock()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        moments = json.loads(output.splitlines()[-1])
        assert moments["status"] == 0, moments
        assert SETTLED in moments, f"no pass within 30 s of the window shown: {moments}"
        times = {key: moments[key] - started for key in (SHOWN, SETTLED)}
        times[EXITED] = exited - started
        times[CPU] = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        times[LONGEST] = moments[LONGEST]
        times[HANDS] = moments.get(HANDS, 0)
        times[SHOWN_CPU], times[SETTLED_CPU] = moments[SHOWN_CPU], moments[SETTLED_CPU]
        return times

    run(data, True)
    run(plain, False)
    synced: dict[str, list[float]] = {key: [] for key in (*MEASURES, LONGEST, HANDS)}
    alone: dict[str, list[float]] = {key: [] for key in (*MEASURES, LONGEST, HANDS)}
    for _ in range(repeat):
        for times, folder, following in ((synced, data, True), (alone, plain, False)):
            for key, value in run(folder, following).items():
                times[key].append(value)
    shown = set(synced[HANDS]) | set(alone[HANDS])
    assert len(shown) == 1, f"the starts showed sittings of {sorted(shown)} hands"
    return synced, alone


def start_instructions(data: Path, plain: Path, scratch: Path) -> tuple[int, int]:
    """The instructions of one whole start of each, to the start's work done (valgrind's
    callgrind, once each, after :func:`start_up` wrote the compiled modules): following
    the folder, and without one. Only the whole start is counted: under callgrind a start
    runs some fifty times slower, so the window's wait for its first paint runs out (a
    window not painted within a second follows all the same) and the pass comes before
    the paint, which it never does at the ordinary speed."""
    environment = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(scratch / "config"),
        "PYTHONPYCACHEPREFIX": str(scratch / "pycache"),
    }
    environment.pop("JOJOTTE_SCORE_DATA_DIR", None)
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    following = [sys.executable, str(WINDOW_START), str(data), "--following"]
    alone = [sys.executable, str(WINDOW_START), str(plain)]
    return instructions(following, environment, ROOT), instructions(alone, environment, ROOT)


def start_takes_in(data: Path, club: ClubFolder, hands: int, scratch: Path) -> None:
    """Check that a start of the window runs its pass (after the window is shown): a
    sitting given more hands in the folder is taken in by one start (``window_start.py``,
    which waits for the first pass)."""
    number = 0
    club.write([number], hands + 20)
    subprocess.run(
        [sys.executable, str(WINDOW_START), str(data), "--following"],
        check=True,
        cwd=ROOT,
        env={
            **os.environ,
            "QT_QPA_PLATFORM": "offscreen",
            "XDG_CONFIG_HOME": str(scratch / "config"),
        },
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    with closing(sqlite3.connect(database_path(data))) as connection:
        (count,) = connection.execute(
            "SELECT count(*) FROM hand h JOIN sitting s ON s.id = h.sitting_id WHERE s.uuid = ?",
            (sitting_of(number),),
        ).fetchone()
    assert count == hands + 20, f"the start did not take the new version in ({count} hands)"


def cached_club(
    cache: Path, sittings: int, hands: int, devices: int
) -> tuple[Path, Path, ClubFolder]:
    """The folder of ``sittings`` sittings and the laptop's data folder that took it in,
    made once and kept in ``cache`` (``complete`` marks a whole one); returns the folder,
    the data folder and the folder's writer, which knows each sitting at its first version."""
    root, data = cache / "Sync", cache / "data"
    done = cache / "complete"
    if not done.exists():
        shutil.rmtree(cache, ignore_errors=True)
        root.mkdir(parents=True)
        build_club(root, data, sittings, hands, devices)
        done.write_text("complete\n")
    else:
        print(f"  folder and data folder reused from {cache}")
    club = ClubFolder(root, devices)
    club.counter = dict.fromkeys(range(sittings), 1)
    club.seq = [len(range(device, sittings, devices)) for device in range(devices)]
    return root, data, club


def working_copy(cache: Path, target: Path) -> tuple[Path, Path]:
    """A copy of the cached folder and data folder to measure in (rounds change them)."""
    shutil.copytree(cache / "Sync", target / "Sync")
    shutil.copytree(cache / "data", target / "data")
    return target / "Sync", target / "data"


def arrival(store: SittingStore, club: ClubFolder, hands: int, scratch: Path, number: int) -> float:
    """Seconds from a hand's version and log line written in the folder by another device
    to the window that follows the folder showing it (sitting ``number``, shown in the
    window)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from jojotte_score.gui.window.main_window import MainWindow
    from jojotte_score.gui.window.settings import AppSettings
    from jojotte_score.presenters.session import Session

    application = QApplication.instance() or QApplication([])
    window = MainWindow(Session(store), AppSettings.at(scratch / "window.ini"))
    local = store.find_uuid(sitting_of(number))
    assert local is not None
    window.open_sitting_id(local)
    window.show()
    window._follow(None)  # as at start: the folder the database remembers
    application.processEvents()
    shown = window.session.shown
    assert shown is not None
    before = shown.count
    time.sleep(0.5)
    application.processEvents()
    club.write([number], hands + 10)  # the sitting given more hands by its device
    started = time.perf_counter()
    while time.perf_counter() - started < 30:
        application.processEvents()
        now = window.session.shown
        if now is not None and now.count != before:
            break
        time.sleep(0.005)
    took = time.perf_counter() - started
    assert window.session.shown is not None
    assert window.session.shown.count == hands + 10
    window.stop_following()
    window.close()
    return took


def measure_start_up(
    data: Path, club: ClubFolder, hands: int, repeat: int, scratch: Path, counting: bool
) -> None:
    """The window's start on ``data`` (which follows the folder) against its copy without a
    sync folder (:func:`start_up`), after checking that a start runs its pass; printed."""
    start_takes_in(data, club, hands, scratch)
    # The copy is made after that start, so that both hold the same sittings and show the
    # same one, the sitting changed last (a copy made before it showed a sitting of 40
    # hands against the 60 that start took in; each start checks which it shows).
    plain = scratch / "plain"
    shutil.copytree(data, plain)
    with closing(sqlite3.connect(database_path(plain), isolation_level=None)) as connection:
        connection.execute("DELETE FROM sync_state WHERE key = 'folder'")
    synced, alone = start_up(data, plain, repeat, scratch)
    print("  the window's start, following the folder / without a folder (aim 1.05x):")
    for key in MEASURES:
        best = min(synced[key]) / min(alone[key])
        middle = statistics.median(synced[key]) / statistics.median(alone[key])
        print(
            f"    {WORDS[key]}: {spread(synced[key])} s / {spread(alone[key])} s: "
            f"{best:.3f}x best, {middle:.3f}x median"
        )
    print(
        "    the longest turn of the event loop from the history shown to the start's work "
        f"done: following {spread(synced[LONGEST], 1000, 1)} ms, without "
        f"{spread(alone[LONGEST], 1000, 1)} ms"
    )
    if counting:
        counted, counted_alone = start_instructions(data, plain, scratch)
        print(
            f"    instructions of a whole start (callgrind, one each): following "
            f"{counted / 1e6:.1f} million, without {counted_alone / 1e6:.1f} million: "
            f"{counted / counted_alone:.3f}x"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sittings", type=int, default=2000)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--devices", type=int, default=50)
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--new", default="10,100")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=2, help="passes taking in N, best kept")
    parser.add_argument("--arrivals", type=int, default=3, help="hands arriving, timed")
    parser.add_argument(
        "--start-up-only",
        action="store_true",
        help="measure only the window's start, in the large folder",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count each start's instructions once (valgrind's callgrind)",
    )
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()),
        help="where the folders made are kept for later runs",
    )
    args = parser.parse_args()
    news = [int(n) for n in args.new.split(",")]
    if max(news) > min(args.small, args.sittings):
        parser.error("--new asks for more sittings than a folder holds")
    print(f"load average at the start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    folders: tuple[tuple[str, int], ...] = (("small", args.small), ("large", args.sittings))
    if args.start_up_only:
        folders = (("large", args.sittings),)
    with tempfile.TemporaryDirectory(dir=args.cache) as temporary:
        scratch = Path(temporary)
        results = {}
        for label, count in folders:
            print(
                f"{label} folder: {count} sittings of {args.hands} hands by {args.devices} devices"
            )
            name = f"jojotte-bench-sync-{count}x{args.hands}x{args.devices}"
            cache = args.cache / name
            _root, _data, club = cached_club(cache, count, args.hands, args.devices)
            root, data = working_copy(cache, scratch / label)
            club.folder = SyncFolder(root)
            store = SittingStore(Database.open(database_path(data)))
            remember_folder(store, root)
            if not args.start_up_only:
                nothing = passes(store, club.folder, args.repeat)
                print(f"  a pass that finds nothing new: {spread(nothing, 1000, 1)} ms")
                results[label] = {
                    new: take_in(store, club, new, args.hands, args.rounds) for new in news
                }
                for new, took in results[label].items():
                    each = took / new * 1000
                    print(
                        f"  taking in {new} new hands: {took * 1000:.0f} ms ({each:.2f} ms a hand)"
                    )
            if label == "large" and not args.start_up_only:
                shown = [
                    arrival(store, club, args.hands, scratch, count - 1 - n)
                    for n in range(args.arrivals)
                ]
                print(
                    f"  a hand arriving, shown in the window after {spread(shown, 1, 2)}, "
                    f"worst {max(shown):.2f} s (aim 2 s)"
                )
            store.database.close()
            if label == "large":
                measure_start_up(
                    data, club, args.hands, args.repeat, scratch / label, args.instructions
                )
        if not args.start_up_only:
            summarise(results, news, args.sittings, args.small)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


def summarise(
    results: dict[str, dict[int, float]], news: list[int], sittings: int, small: int
) -> None:
    """Print how taking in N hands compares between the folders, and between the Ns."""
    for new in news:
        ratio = results["large"][new] / results["small"][new]
        print(
            f"taking in {new} hands: {sittings}-sitting folder / {small}-sitting "
            f"folder = {ratio:.2f}x (aim: near 1)"
        )
    fewest, most = min(news), max(news)
    if fewest != most:
        grows = results["large"][most] / results["large"][fewest]
        print(
            f"in the {sittings}-sitting folder, {most} hands took {grows:.1f}x the "
            f"time of {fewest} ({most / fewest:.0f}x the hands)"
        )


if __name__ == "__main__":
    sys.exit(main())
