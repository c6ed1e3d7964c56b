"""A fresh process for the tests of what the first keys of an evening set up of PySide6.

PySide6 sets up a class of Qt, with its enums, the first time Python meets it: 10-45 ms
that fell on the first key of an evening whenever the window handed Python a kind of widget
it had not met yet. Only a new process shows that, so these tests run one:
:data:`FIRST_HAND` builds a window over the German example, shows it, lets the event loop
settle and readies the keys of its first plain hand (``plan``); the test's own code then
calls ``count_enums()`` and types. From then on every enum PySide6 (or anything) makes is
appended to ``made``.

``QTest.keyClick`` is given a widget, but it has overloads for a ``QWindow`` too, and PySide6
sets up QWindow to tell them apart: the harness's cost, not the app's (keys a player types
reach the window through Qt alone), so the script sets QWindow up before counting.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.gui.conftest import ROOT

FIRST_HAND = """
import enum
from pathlib import Path
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QWindow  # QTest.keyClick's overloads set it up: see the module
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from jojotte_score.core.model import Doubling, PlayedHand, Special
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.window import dialogs
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.presenters.session import Session
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore

dialogs.FirstDealerDialog.ask = classmethod(lambda cls, *args: 0)  # a new cut: seat 1 deals
app = QApplication([])
folder = Path(FOLDER)
store = SittingStore(Database.open(folder / "scores.sqlite3"))
store.import_sitting(load_sitting(Path("tests/data/german-example.json")).sitting)
session = Session(store)
window = MainWindow(session, AppSettings.at(folder / "settings.ini"))
session.open_last()
window.show()
window.activateWindow()
for _ in range(2):
    QTimer.singleShot(0, app.quit)
    app.exec()
hands = session.shown.count
hand = next(
    hand
    for hand in session.shown.sitting.hands
    if isinstance(hand, PlayedHand)
    and hand.special is Special.NONE
    and hand.double is Doubling.NONE
)
window.ready_next_hand()
start = window.panel.values()
plan = window.panel.form.keystrokes(hand._replace(note="", dealer=start.dealer), start)
NAMED = {"Tab": Qt.Key.Key_Tab, "Enter": Qt.Key.Key_Return}
made = []

def count_enums():
    make = enum.EnumType.__new__

    def counted(*args, **kwargs):
        made.append(args[1])
        return make(*args, **kwargs)

    enum.EnumType.__new__ = counted

def type_key(key):
    QTest.keyClick(QApplication.focusWidget(), NAMED.get(key, key))
    app.processEvents()
"""


def run_first_hand(tmp_path: Path, code: str) -> list[str]:
    """The lines ``code`` prints, run after :data:`FIRST_HAND` in a fresh process over a
    database in ``tmp_path`` (the process must succeed)."""
    script = FIRST_HAND.replace("FOLDER", repr(str(tmp_path))) + code
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
    return result.stdout.splitlines()
