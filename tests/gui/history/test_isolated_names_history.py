"""A name stored by an earlier release with a right-to-left override ("\\u202eAnna") never
turns the figures beside it round in the history (its Sittings table and result, the Open
sitting list, the Statistics tab, the plots' titles, legends, summaries and readings, the
season report), nor in the New cut dialog: the name is isolated there (U+2068 … U+2069),
every time it appears. The history's CSV keeps the name as stored; the Rename players dialog
offers it as stored, to be corrected."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from jojotte_score.core.series import contract_shares, results_over_time
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.history.chart_widget import ChartWidget
from jojotte_score.gui.history.history_rows import Column, history_csv, history_row
from jojotte_score.gui.history.history_tabs import all_stats, course_of, report_of
from jojotte_score.gui.history.history_window import HistoryTableModel
from jojotte_score.gui.history.plots_view import PlotSources, PlotsView, results_of
from jojotte_score.gui.history.statistics_rows import statistics_rows
from jojotte_score.gui.history.statistics_view import StatisticsModel
from jojotte_score.gui.window.dialogs import (
    FirstDealerDialog,
    OpenSittingDialog,
    RenamePlayersDialog,
)
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.render.chart_layout import (
    ChartMetrics,
    course_chart,
    layout_chart,
    results_chart,
    shares_chart,
)
from jojotte_score.render.chart_reading import chart_rows
from jojotte_score.render.season_report import layout_season_report, stats_rows
from jojotte_score.render.sheet_items import TextItem
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from tests.gui.window.test_isolated_names import (
    NAME,
    SHOWN,
    digits_read_left_to_right,
    store_overridden,
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SittingStore]:
    """A store holding the German two-player example, its first player "\\u202eAnna"."""
    with Database.open(database_path(tmp_path)) as database:
        store = SittingStore(database)
        store_overridden(store)
        yield store


def assert_isolated(texts: Iterable[str], *, with_figures: bool = True) -> None:
    """Every text that names her names her isolated, each time; when ``with_figures``,
    some of them hold figures, and every figure reads left to right."""
    named = [text for text in texts if NAME in text]
    assert named
    for text in named:
        assert text.count(NAME) == text.count(SHOWN), repr(text)
        assert SHOWN + "\u2069" not in text, repr(text)  # isolated once, not twice
    figured = [text for text in named if re.search(r"\d\d", text)]
    if with_figures:
        assert figured, named
    for text in figured:
        assert digits_read_left_to_right(text), repr(text)


def model_texts(model: QAbstractItemModel) -> list[str]:
    """Every cell's text and accessible text, and every row's header."""
    texts = []
    for row in range(model.rowCount()):
        texts.append(str(model.headerData(row, Qt.Orientation.Vertical) or ""))
        for column in range(model.columnCount()):
            index = model.index(row, column, QModelIndex())
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
                texts.append(str(model.data(index, role) or ""))
    return texts


def test_the_sittings_table_and_its_result(store: SittingStore, qtbot: QtBot) -> None:
    (info,) = store.list_sittings()
    row = history_row(info)
    assert row.text(Column.PLAYERS) == f"{SHOWN}–B"
    # The result: her side ahead, the figure after her name and read left to right.
    assert re.fullmatch(rf"(?:{SHOWN}|B) \+\d+", row.text(Column.RESULT)), row.result
    model = HistoryTableModel()
    model.set_rows([row])
    assert_isolated(model_texts(model))
    # The CSV is data: the name as stored, no isolate.
    csv = history_csv([row])
    assert f"{NAME}–B" in csv
    assert "\u2068" not in csv
    assert "\u2069" not in csv


def test_the_open_sitting_list(store: SittingStore, qtbot: QtBot) -> None:
    dialog = OpenSittingDialog(store.list_sittings())
    qtbot.addWidget(dialog)
    table = dialog.table
    cells = []
    for row in range(table.rowCount()):
        for column in range(table.columnCount()):
            item = table.item(row, column)
            assert item is not None
            cells.append(item.text())
    assert_isolated(cells)


def test_the_statistics_tab(store: SittingStore, qtbot: QtBot) -> None:
    rows = statistics_rows(all_stats(store))
    model = StatisticsModel()
    model.set_rows(rows)
    texts = model_texts(model)
    assert_isolated(texts, with_figures=False)
    hers = next(row for row in rows if row.player.name == NAME)
    assert hers.cells[0] == SHOWN
    # The figures keep their cells: her net is the same figure the other player loses.
    other = next(row for row in rows if row.player.name != NAME)
    assert hers.player.net_points == -other.player.net_points != 0
    assert hers.cells[4] == f"+{hers.player.net_points}"
    # Sorting by name sorts by the name as stored, not by its isolate.
    assert hers.keys[0] == (NAME.casefold(), NAME)


def test_the_plots(store: SittingStore, qtbot: QtBot) -> None:
    (info,) = store.list_sittings()
    course = course_of(store, info.id)
    assert course is not None
    assert course.sides == (SHOWN, "B")
    over_time = results_over_time(results_of([info]))
    shares = contract_shares(all_stats(store))
    metrics = ChartMetrics(lambda text, size: len(text) * size * 0.6, width=600, height=300)
    for chart in (
        course_chart(course),
        results_chart(over_time),
        results_chart(over_time, cumulative=True),
        shares_chart(shares),
    ):
        laid = layout_chart(chart, metrics)
        texts = [item.text for item in laid.items if isinstance(item, TextItem)]
        assert_isolated([chart.title, chart.summary, *texts, *laid.names, *chart_rows(chart)])
    # The tab: the sitting chooser, the course's title, and each plot's reading.
    view = PlotsView(
        PlotSources(
            sittings=store.list_sittings,
            course=lambda sitting_id: course_of(store, sitting_id),
            stats=lambda: all_stats(store),
            report=lambda: report_of(store),
        )
    )
    qtbot.addWidget(view)
    view.refresh()
    assert view.sitting.currentText().endswith(f"{SHOWN}–B")
    readings = []
    for plot in (view.course, view.results, view.shares):
        drawn = plot.chart.chart()
        assert drawn is not None
        readings += [drawn.title, plot.chart.summary(), plot.summary.text()]
        readings += [plot.save_button.accessibleName()]
        readings += [item.words for item in plot.chart.reading()]
    assert_isolated(readings)


def test_the_season_report(store: SittingStore) -> None:
    report = report_of(store)
    cells = [cell for row in stats_rows(report.stats) for cell in row]
    assert SHOWN in cells
    assert_isolated(_report_pages(report))


def _report_pages(report: object) -> list[str]:
    """Every text on the report's pages and in its plots, as the PDF draws them."""
    from jojotte_score.render.page_layout import PageMetrics
    from jojotte_score.render.season_report import SeasonReport

    assert isinstance(report, SeasonReport)
    pages = layout_season_report(report, PageMetrics(lambda text, size: len(text) * size * 0.6))
    texts = []
    for page in pages:
        texts += [item.text for item in page.page.items if isinstance(item, TextItem)]
        for placed in page.charts:
            texts += [item.text for item in placed.layout.items if isinstance(item, TextItem)]
    return texts


