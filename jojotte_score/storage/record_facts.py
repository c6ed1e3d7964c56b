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

import bisect
import contextlib
import sqlite3
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from datetime import datetime, tzinfo
from typing import Any, Final, NamedTuple, TypeVar

from jojotte_score.core.games import find_game
from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import RoleFigures, SittingFacts, counted_names, in_order
from jojotte_score.core.records.pairs import (
    PairTally,
    inserted_tallies,
    named_tallies,
    records_of_summed,
    records_of_tallies,
    summed_tallies,
    swapped_tallies,
)
from jojotte_score.core.records.partners import (
    Partnership,
    SeatSides,
    named_partnerships,
    side_figures,
)
from jojotte_score.core.records.roles import RoleRecord, named_role_records
from jojotte_score.core.stats import by_name_order
from jojotte_score.storage import record_pair_totals, record_rows, summary
from jojotte_score.storage.errors import DamagedSittingError
from jojotte_score.storage.record_pair_totals import MarkColumns, PeriodPairs, SummedTallies
from jojotte_score.storage.record_rows import Facts, SeatPairs, Sides
from jojotte_score.storage.sittings import SittingStore, reading_sitting
from jojotte_score.storage.statistics import ALL_TIME, Period

Names = tuple[str | None, ...]
"""Each seat's counted name (:func:`~jojotte_score.core.records.facts.counted_names`)."""
Pair = tuple[str, str]
"""Two players, in name order."""


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
    recorded hand), keeping each sitting's facts, and apart its head to head, with the
    version they are of (its revision, players and stable id): a later reading reads the
    sittings' versions in one ``SELECT`` and the stored rows of the changed sittings only."""

    def __init__(self) -> None:
        self._store: SittingStore | None = None
        self._kept: dict[int, tuple[tuple[object, ...], SittingFacts]] = {}
        self._pairs: dict[int, tuple[tuple[object, ...], Names, dict[Pair, PairTally]]] = {}
        self._moments: dict[str, datetime] = {}
        self._names_of: dict[str, Names] = {}
        self._totals: dict[str, tuple[str, PeriodPairs]] = {}
        self._sides: dict[int, tuple[tuple[object, ...], Names, GameKey, SeatSides, Roles]] = {}
        self._running: dict[str, _Running] = {}
        self._played: dict[str, _Played] = {}
        self._marked: dict[str, tuple[tuple[int, int], tuple[str, MarkColumns]]] = {}
        """By the games chosen: the mark and its columns as last read (:meth:`marked`),
        with the state of the database they were read in."""

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
        return self._facts(store, self._wanted(store, period, games, zone))

    def played_ids(
        self,
        store: SittingStore,
        games: Iterable[GameKey] | None = None,
        parts: dict[int, str] | None = None,
    ) -> list[int]:
        """The ids of every stored sitting of the ``games`` chosen (all when None), in the
        order played. Given their mark columns as they are now (``parts``, as
        :meth:`~.record_pair_totals.MarkColumns.by_sitting` splits them), the order this
        reader last read with their columns is kept when the only sitting whose columns
        changed since is the newest and it is still the newest (a hand recorded in it):
        its row alone is read, where every sitting's rows read and sorted took about
        2.5 ms at 1,500 sittings."""
        chosen = _variants(games)
        key = "" if chosen is None else ",".join(sorted(chosen))
        kept = self._played.get(key) if store is self._store else None
        if parts is not None and kept is not None and self._still_played(store, kept, parts):
            self._played[key] = kept._replace(parts=parts)
            return list(kept.ids)
        ordered = self._ordered(store, ALL_TIME, games, None)
        found = [row[0] for row, _moment in ordered]
        if parts is not None:
            last = _order_key(ordered[-2]) if len(ordered) > 1 else None
            self._played[key] = _Played(tuple(found), parts, last)
        return found

    def _still_played(self, store: SittingStore, kept: _Played, parts: dict[int, str]) -> bool:
        """Whether the sittings are still in the order ``kept``: the same sittings, only the
        newest's columns changed, if any, and it is still after the one before it."""
        if len(parts) != len(kept.parts):
            return False  # a sitting begun or deleted
        before = kept.parts
        changed = [sitting for sitting, part in parts.items() if before.get(sitting) != part]
        if not changed:
            return True
        if changed != list(kept.ids[-1:]):
            return False  # a sitting merged or replaced, or an older one changed
        row = store.database.connection.execute(
            "SELECT id, revision, variant, players, created, uuid FROM sitting WHERE id = ?",
            (changed[0],),
        ).fetchone()
        if row is None:
            return False
        return kept.last is None or _order_key((row, self._moment(row))) > kept.last

    def facts_of(self, store: SittingStore, sitting_ids: Sequence[int]) -> list[SittingFacts]:
        """The facts of the sittings of ``sitting_ids`` alone, in the order played, read as
        :meth:`period_facts` reads them (the newest sittings' after a recorded hand, to rate
        them from the ratings stored before them)."""
        self._follow(store)
        marks = ", ".join("?" * len(sitting_ids))
        rows = store.database.connection.execute(
            "SELECT id, revision, variant, players, created, uuid FROM sitting "
            f"WHERE id IN ({marks}) ORDER BY id",
            tuple(sitting_ids),
        ).fetchall()
        return self._facts(store, [(row, self._moment(row)) for row in rows])

    def _facts(
        self, store: SittingStore, wanted: list[tuple[tuple[Any, ...], datetime]]
    ) -> list[SittingFacts]:
        """The facts of the sittings of ``wanted`` (as :meth:`_wanted` gives them), in the
        order played, reading the stored rows of those changed since the last call only."""
        kept = self._kept
        rows, _stored_again = _changed_rows(
            store, kept, wanted, record_rows.stored_facts, lambda counted: counted[0]
        )
        found = []
        for row, moment in wanted:
            sitting_id, _revision, variant, players, _created, uuid = row
            held = kept.get(sitting_id)
            if held is not None and held[0] == row:
                found.append(held[1])
                continue
            with reading_sitting(sitting_id):
                names = self._names(players)
                rubbers, roles = rows[sitting_id]
                game = find_game(variant)
            made = SittingFacts(sitting_id, moment, game.variant, names, rubbers, roles, uuid or "")
            kept[sitting_id] = (row, made)
            found.append(made)
        return in_order(found)

    def period_pairs(
        self,
        store: SittingStore | None,
        period: Period = ALL_TIME,
        games: Iterable[GameKey] | None = None,
        zone: tzinfo | None = None,
    ) -> PeriodPairs:
        """How many sittings ``period`` and ``games`` hold (as :func:`period_facts`), their
        players and every two players' head to head, read from each sitting's stored head
        to head alone (not its facts, which a decade's opening of the Records tab would
        decode for 100-300 ms: this reads it in 15-30); only the sittings changed since the
        last call are read again. Over all time the totals are stored
        (:mod:`~jojotte_score.storage.record_pair_totals`): a reading whose mark agrees
        with theirs reads none of the sittings' rows."""
        if store is None:
            return PeriodPairs(0, (), ())
        self._follow(store)
        choice = record_pair_totals.totals_choice(period, games)
        if choice is None:
            return self._pairs_read(store, period, games, zone)
        # At 1,500 sittings of 40 hands, reading the head to head sitting by sitting took
        # about 25 ms of the tab's 40-44 ms opening; the mark and the stored totals are
        # read in about 3 ms (bench_records_tab; docs/records.md has the figures), the
        # mark's columns kept for a reading whose mark differs. Read with the sittings'
        # rows in one SELECT, the mark took 2.2 ms where 1.6 alone (best of 60, three runs
        # at a load of 1): the rows are read only by a reading that counts the totals.
        mark, columns = self.marked(store, games)
        held = self._totals.get(choice)
        if held is not None and held[0] == mark:
            return held[1]
        totals, mark = self._totals_read(store, choice, (mark, columns), (period, games, zone))
        self._totals[choice] = (mark, totals)
        return totals

    def marked(
        self, store: SittingStore, games: Iterable[GameKey] | None = None
    ) -> tuple[str, MarkColumns]:
        """The mark of the rows the head to head and the Ratings page of the ``games``
        chosen (all when None) are read from, and its columns, as
        :func:`~.record_pair_totals.marked_rows` reads them; read again only when the
        database changed since this reader last read them: a row written through its
        connection (SQLite's ``total_changes``) or a commit through another
        (``PRAGMA data_version``), so that the Ratings page shown after the head to head,
        or the History window read again with nothing changed, does not read it twice.
        At 1,500 sittings the mark's ``SELECT`` is 23 M of the 214 M instructions of the
        Ratings page's first show (2.7 ms at a load of 4.8)."""
        self._follow(store)
        connection = store.database.connection
        chosen = _variants(games)
        key = "" if chosen is None else ",".join(sorted(chosen))
        (version,) = connection.execute("PRAGMA data_version").fetchone()
        state = (connection.total_changes, version)
        held = self._marked.get(key)
        if held is not None and held[0] == state:
            return held[1]
        marked = record_pair_totals.marked_rows(connection, chosen)
        self._marked[key] = (state, marked)
        return marked

    def _totals_read(
        self,
        store: SittingStore,
        choice: str,
        marked: tuple[str, record_pair_totals.MarkColumns],
        chosen: tuple[Period, Iterable[GameKey] | None, tzinfo | None],
    ) -> tuple[PeriodPairs, str]:
        """The totals of ``choice`` (the sittings of the period, games and zone
        ``chosen``) whose mark and its columns, ``marked``, differ from those this reader
        holds: added to the counts it kept when only the newest sitting changed
        (:meth:`_played_on`), else the stored totals when their mark agrees, else counted
        again (:meth:`_totals_counted`); and the mark of the rows they are of."""
        mark, columns = marked
        # Split by sitting only when they are compared or counted (0.3 ms at 1,500).
        parts = columns.by_sitting() if choice in self._running else None
        totals = None if parts is None else self._played_on(store, choice, (mark, parts))
        if totals is None:
            totals = record_pair_totals.stored_totals(store.database.connection, choice, mark)
        if totals is not None:
            return totals, mark
        parts = columns.by_sitting() if parts is None else parts
        found = self._played_on_stored(store, choice, (mark, parts), columns.text)
        if found is not None:
            return found
        # The one sitting corrected, if any (a query: read once for the swap either way).
        then = _columns_then(store.database.connection, parts)
        played, merged = None, None
        if then is not None:
            played = self._corrected_order(store, choice, parts, (columns.text, then))
        if played is None:
            merged = columns.unread()
            if merged is not None:
                played = self._merged_order(store, choice, parts, (columns.text, merged))
        if played is not None:  # the order stored: swapped or inserted, or counted again
            totals, mark = self._changed_before(store, choice, (mark, parts), (played, merged))
            if totals is not None:
                return totals, mark
        wanted = self._ordered(store, *chosen)
        if played is None:
            played = _Order.of(wanted, then)
            totals, mark = self._changed_before(store, choice, (mark, parts), (played, merged))
        if totals is not None:
            return totals, mark
        return self._totals_counted(store, choice, (mark, parts), wanted)

    def _played_on_stored(
        self,
        store: SittingStore,
        choice: str,
        marked: tuple[str, dict[int, str]],
        text: str,
    ) -> tuple[PeriodPairs, str] | None:
        """The totals of ``choice`` when only the newest sitting in the order played stored
        with the blocks (:func:`~.record_pair_totals.stored_order`) changed since, as
        :meth:`_played_on` counts them for the reader that kept the counts, for a reader
        that kept nothing (a new History window after the evening's hands): the stored
        running counts of every sitting but the newest with the newest's head to head
        added, stored with the running counts of every sitting; and the mark of the rows
        they are of. The order stored is trusted on three checks: the same sittings (the
        newest still stored, as many), every one but the newest as it was then (the mark
        of their columns, told from the mark's ``marked`` and its joined ``text``:
        :meth:`~.record_pair_totals.StoredOrder.holds`), and the newest still after the one
        before it (its moment and stable id); else, or where the running counts are not
        stored, None (:meth:`_ordered` reads and sorts every sitting's row). A sitting
        begun, deleted or merged changes the sittings or their count, a correction or a
        renamed player the mark, and another reader that cut the blocks since stored its
        order with them, so that the newest is in no stored block either way."""
        mark, parts = marked
        connection = store.database.connection
        order = record_pair_totals.stored_order(connection, choice)
        if order is None or len(parts) < 2 or not order.holds(text, parts):
            return None  # a sitting begun, deleted, merged or changed before the newest
        ids = order.ids()
        if len(ids) != len(parts) or ids[-1] != order.newest:
            return None
        last, latest = self._rows_of(connection, ids[-2:])
        if _order_key(latest) <= _order_key(last):
            return None  # the newest sitting moved before another (its moment changed)
        newest = len(ids) - 1
        marks = record_pair_totals.RunningMarks(connection, ids, parts)
        position, before = record_pair_totals.stored_counts(
            connection, choice, marks, {newest}, newest
        )
        if position != newest:
            return None
        (counted,), stored_again = self._tallies_read(store, [latest])
        if stored_again:
            marks.stored_again(connection, stored_again)  # parts updated in place
            mark = marks.every
        every = _added(before, [_sitting_counts(counted)])
        totals = _totals_of(len(ids), every)
        tallies = [(len(ids), marks.at(len(ids)), every)]
        record_pair_totals.store_totals(store, choice, mark, totals, tallies, None, order=order)
        self._running[choice] = _Running(parts, _order_key(last), ids[newest], before, mark)
        return totals, mark

    def _rows_of(
        self, connection: sqlite3.Connection, sitting_ids: Sequence[int]
    ) -> list[tuple[tuple[Any, ...], datetime]]:
        """The rows of the sittings of ``sitting_ids`` (as :meth:`_wanted` reads them),
        each with its moment, in the order of ``sitting_ids``."""
        marks = ", ".join("?" * len(sitting_ids))
        rows = {
            row[0]: row
            for row in connection.execute(
                "SELECT id, revision, variant, players, created, uuid FROM sitting "
                f"WHERE id IN ({marks})",
                tuple(sitting_ids),
            )
        }
        return [(rows[key], self._moment(rows[key])) for key in sitting_ids]

    def _changed_before(
        self,
        store: SittingStore,
        choice: str,
        marked: tuple[str, dict[int, str]],
        played: tuple[_Order, int | None],
    ) -> tuple[PeriodPairs | None, str]:
        """The totals of ``choice`` (its sittings ``played[0]``) after a correction to one
        sitting before the newest (:meth:`_swapped`), else after the sitting ``played[1]``
        was merged before it (:meth:`_inserted`); None where neither tells them; and the
        mark of the rows now."""
        order, merged = played
        totals, mark = self._swapped(store, choice, marked, order)
        if totals is None and merged is not None:
            totals, mark = self._inserted(store, choice, (mark, marked[1]), (order, merged))
        return totals, mark

    def _merged_order(
        self, store: SittingStore, choice: str, parts: dict[int, str], merged: tuple[str, int]
    ) -> _Order | None:
        """The order played after the one sitting with no ``record_facts`` row,
        ``merged[1]``, was stored (a sync merge; ``merged[0]``, the mark's joined text): the
        order stored with the blocks of ``choice`` where it holds for the other sittings
        (:meth:`~.record_pair_totals.StoredOrder.holds`) and the newest is still after the
        one before and the merged sitting, which is placed among the others by a binary
        search of their moments (a row read at each step); None otherwise
        (:meth:`_ordered` reads and sorts every sitting's row)."""
        text, unread = merged
        connection = store.database.connection
        order = record_pair_totals.stored_order(connection, choice)
        padded, part = f";{text};", parts[unread]
        at = padded.find(f";{part};")
        if order is None or at < 0 or len(parts) < 3:
            return None
        others = {key: held for key, held in parts.items() if key != unread}
        if not order.holds((padded[:at] + padded[at + len(part) + 1 :])[1:-1], others):
            return None
        ids = order.ids()
        if len(ids) != len(others) or ids[-1] != order.newest:
            return None
        last, latest, inserted = self._rows_of(connection, [*ids[-2:], unread])
        key = _order_key(inserted)
        if not _order_key(last) < _order_key(latest) or not key < _order_key(latest):
            return None  # the newest moved before another, or the merged is the newest

        def moment_at(place: int) -> tuple[datetime, str, int]:
            return _order_key(self._rows_of(connection, [ids[place]])[0])

        place = bisect.bisect_left(range(len(ids) - 1), key, key=moment_at)
        ids.insert(place, unread)
        return _Order(ids, lambda places: self._rows_of(connection, [ids[at] for at in places]))

    def _corrected_order(
        self,
        store: SittingStore,
        choice: str,
        parts: dict[int, str],
        corrected: tuple[str, tuple[int, int, str]],
    ) -> _Order | None:
        """The order played stored with the blocks of ``choice``
        (:func:`~.record_pair_totals.stored_order`) after a correction to one sitting
        before the newest, where it holds for the sittings as they were before it (the
        sitting's columns with its ``record_facts`` row's revision as its own,
        ``corrected[1]`` as :func:`_columns_then` gives it, in ``parts`` and in the mark's
        joined text, ``corrected[0]``) and the newest is still after the one
        before; None otherwise (:meth:`_ordered` reads and sorts every sitting's row).
        The swap (:meth:`_swapped`) then reads the rows of the few sittings it counts.
        At 1,500 sittings reading and sorting every row was about 12 M instructions of a
        corrected sitting's reading (docs/records.md has the figures)."""
        text, found = corrected
        connection = store.database.connection
        order = record_pair_totals.stored_order(connection, choice)
        if order is None or len(parts) < 2:
            return None
        sitting_id, _kept, then = found
        padded, part = f";{text};", parts[sitting_id]
        at = padded.find(f";{part};")
        if at < 0:
            return None
        text_then = padded[1 : at + 1] + then + padded[at + 1 + len(part) : -1]
        if not order.holds(text_then, {**parts, sitting_id: then}):
            return None
        ids = order.ids()
        if len(ids) != len(parts) or ids[-1] != order.newest or sitting_id == order.newest:
            return None
        last, latest = self._rows_of(connection, ids[-2:])
        if _order_key(latest) <= _order_key(last):
            return None  # the newest sitting moved before another (its moment changed)
        return _Order(
            ids, lambda places: self._rows_of(connection, [ids[place] for place in places]), found
        )

    def _swapped(
        self,
        store: SittingStore,
        choice: str,
        marked: tuple[str, dict[int, str]],
        played: _Order,
    ) -> tuple[PeriodPairs | None, str]:
        """The totals of ``choice`` (its sittings ``played``) after a correction to one
        sitting before the newest (the only sitting whose ``record_facts`` row is of the
        revision before): its count as
        that row keeps it taken off the stored running counts of every sitting but the
        newest and off its stored block (:meth:`_counted_before`), its count now added in
        its place (:func:`~jojotte_score.core.records.pairs.swapped_tallies`), then the
        newest's; stored with them. None where that cannot be told so (any other change,
        a count of the streak's or a largest win changed: :meth:`_totals_counted`); and
        the mark of the rows now (the sitting's row is stored again). At 1,500 sittings,
        after a correction in the middle sitting, this reads two sittings where the
        reading from the blocks read the 100 of its block and added every block's counts
        (docs/records.md has the figures)."""
        mark, parts = marked
        ids = played.ids
        counted = self._counted_before(store, choice, parts, played)
        if counted is None:
            return None, mark
        connection, newest = store.database.connection, len(ids) - 1
        place, last_but_one, latest = played.rows([counted.place, newest - 1, newest])
        (now, last), stored_again = self._tallies_read(store, [place, latest])
        marks = record_pair_totals.RunningMarks(connection, ids, parts)
        if stored_again:
            marks.stored_again(connection, stored_again)  # parts updated in place
            mark = marks.every
        swapped = swapped_tallies(counted.counts.tallies, counted.old, now[1])
        blocks = []
        if counted.block is not None:
            first, end, in_block = counted.block
            block_swapped = swapped_tallies(in_block.tallies, counted.old, now[1])
            if block_swapped is None:
                return None, mark
            swapped_block = SummedTallies(in_block.players, block_swapped)
            blocks.append((ids[first], marks.span(first, end), swapped_block))
        if swapped is None:
            return None, mark
        before_newest = SummedTallies(counted.counts.players, swapped)
        every = _added(before_newest, [_sitting_counts(last)])
        totals = _totals_of(len(ids), every)
        tallies = [(newest, marks.at(newest), before_newest), (len(ids), marks.at(len(ids)), every)]
        record_pair_totals.store_totals(
            store, choice, mark, totals, tallies, None, blocks, order=marks.order()
        )
        running = _Running(parts, _order_key(last_but_one), ids[newest], before_newest, mark)
        self._running[choice] = running
        return totals, mark

    def _inserted(
        self,
        store: SittingStore,
        choice: str,
        marked: tuple[str, dict[int, str]],
        merged: tuple[_Order, int],
    ) -> tuple[PeriodPairs | None, str]:
        """The totals of ``choice`` (its sittings ``merged[0]``, in the order played)
        after one sitting, ``merged[1]``, was stored before the newest in the
        order played (a sync merge of a sitting played earlier on another device: the one
        sitting with no ``record_facts`` row): its count inserted into
        the stored running counts of every other sitting but the newest, where their mark
        agrees with those sittings now (:func:`~jojotte_score.core.records.pairs.inserted_tallies`,
        the streaks told from the latest stored blocks, :meth:`_after`), then the newest's;
        stored with them. None where that cannot be told so (:meth:`_totals_counted`);
        and the mark of the rows now. At 1,500 sittings a sitting merged with the first's
        moment read the 100 sittings of its block and added every block after it; now the
        merged sitting, the newest and the latest block or two (docs/records.md has the
        figures)."""
        mark, parts = marked
        played, unread = merged
        ids = played.ids
        connection, newest = store.database.connection, len(ids) - 1
        found = _counted_without(connection, choice, (parts, unread), ids)
        if found is None:
            return None, mark
        place, counts = found
        inserted, last_but_one, latest = played.rows([place, newest - 1, newest])
        (read, last), stored_again = self._tallies_read(store, [inserted, latest])
        marks = record_pair_totals.RunningMarks(connection, ids, parts)
        if stored_again:
            marks.stored_again(connection, stored_again)  # parts updated in place
            mark = marks.every
        walked = self._after(store, choice, (marks, place, read[1], counts.tallies), played)
        if walked is None:
            return None, marks.every
        after, kept = walked
        # An equal largest win goes to the earlier: rare, so places are looked up then.
        tallies = inserted_tallies(
            counts.tallies, read[1], after, lambda key: ids.index(key) < place
        )
        if tallies is None:
            return None, mark
        before_newest = SummedTallies(counts.players | _sitting_counts(read).players, tallies)
        every = _added(before_newest, [_sitting_counts(last)])
        totals = _totals_of(len(ids), every)
        tallies_now = [
            (newest, marks.at(newest), before_newest),
            (len(ids), marks.at(len(ids)), every),
        ]
        record_pair_totals.store_totals(
            store, choice, mark, totals, tallies_now, kept, order=marks.order()
        )
        self._running[choice] = _Running(
            parts, _order_key(last_but_one), ids[newest], before_newest, mark
        )
        return totals, mark

    def _after(
        self,
        store: SittingStore,
        choice: str,
        inserted: tuple[
            record_pair_totals.RunningMarks, int, dict[Pair, PairTally], dict[Pair, PairTally]
        ],
        played: _Order,
    ) -> tuple[dict[Pair, tuple[PairTally | None, bool]], list[int]] | None:
        """What tells the streaks of the sitting at ``place`` inserted (``inserted``: the
        marks of the sittings now, its place, its count and the running counts it is
        inserted into): for each pair it counts a finished rubber of, the count of the
        latest sittings before the newest, added from the last back (the stored blocks'
        counts as stored, a sitting in none read alone) until they hold a finished rubber
        the streak's holder did not win, and whether they are all after it; and the
        running counts stored that stay (those at the ends of blocks before it). None
        where a sitting read was stored again, or more parts than a block's sittings
        would be walked."""
        marks, place, sitting, totals = inserted
        ids = list(marks.ids)
        blocks = record_pair_totals.stored_blocks(store.database.connection, choice)
        layout = _layout(ids, marks, blocks)
        pending = {pair for pair, tally in sitting.items() if tally.met and pair in totals}
        after: dict[Pair, tuple[PairTally | None, bool]] = {}
        if not any(first == place for first, _end, _block in layout):
            return None
        later = [part for part in layout[:-1] if part[0] > place]
        for walked, part in enumerate(reversed(later)):
            if not pending:
                break
            within = walked < record_pair_totals.CHECKPOINT_EVERY
            counts = self._part_counts(store, played, marks, part) if within else None
            if counts is None:
                return None
            _later_first(after, pending, counts)
        else:
            for pair in pending:  # every sitting after it added
                after[pair] = (after.get(pair, (None, False))[0], True)
        return after, [end for _f, end, block in layout if block is not None and end <= place]

    def _part_counts(
        self,
        store: SittingStore,
        played: _Order,
        marks: record_pair_totals.RunningMarks,
        part: tuple[int, int, record_pair_totals.StoredBlock | None],
    ) -> dict[Pair, PairTally] | None:
        """The counts of one part of :func:`_layout`'s: its block's as stored, or its
        sitting's head to head read alone; None where the block's JSON is not what the app
        writes, or the sitting's row was stored again (``marks`` then updated)."""
        first, _end, block = part
        if block is not None:
            summed = record_pair_totals.block_counts(block)
            return None if summed is None else summed.tallies
        (counted,), again = self._tallies_read(store, played.rows([first]))
        if again:
            marks.stored_again(store.database.connection, again)
            return None
        return counted[1]

    def _counted_before(
        self,
        store: SittingStore,
        choice: str,
        parts: dict[int, str],
        played: _Order,
    ) -> _Counted | None:
        """What a correction to one sitting before the newest is swapped into
        (:meth:`_swapped`), where the sitting's ``record_facts`` row is the only one of
        another revision than its sitting's, and the stored running counts of every sitting
        but the newest, and its stored block if it is in one, were counted from that row and
        every other sitting's as it is now: their marks, worked out with the sitting's
        columns as they were then (the row's revision as the sitting's), agree. None
        otherwise."""
        ids = played.ids
        connection, newest = store.database.connection, len(ids) - 1
        found = played.corrected
        if newest < 1 or found is None or found[0] == ids[newest]:
            return None
        sitting_id, kept_revision, then = found
        marks = record_pair_totals.RunningMarks(connection, ids, {**parts, sitting_id: then})
        position, counts = record_pair_totals.stored_counts(
            connection, choice, marks, {newest}, newest
        )
        kept = record_rows.kept_pairs(connection, sitting_id)
        if position != newest or kept is None or kept[0] != kept_revision:
            return None
        place = ids.index(sitting_id)
        blocks = record_pair_totals.stored_blocks(connection, choice)
        first, end, block = next(
            (part for part in _layout(ids, marks, blocks) if part[0] <= place < part[1]),
            (place, place + 1, None),
        )
        in_block = None if block is None else record_pair_totals.block_counts(block)
        if block is not None and in_block is None:
            return None
        ((row, _moment),) = played.rows([place])
        with reading_sitting(sitting_id):
            old = named_tallies(self._names(row[3]), kept[1])
        return _Counted(place, old, counts, None if in_block is None else (first, end, in_block))

    def period_sides(
        self,
        store: SittingStore | None,
        period: Period = ALL_TIME,
        games: Iterable[GameKey] | None = None,
        zone: tzinfo | None = None,
    ) -> PeriodSides:
        """How many sittings ``period`` and ``games`` hold (as :func:`period_facts`), every
        partnership and every player's figures in every role, read from each sitting's
        stored sides and roles alone (not its rubbers: at 1,500 sittings of 40 hands the
        facts took 120-130 ms to read); only the sittings changed since the last call are
        read again."""
        if store is None:
            return PeriodSides(0, (), ())
        wanted = self._ordered(store, period, games, zone)
        kept = self._sides
        rows, _stored_again = _changed_rows(store, kept, wanted, record_rows.stored_sides, _sides)
        counted = []
        for row, _moment in wanted:
            held = kept.get(row[0])
            if held is None or held[0] != row:
                sitting_id, _revision, variant, players, _created, _uuid = row
                with reading_sitting(sitting_id):
                    names = self._names(players)
                    game = find_game(variant)
                held = kept[sitting_id] = (row, names, game.variant, *rows[sitting_id])
            counted.append(held)
        return PeriodSides(
            len(wanted),
            named_partnerships(
                (names, variant, sides) for _row, names, variant, sides, _r in counted
            ),
            named_role_records(
                (names, variant, roles) for _row, names, variant, _s, roles in counted
            ),
        )

    def _played_on(
        self, store: SittingStore, choice: str, marked: tuple[str, dict[int, str]]
    ) -> PeriodPairs | None:
        """The totals of ``choice`` when only the newest sitting in the order played
        changed since this reader last counted them, and is still the newest: the counts
        it kept of the sittings before it (:class:`_Running`) with the newest's head to
        head added (read where stored, else scored from its hands and not stored: the next
        reading of its facts stores it), stored alone (the running counts and blocks stored
        are of sittings that did not change) when the totals stored are still those this
        reader counted or stored last (their mark is the one it kept). None for any other
        change (a sitting begun, deleted or merged, an older one corrected:
        :meth:`_totals_counted`), and when another reader stored the totals since: its
        blocks and running counts were cut for the sittings then, and may hold the
        sitting that is the newest now, or start with one deleted since (it stored a
        block of the sitting newest now and one begun after it, deleted since); counted
        again, they are stored anew. At 1,500 sittings the totals counted again from the
        stored counts, with the newest sitting's row and the counts stored (two
        synchronous transactions) took 11-29 ms after a hand; docs/records.md has this
        reading's figures."""
        kept = self._running.get(choice)
        mark, parts = marked
        if kept is None or len(parts) != len(kept.parts):
            return None
        changed = [key for key, part in parts.items() if kept.parts.get(key) != part]
        if changed != [kept.newest]:
            return None  # a sitting begun, deleted or merged, or an older one changed
        row = store.database.connection.execute(
            "SELECT id, revision, variant, players, created, uuid FROM sitting WHERE id = ?",
            (kept.newest,),
        ).fetchone()
        newest = (row, self._moment(row))
        if kept.last is not None and _order_key(newest) <= kept.last:
            return None  # the newest sitting moved before another (its moment changed)
        (counted,), _stored_again = self._tallies_read(store, [newest], {kept.newest})
        totals = _totals_of(len(parts), _added(kept.before, [_sitting_counts(counted)]))
        if not record_pair_totals.store_totals_alone(store, choice, (kept.mark, mark), totals):
            return None  # another reader stored blocks since: they may hold the newest
        self._running[choice] = kept._replace(parts=parts, mark=mark)
        return totals

    def _totals_counted(
        self,
        store: SittingStore,
        choice: str,
        marked: tuple[str, dict[int, str]],
        wanted: list[tuple[tuple[Any, ...], datetime]],
    ) -> tuple[PeriodPairs, str]:
        """The totals of ``choice`` when the stored ones are not of the rows as they are:
        of the sittings ``wanted`` (in the order played, as :meth:`_ordered` gives them),
        from the rows ``marked`` marks (the mark, and its columns by sitting); and the
        mark of the rows they are counted from (``marked``'s, unless a sitting's row was
        stored again). The sittings in the order played are the stored blocks whose
        sittings are as they were, wherever they are now, and the sittings between them (the
        newest always alone, :func:`_layout`); the totals are the latest running counts
        stored at the end of one of these whose sittings are as they are now, with the
        counts of each after it added in the order played: the stored blocks' as stored,
        the other sittings' read (:meth:`_parts_read`: a hand recorded in the evening's
        sitting: that sitting's alone; a correction to an older sitting, a sitting deleted
        or merged before the newest: the sittings of its block alone). The sittings read
        are packed with the blocks beside them into blocks of about
        :data:`~.record_pair_totals.CHECKPOINT_EVERY` sittings and stored, with the running
        counts at their ends and the totals (:func:`_running_counts`).
        ``PairTally.then`` is associative, so these are exactly the totals of every
        sitting's head to head added up one by one."""
        connection = store.database.connection
        ids = [row[0] for row, _moment in wanted]
        mark, parts_marked = marked
        marks = record_pair_totals.RunningMarks(connection, ids, parts_marked)
        layout, start, counts = _starting_point(connection, choice, ids, marks)
        before = [part for part in layout if part[1] <= start]
        parts, stored_again = self._parts_read(store, wanted, layout[len(before) :])
        if stored_again:
            # Rows stored again (missing, stale or damaged) change the marks.
            marks.stored_again(connection, stored_again)
            mark = marks.every
        newest = parts.pop() if parts and parts[-1][0] == len(ids) - 1 else None
        running, stored, blocks = _running_counts(ids, marks, counts, parts)
        if newest is not None:
            running.append(
                self._newest_added(choice, parts_marked, wanted, counts, running, newest)
            )
        totals = _totals_of(len(ids), running[-1][1] if running else counts)
        counted = (mark, totals)
        _store_counted(store, choice, counted, ids, marks, (start, before, running), stored, blocks)
        held = self._running.get(choice)
        if newest is not None and held is not None:
            self._running[choice] = held._replace(mark=mark)  # the mark stored with them
        return totals, mark

    def _newest_added(
        self,
        choice: str,
        parts: dict[int, str],
        wanted: list[tuple[tuple[Any, ...], datetime]],
        counts: SummedTallies,
        running: list[tuple[int, SummedTallies]],
        newest: tuple[int, int, SummedTallies, bool],
    ) -> tuple[int, SummedTallies]:
        """The running counts of every sitting of ``wanted``: the newest's counts added to
        the latest of ``running`` (``counts`` without them), which are kept, with the mark
        columns ``parts`` and the newest's place, for the next reading
        (:meth:`_played_on`)."""
        before_newest = running[-1][1] if running else counts
        last = _order_key(wanted[-2]) if len(wanted) > 1 else None
        self._running[choice] = _Running(parts, last, wanted[-1][0][0], before_newest, "")
        return len(wanted), _added(before_newest, [newest[2]])

    def _parts_read(
        self,
        store: SittingStore,
        wanted: list[tuple[tuple[Any, ...], datetime]],
        layout: list[tuple[int, int, record_pair_totals.StoredBlock | None]],
    ) -> tuple[list[tuple[int, int, SummedTallies, bool]], list[int]]:
        """The counts of each part of ``layout`` (the parts after the running counts the
        reading starts from): a stored block's decoded (its sittings read alone when its
        JSON is damaged), a sitting's read; each with its places and whether it is a block
        as stored. The sittings' rows missing, stale or damaged are stored again: those
        sittings are returned too."""
        after: list[tuple[int, int, SummedTallies | None]] = []
        for first, end, block in layout:
            decoded = None if block is None else record_pair_totals.block_counts(block)
            if block is not None and decoded is None:  # its JSON damaged: read its sittings
                after.extend((place, place + 1, None) for place in range(first, end))
            else:
                after.append((first, end, decoded))
        read = [wanted[first] for first, _end, decoded in after if decoded is None]
        counted, stored_again = self._tallies_read(store, read)
        sittings = iter(counted)
        return [
            (first, end, decoded, True)
            if decoded is not None
            else (first, end, _sitting_counts(next(sittings)), False)
            for first, end, decoded in after
        ], stored_again

    def _pairs_read(
        self,
        store: SittingStore,
        period: Period,
        games: Iterable[GameKey] | None,
        zone: tzinfo | None,
    ) -> PeriodPairs:
        """As :meth:`period_pairs`, reading each changed sitting's stored head to head."""
        wanted = self._ordered(store, period, games, zone)
        counted, _stored_again = self._tallies_read(store, wanted)
        players: set[str | None] = set()
        for names, _tallies in counted:
            players.update(names)
        return PeriodPairs(
            len(wanted),
            tuple(by_name_order(name for name in players if name is not None)),
            records_of_tallies(tallies for _names, tallies in counted),
        )

    def _ordered(
        self,
        store: SittingStore,
        period: Period,
        games: Iterable[GameKey] | None,
        zone: tzinfo | None,
    ) -> list[tuple[tuple[Any, ...], datetime]]:
        """As :meth:`_wanted`, in the order played."""
        return sorted(self._wanted(store, period, games, zone), key=_order_key)

    def _tallies_read(
        self,
        store: SittingStore,
        wanted: list[tuple[tuple[Any, ...], datetime]],
        unstored: Container[int] = (),
    ) -> tuple[list[tuple[Names, dict[Pair, PairTally]]], list[int]]:
        """The counted names and head to head of each sitting of ``wanted`` (as
        :meth:`_wanted` gives them), its stored row read only where it changed since the
        last call; and the sittings whose rows were stored again (missing, stale or
        damaged), but those of ``unstored``, scored from their hands and not stored."""
        kept = self._pairs
        rows, stored_again = _changed_rows(
            store, kept, wanted, record_rows.stored_pairs, lambda counted: counted[1], unstored
        )
        counted = []
        for row, _moment in wanted:
            sitting_id, _revision, _variant, stored_players, _created, _uuid = row
            held = kept.get(sitting_id)
            if held is None or held[0] != row:
                # The names looked up first, a sitting's damage turned into an error only
                # where they are read, and every sitting's names added to the players as
                # they are (None too, dropped after): at 1,500 sittings these and the
                # leaner checks of record_rows.pairs_from_data read the head to head in
                # 25.4 ms where 28.6 (best of 21, three runs each, alternating).
                names = self._names_of.get(stored_players)
                if names is None:
                    with reading_sitting(sitting_id):
                        names = self._names(stored_players)
                held = (row, names, named_tallies(names, rows[sitting_id]))
                kept[sitting_id] = held
            counted.append((held[1], held[2]))
        return counted, stored_again

    def _follow(self, store: SittingStore) -> None:
        """Forget what was kept from another store than ``store``."""
        if store is not self._store:
            self._store, self._kept, self._pairs, self._moments = store, {}, {}, {}
            self._totals, self._sides, self._running, self._played = {}, {}, {}, {}
            self._marked = {}

    def _wanted(
        self,
        store: SittingStore,
        period: Period,
        games: Iterable[GameKey] | None,
        zone: tzinfo | None,
    ) -> list[tuple[tuple[Any, ...], datetime]]:
        """The rows of the sittings of ``period`` and ``games`` (id, revision, variant,
        players, moment stored as text, stable id), each with the moment it was stored."""
        self._follow(store)
        connection = store.database.connection
        chosen = _variants(games)
        wanted = []
        for row in connection.execute(
            "SELECT id, revision, variant, players, created, uuid FROM sitting ORDER BY id"
        ).fetchall():
            moment = self._moment(row)
            if period.holds(moment, zone) and (chosen is None or row[2] in chosen):
                wanted.append((row, moment))
        return wanted

    def _moment(self, row: tuple[Any, ...]) -> datetime:
        """The moment a sitting's row (as :meth:`_wanted` reads it) was stored."""
        created = row[4]
        moment = self._moments.get(created)
        if moment is None:  # a moment read before is not parsed again
            # Parsed outside reading_sitting, entered only to name a damaged moment: a new
            # reader (each History window's first reading after a change) parses every
            # sitting's moment, and at 1,500 sittings of as many moments entering it for
            # each took 3.4 ms where the parsing takes 0.5 (best of 30, load 4.8).
            try:
                moment = datetime.fromisoformat(created)
            except (TypeError, ValueError):
                with reading_sitting(row[0]):
                    raise
            self._moments[created] = moment
        return moment

    def _names(self, players: str) -> tuple[str | None, ...]:
        """The counted names of a sitting's stored players (many sittings share them)."""
        names = self._names_of.get(players)
        if names is None:
            names = self._names_of[players] = counted_names(summary.stored_players(players))
        return names


