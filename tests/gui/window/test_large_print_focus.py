"""Large print keeps what is typed in sight (issue 41, item 6): at 1280×820 after Ctrl++ four
times, each box or choice that takes the next key lies inside the panel's viewport, and the
hand list shows four rows (the README's promise), its notes wrapped or not."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.i18n import use_language
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import PARTNERSHIP, played
from tests.gui.keyboard import Keyboard, planned
from tests.gui.window.test_large_print import partnership_window
from tests.sitting_kinds import load_two_sided


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The program speaks English, then German, from before the window is built."""
    code = str(request.param)
    use_language(code)
    yield code
    use_language("en")


def zoomed_in(window: MainWindow, times: int) -> None:
    """Ctrl++ ``times`` times, as the View menu's Larger print does."""
    for _ in range(times):
        window.named_actions[ActionName.ZOOM_IN].trigger()
    QApplication.processEvents()


def focus_in_view(window: MainWindow) -> QRect | None:
    """The focused widget's rectangle in the panel's viewport, or None when it lies (partly)
    outside what the viewport shows."""
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard focus"
    viewport = window.panel_area.viewport()
    if not window.panel.isAncestorOf(widget):
        return QRect(0, 0, 1, 1)  # the list or the window: not the panel's to scroll
    rect = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
    return rect if viewport.rect().contains(rect) else None


def rows_in_sight(window: MainWindow) -> int:
    """How many whole rows of the hand list its viewport shows, scrolled to the newest."""
    table = window.table
    table.scrollToBottom()
    QApplication.processEvents()
    height = table.viewport().height()
    tops = [table.rowViewportPosition(row) for row in range(table.model().rowCount())]
    return sum(1 for row, top in enumerate(tops) if 0 <= top <= height - table.rowHeight(row))


def test_each_stop_of_a_hand_typed_in_large_print_is_in_view(
    language: str, main_window: MainWindow, store: SittingStore, qtbot: QtBot
) -> None:
    window = partnership_window(main_window, store)
    window.resize(1280, 820)
    zoomed_in(window, 4)
    assert window.settings.zoom == pytest.approx(1.25**4, abs=1e-3)
    window.activateWindow()
    window.panel.new_hand()
    QApplication.processEvents()
    hand = played(load_two_sided(PARTNERSHIP).hands[0])
    start = window.panel.values()
    plan = window.panel.form.keystrokes(hand._replace(note="", dealer=start.dealer), start)
    keyboard = Keyboard(qtbot)
    for step, name in enumerate(plan[:-1]):
        keyboard.press(planned(name))
        QApplication.processEvents()
        focused = QApplication.focusWidget()
        where = f"after {plan[: step + 1]}: {focused and focused.accessibleName()}"
        assert focus_in_view(window) is not None, where


def test_the_hand_list_keeps_four_rows_in_large_print(
    language: str, main_window: MainWindow, store: SittingStore, qtbot: QtBot
) -> None:
    window = partnership_window(main_window, store)
    window.resize(1280, 820)
    zoomed_in(window, 4)
    qtbot.wait(20)  # the window settles on its size: the status line grew with the print
    assert rows_in_sight(window) >= 4, window.left.sizes()
