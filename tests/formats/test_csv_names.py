"""The columns named for the players (issue 24, item 18): in every game, a spreadsheet shows
whose column is whose, and each named column holds that player's figures, as numbers.

The files are read as a spreadsheet reads them (UTF-8 with its byte order mark, the header
row as the columns' names). The figures are those of the worked examples of docs/RULES.md
("The worked scoresheet", the worked three-player, chouette and cutthroat sittings) and of
``tests/data/partnership-example.json``, worked out by R1-R4 in the comments.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from jojotte_score.cli import main
from jojotte_score.core.games import find_game, new_sitting, replay
from jojotte_score.core.model import PlayedHand, Sitting, Trump, Variant
from jojotte_score.formats.csv_export import HAND_COLUMNS, RUBBER_COLUMNS, hands_csv, rubbers_csv
from jojotte_score.formats.csv_names import seat_labels
from tests.stored_examples import GAMES, example_path

HAND_FIGURES: dict[str, list[tuple[int, str, int]]] = {
    # (hand, named column, figure): the worked scoresheet, hand 3 corrected to 220.
    "two-player": [
        (3, "B: below", 220),
        (3, "A: below", 0),
        (1, "B: above", 40),
        (6, "A: running total", 755),
        (6, "B: running total", 655),
    ],
    # Hand 1: Bert & Dora bid hearts and take 100 + 10 (last trick) + 20 (Jo-Jotte) = 130
    # below with 50 of melds above; Anna & Carl's 55 go above (R3). Hand 3: Anna & Carl,
    # doubled, make 2 x (85 + 80) = 330 below.
    "partnership": [
        (1, "Bert & Dora: below", 130),
        (1, "Bert & Dora: above", 50),
        (1, "Anna & Carl: above", 55),
        (3, "Anna & Carl: below", 330),
        (3, "Anna & Carl: tricks", 5),
    ],
    # Carl 230 below in hand 3; Anna copies 280 + 170 + 300 = 750 above in hand 6 (T8).
    "three-player": [
        (3, "Carl: below", 230),
        (3, "Bert: above", 270),
        (6, "Anna: above", 750),
        (6, "Carl: running total", 1215),
        (6, "Anna: running total", 1100),
    ],
    # Hand 8: Bert, the captain, takes all 9 tricks of the team's Slam: 140 below, 500 above;
    # Anna, the partner, writes the same (C4).
    "chouette": [
        (8, "Bert: below", 140),
        (8, "Anna: below", 140),
        (8, "Carl: below", 0),
        (9, "Carl: below", 95),
    ],
    # Hand 2: Carl 2 x (30 + 100) = 260 below; hand 4: Bert and Carl copy Anna's 290 (F3).
    "cutthroat": [
        (2, "Carl: below", 260),
        (4, "Anna: below", 200),
        (4, "Bert: above", 290),
        (4, "Carl: above", 290),
        (5, "Dave: running total", 65),
    ],
}

RUBBER_FIGURES: dict[str, list[tuple[int, str, int]]] = {
    "two-player": [(1, "A: total", 755), (1, "B: total", 655), (1, "A: games", 2)],
    "partnership": [(1, "Bert & Dora: games", 2), (1, "Anna & Carl: games", 1)],
    "three-player": [
        (1, "Anna: total", 1100),
        (1, "Bert: total", 480),
        (1, "Carl: total", 1215),
        (1, "Anna: settlement", 505),
        (1, "Bert: settlement", -1355),
        (1, "Carl: settlement", 850),
    ],
    "chouette": [
        (1, "Anna: settlement", 1460),
        (1, "Bert: settlement", -730),
        (2, "Anna: settlement", -1470),
        (2, "Carl: settlement", 735),
        (3, "Carl: settlement", -2290),
        (3, "Anna: total", 1240),
    ],
    "cutthroat": [
        (1, "Anna: total", 575),
        (1, "Bert: total", 555),
        (1, "Carl: total", 1215),
        (1, "Dave: total", 65),
        (1, "Anna: settlement", -110),
        (1, "Bert: settlement", -190),
        (1, "Carl: settlement", 2450),
        (1, "Dave: settlement", -2150),
    ],
}

NUMBER = re.compile(r"-?[0-9]+")
"""A whole number as the files write it: ASCII digits, an ASCII minus, no sign for plus, no
thousands separator."""


def read(path: Path) -> list[dict[str, str]]:
    """The rows as a spreadsheet reads them: the header row names the columns."""
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def export(game: str, tmp_path: Path) -> tuple[Path, Path]:
    """The hands and rubbers files ``jojotte-score csv`` writes for the game's example."""
    hands, rubbers = tmp_path / "hands.csv", tmp_path / "rubbers.csv"
    source = str(example_path(game))
    assert main(["csv", source, "--hands", str(hands), "--rubbers", str(rubbers)]) == 0
    return hands, rubbers