def _variants(games: Iterable[GameKey] | None) -> set[str] | None:
    """The stored games (``sitting.variant``) of ``games``; None for every game."""
    return None if games is None else {str(find_game(str(key)).variant) for key in games}


class _Running(NamedTuple):
    """What a reader keeps of the head to head over all time it last counted for a choice
    of games (:meth:`PeriodFacts._played_on`): each sitting's mark columns then
    (:meth:`~.record_pair_totals.MarkColumns.by_sitting`), the place in the order played of
    the sitting before the newest (:func:`_order_key`; None without one), the newest
    sitting's id, the counts of every sitting before it, and the mark of the totals it
    stored with them (those stored since by another reader have another)."""

    parts: dict[int, str]
    last: tuple[datetime, str, int] | None
    newest: int
    before: SummedTallies
    mark: str


class _Counted(NamedTuple):
    """What a correction to one sitting is swapped into (:meth:`PeriodFacts._swapped`): the
    sitting's place in the order played, its count as its row kept it, the stored running
    counts of every sitting but the newest, and its stored block's places and counts (None:
    it is in none)."""

    place: int
    old: dict[Pair, PairTally]
    counts: SummedTallies
    block: tuple[int, int, SummedTallies] | None


class _Played(NamedTuple):
    """What a reader keeps of the order played it last read with the sittings' mark
    columns, for a choice of games (:meth:`PeriodFacts.played_ids`): the sittings' ids in
    that order, their mark columns then, and the place in the order played of the sitting
    before the newest (:func:`_order_key`; None without one)."""

    ids: tuple[int, ...]
    parts: dict[int, str]
    last: tuple[datetime, str, int] | None


