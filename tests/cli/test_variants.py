"""The command line with sittings of the three-player game, the chouette and cutthroat:
score, explain, csv, import, sittings, export, and a clear refusal from pdf."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from jojotte_score.cli import main
from jojotte_score.core.games import explain_ledger, replay
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from tests.poppler import pdf_text

DATA = Path(__file__).resolve().parents[1] / "data"
THREE = DATA / "three-player-example.json"
CUTTHROAT = DATA / "cutthroat-example.json"
CHOUETTE = DATA / "chouette-example.json"
Capture = pytest.CaptureFixture[str]


def run(data: Path, *arguments: str | Path) -> int:
    """``jojotte-score --data-dir DATA ARGUMENTS``, with an empty environment."""
    return main(["--data-dir", str(data), *map(str, arguments)], environ={})


def test_score_prints_the_column_ledger(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "score", CUTTHROAT) == 0
    ledger = json.loads(capsys.readouterr().out)
    assert (ledger["version"], ledger["sides"]) == (2, ["Anna", "Bert", "Carl", "Dave"])
    assert ledger["rubbers"][0]["settlement"] == [-110, -190, 2450, -2150]


def test_explain_uses_the_explanation_of_each_game(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "explain", CHOUETTE) == 0
    out = capsys.readouterr().out
    assert out == explain_ledger(replay(load_sitting(CHOUETTE).sitting)) + "\n"
    assert run(tmp_path, "explain", CHOUETTE, "--hand", "2") == 0
    second = capsys.readouterr().out
    assert second.startswith("Hand 2 (rubber 1, game 2): Anna in the box against Bert")
    assert "go to prison" in second
    assert run(tmp_path, "explain", THREE, "--hand", "9") == 2
    assert "there is no hand 9 (the sitting has 8)" in capsys.readouterr().err


def test_a_refused_version_2_file_names_each_problem(tmp_path: Path, capsys: Capture) -> None:
    bad = json.loads(THREE.read_text(encoding="utf-8"))
    bad["hands"][0]["card_points"] = [55, 40, 5]
    bad["version"] = 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert run(tmp_path, "score", path) == 2
    assert capsys.readouterr().err.splitlines() == [
        'jojotte-score: bad.json: variant "three-player" needs version 2 of the sitting file, '
        'but the file says version 1: write "version": 2',
        "jojotte-score: bad.json: hand 1: Carl sat out: Carl's hand was set aside, so Carl's "
        "card points must be 0, not 5",
    ]


def test_import_list_export_and_csv(tmp_path: Path, capsys: Capture) -> None:
    data = tmp_path / "data"
    assert run(data, "import", THREE, CUTTHROAT, CHOUETTE) == 0
    assert capsys.readouterr().out.split() == ["1", "2", "3"]
    assert run(data, "sittings") == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Anna +655, Bert \u22121655, Carl +1000" in lines[1]
    assert "Anna \u2212110, Bert \u2212190, Carl +2450, Dave \u22122150" in lines[2]
    assert "Anna +1135, Bert +1150, Carl \u22122285" in lines[3]
    out = tmp_path / "exported.json"
    assert run(data, "export", "3", "--output", out) == 0
    # The file read, with the sitting's stable id after its version.
    written = out.read_text(encoding="utf-8")
    stable = json.loads(written)["uuid"]
    with Database.open(database_path(data), read_only=True) as database:
        assert SittingStore(database).uuid_of(3) == stable
    version = '"version": 2,\n'
    expected = CHOUETTE.read_text(encoding="utf-8").replace(
        version, f'{version}  "uuid": "{stable}",\n'
    )
    assert written == expected
    rubbers = tmp_path / "rubbers.csv"
    assert run(data, "csv", "--all", "--rubbers", rubbers) == 0
    with rubbers.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["variant"], r["rubber"], r["settlement_0"]) for r in rows] == [
        ("three-player", "1", "505"),
        ("three-player", "2", "150"),
        ("cutthroat", "1", "-110"),
        ("chouette", "1", "1460"),
        ("chouette", "2", "-1470"),
        ("chouette", "3", "1145"),
    ]


def test_csv_all_keeps_two_sided_rubbers_in_their_own_file(tmp_path: Path, capsys: Capture) -> None:
    data = tmp_path / "data"
    assert run(data, "import", DATA / "german-example.json", THREE) == 0
    rubbers = tmp_path / "rubbers.csv"
    assert run(data, "csv", "--all", "--rubbers", rubbers) == 0
    players = tmp_path / "rubbers-players.csv"
    assert f"rubbers of the games scored player by player: {players}" in capsys.readouterr().out
    assert (
        rubbers.read_text(encoding="utf-8-sig")
        .splitlines()[1]
        .endswith(",A,B,1,1,6,2,1,A; B; A,yes,A,755,655,A,100,0,2,1,755,655")
    )
    assert players.read_text(encoding="utf-8-sig").count("three-player") == 2


@pytest.mark.parametrize("source", ["file", "stored"])
def test_pdf_of_a_new_game_has_a_column_per_player(
    qapp: QApplication, tmp_path: Path, source: str
) -> None:
    """The cutthroat pad on paper: four columns, each player's total and settlement (F6),
    and the card's page for cutthroat after its first page."""
    data = tmp_path / "data"
    target = tmp_path / "pad.pdf"
    if source == "file":
        assert run(data, "pdf", CUTTHROAT, "--card", "--output", target) == 0
    else:
        assert run(data, "import", CUTTHROAT) == 0
        assert run(data, "pdf", "--sitting", "1", "--card", "--output", target) == 0
    text = pdf_text(target)
    words = text.split()
    assert {"575", "555", "1215", "65"} <= set(words)  # the totals of the worked sitting
    assert "+2450" in words
    assert "Settled: Anna \u2212110, Bert \u2212190, Carl +2450, Dave \u22122150" in text
    assert "F3" in text.split("\f")[-2]  # the card's cutthroat page


def test_pdf_of_a_chouette_rubber_names_its_box_and_team(
    qapp: QApplication, tmp_path: Path
) -> None:
    target = tmp_path / "rubber-2.pdf"
    assert run(tmp_path / "data", "pdf", CHOUETTE, "--rubber", "2", "--output", target) == 0
    text = pdf_text(target)
    assert "Box: Anna \u00b7 Captain: Carl \u00b7 Partner: Bert" in text
    assert "Rubber 1 of" not in text
