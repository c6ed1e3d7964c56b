"""The meld tables against the cards: what one side can score in each class of melds.

"In a particular hand, only one player may score for Honor Meld(s) in each Class" (English
rules, "Honor Melds"); "The team of the player holding the highest Honor Meld in each class
scores all their meld in that class" (partnerships). The validator splits each side's total
into its classes by the tables of :mod:`jojotte_score.core.tables`; these tests check those
tables by going through every way nine cards, or two partners' eight cards each, can hold
fours of a kind and runs, show the largest splits with real cards, and check that the meld
helper's totals, for cards actually dealt, always pass the validator.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.games import find_game
from jojotte_score.core.melds import (
    FOURS_ORDER_NO_TRUMP,
    FOURS_ORDER_TRUMP,
    SEQUENCE_ORDER,
    DeclaredMelds,
    Rank,
    Run,
    Suit,
    decide_melds,
)
from jojotte_score.core.model import PlayedHand, Trump, Variant
from jojotte_score.core.tables import (
    FOUR_OF_A_KIND_POINTS,
    NINE_CARD_MELD_SPLITS,
    PARTNERSHIP_MELD_SPLITS,
    PARTNERSHIP_MELD_TOTALS,
    SEQUENCE_POINTS,
    TWO_PLAYER_MELD_TOTALS,
)
from jojotte_score.core.validation import check_hand

Card = tuple[Suit, Rank]

# --- Every hand of n cards, suit by suit ------------------------------------------------


def _run_points(length: int) -> int:
    return SEQUENCE_POINTS[min(length, max(SEQUENCE_POINTS))]


def _suit_sequence_points(mask: int) -> frozenset[int]:
    """The sequence points one suit can show, for the ranks in ``mask`` (bit i is
    SEQUENCE_ORDER[i]): any set of runs of three or more cards, no card in two runs."""
    runs = [
        ((1 << length) - 1) << start
        for start in range(len(SEQUENCE_ORDER))
        for length in range(3, len(SEQUENCE_ORDER) - start + 1)
        if mask & (((1 << length) - 1) << start) == ((1 << length) - 1) << start
    ]
    found = {0}

    def add(first: int, used: int, points: int) -> None:
        found.add(points)
        for index in range(first, len(runs)):
            if not runs[index] & used:
                add(index + 1, used | runs[index], points + _run_points(runs[index].bit_count()))

    add(0, 0, 0)
    return frozenset(found)


SUIT_POINTS = [_suit_sequence_points(mask) for mask in range(1 << len(SEQUENCE_ORDER))]


def player_splits(cards: int, counting: Iterable[Rank]) -> dict[int, frozenset[int]]:
    """Every (fours of a kind, sequence points) one player of ``cards`` cards can score.

    For each set of ranks held four times, every way to fill four suits up to ``cards``
    cards around them, suit by suit; a player may always show less than he holds.
    """
    counting = tuple(counting)
    splits: dict[int, frozenset[int]] = {}
    for fours in range(cards // 4 + 1):
        points: set[int] = set()
        for ranks in itertools.combinations(counting, fours):
            held = sum(1 << SEQUENCE_ORDER.index(rank) for rank in ranks)
            states: dict[int, set[int]] = {0: {0}}  # cards used so far -> sequence points
            for _suit in Suit:
                following: dict[int, set[int]] = {}
                for used, sums in states.items():
                    for mask, suit_points in enumerate(SUIT_POINTS):
                        count = used + mask.bit_count()
                        if mask & held != held or count > cards:
                            continue
                        following.setdefault(count, set()).update(
                            a + b for a in sums for b in suit_points
                        )
                states = following
            points |= states.get(cards, set())
        if points:
            splits[fours] = frozenset(points)
    return splits


def partner_splits(counting: Iterable[Rank]) -> dict[int, frozenset[int]]:
    """Every (fours of a kind, sequence points) two partners of eight cards can score
    together, holding different cards: for each pair of rank sets they hold four times,
    every way to share each suit between them, suit by suit."""
    counting = tuple(counting)
    splits: dict[int, set[int]] = {}
    for first_fours, second_fours in itertools.product(range(3), repeat=2):
        for first in itertools.combinations(counting, first_fours):
            rest = [rank for rank in counting if rank not in first]
            for second in itertools.combinations(rest, second_fours):
                points = _partners(_mask(first), _mask(second))
                splits.setdefault(first_fours + second_fours, set()).update(points)
    return {fours: frozenset(points) for fours, points in splits.items()}


def _mask(ranks: Iterable[Rank]) -> int:
    return sum(1 << SEQUENCE_ORDER.index(rank) for rank in ranks)


def _partners(first: int, second: int) -> set[int]:
    """The sequence points two partners of eight cards can show together when they hold
    the ranks ``first`` and ``second`` (masks) four times."""
    # One suit shared: (first's cards, second's cards) -> the points the suit can show.
    shares: dict[tuple[int, int], set[int]] = {}
    for mine in range(1 << len(SEQUENCE_ORDER)):
        if mine & first != first or mine & second:
            continue
        for theirs in range(1 << len(SEQUENCE_ORDER)):
            if theirs & mine or theirs & second != second:
                continue
            shares.setdefault((mine.bit_count(), theirs.bit_count()), set()).update(
                a + b for a in SUIT_POINTS[mine] for b in SUIT_POINTS[theirs]
            )
    states: dict[tuple[int, int], set[int]] = {(0, 0): {0}}  # cards used -> points
    for _suit in Suit:
        following: dict[tuple[int, int], set[int]] = {}
        for (used_a, used_b), sums in states.items():
            for (a, b), suit_points in shares.items():
                if used_a + a <= 8 and used_b + b <= 8:
                    following.setdefault((used_a + a, used_b + b), set()).update(
                        x + y for x in sums for y in suit_points
                    )
        states = following
    return states.get((8, 8), set())


CONTRACTS = [("a trump suit", FOURS_ORDER_TRUMP), ("no-trump", FOURS_ORDER_NO_TRUMP)]


@pytest.mark.parametrize(("contract", "counting"), CONTRACTS, ids=[c[0] for c in CONTRACTS])
def test_nine_cards_make_exactly_the_two_player_splits(
    contract: str, counting: tuple[Rank, ...]
) -> None:
    # "Each player now has a hand of nine cards."
    assert player_splits(9, counting) == NINE_CARD_MELD_SPLITS, contract
    totals = {0, 20, 40, 50, 60, 70, 80, 90, 100, 120, 140, 150, 160, 200, 220}
    assert totals == TWO_PLAYER_MELD_TOTALS


@pytest.mark.parametrize(("contract", "counting"), CONTRACTS, ids=[c[0] for c in CONTRACTS])
def test_one_player_of_eight_cards(contract: str, counting: tuple[Rank, ...]) -> None:
    assert player_splits(8, counting) == {
        0: frozenset((0, 20, 40, 50, 60, 70, 80)),
        1: frozenset((0, 20, 40, 50)),
        2: frozenset((0,)),
    }, contract


def test_two_partners_of_eight_cards_make_exactly_the_partnership_splits() -> None:
    # Eight cards each in the four-player deal; a side scores both partners' melds.
    assert partner_splits(FOURS_ORDER_TRUMP) == PARTNERSHIP_MELD_SPLITS
    # Without a trump suit the Nines count nothing, and two fours of a kind leave at most
    # 90 of runs, not 100; the table keeps 100, which changes no check: 300 is also three
    # fours of a kind, and two totals that clash clash either way.
    no_trump = partner_splits(FOURS_ORDER_NO_TRUMP)
    assert no_trump == {**PARTNERSHIP_MELD_SPLITS, 2: PARTNERSHIP_MELD_SPLITS[2] - {100}}


def test_partnership_totals() -> None:
    sums = {p for p in range(0, 301, 10) if p not in (10, 30)}
    assert sums | {320, 340, 350, 400} == PARTNERSHIP_MELD_TOTALS


# --- The largest splits, with real cards -------------------------------------------------

_SUITS = {"s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS}


def cards(text: str) -> frozenset[Card]:
    """Cards written as "As Kh 10d": the rank, then the suit's initial."""
    return frozenset((_SUITS[card[-1]], Rank(card[:-1])) for card in text.split())


