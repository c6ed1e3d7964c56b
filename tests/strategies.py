"""Hypothesis strategies that build valid Jo-Jotte hands and sittings.

"Valid" means :func:`jojotte_score.core.validation.check_hand` reports no errors for every
generated hand (card-count warnings are allowed and deliberately common). The strategies mix
in thrown-in deals, ties, Nullo (made and failed), Slam (made and failed), unbid slams,
doubles and redoubles, and card counts that do and do not add up to the deck, so that
property tests see every branch of the scoring rules. Card counts are realistic: with two
players only 18 of the 32 cards are played, so both sides together hold at most the deck
(often less); in partnerships all 32 are, and a count off the deck is a warning. Melds
give each class to one side only.

Typical use::

    from tests.strategies import sittings, valid_hands

    @given(sittings(max_hands=40))
    def test_something(sitting: Sitting) -> None: ...

Each hand is drawn from few, precomputed choices (a sitting holds up to 60 hands, and every
draw costs time), so whole sittings stay quick to generate.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

from hypothesis import strategies as st

from jojotte_score.core.games import find_game
from jojotte_score.core.games.three_player_scoring import two_sided
from jojotte_score.core.model import (
    Doubling,
    Hand,
    PlayedHand,
    Rules,
    SeatDeal,
    SeatHand,
    Sitting,
    Special,
    ThrownIn,
    Trump,
    Variant,
)
from jojotte_score.core.tables import (
    CARD_POINT_STEP,
    FOUR_OF_A_KIND_POINTS,
    JOJOTTE_BONUS,
    LAST_TRICK_BONUS,
    NINE_CARD_MELD_SPLITS,
    PARTNERSHIP_MELD_SPLITS,
    deck_points,
)
from jojotte_score.core.validation import possible_unbid_slam

__all__ = [
    "PLAYERS",
    "card_points_for",
    "custom_rules",
    "meld_points",
    "played_hands",
    "seats",
    "sittings",
    "thrown_in_deals",
    "trick_splits",
    "trump_hands_with_full_count",
    "unbid_slam_warnings",
    "valid_hands",
]

# Player names for generated sittings, in seat order.
PLAYERS: dict[Variant, tuple[str, ...]] = {
    Variant.TWO_PLAYER: ("Anna", "Bert"),
    Variant.PARTNERSHIP: ("Anna", "Bert", "Carl", "Dora"),
}

_SUITS = tuple(t for t in Trump if t.is_suit)
_SIDES = (0, 1)


def _all_splits(per_hand: int) -> tuple[tuple[int, int], ...]:
    return tuple((t, per_hand - t) for t in range(per_hand + 1))


def _sweeps(per_hand: int) -> tuple[tuple[int, int], ...]:
    return ((per_hand, 0), (0, per_hand))


def _meld_splits(variant: Variant) -> list[tuple[int, int]]:
    """Every (fours of a kind, sequence points) one side of ``variant`` can score."""
    splits = NINE_CARD_MELD_SPLITS if variant is Variant.TWO_PLAYER else PARTNERSHIP_MELD_SPLITS
    return [(fours, runs) for fours, sequences in splits.items() for runs in sorted(sequences)]


def _meld_totals(variant: Variant) -> list[int]:
    """Every meld total one side of ``variant`` can score, 0 excluded."""
    totals = {FOUR_OF_A_KIND_POINTS * fours + runs for fours, runs in _meld_splits(variant)}
    return sorted(totals - {0})


# Strategies are built once and reused: building them inside every draw is slow.
_NOTES = st.text(max_size=20)
_NO_NOTE = st.just("")
_VARIANTS = st.sampled_from([Variant.TWO_PLAYER, Variant.PARTNERSHIP])


@functools.cache
def _multiples(steps: int) -> st.SearchStrategy[int]:
    """0, 5, 10 ... up to ``steps`` times 5."""
    return st.integers(0, steps).map(lambda n: n * CARD_POINT_STEP)


@functools.cache
def seats(variant: Variant) -> st.SearchStrategy[int | None]:
    """A recorded dealer: ``None`` (not recorded) or a seat of the variant."""
    return st.sampled_from((None, *range(find_game(variant).seats)))


@functools.cache
def meld_points(variant: Variant = Variant.TWO_PLAYER) -> st.SearchStrategy[int]:
    """One side's meld points in a hand: 0 about half the time, else any possible total."""
    totals = _meld_totals(variant)
    return st.sampled_from([0] * len(totals) + totals)


