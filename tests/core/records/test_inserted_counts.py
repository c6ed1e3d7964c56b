"""A sitting merged from another device with an earlier moment taken into counts summed
over many without adding them again (``PairTally.inserted``, ``inserted_tallies``): where
the latest sittings after it tell the streak, the result is exactly the count of every
sitting added again with the merged one in its place."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.records.pairs import (
    PairTally,
    Streak,
    Win,
    inserted_tallies,
    records_of_summed,
    summed_tallies,
)
from tests.core.records.test_swapped_counts import Rubber, rubbers, sitting

Pair = tuple[str, str]


def latest_counts(
    counts: list[dict[Pair, PairTally]], back: int
) -> dict[Pair, tuple[PairTally | None, bool]]:
    """What the stored blocks tell of the sittings after the merged one: the count of the
    last ``back`` of ``counts`` (the sittings after it), and whether that is all of them."""
    latest = summed_tallies(counts[len(counts) - back :])
    return {pair: (tally, back == len(counts)) for pair, tally in latest.items()}


@settings(max_examples=600)
@given(
    st.lists(rubbers, min_size=1, max_size=6),
    rubbers,
    st.data(),
)
def test_a_count_inserted_is_every_count_added_again(
    played: list[list[Rubber]], merged: list[Rubber], data: st.DataObject
) -> None:
    place = data.draw(st.integers(0, len(played)))
    ids = [*range(1, place + 1), *range(place + 2, len(played) + 2)]
    counts = [sitting(key, rubbers) for key, rubbers in zip(ids, played, strict=True)]
    now = sitting(place + 1, merged)
    after = counts[place:]
    told = latest_counts(after, data.draw(st.integers(0, len(after))))
    inserted = inserted_tallies(summed_tallies(counts), now, told, lambda key: key < place + 1)
    if inserted is not None:
        again = [*counts[:place], now, *after]
        assert records_of_summed(inserted) == records_of_summed(summed_tallies(again))


def test_a_sitting_merged_before_the_streak_adds_its_points_and_leaves_the_streak() -> None:
    # Three evenings; an evening played before the second is merged: Bert won its rubber
    # 450 to 300. Bert's net goes from -200 to -50, his rubbers won from 2 to 3, his
    # largest win is now the merged 150 (the last evening's 100 before); Carl's streak of
    # the third evening's two rubbers stays, as the third evening holds a rubber Bert won
    # before them.
    played: list[list[Rubber]] = [
        [(True, 400, 350, 0)],
        [(True, 300, 450, 1)],
        [(True, 500, 400, 0), (True, 200, 300, 1), (True, 100, 200, 1)],
    ]
    counts = [sitting(key, rubbers) for key, rubbers in zip((1, 3, 4), played, strict=True)]
    before = records_of_summed(summed_tallies(counts))[0]
    assert (before.net_points, before.won, before.streak) == (-200, (2, 3), Streak("Carl", 2))
    assert before.largest_win[0] == Win(100, 4, 1)
    now = sitting(2, [(True, 450, 300, 0)])
    told = latest_counts(counts[1:], 1)
    inserted = inserted_tallies(summed_tallies(counts), now, told, lambda key: key < 2)
    assert inserted is not None
    (record,) = records_of_summed(inserted)
    assert (record.rubbers, record.won, record.net_points) == (6, (3, 3), -50)
    assert record.largest_win == (Win(150, 2, 1), Win(150, 3, 1))
    assert record.streak == Streak("Carl", 2)


def test_an_equal_largest_win_goes_to_the_earlier_sitting() -> None:
    # Carl's largest win was 150 on the third evening; the merged second evening's 150
    # came first, so it is his largest win now.
    played: list[list[Rubber]] = [[(True, 400, 350, 0)], [(True, 300, 450, 1), (True, 400, 300, 0)]]
    counts = [sitting(key, rubbers) for key, rubbers in zip((1, 3), played, strict=True)]
    now = sitting(2, [(True, 200, 350, 1)])
    told = latest_counts(counts[1:], 1)
    inserted = inserted_tallies(summed_tallies(counts), now, told, lambda key: key < 2)
    assert inserted is not None
    (record,) = records_of_summed(inserted)
    assert record.largest_win == (Win(100, 3, 2), Win(150, 2, 1))
    assert record.streak == Streak("Bert", 1)


def test_a_streak_the_merged_sitting_could_join_is_counted_again() -> None:
    # Every rubber after the merged evening went to Carl: whether the merged one, won by
    # Carl, adds to his streak rests on the evenings before it, which are not kept apart.
    played: list[list[Rubber]] = [[(True, 400, 350, 0)], [(True, 300, 450, 1)]]
    counts = [sitting(key, rubbers) for key, rubbers in zip((1, 3), played, strict=True)]
    now = sitting(2, [(True, 300, 400, 1)])
    told = latest_counts(counts[1:], 1)
    assert inserted_tallies(summed_tallies(counts), now, told, lambda key: key < 2) is None
