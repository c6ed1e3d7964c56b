"""Test setup shared by every test: Qt runs offscreen, paths come from fixtures."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from jojotte_score.i18n import use_language

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# The property tests check results, not speed (benchmarks/ measures that): on a busy machine
# an example that takes longer than Hypothesis's usual 200 ms deadline is no failure.
settings.register_profile("results", deadline=None)
settings.load_profile("results")


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """Every test speaks English unless it asks for German, whatever the machine's locale."""
    use_language("en")
    yield
    use_language("en")


@pytest.fixture
def german() -> Iterator[None]:
    """The program speaks German for this test."""
    use_language("de")
    yield
    use_language("en")
