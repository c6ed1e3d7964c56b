"""How long ``jojotte-score score`` takes on a 100,000-hand sitting, as a ratio to json.load.

Both are timed as whole processes (interpreter start included) on the same file in the same
run, best of several repetitions. The aim is a ratio of at most 5.

    python3 benchmarks/bench_score.py [--hands 100000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sitting = write_sitting(Path(folder) / "sitting.json", args.hands)
        size = sitting.stat().st_size / 1e6
        baseline = best_time([sys.executable, "-c", BASELINE, str(sitting)], args.repeat)
        score = best_time(
            [sys.executable, "-m", "jojotte_score", "score", str(sitting)], args.repeat
        )
    print(f"sitting: {args.hands} hands, {size:.1f} MB")
    print(f"json.load (baseline): {baseline:.3f} s")
    print(f"jojotte-score score:  {score:.3f} s")
    print(f"ratio: {score / baseline:.2f}x (aim: at most 5x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
