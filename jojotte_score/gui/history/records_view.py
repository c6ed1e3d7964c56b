"""The Records tab: the circle's records over a chosen period and way to play.

Four pages: head to head (two players chosen, their record against each other, and every
two players who met), partnerships, roles, and ratings with their course over time as a
plot. The tables are :mod:`jojotte_score.render.records_tables`'s, the figures those of
:mod:`jojotte_score.core.records`; "Export CSV…" writes the page's records as
``jojotte-score stats --pairs`` (``--partners``, ``--roles``, ``--ratings``) ``--csv``
does. The view never opens the database: it is given a function that reads a period and
the games chosen (how many sittings, their players, every two players' head to head, and
what reads their facts), and asks it again on :meth:`RecordsView.refresh` and whenever a
filter changes; the reading may read the Ratings page (the History window's reads the
page stored in the database), else the view may be given a function that rates them. A
page's records are read and counted when it is shown, and only those: the head to head,
the page the tab opens on, needs no facts, and the other pages need no head to head.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.core.errors import JojotteError
from jojotte_score.core.games import all_games
from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import SittingFacts
from jojotte_score.core.records.pairs import HeadToHead, record_of
from jojotte_score.core.records.partners import Partnership, partnerships
from jojotte_score.core.records.ratings import RatedSittings, RatingPage, Ratings, rate
from jojotte_score.core.records.roles import RoleRecord, role_records
from jojotte_score.gui.history.chart_widget import ChartWidget
from jojotte_score.gui.history.period_chooser import PeriodChooser
from jojotte_score.gui.history.statistics_rows import PeriodChoice
from jojotte_score.gui.messages import show_message
from jojotte_score.gui.save_files import ask_save_path
from jojotte_score.i18n import _, isolated, ngettext, pgettext
from jojotte_score.render.records_tables import (
    RATINGS_LEGEND,
    PageCharts,
    RecordRow,
    RecordsTable,
    pair_table,
    pairs_table,
    partners_table,
    ratings_table,
    roles_table,
)
from jojotte_score.storage.record_facts import PeriodSides
from jojotte_score.storage.record_pair_totals import PeriodPairs
from jojotte_score.storage.statistics import Period


class RecordsReading(NamedTuple):
    """What the view is given for a period and the games chosen: what reads how many
    sittings they hold, their players in name order and every two players' head to head
    (:func:`~jojotte_score.core.records.pairs.head_to_heads`), what reads the sittings'
    facts, in the order played, what reads their partnerships and roles (counted from
    the facts when not given) and what reads their ratings' page; each read when first
    asked for."""

    head_to_head: Callable[[], PeriodPairs]
    facts: Callable[[], Sequence[SittingFacts]]
    sides: Callable[[], PeriodSides] | None = None
    rating_page: Callable[[], RatingPage] | None = None
    """What reads the Ratings page (the History window's reads the page stored, without
    the facts, while it agrees with the rows); rated from the facts when not given."""


NOTHING_READ = RecordsReading(lambda: PeriodPairs(0, (), ()), tuple)
"""No sittings (what is shown when the records cannot be read)."""

ReadingFor = Callable[[Period, Sequence[GameKey] | None], RecordsReading]
"""What the view is given: the reading of the sittings stored within a period, of the
games chosen (every game for None)."""


RatingsFor = Callable[[Sequence[SittingFacts], Period, Sequence[GameKey] | None], Ratings]
"""What the view may be given to rate the facts of a period and of the games chosen."""

Rate = Callable[[Sequence[SittingFacts]], Ratings]
"""What rates one set of sittings' facts."""

_Index = QModelIndex | QPersistentModelIndex
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_MEASURED_ROWS = 100
"""How many rows a table measures to size its columns to their cells (Qt's default is
1,000: a circle's head to head over a decade has hundreds of pairs)."""


