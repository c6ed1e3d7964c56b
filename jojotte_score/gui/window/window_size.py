"""The main window's first size, fitted to the screen, and its geometry kept per screen.

The window was designed at 1280×820; a smaller screen, or a larger scale (1280×820 pixels
at ``QT_SCALE_FACTOR=1.5`` are 853×547 logical ones), would put most of it off screen,
and on Wayland an application cannot move its window back. So the first size is the
designed one cut to the screen's available geometry (without the panels and docks) less
room for the window's frame, centred there; a remembered geometry is cut the same way.

Each screen keeps its own geometry (:func:`screen_key`: its name and logical size), so
the window opens as it was last left on that screen: large on the desk's monitor, fitted
on the laptop. The functions here are plain arithmetic on (x, y, width, height) tuples;
:mod:`jojotte_score.gui.window.main_window` applies them.
"""

from __future__ import annotations

import re
from typing import NamedTuple

FIRST_SIZE = (1280, 820)
"""The size the window was designed at, on a screen with room for it."""

FRAME_ROOM = (16, 80)
"""Width and height kept free around the window, half on each side: for its frame (borders
and a title bar of about 32 pixels, drawn by the desktop on X11, by Qt itself on Wayland)
and, on Wayland, a panel: there the available geometry is the whole screen (a compositor
tells no work area), and GNOME's top bar or weston's panel take 32 pixels of it."""


class Rect(NamedTuple):
    """A rectangle in logical pixels."""

    x: int
    y: int
    width: int
    height: int


def fitted_size(size: tuple[int, int], available: Rect) -> tuple[int, int]:
    """``size`` cut to what ``available`` holds with room for the frame."""
    width = min(size[0], max(available.width - FRAME_ROOM[0], 1))
    height = min(size[1], max(available.height - FRAME_ROOM[1], 1))
    return width, height


def first_geometry(available: Rect) -> Rect:
    """The window's first geometry: the designed size fitted to ``available``, centred."""
    width, height = fitted_size(FIRST_SIZE, available)
    return Rect(
        available.x + (available.width - width) // 2,
        available.y + (available.height - height) // 2,
        width,
        height,
    )


def fitted_geometry(window: Rect, available: Rect) -> Rect:
    """``window`` (a remembered geometry) cut to fit ``available`` and moved inside it
    (its frame's room included); unchanged when it fits."""
    width, height = fitted_size((window.width, window.height), available)
    side, top = FRAME_ROOM[0] // 2, FRAME_ROOM[1] // 2
    x = min(max(window.x, available.x + side), available.x + available.width - width - side)
    y = min(max(window.y, available.y + top), available.y + available.height - height - top)
    return Rect(x, y, width, height)


def screen_key(name: str, width: int, height: int) -> str:
    """A screen's key among the settings: its name (letters, digits, "-" and "_" only) and
    its logical size, "HDMI-1_2560x1440"; a scale factor makes another key."""
    cleaned = re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_") or "screen"
    return f"{cleaned}_{width}x{height}"
