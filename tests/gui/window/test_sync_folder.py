"""The window follows a sync folder: a hand recorded in one window appears in a second
window on another data folder once the folder is copied across, and a conflict is
settled from File > Sync conflicts…."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Variant
from jojotte_score.gui.accessibility import ANNOUNCED
from jojotte_score.gui.history.history_rows import Column
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.sitting_menus import FIRST_PASS_UNPAINTED_MS
from jojotte_score.gui.window.sync_dialogs import ConflictsDialog
from jojotte_score.i18n import use_language
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.sync.engine import conflicts, device_id, remember_folder, sync_once
from jojotte_score.sync.folder import SyncFolder
from jojotte_score.sync.state import peers
from tests.gui.conftest import ROOT, german, said_in, screenshot_folder
from tests.gui.window.conftest import (
    Windows,
    both_follow,
    choose,
    copy_folder,
    follower,
    new_window,
    passed,
    record,
    settled,
    two_folders,
)


def test_a_hand_recorded_in_one_window_appears_in_the_other(
    windows: Windows, following: tuple[Path, Path], qtbot: QtBot
) -> None:
    anna, carl = windows
    here, there = following
    assert anna.sync_follower is not None
    assert carl.sync_follower is not None
    assert carl.session.shown is None

    record(anna, 0)  # the window's own change: a pass follows it
    passed(here, there, carl, qtbot, anna)  # the folder carried across (a USB stick)
    assert carl.session.shown is not None
    assert carl.session.shown.count == 1
    assert carl.session.shown.players == ("Anna", "Carl")
    assert "Sync: took in 1 changed sitting." in carl.statusBar().currentMessage()

    record(anna, 1)
    settled(qtbot, anna)
    copy_folder(here, there)
    # The file watcher sees the folder change, and the second window follows within 2 s.
    qtbot.waitUntil(lambda: carl.session.shown.count == 2, timeout=2000)
    assert carl.model.rowCount() >= 2


class FirstPaint(QObject):
    """Notes whether the window followed its sync folder when it was first painted."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.followed: list[bool] = []
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self.followed:
            assert isinstance(watched, MainWindow)
            self.followed.append(watched.sync_follower is not None)
        return False


def test_the_window_shows_its_history_first_and_the_pass_follows(
    windows: Windows, following: tuple[Path, Path], tmp_path: Path, qtbot: QtBot
) -> None:
    """At start the window is painted with the stored sittings first; the pass over the
    folder it remembers runs after that first paint, and what it takes in is shown then."""
    anna, carl = windows
    here, there = following
    carl_own = carl.session.store.create_sitting(Variant.TWO_PLAYER, ("Carl", "Dora"))
    for number in range(2):
        record(anna, number)
    settled(qtbot, anna)
    carl.stop_following()
    carl.close()
    copy_folder(here, there)  # Anna's two hands wait in Carl's folder

    store = carl.session.store
    again = new_window(qtbot, store, tmp_path / "carl.ini")
    painted = FirstPaint(again)
    again.open_sitting_id(carl_own)
    again.show()
    # Shown with what was stored; no pass yet.
    assert again.sync_follower is None
    assert again.session.shown is not None
    assert again.session.shown.players == ("Carl", "Dora")
    assert [info.hands for info in store.list_sittings()] == [0]
    qtbot.waitUntil(lambda: again.sync_follower is not None, timeout=1000)
    assert painted.followed == [False]  # painted before the pass
    counts = sorted(info.hands for info in store.list_sittings())
    assert counts == [0, 2]
    assert "Sync: took in 1 changed sitting." in again.statusBar().currentMessage()
    again.stop_following()


