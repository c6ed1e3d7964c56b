"""In large print each row's label stands above its field, and the label of the row taking
the next key is in sight with it: after a hand was recorded the focus went back up to the
first field of the next hand, and the panel scrolled only as far as the field, leaving
its label ("Kontraktspieler", "Bidder") out of sight above it (issue 41)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import PARTNERSHIP, played
from tests.gui.keyboard import Keyboard, planned
from tests.gui.window.test_large_print import partnership_window
from tests.gui.window.test_large_print_focus import language, zoomed_in
from tests.sitting_kinds import load_two_sided

__all__ = ["language"]  # the fixture


def label_in_view(window: MainWindow) -> bool:
    """True when the label of the row holding the focus lies wholly in the panel's viewport
    (a box without a label of its own, the right-hand one of a pair, counts as in view)."""
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard focus"
    viewport = window.panel_area.viewport()
    for label in window.panel.findChildren(QLabel):
        buddy = label.buddy()
        if buddy is not None and (buddy is widget or buddy.isAncestorOf(widget)):
            rect = QRect(label.mapTo(viewport, QPoint(0, 0)), label.size())
            return viewport.rect().contains(rect)
    return True


def test_the_label_of_the_row_taking_the_next_key_is_in_sight(
    language: str, main_window: MainWindow, store: SittingStore, qtbot: QtBot
) -> None:
    window = partnership_window(main_window, store)
    window.resize(1280, 820)
    zoomed_in(window, 4)
    window.activateWindow()
    window.panel.new_hand()
    QApplication.processEvents()
    keyboard = Keyboard(qtbot)
    recorded = window.model.rowCount()
    hands = 2  # the second starts where the first was recorded, at the top
    for hand in load_two_sided(PARTNERSHIP).hands[:hands]:
        start = window.panel.values()
        plan = window.panel.form.keystrokes(
            played(hand)._replace(note="", dealer=start.dealer), start
        )
        for step, name in enumerate(plan):
            keyboard.press(planned(name))
            QApplication.processEvents()
            focused = QApplication.focusWidget()
            where = f"{language}, after {plan[: step + 1]}: {focused and focused.accessibleName()}"
            assert label_in_view(window), where
    assert window.model.rowCount() == recorded + hands
