"""The facts the circle's records are counted from (:mod:`jojotte_score.core.records`), for
the stored sittings created within a period, of the games chosen.

Storage keeps each sitting's facts (the ``record_facts`` table, schema 12, filled by its
upgrade) beside its revision, as it keeps the per-seat figures of the statistics: a row of
an older revision, missing, or whose checksum does not agree is scored again from the hands
and stored anew (unless the database is read-only), so only a changed sitting is replayed.

The history the store holds is the merged one: a sitting that came through a sync folder is
one row of the ``sitting`` table like any other, and its conflict copies are kept in the
sync tables, never as sittings, so each sitting is counted once, as the statistics count it.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterable
from datetime import datetime, tzinfo
from typing import Any, Final

from jojotte_score.core.games import find_game
from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import (
    RoleFigures,
    RubberFacts,
    SittingFacts,
    counted_names,
    in_order,
    sitting_facts,
)
from jojotte_score.storage import summary
from jojotte_score.storage.errors import DamagedSittingError
from jojotte_score.storage.rows import row_checksum
from jojotte_score.storage.sittings import SittingStore, reading_sitting
from jojotte_score.storage.statistics import ALL_TIME, Period

Facts = tuple[tuple[RubberFacts, ...], tuple[RoleFigures, ...]]
"""What the ``record_facts`` table keeps of a sitting: its rubbers' facts and its roles'."""


def period_facts(
    store: SittingStore | None,
    period: Period = ALL_TIME,
    games: Iterable[GameKey] | None = None,
    zone: tzinfo | None = None,
) -> list[SittingFacts]:
    """The facts of every stored sitting created within ``period`` (local dates, in
    ``zone`` when given) of the ``games`` chosen (all when None), in the order played;
    none without a store. A damaged sitting within the period raises
    :class:`~jojotte_score.storage.errors.DamagedSittingError`."""
    return PeriodFacts().period_facts(store, period, games, zone)


class PeriodFacts:
    """Reads the facts of a period again and again (an open Records tab, after each
    recorded hand), keeping each sitting's facts with the version they are of (its
    revision, players and stable id): a later reading reads the sittings' versions in one
    ``SELECT`` and the stored rows of the changed sittings only."""

    def __init__(self) -> None:
        self._store: SittingStore | None = None
        self._kept: dict[int, tuple[tuple[object, ...], SittingFacts]] = {}

    def period_facts(
        self,
        store: SittingStore | None,
        period: Period = ALL_TIME,
        games: Iterable[GameKey] | None = None,
        zone: tzinfo | None = None,
    ) -> list[SittingFacts]:
        """As :func:`period_facts`, reading only the sittings changed since the last call
        (all of them for a store not read before)."""
        if store is None:
            return []
        if store is not self._store:
            self._store, self._kept = store, {}
        connection = store.database.connection
        chosen = None if games is None else {str(find_game(str(key)).variant) for key in games}
        wanted = []
        for row in connection.execute(
            "SELECT id, revision, variant, players, created, uuid FROM sitting ORDER BY id"
        ).fetchall():
            sitting_id, _revision, variant, _players, created, _uuid = row
            with reading_sitting(sitting_id):
                moment = datetime.fromisoformat(created)
            if period.holds(moment, zone) and (chosen is None or variant in chosen):
                wanted.append((row, moment))
        kept = self._kept
        changed = [row[0] for row, _moment in wanted if kept.get(row[0], (None,))[0] != row]
        rows = stored_facts(connection, changed if len(changed) < _FEW_SITTINGS else None)
        found = []
        for row, moment in wanted:
            sitting_id, _revision, variant, players, _created, uuid = row
            held = kept.get(sitting_id)
            if held is not None and held[0] == row:
                found.append(held[1])
                continue
            with reading_sitting(sitting_id):
                names = counted_names(summary.stored_players(players))
                facts = rows.get(sitting_id)
                if facts is None:
                    facts = _score_again(store, sitting_id)
                rubbers, roles = facts
                game = find_game(variant)
            made = SittingFacts(sitting_id, moment, game.variant, names, rubbers, roles, uuid or "")
            kept[sitting_id] = (row, made)
            found.append(made)
        return in_order(found)


_FEW_SITTINGS: Final = 500
"""Up to this many changed sittings have their rows read by id; more, the whole table's."""


