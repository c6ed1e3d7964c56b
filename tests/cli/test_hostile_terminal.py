"""Odd systems at the command line: terminals that are not UTF-8, a damaged German
catalogue, sitting ids beyond SQLite's integers."""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from jojotte_score import i18n
from jojotte_score.cli import main
from jojotte_score.cli.terminal import json_for

ROOT = Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "tests" / "data"
SMALL = DATA / "small-example.json"
GERMAN_MO = ROOT / "resources" / "locale" / "de" / "LC_MESSAGES"

Capture = pytest.CaptureFixture[str]


class Terminal:
    """Standard output and error as a terminal of one encoding would take them: bytes."""

    def __init__(self, encoding: str) -> None:
        self.out = io.BytesIO()
        self.err = io.BytesIO()
        self.encoding = encoding

    def streams(self) -> tuple[io.TextIOWrapper, io.TextIOWrapper]:
        return (
            io.TextIOWrapper(self.out, encoding=self.encoding, write_through=True),
            io.TextIOWrapper(self.err, encoding=self.encoding, write_through=True),
        )


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], Terminal]:
    def make(encoding: str) -> Terminal:
        made = Terminal(encoding)
        out, err = made.streams()
        monkeypatch.setattr(sys, "stdout", out)
        monkeypatch.setattr(sys, "stderr", err)
        return made

    return make


def sitting_file(folder: Path, players: list[str]) -> Path:
    data = json.loads(SMALL.read_text(encoding="utf-8"))
    data["players"] = players
    path = folder / "names.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def run(*arguments: str | Path) -> int:
    try:
        return main([*map(str, arguments)], environ={})
    except SystemExit as leaving:  # --help
        return int(leaving.code or 0)


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_every_command_writes_to_a_terminal_that_cannot_show_every_character(
    tmp_path: Path, terminal: Callable[[str], Terminal], capsys: Capture, encoding: str
) -> None:
    data = tmp_path / "data"
    path = sitting_file(tmp_path, ["Zoë", "Ζωή"])  # Greek is outside Latin-1
    assert run("import", path, "--data-dir", data) == 0
    shown = terminal(encoding)
    assert run("sittings", "--data-dir", data) == 0
    listing = shown.out.getvalue().decode(encoding)
    assert "two-player  Zoë????      6        0  ??? +1420" in listing or encoding == "ascii"
    assert "two-player  Zo?????      6        0  ??? +1420" in listing or encoding != "ascii"
    assert "Traceback" not in shown.err.getvalue().decode(encoding)

    for command in (
        ["explain", path],
        ["stats", "--data-dir", data],
        ["backups", "--data-dir", data],
        ["--lang", "de", "--help"],
        ["--lang", "de", "stats", "--data-dir", data],
        ["--lang", "de", "explain", path],
    ):
        shown.out.seek(0)
        shown.out.truncate()
        assert run(*command) == 0, command
        text = shown.out.getvalue().decode(encoding)
        assert text.strip(), command
        assert "Traceback" not in shown.err.getvalue().decode(encoding)


@pytest.mark.parametrize(
    ("encoding", "minus"), [("utf-8", "\u2212"), ("latin-1", "-"), ("ascii", "-")]
)
def test_a_terminal_without_the_true_minus_shows_the_hyphen(
    tmp_path: Path, terminal: Callable[[str], Terminal], encoding: str, minus: str
) -> None:
    data = tmp_path / "data"
    assert run("import", DATA / "three-player-example.json", "--data-dir", data) == 0
    shown = terminal(encoding)
    assert run("sittings", "--data-dir", data) == 0
    listing = shown.out.getvalue().decode(encoding)
    assert f"Anna +655, Bert {minus}1655, Carl +1000" in listing
    shown.out.seek(0)
    shown.out.truncate()
    assert run("--lang", "de", "explain", DATA / "three-player-example.json") == 0
    explained = shown.out.getvalue().decode(encoding)
    assert f"(T15): Anna +505, Bert {minus}1355, Carl +850." in explained
    assert "?1355" not in explained


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_json_on_a_narrow_terminal_is_the_same_json(
    tmp_path: Path, terminal: Callable[[str], Terminal], encoding: str
) -> None:
    path = sitting_file(tmp_path, ["Zoë", "Ζωή 🂡"])
    shown = terminal(encoding)
    assert run("score", path) == 0
    ledger = json.loads(shown.out.getvalue().decode(encoding))
    assert ledger["sides"] == ["Zoë", "Ζωή 🂡"]
    assert ledger["rubbers"][0]["totals"] == [0, 1420]


