"""Each sitting's facts for the circle's records as the ``record_facts`` table keeps them
(schema 12): a JSON row per sitting beside the revision it belongs to, with the checksum
every cached row keeps (:mod:`jojotte_score.storage.rows`): its rubbers, its roles, and
each two seats' head to head over it (``"pairs"``, read on their own at the Records tab's
opening, without the rest); read, written and filled here,
for the reader of a period (:mod:`jojotte_score.storage.record_facts`) and for the upgrade
to schema 12 (which imports this module alone: it imports nothing of storage's sittings,
so no loop of imports closes through the schema)."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from typing import Any, Final

from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.games import find_game
from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import RoleFigures, RubberFacts, SittingFacts, sitting_facts
from jojotte_score.core.records.pairs import PairTally, Win, seat_tallies
from jojotte_score.core.records.partners import SeatSides, SideFigures, side_figures
from jojotte_score.storage import summary
from jojotte_score.storage.rows import row_checksum

Facts = tuple[tuple[RubberFacts, ...], tuple[RoleFigures, ...]]
"""What the ``record_facts`` table keeps of a sitting: its rubbers' facts and its roles'."""


def stored_facts(
    connection: sqlite3.Connection, sitting_ids: list[int] | None = None
) -> dict[int, Facts]:
    """Each sitting's stored facts of its current revision (of the sittings given, or of
    all); a sitting whose row is of an older revision, missing, damaged or changed behind
    the app's back (its checksum) is not there."""
    rows = _current_rows(connection, "r.sitting_id, r.revision, r.data, r.checksum", sitting_ids)
    found = {}
    for sitting_id, revision, data, checksum in rows:
        if checksum != _checksum(sitting_id, revision, data):
            continue
        try:
            found[sitting_id] = facts_from_data(json.loads(data))
        except (ValueError, TypeError, KeyError, IndexError):
            continue  # scored again from the hands
    return found


def _current_rows(
    connection: sqlite3.Connection, columns: str, sitting_ids: list[int] | None
) -> list[Any]:
    """The ``columns`` of the ``record_facts`` rows of their sitting's current revision (the
    sitting's id first): of the sittings given, or of all. Up to :data:`_FEW_SITTINGS` are
    read by id; more, the whole table, and the others left out before any row is decoded
    (a reading from the middle of 1,500 sittings decoded all of them)."""
    joined = (
        f"SELECT {columns} FROM record_facts r "
        "JOIN sitting s ON s.id = r.sitting_id AND s.revision = r.revision"
    )
    if sitting_ids is None:
        return connection.execute(joined).fetchall()
    if len(sitting_ids) > _FEW_SITTINGS:
        chosen = set(sitting_ids)
        return [row for row in connection.execute(joined).fetchall() if row[0] in chosen]
    only = f" WHERE r.sitting_id IN ({', '.join('?' * len(sitting_ids))})"
    return connection.execute(joined + only, sitting_ids).fetchall()


_FEW_SITTINGS: Final = 500
"""Up to this many sittings have their rows read by id; more, the whole table's."""


SeatPairs = dict[tuple[int, int], PairTally]
"""Each two seats' head to head over one sitting
(:func:`~jojotte_score.core.records.pairs.seat_tallies`)."""


def stored_pairs(
    connection: sqlite3.Connection, sitting_ids: list[int] | None = None
) -> dict[int, SeatPairs]:
    """Each sitting's stored head to head by seats, of its current revision (of the
    sittings given, or of all), read without the rest of its facts; a sitting whose row is
    of an older revision, missing, damaged, changed behind the app's back (its checksum) or
    written before the rows kept it is not there."""
    rows = _current_rows(
        connection, "r.sitting_id, r.revision, r.data, r.checksum, s.variant", sitting_ids
    )
    found = {}
    for sitting_id, revision, data, checksum, variant in rows:
        pairs = _row_pairs(sitting_id, revision, data, checksum, variant)
        if pairs is not None:
            found[sitting_id] = pairs
    return found


