"""The font shipped with the app (DejaVu Sans), so that every PDF has its text.

The font files are package data of ``jojotte_score.resources`` (the top-level
``resources/fonts/`` folder, with its license). :func:`print_font` registers them with Qt
once per application and returns the font that printing and the PDF export draw with; Qt
embeds it in every PDF, so the text stays text even on a machine without fonts.
"""

from __future__ import annotations

from importlib import resources

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication

from jojotte_score.core.errors import JojotteError

FONT_PACKAGE = "jojotte_score.resources"
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
FONT_FAMILY = "DejaVu Sans"

_registered: list[int] = []


class FontMissingError(JojotteError):
    """The bundled font is not where the installation should have put it."""


def font_data(name: str) -> bytes:
    """The bytes of bundled font file ``name``."""
    try:
        return resources.files(FONT_PACKAGE).joinpath("fonts", name).read_bytes()
    except (ModuleNotFoundError, OSError) as error:
        raise FontMissingError(
            f"the bundled font {name} is missing from {FONT_PACKAGE}; "
            "reinstall jojotte-score (pip install .)"
        ) from error


def register_fonts() -> str:
    """Register the bundled fonts with the running Qt application; their family name.

    Registering again in the same application does nothing. Needs a QGuiApplication.
    """
    if QGuiApplication.instance() is None:
        raise FontMissingError("fonts can only be registered once a Qt application runs")
    if _registered and all(QFontDatabase.applicationFontFamilies(i) for i in _registered):
        return FONT_FAMILY
    _registered.clear()
    for name in FONT_FILES:
        font_id = QFontDatabase.addApplicationFontFromData(QByteArray(font_data(name)))
        if font_id < 0 or FONT_FAMILY not in QFontDatabase.applicationFontFamilies(font_id):
            raise FontMissingError(f"the bundled font {name} could not be loaded")
        _registered.append(font_id)
    return FONT_FAMILY


def print_font(point_size: float = 10.0) -> QFont:
    """The bundled font at ``point_size``, registered first when needed."""
    font = QFont(register_fonts())
    font.setPointSizeF(point_size)
    # No ligatures: "fi" stays two letters in the PDF's text, so a search for "first" finds it.
    font.setStyleStrategy(QFont.StyleStrategy.PreferNoShaping)
    return font
