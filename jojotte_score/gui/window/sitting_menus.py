"""The main window's sitting and File-menu slots: new, open, import, export, print, rename,
and the sync folder it follows.

A mixin of :class:`~jojotte_score.gui.window.main_window.MainWindow`, kept apart so that the
window itself stays small. Dialogs and printing are imported when first used, not at
start-up (which is timed).
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer

from jojotte_score.core.errors import InvalidSittingError, JojotteError
from jojotte_score.gui.accessibility import announce_at_focus
from jojotte_score.i18n import N_, _, pgettext
from jojotte_score.presenters.session import (
    create_sitting,
    csv_dialog_title,
    csv_written_text,
    export_csv,
    export_sitting,
    import_file,
)
from jojotte_score.storage.errors import DamagedSittingError

if TYPE_CHECKING:
    # Named only in annotations: naming the module in an import that runs had PySide6's
    # import hook read its source at every start (benchmarks/README.md, eighteenth round).
    from types import ModuleType

    from PySide6.QtGui import QUndoStack
    from PySide6.QtWidgets import QFileDialog, QMainWindow, QWidget

    from jojotte_score.gui.entry.entry_panel import EntryPanel, TypedHand
    from jojotte_score.gui.history.history_window import HistoryWindow
    from jojotte_score.gui.pad.sheet_widget import SheetWidget
    from jojotte_score.gui.window.hand_edits import HandEdits
    from jojotte_score.gui.window.sync_follower import SyncFollower
    from jojotte_score.presenters.session import Session
    from jojotte_score.sync.engine import SyncReport

    _Base = QMainWindow
else:
    _Base = object

READ_ONLY_NOTE = N_("Read-only: another copy of jojotte-score is using this database")
"""Why the window cannot change anything (translated where shown)."""

SITTING_FILES = N_("Sitting files (*.json)")
ALL_FILES = N_("All files (*)")

FIRST_PASS_UNPAINTED_MS = 1000
"""A window that is not painted this long after it was built (started minimized, or not
shown) runs its first pass over the sync folder anyway."""


def _file_dialog() -> type[QFileDialog]:
    """Qt's file dialog, imported when first needed (its enums cost start-up time)."""
    from PySide6.QtWidgets import QFileDialog

    return QFileDialog


def _dialogs() -> ModuleType:
    """The dialogs, imported when one is first needed."""
    from jojotte_score.gui.window import dialogs

    return dialogs


def _printing() -> ModuleType:
    """Printing and PDF (Qt's print support among them), imported when first needed."""
    from jojotte_score.gui import printing

    return printing


