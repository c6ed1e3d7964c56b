"""The installed program opens its window on a real X server (Xvfb, Qt's xcb platform).

This is what the README's first command does on a desktop: a library the xcb platform
plugin needs and the system lacks makes the program abort before any window, which the
offscreen window tests cannot see. The screenshot and the icon the X server holds are
written into $JOJOTTE_SCREENSHOTS when it names a folder.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from jojotte_score.gui.window.app_identity import ICON_SIZES

from ..gui.conftest import GERMAN, screenshot_folder
from .xserver import (
    display_environment,
    require_tools,
    screenshot,
    wait_for_window,
    window_icons,
    window_property,
    xvfb,
)

TITLE = "Jo-Jotte scorepad"


def installed_command() -> str:
    """The console script pip installed beside this Python, else the one on PATH."""
    beside = Path(sys.executable).parent / "jojotte-score"
    found = str(beside) if beside.exists() else shutil.which("jojotte-score")
    assert found is not None, "jojotte-score is not installed: pip install ."
    return found


def icon_image(size: int, pixels: list[int]) -> QImage:
    """An icon of _NET_WM_ICON (ARGB values) as an image."""
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    for index, value in enumerate(pixels):
        image.setPixel(index % size, index // size, value & 0xFFFFFFFF)
    return image


def test_the_installed_program_shows_its_window_on_xcb(qtbot: QtBot, tmp_path: Path) -> None:
    require_tools()
    command = installed_command()
    data = tmp_path / "data"
    extra = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "JOJOTTE_SCORE_DATA_DIR": str(data)}
    folder = screenshot_folder(tmp_path)
    with xvfb() as display:
        environment = display_environment(display, extra)
        imported = subprocess.run(
            [command, "import", str(GERMAN)], env=environment, capture_output=True, text=True
        )
        assert imported.returncode == 0, imported.stderr
        program = subprocess.Popen(
            [command], env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        try:
            window = wait_for_window(display, TITLE, program)
            qtbot.wait(1500)  # let it paint
            screenshot(display, folder / "xcb-window.png")
            icons = window_icons(display, window.id)
            wm_class = window_property(display, window.id, "WM_CLASS")
        finally:
            program.send_signal(signal.SIGINT)  # the program quits cleanly on Ctrl+C
            _out, err = program.communicate(timeout=30)
    assert program.returncode == 0, err
    assert "no Qt platform plugin" not in err
    assert "offscreen" not in err

    assert (window.width, window.height) >= (900, 600)
    assert window.title == f"A – B – {TITLE}"  # the players of the German example
    shot = QImage(str(folder / "xcb-window.png"))
    inside = shot.pixelColor(window.x + window.width // 2, window.y + window.height // 2)
    outside = shot.pixelColor(shot.width() - 2, shot.height() - 2)  # Xvfb's black root
    assert (outside.red(), outside.green(), outside.blue()) == (0, 0, 0)
    assert inside.lightness() > 100  # the window is drawn there, in a light theme
    assert sorted(icons) == [size for size in ICON_SIZES if size <= 256]  # xcb sends <= 256
    icon_image(48, icons[48]).save(str(folder / "xcb-window-icon-48.png"))
    assert '"jojotte-score"' in wm_class  # StartupWMClass of the desktop file
