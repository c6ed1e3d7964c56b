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

from collections.abc import Iterable
from datetime import datetime, tzinfo
from typing import Final

from jojotte_score.core.games import find_game
from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import SittingFacts, counted_names, in_order
from jojotte_score.storage import record_rows, summary
from jojotte_score.storage.record_rows import Facts
from jojotte_score.storage.sittings import SittingStore, reading_sitting
from jojotte_score.storage.statistics import ALL_TIME, Period


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
        kept = self._kept
        wanted = []
        for row in connection.execute(
            "SELECT id, revision, variant, players, created, uuid FROM sitting ORDER BY id"
        ).fetchall():
            sitting_id, _revision, variant, _players, created, _uuid = row
            held = kept.get(sitting_id)
            if held is not None and held[0] == row:
                moment = held[1].created  # the moment read before (1,500: 4 ms a reading)
            else:
                with reading_sitting(sitting_id):
                    moment = datetime.fromisoformat(created)
            if period.holds(moment, zone) and (chosen is None or variant in chosen):
                wanted.append((row, moment))
        changed = [row[0] for row, _moment in wanted if kept.get(row[0], (None,))[0] != row]
        rows = record_rows.stored_facts(
            connection, changed if len(changed) < _FEW_SITTINGS else None
        )
        found = []
        names_of: dict[str, tuple[str | None, ...]] = {}  # many sittings share their players
        for row, moment in wanted:
            sitting_id, _revision, variant, players, _created, uuid = row
            held = kept.get(sitting_id)
            if held is not None and held[0] == row:
                found.append(held[1])
                continue
            with reading_sitting(sitting_id):
                names = names_of.get(players) or names_of.setdefault(
                    players, counted_names(summary.stored_players(players))
                )
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


def _score_again(store: SittingStore, sitting_id: int) -> Facts:
    """A sitting's facts scored from its hands; stored unless the database is read-only."""
    if store.database.read_only:
        return record_rows.scored(store.database.connection, sitting_id)
    with store.database.transaction() as writing:
        return record_rows.refresh_facts(writing, sitting_id)
