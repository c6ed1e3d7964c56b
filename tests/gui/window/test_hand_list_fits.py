"""The hand list fits its window (issue 41, items 6 and 11): at the default 1280×820, in
English and German, no contract and no notes of the five worked examples is cut short (the
contract and card points wrap onto a row's two lines, the notes take what the figures leave);
after Ctrl++ four times the list scrolls no more sideways and keeps four rows in sight: the
sides' figures are hidden (the pad shows them) and each hidden figure is still told in its
row's tooltip and description."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.pad.hand_model import Column
from jojotte_score.gui.window.language import use_qt_language
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.i18n import use_language
from tests.gui.conftest import screenshot_folder
from tests.gui.window.test_large_print_focus import rows_in_sight, zoomed_in

DATA = Path(__file__).resolve().parents[2] / "data"
EXAMPLES = ("german", "partnership", "three-player", "chouette", "cutthroat")
_CELL_MARGINS = 7  # a cell's text margins and grid line, as Qt's item delegate keeps them


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The program and Qt's own words in English, then in German."""
    code, program = str(request.param), QApplication.applicationDisplayName()
    use_language(code)
    use_qt_language(code)
    yield code
    use_language("en")
    use_qt_language("en")
    QApplication.setApplicationDisplayName(program)  # as the window in German set it


def example_window(window: MainWindow, name: str, qtbot: QtBot) -> MainWindow:
    """``window`` at its default size, showing the worked example ``name``."""
    sitting = load_sitting(DATA / f"{name}-example.json").sitting
    window.open_sitting_id(window.session.store.import_sitting(sitting, title="Berlin 1937"))
    window.resize(1280, 820)
    qtbot.wait(20)
    return window


def cut_cells(window: MainWindow) -> list[tuple[int, str]]:
    """The hand number and text of each contract and notes cell that its column and row
    show only in part (elided, or wrapped onto more lines than the row has)."""
    table, model = window.table, window.model
    metrics = QFontMetrics(table.font())
    spare = table.verticalHeader().defaultSectionSize() - metrics.lineSpacing()
    cut = []
    for row in range(model.rowCount()):
        for column in (Column.CONTRACT, model.notes_column()):
            text = model.index(row, column).data()
            room = table.columnWidth(column) - _CELL_MARGINS
            wrap = Qt.TextFlag.TextWordWrap
            shown = metrics.boundingRect(0, 0, room, 1000, wrap, text)
            if shown.width() > room or shown.height() > table.rowHeight(row) - spare:
                cut.append((row + 1, text))
    return cut


