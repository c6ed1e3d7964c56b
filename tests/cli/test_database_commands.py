"""The storage commands as a player runs them: import, sittings, export, csv, stats,
backups and restore, each with ``--data-dir`` pointing at a temporary folder."""

from __future__ import annotations

import contextlib
import csv
import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from jojotte_score.cli import main
from jojotte_score.cli.tables import file_size, format_table
from jojotte_score.core.games import replay
from jojotte_score.formats.ledger_json import dumps_ledger
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.storage.backups import BACKUP_DIR_NAME, list_backups
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import DATA_DIR_ENV, database_path
from jojotte_score.storage.sittings import SittingStore
from tests.sitting_kinds import two_sided

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
GERMAN = DATA / "german-example.json"
PARTNERSHIP = DATA / "partnership-example.json"
THREE = DATA / "three-player-example.json"
CHOUETTE = DATA / "chouette-example.json"
CUTTHROAT = DATA / "cutthroat-example.json"
STATS_HEADING = [
    "Player",
    "Sittings",
    "Rubbers",
    "Won",
    "Net",
    "Avg/rubber",
    "Hands",
    "Melds/hand",
    "Contracts",
    "Suit",
    "No-trump",
    "Nullo",
    "Slam",
    "Doubled",
    "Defended",
]

Capture = pytest.CaptureFixture[str]


def run(data: Path, *arguments: str | Path) -> int:
    """``jojotte-score ARGUMENTS --data-dir DATA``, with an empty environment."""
    return main([*map(str, arguments), "--data-dir", str(data)], environ={})


def cells(line: str) -> list[str]:
    """The cells of one line of an aligned table (columns are two or more spaces apart)."""
    return re.split(r"\s{2,}", line.strip())


def created_date(data: Path, sitting_id: int) -> str:
    """The local date the sitting was stored, read back from the database."""
    with Database.open(database_path(data), read_only=True) as database:
        created = SittingStore(database).load(sitting_id).created
    return created.astimezone().strftime("%Y-%m-%d")


def dump(data: Path) -> list[str]:
    """Every row of every table of the database, as SQL."""
    uri = f"{database_path(data).resolve().as_uri()}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True)) as connection:
        return list(connection.iterdump())


def write_sitting(path: Path, *hands: dict[str, object]) -> Path:
    data = {
        "format": "jojotte-sitting",
        "version": 1,
        "variant": "two-player",
        "players": ["Anna", "Bert"],
        "hands": list(hands),
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


GOOD_HAND = {"bidder": 0, "trump": "spades", "card_points": [90, 65], "last_trick": 0}
BAD_HAND = {
    "bidder": 1,
    "trump": "no-trump",
    "card_points": [60, 60],
    "last_trick": 1,
    "jojotte": 1,
}


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


# import and sittings -------------------------------------------------------------------


def test_import_prints_the_id_and_sittings_lists_it(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "import", GERMAN) == 0
    out, err = capsys.readouterr()
    assert out == "1\n"
    assert err == ""  # the example's card counts are normal for two players: no warning

    assert run(tmp_path, "sittings") == 0
    heading, line = capsys.readouterr().out.splitlines()
    assert cells(heading) == ["ID", "Date", "Variant", "Players", "Hands", "Rubbers", "Net"]
    # A 755, B 655: A is 100 ahead after one finished rubber of six hands.
    date = created_date(tmp_path, 1)
    assert cells(line) == ["1", date, "two-player", "A–B", "6", "1", "A +100"]
    assert heading.index("Net") == line.index("A +100")  # aligned


def test_sittings_table_with_titles_partnerships_and_a_level_sitting(
    tmp_path: Path, capsys: Capture
) -> None:
    level = write_sitting(tmp_path / "level.json")
    assert run(tmp_path, "import", GERMAN, "--title", "Berlin 1937", "--place", "Café") == 0
    assert run(tmp_path, "import", PARTNERSHIP) == 0
    assert run(tmp_path, "import", level) == 0
    capsys.readouterr()
    assert run(tmp_path, "sittings") == 0
    lines = capsys.readouterr().out.splitlines()
    date = created_date(tmp_path, 1)
    assert [cells(line) for line in lines] == [
        ["ID", "Date", "Variant", "Players", "Hands", "Rubbers", "Net", "Title"],
        ["1", date, "two-player", "A–B", "6", "1", "A +100", "Berlin 1937"],
        # Rubbers 505-1270 and 385-0 (the golden ledger): Bert & Dora 1775 - 890 = +380.
        [
            "2",
            created_date(tmp_path, 2),
            "partnership",
            "Anna & Carl – Bert & Dora",
            "6",
            "1",
            "Bert & Dora +380",
        ],
        ["3", created_date(tmp_path, 3), "two-player", "Anna–Bert", "0", "0", "level"],
    ]
    with Database.open(database_path(tmp_path), read_only=True) as database:
        stored = SittingStore(database).load(1)
    assert (stored.title, stored.place) == ("Berlin 1937", "Café")


def test_title_needs_a_single_file(tmp_path: Path, capsys: Capture) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run(tmp_path, "import", GERMAN, PARTNERSHIP, "--title", "Two")
    assert exit_info.value.code == 2
    assert "--title and --place need a single FILE" in capsys.readouterr().err
    assert not database_path(tmp_path).exists()


def test_data_dir_before_or_after_the_command(tmp_path: Path, capsys: Capture) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    assert main(["--data-dir", str(first), "import", str(GERMAN)], environ={}) == 0
    assert main(["import", str(GERMAN), "--data-dir", str(second)], environ={}) == 0
    assert database_path(first).exists()
    assert database_path(second).exists()
    # Given both ways, the one after the command wins.
    capsys.readouterr()
    assert main(["--data-dir", str(first), "sittings", "--data-dir", str(second)], {}) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2


def test_the_environment_variable_through_python_dash_m(tmp_path: Path) -> None:
    environment = {**os.environ, DATA_DIR_ENV: str(tmp_path / "data")}

    def jojotte(*arguments: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "jojotte_score", *arguments],
            capture_output=True,
            text=True,
            check=False,
            env=environment,
        )

    imported = jojotte("import", str(GERMAN))
    assert (imported.returncode, imported.stdout) == (0, "1\n")
    listed = jojotte("sittings")
    assert listed.returncode == 0
    assert cells(listed.stdout.splitlines()[1])[-1] == "A +100"
    assert database_path(tmp_path / "data").exists()


