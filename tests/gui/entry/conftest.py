"""Set-up shared by the entry panel's tests: the players of the seat games and their forms,
a panel made for a game with its seats and dealer, what it submitted and keys typed to it
(a screen reader listening is tests/gui/conftest.py's ``listening``)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import find_game
from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.ledger import Scorer
from jojotte_score.core.model import AnyHand, GameKey, Rules, Sitting, Variant
from jojotte_score.gui.entry.entry_panel import EntryPanel, EntryRequest
from jojotte_score.gui.entry.seat_form import SeatEntryForm
from tests.gui.keyboard import Keyboard

THREE = ("Anna", "Bert", "Carl")
FOUR = ("Anna", "Bert", "Carl", "Dora")
THREE_FORM = SeatEntryForm(Variant.THREE_PLAYER, THREE)
"""The three-player form, without Qt."""
CUTTHROAT_FORM = SeatEntryForm(Variant.CUTTHROAT, FOUR)
"""The cutthroat form, without Qt."""


class Submissions(list[EntryRequest]):
    """What the panel submitted."""


def make_panel(
    qtbot: QtBot,
    submissions: Submissions,
    variant: GameKey,
    players: tuple[str, ...],
    dealer: int | None,
    roles: ChouetteRoles | None = None,
    hands: Sequence[AnyHand] = (),
) -> EntryPanel:
    """A shown, active panel for ``variant`` at ``players``' seats, after ``hands``, ready
    for a new hand dealt by ``dealer``; what it submits goes to ``submissions``."""
    widget = EntryPanel()
    qtbot.addWidget(widget)
    widget.submitted.connect(submissions.append)
    prior = Scorer.of(find_game(variant), Sitting(variant, players, (), Rules(), roles))
    prior.extend(hands)
    widget.set_context(variant, players, Rules(), prior, dealer)
    widget.new_hand()
    widget.resize(620, 900)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow)
    widget.new_hand()
    return widget


def three_panel(qtbot: QtBot, submissions: Submissions) -> EntryPanel:
    """A three-player panel for Anna, Bert and Carl, Carl dealing."""
    return make_panel(qtbot, submissions, Variant.THREE_PLAYER, THREE, dealer=2)


@pytest.fixture
def submissions() -> Submissions:
    """What the panel of the test submitted."""
    return Submissions()


@pytest.fixture
def keyboard(qtbot: QtBot) -> Keyboard:
    """Keys typed to whatever has the focus."""
    return Keyboard(qtbot)