class _Order(NamedTuple):
    """The sittings of a choice in the order played (their ids), and how the rows of
    some of them are got, by their places (each as :meth:`PeriodFacts._wanted` gives
    it): from every sitting's rows read and sorted (:meth:`of`), or read for those
    sittings alone (:meth:`PeriodFacts._corrected_order`)."""

    ids: list[int]
    rows: Callable[[Sequence[int]], list[tuple[tuple[Any, ...], datetime]]]
    corrected: tuple[int, int, str] | None = None
    """The one sitting corrected since its ``record_facts`` row was stored, as
    :func:`_columns_then` gives it (None: there is not one)."""

    @classmethod
    def of(
        cls,
        wanted: list[tuple[tuple[Any, ...], datetime]],
        corrected: tuple[int, int, str] | None,
    ) -> _Order:
        """The order of ``wanted``, every sitting's row read and sorted."""
        ids = [row[0] for row, _moment in wanted]
        return cls(ids, lambda at: [wanted[p] for p in at], corrected)


def _columns_then(
    connection: sqlite3.Connection, parts: dict[int, str]
) -> tuple[int, int, str] | None:
    """The one sitting of ``parts`` (the mark's columns by sitting) whose
    ``record_facts`` row is of another revision than its own (corrected since), its row's
    revision and its columns as they were when that row was stored (that revision as the
    sitting's); None where there is not one such sitting."""
    stale = [
        found for found in record_pair_totals.stale_rows(connection, None) if found[0] in parts
    ]
    if len(stale) != 1:
        return None
    sitting_id, revision, kept_revision = stale[0]
    prefix = f"{sitting_id},{revision},"
    if not parts[sitting_id].startswith(prefix):
        return None
    return (
        sitting_id,
        kept_revision,
        f"{sitting_id},{kept_revision},{parts[sitting_id][len(prefix) :]}",
    )


