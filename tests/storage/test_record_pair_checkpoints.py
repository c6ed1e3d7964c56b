"""The running counts of the head to head kept at checkpoints in the order played
(jojotte_score/storage/record_pair_totals.py): after a change that reaches before the newest
sitting (a correction to an older sitting, a sitting deleted, two begun, one merged with an
earlier moment), a new reader (the History window opened afterwards) reads the head to
head of the sittings from the checkpoint before the oldest changed one alone, and the
totals are those of the sittings replayed from their hands."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from jojotte_score.core.records.facts import in_order
from jojotte_score.storage import record_pair_totals, record_rows
from jojotte_score.storage.database import Database
from jojotte_score.storage.record_facts import PeriodFacts
from jojotte_score.storage.record_pair_totals import checkpoints
from jojotte_score.storage.sittings import SittingStore
from tests.storage.test_record_pair_totals import fixture_store, stored_now
from tests.storage.test_record_pairs import SetClock, expected, replayed
from tests.stored_examples import example_sitting


@pytest.mark.parametrize(
    ("count", "kept"),
    [
        (0, []),
        (1, [1]),
        (2, [1, 2]),
        (99, [98, 99]),
        (100, [99, 100]),
        (101, [100, 101]),
        (1_500, [*range(100, 1_400, 100), 1_400, 1_499, 1_500]),
    ],
)
def test_the_checkpoints_are_every_hundredth_sitting_and_the_newest_two(
    count: int, kept: list[int]
) -> None:
    assert checkpoints(count) == kept


def test_a_change_before_the_newest_reads_from_the_checkpoint_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[list[int] | None] = []
    reading = record_rows.stored_pairs

    def counted(connection: sqlite3.Connection, ids: list[int] | None = None) -> Any:
        read.append(None if ids is None else sorted(ids))
        return reading(connection, ids)

    monkeypatch.setattr(record_rows, "stored_pairs", counted)
    monkeypatch.setattr(record_pair_totals, "CHECKPOINT_EVERY", 3)
    with Database.open(fixture_store(tmp_path)) as database:
        clock = SetClock()
        store = SittingStore(database, clock=clock)

        def opened() -> list[int]:
            """What a new reader read of the sittings' head to head (all: None)."""
            read.clear()
            truth = expected(store)
            assert PeriodFacts().period_pairs(store) == truth
            assert stored_now(store) == truth
            (only,) = read or [[]]
            assert only is not None
            return only

        def played() -> list[int]:
            return [sitting.sitting_id for sitting in in_order(replayed(store))]

        assert played() == list(range(1, 9))  # counts kept after 3, 6, 7 and 8 sittings
        assert opened() == list(range(1, 9))
        # A correction in the sixth sitting played: the sittings from the fourth read.
        last = store.hand_count(6) - 1
        store.replace_hand(6, last, store.load(6).sitting.hands[last])
        assert opened() == [4, 5, 6, 7, 8]
        assert opened() == []
        # A correction in the second: every sitting (no checkpoint before it).
        last = store.hand_count(2) - 1
        store.replace_hand(2, last, store.load(2).sitting.hands[last])
        assert opened() == list(range(1, 9))
        # The seventh deleted: the eighth read after the counts of the first six.
        store.delete_sitting(7)
        assert opened() == [8]
        # Merged from another device, played between the fourth and the fifth: the
        # sittings from the fourth read.
        clock.now = datetime(2026, 1, 10, 19, 10, tzinfo=UTC)
        merged = store.import_sitting(example_sitting("chouette"))
        assert played() == [1, 2, 3, 4, merged, 5, 6, 8]
        assert opened() == [4, 5, 6, 8, merged]
        # Two sittings begun: those two alone, added to the counts of every sitting.
        clock.now = datetime(2026, 2, 1, tzinfo=UTC)
        begun = [store.import_sitting(example_sitting("three-player")) for _ in range(2)]
        assert opened() == begun
        # The counts kept are those of the checkpoints of the ten sittings: 3, 6, 9, 10.
        positions = database.connection.execute(
            "SELECT position FROM record_ratings WHERE choice = 'head-to-head' ORDER BY position"
        ).fetchall()
        assert positions == [(0,), (3,), (6,), (9,), (10,)]
