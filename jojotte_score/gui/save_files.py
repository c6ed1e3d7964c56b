"""Where a save dialog starts: the folder the player last saved a file in, else the user's
documents folder; never the program's working directory.

Every save dialog (the sitting's PDF, CSV and sitting files, the print preview's PDF, the
history's CSV, the season report, a plot's PNG) asks through :func:`ask_save_path`. The
last folder is remembered in the settings of the window the dialog belongs to: the helper
finds them through the dialog's parent (a window whose ``settings`` offer ``save_folder``,
:class:`RemembersSaveFolder`), so nothing here is app-wide, and a dialog without such a
window starts in the documents folder.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Protocol, runtime_checkable

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QWidget

from jojotte_score.gui.messages import window_title


@runtime_checkable
class RemembersSaveFolder(Protocol):
    """Settings that remember the folder a file was last saved in ("" for none)."""

    save_folder: str


def documents_folder() -> Path:
    """The user's documents folder (the platform's), or the home folder when there is none."""
    place = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    folder = Path(place) if place else Path.home()
    return folder if folder.is_dir() else Path.home()


def folder_memory(parent: QWidget | None) -> RemembersSaveFolder | None:
    """The settings of the first window up from ``parent`` that remember a save folder."""
    widget = parent
    while widget is not None:
        settings = getattr(widget, "settings", None)
        if isinstance(settings, RemembersSaveFolder):
            return settings
        widget = widget.parentWidget()
    return None


def start_folder(parent: QWidget | None) -> Path:
    """Where a save dialog of ``parent`` starts: the folder last saved in, while it still
    exists, else the documents folder."""
    memory = folder_memory(parent)
    remembered = Path(memory.save_folder) if memory is not None and memory.save_folder else None
    if remembered is not None and remembered.is_absolute() and remembered.is_dir():
        return remembered
    return documents_folder()


_NOT_ON_WINDOWS = re.compile(r'[<>:"/\\|?*\x00-\x1f]+')
"""What Windows refuses in a file name: these characters and the control characters."""

_WINDOWS_DEVICES = frozenset(
    {"CON", "PRN", "AUX", "NUL", *(f"{port}{n}" for port in ("COM", "LPT") for n in range(1, 10))}
)
"""Names Windows keeps for devices, with any extension ("nul.csv" is the device too)."""


def valid_file_name(name: str) -> str:
    """``name`` as a file name every system takes: what Windows refuses in a name becomes
    "-", trailing dots and spaces go, and a device's name ("CON", "nul.csv") gets a "-";
    "jojotte" when nothing is left. A translated name offered in a save dialog is made
    valid so, whatever a translation holds."""
    valid = _NOT_ON_WINDOWS.sub("-", name).strip().rstrip(". ")
    stem, dot, extension = valid.partition(".")
    if stem.upper() in _WINDOWS_DEVICES:
        valid = f"{stem}-{dot}{extension}"
    return valid if valid.strip(".-") else "jojotte"


def ask_save_path(parent: QWidget | None, title: str, file_name: str, filters: str) -> Path | None:
    """Ask where to save a file, offering ``file_name`` (made valid on every system:
    :func:`valid_file_name`) in :func:`start_folder`; the path chosen (its folder
    remembered for the next save), or None when cancelled."""
    # Imported when a file is first saved: Qt's file dialog costs start-up time.
    from PySide6.QtWidgets import QFileDialog

    start = start_folder(parent) / valid_file_name(file_name)
    name, _filter = QFileDialog.getSaveFileName(parent, window_title(title), str(start), filters)
    if not name:
        return None
    chosen = Path(name)
    memory = folder_memory(parent)
    if memory is not None:
        memory.save_folder = str(chosen.parent)
    return chosen
