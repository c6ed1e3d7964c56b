"""Fixtures for the presenters' tests: a sitting store in a temporary data folder. No Qt."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SittingStore]:
    """The sitting store of an empty data folder's database, open for writing."""
    opened = Database.open(database_path(tmp_path))
    yield SittingStore(opened)
    opened.close()
