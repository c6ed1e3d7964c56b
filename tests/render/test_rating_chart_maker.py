"""The ratings' plot kept and extended (RatingChartMaker in render/records_tables.py): after
any sequence of changes, the hands of random sittings recorded one by one in any sitting
and sittings begun, and over more sittings than the plot has points, the chart it makes
is the one rating_chart makes afresh from the same ratings."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.model import Variant
from jojotte_score.core.records.facts import SittingFacts, sitting_facts
from jojotte_score.core.records.ratings import (
    RatedSittings,
    Rating,
    RatingKeeper,
    Ratings,
    RatingStep,
)
from jojotte_score.render.chart_reading import chart_rows
from jojotte_score.render.records_tables import (
    RATING_POINTS,
    PageCharts,
    RatingChartMaker,
    page_chart,
    points_shown,
    rating_chart,
)
from tests.core.records.histories import histories
from tests.core.records.plain_records import Played


@settings(max_examples=30, deadline=None)
@given(histories(max_sittings=6, max_hands=16), st.data())
def test_the_kept_chart_equals_a_fresh_one_after_each_recorded_hand(
    played: list[Played], data: st.DataObject
) -> None:
    """Each sitting starts with some of its hands; then hands are recorded one at a time in
    sittings drawn at random (the newest or an older one), as the Records tab sees them."""
    recorded = [data.draw(st.integers(0, len(sitting.hands))) for _id, _at, sitting in played]
    keeper, maker = RatingKeeper(), RatingChartMaker()
    walk, pages = RatedSittings(), PageCharts()  # the Records tab's: a page, then its plot

    def facts_now() -> list[SittingFacts]:
        return [
            sitting_facts(replace(sitting, hands=sitting.hands[:count]), sitting_id, created)
            for (sitting_id, created, sitting), count in zip(played, recorded, strict=True)
        ]

    changes = data.draw(st.integers(1, 12))
    for _ in range(changes):
        facts = facts_now()
        ratings = keeper.rate(facts)
        kept = maker.chart(ratings, facts)
        assert kept == rating_chart(ratings, facts)
        page = walk.page(ratings, facts)
        assert pages.chart(page) == page_chart(page) == kept
        open_sittings = [
            index
            for index, (_id, _at, sitting) in enumerate(played)
            if recorded[index] < len(sitting.hands)
        ]
        if not open_sittings:
            break
        recorded[data.draw(st.sampled_from(open_sittings))] += 1


def long_history(sittings: int, rubbers: int) -> tuple[Ratings, list[SittingFacts]]:
    """Anna and Bert, ``rubbers`` rubbers rated in each of ``sittings`` sittings (fewer in
    the newest when ``rubbers`` is short of a whole sitting), their ratings moving."""
    start = datetime(2026, 1, 1, 12, tzinfo=UTC)
    facts, course = [], []
    anna = Rating("Anna", 25.0, 8.0, 0)
    bert = Rating("Bert", 25.0, 8.0, 0)
    for number in range(1, sittings + 1):
        created = start + timedelta(hours=number * 30)
        facts.append(SittingFacts(number, created, Variant.TWO_PLAYER, ("Anna", "Bert"), ()))
        for rubber in range(1, rubbers + 1):
            swing = ((number * 7 + rubber * 3) % 5 - 2) * 0.8
            anna = Rating("Anna", anna.mu + swing, max(anna.sigma * 0.97, 1.0), anna.rubbers + 1)
            bert = Rating("Bert", bert.mu - swing, max(bert.sigma * 0.97, 1.0), bert.rubbers + 1)
            course.append(RatingStep(number, created, Variant.TWO_PLAYER, rubber, anna))
            course.append(RatingStep(number, created, Variant.TWO_PLAYER, rubber, bert))
    return Ratings((anna, bert), tuple(course)), facts


def test_over_more_sittings_than_points_the_points_shown_move_as_a_fresh_chart_moves() -> None:
    """Past :data:`RATING_POINTS` rated sittings a new sitting moves the newest point shown:
    the chart kept shows those a fresh chart shows, after a rubber in the newest sitting and
    after a sitting begun, and after an older sitting changed."""
    maker, walk, pages = RatingChartMaker(), RatedSittings(), PageCharts()
    charts = []
    for sittings, rubbers in ((150, 3), (151, 1), (151, 2), (151, 3), (152, 1), (160, 2)):
        ratings, facts = long_history(sittings, 3)
        if rubbers < 3:  # the newest sitting with only its first rubbers rated
            newest = [step for step in ratings.course if step.sitting_id == sittings]
            cut = len(ratings.course) - len(newest) + 2 * rubbers
            ratings = Ratings(ratings.players, ratings.course[:cut])
        chart = maker.chart(ratings, facts)
        assert chart == rating_chart(ratings, facts)
        assert pages.chart(walk.page(ratings, facts)) == chart
        assert len(chart_rows(chart)) == len(points_shown(sittings)) <= RATING_POINTS
        charts.append(chart)
    assert charts[1].series != charts[0].series  # the newest point did move
    # An older sitting changed (a correction): its steps and every later one's differ.
    ratings, facts = long_history(160, 2)
    changed = tuple(
        step._replace(rating=step.rating._replace(mu=step.rating.mu + 5))
        if step.sitting_id >= 40
        else step
        for step in ratings.course
    )
    ratings = Ratings(ratings.players, changed)
    assert maker.chart(ratings, facts) == rating_chart(ratings, facts)
    assert pages.chart(walk.page(ratings, facts)) == rating_chart(ratings, facts)
    # And a history that has nothing in common with the one kept.
    ratings, facts = long_history(30, 1)
    assert maker.chart(ratings, facts) == rating_chart(ratings, facts)
    assert pages.chart(walk.page(ratings, facts)) == rating_chart(ratings, facts)
    assert maker.chart(Ratings((), ()), []) == rating_chart(Ratings((), ()), [])
