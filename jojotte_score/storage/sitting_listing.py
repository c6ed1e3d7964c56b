"""The list of stored sittings: one line each, with its summary's figures, taken from the
summary when its checksum agrees and scored again from the hands when it does not."""

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
_ALL: Final = f"{_LINES} ORDER BY s.updated DESC, s.id DESC"
_ONE: Final = f"{_LINES} WHERE s.id = ?"
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
    stale = connection.execute(
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
    try:
        lines = connection.execute(_ALL).fetchall()
    except sqlite3.DatabaseError:
        ids = connection.execute("SELECT id FROM sitting ORDER BY updated DESC, id DESC")
        return [_listed(database, sitting_id, None) for (sitting_id,) in ids.fetchall()]
    return [_listed(database, line[0], line) for line in lines]


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
    stored = line[_SUMMARY_AT:_SUMMARY_END]
    if line[-1] and summary.agrees(sitting_id, line[_SUMMARY_AT - 1], stored):
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
