"""Hostile databases and backups at the command line: schema text that is not UTF-8, files
that are not ours offered to ``restore``, an older database met by a reading command."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from jojotte_score.cli import main
from jojotte_score.storage.backups import BACKUP_DIR_NAME, list_backups, make_backup
from jojotte_score.storage.database import Database, writer_lock
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.schema import SCHEMA_VERSION
from jojotte_score.storage.sittings import SittingStore, utc_now

ROOT = Path(__file__).resolve().parent.parent.parent
SMALL = ROOT / "tests" / "data" / "small-example.json"
FIXTURES = ROOT / "tests" / "storage" / "fixtures"

Capture = pytest.CaptureFixture[str]


def run(data: Path, *arguments: str | Path) -> int:
    return main([*map(str, arguments), "--data-dir", str(data)], environ={})


def stored_folder(data: Path, capsys: Capture) -> Path:
    """A data folder holding the small example as sitting 1, and a backup holding it."""
    assert run(data, "import", SMALL) == 0
    capsys.readouterr()
    with Database.open(database_path(data)) as database:
        return make_backup(database.connection, data / BACKUP_DIR_NAME, utc_now()).path


def damage_schema(path: Path) -> None:
    """Turn the ``NULL`` of ``sitting_id INTEGER NOT NULL`` in the stored ``CREATE TABLE
    hand`` into ``N\\xd4LL``: the schema's text is no longer UTF-8."""
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    data = path.read_bytes()
    start = data.index(b"sitting_id INTEGER NOT NULL REFERENCES")
    at = data.index(b"NULL", start)
    path.write_bytes(data[:at] + b"N\xd4LL" + data[at + 4 :])


def test_a_schema_that_is_not_utf8_is_damage_and_a_good_backup_restores(
    tmp_path: Path, capsys: Capture
) -> None:
    data = tmp_path / "data"
    good = stored_folder(data, capsys)
    database = database_path(data)
    damage_schema(database)
    damaged = database.read_bytes()
    for command in (["sittings"], ["stats"], ["export", "1", "-o", tmp_path / "out.json"]):
        assert run(data, *command) == 1, command
        err = capsys.readouterr().err
        assert "the database is damaged (its text is not readable" in err
        assert "`jojotte-score restore BACKUP` puts one back" in err
        assert "Traceback" not in err
    assert run(data, "import", SMALL) == 1
    assert "the database is damaged" in capsys.readouterr().err
    assert database.read_bytes() == damaged  # a refusal changes nothing

    assert run(data, "restore", good.name) == 0
    out = capsys.readouterr().out
    assert "restored" in out
    safety = [b.path for b in list_backups(data / BACKUP_DIR_NAME) if b.before_restore]
    assert len(safety) == 1
    assert safety[0].read_bytes() == damaged  # the damaged bytes are kept as they were
    assert run(data, "sittings") == 0
    with Database.open(database, read_only=True) as opened:
        assert [info.hands for info in SittingStore(opened).list_sittings()] == [6]


def test_a_backup_whose_schema_is_not_utf8_is_refused(tmp_path: Path, capsys: Capture) -> None:
    data = tmp_path / "data"
    stored_folder(data, capsys)
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(database_path(data).read_bytes())
    damage_schema(bad)
    before = database_path(data).read_bytes()

    assert run(data, "restore", bad) == 1
    err = capsys.readouterr().err
    assert f"{bad}: the database is damaged (its text is not readable" in err
    assert "nothing was restored" in err
    assert database_path(data).read_bytes() == before


