"""A player's key typed as a digit straight after a count of card points: the buttons show
"Anna & Carl [1/A]", and a scorekeeper typing "9 0 Tab 6 5 1" in a real window got 651 card
points for Bert & Dora. Card points end in 0 or 5, so a digit that would make a count end in
anything else is never part of it: it chooses in the row the hand needs next (the last
trick), as the player's letter does, or is refused with a word under the box.

In every game of the registry, the test's sixth one too (:mod:`tests.sixth_game`): in the
three-player game and cutthroat the two players who play are known once the bidder is (the
active defender is filled in), and the last trick's row offers only their keys; the keys
typed are those the form offers, never a game's own list."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import Game, all_games, find_game
from jojotte_score.core.model import Trump
from jojotte_score.gui.accessibility import ANNOUNCED
from jojotte_score.gui.entry.entry_fields import ChoiceField
from jojotte_score.gui.entry.entry_panel import EntryPanel
from jojotte_score.gui.entry.form_rules import Choice, FormValues, Slot, trump_key
from tests.gui.entry.conftest import Submissions, make_panel
from tests.gui.keyboard import BACKTAB, ENTER, TAB, Keyboard
from tests.sixth_game import registered

NAMES = ("Anna", "Bert", "Carl", "Dora", "Emil", "Fred")
"""The players, as many from the first as the game has seats."""

with registered():
    KEYS = [game.value for game in all_games()]
"""Every way to play the program ships, and the test's sixth."""

NO_COUNT = {
    "en": "⚠ “{key}” was not typed in: card points end in 0 or 5.",
    "de": "⚠ „{key}“ wurde nicht eingetragen: Kartenpunkte enden auf 0 oder 5.",
}
"""What the box says of a digit that would make its count end in neither 0 nor 5."""
SITS_OUT = {
    "en": "⚠ “{key}” was not typed in: {player} is not playing this hand.",
    "de": "⚠ „{key}“ wurde nicht eingetragen: {player} spielt dieses Spiel nicht mit.",
}
"""What the box or row says of the key of a player who does not play the hand."""
PLAYS_FOR = {
    "en": "⚠ “{key}” was not typed in: {player} plays for {side}, whose key is {side_key}.",
    "de": "⚠ „{key}“ wurde nicht eingetragen: {player} spielt für {side}, deren Taste "
    "{side_key} ist.",
}
"""What the box or row says of the key of a player who plays for a side whose key is
another (a partner of a partnership: Carl's 3 or C for "Anna & Carl [1/A]")."""
DIGITS_ONLY = {
    "en": "⚠ “{key}” was not typed in: this box takes digits only.",
    "de": "⚠ „{key}“ wurde nicht eingetragen: In dieses Feld gehören nur Ziffern.",
}
"""What a box holding a count says of a letter that chooses nothing."""
NONE_OF_THE_ROW = {
    "en": "⚠ “{key}” is none of this row's keys.",
    "de": "⚠ „{key}“ ist keine Taste dieser Zeile.",
}
"""What a row of buttons says of a key that chooses nothing there."""
OVER_THE_DECK = {
    "en": "⚠ {side}'s card points (205) must be a multiple of 5 from 0 to 155 with a trump suit",
    "de": "⚠ Die Kartenpunkte von {side} (205) müssen im Trumpfspiel ein Vielfaches von 5 "
    "zwischen 0 und 155 sein",
}
"""What the box says of 205 card points with a trump suit (a 5 goes on with a count)."""
OVER_THE_HAND = {
    "en": "⚠ {side}'s tricks (63) must be from 0 to {most}",
    "de": "⚠ Die Stiche von {side} (63) müssen zwischen 0 und {most} liegen",
}
"""What the box says of 63 tricks (6 and 3 typed into one box)."""


@pytest.fixture(params=KEYS)
def game(request: pytest.FixtureRequest) -> Iterator[Game]:
    """Each way to play, found in the registry (the sixth registered while the test runs)."""
    with registered():
        yield find_game(request.param)


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> str:
    """The language the panel speaks: asked for before the panel is made."""
    if request.param == "de":
        request.getfixturevalue("deutsch")
    return str(request.param)