class Records:
    """The records of one reading of sittings (:class:`RecordsReading`): the head to head
    as read, the rest counted from the sittings' facts, each read when first asked for;
    the ratings' page as read, else rated by ``rating`` (from the first rubber when not
    given) and walked by ``walk`` (kept by the view)."""

    def __init__(
        self,
        reading: RecordsReading,
        rating: Rate | None = None,
        walk: RatedSittings | None = None,
    ) -> None:
        self.reading = reading
        self._rate = rating or rate
        self._walk = RatedSittings() if walk is None else walk

    @cached_property
    def facts(self) -> tuple[SittingFacts, ...]:
        """Every sitting's facts, in the order played, read when first asked for."""
        return tuple(self.reading.facts())

    @cached_property
    def head_to_head(self) -> PeriodPairs:
        """How many sittings, their players and every two players who met, read when first
        asked for."""
        return self.reading.head_to_head()

    @property
    def players(self) -> tuple[str, ...]:
        """Every player of the sittings, in name order."""
        return self.head_to_head.players

    @property
    def pairs(self) -> tuple[HeadToHead, ...]:
        """Every two players who met."""
        return self.head_to_head.pairs

    def sittings(self, kind: str) -> int:
        """How many sittings the records of ``kind`` (one of :attr:`RecordsView.PAGES`) are
        read from: the head to head's, the partnerships and roles', the ratings' page's
        (the same sittings)."""
        if kind == "pairs":
            return self.head_to_head.sittings
        if kind in ("partners", "roles"):
            return self.sides.sittings
        return self.rating_page.sittings

    @cached_property
    def sides(self) -> PeriodSides:
        """How many sittings, every partnership and every player's figures in every role,
        read when first asked for (counted from the facts when the reading has no reader
        of its own for them)."""
        if self.reading.sides is not None:
            return self.reading.sides()
        facts = self.facts
        return PeriodSides(len(facts), partnerships(facts), role_records(facts))

    @property
    def partners(self) -> tuple[Partnership, ...]:
        """Every partnership."""
        return self.sides.partners

    @property
    def roles(self) -> tuple[RoleRecord, ...]:
        """Every player's figures in every role."""
        return self.sides.roles

    @cached_property
    def rating_page(self) -> RatingPage:
        """Every player's rating and what the plot of their course is drawn from, read
        when first asked for (rated from the facts when the reading has no reader of its
        own for them)."""
        if self.reading.rating_page is not None:
            return self.reading.rating_page()
        facts = self.facts
        return self._walk.page(self._rate(facts), facts)

    @property
    def ratings(self) -> Ratings:
        """Every player's rating now (without its course: the page keeps its plot's)."""
        return self.rating_page.ratings

    def pair(self, first: str, second: str) -> HeadToHead:
        """``first``'s record against ``second``."""
        for record in self.pairs:
            if record.players == (first, second):
                return record
            if record.players == (second, first):
                return record.turned()
        return record_of((first, second), [])


