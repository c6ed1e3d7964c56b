"""The records over a stored history: the facts of the sittings of a period and of the
games chosen, a history merged through a sync folder, and a sitting kept in two versions
(its conflict copy counted once)."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from datetime import date
from pathlib import Path

import pytest

from jojotte_score.core.model import Variant
from jojotte_score.core.records.facts import sitting_facts
from jojotte_score.core.records.pairs import head_to_head
from jojotte_score.core.records.ratings import rate
from jojotte_score.storage import record_facts, record_rows
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import DamagedSittingError
from jojotte_score.storage.record_facts import period_facts
from jojotte_score.storage.rows import row_checksum
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import Period
from jojotte_score.sync.engine import conflicts
from tests.stored_examples import example_sitting
from tests.sync.devices import GERMAN, Device, make_device, settle


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[list[Device]]:
    """Two laptops, each with its copy of the folder."""
    devices = [make_device(tmp_path, "anna"), make_device(tmp_path, "carl")]
    yield devices
    for device in devices:
        device.close()


def test_a_period_and_the_games_chosen(tmp_path: Path) -> None:
    store = SittingStore(Database.open(tmp_path / "sittings.sqlite3"))
    for game in ("three-player", "chouette", "cutthroat"):
        store.import_sitting(example_sitting(game))
    assert {f.variant for f in period_facts(store)} == {
        Variant.THREE_PLAYER,
        Variant.CHOUETTE,
        Variant.CUTTHROAT,
    }
    chouette = period_facts(store, games=[Variant.CHOUETTE])
    assert [f.sitting_id for f in chouette] == [2]
    # C6: Anna boxed against Bert and Carl's team twice, +730 and -735 against Bert.
    assert head_to_head(chouette, "Anna", "Bert").net_points == -5
    assert period_facts(store, Period(last=date(2000, 1, 1))) == []
    assert period_facts(None) == []
    store.database.close()


def test_a_merged_history_counts_every_devices_sittings(pair: list[Device]) -> None:
    anna, carl = pair
    anna.store.import_sitting(example_sitting("three-player"))
    carl.store.import_sitting(example_sitting("chouette"))
    settle(pair)
    for device in pair:
        facts = period_facts(device.store)
        assert sorted(f.variant for f in facts) == sorted([Variant.THREE_PLAYER, Variant.CHOUETTE])
        # T15 (620 + 150) then C6 (+730 - 735): the same on both laptops.
        assert head_to_head(facts, "Anna", "Bert").net_points == 765
    ratings = [rate(period_facts(device.store)).players for device in pair]
    assert ratings[0] == ratings[1]


def test_a_sitting_kept_in_two_versions_counts_once(pair: list[Device]) -> None:
    anna, carl = pair
    anna.store.import_sitting(GERMAN, title="evening")
    settle(pair)
    anna.store.delete_hand(1, 5)  # Anna deletes the last hand, which ended the rubber
    carl.store.add_hand(1, GERMAN.hands[0])  # Carl records a seventh
    settle(pair)
    for device in pair:
        assert len(conflicts(device.store)) == 1
        facts = period_facts(device.store)
        assert [f.sitting_id for f in facts] == [1]
        record = head_to_head(facts, "A", "B")
        # One version of the sitting is counted, never both: its rubber once.
        assert record.rubbers + record.unfinished in (1, 2)
        assert record.rubbers <= 1
    firsts = [head_to_head(period_facts(d.store), "A", "B") for d in pair]
    assert firsts[0] == firsts[1]


# The stored facts (schema 12) against a full replay -------------------------------------

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def replayed(store: SittingStore) -> list[tuple[int, object, object]]:
    """Every sitting's facts replayed from all its hands: id, rubbers, roles."""
    found = []
    for info in store.list_sittings():
        stored = store.load(info.id)
        facts = sitting_facts(stored.sitting, stored.id, stored.created)
        found.append((info.id, facts.rubbers, facts.roles))
    return sorted(found, key=lambda row: row[0])


def read(store: SittingStore) -> list[tuple[int, object, object]]:
    """Every sitting's facts as :func:`period_facts` gives them: id, rubbers, roles."""
    return sorted(((f.sitting_id, f.rubbers, f.roles) for f in period_facts(store)),
                  key=lambda row: row[0])  # fmt: skip