def _order_key(found: tuple[tuple[Any, ...], datetime]) -> tuple[datetime, str, int]:
    """Where a sitting (its row and moment) comes in the order played, as
    :func:`~jojotte_score.core.records.facts.in_order` sorts."""
    row, moment = found
    return moment, row[5] or "", row[0]


def _added(counts: SummedTallies, later: Iterable[SummedTallies]) -> SummedTallies:
    """``counts`` followed by each of ``later``'s, in the order played."""
    players, tallies = set(counts.players), counts.tallies
    for more in later:
        players.update(more.players)
        tallies = summed_tallies([more.tallies], tallies)
    return SummedTallies(frozenset(players), tallies)


def _totals_of(sittings: int, counts: SummedTallies) -> PeriodPairs:
    """The totals of ``sittings`` sittings from their counts."""
    return PeriodPairs(
        sittings, tuple(by_name_order(counts.players)), records_of_summed(counts.tallies)
    )


def _starting_point(
    connection: sqlite3.Connection,
    choice: str,
    ids: list[int],
    marks: record_pair_totals.RunningMarks,
) -> tuple[list[tuple[int, int, record_pair_totals.StoredBlock | None]], int, SummedTallies]:
    """The sittings of ``ids`` (in the order played) laid out as the stored blocks of
    ``choice`` and the sittings between them (:func:`_layout`), and the latest running
    counts stored whose sittings are as they are now, at the end of one of these parts
    (:func:`_first_read`), with how many sittings they count."""
    layout = _layout(ids, marks, record_pair_totals.stored_blocks(connection, choice))
    ends = {end for _first, end, _block in layout}
    start, counts = record_pair_totals.stored_counts(
        connection, choice, marks, ends, _first_read(layout)
    )
    return layout, start, counts


