"""Jo-Jotte typed in the pad's order when the hand needs its tricks: after the last trick
the focus passes the Jo-Jotte row (optional) for the tricks a Slam needs, and the
scorekeeper who types the Jo-Jotte holder's key next, as the pad lists it (last trick,
Jo-Jotte, tricks), had it refused in the tricks box ("this box takes digits only"). The
row holds "Nobody" until then, as the doubling holds "None": its key chooses there, the
focus stays in the tricks box, and the hand records Jo-Jotte. In every game of the
registry, the test's sixth one too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import Game, all_games, find_game
from jojotte_score.core.model import Special
from jojotte_score.gui.entry.form_rules import FormValues, Slot
from tests.gui.entry.conftest import Submissions
from tests.gui.entry.test_digit_after_a_count import (
    choice_row,
    last_trick_choices,
    panel_for,
    said_under,
    up_to_the_counts,
)
from tests.gui.keyboard import ENTER, TAB, Keyboard
from tests.sixth_game import registered

with registered():
    KEYS = [game.value for game in all_games()]


@pytest.fixture(params=KEYS)
def game(request: pytest.FixtureRequest) -> Iterator[Game]:
    """Each way to play, found in the registry (the sixth registered while the test runs)."""
    with registered():
        yield find_game(request.param)


@pytest.mark.parametrize("winner", [0, 1], ids=["left", "right"])
def test_the_jojotte_key_in_the_tricks_box_chooses_jojotte(
    qtbot: QtBot, keyboard: Keyboard, game: Game, winner: int
) -> None:
    submissions = Submissions()
    panel = panel_for(qtbot, submissions, game)
    up_to_the_counts(panel, keyboard)
    keyboard.press("S", "1", "5", "5", TAB, "0")  # a Slam, chosen in the row passed by
    assert panel.values().special is Special.SLAM
    value, _label, keys = last_trick_choices(panel)[winner]
    letter = keys[-1]
    assert letter.isalpha()  # "Anna & Carl [1/A]"
    keyboard.press(letter)  # the last trick; the Slam needs the tricks next
    tricks = panel.widget_for(Slot.TRICKS_LEFT)
    assert QApplication.focusWidget() is tricks
    keyboard.press(letter)  # Jo-Jotte, as the pad lists it
    assert choice_row(panel, Slot.JOJOTTE).value() == value
    assert panel.tricks.edits[0].text() == ""
    assert said_under(panel, 0) == ""  # the card points' line, and the tricks' below
    assert not any(label.isVisibleTo(panel) for label in panel.tricks.errors.made().values())
    assert QApplication.focusWidget() is tricks
    most = game.tricks_per_hand
    tricks_taken = (most - winner, winner)  # the last trick is one of the winner's
    keyboard.press(*str(tricks_taken[0]), TAB, str(tricks_taken[1]), ENTER)
    (request,) = submissions
    values = FormValues.of(request.hand)
    assert (values.last_trick, values.jojotte) == (value, value)
    assert values.tricks == tricks_taken
