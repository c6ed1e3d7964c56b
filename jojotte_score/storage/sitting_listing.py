"""The list of stored sittings: one line each, with its summary's figures, taken from the
summary when its checksum agrees and scored again from the hands when it does not."""

import contextlib
from datetime import UTC, datetime
from typing import Final

from jojotte_score.core.games import all_games, find_game
from jojotte_score.i18n import _
from jojotte_score.storage import summary
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import DamagedSittingError, SittingNotFoundError
from jojotte_score.storage.rows import named_row
from jojotte_score.storage.sitting_records import SittingInfo
from jojotte_score.storage.sitting_rows import reading_sitting

_INFO: Final = (
    "SELECT s.id, s.variant, s.players, s.title, s.place, s.created, s.updated, m.checksum, "
    f"{', '.join('m.' + c for c in summary.SUMMARY_VALUES)}, m.revision IS s.revision AS fresh "
    "FROM sitting s LEFT JOIN summary m ON m.sitting_id = s.id WHERE s.id = ?"
)
"""One line of the list of sittings: the sitting's details and its summary's values."""
_SUMMARY_AT: Final = 8  # where the summary's values begin in a row of _INFO


def list_sittings(database: Database) -> list[SittingInfo]:
    """Every stored sitting, the most recently changed first. A damaged sitting is listed
    with ``damaged`` saying why; it does not stop the others being listed. Stale summaries
    are rebuilt first (and stored, unless the database is read-only)."""
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
    ids = connection.execute("SELECT id FROM sitting ORDER BY updated DESC, id DESC")
    infos = []
    for (sitting_id,) in ids.fetchall():
        try:
            with reading_sitting(sitting_id):
                infos.append(sitting_info(database, sitting_id))
        except DamagedSittingError as error:
            infos.append(_damaged_info(sitting_id, error))
    return infos


def unreadable_sittings(database: Database) -> list[int]:
    """The ids of the sittings with a stored hand that is not a JSON object (changed on
    disk since it was written): such a sitting is damaged however fresh its summary. Two
    passes of SQLite's JSON parser over every hand (0.2 s for 200,000 hands), so the list
    of sittings (:func:`list_sittings`) leaves it to those who ask."""
    rows = database.connection.execute(
        "SELECT DISTINCT sitting_id FROM hand "
        "WHERE CASE WHEN json_valid(data) THEN json_type(data) IS NOT 'object' ELSE 1 END"
    )
    return [int(sitting_id) for (sitting_id,) in rows.fetchall()]


def sitting_figures(database: Database, sitting_id: int) -> summary.Figures:
    """The sitting's summary scored again from its hands; stored unless the database is
    read-only."""
    if database.read_only:
        return summary.compute(database.connection, sitting_id)
    with database.transaction() as writing:
        return summary.refresh(writing, sitting_id)


def sitting_info(database: Database, sitting_id: int) -> SittingInfo:
    """The sitting's line of the list: its summary's figures when the summary is fresh and
    agrees with its checksum, else the figures scored again from the hands."""
    row = named_row(database.connection, _INFO, (sitting_id,))
    if row is None:
        raise SittingNotFoundError(_("there is no sitting {id}").format(id=sitting_id))
    stored = tuple(row)[_SUMMARY_AT : _SUMMARY_AT + len(summary.SUMMARY_VALUES)]
    if row["fresh"] and summary.agrees(sitting_id, row["checksum"], stored):
        hands, finished, net_side, net_points, prison = (
            row["hands"],
            row["rubbers_finished"],
            row["net_side"],
            row["net_points"],
            row["unresolved_prison"],
        )
        settlement = summary.stored_settlement(row["settlement"])
    else:  # stale, or changed behind the app's back: scored again from the hands
        figures = sitting_figures(database, sitting_id)
        hands, finished = figures.hands, figures.rubbers_finished
        net_side, net_points = figures.net_side, figures.net_points
        prison, settlement = figures.unresolved_prison, figures.settlement
    return SittingInfo(
        id=sitting_id,
        variant=find_game(row["variant"]).variant,
        players=summary.stored_players(row["players"]),
        title=str(row["title"]),
        place=str(row["place"]),
        created=datetime.fromisoformat(row["created"]),
        updated=datetime.fromisoformat(row["updated"]),
        hands=hands,
        rubbers_finished=finished,
        net_side=net_side,
        net_points=net_points,
        unresolved_prison=prison,
        settlement=settlement,
    )


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