class SittingMenus(_Base):
    """Slots for the sitting and its files; mixed into the main window, which has these:"""

    session: Session
    undo_stack: QUndoStack
    sheet: SheetWidget
    panel: EntryPanel
    edits: HandEdits
    change_at: int | None  # while a change is made: the first hand it reaches

    if TYPE_CHECKING:

        def select_hand(self, number: int) -> None: ...
        def refresh(self) -> None: ...
        def ready_next_hand(self) -> None: ...
        def follow_change(self) -> None: ...

    # True when nobody can click a message box (an offscreen window, --quit-after-start):
    # then what a box would say goes to stderr instead.
    unattended = False
    history: HistoryWindow | None = None  # View > History, built when first shown

    def tell(self, title: str, text: str) -> None:
        """Tell the player what went wrong: in a message box, else (``unattended``) on
        stderr, one line each, as the command line reports failures."""
        if not self.unattended:
            from jojotte_score.gui.messages import show_message

            show_message(self, title, text)
            return
        for line in text.splitlines():
            if line.strip():
                print(f"jojotte-score: {line}", file=sys.stderr)

    def open_sitting_id(self, sitting_id: int | None) -> None:
        """Show another sitting; its changes start a new undo history."""
        self.undo_stack.clear()
        self.session.open(sitting_id)

    def new_sitting(self) -> None:
        """Ask for a new sitting's setup and start it."""
        setup = _dialogs().NewSittingDialog.ask(self)
        if setup is None:
            return
        try:
            sitting_id = create_sitting(
                self.session.store,
                setup.variant,
                setup.players,
                setup.rules,
                title=setup.title,
                place=setup.place,
                roles=setup.roles,
            )
        except JojotteError as error:
            self._report_error(error)
            return
        self._choose_dealer(sitting_id, setup.first_dealer)
        self.open_sitting_id(sitting_id)

    def ask_new_cut(self) -> None:
        """After a hand that ends a rubber where the game cuts again, ask who deals next."""
        shown = self.session.shown
        if shown is None or not shown.status().new_cut:
            return
        seats = shown.cut_seats()
        if len(seats) == len(shown.players):
            dealer = _dialogs().FirstDealerDialog.ask(self, shown.players)
        else:  # the chouette's new box and captain cut (C7)
            dealer = _dialogs().FirstDealerDialog.ask(self, shown.players, seats)
        if dealer is not None:
            self._choose_dealer(shown.id, dealer)

    def _choose_dealer(self, sitting_id: int, seat: int) -> None:
        """Store who the players chose to deal next, and show it."""
        revision = None
        try:
            revision = self.session.store.choose_dealer(sitting_id, seat)
        except JojotteError as error:
            self._report_error(error)
        if sitting_id == self.session.sitting_id:
            # No recorded hand changed: the hand list, the pad and the explanation stay; what
            # names the next dealer follows. The Enter that ends a rubber refreshed the window
            # twice, the hand's and this: 90.7 M instructions, 81.6 M with one refresh; the
            # sitting shown takes the choice without being read again (its summary kept by
            # the store) and the panel only the dealer: 71.0 M (a plain hand's Enter 51.0 M;
            # callgrind, benchmarks/first_key_instructions.py).
            if revision is None:
                self.session.reload()
            else:
                self.session.dealer_chosen(seat, revision)
            if self.session.shown is None:  # not read: the error was shown
                self.refresh()
                return
            self.edits.dealer_chosen()
            self.follow_change()

    def open_sitting(self) -> None:
        """Choose an earlier sitting from the history."""
        chosen = _dialogs().OpenSittingDialog.ask(self, self.session.store.list_sittings())
        if chosen is not None:
            self.open_sitting_id(chosen)

    def show_history(self) -> None:
        """View > History: the stored sittings, read again each time it is shown; opening
        one shows it here."""
        if self.history is None:
            from jojotte_score.gui.history.history_tabs import add_history_tabs
            from jojotte_score.gui.history.history_window import HistoryWindow
            from jojotte_score.storage.sitting_listing import KeptListing

            # Through the session each time: restoring a backup replaces the store. The
            # lines listed are kept: after a change, only the changed ones are read again.
            listing = KeptListing()
            self.history = HistoryWindow(
                lambda: self.session.store.list_sittings(listing), self._open_from_history, self
            )
            add_history_tabs(self.history, lambda: self.session.store)
            self._mark_history_conflicts(self.history)
        else:
            self.history.reload()
        self.history.show()
        self.history.raise_()
        self.history.activateWindow()

    def _open_from_history(self, sitting_id: int) -> None:
        self.open_sitting_id(sitting_id)
        self.raise_()
        self.activateWindow()

    def import_sitting_file(self) -> None:
        """Store a sitting file chosen by the player and show it."""
        filters = ";;".join((_(SITTING_FILES), _(ALL_FILES)))
        from jojotte_score.gui.messages import window_title
        from jojotte_score.gui.save_files import start_folder

        start = str(start_folder(self))  # not the program's working directory
        name, _filter = _file_dialog().getOpenFileName(
            self, window_title(_("Import sitting file")), start, filters
        )
        if name:
            self.import_path(Path(name))

    def _update_from_file(self, path: Path) -> int | None:
        """When the file's sitting is stored (the same stable id): show it, updated to the
        file's hands as one undoable change when they differ; its id. None for a sitting
        not stored, which is imported as a new one."""
        from jojotte_score.formats.sitting_file import load_sitting

        loaded = load_sitting(path)
        store = self.session.store
        stored = None if loaded.uuid is None else store.find_uuid(loaded.uuid)
        if stored is None:
            return None
        self.open_sitting_id(stored)
        if store.load(stored).sitting == loaded.sitting:
            message = _("Sitting {id} is unchanged: {file} holds the same hands.")
        else:
            from jojotte_score.gui.sitting.commands import UpdateSitting

            command = UpdateSitting(
                self.session, loaded.sitting, earlier_checks=loaded.earlier_checks
            )
            self.undo_stack.push(command)
            message = _("Updated sitting {id} from {file} (Edit > Undo takes it back).")
        self.statusBar().showMessage(message.format(id=stored, file=path.name), 10000)
        return stored

    def import_path(self, path: Path) -> bool:
        """Store the sitting file ``path`` and show it; a refused file is explained."""
        if self.session.read_only:
            self.tell(_("Sitting file not imported"), f"{path.name}: {_(READ_ONLY_NOTE)}.")
            return False
        try:
            if self._update_from_file(path) is not None:
                return True  # shown, and its undo history keeps the update
            sitting_id = import_file(self.session.store, path)
        except InvalidSittingError as error:
            text = "\n".join(problem.describe(error.source) for problem in error.problems)
            refused = _("{file} was not imported:\n\n{problems}")
            self.tell(_("Sitting file refused"), refused.format(file=path.name, problems=text))
            return False
        except OSError as error:
            self.tell(_("Sitting file not imported"), f"{path}: {error.strerror or error}")
            return False
        except JojotteError as error:
            self.tell(_("Sitting file not imported"), f"{path}: {error}")
            return False
        self.open_sitting_id(sitting_id)
        return True

    def export_sitting_file(self) -> None:
        """Write the sitting to a sitting file chosen by the player."""
        shown = self.session.shown
        from jojotte_score.gui.save_files import ask_save_path

        # Translators: the file name offered for a sitting file (without ".json"): no spaces.
        offered = pgettext("file name", "sitting") + ".json"
        chosen = ask_save_path(self, _("Export sitting file"), offered, _(SITTING_FILES))
        if shown is not None and chosen is not None:
            name = chosen

            def write() -> tuple[Path, ...]:
                export_sitting(shown, name)
                return (name,)

            self._write(write)

    def export_csv_files(self) -> None:
        """Write the hands and rubbers CSV files (the rubbers beside the hands)."""
        shown = self.session.shown
        if shown is None:
            return
        from jojotte_score.gui.save_files import ask_save_path

        # Translators: the file name offered for the hands' CSV (without ".csv"): no spaces.
        offered = pgettext("file name", "hands") + ".csv"
        chosen = ask_save_path(self, csv_dialog_title(), offered, _("CSV (*.csv)"))
        if chosen is not None:
            self._write(lambda: export_csv(shown, chosen), lambda paths: csv_written_text(*paths))

    def _write(
        self,
        write: Callable[[], tuple[Path, ...]],
        said: Callable[[tuple[Path, ...]], str] | None = None,
    ) -> None:
        try:
            paths = write()
        except OSError as error:
            self.tell(_("Not written"), f"{error.filename or ''}: {error.strerror or error}")
            return
        # Translators: the separator between the files written, as in "Wrote a.csv, b.csv".
        files = _(", ").join(str(path) for path in paths)
        text = said(paths) if said is not None else _("Wrote {files}").format(files=files)
        self.statusBar().showMessage(text, 8000)

    def rename_players(self) -> None:
        """Correct the players' names (undoable)."""
        shown = self.session.shown
        if shown is None:
            return
        names = _dialogs().RenamePlayersDialog.ask(self, shown.variant, shown.players)
        if names is not None:
            from jojotte_score.gui.sitting.commands import RenamePlayers

            self.undo_stack.push(RenamePlayers(self.session, names))

    def _report_error(self, error: JojotteError) -> None:
        if isinstance(error, DamagedSittingError):
            self._offer_restore(error)
            return
        self.tell(_("Not saved"), str(error))

    def _offer_restore(self, error: DamagedSittingError) -> None:
        """A stored sitting cannot be read: say so, and offer the newest backup."""
        from jojotte_score.labels import local_time
        from jojotte_score.storage.backups import BACKUP_DIR_NAME, list_backups

        database = self.session.store.database
        backups = list_backups(database.path.parent / BACKUP_DIR_NAME)
        text = f"{error}."
        if self.unattended or self.session.read_only or not backups:
            self.tell(_("Sitting damaged"), text)
            return
        newest = backups[0]
        question = _(
            "{error}.\n\nRestore the newest backup, taken {time}? The database as it is now "
            "is saved in the backups folder first, so this can be undone."
        ).format(error=error, time=local_time(newest.taken))
        if _dialogs().ask_yes_no(self, _("Sitting damaged"), question):
            self.restore_backup(newest.path)

    def restore_backup(self, backup: Path) -> None:
        """Replace the database with ``backup`` (the current one saved first) and show it."""
        from jojotte_score.storage.database import Database
        from jojotte_score.storage.restore import restore_backup
        from jojotte_score.storage.schema import SCHEMA_VERSION
        from jojotte_score.storage.sittings import SittingStore, utc_now

        path = self.session.store.database.path
        self.session.store.database.close()
        saved = None
        try:
            saved, dropped = restore_backup(backup, path, utc_now(), newest_version=SCHEMA_VERSION)
        except JojotteError as failed:
            self.tell(_("Not restored"), str(failed))
        self.undo_stack.clear()
        self.session.store = SittingStore(Database.open(path))
        self.session.open_last()
        if saved is not None:
            restored = _("Restored {backup}; the database before is {saved}")
            self.statusBar().showMessage(restored.format(backup=backup.name, saved=saved))
            if dropped:
                left_out = _(
                    "The backup held things that are not part of jojotte-score's database; "
                    "they were left out: {list}"
                )
                self.tell(_("Restored"), left_out.format(list="; ".join(dropped)))

    # Printing ----------------------------------------------------------------------------

    def print_sheets(self) -> None:
        """File > Print: the whole sitting or the rubber shown, through the preview."""
        shown = self.session.shown
        if shown is not None:
            ledger = shown.ledger
            _printing().print_sheets(self, shown.stored, ledger, self.sheet.rubber_number())

    def export_pdf(self) -> None:
        """File > Export PDF: the whole sitting or the rubber shown, to a PDF file."""
        shown = self.session.shown
        if shown is not None:
            ledger = shown.ledger
            rubber = self.sheet.rubber_number()
            path = _printing().export_sheets(self, shown.stored, ledger, rubber)
            if path is not None:
                self.statusBar().showMessage(_("Wrote {files}").format(files=path), 8000)

    def print_blank_pads(self) -> None:
        """File > Print blank pads, named after the shown sitting's sides or players, in
        its game, when there is one."""
        shown = self.session.shown
        if shown is None:
            _printing().print_blank_pads(self)
        else:
            _printing().print_blank_pads(self, shown.side_names, shown.variant)

    def print_card(self) -> None:
        """File > Print scoring card."""
        _printing().print_card(self)

    # The sync folder (docs/sync.md) ------------------------------------------------------

    sync_follower: SyncFollower | None = None  # while the window follows a sync folder
    _follow_pending = False  # the first pass waits for the first paint (start_following)

    def start_following(self) -> None:
        """Follow the sync folder the database remembers, if any: a first pass once the
        window has been painted with the stored history (neither loading the sync modules
        nor the pass delays it), then one at each change in the folder and after each
        change of the window's own. A change made before the first pass is written by it
        (the database notes each change in its own transaction, docs/sync.md)."""
        store = self.session.store
        if self.session.read_only or not _remembers_a_folder(store.database.connection):
            return
        self._follow_pending = True
        _AfterFirstPaint(self, self._follow_remembered)

    def _follow_remembered(self) -> None:
        if self._follow_pending and self.sync_follower is None:
            self._follow(None)
        self._follow_pending = False

    def _follow(self, folder: Path | None) -> None:
        from jojotte_score.gui.window.sync_follower import SyncFollower

        if self.sync_follower is None:
            store = self.session.store
            follower = SyncFollower(store, store.database.path.parent, self)
            follower.passed.connect(self._synced)
            follower.failed.connect(self._sync_failed)
            self.undo_stack.indexChanged.connect(follower.soon)
            self.sync_follower = follower
        self.sync_follower.follow(folder)

    def stop_following(self) -> None:
        """Stop following the sync folder (the window closes or is rebuilt)."""
        self._follow_pending = False
        follower = self.sync_follower
        if follower is not None:
            self.undo_stack.indexChanged.disconnect(follower.soon)
            follower.periodic.stop()
            follower.settle.stop()
            follower.folder = None
            self.sync_follower = None

    def choose_sync_folder(self) -> None:
        """File > Sync folder…: choose the folder to keep in step, and follow it."""
        from jojotte_score.gui.window.sync_dialogs import choose_sync_folder

        store = self.session.store
        current = self.sync_follower.folder if self.sync_follower is not None else None
        chosen = choose_sync_folder(self, store, store.database.path.parent, current)
        if chosen is not None:
            self._follow(chosen)

    def _mark_history_conflicts(self, history: HistoryWindow) -> None:
        """The history marks the sittings kept in two versions, and settles them here."""
        from jojotte_score.gui.window.sync_dialogs import conflict_marks

        history.follow_conflicts(lambda: conflict_marks(self.session.store), self.settle_conflict)

    def show_sync_conflicts(self) -> None:
        """File > Sync conflicts…: each sitting kept in two versions, and the choice."""
        self.settle_conflict(None)

    def settle_conflict(self, sitting_id: int | None) -> None:
        """The sync conflicts, the sitting ``sitting_id``'s selected first (from the
        history, over which the dialog opens); what is chosen is shown here and there."""
        from jojotte_score.gui.window.sync_dialogs import ConflictsDialog

        over = self.history if sitting_id is not None and self.history is not None else self
        dialog = ConflictsDialog(self.session.store, over)
        if sitting_id is not None:
            dialog.select_sitting(sitting_id)
        dialog.exec()
        if dialog.changed:
            self.undo_stack.clear()  # the shown sitting may have been put back
            kept = self._reopen_after_sync()
            if kept:
                self.statusBar().showMessage(kept, 15000)
                announce_at_focus(self, kept)
            if self.history is not None:
                self.history.reload()
            if self.sync_follower is not None:
                self.sync_follower.soon()

    def _synced(self, report: SyncReport) -> None:
        """A pass is done: a change to the sitting shown is shown, with what is typed on
        the panel kept; changes to other sittings leave it and its panel alone and show in
        the history (docs/sync.md, "While a hand is typed")."""
        from jojotte_score.gui.window.sync_follower import report_words

        words = report_words(report)
        if report.taken:
            if self._shown_taken_in(report):
                self.undo_stack.clear()  # its commands knew the sitting as it was
                kept = self._reopen_after_sync()
                # What became of the typed hand first: a long line is cut at its end.
                words = " ".join(part for part in (kept, words) if part)
            elif self.history is not None and self.history.isVisible():
                self.history.reload()
        if words:
            self.statusBar().showMessage(words, 15000)
            announce_at_focus(self, words)  # a status bar message is not read by itself

    def _shown_taken_in(self, report: SyncReport) -> bool:
        """Whether the pass changed or deleted the sitting shown (or the window showed
        none, and now has one to show)."""
        shown = self.session.sitting_id
        if shown is None or not self.session.store.holds(shown):
            return True
        return any(taken.id == shown for taken in report.taken)

    def _sync_failed(self, message: str) -> None:
        self.statusBar().showMessage(message, 15000)
        announce_at_focus(self, message)

    def _reopen_after_sync(self) -> str:
        """Show the sitting shown before, as it is now; the newest when it is gone. What was
        typed on the panel is put back (docs/sync.md): the sentence that says where, or ""
        when nothing was typed."""
        shown = self.session.sitting_id
        mode, position = self.panel.mode()
        typed = self.panel.typed_hand()
        before = self.session.shown
        number = position + 1 if position is not None else (before.count if before else 0) + 1
        if shown is None or not self.session.store.holds(shown):
            self.session.open_last()
            if typed is None or shown is None:
                return ""
            gone = _(
                "The sitting shown was deleted on another device: what was typed for hand "
                "{number} went with it."
            )
            return gone.format(number=number)
        given = None  # the dealer the panel gave the hand, as the scorekeeper did not choose
        if before is not None and typed is not None:
            if mode == "replace" and position is not None:
                given = before.hand(position).dealer
            else:
                given = before.dealer_at(before.count if position is None else position)
        self.session.refresh()
        now = self.session.shown
        if typed is None or now is None:
            return ""
        follows = typed.values.dealer == given
        return self._keep_typed(typed, mode, position, (number, now.count + 1), follows)

    def _keep_typed(
        self,
        typed: TypedHand,
        mode: str,
        position: int | None,
        numbers: tuple[int, int],
        follows: bool,
    ) -> str:
        """Put ``typed``, typed in ``mode`` for hand ``numbers[0]`` (``position`` 0-based
        when inserted or corrected), back on the panel after the sitting changed under it: in
        the same mode while its hand is still there, else as the next hand ``numbers[1]``,
        dealt by that hand's dealer when the dealer shown was the panel's, not chosen
        (``follows``)."""
        number, next_number = numbers
        if mode != "add" and position is not None and position < next_number - 1:
            self.select_hand(position + 1)
            if mode == "replace":
                self.edits.correct(position)
                said = _(
                    "What was typed to correct hand {number} is kept: check it against hand "
                    "{number} as it is recorded now."
                )
            else:
                self.edits.insert_hand()
                said = _("What was typed to insert before hand {number} is kept.")
            self.panel.keep_typed(typed)
            return said.format(number=number)
        if mode == "add" and number == next_number:
            self.panel.keep_typed(typed)
            said = _("What was typed is kept for hand {number}, the next to record.")
            return said.format(number=number)
        # Another hand now: dealt by its own dealer, unless the scorekeeper chose one.
        if follows:
            typed.values = typed.values._replace(dealer=self.panel.dealer.value())
        self.panel.keep_typed(typed)
        if next_number > number:
            moved = _(
                "Another device recorded hand {number}: what was typed here is kept for hand "
                "{next}. Check that it is not the same hand."
            )
        else:
            moved = _(
                "Another device deleted hands: what was typed here is kept for hand {next}, "
                "the next to record."
            )
        return moved.format(number=number, next=next_number)


