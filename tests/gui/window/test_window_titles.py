"""Every window and dialog the program opens is titled with an en dash before the program's
name ("History – Jo-Jotte scorepad"), as the main window is and docs/translating.md asks
(issue 41, item 11): a title that does not end with the application's display name gets
" — " and the name added by Qt, so each title ends with that name itself."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Trump
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.meld_dialog import MeldDialog
from jojotte_score.gui.messages import show_message
from jojotte_score.gui.window.dialogs import ask_yes_no
from jojotte_score.gui.window.language import use_qt_language
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.i18n import use_language
from tests.stored_examples import store_game

PROGRAM = {"en": "Jo-Jotte scorepad", "de": "Jo-Jotte-Block"}
"""The program's name in each language, as the main window's title ends with it."""


def shown_title(title: str) -> str:
    """The title as Qt shows it: with " — " and the display name added to a title that does
    not end with that name (QPlatformWindow::formatWindowTitle)."""
    program = QApplication.applicationDisplayName()
    return title if title.endswith(program) else f"{title} — {program}"


class Titles(list[str]):
    """The title of every dialog run (its ``exec`` replaced by a look at its title) and of
    every file dialog asked for."""

    def run(self, dialog: QWidget) -> int:
        self.append(dialog.windowTitle())
        return int(QDialog.DialogCode.Rejected)

    def file(self, _parent: QWidget | None, title: str, *_args: Any, **_kwargs: Any) -> Any:
        self.append(title)
        return ("", "")

    def folder(self, _parent: QWidget | None, title: str, *_args: Any, **_kwargs: Any) -> str:
        self.append(title)
        return ""


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The program and Qt's own words in English, then in German."""
    code, program = str(request.param), QApplication.applicationDisplayName()
    use_language(code)
    use_qt_language(code)
    yield code
    use_language("en")
    use_qt_language("en")
    QApplication.setApplicationDisplayName(program)  # as the window in German set it


@pytest.fixture
def titles(monkeypatch: pytest.MonkeyPatch) -> Titles:
    """Every dialog's ``exec`` and Qt's file questions replaced by a look at the title."""
    found = Titles()
    for kind in (QDialog, QPrintPreviewDialog, QMessageBox, QFileDialog):
        monkeypatch.setattr(kind, "exec", lambda dialog: found.run(dialog))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(found.file))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(found.file))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(found.folder))
    return found


WINDOW_ACTIONS = (
    ActionName.NEW_SITTING,
    ActionName.OPEN_SITTING,
    ActionName.IMPORT_SITTING,
    ActionName.EXPORT_SITTING,
    ActionName.EXPORT_CSV,
    ActionName.PRINT,
    ActionName.EXPORT_PDF,
    ActionName.PRINT_BLANK_PADS,
    ActionName.SYNC_FOLDER,
    ActionName.SYNC_CONFLICTS,
    ActionName.RENAME_PLAYERS,
    ActionName.HISTORY,
    ActionName.TABLE_DISPLAY,
    ActionName.KEYBOARD_REFERENCE,
    ActionName.ABOUT,
)
"""The menus' actions that open a window or dialog of their own."""


def test_every_window_s_title_ends_with_an_en_dash_and_the_program(
    language: str, main_window: MainWindow, titles: Titles, qtbot: QtBot
) -> None:
    window = main_window
    window.open_sitting_id(store_game(window.session.store, "two-player"))
    program = PROGRAM[language]
    assert QApplication.applicationDisplayName() == program
    seen = [window.windowTitle()]
    for action in WINDOW_ACTIONS:
        before = len(titles)
        window.named_actions[action].trigger()
        QApplication.processEvents()
        for shown in QApplication.topLevelWidgets():  # windows shown, not run
            if shown is not window and shown.isVisible() and shown.windowTitle():
                titles.append(shown.windowTitle())
                shown.close()
        assert len(titles) > before, action  # the action opened something titled
    meld = MeldDialog(Trump.SPADES, ("Anna", "Bert"))
    qtbot.addWidget(meld)
    show_message(window, "Export", "Nothing to export.")
    ask_yes_no(window, "Delete", "Delete hand 3?")
    seen += [*titles, meld.windowTitle()]
    assert len(seen) >= 17
    for title in seen:
        assert " — " not in shown_title(title), title
        # "Druckvorschau: Jo-Jotte-Block": the German sheet's title is the program's name.
        assert title.endswith((f" – {program}", f": {program}")), title
    assert window.windowTitle() == f"A – B – {program}"
