"""The history window: its model under Qt's tester, the filter, Open, the CSV, the menu."""

from __future__ import annotations

import csv
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, QModelIndex, Qt
from PySide6.QtGui import QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Variant
from jojotte_score.formats.csv_export import CSV_ENCODING
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.history.history_rows import Column, HistoryFilter, history_rows
from jojotte_score.gui.history.history_window import HistoryTableModel, HistoryWindow
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.storage.sittings import SittingInfo
from tests.gui.conftest import Messages, german, screenshot_folder
from tests.gui.window.test_screenshots import DARK, LIGHT, app_palette, palette

__all__ = ["app_palette"]  # a fixture, used by name
NO_MODIFIER = Qt.KeyboardModifier.NoModifier

SITTINGS = (
    # id, variant, players, title, place, created (UTC, midday), hands, rubbers, net, settlement
    (12, Variant.TWO_PLAYER, ("Anna", "Bert"), "Christmas 1937", "Berlin",
     "2026-12-24", 96, 6, (0, 420), None),
    (11, Variant.PARTNERSHIP, ("Anna", "Carl", "Bert", "Dora"), "Club night", "Café Kranzler",
     "2026-12-10", 141, 9, (1, 180), None),
    (10, Variant.CUTTHROAT, ("Erik", "Fritz", "Greta", "Hanna"), "", "",
     "2026-11-28", 38, 2, (None, 0), (310, -40, -90, -180)),
    (9, Variant.CHOUETTE, ("Anna", "Bert", "Carl"), "Chouette", "Potsdam",
     "2026-11-15", 44, 3, (None, 0), (-120, 60, 60)),
    (8, Variant.THREE_PLAYER, ("Dora", "Erik", "Fritz"), "", "",
     "2026-11-02", 27, 1, (None, 0), (0, 150, -150)),
    (7, Variant.TWO_PLAYER, ("Bert", "Carla"), "", "Hamburg",
     "2026-10-19", 12, 0, (None, 0), None),
    (6, Variant.TWO_PLAYER, ("Anna", "Greta"), "Rematch", "",
     "2026-10-03", 210, 14, (1, 1035), None),
)  # fmt: skip


def info(
    row: tuple[
        int,
        Variant,
        tuple[str, ...],
        str,
        str,
        str,
        int,
        int,
        tuple[int | None, int],
        tuple[int, ...] | None,
    ],
) -> SittingInfo:
    """A listed sitting stored at noon UTC on its day and changed three hours later."""
    sitting_id, variant, players, title, place, day, hands, rubbers, net, settlement = row
    created = datetime.fromisoformat(f"{day}T12:00:00").replace(tzinfo=UTC)
    updated = created.replace(hour=15)
    return SittingInfo(
        sitting_id, variant, players, title, place, created, updated, hands, rubbers,
        net[0], net[1], 0, settlement=settlement,
    )  # fmt: skip


def infos() -> list[SittingInfo]:
    """Seven stored sittings of every variant, newest first."""
    return [info(row) for row in SITTINGS]


@pytest.fixture
def opened() -> list[int]:
    """The sitting ids the window asked to open."""
    return []


@pytest.fixture
def history(qtbot: QtBot, opened: list[int]) -> HistoryWindow:
    window = HistoryWindow(infos, opened.append)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def shown_ids(window: HistoryWindow) -> list[int]:
    return [row.id for row in window.model.shown_rows()]


def cell(window: HistoryWindow, row: int, column: Column) -> str:
    text = window.model.data(window.model.index(row, column))
    assert isinstance(text, str)
    return text


def test_the_model_passes_qts_tester_sorted_and_filtered(qtmodeltester: ModelTester) -> None:
    model = HistoryTableModel()
    model.set_rows(history_rows(infos()))
    qtmodeltester.check(model)  # type: ignore[no-untyped-call]
    model.sort(Column.HANDS, Qt.SortOrder.AscendingOrder)
    assert [model.row_at(row).hands for row in range(model.rowCount())] == [
        12, 27, 38, 44, 96, 141, 210,
    ]  # fmt: skip
    assert model.data(model.index(0, Column.HANDS), Qt.ItemDataRole.TextAlignmentRole) == int(
        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    )
    assert model.headerData(Column.RESULT, Qt.Orientation.Horizontal) == "Result"
    model.set_filter(HistoryFilter("bert", since=date(2026, 11, 1)))
    assert [model.row_at(row).id for row in range(model.rowCount())] == [9, 12, 11]
    assert model.data(model.index(0, 0).parent()) is None


