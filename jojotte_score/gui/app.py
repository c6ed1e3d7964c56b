"""Starting the desktop app: the Qt application, its language, the database, the window.

:func:`run_gui` is what ``jojotte-score [FILE.json] [--data-dir DIR]`` runs. Paths, the
environment and the settings file are passed in; nothing is read at import time.
"""

from __future__ import annotations

import gc
import signal
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QMessageLogContext,
    QTimer,
    QtMsgType,
    QTranslator,
    qInstallMessageHandler,
)
from PySide6.QtWidgets import QApplication

from jojotte_score import __version__
from jojotte_score.gui.app_identity import APP_ID, APP_TITLE, application_icon
from jojotte_score.gui.settings import APPLICATION, ORGANIZATION, AppSettings
from jojotte_score.i18n import N_, SOURCE_LANGUAGE, _, use_language
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
EXIT_FAILED = 1
EXIT_INVALID = 2
SIGNAL_POLL_MS = 200
WARNING_MS = 20_000


def needs_offscreen(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """True on Linux with no X11 or Wayland display and no Qt platform chosen."""
    if not platform.startswith("linux"):
        return False
    return not any(environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def application(environ: Mapping[str, str]) -> QApplication:
    """The running QApplication, or a new one (offscreen when there is no display)."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    arguments = ["jojotte-score"]
    if needs_offscreen(environ):
        print(_(NO_DISPLAY), file=sys.stderr)
        arguments += ["-platform", "offscreen"]
    app = QApplication(arguments)
    app.setApplicationName(APPLICATION)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationDisplayName(_(APP_TITLE))
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(application_icon())
    return app


# The language -----------------------------------------------------------------------------
# The command line has already spoken the system's language or --lang before the window
# starts. The window then decides: --lang wins and is remembered, else the language
# remembered from View > Language, else the system's. Qt's standard dialogs (the buttons of
# a message box, the file dialog, the print preview) speak it too, through the qtbase
# catalogue shipped with Qt, and Qt's widgets write numbers and dates by it.

QT_TRANSLATOR = "jojotte-score-qtbase"
"""The object name of the translator of Qt's own strings (one at a time)."""


def start_language(requested: str | None, settings: AppSettings, environ: Mapping[str, str]) -> str:
    """The language the window starts in, spoken from now on: ``requested`` (``--lang``),
    which is remembered; else the remembered choice; else the system's (``environ``)."""
    if requested is not None:
        settings.language = requested
        if not settings.save():
            message = _(
                "jojotte-score: cannot write the settings file {file}; --lang {language} "
                "holds for this run only"
            )
            print(message.format(file=settings.file_name, language=requested), file=sys.stderr)
    return speak(settings.language, environ)


def speak(choice: str, environ: Mapping[str, str]) -> str:
    """Speak ``choice`` ("de", "en"; "" for the system's language), Qt's strings included;
    returns the language spoken."""
    code = use_language(choice or None, environ)
    use_qt_language(code)
    return code


def use_qt_language(code: str) -> None:
    """Load Qt's own strings in ``code`` (none for English) and make it Qt's default locale,
    keeping the system's territory (its paper and measures) where it has one."""
    QLocale.setDefault(qt_locale(code))
    app = QCoreApplication.instance()
    if app is None:
        return
    for old in app.findChildren(QTranslator, QT_TRANSLATOR):
        app.removeTranslator(old)
        old.deleteLater()
    if code == SOURCE_LANGUAGE:
        return
    translator = QTranslator(app)
    translator.setObjectName(QT_TRANSLATOR)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(f"qtbase_{code}", folder):
        app.installTranslator(translator)


def qt_locale(code: str) -> QLocale:
    """Qt's locale for the language ``code``: the system's when it speaks it (or, for
    English, has no language, as "C"), else the language in the system's territory."""
    system = QLocale.system()
    wanted = QLocale(code).language()
    if system.language() == wanted:
        return system
    if code == SOURCE_LANGUAGE and system.language() == QLocale.Language.C:
        return system
    return QLocale(wanted, system.territory())


@dataclass(frozen=True, slots=True)
class OpenedDatabase:
    """The database as opened: for writing, or read-only because another copy writes."""

    database: Database
    read_only: bool
    warning: str = ""
    note: str = ""  # why it is read-only, when not because another copy writes


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
    lets the event loop settle and exits 0 (for benchmarks and smoke tests). ``language``
    (``--lang``) is spoken and remembered; without it the remembered choice, else the
    system's language.
    """
    previous_handler = qInstallMessageHandler(say_qt_message)
    if previous_handler is not None:  # someone's own handler (a test harness): theirs stays
        qInstallMessageHandler(previous_handler)
    try:
        return _run_gui(file, data_dir_option, quit_after_start, environ, settings_path, language)
    finally:
        qInstallMessageHandler(previous_handler)


def say_qt_message(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """Qt's own warnings on stderr as every other line there reads: ``jojotte-score: Qt:
    ...`` (debug messages are left out). Installed in place of Qt's default handler only."""
    if kind == QtMsgType.QtDebugMsg:
        return
    print(f"jojotte-score: Qt: {message}", file=sys.stderr)


def _run_gui(
    file: Path | None,
    data_dir_option: Path | None,
    quit_after_start: bool,
    environ: Mapping[str, str],
    settings_path: Path | None,
    language: str | None,
) -> int:
    app = application(environ)
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
            from jojotte_score.gui.dialogs import show_message  # only ever needed here

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
    from jojotte_score.gui.error_report import ErrorReport
    from jojotte_score.gui.main_window import MainWindow
    from jojotte_score.gui.session import Session

    session = Session(
        SittingStore(opened.database), read_only=opened.read_only, read_only_note=opened.note
    )
    window = MainWindow(session, settings)
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
        session.open_last()
    if opened.warning:
        window.statusBar().showMessage(opened.warning, WARNING_MS)
    window.show()
    # What start-up built (modules, Qt's enums, the window) lives as long as the process.
    # Frozen, the collector never scans it again, and the interpreter's last collection at
    # exit leaves it alone: on a 10,000-hand sitting the exit takes ~16 ms instead of ~60.
    gc.freeze()
    if quit_after_start:
        QTimer.singleShot(0, lambda: QTimer.singleShot(0, app.quit))
    try:
        status = _exec(app)
    finally:
        errors.uninstall()
        session.store.database.close()  # the one restoring a backup reopened, if it did
    shown[0].close()
    shown[0].deleteLater()
    if file is not None and not imported:
        return status or EXIT_INVALID  # the file was refused (and the player told why)
    return status


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
