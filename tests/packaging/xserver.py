"""A real X server for the tests: Xvfb, its windows, a screenshot and a window's icon.

The window tests elsewhere run offscreen; these start the program on Qt's xcb platform,
as on a desktop, so a library the xcb plugin lacks fails them. Xvfb comes from the xvfb
package and the window queries from x11-utils (``sh packaging/system-libraries.sh tests``);
without them the tests that need them are skipped, saying so.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

import pytest

TOOLS = {"Xvfb": "xvfb", "xwininfo": "x11-utils", "xprop": "x11-utils"}
SCREEN = (1400, 900)
TIMEOUT_S = 30.0


def require_tools() -> None:
    """Skip the test, naming the package, when a tool of the X server is missing."""
    if not sys.platform.startswith("linux"):
        pytest.skip("Xvfb and the xcb platform are Linux's")
    for tool, package in TOOLS.items():
        if shutil.which(tool) is None:
            pytest.skip(
                f"{tool} is not installed ({package}: sh packaging/system-libraries.sh tests)"
            )


def display_environment(display: str, extra: Mapping[str, str] = {}) -> dict[str, str]:
    """This process's environment for a program on ``display``, on Qt's xcb platform."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("QT_QPA")}
    environment.pop("WAYLAND_DISPLAY", None)
    return {**environment, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb", **extra}


@contextmanager
def xvfb(screens: Sequence[tuple[int, int]] = (SCREEN,)) -> Iterator[str]:
    """Start Xvfb on a free display number with ``screens`` (each width, height; X screens
    0, 1, ...); yields the display (":N", whose screen 1 is ":N.1")."""
    read, write = os.pipe()
    sizes = [
        option
        for number, (width, height) in enumerate(screens)
        for option in ("-screen", str(number), f"{width}x{height}x24")
    ]
    # Only its socket file, no abstract socket ("local"): abstract sockets are shared by
    # every mount namespace, so a test suite running at once in a chroot (CI tries the
    # README's commands on fresh Debian systems beside this one) could take the same display
    # number, and a client here would reach that server instead of this one. The socket
    # file lives in this system's own /tmp, which Xvfb checks when it picks the number.
    # No reset when the last client leaves ("-noreset"): the tests' xwininfo, xprop and
    # xdotool connect and leave many times while the program starts, and a client that
    # connects while the server resets is dropped before it is answered, so Qt's xcb
    # platform said "no display server answers" (seen once in CI on Debian 12's Xvfb).
    server = subprocess.Popen(
        [
            "Xvfb",
            "-displayfd",
            str(write),
            *sizes,
            "-nolisten",
            "tcp",
            "-nolisten",
            "local",
            "-noreset",
        ],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        if not number:
            raise RuntimeError(f"Xvfb did not start: {server.communicate()[1]!r}")
        yield f":{number}"
    finally:
        server.terminate()
        server.communicate(timeout=10)


class Window(NamedTuple):
    """A top-level window the X server shows: its id, title and geometry."""

    id: str
    title: str
    x: int
    y: int
    width: int
    height: int


def windows(display: str) -> list[Window]:
    """The named windows of the X server, with their geometry."""
    tree = subprocess.run(
        ["xwininfo", "-root", "-tree", "-display", display],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = []
    pattern = r'^\s*(0x[0-9a-f]+) "(.*)": \(.*\)\s+(\d+)x(\d+)\+-?\d+\+-?\d+\s+\+(-?\d+)\+(-?\d+)'
    for match in re.finditer(pattern, tree, re.MULTILINE):
        wid, title, width, height, x, y = match.groups()
        found.append(Window(wid, title, int(x), int(y), int(width), int(height)))
    return found


def wait_for_window(display: str, title_part: str, program: subprocess.Popen[str]) -> Window:
    """The first viewable window whose title holds ``title_part``, once it is mapped."""
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        if program.poll() is not None:
            _out, err = program.communicate()
            raise AssertionError(f"the program exited with {program.returncode}: {err}")
        for window in windows(display):
            if title_part in window.title and is_viewable(display, window.id):
                return window
        time.sleep(0.2)
    raise AssertionError(f"no window titled {title_part!r} within {TIMEOUT_S} s")


def is_viewable(display: str, window_id: str) -> bool:
    """True when the window is mapped and shown."""
    info = subprocess.run(
        ["xwininfo", "-id", window_id, "-display", display],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    return "Map State: IsViewable" in info


def window_property(display: str, window_id: str, name: str, numbers: bool = False) -> str:
    """A property of a window as xprop prints it (``numbers``: 32-bit decimal values)."""
    as_numbers = ["-notype", "32c"] if numbers else []
    return subprocess.run(
        ["xprop", "-display", display, "-id", window_id, *as_numbers, name],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def window_icons(display: str, window_id: str) -> dict[int, list[int]]:
    """The window's _NET_WM_ICON: size → its ARGB pixels, as the desktop reads them."""
    text = window_property(display, window_id, "_NET_WM_ICON", numbers=True)
    values = [int(v) for v in re.findall(r"\d+", text.partition("=")[2])]
    icons: dict[int, list[int]] = {}
    while len(values) >= 2:
        width, height = values[0], values[1]
        icons[width] = values[2 : 2 + width * height]
        values = values[2 + width * height :]
    return icons


GRAB = """
import sys
from PySide6.QtGui import QGuiApplication
app = QGuiApplication(["grab"])
image = app.primaryScreen().grabWindow(0).toImage()
sys.exit(0 if image.save(sys.argv[1]) else 1)
"""


def screenshot(display: str, target: Path) -> None:
    """The whole screen of ``display`` as a PNG, grabbed from the X server by a Qt client
    (":N.1" for screen 1: a client's first screen is its display's default screen)."""
    subprocess.run(
        [sys.executable, "-c", GRAB, str(target)],
        env=display_environment(display),
        check=True,
        timeout=TIMEOUT_S,
    )
