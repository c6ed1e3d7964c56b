"""Player statistics over the sittings stored within a period: the worked examples stored on
dates of their own, and the figures a player checks against `jojotte-score stats`."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from jojotte_score.core.stats import PlayerStats
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import DamagedSittingError
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import ALL_TIME, Period, period_stats, sittings_created
from tests.stored_examples import DATA, Clock, store_examples


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SittingStore]:
    """The four worked examples, stored on their dates (ids 1 to 4)."""
    with Database.open(tmp_path / "sittings.sqlite3") as database:
        yield store_examples(database)


def by_name(players: tuple[PlayerStats, ...]) -> dict[str, PlayerStats]:
    return {player.name: player for player in players}


def test_all_time_is_what_the_stats_command_sums(store: SittingStore) -> None:
    figures = period_stats(store)
    assert (figures.period, figures.sittings) == (ALL_TIME, 4)
    assert [player.name for player in figures.players] == ["A", "Anna", "B", "Bert", "Carl", "Dave"]
    players = by_name(figures.players)
    # The German example: A won the one rubber by 100 and made 1 of his 4 contracts.
    a = players["A"]
    assert (a.rubbers_played, a.rubbers_won, a.net_points) == (1, 1, 100)
    assert (str(a.contracts), str(a.nullo), (a.defeated, a.defended)) == ("1/4", "0/1", (1, 2))
    # The three games of individual players, as tests/cli/test_database_commands.py counts them.
    carl = players["Carl"]
    assert (carl.sittings, carl.rubbers_played, carl.rubbers_won) == (3, 5, 3)
    assert (carl.net_points, carl.average_rubber) == (1165, 203.0)
    assert (carl.hands_played, carl.meld_points, str(carl.contracts)) == (12, 90, "7/9")


@pytest.mark.parametrize(
    ("period", "ids", "anna_sittings"),
    [
        (Period(), [1, 2, 3, 4], 3),
        (Period(date(2026, 1, 1), date(2026, 12, 31)), [2, 3, 4], 3),
        (Period(date(2026, 1, 15), date(2026, 1, 15)), [2], 1),  # both ends included
        (Period(date(2026, 1, 16), date(2026, 11, 19)), [3], 1),
        (Period(None, date(2026, 1, 14)), [1], 0),  # only the German example
        (Period(date(2026, 11, 21), None), [], 0),
    ],
    ids=["all time", "2026", "one day", "between", "until", "from"],
)
def test_a_period_holds_only_the_sittings_stored_within_it(
    store: SittingStore, period: Period, ids: list[int], anna_sittings: int
) -> None:
    zone = UTC
    assert [stored.id for stored in sittings_created(store, period, zone)] == ids
    figures = period_stats(store, period, zone)
    assert figures.sittings == len(ids)
    anna = by_name(figures.players).get("Anna", PlayerStats("Anna"))
    assert anna.sittings == anna_sittings


def test_the_chouette_alone_is_anna_s_best_sitting(store: SittingStore) -> None:
    """Within June 2026 only the chouette counts: Anna, box and partner, won both rubbers
    (+1135, RULES.md's worked chouette), Carl lost 2285."""
    june = Period(date(2026, 6, 1), date(2026, 6, 30))
    figures = period_stats(store, june, UTC)
    players = by_name(figures.players)
    assert list(players) == ["Anna", "Bert", "Carl"]
    assert (players["Anna"].rubbers_won, players["Anna"].net_points) == (2, 1135)
    assert players["Carl"].net_points == -2285
    assert sum(player.net_points for player in figures.players) == 0


def test_the_date_is_the_local_one(store: SittingStore) -> None:
    """Stored at 23:30 UTC on the 31st of December, a sitting belongs to the new year an
    hour east of Greenwich and to the old one in UTC."""
    clock = Clock(datetime(2026, 12, 31, 23, 30, tzinfo=UTC))
    late = SittingStore(store.database, clock=clock).import_sitting(
        load_sitting(DATA / "german-example.json").sitting
    )
    new_year = Period(date(2027, 1, 1), date(2027, 1, 31))
    east = timezone(timedelta(hours=1))
    assert [stored.id for stored in sittings_created(store, new_year, east)] == [late]
    assert sittings_created(store, new_year, UTC) == []
    assert period_stats(store, new_year, east).sittings == 1


def test_no_database_has_no_figures() -> None:
    assert period_stats(None) == period_stats(None, ALL_TIME)
    assert (period_stats(None).sittings, period_stats(None).players) == (0, ())


def test_a_damaged_sitting_outside_the_period_is_not_read(store: SittingStore) -> None:
    """Only the sittings within the period are read: the chouette's damaged hands stop the
    figures of June 2026, not those of 2025; a date that cannot be read stops every period.
    (Changed behind the store's back, so that its figures must be scored from its hands:
    with them fresh, those the store keeps are summed and no hand is read.)"""
    connection = store.database.connection
    with store.database.transaction():
        connection.execute("UPDATE hand SET data = '{{' WHERE sitting_id = 3")
        connection.execute("UPDATE sitting SET revision = revision + 1 WHERE id = 3")
    in_2025 = Period(date(2025, 1, 1), date(2025, 12, 31))
    assert [player.name for player in period_stats(store, in_2025, UTC).players] == ["A", "B"]
    with pytest.raises(DamagedSittingError, match="sitting 3"):
        period_stats(store, Period(date(2026, 6, 1), date(2026, 6, 30)), UTC)
    with store.database.transaction():
        connection.execute("UPDATE sitting SET created = 'yesterday' WHERE id = 3")
    with pytest.raises(DamagedSittingError, match="sitting 3"):
        period_stats(store, in_2025, UTC)