# refusals --------------------------------------------------------------------------------


def test_a_bad_file_is_refused_whole_with_the_messages_of_score(
    tmp_path: Path, capsys: Capture
) -> None:
    data = tmp_path / "data"
    assert run(data, "import", GERMAN) == 0
    before = dump(data)
    capsys.readouterr()
    # Hand 1 is good, hand 2 is not: nothing of the file may be stored.
    bad = write_sitting(tmp_path / "game.json", GOOD_HAND, BAD_HAND)

    assert main(["score", str(bad)]) == 2
    score_err = capsys.readouterr().err
    refused = "jojotte-score: game.json: hand 2: Jo-Jotte needs a trump suit"
    assert refused in score_err.splitlines()

    assert run(data, "import", bad) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == score_err
    assert "Traceback" not in err
    assert dump(data) == before


def test_good_files_are_imported_and_bad_ones_refused(tmp_path: Path, capsys: Capture) -> None:
    bad = write_sitting(tmp_path / "bad.json", GOOD_HAND, BAD_HAND)
    missing = tmp_path / "missing.json"
    assert run(tmp_path, "import", GERMAN, bad, missing, PARTNERSHIP) == 2
    out, err = capsys.readouterr()
    assert out == "1\n2\n"
    assert "jojotte-score: bad.json: hand 2: Jo-Jotte needs a trump suit" in err.splitlines()
    assert f"jojotte-score: {missing}: cannot read the file: No such file or directory" in err
    with Database.open(database_path(tmp_path), read_only=True) as database:
        infos = SittingStore(database).list_sittings()
    assert sorted((info.id, info.players) for info in infos) == [
        (1, ("A", "B")),
        (2, ("Anna", "Bert", "Carl", "Dora")),
    ]


def test_only_bad_files_do_not_create_a_database(tmp_path: Path, capsys: Capture) -> None:
    bad = write_sitting(tmp_path / "bad.json", BAD_HAND)
    data = tmp_path / "data"
    assert run(data, "import", bad) == 2
    assert "bad.json: hand 1: Jo-Jotte needs a trump suit" in capsys.readouterr().err
    assert not data.exists()