def _foreign(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
        connection.execute("PRAGMA user_version = 2")
    connection.close()


def _summary_dropped(path: Path) -> None:
    path.write_bytes((FIXTURES / "schema-v3.sqlite3").read_bytes())
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE summary")
    connection.close()


def _early_schema_2(path: Path) -> None:
    """A schema-2 file of an early build: the tables, but no checkpoint in the summary."""
    with sqlite3.connect(path) as connection:
        connection.execute(
            "CREATE TABLE sitting (id INTEGER PRIMARY KEY, variant TEXT, players TEXT, "
            "game_target INTEGER, rubber_bonus INTEGER, title TEXT, place TEXT, created TEXT, "
            "updated TEXT, revision INTEGER, chosen_dealer INTEGER, chosen_for INTEGER)"
        )
        connection.execute("CREATE TABLE hand (sitting_id INTEGER, position INTEGER, data TEXT)")
        connection.execute("CREATE TABLE summary (sitting_id INTEGER PRIMARY KEY)")
        connection.execute("PRAGMA user_version = 2")
    connection.close()


@pytest.mark.parametrize(
    ("make", "missing"),
    [
        (_foreign, "no table 'sitting'"),
        (_summary_dropped, "no table 'summary'"),
        (_early_schema_2, "no column 'hands' in table 'summary'"),
    ],
    ids=["another-programs", "summary-dropped", "early-schema-2"],
)
def test_restore_refuses_what_opening_would_refuse(
    tmp_path: Path, capsys: Capture, make: object, missing: str
) -> None:
    data = tmp_path / "data"
    stored_folder(data, capsys)
    before = database_path(data).read_bytes()
    offered = tmp_path / "offered.sqlite3"
    make(offered)  # type: ignore[operator]

    status = run(data, "restore", offered)
    err = capsys.readouterr().err
    assert status != 0
    assert f"{offered}: not a jojotte-score database" in err
    assert missing in err
    assert "nothing was restored" in err
    assert database_path(data).read_bytes() == before
    assert not [b for b in list_backups(data / BACKUP_DIR_NAME) if b.before_restore]
    assert run(data, "sittings") == 0


def test_after_restoring_an_older_backup_the_reading_commands_say_what_upgrades_it(
    tmp_path: Path, capsys: Capture
) -> None:
    data = tmp_path / "data"
    stored_folder(data, capsys)
    old = tmp_path / "schema-v1.sqlite3"
    old.write_bytes((FIXTURES / "schema-v1.sqlite3").read_bytes())

    assert run(data, "restore", old) == 0
    out = capsys.readouterr().out
    assert "the backup is from an earlier version of jojotte-score (schema 1)" in out
    assert run(data, "sittings") == 1
    err = capsys.readouterr().err
    assert "from an earlier version of jojotte-score (schema 1)" in err
    assert "read-only" not in err
    # While another copy holds the database for writing (upgrading it), a reader says so.
    with writer_lock(database_path(data)):
        assert run(data, "sittings") == 1
    err = capsys.readouterr().err
    upgrading = (
        f"another copy of jojotte-score is upgrading this database (schema 1 to {SCHEMA_VERSION})"
    )
    assert upgrading in err
    assert "read-only" not in err
    # The next opening for writing upgrades it, and then the reading commands work.
    assert run(data, "import", SMALL) == 0
    capsys.readouterr()
    assert run(data, "sittings") == 0


@pytest.mark.parametrize(
    "data", ['{"bidder":0,"trump":"hearts"', "\x00\x01", "[1, 2]", "7"], ids=repr
)
def test_sittings_calls_a_sitting_damaged_as_stats_and_export_do(
    tmp_path: Path, capsys: Capture, data: str
) -> None:
    folder = tmp_path / "data"
    stored_folder(folder, capsys)
    assert run(folder, "import", SMALL) == 0
    capsys.readouterr()
    with sqlite3.connect(database_path(folder)) as connection:  # bytes changed on disk
        connection.execute(
            "UPDATE hand SET data = ? WHERE sitting_id = 1 AND position = 2", (data,)
        )
    connection.close()
    assert run(folder, "export", "1", "-o", tmp_path / "x.json") == 1
    exported = capsys.readouterr().err
    assert exported.startswith("jojotte-score: sitting 1 is damaged: ")

    assert run(folder, "sittings") == 1
    listed = capsys.readouterr()
    assert listed.err == exported
    rows = listed.out.splitlines()
    assert len(rows) == 3
    assert rows[2].startswith(" 2  ")  # the other sitting is listed as it is
    assert "Bert +1420" in rows[2]
