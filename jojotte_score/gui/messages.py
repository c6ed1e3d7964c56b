"""What every part of the window uses to speak to the player: a message box with OK, a
dialog's OK and Cancel buttons, and the title of a window other than the main one (the
feature folders and the main window alike).

Tests patch ``QMessageBox.exec`` so nothing ever blocks.
"""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QMessageBox, QWidget

from jojotte_score.i18n import _, ngettext


def window_title(title: str) -> str:
    """``title`` with the program's name after an en dash, as a window other than the main
    one shows it ("History – Jo-Jotte scorepad"); just ``title`` while the application has
    no display name.

    Qt adds " — " and the application's display name to every title that does not end with
    that name; a title made here ends with it, so Qt adds nothing, and every title reads
    with the en dash of the main window's that docs/translating.md asks for."""
    program = QApplication.applicationDisplayName()
    if not program or title.endswith(program):
        return title
    return _("{title} – {program}").format(title=title, program=program)


MESSAGE_LINES = 20
"""The most lines a message box shows; the whole text is then in its details."""


def show_message(parent: QWidget | None, title: str, text: str, *, warning: bool = True) -> None:
    """A message box the player closes with OK (tests patch ``QMessageBox.exec``).

    A long text (a file with thousands of problems) would make the box taller than any
    screen, its OK button out of reach: the box shows the first lines and how many more
    there are, and the whole text in its details, which scroll."""
    icon = QMessageBox.Icon.Warning if warning else QMessageBox.Icon.Information
    shown, rest = capped_message(text)
    box = QMessageBox(icon, window_title(title), shown, QMessageBox.StandardButton.Ok, parent)
    if rest:
        box.setDetailedText(text)
    box.exec()


def capped_message(text: str, most: int = MESSAGE_LINES) -> tuple[str, int]:
    """``text`` cut to its first ``most`` lines with a last line saying how many more there
    are (in the details), and that number; ``text`` itself and 0 when it is short enough."""
    lines = text.splitlines()
    rest = len(lines) - most
    if rest <= 0:
        return text, 0
    more = ngettext(
        "... and {count} more line (Show Details... lists them all)",
        "... and {count} more lines (Show Details... lists them all)",
        rest,
    )
    return "\n".join([*lines[:most], more.format(count=rest)]), rest


def ok_cancel_buttons(dialog: QDialog) -> QDialogButtonBox:
    """OK and Cancel, accepting and rejecting ``dialog``."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons
