"""Screenshots of the main window with a finished rubber: light, dark and large print.

Written into $JOJOTTE_SCREENSHOTS when it names a folder (``screenshots/`` at the
repository root is git-ignored), else into the test's temporary folder, to prove they can be.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.conftest import german, screenshot_folder

LIGHT = {
    QPalette.ColorRole.Window: "#efefef",
    QPalette.ColorRole.WindowText: "#1b1b1b",
    QPalette.ColorRole.Base: "#ffffff",
    QPalette.ColorRole.AlternateBase: "#f5f5f5",
    QPalette.ColorRole.Text: "#1b1b1b",
    QPalette.ColorRole.Button: "#e8e8e8",
    QPalette.ColorRole.ButtonText: "#1b1b1b",
    QPalette.ColorRole.Highlight: "#3d7dd8",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Mid: "#a0a0a0",
    QPalette.ColorRole.Dark: "#707070",
    QPalette.ColorRole.PlaceholderText: "#808080",
    QPalette.ColorRole.ToolTipBase: "#ffffdc",
    QPalette.ColorRole.ToolTipText: "#1b1b1b",
}
DARK = {
    QPalette.ColorRole.Window: "#2b2b2b",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1e1e1e",
    QPalette.ColorRole.AlternateBase: "#262626",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#353535",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.Highlight: "#5a9cf0",
    QPalette.ColorRole.HighlightedText: "#101010",
    QPalette.ColorRole.Mid: "#5a5a5a",
    QPalette.ColorRole.Dark: "#1a1a1a",
    QPalette.ColorRole.PlaceholderText: "#8a8a8a",
    QPalette.ColorRole.ToolTipBase: "#3a3a3a",
    QPalette.ColorRole.ToolTipText: "#e6e6e6",
}


def palette(colours: dict[QPalette.ColorRole, str]) -> QPalette:
    """A full palette, as the system would give one (offscreen has none of its own)."""
    result = QPalette()
    for role, colour in colours.items():
        result.setColor(role, QColor(colour))
    return result


@pytest.fixture
def app_palette(qapp: QApplication) -> object:
    """Restore the application's palette after a test changes it."""
    before = qapp.palette()
    yield qapp
    qapp.setPalette(before)


def shoot(window: MainWindow, qtbot: QtBot, path: Path, size: tuple[int, int]) -> QImage:
    window.resize(*size)
    qtbot.wait(20)
    window.grab().save(str(path))
    image = QImage(str(path))
    assert (image.width(), image.height()) == size
    return image


def brightness(image: QImage, x: int, y: int) -> int:
    return image.pixelColor(x, y).lightness()


@pytest.mark.parametrize(
    ("name", "colours", "zoom_steps", "size"),
    [
        ("light", LIGHT, 0, (1280, 820)),
        ("dark", DARK, 0, (1280, 820)),
        ("large-print", LIGHT, 2, (1600, 1000)),
    ],
)
def test_main_window_screenshot(
    name: str,
    colours: dict[QPalette.ColorRole, str],
    zoom_steps: int,
    size: tuple[int, int],
    main_window: MainWindow,
    qtbot: QtBot,
    qapp: QApplication,
    app_palette: object,
    tmp_path: Path,
) -> None:
    qapp.setPalette(palette(colours))
    main_window.resize(*size)
    sitting_id = main_window.session.store.import_sitting(german(), title="Berlin 1937")
    main_window.open_sitting_id(sitting_id)
    for _ in range(zoom_steps):
        main_window.named_actions[ActionName.ZOOM_IN].trigger()
    main_window.select_hand(6)
    image = shoot(main_window, qtbot, screenshot_folder(tmp_path) / f"main-window-{name}.png", size)
    # The sheet follows the palette: its background is the palette's, not a fixed white.
    sheet = main_window.sheet
    corner = sheet.mapTo(main_window, sheet.visibleRegion().boundingRect().topLeft())
    background = brightness(image, corner.x() + 3, corner.y() + 3)
    assert (background > 128) == (colours is not DARK)
    layout = sheet.sheet_layout()
    assert layout is not None
    assert {"755", "655"} <= {item.text for item in layout.texts("total")}
