"""The records' tables and the ratings' plot in words (render/records_tables.py): the plot
of the ratings' course read as a table, and thinned over a long history."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.model import Variant
from jojotte_score.core.records.facts import SittingFacts
from jojotte_score.core.records.ratings import Rating, Ratings, RatingStep
from jojotte_score.render.chart_reading import chart_rows
from jojotte_score.render.records_tables import (
    RATING_POINTS,
    points_shown,
    rating_chart,
    ratings_table,
)


def history(sittings: int) -> tuple[Ratings, list[SittingFacts]]:
    """Anna rated once a sitting, her rating (skill less three uncertainties) the sitting's
    number; Bert rated in the even sittings only, at minus the number."""
    start = datetime(2026, 1, 1, 12, tzinfo=UTC)
    facts, course = [], []
    for number in range(1, sittings + 1):
        created = start + timedelta(days=number)
        facts.append(SittingFacts(number, created, Variant.TWO_PLAYER, ("Anna", "Bert"), ()))
        course.append(
            RatingStep(
                number, created, Variant.TWO_PLAYER, 1, Rating("Anna", number + 6, 2, number)
            )
        )
        if number % 2 == 0:
            rating = Rating("Bert", -number + 6, 2, number // 2)
            course.append(RatingStep(number, created, Variant.TWO_PLAYER, 1, rating))
    players = (
        Rating("Anna", sittings + 6, 2, sittings),
        Rating("Bert", -sittings + 6, 2, sittings // 2),
    )
    return Ratings(players, tuple(course)), facts


def test_the_plot_reads_each_sitting_and_keeps_a_rating_through_a_missed_one() -> None:
    ratings, facts = history(4)
    chart = rating_chart(ratings, facts)
    assert chart_rows(chart) == (
        "2026-01-02: Anna +1",
        "2026-01-03: Anna +2, Bert \u22122",
        "2026-01-04: Anna +3, Bert \u22122",
        "2026-01-05: Anna +4, Bert \u22124",
    )
    assert chart.summary == (
        "Ratings now, best first: Anna 4.0 (\u00b1 2.0), Bert \u22124.0 (\u00b1 2.0)."
    )


def test_a_long_history_is_plotted_at_most_at_so_many_points_the_last_one_shown() -> None:
    ratings, facts = history(250)
    chart = rating_chart(ratings, facts)
    rows = chart_rows(chart)
    assert RATING_POINTS == 100
    # 249 steps of 3 from the first sitting (2 would take 126 points): 1, 4, 7, ..., 250.
    assert len(rows) == 84
    assert rows[0] == "2026-01-02: Anna +1"
    assert rows[1] == "2026-01-05: Anna +4, Bert \u22124"
    assert rows[-2] == "2026-09-05: Anna +247, Bert \u2212246"
    assert rows[-1] == "2026-09-08: Anna +250, Bert \u2212250"


def test_a_sitting_begun_moves_only_the_newest_point_of_a_long_history() -> None:
    """Sitting 251 begun: every point shown before stays, day and ratings, and the newest
    is added (sitting 250 is on the step of 3); sitting 252 then takes the newest point's
    place, and the others still stay."""
    rows = [chart_rows(rating_chart(*history(count))) for count in (250, 251, 252)]
    assert rows[1][:-1] == rows[0]
    assert rows[1][-1] == "2026-09-09: Anna +251, Bert \u2212250"
    assert rows[2][:-1] == rows[0]
    assert len(rows[2]) == 85
    assert rows[2][-1] == "2026-09-10: Anna +252, Bert \u2212252"


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 20_000), st.integers(2, 300))
def test_the_points_shown_stay_when_a_sitting_is_added(count: int, most: int) -> None:
    """The newest sitting always shown, never more than ``most`` points, every sitting up to
    ``most``; one more sitting moves only the newest point (or adds one) while the step
    stays, and the step is the smallest that keeps to ``most``."""
    before, after = points_shown(count, most), points_shown(count + 1, most)
    assert after[-1] == count
    assert len(after) <= most
    if count + 1 <= most:
        assert after == list(range(count + 1))
        return
    step = after[1] - after[0]
    assert after[:-1] == list(range(0, count, step))[: len(after) - 1]
    assert len(range(0, count, step - 1)) + 1 > most or step == 1
    if count > most and before[1] - before[0] == step:
        assert after[:-1] in (before, before[:-1])


def test_the_ratings_table_shows_the_uncertainty() -> None:
    ratings, _facts = history(4)
    table = ratings_table(ratings)
    assert table.headings == ("Rank", "Player", "Rating", "Skill", "Uncertainty", "Rubbers")
    assert [row.cells for row in table.rows] == [
        ("1", "Anna", "4.00", "10.00", "2.00", "4"),
        ("2", "Bert", "\u22124.00", "2.00", "2.00", "2"),
    ]
    assert [row.header for row in table.rows] == ["Anna", "Bert"]


def test_a_partnerships_points_per_rubber_are_signed_as_its_net() -> None:
    """The four-player example (R14): Anna & Carl lost their one finished rubber by 765."""
    from jojotte_score.core.records.facts import sitting_facts
    from jojotte_score.core.records.partners import partnerships
    from jojotte_score.render.records_tables import partners_table
    from tests.stored_examples import example_sitting

    facts = [sitting_facts(example_sitting("partnership"), 1, datetime(2026, 1, 1, tzinfo=UTC))]
    rows = {row.cells[:3]: row.cells for row in partners_table(partnerships(facts)).rows}
    assert rows["Anna", "Carl", "anyone"][6:8] == ("\u2212380", "\u2212765.0")
    assert rows["Bert", "Dora", "anyone"][6:8] == ("+380", "+765.0")
