"""How long the desktop window takes to start on a 10,000-hand sitting, against plain windows.

All are timed as whole processes (interpreter start included), offscreen, in the same run:

- ``python -m jojotte_score --quit-after-start``: the scorepad finds its data folder where a
  user's is (``XDG_DATA_HOME``, pointed at a temporary folder), opens the database, shows the
  main window on the last sitting (10,000 hands), lets the event loop settle and exits;
- a plain PySide6 window shaped like the scorepad, with none of its code: a splitter with a
  label, a panel of twenty labelled line edits and a button, a 10,000-row table scrolled to
  the bottom, and a menu of 25 actions with shortcuts, the event loop settled the same way
  (two zero-time timers), exit. It pays what PySide6 itself costs for a window with text,
  fonts and the ``Qt`` enums. The aim is a ratio of at most 1.5 to this window;
- for reference, a bare PySide6 window: a QApplication and a shown QMainWindow.

The programs take turns, round after round, so that a slow spell of the machine hits them
alike; the ratio is of the fastest runs (the best each program can do here), and the ratio of
the medians is printed beside it. All run with Python's bytecode cache (in a temporary
folder), as an installed app does.

21 rounds by default: even on a quiet machine the same program's processor time moves by a
quarter from one run to the next, so five runs of 7 rounds gave best ratios from 1.23x to
1.87x, where three runs of 41 gave 1.41x to 1.51x (benchmarks/README.md, "Start-up by the
clock: how many rounds").

With ``--instructions`` each program's instructions are also counted once, by valgrind's
callgrind: on a machine busy with other work the timings vary by a third from run to run,
the counts by about 1 %.

    python3 benchmarks/bench_startup.py [--hands 10000] [--repeat 21] [--instructions]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from callgrind import instructions
from sitting_generator import sitting_data

from jojotte_score.formats.sitting_file import parse_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import data_dir, database_path
from jojotte_score.storage.sittings import SittingStore

ROOT = Path(__file__).resolve().parent.parent
TARGET = 1.5
BASELINE = (
    "import sys\n"
    "from PySide6.QtCore import QTimer\n"
    "from PySide6.QtWidgets import QApplication, QMainWindow\n"
    "app = QApplication(sys.argv)\n"
    "window = QMainWindow()\n"
    "window.show()\n"
    "QTimer.singleShot(0, lambda: QTimer.singleShot(0, app.quit))\n"
    "sys.exit(app.exec())\n"
)
SHAPED = """
import sys
from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication, QGridLayout, QLabel, QLineEdit, QMainWindow, QPlainTextEdit, QPushButton,
    QSplitter, QTableView, QWidget,
)
class Rows(QAbstractTableModel):
    def rowCount(self, parent=QModelIndex()):
        return 10_000
    def columnCount(self, parent=QModelIndex()):
        return 8
    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        return str(index.row()) if role == Qt.ItemDataRole.DisplayRole else None
app = QApplication(sys.argv)
window = QMainWindow()
splitter = QSplitter()
panel = QWidget()
grid = QGridLayout(panel)
for row in range(20):
    label = QLabel(f"Field {row}")
    label.setAlignment(Qt.AlignmentFlag.AlignRight)
    grid.addWidget(label, row, 0)
    grid.addWidget(QLineEdit(), row, 1)
grid.addWidget(QPushButton("Record"), 21, 1)
grid.addWidget(QPlainTextEdit(), 22, 1)
table = QTableView()
rows = Rows()
table.setModel(rows)
splitter.addWidget(QLabel("sheet"))
splitter.addWidget(panel)
splitter.addWidget(table)
window.setCentralWidget(splitter)
menu = window.menuBar().addMenu("&File")
for number in range(25):
    action = QAction(f"Action {number}", window)
    action.setShortcut(QKeySequence(f"Ctrl+{chr(65 + number)}"))
    menu.addAction(action)
