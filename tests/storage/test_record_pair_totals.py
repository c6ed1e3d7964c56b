"""Every two players' head to head over all time as stored
(jojotte_score/storage/record_pair_totals.py): after random hands recorded, corrected and
deleted, sittings deleted, two sittings begun, sittings merged from another device (updated
in place, one stored with an older sitting's moment, and one earlier than every other) and
damaged rows, the totals read (stored or not, counted again from the running counts kept
before the changed sitting or not) and those running counts equal the
head to head counted from the sittings replayed from their hands and the plain count of
tests/core/records/plain_records.py; the stored row is the one a fresh reader reads without
reading any sitting's head to head; two laptops' totals follow their sync merges; a
read-only database is read and never written."""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.model import Variant
from jojotte_score.core.records.facts import SittingFacts, in_order
from jojotte_score.core.records.pairs import head_to_heads, records_of_summed
from jojotte_score.storage import record_pair_totals, record_rows
from jojotte_score.storage.checking import repair_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import DamagedSittingError
from jojotte_score.storage.record_facts import PeriodFacts
from jojotte_score.storage.record_pair_totals import (
    TOTALS,
    MarkColumns,
    PeriodPairs,
    RunningMarks,
    block_counts,
    marked_rows,
    pairs_mark,
    stored_blocks,
    stored_totals,
    tallies_from_data,
)
from jojotte_score.storage.rows import row_checksum
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import Period
from jojotte_score.sync.engine import conflicts
from tests.core.records.histories import histories
from tests.core.records.plain_records import Played, plain_pairs
from tests.storage.test_record_facts import FIXTURES
from tests.storage.test_record_pairs import expected
from tests.stored_examples import example_sitting
from tests.stored_histories import SetClock, replayed, stored_history
from tests.sync.devices import changed_apart, make_device, settle


def stored_now(store: SittingStore, choice: str = TOTALS) -> PeriodPairs | None:
    """The totals stored for ``choice`` that agree with the rows as they are now."""
    connection = store.database.connection
    variants = None if choice == TOTALS else set(choice.split(":")[-1].split(","))
    return stored_totals(connection, choice, pairs_mark(connection, variants))


def check(store: SittingStore, kept: PeriodFacts, fresh_first: bool = False) -> None:
    """A kept reader and a fresh one (the first of them counts the totals again, from the
    running counts stored) read the replayed head to head, the totals stored are it, every
    running count stored that agrees with the sittings now is the head to head of the
    sittings it counts, and the figures the plain count counts agree."""
    truth = expected(store)
    readers = [PeriodFacts(), kept] if fresh_first else [kept, PeriodFacts()]
    assert [reader.period_pairs(store) for reader in readers] == [truth, truth]
    assert stored_now(store) == truth
    assert_running_counts(store)
    played: list[Played] = []
    for sitting_id, created in store.created_dates():
        played.append((sitting_id, created, store.load(sitting_id).sitting))
    plain = plain_pairs(played)
    assert len(truth.pairs) * 2 == len(plain)
    for record in truth.pairs:
        count = plain[record.players]
        assert (record.rubbers, list(record.won)) == (count.rubbers, count.won)
        assert (record.net_points, record.unfinished) == (count.net, count.open)


def first_hands(store: SittingStore, clock: SetClock, games: tuple[str, ...]) -> list[int]:
    """Each game's example stored with its first hand alone, one day after another from
    1 January 2026; their ids."""
    ids = []
    for day, game in enumerate(games):
        clock.now = datetime(2026, 1, 1 + day, tzinfo=UTC)
        sitting = example_sitting(game)
        ids.append(store.import_sitting(replace(sitting, hands=sitting.hands[:1])))
    return ids


def marks_ids(ordered: list[SittingFacts]) -> list[int]:
    """The sittings' ids, in the order given."""
    return [sitting.sitting_id for sitting in ordered]


