"""What the program is called and what it looks like: its names, its id, its icon.

Kept apart from the Help menu so that start-up, which sets the window's icon, does not load
the keyboard reference and the About box (about 20 ms of imports).
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

from jojotte_score.i18n import N_

APP_NAME = "jojotte-score"
"""The program's name: its command, its package, the name of its data folder."""

APP_TITLE = N_("Jo-Jotte scorepad")
"""The program's name in the window's title and the desktop's (translated where shown)."""

APP_ID = "io.github.jojotte_score.JojotteScore"
"""The reverse-DNS application id: the desktop file, AppStream file and installed icons
are named after it (packaging/linux/), and the window tells the desktop it is this app."""

LICENSE = "MIT"
"""The program's licence, as pyproject.toml gives it (a test keeps the two the same)."""

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""The sizes, in pixels, of the icon's PNGs (packaging/draw_icons.py draws them)."""

RESOURCES = "jojotte_score.resources"
"""The package of the files shipped beside the code (the top-level resources/ folder)."""


def resource(*parts: str) -> Path:
    """A file shipped beside the code, such as ``resource("fonts", "LICENSE")``.

    Found in the folder of the package :data:`RESOURCES` itself: wherever the program runs
    from (the source tree's editable install, a wheel, the bundle) its files are real files
    in that folder. Start-up sets the window's icon from them, and asking
    :mod:`importlib.resources` instead would import it and seven more modules for that alone.
    """
    return Path(import_module(RESOURCES).__path__[0], *parts)


def icon_file(size: int | None = None) -> Path:
    """The icon's PNG of ``size`` pixels, or its SVG when no size is given."""
    return resource("icons", "jojotte-score.svg" if size is None else f"jojotte-score-{size}.png")


def application_icon() -> QIcon:
    """The app's icon at every size it is drawn at (each file is read when first needed)."""
    icon = QIcon()
    for size in ICON_SIZES:
        icon.addFile(str(icon_file(size)), QSize(size, size))
    return icon