def check_named_figures(hands: Path, rubbers: Path, game: str) -> None:
    """Each named column of the files holds the figures of the worked example, as numbers."""
    hand_rows, rubber_rows = read(hands), read(rubbers)
    for hand, column, figure in HAND_FIGURES[game]:
        assert (hand, column, hand_rows[hand - 1][column]) == (hand, column, str(figure))
    for rubber, column, figure in RUBBER_FIGURES[game]:
        assert (rubber, column, rubber_rows[rubber - 1][column]) == (rubber, column, str(figure))


def named_part(row: dict[str, str]) -> dict[str, str]:
    return {column: cell for column, cell in row.items() if ": " in column}


@pytest.mark.parametrize("game", GAMES)
def test_the_named_columns_hold_each_players_figures(game: str, tmp_path: Path) -> None:
    check_named_figures(*export(game, tmp_path), game)


@pytest.mark.parametrize("game", GAMES)
def test_a_named_column_repeats_the_numbered_column_of_its_seat(game: str, tmp_path: Path) -> None:
    hands, rubbers = export(game, tmp_path)
    for rows in (read(hands), read(rubbers)):
        first = rows[0]
        seats = [first[key] for key in ("side_0", "side_1")] if "side_0" in first else []
        seats = seats or [first[f"player_{seat}"] for seat in range(4) if f"player_{seat}" in first]
        for row in rows:
            for column, cell in named_part(row).items():
                name, figure = column.split(": ")
                assert cell == row[f"{figure.replace(' ', '_')}_{seats.index(name)}"]


@pytest.mark.parametrize("game", GAMES)
def test_every_figure_is_a_plain_number(game: str, tmp_path: Path) -> None:
    hands, rubbers = export(game, tmp_path)
    for path in (hands, rubbers):
        text = path.read_bytes().decode("utf-8-sig")
        assert "\u2212" not in text  # the minus is ASCII
        for row in read(path):
            for column, cell in named_part(row).items():
                assert cell == "" or NUMBER.fullmatch(cell), (column, cell)
            for column in ("total_0", "total_1", "running_total_0", "net_points"):
                assert row.get(column, "") == "" or NUMBER.fullmatch(row[column])


@pytest.mark.parametrize("game", GAMES)
def test_the_documented_columns_come_first_and_unchanged(game: str, tmp_path: Path) -> None:
    hands, rubbers = export(game, tmp_path)
    if not find_game(game).per_player:  # the two sides' columns
        assert list(read(hands)[0])[: len(HAND_COLUMNS)] == list(HAND_COLUMNS)
        assert list(read(rubbers)[0])[: len(RUBBER_COLUMNS)] == list(RUBBER_COLUMNS)
    for path in (hands, rubbers):
        header = list(read(path)[0])
        named = [column for column in header if ": " in column]
        assert header[-len(named) :] == named  # the named columns are the last ones


def test_a_rubbers_file_of_several_sittings_has_a_column_per_name() -> None:
    def one_hand(players: tuple[str, str], bidder: int) -> Sitting:
        hand = PlayedHand(bidder=bidder, trump=Trump.SPADES, card_points=(60, 25), last_trick=0)
        return new_sitting(Variant.TWO_PLAYER, players, (hand,))

    monday, tuesday = one_hand(("Anna", "Bert"), 0), one_hand(("Carl", "Anna"), 0)
    text = rubbers_csv([("mon", monday, replay(monday)), ("tue", tuesday, replay(tuesday))])
    rows = list(csv.DictReader(text.splitlines()))
    assert [column for column in rows[0] if column.endswith(": total")] == [
        "Anna: total",
        "Bert: total",
        "Carl: total",
    ]
    # Anna sat first on Monday and second on Tuesday: her column follows her.
    assert [row["Anna: total"] for row in rows] == ["70", "25"]
    assert [row["Bert: total"] for row in rows] == ["25", ""]
    assert [row["Carl: total"] for row in rows] == ["", "70"]


def test_two_seats_of_one_name_get_a_column_each() -> None:
    sitting = new_sitting(
        Variant.TWO_PLAYER,
        ("Anna", "Anna"),
        (PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(60, 25), last_trick=0),),
    )
    assert seat_labels(sitting.players) == ("Anna (1)", "Anna (2)")
    (row,) = csv.DictReader(hands_csv(sitting, replay(sitting)).splitlines())
    assert (row["Anna (1): total"], row["Anna (2): total"]) == ("70", "25")


def test_a_name_a_spreadsheet_would_run_is_neutralised_in_the_header() -> None:
    sitting = new_sitting(
        Variant.TWO_PLAYER,
        ("=cmd", "Bert"),
        (PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(60, 25), last_trick=0),),
    )
    header = hands_csv(sitting, replay(sitting)).splitlines()[0].split(",")
    assert "'=cmd: total" in header
    assert not any(column.startswith("=") for column in header)
