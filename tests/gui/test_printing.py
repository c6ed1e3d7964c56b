"""Printing from the window: the preview, Export PDF, blank pads, the card, the actions.

Dialogs never block: their ``exec`` is patched. The print preview's printer is turned into
a PDF file, which pdftotext reads back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtGui import QKeySequence
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import replay
from jojotte_score.core.model import Variant
from jojotte_score.gui import printing
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.printing import (
    BlankPadsDialog,
    RubberChoiceDialog,
    default_paper,
    export_pdf,
    export_sheets,
    pdf_file_name,
    print_blank_pads,
    print_card,
    print_sheets,
    print_sitting,
)
from jojotte_score.gui.save_files import documents_folder
from jojotte_score.gui.window.actions import MENUS, create_actions
from jojotte_score.storage.sittings import SittingStore, StoredSitting
from tests.gui.conftest import Messages, german, run_window_script
from tests.poppler import pdf_text
from tests.sitting_kinds import two_sided


@pytest.fixture
def parent(qtbot: QtBot) -> QWidget:
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


@pytest.fixture
def stored(store: SittingStore) -> StoredSitting:
    """The German worked example, stored with a title and a place."""
    sitting_id = store.import_sitting(german(), title="Berlin 1937", place="Café Kranzler")
    return store.load(sitting_id)


@pytest.fixture
def two_rubbers(store: SittingStore) -> StoredSitting:
    """The worked example twice: two rubbers, A ahead by 100 each time."""
    sitting = german()
    sitting_id = store.import_sitting(replace(sitting, hands=sitting.hands * 2), title="Twice")
    return store.load(sitting_id)


class Preview:
    """Stands in for the print preview's ``exec``: prints to a PDF file and accepts."""

    def __init__(self, target: Path) -> None:
        self.target = target
        self.titles: list[str] = []

    def exec(self, dialog: QPrintPreviewDialog) -> int:
        printer = dialog.printer()
        self.titles.append(dialog.windowTitle())
        assert printer.fullPage()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(self.target))
        dialog.paintRequested.emit(printer)
        return int(QDialog.DialogCode.Accepted)


