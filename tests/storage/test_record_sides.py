"""Partnerships and roles read from each sitting's stored sides and roles
(``PeriodFacts.period_sides``, the ``"sides"`` and ``"roles"`` of the ``record_facts`` rows):
after random hands recorded, corrected and deleted, sittings deleted, begun and merged from
another device, and damaged rows, a kept reader and a fresh one read the partnerships and
roles counted from the sittings replayed from their hands and the plain count of
tests/core/records/plain_records.py; no sitting's rubbers are decoded; a sitting kept in two
versions (its conflict copy) counts once; ``check --repair`` has a sitting counted again; rows
written before the rows kept their sides are read through their facts and stored again,
never on a read-only database."""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.records.facts import in_order
from jojotte_score.core.records.partners import partnerships
from jojotte_score.core.records.roles import role_records
from jojotte_score.storage import record_rows
from jojotte_score.storage.checking import repair_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.record_facts import PeriodFacts, PeriodSides
from jojotte_score.storage.rows import row_checksum
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.sync.engine import conflicts
from tests.core.records.histories import histories
from tests.core.records.plain_records import Played, plain_partners, plain_roles
from tests.storage.test_record_facts import FIXTURES
from tests.stored_examples import example_sitting
from tests.stored_histories import replayed, stored_history
from tests.sync.devices import changed_apart, make_device


def expected(store: SittingStore) -> PeriodSides:
    """What a reading of the sides should give: from the sittings replayed."""
    facts = in_order(replayed(store))
    return PeriodSides(len(facts), partnerships(facts), role_records(facts))


def check(store: SittingStore, kept: PeriodFacts) -> None:
    """A kept reader and a fresh one read the replayed partnerships and roles, and the
    figures the plain count counts agree."""
    truth = expected(store)
    assert kept.period_sides(store) == truth
    assert PeriodFacts().period_sides(store) == truth
    played: list[Played] = []
    for sitting_id, created in store.created_dates():
        played.append((sitting_id, created, store.load(sitting_id).sitting))
    assert {
        p.players: (p.figures.rubbers, p.figures.won, p.figures.net_points, p.figures.unfinished)
        for p in truth.partners
    } == plain_partners(played)
    assert {
        (r.player, str(r.variant), r.role): (
            r.figures.rubbers,
            r.figures.rubbers_won,
            r.figures.hands,
            r.figures.hands_won,
            r.figures.net_points,
        )
        for r in truth.roles
    } == plain_roles(played)


ACTIONS = ["record", "correct", "delete hand", "delete sitting", "damage", "begin", "merge"]
"""What the property test does to the stored sittings (tests/stored_histories.py says how)."""


@settings(max_examples=25, deadline=None)
@given(histories(max_sittings=5, max_hands=16), st.data())
def test_the_stored_sides_equal_a_replay_after_any_change(
    played: list[Played], data: st.DataObject
) -> None:
    with stored_history(played, data) as history:
        kept = PeriodFacts()
        check(history.store, kept)
        for _action in history.changes(ACTIONS):
            check(history.store, kept)


def fixture_store(tmp_path: Path) -> Path:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v12.sqlite3", path)
    return path


def test_the_sides_are_read_without_any_sitting_rubbers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once the rows keep their sides (stored again by the first reading: the fixture's
    rows were written before), a reading decodes no sitting's facts."""
    with Database.open(fixture_store(tmp_path)) as database:
        store = SittingStore(database)
        truth = expected(store)
        assert PeriodFacts().period_sides(store) == truth

        def not_read(*_args: object) -> None:
            raise AssertionError("a sitting's facts were read")

        monkeypatch.setattr(record_rows, "stored_facts", not_read)
        assert PeriodFacts().period_sides(store) == truth
        # The figures a player checks: Anna and Bert partners in the fixture's chouette.
        (anna_bert,) = [p for p in truth.partners if p.players == ("Anna", "Bert")]
        assert anna_bert.figures.rubbers >= 1
        assert truth.sittings == 8
        assert {record.role for record in truth.roles} >= {"box", "captain", "declarer"}


def strip_sides(connection: sqlite3.Connection) -> None:
    """Every row as one written before the rows kept their sides (checksum agreeing)."""
    rows = connection.execute("SELECT sitting_id, revision, data FROM record_facts").fetchall()
    for sitting_id, revision, data in rows:
        decoded = json.loads(data)
        decoded.pop("sides", None)
        older = json.dumps(
            {"pairs": decoded["pairs"], "rubbers": decoded["rubbers"], "roles": decoded["roles"]},
            separators=(",", ":"),
        )
        connection.execute(
            "UPDATE record_facts SET data = ?, checksum = ? WHERE sitting_id = ?",
            (older, row_checksum("record_facts", sitting_id, (revision, older)), sitting_id),
        )


