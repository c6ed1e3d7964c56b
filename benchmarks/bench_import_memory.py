"""The memory and time a large sitting file costs to read and to import, against its size.

Each figure is measured in a fresh child process (peak resident memory by
``resource.getrusage``, the wall clock around the work), printed with a baseline measured
in the same run: a child that imports the same modules and reads the same file's bytes,
nothing more. What the work costs is its peak less the baseline's, given as a multiple of
the file's size (issue 40 asks for a small multiple, at most about 5x).

- ``read``: ``load_sitting(path)``, the file read and checked;
- ``import``: ``jojotte-score import FILE`` into a fresh data folder (read, checked,
  stored, its summary and rubber starts built);
- ``refused``: ``load_sitting`` of a file of thrown-in hands just under the 64 MiB limit,
  far more hands than a sitting file may hold: refused, in seconds.

The valid file is a generated two-player sitting of ``--hands`` hands (100,000, the most a
sitting file may hold, by default: some 8 MB).

    python3 benchmarks/bench_import_memory.py [--hands 100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
import jojotte_score.cli.program
from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.formats.sitting_file import load_sitting
from pathlib import Path
kind, path, folder = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
began = time.perf_counter()
outcome = "ok"
if kind == "baseline":
    data = path.read_bytes()
elif kind == "import":
    code = jojotte_score.cli.program.main(["import", str(path), "--data-dir", folder], {{}})
    outcome = "exit {{}}".format(code)
else:
    try:
        load_sitting(path)
    except InvalidSittingError as error:
        outcome = "refused: " + str(error.problems[0])[:60]
took = time.perf_counter() - began
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({{"peak": peak, "took": took, "outcome": outcome}}))
"""


def _measure(kind: str, path: Path, folder: Path) -> dict[str, float | str]:
    """One child's peak resident memory (bytes), time (s) and outcome."""
    root = str(Path(__file__).resolve().parent.parent)
    result = subprocess.run(
        [sys.executable, "-c", _CHILD.format(root=root), kind, str(path), str(folder)],
        capture_output=True,
        text=True,
        check=True,
    )
    measured: dict[str, float | str] = json.loads(result.stdout.strip().splitlines()[-1])
    return measured


def _refused_file(path: Path) -> Path:
    """Thrown-in hands up to just under the 64 MiB limit: millions of hands."""
    hand = '{"thrown_in": true}'
    count = (64 * 1024 * 1024 - 4096) // (len(hand) + 2)
    head = '{"format": "jojotte-sitting", "version": 1, "variant": "two-player", '
    head += '"players": ["Anna", "Bert"], "hands": ['
    with path.open("w", encoding="utf-8") as file:
        file.write(head)
        for number in range(count):
            file.write(hand if number == 0 else ", " + hand)
        file.write("]}")
    return path


def _generated(path: Path, hands: int) -> Path:
    """The generated sitting, written by a child process: Linux counts the memory a parent
    held when it started a child in the child's peak, so this process stays small."""
    here = str(Path(__file__).resolve().parent)
    script = f"import sys; sys.path.insert(0, {here!r}); from sitting_generator import "
    script += (
        f"write_sitting; from pathlib import Path; write_sitting(Path({str(path)!r}), {hands})"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        valid = _generated(folder / "long.json", args.hands)
        refused = _refused_file(folder / "refused.json")
        for label, path, kinds in (
            ("valid", valid, ("read", "import")),
            ("refused", refused, ("refused",)),
        ):
            size = path.stat().st_size
            print(f"{label} file: {size / 1e6:.1f} MB")
            base = min(float(_measure("baseline", path, folder)["peak"]) for _ in range(2))
            print(f"  baseline (imports, the file's bytes read): peak {base / 1e6:.1f} MB")
            for kind in kinds:
                runs = []
                for repeat in range(args.repeat):
                    data = folder / f"data-{kind}-{repeat}"
                    runs.append(_measure(kind, path, data))
                peak = min(float(run["peak"]) for run in runs)
                took = sorted(float(run["took"]) for run in runs)
                extra = peak - base
                print(
                    f"  {kind}: peak {peak / 1e6:.1f} MB, {extra / 1e6:.1f} MB over the "
                    f"baseline = {extra / size:.2f}x the file ({peak / size:.2f}x in all); "
                    f"{took[0]:.2f}-{took[-1]:.2f} s; {runs[0]['outcome']}"
                )


if __name__ == "__main__":
    main()
