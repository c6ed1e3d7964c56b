"""packaging/system-libraries.sh installs every library the xcb platform plugin needs.

The list is checked against the plugin itself, not against memory: the Debian packages of
the libraries its DT_NEEDED entries name (and those of the Qt modules and other plugins
the app loads) must all be listed, and ``ldd`` must resolve every library of the plugin.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

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
    unlisted = set(packages.values()) - set(qt_libraries.listed_packages())
    assert unlisted == set(), "add them to runtime= in packaging/system-libraries.sh"


def test_ldd_resolves_every_library_of_the_xcb_plugin() -> None:
    pyside, _folders = qt_libraries.wheel_folders()
    plugin = pyside / "Qt" / "plugins" / "platforms" / "libqxcb.so"

    output = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, check=True)

    assert "libxcb-icccm.so.4 => /" in output.stdout
    assert [line for line in output.stdout.splitlines() if "not found" in line] == []


def test_the_script_names_its_groups() -> None:
    for group in ("runtime", "tests", "build"):
        assert qt_libraries.listed_packages(group)
    assert "xvfb" in qt_libraries.listed_packages("tests")
    result = subprocess.run(
        ["sh", str(PACKAGING / "system-libraries.sh"), "nonsense"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "usage" in result.stderr


def test_needed_reads_the_plugins_dynamic_section() -> None:
    pyside, _folders = qt_libraries.wheel_folders()

    names = qt_libraries.needed(pyside / "Qt" / "plugins" / "platforms" / "libqxcb.so")

    assert {"libQt6XcbQpa.so.6", "libQt6Gui.so.6", "libc.so.6"} <= set(names)
