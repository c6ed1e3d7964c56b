"""The history's rows without Qt: the texts a player reads, the filter, the sort and the CSV."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from jojotte_score.core.model import Variant
from jojotte_score.formats.csv_export import CSV_ENCODING
from jojotte_score.gui.history.history_rows import (
    CSV_COLUMNS,
    Column,
    HistoryFilter,
    HistoryRow,
    filtered,
    heading,
    history_csv,
    history_row,
    history_rows,
    sorted_rows,
    write_history_csv,
)
from jojotte_score.i18n import use_language
from jojotte_score.storage.sittings import SittingInfo


@pytest.fixture(autouse=True)
def berlin(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time is Berlin's (UTC+1 in winter), so that a late UTC evening is the next
    local day."""
    monkeypatch.setenv("TZ", "CET-1CEST,M3.5.0,M10.5.0/3")  # Berlin's rule, no tz database needed
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def info(
    sitting_id: int,
    created: str,
    players: tuple[str, ...] = ("Anna", "Bert"),
    *,
    variant: Variant = Variant.TWO_PLAYER,
    title: str = "",
    place: str = "",
    hands: int = 10,
    rubbers: int = 1,
    net: tuple[int | None, int] = (0, 120),
    settlement: tuple[int, ...] | None = None,
    damaged: str = "",
) -> SittingInfo:
    moment = utc(created)
    return SittingInfo(
        sitting_id, variant, players, title, place, moment, moment, hands, rubbers,
        net[0], net[1], 0, damaged=damaged, settlement=settlement,
    )  # fmt: skip


EVENING = info(1, "2026-11-21 23:30:00", title="Christmas", place="Berlin", hands=9)
PARTNERS = info(
    2,
    "2026-11-20 10:00:00",
    ("Anna", "Carl", "Bert", "Dora"),
    variant=Variant.PARTNERSHIP,
    hands=120,
    rubbers=12,
    net=(1, 40),
)
CUTTHROAT = info(
    3,
    "2026-10-02 18:00:00",
    ("Erik", "Fritz", "Greta", "Hanna"),
    variant=Variant.CUTTHROAT,
    title="=cmd|' /C calc'!A0",
    hands=33,
    rubbers=2,
    net=(None, 0),
    settlement=(50, -10, 20, -60),
)
LEVEL = info(4, "2026-11-21 09:00:00", ("Bert", "Carla"), hands=100, rubbers=0, net=(None, 0))
DAMAGED = info(5, "1970-01-01 00:00:00", ("?", "?"), damaged="its text is not readable")


def everything() -> list[HistoryRow]:
    """The five sittings' rows, built in the test's time zone."""
    return history_rows([EVENING, PARTNERS, CUTTHROAT, LEVEL, DAMAGED])


def texts(row: HistoryRow) -> list[str]:
    return [row.text(column) for column in Column]


def ids(rows: list[HistoryRow]) -> list[int]:
    return [row.id for row in rows]


def test_each_column_as_the_player_reads_it() -> None:
    assert [texts(row) for row in everything()] == [
        # 23:30 UTC is half past midnight in Berlin: the local date is the next day.
        ["2026-11-22", "Christmas", "Berlin", "Two players", "Anna–Bert", "9", "1", "Anna +120"],
        [
            "2026-11-20",
            "",
            "",
            "Partnership",
            "Anna & Bert – Carl & Dora",
            "120",
            "12",
            "Carl & Dora +40",
        ],
        [
            "2026-10-02",
            "=cmd|' /C calc'!A0",
            "",
            "Cutthroat",
            "Erik, Fritz, Greta, Hanna",
            "33",
            "2",
            "Erik +50, Fritz \u221210, Greta +20, Hanna \u221260",
        ],
        ["2026-11-21", "", "", "Two players", "Bert–Carla", "100", "0", "level"],
        ["–", "", "", "–", "–", "–", "–", "damaged: its text is not readable"],
    ]
    assert everything()[0].day == date(2026, 11, 22)


@pytest.mark.parametrize(
    ("limits", "expected"),
    [
        (HistoryFilter(), [1, 2, 3, 4, 5]),
        (HistoryFilter("anna"), [1, 2, 3]),  # any case, any seat, part of a name (Hanna)
        (HistoryFilter("  BERT "), [1, 2, 4]),  # blanks around the name do not count
        (HistoryFilter("ar"), [2, 4]),  # part of a name: Carl, Carla
        (HistoryFilter("Anna – Bert"), []),  # one player's name, not the sides' label
        (HistoryFilter("Zoe"), []),
        # Dates are local dates, both ends included.
        (HistoryFilter(since=date(2026, 11, 21)), [1, 4]),
        (HistoryFilter(until=date(2026, 11, 21)), [2, 3, 4]),
        (HistoryFilter(since=date(2026, 11, 20), until=date(2026, 11, 20)), [2]),
        (HistoryFilter("bert", since=date(2026, 11, 21)), [1, 4]),
        (HistoryFilter(since=date(2027, 1, 1)), []),
    ],
)
def test_filter_by_player_and_dates(limits: HistoryFilter, expected: list[int]) -> None:
    assert ids(filtered(everything(), limits)) == expected


