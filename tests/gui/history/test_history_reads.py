"""The history's tables as a screen reader reads them, through Qt's accessibility API:
each cell's text with its column header, and a row header for each sitting (its date and
players) and for each player of the statistics."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.history.history_window import HistoryWindow
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.pad.test_hand_list_reads import NAME, cells, headers
from tests.stored_examples import GAMES, store_game

HORIZONTAL = Qt.Orientation.Horizontal


def test_the_history_s_tables_have_row_headers(main_window: MainWindow) -> None:
    for game in GAMES:
        store_game(main_window.session.store, game)
    main_window.named_actions[ActionName.HISTORY].trigger()
    history = main_window.history
    assert isinstance(history, HistoryWindow)
    found = cells(history.table)
    model = history.table.model()
    for (row, column), cell in found.items():
        columns, rows = headers(cell)
        assert cell.text(NAME) == model.index(row, column).data()
        assert columns == [model.headerData(column, HORIZONTAL)]
        date, players = model.index(row, 0).data(), model.index(row, 4).data()
        assert rows == [f"{date}, {players}"]
    history.tabs.setCurrentIndex(1)
    statistics = next(t for t in history.findChildren(QTableView) if t is not history.table)
    found = cells(statistics)
    assert found
    for (row, _column), cell in found.items():
        assert headers(cell)[1] == [statistics.model().index(row, 0).data()]
