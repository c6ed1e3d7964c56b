"""The entry panel of the three-player game, cutthroat and the chouette, typed at as at the
table; each hand typed is scored as the pad scores it and checked column by column."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import replay
from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.model import (
    AnyHand,
    Doubling,
    PlayedHand,
    Rules,
    SeatHand,
    SidesWith,
    Sitting,
    Special,
    Trump,
    Variant,
)
from jojotte_score.core.scoring import Line
from jojotte_score.gui.entry.entry_panel import EntryPanel
from jojotte_score.gui.entry.form_rules import Slot
from tests.gui.entry.conftest import FOUR, THREE, Submissions, make_panel, three_panel
from tests.gui.entry.test_entry_panel import screenshot
from tests.gui.keyboard import ALT, ENTER, TAB, Keyboard


def pad_columns(
    variant: Variant, players: tuple[str, ...], hand: AnyHand, chouette: ChouetteRoles | None = None
) -> list[tuple[int, int]]:
    """Each player's (above, below) after ``hand``, from the whole sitting replayed."""
    sitting: Sitting | Sitting
    if isinstance(hand, SeatHand):
        sitting = Sitting(variant, players, (hand,), Rules())
    else:
        sitting = Sitting(variant, players, (hand,), Rules(), chouette)
    result = replay(sitting).hands[0]
    return [
        (result.written(s, Line.ABOVE), result.written(s, Line.BELOW)) for s in range(len(players))
    ]


def visible_rows(panel: EntryPanel) -> list[str]:
    return [row for row, label in panel.row_labels.items() if label.isVisibleTo(panel)]


def focused() -> QWidget | None:
    return QApplication.focusWidget()


