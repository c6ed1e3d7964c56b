"""Files that are not this app's database are refused untouched; only regular files open."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from jojotte_score.core.games import new_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import DataDirectoryError, NotADatabaseError


def foreign(path: Path, version: int) -> bytes:
    """Another program's SQLite file that happens to carry ``user_version`` ``version``."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
    connection.execute("INSERT INTO recipes VALUES ('bread', 240)")
    connection.execute(f"PRAGMA user_version = {version}")
    connection.close()
    return path.read_bytes()


@pytest.mark.parametrize("version", [1, 2])
def test_a_foreign_file_with_our_version_number_is_refused_untouched(
    tmp_path: Path, version: int
) -> None:
    path = tmp_path / "sittings.sqlite3"
    before = foreign(path, version)
    for read_only in (False, True):
        with pytest.raises(NotADatabaseError, match="not a jojotte-score database") as refused:
            Database.open(path, read_only=read_only)
        assert "no table 'sitting'" in str(refused.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "sittings.sqlite3",
        "sittings.sqlite3.lock",  # the writers' lock beside it, not the file
    ]


def test_a_table_without_our_columns_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    connection = sqlite3.connect(path, isolation_level=None)
    for table in ("sitting", "hand", "summary"):
        connection.execute(f"CREATE TABLE {table} (id INTEGER)")
    connection.execute("PRAGMA user_version = 2")
    connection.close()
    before = path.read_bytes()
    with pytest.raises(NotADatabaseError, match="column"):
        Database.open(path)
    assert path.read_bytes() == before


def test_a_negative_version_is_a_clear_refusal(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    before = foreign(path, -1)
    with pytest.raises(NotADatabaseError) as refused:
        Database.open(path)
    assert "its schema version is -1" in str(refused.value)
    assert "upgrading" not in str(refused.value)
    assert path.read_bytes() == before


def run(data: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jojotte_score", "--data-dir", str(data), *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_named_pipe_as_the_database_is_refused_without_waiting(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "sittings.sqlite3")
    for command in (("sittings",), ("stats",)):
        done = run(data, *command)  # the timeout fails the test if it blocks
        assert done.returncode == 1, command
        assert "not a regular file" in done.stderr
    with pytest.raises(DataDirectoryError, match="not a regular file"):
        Database.open(data / "sittings.sqlite3")


@pytest.mark.parametrize("kind", ["dangling", "loop"])
def test_a_broken_link_as_the_database_is_an_error(tmp_path: Path, kind: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    link = data / "sittings.sqlite3"
    if kind == "dangling":
        link.symlink_to(tmp_path / "gone.sqlite3")
    else:
        (data / "other").symlink_to(link)
        link.symlink_to(data / "other")
    done = run(data, "sittings")
    assert done.returncode == 1
    assert "no sittings stored yet" not in done.stdout
    assert "sittings.sqlite3" in done.stderr


def test_a_read_only_folder_can_still_be_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a clean close (no -wal, no -shm) a folder nobody may write to is read as an
    immutable file. Root may write anywhere, so the folder's answer is what is stood in for."""
    from jojotte_score.core.model import Variant
    from jojotte_score.storage import database as database_module
    from jojotte_score.storage.sittings import SittingStore

    path = tmp_path / "sittings.sqlite3"
    with Database.open(path) as writable:
        SittingStore(writable).import_sitting(new_sitting(Variant.TWO_PLAYER, ("Anna", "Bert")))
    assert sorted(p.name for p in tmp_path.iterdir() if "sqlite3-" in p.name) == []
    connected: list[str] = []
    real_connect = sqlite3.connect

    def connect(
        target: str, *, uri: bool = False, isolation_level: None = None
    ) -> sqlite3.Connection:
        connected.append(str(target))
        return real_connect(target, uri=uri, isolation_level=isolation_level)

    monkeypatch.setattr(database_module, "folder_writable", lambda folder: False)
    monkeypatch.setattr(sqlite3, "connect", connect)
    with Database.open(path, read_only=True) as reading:
        infos = SittingStore(reading).list_sittings()
    assert [info.players for info in infos] == [("Anna", "Bert")]
    assert any(target.endswith("?immutable=1") for target in connected)


def test_the_window_opens_a_read_only_folder_read_only_with_a_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jojotte_score.gui.window import app
    from jojotte_score.storage.paths import database_path

    Database.open(database_path(tmp_path)).close()
    monkeypatch.setattr(app, "folder_writable", lambda folder: False)
    opened = app.open_database(tmp_path)
    try:
        assert opened.read_only
        assert opened.note == f"Read-only: the data folder {tmp_path} cannot be written"
    finally:
        opened.database.close()
