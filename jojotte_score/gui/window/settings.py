"""The app's remembered settings, each with its default in one place.

The settings file is passed in (tests use a temporary ini file); nothing is read at import
time and nothing here is app-wide.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

from jojotte_score.i18n import LANGUAGES

ORGANIZATION = "jojotte-score"
APPLICATION = "jojotte-score"

MIN_ZOOM = 0.5
MAX_ZOOM = 3.0
ZOOM_STEP = 1.25

DEFAULTS: dict[str, Any] = {
    "window/geometry": QByteArray(),
    "window/state": QByteArray(),
    "window/splitter": QByteArray(),
    "window/left_splitter": QByteArray(),
    "view/zoom": 1.0,
    "view/language": "",
}
"""Every setting and its default."""


class AppSettings:
    """Typed access to the QSettings the app keeps."""

    def __init__(self, settings: QSettings) -> None:
        self.qsettings = settings

    @classmethod
    def at(cls, path: Path | None) -> AppSettings:
        """Settings in the ini file ``path``, or in the user's usual place when None."""
        if path is None:
            return cls(QSettings(ORGANIZATION, APPLICATION))
        return cls(QSettings(str(path), QSettings.Format.IniFormat))

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
        self.qsettings.setValue(key, value)

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
        self.qsettings.setValue("view/zoom", clamp_zoom(value))

    @property
    def language(self) -> str:
        """The language chosen for the window ("de", "en"); "" for the system's."""
        value = str(self.qsettings.value("view/language", DEFAULTS["view/language"]) or "")
        return value if value in LANGUAGES else ""

    @language.setter
    def language(self, code: str) -> None:
        if code and code not in LANGUAGES:
            raise ValueError(f"no language {code!r}")
        self.qsettings.setValue("view/language", code)

    def sync(self) -> None:
        """Write the settings out now."""
        self.qsettings.sync()


def clamp_zoom(value: float) -> float:
    """A zoom factor kept between MIN_ZOOM and MAX_ZOOM."""
    return min(MAX_ZOOM, max(MIN_ZOOM, round(value, 4)))
