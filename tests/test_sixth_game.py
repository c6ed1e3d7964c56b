"""Adding a sixth way to play is its game and its registry entry: the test's game
(:mod:`tests.sixth_game`, partnerships to 150 with a rubber bonus of 500) is scored,
explained, written and read as a sitting file, exported to CSV and to PDF, imported,
stored and reloaded, carried to another data folder by a sync pass, and has its page on the
scoring card, through the registry alone.

The window, the entry panel and printing are tests/gui/window/test_sixth_game.py's.
"""

from __future__ import annotations

import contextlib
import csv
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from jojotte_score.cli import main
from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.games import (
    all_games,
    find_game,
    new_sitting,
    register_game,
    replay,
    unregister_game,
)
from jojotte_score.core.model import Rules
from jojotte_score.formats.sitting_file import dumps_sitting, loads_sitting
from jojotte_score.render.summary_card import CardRuling, CardTable, variant_card_blocks
from jojotte_score.storage.checking import check_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.schema import MIGRATIONS
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.stored_figures import refresh_seat_figures
from tests.poppler import pdf_text
from tests.sixth_game import GAME, HANDS, KEY, PLAYERS, LongPartnership, example, registered


@pytest.fixture
def sixth() -> Iterator[LongPartnership]:
    """The sixth game, registered for the test."""
    with registered() as game:
        yield game


@pytest.fixture
def example_file(sixth: LongPartnership, tmp_path: Path) -> Path:
    """The worked example as a sitting file."""
    path = tmp_path / "long.json"
    path.write_text(dumps_sitting(example()), encoding="utf-8")
    return path


def run(*arguments: str | Path) -> int:
    return main([str(argument) for argument in arguments], environ={})


# The registry ---------------------------------------------------------------------------


def test_a_registered_game_is_offered_found_and_taken_away() -> None:
    shipped = all_games()
    with registered() as game:
        assert all_games() == (*shipped, game)
        assert find_game(KEY) is find_game("Partnerships to 150") is game
        with pytest.raises(ValueError, match="already called 'long-partnership'"):
            register_game(LongPartnership())
    assert all_games() == shipped
    with pytest.raises(ValueError, match="no way to play is called 'long-partnership'"):
        find_game(KEY)
    with pytest.raises(ValueError, match="no registered way to play"):
        unregister_game("partnership")


def test_the_sixth_game_inherits_every_fact_it_does_not_declare(sixth: LongPartnership) -> None:
    partnership = find_game("partnership")
    inherited = ("seats", "tricks_per_hand", "all_cards_played", "per_player", "by_seat")
    assert [getattr(sixth, fact) for fact in inherited] == [4, 8, True, False, False]
    assert [getattr(partnership, fact) for fact in inherited] == [4, 8, True, False, False]
    assert sixth.side_names(("Anna", "Bert", "Carl", "Dora")) == ("Anna & Carl", "Bert & Dora")
    assert (sixth.standard_rules, partnership.standard_rules) == (Rules(150, 500), Rules(125, 300))
    assert (sixth.file_version, partnership.file_version) == (2, 1)  # version 1 knows two games
    assert new_sitting(KEY, ("A", "B", "C", "D")).rules == Rules(150, 500)


# Scored and explained -------------------------------------------------------------------


def test_the_worked_example_is_scored_with_the_game_at_150_and_a_bonus_of_500(
    sixth: LongPartnership,
) -> None:
    """The numbers of tests/sixth_game.py's docstring, worked out from R1-R15 by hand."""
    ledger = replay(example())
    assert [hand.below for hand in ledger.hands] == [
        (95, 0),
        (140, 0),  # game at 125 in partnerships; not at 150
        (140, 125),  # Bert & Dora's 125 is no game at 150 either
        (250, 125),  # game 1 to Anna & Carl
        (330, 0),  # game 2 and the rubber
    ]
    assert [hand.game_winner for hand in ledger.hands] == [None, None, None, 0, 0]
    (rubber,) = ledger.rubbers
    assert (rubber.winner, rubber.game_winners, rubber.totals) == (0, (0, 0), (1240, 335))
    assert rubber.net == (0, 905)
    # The partnership game, the same hands: three games, the bonus 300.
    partnership = replay(new_sitting("partnership", example().players, example().hands))
    assert [hand.game_winner for hand in partnership.hands] == [None, 0, 1, None, 0]
    assert partnership.rubbers[0].totals == (1040, 335)


def test_the_worked_example_is_explained_with_its_own_target_and_bonus(
    sixth: LongPartnership,
) -> None:
    ledger = replay(example())
    fourth = sixth.explain_hand(ledger.hands[3], ledger)
    assert "Anna & Carl reach 250 below (target 150) and win game 1 (R12). " in f"{fourth[-1]} "
    last = sixth.explain_hand(ledger.hands[4], ledger)
    assert "Above the line: Anna & Carl 500 (rubber bonus). " in f"{' '.join(last)} "
    assert last[-1] == (
        "Rubber 1 result (R14): Anna & Carl 1240, Bert & Dora 335; "
        "Anna & Carl win the rubber by 905."
    )