def kept_pairs(connection: sqlite3.Connection, sitting_id: int) -> tuple[int, SeatPairs] | None:
    """A sitting's head to head by seats as its ``record_facts`` row keeps it, whatever
    revision the row is of (a correction leaves the row of the revision before until the
    sitting is read again), with that revision; None when the row is missing, damaged,
    changed behind the app's back or written before the rows kept the head to head."""
    row = connection.execute(
        "SELECT r.revision, r.data, r.checksum, s.variant FROM record_facts r "
        "JOIN sitting s ON s.id = r.sitting_id WHERE r.sitting_id = ?",
        (sitting_id,),
    ).fetchone()
    if row is None:
        return None
    pairs = _row_pairs(sitting_id, *row)
    return None if pairs is None else (row[0], pairs)


def _row_pairs(
    sitting_id: int, revision: int, data: str, checksum: str, variant: str
) -> SeatPairs | None:
    """The head to head by seats of a sitting's row; None for a row damaged, changed behind
    the app's back or written before the rows kept it (counted again from the facts)."""
    # The head to head comes first in the row's JSON, so that it is decoded alone: the
    # decoder stops at its end (1,500 sittings: 15-20 ms less than SQLite's json_extract,
    # which parses the whole row).
    if not data.startswith(_PAIRS_FIRST) or checksum != _checksum(sitting_id, revision, data):
        return None
    try:
        pairs, _end = _DECODER.raw_decode(data, len(_PAIRS_FIRST))
        return pairs_from_data(sitting_id, find_game(variant).variant, pairs)
    except (ValueError, TypeError, KeyError, IndexError):
        return None


Sides = tuple[SeatSides, tuple[RoleFigures, ...]]
"""What the Partnerships and Roles pages read of a sitting: each side of two seats or
more's figures (:func:`~jojotte_score.core.records.partners.side_figures`) and each seat's
figures in each role."""


def stored_sides(
    connection: sqlite3.Connection, sitting_ids: list[int] | None = None
) -> dict[int, Sides]:
    """Each sitting's stored sides and roles by seats, of its current revision (of the
    sittings given, or of all), read without its rubbers; a sitting whose row is of an
    older revision, missing, damaged, changed behind the app's back (its checksum) or
    written before the rows kept its sides is not there."""
    rows = _current_rows(connection, "r.sitting_id, r.revision, r.data, r.checksum", sitting_ids)
    found = {}
    for sitting_id, revision, data, checksum in rows:
        # The sides and roles come after the head to head (whose numbers hold no text, so
        # the sides' key is found by a search) and before the rubbers, which stay undecoded.
        start = data.find(_SIDES_NEXT) if data.startswith(_PAIRS_FIRST) else -1
        if start < 0 or checksum != _checksum(sitting_id, revision, data):
            continue
        try:
            sides, end = _DECODER.raw_decode(data, start + len(_SIDES_NEXT))
            if not data.startswith(_ROLES_NEXT, end):
                continue
            roles, _end = _DECODER.raw_decode(data, end + len(_ROLES_NEXT))
            found[sitting_id] = (sides_from_data(sides), roles_from_data(roles))
        except (ValueError, TypeError, KeyError, IndexError):
            continue  # counted again from the facts
    return found


def sides_to_data(sides: SeatSides) -> list[list[object]]:
    """Each side's figures as the row's ``"sides"`` keep them: its seats, then the
    rubbers finished and won, the points over every rubber and over the finished ones, and
    the open rubbers."""
    return [
        [
            list(side),
            figures.rubbers,
            figures.won,
            figures.net_points,
            figures.finished_net,
            figures.unfinished,
        ]
        for side, figures in sides.items()
    ]


def sides_from_data(data: object) -> SeatSides:
    """Each side's figures from the row's ``"sides"`` as decoded (ValueError, TypeError,
    KeyError or IndexError for anything else)."""
    if not isinstance(data, list):
        raise TypeError("stored sides are not a list")
    sides: SeatSides = {}
    for seats, rubbers, won, net, finished_net, unfinished in data:
        numbers = (*seats, rubbers, won, net, finished_net, unfinished)
        if not all(type(number) is int for number in numbers) or len(seats) < 2:
            raise TypeError("stored sides are not seats and whole numbers")
        sides[tuple(seats)] = SideFigures(rubbers, won, net, finished_net, unfinished)
    return sides


