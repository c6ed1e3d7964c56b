"""The entry forms of the three-player game, cutthroat and the chouette, without Qt: only
what the hand needs, in the order of the table, the two active players' boxes, the core's
problems in the players' words, and the keys a scorekeeper presses."""

from __future__ import annotations

import subprocess
import sys

import pytest

from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.model import (
    Doubling,
    PlayedHand,
    SeatHand,
    SidesWith,
    Special,
    ThrownIn,
    Trump,
    Variant,
)
from jojotte_score.gui.entry.entry_form import EntryForm
from jojotte_score.gui.entry.entry_panel import entry_form_for
from jojotte_score.gui.entry.form_rules import SEAT_ORDER, FormValues, Slot
from jojotte_score.gui.entry.seat_form import SeatEntryForm
from tests.gui.entry.conftest import CUTTHROAT_FORM, THREE_FORM

# Carl in the box against Anna (captain) and Bert (partner).
CHOUETTE = EntryForm(Variant.CHOUETTE, ("Anna", "Bert", "Carl"), ChouetteRoles(box=2, captain=0))

PLAIN = SeatHand(
    bidder=0, trump=Trump.SPADES, active_defender=1, card_points=(90, 40, 0), last_trick=0, dealer=2
)
DOUBLED = SeatHand(
    bidder=0,
    trump=Trump.HEARTS,
    active_defender=2,
    card_points=(50, 0, 80),
    last_trick=2,
    double=Doubling.DOUBLE,
    doubler=2,
    sides_with=SidesWith.DEFENDER,
    dealer=1,
)
NULLO = SeatHand(
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
CUT = SeatHand(
    bidder=1,
    trump=Trump.NO_TRUMP,
    active_defender=2,
    card_points=(0, 70, 40, 0),
    last_trick=1,
    melds=(0, 0, 50, 0),
    dealer=0,
)


def shown_rows(form: SeatEntryForm, values: FormValues) -> list[str]:
    return list(dict.fromkeys(s.row for s in SEAT_ORDER if form.is_shown(values, s)))


def test_the_seat_form_imports_no_qt() -> None:
    code = (
        "import sys, jojotte_score.gui.entry.seat_form\n"
        "print(sorted(m for m in sys.modules if m.startswith('PySide6')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_each_variant_gets_its_form() -> None:
    assert isinstance(entry_form_for(Variant.THREE_PLAYER, ("A", "B", "C")), SeatEntryForm)
    assert isinstance(entry_form_for(Variant.CUTTHROAT, ("A", "B", "C", "D")), SeatEntryForm)
    chouette = entry_form_for(Variant.CHOUETTE, ("A", "B", "C"), ChouetteRoles(1, 2))
    assert isinstance(chouette, EntryForm)
    assert chouette.names == ("B", "C")


def test_an_undoubled_hand_shows_only_what_it_needs_in_table_order() -> None:
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
    # The last trick offers the two players who play: its row waits until they are known.
    assert shown_rows(THREE_FORM, FormValues()) == [row for row in rows if row != "last_trick"]
    assert shown_rows(THREE_FORM, FormValues(bidder=0, active_defender=1)) == rows


def test_a_double_asks_who_doubled_and_whom_the_third_sided_with_and_the_doubler_defends() -> None:
    values = FormValues(bidder=0, trump=Trump.HEARTS, double=Doubling.DOUBLE)
    rows = shown_rows(THREE_FORM, values)
    assert rows[3:6] == ["double", "doubler", "sides_with"]
    assert "active_defender" not in rows  # T16.3: the doubler is the active defender
    assert THREE_FORM.missing(values)["doubler"] == "Who doubled?"
    doubled = values._replace(doubler=2)
    assert THREE_FORM.missing(doubled)["sides_with"] == "Whom did Bert side with?"
    assert THREE_FORM.pair_names(doubled) == ("Anna", "Carl")
    assert THREE_FORM.choices(Slot.SIDES_WITH, doubled) == [
        (SidesWith.DECLARER, "Anna (declarer)", ("1", "A", "D")),
        (SidesWith.DEFENDER, "Carl (doubler)", ("3", "C", "F")),
    ]


def test_nullo_asks_its_bidder_and_leaves_out_the_last_trick() -> None:
    values = FormValues(bidder=0, trump=Trump.CLUBS, special=Special.NULLO)
    assert "nullo_bidder" in shown_rows(THREE_FORM, values)
    assert THREE_FORM.missing(values)["nullo_bidder"] == "Who bid Nullo?"
    assert [c[0] for c in THREE_FORM.choices(Slot.NULLO_BIDDER, values)] == [1, 2]
    assert not THREE_FORM.is_enabled(values, Slot.LAST_TRICK)
    chosen = values._replace(nullo_bidder=2)
    assert THREE_FORM.missing(chosen)["active_defender"] == "Who played against Carl?"
    assert [c[0] for c in THREE_FORM.choices(Slot.ACTIVE_DEFENDER, chosen)] == [0, 1]


def test_the_boxes_are_the_two_active_players_declarer_first() -> None:
    values = FormValues(bidder=1, trump=Trump.SPADES, active_defender=0)
    assert THREE_FORM.pair_names(values) == ("Bert", "Anna")
    assert THREE_FORM.missing(values)["card_points[0]"] == "How many card points did Bert take?"
    assert THREE_FORM.pair_names(FormValues()) == ("Declarer", "Active defender")
    assert [c[1] for c in THREE_FORM.choices(Slot.LAST_TRICK, values)] == ["Bert", "Anna"]
    assert [c[1] for c in THREE_FORM.choices(Slot.JOJOTTE, values)] == ["Nobody", "Bert", "Anna"]


@pytest.mark.parametrize("hand", [PLAIN, DOUBLED, NULLO], ids=["plain", "doubled", "nullo"])
def test_a_hand_comes_back_from_its_values_and_the_inactive_seat_holds_zero(
    hand: SeatHand,
) -> None:
    check = THREE_FORM.check(FormValues.of(hand))
    assert check.missing == {}
    assert check.problems == ()
    assert check.hand == hand


def test_the_cores_problems_land_on_the_box_of_the_player_they_name() -> None:
    values = FormValues.of(PLAIN)._replace(melds=(None, 55))
    check = THREE_FORM.check(values, 4)
    assert [(p.field, p.message) for p in check.errors] == [
        ("melds[1]", "Bert's meld points (55) are not a sum of 20, 40, 50 and 100")
    ]
    too_many = FormValues.of(PLAIN)._replace(card_points=(100, 60))
    assert [(p.field, p.message) for p in THREE_FORM.check(too_many).errors] == [
        (
            "card_points",
            "card points add up to 160 (Anna: 100, Bert: 60), more than the 155 of the whole "
            "deck with a trump suit",
        )
    ]


def test_the_plain_three_player_hand_takes_nine_keys() -> None:
    """The last trick's letter straight after the card points, with no Tab first; Bert,
    to Anna's left, is the active defender the rules ask first: filled in, not typed."""
    keys = THREE_FORM.keystrokes(PLAIN, FormValues(dealer=2))
    assert keys == ["A", "S", "9", "0", "Tab", "4", "0", "A", "Enter"]
    assert len(keys) == 9  # one Enter: an undoubled hand needs no confirmation


def test_a_doubled_hand_takes_thirteen_keys() -> None:
    keys = THREE_FORM.keystrokes(DOUBLED, FormValues(dealer=1))
    assert keys == [
        "A",
        "H",
        "Alt+D",
        "X",
        "C",
        "F",  # the doubler's side: the key shown while he was not named (issue 41)
        "5",
        "0",
        "Tab",
        "8",
        "0",
        "C",
        "Enter",
    ]


def test_cutthroat_needs_the_dealer_who_sits_out_and_offers_him_no_role() -> None:
    missing = CUTTHROAT_FORM.missing(FormValues())
    assert missing["dealer"] == "Who dealt? The dealer sits out the hand."
    values = FormValues(dealer=0)
    assert [c[0] for c in CUTTHROAT_FORM.choices(Slot.BIDDER, values)] == [1, 2, 3]
    with_bidder = values._replace(bidder=1, double=Doubling.DOUBLE)
    assert [c[0] for c in CUTTHROAT_FORM.choices(Slot.DOUBLER, with_bidder)] == [2, 3]
    check = CUTTHROAT_FORM.check(FormValues.of(CUT))
    assert (check.missing, check.problems, check.hand) == ({}, (), CUT)
    keys = CUTTHROAT_FORM.keystrokes(CUT, FormValues(dealer=0))
    # Carl, to Bert's left, defends: the player the rules ask first, filled in.
    assert " ".join(keys) == "B N 7 0 Tab 5 0 M 4 0 B Enter"


def test_the_chouette_form_names_the_box_and_the_team() -> None:
    assert CHOUETTE.pair_names(FormValues()) == ("Carl (box)", "Anna (captain, with Bert)")
    assert CHOUETTE.choices(Slot.BIDDER, FormValues()) == [
        (0, "Carl (box)", ("3", "C")),
        (1, "Anna (captain, with Bert)", ("1", "A")),
    ]
    # the dealer is the box or the captain (C7), by seat
    assert [c[0] for c in CHOUETTE.choices(Slot.DEALER, FormValues())] == [2, 0]
    assert CHOUETTE.missing(FormValues())["card_points[1]"] == (
        "How many card points did Anna take?"
    )


def test_a_chouette_hand_is_the_two_player_hand_box_against_team() -> None:
    hand = PlayedHand(bidder=0, trump=Trump.DIAMONDS, card_points=(95, 30), last_trick=0, dealer=0)
    # the dealer is seat 0 (Anna, the captain): not a side
    keys = CHOUETTE.keystrokes(hand, FormValues(dealer=0))
    assert keys == ["C", "D", "9", "5", "Tab", "3", "0", "C", "Enter"]
    check = CHOUETTE.check(FormValues.of(hand))
    assert (check.hand, check.problems) == (hand, ())
    wrong = CHOUETTE.check(FormValues.of(hand)._replace(dealer=1))
    assert [(p.field, p.message) for p in wrong.errors] == [
        ("dealer", "the dealer must be the box, Carl, or the captain, Anna")
    ]


def test_a_thrown_in_deal_is_the_dealer_and_ctrl_t() -> None:
    assert CUTTHROAT_FORM.keystrokes(ThrownIn(dealer=0), FormValues(dealer=0)) == ["Ctrl+T"]
