"""Checking the database against its hands (`jojotte-score check [--repair]`).

The hands are the truth; everything else the database keeps about a sitting is derived from
them and cached (the summary, the rubbers' starts, each seat's figures for the statistics).
:func:`check_sitting` scores a sitting again from its first hand, trusting no cached row,
and names every cached value that does not agree, and any hand out of its place (a gap in
the positions, a position below 0). :func:`repair_sitting` numbers the hands again in their
order (none is lost) and rebuilds every cache of the sitting from the hands.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from typing import NamedTuple

from jojotte_score.i18n import _
from jojotte_score.storage import summary
from jojotte_score.storage.errors import DamagedSittingError
from jojotte_score.storage.figure_rows import FIGURE_COLUMNS, figures_row
from jojotte_score.storage.sitting_rows import reading_sitting


class Finding(NamedTuple):
    """One thing in a sitting's stored rows that does not agree with its hands."""

    sitting_id: int
    text: str


def sitting_ids(connection: sqlite3.Connection) -> list[int]:
    """Every stored sitting's id, in order."""
    return [int(row[0]) for row in connection.execute("SELECT id FROM sitting ORDER BY id")]


def check_sitting(connection: sqlite3.Connection, sitting_id: int) -> list[Finding]:
    """What in the sitting's stored rows does not agree with its hands; empty when all does.
    A sitting whose hands cannot be read at all is one finding, saying why."""
    found = [Finding(sitting_id, text) for text in _position_problems(connection, sitting_id)]
    if found:
        return found  # the figures are checked once the hands are in order
    try:
        with reading_sitting(sitting_id):
            truth = summary.scored_from(connection, sitting_id)
            seats = _true_seat_rows(connection, sitting_id)
    except DamagedSittingError as error:
        return [Finding(sitting_id, error.detail)]
    texts = [
        *_summary_differences(connection, sitting_id, truth),
        *_start_differences(connection, sitting_id, truth),
        *_seat_differences(connection, sitting_id, seats),
    ]
    return [Finding(sitting_id, text) for text in texts]


def repair_sitting(connection: sqlite3.Connection, sitting_id: int) -> None:
    """Number the sitting's hands 0, 1, 2, ... in their stored order (keeping every hand)
    and rebuild its summary, rubber starts and figures from the hands (inside a write
    transaction; the sitting's revision moves on when its hands were renumbered)."""
    from jojotte_score.storage.stored_figures import refresh_seat_figures

    rows = connection.execute(
        "SELECT position, data FROM hand WHERE sitting_id = ? ORDER BY position", (sitting_id,)
    ).fetchall()
    if [position for position, _data in rows] != list(range(len(rows))):
        connection.execute("DELETE FROM hand WHERE sitting_id = ?", (sitting_id,))
        connection.executemany(
            "INSERT INTO hand (sitting_id, position, data) VALUES (?, ?, ?)",
            [(sitting_id, position, data) for position, (_old, data) in enumerate(rows)],
        )
        connection.execute("UPDATE sitting SET revision = revision + 1 WHERE id = ?", (sitting_id,))
    for table in ("summary", "rubber_start", "seat_figures", "record_facts"):
        connection.execute(f"DELETE FROM {table} WHERE sitting_id = ?", (sitting_id,))
    with reading_sitting(sitting_id):
        summary.refresh(connection, sitting_id)
        refresh_seat_figures(connection, sitting_id)


def _position_problems(connection: sqlite3.Connection, sitting_id: int) -> Iterator[str]:
    positions = [
        int(row[0])
        for row in connection.execute(
            "SELECT position FROM hand WHERE sitting_id = ? ORDER BY position", (sitting_id,)
        )
    ]
    if positions == list(range(len(positions))):
        return
    expected = next(index for index, found in enumerate(positions) if found != index)
    yield summary.damaged_positions(expected, positions[expected])


def _summary_differences(
    connection: sqlite3.Connection, sitting_id: int, truth: summary.Scored
) -> Iterator[str]:
    """The current summary's values that differ from the hands' (a stale or missing
    summary is never believed, so it is no difference)."""
    stored = connection.execute(
        f"SELECT {', '.join('m.' + c for c in summary.SCORED_VALUES)} FROM summary m "
        "JOIN sitting s ON s.id = m.sitting_id AND s.revision = m.revision "
        "WHERE m.sitting_id = ?",
        (sitting_id,),
    ).fetchone()
    if stored is None:
        return
    expected = summary.scored_values(truth.figures)
    for column, value, right in zip(summary.SCORED_VALUES, stored, expected, strict=True):
        if _value(value, right) != right:
            message = _("the summary's {column} is {stored}; the hands give {computed}")
            yield message.format(column=column, stored=_shown(value), computed=_shown(right))


def _start_differences(
    connection: sqlite3.Connection, sitting_id: int, truth: summary.Scored
) -> Iterator[str]:
    """Each kept rubber start that differs from the hands' (or is of no rubber they have)."""
    right = {start.checkpoint.rubber: summary.start_values(start) for start in truth.starts}
    rows = connection.execute(
        f"SELECT rubber, {', '.join(summary.START_VALUES)} FROM rubber_start WHERE sitting_id = ? "
        "ORDER BY rubber",
        (sitting_id,),
    )
    for rubber, *stored in rows.fetchall():
        expected = right.get(rubber)
        if expected is None:
            message = _("a start is kept for rubber {rubber}, which the hands do not have")
            yield message.format(rubber=rubber)
            continue
        for column, value, good in zip(summary.START_VALUES, stored, expected, strict=True):
            if _value(value, good) != good:
                message = _(
                    "rubber {rubber}'s start: its {column} is {stored}; the hands give {computed}"
                )
                yield message.format(
                    rubber=rubber, column=column, stored=_shown(value), computed=_shown(good)
                )


def _true_seat_rows(connection: sqlite3.Connection, sitting_id: int) -> list[tuple[int, ...]]:
    from jojotte_score.core.stats import sitting_stats  # as the statistics import it

    sitting = summary.stored_sitting(connection, sitting_id)
    return [figures_row(stats) for stats in sitting_stats(sitting)]


def _seat_differences(
    connection: sqlite3.Connection, sitting_id: int, right: list[tuple[int, ...]]
) -> Iterator[str]:
    """Each current row of figures for the statistics that differs from the hands'."""
    rows = connection.execute(
        f"SELECT f.seat, {', '.join('f.' + c for c in FIGURE_COLUMNS)} FROM seat_figures f "
        "JOIN sitting s ON s.id = f.sitting_id AND s.revision = f.revision "
        "WHERE f.sitting_id = ? ORDER BY f.seat",
        (sitting_id,),
    )
    for seat, *stored in rows.fetchall():
        if not 0 <= seat < len(right):
            yield _("figures are kept for seat {seat}, which the sitting does not have").format(
                seat=seat + 1
            )
            continue
        for column, value, good in zip(FIGURE_COLUMNS, stored, right[seat], strict=True):
            if value != good:
                message = _(
                    "seat {seat}'s figures: its {column} is {stored}; the hands give {computed}"
                )
                yield message.format(
                    seat=seat + 1, column=column, stored=_shown(value), computed=_shown(good)
                )


def _value(stored: object, expected: object) -> object:
    """A stored value as the hands' value is written: JSON lists read back."""
    if isinstance(expected, list) and isinstance(stored, str):
        try:
            return json.loads(stored)
        except ValueError:
            return stored
    return stored


def _shown(value: object) -> str:
    text = "NULL" if value is None else json.dumps(value) if isinstance(value, list) else str(value)
    return text if len(text) <= 60 else text[:59] + "…"
