"""Hands recorded by seat in a sitting file: the three-player game and cutthroat (T3, F2).

A played hand has the keys of T3 (docs/RULES.md, "Three players"), with ``card_points``,
``melds`` and ``tricks`` as lists of one number per seat; a thrown-in deal is written as in
the two-sided games. :func:`read_seat_deal` reads the structure and notes every problem;
the rules of the game are checked by the game's ``check_seat_hand``
(:mod:`jojotte_score.core.games`).
"""

from __future__ import annotations

from typing import Final

from jojotte_score.core.errors import Problem
from jojotte_score.core.model import (
    Doubling,
    SeatDeal,
    SeatHand,
    SidesWith,
    Special,
    Trump,
)
from jojotte_score.formats.json_fields import (
    SEAT,
    FieldReader,
    read_deal,
    translated,
)
from jojotte_score.i18n import N_

SEAT_PLAYED_KEYS: Final = (
    "thrown_in",
    "dealer",
    "bidder",
    "trump",
    "double",
    "doubler",
    "sides_with",
    "special",
    "nullo_bidder",
    "active_defender",
    "card_points",
    "last_trick",
    "jojotte",
    "melds",
    "tricks",
    "note",
)
SEAT_MEANINGS: Final = {
    "bidder": N_("the seat of the player who named the trump or no-trump"),
    "trump": N_('"clubs", "diamonds", "hearts", "spades" or "no-trump"'),
    "active_defender": N_("the seat of the player who played against the declarer"),
    "card_points": N_("the card points each player took, one number per seat"),
}


def read_seat_deal(
    data: object, number: int, seats: int, problems: list[Problem]
) -> SeatDeal | None:
    """Hand ``number`` of a sitting of ``seats`` players read by seat; None (with the
    problems noted) when its structure is not sound."""
    reader = FieldReader({}, problems, number, lambda: translated(SEAT_MEANINGS))
    return read_deal(
        data, number, problems, reader, SEAT_PLAYED_KEYS, lambda read: _read_played(read, seats)
    )


def _read_played(reader: FieldReader, seats: int) -> SeatHand | None:
    reader.check_keys(SEAT_PLAYED_KEYS)
    dealer = reader.integer("dealer", SEAT, nullable=True)
    bidder = reader.integer("bidder", SEAT, required=True)
    trump = reader.choice("trump", Trump)
    double = reader.choice("double", Doubling, Doubling.NONE)
    doubler = reader.integer("doubler", SEAT, nullable=True)
    sides_with = reader.choice("sides_with", SidesWith, nullable=True)
    special = reader.choice("special", Special, Special.NONE)
    nullo_bidder = reader.integer("nullo_bidder", SEAT, nullable=True)
    active_defender = reader.integer("active_defender", SEAT, required=True)
    card_points = reader.by_seat("card_points", seats)
    if card_points is None and "card_points" not in reader.obj:
        reader.missing("card_points")
    last_trick = reader.integer("last_trick", SEAT, nullable=True)
    jojotte = reader.integer("jojotte", SEAT, nullable=True)
    melds = reader.by_seat("melds", seats)
    tricks = reader.by_seat("tricks", seats, nullable=True)
    note = reader.text("note", "")
    if (
        not reader.ok
        or bidder is None
        or trump is None
        or double is None
        or special is None
        or active_defender is None
        or card_points is None
        or note is None
    ):
        return None
    return SeatHand(
        bidder=bidder,
        trump=trump,
        active_defender=active_defender,
        card_points=card_points,
        last_trick=last_trick,
        double=double,
        doubler=doubler,
        sides_with=sides_with,
        special=special,
        nullo_bidder=nullo_bidder,
        melds=(0,) * seats if melds is None else melds,
        jojotte=jojotte,
        tricks=tricks,
        dealer=dealer,
        note=note,
    )


def seat_hand_to_data(hand: SeatHand) -> dict[str, object]:
    """A played hand by seat as a JSON-ready dict; keys holding their default are left out."""
    data: dict[str, object] = {}
    if hand.dealer is not None:
        data["dealer"] = hand.dealer
    data["bidder"] = hand.bidder
    data["trump"] = hand.trump.value
    if hand.double is not Doubling.NONE:
        data["double"] = hand.double.value
    if hand.doubler is not None:
        data["doubler"] = hand.doubler
    if hand.sides_with is not None:
        data["sides_with"] = hand.sides_with.value
    if hand.special is not Special.NONE:
        data["special"] = hand.special.value
    if hand.nullo_bidder is not None:
        data["nullo_bidder"] = hand.nullo_bidder
    data["active_defender"] = hand.active_defender
    data["card_points"] = list(hand.card_points)
    if hand.last_trick is not None:
        data["last_trick"] = hand.last_trick
    if hand.jojotte is not None:
        data["jojotte"] = hand.jojotte
    if any(hand.melds):
        data["melds"] = list(hand.melds)
    if hand.tricks is not None:
        data["tricks"] = list(hand.tricks)
    if hand.note:
        data["note"] = hand.note
    return data
