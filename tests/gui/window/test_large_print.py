"""Large print: at every zoom step the window offers, from 1024×700 up, nothing is cut off.

The panel wraps its choices (and puts its labels above the fields when narrow), never
scrolling sideways; the pad is drawn smaller where its pane is narrower or shorter than the
zoomed pad, so its totals stay in sight. Each step is grabbed as a screenshot.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractButton, QApplication, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import new_sitting
from jojotte_score.core.model import Variant
from jojotte_score.gui.pad.sheet_widget import SMALLEST_FIT
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import MAX_ZOOM, ZOOM_STEP, AppSettings
from jojotte_score.i18n import use_language
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import PARTNERSHIP, screenshot_folder, shown_window


def zoom_steps() -> list[float]:
    """1.0 and each Ctrl++ after it, up to the largest print the window offers."""
    steps = [1.0]
    while steps[-1] * ZOOM_STEP < MAX_ZOOM:
        steps.append(steps[-1] * ZOOM_STEP)
    return [*steps, MAX_ZOOM]


def partnership_window(main_window: MainWindow, store: SittingStore) -> MainWindow:
    from tests.sitting_kinds import load_two_sided

    sitting = load_two_sided(PARTNERSHIP)
    players = ("Anna", "Bert", "Carl", "Dora")
    store.import_sitting(new_sitting(Variant.PARTNERSHIP, players, sitting.hands))
    main_window.session.open_last()
    return main_window


def inside(widget: QWidget, area: QWidget) -> bool:
    """True when ``widget`` lies within ``area`` from left to right."""
    top_left = widget.mapTo(area, QPoint(0, 0))
    rect = QRect(top_left, widget.size())
    return rect.left() >= 0 and rect.right() <= area.width()


@pytest.mark.parametrize("size", [(1024, 700), (1280, 820)], ids=["1024x700", "1280x820"])
def test_nothing_is_cut_off_at_any_zoom_step(
    main_window: MainWindow,
    store: SittingStore,
    qtbot: QtBot,
    tmp_path: Path,
    size: tuple[int, int],
) -> None:
    window = partnership_window(main_window, store)
    window.resize(*size)
    folder = screenshot_folder(tmp_path)
    for step, zoom in enumerate(zoom_steps()):
        window.set_zoom(zoom)
        for _pass in range(10):  # the layouts settle as the window's event loop runs
            QApplication.processEvents()
        where = f"{size[0]}x{size[1]} at zoom {zoom:.2f}"
        viewport = window.panel_area.viewport()
        assert not window.panel_area.horizontalScrollBar().isVisible(), where
        assert window.panel.width() <= viewport.width(), where
        fields = [
            w
            for w in window.panel.findChildren(QWidget)
            if isinstance(w, (QAbstractButton, QLineEdit)) and w.isVisibleTo(window.panel)
        ]
        assert len(fields) > 30, where
        for widget in fields:
            assert inside(widget, viewport), f"{where}: {widget.accessibleName() or widget}"
            if isinstance(widget, QAbstractButton):
                assert widget.width() >= widget.sizeHint().width(), f"{where}: {widget.text()}"
        sheet, area = window.sheet, window.sheet_area.viewport()
        layout = sheet.sheet_layout()
        assert layout is not None
        assert sheet.width() <= area.width(), where
        drawn = sheet.widget_point(layout.width, layout.height)
        assert drawn.x() <= sheet.width() + 1, where  # the pad is not cut at the side
        smallest = SMALLEST_FIT * sheet.logicalDpiY() / 72.0
        if layout.height * smallest <= area.height():  # it fits, so the totals are in sight
            # Larger print draws the pad larger than the room; it is scrolled to its totals.
            scrolled = window.sheet_area.verticalScrollBar().value()
            assert drawn.y() - scrolled <= area.height() + 1, where
        assert window.panel.row_labels["dealer"].font().pointSizeF() == pytest.approx(
            QApplication.font().pointSizeF() * zoom, rel=0.01
        )
        window.grab().save(str(folder / f"large-print-{size[0]}x{size[1]}-{step}.png"))


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_row_of_the_panel_runs_under_the_next_at_any_zoom_step(
    language: str,
    store: SittingStore,
    settings: AppSettings,
    qtbot: QtBot,
    tmp_path: Path,
) -> None:
    """At 1280×820 each row keeps the height its wrapped lines need, so that none runs under
    the row below it: in German large print the trump row's third line ("Ohne Trumpf [O]")
    was drawn under the Kontra row, the panel sized without its preview's least height."""
    use_language(language)
    store.import_sitting(new_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"), ()))
    window = shown_window(qtbot, Session(store), settings, (1280, 820))
    folder = screenshot_folder(tmp_path)
    panel = window.panel
    for step, zoom in enumerate(zoom_steps()):
        window.set_zoom(zoom)
        for _pass in range(3):  # the layouts settle as the window's event loop runs
            QApplication.processEvents()
        where = f"{language} at zoom {zoom:.2f}"
        rows = [(r, c) for r, c in panel.row_cells().items() if c.isVisibleTo(panel)]
        shown = sorted(rows, key=lambda row: row[1].y())
        for (row, cell), (_below, next_cell) in itertools.pairwise(shown):
            assert cell.height() >= cell.heightForWidth(cell.width()), f"{where}: {row}"
            assert cell.geometry().bottom() < next_cell.geometry().top(), f"{where}: {row}"
        trump = panel.trump
        lines = {button.y() for button in trump.buttons()}
        last = max(button.geometry().bottom() for button in trump.buttons())
        assert last < trump.height(), f"{where}: {len(lines)} lines of trumps"
        panel.grab().save(str(folder / f"large-print-panel-{language}-{step}.png"))
    window.session.on_changed = lambda: None
