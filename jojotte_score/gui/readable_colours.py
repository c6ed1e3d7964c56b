"""Placeholder text a reader can read in any theme: the hint in an empty box ("optional",
"any player") is drawn in the palette's placeholder colour, which some themes make too
faint (Fusion's light one: #808080 on white, 3.95:1). Where it stands less than 4.5:1 from
the box's background, it is moved toward the text colour until it does, in every colour
group, and again whenever the application's palette changes (a theme switched)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from jojotte_score.render.contrast import contrast

__all__ = ["LEAST_CONTRAST", "keep_placeholders_readable", "readable_placeholders"]

LEAST_CONTRAST = 4.5
"""WCAG's least contrast for text of ordinary size."""

_GROUPS = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive)
_INSTALLED = "jojotte-readable-placeholders"


def readable_placeholders(palette: QPalette) -> QPalette | None:
    """``palette`` with its placeholder colour readable on its base, or None when it is
    already readable in every group."""
    changed = QPalette(palette)
    moved = False
    for group in _GROUPS:
        hint = palette.color(group, QPalette.ColorRole.PlaceholderText)
        base = palette.color(group, QPalette.ColorRole.Base)
        text = palette.color(group, QPalette.ColorRole.Text)
        if contrast(hint.name(), base.name()) >= LEAST_CONTRAST:
            continue
        amount = 0.0
        mixed = QColor(hint)
        while amount < 1.0 and contrast(mixed.name(), base.name()) < LEAST_CONTRAST:
            amount = round(amount + 0.02, 2)
            mixed = QColor.fromRgbF(
                hint.redF() * (1 - amount) + text.redF() * amount,
                hint.greenF() * (1 - amount) + text.greenF() * amount,
                hint.blueF() * (1 - amount) + text.blueF() * amount,
            )
        changed.setColor(group, QPalette.ColorRole.PlaceholderText, mixed)
        moved = True
    return changed if moved else None


def keep_placeholders_readable(app: QApplication) -> None:
    """Make the application's placeholder colour readable now and after every change of its
    palette (once per application; later calls do nothing)."""
    if app.property(_INSTALLED):
        return
    app.setProperty(_INSTALLED, True)

    def fix() -> None:
        fixed = readable_placeholders(app.palette())
        if fixed is not None:
            app.setPalette(fixed)

    app.paletteChanged.connect(lambda _palette: fix())
    fix()