_PAIRS_FIRST: Final = '{"pairs":'
"""How a row that keeps its head to head begins."""
_SIDES_NEXT: Final = ',"sides":'
"""What follows the head to head in a row that keeps its sides."""
_ROLES_NEXT: Final = ',"roles":'
"""What follows the sides."""
_DECODER: Final = json.JSONDecoder()
_SIDES: Final = (0, 1)
"""The two players of a pair, as a stored streak's holder names them (0 the first)."""


def refresh_facts(connection: sqlite3.Connection, sitting_id: int) -> Facts:
    """Score the sitting's facts from its hands and store them as those of its current
    revision (inside a write transaction)."""
    facts = scored(connection, sitting_id)
    store_facts(connection, sitting_id, facts)
    return facts


def store_facts(connection: sqlite3.Connection, sitting_id: int, facts: Facts) -> SeatPairs:
    """Store the sitting's ``facts`` and the head to head worked out from them as those of
    its current revision (inside a write transaction); returns that head to head."""
    revision, variant, players = connection.execute(
        "SELECT revision, variant, players FROM sitting WHERE id = ?", (sitting_id,)
    ).fetchone()
    pairs = pairs_of(
        sitting_id, find_game(variant).variant, len(summary.stored_players(players)), facts
    )
    stored = facts_to_data(facts)
    data = json.dumps(
        {
            "pairs": pairs_to_data(pairs),
            "sides": sides_to_data(side_figures(facts[0])),
            "roles": stored["roles"],
            "rubbers": stored["rubbers"],
        },
        separators=(",", ":"),
    )
    connection.execute(
        "INSERT OR REPLACE INTO record_facts (sitting_id, revision, data, checksum) "
        "VALUES (?, ?, ?, ?)",
        (sitting_id, revision, data, _checksum(sitting_id, revision, data)),
    )
    return pairs


def pairs_of(sitting_id: int, variant: GameKey, seats: int, facts: Facts) -> SeatPairs:
    """Each two seats' head to head over a sitting of ``seats`` seats with these facts."""
    rubbers, roles = facts
    sitting = SittingFacts(sitting_id, datetime.min, variant, (None,) * seats, rubbers, roles)
    return seat_tallies(sitting)


def pairs_to_data(pairs: SeatPairs) -> list[list[object]]:
    """Each two seats' head to head as the row's ``"pairs"`` keep it: the two seats, the
    finished rubbers, the points, the open rubbers, the rubbers each won, each one's
    largest win (its points and rubber) or null, the streak's holder (0, 1 or null) and
    length, and whether every finished rubber was the holder's."""
    return [
        [
            seat,
            other,
            tally.met,
            tally.net,
            tally.open,
            *tally.won,
            *(None if win is None else [win.points, win.rubber] for win in tally.largest),
            *tally.streak,
            int(tally.one_run),
        ]
        for (seat, other), tally in pairs.items()
    ]


def pairs_from_data(sitting_id: int, variant: GameKey, data: object) -> SeatPairs:
    """Each two seats' head to head from the row's ``"pairs"`` as decoded (ValueError,
    TypeError, KeyError or IndexError for anything else)."""
    if not isinstance(data, list):
        raise TypeError("a stored head to head is not a list")
    pairs: SeatPairs = {}
    for row in data:
        seat, other, met, net, open_, won0, won1, first, second, holder, count, one_run = row
        numbers = {*map(type, row[:7]), type(count), type(one_run)}
        if numbers != {int} or (
            holder is not None and (type(holder) is not int or holder not in _SIDES)
        ):
            raise TypeError("a stored head to head is not whole numbers")
        tally = PairTally()
        tally.met, tally.net, tally.open = met, net, open_
        tally.won = [won0, won1]
        tally.largest = [_win(sitting_id, first), _win(sitting_id, second)]
        tally.streak = (holder, count)
        tally.one_run = bool(one_run)
        tally.games = {variant: None}
        pairs[seat, other] = tally
    return pairs


