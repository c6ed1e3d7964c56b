"""Large print keeps the pad's totals in sight once the window has settled: the pad taller
than its pane is scrolled to its foot, and stays there as the window's later layout passes
and a resize change the pane's height by a few pixels or many.

Checked after ten passes of the event loop, not one: the hand list's rows are kept after a
pass of their own, which took 1-3 pixels from the pad's pane and gave them back, and the
scroll bar, clamped to the shorter range meanwhile, stayed 3 pixels short of the foot. A
window opened in large print was scrolled before it was laid out: at 1280×820 and four steps
of Ctrl++ the totals stood 193 pixels below the pane.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import new_sitting
from jojotte_score.core.model import Variant
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import ZOOM_STEP, AppSettings
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import PARTNERSHIP, shown_window
from tests.gui.window.test_large_print import partnership_window, zoom_steps
from tests.sitting_kinds import load_two_sided

# What the partnership example's pad shows at its foot: rubber 2 after hand 6.
FOOT = [
    "Total, Anna & Carl: 385",
    "Total, Bert & Dora: 0",
    "Rubber 2 in progress: Anna & Carl 385, Bert & Dora 0",
]
SIZES = [(1024, 700), (1280, 820), (1600, 1000)]


def settle() -> None:
    """Ten passes of the event loop: the window's later layouts have run."""
    for _pass in range(10):
        QApplication.processEvents()


def foot_in_sight(window: MainWindow) -> list[str]:
    """What of the pad's foot (its totals and its result line) lies wholly within the pad's
    pane as it is scrolled."""
    sheet, bar = window.sheet, window.sheet_area.verticalScrollBar()
    room = window.sheet_area.viewport().height()
    shown = []
    for item in sheet.reading():
        rect = sheet.item_rect(item)
        if item.words in FOOT and rect.top() >= bar.value() and rect.bottom() < bar.value() + room:
            shown.append(item.words)
    return shown


def hidden_below(window: MainWindow) -> float:
    """How many pixels of the pad (its legend, under the result line) lie below its pane."""
    layout = window.sheet.sheet_layout()
    assert layout is not None
    foot = window.sheet.widget_point(layout.width, layout.height).y()
    bar = window.sheet_area.verticalScrollBar()
    return foot - bar.value() - window.sheet_area.viewport().height()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_zoom_step_keeps_the_totals_in_sight_once_settled(
    main_window: MainWindow, store: SittingStore, size: tuple[int, int]
) -> None:
    window = partnership_window(main_window, store)
    window.resize(*size)
    for zoom in zoom_steps():
        window.set_zoom(zoom)
        settle()
        where = f"{size[0]}x{size[1]} at zoom {zoom:.2f}"
        assert foot_in_sight(window) == FOOT, where
        assert hidden_below(window) <= 1, where


@pytest.mark.parametrize("steps", [1, 2, 3, 4])
def test_a_window_opened_in_large_print_shows_the_totals(
    qtbot: QtBot, store: SittingStore, settings: AppSettings, steps: int
) -> None:
    """The zoom the settings keep is set before the window is first laid out: the pad is
    scrolled to its foot as the window settles on its size, not before."""
    settings.zoom = ZOOM_STEP**steps
    hands = load_two_sided(PARTNERSHIP).hands
    store.import_sitting(new_sitting(Variant.PARTNERSHIP, ("Anna", "Bert", "Carl", "Dora"), hands))
    window = shown_window(qtbot, Session(store), settings, (1280, 820))
    settle()
    bar = window.sheet_area.verticalScrollBar()
    assert bar.maximum() > 0  # the pad is taller than its pane: it scrolls
    assert bar.value() == bar.maximum()
    assert foot_in_sight(window) == FOOT


def test_a_resize_keeps_the_totals_in_sight(main_window: MainWindow, store: SittingStore) -> None:
    window = partnership_window(main_window, store)
    window.resize(1280, 820)
    window.set_zoom(ZOOM_STEP**2)
    settle()
    for size in [(1280, 790), (1024, 700), (1600, 1000), (1280, 821), (1280, 820)]:
        window.resize(*size)
        settle()
        assert foot_in_sight(window) == FOOT, size
        assert hidden_below(window) <= 1, size


def test_a_pad_scrolled_up_stays_where_it_was_put(
    main_window: MainWindow, store: SittingStore
) -> None:
    """Following the foot is for a pad left at its foot: one scrolled up to read its first
    hands keeps them in sight as the window is resized, until larger print scrolls it to its
    foot again."""
    window = partnership_window(main_window, store)
    window.resize(1280, 820)
    window.set_zoom(ZOOM_STEP**2)
    settle()
    bar = window.sheet_area.verticalScrollBar()
    bar.setValue(0)  # as the mouse wheel scrolls it
    window.resize(1280, 790)
    settle()
    assert bar.value() == 0
    assert foot_in_sight(window) == []
    window.set_zoom(ZOOM_STEP**3)
    settle()
    assert foot_in_sight(window) == FOOT
