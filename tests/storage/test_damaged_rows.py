"""A damaged stored sitting is one clear line naming it, never a traceback; nothing on disk
changes, and the other sittings still read (issue: "a damaged database never shows a
traceback")."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from jojotte_score.core.games import new_sitting
from jojotte_score.core.model import PlayedHand, Trump, Variant
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import DamagedSittingError
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore

HAND = PlayedHand(0, Trump.SPADES, (90, 40), 0)
DAMAGE = {
    "players not JSON": "UPDATE sitting SET players = 'Anna, Bert' WHERE id = 2",
    "players of the wrong type": "UPDATE sitting SET players = '{\"a\": 1}' WHERE id = 2",
    "a hand not JSON": "UPDATE hand SET data = '{{' WHERE sitting_id = 2",
    "a hand of the wrong shape": "UPDATE hand SET data = '[1, 2]' WHERE sitting_id = 2",
    "bytes that are not UTF-8": (
        "UPDATE hand SET data = CAST(X'7B22FF22' AS TEXT) WHERE sitting_id = 2"
    ),
}


def damaged_folder(tmp_path: Path, damage: str) -> Path:
    data = tmp_path / "data"
    with Database.open(database_path(data)) as database:
        store = SittingStore(database)
        for names in (("Anna", "Bert"), ("Carl", "Dora")):
            store.import_sitting(new_sitting(Variant.TWO_PLAYER, names, (HAND,)))
    connection = sqlite3.connect(database_path(data), isolation_level=None)
    connection.execute(damage)
    connection.execute("DELETE FROM summary WHERE sitting_id = 2")  # the figures must be read
    connection.close()
    return data


def digest(folder: Path) -> tuple[str, int]:
    """The database file's bytes, and what its write-ahead log holds (readers may leave an
    empty one): the two places a change could be."""
    wal = folder / "sittings.sqlite3-wal"
    size = wal.stat().st_size if wal.exists() else 0
    return hashlib.sha256((folder / "sittings.sqlite3").read_bytes()).hexdigest(), size


def run(data: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jojotte_score", "--data-dir", str(data), *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_the_store_names_the_damaged_sitting(tmp_path: Path, damage: str) -> None:
    data = damaged_folder(tmp_path, damage)
    with Database.open(database_path(data), read_only=True) as database:
        store = SittingStore(database)
        infos = {info.id: info for info in store.list_sittings()}
        assert infos[1].players == ("Anna", "Bert")
        assert not infos[1].damaged
        assert infos[2].damaged
        for read in (store.load, store.load_recent):
            with pytest.raises(DamagedSittingError) as raised:
                read(2)
            assert raised.value.sitting_id == 2
            assert str(raised.value).startswith("sitting 2 is damaged: ")
            assert "`jojotte-score backups` lists the backups to restore" in str(raised.value)
        assert store.load(1).sitting.players == ("Anna", "Bert")


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_every_command_says_it_in_one_line(tmp_path: Path, damage: str) -> None:
    data = damaged_folder(tmp_path, damage)
    before = digest(data)
    listed = run(data, "sittings")
    assert listed.returncode == 1
    assert "Anna–Bert" in listed.stdout
    assert "damaged" in listed.stdout
    out = str(tmp_path / "out")
    commands = [
        ("sittings",),
        ("export", "2", "-o", out),
        ("stats",),
        ("csv", "--all", "--rubbers", out),
    ]
    for arguments in commands:
        done = run(data, *arguments)
        assert done.returncode == 1, arguments
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1, (arguments, done.stderr)
        assert lines[0].startswith("jojotte-score: sitting 2 is damaged: "), arguments
        assert "Traceback" not in done.stderr
    assert digest(data) == before
