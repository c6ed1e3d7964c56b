"""The blocks of the head to head and the running counts kept at their ends in the order
played (jojotte_score/storage/record_pair_totals.py): after a change that reaches before
the newest sitting (a correction to an older sitting, even the first, a sitting deleted,
two begun, one merged with an earlier moment), a new reader (the History window opened
afterwards) reads the head to head of the changed block's sittings and the newest alone,
and the totals are those of the sittings replayed from their hands."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from jojotte_score.core.records.facts import in_order
from jojotte_score.core.records.pairs import head_to_heads
from jojotte_score.storage import record_pair_totals, record_rows
from jojotte_score.storage.database import Database
from jojotte_score.storage.record_facts import PeriodFacts
from jojotte_score.storage.sittings import SittingStore
from tests.storage.test_record_pair_totals import fixture_store, stored_now
from tests.storage.test_record_pairs import expected
from tests.stored_examples import example_sitting
from tests.stored_histories import SetClock, replayed


def _reads_counted(monkeypatch: pytest.MonkeyPatch) -> list[list[int] | None]:
    """The sittings each reading of the stored pairs asks for (None: all), in order, with a
    checkpoint every three sittings."""
    read: list[list[int] | None] = []
    reading = record_rows.stored_pairs

    def counted(connection: sqlite3.Connection, ids: list[int] | None = None) -> Any:
        read.append(None if ids is None else sorted(ids))
        return reading(connection, ids)

    monkeypatch.setattr(record_rows, "stored_pairs", counted)
    monkeypatch.setattr(record_pair_totals, "CHECKPOINT_EVERY", 3)
    return read


def test_a_change_before_the_newest_reads_from_the_checkpoint_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = _reads_counted(monkeypatch)
    with Database.open(fixture_store(tmp_path)) as database:
        clock = SetClock()
        store = SittingStore(database, clock=clock)

        def opened() -> list[int]:
            """What a new reader read of the sittings' head to head (never all)."""
            read.clear()
            truth = expected(store)
            assert PeriodFacts().period_pairs(store) == truth
            assert stored_now(store) == truth
            assert None not in read
            return sorted(sitting_id for ids in read if ids is not None for sitting_id in ids)

        def blocks() -> dict[int, int]:
            """The blocks stored: how many sittings each holds, by its first's id."""
            stored = record_pair_totals.stored_blocks(database.connection, "head-to-head")
            return {first: block.sittings for first, block in stored.items()}

        def positions() -> list[int]:
            """The places of the totals (0) and of the running counts stored."""
            rows = database.connection.execute(
                "SELECT position FROM record_ratings WHERE choice = 'head-to-head' "
                "ORDER BY position"
            ).fetchall()
            return [position for (position,) in rows]

        def played() -> list[int]:
            return [sitting.sitting_id for sitting in in_order(replayed(store))]

        assert played() == list(range(1, 9))
        assert opened() == list(range(1, 9))
        # Blocks of three sittings, the seventh alone and the newest in none; running
        # counts kept at the ends of the last three and of every sitting.
        assert blocks() == {1: 3, 4: 3, 7: 1}
        assert positions() == [0, 3, 6, 7, 8]
        # A correction in the sixth sitting played: that sitting and the newest read, its
        # count as its row kept it taken off the running counts of every sitting but the
        # newest and off its block, and its count now added.
        last = store.hand_count(6) - 1
        store.replace_hand(6, last, store.load(6).sitting.hands[last])
        assert opened() == [6, 8]
        assert opened() == []
        # The same in the first sitting played: neither its block nor any after it read.
        last = store.hand_count(1) - 1
        store.replace_hand(1, last, store.load(1).sitting.hands[last])
        assert opened() == [1, 8]
        assert blocks() == {1: 3, 4: 3, 7: 1}
        # Two corrections before a reading: the block of each and the newest read.
        for sitting_id in (3, 6):
            last = store.hand_count(sitting_id) - 1
            store.replace_hand(sitting_id, last, store.load(sitting_id).sitting.hands[last])
        assert opened() == [1, 2, 3, 4, 5, 6, 8]
        # The seventh deleted: the newest read after the counts of the first six.
        store.delete_sitting(7)
        assert opened() == [8]
        assert blocks() == {1: 3, 4: 3}
        # Merged from another device, played between the fourth and the fifth: a chouette,
        # a game none of its players met another in before, so where its game comes among
        # theirs is not known from the counts; the sittings after it (the fifth and the
        # sixth) read for the streaks, then those of the block it fell in.
        clock.now = datetime(2026, 1, 10, 19, 10, tzinfo=UTC)
        merged = store.import_sitting(example_sitting("chouette"))
        assert played() == [1, 2, 3, 4, merged, 5, 6, 8]
        assert opened() == [4, 5, 6, 8, merged]
        assert blocks() == {1: 3, 4: 3, 6: 1}
        # Two sittings begun: those two and the one before them, which join the last
        # block, of one sitting (its counts added as stored).
        clock.now = datetime(2026, 2, 1, tzinfo=UTC)
        begun = [store.import_sitting(example_sitting("three-player")) for _ in range(2)]
        assert opened() == [8, *begun]
        assert blocks() == {1: 3, 4: 3, 6: 3}
        assert positions() == [0, 3, 6, 9, 10]


