"""Rulings T4-T12 of the three-player game: what one hand writes in each player's column.

One row per case, citing its ruling (docs/RULES.md, "Three players"). Anna, Bert and Carl sit
at seats 0, 1 and 2; every hand is scored on a fresh pad, copies (T8) included.
"""

from __future__ import annotations

import pytest

from jojotte_score.core.games import find_game
from jojotte_score.core.games.three_player_scoring import (
    score_three_player_hand,
    three_player_lost_nullo_bonus,
    two_sided,
)
from jojotte_score.core.ledger import Scorer
from jojotte_score.core.model import SeatDeal, SeatHand, ThrownIn, Variant
from jojotte_score.core.scoring import Outcome, Roles
from tests.core.builders import played, three

ANNA, BERT, CARL = 0, 1, 2
Written = set[tuple[int, str, int, str]]


def written(hand: SeatDeal) -> Written:
    """Every entry one hand writes on a fresh pad, as (seat, line, points, kind)."""
    result = Scorer(
        find_game(Variant.THREE_PLAYER),
    ).add(hand)
    entries = [(e.side, e.line.value, e.points, e.kind.value) for e in result.entries]
    assert len(entries) == len(set(entries)), "an entry written twice"
    return set(entries)


@pytest.mark.parametrize(
    ("rule", "hand", "roles"),
    [
        (
            "T4 undoubled: I is with A",
            three(ANNA, "spades", BERT, (80, 40, 0), ANNA),
            Roles(ANNA, BERT, CARL, BERT),
        ),
        (
            "T4 doubled, I sides with the declarer",
            three(
                ANNA, "spades", BERT, (80, 40, 0), ANNA,
                double="double", doubler=BERT, sides_with="declarer",
            ),
            Roles(ANNA, BERT, CARL, ANNA),
        ),
        (
            "T4 doubled, I sides with the defender",
            three(
                ANNA, "spades", CARL, (80, 0, 40), ANNA,
                double="redouble", doubler=CARL, sides_with="defender",
            ),
            Roles(ANNA, CARL, BERT, CARL),
        ),
        (
            "T3/T4 Nullo: D is the Nullo bidder, I is with A",
            three(
                ANNA, "hearts", ANNA, (60, 0, 0), None,
                special="nullo", nullo_bidder=CARL, tricks=(9, 0, 0),
            ),
            Roles(CARL, ANNA, BERT, ANNA),
        ),
        (
            "T4 Nullo after a double: I (the bidder) is with A, whatever was chosen",
            three(
                ANNA, "hearts", BERT, (0, 60, 0), None, double="double", doubler=BERT,
                sides_with="declarer", special="nullo", nullo_bidder=CARL, tricks=(0, 9, 0),
            ),
            Roles(CARL, BERT, ANNA, BERT),
        ),
    ],
)  # fmt: skip
def test_roles(rule: str, hand: SeatHand, roles: Roles) -> None:
    assert score_three_player_hand(hand, 1).roles == roles, rule


def test_the_play_is_the_two_player_hand_declarer_against_defender() -> None:
    """T5: D is side 0 and A side 1 of the two-player hand; the inactive seat is dropped."""
    hand = three(CARL, "hearts", ANNA, (40, 0, 90), ANNA, melds=(20, 0, 0), jojotte=CARL)
    assert two_sided(hand) == played(0, "hearts", (90, 40), 1, melds=(0, 20), jojotte=0)


