"""The facts the circle's records are counted from (:mod:`jojotte_score.core.records`), for
the stored sittings created within a period, of the games chosen.

The history the store holds is the merged one: a sitting that came through a sync folder is
one row of the ``sitting`` table like any other, and its conflict copies are kept in the
sync tables, never as sittings, so each sitting is counted once, as the statistics count it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import tzinfo

from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import SittingFacts, in_order, of_games, sitting_facts
from jojotte_score.storage.sittings import SittingStore, reading_sitting
from jojotte_score.storage.statistics import ALL_TIME, Period, sittings_created


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
    if store is None:
        return []
    facts = []
    for stored in sittings_created(store, period, zone):
        with reading_sitting(stored.id):
            facts.append(sitting_facts(stored.sitting, stored.id, stored.created, uuid=stored.uuid))
    return in_order(of_games(facts, games))