def _store_counted(
    store: SittingStore,
    choice: str,
    counted: tuple[str, PeriodPairs],
    ids: list[int],
    marks: record_pair_totals.RunningMarks,
    running: tuple[
        int,
        list[tuple[int, int, record_pair_totals.StoredBlock | None]],
        list[tuple[int, SummedTallies]],
    ],
    stored: list[tuple[int, str, SummedTallies]],
    blocks: list[int],
) -> None:
    """Store the totals counted (with the mark of the rows they are counted from), the
    ``stored`` blocks and the running counts of the sittings ``ids`` (in the order
    played): ``running`` holds the place of those the reading started from, the parts
    before it (:func:`_layout`'s) and the running counts worked out after it. Other blocks
    are removed but those of the parts before and of ``blocks`` (kept as stored), and of
    the running counts all but those at the ends of the last three blocks and of every
    sitting: kept at every block's end, a change before most of them had them all stored
    again, which took longer than adding every block's counts from the first."""
    mark, totals = counted
    start, before, after = running
    firsts = [first for first, _end, block in before if block]
    ends = sorted({*(end for _first, end, _block in before), *(end for end, _c in after)})
    kept = set(ends[-_RUNNING_KEPT:])
    record_pair_totals.store_totals(
        store,
        choice,
        mark,
        totals,
        [(place, marks.at(place), counts) for place, counts in after if place in kept],
        [end for end in kept if end <= start],
        stored,
        [*(ids[first] for first in firsts), *blocks],
        marks.order() if ids else None,
    )


