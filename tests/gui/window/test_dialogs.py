"""The dialogs: defaults, what they return, and what they refuse (exec is patched)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import find_game
from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.model import Rules, Variant
from jojotte_score.gui.window.dialogs import (
    FirstDealerDialog,
    NewSittingDialog,
    OpenSittingDialog,
    RenamePlayersDialog,
    SittingSetup,
)
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import german
from tests.gui.entry.test_entry_panel import screenshot

REJECTED = int(QDialog.DialogCode.Rejected)


def answering(
    monkeypatch: pytest.MonkeyPatch, cls: type[QDialog], fill: Callable[[QDialog], None]
) -> list[QDialog]:
    """Patch ``cls.exec``: fill the fields, press OK (accept() may refuse), return the code."""
    opened: list[QDialog] = []

    def exec_(dialog: QDialog) -> int:
        opened.append(dialog)
        fill(dialog)
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(cls, "exec", exec_)
    return opened


def test_new_sitting_defaults_follow_the_variant(qtbot: QtBot) -> None:
    dialog = NewSittingDialog()
    qtbot.addWidget(dialog)
    assert (dialog.game_target.value(), dialog.rubber_bonus.value()) == (80, 300)
    assert dialog.players() == ("Anna", "Bert")
    assert [dialog.dealer.itemText(i) for i in range(dialog.dealer.count())] == ["Anna", "Bert"]
    dialog.variant.setCurrentIndex(1)
    assert (dialog.game_target.value(), dialog.rubber_bonus.value()) == (125, 300)
    assert dialog.players() == ("Anna", "Bert", "Carl", "Dora")
    assert [label.text() for label in dialog.name_labels] == [
        "North (A):",
        "East (B):",
        "South (A):",
        "West (B):",
    ]


def test_new_sitting_ask_returns_the_setup(monkeypatch: pytest.MonkeyPatch) -> None:
    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, NewSittingDialog)
        dialog.variant.setCurrentIndex(1)
        for field, name in zip(dialog.names, ("Ann", "Ben", "Cleo", "Dan"), strict=True):
            field.setText(name)
        dialog.dealer.setCurrentIndex(3)
        dialog.game_target.setValue(100)
        dialog.title.setText(" Christmas ")

    answering(monkeypatch, NewSittingDialog, fill)
    assert NewSittingDialog.ask(None) == SittingSetup(
        Variant.PARTNERSHIP,
        ("Ann", "Ben", "Cleo", "Dan"),
        3,
        Rules(100, 300),
        title="Christmas",
    )


def test_new_sitting_refuses_an_empty_name(monkeypatch: pytest.MonkeyPatch) -> None:
    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, NewSittingDialog)
        dialog.names[1].setText("  ")

    opened = answering(monkeypatch, NewSittingDialog, fill)
    assert NewSittingDialog.ask(None) is None
    assert opened[0].problem.text() == "Player B needs a name."  # type: ignore[attr-defined]


def test_cancelling_returns_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(NewSittingDialog, "exec", lambda dialog: REJECTED)
    monkeypatch.setattr(FirstDealerDialog, "exec", lambda dialog: REJECTED)
    monkeypatch.setattr(RenamePlayersDialog, "exec", lambda dialog: REJECTED)
    assert NewSittingDialog.ask(None) is None
    assert FirstDealerDialog.ask(None, ("Anna", "Bert")) is None
    assert RenamePlayersDialog.ask(None, Variant.TWO_PLAYER, ("A", "B")) is None


def test_open_sitting_lists_the_history(
    monkeypatch: pytest.MonkeyPatch, store: SittingStore
) -> None:
    first = store.import_sitting(german(), title="Berlin 1937")
    second = store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))
    shown: list[list[str]] = []

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, OpenSittingDialog)
        table = dialog.table
        for row in range(table.rowCount()):
            items = [table.item(row, column) for column in range(1, table.columnCount())]
            shown.append([item.text() if item is not None else "" for item in items])
        table.selectRow(1)

    answering(monkeypatch, OpenSittingDialog, fill)
    assert OpenSittingDialog.ask(None, store.list_sittings()) == first
    assert shown == [  # as the history window shows them
        ["Two players", "Anna–Bert", "0", "0", "level", ""],
        ["Two players", "A–B", "6", "1", "A +100", "Berlin 1937"],
    ]
    assert second != first


def test_rename_players_returns_new_names_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, RenamePlayersDialog)
        dialog.names[0].setText(" Anna ")

    answering(monkeypatch, RenamePlayersDialog, fill)
    assert RenamePlayersDialog.ask(None, Variant.TWO_PLAYER, ("A", "B")) == ("Anna", "B")
    assert RenamePlayersDialog.ask(None, Variant.TWO_PLAYER, ("Anna", "B")) is None


def test_first_dealer_after_the_new_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, FirstDealerDialog)
        assert [button.text() for button in dialog.group.buttons()] == [
            "&1 Anna",
            "&2 Bert",
            "&3 Carl",
            "&4 Dora",
        ]
        dialog.group.button(2).click()

    answering(monkeypatch, FirstDealerDialog, fill)
    assert FirstDealerDialog.ask(None, ("Anna", "Bert", "Carl", "Dora")) == 2


def test_sitting_setup_is_a_valid_sitting() -> None:
    setup = SittingSetup(Variant.TWO_PLAYER, ("Anna", "Bert"), 0, Rules())
    assert find_game(setup.variant).side_names(setup.players) == (
        "Anna",
        "Bert",
    )


def test_names_with_an_ampersand_are_shown_as_written(qtbot: QtBot) -> None:
    """ "&" marks a shortcut letter in Qt's buttons and box titles; a name shows it as typed."""
    from jojotte_score.core.model import Trump
    from jojotte_score.gui.entry.meld_dialog import MeldDialog
    from jojotte_score.gui.window.dialogs import FirstDealerDialog

    dealer = FirstDealerDialog(("Anna & Co", "Bert"))
    qtbot.addWidget(dealer)
    assert [b.text() for b in dealer.group.buttons()] == ["&1 Anna && Co", "&2 Bert"]
    melds = MeldDialog(Trump.SPADES, ("Anna & Carl", "Bert & Dora"))
    qtbot.addWidget(melds)
    assert [box.title() for box in melds.sides] == ["Anna && Carl", "Bert && Dora"]