def test_a_hand_recorded_before_the_first_pass_travels(
    windows: Windows, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand recorded at once, before the window's first pass (which waits for the first
    paint), is written by that pass: another device takes it in."""
    anna, carl = windows
    here, there = two_folders(tmp_path)
    made = both_follow(windows, here, there, monkeypatch)
    settled(qtbot, anna)
    anna.stop_following()
    anna.close()

    again = new_window(qtbot, anna.session.store, tmp_path / "anna.ini")
    again.open_sitting_id(made)
    record(again, 0)  # before the window is shown: no pass has run
    assert again.sync_follower is None
    again.show()
    qtbot.waitUntil(lambda: again.sync_follower is not None, timeout=1000)
    first = follower(again).last
    assert first is not None
    assert first.written == 1  # the sitting, with the hand recorded before the pass
    copy_folder(here, there)
    follower(carl).run()
    assert carl.session.shown is not None
    assert carl.session.shown.players == ("Anna", "Carl")
    assert carl.session.shown.count == 1
    again.stop_following()


START_FOLLOWING = """
import json
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
from jojotte_score.cli import main
from jojotte_score.gui.window import app as app_module

seen = {}


def loaded(prefix):
    return sorted(name for name in sys.modules if name.startswith(prefix))


class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if "painted" not in seen and event.type() == QEvent.Type.Paint:
            if type(watched).__name__ == "MainWindow":
                seen["painted"] = loaded("jojotte_score.sync")
                QTimer.singleShot(0, lambda: wait(watched))
        return False


def wait(window):
    report = window.sync_follower.last if window.sync_follower is not None else None
    if report is None:
        QTimer.singleShot(10, lambda: wait(window))
        return
    seen["passed"] = loaded("jojotte_score.sync")
    seen["formats"] = loaded("jojotte_score.formats.sitting")
    seen["report"] = [report.written, len(report.taken), report.problems]
    QApplication.quit()


watching = FirstPaint()
make = app_module.application


def application(environ, messages=None):
    made = make(environ, messages)
    made.installEventFilter(watching)
    QTimer.singleShot(10_000, made.quit)
    return made