def assert_running_counts(store: SittingStore) -> None:
    """Every running count stored over all time whose mark agrees with the first sittings
    as they are now, in the order played, is their head to head replayed; the counts kept
    are those at the ends of the blocks stored, and of every sitting but the newest and of
    every sitting; every block stored whose mark agrees with its sittings as they are now
    is their head to head replayed."""
    ordered = in_order(replayed(store))
    connection = store.database.connection
    marks = RunningMarks(connection, marks_ids(ordered))
    assert marks.every == pairs_mark(connection, None)  # the totals' mark, read in Python
    # The columns read with the mark, split again by their lengths, are those read alone.
    mark, columns = marked_rows(connection, None)
    kept = RunningMarks(connection, marks_ids(ordered), columns.by_sitting())
    assert mark == kept.every == marks.every
    assert [kept.at(count) for count in range(len(ordered) + 1)] == [
        marks.at(count) for count in range(len(ordered) + 1)
    ]
    rows = connection.execute(
        "SELECT position, mark, data FROM record_ratings WHERE choice = ? AND position > 0",
        (TOTALS,),
    ).fetchall()
    blocks = stored_blocks(connection, TOTALS)
    places = {sitting.sitting_id: place for place, sitting in enumerate(ordered)}
    ends = set()
    for first_id, block in blocks.items():
        place = places[first_id]  # a block starting with a deleted sitting is not kept
        end = place + block.sittings
        assert block.sittings > 0
        assert end < len(ordered)  # the newest is never in one
        if block.mark == marks.span(place, end):
            ends.add(end)
            counts = block_counts(block)
            assert counts is not None
            names = {name for one in ordered[place:end] for name in one.names if name}
            assert counts.players == names
            assert records_of_summed(counts.tallies) == head_to_heads(ordered[place:end])
    # Running counts are kept at the ends of the blocks and of the newest two sittings.
    positions = {position for position, _mark, _data in rows}
    assert positions <= {*ends, len(ordered) - 1, len(ordered)}
    for position, mark, data in rows:
        if position <= marks.count and mark == marks.at(position):
            first = ordered[:position]
            counts = tallies_from_data(json.loads(data))
            names = {name for sitting in first for name in sitting.names if name is not None}
            assert counts.players == names
            assert records_of_summed(counts.tallies) == head_to_heads(first)


ACTIONS = [
    "record",
    "record newest",
    "correct",
    "delete hand",
    "delete sitting",
    "damage",
    "begin two",
    "merge",
]
"""What the property test does to the stored sittings (tests/stored_histories.py says how:
"record newest", a hand recorded in the newest sitting in the order played; "begin two",
two sittings stored after every other; "merge", one stored with the moment of a sitting
already stored)."""


@settings(max_examples=25, deadline=None)
@given(histories(max_sittings=6, max_hands=16), st.data())
def test_the_stored_totals_equal_a_replay_after_any_change(
    played: list[Played], data: st.DataObject
) -> None:
    """With running counts kept every second sitting (in the order played), so that a
    reading after a change starts from those before the changed sitting."""
    with (
        patch.object(record_pair_totals, "CHECKPOINT_EVERY", 2),
        stored_history(played, data) as history,
    ):
        store = history.store
        kept = PeriodFacts()
        check(store, kept)
        for _action in history.changes(ACTIONS):
            check(store, kept, data.draw(st.booleans()))

        # Merged from another device: a sitting updated in place by its stable id, and one
        # stored with a moment before every other.
        if history.merge_in_place():
            check(store, kept)
        history.merge_earliest()
        check(store, kept)


def fixture_store(tmp_path: Path) -> Path:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v12.sqlite3", path)
    return path


