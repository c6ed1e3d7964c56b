"""The quick test of a plain hand (``validation._plainly_sound``) vouches only for hands in
which the rule-by-rule checks find nothing: it decides how fast a hand passes, never what
its problems are."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.games import find_game
from jojotte_score.core.model import Doubling, PlayedHand, Special, Trump, Variant
from jojotte_score.core.validation import _check_each_rule, _plainly_sound, check_hand

TWO_SIDED = [variant for variant in Variant if not find_game(variant).per_player]

# Values around every bound the checks draw: sides and seats, the decks (120, 155), the
# card point step (5), the meld totals (10 and 30 are not melds) and the tricks (8, 9).
_SMALL = st.sampled_from([-1, 0, 1, 2, 3, 4, 5])
_POINTS = st.one_of(
    st.integers(min_value=-10, max_value=170),
    st.sampled_from([0, 5, 35, 60, 65, 90, 95, 115, 120, 125, 150, 155, 160]),
)
_MELDS = st.sampled_from([0, 10, 20, 30, 40, 50, 90, 100, 150, 200, 250, 300, 390, 400, -20])
_TRICKS = st.one_of(st.none(), st.tuples(_SMALL, st.sampled_from([0, 1, 7, 8, 9, 10])))
_ANY_HAND = st.builds(
    PlayedHand,
    bidder=_SMALL,
    trump=st.sampled_from(list(Trump)),
    card_points=st.tuples(_POINTS, _POINTS),
    last_trick=st.one_of(st.none(), _SMALL),
    double=st.sampled_from(list(Doubling)),
    special=st.sampled_from(list(Special)),
    melds=st.tuples(_MELDS, _MELDS),
    jojotte=st.one_of(st.none(), _SMALL),
    tricks=_TRICKS,
    dealer=st.one_of(st.none(), _SMALL),
)


_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "bidder": _SMALL,
    "card_points": st.tuples(_POINTS, _POINTS),
    "last_trick": st.one_of(st.none(), _SMALL),
    "double": st.sampled_from(list(Doubling)),
    "special": st.sampled_from(list(Special)),
    "melds": st.tuples(_MELDS, _MELDS),
    "jojotte": st.one_of(st.none(), _SMALL),
    "tricks": _TRICKS,
    "dealer": st.one_of(st.none(), _SMALL),
}


@st.composite
def _near_plain_hands(draw: st.DrawFn) -> PlayedHand:
    """A plain hand, and half the time the same with one field drawn from anything."""
    trump = draw(st.sampled_from(list(Trump)))
    deck = 120 if trump is Trump.NO_TRUMP else 155
    first = draw(st.sampled_from([5, 60, 75, 100, deck - 5]))
    second = draw(st.sampled_from([deck - first, 5, 10]))
    meld = draw(st.sampled_from([0, 20, 40, 100, 150, 290]))
    melds = (meld, 0) if draw(st.booleans()) else (0, meld)
    hand = PlayedHand(
        draw(st.sampled_from([0, 1])),
        trump,
        (first, second),
        draw(st.sampled_from([0, 1])),
        draw(st.sampled_from(list(Doubling))),
        melds=melds,
        jojotte=draw(st.sampled_from([None, 0, 1])) if trump is not Trump.NO_TRUMP else None,
        dealer=draw(st.sampled_from([None, 0, 1])),
    )
    field = draw(st.sampled_from([None, *_FIELDS]))
    if field is None:
        return hand
    return hand._replace(**{field: draw(_FIELDS[field])})


_HANDS = st.one_of(_near_plain_hands(), _ANY_HAND)


@settings(max_examples=3000, deadline=None)
@given(hand=_HANDS, variant=st.sampled_from(TWO_SIDED))
def test_a_hand_passed_quickly_is_one_no_rule_finds_fault_with(
    hand: PlayedHand, variant: Variant
) -> None:
    found = _check_each_rule(hand, find_game(variant), 1, None, False)
    if _plainly_sound(hand, find_game(variant)):
        assert found == []
    assert check_hand(hand, find_game(variant), 1) == found


@pytest.mark.parametrize(
    ("variant", "hand"),
    [
        (Variant.TWO_PLAYER, PlayedHand(0, Trump.HEARTS, (90, 45), 0, melds=(20, 0))),
        (Variant.TWO_PLAYER, PlayedHand(1, Trump.NO_TRUMP, (60, 60), 1, jojotte=None)),
        (Variant.TWO_PLAYER, PlayedHand(1, Trump.SPADES, (100, 55), 1, jojotte=0, dealer=1)),
        (Variant.PARTNERSHIP, PlayedHand(0, Trump.CLUBS, (100, 55), 0, melds=(0, 150), dealer=3)),
        (Variant.CHOUETTE, PlayedHand(0, Trump.DIAMONDS, (70, 80), 1, Doubling.REDOUBLE)),
    ],
)
def test_the_common_hand_is_passed_quickly(variant: Variant, hand: PlayedHand) -> None:
    assert _plainly_sound(hand, find_game(variant))
    assert check_hand(hand, find_game(variant), 1) == []


@pytest.mark.parametrize(
    ("variant", "hand"),
    [
        # A possible unbid slam (R6): no card points for side 1, side 0 the last trick.
        (Variant.TWO_PLAYER, PlayedHand(0, Trump.HEARTS, (150, 0), 0)),
        # With all 32 cards played the counts must fill the deck (a warning).
        (Variant.PARTNERSHIP, PlayedHand(0, Trump.HEARTS, (100, 50), 0)),
        # Melds on both sides: sound or not, the rules tell.
        (Variant.TWO_PLAYER, PlayedHand(0, Trump.HEARTS, (100, 50), 0, melds=(20, 20))),
        (Variant.TWO_PLAYER, PlayedHand(0, Trump.HEARTS, (100, 50), 0, special=Special.SLAM)),
        (Variant.TWO_PLAYER, PlayedHand(0, Trump.NO_TRUMP, (100, 50), 0, jojotte=0)),
        (Variant.TWO_PLAYER, PlayedHand(0, Trump.HEARTS, (100, 52), 0)),
        (Variant.TWO_PLAYER, PlayedHand(0, Trump.HEARTS, (100, 50), 0, dealer=2)),
    ],
)
def test_other_hands_are_checked_rule_by_rule(variant: Variant, hand: PlayedHand) -> None:
    assert not _plainly_sound(hand, find_game(variant))
