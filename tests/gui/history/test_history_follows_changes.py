"""The open history after each change (a hand recorded, corrected or deleted, a sitting
begun, renamed or deleted): the Sittings tab shows exactly the rows a history built anew
shows, in the same filter and order, and its selection, current row and scroll position
stay with their sittings; the window looks as one built anew."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Variant
from jojotte_score.gui.history.history_rows import Column, HistoryRow, history_rows
from jojotte_score.gui.history.history_window import HistoryTableModel, HistoryWindow
from jojotte_score.storage.database import Database
from jojotte_score.storage.sitting_listing import KeptListing
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import screenshot_folder
from tests.storage.test_kept_listing import CHANGES, GERMAN, still
from tests.stored_examples import MinuteClock


def open_history(qtbot: QtBot, store: SittingStore) -> HistoryWindow:
    """The history over ``store``, its lines kept as View > History keeps them."""
    listing = KeptListing()
    window = HistoryWindow(lambda: store.list_sittings(listing), lambda _sitting_id: None)
    qtbot.addWidget(window)
    window.resize(980, 420)
    window.show()
    qtbot.waitExposed(window)
    return window


def built_anew(window: HistoryWindow, store: SittingStore) -> list[HistoryRow]:
    """The rows a model built anew from every listed sitting shows, in the window's filter
    and order."""
    model = HistoryTableModel()
    model.set_rows(history_rows(store.list_sittings()))
    model.set_filter(window.limits())
    header = window.table.horizontalHeader()
    model.sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
    return model.shown_rows()


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(
    ("player", "column", "order"),
    [
        ("", Column.DATE, Qt.SortOrder.DescendingOrder),
        ("a", Column.HANDS, Qt.SortOrder.AscendingOrder),
        ("", Column.RESULT, Qt.SortOrder.DescendingOrder),
    ],
)
def test_after_every_change_the_rows_are_those_built_anew(
    qtbot: QtBot,
    qtmodeltester: ModelTester,
    database: Database,
    seed: int,
    player: str,
    column: Column,
    order: Qt.SortOrder,
) -> None:
    """Random changes of every kind, each followed by the reload the main window makes:
    the rows shown are those of a model built anew from the store, the count says so,
    the selected sitting stays selected while it is shown, and Qt's model tester, watching
    throughout, finds every change told as it should be."""
    store = SittingStore(database, still)
    for title in ("Berlin", "Leipzig", "Dresden"):
        store.import_sitting(GERMAN, title=title)
    store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))
    window = open_history(qtbot, store)
    qtmodeltester.check(window.model)  # type: ignore[no-untyped-call]
    window.player.setText(player)
    window.table.sortByColumn(column, order)
    rng = random.Random(seed)
    for _step in range(20):
        chosen = window.selected_id()
        what = rng.choice(CHANGES)(store, rng)
        window.reload()
        assert window.model.shown_rows() == built_anew(window, store), what
        shown = [row.id for row in window.model.shown_rows()]
        total = len(store.list_sittings())
        assert window.model.total() == total
        counted = f"{total} sittings" if len(shown) == total else f"{len(shown)} of {total}"
        assert window.count_label.text().startswith(counted), what
        if chosen in shown:
            assert window.selected_id() == chosen, what
        else:
            assert window.selected_id() == (shown[0] if shown else None), what


@pytest.fixture
def long_history(qtbot: QtBot, database: Database) -> tuple[SittingStore, HistoryWindow]:
    """Sixty stored sittings (more than the table shows at once), newest first."""
    store = SittingStore(database, MinuteClock())
    for number in range(60):
        store.import_sitting(GERMAN, title=f"Evening {number + 1}")
    return store, open_history(qtbot, store)


def current_id(window: HistoryWindow) -> int:
    """The sitting of the table's current row, where a screen reader is."""
    current = window.table.currentIndex()
    assert current.isValid()
    return window.model.row_at(current.row()).id