@pytest.fixture
def preview(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Preview:
    shown = Preview(tmp_path / "printed.pdf")
    monkeypatch.setattr(QPrintPreviewDialog, "exec", lambda dialog: shown.exec(dialog))
    return shown


AnyDialog = TypeVar("AnyDialog", bound=QDialog)


def answer(
    monkeypatch: pytest.MonkeyPatch, dialog: type[AnyDialog], fill: Callable[[AnyDialog], None]
) -> None:
    """Make ``dialog`` answer at once: ``fill`` sets its fields, then it is accepted."""

    def exec_(self: AnyDialog) -> int:
        fill(self)
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr(dialog, "exec", exec_)


# Printing through the preview ----------------------------------------------------------


def test_print_the_whole_sitting_through_the_preview(
    parent: QWidget, stored: StoredSitting, preview: Preview
) -> None:
    ledger = replay(two_sided(stored.sitting))
    assert print_sitting(parent, stored, ledger, None)
    program = QApplication.applicationDisplayName()  # the window's, when one was built
    assert preview.titles == [
        f"Print preview: Berlin 1937 – {program}" if program else "Print preview: Berlin 1937"
    ]
    text = pdf_text(preview.target)
    words = text.split()
    assert "755" in words
    assert "655" in words
    assert "A wins the rubber by 100" in text
    assert "Place: Café Kranzler" in text
    assert "Running result: A ahead by 100" in text


def test_file_print_asks_for_the_whole_sitting_or_the_rubber_shown(
    parent: QWidget,
    two_rubbers: StoredSitting,
    preview: Preview,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ledger = replay(two_sided(two_rubbers.sitting))
    answer(monkeypatch, RubberChoiceDialog, lambda d: d.one.setChecked(True))
    assert print_sheets(parent, two_rubbers, ledger, 2)
    text = pdf_text(preview.target)
    assert "Rubber 2 of 2" in text
    assert "Rubber 1 of 2" not in text
    assert "Running result after rubber 2: A ahead by 200" in text

    answer(monkeypatch, RubberChoiceDialog, lambda d: d.whole.setChecked(True))
    assert print_sheets(parent, two_rubbers, ledger, 2)
    text = pdf_text(preview.target)
    assert "Rubber 1 of 2" in text
    assert "Rubber 2 of 2" in text


def test_cancelling_the_choice_prints_nothing(
    parent: QWidget,
    two_rubbers: StoredSitting,
    preview: Preview,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(RubberChoiceDialog, "exec", lambda self: 0)
    assert not print_sheets(parent, two_rubbers, replay(two_sided(two_rubbers.sitting)), 1)
    assert preview.titles == []
    # One rubber: nothing to choose, nothing asked.
    assert RubberChoiceDialog.ask(parent, 1, 1) == printing.RubberChoice(None)


def test_blank_pads_with_the_names_typed(
    parent: QWidget, preview: Preview, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fill(dialog: BlankPadsDialog) -> None:
        assert [name.text() for name in dialog.names] == ["Anna", "Bert"]
        dialog.count.setValue(3)
        dialog.names[1].setText("  ")  # left blank: a line to write the name on

    answer(monkeypatch, BlankPadsDialog, fill)
    assert print_blank_pads(parent, ("Anna", "Bert"))
    text = pdf_text(preview.target)
    assert text.count("Rubber ____") == 3
    assert text.count("Anna") >= 3
    assert "Bert" not in text
    assert "Jo-Jotte scorepad" in text


def test_the_scoring_card(parent: QWidget, preview: Preview) -> None:
    """The card's first page, then a page for each game of individual players."""
    assert print_card(parent)
    text = pdf_text(preview.target)
    assert "Jo-Jotte scoring card" in text
    assert "Page 4 of 4" in text
    assert "R10: Prison goes to the next winner" in text
    pages = text.split("\f")
    assert ["T8" in page for page in pages[:4]] == [False, True, False, False]
    assert ["C4" in page for page in pages[:4]] == [False, False, True, False]
    assert ["F3" in page for page in pages[:4]] == [False, False, False, True]


def test_blank_pads_of_a_game_of_individual_players(
    parent: QWidget, preview: Preview, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cutthroat pad has a name box per player, and prints four columns."""

    def fill(dialog: BlankPadsDialog) -> None:
        assert [name.text() for name in dialog.names] == ["Anna", "Bert", "Carl", "Dave"]
        dialog.count.setValue(2)

    answer(monkeypatch, BlankPadsDialog, fill)
    assert print_blank_pads(parent, ("Anna", "Bert", "Carl", "Dave"), Variant.CUTTHROAT)
    text = pdf_text(preview.target)
    assert text.count("Dave") >= 2
    assert "settled" in text


# Export PDF ------------------------------------------------------------------------------


def test_export_pdf_to_a_path(parent: QWidget, stored: StoredSitting, tmp_path: Path) -> None:
    target = tmp_path / "berlin.pdf"
    assert export_pdf(parent, stored, replay(two_sided(stored.sitting)), 1, target) == target
    text = pdf_text(target)
    assert "Berlin 1937: rubber 1" in text
    assert {"755", "655"} <= set(text.split())


def test_export_pdf_asks_for_the_file_and_adds_the_suffix(
    parent: QWidget, stored: StoredSitting, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    offered: list[str] = []

    def save_name(*args: object, **kwargs: object) -> tuple[str, str]:
        # Offered in the documents folder (relative_to fails for any other).
        offered.append(str(Path(str(args[2])).relative_to(documents_folder())))
        return str(tmp_path / "evening"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    written = export_sheets(parent, stored, replay(two_sided(stored.sitting)), 1)
    assert written == tmp_path / "evening.pdf"
    assert offered == ["berlin-1937.pdf"]
    assert "755" in pdf_text(written).split()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))
    assert export_pdf(parent, stored, replay(two_sided(stored.sitting)), None) is None


def test_export_pdf_that_cannot_be_written_is_explained(
    parent: QWidget, stored: StoredSitting, tmp_path: Path, messages: Messages
) -> None:
    target = tmp_path / "missing" / "berlin.pdf"
    assert export_pdf(parent, stored, replay(two_sided(stored.sitting)), None, target) is None
    assert not target.parent.exists()
    assert messages == [f"{target}: No such file or directory"]


@pytest.mark.parametrize(
    ("title", "rubber", "expected"),
    [
        ("Berlin 1937", None, "berlin-1937.pdf"),
        ("Christmas at Anna's!", 2, "christmas-at-anna-s-rubber-2.pdf"),
        ("", None, "sitting-{id}.pdf"),
    ],
)
def test_pdf_file_names(store: SittingStore, title: str, rubber: int | None, expected: str) -> None:
    sitting_id = store.import_sitting(german(), title=title)
    assert pdf_file_name(store.load(sitting_id), rubber) == expected.format(id=sitting_id)


# Paper, actions, start-up ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "territory", "paper"),
    [
        (QLocale.Language.English, QLocale.Country.UnitedStates, "Letter"),
        (QLocale.Language.German, QLocale.Country.Germany, "A4"),
        (QLocale.Language.English, QLocale.Country.UnitedKingdom, "A4"),
    ],
)
def test_the_paper_follows_the_locale(
    language: QLocale.Language, territory: QLocale.Country, paper: str
) -> None:
    before = QLocale()
    QLocale.setDefault(QLocale(language, territory))
    try:
        assert default_paper() == paper
    finally:
        QLocale.setDefault(before)


def test_the_print_actions_are_in_the_file_menu(parent: QWidget) -> None:
    actions = create_actions(parent)
    printing_actions = [
        ActionName.PRINT,
        ActionName.EXPORT_PDF,
        ActionName.PRINT_BLANK_PADS,
        ActionName.PRINT_CARD,
    ]
    file_menu = MENUS["&File"]
    start = file_menu.index(ActionName.PRINT)
    assert list(file_menu[start : start + 4]) == printing_actions
    assert QKeySequence(QKeySequence.StandardKey.Print) in actions[ActionName.PRINT].shortcuts()
    assert actions[ActionName.PRINT].shortcuts()[0].toString() == "Ctrl+P"
    texts = [actions[name].text() for name in printing_actions]
    assert texts == ["&Print…", "Export P&DF…", "Print &blank pads…", "Print scoring ca&rd…"]
    keys = [seq.toString() for action in actions.values() for seq in action.shortcuts()]
    assert len(keys) == len(set(keys))  # no shortcut is taken twice


def test_print_support_is_not_loaded_at_start_up(tmp_path: Path) -> None:
    """The window starts without PySide6.QtPrintSupport: it is loaded when printing."""
    result = run_window_script(
        tmp_path,
        "import sys\nimport jojotte_score.gui.printing\n",
        "print(status, 'PySide6.QtPrintSupport' in sys.modules)\n",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["0", "False"]
