"""The list of stored sittings: one line each, with its summary's figures, taken from the
summary when its checksum agrees and scored again from the hands when it does not; and the
same list read again and again, only its changed lines anew (:class:`KeptListing`)."""

import contextlib
import functools
import sqlite3
from datetime import UTC, datetime
from typing import Any, Final

from jojotte_score.core.games import all_games, find_game
from jojotte_score.i18n import _
from jojotte_score.storage import summary
from jojotte_score.storage.errors import DamagedSittingError, SittingNotFoundError
from jojotte_score.storage.sitting_rows import SittingInfo, SittingsDatabase, reading_sitting

_LINES: Final = (
    "SELECT s.id, s.variant, s.players, s.title, s.place, s.created, s.updated, m.checksum, "
    f"{', '.join('m.' + c for c in summary.SUMMARY_VALUES)}, m.revision IS s.revision AS fresh "
    "FROM sitting s LEFT JOIN summary m ON m.sitting_id = s.id"
)
"""The lines of the list of sittings: each sitting's details and its summary's values."""
_ORDER: Final = " ORDER BY s.updated DESC, s.id DESC"
_ALL: Final = _LINES + _ORDER
_ONE: Final = f"{_LINES} WHERE s.id = ?"
_MARKS: Final = (
    "SELECT s.id, s.variant, s.players, s.title, s.place, s.created, s.updated, m.checksum, "
    "m.revision IS s.revision AS fresh FROM sitting s LEFT JOIN summary m ON m.sitting_id = s.id"
    + _ORDER
)
"""What each line of the list is read from, but its summary's values, whose checksum stands
for them: a line whose mark has not changed is the line read before."""
_SUMMARY_AT: Final = 8  # where the summary's values begin in a line
_SUMMARY_END: Final = _SUMMARY_AT + len(summary.SUMMARY_VALUES)
_AT: Final = {name: index for index, name in enumerate(summary.SUMMARY_VALUES, _SUMMARY_AT)}


def list_sittings(database: SittingsDatabase) -> list[SittingInfo]:
    """Every stored sitting, the most recently changed first. A damaged sitting is listed
    with ``damaged`` saying why; it does not stop the others being listed. Stale summaries
    are rebuilt first (and stored, unless the database is read-only).

    Every line is read by one query, its checksum checked as it is read: 2,000 sittings
    were listed in 83-109 ms by a query each, in 37-48 ms so (best of 9, a busy 2-core
    machine; benchmarks/bench_storage.py). A query
    that meets a row it cannot read (text that is not UTF-8) lists the sittings one by one,
    so that only the damaged one is marked."""
    connection = database.connection
    _refresh_stale(database)
    try:
        lines = connection.execute(_ALL).fetchall()
    except sqlite3.DatabaseError:
        ids = connection.execute("SELECT id FROM sitting ORDER BY updated DESC, id DESC")
        return [_listed(database, sitting_id, None) for (sitting_id,) in ids.fetchall()]
    return [_listed(database, line[0], line) for line in lines]


def _refresh_stale(database: SittingsDatabase) -> None:
    """Rebuild and store the summaries of another revision than their sitting's, or
    missing (none in a read-only database, whose lines are scored as they are read)."""
    stale = database.connection.execute(
        "SELECT s.id FROM sitting s LEFT JOIN summary m ON m.sitting_id = s.id "
        "WHERE m.revision IS NOT s.revision"
    ).fetchall()
    if stale and not database.read_only:
        for (sitting_id,) in stale:
            with (
                contextlib.suppress(DamagedSittingError),
                reading_sitting(sitting_id),
                database.transaction() as writing,
            ):
                summary.refresh(writing, sitting_id)


class KeptListing:
    """The list of stored sittings read again and again (the open history, after each
    change), keeping each line it read with what the line was read from: a later reading
    reads alone only the lines changed since, and gives back the others' ``SittingInfo``
    as it kept them, the same objects, so that a caller may keep what it made of them.

    The list is the one :func:`list_sittings` gives, line for line. A line is kept only
    when it was read from a fresh summary whose checksum agrees; a damaged sitting, or a
    summary scored again (a read-only database, a changed row), is read again each time,
    as the whole list reads it. With 1,500 sittings on a busy 2-core machine, the marks'
    query took 2-3 ms where the whole list's took 5-6 ms, and a listing after a recorded
    hand 5-9 ms in all, the changed line read alone (benchmarks/bench_history.py
    ``--recorded-hand`` measures the open history's reload it is part of).
    """

    def __init__(self) -> None:
        self._kept: dict[int, tuple[tuple[Any, ...], SittingInfo]] = {}

    def list_sittings(self, database: SittingsDatabase) -> list[SittingInfo]:
        """Every stored sitting, as :func:`list_sittings` lists them, the lines that
        did not change since the last call given back as they were."""
        _refresh_stale(database)
        try:
            marks = database.connection.execute(_MARKS).fetchall()
        except sqlite3.DatabaseError:  # a line that cannot be read: each read alone
            self._kept = {}
            return list_sittings(database)
        kept, self._kept = self._kept, {}
        listed: list[SittingInfo] = []
        for mark in marks:
            sitting_id = mark[0]
            held = kept.get(sitting_id)
            if held is not None and held[0] == mark:
                info = held[1]
            else:
                line = _line(database, sitting_id)
                info = _listed(database, sitting_id, line)
                held = None
                if line is not None and _from_summary(line) and _mark_of(line) == mark:
                    held = None if info.damaged else (mark, info)
            if held is not None:
                self._kept[sitting_id] = held
            listed.append(info)
        return listed


