"""The icon: one SVG, PNGs drawn from it at every size, shipped with the package."""

from __future__ import annotations

import tomllib

from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from jojotte_score.gui.window.app_identity import ICON_SIZES

from .conftest import ROOT, packaging_script

draw_icons = packaging_script("draw_icons")


def test_the_pngs_are_drawn_from_the_svg(qtbot: QtBot) -> None:
    assert draw_icons.SIZES == ICON_SIZES
    assert draw_icons.main(["--check"]) == 0, "run: python3 packaging/draw_icons.py"


def test_each_png_has_its_size_and_a_transparent_corner(qtbot: QtBot) -> None:
    for size in ICON_SIZES:
        image = QImage(str(draw_icons.png_path(size)))
        assert (image.width(), image.height()) == (size, size)
        assert image.pixelColor(size - 1, 0).alpha() == 0  # no square plate behind it


def test_the_small_icon_shows_the_line_and_the_heart(qtbot: QtBot) -> None:
    """At 16 px the pad's blue line and the red heart are whole pixels, not a blur."""
    image = QImage(str(draw_icons.png_path(16)))
    blue, red = image.pixelColor(4, 8), image.pixelColor(12, 11)
    assert (blue.red(), blue.green(), blue.blue()) == (0x2A, 0x5C, 0xAA)
    assert red.red() > 180
    assert red.green() < 80


def test_the_icons_are_package_data() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = pyproject["tool"]["setuptools"]["package-data"]["jojotte_score.resources"]
    assert {"icons/*.svg", "icons/*.png"} <= set(data)