@functools.cache
def trick_splits(
    side: int | None = None, made: bool | None = None, per_hand: int = 9
) -> st.SearchStrategy[tuple[int, int]]:
    """Tricks won by side 0 and side 1, adding up to ``per_hand`` (9, or 8 in partnerships);
    the sweeps are common.

    With ``side`` and ``made`` given, the split is one in which ``side`` took every trick
    (``made=True``) or not (``made=False``); ``made=None`` leaves it open. A Slam is made when
    its declarer takes every trick, a Nullo when the declarer's opponent does.
    """
    sweeps, splits = _sweeps(per_hand), _all_splits(per_hand)
    if side is None or made is None:
        return st.sampled_from(sweeps * 3 + splits)
    if made:
        return st.just(sweeps[side])
    return st.sampled_from([t for t in sweeps * 3 + splits if t[side] != per_hand])


@functools.cache
def _tricks_or_none(per_hand: int) -> st.SearchStrategy[tuple[int, int] | None]:
    """Tricks of an ordinary contract: often not recorded at all."""
    return st.sampled_from((None,) * 10 + _sweeps(per_hand) * 3 + _all_splits(per_hand))


def _fits(
    points: tuple[int, int], deck: int, tricks: tuple[int, int] | None, within_deck: bool
) -> bool:
    """Whether card points pass validation: steps of 5 within the deck, 0 without a trick,
    and both together within the deck when ``within_deck``."""
    if within_deck and sum(points) > deck:
        return False
    for side in _SIDES:
        if points[side] % CARD_POINT_STEP or not 0 <= points[side] <= deck:
            return False
        if tricks is not None and tricks[side] == 0 and points[side]:
            return False
    return True


