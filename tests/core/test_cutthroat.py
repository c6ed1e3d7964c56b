"""Rulings F1-F7: the four-player cutthroat game, with a worked sitting and its properties.

Each hand is a three-player hand among the three players other than the dealer (F2); the
dealer writes above a copy of whatever the inactive player wrote (F3). Anna, Bert, Carl and
Dave sit at seats 0-3. The worked sitting is the one of docs/RULES.md, "Cutthroat".
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from jojotte_score.core.games import find_game, new_sitting, replay
from jojotte_score.core.games.three_player_explanation import explain_three_player_hand
from jojotte_score.core.games.three_player_validation import (
    check_cutthroat_hand,
    check_seat_sitting,
)
from jojotte_score.core.ledger import Ledger, Scorer
from jojotte_score.core.model import SeatDeal, Sitting, ThrownIn, Variant
from jojotte_score.core.scoring import Line
from tests.core.builders import three
from tests.core.worked_sheets import SheetRow, check_sheet_row, sheet_ids
from tests.strategies import unbid_slam_warnings
from tests.strategies_three_player import cutthroat_hands, cutthroat_sittings

ANNA, BERT, CARL, DAVE = 0, 1, 2, 3
NAMES = ("Anna", "Bert", "Carl", "Dave")
Written = set[tuple[int, str, int, str]]
SITTINGS = settings(max_examples=100, deadline=None)


def written(hand: SeatDeal) -> Written:
    """Every entry one hand writes on a fresh cutthroat pad, as (seat, line, points, kind)."""
    return {
        (e.side, e.line.value, e.points, e.kind.value)
        for e in Scorer(
            find_game(Variant.CUTTHROAT),
        )
        .add(hand)
        .entries
    }


@pytest.mark.parametrize(
    ("rule", "hand", "entries"),
    [
        (
            "F3 undoubled: the dealer scores the same as the two defenders",
            three(ANNA, "spades", BERT, (80, 45, 0, 0), ANNA, dealer=DAVE),
            {
                (ANNA, "below", 90, "tricks"),
                (BERT, "above", 45, "tricks"),
                (CARL, "above", 45, "tricks"),
                (DAVE, "above", 45, "tricks"),
            },
        ),
        (
            "F3 doubled: the dealer scores the same as I, who sided with the declarer",
            three(
                BERT, "hearts", CARL, (0, 70, 35, 0), BERT, dealer=ANNA,
                double="double", doubler=CARL, sides_with="declarer",
            ),
            {
                (BERT, "below", 230, "tricks"),
                (DAVE, "above", 230, "tricks"),
                (ANNA, "above", 230, "tricks"),
            },
        ),
        (
            "F3 doubled: I sided with the loser, so I and the dealer write nothing; the dealer "
            "never writes below",
            three(
                BERT, "hearts", CARL, (0, 70, 35, 0), BERT, dealer=ANNA,
                double="double", doubler=CARL, sides_with="defender",
            ),
            {(BERT, "below", 230, "tricks")},
        ),
        (
            "F4 lost Nullo: 100 + 50 per further trick to A, I and the dealer",
            three(
                CARL, "clubs", ANNA, (60, 0, 0, 30), None, dealer=BERT,
                special="nullo", nullo_bidder=DAVE, tricks=(6, 0, 0, 3),
            ),
            {
                (ANNA, "above", 200, "nullo-bonus"),
                (CARL, "above", 200, "nullo-bonus"),
                (BERT, "above", 200, "nullo-bonus"),
            },
        ),
    ],
)  # fmt: skip
def test_one_hand(rule: str, hand: SeatDeal, entries: Written) -> None:
    assert written(hand) == entries, rule


@pytest.mark.parametrize(
    ("rule", "hand", "field", "message"),
    [
        (
            "F2 the dealer is required",
            three(ANNA, "spades", BERT, (80, 45, 0, 0), ANNA),
            "dealer",
            "in cutthroat the dealer sits out: record who dealt",
        ),
        (
            "F2/T16.1 seats 0-3",
            three(ANNA, "spades", BERT, (80, 45, 0, 0), ANNA, dealer=4),
            "dealer",
            "the dealer must be Anna (0), Bert (1), Carl (2) or Dave (3), not 4",
        ),
        (
            "F2 the dealer does not bid",
            three(DAVE, "spades", BERT, (80, 45, 0, 0), BERT, dealer=DAVE),
            "bidder",
            "Dave dealt and sits out this hand, so cannot be the bidder",
        ),
        (
            "F2 the dealer does not defend",
            three(ANNA, "spades", DAVE, (80, 45, 0, 0), ANNA, dealer=DAVE),
            "active_defender",
            "Dave dealt and sits out this hand, so cannot be the active defender",
        ),
        (
            "F2 the dealer takes no card points",
            three(ANNA, "spades", BERT, (80, 45, 0, 10), ANNA, dealer=DAVE),
            "card_points[3]",
            "Dave dealt and sat out, so Dave's card points must be 0, not 10",
        ),
        (
            "F7/T16.5 the inactive player of the three has no card points either",
            three(ANNA, "spades", BERT, (80, 45, 10, 0), ANNA, dealer=DAVE),
            "card_points[2]",
            "Carl sat out: Carl's hand was set aside, so Carl's card points must be 0, not 10",
        ),
        (
            "F1 one number per player, four in all",
            three(ANNA, "spades", BERT, (80, 45, 0), ANNA, melds=(0, 0, 0, 0), dealer=DAVE),
            "card_points",
            "the card points need one number per player, four in all",
        ),
        (
            "F7/T16.8 the tricks of the two active players add up to 9",
            three(ANNA, "spades", CARL, (80, 0, 45, 0), ANNA, dealer=BERT, tricks=(5, 0, 3, 0)),
            "tricks",
            "the tricks (Anna: 5, Carl: 3) add up to 8, not 9",
        ),
    ],
)  # fmt: skip
def test_errors(rule: str, hand: SeatDeal, field: str, message: str) -> None:
    problems = check_cutthroat_hand(find_game(Variant.CUTTHROAT), hand, 2, NAMES)
    assert [(p.field, p.message) for p in problems] == [(field, message)], rule


def test_a_thrown_in_deal_needs_no_dealer() -> None:
    """Section 4: a thrown-in deal is recorded with its dealer optionally."""
    assert check_cutthroat_hand(find_game(Variant.CUTTHROAT), ThrownIn(), 1, NAMES) == []


EXAMPLE = new_sitting(Variant.CUTTHROAT,
    NAMES,
    (
        three(ANNA, "spades", BERT, (55, 45, 0, 0), ANNA, dealer=DAVE),
        three(
            BERT, "hearts", CARL, (0, 30, 90, 0), CARL, dealer=ANNA,
            double="double", doubler=CARL, sides_with="declarer",
        ),
        three(
            CARL, "clubs", ANNA, (60, 0, 0, 30), None, dealer=BERT,
            special="nullo", nullo_bidder=DAVE, tricks=(6, 0, 0, 3),
        ),
        three(
            DAVE, "no-trump", ANNA, (70, 0, 0, 20), ANNA, dealer=CARL,
            double="double", doubler=ANNA, sides_with="defender",
        ),
        three(CARL, "diamonds", BERT, (0, 20, 90, 0), CARL, jojotte=CARL, dealer=DAVE),
    ),
)  # fmt: skip

SHEET: list[SheetRow] = [
    (1, (0, 45, 45, 45), (65, 0, 0, 0), 0, None, None),
    (2, (0, 0, 0, 0), (0, 0, 260, 0), 0, CARL, None),
    (3, (200, 200, 200, 0), (0, 0, 0, 0), 90, None, None),
    (4, (90, 290, 290, 0), (200, 0, 0, 0), 0, ANNA, None),
    (5, (20, 20, 300, 20), (0, 0, 120, 0), 0, CARL, CARL),
]


@pytest.fixture(scope="module")
def example() -> Ledger:
    assert check_seat_sitting(find_game(EXAMPLE.variant), EXAMPLE) == []
    return replay(EXAMPLE)


@pytest.mark.parametrize("row", SHEET, ids=sheet_ids(SHEET))
def test_the_worked_sitting_hand_by_hand(example: Ledger, row: SheetRow) -> None:
    check_sheet_row(example, row)


def test_the_worked_sitting_rubber(example: Ledger) -> None:
    """F5: Carl wins games 1 and 3 and the rubber; F6: 4 × total - 2410 each."""
    rubber = example.rubbers[0]
    assert (rubber.game_winners, rubber.winner) == ((CARL, ANNA, CARL), CARL)
    assert rubber.totals == (575, 555, 1215, 65)
    assert rubber.settlement == (-110, -190, 2450, -2150)
    lines = explain_three_player_hand(example.hands[3], example)
    assert "Carl deals and sits out, so Carl copies Bert: 290 above (F3)." in lines
    lines = explain_three_player_hand(example.hands[4], example)
    assert (
        "Rubber 1 totals: Anna 575, Bert 555, Carl 1215, Dave 65; settled between every two "
        "players (F6): Anna \u2212110, Bert \u2212190, Carl +2450, Dave \u22122150." in lines
    )


@settings(max_examples=300, deadline=None)
@given(cutthroat_hands())
def test_generated_hands_pass_validation(hand: SeatDeal) -> None:
    # Valid; the one warning is a possible unbid slam without its tricks (R6).
    found = check_cutthroat_hand(find_game(Variant.CUTTHROAT), hand)
    assert [(p.field, p.warning) for p in found] == unbid_slam_warnings(hand)


@SITTINGS
@given(cutthroat_sittings())
def test_the_dealer_copies_the_inactive_player_and_never_writes_below(
    sitting: Sitting,
) -> None:
    """F3: the dealer writes above exactly what I wrote; nothing below."""
    for result in replay(sitting).hands:
        hand, roles = result.hand, result.score.roles
        if roles is None:
            assert result.entries == ()
            continue
        assert hand.dealer is not None
        assert result.written(hand.dealer, Line.BELOW) == 0
        assert result.written(hand.dealer, Line.ABOVE) == result.written(roles.inactive, Line.ABOVE)


@SITTINGS
@given(cutthroat_sittings())
def test_settlements_add_up_to_zero_and_totals_to_the_entries(sitting: Sitting) -> None:
    """F6: the four nets add up to 0; each total is the sum of the player's entries."""
    ledger = replay(sitting)
    for rubber in ledger.rubbers:
        assert sum(rubber.settlement) == 0
        sums = [0, 0, 0, 0]
        for result in rubber.hands:
            for entry in result.entries:
                sums[entry.side] += entry.points
        assert rubber.totals == tuple(sums)
        # F5: at most one game each, then the winner's second.
        assert len(rubber.game_winners) <= 5
    assert sum(ledger.settlement) == 0
