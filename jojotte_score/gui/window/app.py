"""Starting the desktop app: the Qt application, its language, the database, the window.

:func:`run_gui` is what ``jojotte-score [FILE.json] [--data-dir DIR]`` runs. Paths, the
environment and the settings file are passed in; nothing is read at import time.
"""

from __future__ import annotations

import gc
import linecache
import os
import re
import signal
import sys
import time
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QEvent, QMessageLogContext, QTimer, QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication

from jojotte_score import __version__
from jojotte_score.gui.window.app_identity import APP_ID, APP_TITLE, application_icon
from jojotte_score.gui.window.language import start_language
from jojotte_score.gui.window.settings import APPLICATION, ORGANIZATION, AppSettings
from jojotte_score.i18n import N_, _
from jojotte_score.storage.backups import BACKUP_DIR_NAME, BackupError, backup_if_due
from jojotte_score.storage.database import Database, database_exists, folder_writable
from jojotte_score.storage.errors import DatabaseInUseError, StorageError
from jojotte_score.storage.paths import data_dir, database_path
from jojotte_score.storage.sittings import SittingStore, utc_now

NO_DISPLAY = N_(
    "jojotte-score: no display found; the window is drawn offscreen, where nobody can see "
    "it. Run it on a desktop or under xvfb-run; the command line works without one: "
    "jojotte-score --help"
)
NO_DISPLAY_TO_SHOW = N_(
    "jojotte-score: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so the "
    "window cannot be shown. Run it on a desktop or under xvfb-run; the command line works "
    "without one: jojotte-score --help"
)
EXIT_FAILED = 1
EXIT_INVALID = 2
SIGNAL_POLL_MS = 200
WARNING_MS = 20_000
WAYLAND_EVENT_THREAD = "WaylandEventThr"
"""What Linux keeps (15 characters) of the name Qt's Wayland client gives its event threads,
``WaylandEventThread``."""
WAYLAND_SETTLE_LIMIT_S = 1.0


WAYLAND_FIRST = "wayland;xcb"
"""Qt's platforms, in the order tried, when a Wayland compositor is there: natively on
Wayland, X11 (XWayland) the fallback."""


def platform_argument(environ: Mapping[str, str], platform: str = sys.platform) -> str | None:
    """The ``-platform`` to give Qt: Wayland first, then X11, when a compositor is named
    (``WAYLAND_DISPLAY``) and ``QT_QPA_PLATFORM`` chooses nothing; else None (Qt's own
    choice, X11)."""
    if not platform.startswith("linux") or environ.get("QT_QPA_PLATFORM"):
        return None
    return WAYLAND_FIRST if environ.get("WAYLAND_DISPLAY") else None