def test_a_hand_of_nine_tricks_is_refused_as_in_partnerships(sixth: LongPartnership) -> None:
    """Eight tricks a hand, as the partnership game it inherits from (the issue's subclass
    was refused: "the tricks add up to 8, not 9")."""
    hand = HANDS[3]._replace(tricks=(6, 3))
    problems = sixth.check(new_sitting(KEY, example().players, (hand,)))
    assert [p.message for p in problems] == [
        "the tricks (Anna & Carl: 6, Bert & Dora: 3) add up to 9, not 8"
    ]


# The sitting file, the command line, CSV and PDF ------------------------------------------


def test_the_sitting_file_is_version_2_and_reads_back(sixth: LongPartnership) -> None:
    text = dumps_sitting(example())
    data = json.loads(text)
    assert (data["version"], data["variant"]) == (2, KEY)
    assert "rules" not in data  # the game's own 150 and 500
    assert loads_sitting(text).sitting == example()
    version_1 = text.replace('"version": 2', '"version": 1')
    with pytest.raises(InvalidSittingError, match='variant "long-partnership" needs version 2'):
        loads_sitting(version_1)


def test_score_and_explain_on_the_command_line(
    example_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("score", example_file) == 0
    ledger = json.loads(capsys.readouterr().out)
    assert ledger["sides"] == ["Anna & Carl", "Bert & Dora"]
    assert ledger["rules"] == {"game_target": 150, "rubber_bonus": 500}
    assert ledger["rubbers"][0]["totals"] == [1240, 335]
    assert run("explain", example_file, "--hand", "4") == 0
    assert "win game 1 (R12)" in capsys.readouterr().out


def test_csv_export_of_the_hands_and_the_rubber(example_file: Path, tmp_path: Path) -> None:
    hands, rubbers = tmp_path / "hands.csv", tmp_path / "rubbers.csv"
    assert run("csv", example_file, "--hands", hands, "--rubbers", rubbers) == 0
    with hands.open(encoding="utf-8-sig", newline="") as file:
        rows = list(csv.DictReader(file))
    assert [row["below_0"] for row in rows] == ["95", "45", "0", "110", "330"]
    assert [row["game_winner"] for row in rows] == ["", "", "", "Anna & Carl", "Anna & Carl"]
    assert [row["above_0"] for row in rows] == ["0", "100", "60", "0", "500"]
    with rubbers.open(encoding="utf-8-sig", newline="") as file:
        (rubber,) = list(csv.DictReader(file))
    assert (rubber["winner"], rubber["games_0"], rubber["games_1"]) == ("Anna & Carl", "2", "0")
    assert (rubber["total_0"], rubber["total_1"], rubber["net_points"]) == ("1240", "335", "905")


def test_imported_stored_and_reloaded(example_file: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert run("import", example_file, "--data-dir", data) == 0
    with Database.open(data / "sittings.sqlite3", read_only=True) as database:
        store = SittingStore(database)
        (info,) = store.list_sittings()
        assert (info.variant, info.net_side, info.net_points) == (KEY, 0, 905)
        assert store.load(info.id).sitting == example()
        assert store.load_recent(info.id).rules == Rules(150, 500)
    exported = tmp_path / "exported.json"
    assert run("export", "1", "-o", exported, "--data-dir", data) == 0
    # The file read, with the sitting's stable id after its version.
    written = exported.read_text(encoding="utf-8")
    stable = json.loads(written)["uuid"]
    version = '"version": 2,\n'
    expected = example_file.read_text(encoding="utf-8")
    assert written == expected.replace(version, f'{version}  "uuid": "{stable}",\n')


def test_a_sync_pass_carries_the_sitting_to_another_data_folder(
    example_file: Path, tmp_path: Path
) -> None:
    """Anna's laptop imports the sitting and writes it to the sync folder; Carl's takes
    it in, and both export the same file."""
    anna, carl, folder = tmp_path / "anna", tmp_path / "carl", tmp_path / "Sync"
    folder.mkdir()
    assert run("--data-dir", anna, "import", example_file) == 0
    assert run("--data-dir", anna, "sync", folder) == 0
    assert run("--data-dir", carl, "sync", folder) == 0
    exports = [tmp_path / "anna.json", tmp_path / "carl.json"]
    for data, exported in zip((anna, carl), exports, strict=True):
        assert run("--data-dir", data, "export", "1", "-o", exported) == 0
    texts = [exported.read_text(encoding="utf-8") for exported in exports]
    assert texts[0] == texts[1]
    assert json.loads(texts[1])["variant"] == KEY
    with Database.open(carl / "sittings.sqlite3", read_only=True) as database:
        store = SittingStore(database)
        (info,) = store.list_sittings()
        assert (info.variant, info.net_side, info.net_points) == (KEY, 0, 905)
        assert store.load(info.id).sitting == example()


def test_check_repairs_and_the_caches_rebuild_through_the_registry_alone(
    example_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`check` scores the sitting again as its game and names tampered figures and a hand
    out of place; `check --repair` puts them right; the upgrade's rebuild of every cache
    (schema 10's fill) gives the same figures, which `check` then finds agree."""
    data = tmp_path / "data"
    assert run("import", example_file, "--data-dir", data) == 0
    path = data / "sittings.sqlite3"
    with Database.open(path) as database, database.transaction() as writing:
        refresh_seat_figures(writing, 1)  # as the History's statistics store them
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("UPDATE summary SET net_points = net_points + 100000")
        connection.execute("UPDATE seat_figures SET rubbers_won = 914 WHERE seat = 0")
        capsys.readouterr()
        assert run("check", "--data-dir", data) == 1
        said = capsys.readouterr().out.splitlines()
        assert "sitting 1: the summary's net_points is 100905; the hands give 905" in said
        assert any(
            line.startswith("sitting 1: seat 1's figures: its rubbers_won is 914") for line in said
        )
        connection.execute("UPDATE hand SET position = -1 WHERE position = 0")
    assert run("check", "--data-dir", data) == 1
    assert "sitting 1: its hands are not numbered in order" in capsys.readouterr().out
    assert run("check", "--repair", "--data-dir", data) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "checked 1 sitting: it did not agree with its hands; 1 repaired"
    )
    with Database.open(path) as database:
        store = SittingStore(database)
        assert store.load(1).sitting == example()
        with database.transaction() as writing:
            fill = MIGRATIONS[-1].fill
            assert fill is not None
            fill(writing)
        (info,) = store.list_sittings()
        assert (info.variant, info.net_side, info.net_points) == (KEY, 0, 905)
        assert check_sitting(database.connection, 1) == []
    assert run("check", "--data-dir", data) == 0


def test_a_stored_game_the_program_no_longer_knows_is_named_not_lost(tmp_path: Path) -> None:
    """The database lists no games: a sitting of a game taken away again (an older copy
    of the program, say) is named as damaged, its rows kept, and the others listed."""
    path = tmp_path / "sittings.sqlite3"
    partnership = new_sitting("partnership", PLAYERS, HANDS)
    with registered(), Database.open(path) as database:
        store = SittingStore(database)
        store.import_sitting(example())
        other = store.import_sitting(partnership)
    with Database.open(path) as database:
        store = SittingStore(database)
        listed = {info.id: info for info in store.list_sittings()}
        assert "no way to play is called 'long-partnership'" in listed[1].damaged
        assert listed[other].damaged == ""
        assert store.load(other).sitting == partnership
    with registered(), Database.open(path, read_only=True) as database:
        assert SittingStore(database).load(1).sitting == example()


def test_the_pdf_has_the_pads_and_the_games_page_of_the_card(
    example_file: Path, tmp_path: Path, qapp: QApplication
) -> None:
    target = tmp_path / "long.pdf"
    assert run("pdf", example_file, "--card", "-o", target, "--page-size", "A4") == 0
    lines = pdf_text(target).splitlines()
    assert "Anna & Carl win the rubber by 905" in lines
    assert "Jo-Jotte scoring card: partnerships to 150" in lines
    assert "2, one per side" in lines
    assert "all 32 cards: 8 tricks" in lines
    assert "150 below the line" in lines
    assert "2 games; 500 above" in lines
    assert not [line for line in lines if "one per player" in line or "nine cards:" in line]


# The scoring card ------------------------------------------------------------------------


def test_the_cards_page_is_drawn_from_what_the_game_declares(sixth: LongPartnership) -> None:
    pad, *rulings = variant_card_blocks(KEY)
    assert isinstance(pad, CardTable)
    assert all(isinstance(ruling, CardRuling) for ruling in rulings)
    assert pad.title == "The pad: partnerships to 150"
    assert pad.rows == (
        ("Columns", "2, one per side"),
        ("Cards played", "all 32 cards: 8 tricks"),
        ("Game", "150 below the line"),
        ("Rubber", "2 games; 500 above"),
        ("Settled", "the difference between the sides' totals (R14)"),
    )
    assert [
        (ruling.heading, ruling.text) for ruling in rulings if isinstance(ruling, CardRuling)
    ] == [
        ("R12: Game", "150 below the line wins a game."),
        ("R13: Rubber", "Two games win the rubber, and 500 above."),
    ]


def test_the_sixth_game_is_not_left_registered() -> None:
    assert GAME not in all_games()