def test_json_for_escapes_only_what_the_encoding_lacks() -> None:
    stream = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    names = '["Zoë", "\u03b6", "\U0001f0a1"]'  # Greek zeta, the ace of spades
    assert json_for(stream, names) == '["Zoë", "\\u03b6", "\\ud83c\\udca1"]'
    assert json.loads(json_for(stream, names)) == ["Zoë", "\u03b6", "\U0001f0a1"]


# A damaged German catalogue ----------------------------------------------------------------


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _truncated(path: Path) -> None:
    path.write_bytes((GERMAN_MO / "jojotte_score.mo").read_bytes()[:1000])


def _random(path: Path) -> None:
    path.write_bytes(os.urandom(4096))


def _magic_then_junk(path: Path) -> None:
    path.write_bytes(b"\xde\x12\x04\x95" + b"\xff" * 60)


def _folder(path: Path) -> None:
    path.mkdir()


def _named_pipe(path: Path) -> None:
    os.mkfifo(path)


@pytest.fixture
def damaged_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "locale"
    (folder / "de" / "LC_MESSAGES").mkdir(parents=True)
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    monkeypatch.setattr(i18n._speaking, "unusable", set())
    return folder / "de" / "LC_MESSAGES" / "jojotte_score.mo"


@pytest.mark.parametrize(
    "damage",
    [
        _empty,
        _truncated,
        _random,
        _magic_then_junk,
        _folder,
        pytest.param(
            _named_pipe,
            marks=pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes"),
        ),
    ],
)
def test_a_damaged_catalogue_speaks_english_with_one_warning(
    damaged_catalogue: Path, capsys: Capture, damage: Callable[[Path], None], tmp_path: Path
) -> None:
    damage(damaged_catalogue)
    assert run("--lang", "de", "--help") == 0
    captured = capsys.readouterr()
    assert "usage: jojotte-score" in captured.out  # English, not German
    warning = f"jojotte-score: the catalogue {damaged_catalogue} cannot be used ("
    assert captured.err.count(warning) == 1
    assert captured.err.rstrip().endswith("the program stays in English")
    assert i18n.current_language() == "de"
    assert i18n._("Player") == "Player"
    # Said once per process, not once per command.
    assert run("--lang", "de", "explain", SMALL) == 0
    captured = capsys.readouterr()
    assert "Hand 1" in captured.out
    assert warning not in captured.err


def test_a_missing_catalogue_is_quietly_english(damaged_catalogue: Path, capsys: Capture) -> None:
    assert run("--lang", "de", "--help") == 0
    captured = capsys.readouterr()
    assert "usage: jojotte-score" in captured.out
    assert captured.err == ""


# Ids beyond SQLite's integers ---------------------------------------------------------------


@pytest.mark.parametrize("sitting_id", [2**63, 2**63 + 5, -(2**63) - 1, 10**30])
@pytest.mark.parametrize(
    "command",
    [
        ["export", "{id}", "-o", "{out}.json"],
        ["csv", "--sitting", "{id}", "--hands", "{out}.csv"],
        ["pdf", "--sitting", "{id}", "-o", "{out}.pdf"],
    ],
    ids=["export", "csv", "pdf"],
)
def test_an_id_beyond_sqlites_integers_is_an_unknown_sitting(
    tmp_path: Path, capsys: Capture, sitting_id: int, command: list[str]
) -> None:
    data = tmp_path / "data"
    assert run("import", SMALL, "--data-dir", data) == 0
    capsys.readouterr()
    out = tmp_path / "out"
    arguments = [word.format(id=sitting_id, out=out) for word in command]
    assert run(*arguments, "--data-dir", data) == 2
    err = capsys.readouterr().err
    assert err == (
        f"jojotte-score: there is no sitting {sitting_id} (jojotte-score sittings lists them)\n"
    )
    assert list(tmp_path.glob("out.*")) == []


@pytest.mark.parametrize(
    "arguments",
    [["score"], ["--lang", "de", "score"], ["sittings", "--lang", "fr"], ["export", "x"]],
)
def test_every_line_of_a_usage_error_begins_with_the_program_name(
    capsys: Capture, arguments: list[str]
) -> None:
    assert run(*arguments) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) >= 2
    assert lines[0].startswith(("jojotte-score: usage: jojotte-score ", "jojotte-score: Aufruf:"))
    assert all(line.startswith("jojotte-score: ") for line in lines), lines
