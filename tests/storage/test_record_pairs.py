"""The head to head stored with each sitting's facts (``"pairs"`` in its ``record_facts``
row), read on its own at the Records tab's opening: over random histories of every game it
equals the head to head counted from the sittings replayed from their hands and the plain
count of tests/core/records/plain_records.py, after a recorded hand, for rows written
before the rows kept it, for a damaged one and from a read-only database."""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.model import Variant
from jojotte_score.core.records.pairs import head_to_heads
from jojotte_score.core.stats import by_name_order
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import DamagedSittingError
from jojotte_score.storage.record_facts import PeriodFacts, period_facts
from jojotte_score.storage.record_pair_totals import PeriodPairs
from jojotte_score.storage.rows import row_checksum
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import Period
from tests.core.records.histories import histories
from tests.core.records.plain_records import Played, plain_pairs
from tests.storage.test_record_facts import FIXTURES
from tests.stored_histories import replayed, stored_history


def expected(store: SittingStore) -> PeriodPairs:
    """What a reading of the pairs should give: from the sittings replayed."""
    facts = replayed(store)
    names = {name for sitting in facts for name in sitting.names if name is not None}
    return PeriodPairs(len(facts), tuple(by_name_order(names)), head_to_heads(facts))


def strip_pairs(connection: sqlite3.Connection) -> None:
    """Every row as one written before the rows kept the head to head (checksum agreeing)."""
    rows = connection.execute("SELECT sitting_id, revision, data FROM record_facts").fetchall()
    for sitting_id, revision, data in rows:
        decoded = json.loads(data)
        del decoded["pairs"]
        older = json.dumps(decoded, separators=(",", ":"))
        connection.execute(
            "UPDATE record_facts SET data = ?, checksum = ? WHERE sitting_id = ?",
            (older, row_checksum("record_facts", sitting_id, (revision, older)), sitting_id),
        )


def rows_with_pairs(connection: sqlite3.Connection) -> int:
    query = "SELECT COUNT(*) FROM record_facts WHERE json_extract(data, '$.pairs') IS NOT NULL"
    count: int = connection.execute(query).fetchone()[0]
    return count


@settings(max_examples=25, deadline=None)
@given(histories(max_sittings=5, max_hands=20), st.data())
def test_the_stored_head_to_head_equals_a_replay_and_a_plain_count(
    played: list[Played], data: st.DataObject
) -> None:
    with stored_history(played, data) as history:
        store = history.store
        reader = PeriodFacts()
        read = reader.period_pairs(store)
        assert read == expected(store)
        # The figures that do not hang on the order of sittings stored at one moment, as
        # the plain count counts them.
        plain = plain_pairs(history.stored())
        assert len(read.pairs) * 2 == len(plain)
        for record in read.pairs:
            count = plain[record.players]
            assert (record.rubbers, list(record.won)) == (count.rubbers, count.won)
            assert (record.net_points, record.unfinished) == (count.net, count.open)
            largest = [None if win is None else win.points for win in record.largest_win]
            assert largest == count.largest

        # A hand recorded in one sitting: the kept reader reads it again, as a fresh one.
        history.record_in_one()
        assert reader.period_pairs(store) == expected(store)
        assert PeriodFacts().period_pairs(store) == expected(store)

        # Rows written before the rows kept the head to head: counted from their facts,
        # and stored with them.
        connection = history.database.connection
        strip_pairs(connection)
        assert rows_with_pairs(connection) == 0
        assert PeriodFacts().period_pairs(store) == expected(store)
        assert rows_with_pairs(connection) == len(played)
        assert PeriodFacts().period_pairs(store) == expected(store)


def fixture_copy(tmp_path: Path) -> Path:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v12.sqlite3", path)
    return path


