"""View > Table display: the score in large type for the players, in every game.

The display shows the pad's own figures (the totals the main window's sheet paints), follows
a hand recorded, edited and undone, never takes the keyboard from the scorekeeper's window,
leaves the main window as it was when it closes, and draws the totals a twelfth of a
1920×1080 screen high.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics, QGuiApplication, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.display.table_display import (
    DisplayWindow,
    TableDisplay,
    display_screen,
    next_screen,
)
from jojotte_score.gui.sharing.share_dialog import SharingWindow
from jojotte_score.gui.sitting.commands import AddHand, ReplaceHand
from jojotte_score.gui.window.language import use_qt_language
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.i18n import use_language
from jojotte_score.render.contrast import contrast
from tests.gui.conftest import played, screenshot_folder
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_focus_marks import THEMES
from tests.gui.window.test_screenshots import app_palette, palette
from tests.stored_examples import GAMES, NAMES, example_sitting

__all__ = ["app_palette"]  # the fixture

_A = ActionName


def open_display(window: MainWindow, qtbot: QtBot) -> TableDisplay:
    """Choose View > Table display; the display, shown."""
    window.named_actions[_A.TABLE_DISPLAY].trigger()
    display = window.table_display
    assert display is not None
    qtbot.waitUntil(display.isVisible)
    display.resize(1920, 1080)
    return display


def shown_totals(display: TableDisplay) -> list[str]:
    """The totals in the display's large type, column by column."""
    return [label.text() for label in display.totals if label.isVisibleTo(display)]


def pad_totals(window: MainWindow) -> list[str]:
    """The totals the main window's pad paints under its columns."""
    layout = window.sheet.sheet_layout()
    assert layout is not None
    return [item.text for item in sorted(layout.texts("total"), key=lambda item: item.x)]


def main_window_state(window: MainWindow) -> tuple[object, ...]:
    """What the main window shows that the display must leave alone: its title, the pad's
    totals, the hands listed, the rubber on the pad, the status line, the hand selected and
    the sizes of its panes."""
    return (
        window.windowTitle(),
        pad_totals(window),
        window.model.rowCount(),
        window.sheet.rubber_number(),
        window.status_label.text(),
        window.selected_position(),
        window.left.sizes(),
        window.splitter.sizes(),
    )


def result_shown_when_finished(display: TableDisplay, window: MainWindow) -> bool:
    """True when the display shows a result exactly when the newest rubber is over."""
    pad = window.sheet.pad()
    assert pad is not None
    return bool(display.result.text()) == pad.newest_rubber_finished


def store_without_last(window: MainWindow, game: str) -> tuple[int, object]:
    """Store ``game``'s worked example without its last hand and show it; its id and the
    hand left out."""
    sitting = example_sitting(game)
    last = sitting.hands[-1]
    sitting = dataclasses.replace(sitting, hands=sitting.hands[:-1])
    sitting_id = window.session.store.import_sitting(sitting)
    window.open_sitting_id(sitting_id)
    return sitting_id, last


@pytest.mark.parametrize("game", GAMES)
def test_the_display_shows_the_pads_figures(
    game: str, main_window: MainWindow, qtbot: QtBot
) -> None:
    show_game(main_window, game)
    display = open_display(main_window, qtbot)
    names = [label.text() for label in display.names if label.isVisibleTo(display)]
    assert names == list(NAMES[game])
    assert shown_totals(display) == pad_totals(main_window)
    layout = display.sheet.sheet_layout()
    assert layout is not None  # the same pad, painted by the same painter
    assert [item.text for item in layout.texts("total")] == [
        item.text
        for item in main_window.sheet.sheet_layout().texts("total")  # type: ignore[union-attr]
    ]
    figures = display.figures
    assert figures is not None
    pad = main_window.sheet.pad()
    assert pad is not None
    # A rubber's result once its last hand is recorded, nothing while it is in play.
    assert bool(figures.result) == pad.newest_rubber_finished
    assert display.result.text() == figures.result
    assert display.last_hand.text().startswith("Hand ")


def test_the_two_player_example_reads_as_on_paper(main_window: MainWindow, qtbot: QtBot) -> None:
    show_game(main_window, "two-player")
    display = open_display(main_window, qtbot)
    assert shown_totals(display) == ["755", "655"]
    assert display.result.text() == "A wins the rubber by 100"
    assert display.last_hand.text() == "Hand 6 (rubber 1, game 3): A bids spades."


