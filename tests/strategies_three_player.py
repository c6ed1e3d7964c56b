"""Hypothesis strategies for valid three-player and cutthroat hands and sittings (T16, F2).

A three-player hand is played as the two-player hand of the declarer against the active
defender (T5), so a valid one is built from a valid two-player hand of
:func:`tests.strategies.played_hands`, seated at two of the three seats; the roles (who bid,
who doubled, whom the third player sides with) are then drawn as T16 allows them.
"""

from __future__ import annotations

from hypothesis import strategies as st

from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.model import (
    Doubling,
    Rules,
    SeatDeal,
    SeatHand,
    SidesWith,
    Sitting,
    Special,
    ThrownIn,
    Variant,
)
from tests.strategies import custom_rules, played_hands, valid_hands

__all__ = [
    "chouette_sittings",
    "cutthroat_hands",
    "cutthroat_sittings",
    "three_player_hands",
    "three_player_sittings",
]

PLAYERS = ("Anna", "Bert", "Carl")


@st.composite
def three_player_hands(draw: st.DrawFn) -> SeatDeal:
    """A valid three-player hand: about one in ten thrown in, the rest played."""
    if draw(st.integers(0, 9)) == 0:
        return ThrownIn(dealer=draw(st.sampled_from((None, 0, 1, 2))))
    two = draw(played_hands())
    declarer, defender, inactive = draw(st.permutations((0, 1, 2)))
    seat_of = {two.declarer: declarer, 1 - two.declarer: defender}

    def by_seat(pair: tuple[int, int]) -> tuple[int, int, int]:
        values = [0, 0, 0]
        for side, value in enumerate(pair):
            values[seat_of[side]] = value
        return (values[0], values[1], values[2])

    def seat(side: int | None) -> int | None:
        return None if side is None else seat_of[side]

    double, doubler, sides_with, nullo_bidder = two.double, None, None, None
    bidder = declarer
    if two.special is Special.NULLO:
        nullo_bidder = declarer
        bidder, other = draw(st.permutations((defender, inactive)))
        double = draw(st.sampled_from((Doubling.NONE, Doubling.NONE, Doubling.DOUBLE)))
        if double is not Doubling.NONE:
            doubler, sides_with = other, SidesWith.DECLARER
    elif double is not Doubling.NONE:
        doubler, sides_with = defender, draw(st.sampled_from(tuple(SidesWith)))
    return SeatHand(
        bidder=bidder,
        trump=two.trump,
        active_defender=defender,
        card_points=by_seat(two.card_points),
        last_trick=seat(two.last_trick),
        double=double,
        doubler=doubler,
        sides_with=sides_with,
        special=two.special,
        nullo_bidder=nullo_bidder,
        melds=by_seat(two.melds),
        jojotte=seat(two.jojotte),
        tricks=None if two.tricks is None else by_seat(two.tricks),
        dealer=draw(st.sampled_from((None, 0, 1, 2))),
    )


@st.composite
def three_player_sittings(draw: st.DrawFn, max_hands: int = 40) -> Sitting:
    """A valid three-player sitting, under the standard rules or overridden ones."""
    rules = draw(st.just(Rules()) | custom_rules())
    hands = draw(st.lists(three_player_hands(), max_size=max_hands))
    return Sitting(Variant.THREE_PLAYER, PLAYERS, tuple(hands), rules)


@st.composite
def cutthroat_hands(draw: st.DrawFn) -> SeatDeal:
    """A valid cutthroat hand (F2): a three-player hand seated around the dealer."""
    hand = draw(three_player_hands())
    dealer = draw(st.sampled_from((0, 1, 2, 3)))
    if isinstance(hand, ThrownIn):
        return ThrownIn(dealer=draw(st.sampled_from((None, dealer))))
    others = [seat for seat in range(4) if seat != dealer]

    def seat(three: int | None) -> int | None:
        return None if three is None else others[three]

    def spread(values: tuple[int, ...]) -> tuple[int, ...]:
        four = [0, 0, 0, 0]
        for three, value in enumerate(values):
            four[others[three]] = value
        return tuple(four)

    return hand._replace(
        bidder=others[hand.bidder],
        active_defender=others[hand.active_defender],
        doubler=seat(hand.doubler),
        nullo_bidder=seat(hand.nullo_bidder),
        last_trick=seat(hand.last_trick),
        jojotte=seat(hand.jojotte),
        card_points=spread(hand.card_points),
        melds=spread(hand.melds),
        tricks=None if hand.tricks is None else spread(hand.tricks),
        dealer=dealer,
    )


@st.composite
def cutthroat_sittings(draw: st.DrawFn, max_hands: int = 40) -> Sitting:
    """A valid cutthroat sitting, under the standard rules or overridden ones."""
    rules = draw(st.just(Rules()) | custom_rules())
    hands = draw(st.lists(cutthroat_hands(), max_size=max_hands))
    return Sitting(Variant.CUTTHROAT, (*PLAYERS, "Dave"), tuple(hands), rules)


@st.composite
def chouette_sittings(draw: st.DrawFn, max_hands: int = 40) -> Sitting:
    """A valid chouette sitting (C8): two-player hands of box against team, any first roles,
    dealers left unrecorded (who may deal depends on each rubber's roles, C7)."""
    rules = draw(st.just(Rules()) | custom_rules())
    hands = draw(st.lists(valid_hands(Variant.TWO_PLAYER), max_size=max_hands))
    first = draw(
        st.sampled_from([ChouetteRoles(b, c) for b in range(3) for c in range(3) if b != c])
    )
    unrecorded = tuple(hand._replace(dealer=None) for hand in hands)
    return Sitting(Variant.CHOUETTE, PLAYERS, unrecorded, rules, roles=first)
