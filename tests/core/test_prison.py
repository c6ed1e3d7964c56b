"""Who won the prison (R10: "the winner of the next hand takes them"), hand by hand."""

from __future__ import annotations

import pytest

from jojotte_score.core.games import new_sitting, replay
from jojotte_score.core.model import PlayedHand, ThrownIn, Trump, Variant
from jojotte_score.core.status import prison_winners
from tests.core.test_german_example import GERMAN

TIE = PlayedHand(0, Trump.SPADES, (35, 45), 0)  # 35 + 10 last trick against 45: a tie
A_WINS = PlayedHand(0, Trump.SPADES, (90, 40), 0)


@pytest.mark.parametrize(
    ("rule", "hands", "winners"),
    [
        ("R10: nothing in prison, nothing won", (A_WINS,), {}),
        ("R10: a tie puts the points in prison; nobody has won them yet", (TIE,), {}),
        ("R10: the next hand with a winner takes them", (TIE, A_WINS), {1: 2}),
        ("R10: two ties wait together for the same winner", (TIE, TIE, A_WINS), {1: 3, 2: 3}),
        (
            "R15: a thrown-in deal has no winner and takes nothing",
            (TIE, ThrownIn(), A_WINS),
            {1: 3},
        ),
    ],
)
def test_prison_winners(rule: str, hands: tuple[PlayedHand, ...], winners: dict[int, int]) -> None:
    ledger = replay(new_sitting(Variant.TWO_PLAYER, ("A", "B"), hands))
    assert prison_winners(ledger.hands) == winners, rule


def test_the_german_example() -> None:
    """Hands 4 (Nullo, 60 to prison) and 5 (a tie, 90) are won by hand 6 (A, 150 above)."""
    ledger = replay(GERMAN)
    assert prison_winners(ledger.hands) == {4: 6, 5: 6}
    assert [h.prison_in for h in ledger.hands[3:5]] == [60, 90]
    assert ledger.hands[5].prison_out == 150