@pytest.mark.parametrize(
    ("column", "ascending"),
    [
        # By the moment stored: the evening sitting (local 22 Nov) after the morning one.
        (Column.DATE, [3, 2, 4, 1]),
        (Column.TITLE, [2, 4, 3, 1]),  # no title first (stable), then "=cmd", "Christmas"
        (Column.PLACE, [2, 3, 4, 1]),
        (Column.VARIANT, [3, 2, 1, 4]),  # Cutthroat, Partnership, Two players
        (Column.PLAYERS, [2, 1, 4, 3]),  # "Anna & Bert…", "Anna–Bert", "Bert–Carla", "Erik…"
        (Column.HANDS, [1, 3, 4, 2]),  # 9 < 33 < 100 < 120: numbers, not text
        (Column.RUBBERS, [4, 1, 3, 2]),  # 0 < 1 < 2 < 12
        (Column.RESULT, [4, 2, 3, 1]),  # the leader's margin: level 0, 40, 50, 120
    ],
)
def test_sort_by_each_column(column: Column, ascending: list[int]) -> None:
    assert ids(sorted_rows(everything(), column)) == [*ascending, 5]  # the damaged one last
    descending = sorted_rows(everything(), column, descending=True)
    assert ids(descending)[-1] == 5
    if column not in (Column.TITLE, Column.PLACE, Column.VARIANT):  # no ties: simply the reverse
        assert ids(descending) == [*reversed(ascending), 5]


def test_equal_keys_keep_their_order_both_ways() -> None:
    rows = history_rows([info(n, "2026-11-21 12:00:00", hands=5) for n in (7, 3, 9)])
    assert ids(sorted_rows(rows, Column.HANDS)) == [7, 3, 9]
    assert ids(sorted_rows(rows, Column.HANDS, descending=True)) == [7, 3, 9]


def test_csv_of_the_rows_shown() -> None:
    shown = sorted_rows(
        filtered(everything(), HistoryFilter(since=date(2026, 10, 1))), Column.HANDS
    )
    text = history_csv(shown)
    header, *table = list(csv.reader(io.StringIO(text)))
    assert header[: len(CSV_COLUMNS)] == list(CSV_COLUMNS)
    assert text.endswith("\r\n")
    rows = [row[: len(CSV_COLUMNS)] for row in table]
    assert rows == [
        [
            "1",
            "2026-11-22",
            "Christmas",
            "Berlin",
            "two-player",
            "Anna–Bert",
            "9",
            "1",
            "Anna +120",
            "Anna",
            "120",
        ],
        [
            "3",
            "2026-10-02",
            "'=cmd|' /C calc'!A0",  # a spreadsheet would run it: neutralised
            "",
            "cutthroat",
            "Erik, Fritz, Greta, Hanna",
            "33",
            "2",
            "Erik +50, Fritz -10, Greta +20, Hanna -60",
            "Erik",
            "50",
        ],
        ["4", "2026-11-21", "", "", "two-player", "Bert–Carla", "100", "0", "level", "", "0"],
        [
            "2",
            "2026-11-20",
            "",
            "",
            "partnership",
            "Anna & Bert – Carl & Dora",
            "120",
            "12",
            "Carl & Dora +40",
            "Carl & Dora",
            "40",
        ],
    ]
    # Then each side's or player's result under its name, a number: + ahead, - behind.
    names = ["Anna", "Bert", "Erik", "Fritz", "Greta", "Hanna", "Carla", "Anna & Bert"]
    assert header[len(CSV_COLUMNS) :] == [f"{name}: result" for name in [*names, "Carl & Dora"]]
    assert [row[len(CSV_COLUMNS) :] for row in table] == [
        ["120", "-120", "", "", "", "", "", "", ""],
        ["", "", "50", "-10", "20", "-60", "", "", ""],
        ["", "0", "", "", "", "", "0", "", ""],
        ["", "", "", "", "", "", "", "-40", "40"],
    ]


def test_a_damaged_sitting_in_the_csv_says_why() -> None:
    line = history_csv([history_row(DAMAGED)]).splitlines()[1]
    assert line == "5,–,,,–,–,0,0,damaged: its text is not readable,,"


def test_the_file_is_utf8_with_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "history.csv"
    write_history_csv(everything()[:1], path)
    raw = path.read_bytes()
    assert raw.startswith("\ufeff".encode())
    line = path.read_text(encoding=CSV_ENCODING).splitlines()[1]
    assert line.endswith("Anna +120,Anna,120,120,-120")


@pytest.mark.usefixtures("german")
def test_in_german_the_table_speaks_german_and_the_csv_stays_as_it_is() -> None:
    rows = everything()
    assert texts(rows[0])[0] == "22.11.2026"  # the date as German writes it
    assert heading(Column.HANDS) == "Spiele"
    assert heading(Column.RUBBERS) == "Robber"
    text = history_csv(rows[:1])
    assert text.splitlines()[0] == ",".join((*CSV_COLUMNS, "Anna: result", "Bert: result"))
    [row] = list(csv.reader(io.StringIO(text)))[1:]
    assert row[1:5] == ["2026-11-22", "Christmas", "Berlin", "two-player"]


def test_the_csv_is_the_same_in_german_and_english() -> None:
    level = info(6, "2026-11-22 20:00:00", net=(None, 0))
    rows = [history_row(level), *everything()]
    english = history_csv(rows)
    use_language("de")
    german_rows = [history_row(level), *everything()]
    assert german_rows[0].text(Column.RESULT) != rows[0].text(Column.RESULT)  # shown German
    assert history_csv(german_rows) == english
    assert ",level,,0,0,0," in english.splitlines()[1]  # lead 0; Anna 0, Bert 0