def _win(sitting_id: int, data: Any) -> Win | None:
    if data is None:
        return None
    points, rubber = data  # ValueError or TypeError for anything but two
    if type(points) is not int or type(rubber) is not int:
        raise TypeError("a stored largest win is not whole numbers")
    if points <= 0:  # stored before a rubber won while behind was ruled no largest win
        return None
    return Win(points, sitting_id, rubber)


def fill_record_facts(connection: sqlite3.Connection) -> None:
    """Store the facts of every sitting that can be read and has none (the upgrade to
    schema 12, in its transaction), each replayed from its first hand. A damaged sitting is
    left without: it is named when its facts are read."""
    for (sitting_id,) in connection.execute(
        "SELECT id FROM sitting WHERE id NOT IN (SELECT sitting_id FROM record_facts) ORDER BY id"
    ).fetchall():
        try:
            refresh_facts(connection, sitting_id)
        except _DAMAGE:  # as reading_sitting turns them into DamagedSittingError
            continue


_DAMAGE: Final = (InvalidSittingError, ValueError, TypeError, AttributeError, KeyError, IndexError)
"""What a sitting's stored rows raise when they are damaged (the summary's HandOrderError
is a ValueError)."""


def scored(connection: sqlite3.Connection, sitting_id: int) -> Facts:
    """The sitting's facts, replayed from every hand."""
    facts = sitting_facts(summary.stored_sitting(connection, sitting_id), sitting_id, datetime.min)
    return facts.rubbers, facts.roles


def _checksum(sitting_id: int, revision: int, data: str) -> str:
    return row_checksum("record_facts", sitting_id, (revision, data))


def facts_to_data(facts: Facts) -> dict[str, list[list[object]]]:
    """A sitting's facts as the ``record_facts`` row's JSON keeps them."""
    rubbers, roles = facts
    return {
        "rubbers": [
            [
                rubber.number,
                int(rubber.finished),
                [list(side) for side in rubber.sides],
                list(rubber.totals),
                list(rubber.results),
                sorted(rubber.winners),
            ]
            for rubber in rubbers
        ],
        "roles": [
            [
                role.role,
                role.seat,
                role.rubbers,
                role.rubbers_won,
                role.hands,
                role.hands_won,
                role.net_points,
            ]
            for role in roles
        ],
    }


def facts_from_data(data: dict[str, list[list[Any]]]) -> Facts:
    """A sitting's facts from the ``record_facts`` row's JSON (ValueError, TypeError,
    KeyError or IndexError for anything else)."""
    rubbers = tuple(
        RubberFacts(
            number,
            bool(finished),
            tuple(tuple(side) for side in sides),
            tuple(totals),
            tuple(results),
            tuple(winners),
        )
        for number, finished, sides, totals, results, winners in data["rubbers"]
    )
    roles = roles_from_data(data["roles"])
    # Every number whole, and every role a name: one pass over what was built (a row whose
    # checksum agrees was written by the app, so this fails only on a row written with care
    # behind its back).
    numbers = [
        number
        for rubber in rubbers
        for number in (
            rubber.number,
            *(seat for side in rubber.sides for seat in side),
            *rubber.totals,
            *rubber.results,
            *rubber.winners,
        )
    ]
    if not all(type(number) is int for number in numbers):
        raise TypeError("the stored facts are not whole numbers")
    return rubbers, roles


def roles_from_data(data: list[list[Any]]) -> tuple[RoleFigures, ...]:
    """Each seat's figures in each role from the row's ``"roles"`` (ValueError, TypeError,
    KeyError or IndexError for anything else)."""
    if not all(len(role) == _ROLE_FIELDS for role in data):
        raise ValueError("a stored role is not a name and its figures")
    roles = tuple(RoleFigures(*role) for role in data)
    if not all(type(number) is int for role in roles for number in role[1:]):
        raise TypeError("the stored roles are not whole numbers")
    if not all(type(role.role) is str for role in roles):
        raise TypeError("a stored role is not a name and its figures")
    return roles


_ROLE_FIELDS: Final = len(RoleFigures._fields)
