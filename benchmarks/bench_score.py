"""How long ``jojotte-score score`` takes on a 100,000-hand sitting, as a ratio to json.load.

Both are timed as whole processes (interpreter start included) on the same file in the same
run, best of several repetitions, by the clock and in processor time (user and system, which
other work on a busy machine moves less). Both run with Python's bytecode cache (in a
temporary folder, filled by a first run that is not counted), as an installed app does:
without it every run of ``score`` compiles some 60 modules first. The aim is a ratio of at
most 5.

With ``--instructions`` each program's instructions are also counted once, by valgrind's
callgrind: on a machine busy with other work the timings vary by a third or more from run to
run, the counts by about 1 %. Under callgrind a program runs some fifty times slower, so
count on a shorter sitting (``--hands 20000``: about three minutes).

With ``--phases`` it also times, in this process (processor time, best of the repetitions),
what ``score`` does one step after another: the file read (decoded and checked,
``loads_sitting``), the replay, the ledger's JSON, each with the share of it the garbage
collector took; and ``json.loads`` of the same text for scale.

    python3 benchmarks/bench_score.py [--hands 100000] [--repeat 5] [--phases] [--instructions]

Both programs run with the interpreter that runs this script, which it names first: the
ratio depends on it, since builds of one Python version decode JSON at speeds further
apart than they run the scorer's Python (benchmarks/README.md, "The interpreter decides
the ratio"). To measure Debian's own, run the script with ``/usr/bin/python3`` from the
project's folder, with platformdirs importable (Debian's python3-platformdirs).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from callgrind import instructions
from sitting_generator import write_sitting

BASELINE = "import json, sys\nwith open(sys.argv[1], encoding='utf-8') as f: json.load(f)"


def best_time(command: list[str], repeat: int, environment: dict[str, str]) -> tuple[float, float]:
    """The fastest of ``repeat`` runs of a command, in seconds by the clock and in processor
    time (user and system); fails if the command fails."""
    best, best_processor = float("inf"), float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(
            command,
            check=True,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        best = min(best, time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        processor = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        best_processor = min(best_processor, processor)
    return best, best_processor


def phases(path: Path, repeat: int) -> None:
    """Print each step of ``score`` timed in this process, with the collector's share."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import json

    from jojotte_score.core.games import replay
    from jojotte_score.formats.ledger_json import dumps_ledger
    from jojotte_score.formats.sitting_file import loads_sitting

    collecting = [0.0, 0.0]  # the collector's seconds so far, and when it last started

    def collector(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            collecting[1] = time.process_time()
        else:
            collecting[0] += time.process_time() - collecting[1]

    text = path.read_text(encoding="utf-8")
    best: dict[str, tuple[float, float]] = {}

    def timed(name: str, step: Callable[..., Any], *arguments: Any) -> Any:
        collecting[0] = 0.0
        start = time.process_time()
        result = step(*arguments)
        spent = (time.process_time() - start, collecting[0])
        best[name] = min(best.get(name, spent), spent)
        return result

    gc.callbacks.append(collector)
    try:
        for _ in range(repeat):
            timed("json.loads (for scale)", json.loads, text)
            loaded = timed("read: decoded and checked", loads_sitting, text)
            ledger = timed("replay", replay, loaded.sitting)
            timed("the ledger's JSON", dumps_ledger, ledger)
    finally:
        gc.callbacks.remove(collector)
    print("in this process, processor time, best of", repeat)
    for name, (seconds, collected) in best.items():
        print(f"  {name:28s} {seconds:6.3f} s  (the collector {collected:.3f} s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--phases", action="store_true", help="time each step in-process")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count each program's instructions once with valgrind (a busy machine's "
        "timings vary; these do not)",
    )
    args = parser.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind")
    with tempfile.TemporaryDirectory() as folder:
        sitting = write_sitting(Path(folder) / "sitting.json", args.hands)
        size = sitting.stat().st_size / 1e6
        commands = {
            "baseline": [sys.executable, "-c", BASELINE, str(sitting)],
            "score": [sys.executable, "-m", "jojotte_score", "score", str(sitting)],
        }
        environment = {**os.environ, "PYTHONPYCACHEPREFIX": str(Path(folder) / "pycache")}
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
        for command in commands.values():  # the bytecode cached, as when installed
            best_time(command, 1, environment)
        baseline = best_time(commands["baseline"], args.repeat, environment)
        score = best_time(commands["score"], args.repeat, environment)
        counts: dict[str, int] = {}
        if args.instructions:
            counts = {
                name: instructions(command, environment) for name, command in commands.items()
            }
        if args.phases:
            phases(sitting, args.repeat)
    print(f"python: {platform.python_version()} ({sys.executable})")
    print(f"sitting: {args.hands} hands, {size:.1f} MB")
    print(f"json.load (baseline): {baseline[0]:.3f} s, processor {baseline[1]:.3f} s")
    print(f"jojotte-score score:  {score[0]:.3f} s, processor {score[1]:.3f} s")
    print(
        f"ratio: {score[0] / baseline[0]:.2f}x, processor {score[1] / baseline[1]:.2f}x"
        " (aim: at most 5x)"
    )
    if counts:
        ratio = counts["score"] / counts["baseline"]
        print(
            f"instructions: json.load {counts['baseline'] / 1e9:.3f} G, "
            f"score {counts['score'] / 1e9:.3f} G ({ratio:.2f}x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
