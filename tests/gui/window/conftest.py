"""Two windows on two data folders, as on two devices, each following a sync folder of its
own (Anna's and Carl's): the fixture and the steps the sync tests share (a change carried
across by copying one folder onto the other, as a USB stick carries it)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Variant
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.entry_panel import EntryRequest
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.gui.window.sync_follower import SyncFollower
from jojotte_score.presenters.session import Session
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import forget_said, german, played, shown_window

Windows = tuple[MainWindow, MainWindow]


def new_window(qtbot: QtBot, store: SittingStore, settings: Path) -> MainWindow:
    """A window over ``store`` with the settings in ``settings``, not shown yet: the
    program started on that data folder (again, for a store a window had before)."""
    window = MainWindow(Session(store), AppSettings.at(settings))
    qtbot.addWidget(window)
    return window


def open_window(qtbot: QtBot, data: Path, settings: Path) -> MainWindow:
    """A window over the database in ``data``, shown on its last sitting."""
    store = SittingStore(Database.open(data / "sittings.sqlite3"))
    return shown_window(qtbot, Session(store), AppSettings.at(settings))


@pytest.fixture
def windows(qtbot: QtBot, tmp_path: Path) -> Iterator[Windows]:
    """Anna's window and Carl's, on two data folders."""
    anna = open_window(qtbot, tmp_path / "anna", tmp_path / "anna.ini")
    carl = open_window(qtbot, tmp_path / "carl", tmp_path / "carl.ini")
    yield anna, carl
    for window in (anna, carl):
        window.stop_following()
        window.session.store.database.close()


def choose(monkeypatch: pytest.MonkeyPatch, window: MainWindow, folder: Path) -> None:
    """``folder`` chosen in ``window``'s File > Sync folder…; the window follows it."""
    monkeypatch.setattr(
        QFileDialog, "getExistingDirectory", staticmethod(lambda *args: str(folder))
    )
    window.named_actions[ActionName.SYNC_FOLDER].trigger()


def follower(window: MainWindow) -> SyncFollower:
    assert window.sync_follower is not None
    return window.sync_follower


def record(window: MainWindow, number: int) -> None:
    """The German example's hand ``number`` (0-based) recorded in ``window``."""
    window.submit(EntryRequest("add", None, played(german().hands[number])))


def copy_folder(source: Path, target: Path) -> None:
    shutil.copytree(source, target, dirs_exist_ok=True)


def settled(qtbot: QtBot, window: MainWindow) -> None:
    """Wait until the pass that follows ``window``'s own change has run."""
    qtbot.waitUntil(lambda: not follower(window).settle.isActive())


def passed(here: Path, there: Path, window: MainWindow, qtbot: QtBot, source: MainWindow) -> None:
    """``source``'s change carried from its folder ``here`` to ``window``'s folder
    ``there`` and ``window``'s pass run, with nothing said in ``window`` before it."""
    settled(qtbot, source)
    copy_folder(here, there)
    forget_said(window)
    follower(window).run()


def two_folders(tmp_path: Path) -> tuple[Path, Path]:
    """Anna's sync folder and Carl's, on two devices: empty."""
    here, there = tmp_path / "anna-sync", tmp_path / "carl-sync"
    here.mkdir()
    there.mkdir()
    return here, there


def both_follow(
    windows: Windows,
    here: Path,
    there: Path,
    monkeypatch: pytest.MonkeyPatch,
    made: int | None = None,
) -> int:
    """A sitting shown in Anna's window, which then follows ``here``, and Carl's
    ``there``: the sitting's id. The sitting is ``made`` (stored in Anna's database), or
    one of Anna and Carl begun."""
    anna, carl = windows
    if made is None:
        made = anna.session.store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Carl"))
    anna.open_sitting_id(made)
    choose(monkeypatch, anna, here)
    choose(monkeypatch, carl, there)
    return made


@pytest.fixture
def following(
    windows: Windows, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, Path]:
    """Anna's and Carl's windows following their sync folders, a sitting of Anna and Carl
    begun and shown in Anna's: Anna's folder and Carl's."""
    here, there = two_folders(tmp_path)
    both_follow(windows, here, there, monkeypatch)
    return here, there