def test_names_titles_and_places_are_bounded_at_entry(qtbot: QtBot) -> None:
    from jojotte_score.core.validation import MAX_LABEL_LENGTH, MAX_NAME_LENGTH

    dialog = NewSittingDialog()
    qtbot.addWidget(dialog)
    dialog.names[0].setText("N" * 500)
    dialog.title.setText("T" * 500)
    assert len(dialog.names[0].text()) == MAX_NAME_LENGTH == 40
    assert len(dialog.title.text()) == MAX_LABEL_LENGTH == 80


def test_new_sitting_offers_all_five_ways_to_play_with_their_seats(qtbot: QtBot) -> None:
    dialog = NewSittingDialog()
    qtbot.addWidget(dialog)
    offered = [dialog.variant.itemText(i) for i in range(dialog.variant.count())]
    assert offered == [
        "Two players",
        "Four players in partnerships",
        "Three players (Culbertson)",
        "Three players, chouette",
        "Four players, cutthroat",
    ]
    dialog.variant.setCurrentIndex(2)
    assert dialog.players() == ("Anna", "Bert", "Carl")
    assert [label.text() for label in dialog.name_labels[:3]] == [
        "Seat 1:",
        "Seat 2 (clockwise):",
        "Seat 3 (clockwise):",
    ]
    assert (dialog.game_target.value(), dialog.first_roles[0].isVisibleTo(dialog)) == (80, False)
    dialog.variant.setCurrentIndex(4)
    assert dialog.players() == ("Anna", "Bert", "Carl", "Dora")
    assert [label.text() for label in dialog.name_labels] == [
        "North:",
        "East:",
        "South:",
        "West:",
    ]
    assert dialog.setup().roles is None
    screenshot(dialog, "new-sitting-cutthroat")
    dialog.variant.setCurrentIndex(3)
    assert dialog.first_roles[0].isVisibleTo(dialog)
    screenshot(dialog, "new-sitting-chouette")


def test_a_chouette_starts_with_its_first_box_and_captain(monkeypatch: pytest.MonkeyPatch) -> None:
    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, NewSittingDialog)
        dialog.variant.setCurrentIndex(3)
        assert dialog.first_roles[0].isVisibleTo(dialog)
        assert dialog.first_roles[1].isVisibleTo(dialog)
        # the chouette's roles, as the game names them (C2)
        assert [label.text() for label in dialog.role_labels] == ["First &box:", "First &captain:"]
        dialog.first_roles[0].setCurrentIndex(2)  # Carl in the box
        dialog.first_roles[1].setCurrentIndex(0)  # Anna captain, Bert her partner
        # the first deal is the box's or the captain's (C7)
        assert [dialog.dealer.itemText(i) for i in range(dialog.dealer.count())] == [
            "Carl",
            "Anna",
        ]
        dialog.dealer.setCurrentIndex(1)

    answering(monkeypatch, NewSittingDialog, fill)
    assert NewSittingDialog.ask(None) == SittingSetup(
        Variant.CHOUETTE,
        ("Anna", "Bert", "Carl"),
        0,
        Rules(80, 300),
        roles=ChouetteRoles(box=2, captain=0),
    )


def test_a_chouette_box_cannot_also_be_its_captain(monkeypatch: pytest.MonkeyPatch) -> None:
    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, NewSittingDialog)
        dialog.variant.setCurrentIndex(3)
        dialog.first_roles[1].setCurrentIndex(0)

    opened = answering(monkeypatch, NewSittingDialog, fill)
    assert NewSittingDialog.ask(None) is None
    dialog = opened[0]
    assert isinstance(dialog, NewSittingDialog)
    assert dialog.problem.text() == "The box and the captain must be two different players."


@pytest.mark.parametrize(
    ("players", "seats"),
    [
        (("Anna", "Bert"), None),
        (("Anna", "Bert", "Carl", "Dora"), None),
        (("Anna", "Bert", "Carl"), None),
        (("Anna", "Bert", "Carl", "Dora"), (1, 3)),
        (("Anna", "Bert", "Carl", "Dora", "Emil"), None),
    ],
    ids=["two-player", "partnership", "three-player", "chouette", "cutthroat"],
)
def test_new_cut_takes_a_plain_digit(
    qtbot: QtBot, players: tuple[str, ...], seats: tuple[int, ...] | None
) -> None:
    """The new-cut dialog shows "2 Bert" like the panel's one-key choices: a plain 2
    chooses Bert; a digit that stands before nobody changes nothing."""
    dialog = FirstDealerDialog(players, None, seats)
    qtbot.addWidget(dialog)
    dialog.show()
    last = (seats or range(len(players)))[-1]
    QTest.keyClick(dialog.group.buttons()[0], Qt.Key(ord(str(last + 1))))
    assert dialog.dealer() == last
    QTest.keyClick(dialog.group.buttons()[0], Qt.Key.Key_9)
    assert dialog.dealer() == last
