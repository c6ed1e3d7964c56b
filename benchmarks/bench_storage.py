"""How fast the sittings database lists and opens sittings: 2,000 sittings, 200,000 hands.

The aim: listing the sittings and opening any one sitting take under 0.2 s each. Every
figure is the best of several repetitions, printed with a baseline measured in the same run
on the same database, and the ratio to it:

- ``SittingStore.list_sittings()`` in-process, against a raw ``SELECT`` of the same rows;
- ``SittingStore.load(id)`` plus ``replay`` for random sittings (the slowest one counts),
  against a raw ``SELECT data FROM hand WHERE sitting_id = ?``;
- the whole command ``python -m jojotte_score sittings --data-dir DIR`` (when the command
  exists), against ``python -c`` running ``SELECT * FROM sitting`` with ``sqlite3``: both
  include the interpreter's start-up.

The database is built once per run with ``SittingStore.import_sitting`` (timed too), in a
temporary folder unless ``--data-dir`` names one to keep it between runs.

    python3 benchmarks/bench_storage.py [--sittings 2000] [--hands 100] [--repeat 5]
                                        [--samples 20] [--data-dir DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

# The generator beside this script, and the package of this checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitting_generator import sitting_data

from jojotte_score.core.games import replay
from jojotte_score.formats.sitting_file import parse_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.2  # seconds, for listing and for opening one sitting
LIST_BASELINE = (
    "SELECT s.*, m.* FROM sitting s LEFT JOIN summary m ON m.sitting_id = s.id "
    "ORDER BY s.updated DESC, s.id DESC"
)
HANDS_BASELINE = "SELECT data FROM hand WHERE sitting_id = ? ORDER BY position"
COMMAND_BASELINE = (
    "import sqlite3, sys\n"
    "connection = sqlite3.connect(sys.argv[1])\n"
    "connection.execute('SELECT * FROM sitting').fetchall()\n"
    "connection.close()"
)


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeat`` calls of ``run``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def build(path: Path, sittings: int, hands: int) -> float:
    """Fill a new database with generated sittings; returns the seconds it took."""
    start = time.perf_counter()
    with Database.open(path) as database:
        store = SittingStore(database)
        for number in range(sittings):
            sitting = parse_sitting(sitting_data(hands, seed=number)).sitting
            store.import_sitting(sitting, title=f"Generated sitting {number + 1}")
    return time.perf_counter() - start


def counts(path: Path) -> tuple[int, int]:
    """How many sittings and hands the database holds."""
    with Database.open(path, read_only=True) as database:
        row = database.connection.execute(
            "SELECT (SELECT count(*) FROM sitting), (SELECT count(*) FROM hand)"
        ).fetchone()
    return int(row[0]), int(row[1])


def child_environment() -> dict[str, str]:
    """The environment for subprocesses: this checkout's package comes first."""
    environ = dict(os.environ)
    environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), environ.get("PYTHONPATH")]))
    return environ


def run_command(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=ROOT, env=child_environment(), capture_output=True, text=True, check=False
    )


def best_command(command: list[str], repeat: int) -> float:
    """The fastest of ``repeat`` runs of a command; fails if the command fails."""

    def run() -> None:
        result = run_command(command)
        if result.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr}")

    return best_of(repeat, run)


def verdict(seconds: float) -> str:
    return f"{'within' if seconds < TARGET else 'OVER'} the {TARGET} s target"


def line(label: str, seconds: float, baseline: float | None = None, target: bool = False) -> str:
    text = f"  {label:<52} {1000 * seconds:9.2f} ms"
    if baseline is not None:
        text += f"   {seconds / baseline:7.1f}x baseline"
    if target:
        text += f"   {verdict(seconds)}"
    return text


