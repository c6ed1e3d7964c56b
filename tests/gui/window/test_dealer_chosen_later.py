"""The dealer is a fact the pad records and suggests, and never a reason to refuse a hand
(T2; jojotte-variants.md: "it never refuses a hand for its dealer"). When no dealer was
recorded for the hands of the rubber so far, the status line says the next dealer is not
known and where to choose him; a dealer chosen for any later hand starts the suggestions
from there, in every game alike (the game says who deals in turn). In cutthroat the dealer
sits out, so the panel asks for him with every hand (F2)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import find_game
from jojotte_score.core.model import Doubling, Special, ThrownIn
from jojotte_score.gui.entry.form_rules import FormValues
from jojotte_score.gui.sitting.commands import AddHand
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.conftest import forget_said, said_in
from tests.gui.keyboard import ALT, Keyboard
from tests.gui.window.test_every_game import window as window
from tests.stored_examples import GAMES, example_sitting

UNKNOWN = {
    "en": "next dealer not known: choose who deals in the Dealer row",
    "de": "nächster Geber unbekannt: wählen Sie ihn in der Zeile „Geber“",
}
NEXT = {"en": "next dealer: {player}", "de": "nächster Geber: {player}"}


def open_with_a_hand_of_no_dealer(window: MainWindow, game: str) -> None:
    """Show a sitting of ``game`` whose one hand, the example's first plain one, names no
    dealer (the players never said who dealt)."""
    example = example_sitting(game)
    plain = next(
        hand
        for hand in example.hands
        if not isinstance(hand, ThrownIn)
        and FormValues.of(hand).special is Special.NONE
        and FormValues.of(hand).double is Doubling.NONE
    )
    sitting_id = window.session.store.import_sitting(
        replace(example, hands=(plain._replace(dealer=None, note=""),))
    )
    window.open_sitting_id(sitting_id)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", [game for game in GAMES if game != "cutthroat"])
def test_a_dealer_chosen_for_a_later_hand_starts_the_suggestions(
    game: str, language: str, window: MainWindow, qtbot: QtBot, request: pytest.FixtureRequest
) -> None:
    if language == "de":
        request.getfixturevalue("german")
    open_with_a_hand_of_no_dealer(window, game)
    shown = window.session.shown
    assert shown is not None
    panel = window.panel
    assert panel.dealer.value() is None
    assert window.status_label.text().endswith(UNKNOWN[language])
    # Hand 2: the scorekeeper chooses who dealt it (Alt+R, "Alt+G" in German) and records
    # it thrown in, which passes the deal on like any other hand.
    turn = find_game(shown.variant).dealers(shown.roles())
    first, following = turn[0], turn[1 % len(turn)]
    label = panel.row_labels["dealer"].text()
    letter = label[label.index("&") + 1].upper()
    keyboard = Keyboard(qtbot)
    keyboard.press((getattr(Qt.Key, f"Key_{letter}"), ALT))
    assert panel.dealer.hasFocus()
    key = panel.dealer.buttons()[first].text().rpartition("[")[2].split("/")[0].rstrip("]")
    keyboard.press(key)
    assert panel.dealer.value() == first
    panel.record_thrown_in()
    shown = window.session.shown
    assert shown is not None
    assert [hand.dealer for hand in shown.sitting.hands] == [None, first]
    assert panel.dealer.value() == following  # suggested for hand 3, as the game deals
    name = shown.shown_players[following]
    assert window.status_label.text().endswith(NEXT[language].format(player=name))


def test_cutthroat_asks_for_the_dealer_of_every_hand(window: MainWindow) -> None:
    """F2: the dealer sits out, so a cutthroat hand names him; the panel asks while he is
    not known rather than leave the row empty."""
    example = example_sitting("cutthroat")
    window.open_sitting_id(window.session.store.import_sitting(replace(example, hands=())))
    panel = window.panel
    panel.dealer.set_value(None)
    assert (
        panel.form.missing(panel.values())["dealer"] == "Who dealt? The dealer sits out the hand."
    )


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.usefixtures("listening")
def test_a_screen_reader_hears_when_the_next_dealer_is_not_known(
    language: str, window: MainWindow, request: pytest.FixtureRequest
) -> None:
    """The status line's "next dealer not known" is said when it comes (opening such a
    sitting, undoing the hand that named the dealer), not again while it stays, and not
    while the dealer is known."""
    if language == "de":
        request.getfixturevalue("german")
    open_with_a_hand_of_no_dealer(window, "three-player")
    assert UNKNOWN[language] in said_in(window)
    forget_said(window)
    window.update_status()  # nothing changed: not said again
    assert UNKNOWN[language] not in said_in(window)
    dealt = ThrownIn(dealer=2)  # hand 2, thrown in: Carl dealt, so Anna deals next
    window.undo_stack.push(AddHand(window.session, dealt))
    assert window.status_label.text().endswith(NEXT[language].format(player="Anna"))
    assert not any(UNKNOWN[language] in text for text in said_in(window))
    window.undo_stack.undo()
    assert window.status_label.text().endswith(UNKNOWN[language])
    assert UNKNOWN[language] in said_in(window)