def test_import_while_another_copy_holds_the_database(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "import", GERMAN) == 0
    before = dump(tmp_path)
    capsys.readouterr()
    with Database.open(database_path(tmp_path)):
        assert run(tmp_path, "import", PARTNERSHIP) == 1
        err = capsys.readouterr().err
        # Reading still works beside the copy that writes.
        assert run(tmp_path, "sittings") == 0
        assert len(capsys.readouterr().out.splitlines()) == 2
    assert err == (
        f"jojotte-score: {database_path(tmp_path)}: another copy of jojotte-score is using "
        "this database; close it first, then try again\n"
    )
    assert dump(tmp_path) == before


@pytest.mark.parametrize(
    "command",
    [
        ("export", "7", "-o", "out.json"),
        ("csv", "--sitting", "7", "--hands", "out.csv"),
    ],
    ids=["export", "csv"],
)
def test_an_unknown_sitting_exits_2(
    tmp_path: Path, capsys: Capture, command: tuple[str, ...]
) -> None:
    assert run(tmp_path, "import", GERMAN) == 0
    capsys.readouterr()
    arguments = [str(tmp_path / a) if a.startswith("out.") else a for a in command]
    assert run(tmp_path, *arguments) == 2
    err = capsys.readouterr().err
    assert err == "jojotte-score: there is no sitting 7 (jojotte-score sittings lists them)\n"
    assert not (tmp_path / "out.json").exists()
    assert not (tmp_path / "out.csv").exists()


def test_an_unknown_sitting_without_a_database(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "export", "1", "-o", tmp_path / "out.json") == 2
    assert f"there is no sitting 1: no sittings stored yet in {tmp_path}" in (
        capsys.readouterr().err
    )


@pytest.mark.parametrize(
    "command",
    [
        ("import", str(GERMAN)),
        ("sittings",),
        ("stats",),
        ("backups",),
        ("csv", "--all", "--rubbers", "out.csv"),
        ("restore", "sittings-20260101T000000Z.sqlite3"),
    ],
    ids=["import", "sittings", "stats", "backups", "csv", "restore"],
)
def test_a_data_dir_inside_a_regular_file_exits_1(
    tmp_path: Path, capsys: Capture, command: tuple[str, ...]
) -> None:
    regular = tmp_path / "notes.txt"
    regular.write_text("not a folder", encoding="utf-8")
    assert run(regular / "data", *command) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines()[-1] == (
        f"jojotte-score: {regular / 'data'}: cannot use this as the data folder: "
        f"{regular} is a file, not a folder"
    )
    assert "Traceback" not in err
    assert regular.read_text(encoding="utf-8") == "not a folder"


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        (("sittings",), "no sittings stored yet\n"),
        (("stats",), "no sittings stored yet\n"),
        (("csv", "--all", "--rubbers", "out.csv"), "no sittings stored yet; nothing was written\n"),
    ],
    ids=["sittings", "stats", "csv"],
)
def test_no_database_yet(
    tmp_path: Path, capsys: Capture, command: tuple[str, ...], expected: str
) -> None:
    arguments = [str(tmp_path / a) if a == "out.csv" else a for a in command]
    assert run(tmp_path / "data", *arguments) == 0
    assert capsys.readouterr() == (expected, "")
    assert not (tmp_path / "data").exists()  # reading never creates the database
    assert not (tmp_path / "out.csv").exists()


# export and csv --------------------------------------------------------------------------


def test_export_then_import_gives_the_same_ledger(tmp_path: Path, capsys: Capture) -> None:
    for file in (GERMAN, PARTNERSHIP):
        assert run(tmp_path, "import", file) == 0
    exported = tmp_path / "partnership-again.json"
    assert run(tmp_path, "export", "2", "-o", exported) == 0
    assert run(tmp_path, "import", exported, "--as-new") == 0
    assert capsys.readouterr().out == "1\n2\n3\n"

    assert load_sitting(exported).sitting == load_sitting(PARTNERSHIP).sitting
    with Database.open(database_path(tmp_path), read_only=True) as database:
        store = SittingStore(database)
        original = two_sided(store.load(2).sitting)
        again = two_sided(store.load(3).sitting)
    assert dumps_ledger(replay(again)) == dumps_ledger(replay(original))
    # And `score` prints the same pad for the exported file as for the original.
    assert main(["score", str(exported)]) == 0
    from_export = capsys.readouterr().out
    assert main(["score", str(PARTNERSHIP)]) == 0
    assert capsys.readouterr().out == from_export
    assert [r["totals"] for r in json.loads(from_export)["rubbers"]] == [[505, 1270], [385, 0]]


