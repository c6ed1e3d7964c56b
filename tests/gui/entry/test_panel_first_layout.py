"""The entry panel's first layout is the one it keeps: its scroll area asks it its height
for the width it is about to give it before the panel has arranged its rows for that width
(labels beside their fields or above them). Answered for the other arrangement, the small
example in German at the usual size started with a scroll bar it did not need, the rows
laid out for the bar's narrower width (Kontra on two lines) and its "still to enter" cut
off at the bottom; laid out again it had none of it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QFormLayout
from pytestqt.qtbot import QtBot

from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore

SMALL_EXAMPLE = Path(__file__).resolve().parents[2] / "data" / "small-example.json"
START_SIZE = (784, 720)
"""The window's first size on Qt's own offscreen screen (800×800), where the program's
start-up pictures are taken (the tests' screen has room for the designed 1280×820)."""


def started(qtbot: QtBot, store: SittingStore, settings: AppSettings) -> MainWindow:
    """The window as the program starts it on the small example: named, shown, settled."""
    store.import_sitting(load_sitting(SMALL_EXAMPLE).sitting)
    window = MainWindow(Session(store), settings)
    qtbot.addWidget(window)
    window.resize(*START_SIZE)
    window.session.open_last()
    window.show()
    qtbot.waitExposed(window)
    for _turn in range(2):  # the event loop's turns --quit-after-start lets pass
        QApplication.processEvents()
    return window


@pytest.mark.usefixtures("deutsch")
def test_the_small_example_in_german_starts_without_a_scroll_bar(
    qtbot: QtBot, store: SittingStore, settings: AppSettings
) -> None:
    window = started(qtbot, store, settings)
    assert (window.width(), window.height()) == START_SIZE
    area, panel = window.panel_area, window.panel
    assert panel._form_layout.rowWrapPolicy() == QFormLayout.RowWrapPolicy.WrapAllRows
    # The panel fits its area at the area's full width: no scroll bar, nothing below.
    assert not area.verticalScrollBar().isVisible()
    assert area.verticalScrollBar().maximum() == 0
    assert (panel.width(), panel.height()) == (area.width(), area.viewport().height())
    assert panel.heightForWidth(panel.width()) <= panel.height()
    # Kontra's three choices on one line, as they fit at that width.
    double = panel.double.geometry()
    assert double.height() == panel.special.geometry().height()
    # The melds' boxes and the meld helper's button take their lines and no more.
    melds_row = panel.melds.parentWidget()
    assert melds_row is not None
    assert melds_row.height() == melds_row.heightForWidth(melds_row.width())
    # "Noch einzutragen: ..." shown whole in the preview.
    assert panel.preview.toPlainText().startswith("Noch einzutragen:")
    assert panel.preview.verticalScrollBar().maximum() == 0


@pytest.mark.usefixtures("deutsch")
def test_the_small_example_in_german_starts_as_it_is_laid_out_again(
    qtbot: QtBot, store: SittingStore, settings: AppSettings
) -> None:
    window = started(qtbot, store, settings)
    panel = window.panel
    first = window.grab().toImage()
    cells = {row: cell.geometry() for row, cell in panel.row_cells().items()}
    window.resize(window.width() + 40, window.height())  # laid out wider, then again as it was
    QApplication.processEvents()
    window.resize(*START_SIZE)
    QApplication.processEvents()
    assert {row: cell.geometry() for row, cell in panel.row_cells().items()} == cells
    assert window.grab().toImage() == first
