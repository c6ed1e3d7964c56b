"""What the core refuses or warns about, by variant (docs/RULES.md, "Validation")."""

from __future__ import annotations

import pytest

from jojotte_score.core.ledger import replay
from jojotte_score.core.model import PlayedHand, Sitting, Variant
from jojotte_score.core.validation import check_hand, errors_only
from tests.core.builders import played

TWO, FOUR = Variant.TWO_PLAYER, Variant.PARTNERSHIP


def messages(hand: PlayedHand, variant: Variant) -> list[str]:
    return [p.message for p in errors_only(check_hand(hand, variant, 1))]


@pytest.mark.parametrize(
    ("rule", "variant", "melds", "error"),
    [
        ("Meld points: nine cards can make 220", TWO, 220, ""),
        ("Meld points: one four of a kind and runs worth 60", TWO, 160, ""),
        (
            "Meld points: 110 is a sum of melds but not with nine cards",
            TWO,
            110,
            "cannot be melded with nine cards",
        ),
        ("Meld points: 240 is more than nine cards hold", TWO, 240, "cannot be melded"),
        ("Meld points: 30 is no sum of 20, 40, 50, 100", TWO, 30, "are not a sum of 20, 40"),
        ("Meld points: 45 is no sum", FOUR, 45, "are not a sum of 20, 40"),
        ("P1: two partners may meld 110", FOUR, 110, ""),
        ("P1: two partners may meld 400", FOUR, 400, ""),
        ("P1: 420 is more than two partners hold", FOUR, 420, "exceed the 400"),
    ],
)
def test_meld_totals(rule: str, variant: Variant, melds: int, error: str) -> None:
    found = messages(played(0, "spades", (90, 65), 0, melds=(melds, 0)), variant)
    if error:
        assert len(found) == 1, rule
        assert error in found[0], rule
    else:
        assert found == [], rule


@pytest.mark.parametrize(
    ("rule", "variant", "tricks", "error"),
    [
        ("Tricks add up to 9 with two players", TWO, (5, 4), ""),
        ("Tricks add up to 9 with two players", TWO, (4, 4), "tricks [4, 4] add up to 8, not 9"),
        ("P1: tricks add up to 8 in partnerships", FOUR, (4, 4), ""),
        (
            "P1: tricks add up to 8 in partnerships",
            FOUR,
            (5, 4),
            "tricks [5, 4] add up to 9, not 8",
        ),
        ("P1: at most 8 tricks a side", FOUR, (9, 0), "tricks [9, 0] must each be from 0 to 8"),
    ],
)
def test_trick_count_by_variant(
    rule: str, variant: Variant, tricks: tuple[int, int], error: str
) -> None:
    found = messages(played(0, "spades", (90, 65), 0, tricks=tricks), variant)
    assert found == ([error] if error else []), rule


@pytest.mark.parametrize(
    ("rule", "hand", "kinds"),
    [
        (
            "P1/R7 a partnership Slam is made with all eight tricks",
            played(0, "hearts", (155, 0), 0, special="slam", tricks=(8, 0)),
            [("tricks", 0, 165), ("slam-bonus", 0, 500)],
        ),
        (
            "P1/R8 a partnership Slam with seven of eight tricks fails",
            played(0, "hearts", (150, 5), 0, special="slam", tricks=(7, 1)),
            [("tricks", 1, 165)],
        ),
        (
            "P1/R6 eight tricks to none without a Slam bid",
            played(1, "clubs", (0, 155), 1, tricks=(0, 8)),
            [("tricks", 1, 165), ("unbid-slam-bonus", 1, 100)],
        ),
        (
            "P1/R9 a partnership Nullo lost with two tricks: 200 + 100",
            played(0, "spades", (100, 20), None, special="nullo", tricks=(6, 2)),
            [("nullo-bonus", 0, 300)],
        ),
    ],
)
def test_partnership_all_tricks(
    rule: str, hand: PlayedHand, kinds: list[tuple[str, int, int]]
) -> None:
    assert messages(hand, FOUR) == [], rule
    sitting = Sitting(FOUR, ("Anna", "Bert", "Carl", "Dora"), (hand,))
    assert sitting.rules.game_target == 125
    ledger = replay(sitting)
    got = [(e.kind.value, e.side, e.points) for e in ledger.rubbers[0].entries]
    assert got == kinds, rule


def test_partnership_sitting_defaults_to_125() -> None:
    """R12: a partnership sitting plays to 125 unless its rules say otherwise."""
    assert Sitting(FOUR, ("A", "B", "C", "D")).rules.game_target == 125
    assert Sitting(TWO, ("A", "B")).rules.game_target == 80
