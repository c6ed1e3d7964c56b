"""The hand list's headings are drawn whole while a hand is selected and corrected.

The columns are fitted to their headings in the list's print; a table view draws the
headings of the columns its selection meets in bold, and a whole row selected meets them
all: in the chouette's example in German "Kartenpunkte" (81 pixels, 93 in bold) lost its
left edge in its 91-pixel column, and in the partnership's in English "Bert & Dora" its "B".
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFontMetrics, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QHeaderView, QStyle
from pytestqt.qtbot import QtBot

from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.pad.hand_model import Column
from jojotte_score.gui.window.language import use_qt_language
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.i18n import use_language
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import screenshot_folder, shown_window

DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.fixture
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The program and Qt's own words in the language the test names."""
    code = str(request.param)
    use_language(code)
    use_qt_language(code)
    yield code
    use_language("en")
    use_qt_language("en")


def corrected(
    qtbot: QtBot, store: SittingStore, settings: AppSettings, name: str, number: int
) -> MainWindow:
    """The window started on the example ``name`` at its default size, hand ``number``
    selected in the list and taken to the panel with Enter to be corrected."""
    store.import_sitting(load_sitting(DATA / f"{name}-example.json").sitting)
    window = shown_window(qtbot, Session(store), settings)
    assert (window.width(), window.height()) == (1280, 820)
    window.select_hand(number)
    QTest.keyClick(window.table, Qt.Key.Key_Return)
    qtbot.wait(20)
    return window


def ink(header: QHeaderView, column: int) -> tuple[int, int]:
    """The first and last pixel column of the heading's text inside its section."""
    image: QImage = header.grab().toImage()
    left = header.sectionViewportPosition(column)
    inked = [
        x
        for x in range(left, left + header.sectionSize(column))
        if any(QColor(image.pixel(x, y)).lightness() < 100 for y in range(image.height()))
    ]
    return inked[0] - left, inked[-1] - left


@pytest.mark.parametrize(
    ("language", "name", "number", "heading", "column"),
    [
        ("de", "chouette", 8, "Kartenpunkte", Column.POINTS),
        ("en", "partnership", 4, "Bert & Dora\nbelow", Column.BELOW_1),
    ],
    indirect=["language"],
)
def test_the_headings_are_whole_while_a_hand_is_corrected(
    qtbot: QtBot,
    store: SittingStore,
    settings: AppSettings,
    tmp_path: Path,
    language: str,
    name: str,
    number: int,
    heading: str,
    column: int,
) -> None:
    window = corrected(qtbot, store, settings, name, number)
    assert window.panel.mode()[0] == "replace"
    assert window.selected_position() == number - 1
    header = window.table.horizontalHeader()
    model = window.model
    assert model.headerData(column, Qt.Orientation.Horizontal) == heading
    path = screenshot_folder(tmp_path) / f"{language}-{name}-correction-headings.png"
    assert window.grab().save(str(path))
    # Each heading as the header draws it (in bold where it highlights the selection)
    # fits its section inside the style's margins.
    font = header.font()
    font.setBold(header.highlightSections())
    metrics = QFontMetrics(font)
    margins = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    for section in range(model.notes_column() + 1):
        if window.table.isColumnHidden(section):
            continue
        text = str(model.headerData(section, Qt.Orientation.Horizontal))
        widest = max(metrics.horizontalAdvance(line) for line in text.split("\n"))
        assert widest + margins <= header.sectionSize(section), text
    # And the pixels say so: the heading's text is as wide in its column as in a wide one.
    fitted = header.sectionSize(column)
    first, last = ink(header, column)
    window.table.setColumnWidth(column, fitted + 60)
    wide_first, wide_last = ink(header, column)
    window.table.setColumnWidth(column, fitted)
    assert last - first == wide_last - wide_first
    assert first > margins // 2
