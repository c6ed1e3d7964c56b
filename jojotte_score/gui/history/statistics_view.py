"""The Statistics tab: each player's figures over a chosen period, as ``jojotte-score stats``
prints them, in a sortable table with the command's legend under it.

The view never opens the database: it is given a function that returns the figures of a
period (:func:`~jojotte_score.storage.statistics.period_stats` over the window's store) and
asks it again on :meth:`StatisticsView.refresh` and whenever the period changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.core.errors import JojotteError
from jojotte_score.gui.history.period_chooser import PeriodChooser
from jojotte_score.gui.history.statistics_rows import (
    PeriodChoice,
    StatisticsColumn,
    StatisticsRow,
    period_summary,
    shrink_widths,
    sorted_rows,
    statistics_rows,
    two_lines,
)
from jojotte_score.i18n import _
from jojotte_score.stats_labels import STATS_LEGEND
from jojotte_score.storage.statistics import Period, PeriodStats

StatsForPeriod = Callable[[Period], PeriodStats]
"""What the view is given: the figures of the sittings stored within a period."""

_Index = QModelIndex | QPersistentModelIndex
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


class StatisticsModel(QAbstractTableModel):
    """One row per player, one column per figure of ``jojotte-score stats``; sorting keeps
    the column and order chosen when the rows are replaced."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[StatisticsRow] = []
        self._sort: tuple[int, bool] | None = None

    def set_rows(self, rows: Sequence[StatisticsRow]) -> None:
        """Show ``rows``, in the order last sorted by (else as given)."""
        self.beginResetModel()
        self._rows = list(rows)
        if self._sort is not None:
            self._rows = sorted_rows(self._rows, *self._sort)
        self.endResetModel()

    def row(self, row: int) -> StatisticsRow:
        """The player shown in ``row``."""
        return self._rows[row]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(StatisticsColumn)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Vertical:
            # Each row's header for a screen reader (the table shows none): the player.
            if role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self._rows):
                return self._rows[section].cells[StatisticsColumn.PLAYER]
            return None
        if not 0 <= section < len(StatisticsColumn):
            return None
        column = StatisticsColumn(section)
        if role == Qt.ItemDataRole.DisplayRole:
            return two_lines(column.heading)
        if role == Qt.ItemDataRole.AccessibleTextRole:  # read on one line: "Avg/rubber"
            return column.heading
        if role == Qt.ItemDataRole.ToolTipRole:
            return column.tip
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _LEFT if column is StatisticsColumn.PLAYER else _RIGHT
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.parent().isValid():
            return None
        row, column = index.row(), index.column()
        if not (0 <= row < len(self._rows) and 0 <= column < len(StatisticsColumn)):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._rows[row].cells[column]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _LEFT if column == StatisticsColumn.PLAYER else _RIGHT
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(StatisticsColumn):
            return
        self.layoutAboutToBeChanged.emit()
        kept = self.persistentIndexList()
        kept_rows = [self._rows[index.row()] for index in kept]
        self._sort = (column, order == Qt.SortOrder.DescendingOrder)
        self._rows = sorted_rows(self._rows, *self._sort)
        position = {id(row): number for number, row in enumerate(self._rows)}
        moved = [
            self.index(position[id(row)], index.column())
            for row, index in zip(kept_rows, kept, strict=True)
        ]
        self.changePersistentIndexList(kept, moved)
        self.layoutChanged.emit()


class StatisticsTable(QTableView):
    """The table of figures: its columns fit its width whenever that changes."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        # A scroll area's resize events are its viewport's.
        super().resizeEvent(event)
        self.fit_columns(event.size().width())

    def fit_columns(self, room: int | None = None) -> None:
        """Each column as wide as its cells and its heading (two lines, see
        :func:`two_lines`) need; when that is wider than ``room`` (the viewport's width),
        the headings give up width down to their cells' (a heading cut short keeps its
        tooltip), so that the table need not scroll sideways."""
        model, header = self.model(), self.horizontalHeader()
        if model is None:
            return
        room = self.viewport().width() if room is None else room
        cells = [max(self.sizeHintForColumn(c), 0) for c in range(model.columnCount())]
        widths = [max(header.sectionSizeHint(c), cell) for c, cell in enumerate(cells)]
        least = [max(cell, header.minimumSectionSize()) for cell in cells]
        for column, width in enumerate(shrink_widths(widths, least, room)):
            header.resizeSection(column, width)


class StatisticsView(QWidget):
    """The period chooser, the table of each player's figures, and the legend.

    ``stats_for`` gives the figures of a period; ``today`` the local date the periods are
    counted back from (read at each refresh, so "this year" moves on at midnight). A
    storage failure is shown in place of the summary line, with an empty table.
    """

    def __init__(
        self,
        stats_for: StatsForPeriod,
        today: Callable[[], date] = date.today,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._stats_for = stats_for
        self.figures: PeriodStats | None = None

        self.chooser = PeriodChooser(today)
        self.choice, self.to_label = self.chooser.choice, self.chooser.to_label
        self.first, self.last = self.chooser.first, self.chooser.last
        self.summary = QLabel()
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        chooser = QHBoxLayout()
        chooser.addWidget(self.chooser)
        chooser.addSpacing(12)
        chooser.addWidget(self.summary, 1)

        self.model = StatisticsModel(self)
        self.table = StatisticsTable()
        self.table.setModel(self.model)
        # Rows come ordered by name; the table is sorted once a heading is clicked.
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setFixedHeight(2 * QFontMetrics(header.font()).lineSpacing() + 10)  # two lines
        self.table.setAccessibleName(_("Player statistics"))

        self.legend = QLabel(_(STATS_LEGEND))
        self.legend.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.addLayout(chooser)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.legend)

        self.chooser.changed.connect(self.refresh)
        self.refresh()

    def choose(
        self, choice: PeriodChoice, first: date | None = None, last: date | None = None
    ) -> None:
        """Choose a period as the player would (the custom dates when given), and show it."""
        self.chooser.choose(choice, first, last)

    def period(self) -> Period:
        """The dates the chosen period covers today."""
        return self.chooser.period()

    def refresh(self) -> None:
        """Ask for the figures of the chosen period again and show them."""
        try:
            figures = self._stats_for(self.period())
        except JojotteError as error:
            self.figures = None
            self.model.set_rows(())
            self.summary.setText(_("Cannot read the statistics: {error}").format(error=error))
            return
        self.figures = figures
        self.model.set_rows(statistics_rows(figures.players))
        self.table.fit_columns()
        self.summary.setText(period_summary(figures))
