"""The app's remembered settings, each with its default in one place.

The settings file is passed in (tests use a temporary ini file); nothing is read at import
time and nothing here is app-wide.
"""

from __future__ import annotations

import re
import stat
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

from jojotte_score.i18n import LANGUAGES, _

ORGANIZATION = "jojotte-score"
APPLICATION = "jojotte-score"

MIN_ZOOM = 0.5
MAX_ZOOM = 3.0
ZOOM_STEP = 1.25

DEFAULTS: dict[str, Any] = {
    "window/geometry": QByteArray(),  # the last screen's, read when a screen has none yet
    "window/screen": "",  # the key of the screen the window was last closed on
    "window/state": QByteArray(),
    # The sizes the user dragged ("": the window fits them itself): the heights of the pad,
    # the hand list and the explanation in pixels; the pad's and the panel's shares of the
    # width in thousandths.
    "window/chosen_heights": "",
    "window/chosen_widths": "",
    "view/zoom": 1.0,
    "view/language": "",
    "sitting/database": "",
    "sitting/shown": 0,
    "files/save_folder": "",  # the folder a file was last saved in ("": the documents folder)
}
"""Every setting and its default."""

SCREEN_GEOMETRIES = "window_on_screen"
"""The group of the window's geometries, one per screen (key: the screen's)."""


# The window's geometry: its first size, fitted to the screen, and one kept per screen -----
#
# The window was designed at 1280×820; a smaller screen, or a larger scale (1280×820 pixels
# at QT_SCALE_FACTOR=1.5 are 853×547 logical ones), would put most of it off screen, and on
# Wayland an application cannot move its window back. So its first size is the designed
# one cut to the screen's available geometry less room for the frame, centred there; a
# remembered geometry is cut the same way. Each screen keeps its own geometry
# (:func:`screen_key`: its name and logical size), so the window opens as it was last left
# on that screen: large on the desk's monitor, fitted on the laptop. Plain arithmetic on
# (x, y, width, height) tuples; the main window applies it.

FIRST_SIZE = (1280, 820)
"""The size the window was designed at, on a screen with room for it."""

FRAME_ROOM = (16, 80)
"""Width and height kept free around the window, half on each side: for its frame (borders
and a title bar of about 32 pixels, drawn by the desktop on X11, by Qt itself on Wayland)
and, on Wayland, a panel: there the available geometry is the whole screen (a compositor
tells no work area), and GNOME's top bar or weston's panel take 32 pixels of it."""


Rect = tuple[int, int, int, int]
"""A rectangle in logical pixels: x, y, width, height. (A plain tuple: a NamedTuple's
annotations, or the dataclasses module, would cost the window's start-up, which
tests/gui/test_startup.py counts.)"""


def fitted_size(size: tuple[int, int], available: Rect) -> tuple[int, int]:
    """``size`` cut to what ``available`` holds with room for the frame."""
    _x, _y, room_width, room_height = available
    width = min(size[0], max(room_width - FRAME_ROOM[0], 1))
    height = min(size[1], max(room_height - FRAME_ROOM[1], 1))
    return width, height