def measure_in_process(path: Path, repeat: int, samples: int, sittings: int) -> None:
    rng = random.Random(1937)
    with Database.open(path) as database:
        store = SittingStore(database)
        listed = store.list_sittings()
        assert len(listed) == sittings, f"expected {sittings} sittings, listed {len(listed)}"
        connection = database.connection
        raw_list = best_of(repeat, lambda: connection.execute(LIST_BASELINE).fetchall())
        listing = best_of(repeat, store.list_sittings)

        ids = rng.sample([info.id for info in listed], min(samples, len(listed)))
        raw_hands = [
            best_of(repeat, partial(_select_hands, connection, sitting_id)) for sitting_id in ids
        ]
        opening = [best_of(repeat, partial(_open_sitting, store, sitting_id)) for sitting_id in ids]
    open_and_list = best_of(repeat, lambda: _open_and_list(path))

    print(f"In-process (best of {repeat}):")
    print(line("raw SELECT of the listed rows (baseline)", raw_list))
    print(line("list_sittings()", listing, raw_list, target=True))
    print(line("Database.open + list_sittings + close", open_and_list, raw_list, target=True))
    print(f"Opening one sitting, {len(ids)} random sittings (best of {repeat} each):")
    print(line("raw SELECT of its hands, median (baseline)", statistics.median(raw_hands)))
    print(line("raw SELECT of its hands, slowest", max(raw_hands)))
    print(
        line(
            "load + replay, median",
            statistics.median(opening),
            statistics.median(raw_hands),
        )
    )
    print(line("load + replay, slowest", max(opening), max(raw_hands), target=True))


def _select_hands(connection: sqlite3.Connection, sitting_id: int) -> None:
    connection.execute(HANDS_BASELINE, (sitting_id,)).fetchall()


def _open_sitting(store: SittingStore, sitting_id: int) -> None:
    replay(store.load(sitting_id).sitting)


def _open_and_list(path: Path) -> None:
    with Database.open(path) as database:
        SittingStore(database).list_sittings()


def measure_command(folder: Path, path: Path, repeat: int) -> None:
    python = sys.executable
    command = [python, "-m", "jojotte_score", "sittings", "--data-dir", str(folder)]
    probe = run_command(command)
    baseline = best_command([python, "-c", COMMAND_BASELINE, str(path)], repeat)
    imports = best_command([python, "-c", "import jojotte_score.cli"], repeat)
    print(f"Whole commands, interpreter start-up included (best of {repeat}):")
    print(line("python -c: sqlite3 SELECT * FROM sitting (baseline)", baseline))
    print(line("python -c: import jojotte_score.cli", imports, baseline))
    if probe.returncode != 0:
        reason = probe.stderr.strip().splitlines()[-1:] or [f"exit {probe.returncode}"]
        print(f"  jojotte-score sittings: skipped, the command failed ({reason[0]})")
        return
    shown = len(probe.stdout.splitlines())
    seconds = best_command(command, repeat)
    print(line(f"jojotte-score sittings ({shown} lines out)", seconds, baseline, target=True))


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sittings", type=int, default=2000)
    parser.add_argument("--hands", type=int, default=100, help="hands per sitting")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--samples", type=int, default=20, help="sittings opened at random")
    parser.add_argument(
        "--data-dir", type=Path, help="keep the database here (built if it is not there)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-storage-") as temporary:
        folder = args.data_dir or Path(temporary)
        path = database_path(folder)
        if path.exists():
            print(f"database: reusing {path}")
        else:
            seconds = build(path, args.sittings, args.hands)
            total = args.sittings * args.hands
            print(
                f"build: {args.sittings} sittings × {args.hands} hands with import_sitting "
                f"in {seconds:.1f} s ({1000 * seconds / args.sittings:.1f} ms a sitting, "
                f"{total / seconds:,.0f} hands/s)"
            )
        sittings, hands = counts(path)
        size = path.stat().st_size / 1e6
        print(f"database: {sittings} sittings, {hands} hands, {size:.1f} MB")
        measure_in_process(path, args.repeat, args.samples, sittings)
        measure_command(folder, path, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
