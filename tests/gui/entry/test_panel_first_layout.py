"""The entry panel's first layout is the one it keeps: its scroll area asks it its height
for the width it is about to give it before the panel has arranged its rows for that width
(labels beside their fields or above them). Answered for the other arrangement, the small
example in German at the usual size started with a scroll bar it did not need, the rows
laid out for the bar's narrower width (Kontra on two lines) and its "still to enter" cut
off at the bottom; laid out again it had none of it.

And every example starts as it is laid out again, in English and German: the chouette in
German started with the panel 310 pixels wide where the window gives it 298 (the panel's
width was fitted while the splitter still had the size it had before the window was
shown, and not again once it had the window's), and the small example in English and the
partnership in German lost the newest hand below the list's edge once the window was
widened and narrowed again (the list kept its place as its rows grew taller)."""

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
from tests.stored_examples import GAMES

DATA = Path(__file__).resolve().parents[2] / "data"
SMALL_EXAMPLE = DATA / "small-example.json"
EXAMPLES = [SMALL_EXAMPLE, *(DATA / name for name in GAMES.values())]
"""The small example and each game's worked example."""
START_SIZE = (784, 720)
"""The window's first size on Qt's own offscreen screen (800×800), where the program's
start-up pictures are taken (the tests' screen has room for the designed 1280×820)."""


def started(
    qtbot: QtBot, store: SittingStore, settings: AppSettings, example: Path = SMALL_EXAMPLE
) -> MainWindow:
    """The window as the program starts it on ``example``: named, shown, settled."""
    store.import_sitting(load_sitting(example).sitting)
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
    laid_out_again(window)
    assert {row: cell.geometry() for row, cell in panel.row_cells().items()} == cells
    assert window.grab().toImage() == first


def laid_out_again(window: MainWindow) -> None:
    """The window widened by 40 pixels and laid out, then narrowed back to its size."""
    width, height = window.width(), window.height()
    window.resize(width + 40, height)
    QApplication.processEvents()
    window.resize(width, height)
    QApplication.processEvents()


def newest_hand_in_sight(window: MainWindow) -> bool:
    """Whether the hand list shows its last row whole."""
    table = window.table
    last = table.model().rowCount() - 1
    top = table.rowViewportPosition(last)
    return top >= 0 and top + table.rowHeight(last) <= table.viewport().height()


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.stem)
def test_every_example_starts_as_it_is_laid_out_again(
    qtbot: QtBot,
    store: SittingStore,
    settings: AppSettings,
    request: pytest.FixtureRequest,
    example: Path,
    language: str,
) -> None:
    """The first layout is the settled one: the panel has two fifths of the splitter's
    780 pixels (312 with its scroll bar; no example needs more at this size), the newest
    hand is whole in sight, and the window is the same to the pixel once laid out again."""
    if language == "de":
        request.getfixturevalue("deutsch")
    window = started(qtbot, store, settings, example)
    first = window.grab().toImage()
    assert window.splitter.sizes() == [468, 312]
    assert newest_hand_in_sight(window)
    laid_out_again(window)
    assert window.splitter.sizes() == [468, 312]
    assert newest_hand_in_sight(window)
    assert window.grab().toImage() == first
