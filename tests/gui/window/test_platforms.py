"""The window's Qt platform: natively on Wayland when a compositor is there, X11 the
fallback; and when no platform can start, one line saying why instead of Qt's abort."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from jojotte_score.gui.window.app import WAYLAND_FIRST, platform_argument
from jojotte_score.gui.window.platforms import debian_package, tried_platforms

from ...packaging.xserver import require_tools, xvfb


@pytest.mark.parametrize(
    ("environ", "platform", "argument"),
    [
        ({"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}, "linux", WAYLAND_FIRST),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", "wayland;xcb"),
        ({"DISPLAY": ":0"}, "linux", None),  # X11 alone: Qt's own choice, xcb
        ({"WAYLAND_DISPLAY": "wayland-0", "QT_QPA_PLATFORM": "xcb"}, "linux", None),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "win32", None),
    ],
)
def test_wayland_first_when_a_compositor_is_there(
    environ: dict[str, str], platform: str, argument: str | None
) -> None:
    assert platform_argument(environ, platform) == argument


def test_the_platforms_tried() -> None:
    assert tried_platforms({"WAYLAND_DISPLAY": "w"}, WAYLAND_FIRST) == ["wayland", "xcb"]
    assert tried_platforms({"QT_QPA_PLATFORM": "wayland:x=1;xcb"}, None) == ["wayland", "xcb"]
    assert tried_platforms({}, None) == ["xcb"]


@pytest.mark.parametrize(
    ("soname", "package"),
    [
        ("libwayland-cursor.so.0", "libwayland-cursor0"),
        ("libwayland-egl.so.1", "libwayland-egl1"),
        ("libxcb-cursor.so.0", "libxcb-cursor0"),
        ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
        ("libX11-xcb.so.1", "libx11-xcb1"),
        ("libdbus-1.so.3", "libdbus-1-3"),
        ("libglib-2.0.so.0", "libglib2.0-0"),
        ("libgcc_s.so.1", "libgcc-s1"),
    ],
)
def test_the_debian_package_of_a_library(soname: str, package: str) -> None:
    assert debian_package(soname) == package


def start(tmp_path: Path, **variables: str) -> subprocess.CompletedProcess[str]:
    """The program started with ``variables`` and no display of any kind."""
    if not sys.platform.startswith("linux"):
        pytest.skip("Qt's Wayland and X11 platforms are Linux's")
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "QT_DEBUG_PLUGINS")
    }
    environment.update(
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_RUNTIME_DIR=str(tmp_path),
        JOJOTTE_SCORE_DATA_DIR=str(tmp_path / "data"),
        **variables,
    )
    return subprocess.run(
        [sys.executable, "-m", "jojotte_score", "--quit-after-start"],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_no_display_server_is_one_line_not_an_abort(tmp_path: Path) -> None:
    """A compositor named but not there, and no X display: Qt would abort (134) after
    lines about plugins; the program says one thing and exits with 1."""
    result = start(tmp_path, WAYLAND_DISPLAY="nowhere-0")
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines() == [
        "jojotte-score: no window can open: no display server answers (WAYLAND_DISPLAY="
        "nowhere-0, DISPLAY=not set). Run it on a desktop or under xvfb-run; the command line "
        "works without one: jojotte-score --help"
    ]
    assert not (tmp_path / "data").exists()  # nothing was opened


def test_a_library_the_wayland_platform_lacks_is_named_with_its_package(tmp_path: Path) -> None:
    """libwayland-cursor.so.0 unusable (an empty file found first, as a missing one would
    be): the line names it, and the Debian package to install."""
    broken = tmp_path / "lib"
    broken.mkdir()
    (broken / "libwayland-cursor.so.0").write_bytes(b"")
    result = start(tmp_path, WAYLAND_DISPLAY="wayland-0", LD_LIBRARY_PATH=str(broken))
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines() == [
        "jojotte-score: no window can open: Qt's wayland platform cannot load "
        "libwayland-cursor.so.0 (file too short); install the package libwayland-cursor0 "
        "(on Debian and Ubuntu: sudo apt install libwayland-cursor0)"
    ]


def test_x11_takes_over_and_the_missing_wayland_library_is_named(tmp_path: Path) -> None:
    """libwayland-cursor.so.0 unusable but an X display there: the window opens on X11
    (exit 0), and a line says what Wayland lacks, besides Qt's own warning."""
    require_tools()
    broken = tmp_path / "lib"
    broken.mkdir()
    (broken / "libwayland-cursor.so.0").write_bytes(b"")
    with xvfb() as display:
        result = start(
            tmp_path,
            WAYLAND_DISPLAY="wayland-0",
            DISPLAY=display,
            LD_LIBRARY_PATH=str(broken),
            QT_LOGGING_RULES="qt.qpa.plugin=true",
        )
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert 'jojotte-score: Qt: qt.qpa.plugin: Successfully loaded Qt platform plugin "xcb"' in lines
    assert (
        "jojotte-score: Qt's wayland platform cannot load libwayland-cursor.so.0 (file too "
        "short), so the window runs on another; install the package libwayland-cursor0 (on "
        "Debian and Ubuntu: sudo apt install libwayland-cursor0)"
    ) in lines
