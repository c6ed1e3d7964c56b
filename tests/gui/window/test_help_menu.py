"""The Help menu: the keyboard reference (F1), the scoring card, the About box, the icon."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from jojotte_score import __version__
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.form_rules import ROW_LABELS, TRUMP_CHOICES, mnemonic
from jojotte_score.gui.window import help_menu
from jojotte_score.gui.window.actions import MENUS, shortcuts
from jojotte_score.gui.window.app_identity import ICON_SIZES, LICENSE, application_icon, icon_file
from jojotte_score.gui.window.help_menu import (
    KeyboardReferenceDialog,
    about_html,
    keyboard_reference,
)
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.storage.paths import database_path
from tests.gui.conftest import ROOT, Messages


def rows(title: str) -> dict[str, str]:
    """One section of the reference as keys → what they do."""
    section = next(s for s in keyboard_reference() if s.title == title)
    return dict(section.rows)


def test_the_help_menu_holds_the_reference_the_card_and_about() -> None:
    assert MENUS["&Help"] == (
        ActionName.KEYBOARD_REFERENCE,
        ActionName.SCORING_CARD,
        None,
        ActionName.ABOUT,
    )


def test_f1_opens_the_keyboard_reference_and_no_other_action(main_window: MainWindow) -> None:
    f1 = QKeySequence("F1")
    owners = [
        name for name, action in main_window.named_actions.items() if f1 in action.shortcuts()
    ]
    assert owners == [ActionName.KEYBOARD_REFERENCE]
    explanation = main_window.named_actions[ActionName.SHOW_EXPLANATION].shortcuts()
    assert [key.toString() for key in explanation] == ["Ctrl+E"]


def test_the_reference_lists_the_entry_panels_keys() -> None:
    entry = rows("Recording a hand")
    assert entry["Enter"].startswith("Record the hand")
    assert entry["Esc"].startswith("Clear the hand")
    assert entry["Space"].startswith("Take the greyed suggestion")
    assert entry["Backspace"] == "Clear a choice field"
    assert entry["Ctrl+T"] == "Thrown in"
    assert entry["M"].startswith("In a card-points box, after the side's meld points")
    assert "Dealer, Bidder, Trump, Doubling, Nullo or slam, Melds" in entry["Tab, Shift+Tab"]


def test_the_reference_lists_every_label_jump_from_the_forms_labels() -> None:
    jumps = rows("Jump to a field")
    assert len(jumps) == len(ROW_LABELS)
    assert jumps["Alt+K"] == "Tricks"
    assert jumps["Alt+R"] == "Dealer"
    for label in ROW_LABELS.values():
        assert jumps[f"Alt+{mnemonic(label)}"] == label.replace("&", "")


def test_the_reference_lists_the_choice_keys() -> None:
    choices = keyboard_reference()[2].rows
    assert ("C", "Trump: ♣ Clubs") in choices
    assert ("N", "Trump: No-trump") in choices
    assert ("X", "Doubling: Doubled") in choices
    assert ("S", "Nullo or slam: Slam") in choices
    assert len([row for row in choices if row[1].startswith("Trump:")]) == len(TRUMP_CHOICES)
    assert (
        "A player's key",
        (
            "Three players, cutthroat: typed in the empty card-points box of an undoubled hand, "
            "the active defender instead of the player filled in, whom the rules ask first"
        ),
    ) in choices


def test_the_reference_lists_the_menu_shortcuts() -> None:
    file_menu = rows("File menu")
    assert file_menu["Ctrl+P"] == "Print"
    assert file_menu["Ctrl+Q"] == "Quit"
    assert rows("Help menu")["F1"] == "Keyboard reference"
    assert rows("Edit menu")["Ctrl+T"] == "Thrown in"


def test_f1_shows_the_reference_beside_the_window(qtbot: QtBot, main_window: MainWindow) -> None:
    main_window.named_actions[ActionName.KEYBOARD_REFERENCE].trigger()
    main_window.named_actions[ActionName.KEYBOARD_REFERENCE].trigger()  # the same one again

    dialogs = main_window.findChildren(KeyboardReferenceDialog)
    assert len(dialogs) == 1
    assert dialogs[0].isVisible()
    assert not dialogs[0].isModal()
    text = dialogs[0].text.toPlainText()
    assert "Alt+K" in text
    assert "Record the hand" in text
    dialogs[0].close()


def test_the_scoring_card_opens_in_its_preview(
    monkeypatch: pytest.MonkeyPatch, main_window: MainWindow
) -> None:
    titles: list[str] = []

    def exec_(dialog: QPrintPreviewDialog) -> int:
        titles.append(dialog.windowTitle())
        return int(QDialog.DialogCode.Rejected)

    monkeypatch.setattr(QPrintPreviewDialog, "exec", exec_)
    main_window.named_actions[ActionName.SCORING_CARD].trigger()

    assert len(titles) == 1
    assert "scoring card" in titles[0].lower()


def test_the_about_box_names_version_licences_and_data(
    main_window: MainWindow, messages: Messages, data_dir: Path
) -> None:
    main_window.named_actions[ActionName.ABOUT].trigger()

    assert len(messages) == 1
    assert f"jojotte-score {__version__}" in messages[0]
    assert "Licence: MIT" in messages[0]
    assert "DejaVu Sans" in messages[0]
    assert str(database_path(data_dir)) in messages[0]
    assert str(data_dir / "backups") in messages[0]


def test_the_about_text_escapes_the_path() -> None:
    assert "&lt;b&gt;" in about_html(Path("/home/<b>/sittings.sqlite3"))


def test_the_font_licence_is_the_shipped_one() -> None:
    assert help_menu.font_license().startswith("DejaVu Sans")
    assert "Bitstream" in help_menu.font_license()


def test_the_licence_is_the_projects() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == {"text": LICENSE}


def test_the_icon_has_every_size(qtbot: QtBot) -> None:
    icon = application_icon()
    sizes = sorted(size.width() for size in icon.availableSizes())
    assert sizes == list(ICON_SIZES)
    assert icon_file().read_text(encoding="utf-8").startswith("<?xml")
    for size in ICON_SIZES:
        image = icon.pixmap(size, size).toImage()
        assert (image.width(), image.height()) == (size, size)
        assert image.pixelColor(size // 4, size // 2).alpha() == 255  # the pad is opaque


def test_the_about_text_names_the_five_games() -> None:
    """Item 14 of issue 24: the About box no longer calls Jo-Jotte a two-player game."""
    about = about_html(Path("/home/anna/sittings.sqlite3"))
    assert "two-player card game" not in about
    assert (
        "for two players, four in partnerships, three players, the chouette and cutthroat" in about
    )


@pytest.mark.parametrize("keys", ["F14", "Shift+F14", "F13", "F35", "Help", "Undo"])
def test_the_reference_leaves_out_keys_no_keyboard_has(
    keys: str, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    """X11 binds F14 (the Undo key of old Sun keyboards) to Undo: the reference names only
    keys a scorekeeper can press."""
    extra = QKeySequence(keys)
    monkeypatch.setattr(
        "jojotte_score.gui.window.help_menu.shortcuts", lambda key: [*shortcuts(key), extra]
    )
    edit = rows("Edit menu")
    assert not any(keys in k.split(", ") for k in edit)
    assert edit["Ctrl+Z, Alt+Backspace"] == "Undo"
    assert help_menu._on_a_keyboard(QKeySequence("F12"))
