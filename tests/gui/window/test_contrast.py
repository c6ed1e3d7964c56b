"""All text at least 4.5:1 against its background in a light, a dark and a high-contrast
theme, measured from screenshots: the darkest (or lightest) pixel of each text's box
against the box's commonest colour, as a contrast checker's eyedropper would read them.
The pad's every text (hand numbers, the legend, the prison label, a selected hand's rows),
the placeholder of an empty box and an error message are measured."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.render.contrast import contrast
from jojotte_score.render.sheet_painter import text_width_for
from tests.gui.keyboard import ENTER, Keyboard
from tests.stored_examples import GAMES, store_game

_R = QPalette.ColorRole
THEMES = {
    "light": {  # Fusion's light colours, as a desktop without a theme gives them
        _R.Window: "#efefef", _R.WindowText: "#1b1b1b", _R.Base: "#ffffff",
        _R.AlternateBase: "#f5f5f5", _R.Text: "#1b1b1b", _R.Button: "#e8e8e8",
        _R.ButtonText: "#1b1b1b", _R.Highlight: "#3d7dd8", _R.HighlightedText: "#ffffff",
        _R.Mid: "#a0a0a0", _R.Dark: "#707070", _R.PlaceholderText: "#808080",
    },
    "dark": {
        _R.Window: "#2b2b2b", _R.WindowText: "#e6e6e6", _R.Base: "#1e1e1e",
        _R.AlternateBase: "#262626", _R.Text: "#e6e6e6", _R.Button: "#353535",
        _R.ButtonText: "#e6e6e6", _R.Highlight: "#5a9cf0", _R.HighlightedText: "#101010",
        _R.Mid: "#5a5a5a", _R.Dark: "#1a1a1a", _R.PlaceholderText: "#6e6e6e",
    },
    "high-contrast": {
        _R.Window: "#000000", _R.WindowText: "#ffffff", _R.Base: "#000000",
        _R.AlternateBase: "#000000", _R.Text: "#ffffff", _R.Button: "#000000",
        _R.ButtonText: "#ffffff", _R.Highlight: "#1aebff", _R.HighlightedText: "#000000",
        _R.Mid: "#ffffff", _R.Dark: "#ffffff", _R.PlaceholderText: "#c0c0c0",
    },
}  # fmt: skip
LEAST = 4.5


@pytest.fixture(params=list(THEMES))
def theme(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The application in each theme, its palette restored after the test."""
    before = qapp.palette()
    colours = QPalette()
    for role, colour in THEMES[request.param].items():
        colours.setColor(role, QColor(colour))
    qapp.setPalette(colours)
    yield request.param
    qapp.setPalette(before)


def measured(image: QImage, rect: QRect) -> float:
    """The contrast of the text in ``rect`` of ``image``: its most distant pixel against
    the commonest one (the background)."""
    area = rect.intersected(image.rect())
    pixels = [
        image.pixelColor(x, y).name()
        for x in range(area.left(), area.right() + 1)
        for y in range(area.top(), area.bottom() + 1)
    ]
    background = Counter(pixels).most_common(1)[0][0]
    return max(contrast(pixel, background) for pixel in pixels)


def pad_contrasts(window: MainWindow) -> dict[str, float]:
    """Each text of the pad shown ("role text") and its measured contrast."""
    sheet = window.sheet
    layout = sheet.sheet_layout()
    assert layout is not None
    image = sheet.grab().toImage()
    width = text_width_for(sheet.font(), sheet)
    found = {}
    for item in layout.texts():
        left, top, right, bottom = item.box(width)
        corner, far = sheet.widget_point(left, top), sheet.widget_point(right, bottom)
        rect = QRect(corner.toPoint(), far.toPoint()).adjusted(-1, -1, 1, 1)
        found[f"{item.role} {item.text!r} hand {item.hand}"] = measured(image, rect)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_text_of_the_pad_is_readable(
    theme: str, game: str, main_window: MainWindow, qtbot: QtBot
) -> None:
    main_window.open_sitting_id(store_game(main_window.session.store, game))
    main_window.resize(1300, 850)
    qtbot.wait(10)
    faint = {
        text: round(ratio, 2) for text, ratio in pad_contrasts(main_window).items() if ratio < LEAST
    }
    assert faint == {}, theme
    main_window.sheet.set_selected_hand(3)  # its rows tinted, its text in the highlight
    faint = {
        text: round(ratio, 2) for text, ratio in pad_contrasts(main_window).items() if ratio < LEAST
    }
    assert faint == {}, theme


def inside(widget: QWidget, margin: int = 4) -> QRect:
    """The widget's rectangle less its frame."""
    return widget.rect().adjusted(margin, margin, -margin, -margin)


def test_a_placeholder_and_an_error_are_readable(
    theme: str, main_window: MainWindow, qtbot: QtBot
) -> None:
    main_window.open_sitting_id(store_game(main_window.session.store, "two-player"))
    panel = main_window.panel
    note = panel.note
    assert note.text() == ""
    assert note.placeholderText() == "optional"
    assert measured(note.grab().toImage(), inside(note)) >= LEAST
    panel.bidder.setFocus()
    Keyboard(qtbot).press(ENTER)  # nothing entered: each field says what it needs
    error = panel.errors["last_trick"]
    assert error.text() == "⚠ Who won the last trick?"
    assert not error.font().italic()
    assert measured(error.grab().toImage(), error.rect()) >= LEAST
