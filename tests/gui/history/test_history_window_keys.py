"""The history window from the keyboard and the Plots tab's button, over each game's worked
example: the season report written from the window, Esc and Ctrl+W close it, it opens on
the screen, Alt+T reaches the Statistics tab."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog
from pytestqt.qtbot import QtBot

from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.history.history_window import HistoryWindow
from jojotte_score.gui.history.plots_view import PlotsView
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.i18n import use_language
from tests.stored_examples import GAMES, example_sitting, store_game


def open_history(main_window: MainWindow, qtbot: QtBot, game: str) -> HistoryWindow:
    """Store ``game``'s worked example and open the history over it, as the active window."""
    store_game(main_window.session.store, game)
    main_window.named_actions[ActionName.HISTORY].trigger()
    shown = main_window.history
    assert shown is not None
    qtbot.waitExposed(shown)
    shown.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is shown)
    return shown


@pytest.mark.parametrize("game", GAMES)
def test_the_season_report_button_writes_the_report(
    game: str,
    main_window: MainWindow,
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Item 10: History > Plots > "Season report (PDF)…" asks for a file and writes the
    report there (the button's clicked(bool) used to reach the export as its path)."""
    history = open_history(main_window, qtbot, game)
    players = example_sitting(game).players
    plots = history.findChild(PlotsView)
    assert plots is not None
    history.tabs.setCurrentWidget(plots)
    target = tmp_path / "season"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(target), ""))
    QTest.mouseClick(plots.report_button, Qt.MouseButton.LeftButton)
    written = target.with_suffix(".pdf")
    assert written.read_bytes().startswith(b"%PDF")
    text = subprocess.run(
        ["pdftotext", str(written), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "1 sitting" in text
    for player in players:
        assert re.search(rf"\b{re.escape(player)}\b", text), player


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("keys", ["Esc", "Ctrl+W"])
def test_esc_and_ctrl_w_close_the_history(
    game: str, keys: str, main_window: MainWindow, qtbot: QtBot
) -> None:
    """Item 12: Esc and Ctrl+W close the history window, from its list or its filter."""
    history = open_history(main_window, qtbot, game)
    history.activateWindow()
    history.table.setFocus()
    key = Qt.Key.Key_Escape if keys == "Esc" else Qt.Key.Key_W
    modifier = (
        Qt.KeyboardModifier.NoModifier if keys == "Esc" else Qt.KeyboardModifier.ControlModifier
    )
    QTest.keyClick(history.table, key, modifier)
    assert not history.isVisible()
    main_window.named_actions[ActionName.HISTORY].trigger()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is history)
    QTest.keyClick(history.player, key, modifier)
    assert not history.isVisible()


@pytest.mark.parametrize("corner", ["bottom-right", "top-left"])
def test_the_history_opens_wholly_on_the_screen(
    corner: str, main_window: MainWindow, qtbot: QtBot
) -> None:
    """Item 12: the history opens over the main window and wholly on its screen, however
    near an edge the main window stands."""
    screen = main_window.screen()
    room = screen.availableGeometry()
    main_window.resize(600, 400)
    main_window.show()
    if corner == "bottom-right":
        main_window.move(room.right() - 300, room.bottom() - 200)
    else:
        main_window.move(room.left() - 100, room.top())
    history = open_history(main_window, qtbot, "cutthroat")
    assert room.contains(history.frameGeometry()), (room, history.frameGeometry())


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The program speaks English, then German."""
    use_language(request.param)
    yield request.param
    use_language("en")


def test_alt_t_reaches_the_statistics_tab(
    language: str, main_window: MainWindow, qtbot: QtBot
) -> None:
    """Item 12: Alt+T shows the Statistics tab ("Sta&tistics", "S&tatistik") and leaves
    the date filter alone."""
    history = open_history(main_window, qtbot, "two-player")
    history.activateWindow()
    history.player.setFocus()
    QTest.keyClick(history.player, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)
    assert history.tabs.currentIndex() == 1
    assert history.tabs.tabText(1) == {"en": "Sta&tistics", "de": "S&tatistik"}[language]
    assert not history.until_check.isChecked()
    assert not history.since_check.isChecked()
