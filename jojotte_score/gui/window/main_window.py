"""The main window: the sheet, the entry panel, the hand list and the status line.

It composes; it does not compute. Each slot asks a dialog or the panel, pushes one undo
command (which calls one store function) and the session reloads and replays the sitting;
:meth:`MainWindow.refresh` then updates every view from the session.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
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

from jojotte_score.core.games import find_game
from jojotte_score.core.model import AnyHand
from jojotte_score.gui.accessibility import keep_placeholders_readable
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.entry_panel import EntryPanel, EntryRequest
from jojotte_score.gui.pad.hand_model import Column, HandTableModel
from jojotte_score.gui.pad.hand_table import HAND_LIST_KEYS, HandTable
from jojotte_score.gui.pad.sheet_widget import SheetWidget
from jojotte_score.gui.sitting.commands import (
    AddHand,
    CorrectHands,
    DeleteCorrectingHands,
    DeleteHand,
    InsertHand,
    ReplaceHand,
    StoreCommand,
)
from jojotte_score.gui.window.actions import CHANGES, add_menus, create_actions, language_actions
from jojotte_score.gui.window.app_identity import APP_TITLE
from jojotte_score.gui.window.focus_marks import FocusMarks
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
from jojotte_score.gui.window.sitting_menus import READ_ONLY_NOTE, SittingMenus, _dialogs
from jojotte_score.gui.window.status_line import STATUS_ZOOM, StatusLine
from jojotte_score.i18n import _
from jojotte_score.presenters.session import Session, versus

if TYPE_CHECKING:
    from jojotte_score.gui.display.table_display import TableDisplay
    from jojotte_score.gui.sharing.share_dialog import Sharing

_A = ActionName
_ROWS_MEASURED = 30  # the newest rows, whose widths size the hand list's columns
_HAND_ROWS = 4  # rows of the hand list large print keeps in sight
_NOTES_LINES = 2  # the most a hand's notes wrap onto: large print leaves a row in sight
_CELL_MARGINS = 8  # a cell's text margins and grid line, with a pixel to spare (Qt's: 7)
_SHRINKING_COLUMNS = (Column.DEALER, Column.CONTRACT, Column.POINTS)  # elided when narrow
_LEFT_SIZES = [480, 220, 100]  # the pad, the hand list and the explanation, by default
_SMALLEST_SHEET = 360  # pixels: narrower than this beside the panel, the pad goes above it


class MainWindow(SittingMenus, QMainWindow):
    """The scorepad window over one :class:`Session`.

    ``undo_stack`` is the undo history to go on with (a window rebuilt in another language
    keeps its predecessor's); a new one by default.
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
    ):
        super().__init__(parent)
        self.session, self.settings = session, settings
        # The layout the user dragged (None: the window fits it): the heights of the pad,
        # list and explanation, and the panel's share of the width.
        self._chosen_left: list[int] | None = None
        self._chosen_panel: float | None = None
        self._laid_out_for: int | None = -1  # the sitting the layout was last set for
        self._layout_pending = False  # a new sitting's layout waits for the window's size
        if undo_stack is None:
            undo_stack = QUndoStack(self)
        else:
            undo_stack.setParent(self)
        self.undo_stack = undo_stack
        self._actions_state: object = None  # what the actions were last set to show
        # While a change is made: the position of the first hand it reaches, the rows
        # before it stay in the hand list as they are (see refresh).
        self._change_at: int | None = None
        self._listed: int | None = None  # the sitting the hand list shows
        self._refreshing = False
        self._tall_rows: set[int] = set()  # rows whose notes wrap onto a second line
        # Told of the window that takes this one's place (View > Language).
        self.on_replaced: Callable[[MainWindow], None] = lambda window: None
        self.named_actions = create_actions(self)
        self.languages = language_actions(self, settings.language)
        self._base_point_size = QApplication.font().pointSizeF()
        QApplication.setApplicationDisplayName(_(APP_TITLE))
        self._build_views()
        self.focus_marks = FocusMarks(self)  # a ring round the widget with the focus
        app = QApplication.instance()
        if isinstance(app, QApplication):
            keep_placeholders_readable(app)  # "optional" readable in every theme
        add_menus(self.menuBar(), self.named_actions, self.languages)
        self._connect()
        session.on_changed = self.refresh
        session.on_error = self._report_error
        self._restore_settings()
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
        self.table.width_changed.connect(self._fit_columns)  # the columns fit its new width
        # The width of each text the columns were fitted to, in the list's font: measuring
        # the 240 texts of the newest rows again took a third of the fit on every hand
        # recorded (profile of benchmarks/bench_record.py).
        self._advances_font, self._advances = "", dict[str, int]()
        # And the cell of each widest text, and the headings' sizes, as Qt's style measures
        # them: eight cells and nine headings measured again on every hand recorded (67.9 M
        # instructions a recorded hand to 66.5 M, callgrind, benchmarks/bench_record.py).
        self._cell_widths: dict[str, int] = {}
        self._headings: tuple[object, list[int]] = ((), [])
        self.explanation = QPlainTextEdit(readOnly=True)
        self.explanation.setAccessibleName(_("Explanation"))
        self.explanation.setPlaceholderText(_("The explanation of the selected hand shows here."))
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
        self.pages = QStackedWidget()
        self.pages.addWidget(self._welcome())
        self.pages.addWidget(self.splitter)
        self.setCentralWidget(self.pages)
        self.status_label = StatusLine()
        self.mode_label = QLabel()
        self.statusBar().addWidget(self.status_label, 1)
        self.statusBar().addPermanentWidget(self.mode_label)

    def _welcome(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addStretch(1)
        text = QLabel(_("No sitting yet. Start one, or import a sitting file."))
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(text)
        for name in (_A.NEW_SITTING, _A.IMPORT_SITTING):
            button = QPushButton(self.named_actions[name].text().replace("&", ""))
            button.clicked.connect(self.named_actions[name].trigger)
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(2)
        return page

    def _connect(self) -> None:
        slots = {
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
            _A.UNDO: lambda: self._step_history(self.undo_stack.undo, -1),
            _A.REDO: lambda: self._step_history(self.undo_stack.redo, 0),
            _A.DELETE_HAND: self.delete_hand,
            _A.INSERT_HAND: self.insert_hand,
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
        for name, slot in slots.items():
            self.named_actions[name].triggered.connect(slot)
            self.addAction(self.named_actions[name])
        self.named_actions[_A.SHOW_EXPLANATION].toggled.connect(self.explanation.setVisible)
        self.languages.triggered.connect(lambda action: self.choose_language(action.data()))
        self.undo_stack.canUndoChanged.connect(self._update_actions)
        self.undo_stack.canRedoChanged.connect(self._update_actions)
        self.undo_stack.undoTextChanged.connect(self._update_actions)
        self.undo_stack.redoTextChanged.connect(self._update_actions)
        self._stack_index = self.undo_stack.index()
        self._lent = 0  # pixels of the hand list lent to a long explanation
        self.left.splitterMoved.connect(self._left_dragged)
        self.splitter.splitterMoved.connect(self._panel_dragged)
        self.undo_stack.indexChanged.connect(self._show_changed_rubber)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.table.chosen.connect(self._correct)
        self.table.chosen_at_field.connect(self._correct_at_field)
        self.table.field_letters = self.panel.row_letters
        self.table.said.connect(lambda text: self.statusBar().showMessage(text, 8000))
        # Ctrl+L: to the hand list, at the hand selected or else the newest, to correct it.
        to_list = QShortcut(QKeySequence(HAND_LIST_KEYS), self)
        to_list.activated.connect(self.focus_hand_list)
        self.panel.submitted.connect(self.submit)
        self.panel.cancelled.connect(self._cancelled)
        self.panel.started.connect(self.sheet.show_next_rubber)  # a new rubber, a new pad
        self.sheet.hand_activated.connect(self.select_hand)
        self.sheet.rubber_shown.connect(lambda _number: self._update_actions())

    # Refreshing --------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the session's sitting in every view and ready the panel for the next hand."""
        shown = self.session.shown
        sitting = shown.id if shown is not None else None
        # The rows before the hand a change reached are left as they are (0: all anew).
        unchanged = self._change_at if sitting == self._listed else None
        self._listed = sitting
        self._refreshing = True  # the list's selection cleared: ready below, once
        try:
            self.table.clearSelection()
            self.table.setCurrentIndex(QModelIndex())
            self.model.set_pad(
                shown.shown_players if shown else (),
                shown.pad if shown else None,
                unchanged=unchanged or 0,
            )
        finally:
            self._refreshing = False
        self.sheet.set_selected_hand(None)  # nothing is selected in the list
        self._fit_columns()
        self.sheet.set_pad(shown.pad if shown is not None else None)
        self.pages.setCurrentIndex(1 if shown else 0)
        if self.session.sitting_id != self._laid_out_for:
            self._lay_out_for_sitting()
        self.table.scrollToBottom()
        self._update_title()
        self._update_actions()
        self.ready_next_hand()
        self._show_explanation(None)
        # An open history follows each change: a hand recorded, a sitting started.
        if self.history is not None and self.history.isVisible():
            self.history.reload()
        if self.table_display is not None and self.table_display.isVisible():
            self.table_display.show_sitting(shown)
        if self.sharing is not None:
            self.sharing.publish(shown)

    def _update_status(self) -> None:
        shown = self.session.shown
        if shown is None:
            self.status_label.setText("")
            return
        self.status_label.setText(shown.status_line())

    def _update_title(self) -> None:
        shown, program = self.session.shown, _(APP_TITLE)
        # Ending with the application's display name, so that the platform does not add it
        # a second time.
        if shown is None:
            title = _("(read-only) — {program}") if self.session.read_only else "{program}"
            self.setWindowTitle(title.format(program=program))
            self._update_mode()
            return
        sitting = versus(shown.variant, shown.shown_players)
        if shown.recent.title:
            sitting = _("{title}: {players}").format(title=shown.recent.title, players=sitting)
        if self.session.read_only:
            title = _("{sitting} (read-only) — {program}")
        else:
            title = _("{sitting} — {program}")
        self.setWindowTitle(title.format(sitting=sitting, program=program))
        self._update_mode()

    def _update_mode(self) -> None:
        note = self.session.read_only_note or _(READ_ONLY_NOTE)
        self.mode_label.setText(note if self.session.read_only else "")

    def _update_actions(self) -> None:
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
        undo = _command(self.undo_stack, self.undo_stack.index() - 1)
        redo = _command(self.undo_stack, self.undo_stack.index())
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

    def _show_explanation(self, position: int | None) -> None:
        shown = self.session.shown
        if shown is None:
            self.explanation.setPlainText("")
            return
        number = shown.count if position is None else position + 1
        self.explanation.setPlainText("\n".join(shown.pad.explain(number)))
        self._fit_explanation()

    def _fit_explanation(self) -> None:
        """Make the explanation pane tall enough to read without scrolling, taking the room
        from the hand list (which keeps five rows); a shorter explanation gives the room it
        took back to the list."""
        metrics = QFontMetrics(self.explanation.font())
        width = max(self.explanation.maximumViewportSize().width() - 8, 1)
        text = self.explanation.toPlainText().splitlines()
        lines = sum(-(-metrics.horizontalAdvance(line) // width) or 1 for line in text)
        needed = (lines + 1) * metrics.lineSpacing() + 2 * self.explanation.frameWidth()
        sizes = self.left.sizes()
        if len(sizes) != 3 or self._chosen_left is not None:  # the heights the user dragged
            return
        if self._layout_pending:  # fitted once the window has its size
            return
        row = self.table.verticalHeader().defaultSectionSize()
        rows = self.table.horizontalHeader().height() + 5 * row + 2 * self.table.frameWidth()
        if needed > sizes[2]:  # taken from the list, as far as it has more than its rows
            grow = max(min(needed - sizes[2], sizes[1] - rows), 0)
        else:  # room to spare: give back what a longer explanation took
            grow = -min(self._lent, sizes[2] - needed)
        if grow:
            self._lent = max(self._lent + grow, 0)
            self.left.setSizes([sizes[0], sizes[1] - grow, sizes[2] + grow])

    # The panel ---------------------------------------------------------------------------

    def ready_next_hand(self) -> None:
        """Put the panel in "record the next hand" mode with its dealer."""
        shown = self.session.shown
        if shown is None:
            return
        with self.panel.one_update():
            self.panel.new_hand()
            self._set_panel_context(shown.count, shown.dealer_at(shown.count))
        self._update_status()

    def _set_panel_context(self, count: int, dealer: int | None) -> None:
        shown = self.session.shown
        assert shown is not None
        self.panel.set_context(
            shown.variant, shown.shown_players, shown.rules, shown.scorer_before(count), dealer
        )

    def submit(self, request: EntryRequest) -> None:
        """Record, insert or replace the panel's hand through an undo command."""
        if self.session.shown is None or self.session.read_only:
            return
        if request.mode == "insert" and request.position is not None:
            self._push(InsertHand(self.session, request.position, request.hand))
        elif request.mode == "replace" and request.position is not None:
            self._replace(request.position, request.hand)
        else:
            self._push(AddHand(self.session, request.hand))
            self._ask_new_cut()

    def _replace(self, position: int, hand: AnyHand) -> None:
        """Put an edited hand in place. When the edit makes later hands illegal (in the
        chouette: it changes who wins a rubber, so later rubbers' box and captain, C3, and
        later hands were dealt by the partner, C7), say which hands and why, and offer to
        clear or re-derive those dealers in the same step, or Cancel."""
        corrector = self.session.corrector(position)
        correction = None if corrector is None else corrector(hand)
        if correction is None:
            self._push(ReplaceHand(self.session, position, hand))
            return
        from jojotte_score.core.corrections import DealerChoice  # only for such an edit
        from jojotte_score.gui.sitting.correction_words import correction_question

        choice = _dialogs().ask_choice(
            self,
            _("Edit hand {number}").format(number=position + 1),
            correction_question(position + 1, correction),
            [_("&Re-derive their dealers"), _("&Clear their dealers")],
        )
        if choice is None:
            return
        fix = (DealerChoice.REDERIVE, DealerChoice.CLEAR)[choice]
        self._push(CorrectHands(self.session, position, hand, correction.hands(fix)))

    def _push(self, command: StoreCommand) -> None:
        """Make the change ``command`` makes, as a step of the undo history."""
        self._change_at = command.first_changed()
        self.statusBar().clearMessage()  # what was said of the change before is past
        try:
            self.undo_stack.push(command)
        finally:
            self._change_at = None

    def _step_history(self, step: Callable[[], None], offset: int) -> None:
        """Undo or redo (``step``) the command ``offset`` from the undo history's index."""
        command = _command(self.undo_stack, self.undo_stack.index() + offset)
        self._change_at = command.first_changed() if command is not None else None
        try:
            step()
        finally:
            self._change_at = None
        if command is not None:  # what is true now, not what was said before the step
            said = _("{change}: undone.") if offset else _("{change}: done again.")
            self.statusBar().showMessage(said.format(change=command.texts().text), 10000)

    def _cancelled(self) -> None:
        self.table.clearSelection()
        self.ready_next_hand()

    # The hand list -----------------------------------------------------------------------

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

    def _selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        if self._refreshing:  # the refresh readies the panel and the rest itself
            return
        position, shown = self.selected_position(), self.session.shown
        self._update_actions()
        self.sheet.set_selected_hand(None if position is None else position + 1)
        if position is not None:
            self.sheet.show_hand(position + 1)  # the rubber of the hand being edited
        if position is None or shown is None:
            in_list = self.table.hasFocus()
            self.ready_next_hand()
            self._show_explanation(None)
            if in_list:  # a number that named no hand: the next digits still go to the list
                self.table.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self._show_explanation(position)
        # Browsing is not correcting: the panel loads a hand only by Enter or Alt and a
        # row's letter (_correct); one being corrected or inserted is left, not another's.
        if self.panel.mode()[0] != "add" and self.panel.mode()[1] != position:
            in_list = self.table.hasFocus()
            self.ready_next_hand()
            if in_list:  # the next arrow key or hand number still moves in the list
                self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_changed_rubber(self, index: int) -> None:
        """After a hand is recorded, inserted, edited or deleted, or that is undone or
        redone, show the rubber it changed (not the newest one)."""
        done = index > self._stack_index
        self._stack_index = index
        command = _command(self.undo_stack, index - 1 if done else index)
        position = command.position() if command is not None else None
        if position is not None and self.selected_position() is None:
            self.sheet.show_hand(position + 1)

    def focus_hand_list(self) -> None:
        """Put the focus in the hand list, at the hand selected, or else the newest."""
        if self.selected_position() is None and self.model.rowCount():
            self.table.select_number(self.model.rowCount())
        self.table.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _correct(self, position: int) -> None:
        """Enter in the hand list: the panel's first field, to correct the hand selected."""
        shown = self.session.shown
        if shown is None or self.session.read_only:
            return
        with self.panel.one_update():
            self._set_panel_context(position, shown.hand(position).dealer)
            self.panel.edit_hand(position, shown.hand(position), self._later_hands(position))

    def _correct_at_field(self, position: int) -> None:
        """Alt and a row's letter in the hand list: the hand selected is loaded to be
        corrected, and the key then takes the focus from the list to that row."""
        if self.panel.mode() != ("replace", position):
            self._correct(position)
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _later_hands(self, position: int) -> Callable[[AnyHand], list[str]] | None:
        """What a hand put in place of the one at ``position`` makes illegal in the later
        hands, as the panel's preview says it while the edit is typed; None in the games
        where an edit cannot."""
        corrector = self.session.corrector(position)
        if corrector is None:
            return None

        def lines(hand: AnyHand) -> list[str]:
            correction = corrector(hand)
            if correction is None:
                return []
            from jojotte_score.gui.sitting.correction_words import correction_preview

            return correction_preview(correction)

        return lines

    def delete_hand(self) -> None:
        """Delete the selected hand (undoable). When its absence makes later hands illegal
        (the chouette's dealers, once another side wins a rubber), the reasons are shown
        and the fixes offered with the deletion as one step, or Cancel."""
        position, shown = self.selected_position(), self.session.shown
        if position is not None and shown is not None:
            correction = find_game(shown.variant).deletion(shown.sitting, position)
            command: StoreCommand = DeleteHand(self.session, position)
            if correction is not None:
                from jojotte_score.core.corrections import DealerChoice  # only for such a hand
                from jojotte_score.gui.sitting.correction_words import deletion_question

                choice = _dialogs().ask_choice(
                    self,
                    _("Delete hand {number}").format(number=position + 1),
                    deletion_question(position + 1, correction),
                    [_("&Re-derive their dealers"), _("&Clear their dealers")],
                )
                if choice is None:
                    return
                fix = (DealerChoice.REDERIVE, DealerChoice.CLEAR)[choice]
                command = DeleteCorrectingHands(self.session, position, correction.hands(fix))
            self._push(command)
            if command.isObsolete():  # refused: the store's reason was shown
                return
            keys = (
                self.named_actions[_A.UNDO]
                .shortcut()
                .toString(QKeySequence.SequenceFormat.NativeText)
            )
            message = _("Hand {number} deleted; {keys} (Undo) brings it back.")
            self.statusBar().showMessage(message.format(number=position + 1, keys=keys), 10000)

    def insert_hand(self) -> None:
        """Ready the panel to record a forgotten hand before the selected one."""
        position, shown = self.selected_position(), self.session.shown
        if position is None or shown is None:
            self.statusBar().showMessage(_("Select the hand to insert before first."), 5000)
            return
        self.statusBar().clearMessage()  # a deletion said before is past
        with self.panel.one_update():
            self.panel.new_hand(position)
            self._set_panel_context(position, shown.dealer_at(position))
        self.panel.setFocus()

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
        for widget in (self.panel, self.table, self.explanation, self.status_label):
            font = widget.font()
            # The status line, one line, grows less: the pad takes the height.
            scale = min(factor, STATUS_ZOOM) if widget is self.status_label else factor
            font.setPointSizeF(self._base_point_size * scale)
            widget.setFont(font)
        height = QFontMetrics(self.table.font()).height()
        self.table.verticalHeader().setDefaultSectionSize(int(height * 1.5))
        self._fit_columns()
        self._chosen_panel = None  # the panel's width follows its print
        self._fit_panel()
        self._keep_hand_rows()
        QTimer.singleShot(0, self._show_hand_in_list)
        # The totals stay in sight: the enlarged pad scrolls to its foot.
        QTimer.singleShot(0, self._show_sheet_foot)

    def _show_hand_in_list(self) -> None:
        """Scroll the hand list to the hand selected, or else the newest (its rows grew)."""
        position = self.selected_position()
        row = self.model.rowCount() - 1 if position is None else position
        if row >= 0:
            self.table.scrollTo(self.model.index(row, 0))

    def _show_sheet_foot(self) -> None:
        bar = self.sheet_area.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _keep_hand_rows(self) -> None:
        """Larger print keeps _HAND_ROWS rows of the hand list in sight: the explanation
        gives up its height first, then the sheet (which scrolls)."""
        sizes = self.left.sizes()
        total = sum(sizes)
        if total <= 0 or len(sizes) != 3:
            return
        rows = self.table.verticalHeader().defaultSectionSize() * _HAND_ROWS
        needed = self.table.horizontalHeader().height() + rows + 2 * self.table.frameWidth()
        if sizes[1] >= needed:
            return
        explanation = min(sizes[2], QFontMetrics(self.explanation.font()).lineSpacing() * 3)
        sheet = max(total - needed - explanation, total // 4)
        self.left.setSizes([sheet, total - sheet - explanation, explanation])
        if self._chosen_left is not None:  # what the user chose, with the rows kept
            self._chosen_left = self.left.sizes()

    # The layout the user chose -----------------------------------------------------------

    def _left_dragged(self, _position: int, _index: int) -> None:
        """The user dragged the heights of the pad, list and explanation: they stay (the
        window no longer fits the explanation by itself) and are remembered."""
        self._chosen_left = self.left.sizes()
        self._lent = 0

    def _panel_dragged(self, _position: int, _index: int) -> None:
        """The user dragged the panel's width: its share of the window stays (until the
        print size changes) and is remembered."""
        sizes = self.splitter.sizes()
        if self.splitter.orientation() == Qt.Orientation.Horizontal and sum(sizes) > 0:
            self._chosen_panel = sizes[1] / sum(sizes)

    def _lay_out_for_sitting(self) -> None:
        """Another sitting is shown: the pad, list and explanation start from the heights
        the user chose, or else from the default ones, not from what the last sitting's
        explanations made of them."""
        self._laid_out_for = self.session.sitting_id
        self._lent = 0
        self._layout_pending = True
        self._apply_layout()

    def _apply_layout(self) -> None:
        """Set the heights a new sitting starts from, once the window has its size (a
        sitting opened before the window is first shown is laid out when it is)."""
        total = sum(self.left.sizes())
        if not self._layout_pending or not self.left.isVisible() or total <= 0:
            return
        self._layout_pending = False
        sizes = self._chosen_left or _LEFT_SIZES
        self.left.setSizes([size * total // sum(sizes) for size in sizes])
        self._keep_hand_rows()
        self._fit_explanation()

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
        session, settings and undo history, the hand selected and the rubber shown. This
        window closes; ``on_replaced`` is told of the new one, which it returns. (A hand
        half typed in the panel is not carried over.)"""
        self.save_settings()
        for signal in (
            self.undo_stack.canUndoChanged,
            self.undo_stack.canRedoChanged,
            self.undo_stack.undoTextChanged,
            self.undo_stack.redoTextChanged,
        ):
            signal.disconnect(self._update_actions)
        self.undo_stack.indexChanged.disconnect(self._show_changed_rubber)
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
        if self.sharing is not None:  # the phones keep their page and its address
            self.sharing.move_to(window)
            window.sharing, self.sharing = self.sharing, None
        self.close()  # and its table display with it
        if display_on is not None:  # the players' screen shows the new language too
            _display().reopen(window, display_on)
        self.deleteLater()
        self.on_replaced(window)
        return window

    def _fit_columns(self) -> None:
        """Each column as wide as its heading and the rows in sight need; the notes take
        what is left (a cell cut short is elided, its tooltip tells it whole). When the list
        is too narrow for them all, the dealer, contract and card points give up width, down
        to their headings' width, when that spares the list scrolling sideways."""
        if not self.table.room():  # never shown yet: fitted when it is (width_changed)
            return
        header = self.table.horizontalHeader()
        two_lines = 2 * QFontMetrics(header.font()).lineSpacing() + 10
        header.setFixedHeight(two_lines)  # a side's name above "above" or "below"
        count = self.model.rowCount()
        newest = range(max(0, count - _ROWS_MEASURED), count)  # older rows load on demand
        grid = 1 if self.table.showGrid() else 0  # a cell's grid line, as Qt's own fit adds
        font = self.table.font()
        if font.key() != self._advances_font:  # each text's width in the list's font
            self._advances_font, self._advances, self._cell_widths = font.key(), {}, {}
        metrics, known, cells = QFontMetrics(font), self._advances, self._cell_widths
        notes = self.model.notes_column()
        horizontal = Qt.Orientation.Horizontal
        headings = (
            header.font().key(),
            *(self.model.headerData(c, horizontal) for c in range(notes + 1)),
        )
        if headings != self._headings[0]:
            self._headings = (headings, [header.sectionSizeHint(c) for c in range(notes + 1)])
        heading_sizes = self._headings[1]
        # Each row's texts read once, not through a model index and data() per cell: the
        # 240 cells' texts took 3.2-6.3 ms, now 0.5-1.0 ms (best of 30, a busy machine), on
        # every hand recorded.
        texts = {row: self.model.row_texts(row) for row in newest}
        widths, least = [], []
        for column in range(notes):
            width = heading = heading_sizes[column]
            # A column's cells share one font and alignment, so the widest text makes the
            # widest cell, and the view measures only that one: measuring every cell of the
            # newest rows took 6-10 ms of start-up (QStyle sizes each cell, with its margins).
            advances = {}
            for row in newest:
                text = texts[row][column]
                advance = known.get(text)
                if advance is None:
                    advance = known[text] = metrics.horizontalAdvance(text)
                advances[row] = advance
            widest = max(advances, key=advances.__getitem__, default=None)
            if widest is not None:
                text = texts[widest][column]
                cell = cells.get(text)
                if cell is None:
                    index = self.model.index(widest, column)
                    cell = cells[text] = self.table.sizeHintForIndex(index).width()
                width = max(width, cell + grid)
            widths.append(width)
            least.append(heading if column in _SHRINKING_COLUMNS else width)
        # The notes, stretched to the right edge, are never narrower than a new section.
        notes_width = max(heading_sizes[notes], header.defaultSectionSize())
        room = self.table.room() - notes_width
        _shrink(widths, least, sum(widths) - room)
        for column, width in enumerate(widths):
            self.table.setColumnWidth(column, width)
        self._fit_notes(newest, max(self.table.room() - sum(widths), notes_width), metrics)

    def _fit_notes(self, rows: range, width: int, metrics: QFontMetrics) -> None:
        """Notes wider than their column (``width``) wrap onto a second line ("gewinnt 150
        aus dem Keller; Partie und Robber 1 an A" in German), in the newest rows, those the
        columns are fitted to. Notes too long for two lines (in large print), and an older
        row's too long for one, are cut short; the row's tooltip tells the hand whole."""
        room = width - _CELL_MARGINS
        line, spacing = self.table.verticalHeader().defaultSectionSize(), metrics.lineSpacing()
        tall = set()
        known = self._advances  # each text's width in the list's font, as for the columns
        for row in rows:
            text = self.model.notes(row)
            lines = 1
            advance = known.get(text)
            if advance is None:
                advance = known[text] = metrics.horizontalAdvance(text)
            if advance > room:
                wrap = Qt.TextFlag.TextWordWrap
                lines = metrics.boundingRect(0, 0, room, 100 * spacing, wrap, text).height()
                lines = max(1, min(lines // spacing, _NOTES_LINES))
            height = line + (lines - 1) * spacing
            if lines > 1:
                tall.add(row)
            if self.table.rowHeight(row) != height:
                self.table.setRowHeight(row, height)
        # A row no longer among the newest (the list was not reset: a hand recorded)
        # takes one line again, as in a list shown anew.
        for row in self._tall_rows - tall:
            if row < self.model.rowCount() and self.table.rowHeight(row) != line:
                self.table.setRowHeight(row, line)
        self._tall_rows = tall

    def _fit_panel(self) -> None:
        """Give the panel the width its text needs at this size, the sheet the rest; when
        the window is too narrow for both side by side, the pad goes above the panel."""
        layout = self.panel.layout()
        if layout is not None:
            layout.activate()  # the new font's sizes, not the old ones
        bar = self.panel_area.verticalScrollBar().sizeHint().width()
        needed = self.panel.narrowest() + bar + 8
        side_by_side = self.width() >= needed + _SMALLEST_SHEET
        orientation = Qt.Orientation.Horizontal if side_by_side else Qt.Orientation.Vertical
        if self.splitter.orientation() != orientation:
            self.splitter.setOrientation(orientation)
        if not side_by_side:
            self.splitter.setSizes([self.height() // 2] * 2)
            return
        total = sum(self.splitter.sizes()) or self.width()
        if self._chosen_panel is not None:  # the width the user dragged it to
            panel = round(total * self._chosen_panel)
            self.splitter.setSizes([total - panel, panel])
            return
        room = max(total // 2, total - self.sheet.sizeHint().width() - bar - 8)
        wanted = min(max(needed, total * 2 // 5), room)
        self.splitter.setSizes([total - wanted, wanted])

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_panel()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        resized = watched is self.left and event.type() == QEvent.Type.Resize
        if resized and self._layout_pending:  # once the window has settled on its size
            QTimer.singleShot(0, self._apply_layout)
        return super().eventFilter(watched, event)

    def _restore_settings(self) -> None:
        self._restore_geometry()
        if self.session.read_only:  # a second copy: beside the first, not exactly on top
            self.move(self.pos() + QPoint(48, 48))
        self.restoreState(self.settings.byte_state("window/state"))
        self.splitter.setSizes([self.width() // 2] * 2)
        self.set_zoom(self.settings.zoom)
        # Only a layout the user dragged is kept: what the window fitted by itself is not.
        heights = self.settings.chosen_sizes("window/chosen_heights")
        self._chosen_left = heights if heights is not None and len(heights) == 3 else None
        widths = self.settings.chosen_sizes("window/chosen_widths")
        if widths is not None and len(widths) == 2:
            self._chosen_panel = widths[1] / sum(widths)
            self._fit_panel()

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
        if remembered is not None and remembered in dict(store.created_dates()):
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
        self.settings.set_chosen_sizes("window/chosen_heights", self._chosen_left)
        share = self._chosen_panel  # kept as the pad's and the panel's thousandths
        widths = None if share is None else [1000 - round(share * 1000), round(share * 1000)]
        self.settings.set_chosen_sizes("window/chosen_widths", widths)
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        question = _("A hand is half typed. Quit and drop it?")
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


def _shrink(widths: list[int], least: list[int], excess: int) -> None:
    """Take ``excess`` pixels from ``widths``, from each in proportion to what it has
    above its ``least``, never below it; nothing when that cannot take it all (the list
    scrolls sideways anyway, and then shows its cells whole)."""
    spare = sum(width - low for width, low in zip(widths, least, strict=True))
    if excess <= 0 or spare < excess:
        return
    for column, low in enumerate(least):
        cut = -(-(widths[column] - low) * excess // spare)  # rounded up: all of it is taken
        widths[column] -= min(cut, widths[column] - low)


class _SheetArea(QScrollArea):
    """The sheet's scroll area: it tells the sheet the height of the room it is shown in.

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

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._sheet.set_room(event.size().height())  # before the area fits the sheet to it
        super().resizeEvent(event)


def _command(stack: QUndoStack, index: int) -> StoreCommand | None:
    """The command at ``index`` of the undo history, if there is one there."""
    command = stack.command(index) if 0 <= index < stack.count() else None
    return command if isinstance(command, StoreCommand) else None


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