def rows_with_sides(path: Path) -> int:
    with closing(sqlite3.connect(path)) as connection:
        query = "SELECT count(*) FROM record_facts WHERE json_extract(data, '$.sides') IS NOT NULL"
        count: int = connection.execute(query).fetchone()[0]
        return count


def test_rows_written_before_the_sides_are_read_and_stored_again(tmp_path: Path) -> None:
    path = fixture_store(tmp_path)
    with Database.open(path) as database:
        store = SittingStore(database)
        truth = expected(store)
        PeriodFacts().period_sides(store)
        strip_sides(database.connection)
    assert rows_with_sides(path) == 0
    with Database.open(path, read_only=True) as database:
        assert PeriodFacts().period_sides(SittingStore(database)) == truth
    assert rows_with_sides(path) == 0  # a read-only database is never written
    with Database.open(path) as database:
        assert PeriodFacts().period_sides(SittingStore(database)) == truth
    with closing(sqlite3.connect(path)) as connection:
        (rows,) = connection.execute("SELECT count(*) FROM record_facts").fetchone()
    assert rows_with_sides(path) == rows == 8


@pytest.mark.parametrize(
    "sides",
    [
        "[[[0], 1, 1, 5, 5, 0]]",  # a side of one seat
        "[[[0, 2], 1.5, 1, 5, 5, 0]]",
        '[[[0, "2"], 1, 1, 5, 5, 0]]',
        "[[[0, 2], 1, 1, 5, 5]]",
        '{"a": 1}',
    ],
)
def test_sides_written_with_care_behind_the_apps_back_are_counted_from_the_facts(
    tmp_path: Path, sides: str
) -> None:
    with Database.open(fixture_store(tmp_path)) as database:
        store = SittingStore(database)
        truth = expected(store)
        PeriodFacts().period_sides(store)
        connection = database.connection
        for sitting_id, revision, data in connection.execute(
            "SELECT sitting_id, revision, data FROM record_facts"
        ).fetchall():
            decoded = json.loads(data)
            stored = json.dumps(decoded["sides"], separators=(",", ":"))
            changed = data.replace(f',"sides":{stored},', f',"sides":{sides},', 1)
            assert changed != data
            connection.execute(
                "UPDATE record_facts SET data = ?, checksum = ? WHERE sitting_id = ?",
                (
                    changed,
                    row_checksum("record_facts", sitting_id, (revision, changed)),
                    sitting_id,
                ),
            )
        assert record_rows.stored_sides(connection) == {}
        assert PeriodFacts().period_sides(store) == truth


def test_a_repaired_sitting_is_counted_again(tmp_path: Path) -> None:
    with Database.open(fixture_store(tmp_path)) as database:
        store = SittingStore(database)
        truth = expected(store)
        reader = PeriodFacts()
        assert reader.period_sides(store) == truth
        with database.transaction() as writing:
            repair_sitting(writing, 8)  # the chouette's facts row deleted, as check --repair does
        assert 8 not in record_rows.stored_sides(database.connection)
        assert reader.period_sides(store) == truth
        assert PeriodFacts().period_sides(store) == truth
        assert 8 in record_rows.stored_sides(database.connection)


def test_a_conflict_copy_counts_once(tmp_path: Path) -> None:
    devices = [make_device(tmp_path, "anna"), make_device(tmp_path, "carl")]
    try:
        anna, carl = devices
        readers = [PeriodFacts(), PeriodFacts()]
        anna.store.import_sitting(example_sitting("chouette"))
        carl.store.import_sitting(example_sitting("partnership"))
        for device, reader in zip(devices, readers, strict=True):
            reader.period_sides(device.store)  # each reads its own before the merge
        changed_apart(anna, carl)
        for device, reader in zip(devices, readers, strict=True):
            assert len(conflicts(device.store)) == 1
            truth = expected(device.store)
            assert truth.sittings == 3
            assert reader.period_sides(device.store) == truth
            assert PeriodFacts().period_sides(device.store) == truth
    finally:
        for device in devices:
            device.close()


def test_only_changed_sittings_are_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[list[int] | None] = []
    reading = record_rows.stored_sides

    def counted(connection: sqlite3.Connection, ids: list[int] | None = None) -> Any:
        read.append(None if ids is None else sorted(ids))
        return reading(connection, ids)

    monkeypatch.setattr(record_rows, "stored_sides", counted)
    with Database.open(fixture_store(tmp_path)) as database:
        store = SittingStore(database)
        reader = PeriodFacts()
        reader.period_sides(store)
        read.clear()
        store.delete_hand(6, store.hand_count(6) - 1)
        assert reader.period_sides(store) == expected(store)
        assert read == [[6]]
