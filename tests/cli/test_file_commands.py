"""The command line as a player would use it: exit codes, stdout, stderr, files written."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from jojotte_score.cli import main

ROOT = Path(__file__).resolve().parents[2]
GERMAN = ROOT / "tests" / "data" / "german-example.json"
PARTNERSHIP = ROOT / "tests" / "data" / "partnership-example.json"


def sitting(
    *hands: dict[str, object], players: tuple[str, ...] = ("Anna", "Bert")
) -> dict[str, object]:
    variant = "two-player" if len(players) == 2 else "partnership"
    return {
        "format": "jojotte-sitting",
        "version": 1,
        "variant": variant,
        "players": list(players),
        "hands": list(hands),
    }


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_score_prints_the_german_ledger(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(GERMAN)]) == 0
    out, err = capsys.readouterr()
    ledger = json.loads(out)
    assert ledger["format"] == "jojotte-ledger"
    assert ledger["sides"] == ["A", "B"]
    rubber = ledger["rubbers"][0]
    assert rubber["totals"] == [755, 655]
    assert rubber["winner"] == 0
    assert rubber["net"] == {"side": 0, "points": 100}
    assert rubber["game_winners"] == [0, 1, 0]
    assert rubber["prison"] == [{"hand": 4, "points": 60}, {"hand": 5, "points": 90}]
    assert {"hand": 3, "side": 1, "line": "below", "points": 220, "kind": "tricks"} in rubber[
        "entries"
    ]
    assert {"hand": 6, "side": 0, "line": "above", "points": 300, "kind": "rubber-bonus"} in rubber[
        "entries"
    ]
    assert ledger["unresolved_prison"] == 0
    # Its card counts (85, 85, 100, 60, 80, 130) fall short of the deck, as they do when two
    # players of nine cards play 18 of the 32: nothing to warn about.
    assert err == ""


@pytest.mark.parametrize("example", [GERMAN, PARTNERSHIP], ids=["german", "partnership"])
@pytest.mark.parametrize("command", ["score", "explain", "csv"])
def test_the_examples_give_no_warning(
    example: Path, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = ["--hands", str(tmp_path / "hands.csv")] if command == "csv" else []
    assert main([command, str(example), *extra]) == 0
    err = capsys.readouterr().err
    assert [line for line in err.splitlines() if line.startswith("warning:")] == []
    assert err == ""


def test_warnings_are_printed_and_the_file_is_scored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """All 32 cards are played in partnerships: a count off the deck is doubtful."""
    players = ("Anna", "Bert", "Carl", "Dora")
    hand = {"bidder": 0, "trump": "spades", "card_points": [80, 70], "last_trick": 0}
    game = write(tmp_path / "game.json", sitting(hand, players=players))
    for command, extra in (("score", []), ("import", ["--data-dir", str(tmp_path / "data")])):
        assert main([command, str(game), *extra]) == 0
        assert capsys.readouterr().err.splitlines() == [
            "jojotte-score: warning: game.json: hand 1: card points add up to 150 "
            "(Anna & Carl: 80, Bert & Dora: 70), not the 155 of the deck with a trump suit"
        ]


def test_python_dash_m_gives_the_same_output() -> None:
    script = subprocess.run(
        [sys.executable, "-m", "jojotte_score", "score", str(GERMAN)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert script.returncode == 0
    assert json.loads(script.stdout)["rubbers"][0]["totals"] == [755, 655]


def test_command_line_never_imports_qt(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from jojotte_score.cli import main\n"
        f"main(['score', {str(GERMAN)!r}])\n"
        f"main(['explain', {str(GERMAN)!r}])\n"
        f"main(['csv', {str(GERMAN)!r}, '--hands', {str(tmp_path / 'h.csv')!r}])\n"
        "qt = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken')))\n"
        "print('QT:', qt, file=sys.stderr)\n"
        "sys.exit(1 if qt else 0)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_invalid_file_exits_2_naming_file_and_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = write(
        tmp_path / "game.json",
        sitting(
            {"bidder": 0, "trump": "spades", "card_points": [90, 65], "last_trick": 0},
            {"thrown_in": True},
            {
                "bidder": 1,
                "trump": "no-trump",
                "card_points": [60, 60],
                "last_trick": 1,
                "jojotte": 1,
            },
        ),
    )
    assert main(["score", str(bad)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "jojotte-score: game.json: hand 3: Jo-Jotte needs a trump suit" in err.splitlines()
    assert "Traceback" not in err


def test_every_problem_is_reported_one_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = write(
        tmp_path / "two.json",
        sitting(
            {"bidder": 0, "trump": "spades", "card_points": [91, 64], "last_trick": 0},
            {
                "bidder": 0,
                "trump": "spades",
                "double": "double",
                "special": "nullo",
                "card_points": [60, 60],
                "tricks": [5, 4],
            },
        ),
    )
    assert main(["score", str(bad)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        "jojotte-score: two.json: hand 1: Anna's card points (91) must be a multiple of 5 from 0 "
        "to 155 with a trump suit",
        "jojotte-score: two.json: hand 1: Bert's card points (64) must be a multiple of 5 from 0 "
        "to 155 with a trump suit",
        "jojotte-score: two.json: hand 2: Nullo cannot be played on a doubled contract",
    ]


@pytest.mark.parametrize(
    ("players", "hand", "message"),
    [
        (
            ("Anna", "Bert"),
            {"bidder": 0, "trump": "spades", "card_points": [37, 60], "last_trick": 0},
            "game.json: hand 1: Anna's card points (37) must be a multiple of 5 from 0 to 155 "
            "with a trump suit",
        ),
        (
            ("Anna", "Bert"),
            {"bidder": 0, "trump": "spades", "card_points": [90, 80], "last_trick": 0},
            "game.json: hand 1: card points add up to 170 (Anna: 90, Bert: 80), more than the "
            "155 of the whole deck with a trump suit",
        ),
        (
            ("Anna", "Bert"),
            {"bidder": 0, "trump": "spades", "card_points": [90, 40], "melds": [100, 120]},
            "game.json: hand 1: who won the last trick is not recorded (it counts except in Nullo)",
        ),
        (
            ("Anna", "Bert", "Carl", "Dora"),
            {
                "bidder": 0,
                "trump": "spades",
                "card_points": [90, 65],
                "last_trick": 0,
                "melds": [160, 20],
            },
            "game.json: hand 1: Anna & Carl's 160 and Bert & Dora's 20 meld points both "
            "include sequences, but only one side may score sequences in a hand",
        ),
    ],
    ids=["card-points", "more-than-the-deck", "last-trick", "melds-partnership"],
)
def test_problems_name_the_players(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    players: tuple[str, ...],
    hand: dict[str, object],
    message: str,
) -> None:
    bad = write(tmp_path / "game.json", sitting(hand, players=players))
    assert main(["score", str(bad)]) == 2
    assert f"jojotte-score: {message}" in capsys.readouterr().err.splitlines()


def test_missing_and_unreadable_files_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", str(tmp_path / "nowhere.json")]) == 2
    err = capsys.readouterr().err
    assert "nowhere.json" in err
    assert "Traceback" not in err
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"\x00\xff\xfe not json")
    assert main(["score", str(junk)]) == 2
    assert "junk.json" in capsys.readouterr().err


def test_subprocess_error_has_no_traceback(tmp_path: Path) -> None:
    bad = write(tmp_path / "bad.json", {"format": "something else"})
    result = subprocess.run(
        [sys.executable, "-m", "jojotte_score", "score", str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("jojotte-score: bad.json: ")
    assert "Traceback" not in result.stderr


def test_explain_one_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(GERMAN), "--hand", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Hand 4 (rubber 1, game 3): B names no-trump; A bids Nullo")
    assert "B scores 200 + 100 × 1 = 300 above" in out
    assert "60, go to prison" in out
    assert "Hand 5" not in out


def test_explain_every_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(GERMAN)]) == 0
    out = capsys.readouterr().out
    assert [line.split(" (")[0] for line in out.splitlines() if line.startswith("Hand ")] == [
        f"Hand {n}" for n in range(1, 7)
    ]


def test_explain_a_hand_that_is_not_there(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(GERMAN), "--hand", "7"]) == 2
    assert "there is no hand 7 (the sitting has 6)" in capsys.readouterr().err


def test_explain_reports_prison_left_at_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tie = write(
        tmp_path / "tie.json",
        sitting({"bidder": 0, "trump": "spades", "card_points": [40, 50], "last_trick": 0}),
    )
    assert main(["explain", str(tie)]) == 0
    assert "100 points are still in prison at the end of the sitting" in capsys.readouterr().out


def test_csv_writes_both_files(tmp_path: Path) -> None:
    hands, rubbers = tmp_path / "hands.csv", tmp_path / "rubbers.csv"
    assert main(["csv", str(GERMAN), "--hands", str(hands), "--rubbers", str(rubbers)]) == 0
    with hands.open(encoding="utf-8-sig", newline="") as f:
        hand_rows = list(csv.DictReader(f))
    with rubbers.open(encoding="utf-8-sig", newline="") as f:
        rubber_rows = list(csv.DictReader(f))
    assert len(hand_rows) == 6
    assert len(rubber_rows) == 1
    assert [rubber_rows[0]["total_0"], rubber_rows[0]["total_1"]] == ["755", "655"]


def test_csv_needs_an_output(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["csv", str(GERMAN)])
    assert exit_info.value.code == 2
    assert "--hands" in capsys.readouterr().err


def test_csv_into_a_missing_folder_fails_cleanly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no-such-folder" / "hands.csv"
    assert main(["csv", str(GERMAN), "--hands", str(target)]) == 1
    err = capsys.readouterr().err
    assert "hands.csv: cannot write the file" in err
    assert not target.parent.exists()


def test_a_misspelt_command_is_named_with_the_one_meant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = write(tmp_path / "game.json", sitting())
    with pytest.raises(SystemExit) as exited:
        main(["scroe", str(game)])
    assert exited.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "jojotte-score: scroe: no such command; did you mean score?"
    )


@pytest.mark.parametrize(
    "arguments",
    [
        ["csv"],  # a usage error found by the command
        ["score"],  # a usage error found by argparse
        ["score", "--indent", "two", "game.json"],
        ["explain", "game.json", "--hand", "9"],
        ["score", "bad.json"],  # problems with the file
        ["score", "missing.json"],
    ],
)
def test_every_failure_line_begins_with_the_program_name(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    arguments: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "game.json", sitting())
    write(tmp_path / "bad.json", sitting({"bidder": 0, "trump": "spades"}))
    try:
        status = main(arguments)
    except SystemExit as exited:
        status = int(exited.code or 0)
    assert status == 2
    lines = capsys.readouterr().err.splitlines()
    # The usage line, and its continuations when it wraps, come before the failure.
    failures = [line for line in lines if not line.startswith(("usage:", " "))]
    assert failures
    assert all(line.startswith("jojotte-score: ") for line in failures), lines
    assert not any("error:" in line for line in failures)


def _run(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """The program in a fresh interpreter; a command that waits on a file fails the test."""
    return subprocess.run(
        [sys.executable, "-m", "jojotte_score", *arguments],
        cwd=cwd,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "JOJOTTE_SCORE_DATA_DIR": str(cwd)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX-only")
@pytest.mark.parametrize("command", [["score"], ["explain"], ["import"], []])
def test_a_named_pipe_is_refused_not_waited_on(tmp_path: Path, command: list[str]) -> None:
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    extra = [] if command else ["--quit-after-start"]
    result = _run(*command, str(pipe), *extra, cwd=tmp_path)
    assert result.returncode == 2
    assert f"jojotte-score: {pipe}: " in result.stderr
    assert "a named pipe, not a sitting file" in result.stderr


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        ("nowhere.json", "a symbolic link to nowhere.json, which does not exist"),
        ("game.json", "a loop of symbolic links, which leads to no file"),
        (".", "a folder, not a sitting file"),
    ],
)
def test_links_that_lead_to_no_file_and_folders_are_refused_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str, reason: str
) -> None:
    link = tmp_path / "game.json"
    link.symlink_to(target)
    assert main(["score", str(link)]) == 2
    assert capsys.readouterr().err == f"jojotte-score: {link}: cannot read the file: {reason}\n"


def test_a_link_to_a_sitting_file_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "game.json"
    link.symlink_to(GERMAN)
    assert main(["score", str(link)]) == 0
    assert json.loads(capsys.readouterr().out)["sides"] == ["A", "B"]