def test_stored_totals_are_read_without_any_sitting_head_to_head(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Database.open(fixture_store(tmp_path)) as database:
        store = SittingStore(database)
        truth = expected(store)
        assert PeriodFacts().period_pairs(store) == truth  # counted and stored
        assert stored_now(store) == truth

        def not_read(*_args: object) -> None:
            raise AssertionError("a sitting's head to head was read")

        monkeypatch.setattr(record_rows, "stored_pairs", not_read)
        assert PeriodFacts().period_pairs(store) == truth
        monkeypatch.undo()
        # A choice of games over all time is stored under its own choice; a period with an
        # end is never stored.
        reader = PeriodFacts()
        chouette = reader.period_pairs(store, games=[Variant.CHOUETTE])
        assert chouette.players == ("Anna", "Bert", "Carl")
        assert stored_now(store, f"{TOTALS}:games:{Variant.CHOUETTE}") == chouette
        reader.period_pairs(store, Period(first=date(2000, 1, 1)))
        # Each choice keeps its totals (0) and the running counts of its sittings at its
        # ends (all but the newest, all of them): 8 sittings, and 1 of the chouette;
        choices = database.connection.execute(
            "SELECT choice, position FROM record_ratings WHERE choice LIKE 'head-to-head%' "
            "ORDER BY choice, position"
        ).fetchall()
        chosen = f"{TOTALS}:games:{Variant.CHOUETTE}"
        assert (truth.sittings, chouette.sittings) == (8, 1)
        # its first seven sittings' counts as one block, under the id of the first; and
        # the order played the blocks were cut in.
        first = in_order(replayed(store))[0].sitting_id
        blocks = f"{TOTALS}:blocks"
        assert choices == [
            (TOTALS, 0),
            (TOTALS, 7),
            (TOTALS, 8),
            (blocks, first),
            (chosen, 0),
            (chosen, 1),
            (f"{chosen}:order", 0),
            (f"{TOTALS}:order", 0),
        ]


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE record_ratings SET data = replace(data, '1', '2') WHERE choice = 'head-to-head'",
        "UPDATE record_ratings SET mark = 'x' WHERE choice = 'head-to-head'",
        "DELETE FROM record_ratings",
    ],
)
def test_damaged_totals_are_counted_again_and_stored(tmp_path: Path, damage: str) -> None:
    with Database.open(fixture_store(tmp_path)) as database:
        store = SittingStore(database)
        truth = expected(store)
        PeriodFacts().period_pairs(store)
        database.connection.execute(damage)
        assert stored_now(store) is None
        assert PeriodFacts().period_pairs(store) == truth
        assert stored_now(store) == truth


@pytest.mark.parametrize(
    "data",
    [
        "[]",
        '{"sittings": 1, "players": [], "pairs": [[1]]}',
        '{"sittings": 1.5, "players": [], "pairs": []}',
        '{"sittings": 1, "players": [2], "pairs": []}',
        '{"sittings": 1, "players": [], "pairs": [[["a", "b"], 1, [1, 0], 1.5, [null, null],'
        " null, [], 0]]}",
        '{"sittings": 1, "players": [], "pairs": [[["a", "b"], 1, [1, 0], 1, [[1, 2], null],'
        " null, [], 0]]}",
    ],
)
def test_totals_written_with_care_behind_the_apps_back_are_counted_again(
    tmp_path: Path, data: str
) -> None:
    with Database.open(fixture_store(tmp_path)) as database:
        store = SittingStore(database)
        truth = expected(store)
        PeriodFacts().period_pairs(store)
        connection = database.connection
        (mark,) = connection.execute(
            "SELECT mark FROM record_ratings WHERE choice = 'head-to-head' AND position = 0"
        ).fetchone()
        connection.execute(
            "UPDATE record_ratings SET data = ?, checksum = ? "
            "WHERE choice = 'head-to-head' AND position = 0",
            (data, row_checksum("record_ratings", 0, (TOTALS, 0, mark, data))),
        )
        assert stored_now(store) is None
        assert PeriodFacts().period_pairs(store) == truth