@pytest.mark.parametrize(
    ("rule", "hand", "entries", "outcome", "prison"),
    [
        (
            "T6 undoubled, D wins: D's trick score below, A's above, copied to I",
            three(ANNA, "spades", BERT, (80, 45, 0), ANNA),
            {
                (ANNA, "below", 90, "tricks"),
                (BERT, "above", 45, "tricks"),
                (CARL, "above", 45, "tricks"),
            },
            Outcome.DECLARER_WON,
            0,
        ),
        (
            "T6 undoubled, A wins: the combined trick score goes ABOVE for A and for I",
            three(ANNA, "spades", BERT, (45, 80, 0), BERT),
            {(BERT, "above", 135, "tricks"), (CARL, "above", 135, "tricks")},
            Outcome.DEFENDER_WON,
            0,
        ),
        (
            "T6 undoubled tie: both trick scores to prison, nothing written",
            three(BERT, "no-trump", CARL, (0, 40, 30), CARL),
            set(),
            Outcome.TIE,
            80,
        ),
        (
            "T7 doubled, D wins, I with D: m × (T_D + T_A) below for D, the same above for I",
            three(
                ANNA, "clubs", BERT, (70, 35, 0), ANNA,
                double="double", doubler=BERT, sides_with="declarer",
            ),
            {(ANNA, "below", 230, "tricks"), (CARL, "above", 230, "tricks")},
            Outcome.DECLARER_WON,
            0,
        ),
        (
            "T7 doubled, D wins, I with A: the loser writes nothing, so I writes nothing",
            three(
                ANNA, "clubs", BERT, (70, 35, 0), ANNA,
                double="double", doubler=BERT, sides_with="defender",
            ),
            {(ANNA, "below", 230, "tricks")},
            Outcome.DECLARER_WON,
            0,
        ),
        (
            "T7 redoubled, A wins, I with A: 4 × (T_D + T_A) below for A, above for I",
            three(
                ANNA, "hearts", CARL, (30, 0, 60), CARL,
                double="redouble", doubler=CARL, sides_with="defender",
            ),
            {(CARL, "below", 400, "tricks"), (BERT, "above", 400, "tricks")},
            Outcome.DEFENDER_WON,
            0,
        ),
        (
            "T7 doubled tie: m × (T_D + T_A) to prison",
            three(
                ANNA, "no-trump", BERT, (40, 30, 0), BERT,
                double="double", doubler=BERT, sides_with="declarer",
            ),
            set(),
            Outcome.TIE,
            160,
        ),
        (
            "T8/T9 melds above, never multiplied; I copies his partner's melds even when the "
            "partner loses",
            three(
                ANNA, "clubs", BERT, (70, 35, 0), ANNA, melds=(0, 40, 0),
                double="double", doubler=BERT, sides_with="defender",
            ),
            {
                (ANNA, "below", 230, "tricks"),
                (BERT, "above", 40, "meld"),
                (CARL, "above", 40, "meld"),
            },
            Outcome.DECLARER_WON,
            0,
        ),
        (
            "T9 I does not copy the melds of the player he did not side with",
            three(
                ANNA, "clubs", BERT, (70, 35, 0), ANNA, melds=(100, 0, 0),
                double="double", doubler=BERT, sides_with="defender",
            ),
            {(ANNA, "below", 230, "tricks"), (ANNA, "above", 100, "meld")},
            Outcome.DECLARER_WON,
            0,
        ),
        (
            "T10 Slam made: 500 above for D, trick points by T6; I copies A's nothing",
            three(
                BERT, "diamonds", CARL, (0, 155, 0), BERT, special="slam", tricks=(0, 9, 0),
            ),
            {(BERT, "below", 165, "tricks"), (BERT, "above", 500, "slam-bonus")},
            Outcome.DECLARER_WON,
            0,
        ),
        (
            "T10 Slam failed, undoubled: A scores T_D + T_A above even when ahead; I copies",
            three(
                BERT, "diamonds", CARL, (0, 40, 90), CARL, special="slam", tricks=(0, 3, 6),
            ),
            {(CARL, "above", 140, "tricks"), (ANNA, "above", 140, "tricks")},
            Outcome.SLAM_FAILED,
            0,
        ),
        (
            "T10 Slam failed, doubled, A ahead: m × (T_D + T_A) below for A; I with D gets nothing",
            three(
                BERT, "diamonds", CARL, (0, 40, 90), CARL, special="slam", tricks=(0, 3, 6),
                double="double", doubler=CARL, sides_with="declarer",
            ),
            {(CARL, "below", 280, "tricks")},
            Outcome.SLAM_FAILED,
            0,
        ),
        (
            "T10 Slam failed, doubled, A not ahead: m × (T_D + T_A) above for A (R8), I copies",
            three(
                BERT, "diamonds", CARL, (0, 120, 10), BERT, special="slam", tricks=(0, 8, 1),
                double="double", doubler=CARL, sides_with="defender",
            ),
            {(CARL, "above", 280, "tricks"), (ANNA, "above", 280, "tricks")},
            Outcome.SLAM_FAILED,
            0,
        ),
        (
            "T10 unbid slam: 100 above for the active player who took every trick; I copies",
            three(ANNA, "spades", CARL, (0, 0, 155), CARL, tricks=(0, 0, 9)),
            {
                (CARL, "above", 165, "tricks"),
                (CARL, "above", 100, "unbid-slam-bonus"),
                (BERT, "above", 165, "tricks"),
                (BERT, "above", 100, "unbid-slam-bonus"),
            },
            Outcome.DEFENDER_WON,
            0,
        ),
        (
            "T11 Nullo made: 200 above for the Nullo bidder only; all card points to prison",
            three(
                ANNA, "hearts", BERT, (0, 120, 0), None,
                special="nullo", nullo_bidder=CARL, tricks=(0, 9, 0),
            ),
            {(CARL, "above", 200, "nullo-bonus")},
            Outcome.NULLO_MADE,
            120,
        ),
        (
            "T11 Nullo lost after 1 trick: 100 above to each opponent (A and I)",
            three(
                ANNA, "hearts", BERT, (0, 100, 20), None,
                special="nullo", nullo_bidder=CARL, tricks=(0, 8, 1),
            ),
            {(BERT, "above", 100, "nullo-bonus"), (ANNA, "above", 100, "nullo-bonus")},
            Outcome.NULLO_FAILED,
            120,
        ),
        (
            "T11 Nullo lost after 4 tricks: 100 + 50 × 3 = 250 to each opponent; a double "
            "before the Nullo multiplies nothing",
            three(
                ANNA, "hearts", BERT, (0, 60, 50), None, double="double", doubler=BERT,
                sides_with="declarer", special="nullo", nullo_bidder=CARL, tricks=(0, 5, 4),
            ),
            {(BERT, "above", 250, "nullo-bonus"), (ANNA, "above", 250, "nullo-bonus")},
            Outcome.NULLO_FAILED,
            110,
        ),
        (
            "R15 a thrown-in deal writes nothing",
            ThrownIn(dealer=1),
            set(),
            Outcome.THROWN_IN,
            0,
        ),
    ],
)  # fmt: skip
def test_one_hand(
    rule: str, hand: SeatDeal, entries: Written, outcome: Outcome, prison: int
) -> None:
    score = score_three_player_hand(hand, 1)
    assert (written(hand), score.outcome, score.to_prison) == (entries, outcome, prison), rule


