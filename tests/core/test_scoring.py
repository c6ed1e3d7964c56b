"""Rulings R1-R9: what one hand writes on the pad. One row per case, citing its ruling."""

from __future__ import annotations

import pytest

from jojotte_score.core.model import PlayedHand, ThrownIn
from jojotte_score.core.scoring import Outcome, score_hand, trick_scores
from tests.core.builders import played

A, B = 0, 1


def written(hand: PlayedHand) -> set[tuple[int, str, int, str]]:
    """The entries of a hand as (side, line, points, kind), order ignored."""
    return {(e.side, e.line.value, e.points, e.kind.value) for e in score_hand(hand, 1).entries}


@pytest.mark.parametrize(
    ("rule", "hand", "expected"),
    [
        ("R1 card points only", played(A, "spades", (100, 45), None, special="none"), (100, 45)),
        ("R1 +10 last trick", played(A, "spades", (100, 45), B), (100, 55)),
        (
            "R1 +20 Jo-Jotte with a trump suit",
            played(A, "hearts", (100, 55), A, jojotte=B),
            (110, 75),
        ),
        (
            "R1 Jo-Jotte scores for its holder even without winning tricks",
            played(A, "clubs", (155, 0), A, jojotte=B, tricks=(9, 0)),
            (165, 20),
        ),
        (
            "R1 no last trick in Nullo",
            played(A, "spades", (0, 120), B, special="nullo", tricks=(0, 9)),
            (0, 120),
        ),
        ("R1 no-trump: last trick counts", played(B, "no-trump", (50, 70), A), (60, 70)),
    ],
)
def test_trick_scores(rule: str, hand: PlayedHand, expected: tuple[int, int]) -> None:
    assert trick_scores(hand) == expected, rule


