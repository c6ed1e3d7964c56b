"""A restore brings only what the app's own schema holds: a backup's triggers, views, other
tables, indexes and columns are left out and named, and its cached figures are rebuilt."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from jojotte_score.storage.backups import make_backup
from jojotte_score.storage.checking import check_sitting, sitting_ids
from jojotte_score.storage.database import Database
from jojotte_score.storage.restore import restore_backup
from jojotte_score.storage.schema import SCHEMA_VERSION
from jojotte_score.storage.sittings import SittingStore
from tests.storage.fixtures.make_fixtures import FIXTURES
from tests.stored_examples import example_sitting

NOW = datetime(2026, 11, 21, 1, 30, tzinfo=UTC)


def _hostile_backup(folder: Path) -> tuple[Path, str]:
    """A backup of one two-player sitting whose database also holds a trigger that, after
    each hand recorded, sets the first hand to another valid hand; and a view, a table, an
    index and a column the app never makes. The backup and the first hand's stored data."""
    path = folder / "hostile.sqlite3"
    with Database.open(path) as database:
        store = SittingStore(database)
        store.import_sitting(example_sitting("two-player"))
        connection = database.connection
        first, other = (
            row[0]
            for row in connection.execute(
                "SELECT data FROM hand WHERE sitting_id = 1 AND position IN (0, 1) "
                "ORDER BY position"
            )
        )
        quoted = other.replace("'", "''")
        connection.execute(
            "CREATE TRIGGER rewrite AFTER INSERT ON hand BEGIN UPDATE hand "
            f"SET data = '{quoted}' WHERE sitting_id = NEW.sitting_id AND position = 0; END"
        )
        connection.execute("CREATE VIEW everything AS SELECT * FROM hand")
        connection.execute("CREATE TABLE notes (text TEXT)")
        connection.execute("INSERT INTO notes VALUES ('kept elsewhere')")
        connection.execute("CREATE INDEX hand_by_data ON hand (data)")
        connection.execute("ALTER TABLE sitting ADD COLUMN secret TEXT")
        backup = make_backup(connection, folder / "backups", NOW).path
    return backup, first


def _objects(path: Path) -> list[tuple[str, str]]:
    with contextlib.closing(sqlite3.connect(path)) as connection:
        rows = connection.execute(
            "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY 1, 2"
        )
        return [(str(kind), str(name)) for kind, name in rows]


def test_a_restore_leaves_out_a_trigger_that_would_rewrite_hands(tmp_path: Path) -> None:
    backup, first = _hostile_backup(tmp_path / "elsewhere")
    database = tmp_path / "data" / "sittings.sqlite3"

    restored = restore_backup(backup, database, NOW, newest_version=SCHEMA_VERSION)

    assert sorted(restored.dropped) == [
        "column 'secret' of table 'sitting'",
        "index 'hand_by_data'",
        "table 'notes'",
        "trigger 'rewrite'",
        "view 'everything'",
    ]
    with Database.open(database) as opened:
        store = SittingStore(opened)
        sitting = store.load(1).sitting
        assert sitting == example_sitting("two-player")
        store.add_hand(1, sitting.hands[-1])
        first_now = opened.connection.execute(
            "SELECT data FROM hand WHERE sitting_id = 1 AND position = 0"
        ).fetchone()[0]
    assert first_now == first
    assert ("trigger", "rewrite") not in _objects(database)
    assert [name for kind, name in _objects(database) if kind == "table"] == sorted(
        [
            "hand",
            "record_facts",
            "record_ratings",
            "rubber_start",
            "seat_figures",
            "sitting",
            "summary",
            "sync_conflict",
            "sync_dirty",
            "sync_peer",
            "sync_resolved",
            "sync_state",
            "sync_version",
            "sync_written",
        ]
    )


def test_a_restore_rebuilds_a_tampered_summary_from_the_hands(tmp_path: Path) -> None:
    folder = tmp_path / "elsewhere"
    path = folder / "sittings.sqlite3"
    with Database.open(path) as database:
        store = SittingStore(database)
        store.import_sitting(example_sitting("two-player"))
        true_points = store.list_sittings()[0].net_points
        database.connection.execute("UPDATE summary SET net_points = net_points + 100000")
        backup = make_backup(database.connection, folder / "backups", NOW).path
    database_path = tmp_path / "data" / "sittings.sqlite3"

    restore_backup(backup, database_path, NOW, newest_version=SCHEMA_VERSION)

    with Database.open(database_path) as database:
        assert SittingStore(database).list_sittings()[0].net_points == true_points
        stored = database.connection.execute("SELECT net_points FROM summary").fetchone()[0]
    assert stored == true_points


@pytest.mark.parametrize("version", [7, 8, 9])
def test_a_restore_of_an_earlier_schema_keeps_roles_and_ids_and_rebuilds_the_caches(
    tmp_path: Path, version: int
) -> None:
    """A backup of schema 7 (the chouette's box and captain in columns of their own), 8
    (the roles as one column) or 9 (the sitting's uuid and the sync tables) is made the
    app's schema of its version, then upgraded: the sittings, their roles and stable ids
    as the backup holds them, every cache rebuilt with its checksum."""
    fixture = FIXTURES / f"schema-v{version}.sqlite3"
    with contextlib.closing(sqlite3.connect(fixture)) as connection:
        uuids = (
            connection.execute("SELECT id, uuid FROM sitting ORDER BY id").fetchall()
            if version >= 9
            else []
        )
    database = tmp_path / "data" / "sittings.sqlite3"

    restored = restore_backup(fixture, database, NOW, newest_version=SCHEMA_VERSION)

    assert restored.dropped == ()
    with Database.open(database) as opened:
        assert opened.schema_version == SCHEMA_VERSION
        connection = opened.connection
        roles = connection.execute("SELECT roles FROM sitting WHERE id = 8").fetchone()[0]
        chouette = SittingStore(opened).load(8).sitting
        assert chouette.roles is not None
        assert roles == json.dumps(list(chouette.roles))
        if uuids:
            ids = connection.execute("SELECT id, uuid FROM sitting ORDER BY id").fetchall()
            assert ids == uuids
        unchecked = connection.execute("SELECT count(*) FROM summary WHERE checksum = ''")
        assert unchecked.fetchone() == (0,)
        assert connection.execute("SELECT count(*) FROM summary").fetchone() == (8,)
        for sitting_id in sitting_ids(connection):
            assert check_sitting(connection, sitting_id) == []
