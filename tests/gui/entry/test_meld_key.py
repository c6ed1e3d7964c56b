"""A hand with one meld in at most 12 keys, on every game: a side's meld points are typed in
its card-points box and M makes them its melds ("2 0 M 6 0"), so the focus need not go to
the meld box and back. A hand without melds takes the keys it took before."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import AnyHand, Doubling, PlayedHand, SeatHand, Special
from jojotte_score.gui.entry.form_rules import MELD_KEY, FormValues
from jojotte_score.gui.entry.meld_dialog import MeldDialog
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.keyboard import Keyboard
from tests.gui.window.test_every_game import window
from tests.stored_examples import GAMES, example_sitting

__all__ = ["window"]  # the fixture

BOXES = (0, 1)


@pytest.fixture(autouse=True)
def _no_new_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand that ends a rubber asks for the next cut (or roles): answered Cancel."""
    monkeypatch.setattr(QDialog, "exec", lambda _dialog: 0)


def first_plain(hands: tuple[AnyHand, ...]) -> int:
    """The position of the first hand after the first (its dealer the window prefills)
    played without double, Nullo or Slam, as benchmarks/keys_per_hand.py types it."""
    for position, hand in enumerate(hands):
        values = FormValues.of(hand)
        plain = values.special is Special.NONE and values.double is Doubling.NONE
        if position >= 1 and values.trump is not None and plain:
            return position
    raise AssertionError("the example has no plain hand")


def with_melds(hand: AnyHand, box: int | None) -> AnyHand:
    """``hand`` with 20 meld points in the left-hand (0) or the right-hand (1) box, or none."""
    if isinstance(hand, SeatHand):
        seats = [0] * len(hand.melds)
        if box is not None:
            seats[(hand.declarer, hand.active_defender)[box]] = 20
        return hand._replace(melds=tuple(seats), note="")
    assert isinstance(hand, PlayedHand)
    sides = [0, 0]
    if box is not None:
        sides[box] = 20
    return hand._replace(melds=(sides[0], sides[1]), note="")


def ready(window: MainWindow, game: str) -> AnyHand:
    """Show the example's hands before its first plain one; that hand, as the example has it."""
    sitting = example_sitting(game)
    position = first_plain(sitting.hands)
    before = replace(sitting, hands=sitting.hands[:position])
    window.open_sitting_id(window.session.store.import_sitting(before))
    window.activateWindow()
    window.panel.setFocus()
    QApplication.processEvents()
    return sitting.hands[position]


def plan_for(window: MainWindow, hand: AnyHand) -> list[str]:
    return window.panel.form.keystrokes(hand, window.panel.values())


@pytest.mark.parametrize("box", BOXES)
@pytest.mark.parametrize("game", GAMES)
def test_one_meld_takes_its_digits_and_m(
    game: str, box: int, window: MainWindow, qtbot: QtBot
) -> None:
    """The plan types the last trick's letter straight after the card points: at most 12 keys
    where the hand without melds takes 9 (two players, partnerships, the chouette); the
    three-player and cutthroat hands add the dealer or the active defender."""
    example = ready(window, game)
    plain = plan_for(window, with_melds(example, None))
    wanted = with_melds(example, box)
    plan = plan_for(window, wanted)
    # The meld's digits and M, typed in the side's card-points box before its card points.
    assert len(plan) == len(plain) + 3
    assert len(plan) <= (12 if len(plain) <= 9 else len(plain) + 3)
    if game in ("two-player", "partnership", "chouette"):
        assert len(plan) <= 12
    at = plan.index(MELD_KEY)
    assert plan[at - 2 : at] == ["2", "0"]
    assert plan[: at - 2] + plan[at + 1 :] == plain
    shown = window.session.shown
    assert shown is not None
    count = shown.count
    keyboard = Keyboard(qtbot)
    keyboard.follow(plan[:at])
    pair = window.panel.card_points
    assert pair.edits[box].hasFocus()
    assert pair.edits[box].text() == "20"
    keyboard.follow(plan[at : at + 1])  # M
    assert window.panel.melds.values()[box] == 20
    assert pair.edits[box].text() == ""
    assert pair.edits[box].hasFocus()
    keyboard.follow(plan[at + 1 :])
    assert keyboard.count == len(plan)
    shown = window.session.shown
    assert shown is not None
    assert shown.count == count + 1
    assert shown.hand(count) == wanted


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_without_melds_takes_no_more_keys(
    game: str, window: MainWindow, qtbot: QtBot
) -> None:
    example = ready(window, game)
    plain = plan_for(window, with_melds(example, None))
    assert MELD_KEY not in plain
    assert not any(key.startswith("Alt+M") for key in plain)
    shown = window.session.shown
    assert shown is not None
    count = shown.count
    Keyboard(qtbot).follow(plain)
    shown = window.session.shown
    assert shown is not None
    assert shown.hand(count) == with_melds(example, None)