@pytest.mark.parametrize(
    ("rule", "taken", "bonus"),
    [
        ("T11 first trick 100", 1, 100),
        ("T11 plus 50 for the second", 2, 150),
        ("T11 plus 50 for each further trick", 5, 300),
        ("T11 every trick", 9, 500),
    ],
)
def test_three_player_lost_nullo_bonus(rule: str, taken: int, bonus: int) -> None:
    assert three_player_lost_nullo_bonus(taken) == bonus, rule


@pytest.mark.parametrize(
    ("rule", "hands", "prison_by_hand", "last_entries"),
    [
        (
            "T12 a tie's prison goes to the next winner, and to I on the winner's side (T8)",
            [
                three(ANNA, "no-trump", BERT, (40, 30, 0), BERT),
                three(ANNA, "spades", BERT, (20, 40, 0), BERT),
            ],
            [(80, 0), (0, 80)],
            {
                (BERT, "above", 70, "tricks"),
                (BERT, "above", 80, "prison"),
                (CARL, "above", 70, "tricks"),
                (CARL, "above", 80, "prison"),
            },
        ),
        (
            "T12 I siding with the loser of a doubled hand gets none of the prison",
            [
                three(ANNA, "no-trump", BERT, (40, 30, 0), BERT),
                three(
                    ANNA, "spades", BERT, (70, 10, 0), ANNA,
                    double="double", doubler=BERT, sides_with="defender",
                ),
            ],
            [(80, 0), (0, 80)],
            {(ANNA, "below", 180, "tricks"), (ANNA, "above", 80, "prison")},
        ),
        (
            "T12 Nullo and ties have no winner: prison keeps growing",
            [
                three(ANNA, "no-trump", BERT, (40, 30, 0), BERT),
                three(
                    ANNA, "hearts", BERT, (0, 120, 0), None,
                    special="nullo", nullo_bidder=CARL, tricks=(0, 9, 0),
                ),
                ThrownIn(),
            ],
            [(80, 0), (200, 0), (200, 0)],
            set(),
        ),
        (
            "T12 the defence of a failed Slam wins the prison; I copies it",
            [
                three(ANNA, "no-trump", BERT, (40, 30, 0), BERT),
                three(
                    BERT, "diamonds", CARL, (0, 40, 90), CARL, special="slam", tricks=(0, 3, 6),
                ),
            ],
            [(80, 0), (0, 80)],
            {
                (CARL, "above", 140, "tricks"),
                (CARL, "above", 80, "prison"),
                (ANNA, "above", 140, "tricks"),
                (ANNA, "above", 80, "prison"),
            },
        ),
    ],
)  # fmt: skip
def test_prison(
    rule: str,
    hands: list[SeatDeal],
    prison_by_hand: list[tuple[int, int]],
    last_entries: Written,
) -> None:
    scorer = Scorer(
        find_game(Variant.THREE_PLAYER),
    )
    results = [scorer.add(hand) for hand in hands]
    assert [(r.prison_after, r.prison_out) for r in results] == prison_by_hand, rule
    last = {(e.side, e.line.value, e.points, e.kind.value) for e in results[-1].entries}
    assert last == last_entries, rule
