"""``jojotte-score sync`` as a player runs it: two data folders and one sync folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jojotte_score.cli import main
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore

ROOT = Path(__file__).resolve().parents[2]
GERMAN = ROOT / "tests" / "data" / "german-example.json"

Capture = pytest.CaptureFixture[str]


def run(data: Path, *arguments: str | Path) -> int:
    return main(["--data-dir", str(data), *map(str, arguments)], environ={})


def hands(data: Path, sitting_id: int = 1) -> int:
    with Database.open(database_path(data), read_only=True) as database:
        return len(SittingStore(database).load(sitting_id).sitting.hands)


def test_a_sitting_recorded_on_one_laptop_reaches_the_other(
    tmp_path: Path, capsys: Capture
) -> None:
    anna, carl, folder = tmp_path / "anna", tmp_path / "carl", tmp_path / "Sync"
    folder.mkdir()
    assert run(anna, "import", GERMAN) == 0
    capsys.readouterr()
    assert run(anna, "sync", folder) == 0
    assert capsys.readouterr().out == "wrote 1 changed sitting of this device\n"
    assert run(carl, "sync", folder) == 0
    assert capsys.readouterr().out == "took in sitting 1 (new)\n"
    assert hands(carl) == 6
    assert run(carl, "sync") == 0  # the folder is remembered
    assert capsys.readouterr().out == f"nothing new in {folder}\n"

    assert run(carl, "sync", "--status") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"sync folder: {folder.resolve()}"
    assert lines[1].startswith("this device: ")
    assert lines[2].startswith("device ")
    assert "1 version read, the last at 20" in lines[2]


def test_a_conflict_is_listed_and_settled(tmp_path: Path, capsys: Capture) -> None:
    anna, carl, folder = tmp_path / "anna", tmp_path / "carl", tmp_path / "Sync"
    folder.mkdir()
    run(anna, "import", GERMAN)
    run(anna, "sync", folder)
    run(carl, "sync", folder)
    exported = tmp_path / "out.json"
    run(anna, "export", "1", "-o", exported)
    content = json.loads(exported.read_text(encoding="utf-8"))
    content["hands"] = content["hands"][:4]
    exported.write_text(json.dumps(content), encoding="utf-8")
    run(anna, "import", exported)  # Anna drops two hands, Carl the last one only
    content["hands"] = json.loads(GERMAN.read_text(encoding="utf-8"))["hands"][:5]
    exported.write_text(json.dumps(content), encoding="utf-8")
    run(carl, "import", exported)
    for data in (anna, carl, anna):
        run(data, "sync")
    capsys.readouterr()
    for data in (anna, carl):
        assert run(data, "sittings") == 0
        out = capsys.readouterr().out.splitlines()
        assert len(out) == 3
        assert out[2].startswith("conflict: sitting 1 has another version from device ")
        assert "(hands 5 differ)" in out[2]
    command = out[2].split("choose with: ")[1].replace("this|that|both", "both").split()
    assert run(carl, *command[1:]) == 0
    assert capsys.readouterr().out == "kept both: the other version is now sitting 2\n"
    for data in (carl, anna, carl):
        run(data, "sync")
    capsys.readouterr()
    for data in (anna, carl):
        run(data, "sittings")
        out = capsys.readouterr().out.splitlines()
        assert len(out) == 3
        assert not any(line.startswith("conflict") for line in out)
        assert sorted((hands(data, 1), hands(data, 2))) == [4, 5]


def test_a_folder_holding_the_data_folder_is_refused(tmp_path: Path, capsys: Capture) -> None:
    data = tmp_path / "data"
    run(data, "import", GERMAN)
    capsys.readouterr()
    assert run(data, "sync", tmp_path) == 1
    err = capsys.readouterr().err
    assert "a sync folder must not hold the data folder" in err
    assert not (tmp_path / "devices").exists()
    assert run(data, "sync", tmp_path / "missing") == 1
    assert "is its disk or share mounted?" in capsys.readouterr().err
