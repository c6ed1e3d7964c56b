"""A message shown under a row of the entry panel is scrolled into view with its field: in
large print the panel is taller than its pane, and a key refused in the last-trick row of
the chouette in German (zoom 2, 1280×820) showed its message below the fold, so the
scorekeeper did not see why the key was refused."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.gui.entry.entry_fields import MessageLine
from jojotte_score.gui.entry.form_rules import Slot
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.i18n import use_language
from tests.gui.entry.test_messages_below_rows import settle
from tests.gui.keyboard import ENTER, Keyboard
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.gui.window.test_large_print import zoom_steps
from tests.stored_examples import GAMES

REFUSED = "§"  # no row's key, and no digit: refused in every field


def in_viewport(window: MainWindow, widget: QWidget) -> QRect:
    """``widget``'s rectangle in the coordinates of the panel's viewport."""
    viewport = window.panel_area.viewport()
    return QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())


def shown_messages(window: MainWindow) -> list[MessageLine]:
    """The panel's message lines that show a message."""
    lines = window.panel.findChildren(MessageLine)
    return [line for line in lines if line.isVisibleTo(window.panel) and line.text()]


def lowest_fields(window: MainWindow) -> list[QWidget]:
    """The two lowest fields of the hand being typed that refuse a key (not the note)."""
    panel = window.panel
    fields = [panel.widget_for(slot) for slot in panel.form.order if slot is not Slot.NOTE]
    shown = [field for field in fields if field.isVisibleTo(panel)]
    shown.sort(key=lambda field: field.mapTo(panel, QPoint(0, 0)).y())
    return shown[-2:]


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_key_in_the_lowest_rows_shows_its_message_in_view(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    use_language("de")
    try:
        window = window.rebuild()  # in the language spoken now
        qtbot.addWidget(window)
        window.resize(1280, 820)
        show_game(window, game)
        window.activateWindow()
        bar = window.panel_area.verticalScrollBar()
        viewport = window.panel_area.viewport().rect()
        scrolled = 0
        for zoom in zoom_steps():
            window.set_zoom(zoom)
            window.panel.new_hand()
            settle()
            if bar.maximum() == 0:
                continue  # the whole panel is in sight
            scrolled += 1
            for field in [*lowest_fields(window), window.panel.record_button]:
                field.setFocus()  # the button: the panel-wide message, under the buttons
                settle()
                sideways = window.panel_area.horizontalScrollBar()
                across = sideways.value()
                Keyboard(qtbot).press(REFUSED)
                settle()
                line = shown_messages(window)
                where = f"{game}, zoom {zoom:.2f}, {field.accessibleName() or 'Record'}"
                assert len(line) == 1, where
                drawn = in_viewport(window, line[0])
                assert 0 <= drawn.top() <= drawn.bottom() <= viewport.bottom(), (
                    f"{where}: {drawn} not in {viewport}"
                )
                drawn = in_viewport(window, field)
                assert 0 <= drawn.top() <= drawn.bottom() <= viewport.bottom(), where
                assert sideways.value() == across, f"{where}: scrolled sideways"
                window.panel.new_hand()
                settle()
        assert scrolled >= 2
    finally:
        use_language("en")


@pytest.mark.parametrize("game", GAMES)
def test_a_message_already_in_view_scrolls_nothing(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    window.resize(1280, 820)
    show_game(window, game)
    window.activateWindow()
    bar = window.panel_area.verticalScrollBar()
    for zoom in (1.0, zoom_steps()[-1]):
        window.set_zoom(zoom)
        window.panel.new_hand()
        settle()
        panel = window.panel
        first = panel.widget_for(panel.form.order[0])
        first.setFocus()
        settle()
        for field in [first, *lowest_fields(window)] if zoom == 1.0 else [first]:
            field.setFocus()
            settle()
            before = bar.value()
            Keyboard(qtbot).press(REFUSED)
            settle()
            where = f"{game}, zoom {zoom:.2f}, {field.accessibleName() or 'Record'}"
            assert len(shown_messages(window)) == 1, where
            assert bar.value() == before, where
            window.panel.new_hand()
            settle()


@pytest.mark.parametrize("game", GAMES)
def test_enter_on_a_hand_not_typed_keeps_the_field_to_type_in_view(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    """Enter in the lowest field of an empty hand, in the largest print: messages under the
    rows and under the buttons, and the focus back at the first field, which stays in view
    (where a message and the field with the focus do not both fit, the field)."""
    window.resize(1280, 820)
    show_game(window, game)
    window.activateWindow()
    window.set_zoom(zoom_steps()[-1])
    window.panel.new_hand()
    settle()
    lowest_fields(window)[-1].setFocus()
    settle()
    Keyboard(qtbot).press(ENTER)
    settle()
    assert len(shown_messages(window)) >= 2
    focus = QApplication.focusWidget()
    assert focus is not None
    assert window.panel.isAncestorOf(focus)
    drawn = in_viewport(window, focus)
    viewport = window.panel_area.viewport().rect()
    assert 0 <= drawn.top() <= drawn.bottom() <= viewport.bottom(), focus.accessibleName()
