"""The titles of the program's windows: a dialog's or another window's own title, then the
program's name after an en dash ("History – Jo-Jotte scorepad"), as the main window's.

Qt adds " — " and the application's display name to every title that does not end with
that name; a title made here ends with it, so Qt adds nothing, and every title reads with
the en dash that docs/translating.md asks for.
"""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from jojotte_score.i18n import _


def window_title(title: str) -> str:
    """``title`` with the program's name after it, as a window other than the main one
    shows it (just ``title`` while the application has no display name)."""
    program = QApplication.applicationDisplayName()
    if not program or title.endswith(program):
        return title
    return _("{title} – {program}").format(title=title, program=program)
