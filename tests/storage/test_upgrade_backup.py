"""A copy of the database is kept before its schema is upgraded; without it, no upgrade."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from jojotte_score.cli import main
from jojotte_score.storage.backups import BACKUP_DIR_NAME, list_backups, prune_backups
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import StorageError
from jojotte_score.storage.schema import SCHEMA_VERSION

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def version_and_hands(path: Path) -> tuple[int, int]:
    uri = f"{path.absolute().as_uri()}?mode=ro"
    with sqlite3.connect(uri, uri=True) as connection:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        hands = connection.execute("SELECT count(*) FROM hand").fetchone()[0]
    connection.close()
    return int(version), int(hands)


@pytest.mark.parametrize("old", range(1, SCHEMA_VERSION))
def test_upgrading_keeps_the_earlier_database_in_the_backups(
    tmp_path: Path, old: int, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / f"schema-v{old}.sqlite3", path)
    before = version_and_hands(path)
    assert before[0] == old

    Database.open(path).close()

    kept = [b for b in list_backups(tmp_path / BACKUP_DIR_NAME) if b.before_upgrade]
    assert len(kept) == 1
    assert kept[0].path.name.startswith("sittings-before-upgrade-")
    assert version_and_hands(kept[0].path) == before
    assert version_and_hands(path) == (SCHEMA_VERSION, before[1])
    # Never pruned with the daily ones; listed as what it is.
    assert prune_backups(tmp_path / BACKUP_DIR_NAME, 1) == []
    assert main(["backups", "--data-dir", str(tmp_path)], environ={}) == 0
    assert "before upgrade" in capsys.readouterr().out
    # Opening it again upgrades nothing and copies nothing more.
    Database.open(path).close()
    assert len([b for b in list_backups(tmp_path / BACKUP_DIR_NAME) if b.before_upgrade]) == 1


def test_without_the_copy_the_database_is_not_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / "schema-v1.sqlite3", path)
    (tmp_path / BACKUP_DIR_NAME).write_text("a file where the backups folder should be")
    with pytest.raises(StorageError) as refused:
        Database.open(path)
    assert str(refused.value).startswith(
        f"{path}: cannot keep a copy of the database before upgrading it from schema 1 to "
        f"{SCHEMA_VERSION} ("
    )
    assert str(refused.value).endswith("; it was not upgraded")
    assert version_and_hands(path)[0] == 1