def panel_for(qtbot: QtBot, submissions: Submissions, game: Game) -> EntryPanel:
    """A panel for a new hand of ``game``, the first seat dealing."""
    return make_panel(qtbot, submissions, game.value, NAMES[: game.seats], dealer=0)


def choice_row(panel: EntryPanel, slot: Slot) -> ChoiceField[object]:
    """The row of buttons of ``slot``."""
    row = panel.widget_for(slot)
    assert isinstance(row, ChoiceField)
    return row


def up_to_the_counts(panel: EntryPanel, keyboard: Keyboard) -> None:
    """Hearts bid: each row the hand asks for before the card points answered with the
    first key of the first choice it offers (the trump's, that of hearts); the focus is
    then in the first card-points box."""
    hearts = trump_key(Trump.HEARTS)
    while (focus := QApplication.focusWidget()) is not panel.widget_for(Slot.CARDS_LEFT):
        slot = next(s for s in Slot if panel.widget_for(s) is focus)
        assert isinstance(focus, ChoiceField), f"the focus stopped in {slot}"
        first = panel.form.choices(slot, panel.values())[0][2][0]
        keyboard.press(hearts if slot is Slot.TRUMP else first)


def last_trick_choices(panel: EntryPanel) -> list[Choice]:
    """The last trick's choices: the two who play, each with a digit as its first key."""
    choices = panel.form.choices(Slot.LAST_TRICK, panel.values())
    assert len(choices) == 2
    assert all(keys[0].isdigit() and keys[0] not in "05" for _v, _l, keys in choices)
    return choices


def said_under(panel: EntryPanel, side: int) -> str:
    """The message under a card-points box ("" for none)."""
    label = panel.card_points.errors.made().get(side)
    return "" if label is None or not label.isVisibleTo(panel) else label.text()


@pytest.mark.parametrize("winner", [0, 1], ids=["left", "right"])
def test_a_digit_after_the_second_count_chooses_the_last_trick(
    qtbot: QtBot, keyboard: Keyboard, game: Game, language: str, winner: int
) -> None:
    submissions = Submissions()
    panel = panel_for(qtbot, submissions, game)
    up_to_the_counts(panel, keyboard)
    keyboard.press("9", "0", TAB, "6", "5")
    row = choice_row(panel, Slot.LAST_TRICK)
    assert row.isVisibleTo(panel)  # the two who play are known: their row waits
    value, _label, keys = last_trick_choices(panel)[winner]
    keyboard.press(keys[0])  # "1" or "2" (or a seat's digit), as shown on the button
    assert [edit.text() for edit in panel.card_points.edits] == ["90", "65"]
    assert [said_under(panel, side) for side in (0, 1)] == ["", ""]
    assert row.value() == value
    assert [button.isChecked() for button in row.buttons()] == [winner == 0, winner == 1]
    assert f"[{keys[0]}/" in row.buttons()[winner].text()  # the key pressed, as shown
    assert QApplication.focusWidget() is panel.widget_for(Slot.JOJOTTE)  # as after a letter
    keyboard.press(ENTER)
    (request,) = submissions
    assert FormValues.of(request.hand).card_points == (90, 65)
    assert FormValues.of(request.hand).last_trick == value


def test_space_takes_the_count_offered_and_a_digit_then_the_last_trick(
    qtbot: QtBot, keyboard: Keyboard, game: Game
) -> None:
    """Where all 32 cards are played (partnerships) the first count offers the rest in the
    other box, Space takes it, and a player's digit then chooses the last trick. In the
    other games 18 cards are played: nothing is offered, Space takes nothing, and the
    digit typed in the empty box begins its count."""
    panel = panel_for(qtbot, Submissions(), game)
    up_to_the_counts(panel, keyboard)
    keyboard.press("9", "0", TAB)
    right = panel.card_points.edits[1]
    rest = "65" if game.all_cards_played else ""  # 155 with a trump suit, less 90
    assert right.placeholderText() == rest
    keyboard.press(Qt.Key.Key_Space)
    assert right.text() == rest
    value, _label, keys = last_trick_choices(panel)[0]
    keyboard.press(keys[0])  # after 65, the player's key; in an empty box, a digit
    assert [edit.text() for edit in panel.card_points.edits] == ["90", rest or keys[0]]
    assert choice_row(panel, Slot.LAST_TRICK).value() == (value if rest else None)


