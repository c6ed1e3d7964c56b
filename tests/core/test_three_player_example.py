"""The worked three-player sitting of docs/RULES.md ("Three players"), checked hand by hand.

The expected numbers were computed by hand in docs/RULES.md; this test only compares.
"""

from __future__ import annotations

import pytest

from jojotte_score.core.games import explain_ledger, find_game, new_sitting, replay
from jojotte_score.core.games.three_player_explanation import (
    explain_three_player_hand,
)
from jojotte_score.core.games.three_player_validation import check_seat_sitting
from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import ThrownIn, Variant
from tests.core.builders import three
from tests.core.worked_sheets import SheetRow, check_sheet_row, sheet_ids

ANNA, BERT, CARL = 0, 1, 2

EXAMPLE = new_sitting(Variant.THREE_PLAYER,
    ("Anna", "Bert", "Carl"),
    (
        three(ANNA, "spades", BERT, (55, 40, 0), ANNA, melds=(0, 20, 0), dealer=CARL),
        three(BERT, "hearts", CARL, (0, 45, 60), CARL, jojotte=BERT, dealer=ANNA),
        three(
            CARL, "clubs", ANNA, (35, 0, 70), CARL, melds=(0, 0, 40),
            double="double", doubler=ANNA, sides_with="declarer", dealer=BERT,
        ),
        three(ANNA, "no-trump", BERT, (40, 30, 0), BERT, dealer=CARL),
        three(
            BERT, "diamonds", ANNA, (70, 0, 20), None,
            special="nullo", nullo_bidder=CARL, tricks=(7, 0, 2), dealer=ANNA,
        ),
        three(
            CARL, "spades", BERT, (0, 30, 80), CARL, jojotte=CARL,
            double="double", doubler=BERT, sides_with="declarer", dealer=BERT,
        ),
        ThrownIn(dealer=CARL),
        three(
            BERT, "hearts", ANNA, (10, 130, 0), BERT, special="slam", tricks=(1, 8, 0),
            dealer=ANNA,
        ),
    ),
)  # fmt: skip

SHEET: list[SheetRow] = [
    (1, (0, 60, 60), (65, 0, 0), 0, None, None),
    (2, (135, 0, 135), (0, 0, 0), 0, None, None),
    (3, (0, 270, 40), (0, 0, 230), 0, CARL, None),
    (4, (0, 0, 0), (0, 0, 0), 80, None, None),
    (5, (150, 150, 0), (0, 0, 0), 170, None, None),
    (6, (750, 0, 470), (0, 0, 280), 0, CARL, CARL),
    (7, (0, 0, 0), (0, 0, 0), 0, None, None),
    (8, (150, 0, 150), (0, 0, 0), 0, None, None),
]


@pytest.fixture(scope="module")
def ledger() -> Ledger:
    assert check_seat_sitting(find_game(EXAMPLE.variant), EXAMPLE) == []
    return replay(EXAMPLE)


@pytest.mark.parametrize("row", SHEET, ids=sheet_ids(SHEET))
def test_each_hand_of_the_sheet(ledger: Ledger, row: SheetRow) -> None:
    check_sheet_row(ledger, row)


def test_rubbers_and_the_sitting_result(ledger: Ledger) -> None:
    """T15: rubber 1 (Carl's) and the unfinished rubber 2, settled pairwise and summed."""
    assert [(r.totals, r.settlement, r.winner) for r in ledger.rubbers] == [
        ((1100, 480, 1215), (505, -1355, 850), CARL),
        ((150, 0, 150), (150, -300, 150), None),
    ]
    assert ledger.rubbers[0].game_winners == (CARL, CARL)
    assert ledger.settlement == (655, -1655, 1000)
    assert ledger.rubbers_won == (0, 0, 1)
    assert ledger.unresolved_prison == 0


@pytest.mark.parametrize(
    ("number", "sentence"),
    [
        (1, "Carl sits out and sides with Bert, so Carl copies Bert's 60 above (T8)."),
        (
            2,
            "Carl, the active defender, has the higher total and wins: both trick scores, "
            "65 + 70 = 135, go above for Carl; an undoubled defence never scores below (T6).",
        ),
        (
            3,
            "Anna plays against Carl; Bert sits out and, after the double, sides with the "
            "declarer, Carl (T4).",
        ),
        (4, "Equal totals: both trick scores, 40 + 40 = 80, go to prison (T6)."),
        (
            5,
            "Carl takes 2 tricks: the Nullo fails and Anna scores 100 + 50 × 1 = 150 above. "
            "All card points, 20 + 70 = 90, go to prison; a Nullo hand has no winner (T11).",
        ),
        (6, "Anna sits out and sides with Carl, so Anna copies Carl's 750 above (T8)."),
        (
            6,
            "Rubber 1 totals: Anna 1100, Bert 480, Carl 1215; settled between every two "
            "players (T15): Anna +505, Bert \u22121355, Carl +850.",
        ),
        (7, "Hand 7 (rubber 2, game 1): thrown in: nobody names a trump; it scores nothing (R15)."),
        (
            8,
            "Bert bids a slam but wins 8 of 9 tricks: the slam fails and Bert scores no trick "
            "points; Anna (undoubled, a defence scores above) scores 140 + 10 = 150 above and "
            "wins the hand (T10).",
        ),
    ],
)
def test_explanations(ledger: Ledger, number: int, sentence: str) -> None:
    assert sentence in explain_three_player_hand(ledger.hands[number - 1], ledger)


def test_the_whole_explanation_has_one_block_per_hand(ledger: Ledger) -> None:
    assert explain_ledger(ledger).count("\n\nHand ") == 7


def test_a_nullo_after_a_double_puts_the_third_player_with_the_defender() -> None:
    """T4: in Nullo I is with A, whatever side was chosen after the double."""
    hand = three(
        ANNA, "hearts", BERT, (0, 60, 50), None, double="double", doubler=BERT,
        sides_with="declarer", special="nullo", nullo_bidder=CARL, tricks=(0, 5, 4),
    )  # fmt: skip
    ledger = replay(new_sitting(Variant.THREE_PLAYER, EXAMPLE.players, (hand,)))
    lines = explain_three_player_hand(ledger.hands[0], ledger)
    assert lines[:2] == [
        "Hand 1 (rubber 1, game 1): Anna bids hearts, doubled by Bert; Carl bids Nullo, played "
        "at no-trump.",
        "Bert plays against Carl; Anna sits out and sides with the defender, Bert (T4).",
    ]
