"""The installed program opens its window natively on a real Wayland compositor.

Debian's weston runs headless (tests/packaging/wayland.py), with no X display: the program
picks Qt's wayland platform itself, tells the compositor its app id (the desktop file's
name, from which a Wayland task bar takes the icon), and draws the German example's rubber.
The screen is saved by weston-screenshooter at scale 1 and at scale 2 (a HiDPI screen,
where Qt draws at twice the pixels) into $JOJOTTE_SCREENSHOTS when it names a folder.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from jojotte_score.gui.window.app_identity import APP_ID

from ..gui.conftest import GERMAN, screenshot_folder
from .test_xcb_window import installed_command
from .wayland import SCREEN, require_weston, weston

TIMEOUT_S = 60

# The program, with the window's size and device pixel ratio written on stdout when shown.
SHOWS = """
import sys
from jojotte_score.gui.window import main_window
shown = main_window.MainWindow.show
def show(self):
    shown(self)
    area = self.screen().availableGeometry()
    print("window", self.width(), self.height(), self.devicePixelRatio(), area.width(),
          area.height(), flush=True)
main_window.MainWindow.show = show
from jojotte_score.cli.program import main
sys.exit(main(sys.argv[1:]))
"""


def test_the_installed_program_runs_natively_on_wayland(tmp_path: Path) -> None:
    require_weston()
    command = installed_command()
    with weston() as compositor:
        environment = compositor.environment(
            {
                "QT_LOGGING_RULES": "qt.qpa.plugin=true",
                "WAYLAND_DEBUG": "client",
                "XDG_CONFIG_HOME": str(tmp_path / "config"),
                "JOJOTTE_SCORE_DATA_DIR": str(tmp_path / "data"),
            }
        )
        result = subprocess.run(
            [command, "--quit-after-start"],
            env=environment,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
        )
    assert result.returncode == 0, result.stderr[-3000:]
    assert 'Successfully loaded Qt platform plugin "wayland"' in result.stderr
    assert 'Successfully loaded Qt platform plugin "xcb"' not in result.stderr
    assert f'set_app_id("{APP_ID}")' in result.stderr


def light_share(image: QImage, box: tuple[int, int, int, int]) -> float:
    """The share of light pixels (the sheet, the panels) in ``box`` (x, y, width, height),
    sampled every 4 pixels."""
    x0, y0, width, height = box
    points = [(x, y) for x in range(x0, x0 + width, 4) for y in range(y0, y0 + height, 4)]
    light = sum(1 for x, y in points if image.pixelColor(x, y).lightness() > 200)
    return light / len(points)


@pytest.mark.parametrize("scale", [1, 2])
def test_the_window_on_weston_at_scale(tmp_path: Path, scale: int) -> None:
    require_weston()
    data = tmp_path / "data"
    environment_extra = {
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "JOJOTTE_SCORE_DATA_DIR": str(data),
        "LANGUAGE": "en",
    }
    imported = subprocess.run(
        [installed_command(), "import", str(GERMAN)],
        env={**environment_extra, "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    assert imported.returncode == 0, imported.stderr
    target = screenshot_folder(tmp_path) / f"wayland-scale-{scale}.png"
    size = (SCREEN[0] * scale, SCREEN[1] * scale)  # the output's pixels
    with weston(scale=scale) as compositor:
        program = subprocess.Popen(
            [sys.executable, "-c", SHOWS],
            env=compositor.environment(environment_extra),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            assert program.stdout is not None
            shown = program.stdout.readline().split()
            time.sleep(3)  # let it draw
            compositor.screenshot(target)
        finally:
            program.send_signal(signal.SIGINT)
            _out, err = program.communicate(timeout=30)
    assert program.returncode == 0, err
    assert shown[:1] == ["window"], err
    width, height, ratio = int(shown[1]), int(shown[2]), float(shown[3])
    assert ratio == scale  # drawn at the screen's pixels: crisp, not scaled up
    assert (width, height) == (1280 - 16, 820 - 80), shown  # fitted to 1280×820 logical
    image = QImage(str(target))
    assert (image.width(), image.height()) == size
    # The window's middle is the sheet and the panels (light), not weston's grey background.
    middle = (size[0] // 4, size[1] // 4, size[0] // 2, size[1] // 2)
    assert light_share(image, middle) > 0.5
