"""After a double the third player may bid Nullo only if he sided with the declarer, not with
the defender who doubled (T16.4: "the Declarer's other opponent is allowed to bid Nullo if
siding with the Declarer, but not if siding with the Defender who doubled"). The Nullo
bidder row offers nobody the rules refuse: once the third player sided with the doubler,
Nullo is shown disabled with the reason, and its key says the reason instead of choosing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import find_game
from jojotte_score.core.model import Doubling, SidesWith, Special, Trump, Variant
from jojotte_score.gui.entry.form_rules import FormValues, Slot
from jojotte_score.gui.entry.seat_form import SeatEntryForm
from tests.gui.entry.conftest import FOUR, THREE, Submissions, make_panel
from tests.gui.entry.test_entry_panel import screenshot
from tests.gui.keyboard import ALT, Keyboard

# (variant, players, dealer): Anna bids, Carl doubles, Bert is the third player; in cutthroat
# Dora deals and sits out.
TABLES = [
    pytest.param(Variant.THREE_PLAYER, THREE, 1, id="three-player"),
    pytest.param(Variant.CUTTHROAT, FOUR, 3, id="cutthroat"),
]


def doubled(side: SidesWith | None, dealer: int) -> FormValues:
    """Anna bids hearts, Carl doubles, Bert sides with ``side``."""
    return FormValues(
        bidder=0,
        trump=Trump.HEARTS,
        double=Doubling.DOUBLE,
        doubler=2,
        sides_with=side,
        dealer=dealer,
    )


@pytest.mark.parametrize(
    ("side", "bidders", "rule"),
    [
        (None, ["Bert"], "T16.4: the doubler may not bid Nullo, nor the bidder"),
        (SidesWith.DECLARER, ["Bert"], "T16.4: the other opponent, siding with the declarer"),
        (SidesWith.DEFENDER, [], "T16.4: not if siding with the defender who doubled"),
    ],
)
@pytest.mark.parametrize(("variant", "players", "dealer"), TABLES)
def test_the_nullo_bidder_row_offers_whom_the_rules_allow(
    variant: Variant,
    players: tuple[str, ...],
    dealer: int,
    side: SidesWith | None,
    bidders: list[str],
    rule: str,
) -> None:
    form = SeatEntryForm(variant, players)
    values = doubled(side, dealer)
    assert [label for _v, label, _k in form.choices(Slot.NULLO_BIDDER, values)] == bidders, rule
    refused = form.refused_choices(Slot.SPECIAL, values)
    if bidders:
        assert refused == {}
    else:
        assert refused == {
            Special.NULLO: "Nobody may bid Nullo: Bert sided with the doubler (T16.4)."
        }


@pytest.mark.parametrize(("variant", "players", "dealer"), TABLES)
def test_undoubled_either_opponent_may_bid_nullo(
    variant: Variant, players: tuple[str, ...], dealer: int
) -> None:
    """T3: the player to the declarer's left or right may bid Nullo; in cutthroat not the
    dealer, who sits out (F2)."""
    form = SeatEntryForm(variant, players)
    values = FormValues(bidder=0, trump=Trump.HEARTS, dealer=dealer)
    assert [label for _v, label, _k in form.choices(Slot.NULLO_BIDDER, values)] == [
        "Bert",
        "Carl",
    ]
    assert form.refused_choices(Slot.SPECIAL, values) == {}
    assert find_game(variant).nullo_bidders(0, dealer, None, None) == (1, 2)


@pytest.mark.parametrize(
    ("language", "reason", "refused_key"),
    [
        ("en", "Nobody may bid Nullo: Bert sided with the doubler (T16.4).", "N"),
        (
            "de",
            "Niemand darf Null ansagen: Bert hat sich dem Kontrierenden angeschlossen (T16.4).",
            "N",
        ),
    ],
)
@pytest.mark.parametrize(("variant", "players", "dealer"), TABLES)
def test_nullo_is_refused_with_its_reason_after_siding_with_the_doubler(
    qtbot: QtBot,
    variant: Variant,
    players: tuple[str, ...],
    dealer: int,
    language: str,
    reason: str,
    refused_key: str,
    request: pytest.FixtureRequest,
) -> None:
    if language == "de":
        request.getfixturevalue("german")
    submissions = Submissions()
    panel = make_panel(qtbot, submissions, variant, players, dealer=dealer)
    keyboard = Keyboard(qtbot)
    panel.widget_for(Slot.BIDDER).setFocus()
    keyboard.press("A", "H", (Qt.Key.Key_D, ALT), "X")  # hearts ("Herz") in both languages
    assert panel.doubler.hasFocus()
    keyboard.press("C", "C")  # Carl doubles, Bert sides with him
    values = panel.values()
    assert (values.doubler, values.sides_with) == (2, SidesWith.DEFENDER)
    nullo = panel.special.buttons()[1]
    assert not nullo.isEnabled()
    assert nullo.toolTip() == reason
    assert nullo.accessibleDescription() == reason
    assert panel.nullo_bidder.buttons() == [] or not panel.nullo_bidder.isVisibleTo(panel)
    panel.special.setFocus()
    keyboard.press(refused_key)
    assert panel.values().special is Special.NONE  # not chosen
    assert panel.errors[Slot.SPECIAL.row].text() == f"⚠ {reason}"
    screenshot(panel, f"panel-nullo-refused-{variant.value}-{language}")
    keyboard.press(Qt.Key.Key_Right)  # the arrows pass it by: None, then Slam
    assert panel.values().special is Special.SLAM
    keyboard.press(Qt.Key.Key_Backspace)
    panel.card_points.edits[0].setFocus()  # typed in a box after the row: the same reason
    keyboard.press(refused_key)
    assert panel.values().special is Special.NONE
    assert panel.card_points.edits[0].text() == ""
    assert panel.card_points.errors[0].text() == f"⚠ {reason}"


@pytest.mark.parametrize(("variant", "players", "dealer"), TABLES)
def test_nullo_by_the_third_player_siding_with_the_declarer_is_offered_and_taken(
    qtbot: QtBot, variant: Variant, players: tuple[str, ...], dealer: int
) -> None:
    submissions = Submissions()
    panel = make_panel(qtbot, submissions, variant, players, dealer=dealer)
    keyboard = Keyboard(qtbot)
    panel.widget_for(Slot.BIDDER).setFocus()
    keyboard.press("A", "H", (Qt.Key.Key_D, ALT), "X", "C", "A")  # Bert sides with Anna
    assert panel.special.buttons()[1].isEnabled()
    panel.special.setFocus()
    keyboard.press("N")
    assert panel.values().special is Special.NULLO
    assert [button.text() for button in panel.nullo_bidder.buttons()] == ["Bert [2/B]"]
    keyboard.press("B")
    assert panel.values().nullo_bidder == 1
    assert panel.errors[Slot.NULLO_BIDDER.row].text() == ""
