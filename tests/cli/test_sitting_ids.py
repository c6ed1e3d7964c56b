"""A sitting is the same sitting everywhere: its stable id travels in exported files, and
importing a file whose sitting is stored updates it, leaves it, or (``--as-new``) copies it."""

from __future__ import annotations

import json
import shutil
import sqlite3
import uuid
from pathlib import Path

import pytest

from jojotte_score.cli import main
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
GERMAN = DATA / "german-example.json"
CHOUETTE = DATA / "chouette-example.json"
FIXTURES = ROOT / "tests" / "storage" / "fixtures"

Capture = pytest.CaptureFixture[str]


def run(data: Path, *arguments: str | Path) -> int:
    return main([*map(str, arguments), "--data-dir", str(data)], environ={})


def stored_hands(data: Path) -> dict[int, int]:
    with Database.open(database_path(data), read_only=True) as database:
        store = SittingStore(database)
        return {info.id: info.hands for info in store.list_sittings()}


def test_an_exported_file_holds_the_stored_id_and_importing_it_again_changes_nothing(
    tmp_path: Path, capsys: Capture
) -> None:
    data = tmp_path / "data"
    assert run(data, "import", GERMAN) == 0
    exported = tmp_path / "out.json"
    assert run(data, "export", "1", "-o", exported) == 0
    written = json.loads(exported.read_text(encoding="utf-8"))
    assert str(uuid.UUID(written["uuid"])) == written["uuid"]
    assert load_sitting(exported).uuid == written["uuid"]
    capsys.readouterr()

    assert run(data, "import", exported) == 0
    assert capsys.readouterr().out == "sitting 1 is unchanged\n"
    assert stored_hands(data) == {1: 6}


def test_a_file_with_other_hands_updates_the_stored_sitting(
    tmp_path: Path, capsys: Capture
) -> None:
    data = tmp_path / "data"
    assert run(data, "import", GERMAN) == 0
    exported = tmp_path / "out.json"
    assert run(data, "export", "1", "-o", exported) == 0
    content = json.loads(exported.read_text(encoding="utf-8"))
    content["hands"] = content["hands"][:4]
    content["players"] = ["Anna", "Bertram"]
    exported.write_text(json.dumps(content), encoding="utf-8")
    capsys.readouterr()

    assert run(data, "import", exported) == 0
    assert capsys.readouterr().out == "updated sitting 1\n"
    with Database.open(database_path(data), read_only=True) as database:
        store = SittingStore(database)
        stored = store.load(1)
        assert [info.id for info in store.list_sittings()] == [1]
        assert store.revision(1) == 1
    assert stored.sitting.players == ("Anna", "Bertram")
    assert len(stored.sitting.hands) == 4
    assert stored.uuid == content["uuid"]


def test_as_new_keeps_a_separate_copy_with_its_own_id(tmp_path: Path, capsys: Capture) -> None:
    data = tmp_path / "data"
    assert run(data, "import", CHOUETTE) == 0
    exported = tmp_path / "out.json"
    assert run(data, "export", "1", "-o", exported) == 0
    capsys.readouterr()
    assert run(data, "import", "--as-new", exported) == 0
    assert capsys.readouterr().out == "2\n"
    with Database.open(database_path(data), read_only=True) as database:
        store = SittingStore(database)
        first, second = store.load(1), store.load(2)
    assert first.sitting == second.sitting
    assert first.uuid != second.uuid
    assert json.loads(exported.read_text(encoding="utf-8"))["uuid"] == first.uuid


def test_a_file_without_an_id_gets_one_and_is_stored_twice_when_imported_twice(
    tmp_path: Path, capsys: Capture
) -> None:
    data = tmp_path / "data"
    assert run(data, "import", GERMAN, GERMAN) == 0
    assert capsys.readouterr().out == "1\n2\n"
    with Database.open(database_path(data), read_only=True) as database:
        store = SittingStore(database)
        ids = {store.uuid_of(1), store.uuid_of(2)}
    assert len(ids) == 2
    assert all(str(uuid.UUID(value)) == value for value in ids)


def test_a_file_from_another_device_keeps_its_id(tmp_path: Path, capsys: Capture) -> None:
    """Imported into a second data folder, the sitting keeps the id it was exported with,
    so exporting it there and importing it back finds the first one."""
    first, second = tmp_path / "first", tmp_path / "second"
    assert run(first, "import", GERMAN) == 0
    out = tmp_path / "out.json"
    assert run(first, "export", "1", "-o", out) == 0
    assert run(second, "import", CHOUETTE, out) == 0
    back = tmp_path / "back.json"
    assert run(second, "export", "2", "-o", back) == 0
    capsys.readouterr()
    assert run(first, "import", back) == 0
    assert capsys.readouterr().out == "sitting 1 is unchanged\n"


@pytest.mark.parametrize(
    "value",
    ["not-a-uuid", "0B9D6D7E-3F52-4C39-9A43-2F1F7D0C9E5A", 12, "0b9d6d7e3f524c399a432f1f7d0c9e5a"],
)
def test_an_id_that_is_not_a_uuid_is_refused_and_nothing_is_stored(
    tmp_path: Path, capsys: Capture, value: object
) -> None:
    data = tmp_path / "data"
    content = json.loads(GERMAN.read_text(encoding="utf-8"))
    content["uuid"] = value
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(content), encoding="utf-8")
    assert run(data, "import", bad) == 2
    err = capsys.readouterr().err
    assert "uuid must be the sitting's id, a UUID such as" in err
    assert not database_path(data).exists() or stored_hands(data) == {}


@pytest.mark.parametrize("old", [7, 8])
def test_the_upgrade_to_schema_9_gives_every_sitting_its_own_id(tmp_path: Path, old: int) -> None:
    """From schema 7 the upgrade rebuilds the sitting table (schema 8) before it adds the
    ids (schema 9); from schema 8 it adds them to the rebuilt table."""
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / f"schema-v{old}.sqlite3", path)
    with Database.open(path) as database:
        store = SittingStore(database)
        ids = [store.uuid_of(info.id) for info in store.list_sittings()]
    assert len(ids) == 8
    assert len(set(ids)) == 8
    assert all(str(uuid.UUID(value)) == value for value in ids)
    connection = sqlite3.connect(path)
    try:
        with pytest.raises(sqlite3.IntegrityError):
            connection.execute("UPDATE sitting SET uuid = ? WHERE id = 2", (ids[0],))
    finally:
        connection.close()
