"""The main window: the sheet, the entry panel, the hand list and the status line.

It composes; it does not compute. Each slot asks a dialog or the panel, pushes one undo
command (which calls one store function) and the session reloads and replays the sitting;
:meth:`MainWindow.refresh` then updates every view from the session.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPoint,
    QRect,
    Qt,
    QTimer,
)
from PySide6.QtGui import (
    QCloseEvent,
    QFontMetrics,
    QGuiApplication,
    QKeySequence,
    QResizeEvent,
    QScreen,
    QShortcut,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QFrame,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.gui.accessibility import announce_at_focus, keep_placeholders_readable
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.entry_panel import EntryPanel, EntryRequest
from jojotte_score.gui.pad.hand_model import HandTableModel
from jojotte_score.gui.pad.hand_table import HAND_LIST_KEYS, HandTable
from jojotte_score.gui.pad.sheet_widget import SheetWidget
from jojotte_score.gui.window.actions import CHANGES, add_menus, create_actions, language_actions
from jojotte_score.gui.window.app_identity import APP_TITLE
from jojotte_score.gui.window.focus_marks import FocusMarks
from jojotte_score.gui.window.hand_edits import HandEdits, command_at, prepare_recording
from jojotte_score.gui.window.language import speak
from jojotte_score.gui.window.settings import (
    FIRST_SIZE,
    ZOOM_STEP,
    AppSettings,
    Rect,
    clamp_zoom,
    first_geometry,
    fitted_geometry,
    screen_key,
)
from jojotte_score.gui.window.sitting_menus import READ_ONLY_NOTE, SittingMenus
from jojotte_score.gui.window.status_line import STATUS_ZOOM, StatusLine
from jojotte_score.gui.window.window_sizes import HandListColumns, Panes
from jojotte_score.i18n import _
from jojotte_score.presenters.session import Session, dealer_unknown, versus
from jojotte_score.storage.summary import scoring_prepared

if TYPE_CHECKING:
    # Named only in annotations: naming the module in an import that runs had PySide6's
    # import hook read its source at every start (benchmarks/README.md, eighteenth round).
    from types import ModuleType

    from jojotte_score.gui.display.table_display import TableDisplay
    from jojotte_score.gui.sharing.share_dialog import Sharing

_A = ActionName

PREPARE_AFTER_SETTLED_MS = 50
"""How long after the hand entry is first shown and the event loop has settled (two passes,
as ``--quit-after-start`` lets it, which so ends before) recording a hand is got ready
(:func:`~jojotte_score.storage.summary.prepare_scoring`: 27 M instructions, 19-23 ms of
processor time on a 2-core machine at a load of 5-6): the first paint and the window
system's first events go before it, and a player's first key, a reaction time after the
window appears (200 ms or more), finds it done. It was done inside the first key of an
evening: 42.3 M instructions of that key, 14.0 M without it, 16.5 M the same key later
(callgrind, benchmarks/first_key_instructions.py)."""

# The event kinds the window's filter looks for, read once: each ``QEvent.Type.Show`` read
# costs 2.7 k instructions (an enum member through its descriptor), and the filter is
# handed every event of the two splitters (callgrind).
_RESIZE, _SHOW = QEvent.Type.Resize, QEvent.Type.Show


class MainWindow(SittingMenus, QMainWindow):
    """The scorepad window over one :class:`Session`.

    ``undo_stack`` is the undo history to go on with (a window rebuilt in another language
    keeps its predecessor's); a new one by default. ``opened_next``: the caller opens a
    sitting (or finds none) right after, which shows it in every view; the window is then
    not first refreshed with what the session holds yet (at start-up, no sitting: the
    welcome page shown and the panel disabled, then enabled again by the sitting, 2.2 M of
    a start's instructions by callgrind).
    """

    # The environment the system's language is read from (View > Language > System).
    environ: Mapping[str, str] = os.environ
    table_display: TableDisplay | None = None  # View > Table display, built when first shown
    sharing: Sharing | None = None  # File > Share with the table, while it is on

    def __init__(
        self,
        session: Session,
        settings: AppSettings,
        parent: QWidget | None = None,
        *,
        undo_stack: QUndoStack | None = None,
        opened_next: bool = False,
    ):
        super().__init__(parent)
        self.session, self.settings = session, settings
        if undo_stack is None:
            undo_stack = QUndoStack(self)
        else:
            undo_stack.setParent(self)
        self.undo_stack = undo_stack
        self._actions_state: object = None  # what the actions were last set to show
        # While a change is made: the position of the first hand it reaches, the rows
        # before it stay in the hand list as they are (see refresh).
        self.change_at: int | None = None
        self._listed: int | None = None  # the sitting the hand list shows
        self.refreshing = False  # while the list is shown anew (its selection cleared)
        # Told of the window that takes this one's place (View > Language).
        self.on_replaced: Callable[[MainWindow], None] = lambda window: None
        self.named_actions = create_actions(self)
        self.languages = language_actions(self, settings.language)
        self._base_point_size = QApplication.font().pointSizeF()
        QApplication.setApplicationDisplayName(_(APP_TITLE))
        self._build_views()
        self.edits: HandEdits = HandEdits(self)  # recording and correcting hands, as undo commands
        self.panes = Panes(self)  # the splitters' sizes, fitted or as the user dragged them
        self.focus_marks = FocusMarks(self)  # a ring round the widget with the focus
        app = QApplication.instance()
        if isinstance(app, QApplication):
            keep_placeholders_readable(app)  # "optional" readable in every theme
        add_menus(self.menuBar(), self.named_actions, self.languages)
        self._connect()
        session.on_changed = self.refresh
        session.on_error = self._report_error
        self._restore_settings()
        if not opened_next:
            self.refresh()
        self.start_following()  # the sync folder, when one was chosen (docs/sync.md)

    # Building ----------------------------------------------------------------------------

    def _build_views(self) -> None:
        self.sheet = SheetWidget()
        self.sheet_area = _SheetArea(self.sheet)
        self.model = HandTableModel(self)
        self.table = HandTable()
        self.table.setModel(self.model)
        self.table.setAccessibleName(_("Recorded hands"))
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setStretchLastSection(True)
        header.setTextElideMode(Qt.TextElideMode.ElideNone)  # headings of two lines, whole
        self.table.setAlternatingRowColors(True)
        self.columns = HandListColumns(self.table, self.model)
        self.table.width_changed.connect(self.columns.fit)  # the columns fit its new width
        self.explanation = QPlainTextEdit(readOnly=True)
        self.explanation.setAccessibleName(_("Explanation"))
        self.explanation.setPlaceholderText(_("The explanation of the selected hand appears here."))
        self.panel = EntryPanel()
        self.left = QSplitter(Qt.Orientation.Vertical)
        self.left.installEventFilter(self)  # a new sitting's layout, once it has a size
        for widget, stretch in ((self.sheet_area, 5), (self.table, 3), (self.explanation, 1)):
            self.left.addWidget(widget)
            self.left.setStretchFactor(self.left.indexOf(widget), stretch)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.left)
        self.panel_area = QScrollArea()
        self.panel_area.setWidget(self.panel)
        self.panel_area.setWidgetResizable(True)
        self.panel_area.setFrameShape(QFrame.Shape.NoFrame)
        # Not a stop of its own between the panel's fields and the hand list: it scrolls to
        # the field with the focus.
        self.panel_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # The panel wraps to the width it is given (large print): it never scrolls sideways.
        self.panel_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.sheet_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.splitter.addWidget(self.panel_area)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        # The panel's width is fitted to each new size of the splitter, once it has it: fitted
        # as the window was resized, before it was first shown, the splitter still had Qt's
        # default size, and the chouette in German started with its panel 310 pixels wide
        # where the window, laid out again, gives it 298.
        self.splitter.installEventFilter(self)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.splitter)
        self._welcome: QWidget | None = None  # the page without a sitting, once shown
        self.welcome_buttons: list[QPushButton] = []  # its buttons, in the focus's order
        self.setCentralWidget(self.pages)
        areas = (self.sheet_area, self.table, self.explanation, self.panel_area)
        self._viewports = [_held_viewport(area) for area in areas]
        self.status_label = StatusLine()
        self.mode_label = QLabel()
        self.statusBar().addWidget(self.status_label, 1)
        self.statusBar().addPermanentWidget(self.mode_label)

    def _welcome_page(self) -> QWidget:
        """The page shown without a sitting ("No sitting yet"), made the first time: a start
        on a stored sitting never shows it (made with the window, it cost such a start 1.7 M
        instructions, callgrind)."""
        if self._welcome is not None:
            return self._welcome
        page = self._welcome = QWidget()
        layout = QVBoxLayout(page)
        layout.addStretch(1)
        text = QLabel(_("No sitting yet. Start one, or import a sitting file."))
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(text)
        for name in (_A.NEW_SITTING, _A.IMPORT_SITTING):
            button = QPushButton(self.named_actions[name].text().replace("&", ""))
            button.clicked.connect(self.named_actions[name].trigger)
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
            self.welcome_buttons.append(button)
        layout.addStretch(2)
        self.pages.insertWidget(0, page)
        return page

    def _connect(self) -> None:
        self._connect_actions()
        self._connect_undo_stack()
        self._connect_hand_list()
        self._connect_panel()
        self._connect_sheet()

    def _action_slots(self) -> dict[ActionName, Callable[[], object]]:
        """What each of the named actions does when triggered (Show explanation, checked
        or not, is wired apart: see :meth:`_connect_actions`)."""
        return {
            _A.NEW_SITTING: self.new_sitting,
            _A.OPEN_SITTING: self.open_sitting,
            _A.IMPORT_SITTING: self.import_sitting_file,
            _A.EXPORT_SITTING: self.export_sitting_file,
            _A.EXPORT_CSV: self.export_csv_files,
            _A.RENAME_PLAYERS: self.rename_players,
            _A.PRINT: self.print_sheets,
            _A.EXPORT_PDF: self.export_pdf,
            _A.PRINT_BLANK_PADS: self.print_blank_pads,
            _A.PRINT_CARD: self.print_card,
            _A.QUIT: self.close,
            _A.UNDO: lambda: self.edits.step_history(self.undo_stack.undo, -1),
            _A.REDO: lambda: self.edits.step_history(self.undo_stack.redo, 0),
            _A.DELETE_HAND: self.edits.delete_hand,
            _A.INSERT_HAND: self.edits.insert_hand,
            _A.THROWN_IN: self.panel.record_thrown_in,
            _A.HISTORY: self.show_history,
            _A.PREVIOUS_RUBBER: lambda: self._step_rubber(-1),
            _A.NEXT_RUBBER: lambda: self._step_rubber(+1),
            _A.ZOOM_IN: lambda: self.set_zoom(self.settings.zoom * ZOOM_STEP),
            _A.ZOOM_OUT: lambda: self.set_zoom(self.settings.zoom / ZOOM_STEP),
            _A.RESET_ZOOM: lambda: self.set_zoom(1.0),
            _A.TABLE_DISPLAY: lambda: _display().toggle(
                self, self.named_actions[_A.TABLE_DISPLAY].isChecked()
            ),
            _A.TABLE_DISPLAY_SCREEN: lambda: _display().to_next_screen(self),
            _A.SHARE: lambda: _sharing().toggle(self, self.named_actions[_A.SHARE].isChecked()),
            _A.SYNC_FOLDER: self.choose_sync_folder,
            _A.SYNC_CONFLICTS: self.show_sync_conflicts,
            _A.KEYBOARD_REFERENCE: lambda: _help().show_keyboard_reference(self),
            _A.SCORING_CARD: self.print_card,
            _A.ABOUT: lambda: _help().show_about(self, self.session.store.database.path),
        }

    def _connect_actions(self) -> None:
        """The menus' actions to what they do, each also on the window (its shortcut
        works wherever the focus is), and View > Language's items."""
        for name, slot in self._action_slots().items():
            self.named_actions[name].triggered.connect(slot)
            self.addAction(self.named_actions[name])
        self.named_actions[_A.SHOW_EXPLANATION].toggled.connect(self.explanation.setVisible)
        self.languages.triggered.connect(lambda action: self.choose_language(action.data()))

    def _connect_undo_stack(self) -> None:
        """Undo and Redo (their texts) follow the undo stack; an undone or redone change
        shows the rubber it changed."""
        self.undo_stack.canUndoChanged.connect(self.update_actions)
        self.undo_stack.canRedoChanged.connect(self.update_actions)
        self.undo_stack.undoTextChanged.connect(self.update_actions)
        self.undo_stack.redoTextChanged.connect(self.update_actions)
        self._stack_index = self.undo_stack.index()
        self.undo_stack.indexChanged.connect(self._show_changed_rubber)

    def _connect_hand_list(self) -> None:
        """The hand list: a hand selected, chosen to correct (Enter, or Alt and a letter of
        the panel's rows), what the list says in the status bar, and Ctrl+L to reach it."""
        self.table.selectionModel().selectionChanged.connect(self.edits.selection_changed)
        self.table.chosen.connect(self.edits.correct)
        self.table.chosen_at_field.connect(self.edits.correct_at_field)
        self.table.field_letters = self.panel.row_letters
        self.table.said.connect(lambda text: self.statusBar().showMessage(text, 8000))
        # Ctrl+L: to the hand list, at the hand selected or else the newest, to correct it.
        to_list = QShortcut(QKeySequence(HAND_LIST_KEYS), self)
        to_list.activated.connect(self.focus_hand_list)

    def _connect_panel(self) -> None:
        """The entry panel: a hand recorded or its correction cancelled, and a hand begun."""
        self.panel.submitted.connect(self.edits.submit)
        self.panel.cancelled.connect(self.edits.cancelled)
        self.panel.started.connect(self.sheet.show_next_rubber)  # a new rubber, a new pad
        # Done once the hand entry was shown (see eventFilter); should a key come first, once
        # the key that started a hand is answered, between two keys (nothing, when done).
        self.panel.started.connect(lambda: QTimer.singleShot(0, prepare_recording))

    def _connect_sheet(self) -> None:
        """The score pad: a hand activated on it selects it in the list; the rubber shown
        decides whether Previous and Next rubber can be used."""
        self.sheet.hand_activated.connect(self.select_hand)
        self.sheet.rubber_shown.connect(lambda _number: self.update_actions())

    # Refreshing --------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the session's sitting in every view and ready the panel for the next hand."""
        shown = self.session.shown
        sitting = shown.id if shown is not None else None
        # The rows before the hand a change reached are left as they are (0: all anew).
        unchanged = self.change_at if sitting == self._listed else None
        self._listed = sitting
        self.refreshing = True  # the list's selection cleared: ready below, once
        try:
            self.table.clearSelection()
            self.table.setCurrentIndex(QModelIndex())
            self.model.set_pad(
                shown.shown_players if shown else (),
                shown.pad if shown else None,
                unchanged=unchanged or 0,
            )
        finally:
            self.refreshing = False
        self.sheet.set_selected_hand(None)  # nothing is selected in the list
        self.columns.fit()
        self.sheet.set_pad(shown.pad if shown is not None else None)
        self.pages.setCurrentWidget(self.splitter if shown else self._welcome_page())
        self.panes.follow_sitting()
        # An empty list has no bottom to scroll to; asked all the same, the view laid its
        # items and headings out at once, which the sitting shown next lays out again
        # (the window's first refresh, before the last sitting opens: whole start under
        # callgrind, 10,000-hand sitting, 1,291.2 M to 1,290.0 M instructions).
        if self.model.rowCount():
            self.table.scrollToBottom()
        self._update_title()
        self.update_actions()
        self.ready_next_hand()
        self.show_explanation(None)
        self.follow_change()

    def follow_change(self) -> None:
        """The other windows showing the sitting follow a change: an open history (a hand
        recorded, a sitting started), the table's display, the shared copy."""
        shown = self.session.shown
        if self.history is not None and self.history.isVisible():
            self.history.reload()
        if self.table_display is not None and self.table_display.isVisible():
            self.table_display.show_sitting(shown)
        if self.sharing is not None:
            self.sharing.publish(shown)

    def update_status(self) -> None:
        shown = self.session.shown
        if shown is None:
            self.status_label.setText("")
            return
        line, before = shown.status_line(), self.status_label.text()
        self.status_label.setText(line)
        unknown = dealer_unknown()
        if unknown in line and unknown not in before:  # the status bar is not read by itself
            announce_at_focus(self, unknown)

    def _update_title(self) -> None:
        shown, program = self.session.shown, _(APP_TITLE)
        # Ending with the application's display name, so that the platform does not add it
        # a second time.
        if shown is None:
            title = _("(read-only) – {program}") if self.session.read_only else "{program}"
            self.setWindowTitle(title.format(program=program))
            self._update_mode()
            return
        sitting = versus(shown.variant, shown.shown_players)
        if shown.recent.title:
            sitting = _("{title}: {players}").format(title=shown.recent.title, players=sitting)
        if self.session.read_only:
            title = _("{sitting} (read-only) – {program}")
        else:
            title = _("{sitting} – {program}")
        self.setWindowTitle(title.format(sitting=sitting, program=program))
        self._update_mode()

    def _update_mode(self) -> None:
        note = self.session.read_only_note or _(READ_ONLY_NOTE)
        self.mode_label.setText(note if self.session.read_only else "")

    def update_actions(self) -> None:
        has_sitting = self.session.shown is not None
        selected = self.selected_position() is not None
        writable = not self.session.read_only
        enabled = {
            _A.EXPORT_SITTING: has_sitting,
            _A.EXPORT_CSV: has_sitting,
            _A.PRINT: has_sitting,
            _A.EXPORT_PDF: has_sitting,
            _A.RENAME_PLAYERS: has_sitting,
            _A.UNDO: self.undo_stack.canUndo(),
            _A.REDO: self.undo_stack.canRedo(),
            _A.DELETE_HAND: selected,
            _A.INSERT_HAND: selected,
            _A.THROWN_IN: has_sitting,
            _A.PREVIOUS_RUBBER: has_sitting and self.sheet.rubber_number() > 1,
            _A.NEXT_RUBBER: has_sitting and self.sheet.rubber_number() < self.sheet.rubber_count(),
        }
        undo = command_at(self.undo_stack, self.undo_stack.index() - 1)
        redo = command_at(self.undo_stack, self.undo_stack.index())
        texts = (
            undo.texts().undo if undo else _("&Undo"),
            redo.texts().redo if redo else _("&Redo"),
        )
        # A recorded hand asks five times (the refresh, and four signals of the undo stack):
        # the forty actions are set again only when something changed.
        state = (tuple(enabled.items()), writable, texts)
        if state == self._actions_state:
            return
        self._actions_state = state
        for name, action in self.named_actions.items():
            action.setEnabled(enabled.get(name, True) and (writable or name not in CHANGES))
        self.named_actions[_A.UNDO].setText(texts[0])
        self.named_actions[_A.REDO].setText(texts[1])
        self.panel.setEnabled(has_sitting and writable)

    def show_explanation(self, position: int | None) -> None:
        shown = self.session.shown
        if shown is None:
            self.explanation.setPlainText("")
            return
        number = shown.count if position is None else position + 1
        self.explanation.setPlainText("\n".join(shown.pad.explain(number)))
        self.panes.fit_explanation()

    # The hand list -----------------------------------------------------------------------

    def ready_next_hand(self) -> None:
        """Put the panel in "record the next hand" mode with its dealer."""
        self.edits.ready_next_hand()

    def submit(self, request: EntryRequest) -> None:
        """Record, insert or replace the panel's hand through an undo command."""
        self.edits.submit(request)

    def selected_position(self) -> int | None:
        """The position (0-based) of the hand selected in the list."""
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def select_hand(self, number: int) -> None:
        """Select hand ``number`` (1-based) in the list (Enter there corrects it)."""
        index = self.model.index(number - 1, 0)
        if index.isValid():
            self.table.selectRow(index.row())
            self.table.scrollTo(index)

    def _show_changed_rubber(self, index: int) -> None:
        # A slot of the window's own, not of its edits: the undo stack (which outlives the
        # window when it is rebuilt) is told nothing more once the window is gone.
        self.edits.show_changed_rubber(index)

    def focus_hand_list(self) -> None:
        """Put the focus in the hand list, at the hand selected, or else the newest."""
        if self.selected_position() is None and self.model.rowCount():
            self.table.select_number(self.model.rowCount())
        self.table.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _step_rubber(self, step: int) -> None:
        number = self.sheet.rubber_number() + step
        if 1 <= number <= self.sheet.rubber_count():
            self.sheet.show_rubber(number)

    # Zoom and settings -------------------------------------------------------------------

    def set_zoom(self, factor: float) -> None:
        """Scale the sheet and the text of the panel, list and explanation (large print)."""
        factor = clamp_zoom(factor)
        self.settings.zoom = factor
        self.sheet.set_zoom(factor)
        # The hand list's headings too: they take the list's font only as long as Qt has not
        # polished them, so a window started in large print kept its headings small (9 pt
        # under 27 pt rows at zoom 3) and laid the list out by their height.
        headers = (self.table.horizontalHeader(), self.table.verticalHeader())
        for widget in (self.panel, self.table, *headers, self.explanation, self.status_label):
            font = widget.font()
            # The status line, one line, grows less: the pad takes the height.
            scale = min(factor, STATUS_ZOOM) if widget is self.status_label else factor
            # The size it has already (the usual print at start-up): set all the same, Qt
            # told each of the panel's widgets of a new font (whole start under callgrind,
            # 10,000-hand sitting: 1,289.8 M to 1,289.3 M instructions).
            if font.pointSizeF() == self._base_point_size * scale:
                continue
            font.setPointSizeF(self._base_point_size * scale)
            widget.setFont(font)
        height = QFontMetrics(self.table.font()).height()
        self.table.verticalHeader().setDefaultSectionSize(int(height * 1.5))
        self.columns.fit()
        self.panes.print_changed()
        QTimer.singleShot(0, self._show_hand_in_list)
        # The totals stay in sight: the enlarged pad scrolls to its foot, and stays there
        # as the window lays it out again.
        self.sheet_area.show_foot()

    def _show_hand_in_list(self) -> None:
        """Scroll the hand list to the hand selected, or else the newest (its rows grew)."""
        position = self.selected_position()
        row = self.model.rowCount() - 1 if position is None else position
        if row >= 0:
            self.table.scrollTo(self.model.index(row, 0))

    def choose_language(self, choice: str) -> None:
        """View > Language: remember ``choice`` ("de", "en"; "" for the system's language),
        speak it, and show the sitting again in a window in that language."""
        if choice == self.settings.language:
            return
        self.settings.language = choice
        self.settings.sync()
        speak(choice, self.environ)
        self.rebuild()

    def rebuild(self) -> MainWindow:
        """A new window in this one's place, built in the language spoken now: the same
        session, settings and undo history, the hand selected and the rubber shown, and the
        panel as it was: a hand partly typed (a new one, one inserted or a correction of the
        same hand), shown in the new language with the focus in the same place (the same
        field, hand in the list, pad, button: :mod:`focus_place`). This window closes;
        ``on_replaced`` is told of the new one, which it returns."""
        # Imported here: only a language switch needs it (the start-up's module budget).
        from jojotte_score.gui.window.focus_place import focus_place

        self.save_settings()
        typed, place = self.panel.panel_state(), focus_place(self)
        self._leave_undo_stack()
        self.stop_following()
        position, rubber = self.selected_position(), self.sheet.rubber_number()
        history_open = self.history is not None and self.history.isVisible()
        display = self.table_display
        display_on = display.screen() if display is not None and display.isVisible() else None
        window = MainWindow(self.session, self.settings, undo_stack=self.undo_stack)
        window.environ, window.unattended = self.environ, self.unattended
        window.on_replaced = self.on_replaced
        explained = self.named_actions[_A.SHOW_EXPLANATION].isChecked()
        window.named_actions[_A.SHOW_EXPLANATION].setChecked(explained)
        window.setWindowState(self.windowState())
        window.show()
        if position is not None:
            window.select_hand(position + 1)
        elif rubber != window.sheet.rubber_number():
            window.sheet.show_rubber(rubber)
        if history_open:
            window.show_history()
        # The panel readied for the same hand as a correction or an insertion is, then
        # what was typed put back on it.
        mode, at = typed.hand
        if mode == "replace" and at is not None:
            window.edits.correct(at)
        elif mode == "insert":
            window.edits.insert_hand()
        window.panel.restore_state(typed)
        if place is not None:
            place.put(window)
        window.activateWindow()  # the focus, and a screen reader told of it, in the new one
        if self.sharing is not None:  # the phones keep their page and its address
            self.sharing.move_to(window)
            window.sharing, self.sharing = self.sharing, None
        # What was typed is the new window's now: cleared here (hidden first, so that no
        # field of this window takes the focus), closing asks nothing.
        self.hide()
        self.panel.new_hand()
        self.close()  # and its table display with it
        if display_on is not None:  # the players' screen shows the new language too
            _display().reopen(window, display_on)
        self.deleteLater()
        self.on_replaced(window)
        return window

    def _leave_undo_stack(self) -> None:
        """This window no longer follows the undo stack, which the window rebuilt in its
        place takes over."""
        for signal in (
            self.undo_stack.canUndoChanged,
            self.undo_stack.canRedoChanged,
            self.undo_stack.undoTextChanged,
            self.undo_stack.redoTextChanged,
        ):
            signal.disconnect(self.update_actions)
        self.undo_stack.indexChanged.disconnect(self._show_changed_rubber)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        resized = kind == _RESIZE
        if resized and watched is self.splitter:
            self.panes.fit_panel()
        elif resized and watched is self.left:
            # a new sitting's layout, once the window has settled on its size
            self.panes.left_resized()
        elif kind == _SHOW and watched is self.splitter:
            _prepare_scoring_once_settled(self)  # the hand entry shown: a hand may follow
        return super().eventFilter(watched, event)

    def _restore_settings(self) -> None:
        self._restore_geometry()
        if self.session.read_only:  # a second copy: beside the first, not exactly on top
            self.move(self.pos() + QPoint(48, 48))
        self.restoreState(self.settings.byte_state("window/state"))
        self.splitter.setSizes([self.width() // 2] * 2)
        self.set_zoom(self.settings.zoom)
        self.panes.restore()

    def _restore_geometry(self) -> None:
        """The geometry last left on the screen the window opens on (the last one it was
        closed on, when it is still there), else the designed size; either fitted to that
        screen's available geometry."""
        screens = {_screen_key(screen): screen for screen in QGuiApplication.screens()}
        last = self.settings.last_screen
        screen = screens.get(last) or self.screen() or QGuiApplication.primaryScreen()
        if screen is None:  # no screen at all: nothing to fit to
            self.resize(*FIRST_SIZE)
            return
        available = _rect(screen.availableGeometry())
        self.setGeometry(_qrect(first_geometry(available)))
        saved = self.settings.screen_geometry(_screen_key(screen))
        if not last:  # kept before each screen had its own
            saved = self.settings.byte_state("window/geometry")
        if not saved.isEmpty() and self.restoreGeometry(saved):
            self.setGeometry(_qrect(fitted_geometry(_rect(self.geometry()), available)))

    def open_shown_last(self) -> None:
        """Show the sitting that was on screen when the window last closed, when it is still
        stored; otherwise the sitting changed most recently."""
        store = self.session.store
        remembered = self.settings.shown_sitting(store.database.path)
        if remembered is not None and store.holds(remembered):
            self.session.open(remembered)
        else:
            self.session.open_last()

    def save_settings(self) -> None:
        """Remember the window's geometry, layout and zoom, and the sitting shown."""
        if not self.session.read_only:  # a second copy's sitting is not the one to reopen
            path = self.session.store.database.path
            self.settings.set_shown_sitting(path, self.session.sitting_id)
        self.settings.set_byte_state("window/geometry", self.saveGeometry())
        screen = self.screen()
        if screen is not None:
            self.settings.set_screen_geometry(_screen_key(screen), self.saveGeometry())
        self.settings.set_byte_state("window/state", self.saveState())
        self.panes.save()
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        question = _("A hand is only partly entered. Quit and drop it?")
        if not self.panel.may_drop_typed(_("Quit"), question):
            event.ignore()
            return
        self.save_settings()
        self.stop_following()
        if self.history is not None:
            self.history.close()
        if self.table_display is not None:
            self.table_display.close()
        if self.sharing is not None:  # the port closes with the window
            self.sharing.stop()
            self.sharing = None
        super().closeEvent(event)


def _rect(rect: QRect) -> Rect:
    return (rect.x(), rect.y(), rect.width(), rect.height())


def _qrect(rect: Rect) -> QRect:
    return QRect(*rect)


def _screen_key(screen: QScreen) -> str:
    size = screen.geometry().size()
    return screen_key(screen.name(), size.width(), size.height())


def _held_viewport(area: QAbstractScrollArea) -> QWidget:
    """``area``'s viewport, handed to Python as a plain widget (keep the reference as long
    as the area lives): the child Qt names ``qt_scrollarea_viewport``.

    A viewport is made by Qt, not by Python. The first time PySide6 is handed such a widget
    by a call that may return any kind of widget (``viewport()``, ``parentWidget()``), it
    sets up QtWidgets' classes to learn which kind it is: ~60 enums, 10-45 ms, which fell
    on the first key of an evening (the hand list's ``viewport()`` when the first hand
    recorded scrolls it; an error label's walk up to the window, through the entry panel's
    scroll area, on the first key refused). Found by its name as a QWidget, the viewport is
    wrapped as one at once, and a wrapper kept alive is the one those calls return later.
    (Found among all the area's children, each child was wrapped too: 7.7 M instructions
    for the four areas, against 0.1 M by the name; callgrind.)
    """
    found = area.findChild(QWidget, VIEWPORT_NAME, Qt.FindChildOption.FindDirectChildrenOnly)
    return found if found is not None else area.viewport()


VIEWPORT_NAME = "qt_scrollarea_viewport"
"""The object name Qt gives the viewport it makes for a scroll area."""


def _prepare_scoring_once_settled(window: QWidget) -> None:
    """Get recording a hand ready :data:`PREPARE_AFTER_SETTLED_MS` after the event loop has
    settled (two passes after now), unless done already or the window is closed by then."""
    if scoring_prepared():
        return

    def prepare_if_shown() -> None:
        # Closed, nobody types into it: ``--quit-after-start``'s quit closes the window in
        # the second pass, and its timer comes first (started sooner, for no later time).
        # Under callgrind a pass takes longer than the wait, and the timer due in the
        # same pass as the quit was run after it.
        if window.isVisible():
            prepare_recording()

    def settled() -> None:
        QTimer.singleShot(PREPARE_AFTER_SETTLED_MS, window, prepare_if_shown)

    QTimer.singleShot(0, window, lambda: QTimer.singleShot(0, window, settled))


class _SheetArea(QScrollArea):
    """The sheet's scroll area: it tells the sheet the height of the room it is shown in,
    and keeps a sheet taller than that room scrolled to its foot (the totals), unless it
    was scrolled up from there.

    A scroll area's resize events are its viewport's, so the viewport itself is never asked
    for: the first widget PySide6 hands Python as a plain QWidget makes it set up every
    widget class of QtWidgets and their enums (16-25 ms of start-up, measured on a 2-core
    machine).
    """

    def __init__(self, sheet: SheetWidget):
        super().__init__()
        self._sheet = sheet
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the sheet is the stop; Tab passes by
        self.setWidget(sheet)
        self.setWidgetResizable(True)
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        # The foot, once shown, stays in sight as the scroll range changes: scrolled there
        # once, the pad lost it again as the window settled. The splitter's passes that keep
        # the hand list's rows took 1-3 pixels from the pad and gave them back, the range
        # shrank and grew again, and the bar kept the shorter range's end, 3 pixels short; a
        # window opened in large print was scrolled before it was laid out, and at 1280×820
        # and four steps of Ctrl++ its totals stood 193 pixels below the pane.
        bar = self.verticalScrollBar()
        self._at_foot = True
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)

    def show_foot(self) -> None:
        """Scroll to the sheet's foot, and follow it there as the sheet or the room changes
        its height."""
        self._at_foot = True
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._sheet.set_room(event.size().height())  # before the area fits the sheet to it
        super().resizeEvent(event)

    def _scrolled(self, value: int) -> None:
        self._at_foot = value >= self.verticalScrollBar().maximum()

    def _range_changed(self, _least: int, most: int) -> None:
        if self._at_foot:  # before the scroll bar keeps its value within the new range
            self.verticalScrollBar().setValue(most)


def _help() -> ModuleType:
    """The Help menu's keyboard reference and About box, imported when first opened."""
    from jojotte_score.gui.window import help_menu

    return help_menu


def _display() -> ModuleType:
    """View > Table display, imported when first chosen."""
    from jojotte_score.gui.display import table_display

    return table_display


def _sharing() -> ModuleType:
    """File > Share with the table, imported (with the server) when first chosen."""
    from jojotte_score.gui.sharing import share_dialog

    return share_dialog
