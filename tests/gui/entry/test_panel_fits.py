"""The entry panel fits 1280×820 without a scrollbar (issue 24, item 9), in every game: a
doubled Nullo asks the most rows (in cutthroat: who doubled, whom the third player sided
with, the Nullo bidder, the active defender), and Enter on it shows a message under each
row still to fill in; the preview then gives up height and scrolls itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QPushButton
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Doubling, Special
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.i18n import use_language
from tests.gui.conftest import screenshot_folder
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.stored_examples import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_a_doubled_nullo_with_every_message_fits_without_a_scrollbar(
    game: str, window: MainWindow, tmp_path: Path
) -> None:
    window.resize(1280, 820)
    show_game(window, game)
    panel = window.panel
    panel.double.setFocus()
    QTest.keyClicks(panel.double, "X")
    panel.special.setFocus()
    QTest.keyClicks(panel.special, "N")
    assert panel.double.value() is Doubling.DOUBLE
    assert panel.special.value() is Special.NULLO
    focus = QApplication.focusWidget()
    assert focus is not None
    QTest.keyClick(focus, Qt.Key.Key_Return)  # nothing recorded
    for _level in range(10):  # each nested layout measures again in a pass of its own
        QApplication.processEvents()
    window.grab().save(str(screenshot_folder(tmp_path) / f"doubled-nullo-{game}.png"))
    assert window.model.rowCount() == len(window.session.shown.hands)  # type: ignore[union-attr]
    messages = [label for label in panel.errors.values() if label.isVisible()]
    assert len(messages) >= 3
    area = window.panel_area
    assert not area.verticalScrollBar().isVisible()
    assert panel.height() <= area.viewport().height()
    shown: list[QLabel | QPushButton] = [*messages, *panel.row_labels.values()]
    for label in [*shown, panel.record_button]:
        if label.isVisible():
            bottom = label.mapTo(panel, QPoint(0, label.height())).y()
            assert bottom <= area.viewport().height(), label.text()
    assert panel.preview.isVisible()
    assert panel.preview.height() >= 3 * panel.preview.fontMetrics().lineSpacing()


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_card_points_follow_the_meld_boxes_without_a_gap(
    game: str, language: str, window: MainWindow, qtbot: QtBot
) -> None:
    """The meld helper's button stands beside Record and Thrown in: beside the meld boxes it
    wrapped onto a line of its own in the chouette ("Anna (Mannschaft mit Carl)"), a gap of
    a button's height between the melds and the card points."""
    use_language(language)
    try:
        window = window.rebuild()  # in the language spoken now
        qtbot.addWidget(window)
        window.resize(1280, 820)
        show_game(window, game)
        for _level in range(10):
            QApplication.processEvents()
        panel = window.panel
        melds, card_points = panel.row_cells()["melds"], panel.row_cells()["card_points"]
        gap = card_points.geometry().top() - melds.geometry().bottom()
        assert 0 < gap < 8  # the form's spacing between two rows, not a button's height
        assert melds.height() <= panel.melds.edits[0].height() + 4
        record = panel.record_button.mapTo(panel, QPoint(0, 0)).y()
        assert panel.meld_button.mapTo(panel, QPoint(0, 0)).y() == record
        assert panel.meld_button.isVisible()
    finally:
        use_language("en")