def test_export_into_a_missing_folder_exits_1(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "import", GERMAN) == 0
    capsys.readouterr()
    target = tmp_path / "no-such-folder" / "out.json"
    assert run(tmp_path, "export", "1", "-o", target) == 1
    assert f"{target}: cannot write the file" in capsys.readouterr().err


def test_csv_of_one_stored_sitting(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "import", GERMAN, "--title", "Berlin") == 0
    hands, rubbers = tmp_path / "hands.csv", tmp_path / "rubbers.csv"
    assert run(tmp_path, "csv", "--sitting", "1", "--hands", hands, "--rubbers", rubbers) == 0
    hand_rows = read_csv(hands)
    assert [row["hand"] for row in hand_rows] == ["1", "2", "3", "4", "5", "6"]
    assert (hand_rows[-1]["running_total_0"], hand_rows[-1]["running_total_1"]) == ("755", "655")
    # Every hand says which sitting it is, as the rubbers do (issue 24, item 18).
    assert {row["sitting"] for row in hand_rows} == {"#1 Berlin"}
    (rubber,) = read_csv(rubbers)
    assert (rubber["sitting"], rubber["total_0"], rubber["total_1"]) == ("#1 Berlin", "755", "655")
    assert (rubber["net_side"], rubber["net_points"]) == ("A", "100")
    # The same rows as exporting the file itself, but for the sitting label.
    from_file = tmp_path / "from-file.csv"
    assert main(["csv", str(GERMAN), "--hands", str(from_file)]) == 0
    file_rows = read_csv(from_file)
    assert {row["sitting"] for row in file_rows} == {GERMAN.name}
    for row in (*file_rows, *hand_rows):
        del row["sitting"]
    assert file_rows == hand_rows


