"""The Statistics tab over the four worked examples stored on dates of their own: the
figures a player compares with `jojotte-score stats`, the periods, sorting, refreshing, and
screenshots in the light and the dark palette."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics, QPalette
from PySide6.QtWidgets import QApplication, QStyle
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from jojotte_score.gui.history.statistics_rows import PeriodChoice, StatisticsColumn
from jojotte_score.gui.history.statistics_view import StatisticsModel, StatisticsView
from jojotte_score.i18n import use_language
from jojotte_score.stats_labels import STATS_HEADINGS, STATS_LEGEND
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import DamagedSittingError
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import Period, PeriodStats, period_stats
from tests.gui.conftest import german, screenshot_folder
from tests.gui.window.test_screenshots import DARK, LIGHT, palette
from tests.stored_examples import STATS_LINES, Clock, store_examples

TODAY = date(2026, 11, 23)


class Asked(list[Period]):
    """The periods the view asked the figures of."""


@pytest.fixture
def examples(database: Database) -> SittingStore:
    """The four worked examples: German 2025-03-10, three-player 2026-01-15, chouette
    2026-06-01, cutthroat 2026-11-20."""
    return store_examples(database)


@pytest.fixture
def asked() -> Asked:
    return Asked()


@pytest.fixture
def view(qtbot: QtBot, examples: SittingStore, asked: Asked) -> StatisticsView:
    """The tab over the examples on the 23rd of November 2026, dates taken in UTC."""

    def stats_for(period: Period) -> PeriodStats:
        asked.append(period)
        return period_stats(examples, period, UTC)

    shown = StatisticsView(stats_for, today=lambda: TODAY)
    qtbot.addWidget(shown)
    return shown


def table(view: StatisticsView) -> list[list[str]]:
    model = view.model
    return [
        [model.data(model.index(row, column)) for column in range(model.columnCount())]
        for row in range(model.rowCount())
    ]


def names(view: StatisticsView) -> list[str]:
    return [row[0] for row in table(view)]


def test_all_time_shows_what_the_stats_command_prints(
    view: StatisticsView, asked: Asked, qtmodeltester: ModelTester
) -> None:
    qtmodeltester.check(view.model)  # type: ignore[no-untyped-call]
    assert asked == [Period()]
    model = view.model
    headings = [model.headerData(column, Qt.Orientation.Horizontal) for column in range(15)]
    # The headings of ``jojotte-score stats``, those of two words on two lines.
    assert headings == [
        *("Player", "Sittings", "Rubbers", "Won", "Net", "Avg/\nrubber", "Hands"),
        *("Melds/\nhand", "Contracts", "Suit", "No-\ntrump", "Nullo", "Slam", "Doubled"),
        "Defended",
    ]
    assert len(STATS_HEADINGS) == 15
    assert table(view) == [line.split() for line in STATS_LINES.values()]
    assert view.summary.text() == "4 sittings in all."
    assert view.legend.text() == STATS_LEGEND
    assert "made/declared" in model.headerData(
        StatisticsColumn.SLAM, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert not view.first.isVisibleTo(view)


@pytest.mark.parametrize(
    ("choice", "first", "last", "players", "summary"),
    [
        # The German example (2025) falls outside: A and B are gone, the other three stay.
        (
            PeriodChoice.THIS_YEAR,
            None,
            None,
            ["Anna", "Bert", "Carl", "Dave"],
            "3 sittings stored from 2026-01-01 to 2026-11-23.",
        ),
        (
            PeriodChoice.LAST_12_MONTHS,
            None,
            None,
            ["Anna", "Bert", "Carl", "Dave"],
            "3 sittings stored from 2025-11-24 to 2026-11-23.",
        ),
        (
            PeriodChoice.CUSTOM,
            date(2025, 1, 1),
            date(2025, 12, 31),
            ["A", "B"],
            "1 sitting stored from 2025-01-01 to 2025-12-31.",
        ),
        (
            PeriodChoice.CUSTOM,
            date(2026, 1, 16),
            date(2026, 11, 19),
            ["Anna", "Bert", "Carl"],
            "1 sitting stored from 2026-01-16 to 2026-11-19.",
        ),
        (
            PeriodChoice.CUSTOM,
            date(2024, 1, 1),
            date(2024, 12, 31),
            [],
            "No sitting was stored from 2024-01-01 to 2024-12-31.",
        ),
    ],
    ids=["this year", "12 months", "2025", "the chouette alone", "none"],
)
def test_a_period_shows_only_the_sittings_stored_within_it(
    view: StatisticsView,
    asked: Asked,
    qtmodeltester: ModelTester,
    choice: PeriodChoice,
    first: date | None,
    last: date | None,
    players: list[str],
    summary: str,
) -> None:
    view.choose(choice, first, last)
    qtmodeltester.check(view.model)  # type: ignore[no-untyped-call]
    assert names(view) == players
    assert view.summary.text() == summary
    assert view.first.isVisibleTo(view) == (choice is PeriodChoice.CUSTOM)
    assert asked[-1] == view.period()


def test_the_german_example_alone_is_its_two_players_figures(view: StatisticsView) -> None:
    view.choose(PeriodChoice.CUSTOM, date(2025, 3, 10), date(2025, 3, 10))
    assert table(view) == [STATS_LINES["A"].split(), STATS_LINES["B"].split()]


def test_the_chouette_alone(view: StatisticsView) -> None:
    """June 2026 holds only the chouette: Anna won both rubbers (+1135), Carl lost 2285."""
    view.choose(PeriodChoice.CUSTOM, date(2026, 6, 1), date(2026, 6, 30))
    rows = {row[0]: row for row in table(view)}
    assert rows["Anna"][StatisticsColumn.WON] == "2"
    assert rows["Anna"][StatisticsColumn.NET] == "+1135"
    assert rows["Carl"][StatisticsColumn.NET] == "\u22122285"


def test_changing_the_custom_dates_asks_again(view: StatisticsView, asked: Asked) -> None:
    view.choose(PeriodChoice.CUSTOM, date(2026, 1, 1), date(2026, 1, 31))
    assert names(view) == ["Anna", "Bert", "Carl"]  # the three-player game of the 15th
    view.last.setDate(view.last.date().addMonths(5))  # to the 30th of June: and the chouette
    assert asked[-1] == Period(date(2026, 1, 1), date(2026, 6, 30))
    assert view.summary.text() == "2 sittings stored from 2026-01-01 to 2026-06-30."
    view.choose(PeriodChoice.ALL_TIME)
    before = len(asked)
    view.first.setDate(view.first.date().addDays(1))  # hidden: nothing to ask
    assert len(asked) == before


def test_sorting_by_a_heading_is_kept_on_refresh(
    view: StatisticsView, examples: SittingStore, qtmodeltester: ModelTester
) -> None:
    view.table.sortByColumn(StatisticsColumn.NET, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(view.model)  # type: ignore[no-untyped-call]
    assert names(view) == ["Anna", "Carl", "A", "B", "Bert", "Dave"]
    # A second German sitting today: A +100 more, B -100 more; the order holds.
    clock = Clock(datetime(2026, 11, 23, 12, 0, tzinfo=UTC))
    SittingStore(examples.database, clock=clock).import_sitting(german())
    view.refresh()
    assert names(view) == ["Anna", "Carl", "A", "B", "Bert", "Dave"]
    nets = {row[0]: row[StatisticsColumn.NET] for row in table(view)}
    assert (nets["A"], nets["B"]) == ("+200", "\u2212200")
    assert view.summary.text() == "5 sittings in all."
    view.table.sortByColumn(StatisticsColumn.NET, Qt.SortOrder.AscendingOrder)
    assert names(view) == ["Dave", "Bert", "B", "A", "Carl", "Anna"]


def test_a_selected_player_stays_selected_when_sorted(view: StatisticsView) -> None:
    view.table.selectRow(4)  # Carl
    view.table.sortByColumn(StatisticsColumn.NET, Qt.SortOrder.DescendingOrder)
    selected = view.table.selectionModel().selectedRows()
    assert [view.model.row(index.row()).player.name for index in selected] == ["Carl"]


def test_a_storage_failure_is_shown_not_raised(qtbot: QtBot) -> None:
    def failing(period: Period) -> PeriodStats:
        raise DamagedSittingError(3, "a stored value is not valid (bad hand)")

    view = StatisticsView(failing, today=lambda: TODAY)
    qtbot.addWidget(view)
    assert view.model.rowCount() == 0
    assert view.summary.text().startswith("Cannot read the statistics: ")
    assert "sitting 3" in view.summary.text()


def test_the_model_with_no_rows(qtmodeltester: ModelTester) -> None:
    model = StatisticsModel()
    qtmodeltester.check(model)  # type: ignore[no-untyped-call]
    assert (model.rowCount(), model.columnCount()) == (0, 15)


@pytest.fixture
def app_palette(qapp: QApplication) -> Iterator[QApplication]:
    """Restore the application's palette after a test changes it."""
    before = qapp.palette()
    yield qapp
    qapp.setPalette(before)


