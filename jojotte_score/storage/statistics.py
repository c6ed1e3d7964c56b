"""Player statistics over the stored sittings created within a period: what
``jojotte-score stats`` prints (over all time) and what the Statistics tab shows (over the
period chosen).

A period is a span of local calendar dates, both ends included, as the sittings list shows
a sitting's date: a sitting stored at 23:30 UTC on New Year's Eve belongs to the 1st of
January wherever the clock is an hour or more ahead of UTC.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, tzinfo

from jojotte_score.core.stats import PlayerStats, player_stats
from jojotte_score.storage.sittings import SittingStore, StoredSitting


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
    variants; none when there is no store (no database yet). A damaged sitting within the
    period raises :class:`~jojotte_score.storage.errors.DamagedSittingError`."""
    if store is None:
        return PeriodStats(period, 0, ())
    found = sittings_created(store, period, zone)
    figures = player_stats(stored.sitting for stored in found)
    return PeriodStats(period, len(found), tuple(figures))