def test_csv_of_every_stored_sitting(tmp_path: Path, capsys: Capture) -> None:
    for file in (GERMAN, PARTNERSHIP, GERMAN):
        assert run(tmp_path, "import", file) == 0
    rubbers = tmp_path / "all.csv"
    assert run(tmp_path, "csv", "--all", "--rubbers", rubbers) == 0
    rows = read_csv(rubbers)
    labels = [
        f"#1 {created_date(tmp_path, 1)} A–B",
        f"#2 {created_date(tmp_path, 2)} Anna & Carl – Bert & Dora",
        f"#3 {created_date(tmp_path, 3)} A–B",
    ]
    # One rubber each for the German example, two (one unfinished) for the partnership one.
    assert [(r["sitting"], r["rubber"], r["finished"]) for r in rows] == [
        (labels[0], "1", "yes"),
        (labels[1], "1", "yes"),
        (labels[1], "2", "no"),
        (labels[2], "1", "yes"),
    ]
    assert sum(int(r["total_0"]) for r in rows) == 755 + 505 + 385 + 755
    assert sum(int(r["total_1"]) for r in rows) == 655 + 1270 + 0 + 655


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((str(GERMAN), "--sitting", "1", "--hands", "h.csv"), "exactly one of FILE"),
        (("--sitting", "1", "--all", "--rubbers", "r.csv"), "exactly one of FILE"),
        (("--hands", "h.csv"), "exactly one of FILE"),
        (("--all", "--hands", "h.csv"), "--hands needs one sitting"),
        (("--sitting", "1"), "give --hands OUT.csv, --rubbers OUT.csv, or both"),
    ],
)
def test_csv_usage_errors(
    tmp_path: Path, capsys: Capture, arguments: tuple[str, ...], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run(tmp_path, "csv", *arguments)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


# stats -----------------------------------------------------------------------------------


def test_stats_of_the_german_example(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "import", GERMAN) == 0
    capsys.readouterr()
    assert run(tmp_path, "stats") == 0
    heading, a, b, legend = capsys.readouterr().out.splitlines()
    assert cells(heading) == STATS_HEADING
    # A declared hands 3 (clubs doubled, lost), 4 (Nullo, failed), 5 (spades, tie) and
    # 6 (spades, won); B declared 1 (won) and 2 (lost). Melds: A 50, B 60 in 6 hands.
    # Columns: player, sittings, rubbers, won, net, average, hands, melds per hand, then
    # made/declared for all contracts, suit, no-trump, Nullo, Slam and doubled, and
    # defeated/defended: A defended B's hands 1 (made) and 2 (lost), B defended A's four
    # and defeated three (a tie is not made).
    a_row = "A 1 1 1 +100 +100.0 6 8.3 1/4 1/3 0/0 0/1 0/0 0/1 1/2"
    b_row = "B 1 1 0 \u2212100 \u2212100.0 6 10.0 1/2 1/2 0/0 0/0 0/0 0/0 3/4"
    assert cells(a) == a_row.split()
    assert cells(b) == b_row.split()
    assert "Contracts: made/declared. Defended: defeated/defended." in legend


def test_stats_as_json(tmp_path: Path, capsys: Capture) -> None:
    for file in (GERMAN, PARTNERSHIP):
        assert run(tmp_path, "import", file) == 0
    capsys.readouterr()
    assert run(tmp_path, "stats", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["format"], data["version"], data["sittings"]) == ("jojotte-stats", 1, 2)
    players = {player["name"]: player for player in data["players"]}
    assert list(players) == ["A", "Anna", "B", "Bert", "Carl", "Dora"]
    assert players["A"] == {
        "name": "A",
        "sittings": 1,
        "rubbers_played": 1,
        "rubbers_won": 1,
        "rubbers_unfinished": 0,
        "net_points": 100,
        "finished_net_points": 100,
        "average_rubber": 100.0,
        "hands_played": 6,
        "meld_points": 50,
        "melds_per_hand": 8.33,
        "contracts": {
            "all": {"declared": 4, "made": 1},
            "suit": {"declared": 3, "made": 1},
            "no-trump": {"declared": 0, "made": 0},
            "nullo": {"declared": 1, "made": 0},
            "slam": {"declared": 0, "made": 0},
            "doubled": {"declared": 1, "made": 0},
        },
        "defence": {"defended": 2, "defeated": 1},
    }
    # Partners share their side's figures. Anna & Carl lost the finished rubber
    # 505 to 1270 (-765) and lead the open one 385 to 0: net -380, average -765.
    for name in ("Anna", "Carl"):
        figures = players[name]
        assert (figures["rubbers_played"], figures["rubbers_won"]) == (1, 0)
        assert (figures["net_points"], figures["average_rubber"]) == (-380, -765.0)
        assert figures["rubbers_unfinished"] == 1
        assert figures["hands_played"] == 5  # hand 4 was thrown in
    assert (players["Bert"]["net_points"], players["Dora"]["average_rubber"]) == (380, 765.0)


def test_stats_of_the_games_of_individual_players(tmp_path: Path, capsys: Capture) -> None:
    """The three worked sittings of docs/RULES.md, imported and summed by player. Per
    sitting (three-player, chouette, cutthroat), counted by hand in docs/RULES.md:

    - Anna: nets +655 (+505 finished), +1135, -110; rubbers won 0, 2 (box, partner), 0;
      active in 5, 6, 3 hands; declared suit 1/1 and no-trump 0/1, suit 2/2 (one doubled),
      suit 1/1; defended 3 (2 beaten), 4 (1), 2 (2).
    - Bert: -1655 (-1355), +1150, -190; won 0, 2, 0; hands 5, 6, 3 and melds 20; suit 0/1
      in each, Slam 0/1 and 1/1, doubled 0/1 in cutthroat; defended 3 (1), 4 (1), 2 (0).
    - Carl: +1000 (+850), -2285, +2450; won 1, 1, 1; hands 4, 6, 2, melds 40 and 50; suit
      2/2 (doubled), 2/3 (one doubled, lost), 1/1; Nullo 0/1 and 1/1; no-trump 1/1;
      defended 1 (1), 1 (0), 1 (1).
    - Dave (cutthroat only): -2150; hands 2; Nullo 0/1, no-trump doubled 0/1; defended none.
    """
    for file in (THREE, CHOUETTE, CUTTHROAT):
        assert run(tmp_path, "import", file) == 0
    capsys.readouterr()
    assert run(tmp_path, "stats") == 0
    heading, *rows, _legend = capsys.readouterr().out.splitlines()
    assert cells(heading) == STATS_HEADING
    expected = [
        "Anna 3 5 2 +1680 +306.0 14 0.0 4/5 4/4 0/1 0/0 0/0 1/1 5/9",
        "Bert 3 5 2 \u2212695 \u221279.0 14 1.4 1/5 0/3 0/0 0/0 1/2 0/1 2/9",
        "Carl 3 5 3 +1165 +203.0 12 7.5 7/9 5/6 1/1 1/2 0/0 2/3 2/3",
        "Dave 1 1 0 \u22122150 \u22122150.0 2 0.0 0/2 0/0 0/1 0/1 0/0 0/1 0/0",
    ]
    assert [cells(row) for row in rows] == [line.split() for line in expected]

    assert run(tmp_path, "stats", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sittings"] == 3
    players = {player["name"]: player for player in data["players"]}
    assert players["Carl"] == {
        "name": "Carl",
        "sittings": 3,
        "rubbers_played": 5,
        "rubbers_won": 3,
        "rubbers_unfinished": 1,
        "net_points": 1000 - 2285 + 2450,
        "finished_net_points": 850 - 2285 + 2450,
        "average_rubber": 203.0,
        "hands_played": 12,
        "meld_points": 90,
        "melds_per_hand": 7.5,
        "contracts": {
            "all": {"declared": 9, "made": 7},
            "suit": {"declared": 6, "made": 5},
            "no-trump": {"declared": 1, "made": 1},
            "nullo": {"declared": 2, "made": 1},
            "slam": {"declared": 0, "made": 0},
            "doubled": {"declared": 3, "made": 2},
        },
        "defence": {"defended": 3, "defeated": 2},
    }
    # Every player's net is his settlement: the four nets of three zero-sum sittings.
    assert sum(player["net_points"] for player in data["players"]) == 0


def test_stats_json_without_a_database(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "stats", "--json") == 0
    assert json.loads(capsys.readouterr().out)["players"] == []


# backups and restore -------------------------------------------------------------------


def test_import_backs_up_once_a_day_and_backups_lists_them(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "backups") == 0
    assert capsys.readouterr().out == f"no backups yet in {tmp_path / BACKUP_DIR_NAME}\n"
    assert run(tmp_path, "import", GERMAN) == 0
    assert run(tmp_path, "import", PARTNERSHIP) == 0
    (backup,) = list_backups(tmp_path / BACKUP_DIR_NAME)  # the second import was not due
    capsys.readouterr()
    assert run(tmp_path, "backups") == 0
    heading, line = capsys.readouterr().out.splitlines()
    assert cells(heading) == ["Taken", "Size", "Kind", "File"]
    taken = backup.taken.astimezone().strftime("%Y-%m-%d %H:%M:%S")
    size = file_size(backup.path.stat().st_size)
    assert cells(line) == [taken, size, "automatic", str(backup.path)]


def test_restore_puts_back_the_backup_and_keeps_a_safety_copy(
    tmp_path: Path, capsys: Capture
) -> None:
    assert run(tmp_path, "import", GERMAN) == 0  # backed up first: the backup is empty
    assert run(tmp_path, "import", PARTNERSHIP) == 0
    (backup,) = list_backups(tmp_path / BACKUP_DIR_NAME)
    capsys.readouterr()

    assert run(tmp_path, "restore", backup.path.name) == 0  # a bare name is looked up
    restored, saved = capsys.readouterr().out.splitlines()
    assert restored == f"restored {backup.path} into {database_path(tmp_path)}"
    safety = Path(saved.removeprefix("the database it replaced was saved as "))
    assert safety.parent == tmp_path / BACKUP_DIR_NAME
    assert safety.name.startswith("sittings-before-restore-")

    assert run(tmp_path, "sittings") == 0
    assert capsys.readouterr().out == "no sittings stored yet\n"
    # Restoring the safety copy undoes the restore.
    assert run(tmp_path, "restore", safety) == 0
    capsys.readouterr()
    assert run(tmp_path, "sittings") == 0
    assert len(capsys.readouterr().out.splitlines()) == 3
    kinds = [b.before_restore for b in list_backups(tmp_path / BACKUP_DIR_NAME)]
    assert sorted(kinds) == [False, True, True]


def test_restore_is_refused_while_another_copy_holds_the_database(
    tmp_path: Path, capsys: Capture
) -> None:
    assert run(tmp_path, "import", GERMAN) == 0
    (backup,) = list_backups(tmp_path / BACKUP_DIR_NAME)
    before = dump(tmp_path)
    capsys.readouterr()
    with Database.open(database_path(tmp_path)):
        assert run(tmp_path, "restore", backup.path) == 1
    assert "another copy of jojotte-score is using this database" in capsys.readouterr().err
    assert dump(tmp_path) == before


def test_restore_of_a_missing_or_bad_backup(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path, "restore", "nothing.sqlite3") == 2
    assert capsys.readouterr().err == (
        "jojotte-score: nothing.sqlite3: no such backup file; nothing was restored\n"
    )
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database at all, " * 100)
    assert run(tmp_path / "data", "restore", junk) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"jojotte-score: {junk}: not a readable SQLite database")
    assert not database_path(tmp_path / "data").exists()


def test_restore_into_an_empty_data_folder(tmp_path: Path, capsys: Capture) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    assert run(first, "import", GERMAN) == 0
    (empty,) = list_backups(first / BACKUP_DIR_NAME)  # taken before the import wrote
    assert run(first, "restore", empty.path) == 0
    # The safety copy of that restore holds the German example: move it to a new folder.
    safety = next(b for b in list_backups(first / BACKUP_DIR_NAME) if b.before_restore)
    capsys.readouterr()
    assert run(second, "restore", safety.path) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"restored {safety.path} into {database_path(second)}",
        "there was no database before, so nothing was replaced",
    ]
    assert list_backups(second / BACKUP_DIR_NAME) == []
    assert run(second, "sittings") == 0
    assert cells(capsys.readouterr().out.splitlines()[1])[-1] == "A +100"


