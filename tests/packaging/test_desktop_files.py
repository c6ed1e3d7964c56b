"""The desktop file and the AppStream metadata: valid, and named after the app's id."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from jojotte_score import __version__
from jojotte_score.gui.window.app_identity import APP_ID, LICENSE

from .conftest import PACKAGING, ROOT

LINUX = PACKAGING / "linux"
DESKTOP = LINUX / f"{APP_ID}.desktop"
METAINFO = LINUX / f"{APP_ID}.metainfo.xml"


def tool(name: str, package: str) -> str:
    """The path of a validator, or a skip that says how to install it."""
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed ({package}: sh packaging/system-libraries.sh tests)")
    return path


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign] # keys keep their case
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_file_validate_accepts_the_desktop_file() -> None:
    validate = tool("desktop-file-validate", "desktop-file-utils")
    result = subprocess.run([validate, str(DESKTOP)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""  # not even a hint


def test_appstreamcli_accepts_the_metainfo_without_the_network() -> None:
    appstreamcli = tool("appstreamcli", "appstream")
    result = subprocess.run(
        [appstreamcli, "validate", "--no-net", str(METAINFO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    messages = [line for line in result.stdout.splitlines() if line[:2] in ("E:", "W:", "I:")]
    # AppStream before 1.0 (Debian 12's 0.16) does not know 1.0's <developer> yet; 1.0
    # (Debian 13) calls <developer_name> deprecated and wants <developer>. Only the older
    # validator's note on the newer tag is allowed.
    older = f"I: {APP_ID}:9: unknown-tag developer"
    assert [message for message in messages if message != older] == []


def test_the_desktop_file_starts_the_command_with_the_icon() -> None:
    entry = desktop_entry()
    assert entry["Exec"] == "jojotte-score %f"
    assert entry["Icon"] == APP_ID
    assert entry["Categories"] == "Game;CardGame;"
    assert entry["Terminal"] == "false"


def test_the_metainfo_names_the_app_release_and_rating() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == DESKTOP.name
    assert root.findtext("project_license") == LICENSE
    releases = root.findall("releases/release")
    assert releases[0].get("version") == __version__
    assert releases[0].findtext("description/p")
    rating = root.find("content_rating")
    assert rating is not None
    assert rating.get("type") == "oars-1.1"
    image = root.findtext("screenshots/screenshot/image")
    assert image is not None
    assert (ROOT / image.split("/main/", 1)[1]).is_file()  # the picture is in the repository
