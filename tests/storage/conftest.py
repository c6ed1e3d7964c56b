"""Test setup shared by the storage tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from jojotte_score.storage.database import Database


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    """A new database of sittings in the test's own folder, closed after the test."""
    with Database.open(tmp_path / "sittings.sqlite3") as db:
        yield db