def stored_rows(path: Path) -> dict[int, tuple[int, str]]:
    with closing(sqlite3.connect(path)) as connection, connection:
        rows = connection.execute("SELECT sitting_id, revision, data FROM record_facts")
        return {sitting_id: (revision, data) for sitting_id, revision, data in rows}


def test_the_upgrade_to_schema_12_and_the_stored_facts_equal_a_replay(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v10.sqlite3", path)
    with Database.open(path) as database:
        assert database.schema_version == 12
        store = SittingStore(database)
        assert sorted(stored_rows(path)) == [1, 2, 3, 4, 5, 6, 7, 8]  # filled by the upgrade
        assert read(store) == replayed(store)  # read back from the rows
        with closing(sqlite3.connect(path)) as connection, connection:
            connection.execute("DELETE FROM record_facts WHERE sitting_id IN (2, 6)")
        assert read(store) == replayed(store)  # a missing row scored again, and stored
        assert sorted(stored_rows(path)) == [1, 2, 3, 4, 5, 6, 7, 8]


def test_only_a_changed_sitting_is_scored_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v12.sqlite3", path)
    with Database.open(path) as database:
        store = SittingStore(database)
        read(store)
        scored: list[int] = []
        real = record_rows.scored

        def counting(connection: sqlite3.Connection, sitting_id: int) -> record_rows.Facts:
            scored.append(sitting_id)
            return real(connection, sitting_id)

        monkeypatch.setattr(record_rows, "scored", counting)
        assert read(store) == replayed(store)
        assert scored == []
        store.add_hand(6, store.load(6).sitting.hands[0])  # the three-player sitting
        assert read(store) == replayed(store)
        assert scored == [6]


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE record_facts SET data = replace(data, '1', '2') WHERE sitting_id = 6",
        "UPDATE record_facts SET revision = revision + 1 WHERE sitting_id = 6",
        "UPDATE record_facts SET checksum = '' WHERE sitting_id = 6",
    ],
)
def test_a_row_changed_behind_the_apps_back_is_never_shown(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v12.sqlite3", path)
    with Database.open(path) as database:
        store = SittingStore(database)
        expected = replayed(store)
        read(store)
        with closing(sqlite3.connect(path)) as connection, connection:
            connection.execute(damage)
        assert read(store) == expected


def test_a_row_that_is_not_facts_is_scored_again(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v12.sqlite3", path)
    with Database.open(path) as database:
        store = SittingStore(database)
        expected = replayed(store)
        read(store)
        revision, _data = stored_rows(path)[6]
        for data in (
            '{"rubbers": [[1]], "roles": []}',
            "[]",
            '{"rubbers": [], "roles": [[1]]}',
            '{"rubbers": [], "roles": [["box"]]}',
            '{"rubbers": [[1, 1, [[0]], [1.5], [0], []]], "roles": []}',
            '{"rubbers": [[1, 1, [[0]], [1], [0], ["a"]]], "roles": []}',
            '{"rubbers": [[1, 1, [[0]], [[1]], [0], []]], "roles": []}',
            '{"rubbers": [[1, 1, [[[0]]], [1], [0], []]], "roles": []}',
            '{"rubbers": [[1, 1, [[0]], [1], [null], []]], "roles": []}',
            '{"rubbers": [[[1], 1, [[0]], [1], [0], []]], "roles": []}',
        ):
            checksum = row_checksum("record_facts", 6, (revision, data))
            with closing(sqlite3.connect(path)) as connection, connection:
                connection.execute(
                    "UPDATE record_facts SET data = ?, checksum = ? WHERE sitting_id = 6",
                    (data, checksum),
                )
            assert read(store) == expected


def test_a_read_only_database_is_read_and_never_written(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v12.sqlite3", path)
    with Database.open(path) as database:
        expected = replayed(SittingStore(database))
    with Database.open(path, read_only=True) as database:
        assert read(SittingStore(database)) == expected
    assert stored_rows(path) == {}


def test_a_deleted_sitting_takes_its_row_with_it(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v12.sqlite3", path)
    with Database.open(path) as database:
        store = SittingStore(database)
        read(store)
        store.delete_sitting(6)
        assert 6 not in stored_rows(path)
        assert [row[0] for row in read(store)] == [1, 2, 3, 4, 5, 7, 8]


def test_facts_kept_between_readings_equal_a_fresh_reading(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v12.sqlite3", path)
    with Database.open(path) as database:
        store = SittingStore(database)
        kept = record_facts.PeriodFacts()
        assert kept.period_facts(store) == period_facts(store)
        store.add_hand(6, store.load(6).sitting.hands[0])  # a hand recorded
        assert kept.period_facts(store) == period_facts(store)
        store.rename_players(8, ("Anna", "Bert", "Dora"))  # the chouette's Carl renamed
        read = kept.period_facts(store)
        assert read == period_facts(store)
        assert next(f for f in read if f.sitting_id == 8).names == ("Anna", "Bert", "Dora")
        store.delete_sitting(7)
        assert kept.period_facts(store) == period_facts(store)
        chouette = kept.period_facts(store, games=[Variant.CHOUETTE])
        assert [f.sitting_id for f in chouette] == [8]
        assert kept.period_facts(store, Period(last=date(2000, 1, 1))) == []
        assert kept.period_facts(store) == period_facts(store)


def test_the_upgrade_leaves_a_damaged_sitting_without_facts_and_names_it(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v10.sqlite3", path)
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute('UPDATE hand SET data = \'{"not": "a hand"}\' WHERE sitting_id = 6')
    with Database.open(path) as database:  # upgraded to schema 12 all the same
        assert database.schema_version == 12
        assert sorted(stored_rows(path)) == [1, 2, 3, 4, 5, 7, 8]
        store = SittingStore(database)
        with pytest.raises(DamagedSittingError) as raised:
            period_facts(store)
        assert raised.value.sitting_id == 6
        assert [f.sitting_id for f in period_facts(store, games=[Variant.CHOUETTE])] == [8]


@pytest.mark.parametrize("reading", ["facts", "pairs", "sides"])
def test_a_damaged_moment_names_its_sitting(tmp_path: Path, reading: str) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v12.sqlite3", path)
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE sitting SET created = 'the evening before' WHERE id = 6")
    with Database.open(path) as database:
        reader = record_facts.PeriodFacts()
        read = {
            "facts": reader.period_facts,
            "pairs": reader.period_pairs,
            "sides": reader.period_sides,
        }[reading]
        with pytest.raises(DamagedSittingError) as raised:
            read(SittingStore(database))
        assert raised.value.sitting_id == 6


@pytest.mark.parametrize("reading", ["facts", "pairs"])
def test_sittings_without_rows_are_stored_a_few_to_a_transaction_past_a_damaged_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reading: str
) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v12.sqlite3", path)
    with Database.open(path) as database:
        expected = {row[0]: row for row in replayed(SittingStore(database))}
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("DELETE FROM record_facts")
        connection.execute('UPDATE hand SET data = \'{"not": "a hand"}\' WHERE sitting_id = 6')
    monkeypatch.setattr(record_facts, "_STORED_AT_ONCE", 3)
    with Database.open(path) as database:
        store = SittingStore(database)
        statements: list[str] = []
        database.connection.set_trace_callback(statements.append)
        reader = record_facts.PeriodFacts()
        read = reader.period_facts if reading == "facts" else reader.period_pairs
        with pytest.raises(DamagedSittingError) as raised:
            read(store)
        database.connection.set_trace_callback(None)
        assert raised.value.sitting_id == 6
        # Eight sittings, three to a transaction; the damaged one stops none of the others.
        assert statements.count("BEGIN IMMEDIATE") == statements.count("COMMIT") == 3
        assert sorted(stored_rows(path)) == [1, 2, 3, 4, 5, 7, 8]
        stored = record_rows.stored_facts(database.connection)
        assert {sitting_id: (sitting_id, *facts) for sitting_id, facts in stored.items()} == {
            sitting_id: expected[sitting_id] for sitting_id in (1, 2, 3, 4, 5, 7, 8)
        }