def needs_offscreen(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """True on Linux with no X11 or Wayland display and no Qt platform chosen."""
    if not platform.startswith("linux"):
        return False
    return not any(environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def application(environ: Mapping[str, str], messages: QtMessages | None = None) -> QApplication:
    """The running QApplication, or a new one: offscreen when there is no display, natively
    on Wayland (X11 the fallback) when a compositor is there. Qt's messages are held back
    while it starts its platform (``messages``: the handler installed)."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    arguments = ["jojotte-score"]
    if needs_offscreen(environ):
        print(_(NO_DISPLAY), file=sys.stderr)
        arguments += ["-platform", "offscreen"]
    elif chosen := platform_argument(environ):
        arguments += ["-platform", chosen]
    if messages is not None:
        messages.hold()
    try:
        app = QApplication(arguments)
    finally:
        if messages is not None:
            messages.release()
    app.setApplicationName(APPLICATION)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationDisplayName(_(APP_TITLE))
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(application_icon())
    return app


class OpenedDatabase:
    """The database as opened: for writing, or read-only because another copy writes."""

    # A plain class: a frozen dataclass writes and compiles the source of its five methods
    # as its module is imported, 3.9 M of start-up's 1.344 G instructions (callgrind).
    __slots__ = ("database", "note", "read_only", "warning")

    def __init__(
        self, database: Database, read_only: bool, warning: str = "", note: str = ""
    ) -> None:
        self.database = database
        self.read_only = read_only
        self.warning = warning
        self.note = note  # why it is read-only, when not because another copy writes


def open_database(folder: Path) -> OpenedDatabase:
    """Open the database in ``folder`` for writing, else read-only when it is in use.

    A backup is made when one is due; a failed backup becomes a warning, not a failure.
    """
    path = database_path(folder)
    if not folder_writable(folder) and database_exists(path):
        note = _("Read-only: the data folder {folder} cannot be written").format(folder=folder)
        return OpenedDatabase(Database.open(path, read_only=True), True, note=note)
    try:
        database = Database.open(path)
    except DatabaseInUseError:
        return OpenedDatabase(Database.open(path, read_only=True), read_only=True)
    try:
        backup_if_due(database.connection, folder / BACKUP_DIR_NAME, utc_now())
    except BackupError as error:
        warning = _("No backup was made: {error}").format(error=error)
        return OpenedDatabase(database, False, warning)
    return OpenedDatabase(database, False)


def run_gui(
    file: Path | None,
    data_dir_option: Path | None,
    quit_after_start: bool,
    environ: Mapping[str, str],
    settings_path: Path | None = None,
    language: str | None = None,
) -> int:
    """Run the desktop scorepad; returns the exit status.

    ``file`` is a sitting file to import and show; ``quit_after_start`` shows the window,
    lets the event loop settle and exits 0 (for benchmarks and smoke tests; offscreen when
    there is no display). Without a display and without ``quit_after_start`` nothing could
    be seen: it says so and returns 1. ``language``
    (``--lang``) is spoken and remembered; without it the remembered choice, else the
    system's language.
    """
    if needs_offscreen(environ) and not quit_after_start and QApplication.instance() is None:
        # Offscreen the window would run unseen until killed: say so and stop.
        print(_(NO_DISPLAY_TO_SHOW), file=sys.stderr)
        return EXIT_FAILED
    messages = QtMessages(environ)
    previous_handler = qInstallMessageHandler(messages)
    if previous_handler is not None:  # someone's own handler (a test harness): theirs stays
        qInstallMessageHandler(previous_handler)
    try:
        return _run_gui(
            file, data_dir_option, quit_after_start, environ, settings_path, language, messages
        )
    finally:
        qInstallMessageHandler(previous_handler)


QT_DEBUG_VARIABLES = ("QT_DEBUG_PLUGINS", "QT_LOGGING_RULES")
"""Qt's variables that ask for its debug messages: what a user sets to report a problem."""


class QtMessages:
    """Qt's messages on stderr, installed as Qt's message handler by :func:`run_gui`.

    Warnings always, as every other line there reads (``jojotte-score: Qt: ...``); debug
    messages when one of :data:`QT_DEBUG_VARIABLES` is set (``QT_DEBUG_PLUGINS=1``,
    ``QT_LOGGING_RULES=qt.qpa.*=true``; Qt sends debug messages only for what they enable,
    besides a few unasked). While the application starts its platform they are held back:
    when no platform can start, one line saying why (:mod:`platforms`) replaces them and
    Qt's abort, and the program exits with status 1."""

    def __init__(self, environ: Mapping[str, str]) -> None:
        self.environ = environ
        self.debug = any(environ.get(name) for name in QT_DEBUG_VARIABLES)
        self.held: list[str] | None = None

    def hold(self) -> None:
        """Keep the messages back until :meth:`release` (the platform starting)."""
        self.held = []

    def release(self) -> None:
        """Print what was held back (the platform started), and when Qt could not load a
        platform it tried first, a line naming the library and package it lacks."""
        held, self.held = self.held or [], None
        for line in held:
            print(line, file=sys.stderr, flush=True)
            failed = re.search(r'Could not load the Qt platform plugin "(\w+)"', line)
            if failed:
                from PySide6.QtCore import QLibraryInfo

                from jojotte_score.gui.window.platforms import fallback_line

                plugins = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath))
                said = fallback_line(failed[1], plugins)
                if said is not None:
                    print(said, file=sys.stderr, flush=True)

    def no_platform(self, message: str) -> None:
        """When Qt's fatal ``message`` says no platform could start: the one line saying why,
        and exit 1 (inside Qt's constructor: nothing is open yet)."""
        from PySide6.QtCore import QLibraryInfo

        from jojotte_score.gui.window.platforms import NO_PLATFORM, no_platform_line

        if NO_PLATFORM not in message:
            return
        if self.debug:  # asked for: Qt's own account too
            self.release()
        plugins = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath))
        line = no_platform_line(self.environ, platform_argument(self.environ), plugins)
        print(line, file=sys.stderr, flush=True)
        os._exit(EXIT_FAILED)

    def __call__(self, kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if kind == QtMsgType.QtFatalMsg:
            self.no_platform(message)
        line = qt_message_line(kind, context, message, self.debug)
        if line is None:
            return
        if self.held is not None and kind != QtMsgType.QtFatalMsg:
            self.held.append(line)
        else:
            self.release()
            print(line, file=sys.stderr, flush=True)


def qt_message_line(
    kind: QtMsgType, context: QMessageLogContext, message: str, debug: bool = False
) -> str | None:
    """A message of Qt's as a line of stderr, ``jojotte-score: Qt: ...``; debug messages
    only when ``debug`` (None otherwise), with their category ("qt.qpa.wayland: ...")."""
    if kind == QtMsgType.QtDebugMsg:
        if not debug:
            return None
        category = context.category or ""
        if category and category != "default":
            message = f"{category}: {message}"
    return f"jojotte-score: Qt: {message}"


def _run_gui(
    file: Path | None,
    data_dir_option: Path | None,
    quit_after_start: bool,
    environ: Mapping[str, str],
    settings_path: Path | None,
    language: str | None,
    messages: QtMessages | None = None,
) -> int:
    app = application(environ, messages)
    settings = AppSettings.at(settings_path)
    start_language(language, settings, environ)
    if settings.problem:
        print(f"jojotte-score: {settings.problem}", file=sys.stderr)
    folder = data_dir(data_dir_option, environ)
    try:
        opened = open_database(folder)
    except StorageError as error:
        print(f"jojotte-score: {error}", file=sys.stderr)
        if app.platformName() != "offscreen" and not quit_after_start:  # else nobody sees it
            from jojotte_score.gui.messages import show_message  # only ever needed here

            show_message(None, _("Cannot open the sittings"), str(error))
        return EXIT_FAILED
    try:
        return _run_window(app, opened, folder, file, quit_after_start, settings, environ)
    finally:
        opened.database.close()


def _run_window(
    app: QApplication,
    opened: OpenedDatabase,
    folder: Path,
    file: Path | None,
    quit_after_start: bool,
    settings: AppSettings,
    environ: Mapping[str, str],
) -> int:
    # PySide6's import hook reads into linecache the source of every module an import
    # statement names, to look for "PySide6" in it; nothing reads it again (3.0 MB, 33,000
    # lines). Let go of it before the window's modules are imported, which reuse the memory,
    # and after: 560 page faults fewer of 8,340 (benchmarks/README.md, sixteenth round).
    linecache.clearcache()
    from jojotte_score.gui.window.error_report import ErrorReport
    from jojotte_score.gui.window.main_window import MainWindow
    from jojotte_score.presenters.session import Session

    linecache.clearcache()  # what the hook read for the window's modules
    session = Session(
        SittingStore(opened.database), read_only=opened.read_only, read_only_note=opened.note
    )
    window = MainWindow(session, settings, opened_next=file is None)
    window.unattended = quit_after_start or app.platformName() == "offscreen"
    window.environ = environ
    shown = [window]  # View > Language shows the sitting in a new window in the new language

    def replaced(new: MainWindow) -> None:
        shown[0] = new

    window.on_replaced = replaced
    errors = ErrorReport(folder, lambda: shown[0], interactive=not window.unattended)
    errors.install()
    imported = file is not None and window.import_path(file)
    if not imported:
        window.open_shown_last()
    if opened.warning:
        window.statusBar().showMessage(opened.warning, WARNING_MS)
    window.show()
    # What start-up built (modules, Qt's enums, the window) lives as long as the process.
    # Frozen, the collector never scans it again, and the interpreter's last collection at
    # exit leaves it alone: on a 10,000-hand sitting the exit takes ~16 ms instead of ~60.
    # The collector, held while the program started (jojotte_score/__main__.py), works
    # from here on.
    gc.freeze()
    gc.enable()
    if quit_after_start:
        QTimer.singleShot(0, lambda: QTimer.singleShot(0, app.quit))
    try:
        status = _exec(app)
    finally:
        errors.uninstall()
        session.store.database.close()  # the one restoring a backup reopened, if it did
    shown[0].close()
    shown[0].deleteLater()
    if app.platformName() == "wayland":
        wayland_threads_settled()  # nothing runs the event loop again before the exit
    if file is not None and not imported:
        return status or EXIT_INVALID  # the file was refused (and the player told why)
    return status


def wayland_threads_settled(
    tasks: Path = Path("/proc/self/task"), limit_s: float = WAYLAND_SETTLE_LIMIT_S
) -> float:
    """Wait until none of Qt's Wayland event threads is runnable (at most ``limit_s``);
    the seconds waited. ``tasks``: this process's threads, as Linux lists them.

    Qt's Wayland client can hang the exit for good: the event loop's last pass prepares a
    read and wakes Qt's event thread to do it; ~QWaylandDisplay, at exit, stops that thread,
    and when it has not run yet it ends with the read still prepared, so Qt's frame-event
    thread waits for it in wl_display_read_events while the main thread waits for that
    thread. Once the woken thread has run (it sleeps again in poll or waits for the main
    thread), stopping it is safe. ``--quit-after-start`` on weston headless in a Debian 12
    chroot on a busy machine (load 5 to 10 on 2 cores): without a wait 5 of 60 runs hung;
    with a fixed 20 ms pause 1 of 92; with this wait none of 60, though in 26 of them an
    event thread was still runnable at the end and the wait took up to 44 ms."""
    started = time.monotonic()
    while _runnable_wayland_thread(tasks) and time.monotonic() - started < limit_s:
        time.sleep(0.001)
    return time.monotonic() - started


def _runnable_wayland_thread(tasks: Path) -> bool:
    """Whether one of Qt's Wayland event threads is running or waiting for a processor
    (state R in its ``stat``; the state follows the name in parentheses)."""
    try:
        threads = list(tasks.iterdir())
    except OSError:  # no /proc: nothing to wait for
        return False
    for thread in threads:
        try:
            if (thread / "comm").read_text().strip() != WAYLAND_EVENT_THREAD:
                continue
            state = (thread / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):  # the thread ended meanwhile
            continue
        if state == "R":
            return True
    return False


def _exec(app: QApplication) -> int:
    """Run the event loop; Ctrl+C in the terminal quits it cleanly."""
    previous = signal.signal(signal.SIGINT, lambda _number, _frame: app.quit())
    poll = QTimer()  # Python sees the signal only when the interpreter runs now and then.
    poll.timeout.connect(lambda: None)
    poll.start(SIGNAL_POLL_MS)
    try:
        return app.exec()
    finally:
        poll.stop()
        signal.signal(signal.SIGINT, previous)
        # Quitting with the window open closes it, and Qt answers the last window closed
        # with a Quit of its own, posted when the loop has already ended. Read later, it
        # makes every event loop the process starts afterwards end at once (seen by a
        # caller that goes on after run_gui, as the tests do).
        app.removePostedEvents(app, QEvent.Type.Quit)
