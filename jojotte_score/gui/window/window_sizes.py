"""The sizes in the main window: its panes, and the hand list's columns and rows.

The panes: the pad, the hand list and the explanation stacked on the left, the entry panel
beside them (or below, when the window is narrow). The window fits them to what they show (a
long explanation borrows the list's height, large print keeps rows of the list in sight)
until the user drags a splitter: what was dragged stays and is remembered in the settings.

The hand list's columns: each as wide as the rows in sight need, the notes wrapped onto a
second line when they are too long for one. The main window asks
:meth:`HandListColumns.fit` after each refresh, zoom and resize of the list; what it measured
stays here, keyed by the list's font.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QWidget

from jojotte_score.gui.entry.entry_fields import scroll_to_show
from jojotte_score.gui.pad.hand_model import Column, HandTableModel
from jojotte_score.gui.pad.hand_table import HandTable

if TYPE_CHECKING:
    from PySide6.QtWidgets import QPlainTextEdit, QScrollArea, QSplitter

    from jojotte_score.gui.entry.entry_panel import EntryPanel
    from jojotte_score.gui.pad.sheet_widget import SheetWidget
    from jojotte_score.gui.window.settings import AppSettings
    from jojotte_score.presenters.session import Session

_HAND_ROWS = 4  # rows of the hand list large print keeps in sight
_LEFT_SIZES = [480, 220, 100]  # the pad, the hand list and the explanation, by default
_SMALLEST_SHEET = 360  # pixels: narrower than this beside the panel, the pad goes above it
_ROWS_MEASURED = 30  # the newest rows, whose widths size the hand list's columns
_NOTES_LINES = 2  # the most a hand's notes wrap onto: large print leaves a row in sight
# Print larger than this (the application's times this: five steps of Ctrl++, 3.0, but not
# four, 2.44) keeps each hand on one line: four rows of two lines would take the pad's
# height. At four steps the notes wrap onto two lines as in smaller print ("90 in den
# Keller" was cut to "90 in den …" in a German cutthroat sitting), and the pad gives the
# list the height of its four rows (keep_hand_rows).
_WRAPPED_NOTES_UP_TO = 2.5
_CELL_MARGINS = 8  # a cell's text margins and grid line, with a pixel to spare (Qt's: 7)
_SHRINKING_COLUMNS = (Column.DEALER, Column.CONTRACT, Column.POINTS)  # elided when narrow
_HEADING_MARGINS = 10  # pixels beside a heading's longest line (the style's own: 13)
_NOTES_SPARE = 4  # pixels the notes are given over their wrapped width (the columns round)
_WRAPPING_COLUMNS = (Column.CONTRACT, Column.POINTS)  # wrapped onto a row's lines first


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
    def isVisible(self) -> bool: ...


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
        self._focus = FocusInView(window.panel_area, window.panel)

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
        explanation, left = window.explanation, window.left
        sizes = left.sizes()
        if len(sizes) != 3 or self.chosen_left is not None:  # the heights the user dragged
            return
        if self.pending:  # fitted once the window has its size
            return
        metrics = QFontMetrics(explanation.font())
        width = max(explanation.maximumViewportSize().width() - 8, 1)
        text = explanation.toPlainText().splitlines()
        lines = sum(-(-metrics.horizontalAdvance(line) // width) or 1 for line in text)
        needed = (lines + 1) * metrics.lineSpacing() + 2 * explanation.frameWidth()
        rows = self.rows_height(5)
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
        # Not before the window is shown: the splitter has no size of its own yet, and its
        # first resize, as it is shown, fits the panel again (the zoom restored at start-up
        # asked for it: whole start under callgrind, 10,000-hand sitting, 1,277.0 M to
        # 1,275.8 M instructions).
        if not window.isVisible():
            return
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
        total = splitter.width() - splitter.handleWidth()  # its widgets' sizes may lag behind
        if self.chosen_panel is not None:  # the width the user dragged it to
            width = round(total * self.chosen_panel)
            splitter.setSizes([total - width, width])
            return
        room = max(total // 2, total - window.sheet.sizeHint().width() - bar - 8)
        wanted = min(max(needed, total * 2 // 5), room)
        splitter.setSizes([total - wanted, wanted])

    def print_changed(self) -> None:
        """The print size changed (zoom): the panel's width follows its print, the heights
        are set again as for a new sitting (the hand list keeps its rows in sight), and the
        panel keeps the field with the focus in sight."""
        self.chosen_panel = None
        self.fit_panel()
        self.pending, self._lent = True, 0  # laid out as a new sitting is, in this print
        self.apply_layout()
        if self.chosen_left is not None:  # what the user chose, with the rows kept
            self.chosen_left = self._window.left.sizes()
        QTimer.singleShot(0, self._focus.show_focus)

    def keep_hand_rows(self) -> None:
        """Larger print keeps _HAND_ROWS rows of the hand list in sight: the explanation
        gives up its height first, then the sheet (which scrolls)."""
        window = self._window
        left = window.left
        sizes = left.sizes()
        total = sum(sizes)
        if total <= 0 or len(sizes) != 3:
            return
        needed = self.rows_height(_HAND_ROWS)
        if sizes[1] >= needed:
            return
        line = QFontMetrics(window.explanation.font()).lineSpacing()
        explanation = min(sizes[2], line * 3)
        sheet = max(total - needed - explanation, total // 4)
        left.setSizes([sheet, total - sheet - explanation, explanation])
        sizes = left.sizes()  # the pad may keep more than asked (its least height)
        short = min(needed - sizes[1], sizes[2])
        if short > 0:  # the explanation gives the rest
            left.setSizes([sizes[0], sizes[1] + short, sizes[2] - short])

    def rows_height(self, count: int) -> int:
        """The hand list's height that shows its newest ``count`` rows, as tall as their
        notes make them, under its headings, with the sideways scroll bar's height when
        the columns are wider than the list."""
        table = self._window.table
        rows, line = table.model().rowCount(), table.verticalHeader().defaultSectionSize()
        height = sum(table.rowHeight(row) for row in range(max(0, rows - count), rows))
        height += line * max(0, count - rows)
        height += table.horizontalHeader().height() + 2 * table.frameWidth()
        if table.horizontalHeader().length() > table.room():
            height += table.horizontalScrollBar().sizeHint().height()
        return height

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
        """The left splitter has a new size: the heights are set again, once the window has
        settled on its size, as for a new sitting, from the heights the user chose or else
        from the default ones. A window resized away and back has the heights it had: the
        splitter shares a change of height out by its own measure, and the German example's
        pad, list and explanation, 463, 173 and 135 pixels high at 1280×820, were 511, 178
        and 82 after a visit to 1024×700."""
        self.pending, self._lent = True, 0
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


def narrowest_break(words: list[str], advance: Callable[[str], int]) -> int:
    """The width of the wider of two lines ``words`` are broken into between two words, at
    the break that makes it narrowest (the whole text's width ``advance`` gives for one
    word). The first line only widens as the break moves right and the second only
    narrows, so the break is found by halving: the first break whose first line is as
    wide as its second, or the one before it. Trying every break measured two texts a
    break, 247 texts as the window opened on notes of eight to ten words, each shaped
    anew by Qt (about 57,000 instructions, callgrind)."""
    measured: dict[str, int] = {}

    def width(text: str) -> int:
        found = measured.get(text)
        if found is None:
            found = measured[text] = advance(text)
        return found

    def lines(cut: int) -> tuple[int, int]:
        return width(" ".join(words[:cut])), width(" ".join(words[cut:]))

    if len(words) < 2:
        return width(" ".join(words))
    low, high = 1, len(words) - 1
    while low < high:
        middle = (low + high) // 2
        first, second = lines(middle)
        if first >= second:
            high = middle
        else:
            low = middle + 1
    best = max(lines(low))
    return min(best, max(lines(low - 1))) if low > 1 else best


class FocusInView(QObject):
    """Keeps the panel's field that has the focus in sight: the panel's scroll area scrolls
    to it whenever the focus moves within the panel (in large print the panel is taller
    than its pane, and a choice moves the focus on to a field below the fold), and whenever
    that field moves or changes its size (a key shows a line above it, which moves it down)."""

    def __init__(self, area: QScrollArea, panel: EntryPanel):
        super().__init__(area)  # ends with the scroll area, and its connection with it
        self._area, self._panel = area, panel
        application = QApplication.instance()
        if isinstance(application, QApplication):
            application.focusChanged.connect(self.focus_moved)

    def focus_moved(self, _old: QWidget | None, new: QWidget | None) -> None:
        """The focus went to ``new``: shown once the panel has laid out the fields the
        last key showed or hid, and watched, with the rows it sits in, while it has the
        focus."""
        if new is not None and self._panel.isAncestorOf(new):
            widget: QWidget | None = new
            while widget is not None and widget is not self._panel:
                widget.installEventFilter(self)  # once: Qt installs a filter only once
                widget = widget.parentWidget()
            QTimer.singleShot(0, self.show_focus)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The field with the focus, or a row it sits in, moved or changed its size: it may
        be out of sight. A widget the focus has left is no longer watched."""
        if isinstance(watched, QWidget) and event.type() in (QEvent.Type.Move, QEvent.Type.Resize):
            focus = QApplication.focusWidget()
            if focus is not None and (watched is focus or watched.isAncestorOf(focus)):
                self.show_focus()  # at once: the move is laid out, the next paint shows it
            else:
                watched.removeEventFilter(self)
        return False

    def show_focus(self) -> None:
        """Scroll the panel so that the widget with the focus is in sight, with a margin,
        and the label of its row too where both fit: in large print a label stands above
        its field, and going back up to the first field of a new hand left its label
        ("Kontraktspieler") out of sight above it."""
        widget = QApplication.focusWidget()
        if widget is None or not self._panel.isAncestorOf(widget):
            return
        # The rows' labels (the panel's only labels with a buddy), not every QLabel found
        # among its children: PySide6 wraps each child it looks at, Qt's own too. Start-up
        # comes here four times: 9.4 M of its 1.353 G instructions (callgrind).
        # Up or down only, never sideways (ensureWidgetVisible's way): a field at the right
        # of a panel wider than its pane scrolled the rows' labels out of sight at the left.
        for label in self._panel.row_labels.values():
            buddy = label.buddy()
            if buddy is not None and (buddy is widget or buddy.isAncestorOf(widget)):
                scroll_to_show(self._area, self._panel, label)
                break
        scroll_to_show(self._area, self._panel, widget)


