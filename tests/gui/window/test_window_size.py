"""The window's first size fits the screen's available geometry at any scale, and its
geometry is remembered per screen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import (
    FIRST_SIZE,
    FRAME_ROOM,
    AppSettings,
    Rect,
    first_geometry,
    fitted_geometry,
    screen_key,
)
from jojotte_score.presenters.session import Session

from ...packaging.xserver import display_environment, require_tools, xvfb


@pytest.mark.parametrize(
    ("available", "expected"),
    [
        ((0, 0, 1920, 1080), (320, 130, 1280, 820)),  # room for the designed size
        ((0, 27, 1366, 741), (43, 27 + 40, 1280, 661)),  # a laptop under a top bar
        ((0, 0, 853, 547), (8, 40, 837, 467)),  # 1280×820 at scale 1.5
        ((1920, 0, 640, 480), (1920 + 8, 40, 624, 400)),  # a second, small screen
    ],
)
def test_the_first_geometry_fits_the_available_one(available: Rect, expected: Rect) -> None:
    geometry = first_geometry(available)
    assert geometry == expected
    assert geometry[2] + FRAME_ROOM[0] <= available[2] or geometry[2] == FIRST_SIZE[0]
    assert geometry[3] + FRAME_ROOM[1] <= available[3]


def test_a_remembered_geometry_is_cut_and_moved_onto_the_screen() -> None:
    available = (0, 0, 853, 547)
    assert fitted_geometry((200, 300, 1280, 820), available) == (8, 40, 837, 467)
    assert fitted_geometry((100, 100, 600, 400), available) == (100, 100, 600, 400)
    assert fitted_geometry((-500, 900, 600, 400), available) == (8, 107, 600, 400)


def test_screen_keys() -> None:
    assert screen_key("HDMI-1", 2560, 1440) == "HDMI-1_2560x1440"
    assert screen_key("", 800, 800) == "screen_800x800"
    assert screen_key("DELL U2415 (DP-2)", 1920, 1200) == "DELL_U2415_DP-2_1920x1200"


def window_of(qtbot: QtBot, session: Session, settings: AppSettings) -> MainWindow:
    window = MainWindow(session, settings)
    qtbot.addWidget(window)
    return window


def test_the_window_opens_fitted_and_keeps_its_size_per_screen(
    qtbot: QtBot, session: Session, settings_path: Path
) -> None:
    """The designed 1280×820, cut to the screen (the tests' 1920×1080 offscreen one: not cut)
    and centred;
    a size left on this screen comes back on it, and another screen's does not."""
    screen = QGuiApplication.primaryScreen()
    available = screen.availableGeometry()
    key = screen_key(screen.name(), screen.geometry().width(), screen.geometry().height())
    settings = AppSettings.at(settings_path)
    window = window_of(qtbot, session, settings)
    expected = first_geometry((0, 0, available.width(), available.height()))
    assert (window.width(), window.height()) == expected[2:]
    assert available.contains(window.geometry())

    window.setGeometry(QRect(30, 60, 700, 500))
    window.save_settings()
    assert settings.last_screen == key
    again = window_of(qtbot, session, AppSettings.at(settings_path))
    assert again.geometry() == QRect(30, 60, 700, 500)

    # Closed last on a screen that is not here: back on this one, as left here.
    settings = AppSettings.at(settings_path)
    window.setGeometry(QRect(10, 50, 1000, 700))
    settings.set_screen_geometry("HDMI-1_2560x1440", window.saveGeometry())
    settings.sync()
    back = window_of(qtbot, session, AppSettings.at(settings_path))
    assert back.geometry() == QRect(30, 60, 700, 500)

    # Only another screen's geometry is known: this one opens at its first size.
    elsewhere = AppSettings.at(settings_path.with_name("elsewhere.ini"))
    elsewhere.set_screen_geometry("HDMI-1_2560x1440", window.saveGeometry())
    fresh = window_of(qtbot, session, elsewhere)
    assert (fresh.width(), fresh.height()) == expected[2:]


SIZE = """
import sys
from jojotte_score.gui.window import main_window
shown = main_window.MainWindow.show
def show(self):
    shown(self)
    screen = self.screen()
    area = screen.availableGeometry()
    frame = self.frameGeometry()
    print("window", self.width(), self.height(), "frame", frame.x(), frame.y(),
          frame.width(), frame.height(), "available", area.x(), area.y(), area.width(),
          area.height(), flush=True)
main_window.MainWindow.show = show
from jojotte_score.cli.program import main
sys.exit(main(sys.argv[1:]))
"""


def test_at_scale_one_and_a_half_the_window_fits_a_1280_by_820_screen(tmp_path: Path) -> None:
    """QT_SCALE_FACTOR=1.5 on a 1280×820 X screen: 853×547 logical pixels, into which the
    window opens whole (it was 1280×820 logical, most of it off screen)."""
    require_tools()
    with xvfb([(1280, 820)]) as display:
        environment = display_environment(
            display,
            {
                "QT_SCALE_FACTOR": "1.5",
                "XDG_CONFIG_HOME": str(tmp_path / "config"),
                "JOJOTTE_SCORE_DATA_DIR": str(tmp_path / "data"),
            },
        )
        result = subprocess.run(
            [sys.executable, "-c", SIZE, "--quit-after-start"],
            env=environment,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert result.returncode == 0, result.stderr
    words = result.stdout.split()
    width, height = int(words[1]), int(words[2])
    available = [int(word) for word in words[-4:]]
    assert available == [0, 0, 853, 547]
    assert (width, height) == (853 - FRAME_ROOM[0], 547 - FRAME_ROOM[1])