@pytest.mark.parametrize(("name", "colours"), [("light", LIGHT), ("dark", DARK)])
def test_statistics_screenshot(
    name: str,
    colours: dict[QPalette.ColorRole, str],
    examples: SittingStore,
    qtbot: QtBot,
    app_palette: QApplication,
    tmp_path: Path,
) -> None:
    app_palette.setPalette(palette(colours))
    view = StatisticsView(lambda period: period_stats(examples, period, UTC), lambda: TODAY)
    qtbot.addWidget(view)
    view.choose(PeriodChoice.CUSTOM, date(2025, 1, 1), TODAY)
    view.table.sortByColumn(StatisticsColumn.NET, Qt.SortOrder.DescendingOrder)
    size = (1180, 330)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    path = screenshot_folder(tmp_path) / f"statistics-{name}.png"
    assert view.grab().save(str(path))
    image = view.grab().toImage()
    # The table follows the palette: its background is the palette's, not a fixed white.
    corner = view.table.viewport().mapTo(view, view.table.viewport().rect().bottomLeft())
    background = image.pixelColor(corner.x() + 3, corner.y() - 3).lightness()
    assert (background > 128) == (colours is not DARK)
    assert names(view)[0] == "Anna"


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_table_fits_1100_pixels_with_every_heading_whole(
    language: str, view: StatisticsView, qtbot: QtBot
) -> None:
    """In German the fifteen columns needed 1231 pixels, the table scrolled sideways at 1100
    (and in English too, 1116): the headings now take two lines and the columns share the
    width."""
    use_language(language)
    try:
        view.refresh()
        view.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 14)
        view.resize(1100 - 2 * 11, 520)  # the history window's tab at 1100 pixels
        view.show()
        qtbot.waitExposed(view)
        qtbot.wait(20)
        header = view.table.horizontalHeader()
        assert view.table.horizontalScrollBar().maximum() == 0
        assert sum(header.sectionSize(c) for c in range(15)) <= view.table.viewport().width()
        metrics = QFontMetrics(header.font())
        margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin)
        for column in range(15):
            heading = view.model.headerData(column, Qt.Orientation.Horizontal)
            assert heading.count("\n") <= 1
            widest = max(metrics.horizontalAdvance(line) for line in heading.split("\n"))
            assert widest + 2 * margin <= header.sectionSize(column), heading
        if language == "de":
            assert view.model.headerData(10, Qt.Orientation.Horizontal) == "Ohne\nTrumpf"
    finally:
        use_language("en")