def test_a_sitting_merged_before_most_others_is_inserted_into_the_stored_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = _reads_counted(monkeypatch)
    with Database.open(tmp_path / "sittings.sqlite3") as database:
        clock = SetClock()
        store = SittingStore(database, clock=clock)
        # A and B's worked example, their seats changed every other evening, so that the
        # rubbers go to A one evening and to B the next.
        evening = example_sitting("two-player")
        turned = replace(evening, players=("B", "A"))
        for day in range(1, 9):
            clock.now = datetime(2026, 1, day, 20, tzinfo=UTC)
            store.import_sitting(evening if day % 2 else turned)
        truth = expected(store)
        assert PeriodFacts().period_pairs(store) == truth
        (eight,) = truth.pairs
        # An evening played on the 1st at 21:00 on another device, merged: the first
        # evening's block is no longer as stored, but the evening's count is inserted
        # into the running counts of the seven before the newest (the last block's evenings,
        # won by each, say the streak begins after it): the merged evening and the newest
        # are read, and no other.
        clock.now = datetime(2026, 1, 1, 21, tzinfo=UTC)
        merged = store.import_sitting(evening)
        read.clear()
        truth = expected(store)
        assert truth.sittings == 9
        assert PeriodFacts().period_pairs(store) == truth
        assert read == [sorted([merged, 8])]
        assert stored_now(store) == truth
        (nine,) = truth.pairs  # the merged evening's count added to the eight's
        (one,) = head_to_heads(facts for facts in replayed(store) if facts.sitting_id == merged)
        assert nine.rubbers == eight.rubbers + one.rubbers
        assert nine.net_points == eight.net_points + one.net_points
        assert nine.won == (eight.won[0] + one.won[0], eight.won[1] + one.won[1])
        assert nine.streak == eight.streak
        # And again, before every other: the totals still the replay's.
        clock.now = datetime(2025, 12, 31, tzinfo=UTC)
        earliest = store.import_sitting(evening)
        read.clear()
        assert PeriodFacts().period_pairs(store) == expected(store)
        assert read == [sorted([earliest, 8])]
        assert stored_now(store) == expected(store)


def test_a_correction_or_a_merge_reads_the_order_stored_only_where_it_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a correction before the newest sitting, or a sitting merged before it, a new
    reader takes the order played stored with the blocks (the merged sitting placed by
    its moment), without reading and sorting every sitting's row, only where the sittings
    are as they were but for that correction or merge and the newest is still the last
    played: the newest moved before every other alongside a correction or a merge has
    every row read and the totals counted in the order played now."""
    sorted_reads: list[int] = []
    wanted = PeriodFacts._wanted

    def counted(self: PeriodFacts, *args: Any) -> Any:
        sorted_reads.append(1)
        return wanted(self, *args)

    monkeypatch.setattr(PeriodFacts, "_wanted", counted)
    monkeypatch.setattr(record_pair_totals, "CHECKPOINT_EVERY", 3)
    with Database.open(fixture_store(tmp_path)) as database:
        clock = SetClock()
        store = SittingStore(database, clock=clock)

        def opened() -> int:
            """How many times a new reader read every sitting's row, reading the totals."""
            truth = expected(store)
            sorted_reads.clear()
            assert PeriodFacts().period_pairs(store) == truth
            assert stored_now(store) == truth
            return len(sorted_reads)

        def corrected(sitting_id: int) -> None:
            last = store.hand_count(sitting_id) - 1
            store.replace_hand(sitting_id, last, store.load(sitting_id).sitting.hands[last])

        assert opened() == 1  # counted and stored
        # Merged from another device, played before every other.
        clock.now = datetime(2026, 1, 10, 18, 0, tzinfo=UTC)
        merged = store.import_sitting(example_sitting("two-player"))
        assert in_order(replayed(store))[0].sitting_id == merged
        assert opened() == 0  # the order stored, the merged sitting inserted
        corrected(4)
        assert opened() == 0  # the order stored, the swap
        # Another merged before every other, with the newest (8) played before it.
        clock.now = datetime(2026, 1, 10, 17, 0, tzinfo=UTC)
        store.import_sitting(example_sitting("two-player"))
        with database.transaction() as writing:
            writing.execute("UPDATE sitting SET created = '2025-01-01T00:00:00+00:00' WHERE id = 8")
        assert in_order(replayed(store))[0].sitting_id == 8
        assert opened() == 1
        # A correction, with the newest (now 7) played before every other.
        corrected(2)
        with database.transaction() as writing:
            writing.execute("UPDATE sitting SET created = '2024-01-01T00:00:00+00:00' WHERE id = 7")
        assert opened() == 1
        corrected(6)  # and again in the order now
        assert opened() == 0
