"""The three-player and cutthroat last trick offers the two players who play, so before
they are known it has no choice: its row waits until they are, as the rows of a double and
of Nullo do, instead of showing an empty sliver of a frame at the start of every hand."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Doubling, Special, Variant
from jojotte_score.gui.entry.entry_panel import EntryPanel
from jojotte_score.gui.entry.form_rules import FormValues, Slot
from jojotte_score.gui.entry.seat_form import SeatEntryForm
from tests.gui.entry.conftest import (
    CUTTHROAT_FORM,
    FOUR,
    THREE,
    THREE_FORM,
    Submissions,
    make_panel,
)
from tests.gui.keyboard import Keyboard

L = Slot.LAST_TRICK


@pytest.mark.parametrize(
    ("form", "values", "shown"),
    [
        (THREE_FORM, FormValues(dealer=2), False),  # nobody bid yet
        (THREE_FORM, FormValues(dealer=2, bidder=0, active_defender=1), True),
        # Doubled: the doubler defends, once he is named.
        (THREE_FORM, FormValues(dealer=2, bidder=0, double=Doubling.DOUBLE), False),
        (THREE_FORM, FormValues(dealer=2, bidder=0, double=Doubling.DOUBLE, doubler=2), True),
        # Nullo: the Nullo bidder declares; the row is shown (disabled: no last trick).
        (THREE_FORM, FormValues(dealer=2, bidder=0, special=Special.NULLO), False),
        (
            THREE_FORM,
            FormValues(
                dealer=2, bidder=0, special=Special.NULLO, nullo_bidder=1, active_defender=0
            ),
            True,
        ),
        (CUTTHROAT_FORM, FormValues(dealer=3), False),
        (CUTTHROAT_FORM, FormValues(dealer=3, bidder=2, active_defender=0), True),
    ],
)
def test_the_row_is_shown_once_the_players_are_known(
    form: SeatEntryForm, values: FormValues, shown: bool
) -> None:
    assert form.is_shown(values, L) is shown


def row_shown(panel: EntryPanel) -> bool:
    label = panel.row_labels["last_trick"]
    return label.isVisible() and panel.last_trick.isVisible()


@pytest.mark.parametrize(
    ("variant", "players", "dealer", "bidder", "active"),
    [
        (Variant.THREE_PLAYER, THREE, 2, "A", ["Anna [1/A]", "Bert [2/B]"]),
        (Variant.CUTTHROAT, FOUR, 3, "C", ["Carl [3/C]", "Anna [1/A]"]),
    ],
)
def test_the_last_trick_waits_for_the_players(
    qtbot: QtBot,
    keyboard: Keyboard,
    variant: Variant,
    players: tuple[str, ...],
    dealer: int,
    bidder: str,
    active: list[str],
) -> None:
    panel = make_panel(qtbot, Submissions(), variant, players, dealer)
    QApplication.processEvents()
    assert panel.last_trick.buttons() == []
    assert not row_shown(panel)
    keyboard.press(bidder)  # the declarer, and the player asked first to defend
    QApplication.processEvents()
    assert row_shown(panel)
    assert [button.text() for button in panel.last_trick.buttons()] == active
    # As high as the Jo-Jotte row: a row of buttons, not a sliver.
    assert panel.last_trick.height() == panel.jojotte.height()


def test_the_two_player_last_trick_is_always_there(qtbot: QtBot) -> None:
    panel = make_panel(qtbot, Submissions(), Variant.TWO_PLAYER, ("Anna", "Bert"), 0)
    QApplication.processEvents()
    assert row_shown(panel)
    assert [button.text() for button in panel.last_trick.buttons()] == ["Anna [1/A]", "Bert [2/B]"]
