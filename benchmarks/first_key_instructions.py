"""The instructions of each key of ``bench_first_key.py``'s first hand and of the same key
later, counted by valgrind's callgrind: the clock varies with the machine's load, the counts
by about 1 %.

One child of the benchmark (a fresh process over a stored sitting, its bytecode cached by a
first run that is not counted) runs under callgrind, which dumps a part each time the child
marks the start of a key (``os.getppid``, which nothing else of the child calls): the part
between two marks is one key and what it posted. With ``--keep FOLDER`` the parts are kept
there (``callgrind.out.N``, N = 2 for the first key) for ``callgrind_annotate``.

    python3 benchmarks/first_key_instructions.py [--keep FOLDER]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

BENCH = Path(__file__).resolve().parent / "bench_first_key.py"


def part_instructions(path: Path) -> int:
    """The instructions of one part callgrind dumped."""
    found = re.search(r"^(?:summary|totals): (\d+)", path.read_text(), re.MULTILINE)
    if found is None:
        raise RuntimeError(f"no total in {path}")
    return int(found.group(1))


def counted(folder: Path, environment: dict[str, str]) -> tuple[list[list[str]], list[int]]:
    """The keys the child typed (its first hand, then the same hand later) and the
    instructions of each part callgrind dumped, in order (the first part is start-up)."""
    output = folder / "callgrind.out"
    typed = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--dump-before=getppid",
            f"--callgrind-out-file={output}",
            sys.executable,
            str(BENCH),
            "--child",
            str(folder),
        ],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        check=True,
    ).stdout
    keys = [[entry[0] for entry in hand] for hand in json.loads(typed.splitlines()[-1])]
    parts = sorted(folder.glob("callgrind.out.*"), key=lambda path: int(path.suffix[1:]))
    return keys, [part_instructions(path) for path in parts]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--keep", type=Path, help="a folder to keep callgrind's parts in")
    arguments = parser.parse_args()
    from bench_first_key import HANDS
    from bench_window import stored_with_next

    from jojotte_score.storage.database import Database
    from jojotte_score.storage.sittings import SittingStore

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        environment = dict(
            os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPYCACHEPREFIX=str(folder / "pycache")
        )
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
        with Database.open(folder / "scores.sqlite3") as database:
            stored_with_next(SittingStore(database), "two-player", HANDS, 0, "An evening")
        copy = folder / "copy.sqlite3"
        shutil.copyfile(folder / "scores.sqlite3", copy)
        # A first run fills the bytecode cache, as an installed app's is.
        subprocess.run(
            [sys.executable, str(BENCH), "--child", str(folder)],
            env=environment,
            stdout=subprocess.DEVNULL,
            check=True,
        )
        shutil.copyfile(copy, folder / "scores.sqlite3")  # the same hands stored again
        keys, parts = counted(folder, environment)
        first, later = keys
        print(f"start-up, to the first key: {parts[0] / 1e6:.1f} M instructions")
        for label, hand, offset in (
            ("first hand", first, 1),
            ("same hand later", later, 1 + len(first)),
        ):
            print(
                f"{label} (M instructions): "
                + " ".join(
                    f"{key}:{count / 1e6:.1f}"
                    for key, count in zip(hand, parts[offset : offset + len(hand)], strict=True)
                )
            )
        if arguments.keep is not None:
            arguments.keep.mkdir(parents=True, exist_ok=True)
            for path in folder.glob("callgrind.out.*"):
                shutil.copy(path, arguments.keep / path.name)


if __name__ == "__main__":
    main()
