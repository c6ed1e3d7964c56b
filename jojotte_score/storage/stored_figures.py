"""The figures cached from each sitting's hands for the statistics, read and written on a
connection: each seat's figures (the ``seat_figures`` table, schema 5) and the summary they
are scored on from (its figures before the newest rubber's start).

This is what the upgrade to schema 10 and a restore fill the caches with, and what the
period statistics (:mod:`jojotte_score.storage.statistics`) read and score again, below the
store of sittings: nothing here needs a :class:`~jojotte_score.storage.sittings.SittingStore`
or the database it opens, only a connection, so the schema's migrations and the backups
sit above it and the store and the statistics above them.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Sequence
from typing import Final

from jojotte_score.core.stats import PlayerStats, sitting_stats
from jojotte_score.storage import summary
from jojotte_score.storage.errors import DamagedSittingError
from jojotte_score.storage.figure_rows import FIGURE_COLUMNS, figures_from_row, figures_row
from jojotte_score.storage.rows import checksums_kept, row_checksum
from jojotte_score.storage.sitting_rows import reading_sitting

_WHOLE_NUMBERS: Final = " AND ".join(f"typeof(f.{c}) = 'integer'" for c in FIGURE_COLUMNS)


def stored_seat_figures(connection: sqlite3.Connection) -> dict[int, tuple[PlayerStats, ...]]:
    """Each sitting's stored figures of its current revision, seat by seat; a sitting
    whose figures are of an older revision, or missing, is not there."""
    return {
        sitting_id: tuple(figures_from_row(row) for row in rows)
        for sitting_id, rows in stored_figure_rows(connection).items()
    }


def stored_figure_rows(
    connection: sqlite3.Connection, sitting_ids: Sequence[int] | None = None
) -> dict[int, list[tuple[int, ...]]]:
    """Each sitting's stored rows of figures (:data:`FIGURE_COLUMNS`) of its current
    revision, seat by seat (of the sittings given, or all); a sitting whose rows are of an
    older revision, missing, or not whole numbers, is not there (its figures are scored
    again)."""
    only = ""
    if sitting_ids is not None:
        only = f"AND f.sitting_id IN ({', '.join('?' * len(sitting_ids))}) "
    rows = connection.execute(
        f"SELECT f.sitting_id, f.checksum, f.seat, f.revision, "
        f"{', '.join('f.' + c for c in FIGURE_COLUMNS)} "
        "FROM seat_figures f JOIN sitting s ON s.id = f.sitting_id AND s.revision = f.revision "
        # A row that is not whole numbers is left out, so its sitting lacks a seat (checked
        # here rather than in Python: 16 of 76 ms, profiled at 1,500 sittings).
        f"WHERE {_WHOLE_NUMBERS} {only}"
        "ORDER BY f.sitting_id, f.seat",
        tuple(sitting_ids or ()),
    )
    found: dict[int, list[tuple[int, ...]]] = {}
    broken: set[int] = set()
    for sitting_id, checksum, *row in rows.fetchall():
        seats = found.setdefault(sitting_id, [])
        seat, _revision, *numbers = row
        # A seat left out or missing, or a row changed behind the app's back.
        if seat != len(seats) or checksum != _figures_checksum(sitting_id, row):
            broken.add(sitting_id)
        seats.append(tuple(numbers))
    return {sitting_id: rows for sitting_id, rows in found.items() if sitting_id not in broken}


def _figures_checksum(sitting_id: int, row: Sequence[object]) -> str:
    """The checksum of a row of seat_figures: its seat, revision and figures, in order."""
    return row_checksum("seat_figures", sitting_id, row)


def seat_figures_of(connection: sqlite3.Connection, sitting_id: int) -> tuple[PlayerStats, ...]:
    """Each seat's figures in the stored sitting: those kept for the rubbers before its
    newest rubber's start plus those of the hands from there on, scored. With the summary
    stale (a read-only database), the start is the latest stored one that still fits the
    stored hands; with none, every hand is scored."""
    return summary.seat_figures(connection, sitting_id)


def refresh_seat_figures(
    connection: sqlite3.Connection, sitting_id: int
) -> tuple[PlayerStats, ...]:
    """Score the sitting's figures from its newest rubber's start (the summary rebuilt
    first when stale) and store them as those of its current revision (inside a write
    transaction)."""
    if summary.fresh(connection, sitting_id) is None:
        summary.refresh(connection, sitting_id)
    return _store_seat_figures(connection, sitting_id, seat_figures_of(connection, sitting_id))


def _store_seat_figures(
    connection: sqlite3.Connection, sitting_id: int, seats: tuple[PlayerStats, ...]
) -> tuple[PlayerStats, ...]:
    """Store ``seats`` as the sitting's figures of its current revision."""
    connection.execute("DELETE FROM seat_figures WHERE sitting_id = ?", (sitting_id,))
    revision = connection.execute(
        "SELECT revision FROM sitting WHERE id = ?", (sitting_id,)
    ).fetchone()[0]
    rows = [(seat, revision, *figures_row(figures)) for seat, figures in enumerate(seats)]
    kept = checksums_kept(connection)  # not while an upgrade before schema 10 fills it
    connection.executemany(
        f"INSERT INTO seat_figures (sitting_id, seat, revision, {', '.join(FIGURE_COLUMNS)}"
        f"{', checksum' if kept else ''}) "
        f"VALUES (?, ?, ?, {', '.join('?' * len(FIGURE_COLUMNS))}{', ?' if kept else ''})",
        [
            (sitting_id, *row, *([_figures_checksum(sitting_id, row)] if kept else []))
            for row in rows
        ],
    )
    return seats


def fill_seat_figures(connection: sqlite3.Connection) -> None:
    """Store the figures of every sitting that can be read and has none (all of them in the
    upgrade to schema 10, which empties the cache first, in its transaction; a restore),
    each replayed from its first hand. A
    damaged sitting is left without: it is named when its figures are read."""
    for (sitting_id,) in connection.execute(
        "SELECT id FROM sitting WHERE id NOT IN (SELECT sitting_id FROM seat_figures) ORDER BY id"
    ).fetchall():
        with contextlib.suppress(DamagedSittingError), reading_sitting(sitting_id):
            stats = sitting_stats(summary.stored_sitting(connection, sitting_id))
            _store_seat_figures(connection, sitting_id, stats)


def fill_summary(connection: sqlite3.Connection) -> None:
    """Rebuild the summary of every sitting that can be read, with the figures before its
    checkpoint and its rubbers' starts (the upgrade to schema 10, in its transaction). A
    damaged sitting is left without: its summary is rebuilt, or it is named, when it is
    read."""
    for (sitting_id,) in connection.execute("SELECT id FROM sitting ORDER BY id").fetchall():
        with contextlib.suppress(DamagedSittingError), reading_sitting(sitting_id):
            summary.refresh(connection, sitting_id)