@pytest.mark.parametrize(
    ("rule", "hand", "entries", "winner", "prison"),
    [
        (
            "R2/R3 declarer wins on totals: own trick score below, defender's above",
            played(A, "spades", (90, 65), A),
            {(A, "below", 100, "tricks"), (B, "above", 65, "tricks")},
            A,
            0,
        ),
        (
            "R2 melds decide the winner: 80+20 beats 85",
            played(A, "spades", (70, 85), A, melds=(20, 0)),
            {(A, "above", 20, "meld"), (A, "below", 80, "tricks"), (B, "above", 85, "tricks")},
            A,
            0,
        ),
        (
            "R3 defender wins: both trick scores below for the defender",
            played(A, "spades", (60, 95), B),
            {(B, "below", 165, "tricks")},
            B,
            0,
        ),
        (
            "R3 defender wins on melds although the declarer took more card points",
            played(A, "diamonds", (80, 65), A, melds=(0, 40)),
            {(B, "above", 40, "meld"), (B, "below", 155, "tricks")},
            B,
            0,
        ),
        (
            "R3 equal totals: both trick scores to prison",
            played(A, "spades", (40, 50), A),
            set(),
            None,
            100,
        ),
        (
            "R3/R5 tie decided by melds still scores the melds",
            played(A, "spades", (40, 70), A, melds=(20, 0)),
            {(A, "above", 20, "meld")},
            None,
            120,
        ),
        (
            "R3 declarer wins and the defender took no card points: nothing above",
            played(A, "spades", (155, 0), A, tricks=(8, 1)),
            {(A, "below", 165, "tricks")},
            A,
            0,
        ),
        (
            "R4 doubled, declarer wins: 2 x both trick scores below, defender nothing",
            played(A, "spades", (90, 65), A, double="double"),
            {(A, "below", 330, "tricks")},
            A,
            0,
        ),
        (
            "R4 doubled, defender wins: 2 x both trick scores below for the defender",
            played(A, "clubs", (60, 40), B, double="double", melds=(0, 20)),
            {(B, "above", 20, "meld"), (B, "below", 220, "tricks")},
            B,
            0,
        ),
        (
            "R4 redoubled: 4 x both trick scores",
            played(B, "no-trump", (70, 50), B, double="redouble"),
            {(A, "below", 520, "tricks")},
            A,
            0,
        ),
        (
            "R4 doubled tie: 2 x both trick scores to prison",
            played(A, "hearts", (40, 50), A, double="double"),
            set(),
            None,
            200,
        ),
        (
            "R4/R5 melds are never multiplied",
            played(A, "hearts", (90, 65), A, double="redouble", melds=(50, 20)),
            {(A, "above", 50, "meld"), (B, "above", 20, "meld"), (A, "below", 660, "tricks")},
            A,
            0,
        ),
        (
            "R6 unbid slam by the declarer: 100 above",
            played(A, "spades", (155, 0), A, tricks=(9, 0)),
            {(A, "below", 165, "tricks"), (A, "above", 100, "unbid-slam-bonus")},
            A,
            0,
        ),
        (
            "R6 unbid slam by the defender: 100 above, and the defender wins",
            played(A, "spades", (0, 155), B, tricks=(0, 9)),
            {(B, "below", 165, "tricks"), (B, "above", 100, "unbid-slam-bonus")},
            B,
            0,
        ),
        (
            "R6 no unbid-slam bonus when tricks were not recorded",
            played(A, "spades", (155, 0), A),
            {(A, "below", 165, "tricks")},
            A,
            0,
        ),
        (
            "R7 slam bid and made: 500 above, tricks as R3",
            played(A, "spades", (155, 0), A, special="slam", tricks=(9, 0), jojotte=A),
            {(A, "below", 185, "tricks"), (A, "above", 500, "slam-bonus")},
            A,
            0,
        ),
        (
            "R7 doubled slam made: 500 above, 2 x tricks below",
            played(B, "no-trump", (0, 120), B, special="slam", double="double", tricks=(0, 9)),
            {(B, "below", 260, "tricks"), (B, "above", 500, "slam-bonus")},
            B,
            0,
        ),
        (
            "R8 slam failed, defender behind on totals: both trick scores above",
            played(A, "spades", (150, 5), A, special="slam", tricks=(8, 1)),
            {(B, "above", 165, "tricks")},
            B,
            0,
        ),
        (
            "R8 slam failed, defender ahead on totals: both trick scores below",
            played(A, "hearts", (60, 85), B, special="slam", tricks=(5, 4)),
            {(B, "below", 155, "tricks")},
            B,
            0,
        ),
        (
            "R8 doubled slam failed: 2 x both trick scores to the defender; melds stay",
            played(
                A,
                "spades",
                (140, 15),
                A,
                special="slam",
                double="double",
                tricks=(7, 2),
                melds=(100, 20),
            ),
            {(A, "above", 100, "meld"), (B, "above", 20, "meld"), (B, "above", 330, "tricks")},
            B,
            0,
        ),
        (
            "R8/R6 slam failed with every trick to the defender: unbid slam bonus",
            played(A, "spades", (0, 155), B, special="slam", tricks=(0, 9)),
            {(B, "below", 165, "tricks"), (B, "above", 100, "unbid-slam-bonus")},
            B,
            0,
        ),
        (
            "R9 Nullo made (no trick): 200 to the Nullo bidder, card points to prison",
            played(A, "spades", (120, 0), None, special="nullo", tricks=(9, 0)),
            {(B, "above", 200, "nullo-bonus")},
            None,
            120,
        ),
        (
            "R9 Nullo failed with one trick: 200 to the opponent",
            played(A, "no-trump", (100, 20), None, special="nullo", tricks=(8, 1)),
            {(A, "above", 200, "nullo-bonus")},
            None,
            120,
        ),
        (
            "R9 Nullo failed with three tricks: 200 + 2 x 100 to the opponent",
            played(B, "hearts", (45, 75), None, special="nullo", tricks=(3, 6)),
            {(B, "above", 400, "nullo-bonus")},
            None,
            120,
        ),
        (
            "R9/R5 melds are scored in Nullo; the last trick is not",
            played(A, "spades", (100, 20), A, special="nullo", tricks=(7, 2), melds=(40, 0)),
            {(A, "above", 40, "meld"), (A, "above", 300, "nullo-bonus")},
            None,
            120,
        ),
        (
            "R9/R6 no unbid-slam bonus in Nullo",
            played(B, "spades", (0, 120), None, special="nullo", tricks=(0, 9)),
            {(A, "above", 200, "nullo-bonus")},
            None,
            120,
        ),
    ],
)
def test_hand_entries(
    rule: str,
    hand: PlayedHand,
    entries: set[tuple[int, str, int, str]],
    winner: int | None,
    prison: int,
) -> None:
    score = score_hand(hand, 1)
    assert written(hand) == entries, rule
    assert score.winner == winner, rule
    assert score.to_prison == prison, rule


@pytest.mark.parametrize(
    ("rule", "hand", "outcome"),
    [
        ("R3", played(A, "spades", (90, 65), A), Outcome.DECLARER_WON),
        ("R3", played(A, "spades", (60, 95), B), Outcome.DEFENDER_WON),
        ("R3", played(A, "spades", (40, 50), A), Outcome.TIE),
        (
            "R8",
            played(A, "spades", (150, 5), A, special="slam", tricks=(8, 1)),
            Outcome.SLAM_FAILED,
        ),
        (
            "R9",
            played(A, "spades", (120, 0), None, special="nullo", tricks=(9, 0)),
            Outcome.NULLO_MADE,
        ),
        (
            "R9",
            played(A, "spades", (100, 20), None, special="nullo", tricks=(8, 1)),
            Outcome.NULLO_FAILED,
        ),
        ("R15", ThrownIn(), Outcome.THROWN_IN),
    ],
)
def test_outcome(rule: str, hand: PlayedHand | ThrownIn, outcome: Outcome) -> None:
    assert score_hand(hand, 1).outcome is outcome, rule


def test_thrown_in_scores_nothing() -> None:
    """R15: a thrown-in deal writes no entry and puts nothing in prison."""
    score = score_hand(ThrownIn(dealer=1), 4)
    assert score.entries == ()
    assert score.to_prison == 0
    assert score.winner is None