def fours(*ranks: str) -> frozenset[Card]:
    return frozenset((suit, Rank(rank)) for rank in ranks for suit in Suit)


def melds_in(hand: frozenset[Card], counting: tuple[Rank, ...]) -> DeclaredMelds:
    """Every four of a kind that counts and every longest run the cards hold."""
    held_fours = tuple(rank for rank in counting if all((s, rank) in hand for s in Suit))
    runs: list[Run] = []
    for suit in Suit:
        length = 0
        for index, rank in enumerate((*SEQUENCE_ORDER, None)):
            if rank is not None and (suit, rank) in hand:
                length += 1
                continue
            if length >= 3:
                runs.append(Run(length, SEQUENCE_ORDER[index - length], suit))
            length = 0
    return DeclaredMelds(fours=held_fours, runs=tuple(runs))


def joined(first: DeclaredMelds, second: DeclaredMelds) -> DeclaredMelds:
    return DeclaredMelds(first.fours + second.fours, first.runs + second.runs)


# One player of nine cards (two-player game), and two partners of eight (partnerships).
NINE_CARD_HANDS = [
    ("runs of five and four: 90", cards("As Ks Qs Js 10s Ah Kh Qh Jh"), (0, 90)),
    (
        "four kings, runs of three and four through them: 100 + 60",
        fours("K") | cards("Ah Qh Qs Js 10s"),
        (1, 60),
    ),
    ("two fours of a kind and a run of three: 200 + 20", fours("K", "Q") | cards("Ah"), (2, 20)),
]
PARTNER_HANDS = [
    (
        "runs of four in every suit: 80 + 80",
        cards("As Ks Qs Js Ah Kh Qh Jh"),
        cards("Ad Kd Qd Jd Ac Kc Qc Jc"),
        (0, 160),
    ),
    (
        "four kings with a run of five, runs of four: 100 + 50 + 80",
        fours("K") | cards("Qh Jh 10h 9h"),
        cards("Qs Js 10s 9s Qd Jd 10d 9d"),
        (1, 130),
    ),
    (
        "four aces, four nines, each with a run of five: 200 + 50 + 50",
        fours("A") | cards("Kh Qh Jh 10h"),
        fours("9") | cards("Ks Qs Js 10s"),
        (2, 100),
    ),
    (
        "four aces and Kings; four queens with a run of five: 300 + 50",
        fours("A", "K"),
        fours("Q") | cards("Jh 10h 9h 8h"),
        (3, 50),
    ),
    ("four fours of a kind: 400", fours("J", "9"), fours("A", "10"), (4, 0)),
]


