"""Hostile sitting files at the command line: numbers at the edge of what the formats hold,
names that would break a sentence or a line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jojotte_score.cli import main
from jojotte_score.core.validation import MAX_GAME_TARGET, MAX_RUBBER_BONUS
from jojotte_score.formats.json_fields import MAX_JSON_INTEGER
from jojotte_score.storage.paths import database_path

Capture = pytest.CaptureFixture[str]


def run(*arguments: str | Path) -> int:
    return main([*map(str, arguments)], environ={})


def extreme(folder: Path, rubber_bonus: int, game_target: int = 1, hands: int = 2050) -> Path:
    """A sitting in which every hand wins a game, so every second hand wins a rubber."""
    path = folder / "extreme.json"
    made = {"card_points": [155, 0], "tricks": [9, 0], "last_trick": 0}
    data = {
        "format": "jojotte-sitting",
        "version": 1,
        "variant": "two-player",
        "players": ["Anna", "Bert"],
        "rules": {"game_target": game_target, "rubber_bonus": rubber_bonus},
        "hands": [{"dealer": n % 2, "bidder": 0, "trump": "hearts", **made} for n in range(hands)],
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["import", "score", "explain", "csv"])
def test_a_rubber_bonus_beyond_the_rules_bound_is_refused(
    tmp_path: Path, capsys: Capture, command: str
) -> None:
    path = extreme(tmp_path, MAX_JSON_INTEGER)
    data = tmp_path / "data"
    extra: dict[str, list[str | Path]] = {
        "csv": ["--hands", tmp_path / "h.csv"],
        "import": ["--data-dir", data],
    }
    assert run(command, path, *extra.get(command, [])) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        "jojotte-score: extreme.json: the rubber bonus is 9007199254740991 points; "
        "it can be at most 1000000\n"
    )
    assert captured.out == ""
    assert not database_path(data).exists()


def test_a_game_target_beyond_the_rules_bound_is_refused(tmp_path: Path, capsys: Capture) -> None:
    path = extreme(tmp_path, 300, game_target=MAX_GAME_TARGET + 1, hands=2)
    assert run("score", path) == 2
    assert "the game target is 1000001 points; it can be at most 1000000" in capsys.readouterr().err


def test_at_the_bounds_every_total_is_one_the_formats_hold(tmp_path: Path, capsys: Capture) -> None:
    path = extreme(tmp_path, MAX_RUBBER_BONUS)
    data = tmp_path / "data"
    assert run("import", path, "--data-dir", data) == 0
    assert run("score", path) == 0
    out = capsys.readouterr().out
    ledger = json.loads(out[out.index("{") :])
    assert len(ledger["rubbers"]) == 1025
    # Each rubber: two games of 155 + 10 below, with 200 above, and the bonus: 1,000,530.
    assert {tuple(r["totals"]) for r in ledger["rubbers"]} == {(1_000_530, 0)}
    assert all(abs(total) <= MAX_JSON_INTEGER for r in ledger["rubbers"] for total in r["totals"])
    assert run("sittings", "--data-dir", data) == 0
    assert "Anna +" in capsys.readouterr().out


def named(folder: Path, players: list[str]) -> Path:
    path = folder / "names.json"
    data = {"format": "jojotte-sitting", "version": 1, "variant": "two-player"}
    data |= {"players": players, "hands": []}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        (
            "\u202eBert",
            "player 0's name holds U+202E RIGHT-TO-LEFT OVERRIDE, which turns the direction "
            "of the text around it; a name cannot hold it",
        ),
        (
            "Bert\u2066",
            "player 0's name holds U+2066 LEFT-TO-RIGHT ISOLATE, which turns the direction "
            "of the text around it; a name cannot hold it",
        ),
        (
            "Anna\nBert",
            "player 0's name holds the control character U+000A (a line break, a tab or the "
            "like); a name is one line of visible characters",
        ),
        (
            "Anna\u2028",
            "player 0's name holds the control character U+2028 LINE SEPARATOR (a line "
            "break, a tab or the like); a name is one line of visible characters",
        ),
    ],
    ids=["right-to-left-override", "isolate", "newline", "line-separator"],
)
def test_a_name_holding_a_control_or_direction_character_is_refused(
    tmp_path: Path, capsys: Capture, name: str, problem: str
) -> None:
    data = tmp_path / "data"
    assert run("import", named(tmp_path, [name, "Carl"]), "--data-dir", data) == 2
    assert capsys.readouterr().err == f"jojotte-score: names.json: {problem}\n"
    assert not database_path(data).exists()


def test_a_title_holding_a_direction_character_is_refused(tmp_path: Path, capsys: Capture) -> None:
    data = tmp_path / "data"
    path = named(tmp_path, ["Anna", "Bert"])
    assert run("import", path, "--title", "Club \u202enight", "--data-dir", data) == 2
    err = capsys.readouterr().err
    assert "the title holds U+202E RIGHT-TO-LEFT OVERRIDE, which it cannot hold" in err


def test_a_name_stored_before_the_check_keeps_rows_and_messages_whole(
    tmp_path: Path, capsys: Capture
) -> None:
    import sqlite3

    from jojotte_score.cli.context import fail

    data = tmp_path / "data"
    assert run("import", named(tmp_path, ["Anna", "Bert"]), "--data-dir", data) == 0
    capsys.readouterr()
    with sqlite3.connect(database_path(data)) as connection:  # as an earlier release stored it
        connection.execute("""UPDATE sitting SET players = '["Anna\\nX", "\\u202eBert"]'""")
    connection.close()
    assert run("sittings", "--data-dir", data) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 2
    assert rows[1].split("  ")[3] == "Anna\ufffdX–\ufffdBert"
    fail("sitting 1: Anna\nX won")
    assert capsys.readouterr().err == "jojotte-score: sitting 1: Anna\njojotte-score: X won\n"


def _without_isolates(line: str) -> str:
    return line.replace("\u2068", "").replace("\u2069", "")


def test_a_right_to_left_name_is_isolated_in_the_terminal_tables(
    tmp_path: Path, capsys: Capture
) -> None:
    """A Hebrew name would turn a row round in a terminal that lays out bidirectional text
    (its first strong letter makes the row right-to-left, and the figures beside it join
    it): each cell holding one is isolated (U+2068 ... U+2069), the padding does not count
    the isolates, and a stored override (U+202E) never reaches the terminal."""
    import sqlite3

    data = tmp_path / "data"
    assert run("import", named(tmp_path, ["דנה", "Bert"]), "--data-dir", data) == 0
    assert run("import", named(tmp_path, ["Anna", "Bert"]), "--data-dir", data) == 0
    with sqlite3.connect(database_path(data)) as connection:  # as an earlier release stored it
        connection.execute(
            """UPDATE sitting SET players = '["\\u202eAnna", "Bert"]' WHERE id = 2"""
        )
    connection.close()
    capsys.readouterr()
    assert run("sittings", "--data-dir", data) == 0
    heading, first, second = capsys.readouterr().out.splitlines()
    assert "\u2068דנה–Bert\u2069" in first
    assert first.lstrip().startswith("1  ")  # the id stays first, outside the isolate
    assert "\u202e" not in second
    assert "\ufffdAnna–Bert" in second
    # The columns line up as the terminal shows them: the isolates take no column.
    assert len({len(_without_isolates(line)) for line in (first, second)}) == 1
    assert _without_isolates(first).index("דנה") == heading.index("Players")

    assert run("stats", "--data-dir", data) == 0
    lines = capsys.readouterr().out.splitlines()
    hebrew = next(line for line in lines if "דנה" in line)
    assert hebrew.startswith("\u2068דנה\u2069")
    assert hebrew.split()[1:4] == ["1", "0", "0"]  # sittings, rubbers, won: outside it
    assert not any("\u202e" in line for line in lines)
    bert = next(line for line in lines if line.startswith("Bert"))
    # Every column is padded as the terminal shows it: the rows end where the heading ends.
    assert len(_without_isolates(hebrew)) == len(bert) == len(lines[0])
