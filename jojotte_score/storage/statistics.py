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
Those rows are read, scored and stored by :mod:`~jojotte_score.storage.stored_figures`, on a
connection; this module sums them for a period, over a store of sittings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from typing import Final

from jojotte_score.core.stats import PlayerStats, by_name_order, counted_seats
from jojotte_score.storage import stored_figures, summary
from jojotte_score.storage.figure_rows import figures_from_row, figures_row
from jojotte_score.storage.sitting_rows import StoredSitting, reading_sitting
from jojotte_score.storage.sittings import SittingStore


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
        if self.first is None and self.last is None:
            return True  # all time: no date to work out (1,500 sittings: 3 ms at each reading)
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
    return PeriodFigures().period_stats(store, period, zone)


class PeriodFigures:
    """Reads a period's figures again and again (the open Statistics tab, after each
    recorded hand), keeping each sitting's local date and counted figures with the version
    they are of: a later reading reads only the sittings changed since, and sums.

    Measured at 1,500 sittings of 40 hands on a busy machine (benchmarks/bench_statistics.py):
    every sitting's stored rows, players and dates read again after a recorded hand took
    127-139 ms, only the changed sitting's 18-29 ms.
    """

    def __init__(self) -> None:
        self._store: SittingStore | None = None
        self._zone: tzinfo | None = None
        self._kept: dict[int, _Kept] = {}

    def period_stats(
        self, store: SittingStore | None, period: Period = ALL_TIME, zone: tzinfo | None = None
    ) -> PeriodStats:
        """As :func:`period_stats`, reading only the sittings changed since the last call
        (all of them for a store or a time zone not read before)."""
        if store is None:
            return PeriodStats(period, 0, ())
        if store is not self._store or zone is not self._zone:
            self._store, self._zone, self._kept = store, zone, {}
        kept = self._kept
        connection = store.database.connection
        rows = connection.execute(
            "SELECT id, revision, updated, players, created FROM sitting ORDER BY id"
        ).fetchall()
        changed: list[tuple[int, _Version, str]] = []
        within: list[int] = []
        for sitting_id, revision, updated, players, created in rows:
            version = (revision, updated, players)
            held = kept.get(sitting_id)
            if held is None or held.version != version:
                changed.append((sitting_id, version, created))
            elif period.contains(held.day):
                if held.counted is None:  # kept outside the periods read so far
                    changed.append((sitting_id, version, created))
                else:
                    within.append(sitting_id)
        if changed:
            within.extend(self._read(store, changed, period))
        # Each player's rows gathered and summed column by column, his figures made once at
        # the end: 3,000 stored seats summed as PlayerStats took 75 ms of 110 ms (profiled,
        # 1,500 sittings), row by row 16 ms of 63 ms.
        rows_of: dict[str, list[Sequence[int]]] = {}
        for sitting_id in within:
            for name, row in kept[sitting_id].counted or ():
                rows_of.setdefault(name, []).append(row)
        figures = tuple(
            figures_from_row([sum(column) for column in zip(*rows, strict=True)], name, len(rows))
            for name, rows in ((name, rows_of[name]) for name in by_name_order(rows_of))
        )
        return PeriodStats(period, len(within), figures)

    def _read(
        self, store: SittingStore, changed: list[tuple[int, _Version, str]], period: Period
    ) -> list[int]:
        """Keep the date and counted figures of each changed sitting (its stored rows, or
        scored again); the ids of those within ``period``."""
        connection = store.database.connection
        ids = [sitting_id for sitting_id, _version, _created in changed]
        few = len(ids) <= _FEW_SITTINGS and bool(self._kept)
        stored = stored_figures.stored_figure_rows(connection, ids if few else None)
        within = []
        for sitting_id, version, created in changed:
            with reading_sitting(sitting_id):
                day = datetime.fromisoformat(created).astimezone(self._zone).date()
            if not period.contains(day):  # its figures are read when a period holds it
                self._kept[sitting_id] = _Kept(version, day, None)
                continue
            with reading_sitting(sitting_id):
                players = summary.stored_players(version[2])
            seats: Sequence[Sequence[int]] | None = stored.get(sitting_id)
            if seats is None or len(seats) != len(players):
                seats = [figures_row(seat) for seat in _score_again(store, sitting_id)]
            counted = [(name, seats[seat]) for seat, name in counted_seats(players)]
            self._kept[sitting_id] = _Kept(version, day, counted)
            within.append(sitting_id)
        return within


# What a kept sitting's figures are of: its revision, last change and players as stored.
_Version = tuple[object, object, str]


@dataclass(frozen=True, slots=True)
class _Kept:
    """A sitting's local date and counted seats (each with the name it counts under and
    its figures; None until a period holds it), as read at ``version``."""

    version: _Version
    day: date
    counted: list[tuple[str, Sequence[int]]] | None


_FEW_SITTINGS: Final = 50
"""Up to this many changed sittings have their rows read by id; more, the whole table's."""


def _score_again(store: SittingStore, sitting_id: int) -> tuple[PlayerStats, ...]:
    """A sitting's figures scored from its hands; stored unless the database is read-only."""
    with reading_sitting(sitting_id):
        if store.database.read_only:
            return stored_figures.seat_figures_of(store.database.connection, sitting_id)
        with store.database.transaction() as writing:
            return stored_figures.refresh_seat_figures(writing, sitting_id)
