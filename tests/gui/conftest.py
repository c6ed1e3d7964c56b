"""Fixtures for the window tests: a temporary data folder and database, temporary settings,
a main window over them, dialogs that never block, and a screen reader listening."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import replay
from jojotte_score.core.model import Hand, PlayedHand, Sitting
from jojotte_score.gui.accessibility import ANNOUNCED
from jojotte_score.gui.window.language import use_qt_language
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.i18n import use_language
from jojotte_score.presenters.session import Session
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from tests.sitting_kinds import load_two_sided, two_sided, two_sided_hands

DATA = Path(__file__).resolve().parent.parent / "data"
GERMAN = DATA / "german-example.json"
PARTNERSHIP = DATA / "partnership-example.json"
SCREENSHOTS_ENV = "JOJOTTE_SCREENSHOTS"


def german() -> Sitting:
    """The six-hand worked example of the German rules (A 755, B 655)."""
    return load_two_sided(GERMAN)


def played(hand: object) -> PlayedHand:
    """A hand known to have been played (not thrown in)."""
    assert isinstance(hand, PlayedHand)
    return hand


class Messages(list[str]):
    """The texts of the message boxes shown during a test (none of them blocks)."""


@pytest.fixture(autouse=True)
def messages(monkeypatch: pytest.MonkeyPatch) -> Messages:
    """Message boxes are recorded instead of shown; any other dialog left unpatched fails."""
    shown = Messages()

    def message_exec(box: QMessageBox) -> int:
        shown.append(box.text())
        return int(QMessageBox.StandardButton.Ok)

    def dialog_exec(dialog: QDialog) -> int:
        raise AssertionError(f"a dialog was opened without a patched exec: {dialog!r}")

    monkeypatch.setattr(QMessageBox, "exec", message_exec)
    monkeypatch.setattr(QDialog, "exec", dialog_exec)
    return shown


@pytest.fixture(autouse=True)
def typed_in_quick_succession(qapp: QApplication) -> Iterator[None]:
    """Keys a test presses one after another are never "after a pause", however busy the
    machine: digits typed to the hand list make one number (16 is 1 then 6; on a loaded
    machine the 6 once came after Qt's 400 ms and selected hand 6)."""
    interval = QApplication.keyboardInputInterval()
    QApplication.setKeyboardInputInterval(60_000)
    yield
    QApplication.setKeyboardInputInterval(interval)


@pytest.fixture
def listening() -> Iterator[None]:
    """A screen reader listens: Qt's accessibility is active."""
    QAccessible.setActive(True)
    yield
    QAccessible.setActive(False)


def said_in(window: QWidget) -> set[str]:
    """The last message announced on behalf of each widget of ``window`` (its own too)."""
    widgets = [window, *window.findChildren(QWidget)]
    return {said for widget in widgets if (said := widget.property(ANNOUNCED))}


def forget_said(window: QWidget) -> None:
    """Forget what was announced in ``window`` so far."""
    for widget in [window, *window.findChildren(QWidget)]:
        widget.setProperty(ANNOUNCED, None)


@pytest.fixture
def deutsch(qapp: QApplication) -> Iterator[None]:
    """The program and Qt's own words in German."""
    use_language("de")
    use_qt_language("de")
    yield
    use_language("en")
    use_qt_language("en")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """An empty data folder."""
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


@pytest.fixture
def database(data_dir: Path) -> Iterator[Database]:
    """The database of ``data_dir``, open for writing."""
    opened = Database.open(database_path(data_dir))
    yield opened
    opened.close()


@pytest.fixture
def store(database: Database) -> SittingStore:
    """The sitting store over ``database``."""
    return SittingStore(database)


@pytest.fixture
def settings_path(tmp_path: Path) -> Path:
    """A settings file of its own for each test."""
    return tmp_path / "settings.ini"


@pytest.fixture
def settings(settings_path: Path) -> AppSettings:
    """Settings kept in ``settings_path``."""
    return AppSettings.at(settings_path)


@pytest.fixture
def session(store: SittingStore) -> Session:
    """A session over the store, showing no sitting yet."""
    return Session(store)


def shown_window(
    qtbot: QtBot, session: Session, settings: AppSettings, size: tuple[int, int] | None = None
) -> MainWindow:
    """A main window over ``session``, shown (offscreen) on whatever sitting the store
    holds last; at ``size`` from its first layout, when given."""
    window = MainWindow(session, settings)
    qtbot.addWidget(window)
    session.open_last()
    if size is not None:
        window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def main_window(qtbot: QtBot, session: Session, settings: AppSettings) -> MainWindow:
    """The main window, shown (offscreen) on whatever sitting the store holds last."""
    return shown_window(qtbot, session, settings)


def stored_hands(data_dir: Path, sitting_id: int) -> tuple[Hand, ...]:
    """The hands the database holds, read through a second, read-only connection."""
    with Database.open(database_path(data_dir), read_only=True) as other:
        return two_sided_hands(SittingStore(other).load(sitting_id).sitting.hands)


def stored_totals(data_dir: Path, sitting_id: int) -> list[tuple[int, ...]]:
    """Each rubber's totals, replayed from what the database holds."""
    with Database.open(database_path(data_dir), read_only=True) as other:
        sitting = two_sided(SittingStore(other).load(sitting_id).sitting)
    return [rubber.totals for rubber in replay(sitting).rubbers]


def screenshot_folder(tmp_path: Path) -> Path:
    """Where screenshots go: $JOJOTTE_SCREENSHOTS when set, else a temporary folder."""
    chosen = os.environ.get(SCREENSHOTS_ENV, "").strip()
    folder = Path(chosen) if chosen else tmp_path / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


ROOT = Path(__file__).resolve().parents[2]


def run_window_script(tmp_path: Path, before: str, after: str) -> subprocess.CompletedProcess[str]:
    """Run ``run_gui`` with ``--quit-after-start`` in a fresh interpreter, offscreen, on an
    empty data folder in ``tmp_path``: the code ``before`` runs first, ``after`` once the
    window has closed (``status`` holds its exit status)."""
    code = (
        f"{before}"
        "from pathlib import Path\n"
        "from jojotte_score.gui.window.app import run_gui\n"
        f"status = run_gui(None, Path({str(tmp_path / 'data')!r}), True, {{}},"
        f" Path({str(tmp_path / 'settings.ini')!r}))\n"
        f"{after}"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        check=False,
    )