def test_a_plain_three_player_hand_takes_nine_keys_and_scores_each_column(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    panel = three_panel(qtbot, submissions)
    rows = [
        "dealer",
        "bidder",
        "trump",
        "double",
        "special",
        "active_defender",
        "melds",
        "card_points",
        "last_trick",
        "jojotte",
        "tricks",
        "note",
    ]
    # The last trick's row waits for the two players who play (its choices).
    assert visible_rows(panel) == [row for row in rows if row != "last_trick"]
    keyboard.press("A", "S")  # Anna bids spades
    assert visible_rows(panel) == rows
    # Bert, to Anna's left, is asked first whether to defend: filled in, shown in his row
    # and on the boxes; the focus passes the row. Carl sits out.
    assert panel.active_defender.value() == 1
    assert panel.active_defender.accessibleDescription() == "Bert chosen"
    assert focused() is panel.widget_for(Slot.CARDS_LEFT)
    assert [label.text() for label in panel.card_points.side_labels] == ["Anna", "Bert"]
    screenshot(panel, "panel-three-player")
    keyboard.type("90")
    keyboard.press(TAB)
    keyboard.type("40")
    keyboard.press("A")  # Anna took the last trick
    assert "Carl sits out and sides with Bert" in panel.preview.toPlainText()
    screenshot(panel, "panel-three-player-preview")
    keyboard.press(ENTER)
    assert keyboard.count == 9
    [request] = submissions
    assert request.hand == SeatHand(
        bidder=0,
        trump=Trump.SPADES,
        active_defender=1,
        card_points=(90, 40, 0),
        last_trick=0,
        dealer=2,
    )
    # Anna 90 + 10 for the last trick wins: 100 below; Bert's 40 above (T6), and Carl,
    # who sat out with the defender, writes Bert's 40 too (T8).
    assert pad_columns(Variant.THREE_PLAYER, THREE, request.hand) == [(0, 100), (40, 0), (40, 0)]


def test_a_doubled_three_player_hand_asks_the_doubler_and_the_third_players_side(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    panel = make_panel(qtbot, submissions, Variant.THREE_PLAYER, THREE, dealer=1)
    keyboard.press("A", "H", (ord("D"), ALT), "X")  # type: ignore[arg-type]
    assert focused() is panel.widget_for(Slot.DOUBLER)
    rows = visible_rows(panel)
    assert rows[3:6] == ["double", "doubler", "sides_with"]
    assert "active_defender" not in rows  # the doubler defends (T16.3)
    keyboard.press("C")  # Carl doubled
    assert [b.text() for b in panel.sides_with.buttons()] == [
        "Anna (declarer) [1/A/D]",
        "Carl (doubler) [3/C/F]",
    ]
    keyboard.press("C")  # Bert sides with Carl
    assert [label.text() for label in panel.card_points.side_labels] == ["Anna", "Carl"]
    screenshot(panel, "panel-three-player-doubled")
    keyboard.type("50")
    keyboard.press(TAB)
    keyboard.type("80")
    keyboard.press(TAB, "C", ENTER)
    assert keyboard.count == 14
    [request] = submissions
    hand = request.hand
    assert isinstance(hand, SeatHand)
    assert (hand.double, hand.doubler, hand.sides_with, hand.active_defender) == (
        Doubling.DOUBLE,
        2,
        SidesWith.DEFENDER,
        2,
    )
    # Carl 80 + 10 beats Anna's 50: 2 x (50 + 90) = 280 below for Carl (T7), and Bert, on
    # Carl's side, writes the 280 above (T8). Anna writes nothing.
    assert pad_columns(Variant.THREE_PLAYER, THREE, hand) == [(0, 0), (280, 0), (0, 280)]


def test_a_nullo_shows_its_bidder_and_the_tricks(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    panel = make_panel(qtbot, submissions, Variant.THREE_PLAYER, THREE, dealer=1)
    keyboard.press("A", "C", (ord("N"), ALT), "N")  # type: ignore[arg-type]
    assert focused() is panel.widget_for(Slot.NULLO_BIDDER)
    assert [b.text() for b in panel.nullo_bidder.buttons()] == ["Bert [2/B]", "Carl [3/C]"]
    keyboard.press("C")  # Carl bids Nullo; Anna plays against him
    keyboard.press("A")
    assert not panel.last_trick.isEnabled()
    screenshot(panel, "panel-three-player-nullo")
    keyboard.type("10")
    keyboard.press(TAB)
    keyboard.type("70")
    keyboard.press((ord("K"), ALT))  # type: ignore[arg-type]
    keyboard.type("1")
    keyboard.press(TAB)
    keyboard.type("8")
    keyboard.press(ENTER)
    [request] = submissions
    assert request.hand == SeatHand(
        bidder=0,
        trump=Trump.CLUBS,
        active_defender=0,
        card_points=(70, 0, 10),
        last_trick=None,
        special=Special.NULLO,
        nullo_bidder=2,
        tricks=(8, 0, 1),
        dealer=1,
    )
    # Carl lost his Nullo with one trick: 100 to Anna and, sitting out, to Bert (T11); the
    # 80 card points at no-trump values wait in prison.
    assert pad_columns(Variant.THREE_PLAYER, THREE, request.hand) == [(100, 0), (100, 0), (0, 0)]


def test_a_mistake_is_shown_on_the_box_of_the_player_it_names(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    panel = three_panel(qtbot, submissions)
    keyboard.press("A", "S", "B", (ord("M"), ALT), TAB)  # type: ignore[arg-type]
    keyboard.type("55")
    keyboard.press(TAB)
    keyboard.type("90")
    keyboard.press(TAB)
    keyboard.type("40")
    keyboard.press(TAB, "A", ENTER)
    assert submissions == []
    message = panel.melds.errors[1]
    assert message.isVisible()
    assert "Bert's meld points (55) are not a sum of 20, 40, 50 and 100" in message.text()


def test_a_cutthroat_hand_prefills_the_dealer_who_sits_out(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    panel = make_panel(qtbot, submissions, Variant.CUTTHROAT, FOUR, dealer=0)
    assert [b.text() for b in panel.bidder.buttons()] == ["Bert [2/B]", "Carl [3/C]", "Dora [4/D]"]
    keyboard.press("B", "N", "C")  # Bert bids no-trump, Carl defends, Dora sits out
    screenshot(panel, "panel-cutthroat")
    keyboard.press((ord("M"), ALT), TAB)  # type: ignore[arg-type]
    keyboard.type("50")  # Carl's melds
    keyboard.press(TAB)
    keyboard.type("70")
    keyboard.press(TAB)
    keyboard.type("40")
    keyboard.press(TAB, "B", ENTER)
    assert keyboard.count == 16  # with Carl's melds: Alt+M, Tab and two digits
    [request] = submissions
    assert request.hand == SeatHand(
        bidder=1,
        trump=Trump.NO_TRUMP,
        active_defender=2,
        card_points=(0, 70, 40, 0),
        last_trick=1,
        melds=(0, 0, 50, 0),
        dealer=0,
    )
    # Bert 70 + 10 = 80 against Carl 40 + 50 melds = 90: the defence wins, undoubled, so
    # Carl writes the combined 120 above (T6) and his 50 melds; Dora, sitting out, copies
    # him (T8) and Anna, the dealer, copies Dora (F3): 170 each above.
    assert pad_columns(Variant.CUTTHROAT, FOUR, request.hand) == [
        (170, 0),
        (0, 0),
        (170, 0),
        (170, 0),
    ]


def test_cutthroat_asks_for_the_dealer_when_none_is_known(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    panel = make_panel(qtbot, submissions, Variant.CUTTHROAT, FOUR, dealer=None)
    assert focused() is panel.widget_for(Slot.DEALER)
    keyboard.press("D")
    assert focused() is panel.widget_for(Slot.BIDDER)
    assert [b.text() for b in panel.bidder.buttons()] == ["Anna [1/A]", "Bert [2/B]", "Carl [3/C]"]


def test_a_chouette_hand_is_box_against_team(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    roles = ChouetteRoles(box=2, captain=0)
    panel = make_panel(qtbot, submissions, Variant.CHOUETTE, THREE, dealer=0, roles=roles)
    assert [b.text() for b in panel.dealer.buttons()] == [
        "Carl (box) [3/C]",
        "Anna (captain, with Bert) [1/A]",
    ]
    assert [label.text() for label in panel.card_points.side_labels] == [
        "Carl (box)",
        "Anna (captain, with Bert)",
    ]
    assert "active_defender" not in visible_rows(panel)
    screenshot(panel, "panel-chouette")
    keyboard.press("C", "D")
    keyboard.type("95")
    keyboard.press(TAB)
    keyboard.type("30")
    keyboard.press(TAB, "C", ENTER)
    assert keyboard.count == 10
    [request] = submissions
    hand = request.hand
    assert hand == PlayedHand(
        bidder=0, trump=Trump.DIAMONDS, card_points=(95, 30), last_trick=0, dealer=0
    )
    # Carl in the box wins 95 + 10: 105 below; the team's 30 above for Anna, the captain,
    # and Bert, her partner, writes the same (C4).
    assert pad_columns(Variant.CHOUETTE, THREE, hand, roles) == [(30, 0), (30, 0), (0, 105)]


def test_the_chouette_roles_follow_the_rubbers(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    won = PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(100, 20), last_trick=0)
    # the box (Anna) wins two games: she stays in the box, Carl becomes captain (C3)
    panel = make_panel(
        qtbot,
        submissions,
        Variant.CHOUETTE,
        THREE,
        dealer=None,
        roles=ChouetteRoles(0, 1),
        hands=(won, won),
    )
    assert [label.text() for label in panel.card_points.side_labels] == [
        "Anna (box)",
        "Carl (captain, with Bert)",
    ]


# In German ---------------------------------------------------------------------------------


@pytest.mark.usefixtures("german")
def test_a_german_three_player_hand_with_a_mistake(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    """Pik by P, Bert against Anna, 55 meld points for Bert: the mistake on Bert's box, the
    rows and the boxes' names in German, nothing cut off at the panel's narrowest width."""
    panel = three_panel(qtbot, submissions)
    assert [b.text() for b in panel.active_defender.buttons()] == [
        "Anna [1/A]",
        "Bert [2/B]",
        "Carl [3/C]",
    ]
    assert [label.text() for label in panel.card_points.side_labels] == [
        "Kontraktspieler",
        "Aktiver Verteidiger",
    ]
    keyboard.press("A", "P", "B", (ord("M"), ALT), TAB)  # type: ignore[arg-type]
    keyboard.type("55")
    keyboard.press(TAB)
    keyboard.type("90")
    keyboard.press(TAB)
    keyboard.type("40")
    keyboard.press(TAB, "A", ENTER)
    assert submissions == []
    assert panel.melds.errors[1].isVisible()
    assert "55" in panel.melds.errors[1].text()
    assert panel.row_labels["active_defender"].text() == "Aktiver V&erteidiger"
    assert [label.text() for label in panel.card_points.side_labels] == ["Anna", "Bert"]
    assert panel.preview.toPlainText().startswith("Kann nicht eingetragen werden:")
    screenshot(panel, "panel-three-player-error-de")
    panel.resize(panel.narrowest(), 1000)
    qtbot.wait(20)
    screenshot(panel, "panel-three-player-error-de-narrow")


@pytest.mark.usefixtures("german")
def test_a_german_doubled_three_player_hand_asks_whom_the_third_player_sides_with(
    qtbot: QtBot, submissions: Submissions, keyboard: Keyboard
) -> None:
    panel = make_panel(qtbot, submissions, Variant.THREE_PLAYER, THREE, dealer=1)
    keyboard.press("A", "H", (ord("R"), ALT), "X")  # type: ignore[arg-type]
    assert focused() is panel.widget_for(Slot.DOUBLER)
    assert [b.text() for b in panel.sides_with.buttons()] == [
        "Anna (hat angesagt) [1/A/K]",
        "Kontrierender [X]",
    ]
    keyboard.press("C")  # Carl doubled
    assert panel.row_labels["sides_with"].text() == "Dritter Spieler hält z&u"
    assert [b.text() for b in panel.sides_with.buttons()] == [
        "Anna (hat angesagt) [1/A/K]",
        "Carl (hat kontriert) [3/C/X]",
    ]
    keyboard.press(ENTER)
    assert panel.errors["sides_with"].text() == "⚠ Zu wem hält Bert?"
    panel.resize(panel.narrowest(), 1000)
    qtbot.wait(20)
    screenshot(panel, "panel-three-player-doubled-de-narrow")
    keyboard.press("C")  # Bert sides with Carl
    keyboard.type("50")
    keyboard.press(TAB)
    keyboard.type("80")
    keyboard.press(TAB, "C", ENTER)
    [request] = submissions
    hand = request.hand
    assert isinstance(hand, SeatHand)
    assert (hand.doubler, hand.sides_with, hand.active_defender) == (2, SidesWith.DEFENDER, 2)