@pytest.mark.parametrize("game", GAMES)
def test_m_in_an_empty_card_points_box_opens_the_meld_helper(
    game: str, window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    example = ready(window, game)
    opened: list[MeldDialog] = []

    def refuse(dialog: MeldDialog) -> int:
        opened.append(dialog)
        return 0

    monkeypatch.setattr(MeldDialog, "exec", refuse)
    plan = plan_for(window, with_melds(example, 0))
    at = plan.index(MELD_KEY)
    keyboard = Keyboard(qtbot)
    keyboard.follow(plan[: at - 2])  # up to the empty card-points box
    keyboard.press(MELD_KEY)
    assert len(opened) == 1
    assert window.panel.melds.values() == (None, None)


def test_m_after_a_number_that_is_none_is_refused(window: MainWindow, qtbot: QtBot) -> None:
    example = ready(window, "two-player")
    plan = plan_for(window, with_melds(example, 0))
    at = plan.index(MELD_KEY)
    keyboard = Keyboard(qtbot)
    keyboard.follow(plan[: at - 2])
    keyboard.type("5.5")
    keyboard.press(MELD_KEY)
    panel = window.panel
    assert panel.melds.values() == (None, None)
    assert panel.card_points.edits[0].text() == "5.5"
    assert "“M” was not typed in" in panel.card_points.errors[0].text()


def test_a_side_named_with_m_still_takes_the_last_trick_with_m(
    window: MainWindow, qtbot: QtBot
) -> None:
    """M chooses in the row the hand needs next when it is a key there (a side "Max"):
    as before, the meld key gives way."""
    form = window.panel.form
    from jojotte_score.gui.entry.entry_form import EntryForm
    from jojotte_score.gui.entry.form_rules import Slot

    form = EntryForm(form.variant, ("Max", "Bert"))
    values = FormValues(bidder=0, card_points=(90, 72))
    assert form.next_slot(values, Slot.CARDS_RIGHT) is Slot.LAST_TRICK
    assert form.meld_box_for(values, Slot.CARDS_RIGHT) is None
    # In the left-hand box the right-hand box comes next: M is the melds' key there.
    empty = values._replace(card_points=(90, None))
    assert form.meld_box_for(empty, Slot.CARDS_LEFT) is Slot.MELDS_LEFT


# The keys of the first plain hand after the first (benchmarks/keys_per_hand.py), typed:
# without melds, and with one meld of 20 in either box. The three-player and cutthroat
# hands name Jo-Jotte (both examples' hands have it); the three-player hand's active
# defender is the one the rules ask first, filled in, while the cutthroat hand's is not
# (Anna, to Carl's left past the dealer, withdrew): his key, typed in the empty
# card-points box, is one key more.
KEYS = {
    "two-player": (9, 12),
    "partnership": (8, 11),
    "three-player": (10, 13),
    "chouette": (9, 12),
    "cutthroat": (11, 14),
}


@pytest.mark.parametrize("box", [None, *BOXES])
@pytest.mark.parametrize("game", GAMES)
def test_the_keys_of_a_hand_with_and_without_a_meld(
    game: str, box: int | None, window: MainWindow, qtbot: QtBot
) -> None:
    """Before the last trick's letter followed the card points in the plan and the focus
    waited in the Jo-Jotte row: one meld 16 keys in the three-player game and cutthroat,
    12 or 13 in the others; without melds 13, and 9 or 10. Before the active defender was
    filled in, the three-player hand took 11 and 14."""
    example = ready(window, game)
    wanted = with_melds(example, box)
    plan = plan_for(window, wanted)
    assert len(plan) == KEYS[game][0 if box is None else 1]
    assert "Alt+J" not in plan
    shown = window.session.shown
    assert shown is not None
    count = shown.count
    keyboard = Keyboard(qtbot)
    keyboard.follow(plan)
    assert keyboard.count == len(plan)
    shown = window.session.shown
    assert shown is not None
    assert shown.count == count + 1
    assert shown.hand(count) == wanted