def _line(database: SittingsDatabase, sitting_id: int) -> tuple[Any, ...] | None:
    """The sitting's line as the list's query reads it; None when it cannot be read (text
    that is not UTF-8) or is gone."""
    try:
        line = database.connection.execute(_ONE, (sitting_id,)).fetchone()
    except sqlite3.DatabaseError:
        return None
    return tuple(line) if line is not None else None


def _mark_of(line: tuple[Any, ...]) -> tuple[Any, ...]:
    """The mark (:data:`_MARKS`) of a line of the list."""
    return (*line[:_SUMMARY_AT], line[-1])


def _from_summary(line: tuple[Any, ...]) -> bool:
    """Whether the line's figures are its summary's: fresh, and agreeing with its checksum
    (else :func:`_info` scores them again from the hands)."""
    return bool(line[-1]) and summary.agrees(
        line[0], line[_SUMMARY_AT - 1], line[_SUMMARY_AT:_SUMMARY_END]
    )


def _listed(
    database: SittingsDatabase, sitting_id: int, line: tuple[Any, ...] | None
) -> SittingInfo:
    """The sitting's line of the list, from ``line`` (read by the list's query) or read
    alone; a damaged sitting's says why."""
    try:
        with reading_sitting(sitting_id):
            if line is None:
                line = database.connection.execute(_ONE, (sitting_id,)).fetchone()
                if line is None:
                    raise SittingNotFoundError(_("there is no sitting {id}").format(id=sitting_id))
            return _info(database, line)
    except DamagedSittingError as error:
        return _damaged_info(sitting_id, error)


def unreadable_sittings(database: SittingsDatabase) -> list[int]:
    """The ids of the sittings with a stored hand that is not a JSON object (changed on
    disk since it was written): such a sitting is damaged however fresh its summary. Two
    passes of SQLite's JSON parser over every hand (0.2 s for 200,000 hands), so the list
    of sittings (:func:`list_sittings`) leaves it to those who ask."""
    rows = database.connection.execute(
        "SELECT DISTINCT sitting_id FROM hand "
        "WHERE CASE WHEN json_valid(data) THEN json_type(data) IS NOT 'object' ELSE 1 END"
    )
    return [int(sitting_id) for (sitting_id,) in rows.fetchall()]


def sitting_figures(database: SittingsDatabase, sitting_id: int) -> summary.Figures:
    """The sitting's summary scored again from its hands; stored unless the database is
    read-only."""
    if database.read_only:
        return summary.compute(database.connection, sitting_id)
    with database.transaction() as writing:
        return summary.refresh(writing, sitting_id)


def _info(database: SittingsDatabase, line: tuple[Any, ...]) -> SittingInfo:
    """The sitting's line of the list: its summary's figures when the summary is fresh and
    agrees with its checksum, else the figures scored again from the hands."""
    sitting_id = line[0]
    if _from_summary(line):
        hands, finished, net_side, net_points, prison = (
            line[_AT["hands"]],
            line[_AT["rubbers_finished"]],
            line[_AT["net_side"]],
            line[_AT["net_points"]],
            line[_AT["unresolved_prison"]],
        )
        settlement = summary.stored_settlement(line[_AT["settlement"]])
    else:  # stale, or changed behind the app's back: scored again from the hands
        figures = sitting_figures(database, sitting_id)
        hands, finished = figures.hands, figures.rubbers_finished
        net_side, net_points = figures.net_side, figures.net_points
        prison, settlement = figures.unresolved_prison, figures.settlement
    return SittingInfo(
        id=sitting_id,
        variant=find_game(line[1]).variant,
        players=_players(line[2]),
        title=str(line[3]),
        place=str(line[4]),
        created=datetime.fromisoformat(line[5]),
        updated=datetime.fromisoformat(line[6]),
        hands=hands,
        rubbers_finished=finished,
        net_side=net_side,
        net_points=net_points,
        unresolved_prison=prison,
        settlement=settlement,
    )


@functools.lru_cache(maxsize=512)
def _players(stored: str) -> tuple[str, ...]:
    """The players stored as ``stored``: a club's sittings share a few tables of players,
    so each text is read once (11 ms of the list of 2,000 sittings read each time)."""
    return summary.stored_players(stored)


def _damaged_info(sitting_id: int, error: DamagedSittingError) -> SittingInfo:
    """The line a damaged sitting gets in the list: its id and what is wrong."""
    never = datetime.fromtimestamp(0, UTC)
    return SittingInfo(
        sitting_id,
        all_games()[0].variant,  # a stand-in: the row that would say which cannot be read
        ("?", "?"),
        "",
        "",
        never,
        never,
        0,
        0,
        None,
        0,
        0,
        damaged=error.detail,
    )