def _running_counts(
    ids: list[int],
    marks: record_pair_totals.RunningMarks,
    counts: SummedTallies,
    parts: list[tuple[int, int, SummedTallies, bool]],
) -> tuple[
    list[tuple[int, SummedTallies]],
    list[tuple[int, str, SummedTallies]],
    list[int],
]:
    """The ``parts`` after the running ``counts`` (the newest sitting not among them)
    packed into blocks (:func:`_packed`) and added in the order played: the running counts
    at each block's end (its place and counts), the blocks to store (their first sitting's
    id, their mark and counts) and the first sitting of each block kept as stored."""
    running: list[tuple[int, SummedTallies]] = []
    stored: list[tuple[int, str, SummedTallies]] = []
    blocks: list[int] = []
    for group in _packed(parts):
        first, end = group[0][0], group[-1][1]
        summed = _summed(group)
        counts = _added(counts, [summed])
        running.append((end, counts))
        if len(group) == 1 and group[0][3]:
            blocks.append(ids[first])  # kept as stored
        else:
            stored.append((ids[first], marks.span(first, end), summed))
    return running, stored, blocks


_RUNNING_KEPT: Final = 4
"""How many running counts of the head to head are kept: at the ends of the last three
blocks (the last, up to the newest, often short) and of every sitting."""


