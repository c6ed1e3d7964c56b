"""How long ``jojotte-score score`` takes on a 100,000-hand sitting, as a ratio to json.load.

Both are timed as whole processes (interpreter start included) on the same file in the same
run, best of several repetitions. The aim is a ratio of at most 5.

With ``--phases`` it also times, in this process (processor time, best of the repetitions),
what ``score`` does one step after another: the file read (decoded and checked,
``loads_sitting``), the replay, the ledger's JSON, each with the share of it the garbage
collector took; and ``json.loads`` of the same text for scale.

    python3 benchmarks/bench_score.py [--hands 100000] [--repeat 5] [--phases]
"""

from __future__ import annotations

import argparse
import gc
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitting_generator import write_sitting

BASELINE = "import json, sys\nwith open(sys.argv[1], encoding='utf-8') as f: json.load(f)"


def best_time(command: list[str], repeat: int) -> float:
    """The fastest of ``repeat`` runs of a command, in seconds; fails if the command fails."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
    return best


def phases(path: Path, repeat: int) -> None:
    """Print each step of ``score`` timed in this process, with the collector's share."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import json

    from jojotte_score.core.ledger import replay
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
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sitting = write_sitting(Path(folder) / "sitting.json", args.hands)
        size = sitting.stat().st_size / 1e6
        baseline = best_time([sys.executable, "-c", BASELINE, str(sitting)], args.repeat)
        score = best_time(
            [sys.executable, "-m", "jojotte_score", "score", str(sitting)], args.repeat
        )
        if args.phases:
            phases(sitting, args.repeat)
    print(f"sitting: {args.hands} hands, {size:.1f} MB")
    print(f"json.load (baseline): {baseline:.3f} s")
    print(f"jojotte-score score:  {score:.3f} s")
    print(f"ratio: {score / baseline:.2f}x (aim: at most 5x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
