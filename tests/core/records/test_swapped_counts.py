"""A correction to one sitting taken into counts summed over many without adding them again
(``PairTally.swapped``, ``swapped_tallies``): the sitting's count before is taken off and its
count now added where that can be told so, and the result is then exactly the count of
every sitting added again, the corrected one's in its place."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.records.facts import RubberFacts, SittingFacts
from jojotte_score.core.records.pairs import (
    PairTally,
    Streak,
    Win,
    named_tallies,
    records_of_summed,
    seat_tallies,
    summed_tallies,
    swapped_tallies,
)

Rubber = tuple[bool, int, int, int | None]
"""A two-player rubber: finished, Bert's and Carl's column totals, the seat that won."""


def sitting(sitting_id: int, rubbers: list[Rubber]) -> dict[tuple[str, str], PairTally]:
    """Bert's and Carl's count over one sitting of ``rubbers``."""
    facts = SittingFacts(
        sitting_id,
        datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=sitting_id),
        "two-player",
        ("Bert", "Carl"),
        tuple(
            RubberFacts(
                number,
                finished,
                ((0,), (1,)),
                (bert, carl),
                (bert - carl, carl - bert),
                () if winner is None or not finished else (winner,),
            )
            for number, (finished, bert, carl, winner) in enumerate(rubbers, start=1)
        ),
    )
    return named_tallies(facts.names, seat_tallies(facts))


rubbers = st.lists(
    st.tuples(
        st.booleans(),
        st.integers(0, 12).map(lambda tens: 10 * tens),
        st.integers(0, 12).map(lambda tens: 10 * tens),
        st.sampled_from([0, 1, None]),
    ),
    min_size=1,
    max_size=4,
)


@st.composite
def corrections(draw: st.DrawFn) -> tuple[list[list[Rubber]], int, list[Rubber]]:
    """Sittings of rubbers, the place of one, and its rubbers after a correction: the
    same rubbers finished and won with other points (most corrections), or any."""
    played = draw(st.lists(rubbers, min_size=1, max_size=6))
    place = draw(st.integers(0, len(played) - 1))
    if draw(st.booleans()):
        points = st.integers(0, 12).map(lambda tens: 10 * tens)
        corrected = [
            (finished, draw(points), draw(points), winner)
            for finished, _bert, _carl, winner in played[place]
        ]
    else:
        corrected = draw(rubbers)
    return played, place, corrected


@settings(max_examples=400)
@given(corrections())
def test_a_count_swapped_is_every_count_added_again(
    example: tuple[list[list[Rubber]], int, list[Rubber]],
) -> None:
    played, place, corrected = example
    counts = [sitting(number, rubbers) for number, rubbers in enumerate(played, start=1)]
    now = sitting(place + 1, corrected)
    again = [*counts[:place], now, *counts[place + 1 :]]
    swapped = swapped_tallies(summed_tallies(counts), counts[place], now)
    if swapped is not None:
        assert records_of_summed(swapped) == records_of_summed(summed_tallies(again))


def test_points_corrected_in_an_older_sitting_are_taken_off_and_added() -> None:
    # Three evenings; in the second Bert's first rubber was entered 480 to 300 and is
    # corrected to 520 to 300: Bert's net over the three goes from +80 to +120 and his
    # largest win is now that rubber's 220, where the third evening's 200 was; the streak
    # (Carl's two rubbers of the third evening) stays.
    played: list[list[Rubber]] = [
        [(True, 400, 350, 0)],
        [(True, 480, 300, 0), (True, 300, 450, 1)],
        [(True, 500, 300, 0), (True, 200, 300, 1), (True, 100, 200, 1)],
    ]
    counts = [sitting(number, rubbers) for number, rubbers in enumerate(played, start=1)]
    before = records_of_summed(summed_tallies(counts))[0]
    assert (before.net_points, before.largest_win[0]) == (80, Win(200, 3, 1))
    now = sitting(2, [(True, 520, 300, 0), (True, 300, 450, 1)])
    swapped = swapped_tallies(summed_tallies(counts), counts[1], now)
    assert swapped is not None
    (record,) = records_of_summed(swapped)
    assert record.net_points == 120
    assert record.won == (3, 3)
    assert record.largest_win == (Win(220, 2, 1), Win(150, 2, 2))
    assert record.streak == Streak("Carl", 2)


def test_a_correction_that_changes_who_won_is_counted_again() -> None:
    # The second evening's first rubber corrected from Bert's to Carl's: the streak rests on
    # the order of the rubbers won, so the counts are added again, not swapped.
    played: list[list[Rubber]] = [[(True, 400, 350, 0)], [(True, 480, 300, 0)]]
    counts = [sitting(number, rubbers) for number, rubbers in enumerate(played, start=1)]
    now = sitting(2, [(True, 300, 480, 1)])
    assert swapped_tallies(summed_tallies(counts), counts[1], now) is None


def test_the_sittings_own_largest_win_is_not_taken_off() -> None:
    # Bert's largest win is the second evening's 180; corrected to 100, the largest of the
    # others (the first evening's 50) is not kept, so the counts are added again.
    played: list[list[Rubber]] = [[(True, 400, 350, 0)], [(True, 480, 300, 0)]]
    counts = [sitting(number, rubbers) for number, rubbers in enumerate(played, start=1)]
    now = sitting(2, [(True, 400, 300, 0)])
    assert swapped_tallies(summed_tallies(counts), counts[1], now) is None