@pytest.mark.parametrize(
    ("case", "hand", "split"), NINE_CARD_HANDS, ids=[c[0] for c in NINE_CARD_HANDS]
)
def test_nine_cards_reach_the_largest_splits(
    case: str, hand: frozenset[Card], split: tuple[int, int]
) -> None:
    assert len(hand) == 9, case
    melds = melds_in(hand, FOURS_ORDER_TRUMP)
    decision = decide_melds(melds, DeclaredMelds(), Trump.SPADES)
    assert decision.points == (FOUR_OF_A_KIND_POINTS * split[0] + split[1], 0), case
    assert split[1] in NINE_CARD_MELD_SPLITS[split[0]], case


@pytest.mark.parametrize(
    ("case", "first", "second", "split"), PARTNER_HANDS, ids=[c[0] for c in PARTNER_HANDS]
)
def test_two_partners_reach_the_largest_splits(
    case: str, first: frozenset[Card], second: frozenset[Card], split: tuple[int, int]
) -> None:
    assert (len(first), len(second), first & second) == (8, 8, frozenset()), case
    side = joined(melds_in(first, FOURS_ORDER_TRUMP), melds_in(second, FOURS_ORDER_TRUMP))
    decision = decide_melds(side, DeclaredMelds(), Trump.SPADES)
    assert decision.points == (FOUR_OF_A_KIND_POINTS * split[0] + split[1], 0), case
    assert split[1] in PARTNERSHIP_MELD_SPLITS[split[0]], case