def first_geometry(available: Rect) -> Rect:
    """The window's first geometry: the designed size fitted to ``available``, centred."""
    x, y, room_width, room_height = available
    width, height = fitted_size(FIRST_SIZE, available)
    return (x + (room_width - width) // 2, y + (room_height - height) // 2, width, height)


def fitted_geometry(window: Rect, available: Rect) -> Rect:
    """``window`` (a remembered geometry) cut to fit ``available`` and moved inside it
    (its frame's room included); unchanged when it fits."""
    left, top, room_width, room_height = available
    width, height = fitted_size(window[2:], available)
    side, margin = FRAME_ROOM[0] // 2, FRAME_ROOM[1] // 2
    x = min(max(window[0], left + side), left + room_width - width - side)
    y = min(max(window[1], top + margin), top + room_height - height - margin)
    return (x, y, width, height)


def screen_key(name: str, width: int, height: int) -> str:
    """A screen's key among the settings: its name (letters, digits, "-" and "_" only) and
    its logical size, "HDMI-1_2560x1440"; a scale factor makes another key."""
    cleaned = re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_") or "screen"
    return f"{cleaned}_{width}x{height}"


class UnrememberedSettings:
    """Settings kept in memory only, for a run whose settings file cannot be used: the
    window starts with the defaults and remembers nothing (QSettings' methods the app uses)."""

    def __init__(self) -> None:
        self._values: dict[str, Any] = {}

    def value(self, key: str, default: Any = None) -> Any:
        return self._values.get(key, default)

    def setValue(self, key: str, value: Any) -> None:  # QSettings' name
        self._values[key] = value

    def sync(self) -> None:
        """Nothing to write."""

    def status(self) -> QSettings.Status:
        return QSettings.Status.NoError

    def fileName(self) -> str:  # QSettings' name
        return ""


class AppSettings:
    """Typed access to the QSettings the app keeps."""

    def __init__(self, settings: QSettings | UnrememberedSettings, problem: str = "") -> None:
        self.qsettings = settings
        self.problem = problem
        """Why the settings file is not used, when it is not (the defaults are used)."""

    @classmethod
    def at(cls, path: Path | None) -> AppSettings:
        """Settings in the ini file ``path``, or in the user's usual place when None.

        QSettings opens its files as it is made, and a named pipe (or a device) there would
        block it for good: such a file is never opened; the settings are then the defaults,
        kept in memory, and ``problem`` says why.
        """
        for file in settings_files(path):
            problem = _unusable_settings_file(file)
            if problem:
                return cls(UnrememberedSettings(), problem)
        if path is None:
            return cls(QSettings(ORGANIZATION, APPLICATION))
        return cls(QSettings(str(path), QSettings.Format.IniFormat))

    def save(self) -> bool:
        """Write the settings out now; False when they cannot be written (their folder
        cannot be made or written to, say), so they hold for this run only."""
        self.qsettings.sync()
        return self.qsettings.status() != QSettings.Status.AccessError

    @property
    def file_name(self) -> str:
        """The file the settings are kept in ("" when kept in memory only)."""
        return str(self.qsettings.fileName())

    def _bytes(self, key: str) -> QByteArray:
        value = self.qsettings.value(key, DEFAULTS[key])
        return value if isinstance(value, QByteArray) else QByteArray(DEFAULTS[key])

    def byte_state(self, key: str) -> QByteArray:
        """A saved widget state ("window/geometry", "window/state", "window/splitter")."""
        return self._bytes(key)

    def set_byte_state(self, key: str, value: QByteArray) -> None:
        """Remember a widget state."""
        if key not in DEFAULTS:
            raise KeyError(key)
        self._set(key, value)

    def screen_geometry(self, screen: str) -> QByteArray:
        """The window's geometry as last left on ``screen`` (a key of
        :func:`screen_key`); empty when none is kept."""
        value = self.qsettings.value(f"{SCREEN_GEOMETRIES}/{screen}", QByteArray())
        return value if isinstance(value, QByteArray) else QByteArray()

    def set_screen_geometry(self, screen: str, geometry: QByteArray) -> None:
        """Remember the window's geometry on ``screen``, and that screen as the last one."""
        self._set(f"{SCREEN_GEOMETRIES}/{screen}", geometry)
        self._set("window/screen", screen)

    @property
    def last_screen(self) -> str:
        """The key of the screen the window was last closed on ("" before the first time)."""
        return str(self.qsettings.value("window/screen", DEFAULTS["window/screen"]) or "")

    def chosen_sizes(self, key: str) -> list[int] | None:
        """The sizes the user dragged ("window/chosen_heights", "window/chosen_widths");
        None when the window fits them itself (or what is kept is not sizes)."""
        text = str(self.qsettings.value(key, DEFAULTS[key]) or "")
        try:
            sizes = [int(size) for size in text.split()]
        except ValueError:
            return None
        return sizes if len(sizes) >= 2 and min(sizes) >= 0 and sum(sizes) > 0 else None

    def set_chosen_sizes(self, key: str, sizes: list[int] | None) -> None:
        """Remember the sizes the user dragged (None: none, the window fits them)."""
        if key not in DEFAULTS:
            raise KeyError(key)
        self._set(key, " ".join(map(str, sizes or [])))

    @property
    def zoom(self) -> float:
        """The sheet and text scale (large print), 1.0 by default."""
        try:
            value = float(str(self.qsettings.value("view/zoom", DEFAULTS["view/zoom"])))
        except ValueError:
            return float(DEFAULTS["view/zoom"])
        return clamp_zoom(value)

    @zoom.setter
    def zoom(self, value: float) -> None:
        value = clamp_zoom(value)  # compared as a number: the file holds 1.0 as "1"
        try:
            unchanged = float(str(self.qsettings.value("view/zoom"))) == value
        except ValueError:
            unchanged = False
        if not unchanged:
            self.qsettings.setValue("view/zoom", value)

    @property
    def language(self) -> str:
        """The language chosen for the window ("de", "en"); "" for the system's."""
        value = str(self.qsettings.value("view/language", DEFAULTS["view/language"]) or "")
        return value if value in LANGUAGES else ""

    @language.setter
    def language(self, code: str) -> None:
        if code and code not in LANGUAGES:
            raise ValueError(f"no language {code!r}")
        self._set("view/language", code)

    @property
    def save_folder(self) -> str:
        """The folder a file was last saved in, where the next save dialog starts; "" for
        none (the documents folder)."""
        return str(self.qsettings.value("files/save_folder", DEFAULTS["files/save_folder"]) or "")

    @save_folder.setter
    def save_folder(self, folder: str) -> None:
        self._set("files/save_folder", folder)

    def shown_sitting(self, database: Path) -> int | None:
        """The sitting of ``database`` that was on screen when the window last closed; None
        when none was, or it was another database's."""
        if str(self.qsettings.value("sitting/database", "") or "") != str(database):
            return None
        try:
            sitting_id = int(str(self.qsettings.value("sitting/shown", 0)))
        except ValueError:
            return None
        return sitting_id if sitting_id > 0 else None

    def set_shown_sitting(self, database: Path, sitting_id: int | None) -> None:
        """Remember the sitting of ``database`` on screen (None: none)."""
        self._set("sitting/database", str(database))
        self._set("sitting/shown", sitting_id or 0)

    def sync(self) -> None:
        """Write the settings out now."""
        self.qsettings.sync()

    def _set(self, key: str, value: str | int | QByteArray) -> None:
        """Set ``key`` unless it holds ``value`` already. Any value set makes QSettings write
        its whole file again, waiting twice for the disk (fdatasync): the window sets the
        zoom it restored as it opens and all it shows as it closes, mostly as they were."""
        stored = self.qsettings.value(key)
        if isinstance(value, QByteArray):
            unchanged = isinstance(stored, QByteArray) and stored == value
        else:
            unchanged = stored is not None and str(stored) == str(value)
        if not unchanged:
            self.qsettings.setValue(key, value)


def settings_files(path: Path | None) -> list[Path]:
    """The files QSettings reads for ``path`` (the user's usual place when None): on Linux
    and the BSDs, the application's and the organisation's ini files in each configuration
    folder (the user's first, then the system's); on macOS the user's preferences file."""
    if path is not None:
        return [path]
    if sys.platform == "win32":  # the registry: no file
        return []
    if sys.platform == "darwin":
        name = f"com.{ORGANIZATION}.{APPLICATION}.plist"
        return [Path.home() / "Library" / "Preferences" / name]
    from PySide6.QtCore import QStandardPaths

    folders = QStandardPaths.standardLocations(
        QStandardPaths.StandardLocation.GenericConfigLocation
    )
    files = []
    for folder in map(Path, folders):
        files += [folder / ORGANIZATION / f"{APPLICATION}.conf", folder / f"{ORGANIZATION}.conf"]
    return files


def _unusable_settings_file(file: Path) -> str:
    """Why ``file`` cannot be read as a settings file ("" when it can, or is not there)."""
    try:
        mode = file.stat().st_mode
    except OSError:  # not there, or not readable: QSettings copes (the defaults)
        return ""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        message = _(
            "{file}: the settings file is a folder; the window starts with the default "
            "settings and remembers none of them this time"
        )
    else:
        message = _(
            "{file}: the settings file is a named pipe, socket or device, not a file; the "
            "window starts with the default settings and remembers none of them this time"
        )
    return message.format(file=file)


def clamp_zoom(value: float) -> float:
    """A zoom factor kept between MIN_ZOOM and MAX_ZOOM."""
    return min(MAX_ZOOM, max(MIN_ZOOM, round(value, 4)))
