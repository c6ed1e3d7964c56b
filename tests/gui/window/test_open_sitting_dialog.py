"""File > Open sitting over the five worked examples: the way to play is shown, the result
is whole without a sideways scrollbar (in German too), and Home and End go to the first
and the last sitting."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QTableWidgetItem, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.window.dialogs import OpenSittingDialog
from jojotte_score.storage.sittings import SittingStore
from tests.gui.entry.test_entry_panel import screenshot

DATA = Path(__file__).resolve().parents[2] / "data"
EXAMPLES = (
    "german-example",
    "partnership-example",
    "three-player-example",
    "chouette-example",
    "cutthroat-example",
)


@pytest.fixture
def dialog(store: SittingStore, qtbot: QtBot) -> Iterator[OpenSittingDialog]:
    """The dialog over the five examples, shown in a 1280×820 window's place."""
    for name in EXAMPLES:
        store.import_sitting(load_sitting(DATA / f"{name}.json").sitting)
    parent = QWidget()
    parent.resize(1280, 820)
    qtbot.addWidget(parent)
    shown = OpenSittingDialog(store.list_sittings(), parent)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown
    shown.close()
    del parent


def column_texts(dialog: OpenSittingDialog, heading: str) -> list[str]:
    """The cells of the column headed ``heading``, top to bottom."""
    table = dialog.table
    column = headings(dialog).index(heading)
    return [text(table.item(row, column)) for row in range(table.rowCount())]


def text(item: QTableWidgetItem | None) -> str:
    assert item is not None
    return item.text()


def headings(dialog: OpenSittingDialog) -> list[str]:
    table = dialog.table
    return [text(table.horizontalHeaderItem(c)) for c in range(table.columnCount())]


def whole(dialog: OpenSittingDialog) -> None:
    """No sideways scrollbar, and every cell's text fits its column."""
    table = dialog.table
    assert not table.horizontalScrollBar().isVisible()
    assert table.horizontalScrollBar().maximum() == 0
    metrics = table.fontMetrics()
    for column in range(table.columnCount()):
        room = table.columnWidth(column)
        for row in range(table.rowCount()):
            shown = text(table.item(row, column))
            assert metrics.horizontalAdvance(shown) < room, (shown, room)


def test_the_way_to_play_is_a_column(dialog: OpenSittingDialog) -> None:
    # Listed newest first: the cutthroat example was stored last.
    assert column_texts(dialog, "Variant") == [
        "Cutthroat",
        "Chouette",
        "Three players",
        "Partnership",
        "Two players",
    ]
    screenshot(dialog, "open-sitting")


def test_the_result_is_whole(dialog: OpenSittingDialog) -> None:
    results = column_texts(dialog, "Result")
    assert all("…" not in text for text in results)
    whole(dialog)


@pytest.mark.usefixtures("german")
def test_the_result_is_whole_in_german(dialog: OpenSittingDialog) -> None:
    assert "Spielart" in headings(dialog)
    whole(dialog)
    screenshot(dialog, "open-sitting-de")


def test_home_and_end_go_to_the_first_and_the_last_sitting(
    dialog: OpenSittingDialog, store: SittingStore
) -> None:
    table = dialog.table
    table.setFocus()
    ids = [info.id for info in store.list_sittings()]
    QTest.keyClick(table, Qt.Key.Key_End)
    assert dialog.chosen() == ids[-1]
    assert table.currentIndex().row() == len(ids) - 1
    QTest.keyClick(table, Qt.Key.Key_Home)
    assert dialog.chosen() == ids[0]
    QTest.keyClick(table, Qt.Key.Key_Down)
    assert dialog.chosen() == ids[1]
    assert table.selectionBehavior() is QAbstractItemView.SelectionBehavior.SelectRows