def _layout(
    ids: list[int],
    marks: record_pair_totals.RunningMarks,
    blocks: dict[int, record_pair_totals.StoredBlock],
) -> list[tuple[int, int, record_pair_totals.StoredBlock | None]]:
    """The sittings of ``ids`` (in the order played) as the stored ``blocks`` whose
    sittings are as they were (by their marks) and the sittings between them, each alone
    (the newest always alone): each part's place of its first sitting, the place after its
    last, and its block (None: a sitting alone)."""
    layout: list[tuple[int, int, record_pair_totals.StoredBlock | None]] = []
    place, newest = 0, len(ids) - 1
    while place < newest:
        block = blocks.get(ids[place])
        end = place + (block.sittings if block is not None else 1)
        found = block is not None and block.sittings > 0 and end <= newest
        if block is not None and found and marks.span(place, end) == block.mark:
            layout.append((place, end, block))
            place = end
            continue
        layout.append((place, place + 1, None))
        place += 1
    if ids:
        layout.append((newest, newest + 1, None))
    return layout


def _first_read(
    layout: list[tuple[int, int, record_pair_totals.StoredBlock | None]],
) -> int:
    """The place of the first sitting of ``layout`` in no block (every sitting is in one
    but the newest when nothing changed but the newest), or of the block before it when
    that holds fewer than :data:`~.record_pair_totals.CHECKPOINT_EVERY` sittings (the
    sittings after it are packed with it, so that sittings begun one by one join the
    last block rather than make blocks of their own)."""
    for index, (first, _end, block) in enumerate(layout):
        if block is None:
            earlier = layout[index - 1][2] if index else None
            if earlier is not None and earlier.sittings < record_pair_totals.CHECKPOINT_EVERY:
                return layout[index - 1][0]
            return first
    return layout[-1][1] if layout else 0


def _counted_without(
    connection: sqlite3.Connection,
    choice: str,
    merged: tuple[dict[int, str], int],
    ids: list[int],
) -> tuple[int, SummedTallies] | None:
    """The place in ``ids`` (the order played) of the sitting ``merged[1]``, stored with
    no ``record_facts`` row before the one before the newest (merged from another
    device), and the running counts stored of every other sitting but the newest, where
    their mark agrees with those sittings as their columns, ``merged[0]``, have them now;
    None when it is not such a sitting, or there are no such counts."""
    parts, sitting_id = merged
    newest = len(ids) - 1
    place = ids.index(sitting_id) if sitting_id in parts else newest
    if place >= newest - 1 or not parts[sitting_id].endswith(",,"):
        return None  # just before the newest (two sittings begun): packed into a block
    others = record_pair_totals.RunningMarks(connection, [*ids[:place], *ids[place + 1 :]], parts)
    position, counts = record_pair_totals.stored_counts(
        connection, choice, others, {newest - 1}, newest - 1
    )
    return (place, counts) if position == newest - 1 else None