class HandListColumns:
    """Fits the columns and rows of ``table``, which shows ``model``."""

    def __init__(self, table: HandTable, model: HandTableModel):
        self._table, self._model = table, model
        # The width of each text the columns were fitted to, in the list's font: measuring
        # the 240 texts of the newest rows again took a third of the fit on every hand
        # recorded (profile of benchmarks/bench_record.py).
        self._font_key, self._advances = "", dict[str, int]()
        # And the cell of each widest text, and the headings' sizes, as Qt's style measures
        # them: eight cells and nine headings measured again on every hand recorded (67.9 M
        # instructions a recorded hand to 66.5 M, callgrind, benchmarks/bench_record.py).
        self._cell_widths: dict[str, int] = {}
        self._headings: tuple[object, list[int]] = ((), [])
        self._tall_rows: set[int] = set()  # rows whose notes wrap onto a second line
        # The width each text wraps onto a row's lines in, in the list's font.
        self._wrapped_widths: dict[tuple[str, int], int] = {}

    def fit(self) -> None:
        """Each column as wide as its heading and the rows in sight need; the notes take
        what is left, as wide as wraps each onto the lines a row has. When the list is too
        narrow for them all, the dealer gives up width down to its heading's, and the
        contract and card points down to the width that wraps theirs onto those lines too
        ("zusammengeworfen", a word, is never cut). When even that is too wide (large
        print), the sides' above and below columns are hidden (the pad shows them, and a
        row's tooltip and description tell the hand whole), then the card points, then the
        dealer, which then also give way to the notes' whole width: the list never scrolls
        sideways while it can show the hand and contract."""
        if not self._table.room():  # never shown yet: fitted when it is (width_changed)
            return
        header = self._table.horizontalHeader()
        two_lines = 2 * QFontMetrics(header.font()).lineSpacing() + 10
        header.setFixedHeight(two_lines)  # a side's name above "above" or "below"
        count = self._model.rowCount()
        newest = range(max(0, count - _ROWS_MEASURED), count)  # older rows load on demand
        font = self._table.font()
        if font.key() != self._font_key:  # each text's width in the list's font
            self._font_key, self._advances, self._cell_widths = font.key(), {}, {}
            self._wrapped_widths = {}
        metrics = QFontMetrics(font)
        heading_sizes = self._heading_sizes()
        most = self._most_lines()
        # Each row's texts read once, not through a model index and data() per cell: the
        # 240 cells' texts took 3.2-6.3 ms, now 0.5-1.0 ms (best of 30, a busy machine), on
        # every hand recorded.
        texts = {row: self._model.row_texts(row) for row in newest}
        widths, least = self._column_widths(texts, heading_sizes, metrics, most)
        # The notes, stretched to the right edge, are never narrower than a new section,
        # and as wide as wraps each onto the lines a row has, where the others can spare it.
        notes = self._model.notes_column()
        notes_least = max(heading_sizes[notes], header.defaultSectionSize())
        notes_texts = [self._model.notes(row) for row in newest]
        wanted = self._widest_wrapped(notes_texts, most, notes_least, metrics)
        # The spare grows with the print: in large print Qt wraps a text a few pixels
        # wider than its measured advance ("gewinnt 150 aus dem Keller;" took a third line).
        zoom = font.pointSizeF() / QApplication.font().pointSizeF()
        notes_width = wanted + round(_NOTES_SPARE * max(zoom, 1.0))
        columns = self._set_widths(widths, least, notes_least, notes_width)
        self._fit_rows(newest, columns, metrics, most)

    def _heading_sizes(self) -> list[int]:
        """Each heading's width, the notes' last: its longest line with a margin of five
        pixels a side, as narrow as the style's size for it at most (measured again only
        when a heading or the headings' font changes)."""
        header = self._table.horizontalHeader()
        horizontal = Qt.Orientation.Horizontal
        headings = (
            header.font().key(),
            *(self._model.headerData(c, horizontal) for c in range(self._model.notes_column() + 1)),
        )
        if headings != self._headings[0]:
            # The style's size gives "Anna & Carl" 13 pixels, which the notes need more at
            # 1280×820.
            lines = QFontMetrics(header.font())
            sizes = [
                min(
                    header.sectionSizeHint(c),
                    max(lines.horizontalAdvance(part) for part in str(text).split("\n"))
                    + _HEADING_MARGINS,
                )
                for c, text in enumerate(headings[1:])
            ]
            self._headings = (headings, sizes)
        return self._headings[1]

    def _column_widths(
        self,
        texts: dict[int, tuple[str, ...]],
        heading_sizes: list[int],
        metrics: QFontMetrics,
        most: int,
    ) -> tuple[list[int], list[int]]:
        """Each column's width before the notes (its heading's or its widest cell's, of the
        rows ``texts`` holds), and the least it may be narrowed to: the dealer's heading;
        the contract and card points wrapped onto ``most`` lines; the others none."""
        grid = 1 if self._table.showGrid() else 0  # a cell's grid line, as Qt's own fit adds
        widths, least = [], []
        for column in range(self._model.notes_column()):
            width = heading = heading_sizes[column]
            cell = self._widest_cell(texts, column, metrics)
            if cell is not None:
                width = max(width, cell + grid)
            widths.append(width)
            if column in _WRAPPING_COLUMNS and most > 1:
                wrapped = [row[column] for row in texts.values()]
                least.append(min(width, self._widest_wrapped(wrapped, most, heading, metrics)))
            elif column in _WRAPPING_COLUMNS:  # whole on one line, or hidden (the points)
                least.append(width)
            else:
                least.append(heading if column in _SHRINKING_COLUMNS else width)
        return widths, least

    def _widest_cell(
        self, texts: dict[int, tuple[str, ...]], column: int, metrics: QFontMetrics
    ) -> int | None:
        """The width of ``column``'s widest cell among the rows ``texts`` holds, as the
        view measures it (None without rows). A column's cells share one font and
        alignment, so the widest text makes the widest cell, and the view measures only
        that one: measuring every cell of the newest rows took 6-10 ms of start-up (QStyle
        sizes each cell, with its margins)."""
        advances = {
            row: self._advance(row_texts[column], metrics) for row, row_texts in texts.items()
        }
        widest = max(advances, key=advances.__getitem__, default=None)
        if widest is None:
            return None
        text = texts[widest][column]
        cell = self._cell_widths.get(text)
        if cell is None:
            index = self._model.index(widest, column)
            cell = self._cell_widths[text] = self._table.sizeHintForIndex(index).width()
        return cell

    def _set_widths(
        self, widths: list[int], least: list[int], notes_least: int, notes_width: int
    ) -> dict[int, int]:
        """Hide the columns that cannot fit beside the notes, narrow the others towards
        their ``least`` as far as the notes need, and set their widths; each shown
        column's width, the notes' (which take what is left) last."""
        notes = self._model.notes_column()
        room = self._room()
        hidden = self._hidden_columns(widths, least, room, (notes_least, notes_width))
        if sum(least[c] for c in range(notes) if c not in hidden) > room - notes_least:
            least[Column.CONTRACT] = self._headings[1][Column.CONTRACT]  # cut short at last
        for column in range(notes):
            if self._table.isColumnHidden(column) != (column in hidden):
                self._table.setColumnHidden(column, column in hidden)
        self._model.figures_hidden = Column.ABOVE_0 in hidden
        shown = [column for column in range(notes) if column not in hidden]
        shown_widths = [widths[column] for column in shown]
        shown_least = [least[column] for column in shown]
        spare = sum(shown_widths) - sum(shown_least)
        excess = sum(shown_widths) + notes_width - room
        _shrink(shown_widths, shown_least, min(excess, spare))
        for column, width in zip(shown, shown_widths, strict=True):
            self._table.setColumnWidth(column, width)
        columns = dict(zip(shown, shown_widths, strict=True))
        columns[notes] = max(room - sum(shown_widths), notes_least)
        return columns

    def _room(self) -> int:
        """The list's width beside a vertical scroll bar, shown or not: a sitting opened
        fits its columns before its rows show the bar, and the same rows then wrap the
        same way. Whether the bar is shown is asked of the list, not of the screen: as the
        window is first shown the list is fitted to its width before the bar is visible,
        and the bar's width was taken from a room that had it already (the 10,000-hand
        sitting's notes wrapped at another word than once the window was laid out again)."""
        room = self._table.room()
        if not self._table.verticalScrollBar().isVisibleTo(self._table):
            room -= self._table.verticalScrollBar().sizeHint().width()
        return room

    def _most_lines(self) -> int:
        """The lines a row may take: two, but one in the largest print (four rows of two
        lines would take the pad's height)."""
        largest = QApplication.font().pointSizeF() * _WRAPPED_NOTES_UP_TO
        return _NOTES_LINES if self._table.font().pointSizeF() <= largest else 1

    def _hidden_columns(
        self, widths: list[int], least: list[int], room: int, notes: tuple[int, int]
    ) -> set[int]:
        """The columns to hide so that the others, as narrow as they go, fit ``room``
        beside the notes: none while all fit beside the notes' least width; else the sides'
        figures, then the card points, then the dealer. Once the figures give way (large
        print), the card points and the dealer give way to the notes' whole width too: a
        German cutthroat hand's "90 in den Keller" was cut to "90 in den …" beside a
        dealer's name that the row's tooltip and the pad tell as well."""
        figures = set(range(Column.ABOVE_0, self._model.notes_column()))
        hidden: set[int] = set()
        needed = notes[0]
        for more in (figures, {Column.POINTS}, {Column.DEALER}):
            if sum(least[c] for c in range(len(widths)) if c not in hidden) <= room - needed:
                break
            hidden |= more
            needed = notes[1]
        return hidden

    def _widest_wrapped(
        self, texts: list[str], lines: int, least: int, metrics: QFontMetrics
    ) -> int:
        """The widest of the cell widths that show each of ``texts`` on at most ``lines``
        lines, and ``least`` at the least. A text whose whole width is no wider than the
        widest found so far cannot wrap wider, so the texts are taken widest first and
        none is broken once the rest are that narrow. Breaks were looked for in every row's
        notes and contract: 299 texts shaped as the window opened on a 10,000-hand sitting,
        191 now (whole start under callgrind, 1,279.5 M to 1,277.0 M instructions)."""
        widest = least
        for text in sorted(set(texts), key=lambda text: self._advance(text, metrics), reverse=True):
            if self._advance(text, metrics) + _CELL_MARGINS <= widest:
                break
            widest = max(widest, self._wrapped_width(text, lines, metrics))
        return widest

    def _advance(self, text: str, metrics: QFontMetrics) -> int:
        """The width of ``text`` on one line in the list's font (``metrics``)."""
        advance = self._advances.get(text)
        if advance is None:
            advance = self._advances[text] = metrics.horizontalAdvance(text)
        return advance

    def _wrapped_width(self, text: str, lines: int, metrics: QFontMetrics) -> int:
        """The cell width that shows ``text`` on at most ``lines`` lines, wrapped between
        words (its whole width when one line is all a row has), in the list's font
        (``metrics``)."""
        key = (text, lines)
        width = self._wrapped_widths.get(key)
        if width is not None:
            return width
        width = self._advance(text, metrics)
        if lines > 1:  # the best place to break it in two (two lines are all a row has)
            width = min(width, narrowest_break(text.split(" "), metrics.horizontalAdvance))
        width += _CELL_MARGINS
        self._wrapped_widths[key] = width
        return width

    def _fit_rows(
        self, rows: range, columns: dict[int, int], metrics: QFontMetrics, most: int
    ) -> None:
        """Each of the newest ``rows`` (those the columns are fitted to) as tall as the lines
        its notes, contract and card points wrap onto in their ``columns`` widths, up to
        ``most``: "gewinnt 150 aus dem Keller; Partie und Robber 1 an A" in German. Notes too
        long for two lines, an older row's too long for one, and in the largest print any
        too long for one, are cut short; the row's tooltip tells the hand whole."""
        line, spacing = self._table.verticalHeader().defaultSectionSize(), metrics.lineSpacing()
        tall = set()
        notes = self._model.notes_column()
        wrapping = [c for c in (*_WRAPPING_COLUMNS, notes) if c in columns]
        wrap = Qt.TextFlag.TextWordWrap
        heights = {}
        for row in rows:
            texts = (*self._model.row_texts(row), self._model.notes(row))
            lines = 1
            for column in wrapping:
                text, room = texts[column], columns[column] - _CELL_MARGINS
                if self._advance(text, metrics) > room and most > 1:
                    height = metrics.boundingRect(0, 0, room, 100 * spacing, wrap, text).height()
                    lines = max(lines, min(height // spacing, most))
            heights[row] = line + (lines - 1) * spacing
            if lines > 1:
                tall.add(row)
        # A row no longer among the newest (the list was not reset: a hand recorded)
        # takes one line again, as in a list shown anew.
        for row in self._tall_rows - tall:
            if row < self._model.rowCount():
                heights[row] = line
        self._set_row_heights(heights)
        self._tall_rows = tall

    def _set_row_heights(self, heights: dict[int, int]) -> None:
        """Give each row in ``heights`` that height. The row headings are hidden, and while
        their updates are held Qt does not work out, over every row of the sitting, where
        each row resized now starts in order to repaint its heading (the table repaints its
        rows all the same): whole start under callgrind, 10,000-hand sitting, 1,274.9 M to
        1,273.9 M instructions."""
        headings = self._table.verticalHeader()
        headings.setUpdatesEnabled(False)
        try:
            for row, height in heights.items():
                if self._table.rowHeight(row) != height:
                    self._table.setRowHeight(row, height)
        finally:
            headings.setUpdatesEnabled(True)


def _shrink(widths: list[int], least: list[int], excess: int) -> None:
    """Take ``excess`` pixels from ``widths``, from each in proportion to what it has
    above its ``least``, never below it; nothing when that cannot take it all."""
    spare = sum(width - low for width, low in zip(widths, least, strict=True))
    if excess <= 0 or spare < excess:
        return
    for column, low in enumerate(least):
        cut = -(-(widths[column] - low) * excess // spare)  # rounded up: all of it is taken
        widths[column] -= min(cut, widths[column] - low)
