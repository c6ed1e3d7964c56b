"""`jojotte-score check [--repair]`: every cached figure scored again from the hands, each
difference named, and repaired from the hands; hands out of their place (a gap, a position
below 0, as a damaged backup brings) found when the sitting is read, and numbered again in
their order, keeping every hand."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

from jojotte_score.cli import main
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.stored_figures import refresh_seat_figures
from tests.stored_examples import example_path, example_sitting

Capture = pytest.CaptureFixture[str]


def run(data: Path, *arguments: str | Path) -> int:
    return main([*map(str, arguments), "--data-dir", str(data)], environ={})


def stored(tmp_path: Path, *games: str) -> Path:
    """A data folder holding ``games``' worked examples (ids 1, 2, ...), their figures
    cached as the window and `stats` cache them."""
    data = tmp_path / "data"
    assert run(data, "import", *(example_path(game) for game in games)) == 0
    with Database.open(database_path(data)) as database, database.transaction() as writing:
        for sitting_id in range(1, len(games) + 1):  # as the History's statistics store them
            refresh_seat_figures(writing, sitting_id)
    return data


def tamper(data: Path, *statements: str) -> None:
    """Change the database behind the app's back."""
    path = database_path(data)
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as connection:
        for statement in statements:
            connection.execute(statement)


def test_a_sound_database_agrees(tmp_path: Path, capsys: Capture) -> None:
    data = stored(tmp_path, "two-player", "chouette", "cutthroat")
    capsys.readouterr()
    assert run(data, "check") == 0
    assert capsys.readouterr().out == "checked 3 sittings: everything agrees with the hands\n"


def test_tampered_figures_are_named_and_rebuilt_from_the_hands(
    tmp_path: Path, capsys: Capture
) -> None:
    data = stored(tmp_path, "two-player", "chouette", "cutthroat")
    tamper(
        data,
        "UPDATE summary SET net_points = net_points + 100000 WHERE sitting_id = 1",
        "UPDATE rubber_start SET prison = 5000 WHERE sitting_id = 2 AND rubber = 2",
        "UPDATE seat_figures SET rubbers_won = 914 WHERE sitting_id = 3 AND seat = 0",
    )
    capsys.readouterr()

    assert run(data, "check") == 1
    assert capsys.readouterr().out.splitlines() == [
        "sitting 1: the summary's net_points is 100100; the hands give 100",
        "sitting 2: rubber 2's start: its prison is 5000; the hands give 0",
        "sitting 3: seat 1's figures: its rubbers_won is 914; the hands give 0",
        "checked 3 sittings: 3 do not agree with their hands; "
        "`jojotte-score check --repair` rebuilds them from the hands",
    ]
    assert run(data, "check", "--repair") == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "checked 3 sittings: 3 did not agree with their hands; 3 repaired"
    )
    assert run(data, "check") == 0
    capsys.readouterr()
    assert run(data, "sittings") == 0
    assert capsys.readouterr().out.splitlines()[1].endswith("A +100")


@pytest.mark.parametrize(
    ("moves", "said"),
    [
        (["UPDATE hand SET position = -1 WHERE sitting_id = 1 AND position = 0"], "1"),
        (
            [
                f"UPDATE hand SET position = {p + 1} WHERE sitting_id = 1 AND position = {p}"
                for p in (5, 4, 3)
            ],
            "4",
        ),
    ],
    ids=["below-zero", "gap"],
)
def test_hands_out_of_place_are_found_and_numbered_again(
    tmp_path: Path, capsys: Capture, moves: list[str], said: str
) -> None:
    data = stored(tmp_path, "two-player")
    tamper(data, *moves)
    capsys.readouterr()

    assert run(data, "export", "1", "-o", tmp_path / "out.json") == 1
    assert "sitting 1 is damaged: its hands are not numbered in order" in capsys.readouterr().err
    assert not (tmp_path / "out.json").exists()
    assert run(data, "check") == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"sitting 1: its hands are not numbered in order (hand {said} ")

    assert run(data, "check", "--repair") == 0
    capsys.readouterr()
    with Database.open(database_path(data), read_only=True) as database:
        sitting = SittingStore(database).load(1).sitting
    assert sitting.hands == example_sitting("two-player").hands  # every hand, in its order
    assert run(data, "export", "1", "-o", tmp_path / "out.json") == 0
    assert load_sitting(tmp_path / "out.json").sitting.hands == sitting.hands


@pytest.mark.parametrize(
    ("language", "checked", "wrong", "repair", "line"),
    [
        (
            "en",
            2000,
            1,
            False,
            "checked 2000 sittings: 1 does not agree with its hands; "
            "`jojotte-score check --repair` rebuilds it from the hands",
        ),
        ("en", 2000, 1, True, "checked 2000 sittings: 1 did not agree with its hands; 1 repaired"),
        (
            "en",
            1,
            1,
            False,
            "checked 1 sitting: it does not agree with its hands; "
            "`jojotte-score check --repair` rebuilds it from the hands",
        ),
        ("en", 1, 1, True, "checked 1 sitting: it did not agree with its hands; 1 repaired"),
        (
            "de",
            2000,
            1,
            False,
            "2000 Sitzungen geprüft: 1 stimmt nicht mit ihren Spielen überein; "
            "„jojotte-score check --repair“ baut sie aus den Spielen neu auf",
        ),
        (
            "de",
            2000,
            2,
            True,
            "2000 Sitzungen geprüft: 2 stimmten nicht mit ihren Spielen überein; 2 repariert",
        ),
        (
            "de",
            1,
            1,
            False,
            "1 Sitzung geprüft: Sie stimmt nicht mit ihren Spielen überein; "
            "„jojotte-score check --repair“ baut sie aus den Spielen neu auf",
        ),
        (
            "de",
            1,
            1,
            True,
            "1 Sitzung geprüft: Sie stimmte nicht mit ihren Spielen überein; 1 repariert",
        ),
    ],
)
def test_the_last_line_agrees_with_both_numbers(
    language: str, checked: int, wrong: int, repair: bool, line: str
) -> None:
    """The checked sittings choose their noun, the ones that disagree their verb: "checked
    2000 sittings: 1 does not agree", never "checked 2000 sitting"."""
    from jojotte_score.cli.database_commands import _checked_line
    from jojotte_score.i18n import use_language

    use_language(language)
    try:
        assert _checked_line(checked, wrong, wrong if repair else 0, repair=repair) == line
    finally:
        use_language("en")