def test_newest_first_with_every_column(history: HistoryWindow) -> None:
    assert shown_ids(history) == [12, 11, 10, 9, 8, 7, 6]
    assert [cell(history, 2, column) for column in Column] == [
        "2026-11-28",
        "",
        "",
        "Cutthroat",
        "Erik, Fritz, Greta, Hanna",
        "38",
        "2",
        "Erik +310, Fritz \u221240, Greta \u221290, Hanna \u2212180",
    ]
    assert cell(history, 1, Column.RESULT) == "Carl & Dora +180"
    assert history.count_label.text() == "7 sittings"
    assert history.selected_id() == 12  # the newest, ready to open with Enter


def test_sorting_by_a_heading_keeps_the_selection(history: HistoryWindow) -> None:
    history.select_id(9)
    history.table.sortByColumn(Column.HANDS, Qt.SortOrder.DescendingOrder)
    assert shown_ids(history) == [6, 11, 12, 9, 10, 8, 7]  # 210, 141, 96, 44, 38, 27, 12
    assert history.selected_id() == 9
    history.table.sortByColumn(Column.RESULT, Qt.SortOrder.DescendingOrder)
    assert shown_ids(history) == [6, 12, 10, 11, 8, 9, 7]  # 1035, 420, 310, 180, 150, 60, 0


def test_the_player_filter_narrows_the_rows(history: HistoryWindow) -> None:
    history.select_id(9)
    QTest.keyClicks(history.player, "ann")
    assert shown_ids(history) == [12, 11, 10, 9, 6]  # Anna, and Hanna in sitting 10
    assert history.count_label.text() == "5 of 7 sittings shown"
    assert history.selected_id() == 9  # still shown: still selected
    QTest.keyClicks(history.player, "a")
    assert shown_ids(history) == [12, 11, 10, 9, 6]
    history.player.setText("GRETA")
    assert shown_ids(history) == [10, 6]
    assert history.selected_id() == 10  # sitting 9 went: the top row instead
    history.player.setText("nobody")
    assert shown_ids(history) == []
    assert not history.open_button.isEnabled()
    assert not history.export_button.isEnabled()


def test_the_date_range(history: HistoryWindow) -> None:
    # The dates start at the first and last sittings' days; unchecked, they do not limit.
    assert history.since.date() == QDate(2026, 10, 3)
    assert history.until.date() == QDate(2026, 12, 24)
    assert not history.since.isEnabled()
    history.since.setDate(QDate(2026, 11, 2))
    assert len(shown_ids(history)) == 7
    history.since_check.setChecked(True)
    assert shown_ids(history) == [12, 11, 10, 9, 8]  # 2 November included
    history.until_check.setChecked(True)
    history.until.setDate(QDate(2026, 11, 28))
    assert shown_ids(history) == [10, 9, 8]
    assert history.limits().since == date(2026, 11, 2)
    history.player.setText("erik")
    assert shown_ids(history) == [10, 8]


def test_open_double_click_and_enter_call_back_with_the_id(
    history: HistoryWindow, opened: list[int]
) -> None:
    history.select_id(10)
    QTest.mouseClick(history.open_button, Qt.MouseButton.LeftButton)
    row = shown_ids(history).index(7)
    rect = history.table.visualRect(history.model.index(row, Column.PLAYERS))
    # A double click is a click, then the second press.
    viewport, left, plain = history.table.viewport(), Qt.MouseButton.LeftButton, NO_MODIFIER
    QTest.mouseClick(viewport, left, plain, rect.center())
    QTest.mouseDClick(viewport, left, plain, rect.center())
    history.select_id(11)
    history.table.setFocus()
    QTest.keyClick(history.table, Qt.Key.Key_Return)
    assert opened == [10, 7, 11]
    assert history.isVisible()  # it stays open beside the scorepad


