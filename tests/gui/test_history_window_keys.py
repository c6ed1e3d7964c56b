"""The history window from the keyboard and the Plots tab's button, over each game's worked
example: the season report written from the window, Esc and Ctrl+W close it, it opens on
the screen, Alt+T reaches the Statistics tab."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.history.history_window import HistoryWindow
from jojotte_score.gui.history.plots_view import PlotsView
from jojotte_score.gui.window.actions import ActionName
from jojotte_score.gui.window.main_window import MainWindow

DATA = Path(__file__).resolve().parents[1] / "data"
GAMES = {
    "two-player": "german-example.json",
    "partnership": "partnership-example.json",
    "three-player": "three-player-example.json",
    "chouette": "chouette-example.json",
    "cutthroat": "cutthroat-example.json",
}


def open_history(main_window: MainWindow, qtbot: QtBot, example: str) -> HistoryWindow:
    main_window.session.store.import_sitting(load_sitting(DATA / example).sitting)
    main_window.named_actions[ActionName.HISTORY].trigger()
    shown = main_window.history
    assert shown is not None
    qtbot.waitExposed(shown)
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
    history = open_history(main_window, qtbot, GAMES[game])
    players = load_sitting(DATA / GAMES[game]).sitting.players
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
