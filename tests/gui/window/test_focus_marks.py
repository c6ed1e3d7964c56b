"""Issue 24, item 5: every focus stop from the Bidder field back to the hand list, and the
Record button once a hand needs nothing more, shows a focus ring a player sees, in a light,
a dark and a high-contrast theme, in every game."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.gui.window.focus_marks import RING_WIDTH, ring_colour
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.render.contrast import contrast
from tests.gui.conftest import screenshot_folder
from tests.gui.entry.test_entry_keys import first_plain_plan
from tests.gui.keyboard import Keyboard
from tests.gui.window.first_keys_process import run_first_hand
from tests.gui.window.test_every_game import show_game, window
from tests.gui.window.test_screenshots import DARK, LIGHT, app_palette, palette
from tests.stored_examples import GAMES

__all__ = ["app_palette", "window"]  # the fixtures

HIGH_CONTRAST = {
    QPalette.ColorRole.Window: "#000000",
    QPalette.ColorRole.WindowText: "#ffffff",
    QPalette.ColorRole.Base: "#000000",
    QPalette.ColorRole.AlternateBase: "#000000",
    QPalette.ColorRole.Text: "#ffffff",
    QPalette.ColorRole.Button: "#000000",
    QPalette.ColorRole.ButtonText: "#ffffff",
    QPalette.ColorRole.Highlight: "#1aebff",
    QPalette.ColorRole.HighlightedText: "#000000",
    QPalette.ColorRole.Mid: "#ffffff",
    QPalette.ColorRole.Dark: "#ffffff",
    QPalette.ColorRole.PlaceholderText: "#c0c0c0",
    QPalette.ColorRole.ToolTipBase: "#000000",
    QPalette.ColorRole.ToolTipText: "#ffffff",
}
THEMES = {"light": LIGHT, "dark": DARK, "high-contrast": HIGH_CONTRAST}


def ring_pixels(widget: QWidget) -> list[QColor]:
    """The colours where the ring is drawn: the middle of each of the widget's four edges,
    within the ring's width."""
    image = widget.grab().toImage()
    width, height, inner = image.width(), image.height(), RING_WIDTH - 1
    points = [(inner, height // 2), (width - 1 - inner, height // 2)]
    points += [(width // 2, inner), (width // 2, height - 1 - inner)]
    return [image.pixelColor(x, y) for x, y in points]


def assert_marked(widget: QWidget, window: MainWindow) -> None:
    ring = window.focus_marks.ring()
    assert ring is not None
    assert ring.parentWidget() is widget
    assert ring.isVisible()
    colour = ring_colour(window.palette())
    background = window.palette().color(QPalette.ColorRole.Window).name()
    assert contrast(colour.name(), background) >= 3
    for pixel in ring_pixels(widget):
        assert pixel.name() == colour.name(), (type(widget).__name__, pixel.name())


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("game", GAMES)
def test_every_stop_from_the_bidder_to_the_hand_list_and_record_shows_a_ring(
    game: str,
    theme: str,
    window: MainWindow,
    qtbot: QtBot,
    app_palette: QApplication,
    tmp_path: Path,
) -> None:
    app_palette.setPalette(palette(THEMES[theme]))
    show_game(window, game)
    window.activateWindow()
    window.panel.bidder.setFocus()
    stops: list[QWidget] = []
    widget: QWidget | None = window.panel.bidder
    for _step in range(8):
        assert widget is not None
        QTest.keyClick(widget, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
        QApplication.processEvents()
        widget = QApplication.focusWidget()
        assert widget is not None
        stops.append(widget)
        assert_marked(widget, window)
        if widget is window.table:
            break
    assert stops[-1] is window.table
    # Three Shift+Tabs from the Bidder field (the panel's scroll area is no stop of its own).
    assert stops == [window.panel.dealer, window.explanation, window.table]
    window.sheet_area.setFocus(Qt.FocusReason.TabFocusReason)  # the pad, which scrolls
    QApplication.processEvents()
    assert_marked(window.sheet_area, window)
    plan = first_plain_plan(window)
    window.panel.new_hand()
    Keyboard(qtbot).follow(plan[:-1])
    QApplication.processEvents()
    # The hand needs nothing more: the focus waits in the Jo-Jotte row (or is at Record
    # once Jo-Jotte is typed); Tab from the note reaches Record.
    assert QApplication.focusWidget() in (window.panel.jojotte, window.panel.record_button)
    window.panel.note.setFocus(Qt.FocusReason.TabFocusReason)
    QTest.keyClick(window.panel.note, Qt.Key.Key_Tab)
    QApplication.processEvents()
    assert QApplication.focusWidget() is window.panel.record_button
    assert_marked(window.panel.record_button, window)
    window.grab().save(str(screenshot_folder(tmp_path) / f"focus-record-{game}-{theme}.png"))


def test_a_highlight_that_does_not_stand_out_gives_way_to_the_text_colour() -> None:
    pale = palette({**LIGHT, QPalette.ColorRole.Highlight: "#d0e4ff"})
    assert ring_colour(pale).name() == LIGHT[QPalette.ColorRole.WindowText]
    assert ring_colour(palette(LIGHT)).name() == LIGHT[QPalette.ColorRole.Highlight]
    assert ring_colour(palette(HIGH_CONTRAST)).name() == "#1aebff"


# The keys of the first plain hand typed, every enum made counted, until the focus reaches
# a number box (a QLineEdit, whose own child is a private line control).
FIRST_NUMBER_BOX = """
from PySide6.QtWidgets import QLineEdit
count_enums()
for key in plan:
    type_key(key)
    box = QApplication.focusWidget()
    if isinstance(box, QLineEdit):
        break
ring = window.focus_marks.ring()
print(isinstance(box, QLineEdit), ring is not None and ring.parentWidget() is box, made)
"""


def test_the_first_ring_on_a_number_box_sets_up_nothing_more_of_qt(tmp_path: Path) -> None:
    """The first number box of the evening shows its ring at once: finding the ring and the
    box's siblings sets up no more of PySide6's classes (83 enums, 22-27 ms of the first key,
    when a box's children were asked for as QObjects)."""
    printed = run_first_hand(tmp_path, FIRST_NUMBER_BOX)

    assert printed[-1] == "True True []"