def test_a_digit_no_row_takes_after_the_first_count_is_refused(
    qtbot: QtBot, keyboard: Keyboard, game: Game, language: str
) -> None:
    panel = panel_for(qtbot, Submissions(), game)
    up_to_the_counts(panel, keyboard)
    keyboard.press("9", "0", "3")  # the other box comes next: no row takes the 3
    assert [edit.text() for edit in panel.card_points.edits] == ["90", ""]
    assert said_under(panel, 0) == NO_COUNT[language].format(key="3")
    assert QApplication.focusWidget() is panel.widget_for(Slot.CARDS_LEFT)


def not_offered(panel: EntryPanel) -> list[tuple[str, str, str]]:
    """Each player of the sitting whose keys the last trick's row does not offer: his
    name, digit and letter (the buttons' "[3/C]"), in the order of the seats."""
    offered = {key for _v, _l, keys in last_trick_choices(panel) for key in keys}
    seats = panel.form.players
    return [
        (name, str(seat + 1), name[0])
        for seat, name in enumerate(seats)
        if str(seat + 1) not in offered and name[0] not in offered
    ]


def plays(panel: EntryPanel, name: str) -> bool:
    """Whether ``name`` plays the hand: he is named for one of the two boxes (the
    three-player and cutthroat active players, the chouette's box and captain, either
    partner of a partnership's "Anna & Carl")."""
    return any(name in words for words in panel.form.pair_words(panel.values()))


def refused(panel: EntryPanel, language: str, name: str, key: str) -> str:
    """What the box or row says of ``key``, the key of ``name`` (who is offered no key of
    his own in the last trick's row): the side he plays for and its key, shown on its
    button, where he plays; else that he is not playing this hand."""
    if not plays(panel, name):
        return SITS_OUT[language].format(player=name, key=key)
    side = next(choice for choice in last_trick_choices(panel) if name in choice[1])
    return PLAYS_FOR[language].format(key=key, player=name, side=side[1], side_key=side[2][0])


def counted_to_the_last_trick(qtbot: QtBot, keyboard: Keyboard, game: Game) -> EntryPanel:
    """A panel with 90 and 65 card points typed, the focus after the 65."""
    panel = panel_for(qtbot, Submissions(), game)
    up_to_the_counts(panel, keyboard)
    keyboard.press("9", "0", TAB, "6", "5")
    return panel


def test_a_key_of_a_player_who_does_not_play_after_the_count_names_him(
    qtbot: QtBot, keyboard: Keyboard, game: Game, language: str, listening: None
) -> None:
    """The key of a player who does not play the hand, straight after the second count
    (the last trick next): refused under the box with his name, said to a screen reader,
    nothing chosen (the three-player game's third player, Carl; the chouette's partner,
    Carl; the cutthroat dealer, Anna, and the third player, Dora). A player who plays but
    has no key of his own in the row (a partner of a partnership, Carl and Dora) is told
    the side he plays for and its key, not that card points end in 0 or 5; a seat the
    game has not is refused as a count is."""
    panel = counted_to_the_last_trick(qtbot, keyboard, game)
    box = panel.card_points.errors
    for name, digit, letter in [*not_offered(panel), ("", "9", "")]:
        for key in (digit, letter) if letter else (digit,):
            keyboard.press(key)
            expected = NO_COUNT[language].format(key=key)
            if name:
                expected = refused(panel, language, name, key)
            assert said_under(panel, 1) == expected, key
            assert box[1].property(ANNOUNCED) == said_under(panel, 1)
            assert [edit.text() for edit in panel.card_points.edits] == ["90", "65"]
            assert choice_row(panel, Slot.LAST_TRICK).value() is None
            assert QApplication.focusWidget() is panel.widget_for(Slot.CARDS_RIGHT)


