"""No row label of the entry panel is cut off, at any zoom step, in English and German.

Qt measured a label such as "&Trumpf" as one run of text but drew its underlined Alt letter
as a run of its own, without the kerning between "T" and "r": in German large print at
1280×820 the label was 81 px wide and its text drawn 84 px wide, the last "f" cut off
(issue 41). Each label is compared here with its text drawn in a label far wider than it:
the ink must end inside the label the panel shows.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Doubling, Special
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.i18n import use_language
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import screenshot_folder, shown_window
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_large_print import zoom_steps


def ink_width(image: QImage) -> int:
    """How far from the left the darkest marks of ``image`` reach, in its pixels."""
    background = image.pixelColor(image.width() - 1, 0).lightness()
    inked = (
        x
        for x in range(image.width() - 1, -1, -1)
        for y in range(image.height())
        if image.pixelColor(x, y).lightness() < background - 8
    )
    return next(inked, -1) + 1


def drawn_width(label: QLabel) -> int:
    """The width ``label``'s text takes as drawn: the same text, font and Alt letter in a
    label wide enough for anything, left-aligned."""
    wide = QLabel(label.text())
    wide.setBuddy(label.buddy())
    wide.setFont(label.font())
    wide.resize(label.sizeHint().width() + 60, label.height())
    image = wide.grab().toImage()
    return round(ink_width(image) / image.devicePixelRatio() + 0.49)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", ["two-player", "cutthroat"])
def test_every_row_label_is_as_wide_as_its_text_is_drawn(
    language: str,
    game: str,
    store: SittingStore,
    settings: AppSettings,
    qtbot: QtBot,
    tmp_path: Path,
) -> None:
    use_language(language)
    window = shown_window(qtbot, Session(store), settings, (1280, 820))
    show_game(window, game)
    panel = window.panel
    panel.double.setFocus()
    QTest.keyClicks(panel.double, "X")  # a doubled Nullo shows the most rows
    panel.special.setFocus()
    QTest.keyClicks(panel.special, "N")
    assert panel.double.value() is Doubling.DOUBLE
    assert panel.special.value() is Special.NULLO
    folder = screenshot_folder(tmp_path)
    for step, zoom in enumerate(zoom_steps()):
        window.set_zoom(zoom)
        for _pass in range(3):  # the layouts settle as the window's event loop runs
            QApplication.processEvents()
        shown = {row: label for row, label in panel.row_labels.items() if label.isVisible()}
        assert len(shown) >= 10, f"{language} at zoom {zoom:.2f}: {sorted(shown)}"
        for row, label in shown.items():
            where = f"{language} {game} at zoom {zoom:.2f}: {label.text()!r} ({row})"
            assert label.width() >= drawn_width(label), where
        panel.grab().save(str(folder / f"row-labels-{game}-{language}-{step}.png"))
