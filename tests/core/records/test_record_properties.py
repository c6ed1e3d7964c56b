"""Property tests: the records of random sittings of every game, under random names and
dates, equal those counted by the plain implementation of :mod:`.plain_records`, and the
ratings equal openskill's own result computed directly."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.records.facts import SittingFacts, sitting_facts
from jojotte_score.core.records.pairs import HeadToHeadKeeper, head_to_head, head_to_heads
from jojotte_score.core.records.partners import partnerships
from jojotte_score.core.records.ratings import RatingKeeper, rate
from jojotte_score.core.records.roles import role_records
from jojotte_score.core.stats import by_name_order
from tests.core.records.histories import histories
from tests.core.records.plain_records import (
    Played,
    plain_pairs,
    plain_partners,
    plain_ratings,
    plain_roles,
)


def facts_of(played: list[Played]) -> list[SittingFacts]:
    return [sitting_facts(sitting, number, created) for number, created, sitting in played]


@settings(max_examples=60)
@given(histories())
def test_head_to_head_equals_a_plain_count(played: list[Played]) -> None:
    facts = facts_of(played)
    plain = plain_pairs(played)
    records = head_to_heads(facts)
    # Each two who met once, in name order, and nobody else.
    assert {record.players for record in records} == {
        (first, second) for first, second in plain if by_name_order((first, second))[0] == first
    }
    assert len(records) * 2 == len(plain)
    for record in records:  # every pair's record, counted at once, as counted alone
        assert record == head_to_head(facts, *record.players)
        # and from the second player's side, as the Records tab shows a pair chosen so
        assert record.turned() == head_to_head(facts, record.players[1], record.players[0])
    for (first, second), count in plain.items():
        record = head_to_head(facts, first, second)
        assert record.rubbers == count.rubbers
        assert list(record.won) == count.won
        assert record.net_points == count.net
        assert record.unfinished == count.open
        largest = [None if win is None else win.points for win in record.largest_win]
        assert largest == count.largest
        streak = record.streak
        if not count.order or count.order[-1] is None:
            assert streak is None
        else:
            last = count.order[-1]
            run = len(count.order) - max(
                (i + 1 for i, who in enumerate(count.order) if who != last), default=0
            )
            assert streak is not None
            assert (streak.player, streak.rubbers) == ((first, second)[last], run)


@settings(max_examples=60)
@given(histories())
def test_partnerships_equal_a_plain_count(played: list[Played]) -> None:
    found = {
        p.players: (p.figures.rubbers, p.figures.won, p.figures.net_points, p.figures.unfinished)
        for p in partnerships(facts_of(played))
    }
    assert found == plain_partners(played)
    for partnership in partnerships(facts_of(played)):
        # Against each set of opponents, the figures add up to the partnership's.
        summed = [0, 0, 0, 0]
        for opponents in partnership.opponents:
            summed[0] += opponents.figures.rubbers
            summed[1] += opponents.figures.won
            summed[2] += opponents.figures.net_points
            summed[3] += opponents.figures.unfinished
        figures = partnership.figures
        assert summed == [figures.rubbers, figures.won, figures.net_points, figures.unfinished]


@settings(max_examples=60)
@given(histories())
def test_roles_equal_a_plain_count(played: list[Played]) -> None:
    found = {
        (r.player, str(r.variant), r.role): (
            r.figures.rubbers,
            r.figures.rubbers_won,
            r.figures.hands,
            r.figures.hands_won,
            r.figures.net_points,
        )
        for r in role_records(facts_of(played))
    }
    assert found == plain_roles(played)


@settings(max_examples=40)
@given(histories(max_sittings=4, max_hands=25))
def test_ratings_equal_openskills_own(played: list[Played]) -> None:
    ratings = rate(facts_of(played))
    found = {r.player: (r.mu, r.sigma, r.rubbers) for r in ratings.players}
    expected = plain_ratings(played)
    assert set(found) == set(expected)
    for name, (mu, sigma, rubbers) in expected.items():
        assert found[name][:2] == pytest.approx((mu, sigma), abs=1e-9)
        assert found[name][2] == rubbers
        assert len(ratings.course_of(name)) == rubbers


@settings(max_examples=30)
@given(histories(max_sittings=4, max_hands=25), st.data())
def test_kept_ratings_and_head_to_heads_equal_fresh_ones(
    played: list[Played], data: st.DataObject
) -> None:
    # A keeper that rated the history, then a history with one sitting changed (its hands
    # cut short, as after a deletion) or dropped, rates it as a fresh reading does.
    keeper = RatingKeeper()
    pairs = HeadToHeadKeeper()
    facts = facts_of(played)
    assert keeper.rate(facts) == rate(facts)
    assert pairs.head_to_heads(facts) == head_to_heads(facts)
    changed = data.draw(st.integers(0, len(played) - 1))
    number, created, sitting = played[changed]
    cut = data.draw(st.integers(0, len(sitting.hands)))
    later = list(played)
    later[changed] = (number, created, replace(sitting, hands=sitting.hands[:cut]))
    assert keeper.rate(facts_of(later)) == rate(facts_of(later))
    assert pairs.head_to_heads(facts_of(later)) == head_to_heads(facts_of(later))
    del later[changed]
    assert keeper.rate(facts_of(later)) == rate(facts_of(later))
    assert pairs.head_to_heads(facts_of(later)) == head_to_heads(facts_of(later))
    # Counted with the keeper's sittings and counted afresh, each pair as counted alone.
    for record in pairs.head_to_heads(facts_of(later)):
        assert record == head_to_head(facts_of(later), *record.players)
