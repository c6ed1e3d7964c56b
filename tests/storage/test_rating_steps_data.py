"""One sitting's rating steps as a ``record_ratings`` row's JSON keeps them: read back they
are the very steps written, as named tuples whose fields read by name, and a row whose
steps are not numbers and names where the app writes them is refused (its course is then
rated again from there)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from jojotte_score.core.model import Variant
from jojotte_score.core.records.ratings import Rating, RatingStep
from jojotte_score.storage.record_ratings import steps_from_data, steps_to_data

CREATED = datetime(2026, 3, 14, 20, 15, tzinfo=UTC)

STEPS = (
    RatingStep(7, CREATED, Variant.CHOUETTE, 1, Rating("Anna", 27.635, 7.417, 1)),
    RatingStep(7, CREATED, Variant.CHOUETTE, 1, Rating("Bert", 22.365, 7.417, 1)),
    RatingStep(7, CREATED, Variant.CHOUETTE, 2, Rating("Anna", 29.104, 6.902, 2)),
)


def test_the_steps_read_back_are_the_steps_written() -> None:
    data = json.dumps(steps_to_data(STEPS))
    read = steps_from_data(7, data)
    assert read == STEPS
    assert all(type(step) is RatingStep and type(step.rating) is Rating for step in read)
    last = read[-1]
    assert (last.sitting_id, last.created, last.variant, last.rubber) == (
        7,
        CREATED,
        Variant.CHOUETTE,
        2,
    )
    assert (last.rating.player, last.rating.mu, last.rating.rubbers) == ("Anna", 29.104, 2)
    assert last.rating.ordinal == pytest.approx(29.104 - 3 * 6.902)


def test_a_sitting_without_steps_reads_as_none() -> None:
    assert steps_from_data(3, json.dumps(steps_to_data(()))) == ()


@pytest.mark.parametrize(
    "step",
    [
        ["1", "Anna", 27.6, 7.4, 1],  # the rubber as text
        [1, "Anna", 27.6, 7.4, 1.5],  # rubbers rated not a whole number
        [1, 42, 27.6, 7.4, 1],  # the player not a name
        [1, "Anna", "27.6", 7.4, 1],  # mu as text
        [1, "Anna", 27.6, 7.4],  # a field missing
    ],
)
def test_a_step_that_is_not_as_written_is_refused(step: list[object]) -> None:
    data = json.dumps({"created": CREATED.isoformat(), "variant": "chouette", "steps": [step]})
    with pytest.raises((ValueError, TypeError, KeyError, IndexError)):
        steps_from_data(7, data)
