"""Rulings T8 and T12-T15 over several hands: copies, games, rubbers and the settlement.

One row per case, citing its ruling. Anna, Bert and Carl sit at seats 0, 1 and 2.
"""

from __future__ import annotations

import pytest

from jojotte_score.core.games import new_sitting, replay
from jojotte_score.core.ledger import settle
from jojotte_score.core.model import Rules, SeatDeal, Sitting, Variant
from jojotte_score.core.scoring import Line
from tests.core.builders import three

ANNA, BERT, CARL = 0, 1, 2
NAMES = ("Anna", "Bert", "Carl")

# Anna declares and wins 90 below against Bert; Carl sits out with Bert, who writes 45 above.
ANNA_90 = three(ANNA, "spades", BERT, (80, 45, 0), ANNA)
# Bert declares and wins 50 below against Carl; Anna sits out with Carl, who writes 40 above.
BERT_50 = three(BERT, "hearts", CARL, (0, 40, 40), BERT)
# Carl doubles Anna and wins 2 × (45 + 90) = 270 below; Bert sided with the doubler Carl.
CARL_270 = three(
    ANNA, "clubs", CARL, (45, 0, 80), CARL, double="double", doubler=CARL, sides_with="defender"
)


@pytest.mark.parametrize(
    ("rule", "hands", "rules", "below", "game_winners", "rubber_winner"),
    [
        (
            "T13 each player's own below-the-line score; none has 80 yet",
            [BERT_50, BERT_50],
            Rules(),
            [(0, 50, 0), (0, 100, 0)],
            [None, BERT],
            None,
        ),
        (
            "T13 the first to reach 80 wins the game and everyone restarts at 0",
            [BERT_50, ANNA_90, BERT_50],
            Rules(),
            [(0, 50, 0), (90, 50, 0), (0, 50, 0)],
            [None, ANNA, None],
            None,
        ),
        (
            "T13 the game target of the sitting's rules",
            [BERT_50, ANNA_90],
            Rules(game_target=100),
            [(0, 50, 0), (90, 50, 0)],
            [None, None],
            None,
        ),
        (
            "T14 two games win the rubber; a game each does not",
            [ANNA_90, CARL_270, ANNA_90],
            Rules(),
            [(90, 0, 0), (0, 0, 270), (90, 0, 0)],
            [ANNA, CARL, ANNA],
            ANNA,
        ),
    ],
)
def test_games_and_rubbers(
    rule: str,
    hands: list[SeatDeal],
    rules: Rules,
    below: list[tuple[int, int, int]],
    game_winners: list[int | None],
    rubber_winner: int | None,
) -> None:
    ledger = replay(Sitting(Variant.THREE_PLAYER, NAMES, tuple(hands), rules))
    assert [r.below for r in ledger.hands] == below, rule
    assert [r.game_winner for r in ledger.hands] == game_winners, rule
    assert ledger.rubbers[0].winner == rubber_winner, rule


@pytest.mark.parametrize(
    ("rule", "hands", "above_in_last_hand"),
    [
        (
            "T14/T8 the rubber bonus is copied to I on the winner's side",
            [CARL_270, CARL_270],
            (0, 270 + 300, 300),
        ),
        (
            "T14/T8 not to I on the other side: Bert sides with Anna, Carl wins the rubber",
            [
                CARL_270,
                three(
                    ANNA, "clubs", CARL, (45, 0, 80), CARL,
                    double="double", doubler=CARL, sides_with="declarer",
                ),
            ],
            (0, 0, 300),
        ),
        (
            "T14 the rubber winner writes 300; I, with the loser, copies only the loser's 45",
            [ANNA_90, ANNA_90],
            (300, 45, 45),
        ),
    ],
)  # fmt: skip
def test_rubber_bonus(
    rule: str, hands: list[SeatDeal], above_in_last_hand: tuple[int, int, int]
) -> None:
    last = replay(new_sitting(Variant.THREE_PLAYER, NAMES, tuple(hands))).hands[-1]
    assert tuple(last.written(seat, Line.ABOVE) for seat in range(3)) == above_in_last_hand, rule


@pytest.mark.parametrize(
    ("rule", "totals", "settlement"),
    [
        ("T15 level totals settle nothing", (500, 500, 500), (0, 0, 0)),
        ("T15 net_i = 3 total_i - sum", (1100, 480, 1215), (505, -1355, 850)),
        ("T15 pairwise differences", (300, 0, 0), (600, -300, -300)),
        ("F6 four players: net_i = 4 total_i - sum", (100, 0, 0, 0), (300, -100, -100, -100)),
    ],
)
def test_settle(rule: str, totals: tuple[int, ...], settlement: tuple[int, ...]) -> None:
    assert settle(totals) == settlement, rule


def test_the_sitting_result_sums_every_rubber_and_counts_rubbers_won() -> None:
    """T15: the sum of the nets of the rubbers, the unfinished one included (as R14)."""
    sitting = new_sitting(Variant.THREE_PLAYER, NAMES, (ANNA_90, ANNA_90, BERT_50))
    ledger = replay(sitting)
    first = (90 + 90 + 300, 45 + 45, 45 + 45)
    second = (40, 50, 40)
    assert [r.totals for r in ledger.rubbers] == [first, second]
    assert ledger.settlement == tuple(
        a + b for a, b in zip(settle(first), settle(second), strict=True)
    )
    assert ledger.rubbers_won == (1, 0, 0)
