"""The CSV exports of the games with a column per player: the numbers of the worked
sittings of docs/RULES.md, read back from the file as a spreadsheet would."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from jojotte_score.core.games import new_sitting, replay
from jojotte_score.core.model import Sitting, Variant
from jojotte_score.formats.csv_export import (
    CSV_ENCODING,
    hands_csv,
    rubbers_csv,
    write_hands_csv,
    write_rubbers_csv,
)
from jojotte_score.formats.csv_players import player_hand_columns, player_rubber_columns
from tests.core.test_chouette import EXAMPLE as CHOUETTE
from tests.core.test_cutthroat import EXAMPLE as CUTTHROAT
from tests.core.test_three_player_example import EXAMPLE as THREE_PLAYER
from tests.core.test_three_player_example import SHEET as THREE_PLAYER_SHEET


def read(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def hand_table(sitting: Sitting) -> list[dict[str, str]]:
    return read(hands_csv(sitting, replay(sitting)))


def by_player(row: dict[str, str], column: str, seats: int) -> tuple[int, ...]:
    return tuple(int(row[f"{column}_{seat}"]) for seat in range(seats))


@pytest.mark.parametrize(
    "row", THREE_PLAYER_SHEET, ids=[f"hand {row[0]}" for row in THREE_PLAYER_SHEET]
)
def test_three_player_hands_above_and_below_by_player(
    row: tuple[int, tuple[int, ...], tuple[int, ...], int, int | None, int | None],
) -> None:
    """Every hand of the worked three-player sheet, as the spreadsheet shows it."""
    number, above, below, prison, game_winner, rubber_winner = row
    cells = hand_table(THREE_PLAYER)[number - 1]
    assert int(cells["hand"]) == number
    assert by_player(cells, "above", 3) == above
    assert by_player(cells, "below", 3) == below
    assert int(cells["prison_waiting"]) == prison
    names = THREE_PLAYER.players
    assert cells["game_winner"] == ("" if game_winner is None else names[game_winner])
    assert cells["rubber_winner"] == ("" if rubber_winner is None else names[rubber_winner])


def test_three_player_hand_names_the_roles() -> None:
    third = hand_table(THREE_PLAYER)[2]  # Carl's doubled clubs, Anna doubling
    assert (third["bidder"], third["declarer"], third["active_defender"]) == (
        "Carl",
        "Carl",
        "Anna",
    )
    assert (third["inactive"], third["inactive_with"], third["doubler"]) == ("Bert", "Carl", "Anna")
    assert (third["double"], third["outcome"], third["winner"]) == (
        "double",
        "declarer-won",
        "Carl",
    )
    assert by_player(third, "card_points", 3) == (35, 0, 70)
    assert by_player(third, "melds", 3) == (0, 0, 40)
    nullo = hand_table(THREE_PLAYER)[4]
    assert (nullo["special"], nullo["nullo_bidder"], nullo["declarer"]) == ("nullo", "Carl", "Carl")
    assert by_player(nullo, "tricks", 3) == (7, 0, 2)


def test_three_player_thrown_in_deal_leaves_the_inputs_empty() -> None:
    seventh = hand_table(THREE_PLAYER)[6]
    assert (seventh["thrown_in"], seventh["dealer"], seventh["outcome"]) == (
        "yes",
        "Carl",
        "thrown-in",
    )
    assert seventh["bidder"] == seventh["card_points_0"] == seventh["total_0"] == ""
    assert by_player(seventh, "above", 3) == (0, 0, 0)


def test_running_totals_add_up_to_the_rubber_totals() -> None:
    table = hand_table(THREE_PLAYER)
    assert by_player(table[5], "running_total", 3) == (1100, 480, 1215)  # rubber 1 ends
    assert by_player(table[7], "running_total", 3) == (150, 0, 150)  # rubber 2 so far


def test_rubbers_with_totals_and_settlement_per_player() -> None:
    rows = read(rubbers_csv([("evening", THREE_PLAYER, replay(THREE_PLAYER))]))
    assert [(r["rubber"], r["winner"], r["game_winners"], r["finished"]) for r in rows] == [
        ("1", "Carl", "Carl; Carl", "yes"),
        ("2", "", "", "no"),
    ]
    assert [by_player(r, "total", 3) for r in rows] == [(1100, 480, 1215), (150, 0, 150)]
    assert [by_player(r, "settlement", 3) for r in rows] == [(505, -1355, 850), (150, -300, 150)]
    assert rows[0]["box"] == rows[0]["captain"] == rows[0]["partner"] == ""


def test_chouette_rubbers_name_their_roles() -> None:
    rows = read(rubbers_csv([("chouette", CHOUETTE, replay(CHOUETTE))]))
    assert [(r["box"], r["captain"], r["partner"], r["winner"]) for r in rows] == [
        ("Anna", "Bert", "Carl", "Anna"),
        ("Anna", "Carl", "Bert", "Carl"),
        ("Carl", "Bert", "Anna", "Bert"),
    ]
    assert [by_player(r, "settlement", 3) for r in rows] == [
        (1460, -730, -730),
        (-1470, 735, 735),
        (1145, 1145, -2290),
    ]


def test_chouette_hand_puts_the_box_and_the_team_in_their_columns() -> None:
    first = hand_table(CHOUETTE)[0]  # Anna in the box 70 + 10, the team (Bert) 50
    assert (first["declarer"], first["active_defender"], first["inactive"]) == (
        "Anna",
        "Bert",
        "Carl",
    )
    assert (first["card_points_0"], first["card_points_1"], first["card_points_2"]) == (
        "70",
        "50",
        "",
    )
    assert by_player(first, "below", 3) == (80, 0, 0)
    assert by_player(first, "above", 3) == (0, 50, 50)  # the partner writes with the captain


def test_cutthroat_has_four_columns_and_the_dealer_copies() -> None:
    table = hand_table(CUTTHROAT)
    assert by_player(table[0], "above", 4) == (0, 45, 45, 45)
    assert by_player(table[0], "below", 4) == (65, 0, 0, 0)
    assert table[0]["dealer"] == "Dave"
    rows = read(rubbers_csv([("cutthroat", CUTTHROAT, replay(CUTTHROAT))]))
    assert by_player(rows[0], "total", 4) == (575, 555, 1215, 65)
    assert by_player(rows[0], "settlement", 4) == (-110, -190, 2450, -2150)


def test_the_columns_grow_with_the_players() -> None:
    assert len(player_hand_columns(4)) - len(player_hand_columns(3)) == 11
    assert player_rubber_columns(3)[-3:] == ("settlement_0", "settlement_1", "settlement_2")
    row = read(hands_csv(CUTTHROAT, replay(CUTTHROAT)))[0]
    assert list(row)[: len(player_hand_columns(4))] == list(player_hand_columns(4))


def test_three_and_four_players_share_a_rubbers_file() -> None:
    rows = read(
        rubbers_csv(
            [
                ("three", THREE_PLAYER, replay(THREE_PLAYER)),
                ("four", CUTTHROAT, replay(CUTTHROAT)),
            ]
        )
    )
    assert [r["variant"] for r in rows] == ["three-player", "three-player", "cutthroat"]
    assert rows[0]["player_3"] == rows[0]["total_3"] == ""
    assert rows[2]["player_3"] == "Dave"


def test_two_sided_and_individual_sittings_do_not_share_a_rubbers_file(tmp_path: Path) -> None:
    two = new_sitting(Variant.TWO_PLAYER, ("A", "B"))
    target = tmp_path / "rubbers.csv"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(ValueError, match="either sittings of two sides or"):
        write_rubbers_csv(
            [("two", two, replay(two)), ("three", THREE_PLAYER, replay(THREE_PLAYER))],
            target,
        )
    assert target.read_text(encoding="utf-8") == "old"


def test_files_are_utf8_with_bom_crlf_and_neutralised(tmp_path: Path) -> None:
    hostile = new_sitting(Variant.THREE_PLAYER, ("=Anna", "Jürgen", "Carl"), THREE_PLAYER.hands)
    path = tmp_path / "hands.csv"
    write_hands_csv(hostile, replay(hostile), path)
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    assert raw.count(b"\r\n") == len(hostile.hands) + 1
    rows = read(path.read_text(encoding=CSV_ENCODING))
    assert (rows[0]["player_0"], rows[0]["player_1"], rows[0]["declarer"]) == (
        "'=Anna",
        "Jürgen",
        "'=Anna",
    )