@pytest.mark.parametrize("game", GAMES)
def test_the_display_follows_a_recorded_hand_and_its_undo(
    game: str, main_window: MainWindow, qtbot: QtBot
) -> None:
    _sitting_id, last = store_without_last(main_window, game)
    display = open_display(main_window, qtbot)
    before = shown_totals(display)
    assert result_shown_when_finished(display, main_window)
    shown = main_window.session.shown
    assert shown is not None
    dealer = shown.status().next_dealer  # the status line's next dealer, when it is known
    if dealer is not None:
        assert display.dealer.text() == f"Next dealer: {shown.players[dealer]}"
        assert f"next dealer: {shown.players[dealer]}" in main_window.status_label.text()
    main_window.undo_stack.push(AddHand(main_window.session, last))  # type: ignore[arg-type]
    after = shown_totals(display)
    assert after == pad_totals(main_window)
    assert after != before
    assert result_shown_when_finished(display, main_window)
    main_window.undo_stack.undo()
    assert shown_totals(display) == before == pad_totals(main_window)
    assert result_shown_when_finished(display, main_window)


def test_the_display_follows_an_edit(main_window: MainWindow, qtbot: QtBot) -> None:
    show_game(main_window, "two-player")
    display = open_display(main_window, qtbot)
    assert shown_totals(display) == ["755", "655"]
    first = played(main_window.session.shown.hand(0))  # type: ignore[union-attr]
    main_window.undo_stack.push(
        ReplaceHand(main_window.session, 0, first._replace(last_trick=1 - (first.last_trick or 0)))
    )
    shown = main_window.session.shown
    assert shown is not None
    newest = shown.pad.recent.rubber(shown.pad.newest_rubber)  # the rubber in play now
    assert newest is not None
    assert shown_totals(display) == [str(total) for total in newest.totals]
    assert shown_totals(display) != ["755", "655"]
    main_window.undo_stack.undo()
    assert shown_totals(display) == ["755", "655"]


def test_the_display_takes_no_focus(main_window: MainWindow, qtbot: QtBot) -> None:
    show_game(main_window, "chouette")
    main_window.activateWindow()
    main_window.panel.setFocus()
    focused = QApplication.focusWidget()
    display = open_display(main_window, qtbot)
    assert display.focusPolicy().name == "NoFocus"
    assert display.windowFlags() & display.windowFlags().WindowDoesNotAcceptFocus
    assert QApplication.activeWindow() is not display
    assert QApplication.focusWidget() is focused
    assert all(not child.hasFocus() for child in display.findChildren(type(display.sheet)))


def test_closing_leaves_the_main_window_as_it_was(main_window: MainWindow, qtbot: QtBot) -> None:
    show_game(main_window, "cutthroat")
    main_window.select_hand(3)
    assert main_window.selected_position() == 2
    before = main_window_state(main_window)
    action = main_window.named_actions[_A.TABLE_DISPLAY]
    display = open_display(main_window, qtbot)
    assert action.isChecked()
    action.trigger()  # the action again closes it
    assert not display.isVisible()
    assert not action.isChecked()
    open_display(main_window, qtbot)
    display.close()  # as Esc in it does
    assert not action.isChecked()
    after = main_window_state(main_window)
    assert after == before
    open_display(main_window, qtbot)
    main_window.close()
    assert not display.isVisible()