# --- The meld helper, on cards actually dealt --------------------------------------------

DECK = [(suit, rank) for suit in Suit for rank in SEQUENCE_ORDER]


@st.composite
def deals(draw: st.DrawFn, players: int, each: int) -> list[frozenset[Card]]:
    """``players`` hands of ``each`` cards; each player first tries to hold the fours of a
    kind and runs drawn for him, so that melds are common."""
    free = set(DECK)
    hands: list[set[Card]] = []
    for _player in range(players):
        hand: set[Card] = set()
        wanted: list[set[Card]] = [
            {(suit, rank) for suit in Suit}
            for rank in draw(st.lists(st.sampled_from(list(Rank)), max_size=2, unique=True))
        ]
        for _run in range(draw(st.integers(0, 2))):
            suit = draw(st.sampled_from(list(Suit)))
            length = draw(st.integers(3, 6))
            start = draw(st.integers(0, len(SEQUENCE_ORDER) - length))
            wanted.append({(suit, rank) for rank in SEQUENCE_ORDER[start : start + length]})
        for group in wanted:
            missing = group - hand
            if missing <= free and len(hand | missing) <= each:
                hand |= missing
                free -= missing
        rest = draw(st.permutations(sorted(free, key=DECK.index)))[: each - len(hand)]
        hand.update(rest)
        free.difference_update(rest)
        hands.append(hand)
    return [frozenset(hand) for hand in hands]


@st.composite
def shown(draw: st.DrawFn, melds: DeclaredMelds) -> DeclaredMelds:
    """The melds a player chooses to show: any of those he holds."""
    return DeclaredMelds(
        fours=tuple(r for r in melds.fours if draw(st.booleans())),
        runs=tuple(r for r in melds.runs if draw(st.booleans())),
    )


VARIANT_DEALS = [
    (Variant.TWO_PLAYER, 2, 9),  # "Each player now has a hand of nine cards."
    (Variant.PARTNERSHIP, 4, 8),  # four players of eight: seats 0 and 2 against 1 and 3
]


@pytest.mark.parametrize(
    ("variant", "players", "each"), VARIANT_DEALS, ids=[v[0].value for v in VARIANT_DEALS]
)
@settings(max_examples=150, deadline=None)
@given(data=st.data(), trump=st.sampled_from(list(Trump)), nullo=st.booleans())
def test_the_meld_helpers_points_always_pass_the_checks(
    variant: Variant, players: int, each: int, data: st.DataObject, trump: Trump, nullo: bool
) -> None:
    hands = data.draw(deals(players, each), label="hands")
    counting = FOURS_ORDER_TRUMP if trump.is_suit and not nullo else FOURS_ORDER_NO_TRUMP
    declared = [data.draw(shown(melds_in(hand, counting))) for hand in hands]
    sides = [DeclaredMelds(), DeclaredMelds()]
    for seat, melds in enumerate(declared):  # partners: seats 0 and 2, 1 and 3
        sides[seat % 2] = joined(sides[seat % 2], melds)
    decision = decide_melds(sides[0], sides[1], trump, nullo=nullo)
    hand = PlayedHand(0, Trump.SPADES, (80, 75), 0, melds=decision.points)
    problems = [
        p for p in check_hand(hand, find_game(variant), 1) if p.field and "melds" in p.field
    ]
    assert problems == [], (hands, decision)