@pytest.mark.parametrize(
    "data",
    [
        "[]",
        '{"players": [], "tallies": [[1]]}',
        '{"players": [2], "tallies": []}',
        '{"players": [], "tallies": {"a": 1}}',
        '{"players": [], "tallies": [[["a", "b"], 1.5, 0, 0, [1, 0], [null, null], [0, 1],'
        " true, []]]}",
        '{"players": [], "tallies": [[["a", "b"], 1, 0, 0, [1, 0], [null, null], [7, 1],'
        " true, []]]}",
        '{"players": [], "tallies": [[["a", "b"], 1, 0, 0, [1, 0], [[1, 2], null], [0, 1],'
        " true, []]]}",
        '{"players": [], "tallies": [[["a", "b"], 1, 0, 0, [1, 0], [null, null], [0, 1], 1, []]]}',
    ],
)
def test_counts_written_with_care_behind_the_apps_back_are_not_added_to(
    tmp_path: Path, data: str
) -> None:
    with Database.open(fixture_store(tmp_path)) as database:
        store = SittingStore(database)
        PeriodFacts().period_pairs(store)
        connection = database.connection
        for position, mark in connection.execute(
            "SELECT position, mark FROM record_ratings "
            "WHERE choice = 'head-to-head' AND position > 0"
        ).fetchall():
            connection.execute(
                "UPDATE record_ratings SET data = ?, checksum = ? "
                "WHERE choice = 'head-to-head' AND position = ?",
                (data, row_checksum("record_ratings", 0, (TOTALS, position, mark, data)), position),
            )
        store.delete_hand(8, store.hand_count(8) - 1)  # in the newest sitting
        truth = expected(store)
        assert PeriodFacts().period_pairs(store) == truth
        assert stored_now(store) == truth


def test_damaged_players_are_named_though_totals_were_stored(tmp_path: Path) -> None:
    path = fixture_store(tmp_path)
    with Database.open(path) as database:
        PeriodFacts().period_pairs(SittingStore(database))  # the totals stored
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE sitting SET players = '\"Anna\"' WHERE id = 3")
    with Database.open(path) as database:
        with pytest.raises(DamagedSittingError) as raised:
            PeriodFacts().period_pairs(SittingStore(database))
        assert raised.value.sitting_id == 3


def test_a_read_only_database_reads_the_totals_and_never_writes(tmp_path: Path) -> None:
    path = fixture_store(tmp_path)
    with Database.open(path) as database:
        truth = expected(SittingStore(database))
        PeriodFacts().period_pairs(SittingStore(database))
        database.connection.execute("DELETE FROM record_ratings")
    with Database.open(path, read_only=True) as database:
        assert PeriodFacts().period_pairs(SittingStore(database)) == truth
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("SELECT count(*) FROM record_ratings").fetchone() == (0,)
    with Database.open(path) as database:
        PeriodFacts().period_pairs(SittingStore(database))
    with Database.open(path, read_only=True) as database:
        assert PeriodFacts().period_pairs(SittingStore(database)) == truth


def test_a_repaired_sitting_has_the_totals_counted_again(tmp_path: Path) -> None:
    with Database.open(fixture_store(tmp_path)) as database:
        store = SittingStore(database)
        truth = expected(store)
        PeriodFacts().period_pairs(store)
        assert stored_now(store) == truth
        with database.transaction() as writing:
            repair_sitting(writing, 3)  # its facts row deleted, as check --repair does
        assert stored_now(store) is None
        assert PeriodFacts().period_pairs(store) == truth
        assert stored_now(store) == truth


