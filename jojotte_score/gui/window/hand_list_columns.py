"""The hand list's column widths and row heights: each column as wide as the rows in sight
need, the notes wrapped onto a second line when they are too long for one.

The main window asks :meth:`HandListColumns.fit` after each refresh, zoom and resize of the
list; what it measured stays here, keyed by the list's font.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics

from jojotte_score.gui.pad.hand_model import Column, HandTableModel
from jojotte_score.gui.pad.hand_table import HandTable

_ROWS_MEASURED = 30  # the newest rows, whose widths size the hand list's columns
_NOTES_LINES = 2  # the most a hand's notes wrap onto: large print leaves a row in sight
_CELL_MARGINS = 8  # a cell's text margins and grid line, with a pixel to spare (Qt's: 7)
_SHRINKING_COLUMNS = (Column.DEALER, Column.CONTRACT, Column.POINTS)  # elided when narrow


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

    def fit(self) -> None:
        """Each column as wide as its heading and the rows in sight need; the notes take
        what is left (a cell cut short is elided, its tooltip tells it whole). When the list
        is too narrow for them all, the dealer, contract and card points give up width, down
        to their headings' width, when that spares the list scrolling sideways."""
        if not self._table.room():  # never shown yet: fitted when it is (width_changed)
            return
        header = self._table.horizontalHeader()
        two_lines = 2 * QFontMetrics(header.font()).lineSpacing() + 10
        header.setFixedHeight(two_lines)  # a side's name above "above" or "below"
        count = self._model.rowCount()
        newest = range(max(0, count - _ROWS_MEASURED), count)  # older rows load on demand
        grid = 1 if self._table.showGrid() else 0  # a cell's grid line, as Qt's own fit adds
        font = self._table.font()
        if font.key() != self._font_key:  # each text's width in the list's font
            self._font_key, self._advances, self._cell_widths = font.key(), {}, {}
        metrics, known, cells = QFontMetrics(font), self._advances, self._cell_widths
        notes = self._model.notes_column()
        horizontal = Qt.Orientation.Horizontal
        headings = (
            header.font().key(),
            *(self._model.headerData(c, horizontal) for c in range(notes + 1)),
        )
        if headings != self._headings[0]:
            self._headings = (headings, [header.sectionSizeHint(c) for c in range(notes + 1)])
        heading_sizes = self._headings[1]
        # Each row's texts read once, not through a model index and data() per cell: the
        # 240 cells' texts took 3.2-6.3 ms, now 0.5-1.0 ms (best of 30, a busy machine), on
        # every hand recorded.
        texts = {row: self._model.row_texts(row) for row in newest}
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
                    index = self._model.index(widest, column)
                    cell = cells[text] = self._table.sizeHintForIndex(index).width()
                width = max(width, cell + grid)
            widths.append(width)
            least.append(heading if column in _SHRINKING_COLUMNS else width)
        # The notes, stretched to the right edge, are never narrower than a new section.
        notes_width = max(heading_sizes[notes], header.defaultSectionSize())
        room = self._table.room() - notes_width
        _shrink(widths, least, sum(widths) - room)
        for column, width in enumerate(widths):
            self._table.setColumnWidth(column, width)
        self._fit_notes(newest, max(self._table.room() - sum(widths), notes_width), metrics)

    def _fit_notes(self, rows: range, width: int, metrics: QFontMetrics) -> None:
        """Notes wider than their column (``width``) wrap onto a second line ("gewinnt 150
        aus dem Keller; Partie und Robber 1 an A" in German), in the newest rows, those the
        columns are fitted to. Notes too long for two lines (in large print), and an older
        row's too long for one, are cut short; the row's tooltip tells the hand whole."""
        room = width - _CELL_MARGINS
        line, spacing = self._table.verticalHeader().defaultSectionSize(), metrics.lineSpacing()
        tall = set()
        known = self._advances  # each text's width in the list's font, as for the columns
        for row in rows:
            text = self._model.notes(row)
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
            if self._table.rowHeight(row) != height:
                self._table.setRowHeight(row, height)
        # A row no longer among the newest (the list was not reset: a hand recorded)
        # takes one line again, as in a list shown anew.
        for row in self._tall_rows - tall:
            if row < self._model.rowCount() and self._table.rowHeight(row) != line:
                self._table.setRowHeight(row, line)
        self._tall_rows = tall


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