@pytest.mark.parametrize("game", ["two-player", "cutthroat"])
def test_the_totals_are_a_twelfth_of_a_1080_screen_high(
    game: str, main_window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    shots = screenshot_folder(tmp_path)
    show_game(main_window, game)
    display = open_display(main_window, qtbot)
    display.showNormal()
    display.setFixedSize(1920, 1080)
    qtbot.waitUntil(lambda: display.height() == 1080)
    for label in display.totals[: len(NAMES[game])]:
        assert label.font().pixelSize() >= 1080 / 12
        assert QFontMetrics(label.font()).capHeight() >= 1080 / 12 * 0.6
        assert label.height() >= 1080 / 12
    image = display.grab().toImage()
    assert image.height() == 1080
    image.save(str(shots / f"table-display-{game}.png"))


def colours_in(label: QWidget) -> set[str]:
    """The colours a widget is drawn in, as "#rrggbb"."""
    image = label.grab().toImage()
    return {
        image.pixelColor(x, y).name()
        for x in range(0, image.width(), 2)
        for y in range(0, image.height(), 2)
    }


@pytest.mark.parametrize("theme", THEMES)
def test_the_display_is_drawn_in_the_themes_colours(
    theme: str, main_window: MainWindow, qtbot: QtBot, app_palette: QApplication, tmp_path: Path
) -> None:
    colours = THEMES[theme]
    app_palette.setPalette(palette(colours))
    show_game(main_window, "chouette")
    display = open_display(main_window, qtbot)
    display.showNormal()
    display.setFixedSize(1920, 1080)
    qtbot.waitUntil(lambda: display.height() == 1080)
    window, text = colours[QPalette.ColorRole.Window], colours[QPalette.ColorRole.WindowText]
    base, ink = colours[QPalette.ColorRole.Base], colours[QPalette.ColorRole.Text]
    image = display.grab().toImage()
    assert image.pixelColor(2, 2).name() == window  # the window's own background
    for total in display.totals[: len(NAMES["chouette"])]:
        drawn = colours_in(total)
        assert {window, text} <= drawn  # the figures in the theme's text colour
        assert contrast(text, window) >= (7 if theme == "high-contrast" else 4.5)
    assert {base, ink} <= colours_in(display.sheet)  # the pad as the main window's
    image.save(str(screenshot_folder(tmp_path) / f"table-display-{theme}.png"))


def test_the_main_window_has_what_the_display_and_sharing_use_of_it(
    main_window: MainWindow,
) -> None:
    """The display and sharing know the window only by what they use of it (mypy checks the
    main window against both), so neither imports the main window's folder."""
    for_display: DisplayWindow = main_window
    for_sharing: SharingWindow = main_window

    assert for_display.window() is main_window
    assert for_sharing.statusBar() is main_window.statusBar()
    assert for_display.session.shown is main_window.session.shown
    assert for_sharing.named_actions[ActionName.SHARE].text() == "S&hare with the table…"


def test_the_display_opens_on_a_screen_the_main_window_is_not_on() -> None:
    screens = QGuiApplication.screens()
    main = screens[0]
    assert display_screen(screens, main) is (screens[1] if len(screens) > 1 else main)
    assert next_screen(screens, main) is screens[1 % len(screens)]
    assert display_screen([], None) is None


def test_nothing_of_the_display_is_imported_until_it_is_chosen() -> None:
    code = (
        "import sys\n"
        "import jojotte_score.gui.window.main_window\n"
        "print([name for name in sys.modules if name.startswith('jojotte_score.gui.display')])\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"


@pytest.mark.usefixtures("german")
def test_the_display_speaks_the_windows_language(main_window: MainWindow, qtbot: QtBot) -> None:
    show_game(main_window, "two-player")
    assert main_window.named_actions[_A.TABLE_DISPLAY].text() == "&Tischanzeige"
    display = open_display(main_window, qtbot)
    assert [heading.text() for heading in display.headings] == [
        "Gesamt",
        "Unter dem Strich",
        "Partien",
    ]
    assert display.title.text() == "Robber 1: A – B"
    assert display.dealer.text() == "Als Nächstes: neu abheben, um den ersten Geber zu bestimmen"
    assert display.last_hand.text().startswith("Spiel 6 (Robber 1, Partie 3): ")
    assert shown_totals(display) == ["755", "655"]


def test_esc_in_the_display_closes_it_and_the_next_screen_keeps_it_open(
    main_window: MainWindow, qtbot: QtBot
) -> None:
    show_game(main_window, "three-player")
    action = main_window.named_actions[_A.TABLE_DISPLAY]
    main_window.named_actions[_A.TABLE_DISPLAY_SCREEN].trigger()  # opens it, then moves it
    display = main_window.table_display
    assert display is not None
    qtbot.waitUntil(display.isVisible)
    assert action.isChecked()
    assert shown_totals(display) == pad_totals(main_window)
    QTest.keyClick(display, Qt.Key.Key_Escape)
    assert not display.isVisible()
    assert not action.isChecked()


def test_the_display_stays_open_in_the_new_language(main_window: MainWindow, qtbot: QtBot) -> None:
    show_game(main_window, "two-player")
    before = open_display(main_window, qtbot)
    screen = before.screen()
    replaced: list[MainWindow] = []
    main_window.on_replaced = replaced.append
    try:
        main_window.choose_language("de")  # View > Language > Deutsch
        assert len(replaced) == 1
        window = replaced[0]
        qtbot.addWidget(window)
        display = window.table_display
        assert display is not None
        qtbot.waitUntil(display.isVisible)
        assert window.named_actions[_A.TABLE_DISPLAY].isChecked()
        assert display.screen() is screen
        assert display.windowTitle() == "Tischanzeige – Jo-Jotte-Block"
        assert [heading.text() for heading in display.headings] == [
            "Gesamt",
            "Unter dem Strich",
            "Partien",
        ]
        assert display.title.text() == "Robber 1: A – B"
        assert shown_totals(display) == ["755", "655"]
        assert QApplication.activeWindow() is not display
        # It follows the new window: a hand recorded there shows, its action closes it.
        window.named_actions[_A.THROWN_IN].trigger()
        assert display.last_hand.text().startswith("Spiel 7 ")
        window.named_actions[_A.TABLE_DISPLAY].trigger()
        assert not display.isVisible()
    finally:
        use_language("en")
        use_qt_language("en")
