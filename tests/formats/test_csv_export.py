"""The CSV exports: golden files, the numbers a player checks, formulas, encoding, atomicity.

The golden files in tests/formats/golden/ are compared byte for byte. After an intended
change to the exports, regenerate them with the one command of ``tests/golden.py`` and review
the diff:

    JOJOTTE_REGENERATE_GOLDEN=1 python3 -m pytest tests/formats/test_csv_export.py
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from jojotte_score.core.games import new_sitting, replay
from jojotte_score.core.ledger import HandResult, Ledger
from jojotte_score.core.model import (
    Doubling,
    PlayedHand,
    Sitting,
    Special,
    ThrownIn,
    Trump,
    Variant,
)
from jojotte_score.formats import csv_export
from jojotte_score.formats.csv_export import (
    HAND_COLUMNS,
    HAND_FIGURES,
    RUBBER_COLUMNS,
    hand_rows,
    hands_csv,
    neutralise,
    render_csv,
    rubber_rows,
    rubbers_csv,
    write_hands_csv,
    write_rubbers_csv,
)
from jojotte_score.formats.csv_names import named_columns
from jojotte_score.formats.sitting_file import load_sitting
from tests import golden

GOLDEN = Path(__file__).parent / "golden"
BOM = b"\xef\xbb\xbf"

# The worked six-hand scoresheet of the German rules text (A is side 0, B side 1), with
# hand 3 corrected to 220: A 755, B 655, A wins the rubber by 100.
GERMAN_HANDS = (
    PlayedHand(bidder=1, trump=Trump.SPADES, card_points=(60, 25), last_trick=1, melds=(0, 40)),
    PlayedHand(bidder=1, trump=Trump.HEARTS, card_points=(40, 45), last_trick=0),
    PlayedHand(
        bidder=0,
        trump=Trump.CLUBS,
        double=Doubling.DOUBLE,
        card_points=(60, 40),
        last_trick=1,
        melds=(0, 20),
    ),
    PlayedHand(
        bidder=1,
        trump=Trump.NO_TRUMP,
        special=Special.NULLO,
        card_points=(20, 40),
        last_trick=None,
        tricks=(2, 7),
    ),
    PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(35, 45), last_trick=0),
    PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(90, 40), last_trick=0, melds=(50, 0)),
)
GERMAN = new_sitting(Variant.TWO_PLAYER, ("A", "B"), GERMAN_HANDS)


def read_back(path: Path) -> list[dict[str, str]]:
    """The rows of a written CSV as a spreadsheet user would see them (header as keys)."""
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def header_of(path: Path) -> list[str]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return next(csv.reader(handle))


def check_golden(written: Path, name: str) -> None:
    """The written file holds the bytes of ``tests/formats/golden/<name>``."""
    golden.check_golden(written.read_bytes(), GOLDEN / name, "tests/formats/test_csv_export.py")


# --- golden files -------------------------------------------------------------------------


def test_german_hands_match_golden(tmp_path: Path) -> None:
    out = tmp_path / "hands.csv"
    write_hands_csv(GERMAN, replay(GERMAN), out, sitting_label="german-example")
    check_golden(out, "german-hands.csv")


def test_german_rubbers_match_golden(tmp_path: Path) -> None:
    out = tmp_path / "rubbers.csv"
    write_rubbers_csv([("german-example", GERMAN, replay(GERMAN))], out)
    check_golden(out, "german-rubbers.csv")


# The worked sittings of the games of individual players (docs/RULES.md), from their files.
PLAYER_EXAMPLES = ("three-player-example", "cutthroat-example", "chouette-example")
DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.mark.parametrize("name", PLAYER_EXAMPLES)
def test_player_example_hands_match_golden(tmp_path: Path, name: str) -> None:
    sitting = load_sitting(DATA / f"{name}.json").sitting
    out = tmp_path / "hands.csv"
    write_hands_csv(sitting, replay(sitting), out, sitting_label=name)
    check_golden(out, f"{name.removesuffix('-example')}-hands.csv")


@pytest.mark.parametrize("name", PLAYER_EXAMPLES)
def test_player_example_rubbers_match_golden(tmp_path: Path, name: str) -> None:
    sitting = load_sitting(DATA / f"{name}.json").sitting
    out = tmp_path / "rubbers.csv"
    write_rubbers_csv([(name, sitting, replay(sitting))], out)
    check_golden(out, f"{name.removesuffix('-example')}-rubbers.csv")


def test_the_chouettes_team_games_count_for_the_captain_and_the_partner(tmp_path: Path) -> None:
    """C4, C5: in rubber 2 the team (Carl captain, Bert partner) wins both games; in rubber
    3 the team (Bert captain, Anna partner) wins two games of three."""
    sitting = load_sitting(DATA / "chouette-example.json").sitting
    out = tmp_path / "rubbers.csv"
    write_rubbers_csv([("chouette", sitting, replay(sitting))], out)
    games = [(row["games_0"], row["games_1"], row["games_2"]) for row in read_back(out)]
    assert games == [("2", "0", "0"), ("0", "2", "2"), ("2", "2", "1")]


# --- the numbers a player checks, read back from the files ---------------------------------


@pytest.fixture
def german_hands(tmp_path: Path) -> list[dict[str, str]]:
    out = tmp_path / "hands.csv"
    write_hands_csv(GERMAN, replay(GERMAN), out)
    # The documented columns first, unchanged; then the same figures under the sides' names.
    header = header_of(out)
    assert header[: len(HAND_COLUMNS)] == list(HAND_COLUMNS)
    assert header[len(HAND_COLUMNS) :] == list(named_columns(HAND_FIGURES, ("A", "B")))
    return read_back(out)


def test_german_hands_one_row_per_hand(german_hands: list[dict[str, str]]) -> None:
    assert [row["hand"] for row in german_hands] == ["1", "2", "3", "4", "5", "6"]
    assert {row["rubber"] for row in german_hands} == {"1"}
    assert [row["game"] for row in german_hands] == ["1", "1", "2", "3", "3", "3"]


@pytest.mark.parametrize(
    ("hand", "column", "value", "why"),
    [
        (1, "below_1", "35", "R3: declarer B made it, 25 + 10 last trick below"),
        (1, "above_0", "60", "R3: defender A's trick score above"),
        (1, "above_1", "40", "R5: B's melds above"),
        (2, "below_0", "95", "R3: defender A wins, both trick scores below"),
        (2, "game_winner", "A", "R12: 95 reaches 80, A wins game 1"),
        (3, "trick_score_1", "50", "R1: 40 + 10 last trick"),
        (3, "total_1", "70", "R2: 50 + 20 melds"),
        (3, "below_1", "220", "R4: (60 + 50) x 2, the German text's 120 is a slip"),
        (3, "game_winner", "B", "R12: B wins game 2"),
        (4, "declarer", "A", "Nullo: the Nullo bidder is the bidder's opponent"),
        (4, "outcome", "nullo-failed", "R9: A took 2 tricks"),
        (4, "above_1", "300", "R9: 200 + 100 for the second trick"),
        (4, "prison_in", "60", "R9: all card points to prison"),
        (4, "winner", "", "R9: a Nullo hand has no winner"),
        (5, "outcome", "tie", "R3: 45 against 45"),
        (5, "prison_in", "90", "R3: both trick scores to prison"),
        (5, "prison_waiting", "150", "R10: 60 + 90 wait for a winner"),
        (6, "below_0", "100", "R3: declarer A, 90 + 10 last trick"),
        (6, "prison_out", "150", "R10: A takes the whole prison"),
        (6, "prison_waiting", "0", "R10: prison emptied"),
        (6, "above_0", "500", "R5, R10, R13: 50 melds + 150 prison + 300 rubber bonus"),
        (6, "rubber_winner", "A", "R13: A wins the second game"),
        (6, "running_total_0", "755", "R14: A's rubber total"),
        (6, "running_total_1", "655", "R14: B's rubber total"),
    ],
)
def test_german_hand_cells(
    german_hands: list[dict[str, str]], hand: int, column: str, value: str, why: str
) -> None:
    assert german_hands[hand - 1][column] == value, why


def test_german_inputs_use_sitting_file_vocabulary(german_hands: list[dict[str, str]]) -> None:
    hand3, hand4 = german_hands[2], german_hands[3]
    assert (hand3["bidder"], hand3["trump"], hand3["double"], hand3["special"]) == (
        "A",
        "clubs",
        "double",
        "none",
    )
    assert (hand4["trump"], hand4["special"], hand4["last_trick"]) == ("no-trump", "nullo", "")
    assert (hand4["tricks_0"], hand4["tricks_1"]) == ("2", "7")
    assert (german_hands[0]["tricks_0"], german_hands[0]["thrown_in"]) == ("", "no")


def test_german_running_totals_grow_hand_by_hand(german_hands: list[dict[str, str]]) -> None:
    totals = [(row["running_total_0"], row["running_total_1"]) for row in german_hands]
    assert totals == [
        ("60", "75"),
        ("155", "75"),
        ("155", "315"),
        ("155", "615"),
        ("155", "615"),
        ("755", "655"),
    ]


def test_german_rubber_row(tmp_path: Path) -> None:
    out = tmp_path / "rubbers.csv"
    write_rubbers_csv([("german-example", GERMAN, replay(GERMAN))], out)
    assert header_of(out) == [*RUBBER_COLUMNS, "A: games", "B: games", "A: total", "B: total"]
    (row,) = read_back(out)
    assert row == {
        "sitting": "german-example",
        "side_0": "A",
        "side_1": "B",
        "rubber": "1",
        "first_hand": "1",
        "last_hand": "6",
        "games_0": "2",
        "games_1": "1",
        "game_winners": "A; B; A",
        "finished": "yes",
        "winner": "A",
        "total_0": "755",
        "total_1": "655",
        "net_side": "A",
        "net_points": "100",
        "prison_waiting": "0",
        "A: games": "2",
        "B: games": "1",
        "A: total": "755",
        "B: total": "655",
    }


# --- rubbers that span more than one rubber or sitting --------------------------------------

# After the German rubber: a thrown-in deal (dealt by B), then a tie (75 + 0 against
# 55 + 20) whose 130 trick points stay in prison.
LONGER = new_sitting(
    Variant.TWO_PLAYER,
    ("A", "B"),
    (
        *GERMAN_HANDS,
        ThrownIn(dealer=1, note="nobody bid"),
        PlayedHand(
            bidder=1, trump=Trump.NO_TRUMP, card_points=(75, 45), last_trick=1, melds=(0, 20)
        ),
    ),
)


def test_running_totals_restart_with_each_rubber() -> None:
    rows = hand_rows(LONGER, replay(LONGER))
    thrown_in, tie = rows[6], rows[7]
    assert (thrown_in["rubber"], thrown_in["game"], tie["rubber"]) == (2, 1, 2)
    assert (thrown_in["running_total_0"], thrown_in["running_total_1"]) == (0, 0)
    assert (tie["running_total_0"], tie["running_total_1"]) == (0, 20)


def test_thrown_in_row_keeps_dealer_and_note_and_leaves_inputs_empty() -> None:
    row = hand_rows(LONGER, replay(LONGER))[6]
    assert (row["hand"], row["thrown_in"], row["dealer"], row["note"]) == (
        7,
        "yes",
        "B",
        "nobody bid",
    )
    assert (row["outcome"], row["winner"]) == ("thrown-in", "")
    for column in ("bidder", "trump", "melds_0", "card_points_1", "trick_score_0", "total_1"):
        assert row[column] == "", column
    assert (row["above_0"], row["below_1"], row["prison_in"]) == (0, 0, 0)


def test_unfinished_rubber_reports_waiting_prison() -> None:
    rows = rubber_rows(LONGER, replay(LONGER), sitting_label="longer")
    assert [row["rubber"] for row in rows] == [1, 2]
    second = rows[1]
    assert (second["first_hand"], second["last_hand"]) == (7, 8)
    assert (second["finished"], second["winner"], second["game_winners"]) == ("no", "", "")
    assert (second["total_0"], second["total_1"]) == (0, 20)
    assert (second["net_side"], second["net_points"]) == ("B", 20)
    assert second["prison_waiting"] == 130  # R11: 75 + 55 that nobody has won yet


def test_rubbers_of_several_sittings_in_one_file(tmp_path: Path) -> None:
    evening = new_sitting(
        Variant.PARTNERSHIP,
        ("Anna", "Bert", "Carl", "Dora"),
        (PlayedHand(bidder=0, trump=Trump.CLUBS, card_points=(100, 55), last_trick=0),),
    )
    out = tmp_path / "history.csv"
    write_rubbers_csv(
        [("monday", LONGER, replay(LONGER)), ("tuesday", evening, replay(evening))], out
    )
    rows = read_back(out)
    assert [(r["sitting"], r["rubber"], r["side_0"], r["side_1"]) for r in rows] == [
        ("monday", "1", "A", "B"),
        ("monday", "2", "A", "B"),
        ("tuesday", "1", "Anna & Carl", "Bert & Dora"),
    ]
    assert (rows[2]["total_0"], rows[2]["total_1"], rows[2]["finished"]) == ("110", "55", "no")


def test_rubbers_of_no_sittings_is_a_header_only(tmp_path: Path) -> None:
    out = tmp_path / "empty.csv"
    write_rubbers_csv([], out)
    assert out.read_bytes() == BOM + (",".join(RUBBER_COLUMNS) + "\r\n").encode()


# --- partnerships and names -----------------------------------------------------------------


def test_partnership_names_sides_and_dealer() -> None:
    sitting = new_sitting(
        Variant.PARTNERSHIP,
        ("Anna", "Bert", "Carl", "Dora"),
        (
            PlayedHand(
                bidder=1,
                trump=Trump.HEARTS,
                card_points=(60, 95),
                last_trick=1,
                jojotte=1,
                dealer=2,
            ),
        ),
    )
    (row,) = hand_rows(sitting, replay(sitting))
    assert (row["side_0"], row["side_1"]) == ("Anna & Carl", "Bert & Dora")
    assert (row["dealer"], row["bidder"], row["jojotte"]) == ("Carl", "Bert & Dora", "Bert & Dora")
    assert (row["trick_score_1"], row["below_1"], row["above_0"]) == (125, 125, 60)
    assert row["game_winner"] == "Bert & Dora"  # R12: 125 reaches the partnership target


def test_umlauts_are_written_as_utf8_with_bom(tmp_path: Path) -> None:
    sitting = new_sitting(
        Variant.PARTNERSHIP,
        ("Jürgen", "Käthe", "Søren", "Zoë"),
        (PlayedHand(bidder=0, trump=Trump.CLUBS, card_points=(100, 55), last_trick=0),),
    )
    ledger = replay(sitting)
    out = tmp_path / "hands.csv"
    write_hands_csv(sitting, ledger, out)
    data = out.read_bytes()
    assert data.startswith(BOM)
    assert not data[len(BOM) :].startswith(BOM)
    assert data.decode("utf-8-sig") == hands_csv(sitting, ledger)
    (row,) = read_back(out)
    assert (row["side_0"], row["side_1"], row["bidder"]) == (
        "Jürgen & Søren",
        "Käthe & Zoë",
        "Jürgen & Søren",
    )


def test_lines_end_with_crlf(tmp_path: Path) -> None:
    out = tmp_path / "hands.csv"
    write_hands_csv(GERMAN, replay(GERMAN), out)
    data = out.read_bytes()
    assert data.count(b"\r\n") == 7  # header and six hands
    assert data.count(b"\n") == 7


# --- formula neutralisation -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'),
        ("+1 trick", "'+1 trick"),
        ("-Bert", "'-Bert"),
        ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
        ("\tAnna", "'\tAnna"),
        ("\rAnna", "'\rAnna"),
        ("Anna", "Anna"),
        ("a=b", "a=b"),
        ("", ""),
        ("'quoted", "'quoted"),
        (-5, -5),
        (0, 0),
    ],
)
def test_neutralise(cell: str | int, written: str | int) -> None:
    assert neutralise(cell) == written


def test_render_csv_neutralises_text_but_not_numbers() -> None:
    text = render_csv(("name", "points"), [{"name": "=1+1", "points": -5}, {"name": "@x"}])
    assert text == "name,points\r\n'=1+1,-5\r\n'@x,\r\n"


def test_render_csv_rejects_unknown_columns() -> None:
    with pytest.raises(ValueError, match="bogus"):
        render_csv(("hand",), [{"hand": 1, "bogus": 2}])


def test_hostile_names_and_notes_are_neutralised_in_the_file(tmp_path: Path) -> None:
    sitting = new_sitting(
        Variant.TWO_PLAYER,
        ('=HYPERLINK("http://evil","click")', "-Bert"),
        (
            PlayedHand(
                bidder=1,
                trump=Trump.SPADES,
                card_points=(60, 25),
                last_trick=1,
                melds=(0, 40),
                note="+1 trick",
            ),
        ),
    )
    hands_out, rubbers_out = tmp_path / "hands.csv", tmp_path / "rubbers.csv"
    ledger = replay(sitting)
    write_hands_csv(sitting, ledger, hands_out)
    write_rubbers_csv([("@evening", sitting, ledger)], rubbers_out)
    (hand,) = read_back(hands_out)
    assert hand["side_0"] == '\'=HYPERLINK("http://evil","click")'
    assert (hand["side_1"], hand["bidder"], hand["winner"]) == ("'-Bert", "'-Bert", "'-Bert")
    assert hand["note"] == "'+1 trick"
    assert (hand["below_1"], hand["above_0"]) == ("35", "60")
    (rubber,) = read_back(rubbers_out)
    assert (rubber["sitting"], rubber["net_side"]) == ("'@evening", "'-Bert")
    for path in (hands_out, rubbers_out):
        for row in read_back(path):
            for column, cell in row.items():
                assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), column


# --- atomic writes --------------------------------------------------------------------------

OLD = b"old export\r\n"


def test_failure_while_building_hand_rows_leaves_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "hands.csv"
    out.write_bytes(OLD)
    build_row = csv_export._hand_row

    def fail_at_hand_4(
        sitting: Sitting, names: tuple[str, str], result: HandResult, running: tuple[int, int]
    ) -> dict[str, str | int]:
        row = build_row(sitting, names, result, running)
        if row["hand"] == 4:
            raise RuntimeError("broken hand 4")
        return row

    monkeypatch.setattr(csv_export, "_hand_row", fail_at_hand_4)
    with pytest.raises(RuntimeError, match="broken hand 4"):
        write_hands_csv(GERMAN, replay(GERMAN), out)
    assert out.read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.csv"]


def test_failure_in_the_middle_of_the_sittings_leaves_old_file(tmp_path: Path) -> None:
    out = tmp_path / "rubbers.csv"
    out.write_bytes(OLD)

    def sittings() -> Iterator[tuple[str, Sitting, Ledger]]:
        yield "monday", GERMAN, replay(GERMAN)
        raise OSError("cannot read tuesday")

    with pytest.raises(OSError, match="tuesday"):
        write_rubbers_csv(sittings(), out)
    assert out.read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rubbers.csv"]


def test_failure_while_replacing_leaves_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "hands.csv"
    out.write_bytes(OLD)

    def refuse(source: object, target: object) -> None:
        raise PermissionError("target locked")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(PermissionError):
        write_hands_csv(GERMAN, replay(GERMAN), out)
    assert out.read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.csv"]


def test_missing_directory_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "missing" / "hands.csv"
    with pytest.raises(FileNotFoundError):
        write_hands_csv(GERMAN, replay(GERMAN), out)
    assert list(tmp_path.iterdir()) == []


def test_export_replaces_an_existing_file_whole(tmp_path: Path) -> None:
    out = tmp_path / "rubbers.csv"
    out.write_bytes(OLD * 100)
    write_rubbers_csv([("german-example", GERMAN, replay(GERMAN))], out)
    assert out.read_bytes().decode("utf-8-sig") == rubbers_csv(
        [("german-example", GERMAN, replay(GERMAN))]
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rubbers.csv"]


def test_render_csv_text_parses_back_to_the_rows() -> None:
    rows = hand_rows(GERMAN, replay(GERMAN))
    parsed = list(csv.DictReader(io.StringIO(render_csv(HAND_COLUMNS, rows), newline="")))
    assert [{k: str(v) for k, v in row.items()} for row in rows] == parsed
