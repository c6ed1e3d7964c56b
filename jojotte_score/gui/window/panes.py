"""The sizes of the main window's panes: the pad, the hand list and the explanation stacked
on the left, the entry panel beside them (or below, when the window is narrow).

The window fits them to what they show (a long explanation borrows the list's height, large
print keeps rows of the list in sight) until the user drags a splitter: what was dragged
stays and is remembered in the settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFontMetrics

if TYPE_CHECKING:
    from PySide6.QtWidgets import QPlainTextEdit, QScrollArea, QSplitter

    from jojotte_score.gui.entry.entry_panel import EntryPanel
    from jojotte_score.gui.pad.hand_table import HandTable
    from jojotte_score.gui.pad.sheet_widget import SheetWidget
    from jojotte_score.gui.window.settings import AppSettings
    from jojotte_score.presenters.session import Session

_HAND_ROWS = 4  # rows of the hand list large print keeps in sight
_LEFT_SIZES = [480, 220, 100]  # the pad, the hand list and the explanation, by default
_SMALLEST_SHEET = 360  # pixels: narrower than this beside the panel, the pad goes above it


class PanedWindow(Protocol):
    """What the panes need of the main window: its size, its splitters and what they hold."""

    left: QSplitter  # the pad, the hand list and the explanation
    splitter: QSplitter  # the left splitter and the panel's scroll area
    sheet: SheetWidget
    table: HandTable
    explanation: QPlainTextEdit
    panel: EntryPanel
    panel_area: QScrollArea
    settings: AppSettings
    session: Session

    def width(self) -> int: ...
    def height(self) -> int: ...


class Panes:
    """The splitters of ``window`` and the sizes the user chose for them."""

    def __init__(self, window: PanedWindow):
        self._window = window
        # The layout the user dragged (None: the window fits it): the heights of the pad,
        # list and explanation, and the panel's share of the width.
        self.chosen_left: list[int] | None = None
        self.chosen_panel: float | None = None
        self._laid_out_for: int | None = -1  # the sitting the layout was last set for
        self.pending = False  # a new sitting's layout waits for the window's size
        self._lent = 0  # pixels of the hand list lent to a long explanation
        window.left.splitterMoved.connect(self.left_dragged)
        window.splitter.splitterMoved.connect(self.panel_dragged)

    def restore(self) -> None:
        """Take up the layout the user last dragged, as the settings kept it (only a layout
        the user dragged is kept: what the window fitted by itself is not)."""
        settings = self._window.settings
        heights = settings.chosen_sizes("window/chosen_heights")
        self.chosen_left = heights if heights is not None and len(heights) == 3 else None
        widths = settings.chosen_sizes("window/chosen_widths")
        if widths is not None and len(widths) == 2:
            self.chosen_panel = widths[1] / sum(widths)
            self.fit_panel()

    def save(self) -> None:
        """Remember the layout the user dragged (None where the window fits it)."""
        settings = self._window.settings
        settings.set_chosen_sizes("window/chosen_heights", self.chosen_left)
        share = self.chosen_panel  # kept as the pad's and the panel's thousandths
        widths = None if share is None else [1000 - round(share * 1000), round(share * 1000)]
        settings.set_chosen_sizes("window/chosen_widths", widths)

    def fit_explanation(self) -> None:
        """Make the explanation pane tall enough to read without scrolling, taking the room
        from the hand list (which keeps five rows); a shorter explanation gives the room it
        took back to the list."""
        window = self._window
        explanation, table, left = window.explanation, window.table, window.left
        metrics = QFontMetrics(explanation.font())
        width = max(explanation.maximumViewportSize().width() - 8, 1)
        text = explanation.toPlainText().splitlines()
        lines = sum(-(-metrics.horizontalAdvance(line) // width) or 1 for line in text)
        needed = (lines + 1) * metrics.lineSpacing() + 2 * explanation.frameWidth()
        sizes = left.sizes()
        if len(sizes) != 3 or self.chosen_left is not None:  # the heights the user dragged
            return
        if self.pending:  # fitted once the window has its size
            return
        row = table.verticalHeader().defaultSectionSize()
        rows = table.horizontalHeader().height() + 5 * row + 2 * table.frameWidth()
        if needed > sizes[2]:  # taken from the list, as far as it has more than its rows
            grow = max(min(needed - sizes[2], sizes[1] - rows), 0)
        else:  # room to spare: give back what a longer explanation took
            grow = -min(self._lent, sizes[2] - needed)
        if grow:
            self._lent = max(self._lent + grow, 0)
            left.setSizes([sizes[0], sizes[1] - grow, sizes[2] + grow])

    def fit_panel(self) -> None:
        """Give the panel the width its text needs at this size, the sheet the rest; when
        the window is too narrow for both side by side, the pad goes above the panel."""
        window = self._window
        panel, splitter = window.panel, window.splitter
        layout = panel.layout()
        if layout is not None:
            layout.activate()  # the new font's sizes, not the old ones
        bar = window.panel_area.verticalScrollBar().sizeHint().width()
        needed = panel.narrowest() + bar + 8
        side_by_side = window.width() >= needed + _SMALLEST_SHEET
        orientation = Qt.Orientation.Horizontal if side_by_side else Qt.Orientation.Vertical
        if splitter.orientation() != orientation:
            splitter.setOrientation(orientation)
        if not side_by_side:
            splitter.setSizes([window.height() // 2] * 2)
            return
        total = sum(splitter.sizes()) or window.width()
        if self.chosen_panel is not None:  # the width the user dragged it to
            width = round(total * self.chosen_panel)
            splitter.setSizes([total - width, width])
            return
        room = max(total // 2, total - window.sheet.sizeHint().width() - bar - 8)
        wanted = min(max(needed, total * 2 // 5), room)
        splitter.setSizes([total - wanted, wanted])

    def print_changed(self) -> None:
        """The print size changed (zoom): the panel's width follows its print, and the hand
        list keeps its rows in sight."""
        self.chosen_panel = None
        self.fit_panel()
        self.keep_hand_rows()

    def keep_hand_rows(self) -> None:
        """Larger print keeps _HAND_ROWS rows of the hand list in sight: the explanation
        gives up its height first, then the sheet (which scrolls)."""
        window = self._window
        table, left = window.table, window.left
        sizes = left.sizes()
        total = sum(sizes)
        if total <= 0 or len(sizes) != 3:
            return
        rows = table.verticalHeader().defaultSectionSize() * _HAND_ROWS
        needed = table.horizontalHeader().height() + rows + 2 * table.frameWidth()
        if sizes[1] >= needed:
            return
        line = QFontMetrics(window.explanation.font()).lineSpacing()
        explanation = min(sizes[2], line * 3)
        sheet = max(total - needed - explanation, total // 4)
        left.setSizes([sheet, total - sheet - explanation, explanation])
        if self.chosen_left is not None:  # what the user chose, with the rows kept
            self.chosen_left = left.sizes()

    # The layout the user chose -----------------------------------------------------------

    def left_dragged(self, _position: int, _index: int) -> None:
        """The user dragged the heights of the pad, list and explanation: they stay (the
        window no longer fits the explanation by itself) and are remembered."""
        self.chosen_left = self._window.left.sizes()
        self._lent = 0

    def panel_dragged(self, _position: int, _index: int) -> None:
        """The user dragged the panel's width: its share of the window stays (until the
        print size changes) and is remembered."""
        splitter = self._window.splitter
        sizes = splitter.sizes()
        if splitter.orientation() == Qt.Orientation.Horizontal and sum(sizes) > 0:
            self.chosen_panel = sizes[1] / sum(sizes)

    def follow_sitting(self) -> None:
        """Another sitting is shown: the pad, list and explanation start from the heights
        the user chose, or else from the default ones, not from what the last sitting's
        explanations made of them."""
        sitting = self._window.session.sitting_id
        if sitting == self._laid_out_for:
            return
        self._laid_out_for = sitting
        self._lent = 0
        self.pending = True
        self.apply_layout()

    def left_resized(self) -> None:
        """The left splitter has a new size: a new sitting's layout, pending until the
        window has settled on its size, is set."""
        if self.pending:
            QTimer.singleShot(0, self.apply_layout)

    def apply_layout(self) -> None:
        """Set the heights a new sitting starts from, once the window has its size (a
        sitting opened before the window is first shown is laid out when it is)."""
        left = self._window.left
        total = sum(left.sizes())
        if not self.pending or not left.isVisible() or total <= 0:
            return
        self.pending = False
        sizes = self.chosen_left or _LEFT_SIZES
        left.setSizes([size * total // sum(sizes) for size in sizes])
        self.keep_hand_rows()
        self.fit_explanation()
