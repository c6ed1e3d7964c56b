"""packaging/system-libraries.sh installs every library the xcb platform plugin needs.

The list is checked against the plugin itself, not against memory: the Debian packages of
the libraries its DT_NEEDED entries name (and those of the Qt modules and other plugins
the app loads) must all be listed, and ``ldd`` must resolve every library of the plugin.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import PACKAGING, packaging_script

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("dpkg-query") is None,
    reason="the system libraries are Debian packages: Debian or Ubuntu only",
)

qt_libraries = packaging_script("qt_libraries")


def test_every_package_the_qt_plugins_need_is_listed() -> None:
    packages, missing = qt_libraries.system_packages()

    assert missing == [], "not installed: run sh packaging/system-libraries.sh"
    assert {"libxcb-icccm4", "libxcb-keysyms1", "libxcb-cursor0"} <= set(packages.values())
    # Every Wayland plugin needs libwayland-cursor0; the EGL integration libwayland-egl1.
    wayland = {"libwayland-client0", "libwayland-cursor0", "libwayland-egl1"}
    assert wayland <= set(packages.values())
    unlisted = qt_libraries.unlisted_packages(packages.values(), qt_libraries.listed_packages())
    assert unlisted == [], "add them to runtime= in packaging/system-libraries.sh"


def test_ldd_resolves_every_library_of_the_xcb_plugin() -> None:
    pyside, _folders = qt_libraries.wheel_folders()
    plugin = pyside / "Qt" / "plugins" / "platforms" / "libqxcb.so"

    output = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, check=True)

    assert "libxcb-icccm.so.4 => /" in output.stdout
    assert [line for line in output.stdout.splitlines() if "not found" in line] == []


def test_the_script_names_its_groups() -> None:
    for group in ("runtime", "tests", "build", "desktop"):
        assert qt_libraries.listed_packages(group)
    assert "xvfb" in qt_libraries.listed_packages("tests")
    assert {"weston", "cups", "printer-driver-cups-pdf"} <= set(
        qt_libraries.listed_packages("desktop")
    )
    result = subprocess.run(
        ["sh", str(PACKAGING / "system-libraries.sh"), "nonsense"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "usage" in result.stderr


@pytest.mark.parametrize(
    "plugin",
    [
        "wayland-shell-integration/libxdg-shell.so",
        "wayland-decoration-client/libbradient.so",
        "wayland-graphics-integration-client/libqt-plugin-wayland-egl.so",
    ],
)
def test_ldd_resolves_every_library_of_the_wayland_plugins(plugin: str) -> None:
    """The platform (its name differs between Qt versions), the shell, the title bar and
    the EGL integration: "Could not load the Qt platform plugin "wayland" even though it was
    found" was libwayland-cursor.so.0 missing."""
    pyside, _folders = qt_libraries.wheel_folders()
    plugins = pyside / "Qt" / "plugins"
    platform = sorted((plugins / "platforms").glob("libqwayland*.so"))[0]
    for binary in (platform, plugins / plugin):
        output = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, check=True)
        assert "libwayland-cursor.so.0 => /" in output.stdout
        assert [line for line in output.stdout.splitlines() if "not found" in line] == []


def test_needed_reads_the_plugins_dynamic_section() -> None:
    pyside, _folders = qt_libraries.wheel_folders()

    names = qt_libraries.needed(pyside / "Qt" / "plugins" / "platforms" / "libqxcb.so")

    assert {"libQt6XcbQpa.so.6", "libQt6Gui.so.6", "libc.so.6"} <= set(names)


def test_a_package_is_listed_under_a_name_it_provides() -> None:
    """mawk provides awk (as Debian 13's libglib2.0-0t64 provides libglib2.0-0)."""
    assert qt_libraries.unlisted_packages(["mawk"], ["awk"]) == []
    assert qt_libraries.unlisted_packages(["mawk"], ["mawk"]) == []
    assert qt_libraries.unlisted_packages(["mawk"], ["gawk"]) == ["mawk"]


def run_script(
    tmp_path: Path, runtime: str, tools: dict[str, str], environ: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """system-libraries.sh with ``runtime`` as its list, run with each of ``tools`` replaced
    by a shell script of the body given (the calls they record go to tmp_path/called)."""
    script = tmp_path / "system-libraries.sh"
    text = (PACKAGING / "system-libraries.sh").read_text(encoding="utf-8")
    script.write_text(
        re.sub(r'^runtime="[^"]*"', f'runtime="{runtime}"', text, flags=re.M), "utf-8"
    )
    spies = tmp_path / "bin"
    spies.mkdir()
    for tool, body in tools.items():
        (spies / tool).write_text(f"#!/bin/sh\n{body}", "utf-8")
        (spies / tool).chmod(0o755)
    path = f"{spies}{os.pathsep}{os.environ['PATH']}"
    return subprocess.run(
        ["sh", str(script)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **(environ or {}), "PATH": path},
    )


def test_the_script_finds_a_listed_name_that_an_installed_package_provides(
    tmp_path: Path,
) -> None:
    """Everything installed: system-libraries.sh neither calls apt-get nor asks for root,
    also when a listed name is only provided (here awk, by mawk)."""
    recorded = {tool: f'echo {tool} "$@" >>{tmp_path}/called\n' for tool in ("apt-get", "sudo")}
    result = run_script(tmp_path, "awk", recorded)

    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "called").exists(), (tmp_path / "called").read_text("utf-8")


@pytest.mark.parametrize(
    ("journal", "audit", "finishes_first"),
    [
        pytest.param(["0000"], "", True, id="journal left in dpkg's updates folder"),
        pytest.param([], "man-db  tools for reading manual pages", True, id="half-configured"),
        pytest.param([], "", False, id="dpkg in order"),
    ],
)
def test_the_script_finishes_an_interrupted_dpkg_before_it_installs(
    tmp_path: Path, journal: list[str], audit: str, finishes_first: bool
) -> None:
    """A removal cut off half-way leaves dpkg "interrupted", and apt-get then refuses every
    install (exit 100, "you must manually run 'dpkg --configure -a'"): the script runs that
    first, and only then, and installs what is missing after it."""
    fake = "jojotte-no-such-package"
    admindir = tmp_path / "dpkg"
    (admindir / "updates").mkdir(parents=True)
    for name in journal:
        (admindir / "updates" / name).write_text("journal", "utf-8")
    called = tmp_path / "called"
    spy = {
        "apt-get": f'echo apt-get "$@" >>{called}\n',
        "dpkg": f'[ "$1" = --audit ] && {{ echo "{audit}"; exit 0; }}\necho dpkg "$@" >>{called}\n',
        "sudo": 'exec "$@"\n',
        "python3": "exit 0\n",
    }
    result = run_script(tmp_path, fake, spy, {"DPKG_ADMINDIR": str(admindir)})

    assert result.returncode == 0, result.stderr
    calls = called.read_text("utf-8").splitlines()
    install = next(i for i, line in enumerate(calls) if line.startswith("apt-get install"))
    assert fake in calls[install].split()
    finished = [i for i, line in enumerate(calls) if line == "dpkg --configure -a"]
    assert finished == ([0] if finishes_first else []), calls
    assert ("dpkg was interrupted" in result.stderr) is finishes_first
