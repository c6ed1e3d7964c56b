"""The entry panel settles at every width, the width where its labels move from above their
fields to beside them included. Its height for a width is answered with its rows arranged
for that width, and the labels moved at one width either way: at 1024×700 in English the
small example's panel is 408 pixels wide, three times its widest label, and its scroll area
asked its height at 394 (the width less the scroll bar: labels above) and then at 408
(labels beside), and the resize to 408 started it again, some 92 times a second (5,000
resizes a second, a core kept busy by a window sitting idle). Putting the rows back after
each answer stopped the resizes but not the layout requests; both are counted."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.storage.sittings import SittingStore
from tests.gui.entry.test_panel_first_layout import EXAMPLES, started

HEIGHT = 700
"""The window's height in the fault's report (1024×700)."""


class LayoutCounter(QObject):
    """Counts the resizes and layout requests a widget receives: its layout passes."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self.count += 1
        return False


def threshold_width(window: MainWindow) -> int:
    """The panel's width where its labels move beside their fields."""
    panel = window.panel
    return 3 * max(label.sizeHint().width() for label in panel.row_labels.values())


def layout_passes(window: MainWindow, passes: int) -> int:
    """The panel's resizes and layout requests over ``passes`` turns of the event loop."""
    counter = LayoutCounter()
    window.panel.installEventFilter(counter)
    for _turn in range(passes):
        QApplication.processEvents()
    window.panel.removeEventFilter(counter)
    return counter.count


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.stem)
def test_the_panel_settles_around_the_width_its_labels_move_at(
    qtbot: QtBot,
    store: SittingStore,
    settings: AppSettings,
    request: pytest.FixtureRequest,
    example: Path,
    language: str,
) -> None:
    """Window widths that put the panel's area (two fifths of the splitter) from 16 pixels
    below the threshold to 32 above it, so that the panel itself passes the threshold
    whether its area shows a scroll bar or not: a few layout passes as the window takes
    each width, none once it has settled."""
    if language == "de":
        request.getfixturevalue("deutsch")
    window = started(qtbot, store, settings, example)
    threshold = threshold_width(window)
    splitter_less = window.width() - sum(window.splitter.sizes())
    unsettled = []
    for area_width in range(threshold - 16, threshold + 33):
        window.resize(area_width * 5 // 2 + splitter_less + 2, HEIGHT)
        settling = layout_passes(window, 20)
        settled = layout_passes(window, 200)
        if settling > 6 or settled:
            unsettled.append((window.panel.width(), settling, settled))
    assert unsettled == []
