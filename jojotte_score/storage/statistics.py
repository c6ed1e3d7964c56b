"""Player statistics over the stored sittings created within a period: what
``jojotte-score stats`` prints (over all time) and what the Statistics tab shows (over the
period chosen).

A period is a span of local calendar dates, both ends included, as the sittings list shows
a sitting's date: a sitting stored at 23:30 UTC on New Year's Eve belongs to the 1st of
January wherever the clock is an hour or more ahead of UTC.

Nothing here replays history: storage keeps each seat's figures of each sitting (the
``seat_figures`` table, schema 5) beside the sitting's revision, as it keeps the summary,
and a period's figures are the sum of the stored ones. A recorded hand moves its sitting's
revision on, so only that sitting's figures are scored again, the next time they are read.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from typing import Final

from jojotte_score.core.stats import (
    ContractCount,
    PlayerStats,
    by_name_order,
    counted_seats,
    sitting_stats,
)
from jojotte_score.storage import summary
from jojotte_score.storage.errors import DamagedSittingError
from jojotte_score.storage.sittings import SittingStore, StoredSitting, reading_sitting


@dataclass(frozen=True, slots=True)
class Period:
    """The local dates from ``first`` to ``last``, both included; an end that is None is
    open, so ``Period()`` is all time."""

    first: date | None = None
    last: date | None = None

    def contains(self, day: date) -> bool:
        """Whether ``day`` lies within the period."""
        return (self.first is None or self.first <= day) and (self.last is None or day <= self.last)

    def holds(self, moment: datetime, zone: tzinfo | None = None) -> bool:
        """Whether a stored moment falls on a date within the period, the date taken in
        ``zone`` (the local time zone when None)."""
        return self.contains(moment.astimezone(zone).date())


ALL_TIME = Period()
"""Every sitting, however old or new."""


@dataclass(frozen=True, slots=True)
class PeriodStats:
    """Each player's figures over the sittings created within ``period``, ordered by name
    (see :func:`~jojotte_score.core.stats.player_stats`), and how many sittings those are."""

    period: Period
    sittings: int
    players: tuple[PlayerStats, ...]


def sittings_created(
    store: SittingStore, period: Period = ALL_TIME, zone: tzinfo | None = None
) -> list[StoredSitting]:
    """The stored sittings created within ``period`` (local dates, in ``zone`` when given),
    lowest id first. Only those sittings are read."""
    return [
        store.load(sitting_id)
        for sitting_id, created in store.created_dates()
        if period.holds(created, zone)
    ]


def period_stats(
    store: SittingStore | None, period: Period = ALL_TIME, zone: tzinfo | None = None
) -> PeriodStats:
    """Every player's figures over the sittings created within ``period``, of all five
    variants, summed from the figures stored for each sitting; none when there is no store
    (no database yet). Figures of an older revision (or none) are scored again from the
    sitting's hands, and stored unless the database is read-only. A damaged sitting within
    the period raises :class:`~jojotte_score.storage.errors.DamagedSittingError`."""
    if store is None:
        return PeriodStats(period, 0, ())
    within = [
        sitting_id for sitting_id, created in store.created_dates() if period.holds(created, zone)
    ]
    connection = store.database.connection
    stored = stored_figure_rows(connection)
    players = stored_player_lists(connection, within)
    # Each player's rows gathered and summed column by column, his figures made once at the
    # end: 3,000 stored seats summed as PlayerStats took 75 ms of 110 ms (profiled, 1,500
    # sittings), row by row 16 ms of 63 ms.
    rows_of: dict[str, list[Sequence[int]]] = {}
    for sitting_id in within:
        seats: Sequence[Sequence[int]] | None = stored.get(sitting_id)
        if seats is None or len(seats) != len(players[sitting_id]):
            seats = [figures_row(seat) for seat in _score_again(store, sitting_id)]
        for seat, name in counted_seats(players[sitting_id]):
            rows_of.setdefault(name, []).append(seats[seat])
    figures = tuple(
        figures_from_row([sum(column) for column in zip(*rows, strict=True)], name, len(rows))
        for name, rows in ((name, rows_of[name]) for name in by_name_order(rows_of))
    )
    return PeriodStats(period, len(within), figures)


def _score_again(store: SittingStore, sitting_id: int) -> tuple[PlayerStats, ...]:
    """A sitting's figures scored from its hands; stored unless the database is read-only."""
    with reading_sitting(sitting_id):
        if store.database.read_only:
            return seat_figures_of(store.database.connection, sitting_id)
        with store.database.transaction() as writing:
            return refresh_seat_figures(writing, sitting_id)


FIGURE_COLUMNS: Final = (
    "rubbers_played",
    "rubbers_won",
    "rubbers_unfinished",
    "net_points",
    "finished_net_points",
    "hands_played",
    "meld_points",
    "suit_declared",
    "suit_made",
    "no_trump_declared",
    "no_trump_made",
    "nullo_declared",
    "nullo_made",
    "slam_declared",
    "slam_made",
    "doubled_declared",
    "doubled_made",
    "defended",
    "defeated",
)
"""The ``seat_figures`` columns that hold one seat's figures, in the order of
:func:`figures_row` and :func:`figures_from_row`."""

_WHOLE_NUMBERS: Final = " AND ".join(f"typeof(f.{c}) = 'integer'" for c in FIGURE_COLUMNS)


