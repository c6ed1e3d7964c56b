"""A recorded hand with the Records tab's head to head shown: the tables are told of the
rows that changed (no reset, the selection kept), the columns are measured again only
when a widest cell changed, and the player lists are filled again only when the players
changed; what is shown is what a table built anew shows."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from jojotte_score.gui.history.records_view import RecordsModel
from jojotte_score.gui.history.records_view import _table_view as table_view
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.render.records_tables import RecordRow, RecordsTable, pair_table, pairs_table
from tests.gui.history.test_records_tab import (
    fitted_by_qt,
    open_history,
    records_of,
    shown,
    two_player_begun,
    widths,
)


def counted_measures(table: QTableView) -> list[int]:
    """A list that grows by one each time a cell of ``table`` is measured for its width."""
    measured: list[int] = []
    real = table.sizeHintForIndex

    def counting(index: QModelIndex | QPersistentModelIndex) -> QSize:
        measured.append(index.row())
        return real(index)

    table.sizeHintForIndex = counting  # type: ignore[method-assign]
    return measured


def resets(model: Any) -> list[int]:
    """A list that grows by one at each reset of ``model``."""
    seen: list[int] = []
    model.modelReset.connect(lambda: seen.append(1))
    return seen


def table(*cells: tuple[str, str]) -> RecordsTable:
    """A table of two columns, a row of each two cells given."""
    rows = tuple(
        RecordRow(first, (first, second), ((first,), (second,))) for first, second in cells
    )
    return RecordsTable("pairs", "Pairs", ("Players", "Net"), frozenset({1}), (0.5, 0.5), rows)


def test_a_recorded_hand_resets_no_table_and_keeps_the_selection(
    main_window: MainWindow, qtbot: QtBot
) -> None:
    store = main_window.session.store
    played, sitting_id = two_player_begun(store)
    store.add_hand(sitting_id, played.hands[0])
    history = open_history(main_window, qtbot)
    view = records_of(history)
    pairs, pair = view.models["pairs"], view.pair_model
    every = view.tables["pairs"]
    every.selectionModel().select(
        pairs.index(0, 0),
        QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
    )
    view.choose_players(*played.players[:2])
    reset = [resets(pairs), resets(pair)]
    refilled: list[int] = []  # a player added to either list
    for combo in (view.first_player, view.second_player):
        combo.model().rowsInserted.connect(lambda *_rows: refilled.append(1))
    chosen = (view.first_player.currentData(), view.second_player.currentData())
    before = shown(pair)
    for hand in played.hands[1:]:
        store.add_hand(sitting_id, hand)
        history.reload()
    assert reset == [[], []]
    assert refilled == []
    assert (view.first_player.currentData(), view.second_player.currentData()) == chosen
    assert every.selectionModel().isRowSelected(0)
    # The same cells as tables built anew from the records read after the last hand.
    anew, pair_anew = RecordsModel(), RecordsModel()
    anew.set_table(pairs_table(view.records.pairs))
    pair_anew.set_table(pair_table(view.records.pair(*chosen)))
    assert shown(pairs) == shown(anew)
    assert shown(pair) == shown(pair_anew) != before
    assert widths(every) == fitted_by_qt(every)


def test_a_change_within_the_widest_cells_measures_nothing(qtbot: QtBot) -> None:
    model = RecordsModel()
    view = table_view(model, "Every two players who met")
    qtbot.addWidget(view)
    view.resize(600, 300)
    view.show()
    model.set_table(table(("Anna – Bert", "+1,250"), ("Carla – Dieter", "+30")))
    measured = counted_measures(view)
    reset = resets(model)
    told: list[tuple[int, int]] = []  # the rows whose header a screen reader is told of
    model.headerDataChanged.connect(lambda _orientation, first, last: told.append((first, last)))
    fitted = widths(view)
    model.set_table(table(("Anna – Bert", "+1,250"), ("Carla – Dieter", "+40")))
    assert (measured, reset, told) == ([], [], [])
    assert widths(view) == fitted == fitted_by_qt(view)
    # A wider cell, then a narrower widest one: both columns fitted again, as Qt would.
    model.set_table(table(("Anna – Bert", "+1,250"), ("Carla – Dieter", "+123,456")))
    assert measured
    assert not reset
    assert widths(view) == fitted_by_qt(view) != fitted
    model.set_table(table(("Anna – Bert", "+1,250"), ("Carla – Dieter", "+4")))
    assert widths(view) == fitted_by_qt(view) == fitted
    assert shown(model) == [["Anna – Bert", "+1,250"], ["Carla – Dieter", "+4"]]
    # A row's header changed: told of that row alone (telling the hidden header of every
    # row paints the whole table a second time).
    model.set_table(table(("Anna – Bert", "+1,250"), ("Carla – Emil", "+4")))
    assert told == [(1, 1)]
    assert model.headerData(1, Qt.Orientation.Vertical) == "Carla – Emil"


def test_a_column_resized_by_hand_is_fitted_again_after_a_change(qtbot: QtBot) -> None:
    """As when the table was reset: a change fits the columns again, even one the player
    made wider by hand."""
    model = RecordsModel()
    view = table_view(model, "Every two players who met")
    qtbot.addWidget(view)
    view.show()
    model.set_table(table(("Anna – Bert", "+1,250"), ("Carla – Dieter", "+30")))
    fitted = widths(view)
    view.setColumnWidth(0, fitted[0] + 40)
    model.set_table(table(("Anna – Bert", "+1,250"), ("Carla – Dieter", "+31")))
    assert widths(view) == fitted