def test_totals_stored_on_two_laptops_follow_their_sync_merges(tmp_path: Path) -> None:
    devices = [make_device(tmp_path, "anna"), make_device(tmp_path, "carl")]
    try:
        anna, carl = devices
        readers = [PeriodFacts(), PeriodFacts()]
        anna.store.import_sitting(example_sitting("three-player"))
        carl.store.import_sitting(example_sitting("chouette"))
        for device, reader in zip(devices, readers, strict=True):
            reader.period_pairs(device.store)  # each stores its own totals before the merge
        settle(devices)
        for device, reader in zip(devices, readers, strict=True):
            truth = expected(device.store)
            assert truth.sittings == 2
            assert reader.period_pairs(device.store) == truth
            assert PeriodFacts().period_pairs(device.store) == truth
            assert stored_now(device.store) == truth
            # T15 (620 + 150) then C6 (+730 - 735).
            (anna_bert,) = [r for r in truth.pairs if r.players == ("Anna", "Bert")]
            assert anna_bert.net_points == 765
        # A sitting kept in two versions (a conflict copy) is counted once.
        changed_apart(anna, carl)
        for device, reader in zip(devices, readers, strict=True):
            assert len(conflicts(device.store)) == 1
            truth = expected(device.store)
            assert truth.sittings == 3
            assert reader.period_pairs(device.store) == truth
            assert stored_now(device.store) == truth
    finally:
        for device in devices:
            device.close()


def test_a_hand_in_the_newest_sitting_reads_that_sitting_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The counts stored of every sitting but the newest (and of every sitting) spare a
    new reader (the History window opened after play) reading each sitting's head to head
    when only the newest sitting changed or a sitting was begun since (and the one before
    it); a change to an older sitting has its block read, a sitting stored out of order
    itself alone."""
    read: list[list[int] | None] = []
    reading = record_rows.stored_pairs

    def counted(connection: sqlite3.Connection, ids: list[int] | None = None) -> Any:
        read.append(None if ids is None else sorted(ids))
        return reading(connection, ids)

    monkeypatch.setattr(record_rows, "stored_pairs", counted)
    evening = example_sitting("three-player")
    with Database.open(fixture_store(tmp_path)) as database:
        clock = SetClock()
        store = SittingStore(database, clock=clock)

        def opened() -> list[int] | None:
            """What a new reader read of the sittings' head to head (None: every row)."""
            read.clear()
            truth = expected(store)
            assert PeriodFacts().period_pairs(store) == truth
            assert stored_now(store) == truth
            if None in read:
                return None
            return sorted({sitting_id for ids in read if ids for sitting_id in ids})

        everything = list(range(1, 9))
        assert opened() == everything  # counted and stored
        assert opened() == []  # the totals read alone
        clock.now = datetime(2026, 2, 1, tzinfo=UTC)
        newest = store.import_sitting(evening)  # a sitting begun since
        assert opened() == [8, newest]  # the one before it joins the block of the others
        store.delete_hand(newest, len(evening.hands) - 1)  # a hand in the newest sitting
        assert opened() == [newest]
        store.add_hand(newest, evening.hands[-1])  # and one recorded
        assert opened() == [newest]
        store.delete_hand(1, store.hand_count(1) - 1)  # a hand in an older sitting
        assert opened() == [*everything, newest]
        assert opened() == []
        # Merged from another device: a sitting played before every other, stored last.
        clock.now = datetime(2025, 12, 31, tzinfo=UTC)
        earlier = store.import_sitting(example_sitting("chouette"))
        assert earlier > newest
        # Its count added before the block of the first eight, stored as it was.
        assert opened() == [newest, earlier]
        store.delete_hand(newest, len(evening.hands) - 1)  # still the newest played
        assert opened() == [newest]
        # Counts damaged on disk are not added to: every sitting is read again.
        database.connection.execute(
            "UPDATE record_ratings SET data = replace(data, '1', '2') WHERE position > 0"
        )
        store.add_hand(newest, evening.hands[-1])
        assert opened() == [*everything, newest, earlier]