class _AfterFirstPaint(QObject):
    """Calls ``then`` once, at the event loop's turn after ``window``'s first paint (the
    window and what it shows painted and on screen), or :data:`FIRST_PASS_UNPAINTED_MS`
    after it was made when the window has not been painted by then."""

    def __init__(self, window: QWidget, then: Callable[[], None]) -> None:
        super().__init__(window)
        self.window, self.then = window, then
        window.installEventFilter(self)
        QTimer.singleShot(FIRST_PASS_UNPAINTED_MS, self, self._call)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The window's first paint event: ``then`` at the turn after it."""
        if event.type() == QEvent.Type.Paint and watched is self.window:
            self.window.removeEventFilter(self)
            QTimer.singleShot(0, self, self._call)
        return False

    def _call(self) -> None:
        then, self.then = self.then, _nothing
        self.window.removeEventFilter(self)
        self.deleteLater()
        then()


def _nothing() -> None:
    """What is left to call once called."""


def _remembers_a_folder(connection: sqlite3.Connection) -> bool:
    """Whether the database remembers a sync folder (one query: the window starts without
    the sync modules when it does not)."""
    try:
        row = connection.execute("SELECT 1 FROM sync_state WHERE key = 'folder'").fetchone()
    except sqlite3.Error:
        return False
    return row is not None