@pytest.mark.parametrize("name", EXAMPLES)
def test_no_contract_or_notes_is_cut_at_the_default_size(
    language: str, name: str, main_window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    window = example_window(main_window, name, qtbot)
    path = screenshot_folder(tmp_path) / f"{language}-{name}-hand-list.png"
    assert window.grab().save(str(path))
    assert cut_cells(window) == []
    table = window.table
    assert not table.horizontalScrollBar().isVisible()
    assert table.horizontalHeader().length() <= table.room()
    hidden = [c for c in range(window.model.columnCount()) if table.isColumnHidden(c)]
    assert hidden == []  # every column at the default size
    contracts = [
        window.model.index(r, Column.CONTRACT).data() for r in range(table.model().rowCount())
    ]
    assert all(contracts)  # the contract column shows each hand's


@pytest.mark.parametrize("name", EXAMPLES)
def test_large_print_hides_the_figures_instead_of_scrolling_sideways(
    language: str, name: str, main_window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    window = example_window(main_window, name, qtbot)
    zoomed_in(window, 4)
    qtbot.wait(20)
    path = screenshot_folder(tmp_path) / f"{language}-{name}-hand-list-large.png"
    assert window.grab().save(str(path))
    table, model = window.table, window.model
    assert table.horizontalHeader().length() <= table.room()
    assert not table.horizontalScrollBar().isVisible()
    assert table.horizontalScrollBar().maximum() == 0
    assert rows_in_sight(window) >= 4
    notes = model.notes_column()
    figures = range(Column.ABOVE_0, notes)
    assert all(table.isColumnHidden(c) for c in figures)
    for column in (Column.NUMBER, Column.CONTRACT, notes):
        assert not table.isColumnHidden(column)
    # Each hidden figure is told whole in the row's tooltip and description.
    words = WORDS[language]
    for row in range(model.rowCount()):
        shown = model.index(row, Column.CONTRACT)
        tooltip = shown.data(Qt.ItemDataRole.ToolTipRole)
        assert shown.data(Qt.ItemDataRole.AccessibleDescriptionRole) == tooltip
        entries = []
        for column in figures:
            figure = model.index(row, column).data()
            side, line = str(model.headerData(column, Qt.Orientation.Horizontal)).split("\n")
            if figure:
                entries.append(f"{side} {figure} {words[line]}")
        if entries:
            assert tooltip.splitlines()[-1] == words["told"].format(", ".join(entries))
        else:  # a hand thrown in: nothing written
            assert words["told"].format("")[:12] not in tooltip


def lines_needed(window: MainWindow, text: str, width: int) -> int:
    """The lines ``text`` wraps onto in a cell ``width`` pixels wide, in the list's font."""
    metrics = QFontMetrics(window.table.font())
    wrap = Qt.TextFlag.TextWordWrap
    height = metrics.boundingRect(0, 0, width - _CELL_MARGINS, 1000, wrap, text).height()
    return height // metrics.lineSpacing()


@pytest.mark.parametrize("name", EXAMPLES)
def test_four_steps_of_large_print_cut_no_notes_two_lines_can_hold(
    language: str, name: str, main_window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    """After Ctrl++ four times at 1280×820 the notes wrap onto two lines, as in smaller
    print, and the card points and the dealer give way to them: "90 in den Keller" of the
    German cutthroat example was cut to "90 in den …" beside the dealer. The list still
    keeps four rows in sight and never scrolls sideways; only notes longer than two lines
    of the widest column they can have are cut (the row's tooltip tells them whole)."""
    window = example_window(main_window, name, qtbot)
    zoomed_in(window, 4)
    qtbot.wait(20)
    path = screenshot_folder(tmp_path) / f"{language}-{name}-hand-list-four-steps.png"
    assert window.grab().save(str(path))
    table, model = window.table, window.model
    assert not table.horizontalScrollBar().isVisible()
    assert rows_in_sight(window) >= 4
    notes = model.notes_column()
    widest = table.room() - table.columnWidth(Column.NUMBER) - table.columnWidth(Column.CONTRACT)
    for number, text in cut_cells(window):
        assert text == model.index(number - 1, notes).data(), (number, text)
        assert lines_needed(window, text, widest) > 2, (number, text)
    if name == "cutthroat":
        assert model.index(2, notes).data() == (
            "90 in den Keller" if language == "de" else "90 to prison"
        )
        assert (3, model.index(2, notes).data()) not in cut_cells(window)


WORDS = {
    "en": {
        "above": "above",
        "below": "below",
        "told": "Written in this hand: {}.",
    },
    "de": {
        "über": "über dem Strich",
        "unter": "unter dem Strich",
        "told": "In diesem Spiel geschrieben: {}.",
    },
}
"""What a side's column heading says, and the line that tells a row's figures."""


def test_normal_print_shows_every_column_again(main_window: MainWindow, qtbot: QtBot) -> None:
    window = example_window(main_window, "partnership", qtbot)
    zoomed_in(window, 4)
    assert window.table.isColumnHidden(Column.ABOVE_0)
    window.named_actions[ActionName.RESET_ZOOM].trigger()
    qtbot.wait(20)
    table, model = window.table, window.model
    assert [c for c in range(model.columnCount()) if table.isColumnHidden(c)] == []
    assert not table.horizontalScrollBar().isVisible()
    tooltip = model.index(2, Column.CONTRACT).data(Qt.ItemDataRole.ToolTipRole)
    assert tooltip.startswith("Hand 3 (rubber 1, game 2)")
    assert "Written in this hand" not in tooltip