@pytest.mark.parametrize("changed", [0, 1, 2, 3])
def test_running_marks_kept_and_updated_are_the_marks_made_afresh(
    tmp_path: Path, changed: int
) -> None:
    """Marks kept, each worked out once, then updated with the columns after a hand
    recorded in the sitting at place ``changed`` in the order played (the newest: 3): every
    running mark, every span and the whole mark are those of marks made afresh; the marks
    of the sittings before it are as they were, those from it on are not."""
    clock = SetClock()
    with Database.open(tmp_path / "sittings.sqlite3") as database:
        store = SittingStore(database, clock=clock)
        first_hands(store, clock, ("chouette", "three-player", "cutthroat", "partnership"))
        connection = database.connection
        PeriodFacts().period_pairs(store)  # the facts rows stored
        ordered = marks_ids(in_order(replayed(store)))
        kept = RunningMarks(connection, ordered, marked_rows(connection, None)[1].by_sitting())
        before = [kept.at(count) for count in range(5)]
        game = ("chouette", "three-player", "cutthroat", "partnership")[changed]
        store.add_hand(ordered[changed], example_sitting(game).hands[1])
        PeriodFacts().period_pairs(store)  # its facts row stored again
        mark, columns = marked_rows(connection, None)
        kept.updated(columns.by_sitting())
        fresh = RunningMarks(connection, ordered)
        after = [kept.at(count) for count in range(5)]
        assert after == [fresh.at(count) for count in range(5)]
        assert after[: changed + 1] == before[: changed + 1]
        assert all(
            now != then
            for now, then in zip(after[changed + 1 :], before[changed + 1 :], strict=True)
        )
        spans = [(start, end) for start in range(4) for end in range(start + 1, 5)]
        assert [kept.span(*span) for span in spans] == [fresh.span(*span) for span in spans]
        assert kept.every == fresh.every == mark


@pytest.mark.parametrize("change", ["hand 0", "hand 2", "hand 3", "begun", "deleted", "none"])
def test_columns_split_after_those_before_are_split_as_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    """The mark's columns after a change, split from those before: what splitting them
    afresh gives, whatever changed; after a hand in the sitting of the highest id (3, the
    newest) or no change, without splitting them afresh; the parts before left as they
    were."""
    games = ("chouette", "three-player", "cutthroat", "partnership")
    clock = SetClock()
    with Database.open(tmp_path / "sittings.sqlite3") as database:
        store = SittingStore(database, clock=clock)
        ids = first_hands(store, clock, games)
        connection = database.connection
        PeriodFacts().period_pairs(store)  # the facts rows stored
        before = marked_rows(connection, None)[1]
        parts = before.by_sitting()
        held = dict(parts)
        if change.startswith("hand"):
            place = int(change[-1])
            store.add_hand(ids[place], example_sitting(games[place]).hands[1])
            PeriodFacts().period_pairs(store)  # its facts row stored again
        elif change == "begun":
            store.import_sitting(example_sitting("two-player"))
        elif change == "deleted":
            store.delete_sitting(ids[1])
        after = marked_rows(connection, None)[1]
        afresh = after.by_sitting()
        split: list[int] = []
        real = MarkColumns.by_sitting

        def counted(columns: MarkColumns) -> dict[int, str]:
            split.append(1)
            return real(columns)

        monkeypatch.setattr(MarkColumns, "by_sitting", counted)
        assert after.split_after(before, parts) == afresh
        assert parts == held
        assert split == ([] if change in ("hand 3", "none") else [1])
        assert afresh != held or change == "none"