app_module.application = application
status = main(["--data-dir", sys.argv[1]])
print(json.dumps([status, seen]))
"""


def test_a_start_following_a_folder_loads_the_sync_modules_after_its_first_paint(
    tmp_path: Path,
) -> None:
    """A whole start of the program on a data folder that follows a sync folder: when the
    window is first painted no sync module is loaded; the first pass follows, finds
    nothing new, and needs no sitting file module (nothing to read or write)."""
    data, folder = tmp_path / "data", tmp_path / "sync"
    folder.mkdir()
    store = SittingStore(Database.open(data / "sittings.sqlite3"))
    try:
        store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Carl"))
        remember_folder(store, folder)
        sync_once(store, SyncFolder.open(folder, data), "anna")  # written: nothing is new
    finally:
        store.database.close()
    environment = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }

    started = subprocess.run(
        [sys.executable, "-c", START_FOLLOWING, str(data)],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert started.returncode == 0, started.stderr
    status, seen = json.loads(started.stdout.splitlines()[-1])
    assert status == 0
    assert seen["painted"] == []
    assert "jojotte_score.sync.engine" in seen["passed"]
    assert seen["report"] == [0, 0, []]
    assert seen["formats"] == []


def started_again(
    windows: Windows, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, MainWindow]:
    """Anna's window following her sync folder, then a window made again over her store
    (not shown): the folder and the new window."""
    anna, _carl = windows
    folder = tmp_path / "anna-sync"
    folder.mkdir()
    choose(monkeypatch, anna, folder)
    anna.stop_following()
    return folder, new_window(qtbot, anna.session.store, tmp_path / "again.ini")


def test_a_window_not_painted_still_follows_its_folder(
    windows: Windows, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A window that is not painted (started minimized, or not shown) runs its first pass
    all the same, a second after it was made."""
    folder, again = started_again(windows, tmp_path, qtbot, monkeypatch)
    qtbot.wait(FIRST_PASS_UNPAINTED_MS // 2)
    assert again.sync_follower is None
    qtbot.waitUntil(lambda: again.sync_follower is not None, timeout=FIRST_PASS_UNPAINTED_MS)
    assert follower(again).folder == folder
    assert follower(again).last is not None
    again.stop_following()


def test_a_window_closed_before_its_first_pass_does_not_follow(
    windows: Windows, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    _folder, again = started_again(windows, tmp_path, qtbot, monkeypatch)
    again.stop_following()  # closed at once: the pass waiting is not run
    qtbot.wait(50)
    assert again.sync_follower is None


def test_a_conflict_is_shown_and_settled_in_the_window(
    windows: Windows, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    anna, carl = windows
    conflict_between(windows, tmp_path, monkeypatch)
    assert "1 conflict to settle (File > Sync conflicts…)." in anna.statusBar().currentMessage()
    for window in (anna, carl):
        assert len(conflicts(window.session.store)) == 1

    dialog = ConflictsDialog(carl.session.store, carl)
    qtbot.addWidget(dialog)
    text = dialog.list.item(0).text()
    (conflict,) = conflicts(carl.session.store)
    if conflict.copy.device == device_id(carl.session.store):  # Anna's version won
        winner = peers(carl.session.store.database.connection)[conflict.winner].name
        assert winner  # the host name Anna's window gave its device
        assert text == (
            "Sitting 1 (Anna–Carl): the version made on this device is kept aside, and "
            f"{winner}'s is the sitting; hands 1, 2 differ."
        )
    else:
        assert text.startswith("Sitting 1 (Anna–Carl): another version from ")
        assert text.endswith("hands 1, 2 differ.")
    dialog.show()
    dialog.grab().save(str(screenshot_folder(tmp_path) / "sync-conflicts.png"))
    dialog.keep("both")
    assert dialog.list.item(0).text() == "No conflicts: every device agrees."
    assert not dialog.keep_both.isEnabled()
    follower(carl).run()
    follower(anna).run()
    for window in (anna, carl):
        assert conflicts(window.session.store) == []
        hands = sorted(i.hands for i in window.session.store.list_sittings())
        assert hands == [1, 2]


def conflict_between(windows: Windows, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sitting 1 changed on both devices while offline: Anna's hand 1 against Carl's hands
    3 and 4, synced afterwards through one folder both follow."""
    anna, carl = windows
    folder = tmp_path / "shared"
    folder.mkdir()
    both_follow(windows, folder, folder, monkeypatch)
    assert carl.session.shown is not None  # taken in from the folder
    for window in (anna, carl):
        window.stop_following()  # offline: both change the sitting before they sync
    record(anna, 0)
    record(carl, 2)
    record(carl, 3)
    choose(monkeypatch, anna, folder)
    choose(monkeypatch, carl, folder)
    follower(anna).run()


HISTORY_MARKS = {
    "en": ("In two versions: hands 1, 2 differ.", "Settle &conflict…"),
    "de": ("In zwei Fassungen: die Spiele 1, 2 weichen ab.", "&Konflikt entscheiden…"),
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_history_marks_a_conflict_and_settles_it(
    language: str,
    windows: Windows,
    tmp_path: Path,
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Item 5: the history window marks the sitting kept in two versions (a sign, and for
    a screen reader which hands differ) and offers the choice from there."""
    anna, carl = windows
    conflict_between(windows, tmp_path, monkeypatch)
    plain = carl.session.store.create_sitting(Variant.TWO_PLAYER, ("Bert", "Dora"))
    mark, button = HISTORY_MARKS[language]
    use_language(language)
    try:
        carl.show_history()
        history = carl.history
        assert history is not None
        qtbot.waitExposed(history)
        model = history.model
        rows = {model.row_at(row).id: row for row in range(model.rowCount())}
        assert set(rows) == {1, plain}
        marked = model.index(rows[1], Column.DATE)
        unmarked = model.index(rows[plain], Column.DATE)
        assert model.mark_of(1) == mark
        assert model.mark_of(plain) is None
        assert not model.data(marked, Qt.ItemDataRole.DecorationRole).isNull()
        assert model.data(unmarked, Qt.ItemDataRole.DecorationRole) is None
        date = model.data(marked)
        assert model.data(marked, Qt.ItemDataRole.AccessibleTextRole) == f"{date}, {mark}"
        assert model.data(marked, Qt.ItemDataRole.ToolTipRole) == f"{date}\n{mark}"
        header = model.headerData(rows[1], Qt.Orientation.Vertical)
        assert header == f"{date}, Anna–Carl, {mark}"
        assert mark not in model.headerData(rows[plain], Qt.Orientation.Vertical)
        assert history.settle_button.text() == button
        history.select_id(plain)
        assert not history.settle_button.isEnabled()
        history.select_id(1)
        assert history.settle_button.isEnabled()
        history.grab().save(str(screenshot_folder(tmp_path) / f"history-conflict-{language}.png"))

        chosen: list[str] = []

        def keep_that(dialog: ConflictsDialog) -> int:
            row = dialog.list.currentRow()
            chosen.append(dialog.found[row].uuid)
            dialog.grab().save(
                str(screenshot_folder(tmp_path) / f"history-conflict-dialog-{language}.png")
            )
            dialog.keep("that")
            return 0

        monkeypatch.setattr(ConflictsDialog, "exec", keep_that)
        shown = {info.id: info.hands for info in carl.session.store.list_sittings()}
        history.settle_button.click()
    finally:
        use_language("en")
    assert chosen == [carl.session.store.load(1).uuid]
    assert model.mark_of(1) is None
    assert not history.settle_button.isEnabled()
    # The other version in place of the one shown: Anna's hand for Carl's two, or the
    # other way round (which one the merge picked depends on the devices' ids).
    hands = {info.id: info.hands for info in carl.session.store.list_sittings()}
    assert hands == {1: {1: 2, 2: 1}[shown[1]], plain: 0}
    follower(carl).run()
    follower(anna).run()
    for window in (anna, carl):
        assert conflicts(window.session.store) == []


def test_a_folder_holding_the_data_folder_is_refused_with_a_message(
    windows: Windows, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    anna, _carl = windows
    said: list[str] = []
    monkeypatch.setattr(
        QMessageBox, "warning", staticmethod(lambda parent, title, text: said.append(text))
    )
    choose(monkeypatch, anna, tmp_path)
    assert anna.sync_follower is None
    assert len(said) == 1
    assert "a sync folder must not hold the data folder" in said[0]


def test_importing_a_stored_sitting_in_the_window_updates_it_as_one_undoable_change(
    windows: Windows, tmp_path: Path
) -> None:
    anna, _carl = windows
    store = anna.session.store
    made = store.import_sitting(german(), title="Friday")
    anna.open_sitting_id(made)
    exported = tmp_path / "friday.json"
    from jojotte_score.presenters.session import export_sitting

    assert anna.session.shown is not None
    export_sitting(anna.session.shown, exported)
    assert anna.import_path(exported)
    assert [info.id for info in store.list_sittings()] == [made]
    assert "Sitting 1 is unchanged" in anna.statusBar().currentMessage()

    content = json.loads(exported.read_text(encoding="utf-8"))
    content["hands"] = content["hands"][:2]
    exported.write_text(json.dumps(content), encoding="utf-8")
    assert anna.import_path(exported)
    assert [info.id for info in store.list_sittings()] == [made]
    assert store.hand_count(made) == 2
    assert store.load(made).title == "Friday"
    assert anna.undo_stack.undoText() == "Update from the sitting file"
    anna.undo_stack.undo()
    assert store.load(made).sitting == german()
    anna.undo_stack.redo()
    assert store.hand_count(made) == 2


@pytest.mark.usefixtures("listening")
def test_a_screen_reader_hears_what_a_pass_took_in_and_a_folder_that_fails(
    windows: Windows, following: tuple[Path, Path], qtbot: QtBot
) -> None:
    """The status bar's words of a pass are said as they are shown, on behalf of the
    widget with the focus (Orca does not read a status bar by itself)."""
    anna, carl = windows
    here, there = following
    record(anna, 0)
    passed(here, there, carl, qtbot, anna)
    took_in = "Sync: took in 1 changed sitting."
    assert carl.statusBar().currentMessage() == took_in
    assert took_in in said_in(carl)
    assert (carl.focusWidget() or carl).property(ANNOUNCED) == took_in
    shutil.rmtree(there)  # the folder gone (a stick pulled out)
    follower(carl).run()
    failed = carl.statusBar().currentMessage()
    assert failed == f"{there}: there is no such folder (is its disk or share mounted?); " + (
        "nothing was changed"
    )
    assert (carl.focusWidget() or carl).property(ANNOUNCED) == failed
