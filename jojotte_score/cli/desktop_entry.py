"""The menu entry and the icon for a virtual-environment install, as the packages have them.

A Wayland task bar shows a window's icon from the desktop file its app id names
(``io.github.jojotte_score.JojotteScore``, which the window sets); without one it shows a
generic icon. The .deb and the tarball install that desktop file and the icon; a
``pip install`` cannot, so ``jojotte-score --install-desktop-entry`` writes them into the
user's data folder (``$XDG_DATA_HOME``, else ``~/.local/share``):

- ``applications/io.github.jojotte_score.JojotteScore.desktop``, starting this install's
  ``jojotte-score`` by its full path (a virtual environment's ``bin`` is not on the PATH);
- ``icons/hicolor/NxN/apps/io.github.jojotte_score.JojotteScore.png`` (16 to 512) and
  ``icons/hicolor/scalable/apps/...svg``, from the icons shipped with the package.

``jojotte-score --remove-desktop-entry`` removes exactly those files. The entry's other
lines are those of packaging/linux's desktop file (a test compares them).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Mapping
from importlib import import_module
from pathlib import Path

APP_ID = "io.github.jojotte_score.JojotteScore"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""The window's app id and the icon's sizes, as ``gui.window.app_identity`` has them (which
imports Qt, as this command does not; a test keeps them the same)."""


def resources() -> Path:
    """The folder of the files shipped beside the code (the package's resources)."""
    return Path(import_module("jojotte_score.resources").__path__[0])


ENTRY = """\
[Desktop Entry]
Type=Application
Name=Jo-Jotte Scorepad
GenericName=Card Game Scorepad
Comment=Keep the score of Jo-Jotte, the two-player card game scored like a bridge rubber
Exec={command} %f
Icon=io.github.jojotte_score.JojotteScore
Terminal=false
Categories=Game;CardGame;
Keywords=Jo-Jotte;Jojotte;Culbertson;bridge;rubber;score;scorepad;scoresheet;cards;
StartupNotify=true
StartupWMClass=jojotte-score
"""
"""The desktop entry, with this install's command in ``Exec``."""


def data_home(environ: Mapping[str, str]) -> Path:
    """The user's data folder: ``$XDG_DATA_HOME`` when it is an absolute path, else
    ``~/.local/share``."""
    chosen = environ.get("XDG_DATA_HOME", "")
    if chosen and Path(chosen).is_absolute():
        return Path(chosen)
    return Path(environ.get("HOME") or Path.home()) / ".local" / "share"


def this_command() -> Path:
    """The ``jojotte-score`` of this install: the script beside this Python (a virtual
    environment's), else the one on the PATH, else the Python itself (run with ``-m``)."""
    beside = Path(sys.executable).parent / "jojotte-score"
    if beside.exists():
        return beside.absolute()
    found = shutil.which("jojotte-score")
    return Path(found).absolute() if found else Path(sys.executable).absolute()


def exec_line(command: Path) -> str:
    """``command`` as the desktop entry's Exec key writes it: quoted when it has a space
    or a character the specification reserves, with ``"``, `````, ``$`` and ``\\``
    escaped; ``-m jojotte_score`` after a Python."""
    text = str(command).replace("%", "%%")
    if any(c in text for c in " \t\n\"'\\><~|&;$*?#()`"):
        escaped = "".join("\\" + c if c in '"`$\\' else c for c in text)
        text = f'"{escaped}"'.replace("\\", "\\\\")
    if command.name.startswith("python"):
        text += " -m jojotte_score"
    return text


def entry_files(data: Path) -> dict[Path, Path | None]:
    """Each file the entry is made of → the icon it copies (None: the desktop file)."""
    files: dict[Path, Path | None] = {data / "applications" / f"{APP_ID}.desktop": None}
    for size in ICON_SIZES:
        target = data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        files[target] = resources() / "icons" / f"jojotte-score-{size}.png"
    scalable = data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    files[scalable] = resources() / "icons" / "jojotte-score.svg"
    return files


def install_desktop_entry(data: Path, command: Path) -> list[Path]:
    """Write the desktop entry (starting ``command``) and the icons under ``data``; the
    files written. Raises OSError when one cannot be written."""
    written = []
    for target, icon in entry_files(data).items():
        target.parent.mkdir(parents=True, exist_ok=True)
        if icon is None:
            target.write_text(ENTRY.format(command=exec_line(command)), encoding="utf-8")
        else:
            shutil.copyfile(icon, target)
        written.append(target)
    _refresh(data)
    return written


def remove_desktop_entry(data: Path) -> list[Path]:
    """Remove the desktop entry and the icons from ``data``; the files removed."""
    removed = []
    for target in entry_files(data):
        if target.is_file() or target.is_symlink():
            target.unlink()
            removed.append(target)
    _refresh(data)
    return removed


def _refresh(data: Path) -> None:
    """Tell the menus and the icon theme about the change, when their tools are there."""
    for tool, folder in (
        ("update-desktop-database", data / "applications"),
        ("gtk-update-icon-cache", data / "icons" / "hicolor"),
    ):
        found = shutil.which(tool)
        if found and folder.is_dir():
            options = ["-q"] if tool == "update-desktop-database" else ["-q", "-t"]
            subprocess.run([found, *options, str(folder)], check=False, capture_output=True)