def figures_row(figures: PlayerStats) -> tuple[int, ...]:
    """One seat's figures as the ``seat_figures`` row keeps them (:data:`FIGURE_COLUMNS`)."""
    counts = (figures.suit, figures.no_trump, figures.nullo, figures.slam, figures.doubled)
    return (
        figures.rubbers_played,
        figures.rubbers_won,
        figures.rubbers_unfinished,
        figures.net_points,
        figures.finished_net_points,
        figures.hands_played,
        figures.meld_points,
        *(number for count in counts for number in (count.declared, count.made)),
        figures.defended,
        figures.defeated,
    )


def figures_from_row(row: Sequence[int], name: str = "", sittings: int = 1) -> PlayerStats:
    """The figures of a stored row (:data:`FIGURE_COLUMNS`): one seat's in one sitting, or
    a sum of them, the figures of ``name`` over ``sittings`` sittings."""
    if len(row) != len(FIGURE_COLUMNS) or not all(type(number) is int for number in row):
        raise ValueError(f"the stored figures are not {len(FIGURE_COLUMNS)} numbers: {row!r}")
    (played, won, unfinished, net, finished_net, hands, melds, *counts, defended, defeated) = row
    suit, no_trump, nullo, slam, doubled = (
        ContractCount(counts[index], counts[index + 1]) for index in range(0, 10, 2)
    )
    return PlayerStats(
        name=name,
        sittings=sittings,
        rubbers_played=played,
        rubbers_won=won,
        rubbers_unfinished=unfinished,
        net_points=net,
        finished_net_points=finished_net,
        hands_played=hands,
        meld_points=melds,
        suit=suit,
        no_trump=no_trump,
        nullo=nullo,
        slam=slam,
        doubled=doubled,
        defended=defended,
        defeated=defeated,
    )


def stored_seat_figures(connection: sqlite3.Connection) -> dict[int, tuple[PlayerStats, ...]]:
    """Each sitting's stored figures of its current revision, seat by seat; a sitting
    whose figures are of an older revision, or missing, is not there."""
    return {
        sitting_id: tuple(figures_from_row(row) for row in rows)
        for sitting_id, rows in stored_figure_rows(connection).items()
    }


def stored_figure_rows(connection: sqlite3.Connection) -> dict[int, list[tuple[int, ...]]]:
    """Each sitting's stored rows of figures (:data:`FIGURE_COLUMNS`) of its current
    revision, seat by seat; a sitting whose rows are of an older revision, missing, or not
    whole numbers, is not there (its figures are scored again)."""
    rows = connection.execute(
        f"SELECT f.sitting_id, f.seat, {', '.join('f.' + c for c in FIGURE_COLUMNS)} "
        "FROM seat_figures f JOIN sitting s ON s.id = f.sitting_id AND s.revision = f.revision "
        # A row that is not whole numbers is left out, so its sitting lacks a seat (checked
        # here rather than in Python: 16 of 76 ms, profiled at 1,500 sittings).
        f"WHERE {_WHOLE_NUMBERS} "
        "ORDER BY f.sitting_id, f.seat"
    )
    found: dict[int, list[tuple[int, ...]]] = {}
    broken: set[int] = set()
    for sitting_id, seat, *numbers in rows.fetchall():
        seats = found.setdefault(sitting_id, [])
        if seat != len(seats):  # a seat left out or missing
            broken.add(sitting_id)
        seats.append(tuple(numbers))
    return {sitting_id: rows for sitting_id, rows in found.items() if sitting_id not in broken}


def stored_player_lists(
    connection: sqlite3.Connection, sitting_ids: Iterable[int]
) -> dict[int, tuple[str, ...]]:
    """The players of each of the sittings (read all at once; the ids not asked for are
    left out)."""
    wanted = set(sitting_ids)
    lists = {}
    for sitting_id, players in connection.execute("SELECT id, players FROM sitting").fetchall():
        if sitting_id in wanted:
            with reading_sitting(sitting_id):
                lists[sitting_id] = summary.stored_players(players)
    return lists


def seat_figures_of(connection: sqlite3.Connection, sitting_id: int) -> tuple[PlayerStats, ...]:
    """Each seat's figures in the stored sitting, scored from its hands."""
    return sitting_stats(summary.stored_sitting(connection, sitting_id))


def refresh_seat_figures(
    connection: sqlite3.Connection, sitting_id: int
) -> tuple[PlayerStats, ...]:
    """Score the sitting's figures from its hands and store them as those of its current
    revision (inside a write transaction)."""
    seats = seat_figures_of(connection, sitting_id)
    connection.execute("DELETE FROM seat_figures WHERE sitting_id = ?", (sitting_id,))
    connection.executemany(
        f"INSERT INTO seat_figures (sitting_id, seat, revision, {', '.join(FIGURE_COLUMNS)}) "
        f"SELECT id, ?, revision, {', '.join('?' * len(FIGURE_COLUMNS))} "
        "FROM sitting WHERE id = ?",
        [(seat, *figures_row(figures), sitting_id) for seat, figures in enumerate(seats)],
    )
    return seats


def fill_seat_figures(connection: sqlite3.Connection) -> None:
    """Store the figures of every sitting that can be read (the upgrade to schema 5, in its
    transaction). A damaged sitting is left without: it is named when its figures are read."""
    for (sitting_id,) in connection.execute("SELECT id FROM sitting ORDER BY id").fetchall():
        with contextlib.suppress(DamagedSittingError), reading_sitting(sitting_id):
            refresh_seat_figures(connection, sitting_id)