@st.composite
def card_points_for(
    draw: st.DrawFn,
    deck: int,
    tricks: tuple[int, int] | None = None,
    full_count: bool | None = None,
    *,
    within_deck: bool = True,
) -> tuple[int, int]:
    """Card points of both sides: multiples of 5 from 0 to ``deck``.

    A side that won no trick (by ``tricks``) gets 0. ``full_count=True`` makes them add up to
    ``deck`` exactly, ``False`` makes them not add up to it, ``None`` chooses either.
    ``within_deck`` keeps the two together at most ``deck``, as when only 18 of the 32
    cards are played; without it a count that is not full may also exceed the deck.
    """
    steps = deck // CARD_POINT_STEP
    if full_count is None:
        full_count = draw(st.booleans())
    empty = [side for side in _SIDES if tricks is not None and tricks[side] == 0]
    if full_count:
        if empty:
            return (0, deck) if empty[0] == 0 else (deck, 0)
        first = draw(_multiples(steps))
        return (first, deck - first)
    if len(empty) == 2:  # cannot happen with nine tricks; kept for a clear error
        raise ValueError("both sides have no tricks")
    if empty:
        # One side holds every card point taken; anything but the full deck.
        points = draw(_multiples(steps - 1))
        return (0, points) if empty[0] == 0 else (points, 0)
    if within_deck:  # anything short of the deck, shared in any way
        counted = draw(_multiples(steps - 1))
        first = draw(_multiples(counted // CARD_POINT_STEP))
        return (first, counted - first)
    first = draw(_multiples(steps))
    second = draw(_multiples(steps - 1))
    if second >= deck - first:  # skip the one value that would complete the deck
        second += CARD_POINT_STEP
    return (first, second)


def _tying_card_points(
    first: int,
    deck: int,
    tricks: tuple[int, int] | None,
    extras: tuple[int, int],
    full_count: bool,
    within_deck: bool,
) -> tuple[int, int] | None:
    """Card points that make both totals equal, or ``None`` when no valid ones do.

    ``extras`` are each side's last trick, Jo-Jotte and melds; ``first`` is side 0's card
    points when the count need not add up to the deck.
    """
    if full_count:
        # cp0 + cp1 = deck and cp0 + extras0 = cp1 + extras1.
        twice_first = deck + extras[1] - extras[0]
        if twice_first % 2:
            return None
        points = (twice_first // 2, deck - twice_first // 2)
    else:
        points = (first, first + extras[0] - extras[1])
        if sum(points) == deck:
            return None
    return points if _fits(points, deck, tricks, within_deck) else None


# The choices a hand is built around, drawn at once: (special, bidder, trump, double, made,
# dealer, full count, aim for a tie, variant). ``made`` says whether a Slam or Nullo
# succeeds; it is ignored for ordinary contracts.
_Deal = tuple[Special, int, Trump, Doubling, bool, int | None, bool, bool, Variant]


@functools.cache
def _endings(
    winners: tuple[int, ...], plays_trump: bool
) -> st.SearchStrategy[tuple[int | None, int | None]]:
    """(last trick, Jo-Jotte): the last trick to a side that won a trick, Jo-Jotte anywhere."""
    jojotte = (None, 0, 1) if plays_trump else (None,)
    return st.sampled_from(list(itertools.product(winners, jojotte)))


_NULLO_ENDING = st.just((None, None))


@functools.cache
def _meld_pairs(variant: Variant) -> st.SearchStrategy[tuple[int, int]]:
    """Both sides' meld points, each class scored by one side at most ("only one player may
    score for Honor Meld(s) in each Class"); a side scores nothing about half the time."""
    splits = _meld_splits(variant)
    one_side = [(0, 0)] * len(splits) + splits
    pairs = [
        (FOUR_OF_A_KIND_POINTS * a[0] + a[1], FOUR_OF_A_KIND_POINTS * b[0] + b[1])
        for a, b in itertools.product(one_side, one_side)
        if not (a[0] and b[0]) and not (a[1] and b[1])
    ]
    return st.sampled_from(pairs)


def _play(
    draw: st.DrawFn, deal: _Deal, notes: st.SearchStrategy[str], full_count: bool | None
) -> PlayedHand:
    """Build a played hand around ``deal``, drawing its tricks, melds and card points."""
    special, bidder, trump, double, made, dealer, full, aim_for_tie, variant = deal
    per_hand = find_game(variant).tricks_per_hand
    if full_count is not None:
        full = full_count
    nullo = special is Special.NULLO
    declarer = 1 - bidder if nullo else bidder

    tricks: tuple[int, int] | None
    if special is Special.NONE:
        tricks = draw(_tricks_or_none(per_hand))
    elif nullo:  # made when the Nullo bidder's opponent took every trick
        tricks = draw(trick_splits(1 - declarer, made, per_hand))
    else:  # Slam, made when the declarer took every trick
        tricks = draw(trick_splits(declarer, made, per_hand))

    plays_trump = trump.is_suit and not nullo
    if nullo:
        last_trick, jojotte = draw(_NULLO_ENDING)
    else:
        winners = tuple(s for s in _SIDES if tricks is None or tricks[s] > 0)
        last_trick, jojotte = draw(_endings(winners, plays_trump))
    melds = draw(_meld_pairs(variant))

    deck = deck_points(plays_trump)
    within_deck = not find_game(variant).all_cards_played
    card_points = None
    if aim_for_tie and not nullo:
        extras = [melds[0], melds[1]]
        if last_trick is not None:
            extras[last_trick] += LAST_TRICK_BONUS
        if jojotte is not None:
            extras[jojotte] += JOJOTTE_BONUS
        # With two players the counts add up to at most the deck, so equal totals need
        # side 0's count below about half of it.
        most = deck // 2 if within_deck else deck
        first = 0 if full else draw(_multiples(most // CARD_POINT_STEP))
        card_points = _tying_card_points(
            first, deck, tricks, (extras[0], extras[1]), full, within_deck
        )
    if card_points is None:
        card_points = draw(card_points_for(deck, tricks, full, within_deck=within_deck))

    return PlayedHand(
        bidder=bidder,
        trump=trump,
        card_points=card_points,
        last_trick=last_trick,
        double=double,
        special=special,
        melds=melds,
        jojotte=jojotte,
        tricks=tricks,
        dealer=dealer,
        note=draw(notes),
    )


@st.composite
def _played(
    draw: st.DrawFn,
    deals: st.SearchStrategy[_Deal],
    notes: st.SearchStrategy[str],
    full_count: bool | None,
) -> PlayedHand:
    return _play(draw, draw(deals), notes, full_count)


@st.composite
def _any_hand(
    draw: st.DrawFn,
    choices: st.SearchStrategy[_Deal | ThrownIn],
    notes: st.SearchStrategy[str],
) -> Hand:
    choice = draw(choices)
    if isinstance(choice, ThrownIn):
        return ThrownIn(dealer=choice.dealer, note=draw(notes))
    return _play(draw, choice, notes, None)


_DEFAULT_SPECIALS = (Special.NONE, Special.NONE, Special.NONE, Special.NULLO, Special.SLAM)
_DEFAULT_DOUBLINGS = (Doubling.NONE, Doubling.NONE, Doubling.DOUBLE, Doubling.REDOUBLE)
# (full count, aim for a tie): one hand in four aims for equal totals, which random card
# points would almost never give.
_COUNT_PLANS = [(full, tie) for full in (False, True) for tie in (False, False, False, True)]


@functools.cache
def _deal_list(
    variant: Variant,
    trumps: tuple[Trump, ...],
    specials: tuple[Special, ...],
    doublings: tuple[Doubling, ...],
) -> tuple[_Deal, ...]:
    combos: list[_Deal] = [
        (special, bidder, trump, double, made, dealer, full, tie, variant)
        for special, bidder, trump, double, made, dealer, (full, tie) in itertools.product(
            specials,
            _SIDES,
            trumps,
            doublings,
            (False, True),
            (None, *range(find_game(variant).seats)),
            _COUNT_PLANS,
        )
        if special is not Special.NULLO or double is Doubling.NONE  # Nullo is never doubled
    ]
    if not combos:
        raise ValueError("no contract satisfies these restrictions")
    return tuple(combos)


@functools.cache
def _hand_choices(variant: Variant) -> st.SearchStrategy[_Deal | ThrownIn]:
    """Thrown-in deals (first, so that failures shrink towards them) and played deals, 1 to 9."""
    deals = _deal_list(variant, tuple(Trump), _DEFAULT_SPECIALS, _DEFAULT_DOUBLINGS)
    dealers = (None, *range(find_game(variant).seats))
    thrown = [ThrownIn(dealer=dealers[i % len(dealers)]) for i in range(len(deals) // 9)]
    return st.sampled_from([*thrown, *deals])


def played_hands(
    variant: Variant = Variant.TWO_PLAYER,
    *,
    trumps: Sequence[Trump] = tuple(Trump),
    specials: Sequence[Special] = _DEFAULT_SPECIALS,
    doublings: Sequence[Doubling] = _DEFAULT_DOUBLINGS,
    full_count: bool | None = None,
    with_notes: bool = False,
) -> st.SearchStrategy[PlayedHand]:
    """Valid hands that were bid and played (no thrown-in deals).

    ``trumps``, ``specials`` and ``doublings`` restrict the contract; repeat a value to make
    it more likely. By default about one hand in nine is a Nullo and two in nine a Slam (half
    of them made), and half the contracts are doubled or redoubled. Nullo is never doubled,
    so it is drawn only when ``Doubling.NONE`` is allowed. ``full_count=True`` makes the
    card points add up to the deck, ``False`` makes them not add up (with two players, fall
    short of it; in partnerships a card-count warning), ``None`` mixes both. About one hand
    in four outside Nullo gets card points that make the totals equal, where that is
    possible, so ties are common. ``with_notes`` adds short free-text notes.
    """
    return _played(
        st.sampled_from(_deal_list(variant, tuple(trumps), tuple(specials), tuple(doublings))),
        _NOTES if with_notes else _NO_NOTE,
        full_count,
    )


def thrown_in_deals(
    variant: Variant = Variant.TWO_PLAYER, *, with_notes: bool = False
) -> st.SearchStrategy[ThrownIn]:
    """A thrown-in deal, with or without a recorded dealer."""
    notes = _NOTES if with_notes else _NO_NOTE
    return st.builds(ThrownIn, dealer=seats(variant), note=notes)


@functools.cache
def valid_hands(
    variant: Variant = Variant.TWO_PLAYER, *, with_notes: bool = False
) -> st.SearchStrategy[Hand]:
    """Any valid hand of ``variant``: about one in ten is a thrown-in deal, the rest played."""
    return _any_hand(_hand_choices(variant), _NOTES if with_notes else _NO_NOTE)


def trump_hands_with_full_count(
    variant: Variant = Variant.TWO_PLAYER,
) -> st.SearchStrategy[PlayedHand]:
    """Played hands with a trump suit, not Nullo, whose card points add up to the 155 of the deck.

    Melds, the last trick and Jo-Jotte may go to either side; doubles, redoubles and Slams
    (made and failed) are mixed in.
    """
    return played_hands(
        variant,
        trumps=_SUITS,
        specials=(Special.NONE, Special.NONE, Special.SLAM),
        full_count=True,
    )


def custom_rules() -> st.SearchStrategy[Rules]:
    """Rules a sitting may override: any positive game target, any non-negative rubber bonus
    (0 included, which writes no rubber-bonus entry)."""
    return st.builds(
        Rules,
        game_target=st.integers(1, 300),
        rubber_bonus=st.sampled_from((0, 50, 100, 300, 500, 700, 1000)),
    )


@st.composite
def sittings(
    draw: st.DrawFn,
    variant: Variant | None = None,
    *,
    min_hands: int = 0,
    max_hands: int = 60,
    rules: st.SearchStrategy[Rules] | None = None,
    with_notes: bool = False,
) -> Sitting:
    """A valid sitting of ``min_hands`` to ``max_hands`` hands (any length equally likely).

    ``variant=None`` draws either variant. The rules are the variant's standard rules (game
    at 80, or 125 in partnerships; rubber 300) unless a ``rules`` strategy is given, for
    example :func:`custom_rules`. Sixty hands usually cross several rubbers.
    """
    chosen = variant if variant is not None else draw(_VARIANTS)
    count = draw(st.integers(min_hands, max_hands))
    hands = draw(
        st.lists(valid_hands(chosen, with_notes=with_notes), min_size=count, max_size=count)
    )
    sitting_rules = find_game(chosen).standard_rules if rules is None else draw(rules)
    return Sitting(variant=chosen, players=PLAYERS[chosen], hands=tuple(hands), rules=sitting_rules)


def unbid_slam_warnings(hand: Hand | SeatDeal) -> list[tuple[str, bool]]:
    """``[("tricks", True)]`` when the core warns that ``hand`` may be an unbid slam whose
    tricks are not recorded (docs/RULES.md, "A possible unbid slam"), else ``[]``: the one
    warning a generated hand of two players, the three-player game, the chouette or
    cutthroat may get (as (field, warning) of each problem)."""
    if isinstance(hand, ThrownIn):
        return []
    played = two_sided(hand) if isinstance(hand, SeatHand) else hand
    side = possible_unbid_slam(
        played.special,
        played.card_points,
        played.last_trick,
        tricks_recorded=played.tricks is not None,
    )
    return [] if side is None else [("tricks", True)]
