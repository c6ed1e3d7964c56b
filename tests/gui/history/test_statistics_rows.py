"""The Statistics tab's rows, sort order and periods, without Qt: the cells a player
compares with `jojotte-score stats`, and the dates each period choice covers."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from jojotte_score.core.stats import ContractCount, PlayerStats
from jojotte_score.gui.history.statistics_rows import (
    PeriodChoice,
    StatisticsColumn,
    StatisticsRow,
    period_of,
    period_summary,
    shrink_widths,
    sorted_rows,
    statistics_rows,
    two_lines,
)
from jojotte_score.stats_labels import STATS_HEADINGS
from jojotte_score.storage.database import Database
from jojotte_score.storage.statistics import Period, PeriodStats, period_stats
from tests.stored_examples import STATS_LINES, store_examples

TODAY = date(2026, 11, 23)
NOW = "2026-11-23"


@pytest.fixture
def rows(tmp_path: Path) -> Iterator[list[StatisticsRow]]:
    """The rows of the four worked examples over all time."""
    with Database.open(tmp_path / "sittings.sqlite3") as database:
        yield statistics_rows(period_stats(store_examples(database)).players)


def names(rows: list[StatisticsRow]) -> list[str]:
    return [row.player.name for row in rows]


def test_the_rows_are_the_lines_of_the_stats_command(rows: list[StatisticsRow]) -> None:
    assert [column.heading for column in StatisticsColumn] == list(STATS_HEADINGS)
    assert {row.player.name: list(row.cells) for row in rows} == {
        name: line.split() for name, line in STATS_LINES.items()
    }
    assert names(rows) == ["A", "Anna", "B", "Bert", "Carl", "Dave"]


@pytest.mark.parametrize(
    ("column", "descending", "order"),
    [
        (StatisticsColumn.NET, True, ["Anna", "Carl", "A", "B", "Bert", "Dave"]),
        (StatisticsColumn.NET, False, ["Dave", "Bert", "B", "A", "Carl", "Anna"]),
        # +306.0, +203.0, +100.0, -79.0, -100.0, -2150.0
        (StatisticsColumn.AVERAGE, True, ["Anna", "Carl", "A", "Bert", "B", "Dave"]),
        # Melds per hand 10.0, 8.3, 7.5, 1.4, then Anna and Dave with 0.0, by name.
        (StatisticsColumn.MELDS, True, ["B", "A", "Carl", "Bert", "Anna", "Dave"]),
        # Contracts made: Carl 7, Anna 4, then 1 each: B of 2 before A and Bert of 4 and 5.
        (StatisticsColumn.CONTRACTS, True, ["Carl", "Anna", "B", "A", "Bert", "Dave"]),
        # Defeated/defended: 5/9, 3/4, 2/3 before 2/9, 1/2, 0/0.
        (StatisticsColumn.DEFENDED, True, ["Anna", "B", "Carl", "Bert", "A", "Dave"]),
        # Sittings: the three who sat in three, then A, B and Dave, each by name.
        (StatisticsColumn.SITTINGS, True, ["Anna", "Bert", "Carl", "A", "B", "Dave"]),
        (StatisticsColumn.PLAYER, True, ["Dave", "Carl", "Bert", "B", "Anna", "A"]),
    ],
    ids=["net", "net up", "average", "melds", "contracts", "defended", "sittings", "names"],
)
def test_sorting_by_a_column(
    rows: list[StatisticsRow], column: StatisticsColumn, descending: bool, order: list[str]
) -> None:
    assert names(sorted_rows(rows, column, descending)) == order


@pytest.mark.parametrize("descending", [False, True], ids=["ascending", "descending"])
def test_a_player_without_a_finished_rubber_sorts_last_either_way(descending: bool) -> None:
    """Eve sat in one sitting that is still in its first rubber: no average, "–"."""
    eve = PlayerStats("Eve", sittings=1, rubbers_unfinished=1, net_points=150)
    finn = PlayerStats("Finn", sittings=1, rubbers_played=1, finished_net_points=-40)
    gus = PlayerStats("gus", sittings=1, rubbers_played=2, finished_net_points=200)
    rows = statistics_rows([eve, finn, gus])
    assert rows[0].cells[StatisticsColumn.AVERAGE] == "–"
    assert rows[0].cells[StatisticsColumn.MELDS] == "–"
    ordered = names(sorted_rows(rows, StatisticsColumn.AVERAGE, descending))
    assert ordered == (["gus", "Finn", "Eve"] if descending else ["Finn", "gus", "Eve"])


def test_made_counts_before_declared() -> None:
    """Of two players who made two Slams, the one who bid fewer sorts first."""
    careful = PlayerStats("Ida", slam=ContractCount(declared=2, made=2))
    bold = PlayerStats("Hal", slam=ContractCount(declared=5, made=2))
    lucky = PlayerStats("Jo", slam=ContractCount(declared=9, made=3))
    ordered = sorted_rows(statistics_rows([bold, careful, lucky]), StatisticsColumn.SLAM, True)
    assert [row.cells[StatisticsColumn.SLAM] for row in ordered] == ["3/9", "2/2", "2/5"]


def day(text: str | None) -> date | None:
    """A date written as the table shows it ("2026-06-01"), or no date."""
    return None if text is None else date.fromisoformat(text)


@pytest.mark.parametrize(
    ("choice", "today", "custom", "dates"),
    [
        (PeriodChoice.ALL_TIME, NOW, (None, None), (None, None)),
        (PeriodChoice.THIS_YEAR, NOW, (None, None), ("2026-01-01", "2026-11-23")),
        (PeriodChoice.THIS_YEAR, "2027-01-01", (None, None), ("2027-01-01", "2027-01-01")),
        (PeriodChoice.LAST_12_MONTHS, NOW, (None, None), ("2025-11-24", "2026-11-23")),
        # After a 29th of February, the 12 months start on the 1st of March.
        (PeriodChoice.LAST_12_MONTHS, "2028-02-29", (None, None), ("2027-03-01", "2028-02-29")),
        (PeriodChoice.LAST_12_MONTHS, "2028-03-01", (None, None), ("2027-03-02", "2028-03-01")),
        (PeriodChoice.CUSTOM, NOW, ("2026-06-01", "2026-06-30"), ("2026-06-01", "2026-06-30")),
        # Dates given the wrong way round still mean the days between them.
        (PeriodChoice.CUSTOM, NOW, ("2026-06-30", "2026-06-01"), ("2026-06-01", "2026-06-30")),
        (PeriodChoice.CUSTOM, NOW, ("2026-06-01", None), ("2026-06-01", None)),
        # The custom dates are ignored by the other choices.
        (PeriodChoice.ALL_TIME, NOW, ("2026-06-01", "2026-06-30"), (None, None)),
    ],
    ids=["all", "year", "new year's day", "12 months", "leap day", "after leap day", "custom",
         "custom reversed", "custom open", "all ignores dates"],
)  # fmt: skip
def test_the_dates_of_each_period(
    choice: PeriodChoice,
    today: str,
    custom: tuple[str | None, str | None],
    dates: tuple[str | None, str | None],
) -> None:
    first, last = custom
    today_date = date.fromisoformat(today)
    expected = Period(day(dates[0]), day(dates[1]))
    assert period_of(choice, today_date, day(first), day(last)) == expected


@pytest.mark.parametrize(
    ("period", "sittings", "text"),
    [
        (Period(), 0, "No sittings stored yet."),
        (Period(), 1, "1 sitting in all."),
        (Period(), 4, "4 sittings in all."),
        (Period(date(2026, 1, 1), TODAY), 3, "3 sittings stored from 2026-01-01 to 2026-11-23."),
        (Period(date(2026, 1, 1), TODAY), 1, "1 sitting stored from 2026-01-01 to 2026-11-23."),
        (Period(date(2026, 1, 1), TODAY), 0, "No sitting was stored from 2026-01-01 to 2026-11-23."),  # noqa: E501
        (Period(date(2026, 6, 1), None), 2, "2 sittings stored since 2026-06-01."),
        (Period(None, date(2026, 6, 1)), 0, "No sitting was stored until 2026-06-01."),
    ],
)  # fmt: skip
def test_the_summary_line(period: Period, sittings: int, text: str) -> None:
    assert period_summary(PeriodStats(period, sittings, ())) == text


def test_every_heading_says_what_it_counts() -> None:
    tips = [column.tip for column in StatisticsColumn]
    assert all(tip.endswith(".") for tip in tips)
    assert len(set(tips)) == len(tips)
    assert StatisticsColumn.DEFENDED.tip == "Contracts played against: defeated/defended."


@pytest.mark.usefixtures("german")
@pytest.mark.parametrize(
    ("period", "sittings", "text"),
    [
        (Period(), 0, "Noch keine Sitzungen gespeichert."),
        (Period(), 1, "1 Sitzung insgesamt."),
        (Period(), 4, "4 Sitzungen insgesamt."),
        (Period(date(2026, 1, 1), TODAY), 3, "3 Sitzungen vom 01.01.2026 bis zum 23.11.2026 gespeichert."),  # noqa: E501
        (Period(date(2026, 1, 1), TODAY), 1, "1 Sitzung vom 01.01.2026 bis zum 23.11.2026 gespeichert."),  # noqa: E501
        (Period(date(2026, 1, 1), TODAY), 0, "Vom 01.01.2026 bis zum 23.11.2026 wurde keine Sitzung gespeichert."),  # noqa: E501
        (Period(date(2026, 6, 1), None), 2, "2 Sitzungen seit dem 01.06.2026 gespeichert."),
        (Period(None, date(2026, 6, 1)), 0, "Bis zum 01.06.2026 wurde keine Sitzung gespeichert."),
    ],
)  # fmt: skip
def test_the_summary_line_in_german(period: Period, sittings: int, text: str) -> None:
    assert period_summary(PeriodStats(period, sittings, ())) == text


@pytest.mark.usefixtures("german")
def test_the_periods_and_tips_in_german() -> None:
    assert [choice.label for choice in PeriodChoice] == [
        "Gesamter Zeitraum",
        "Dieses Jahr",
        "Letzte 12 Monate",
        "Von … bis …",
    ]
    assert StatisticsColumn.NULLO.tip == "Null-Kontrakte: erfüllt/angesagt."


@pytest.mark.parametrize(
    ("heading", "shown"),
    [
        ("Ohne Trumpf", "Ohne\nTrumpf"),
        ("Meld./Spiel", "Meld./\nSpiel"),
        ("Ø/Robber", "Ø/\nRobber"),
        ("No-trump", "No-\ntrump"),
        ("Avg/rubber", "Avg/\nrubber"),
        ("Verteidigt", "Verteidigt"),
        ("Zu Fall gebracht", "Zu Fall\ngebracht"),
        ("-", "-"),
    ],
)
def test_a_heading_breaks_where_its_longer_line_is_shortest(heading: str, shown: str) -> None:
    assert two_lines(heading) == shown


def test_columns_give_up_width_above_their_least_in_proportion() -> None:
    assert shrink_widths([100, 50, 80], [60, 50, 40], 200) == [85, 50, 65]
    assert sum(shrink_widths([100, 50, 80], [60, 50, 40], 200)) <= 200
    assert shrink_widths([100, 50, 80], [60, 50, 40], 300) == [100, 50, 80]  # room enough
    assert shrink_widths([100, 50, 80], [90, 50, 70], 150) == [100, 50, 80]  # cannot fit
