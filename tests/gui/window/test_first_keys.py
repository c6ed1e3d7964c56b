"""The first keys of an evening set up nothing of PySide6 that later keys do not need: a
key refused (its message shown through the entry panel's scroll area) and the first hand
recorded (the hand list scrolled to it) each handed Python a viewport Qt had made, and
PySide6 set up ~60 of QtWidgets' enums to learn its class (10-45 ms of that key)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.window.main_window import VIEWPORT_NAME, MainWindow
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import ROOT
from tests.gui.window.first_keys_process import run_first_hand

GERMAN_EXAMPLE = ROOT / "tests" / "data" / "german-example.json"

# A key none of the first row's keys, then the keys of the first plain hand with its Enter,
# every enum made counted; then what a player sees: the message, and the hands recorded.
# The message lines are made when first needed: the panel's own, not its children found
# (that would set up enums of its own).
FIRST_KEYS = """
count_enums()
type_key("q")
refused = made[:]
shown = [
    label.text()
    for label in window.panel.errors.made().values()
    if label.isVisibleTo(window.panel) and "“q”" in label.text()
]
for key in plan:
    type_key(key)
print(repr(shown))
print(refused, made, session.shown.count - hands)
"""


def test_a_key_refused_and_the_first_hand_recorded_set_up_nothing_more_of_qt(
    tmp_path: Path,
) -> None:
    shown, counts = run_first_hand(tmp_path, FIRST_KEYS)[-2:]

    assert shown == repr(["⚠ “q” is none of this row's keys."])
    assert counts == "[] [] 1"


def test_the_viewports_held_from_the_start_are_the_scroll_areas_own(
    main_window: MainWindow,
) -> None:
    """The window holds each scroll area's viewport from the start, found by the name Qt
    gives it, so that a later ``viewport()`` is handed the wrapper PySide6 already knows."""
    window = main_window
    areas = (window.sheet_area, window.table, window.explanation, window.panel_area)

    assert [viewport.objectName() for viewport in window._viewports] == [VIEWPORT_NAME] * 4
    assert all(held is area.viewport() for held, area in zip(window._viewports, areas, strict=True))


# A fresh process: the window shown and settled over the German example; whether the
# statistics and hashlib are imported then, after the first key of a hand, and once the key
# is answered (the event loop run once more).
PREPARED = """
import sys
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from jojotte_score.core.model import PlayedHand
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.presenters.session import Session
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore

def imported():
    return [name in sys.modules for name in ("hashlib", "jojotte_score.core.stats")]

app = QApplication([])
folder = Path(FOLDER)
store = SittingStore(Database.open(folder / "scores.sqlite3"))  # imported before
session = Session(store)
window = MainWindow(session, AppSettings.at(folder / "settings.ini"))
session.open_last()
window.show()
window.activateWindow()
for _ in range(2):
    QTimer.singleShot(0, app.quit)
    app.exec()
hand = next(hand for hand in session.shown.sitting.hands if isinstance(hand, PlayedHand))
window.ready_next_hand()
start = window.panel.values()
plan = window.panel.form.keystrokes(hand._replace(note="", dealer=start.dealer), start)
shown = imported()
QTest.keyClick(QApplication.focusWidget(), plan[0])
typed = imported()
QTimer.singleShot(0, app.quit)
app.exec()
print(shown, typed, imported(), window.panel.values() != start)
"""


def test_what_recording_a_hand_imports_is_imported_once_its_first_key_is_answered(
    tmp_path: Path,
) -> None:
    """Start-up leaves the statistics and hashlib (~10 ms) for later; should the first key
    of a hand come before the window has got recording ready (here the event loop never
    ran long enough: see tests/gui/window/test_first_key_prepared.py), the key is answered,
    and then, before the next key, they are imported, so that the Enter that records the
    hand does not wait for them."""
    with Database.open(tmp_path / "scores.sqlite3") as database:  # scoring it imports them
        SittingStore(database).import_sitting(load_sitting(GERMAN_EXAMPLE).sitting)
    script = PREPARED.replace("FOLDER", repr(str(tmp_path)))
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[False, False] [False, False] [True, True] True"