@pytest.mark.parametrize("slot", [Slot.LAST_TRICK, Slot.JOJOTTE], ids=["last-trick", "jojotte"])
def test_a_key_of_a_player_who_does_not_play_in_a_row_of_the_play_names_him(
    qtbot: QtBot, keyboard: Keyboard, game: Game, language: str, slot: Slot
) -> None:
    """The same keys typed in the last trick's row itself (Tab after the count), or in
    Jo-Jotte's, whose choices are the same two and Nobody: the player who does not play
    is named under the row, and so is a partner with the side he plays for; any other key
    is none of the row's."""
    panel = counted_to_the_last_trick(qtbot, keyboard, game)
    keyboard.press(TAB)
    row = choice_row(panel, slot)
    row.setFocus()
    assert QApplication.focusWidget() is row
    for name, digit, letter in [*not_offered(panel), ("", "9", "")]:
        for key in (digit, letter) if letter else (digit,):
            keyboard.press(key)
            expected = NONE_OF_THE_ROW[language].format(key=key)
            if name:
                expected = refused(panel, language, name, key)
            assert panel.errors[slot.row].text() == expected, key
            assert row.value() is None
            assert QApplication.focusWidget() is row


@pytest.mark.parametrize(
    ("typed", "count"),
    [
        ("100", 100),  # a 0 after a count goes on with it
        ("155", 155),  # so does a 5
        ("55", 55),
        ("0", 0),
        ("15", 15),  # "1" is no count yet: the 5 goes on with it
    ],
)
def test_digits_that_go_on_with_a_count_are_typed_in(
    qtbot: QtBot, keyboard: Keyboard, game: Game, typed: str, count: int
) -> None:
    panel = panel_for(qtbot, Submissions(), game)
    up_to_the_counts(panel, keyboard)
    keyboard.press(*typed)
    assert panel.card_points.values() == (count, None)
    assert said_under(panel, 0) == ""
    assert choice_row(panel, Slot.LAST_TRICK).value() is None


def test_a_digit_typed_over_the_count_or_inside_it_is_typed_in(
    qtbot: QtBot, keyboard: Keyboard, game: Game
) -> None:
    panel = panel_for(qtbot, Submissions(), game)
    up_to_the_counts(panel, keyboard)
    keyboard.press("9", "0", TAB, "6", "5", BACKTAB)  # back: the 90 is selected
    keyboard.press("8", "5")  # replaces it
    assert panel.card_points.values() == (85, 65)
    left = panel.card_points.edits[0]
    left.setCursorPosition(1)  # 8|5
    keyboard.press("1")
    assert left.text() == "815"  # inside the number: typed in, and said to be too many
    assert choice_row(panel, Slot.LAST_TRICK).value() is None


def test_a_count_over_the_deck_is_said_under_its_box_as_typed(
    qtbot: QtBot, keyboard: Keyboard, game: Game, language: str
) -> None:
    """20 or 50 meant, 205 typed: a 5 goes on with a count, and 205 is more than the deck
    of 155 holds with a trump suit, said at once under the box, the hand not complete."""
    panel = panel_for(qtbot, Submissions(), game)
    up_to_the_counts(panel, keyboard)
    keyboard.press("9", "0", TAB, "2", "0")
    assert said_under(panel, 1) == ""
    keyboard.press("5")
    assert [edit.text() for edit in panel.card_points.edits] == ["90", "205"]
    side = panel.form.pair_words(panel.values())[1]
    assert said_under(panel, 1) == OVER_THE_DECK[language].format(side=side)


def test_tricks_over_the_hand_are_said_under_their_box_as_typed(
    qtbot: QtBot, keyboard: Keyboard, game: Game, language: str
) -> None:
    """6 and 3 typed into one box: 63 is more than a hand's tricks (nine, eight in
    partnerships), said at once under the box; Backspace takes the 3 and the word away."""
    panel = panel_for(qtbot, Submissions(), game)
    up_to_the_counts(panel, keyboard)
    left = panel.tricks.edits[0]
    assert left.isVisibleTo(panel)  # the tricks may be typed in every hand
    left.setFocus()
    keyboard.press("6")
    assert panel.tricks.values() == (6, None)
    errors = panel.tricks.errors
    assert errors.made().get(0) is None or not errors[0].isVisibleTo(panel)
    keyboard.press("3")
    assert left.text() == "63"
    side = panel.form.pair_words(panel.values())[0]
    most = game.tricks_per_hand
    assert errors[0].isVisibleTo(panel)
    assert errors[0].text() == OVER_THE_HAND[language].format(side=side, most=most)
    keyboard.press(Qt.Key.Key_Backspace)
    assert left.text() == "6"
    assert not errors[0].isVisibleTo(panel)