def stored_facts(
    connection: sqlite3.Connection, sitting_ids: list[int] | None = None
) -> dict[int, Facts]:
    """Each sitting's stored facts of its current revision (of the sittings given, or of
    all); a sitting whose row is of an older revision, missing, damaged or changed behind
    the app's back (its checksum) is not there."""
    only = ""
    if sitting_ids is not None:
        only = f"WHERE r.sitting_id IN ({', '.join('?' * len(sitting_ids))})"
    rows = connection.execute(
        "SELECT r.sitting_id, r.revision, r.data, r.checksum FROM record_facts r "
        f"JOIN sitting s ON s.id = r.sitting_id AND s.revision = r.revision {only}",
        tuple(sitting_ids or ()),
    ).fetchall()
    found = {}
    for sitting_id, revision, data, checksum in rows:
        if checksum != _checksum(sitting_id, revision, data):
            continue
        try:
            found[sitting_id] = facts_from_data(json.loads(data))
        except (ValueError, TypeError, KeyError, IndexError):
            continue  # scored again from the hands
    return found


def refresh_facts(connection: sqlite3.Connection, sitting_id: int) -> Facts:
    """Score the sitting's facts from its hands and store them as those of its current
    revision (inside a write transaction)."""
    facts = _scored(connection, sitting_id)
    revision = connection.execute(
        "SELECT revision FROM sitting WHERE id = ?", (sitting_id,)
    ).fetchone()[0]
    data = json.dumps(facts_to_data(facts), separators=(",", ":"))
    connection.execute(
        "INSERT OR REPLACE INTO record_facts (sitting_id, revision, data, checksum) "
        "VALUES (?, ?, ?, ?)",
        (sitting_id, revision, data, _checksum(sitting_id, revision, data)),
    )
    return facts


def fill_record_facts(connection: sqlite3.Connection) -> None:
    """Store the facts of every sitting that can be read and has none (the upgrade to
    schema 12, in its transaction), each replayed from its first hand. A damaged sitting is
    left without: it is named when its facts are read."""
    for (sitting_id,) in connection.execute(
        "SELECT id FROM sitting WHERE id NOT IN (SELECT sitting_id FROM record_facts) ORDER BY id"
    ).fetchall():
        with contextlib.suppress(DamagedSittingError), reading_sitting(sitting_id):
            refresh_facts(connection, sitting_id)


def _scored(connection: sqlite3.Connection, sitting_id: int) -> Facts:
    """The sitting's facts, replayed from every hand."""
    facts = sitting_facts(summary.stored_sitting(connection, sitting_id), sitting_id, datetime.min)
    return facts.rubbers, facts.roles


def _score_again(store: SittingStore, sitting_id: int) -> Facts:
    """A sitting's facts scored from its hands; stored unless the database is read-only."""
    if store.database.read_only:
        return _scored(store.database.connection, sitting_id)
    with store.database.transaction() as writing:
        return refresh_facts(writing, sitting_id)


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
    if not all(len(role) == _ROLE_FIELDS for role in data["roles"]):
        raise ValueError("a stored role is not a name and its figures")
    roles = tuple(RoleFigures(*role) for role in data["roles"])
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
    numbers += [number for role in roles for number in role[1:]]
    if not all(type(number) is int for number in numbers):
        raise TypeError("the stored facts are not whole numbers")
    if not all(type(role.role) is str for role in roles):
        raise TypeError("a stored role is not a name and its figures")
    return rubbers, roles


_ROLE_FIELDS: Final = len(RoleFigures._fields)