def test_the_new_cut_dialog(qtbot: QtBot) -> None:
    dialog = FirstDealerDialog((NAME, "Bert", "Carl"))
    qtbot.addWidget(dialog)
    buttons = dialog.findChildren(QRadioButton)
    assert [button.text() for button in buttons] == [f"&1 {SHOWN}", "&2 Bert", "&3 Carl"]
    assert digits_read_left_to_right(buttons[0].text().replace("&1", "12"))


def test_the_rename_dialog_offers_the_name_as_stored(qtbot: QtBot) -> None:
    """The only place her name stands alone, to be corrected: the field holds it as
    stored, with nothing beside it (an isolate added there would become part of the name),
    and the corrected name is what the dialog gives back."""
    dialog = RenamePlayersDialog("two-player", (NAME, "Bert"))
    qtbot.addWidget(dialog)
    fields = dialog.findChildren(QLineEdit)
    assert [field.text() for field in fields] == [NAME, "Bert"]
    fields[0].setText("Anna")
    assert dialog.players() == ("Anna", "Bert")


def widget_texts(root: QWidget) -> list[str]:
    """Every text ``root`` and the widgets in it show or give a screen reader: labels,
    buttons, tab titles, combo boxes' items, window titles, accessible names and
    descriptions, tooltips, each item view's cells and headers, each chart's reading."""
    texts: list[str] = []
    for widget in [root, *root.findChildren(QWidget)]:
        texts += [widget.windowTitle(), widget.accessibleName(), widget.accessibleDescription()]
        texts.append(widget.toolTip())
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        if isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
        if isinstance(widget, QTabWidget):
            texts += [widget.tabText(i) for i in range(widget.count())]
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            texts += model_texts(widget.model())
        if isinstance(widget, ChartWidget):
            texts += [item.words for item in widget.reading()]
    return texts


def test_every_text_of_the_history_window(main_window: MainWindow, qtbot: QtBot) -> None:
    """The whole History window, each tab shown in turn: wherever her name is, it is
    isolated, and the figures beside it read left to right."""
    sitting_id = store_overridden(main_window.session.store)
    main_window.open_sitting_id(sitting_id)
    main_window.named_actions[ActionName.HISTORY].trigger()
    history = main_window.history
    assert history is not None
    qtbot.waitExposed(history)
    texts = []
    for index in range(history.tabs.count()):
        history.tabs.setCurrentIndex(index)
        texts += widget_texts(history)
    assert_isolated(texts)
    assert sum(SHOWN in text for text in texts) >= 10
