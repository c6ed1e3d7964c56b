"""The list of recorded hands, worked from the keyboard: a hand number typed selects that
hand (digits typed in quick succession make one number: 1 then 6 is hand 16, and
where there is no hand 16 the list says so and selects none), Home and End
the first and the last hand, Tab into the list lands at the hand selected or else the
newest, the arrow keys step through the hands and stay in the list,
Enter takes the selected hand to the entry panel to be corrected, and so does Alt and a
row's letter: moving in the list only selects (browsing is not correcting)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QElapsedTimer, QEvent, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QTableView, QWidget

from jojotte_score.gui.accessibility import announce
from jojotte_score.i18n import _

HAND_LIST_KEYS = "Ctrl+L"
"""The keys that put the focus in the hand list (at the hand selected, or the newest)."""


class HandTable(QTableView):
    """The hand list. ``chosen`` carries the position (0-based) of the hand Enter took;
    ``chosen_at_field`` the position of the hand selected when Alt and one of
    ``field_letters`` is pressed in the list, before that key takes the focus to its row."""

    chosen = Signal(int)
    chosen_at_field = Signal(int)
    said = Signal(str)  # what the list says (a number typed that names no hand)
    width_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # A table view draws the headings of the columns its selection meets in bold; a
        # whole row selected meets every column, so all of them turned bold as a hand was
        # selected (a correction), wider than the regular print the columns are fitted to:
        # "Kartenpunkte" (81 pixels, 93 in bold) lost its left edge in a 91-pixel column.
        self.horizontalHeader().setHighlightSections(False)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setTabKeyNavigation(False)  # Tab leaves the list, as from any other field
        # Alt and these letters: the panel's rows (asked at each key: a game relabels them).
        self.field_letters: Callable[[], frozenset[str]] = frozenset
        self._typed = ""
        self._since = QElapsedTimer()
        self._room = 0
        # The first of the rows added at the end since the items were last laid out.
        self._appended: int | None = None
        # The list scrolled to its end keeps the newest hand in sight when its scroll range
        # grows: its rows grow taller as a narrower list wraps their notes, and a list
        # widened and narrowed again showed the newest hand cut off at the bottom.
        bar = self.verticalScrollBar()
        self._at_end = True
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)

    def room(self) -> int:
        """The width the rows are shown in (the viewport's, as last resized). The viewport
        itself is not asked for: see the sheet's scroll area in the main window."""
        return self._room

    def resizeEvent(self, event: QResizeEvent) -> None:
        # A scroll area's resize events are its viewport's.
        super().resizeEvent(event)
        if event.size().width() != self._room:
            self._room = event.size().width()
            self.width_changed.emit()

    def _scrolled(self, value: int) -> None:
        self._at_end = value >= self.verticalScrollBar().maximum()

    def _range_changed(self, _least: int, most: int) -> None:
        if self._at_end:  # before the scroll bar keeps its value within the new range
            self.verticalScrollBar().setValue(most)

    # Rows added at the end --------------------------------------------------------------
    # Qt lays the items out again when rows are added, and repaints every cell in sight; a
    # row added at the end (a hand recorded) leaves the rows above as they were, so only
    # the new rows are painted, and the scroll to them moves the others. A recorded hand
    # whose explanation keeps the list's height: 69.9 M instructions to 55.6 M (callgrind,
    # benchmarks/bench_record.py, the explanation's fit switched off to measure it).

    def rowsInserted(
        self, parent: QModelIndex | QPersistentModelIndex, start: int, end: int
    ) -> None:
        super().rowsInserted(parent, start, end)
        model = self.model()
        if model is not None and not parent.isValid() and end == model.rowCount() - 1:
            self._appended = start if self._appended is None else min(start, self._appended)
        else:
            self._appended = None

    def rowsAboutToBeRemoved(
        self, parent: QModelIndex | QPersistentModelIndex, start: int, end: int
    ) -> None:
        self._appended = None
        super().rowsAboutToBeRemoved(parent, start, end)

    def reset(self) -> None:
        self._appended = None
        super().reset()

    def dataChanged(
        self,
        topLeft: QModelIndex | QPersistentModelIndex,
        bottomRight: QModelIndex | QPersistentModelIndex,
        roles: Sequence[int] = (),
    ) -> None:
        # Rows changed as well: Qt leaves them to the layout's full repaint (it repaints no
        # changed rows while a layout is pending), so the layout is Qt's own.
        self._appended = None
        super().dataChanged(topLeft, bottomRight, list(roles))

    def doItemsLayout(self) -> None:
        first, self._appended = self._appended, None
        if first is None:
            super().doItemsLayout()
            return
        # The new scroll range moves the rows (the offset follows the scroll bar's value),
        # which Qt's full repaint would cover: the rows in sight move with it instead.
        header = self.verticalHeader()
        offset = header.offset()
        # Nor does the list follow the new range to its end here (_range_changed): the
        # window scrolls to the new rows next, and the rows' move is repainted below.
        self._at_end = False
        self.updateGeometries()
        self._scrolled(self.verticalScrollBar().value())
        viewport = self.viewport()
        if header.offset() != offset:
            viewport.scroll(0, offset - header.offset())
        top = max(self.rowViewportPosition(first), 0)
        if top < viewport.height():
            viewport.update(0, top, viewport.width(), viewport.height() - top)

    def select_number(self, number: int) -> bool:
        """Select hand ``number`` (1-based); False when there is no such hand."""
        model = self.model()
        if model is None or not 1 <= number <= model.rowCount():
            return False
        index = model.index(number - 1, 0)
        self.setCurrentIndex(index)
        self.selectRow(number - 1)
        self.scrollTo(index)
        return True

    def focusInEvent(self, event: QFocusEvent) -> None:
        # Tab or Shift+Tab into the list lands at the hand selected, or else the newest (the
        # one a scorekeeper corrects), selected as Ctrl+L selects it. Qt's own choice was the
        # first hand, made current but not selected. Chosen before Qt's handling, with the
        # focus already here: the view tells a screen reader of that hand, and only of it.
        tabbed = event.reason() in (
            Qt.FocusReason.TabFocusReason,
            Qt.FocusReason.BacktabFocusReason,
        )
        model, selection = self.model(), self.selectionModel()
        if tabbed and model is not None and selection is not None and not selection.hasSelection():
            self.select_number(model.rowCount())
        super().focusInEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, model = event.key(), self.model()
        text = event.text()
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if plain and text.isdigit() and len(text) == 1:
            self._type_digit(text)
            return
        self._typed = ""  # another key between digits: the next digit starts a number
        if plain and key in (Qt.Key.Key_Home, Qt.Key.Key_End) and model is not None:
            self.select_number(1 if key == Qt.Key.Key_Home else model.rowCount())
        elif plain and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            rows = self.selectionModel().selectedRows() if self.selectionModel() else []
            if rows:
                self.chosen.emit(rows[0].row())
            else:
                event.ignore()
        else:
            super().keyPressEvent(event)

    def event(self, event: QEvent) -> bool:
        # Alt and a row's letter is the shortcut of the panel's row: the hand is loaded
        # first (in the games where a row shows only for some hands it is there then).
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            rows = self.selectionModel().selectedRows() if self.selectionModel() else []
            alt = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            if rows and alt == Qt.KeyboardModifier.AltModifier:
                letter = QKeySequence(event.key()).toString().lower()
                if letter in self.field_letters():
                    self.chosen_at_field.emit(rows[0].row())
        return super().event(event)

    def _type_digit(self, digit: str) -> None:
        """Add ``digit`` to the number being typed (a new number after a pause, or when
        the longer one names no hand)."""
        if (
            not self._since.isValid()
            or self._since.elapsed() > QApplication.keyboardInputInterval()
        ):
            self._typed = ""
        self._since.restart()
        typed = (self._typed + digit).lstrip("0")
        if typed and self.select_number(int(typed)):
            self._typed = typed
            return
        self._typed = ""
        QApplication.beep()
        if not typed:  # "0": no hand is numbered so
            return
        # A number that names no hand selects none: 1 then 6 in a sitting of six hands is
        # not hand 6 (nor stays hand 1), so what is typed next changes nothing unmeant.
        self.clearSelection()
        self.setCurrentIndex(QModelIndex())
        model = self.model()
        last = model.rowCount() if model is not None else 0
        message = _("There is no hand {number}; the hands are numbered 1 to {last}.").format(
            number=int(typed), last=last
        )
        announce(self, message)
        self.said.emit(message)