window.show()
table.scrollToBottom()
QTimer.singleShot(0, lambda: QTimer.singleShot(0, app.quit))
sys.exit(app.exec())
"""


def run_once(command: list[str], environment: dict[str, str]) -> float:
    """How long one run of ``command`` takes, in seconds; fails if the command fails."""
    start = time.perf_counter()
    subprocess.run(
        command,
        check=True,
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def timed_in_turns(
    commands: dict[str, list[str]], environment: dict[str, str], rounds: int
) -> dict[str, list[float]]:
    """Every command run once per round, in turn; each command's times, fastest first."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            times[name].append(run_once(command, environment))
    return {name: sorted(values) for name, values in times.items()}


def build_database(folder: Path, hands: int) -> None:
    """A database whose last sitting has ``hands`` hands (and one small one before it)."""
    with Database.open(database_path(folder)) as database:
        store = SittingStore(database)
        store.import_sitting(parse_sitting(sitting_data(12, seed=1)).sitting, title="small")
        store.import_sitting(parse_sitting(sitting_data(hands)).sitting, title="long")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=21, help="rounds (default 21)")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count each program's instructions once with valgrind (a busy machine's "
        "timings vary; these do not)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        environment = {
            **os.environ,
            "QT_QPA_PLATFORM": "offscreen",
            "XDG_CONFIG_HOME": str(folder / "config"),  # the app's settings, not the user's
            "XDG_DATA_HOME": str(folder / "share"),  # the app's data folder, not the user's
            # Bytecode cached as in an installed app, kept in the temporary folder.
            "PYTHONPYCACHEPREFIX": str(folder / "pycache"),
        }
        for name in ("PYTHONDONTWRITEBYTECODE", "JOJOTTE_SCORE_DATA_DIR"):
            environment.pop(name, None)
        os.environ["XDG_DATA_HOME"] = environment["XDG_DATA_HOME"]  # read by platformdirs
        build_database(data_dir(None, environment), args.hands)
        listed = subprocess.run(
            [sys.executable, "-m", "jojotte_score", "sittings"],
            env=environment,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        assert "long" in listed.stdout, "the app does not find the benchmark's database"
        commands = {
            "baseline": [sys.executable, "-c", BASELINE],
            "shaped": [sys.executable, "-c", SHAPED],
            "scorepad": [sys.executable, "-m", "jojotte_score", "--quit-after-start"],
        }
        run_once(commands["scorepad"], environment)  # warm the caches; the first backup
        times = timed_in_turns(commands, environment, args.repeat)
        counts: dict[str, int] = {}
        if args.instructions:
            if shutil.which("valgrind") is None:
                parser.error("--instructions needs valgrind")
            counts = {
                name: instructions(command, environment, ROOT) for name, command in commands.items()
            }
    bare, shaped, scorepad = times["baseline"], times["shaped"], times["scorepad"]
    middle = args.repeat // 2
    ratio = scorepad[0] / shaped[0]

    def line(label: str, values: list[float]) -> str:
        return (
            f"{label:40s} {values[0]:.3f} s ({values[0] / shaped[0]:.2f}x,"
            f" {values[0] / bare[0]:.2f}x bare)   median {values[middle]:.3f} s"
            f" ({values[middle] / shaped[middle]:.2f}x, {values[middle] / bare[middle]:.2f}x bare)"
        )

    print(line("plain PySide6 window shaped like ours:", shaped))
    print(line("minimal PySide6 window:", bare))
    print(line(f"jojotte-score --quit-after-start ({args.hands:,} hands):", scorepad))
    print(f"ratio to the window shaped like ours: {ratio:.2f} (target at most {TARGET})")
    labels = {"shaped": "shaped window", "baseline": "minimal window", "scorepad": "scorepad"}
    for name, count in counts.items():
        print(
            f"instructions, {labels[name]}: {count / 1e9:.3f} G ({count / counts['shaped']:.2f}x)"
        )
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
