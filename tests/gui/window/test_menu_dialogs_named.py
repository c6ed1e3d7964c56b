"""Every dialog the menus open names every stop of the Tab key, with a role a screen reader
announces, read through Qt's accessibility API: the sync folder's and the sync conflicts',
the print preview and the print and blank-pad questions, renaming the players, the keyboard
reference, About; and the questions asked along the way (who deals first after a rubber,
the meld helper). Each dialog is opened as the menu opens it; its ``exec`` is replaced by a
reading of its stops."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Trump
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.meld_dialog import MeldDialog
from jojotte_score.gui.window.dialogs import FirstDealerDialog
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.window.test_nothing_nameless import focus_stops, nameless
from tests.stored_examples import store_game


class Reader:
    """Stands in for each dialog's ``exec``: shows the dialog, reads its stops, closes it."""

    def __init__(self) -> None:
        self.read: dict[str, list[str]] = {}
        self.stops: dict[str, list[str]] = {}

    def __call__(self, dialog: QWidget) -> int:
        dialog.show()
        QApplication.processEvents()
        title = dialog.windowTitle() or type(dialog).__name__
        self.read[title] = nameless(dialog)
        self.stops[title] = [
            QAccessible.queryAccessibleInterface(stop).text(QAccessible.Text.Name)
            for stop in focus_stops(dialog)
        ]
        dialog.hide()
        return int(QDialog.DialogCode.Rejected)


@pytest.fixture
def reader(monkeypatch: pytest.MonkeyPatch) -> Reader:
    """Every dialog's ``exec`` read instead of run; the folder question as Qt's own dialog."""
    found = Reader()
    for kind in (QDialog, QPrintPreviewDialog, QMessageBox, QFileDialog):
        monkeypatch.setattr(kind, "exec", lambda self: found(self))

    def folder(parent: QWidget, title: str, start: str, *_args: Any) -> str:
        dialog = QFileDialog(parent, title, start)
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        found(dialog)
        dialog.deleteLater()
        return ""

    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(folder))
    return found


QT_OWN_ROLES = {"QGraphicsView 'Pages' Client"}
"""Named, but with the role Qt gives them: the print preview's view of the pages (a part of
Qt's preview that no node of ours replaces; docs/accessibility.md, known not to work)."""

MENU_DIALOGS = [
    (ActionName.SYNC_FOLDER, ["Sync folder – Jo-Jotte scorepad"]),
    (ActionName.SYNC_CONFLICTS, ["Sync conflicts – Jo-Jotte scorepad"]),
    # One rubber: no question; the title ends with the program's name, so nothing is added.
    (ActionName.PRINT, ["Print preview: Jo-Jotte scorepad"]),
    (ActionName.PRINT_BLANK_PADS, ["Print blank pads – Jo-Jotte scorepad"]),
    (ActionName.RENAME_PLAYERS, ["Rename players – Jo-Jotte scorepad"]),
    (ActionName.KEYBOARD_REFERENCE, ["Keyboard reference – Jo-Jotte scorepad"]),
    (ActionName.ABOUT, ["About jojotte-score – Jo-Jotte scorepad"]),
]


@pytest.mark.parametrize(("action", "titles"), MENU_DIALOGS)
def test_a_dialog_from_the_menus_names_every_stop(
    action: ActionName, titles: list[str], main_window: MainWindow, reader: Reader, qtbot: QtBot
) -> None:
    main_window.open_sitting_id(store_game(main_window.session.store, "two-player"))
    main_window.named_actions[action].trigger()
    for shown in QApplication.topLevelWidgets():  # a dialog shown, not run (the reference)
        if isinstance(shown, QDialog) and shown.isVisible():
            reader(shown)
    qtbot.waitUntil(lambda: bool(reader.read))
    assert list(reader.read) == titles
    for title in titles:
        assert [found for found in reader.read[title] if found not in QT_OWN_ROLES] == [], title
        assert reader.stops[title], title  # it has stops, each named


@pytest.mark.parametrize(
    "dialog",
    [
        lambda: FirstDealerDialog(("Anna", "Bert", "Carl")),
        lambda: MeldDialog(Trump.SPADES, ("Anna", "Bert")),
    ],
    ids=["first dealer", "meld helper"],
)
def test_the_questions_along_the_way_name_every_stop(
    dialog: Callable[[], QDialog], qtbot: QtBot
) -> None:
    shown = dialog()
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    assert focus_stops(shown)
    assert nameless(shown) == []
