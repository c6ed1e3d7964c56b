"""Recording a hand is got ready before the first key of an evening, in a real start.

The imports recording a hand needs and showing a sitting does not (the statistics, hashlib
with OpenSSL's library, the checks of a change: ~27 M instructions) were done inside the
first key of a hand: 42.3 M instructions of that key, 14.0 M without them. The window now
does them once it is shown and the event loop has settled, while the player looks at it
(``PREPARE_AFTER_SETTLED_MS`` in gui/window/main_window.py); ``--quit-after-start`` ends
before, so the measured start-up does not pay for them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import DATA, ROOT

# The undo commands too: made only by a change, so imported when recording gets ready.
SCORING_MODULES = (
    "hashlib",
    "jojotte_score.core.stats",
    "jojotte_score.storage.change_checks",
    "jojotte_score.gui.sitting.commands",
)

# The program as a player starts it (no --quit-after-start), offscreen. Once the event loop
# runs, no key is typed until the scoring modules are imported (at most 10 s); then the
# first key of the first plain hand of the sitting is typed into the panel. Printed: the
# status, whether they were imported before any key, the modules the key imported, and
# whether the key was taken.
REAL_START = """
import sys, time
from PySide6.QtCore import QTimer
from PySide6.QtGui import QWindow  # QTest.keyClick's overloads set it up (the harness's)
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from jojotte_score.cli import main
from jojotte_score.core.model import PlayedHand
from jojotte_score.gui.window.main_window import MainWindow

NAMES = NAMES_HERE
app = QApplication(["jojotte-score"])
seen = []

def imported():
    return all(name in sys.modules for name in NAMES)

def first_key():
    window = next(w for w in app.topLevelWidgets() if isinstance(w, MainWindow))
    window.activateWindow()
    hand = next(h for h in window.session.shown.sitting.hands if isinstance(h, PlayedHand))
    start = window.panel.values()
    plan = window.panel.form.keystrokes(hand._replace(note="", dealer=start.dealer), start)
    app.processEvents()
    prepared, before = imported(), set(sys.modules)
    QTest.keyClick(QApplication.focusWidget(), plan[0])
    app.processEvents()
    seen.extend([prepared, sorted(set(sys.modules) - before), window.panel.values() != start])
    window.ready_next_hand()  # else closing the window asks whether to drop the hand begun
    app.exit(0)

def wait(deadline):
    if imported() or time.monotonic() > deadline:
        first_key()
    else:
        QTimer.singleShot(20, lambda: wait(deadline))

QTimer.singleShot(0, lambda: wait(time.monotonic() + 10))
status = main(["--data-dir", DATA_HERE])
print(status, *seen)
"""

# --quit-after-start: whether any of them was imported by the measured start.
QUIT_AFTER_START = """
import sys
from jojotte_score.cli import main
status = main(["--quit-after-start", "--data-dir", DATA_HERE])
print(status, [name for name in NAMES_HERE if name in sys.modules])
"""


def _run(code: str, data: Path) -> str:
    """The last line ``code`` prints, run in a fresh process offscreen over ``data``."""
    script = code.replace("NAMES_HERE", repr(SCORING_MODULES)).replace("DATA_HERE", repr(str(data)))
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(data.parent)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()[-1]


def _example_stored(tmp_path: Path) -> Path:
    """A data folder holding the German example (stored before: storing scores it)."""
    data = tmp_path / "data"
    data.mkdir()
    with Database.open(database_path(data)) as database:
        SittingStore(database).import_sitting(load_sitting(DATA / "german-example.json").sitting)
    return data


def test_recording_is_ready_before_the_first_key_and_the_key_imports_nothing(
    tmp_path: Path,
) -> None:
    shown = _run(REAL_START, _example_stored(tmp_path))

    assert shown == "0 True [] True"


def test_the_measured_start_does_not_get_recording_ready(tmp_path: Path) -> None:
    shown = _run(QUIT_AFTER_START, _example_stored(tmp_path))

    assert shown == "0 []"