def _later_first(
    after: dict[Pair, tuple[PairTally | None, bool]],
    pending: set[Pair],
    counts: dict[Pair, PairTally],
) -> None:
    """Each of the ``pending`` pairs' count of the latest sittings, in ``after``, with
    ``counts`` (of the sittings just before them) added first; a pair whose count then
    holds a finished rubber the streak's holder did not win is no longer pending."""
    for pair in [pair for pair in pending if pair in counts]:
        latest = after.get(pair, (None, False))[0]
        tally = counts[pair] if latest is None else counts[pair].then(latest)
        after[pair] = (tally, False)
        if tally.met and not tally.one_run:
            pending.discard(pair)


def _sitting_counts(counted: tuple[Names, dict[Pair, PairTally]]) -> SummedTallies:
    """A sitting's counted names and head to head, as the counts of one part."""
    names, tallies = counted
    return SummedTallies(frozenset(name for name in names if name is not None), tallies)


def _packed(
    parts: list[tuple[int, int, SummedTallies, bool]],
) -> list[list[tuple[int, int, SummedTallies, bool]]]:
    """The ``parts`` (their places, counts, and whether each is a stored block as stored)
    packed, in order, into blocks: a part joins the block before it while both hold no
    more than :data:`~.record_pair_totals.CHECKPOINT_EVERY` sittings, or that holds fewer
    than half of it and the part no more than it (so a block holds fewer than one and a
    half times it, however many sittings are merged before it one by one); a stored block
    is kept as it is unless a few sittings join it."""
    every = record_pair_totals.CHECKPOINT_EVERY
    groups: list[list[tuple[int, int, SummedTallies, bool]]] = []
    size = 0
    for part in parts:
        length = part[1] - part[0]
        if groups and (size + length <= every or (size < every // 2 and length <= every)):
            groups[-1].append(part)
            size += length
        else:
            groups.append([part])
            size = length
    return groups


def _summed(group: list[tuple[int, int, SummedTallies, bool]]) -> SummedTallies:
    """The counts of the parts of one block, in the order played."""
    if len(group) == 1:
        return group[0][2]
    players: set[str] = set()
    for _first, _end, counts, _as_stored in group:
        players.update(counts.players)
    return SummedTallies(
        frozenset(players), summed_tallies(counts.tallies for _f, _e, counts, _s in group)
    )


class PeriodSides(NamedTuple):
    """What the Partnerships and Roles pages show: how many sittings a period and its games
    hold, every partnership
    (:func:`~jojotte_score.core.records.partners.partnerships`) and every player's figures
    in every role (:func:`~jojotte_score.core.records.roles.role_records`)."""

    sittings: int
    partners: tuple[Partnership, ...]
    roles: tuple[RoleRecord, ...]


Roles = tuple[RoleFigures, ...]
"""Each seat's figures in each role over a sitting."""


def _sides(counted: Counted) -> Sides:
    """A sitting's sides and roles, from its facts."""
    (rubbers, roles), _pairs = counted
    return side_figures(rubbers), roles


Row = TypeVar("Row")
"""What a sitting's stored row is read as: its facts, or its head to head by seats."""


def _changed_rows(
    store: SittingStore,
    kept: Mapping[int, tuple[Any, ...]],
    wanted: list[tuple[tuple[Any, ...], datetime]],
    read: Callable[[sqlite3.Connection, list[int] | None], dict[int, Row]],
    part: Callable[[Counted], Row],
    unstored: Container[int] = (),
) -> tuple[dict[int, Row], list[int]]:
    """The stored rows, as ``read`` reads them (the facts, or the head to head alone), of
    the sittings of ``wanted`` (as :meth:`PeriodFacts._wanted` gives them) whose version
    differs from the one ``kept`` holds first; those missing their rows (or whose rows are
    stale or damaged) scored and stored again (:func:`_stored_again`, their ``part`` of
    it), but those of ``unstored``, scored alone; and the sittings stored again."""
    changed = [row[0] for row, _moment in wanted if kept.get(row[0], (None,))[0] != row]
    rows = read(store.database.connection, changed) if changed else {}
    missing = [sitting_id for sitting_id in changed if sitting_id not in rows]
    for sitting_id in [sitting_id for sitting_id in missing if sitting_id in unstored]:
        with reading_sitting(sitting_id):
            rows[sitting_id] = part(_counted(store, None, sitting_id, {}))
        missing.remove(sitting_id)
    rows.update(
        (sitting_id, part(counted)) for sitting_id, counted in _stored_again(store, missing).items()
    )
    return rows, missing


_STORED_AT_ONCE: Final = 100
"""How many sittings missing their rows are scored and stored in one transaction. One
transaction each made the first reading with no rows (what the upgrade to this version
costs) take 7.2 s at 1,500 sittings of 40 hands, 1.4 s before the rows kept the head to
head; one for all would keep other writers waiting for seconds."""


def _stored_again(store: SittingStore, sitting_ids: list[int]) -> dict[int, Counted]:
    """Each sitting's facts and head to head by seats, its facts read from its row where it
    has one (a row written before the rows kept the head to head) and scored from its hands
    where not; stored together, :data:`_STORED_AT_ONCE` sittings a transaction, unless the
    database is read-only. A damaged sitting does not stop the others being stored: the
    first is raised (:class:`~jojotte_score.storage.errors.DamagedSittingError`) after."""
    found: dict[int, Counted] = {}
    damaged: list[DamagedSittingError] = []
    database = store.database
    for start in range(0, len(sitting_ids), _STORED_AT_ONCE):
        chunk = sitting_ids[start : start + _STORED_AT_ONCE]
        stored = record_rows.stored_facts(database.connection, chunk)
        with contextlib.ExitStack() as stack:
            writing = None
            if not database.read_only:  # rows that can be scored again: not waited for
                writing = stack.enter_context(database.transaction(durable=False))
            for sitting_id in chunk:
                try:
                    with reading_sitting(sitting_id):
                        found[sitting_id] = _counted(store, writing, sitting_id, stored)
                except DamagedSittingError as error:
                    damaged.append(error)
    if damaged:
        raise damaged[0]
    return found


Counted = tuple[Facts, SeatPairs]
"""A sitting's facts and its head to head by seats."""


def _counted(
    store: SittingStore,
    writing: sqlite3.Connection | None,
    sitting_id: int,
    stored: dict[int, Facts],
) -> Counted:
    """A sitting's facts (``stored``'s, else scored from its hands) and its head to head by
    seats, stored together through ``writing`` (None: the database is read-only)."""
    if writing is not None:
        facts = stored.get(sitting_id) or record_rows.scored(writing, sitting_id)
        return facts, record_rows.store_facts(writing, sitting_id, facts)
    connection = store.database.connection
    facts = stored.get(sitting_id) or record_rows.scored(connection, sitting_id)
    variant, players = connection.execute(
        "SELECT variant, players FROM sitting WHERE id = ?", (sitting_id,)
    ).fetchone()
    seats = len(summary.stored_players(players))
    return facts, record_rows.pairs_of(sitting_id, find_game(variant).variant, seats, facts)
