"""The history window (View > History): every stored sitting, to filter, sort, open or export.

A window of tabs. Its first tab, "Sittings", is the table of stored sittings with a
player filter, a date range, Open and Export CSV; more tabs (statistics, plots) are added
with :meth:`HistoryWindow.add_tab`. The rows are built, filtered and sorted by
:mod:`jojotte_score.gui.history.history_rows`; this module only shows them. A sitting kept
in two versions by the sync folder is marked (:meth:`HistoryWindow.follow_conflicts`), and
"Settle conflict…" offers the choice for it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QDate,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QIcon, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QDateEdit,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyle,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.gui import accessibility
from jojotte_score.gui.accessibility import Speaking
from jojotte_score.gui.history.history_rows import (
    NUMBER_COLUMNS,
    Column,
    HistoryFilter,
    HistoryRow,
    filtered,
    heading,
    history_row,
    sorted_rows,
    write_history_csv,
)
from jojotte_score.gui.messages import window_title
from jojotte_score.gui.save_files import ask_save_path
from jojotte_score.i18n import _, ngettext, pgettext
from jojotte_score.storage.sittings import SittingInfo

_Index = QModelIndex | QPersistentModelIndex
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_FEW_CHANGES = 32
"""More rows added to or removed from the table at once are shown anew."""
_FITTED_ROWS = 50
"""The columns are as wide as their heading and this many rows from the top need."""


class HistoryTableModel(QAbstractTableModel):
    """The stored sittings that pass the filter, in the order chosen (one row each)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._all: list[HistoryRow] = []
        self._limits = HistoryFilter()
        self._order: tuple[Column, bool] | None = None  # column, descending
        self._shown: list[HistoryRow] = []
        self._marks: dict[int, str] = {}

    # Filling -----------------------------------------------------------------------------

    def set_rows(self, rows: Sequence[HistoryRow]) -> None:
        """Show ``rows`` (every stored sitting), filtered and sorted as before."""
        self.beginResetModel()
        self._all = list(rows)
        self._shown = self._arranged()
        self.endResetModel()

    def update_rows(self, rows: Sequence[HistoryRow]) -> None:
        """Show ``rows`` (every stored sitting), filtered and sorted as before, in place of
        those shown: each row changed, added, removed or moved is told to the views as
        such, so that the selection, the current row and the scroll position stay with
        their sittings (:meth:`set_rows` shows every row anew). A row the same object as
        before is taken as unchanged. More than a few rows added or removed at once (a
        sync pass that took in many sittings) are shown anew, as :meth:`set_rows` does."""
        self._all = list(rows)
        arranged = self._arranged()
        was = {row.id for row in self._shown}
        now = {row.id for row in arranged}
        gone = [place for place, row in enumerate(self._shown) if row.id not in now]
        added = [place for place, row in enumerate(arranged) if row.id not in was]
        if len(gone) + len(added) > _FEW_CHANGES:
            self.beginResetModel()
            self._shown = arranged
            self.endResetModel()
            return
        for place in reversed(gone):
            self.beginRemoveRows(QModelIndex(), place, place)
            del self._shown[place]
            self.endRemoveRows()
        staying = [row for row in arranged if row.id in was]
        if [row.id for row in staying] != [row.id for row in self._shown]:
            self._rearrange(staying)  # a change moved a row: the views read every row again
        else:
            before, self._shown = self._shown, staying
            for place, (old, new) in enumerate(zip(before, staying, strict=True)):
                if old is not new and old != new:
                    self.dataChanged.emit(self.index(place, 0), self.index(place, len(Column) - 1))
                    if _row_words(old) != _row_words(new):  # else the table is painted twice
                        self.headerDataChanged.emit(Qt.Orientation.Vertical, place, place)
        for place in added:  # top to bottom: each goes where it ends
            self.beginInsertRows(QModelIndex(), place, place)
            self._shown.insert(place, arranged[place])
            self.endInsertRows()

    def set_marks(self, marks: Mapping[int, str]) -> None:
        """Mark the sittings ``marks`` names (by id) with a sign, and say the sentence it
        gives each (a sitting kept in two versions) in their tooltip and to a screen
        reader."""
        if dict(marks) == self._marks:
            return
        self._marks = dict(marks)
        if self._shown:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._shown) - 1, len(Column) - 1)
            )
            self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, len(self._shown) - 1)

    def mark_of(self, sitting_id: int) -> str | None:
        """The sentence the sitting ``sitting_id`` is marked with, None when unmarked."""
        return self._marks.get(sitting_id)

    def set_filter(self, limits: HistoryFilter) -> None:
        """Show only the rows that pass ``limits``."""
        if limits == self._limits:
            return
        self.beginResetModel()
        self._limits = limits
        self._shown = self._arranged()
        self.endResetModel()

    def _arranged(self) -> list[HistoryRow]:
        rows = filtered(self._all, self._limits)
        if self._order is None:
            return rows
        column, descending = self._order
        return sorted_rows(rows, column, descending=descending)

    def shown_rows(self) -> list[HistoryRow]:
        """The rows shown, top to bottom."""
        return list(self._shown)

    def total(self) -> int:
        """How many sittings there are, shown or not."""
        return len(self._all)

    def row_at(self, row: int) -> HistoryRow:
        """The sitting shown in table row ``row``."""
        return self._shown[row]

    # Qt's model interface ----------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._shown)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(Column)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._shown):
            return None
        row, column = self._shown[index.row()], Column(index.column())
        mark = self._marks.get(row.id)
        if role == Qt.ItemDataRole.DisplayRole:
            return row.text(column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.text(column) if mark is None else f"{row.text(column)}\n{mark}"
        if mark is not None and column == Column.DATE:
            if role == Qt.ItemDataRole.DecorationRole:
                return _mark_icon()
            if role == Qt.ItemDataRole.AccessibleTextRole:
                return _("{date}, {mark}").format(date=row.text(column), mark=mark)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if column in NUMBER_COLUMNS else _LEFT
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Vertical:
            # Each row's header for a screen reader (the table shows none): its date and
            # players, "2026-12-01, Anna, Bert, Carl".
            if role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self._shown):
                row = self._shown[section]
                words = _("{date}, {players}").format(**_row_words(row))
                mark = self._marks.get(row.id)
                return words if mark is None else _("{date}, {mark}").format(date=words, mark=mark)
            return None
        if not 0 <= section < len(Column):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return heading(Column(section))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if Column(section) in NUMBER_COLUMNS else _LEFT
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by ``column`` (see :func:`~jojotte_score.gui.history.history_rows.sorted_rows`);
        the selection follows its sittings."""
        if not 0 <= column < len(Column):
            return
        self._order = (Column(column), order == Qt.SortOrder.DescendingOrder)
        self._rearrange(self._arranged())

    def _rearrange(self, rows: list[HistoryRow]) -> None:
        """Show ``rows``, the sittings shown, in another order; the selection and the
        current row follow their sittings."""
        self.layoutAboutToBeChanged.emit()
        before, self._shown = self._shown, rows
        places = {row.id: place for place, row in enumerate(self._shown)}
        persistent = self.persistentIndexList()
        moved = [self.index(places[before[index.row()].id], index.column()) for index in persistent]
        self.changePersistentIndexList(persistent, moved)
        self.layoutChanged.emit()


class HistoryWindow(QWidget, Speaking):
    """The history: a window of tabs, non-modal. The "Sittings" tab lists every stored
    sitting (``list_sittings``, called again by :meth:`reload`); Open, Enter or a double
    click call ``open_sitting`` with the chosen sitting's id. A screen reader meets it as a
    window (a plain widget would be a "client" area)."""

    def __init__(
        self,
        list_sittings: Callable[[], Sequence[SittingInfo]],
        open_sitting: Callable[[int], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        accessibility.install()
        self.setWindowTitle(window_title(_("History")))
        self._list_sittings = list_sittings
        self._open_sitting = open_sitting
        self._read_marks: Callable[[], Mapping[int, str]] | None = None
        self._settle: Callable[[int], None] | None = None
        self.model = HistoryTableModel(self)
        self._made: dict[int, tuple[SittingInfo, HistoryRow]] = {}
        self._row_widths: dict[tuple[HistoryRow, str | None], tuple[int, ...]] = {}
        self._refreshers: dict[QWidget, Callable[[], None]] = {}
        self._stale: set[QWidget] = set()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.setAccessibleName(_("History"))
        self.tabs.currentChanged.connect(lambda _index: self._refresh_shown())
        self.sittings_tab = self._build_sittings_tab()
        # Translators: the history window's tabs, filters and buttons each need an Alt letter
        # of their own (Sittings, Statistics, Plots; Player, From, Until, Export CSV, Open).
        self.add_tab(self.sittings_tab, _("&Sittings"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.tabs)
        self.resize(980, 560)
        self._placed = False
        # Esc and Ctrl+W close it, and whatever else closes a window where it runs.
        closing = {QKeySequence(Qt.Key.Key_Escape), QKeySequence("Ctrl+W")}
        closing.update(QKeySequence.keyBindings(QKeySequence.StandardKey.Close))
        for keys in closing:
            QShortcut(keys, self, self.close, context=Qt.ShortcutContext.WindowShortcut)
        self.reload()
        self.table.sortByColumn(Column.DATE, Qt.SortOrder.DescendingOrder)

    def add_tab(
        self, widget: QWidget, title: str, refresh: Callable[[], None] | None = None
    ) -> int:
        """Add a tab after the others (statistics, plots...); returns its index.

        ``refresh`` reads the store for the tab. It is called when the tab is shown for the
        first time, and after each :meth:`reload` when the tab is next shown, not before:
        the figures and plots of a long history replay every sitting, which the list of
        sittings does not need."""
        if refresh is not None:
            self._refreshers[widget] = refresh
            self._stale.add(widget)
        index = self.tabs.addTab(widget, title)
        self._refresh_shown()
        return index

    def _refresh_shown(self) -> None:
        shown = self.tabs.currentWidget()
        if shown in self._stale:
            self._stale.discard(shown)
            self._refreshers[shown]()

    # Building ----------------------------------------------------------------------------

    def _build_sittings_tab(self) -> QWidget:
        page = QWidget()
        filters = self._build_filters()
        self.table = QTableView()
        self.table.setAccessibleName(_("Stored sittings"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setSortingEnabled(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        buttons = self._build_buttons()
        layout = QVBoxLayout(page)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.player.textChanged.connect(self._filter_changed)
        for check, edit in ((self.since_check, self.since), (self.until_check, self.until)):
            check.toggled.connect(edit.setEnabled)
            check.toggled.connect(self._filter_changed)
            edit.dateChanged.connect(self._filter_changed)
            edit.setEnabled(False)
        self.table.activated.connect(self._open_index)
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)
        self.model.modelReset.connect(self._update_buttons)
        self.open_button.clicked.connect(self.open_selected)
        self.settle_button.clicked.connect(self.settle_selected)
        self.export_button.clicked.connect(self.export_csv)
        return page

    def _build_filters(self) -> QHBoxLayout:
        """The row of filters above the stored sittings: a player, from and until a date."""
        self.player = QLineEdit(placeholderText=_("any player"), clearButtonEnabled=True)
        player_label = QLabel(_("&Player:"))
        player_label.setBuddy(self.player)
        self.since_check = QCheckBox(_("&From:"))
        # Translators: "Until:" keeps the letter T for the Statistics tab (Alt+T).
        self.until_check = QCheckBox(_("&Until:"))
        self.since = _date_edit()
        self.until = _date_edit()
        self.since.setAccessibleName(_("Played from"))
        self.until.setAccessibleName(_("Played until"))
        filters = QHBoxLayout()
        filters.addWidget(player_label)
        filters.addWidget(self.player, 2)
        for check, edit in ((self.since_check, self.since), (self.until_check, self.until)):
            filters.addSpacing(12)
            filters.addWidget(check)
            filters.addWidget(edit)
        filters.addStretch(1)
        return filters

    def _build_buttons(self) -> QHBoxLayout:
        """The row under the stored sittings: their count, Settle conflict (hidden until
        conflicts are followed), Export CSV and Open."""
        self.count_label = QLabel()
        self.export_button = QPushButton(_("&Export CSV…"))
        self.open_button = QPushButton(_("&Open"))
        self.open_button.setDefault(True)
        self.settle_button = QPushButton(_("Settle &conflict…"))
        self.settle_button.setToolTip(
            _("This sitting is kept in two versions: keep this one, that one, or both.")
        )
        self.settle_button.hide()  # shown once conflicts are followed
        buttons = QHBoxLayout()
        buttons.addWidget(self.count_label, 1)
        buttons.addWidget(self.settle_button)
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.open_button)
        return buttons

    # Rows --------------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the stored sittings again (after sittings were added or changed), keeping
        the filter, the order, the selected sitting and the scroll position.

        Only the rows of the sittings changed are made again and told to the table (a
        sitting listed as the same object as before is unchanged: ``list_sittings`` may
        give back those it kept, see
        :class:`~jojotte_score.storage.sitting_listing.KeptListing`). With 1,500
        sittings, a hand recorded and the history reloaded and painted took 13-21 ms
        (best of 30 hands; medians 24-42 ms) where every row made and shown anew took
        59-106 ms (medians 102-151 ms) in the same runs at a load of about 4 on 2 cores
        (benchmarks/bench_history.py ``--recorded-hand``)."""
        chosen = self.selected_id()
        top = self._top_in_view()
        rows = self._rows_of(self._list_sittings())
        self.model.update_rows(rows)
        self._keep_at_top(top)
        if self._read_marks is not None:
            self.model.set_marks(self._read_marks())
        days = [row.day for row in rows if row.day is not None]
        for check, edit, day in (
            (self.since_check, self.since, min(days, default=None)),
            (self.until_check, self.until, max(days, default=None)),
        ):
            if day is not None and not check.isChecked() and edit.date() != _qdate(day):
                edit.setDate(_qdate(day))  # set alike, it would be painted again
        if chosen is None or self.selected_id() != chosen:
            self.select_id(chosen)  # gone, or shown anew: chosen again, else the top row
        else:
            self._update_buttons()
        self._fit_columns()
        self._stale = set(self._refreshers)
        self._refresh_shown()

    def _top_in_view(self) -> HistoryRow | None:
        """The row at the top of the table's view; None when the view is at the top (where
        it stays, so that a sitting begun comes into view)."""
        if self.table.verticalScrollBar().value() == 0:
            return None
        place = self.table.rowAt(0)
        return self.model.row_at(place) if place >= 0 else None

    def _keep_at_top(self, top: HistoryRow | None) -> None:
        """Scroll ``top``, the row that was at the top of the view, back there when rows
        added or removed above it moved it, so that the rows in view stay in view; not a
        row that changed (it may have moved elsewhere in the order)."""
        if top is None:
            return
        place = next((i for i, row in enumerate(self.model.shown_rows()) if row is top), -1)
        if place >= 0 and place != self.table.rowAt(0):
            self.table.scrollTo(
                self.model.index(place, 0), QAbstractItemView.ScrollHint.PositionAtTop
            )

    def _rows_of(self, infos: Sequence[SittingInfo]) -> list[HistoryRow]:
        """The history's rows of ``infos``: the row made before for the same listed
        sitting (the same object), else a new one."""
        made = self._made
        self._made = {}
        rows = []
        for info in infos:
            held = made.get(info.id)
            row = held[1] if held is not None and held[0] is info else history_row(info)
            self._made[info.id] = (info, row)
            rows.append(row)
        return rows

    def follow_conflicts(
        self, read_marks: Callable[[], Mapping[int, str]], settle: Callable[[int], None]
    ) -> None:
        """Mark the sittings kept in two versions: ``read_marks`` gives, by sitting id, the
        sentence saying which hands differ (read again at each :meth:`reload`);
        "Settle conflict…" calls ``settle`` with the selected sitting's id."""
        self._read_marks = read_marks
        self._settle = settle
        self.settle_button.show()
        self.model.set_marks(read_marks())
        self._update_buttons()

    def settle_selected(self) -> None:
        """Offer the choice for the selected sitting's conflict (keep this, that, both)."""
        chosen = self.selected_id()
        if chosen is not None and self._settle is not None and self.model.mark_of(chosen):
            self._settle(chosen)

    def limits(self) -> HistoryFilter:
        """The filter the fields describe."""
        since = self.since.date().toPython() if self.since_check.isChecked() else None
        until = self.until.date().toPython() if self.until_check.isChecked() else None
        assert since is None or isinstance(since, date)
        assert until is None or isinstance(until, date)
        return HistoryFilter(self.player.text(), since, until)

    def _filter_changed(self) -> None:
        chosen = self.selected_id()
        self.model.set_filter(self.limits())
        self.select_id(chosen)

    def selected_id(self) -> int | None:
        """The id of the sitting selected, if any."""
        rows = self.table.selectionModel().selectedRows()
        return self.model.row_at(rows[0].row()).id if rows else None

    def select_id(self, sitting_id: int | None) -> None:
        """Select the sitting ``sitting_id`` when it is shown, else the top row."""
        shown = self.model.shown_rows()
        place = next((i for i, row in enumerate(shown) if row.id == sitting_id), 0)
        if shown:
            self.table.selectRow(place)
            self.table.scrollTo(self.model.index(place, 0))
        self._update_buttons()

    def _update_buttons(self) -> None:
        chosen = self.selected_id()
        self.open_button.setEnabled(chosen is not None)
        self.settle_button.setEnabled(chosen is not None and self.model.mark_of(chosen) is not None)
        shown, total = self.model.rowCount(), self.model.total()
        self.export_button.setEnabled(shown > 0)
        if shown == total:
            text = ngettext("{count} sitting", "{count} sittings", total)
        else:
            text = ngettext(
                "{shown} of {count} sitting shown", "{shown} of {count} sittings shown", total
            )
        text = text.format(shown=grouped(shown), count=grouped(total))
        self.count_label.setText(text)

    def showEvent(self, event: QShowEvent) -> None:
        if not self._placed:
            self._placed = True
            self.place_on_screen()
        super().showEvent(event)
        self._row_widths = {}
        self._fit_columns()  # the table's fonts and style are known once it is shown

    def place_on_screen(self) -> None:
        """Centre the window over the window that opened it, no larger than the screen and
        wholly on it (frame included)."""
        parent = self.parentWidget()
        anchor = parent.window() if parent is not None else None
        screen = (anchor.screen() if anchor is not None else None) or self.screen()
        if screen is None:
            return
        room = screen.availableGeometry()
        frame = self.frameGeometry().size() - self.geometry().size()
        width = min(self.width(), room.width() - frame.width())
        height = min(self.height(), room.height() - frame.height())
        self.resize(width, height)
        centre = anchor.frameGeometry().center() if anchor is not None else room.center()
        left = centre.x() - (width + frame.width()) // 2
        top = centre.y() - (height + frame.height()) // 2
        left = max(room.left(), min(left, room.right() + 1 - width - frame.width()))
        top = max(room.top(), min(top, room.bottom() + 1 - height - frame.height()))
        self.move(left, top)

    def _fit_columns(self) -> None:
        """Columns as wide as their heading and the first rows need, within reason. What
        each row needs is kept for the next time, until the window is shown again or its
        font or style changes: measuring the 350 cells took 15-31 ms of each reload after
        a recorded hand, a row's measures kept 0.8-0.9 ms (best of 20, 1,500 sittings, a
        busy 2-core machine)."""
        if not self.table.isVisible():
            return
        limit = max(self.width() // 3, 160)
        columns = range(self.model.columnCount() - 1)
        header = self.table.horizontalHeader()
        widths = [header.sectionSizeHint(column) for column in columns]
        grid = 1 if self.table.showGrid() else 0  # the cell's text ends before the grid line
        kept, self._row_widths = self._row_widths, {}
        for place in range(min(self.model.rowCount(), _FITTED_ROWS)):
            row = self.model.row_at(place)
            key = (row, self.model.mark_of(row.id))
            needs = kept.get(key)
            if needs is None:
                needs = tuple(
                    self.table.sizeHintForIndex(self.model.index(place, column)).width() + grid
                    for column in columns
                )
            self._row_widths[key] = needs
            widths = [max(width, need) for width, need in zip(widths, needs, strict=True)]
        for column, width in zip(columns, widths, strict=True):
            self.table.setColumnWidth(column, min(width, limit))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._row_widths = {}  # measured in another font or style
        super().changeEvent(event)

    # Actions -----------------------------------------------------------------------------

    def open_selected(self) -> None:
        """Open the selected sitting in the main window."""
        chosen = self.selected_id()
        if chosen is not None:
            self._open_sitting(chosen)

    def _open_index(self, index: QModelIndex) -> None:
        if index.isValid():
            self._open_sitting(self.model.row_at(index.row()).id)

    def export_csv(self) -> None:
        """Write the rows shown, in their order, to a CSV file the player names."""
        # Translators: the file name offered for the history's CSV (without ".csv").
        offered = pgettext("file name", "history") + ".csv"
        chosen = ask_save_path(self, _("Export history"), offered, _("CSV (*.csv)"))
        if chosen is not None:
            self.write_csv(chosen)

    def write_csv(self, path: Path) -> bool:
        """Write the rows shown to ``path``; a failure is told in a message box."""
        try:
            write_history_csv(self.model.shown_rows(), path)
        except OSError as error:
            from jojotte_score.gui.messages import show_message

            show_message(
                self,
                _("Not written"),
                _("{path}: {error}").format(path=path, error=error.strerror or error),
            )
            return False
        return True


def _row_words(row: HistoryRow) -> dict[str, str]:
    """What a row's header says of its sitting (for a screen reader): its date and
    players."""
    return {"date": row.text(Column.DATE), "players": row.text(Column.PLAYERS)}


def _mark_icon() -> QIcon:
    """The sign of a sitting kept in two versions: the style's warning sign."""
    style = QApplication.style()
    return style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def grouped(count: int) -> str:
    """A count with its thousands grouped as the language writes them: "10,000", "10.000"."""
    # Translators: the mark between the thousands of a count ("10,000 sittings").
    return f"{count:,}".replace(",", pgettext("thousands separator", ","))


def qt_date_format() -> str:
    """How a date edit shows a date in the current language (Qt's pattern): "yyyy-MM-dd"."""
    # Translators: Qt's pattern of a date in a date field, as your language writes dates
    # (German "dd.MM.yyyy").
    return pgettext("Qt date format", "yyyy-MM-dd")


def _date_edit() -> QDateEdit:
    edit = QDateEdit()
    edit.setCalendarPopup(True)
    edit.setDisplayFormat(qt_date_format())
    edit.setDate(QDate.currentDate())
    return edit
