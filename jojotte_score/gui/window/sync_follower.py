"""The window follows its sync folder (docs/sync.md): a pass at start, when a file in the
folder changes (a file watcher, with a look every half minute in case the watcher misses
one) and after each change of the window's own. What a pass takes in is shown at once."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from jojotte_score.core.errors import JojotteError
from jojotte_score.i18n import _, ngettext
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.sync.engine import SyncReport, folder_path, sync_once
from jojotte_score.sync.folder import DEVICES, SyncFolder, SyncFolderError

LOOK_EVERY_MS = 30_000
"""The periodic look, for the changes a file watcher misses (network shares, some USB
sticks)."""
SETTLE_MS = 300
"""A pass waits this long after the last file event, so a burst of files is one pass."""


class SyncFollower(QObject):
    """Runs a sync pass on its store when the folder or the store changes.

    ``passed`` is emitted after each pass with its report (the window shows what was
    taken in); ``failed`` with the message of a folder that cannot be used.
    """

    passed = Signal(object)
    failed = Signal(str)

    def __init__(self, store: SittingStore, data_dir: Path, parent: QObject | None = None):
        super().__init__(parent)
        self.store = store
        self.data_dir = data_dir
        self.folder: Path | None = None
        self.watcher = QFileSystemWatcher(self)
        self.watcher.directoryChanged.connect(lambda _path: self.soon())
        self.watcher.fileChanged.connect(lambda _path: self.soon())
        self.settle = QTimer(self)
        self.settle.setSingleShot(True)
        self.settle.setInterval(SETTLE_MS)
        self.settle.timeout.connect(self.run)
        self.periodic = QTimer(self)
        self.periodic.setInterval(LOOK_EVERY_MS)
        self.periodic.timeout.connect(self.run)
        self.name: Callable[[], str] = host_name
        self.last: SyncReport | None = None

    def follow(self, folder: Path | None = None) -> None:
        """Follow ``folder`` (default: the one the database remembers) and run a pass."""
        self.folder = folder or folder_path(self.store)
        if self.folder is None:
            return
        self.periodic.start()
        self.run()

    def soon(self) -> None:
        """Run a pass shortly (a burst of changes makes one pass)."""
        if self.folder is not None:
            self.settle.start()

    def run(self) -> None:
        """One pass now; then watch every device's log in the folder."""
        if self.folder is None:
            return
        try:
            folder = SyncFolder.open(self.folder, self.data_dir)
            report = sync_once(self.store, folder, self.name())
        except SyncFolderError as error:
            self.failed.emit(str(error))
            return
        except JojotteError as error:
            self.failed.emit(str(error))
            return
        self._watch(folder, report.device)
        self.last = report
        self.passed.emit(report)

    def _watch(self, folder: SyncFolder, own: str) -> None:
        """Watch the folder and every other device's folder and log (not this device's
        own: its writes would start a pass of their own)."""
        wanted = [str(folder.root), str(folder.root / DEVICES)]
        for device in folder.devices():
            if device == own:
                continue
            wanted.append(str(folder.device_dir(device)))
            log = folder.log_path(device)
            if log.exists():
                wanted.append(str(log))
        known = set(self.watcher.files()) | set(self.watcher.directories())
        missing = [path for path in wanted if path not in known and Path(path).exists()]
        if missing:
            self.watcher.addPaths(missing)


def host_name() -> str:
    """This computer's name, which other devices show for it (without the socket module,
    which the window's start would load for it alone)."""
    if hasattr(os, "uname"):
        return os.uname().nodename
    return os.environ.get("COMPUTERNAME", "")


def report_words(report: SyncReport) -> str:
    """What a pass did, in a line for the status bar ("" when nothing happened)."""
    parts = []
    if report.taken:
        message = ngettext(
            "Sync: took in {count} changed sitting.",
            "Sync: took in {count} changed sittings.",
            len(report.taken),
        )
        parts.append(message.format(count=len(report.taken)))
    if report.conflicts:
        message = ngettext(
            "{count} conflict to settle (File > Sync conflicts…).",
            "{count} conflicts to settle (File > Sync conflicts…).",
            len(report.conflicts),
        )
        parts.append(message.format(count=len(report.conflicts)))
    if report.problems:
        parts.append(_("Sync problem: {problem}").format(problem=report.problems[0]))
    return " ".join(parts)