def test_selection_current_row_and_scroll_position_stay(
    long_history: tuple[SittingStore, HistoryWindow],
) -> None:
    store, window = long_history
    chosen = 30
    window.select_id(chosen)
    place = [row.id for row in window.model.shown_rows()].index(chosen)
    window.table.setCurrentIndex(window.model.index(place, Column.HANDS))
    scroll = window.table.verticalScrollBar()
    scroll.setValue(scroll.value() + 3)  # the chosen row still in view, not at its edge
    value = scroll.value()
    assert value > 0
    for change in (
        lambda: store.add_hand(33, GERMAN.hands[0]),  # another sitting, in view
        lambda: store.add_hand(chosen, GERMAN.hands[0]),  # the chosen one
        lambda: store.delete_hand(chosen, 6),
        lambda: store.replace_hand(chosen, 5, GERMAN.hands[0]),
        lambda: store.set_details(chosen, title="Renamed"),
        lambda: store.add_hand(60, GERMAN.hands[0]),  # the newest, out of view
    ):
        change()
        window.reload()
        assert window.selected_id() == chosen
        assert current_id(window) == chosen
        assert window.table.currentIndex().column() == Column.HANDS
        assert scroll.value() == value
        assert window.model.shown_rows() == built_anew(window, store)
    assert window.model.row_at(window.table.currentIndex().row()).title == "Renamed"
    # Sorted by hands, the chosen sitting moves when a hand is recorded in it: its row
    # stays selected and current wherever it goes.
    window.table.sortByColumn(Column.HANDS, Qt.SortOrder.DescendingOrder)
    place = [row.id for row in window.model.shown_rows()].index(chosen)
    store.add_hand(chosen, GERMAN.hands[0])
    store.add_hand(chosen, GERMAN.hands[1])
    window.reload()
    assert [row.id for row in window.model.shown_rows()].index(chosen) != place
    assert window.model.shown_rows() == built_anew(window, store)
    assert window.selected_id() == chosen
    assert current_id(window) == chosen


def test_a_sitting_begun_or_deleted_keeps_the_selection(
    long_history: tuple[SittingStore, HistoryWindow],
) -> None:
    store, window = long_history
    window.select_id(58)
    begun = store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))
    window.reload()  # the view at the top stays there: the sitting begun comes into view
    assert [row.id for row in window.model.shown_rows()][:3] == [begun, 60, 59]
    assert window.table.rowAt(0) == 0
    assert (window.selected_id(), current_id(window)) == (58, 58)
    store.delete_sitting(59)
    window.reload()
    assert window.model.shown_rows() == built_anew(window, store)
    assert (window.selected_id(), current_id(window)) == (58, 58)
    assert window.count_label.text() == "60 sittings"
    store.delete_sitting(58)  # the one selected: the top row is chosen, as when opened
    window.reload()
    assert window.selected_id() == begun
    assert window.model.shown_rows() == built_anew(window, store)


def top_in_view(window: HistoryWindow) -> int:
    """The sitting of the row at the top of the table's view."""
    return window.model.row_at(window.table.rowAt(0)).id


def test_rows_added_or_removed_above_the_view_leave_the_rows_in_view(
    long_history: tuple[SittingStore, HistoryWindow],
) -> None:
    store, window = long_history
    window.select_id(30)
    window.table.verticalScrollBar().setValue(25)
    top = top_in_view(window)
    begun = store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))
    window.reload()
    assert window.model.row_at(0).id == begun
    assert top_in_view(window) == top
    store.delete_sitting(59)
    store.delete_sitting(58)
    window.reload()
    assert top_in_view(window) == top
    assert (window.selected_id(), current_id(window)) == (30, 30)
    assert window.model.shown_rows() == built_anew(window, store)


def test_a_sync_pass_taking_in_many_sittings_shows_them_all(
    long_history: tuple[SittingStore, HistoryWindow],
) -> None:
    store, window = long_history
    window.select_id(20)
    window.player.setText("a")
    for number in range(40):
        store.import_sitting(GERMAN, title=f"Taken in {number}")
    window.reload()
    assert window.model.total() == 100
    assert window.model.shown_rows() == built_anew(window, store)
    assert window.selected_id() == 20


def test_the_window_after_changes_looks_as_one_built_anew(
    long_history: tuple[SittingStore, HistoryWindow],
    qtbot: QtBot,
    qapp: QApplication,
    tmp_path: Path,
) -> None:
    """After a hand recorded, a hand corrected and a sitting begun (whose longer title
    widens its column), the window is, pixel for pixel, the window built anew over the same
    store with the same sitting selected."""
    store, window = long_history
    window.select_id(57)
    store.add_hand(60, GERMAN.hands[0])
    window.reload()
    store.replace_hand(59, 0, GERMAN.hands[5])
    window.reload()
    store.create_sitting(
        Variant.TWO_PLAYER, ("Anna", "Bert"), title="The longest title of the whole history"
    )
    window.reload()
    anew = open_history(qtbot, store)
    anew.select_id(57)
    qapp.processEvents()
    folder = screenshot_folder(tmp_path)
    followed, built = window.grab().toImage(), anew.grab().toImage()
    assert followed.save(str(folder / "history-followed.png"))
    assert built.save(str(folder / "history-built-anew.png"))
    widths = [window.table.columnWidth(column) for column in Column]
    assert widths == [anew.table.columnWidth(column) for column in Column]
    assert followed == built
