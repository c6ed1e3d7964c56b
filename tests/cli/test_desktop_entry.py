"""jojotte-score --install-desktop-entry and --remove-desktop-entry: the menu entry and the
icon of a virtual-environment install, in the user's data folder, as the packages have
them (so that a Wayland task bar finds the icon through the window's app id)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from jojotte_score.cli.desktop_entry import APP_ID, ICON_SIZES, exec_line, this_command
from jojotte_score.cli.program import main

ROOT = Path(__file__).resolve().parents[2]
PACKAGED = ROOT / "packaging" / "linux" / f"{APP_ID}.desktop"
ICONS = ROOT / "resources" / "icons"


def keys(text: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


def test_install_then_remove(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "share"
    assert main(["--install-desktop-entry"], {"XDG_DATA_HOME": str(data)}) == 0
    desktop = data / "applications" / f"{APP_ID}.desktop"
    installed = keys(desktop.read_text(encoding="utf-8"))
    packaged = keys(PACKAGED.read_text(encoding="utf-8"))
    assert installed.pop("Exec") == f"{exec_line(this_command())} %f"
    assert packaged.pop("Exec") == "jojotte-score %f"
    assert installed == packaged  # the same name, icon, categories, WM class
    for size in ICON_SIZES:
        icon = data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert icon.read_bytes() == (ICONS / f"jojotte-score-{size}.png").read_bytes()
    svg = data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    assert svg.read_bytes() == (ICONS / "jojotte-score.svg").read_bytes()
    said = capsys.readouterr().out
    assert said == (
        f"jojotte-score is in the desktop's menu (under Games), with its icon: {desktop} "
        f"and 9 icons in {data / 'icons' / 'hicolor'}\n"
    )
    validator = shutil.which("desktop-file-validate")
    if validator is not None:
        checked = subprocess.run([validator, str(desktop)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stdout + checked.stderr

    assert main(["--remove-desktop-entry"], {"XDG_DATA_HOME": str(data)}) == 0
    assert not desktop.exists()
    assert not list(data.rglob(f"{APP_ID}.*"))
    assert capsys.readouterr().out == (
        f"Removed the menu entry and its icons (10 files) from {data}\n"
    )
    assert main(["--remove-desktop-entry"], {"XDG_DATA_HOME": str(data)}) == 0
    assert capsys.readouterr().out == f"No menu entry of jojotte-score was found in {data}\n"


def test_the_data_folder_defaults_to_local_share(tmp_path: Path) -> None:
    assert main(["--install-desktop-entry"], {"HOME": str(tmp_path), "XDG_DATA_HOME": "x"}) == 0
    assert (tmp_path / ".local" / "share" / "applications" / f"{APP_ID}.desktop").is_file()


def test_a_folder_that_cannot_be_written_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    assert main(["--install-desktop-entry"], {"XDG_DATA_HOME": str(blocked)}) == 1
    error = capsys.readouterr().err
    assert error.startswith(f"jojotte-score: {blocked}")
    assert blocked.read_text(encoding="utf-8") == "not a folder"


@pytest.mark.parametrize(
    ("command", "line"),
    [
        (Path("/home/anna/.venv/bin/jojotte-score"), "/home/anna/.venv/bin/jojotte-score"),
        (Path("/home/anna/my games/bin/jojotte-score"), '"/home/anna/my games/bin/jojotte-score"'),
        (Path("/opt/100%/jojotte-score"), "/opt/100%%/jojotte-score"),
        (Path("/srv/$x/jojotte-score"), '"/srv/\\\\$x/jojotte-score"'),
        (Path("/usr/bin/python3"), "/usr/bin/python3 -m jojotte_score"),
    ],
)
def test_the_exec_line_quotes_what_the_specification_reserves(command: Path, line: str) -> None:
    assert exec_line(command) == line


def test_the_id_and_icon_sizes_are_the_windows() -> None:
    from jojotte_score.gui.window import app_identity

    assert APP_ID == app_identity.APP_ID
    assert ICON_SIZES == app_identity.ICON_SIZES
