"""The status line before the next hand: game, below-the-line points, prison, next dealer."""

from __future__ import annotations

import pytest

from jojotte_score.core.ledger import replay
from jojotte_score.core.model import Hand, PlayedHand, Sitting, ThrownIn, Variant
from jojotte_score.core.status import next_dealer, table_status
from tests.core.builders import played
from tests.core.test_german_example import GERMAN_HANDS

TWO, FOUR = Variant.TWO_PLAYER, Variant.PARTNERSHIP


def dealt(hand: PlayedHand, dealer: int | None) -> PlayedHand:
    return hand._replace(dealer=dealer)


A_60 = played(0, "spades", (50, 45), 0)


@pytest.mark.parametrize(
    ("rule", "variant", "hands", "dealer"),
    [
        ("nobody dealt yet", TWO, [], None),
        ("two players alternate", TWO, [dealt(A_60, 0)], 1),
        ("two players alternate", TWO, [dealt(A_60, 0), dealt(A_60, 1)], 0),
        ("four players deal clockwise", FOUR, [dealt(A_60, 3)], 0),
        ("four players deal clockwise", FOUR, [dealt(A_60, 1)], 2),
        ("a thrown-in deal passes the deal on", TWO, [ThrownIn(dealer=1)], 0),
        ("unrecorded dealers are counted on", FOUR, [dealt(A_60, 2), A_60, ThrownIn()], 1),
        ("no dealer recorded at all", TWO, [A_60, A_60], None),
    ],
)
def test_next_dealer(rule: str, variant: Variant, hands: list[Hand], dealer: int | None) -> None:
    assert next_dealer(hands, variant) == dealer, rule


def test_status_through_the_german_example() -> None:
    hands = [dealt(h, i % 2) for i, h in enumerate(GERMAN_HANDS)]
    seen = []
    for count in range(len(hands) + 1):
        sitting = Sitting(TWO, ("A", "B"), tuple(hands[:count]))
        s = table_status(sitting.hands, TWO, replay(sitting))
        seen.append((s.hand, s.rubber, s.game, s.below, s.games, s.prison, s.next_dealer))
    assert seen == [
        (1, 1, 1, (0, 0), (0, 0), 0, None),
        (2, 1, 1, (0, 35), (0, 0), 0, 1),  # B 35 below after hand 1
        (3, 1, 2, (0, 0), (1, 0), 0, 0),  # A won game 1 with 95
        (4, 1, 3, (0, 0), (1, 1), 0, 1),  # B won game 2 with 220
        (5, 1, 3, (0, 0), (1, 1), 60, 0),  # Nullo: 60 in prison
        (6, 1, 3, (0, 0), (1, 1), 150, 1),  # tie: 90 more
        (7, 2, 1, (0, 0), (0, 0), 0, None),  # A won the rubber: a new cut
    ]
    last = table_status(tuple(hands), TWO, replay(Sitting(TWO, ("A", "B"), tuple(hands))))
    assert last.new_cut