# helpers and the Qt guard ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "shown"),
    [(0, "0 B"), (1023, "1023 B"), (1024, "1.0 KiB"), (20480, "20.0 KiB"), (3 << 20, "3.0 MiB")],
)
def test_file_size(size: int, shown: str) -> None:
    assert file_size(size) == shown


def test_format_table_aligns_columns() -> None:
    assert format_table(("ID", "Name"), [("1", "Anna"), ("12", "Bo")], right=(0,)) == [
        "ID  Name",
        " 1  Anna",
        "12  Bo",
    ]


def test_storage_commands_never_import_qt(tmp_path: Path) -> None:
    data, out = str(tmp_path / "data"), str(tmp_path / "out")
    code = (
        "import sys\n"
        "from jojotte_score.cli import main\n"
        "def run(*a): main([*a, '--data-dir', " + repr(data) + "], environ={})\n"
        f"run('import', {str(GERMAN)!r})\n"
        "run('sittings')\n"
        f"run('export', '1', '-o', {out + '.json'!r})\n"
        f"run('csv', '--sitting', '1', '--hands', {out + '-h.csv'!r})\n"
        f"run('csv', '--all', '--rubbers', {out + '-r.csv'!r})\n"
        "run('stats')\n"
        "run('stats', '--json')\n"
        "run('backups')\n"
        "import pathlib\n"
        f"backup = next(pathlib.Path({data!r}, 'backups').iterdir())\n"
        "run('restore', str(backup))\n"
        "qt = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken')))\n"
        "print('QT:', qt, file=sys.stderr)\n"
        "sys.exit(1 if qt else 0)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert Path(out + ".json").exists()
    assert Path(out + "-r.csv").exists()


def test_restore_of_a_device_says_it_is_not_a_regular_file(tmp_path: Path, capsys: Capture) -> None:
    device = Path("/dev/zero")
    if not device.exists():
        pytest.skip("no /dev/zero here")
    assert run(tmp_path, "restore", device) == 2
    assert capsys.readouterr().err == (
        "jojotte-score: /dev/zero: not a regular file (a device, named pipe or socket); "
        "nothing was restored\n"
    )
    assert not database_path(tmp_path).exists()


def test_restore_names_what_it_left_out(tmp_path: Path, capsys: Capture) -> None:
    assert run(tmp_path / "first", "import", GERMAN) == 0
    hostile = database_path(tmp_path / "first")
    with contextlib.closing(sqlite3.connect(hostile, isolation_level=None)) as connection:
        connection.execute(
            "CREATE TRIGGER rewrite AFTER INSERT ON hand BEGIN "
            "UPDATE hand SET data = NEW.data WHERE position = 0; END"
        )
    capsys.readouterr()
    assert run(tmp_path / "second", "restore", hostile) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"restored {hostile} into {database_path(tmp_path / 'second')}",
        "left out, not part of jojotte-score's database: trigger 'rewrite'",
        "there was no database before, so nothing was replaced",
    ]
