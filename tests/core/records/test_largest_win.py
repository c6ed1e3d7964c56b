"""The largest win is an amount won by: a rubber won while behind on points between the two
players is no largest win (docs/records.md, "Head to head")."""

from __future__ import annotations

from datetime import UTC, datetime

from jojotte_score.core.records.facts import RubberFacts, SittingFacts
from jojotte_score.core.records.pairs import Win, head_to_head, head_to_heads


def rubber(number: int, bert: int, carl: int, winner: int) -> RubberFacts:
    """A finished two-player rubber: Bert's and Carl's column totals and the seat that won."""
    return RubberFacts(
        number, True, ((0,), (1,)), (bert, carl), (bert - carl, carl - bert), (winner,)
    )


def sitting(sitting_id: int, *rubbers: RubberFacts) -> SittingFacts:
    return SittingFacts(
        sitting_id,
        datetime(2026, 3, sitting_id, tzinfo=UTC),
        "two-player",
        ("Bert", "Carl"),
        rubbers,
    )


def test_a_rubber_won_while_behind_is_no_largest_win() -> None:
    # Bert won the first rubber with 500 to Carl's 525 (-25 between them), Carl the second
    # by 300: Bert has no largest win, Carl's is 300.
    facts = [sitting(1, rubber(1, 500, 525, 0), rubber(2, 200, 500, 1))]
    record = head_to_head(facts, "Bert", "Carl")
    assert record.won == (1, 1)
    assert record.net_points == -25 - 300
    assert record.largest_win == (None, Win(300, 1, 2))
    assert head_to_heads(facts)[0].largest_win == (None, Win(300, 1, 2))


def test_a_later_win_by_points_is_the_largest() -> None:
    # Then Bert won by 40 in a second sitting, and again while behind by 10 in a third.
    facts = [
        sitting(1, rubber(1, 500, 525, 0), rubber(2, 200, 500, 1)),
        sitting(2, rubber(1, 540, 500, 0)),
        sitting(3, rubber(1, 490, 500, 0)),
    ]
    expected = (Win(40, 2, 1), Win(300, 1, 2))
    assert head_to_head(facts, "Bert", "Carl").largest_win == expected
    assert head_to_heads(facts)[0].largest_win == expected
    assert head_to_head(facts, "Carl", "Bert").largest_win == expected[::-1]