class RecordsModel(QAbstractTableModel):
    """A :class:`~jojotte_score.render.records_tables.RecordsTable` as an item model: the
    headings, the cells, each row's header for a screen reader; sorting keeps the column
    and order chosen when the table is replaced."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.table: RecordsTable | None = None
        self._rows: list[RecordRow] = []
        self._sort: tuple[int, bool] | None = None

    def set_table(self, table: RecordsTable) -> None:
        """Show ``table``, in the order last sorted by (else as given). A table of the
        same headings and as many rows as the one shown (a recorded hand's head to head)
        tells the view of the rows that changed instead of resetting it, so that the
        selection stays and the columns are fitted again only where a cell's text widens
        or narrows (:func:`_fit_columns`)."""
        rows = list(table.rows)
        if self._sort is not None and self._sort[0] < len(table.headings):
            rows = _sorted(rows, *self._sort)
        shown = self.table
        if (
            shown is None
            or (shown.headings, shown.numbers) != (table.headings, table.numbers)
            or len(rows) != len(self._rows)
        ):
            self.beginResetModel()
            self.table, self._rows = table, rows
            self.endResetModel()
            return
        changed = [place for place, row in enumerate(rows) if row != self._rows[place]]
        headers = [place for place in changed if rows[place].header != self._rows[place].header]
        self.table, self._rows = table, rows
        if headers:
            # Only where a row's header changed: telling the hidden header paints the
            # whole table a second time.
            self.headerDataChanged.emit(Qt.Orientation.Vertical, headers[0], headers[-1])
        if changed:
            first, last = changed[0], changed[-1]
            self.dataChanged.emit(
                self.index(first, 0), self.index(last, len(table.headings) - 1), [_DISPLAY]
            )

    def shown_rows(self) -> list[RecordRow]:
        """The rows in the order shown."""
        return list(self._rows)

    def widest_row(self, column: int, metrics: QFontMetricsF) -> int | None:
        """The row whose cell of ``column`` is the widest drawn with ``metrics`` (None for
        no rows)."""
        widths: dict[str, tuple[float, int]] = {}
        for row, record in enumerate(self._rows):
            text = record.cells[column]
            if text not in widths:
                widths[text] = (metrics.horizontalAdvance(text), row)
        return max(widths.values())[1] if widths else None

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.table is None else len(self.table.headings)

    def _aligned(self, column: int) -> int:
        return _RIGHT if self.table is not None and column in self.table.numbers else _LEFT

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Vertical:
            # Each row's header for a screen reader (the table shows none).
            if role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self._rows):
                return self._rows[section].header
            return None
        if self.table is None or not 0 <= section < len(self.table.headings):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.table.headings[section]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._aligned(section)
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Asked for every role of every cell a view paints or measures: the roles without
        # an answer are turned away first.
        if role != _DISPLAY and role != _ALIGNMENT:
            return None
        row, column = index.row(), index.column()
        rows = self._rows
        if not (0 <= row < len(rows) and 0 <= column < len(rows[row].cells)):
            return None
        if index.parent().isValid():
            return None
        if role == _DISPLAY:
            return rows[row].cells[column]
        return self._aligned(column)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < self.columnCount():
            return
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order == Qt.SortOrder.DescendingOrder)
        self._rows = _sorted(self._rows, *self._sort)
        self.layoutChanged.emit()


def _file_name(kind: str) -> str:
    """The name offered for the CSV of the records of ``kind`` (without ".csv"), in the
    language spoken: "pairs", "Direkter-Vergleich"."""
    # Translators: the file names offered for the CSV of each page of the Records tab
    # (without ".csv"): no spaces.
    names = {
        "pairs": pgettext("file name", "pairs"),
        "partners": pgettext("file name", "partners"),
        "roles": pgettext("file name", "roles"),
        "ratings": pgettext("file name", "ratings"),
    }
    return names.get(kind, kind)


def _same_page(page: RatingPage, shown: RatingPage | None) -> bool:
    """Whether ``page`` shows what ``shown`` showed (its sittings' count aside, which the
    summary line says)."""
    return shown is not None and (
        page is shown
        or (page.players, page.rated, page.moments) == (shown.players, shown.rated, shown.moments)
    )


def _rating_of(ratings_for: RatingsFor, period: Period, games: Sequence[GameKey] | None) -> Rate:
    """What rates the facts of ``period`` and ``games`` through ``ratings_for``."""
    return lambda facts: ratings_for(facts, period, games)


def _sorted(rows: Sequence[RecordRow], column: int, descending: bool) -> list[RecordRow]:
    """The rows ordered by one column (a row with no figure there last either way), rows
    alike in it as they were."""
    present = [row for row in rows if row.keys[column] is not None]
    absent = [row for row in rows if row.keys[column] is None]
    present.sort(key=lambda row: row.keys[column] or (), reverse=descending)
    return present + absent


def _table_view(model: RecordsModel, name: str, sortable: bool = True) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setAccessibleName(name)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.verticalHeader().hide()
    # Rows as high as a line of text needs, so that a table shows as many as it can.
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
    if sortable:
        view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        view.setSortingEnabled(True)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setResizeContentsPrecision(_MEASURED_ROWS)
    fitted: list[object] = [None]  # what the columns were last fitted to
    model.modelReset.connect(lambda: _fit_columns(view, model, fitted, again=True))
    model.dataChanged.connect(lambda *_changed: _fit_columns(view, model, fitted))
    return view


def _fit_columns(
    view: QTableView, model: RecordsModel, fitted: list[object], again: bool = False
) -> None:
    """Size each column as ``resizeColumnsToContents`` does, to the same pixel, but measure
    only the widest cell of each by the font's metrics, and that one as the view draws it
    (its delegate's size, with the style's margins), instead of every cell: a cell is
    measured by asking the model for each of its roles, about 5,100 calls of ``data`` for
    the head to head's 45 pairs of ten players (1,500 sittings: 1.1-2.1 ms in place of
    14-25, best of 15, six runs on a loaded machine).
    A table of more rows than Qt measures (:data:`_MEASURED_ROWS`) is left to Qt, which
    measures the rows in sight first.
    ``fitted`` holds what the columns were last fitted to (the headings, the font, the
    widest cell's text of each column and the widths set): unless fitting ``again`` (a
    table shown anew), a change whose widest cells are those fitted to, in columns still as
    wide as fitted (most recorded hands with the head to head shown), leaves the widths
    as they are, measuring no cell."""
    if model.rowCount() > _MEASURED_ROWS:
        fitted[0] = None
        view.resizeColumnsToContents()
        return
    metrics = QFontMetricsF(view.font())
    widest = [model.widest_row(column, metrics) for column in range(model.columnCount())]
    rows = model.shown_rows()
    table = model.table
    header = view.horizontalHeader()
    key = (
        None if table is None else table.headings,
        view.font().key(),
        tuple(None if row is None else rows[row].cells[place] for place, row in enumerate(widest)),
    )
    sizes = tuple(header.sectionSize(column) for column in range(len(widest)))
    if not again and fitted[0] == (key, sizes):
        return
    grid = 1 if view.showGrid() else 0  # as QTableView.sizeHintForColumn adds
    for column, row in enumerate(widest):
        width = header.sectionSizeHint(column)
        if row is not None:
            cell = view.sizeHintForIndex(model.index(row, column)).width() + grid
            width = max(width, cell)
        header.resizeSection(column, width)
    fitted[0] = (key, tuple(header.sectionSize(column) for column in range(len(widest))))


class RecordsView(QWidget):
    """The period and way-to-play choosers, the pages of records and "Export CSV…".

    ``reading_for`` reads a period and the games chosen (the History window's reads the
    Ratings page through a
    :class:`~jojotte_score.storage.record_rating_page.StoredRatingPage`); ``ratings_for``
    rates them when the reading has no page of its own (when not given, each reading
    rates from the first rubber); ``today``
    the local date the periods are counted back from. A storage failure is shown in place of the
    summary line, with empty tables.
    """

    PAGES = ("pairs", "partners", "roles", "ratings")
    """The pages, by the kind of record each shows (the command line's option)."""

    def __init__(
        self,
        reading_for: ReadingFor,
        today: Callable[[], date] = date.today,
        parent: QWidget | None = None,
        ratings_for: RatingsFor | None = None,
    ) -> None:
        super().__init__(parent)
        self._reading_for = reading_for
        self._ratings_for = ratings_for
        self._today = today
        self.records = Records(NOTHING_READ)
        self._shown: set[str] = set()
        self._players_offered: tuple[str, ...] | None = None
        """The players both lists offer (None before they are first filled)."""
        self._page_shown: RatingPage | None = None
        self._page_charts = PageCharts()
        """What makes the ratings' plot of each page shown, from the one before where it
        can."""
        self._rated_walk = RatedSittings()
        """What walks the ratings' course for their page when the reading has no page of
        its own, keeping what it walked."""

        chooser = self._build_filters()
        pages = self._build_pages()
        buttons = self._build_export()
        layout = QVBoxLayout(self)
        layout.addLayout(chooser)
        layout.addWidget(pages, 1)
        layout.addLayout(buttons)
        self._connect()
        self.refresh()

    # Building ----------------------------------------------------------------------------

    def _build_filters(self) -> QHBoxLayout:
        """The line over the pages: the period chooser, the way to play, the summary."""
        self.chooser = PeriodChooser(self._today)
        self.choice, self.to_label = self.chooser.choice, self.chooser.to_label
        self.first, self.last = self.chooser.first, self.chooser.last
        self.game = QComboBox()
        self.game.addItem(_("Every way to play"), None)
        for game in all_games():
            self.game.addItem(_(game.label), str(game.variant))
        self.game.setAccessibleName(_("Way to play"))
        self.summary = QLabel()
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Translators: the Records tab's filter of the games; it needs a letter of its own
        # beside the period chooser's P (Alt+W).
        game_label = QLabel(_("&Way to play:"))
        game_label.setBuddy(self.game)
        chooser = QHBoxLayout()
        chooser.addWidget(self.chooser)
        chooser.addSpacing(12)
        chooser.addWidget(game_label)
        chooser.addWidget(self.game)
        chooser.addSpacing(12)
        chooser.addWidget(self.summary, 1)
        return chooser

    def _build_pages(self) -> QTabWidget:
        """The four pages' tabs: the head to head made now, the others' holders, each page
        made in its holder when first shown (:meth:`_build_page`)."""
        self.pages = QTabWidget()
        self.pages.setAccessibleName(_("Records"))
        self.models = {kind: RecordsModel(self) for kind in self.PAGES}
        self.pair_model = RecordsModel(self)
        self.tables = {"pairs": _table_view(self.models["pairs"], _("Every two players who met"))}
        """Each page's table, made with its page (see :meth:`_build_page`)."""
        self.pair_table = _table_view(self.pair_model, _("Head to head"), sortable=False)
        self.first_player = QComboBox()
        self.second_player = QComboBox()
        self.first_player.setAccessibleName(_("First player"))
        self.second_player.setAccessibleName(_("Second player"))
        self.rating_chart = ChartWidget()
        self.rating_chart.setMinimumSize(360, 260)
        self.ratings_legend = QLabel(_(RATINGS_LEGEND))
        self.ratings_legend.setWordWrap(True)
        # The pages other than the head to head, which the tab opens on, are made when first
        # shown: at 1,500 sittings their tables took 5 ms of a 73 ms opening under cProfile,
        # about 1 ms of 49 by the clock.
        self._unmade: dict[str, Callable[[], QWidget]] = {
            "partners": lambda: self._one_table("partners", _("Partnerships")),
            "roles": lambda: self._one_table("roles", _("Each player's figures in each role")),
            "ratings": self._ratings_page,
        }
        self.pages.addTab(self._pairs_page(), _("&Head to head"))
        for title in (_("P&artnerships"), _("R&oles"), _("Rat&ings")):
            holder = QWidget()
            QVBoxLayout(holder).setContentsMargins(0, 0, 0, 0)
            self.pages.addTab(holder, title)
        return self.pages

    def _build_export(self) -> QHBoxLayout:
        """The line under the pages: "Export CSV…" on the right."""
        self.export_button = QPushButton(_("&Export CSV…"))
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.export_button)
        return buttons

    def _connect(self) -> None:
        """A filter changed reads the records again; a player or page chosen shows them."""
        self.chooser.changed.connect(self.refresh)
        self.game.currentIndexChanged.connect(lambda _index: self.refresh())
        self.first_player.currentIndexChanged.connect(lambda _index: self._show_pair())
        self.second_player.currentIndexChanged.connect(lambda _index: self._show_pair())
        self.pages.currentChanged.connect(lambda _index: self._show_page())
        self.export_button.clicked.connect(lambda: self.export_csv())

    def _build_page(self, kind: str) -> None:
        """Make the page of ``kind`` in its holder, unless it is made already."""
        make = self._unmade.pop(kind, None)
        if make is None:
            return
        holder = self.pages.widget(self.PAGES.index(kind))
        layout = holder.layout() if holder is not None else None
        if layout is not None:
            page = make()
            layout.addWidget(page)
            page.show()

    def _one_table(self, kind: str, name: str) -> QWidget:
        self.tables[kind] = _table_view(self.models[kind], name)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(self.tables[kind])
        return page

    def _pairs_page(self) -> QWidget:
        page = QWidget()
        first_label = QLabel(_("Pla&yer:"))
        first_label.setBuddy(self.first_player)
        second_label = QLabel(_("agai&nst:"))
        second_label.setBuddy(self.second_player)
        choosers = QHBoxLayout()
        for widget in (first_label, self.first_player, second_label, self.second_player):
            choosers.addWidget(widget)
        choosers.addStretch(1)
        self.pair_table.setFixedHeight(  # the seven figures, whole
            self.pair_table.fontMetrics().height()
            + 12  # the headings' row, made before its model has a column
            + 7 * self.pair_table.verticalHeader().defaultSectionSize()
            + 2 * self.pair_table.frameWidth()
        )
        layout = QVBoxLayout(page)
        layout.addLayout(choosers)
        layout.addWidget(self.pair_table)
        layout.addWidget(self.tables["pairs"], 1)
        return page

    def _ratings_page(self) -> QWidget:
        self.tables["ratings"] = _table_view(self.models["ratings"], _("Ratings"))
        page = QWidget()
        left = QVBoxLayout()
        left.addWidget(self.tables["ratings"], 1)
        left.addWidget(self.ratings_legend)
        layout = QHBoxLayout(page)
        layout.addLayout(left, 3)
        layout.addWidget(self.rating_chart, 2)
        return page

    # Choosing ----------------------------------------------------------------------------

    def choose(
        self, choice: PeriodChoice, first: date | None = None, last: date | None = None
    ) -> None:
        """Choose a period as the player would (the custom dates when given), and show it."""
        self.chooser.choose(choice, first, last)

    def choose_game(self, game: GameKey | None) -> None:
        """Choose one way to play (every way for None), as the player would."""
        self.game.setCurrentIndex(self.game.findData(None if game is None else str(game)))

    def choose_players(self, first: str, second: str) -> None:
        """Choose the two players of the head to head, as the player would."""
        self.first_player.setCurrentIndex(self.first_player.findData(first))
        self.second_player.setCurrentIndex(self.second_player.findData(second))

    def period(self) -> Period:
        """The dates the chosen period covers today."""
        return self.chooser.period()

    def games(self) -> tuple[GameKey, ...] | None:
        """The way to play chosen (None: every way)."""
        key = self.game.currentData()
        return None if key is None else (str(key),)

    # Showing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Ask for the facts of the chosen period and games again and show the records."""
        try:
            reading = self._reading_for(self.period(), self.games())
        except JojotteError as error:
            self._cannot_read(error)
            return
        rating = None
        if self._ratings_for is not None:
            rating = _rating_of(self._ratings_for, self.period(), self.games())
        self.records = Records(reading, rating, self._rated_walk)
        if not self._show_all():
            return
        count = self.records.sittings(self.current_kind())
        self.summary.setText(
            ngettext(
                "Records over {count} sitting.", "Records over {count} sittings.", count
            ).format(count=count)
        )

    def _cannot_read(self, error: JojotteError) -> None:
        """Show empty tables, and the problem in place of the summary line."""
        self.records = Records(NOTHING_READ)
        self._show_all()
        self.summary.setText(_("Cannot read the records: {error}").format(error=error))

    def _show_all(self) -> bool:
        """Show the records read on the page shown, the other pages when next shown: after
        a hand that finishes a rubber with the ratings shown, the head to head not read
        again took it from +46.0 and +39.7 ms over the Sittings tab to +32.8 and +30.2 at
        1,500 sittings (bench_records_tab, best of five, two runs alternating). False when
        the records could not be read."""
        self._shown.clear()
        return self._show_page()

    def _fill_players(self) -> None:
        """Offer the players read in both lists, each keeping its choice where that player
        is still there; a list whose player is gone gets the first player that the other
        list has not chosen, so that the two never show one player against himself."""
        players = self.records.players
        combos = (self.first_player, self.second_player)
        if players == self._players_offered:
            return  # the same players offered: both lists and their choices stand
        self._players_offered = players
        kept = [combo.currentData() for combo in combos]
        chosen: list[str | None] = [None, None]
        for side, name in enumerate(kept):
            if name in players and name not in chosen:
                chosen[side] = name
        for side in (0, 1):
            if chosen[side] is None:
                chosen[side] = next((name for name in players if name not in chosen), None)
        for combo, name in zip(combos, chosen, strict=True):
            combo.blockSignals(True)
            combo.clear()
            for player in players:
                combo.addItem(isolated(player), player)
            combo.setCurrentIndex(combo.findData(name) if name is not None else -1)
            combo.blockSignals(False)

    def current_kind(self) -> str:
        """The kind of record the page shown holds."""
        return self.PAGES[max(self.pages.currentIndex(), 0)]

    def _show_page(self) -> bool:
        """Show the page shown, when not yet shown since the last reading; False when its
        records could not be read (the sittings' facts, read when first needed)."""
        kind = self.current_kind()
        self._build_page(kind)
        if kind in self._shown:
            return True
        self._shown.add(kind)
        try:
            if kind == "pairs":
                self._fill_players()
            if kind == "ratings" and _same_page(self.records.rating_page, self._page_shown):
                # The same ratings shown (a recorded hand that finished no rubber): the
                # table and the plot stand, not made and painted again (at 1,500 sittings
                # the plot alone takes 35-45 ms to paint).
                return True
            table = self.table_of(kind)
        except JojotteError as error:
            self._cannot_read(error)
            return False
        if kind == "ratings":
            self._page_shown = self.records.rating_page
        self.models[kind].set_table(table)
        if kind == "pairs":
            self._show_pair()
        elif kind == "ratings":
            page = self.records.rating_page
            self.rating_chart.set_chart(self._page_charts.chart(page) if page.sittings else None)
            self.rating_chart.setAccessibleName(_("Ratings over time"))
        return True

    def table_of(self, kind: str) -> RecordsTable:
        """The table of one kind of record over the sittings chosen."""
        records = self.records
        if kind == "pairs":
            return pairs_table(records.pairs)
        if kind == "partners":
            return partners_table(records.partners)
        if kind == "roles":
            return roles_table(records.roles)
        return ratings_table(records.ratings)

    def _show_pair(self) -> None:
        first, second = self.first_player.currentData(), self.second_player.currentData()
        if first is None or second is None or first == second:
            self.pair_model.set_table(
                RecordsTable("pair", _("Head to head"), (), frozenset(), (), ())
            )
            return
        self.pair_model.set_table(pair_table(self.records.pair(str(first), str(second))))

    # Exporting ---------------------------------------------------------------------------

    def export_csv(self, path: Path | None = None) -> Path | None:
        """Write the records of the page shown, over the sittings chosen, to ``path``, else
        to a CSV file the player names, as ``jojotte-score stats --csv`` writes them."""
        kind = self.current_kind()
        if path is None:
            offered = f"{_file_name(kind)}.csv"
            chosen = ask_save_path(self, _("Export records"), offered, _("CSV (*.csv)"))
            if chosen is None:
                return None
            path = chosen if chosen.suffix else chosen.with_suffix(".csv")
        from jojotte_score.formats import records_export as export

        records = self.records
        if kind == "pairs":
            rows = export.pair_rows(records.pairs)
        elif kind == "partners":
            rows = export.partner_rows(records.partners)
        elif kind == "roles":
            rows = export.role_rows(records.roles)
        else:
            rows = export.rating_rows(records.ratings)
        try:
            export.write_records_csv(kind, rows, path)
        except OSError as error:
            show_message(
                self,
                _("Not written"),
                _("{path}: {error}").format(path=path, error=error.strerror or error),
            )
            return None
        return path
