"""The ratings equal openskill's own, computed here directly from the rubbers' results."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest
from openskill.models import PlackettLuce

from jojotte_score.core.records.facts import SittingFacts, sitting_facts
from jojotte_score.core.records.ratings import RatingKeeper, rate
from tests.stored_examples import example_sitting


def test_a_fixed_history_is_rated_as_openskill_rates_it() -> None:
    # The chouette's three rubbers (C6), then the partnership's finished rubber (R14), then
    # cutthroat's (F6), in the order stored; the partnership's open rubber is not rated.
    facts = [
        sitting_facts(example_sitting("chouette"), 1, datetime(2026, 1, 1, tzinfo=UTC)),
        sitting_facts(example_sitting("cutthroat"), 3, datetime(2026, 1, 3, tzinfo=UTC)),
        sitting_facts(example_sitting("partnership"), 2, datetime(2026, 1, 2, tzinfo=UTC)),
    ]
    model = PlackettLuce()
    r = {name: model.rating(name=name) for name in ("Anna", "Bert", "Carl", "Dora", "Dave")}

    def play(teams: list[list[str]], scores: list[float]) -> None:
        rated = model.rate([[r[name] for name in team] for team in teams], scores=scores)
        for team, ratings in zip(teams, rated, strict=True):
            for name, rating in zip(team, ratings, strict=True):
                r[name] = rating

    play([["Anna"], ["Bert", "Carl"]], [1460, -730])  # Anna boxes and wins
    play([["Anna"], ["Bert", "Carl"]], [-1470, 735])  # and loses
    play([["Anna", "Bert"], ["Carl"]], [1145, -2290])  # Carl boxes
    play([["Anna", "Carl"], ["Bert", "Dora"]], [-765, 765])  # partnerships
    play([["Anna"], ["Bert"], ["Carl"], ["Dave"]], [-110, -190, 2450, -2150])  # cutthroat
    ratings = rate(facts)
    for name, expected in r.items():
        found = ratings.of(name)
        assert found is not None
        assert (found.mu, found.sigma) == pytest.approx((expected.mu, expected.sigma), abs=1e-12)
    assert [rating.player for rating in ratings.players] == sorted(
        r, key=lambda name: -(r[name].mu - 3 * r[name].sigma)
    )
    assert ratings.of("Anna") is not None
    assert ratings.of("Anna").rubbers == 5  # type: ignore[union-attr]
    assert ratings.of("Dave").rubbers == 1  # type: ignore[union-attr]
    anna = ratings.course_of("Anna")
    assert [(step.sitting_id, step.rubber) for step in anna] == [
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 1),
        (3, 1),
    ]
    assert anna[-1].rating == ratings.of("Anna")


def test_a_newcomer_has_no_rating_until_a_rubber_is_finished() -> None:
    facts = [sitting_facts(example_sitting("partnership"), 1, datetime(2026, 1, 1, tzinfo=UTC))]
    ratings = rate(facts)
    assert ratings.of("Anna") is not None
    assert len(ratings.course_of("Anna")) == 1  # the open second rubber is not rated
    assert rate([]).players == ()


def test_a_keeper_returns_the_same_ratings_while_no_rubber_is_finished() -> None:
    # The partnership's last hand is of its open second rubber (R14): without it the one
    # finished rubber rates alike, so the keeper gives the very ratings it gave before (the
    # Records tab then shows them as they are); without the first rubber's last hand too,
    # nothing of that sitting is rated, and the ratings are those of a fresh rating.
    played = example_sitting("partnership")
    chouette = sitting_facts(example_sitting("chouette"), 1, datetime(2026, 1, 1, tzinfo=UTC))

    def facts(hands: int) -> list[SittingFacts]:
        sitting = replace(played, hands=played.hands[:hands])
        return [chouette, sitting_facts(sitting, 2, datetime(2026, 1, 2, tzinfo=UTC))]

    keeper = RatingKeeper()
    first = keeper.rate(facts(len(played.hands)))
    assert first == rate(facts(len(played.hands)))
    assert len(first.course) == 3 * 3 + 4  # the chouette's 3 rubbers of 3, one of 4
    assert keeper.rate(facts(len(played.hands) - 1)) is first
    finished = next(
        count for count in range(len(played.hands) + 1) if len(rate(facts(count)).course) == 13
    )
    fewer = keeper.rate(facts(finished - 1))
    assert fewer is not first
    assert fewer == rate(facts(finished - 1))
    assert len(fewer.course) == 9  # the chouette's alone