def test_a_readers_mark_is_read_again_after_any_change_and_only_then(tmp_path: Path) -> None:
    """The mark a reader keeps (the Ratings page shown after the head to head does not read
    it again) is the mark of the rows as they are: kept while nothing was written, read
    again after a hand recorded, a cached row written and a change committed through
    another connection (another program on the same file)."""
    path = fixture_store(tmp_path)
    evening = example_sitting("three-player")
    with Database.open(path) as database:
        store = SittingStore(database)
        connection = database.connection
        reader = PeriodFacts()
        statements: list[str] = []
        connection.set_trace_callback(statements.append)

        def marked(games: list[str] | None = None) -> tuple[str, bool]:
            """The reader's mark, which must be the one read afresh, and whether the
            reader read it (its SELECT)."""
            statements.clear()
            mark, columns = reader.marked(store, games)
            read = any("group_concat" in statement for statement in statements)
            chosen = None if games is None else {str(game) for game in games}
            assert (mark, columns) == marked_rows(connection, chosen)
            return mark, read

        try:
            first, read = marked()
            assert read
            assert marked() == (first, False)  # nothing changed: kept
            chouette, read = marked([Variant.CHOUETTE])  # a choice of games: its own mark
            assert read
            assert chouette != first
            assert marked([Variant.CHOUETTE]) == (chouette, False)
            truth = expected(store)
            assert reader.period_pairs(store) == truth  # counted, its totals stored
            assert reader.period_pairs(store) == truth  # the mark read after they were
            statements.clear()
            assert reader.period_pairs(store) == truth  # the mark and the totals kept
            assert not any("group_concat" in statement for statement in statements)
            sitting_id = store.import_sitting(evening)  # a sitting begun
            begun, read = marked()
            assert read
            assert begun != first
            store.delete_hand(sitting_id, len(evening.hands) - 1)  # a hand deleted in it
            deleted, read = marked()
            assert read
            assert deleted != begun
            assert marked() == (deleted, False)
            connection.execute("DELETE FROM record_facts WHERE sitting_id = 1")  # a row gone
            gone, read = marked()
            assert read
            assert gone != deleted
            with closing(sqlite3.connect(path)) as other:  # another program's commit
                other.execute("UPDATE sitting SET revision = revision + 1 WHERE id = 2")
                other.commit()
            committed, read = marked()
            assert read
            assert committed != gone
            assert marked() == (committed, False)
        finally:
            connection.set_trace_callback(None)


def test_a_hand_after_another_reader_stored_blocks_leaves_no_block_holding_the_newest(
    tmp_path: Path,
) -> None:
    """A reader kept from before a sitting was begun, whose totals another reader stored
    since with that sitting's block (the one before it then joined the block of the
    others), counts the totals again when that sitting is deleted and a hand recorded in
    the one before it, now the newest, rather than adding that hand to what it kept: the
    blocks then stored end before the newest sitting and start with a sitting stored, and
    the running counts count no more sittings than there are."""
    games = ("chouette", "three-player", "cutthroat")
    clock = SetClock()
    with Database.open(tmp_path / "sittings.sqlite3") as database:
        store = SittingStore(database, clock=clock)
        ids = first_hands(store, clock, games)
        kept, other = PeriodFacts(), PeriodFacts()
        assert kept.period_pairs(store) == expected(store)  # counted: the first two a block
        clock.now = datetime(2026, 1, 9, tzinfo=UTC)
        begun = store.import_sitting(example_sitting("partnership"))
        assert other.period_pairs(store) == expected(store)  # the third joins the block
        assert kept.period_pairs(store) == expected(store)  # read as stored
        cutthroat = example_sitting("cutthroat")
        store.add_hand(ids[2], cutthroat.hands[1])
        assert other.period_pairs(store) == expected(store)  # its block stored again
        assert kept.period_pairs(store) == expected(store)
        store.delete_sitting(begun)  # the cutthroat the newest again
        store.add_hand(ids[2], cutthroat.hands[2])
        truth = expected(store)
        assert truth.sittings == 3
        assert kept.period_pairs(store) == truth
        assert stored_now(store) == truth
        assert_running_counts(store)
        connection = database.connection
        blocks = stored_blocks(connection, TOTALS)
        assert {first: block.sittings for first, block in blocks.items()} == {ids[0]: 2}
        (most,) = connection.execute(
            "SELECT max(position) FROM record_ratings WHERE choice = ?", (TOTALS,)
        ).fetchone()
        assert most == 3
        assert PeriodFacts().period_pairs(store) == truth