def test_export_writes_the_rows_shown_in_their_order(
    history: HistoryWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "history.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_args: (str(path), "CSV"))
    history.player.setText("bert")
    history.table.sortByColumn(Column.HANDS, Qt.SortOrder.AscendingOrder)
    QTest.mouseClick(history.export_button, Qt.MouseButton.LeftButton)
    with path.open(encoding=CSV_ENCODING, newline="") as file:
        rows = list(csv.reader(file))
    # Each side's or player's result follows under its name, as a number.
    assert rows == [
        [
            "sitting_id", "date", "title", "place", "variant", "players", "hands",
            "rubbers_finished", "result", "leader", "lead", "Bert: result", "Carla: result",
            "Anna: result", "Carl: result", "Anna & Bert: result", "Carl & Dora: result",
        ],
        ["7", "2026-10-19", "", "Hamburg", "two-player", "Bert–Carla", "12", "0", "level",
         "", "0", "0", "0", "", "", "", ""],
        ["9", "2026-11-15", "Chouette", "Potsdam", "chouette", "Anna, Bert, Carl", "44", "3",
         "Anna -120, Bert +60, Carl +60", "Bert; Carl", "60", "60", "", "-120", "60", "", ""],
        ["12", "2026-12-24", "Christmas 1937", "Berlin", "two-player", "Anna–Bert", "96", "6",
         "Anna +420", "Anna", "420", "-420", "", "420", "", "", ""],
        ["11", "2026-12-10", "Club night", "Café Kranzler", "partnership",
         "Anna & Bert – Carl & Dora", "141", "9", "Carl & Dora +180", "Carl & Dora", "180",
         "", "", "", "", "-180", "180"],
    ]  # fmt: skip


def test_a_file_that_cannot_be_written_is_told(
    history: HistoryWindow, messages: Messages, tmp_path: Path
) -> None:
    assert not history.write_csv(tmp_path / "missing" / "history.csv")
    assert len(messages) == 1
    assert "history.csv" in messages[0]


def test_more_tabs_can_be_added(history: HistoryWindow) -> None:
    index = history.add_tab(QLabel("figures"), "Stat&istics")
    assert index == 1
    assert [history.tabs.tabText(i) for i in range(2)] == ["&Sittings", "Stat&istics"]
    assert history.tabs.currentIndex() == 0


def test_view_history_lists_the_database_and_opens_in_the_main_window(
    main_window: MainWindow, qtbot: QtBot
) -> None:
    store = main_window.session.store
    first = store.import_sitting(german(), title="Berlin 1937")
    second = store.import_sitting(german(), title="Leipzig")
    main_window.open_sitting_id(second)
    action = main_window.named_actions[ActionName.HISTORY]
    assert action.shortcut().toString() == "Ctrl+H"
    action.trigger()
    history = main_window.history
    assert history is not None
    qtbot.waitExposed(history)
    # Stored in the same second: the one changed last first, as the store lists them.
    assert [row.title for row in history.model.shown_rows()] == ["Leipzig", "Berlin 1937"]
    assert {row.result for row in history.model.shown_rows()} == {"A +100"}
    history.select_id(first)
    history.open_selected()
    assert main_window.session.sitting_id == first
    third = store.import_sitting(german(), title="Dresden")
    action.trigger()  # shown again: read again, the same window
    assert main_window.history is history
    assert {row.id for row in history.model.shown_rows()} == {first, second, third}
    main_window.close()
    assert not history.isVisible()  # it closes with the scorepad


@pytest.mark.parametrize(("name", "colours"), [("light", LIGHT), ("dark", DARK)])
def test_history_screenshot(
    name: str,
    colours: dict[QPalette.ColorRole, str],
    history: HistoryWindow,
    qtbot: QtBot,
    qapp: QApplication,
    app_palette: object,
    tmp_path: Path,
) -> None:
    qapp.setPalette(palette(colours))
    if name == "dark":
        history.player.setText("anna")
        history.since_check.setChecked(True)
        history.since.setDate(QDate(2026, 11, 1))
    history.select_id(11)
    history.resize(980, 420)
    qtbot.wait(20)
    path = screenshot_folder(tmp_path) / f"history-{name}.png"
    assert history.grab().save(str(path))
    background = history.table.viewport().grab().toImage().pixelColor(2, 2).lightness()
    assert (background > 128) == (colours is not DARK)
    assert history.model.rowCount() == (7 if name == "light" else 4)  # Hanna too
    assert history.model.index(0, 0) != QModelIndex()