def test_a_period_and_a_game_hold_their_sittings_only(tmp_path: Path) -> None:
    with Database.open(fixture_copy(tmp_path)) as database:
        store = SittingStore(database)
        reader = PeriodFacts()
        chouette = reader.period_pairs(store, games=[Variant.CHOUETTE])
        facts = period_facts(store, games=[Variant.CHOUETTE])
        assert chouette.sittings == len(facts) == 1
        assert chouette.pairs == head_to_heads(facts)
        assert chouette.players == ("Anna", "Bert", "Carl")
        assert reader.period_pairs(store, Period(last=date(2000, 1, 1))) == PeriodPairs(0, (), ())
        assert reader.period_pairs(store) == expected(store)
        assert PeriodFacts().period_pairs(None) == PeriodPairs(0, (), ())


def test_a_damaged_head_to_head_is_counted_again(tmp_path: Path) -> None:
    path = fixture_copy(tmp_path)
    with Database.open(path) as database:
        store = SittingStore(database)
        truth = expected(store)
        assert PeriodFacts().period_pairs(store) == truth  # every row stored
        connection = database.connection
        (revision, data) = connection.execute(
            "SELECT revision, data FROM record_facts WHERE sitting_id = 6"
        ).fetchone()
        for pairs in (
            "[[0]]",
            '"pairs"',
            "5",
            '{"a": 1}',
            "[[0, 1, 1, 2, 0, 1, 0, [1.5, 1], null, 0, 1, 1]]",
            "[[0, 1, 1, 2, 0, 1, 0, [1, 2, 3], null, 0, 1, 1]]",
            '[[0, 1, 1, 2, 0, 1, 0, "ab", null, 0, 1, 1]]',
            "[[0, 1, 1, 2, 0, 1, 0, null, null, true, 1, 1]]",
            "[[0, 1, 1, 2, 0, 1, 0, null, null, 1.0, 1, 1]]",
            "[[0, 1, 1, 2, 0, 1, 0, null, null, -1, 1, 1]]",
            '[["0", 1, 1, 2, 0, 1, 0, null, null, 0, 1, 1]]',
        ):
            decoded = json.loads(data)
            decoded["pairs"] = json.loads(pairs)  # first, as the app writes it
            damaged = json.dumps(decoded)
            connection.execute(
                "UPDATE record_facts SET data = ?, checksum = ? WHERE sitting_id = 6",
                (damaged, row_checksum("record_facts", 6, (revision, damaged))),
            )
            assert PeriodFacts().period_pairs(store) == truth
        connection.execute("UPDATE record_facts SET data = 'not JSON' WHERE sitting_id = 6")
        assert PeriodFacts().period_pairs(store) == truth


def test_a_read_only_database_is_read_and_never_written(tmp_path: Path) -> None:
    path = fixture_copy(tmp_path)
    with Database.open(path) as database:
        store = SittingStore(database)
        truth = expected(store)
        period_facts(store)  # every sitting's facts stored
        strip_pairs(database.connection)
    with closing(sqlite3.connect(path)) as connection:
        before = connection.execute("SELECT * FROM record_facts ORDER BY sitting_id").fetchall()
    with Database.open(path, read_only=True) as database:
        assert PeriodFacts().period_pairs(SittingStore(database)) == truth
    with closing(sqlite3.connect(path)) as connection:
        after = connection.execute("SELECT * FROM record_facts ORDER BY sitting_id").fetchall()
    assert after == before


def test_damaged_players_are_named_when_their_head_to_head_is_read(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v12.sqlite3", path)
    with Database.open(path) as database:
        truth = expected(SittingStore(database))
        PeriodFacts().period_pairs(SittingStore(database))  # every row stored
    with closing(sqlite3.connect(path)) as connection, connection:
        (players,) = connection.execute("SELECT players FROM sitting WHERE id = 3").fetchone()
        connection.execute("UPDATE sitting SET players = '\"Anna\"' WHERE id = 3")
    reader = PeriodFacts()
    with Database.open(path) as database:
        with pytest.raises(DamagedSittingError) as raised:
            reader.period_pairs(SittingStore(database))
        assert raised.value.sitting_id == 3
        assert "not a list of names" in str(raised.value)
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE sitting SET players = ? WHERE id = 3", (players,))
    with Database.open(path) as database:
        assert reader.period_pairs(SittingStore(database)) == truth
