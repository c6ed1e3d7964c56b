"""Every two players' head to head over all time, as stored (one owner: this module), so
that the Records tab opens, on all time, without reading each sitting's head to head.

The totals are kept in the ``record_ratings`` table (a cache table: cleared and never
copied by a restore, like the ratings' course) as one row whose choice is
:func:`totals_choice`'s (``"head-to-head"``, with the games' keys for a choice of games),
at position 0, with what the Records tab opens with (:class:`PeriodPairs`: the sittings'
count, their players and every two players' record) as JSON, the checksum every cached row
keeps (:mod:`jojotte_score.storage.rows`), and the :func:`pairs_mark` of the rows they
were counted from: every chosen sitting's id, revision, game, players, moment and stable
id, and its ``record_facts`` row's revision and stored checksum, read in one ``SELECT``
(a recorded hand, a correction, a deleted sitting, a sync merge or a row damaged or mended
changes it). A reading whose mark agrees returns the stored totals; else they are counted
again (from the running counts below) and stored with the mark (unless the database is
read-only). A period with an end is not stored (as
:func:`~jojotte_score.storage.record_ratings.ratings_choice` says why).

Beside them the choice keeps blocks (:func:`stored_blocks`, under :func:`blocks_choice`):
the counts (:class:`SummedTallies`) of sittings played one after another (in the order
played: their moment stored, then their stable id), about :data:`CHECKPOINT_EVERY` a
block, the newest in none, each under its first sitting's id with the mark of its own
sittings (:meth:`RunningMarks.span`: the same columns as :func:`pairs_mark`'s), so that
it is found and added as stored wherever a change before it moved it; and the running
counts of the sittings up to the ends of the last three blocks and of every sitting, at
the position of how many sittings they count, each with the running mark of its
sittings (:meth:`RunningMarks.at`). A reading whose totals' mark does not agree starts from the
latest running counts whose mark agrees with the sittings now before them
(:func:`stored_counts`) and adds, in the order played, the blocks after them whose marks
agree as stored and the other sittings' head to head read alone: after a change to an
older sitting (a correction), a sitting deleted or merged with an earlier moment, only the
sittings of the changed block and the newest are read, and the totals are exactly those
of a reading of every sitting (the counts are added in the same order either way, and
adding them is associative: streaks and largest wins depend on the order, not on how the
sittings are grouped).

With the blocks the choice keeps the order played they were cut in (:func:`stored_order`,
under :func:`order_choice`): every sitting's id in that order, with the running mark of
every sitting but the newest, so that a reader that kept nothing (a new History window)
after hands in the newest sitting adds it to the stored running counts without reading
and sorting every sitting's row.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Container, Iterable, Mapping, Sequence
from typing import Any, Final, NamedTuple

from jojotte_score.core.model import GameKey
from jojotte_score.core.records.pairs import HeadToHead, PairTally, Streak, Win
from jojotte_score.storage.errors import StorageError
from jojotte_score.storage.rows import row_checksum
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import Period


class PeriodPairs(NamedTuple):
    """What the Records tab opens with: how many sittings a period and its games hold,
    their players in name order, and every two players' head to head
    (:func:`~jojotte_score.core.records.pairs.head_to_heads`)."""

    sittings: int
    players: tuple[str, ...]
    pairs: tuple[HeadToHead, ...]


TOTALS: Final = "head-to-head"
"""The choice the totals of every sitting of every game are stored under."""


def totals_choice(period: Period, games: Iterable[GameKey] | None) -> str | None:
    """The choice the totals of ``period`` and ``games`` are stored under; None for a
    period with an end (read sitting by sitting: it moves every day, or is any two dates,
    as :func:`~jojotte_score.storage.record_ratings.ratings_choice` says)."""
    if period.first is not None or period.last is not None:
        return None
    if games is None:
        return TOTALS
    return f"{TOTALS}:games:" + ",".join(sorted({str(game) for game in games}))


def pairs_mark(connection: sqlite3.Connection, variants: Iterable[str] | None) -> str:
    """The mark of the rows the totals of the sittings of ``variants`` (every game: None)
    are counted from (see the module's docstring): their count and the CRC-32 and
    Adler-32 of their columns joined (as :func:`~.rows.row_checksum`)."""
    return marked_rows(connection, variants)[0]


def marked_rows(
    connection: sqlite3.Connection, variants: Iterable[str] | None
) -> tuple[str, MarkColumns]:
    """The :func:`pairs_mark` of the sittings of ``variants`` (every game: None), and the
    columns it is made of (:class:`MarkColumns`), read in one ``SELECT``: what a reading
    whose mark does not agree makes its :class:`RunningMarks` of, without reading them
    again (SQLite joins them, with their ids and lengths, to split them only then). At
    1,500 sittings 2.8-4.5 ms where the mark alone took 3.6; with the columns split
    4.9-5.8 ms where the mark and the columns read again took 5.5-8.4 (best of 40, three
    runs alternating at a load of 5)."""
    only, chosen = "", sorted(variants or ())
    if variants is not None:
        only = f"WHERE s.variant IN ({', '.join('?' * len(chosen))})"
    count, text, ids, lengths = connection.execute(
        "SELECT count(*), group_concat(part, ';'), group_concat(id), group_concat(length(part)) "
        f"FROM (SELECT s.id AS id, {_PART} AS part "
        f"FROM sitting s LEFT JOIN record_facts r ON r.sitting_id = s.id {only} ORDER BY s.id)",
        chosen,
    ).fetchone()
    columns = MarkColumns(text or "", ids or "", lengths or "")
    return _mark(count, columns.text), columns


class MarkColumns(NamedTuple):
    """The columns a mark is made of, as SQLite joined them: each sitting's (in the order
    of their ids) joined by ``;``, their ids and their lengths joined by commas."""

    text: str
    ids: str
    lengths: str

    def by_sitting(self) -> dict[int, str]:
        """Each sitting's columns joined, by its id."""
        if not self.ids:
            return {}
        parts, place, text = {}, 0, self.text
        for key, length in zip(self.ids.split(","), self.lengths.split(","), strict=True):
            end = place + int(length)
            parts[int(key)] = text[place:end]
            place = end + 1
        return parts

    def unread(self) -> int | None:
        """The id of the one sitting whose ``record_facts`` row is missing (its columns end
        with two empty ones: stored since it was last read, as a sitting merged from
        another device); None when there is none, or more. Found in the joined text: at
        1,500 sittings a look at each sitting's columns cost every reading whose totals
        differ about 2 M instructions (callgrind; a recorded hand's 154 M)."""
        text = self.text + ";"
        end = text.find(",,;")
        if end < 0 or text.find(",,;", end + 1) >= 0:
            return None
        start = text.rfind(";", 0, end) + 1
        found = text[start : text.find(",", start)]
        return int(found) if found.isdigit() else None

    def split_after(self, before: MarkColumns, parts: dict[int, str]) -> dict[int, str]:
        """:meth:`by_sitting`, given the columns ``before`` and what they were split into
        (``parts``, left as they are): when the same sittings' columns differ at most in
        the last sitting's (the highest id, as a hand recorded in the newest sitting
        changes them), ``parts`` with that sitting's columns taken from the text, without
        splitting every sitting's again (0.35 ms at 1,500 sittings, at a load of 8)."""
        if self.ids != before.ids or not self.ids:
            return self.by_sitting()
        comma = before.lengths.rfind(",") + 1
        start = len(before.text) - int(before.lengths[comma:])  # where the last begins
        if not (
            self.lengths.startswith(before.lengths[:comma])
            and self.text.startswith(before.text[:start])
            and len(self.text) - start == int(self.lengths[comma:])
        ):
            return self.by_sitting()
        split = dict(parts)
        split[int(self.ids[self.ids.rfind(",") + 1 :])] = self.text[start:]
        return split


class RunningMarks:
    """The marks of the first sittings of ``sitting_ids`` (in the order played), for any
    count of them (:meth:`at`), made of the same columns of each sitting as
    :func:`pairs_mark`'s (read in one ``SELECT``) and told apart from its mark by their
    ``played:`` start; and :attr:`every`, the mark :func:`pairs_mark` makes of those
    sittings (when they are every sitting of the games chosen). At 1,500 sittings the
    columns are read and joined in about 2 ms; a mark is worked out only where asked (a
    checkpoint), carried on from the one before where that was asked. Kept (the Ratings
    page after a hand, :meth:`updated`), the columns are joined again only from the first
    sitting whose columns changed, and the marks before it kept."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        sitting_ids: Sequence[int],
        parts: dict[int, str] | None = None,
    ) -> None:
        # parts: the columns of every sitting of sitting_ids, already read (kept, and
        # updated in place by updated and stored_again); else read here.
        self._ids = sitting_ids
        self._parts = _parts(connection) if parts is None else parts
        self._joined = b""
        self._ends: list[int] = [0]
        self._hashes: dict[int, tuple[int, int]] = {}
        """By count of first sittings: their CRC-32 and Adler-32 (what :meth:`at` gives)."""
        self._joining(0)

    @property
    def ids(self) -> Sequence[int]:
        """The sittings marked, in the order played."""
        return self._ids

    def stored_again(self, connection: sqlite3.Connection, sitting_ids: Sequence[int]) -> None:
        """Read again the columns of ``sitting_ids``, whose ``record_facts`` rows were
        stored again since."""
        few = len(sitting_ids) <= _FEW_SITTINGS  # else every sitting's read
        self.updated(_parts(connection, sitting_ids if few else None))

    def updated(self, parts: dict[int, str]) -> None:
        """Take ``parts`` (some sittings' columns, or every sitting's) as the columns now:
        joined again from the first sitting in the order played whose columns changed.
        At 1,500 sittings, after a hand in the newest, 0.17 ms a call where joining every
        sitting's took 0.43 (under cProfile)."""
        held = self._parts
        changed = next(
            (
                place
                for place, sitting_id in enumerate(self._ids)
                if sitting_id in parts and parts[sitting_id] != held[sitting_id]
            ),
            None,
        )
        held.update(parts)  # in place: a reader may keep the columns it gave (_Running)
        if changed is not None:
            self._joining(changed)

    def _joining(self, start: int) -> None:
        """Join the columns of the sittings from place ``start`` on after those before it,
        as joined already."""
        encoded = [self._parts[sitting_id].encode() for sitting_id in self._ids[start:]]
        joined = b";".join(encoded)
        if start:
            self._joined = self._joined[: self._ends[start]] + b";" + joined
        else:
            self._joined = joined
        del self._ends[start + 1 :]
        end = self._ends[start] if start else -1
        for part in encoded:
            end += len(part) + 1
            self._ends.append(end)
        self._hashes = {count: held for count, held in self._hashes.items() if count <= start}

    @property
    def count(self) -> int:
        """How many sittings there are."""
        return len(self._ids)

    @property
    def every(self) -> str:
        """The mark of every sitting, as :func:`pairs_mark` makes it."""
        return _mark(self.count, ";".join(self._parts[key] for key in sorted(self._ids)))

    def at(self, count: int) -> str:
        """The mark of the first ``count`` sittings."""
        # Carried on from the mark of one sitting fewer when that was worked out (after a
        # hand in the newest sitting, the one before it's): CRC-32 and Adler-32 of
        # the joined columns so far, then of the rest.
        hashes, ends = self._hashes, self._ends
        held = hashes.get(count)
        if held is None:
            start = count - 1 if count - 1 in hashes else 0
            crc, adler = hashes.get(start, (0, 1))
            rest = memoryview(self._joined)[ends[start] : ends[count]]
            held = hashes[count] = (zlib.crc32(rest, crc), zlib.adler32(rest, adler))
        return f"played:{count}:{held[0]:08x}{held[1]:08x}"

    def order(self) -> StoredOrder:
        """The order played of the sittings marked, as :func:`store_totals` stores it."""
        ids, newest = self._ids, self._ids[-1]
        if list(ids) == sorted(ids):
            # Played in the order of their ids (sittings begun one after another, none
            # merged): the others' columns in the order of their ids are the first ones in
            # the order played, whose hashes at() works out (and keeps), where joining them
            # again and hashing them cost a correction's reading about 2 M instructions.
            mark = self.at(len(ids) - 1).removeprefix("played:")
        else:
            parts = self._parts
            others = ";".join(parts[key] for key in sorted(ids) if key != newest)
            mark = _mark(len(ids) - 1, others)
        return StoredOrder(mark, newest, ",".join(map(str, ids)))

    def span(self, start: int, end: int) -> str:
        """The mark of the sittings from place ``start`` to ``end`` (not included) in the
        order played, whatever comes before them: a block's (:func:`stored_blocks`)."""
        ends = self._ends
        joined = memoryview(self._joined)[ends[start] + (1 if start else 0) : ends[end]]
        return f"block:{end - start}:{zlib.crc32(joined):08x}{zlib.adler32(joined):08x}"


def _parts(
    connection: sqlite3.Connection, sitting_ids: Sequence[int] | None = None
) -> dict[int, str]:
    """The columns a mark is made of, of each sitting (of ``sitting_ids``, or of all)."""
    only = "" if sitting_ids is None else f" WHERE s.id IN ({', '.join('?' * len(sitting_ids))})"
    return dict(
        connection.execute(
            f"SELECT s.id, {_PART} FROM sitting s "
            f"LEFT JOIN record_facts r ON r.sitting_id = s.id{only}",
            tuple(sitting_ids or ()),
        ).fetchall()
    )


def stale_rows(
    connection: sqlite3.Connection, variants: Iterable[str] | None
) -> list[tuple[int, int, int]]:
    """The sittings of ``variants`` (every game: None) whose ``record_facts`` row is of
    another revision than theirs (a sitting corrected since it was last read), each with
    its revision and its row's."""
    only, chosen = "", sorted(variants or ())
    if variants is not None:
        only = f" AND s.variant IN ({', '.join('?' * len(chosen))})"
    found: list[tuple[int, int, int]] = connection.execute(
        "SELECT s.id, s.revision, r.revision FROM sitting s "
        f"JOIN record_facts r ON r.sitting_id = s.id WHERE r.revision != s.revision{only}",
        chosen,
    ).fetchall()
    return found


_FEW_SITTINGS: Final = 500
"""Up to this many sittings have their columns read by id; more, every sitting's."""


CHECKPOINT_EVERY: Final = 100
"""About how many sittings (in the order played) a block holds (:func:`stored_blocks`).
At 1,500 sittings, 15 blocks and 4 running counts of a few kilobytes each; a change to an
older sitting reads the sittings of its block."""


_PART: Final = (
    "printf('%s,%s,%s,%s,%s,%s,%s,%s', s.id, s.revision, s.variant, s.players, s.created,"
    " s.uuid, r.revision, r.checksum)"
)
"""What a mark keeps of a sitting: its columns and its ``record_facts`` row's, joined by
commas (a missing stable id or row: empty). Written by ``printf`` in one piece, where
seven ``||`` each copied the text so far into a new value: at 1,500 sittings the mark's
``SELECT`` counted 17.3 M instructions where 23.3 M (callgrind), the same text."""


def _mark(count: int, text: str) -> str:
    joined = text.encode()
    return f"{count}:{zlib.crc32(joined):08x}{zlib.adler32(joined):08x}"


def stored_totals(connection: sqlite3.Connection, choice: str, mark: str) -> PeriodPairs | None:
    """The totals stored for ``choice`` if they were counted from the rows ``mark`` marks;
    None when they were not, or are missing, damaged or changed behind the app's back."""
    try:
        row = connection.execute(
            "SELECT mark, data, checksum FROM record_ratings WHERE choice = ? AND position = 0",
            (choice,),
        ).fetchone()
    except sqlite3.Error:
        return None
    if row is None or row[0] != mark or row[2] != _checksum(choice, row[0], row[1]):
        return None
    try:
        return totals_from_data(json.loads(row[1]))
    except (ValueError, TypeError, KeyError, IndexError):
        return None  # read sitting by sitting, and stored anew


class SummedTallies(NamedTuple):
    """Every two players' count (:class:`~jojotte_score.core.records.pairs.PairTally`,
    the two in name order) over some sittings, and those sittings' players: what a later
    sitting's counts are added to (:func:`~jojotte_score.core.records.pairs.summed_tallies`)."""

    players: frozenset[str]
    tallies: dict[tuple[str, str], PairTally]


def stored_counts(
    connection: sqlite3.Connection,
    choice: str,
    marks: RunningMarks,
    at: Container[int] | None = None,
    most: int | None = None,
) -> tuple[int, SummedTallies]:
    """The latest running counts stored for ``choice`` that were counted from the first
    sittings as they are now (as ``marks`` marks them), and how many
    sittings they count (of those counts only: one of ``at``, at ``most`` so many); none
    (0) when no stored counts agree, or they are damaged or changed behind the app's back."""
    try:
        rows = connection.execute(
            "SELECT position, mark, data, checksum FROM record_ratings "
            "WHERE choice = ? AND position BETWEEN 1 AND ? ORDER BY position DESC",
            (choice, marks.count if most is None else min(most, marks.count)),
        ).fetchall()
    except sqlite3.Error:
        rows = []
    for position, mark, data, checksum in rows:
        if at is not None and position not in at:
            continue
        if mark != marks.at(position) or checksum != _checksum(choice, mark, data, position):
            continue
        try:
            return position, tallies_from_data(json.loads(data))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            continue
    return 0, SummedTallies(frozenset(), {})


class StoredBlock(NamedTuple):
    """A block's stored row (:func:`stored_blocks`): how many sittings it counts, their
    mark (:meth:`RunningMarks.span`) and their counts as JSON, not decoded until used."""

    sittings: int
    mark: str
    data: str


def blocks_choice(choice: str) -> str:
    """The choice the blocks of the totals of ``choice`` are stored under."""
    return f"{choice}:blocks"


def stored_blocks(connection: sqlite3.Connection, choice: str) -> dict[int, StoredBlock]:
    """The blocks stored for the totals of ``choice``, by the id of their first sitting in
    the order played: each the counts of some sittings played one after another, with the
    mark of those sittings, so that a reading after a change before them adds their
    counts without reading them, wherever they are now in the order played (a sitting
    deleted or merged before them moves them). A row whose checksum does not agree is
    left out."""
    try:
        rows = connection.execute(
            "SELECT position, mark, data, checksum FROM record_ratings WHERE choice = ?",
            (blocks_choice(choice),),
        ).fetchall()
    except sqlite3.Error:
        return {}
    found = {}
    for first, mark, data, checksum in rows:
        if checksum != _checksum(blocks_choice(choice), mark, data, first):
            continue
        try:
            count = int(mark.split(":")[1])
        except (IndexError, ValueError):
            continue
        found[first] = StoredBlock(count, mark, data)
    return found


def block_counts(block: StoredBlock) -> SummedTallies | None:
    """A stored block's counts; None when its JSON is not what the app writes."""
    try:
        return tallies_from_data(json.loads(block.data))
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None


def order_choice(choice: str) -> str:
    """The choice the order played of the totals of ``choice`` is stored under."""
    return f"{choice}:order"


class StoredOrder(NamedTuple):
    """The order played stored with the blocks (:func:`stored_order`): the mark of every
    sitting's columns but the newest's, in the order of their ids (as :func:`pairs_mark`
    makes it of every sitting's), the newest's id, and every sitting's id in the order
    played, joined by commas."""

    mark: str
    newest: int
    played: str

    def holds(self, text: str, parts: Mapping[int, str]) -> bool:
        """Whether the sittings are those stored, and every one but the newest as it was
        (a hand recorded in the newest since changes its columns alone): the newest is
        still stored, as many sittings, and the mark of the others' columns (``text``, as
        the mark's ``SELECT`` joined them; ``parts``, split by sitting) is the one stored.
        Told from the joined text as read, without joining the columns again: a
        correction, a sitting begun, deleted or merged costs the reading little more."""
        part = parts.get(self.newest)
        if part is None or self.mark.split(":", 1)[0] != str(len(parts) - 1):
            return False
        padded = f";{text};"
        at = padded.find(f";{part};")
        if at < 0:
            return False
        others = (padded[:at] + padded[at + len(part) + 1 :])[1:-1]
        return _mark(len(parts) - 1, others) == self.mark

    def ids(self) -> list[int]:
        """Every sitting's id, in the order played."""
        return [int(key) for key in self.played.split(",")]


def stored_order(connection: sqlite3.Connection, choice: str) -> StoredOrder | None:
    """The order played stored with the totals of ``choice`` (:func:`store_totals`'s
    ``order``); None when it is missing, damaged or not what the app writes."""
    in_order = order_choice(choice)
    try:
        row = connection.execute(
            "SELECT mark, data, checksum FROM record_ratings WHERE choice = ? AND position = 0",
            (in_order,),
        ).fetchone()
    except sqlite3.Error:
        return None
    if row is None or row[2] != _checksum(in_order, row[0], row[1]):
        return None
    try:
        data = json.loads(row[1])
        newest, played = data["newest"], data["played"]
    except (ValueError, TypeError, KeyError):
        return None
    if type(newest) is not int or not isinstance(played, str) or not played:
        return None
    if not all(key.isdigit() for key in played.split(",")):
        return None
    return StoredOrder(row[0], newest, played)


def store_totals(
    store: SittingStore,
    choice: str,
    mark: str,
    totals: PeriodPairs,
    tallies: Iterable[tuple[int, str, SummedTallies]] = (),
    kept: Iterable[int] | None = (),
    blocks: Iterable[tuple[int, str, SummedTallies]] = (),
    blocks_kept: Iterable[int] | None = None,
    order: StoredOrder | None = None,
) -> None:
    """Store ``totals`` for ``choice``, counted from the rows ``mark`` marks, and each of
    ``tallies`` (how many sittings it counts, the running mark of those sittings, the
    counts), and remove any other running counts but ``kept``'s (None: keep them all);
    store each of ``blocks`` (its first sitting's id, its mark, its counts) and, when
    ``blocks_kept`` is given, remove any other block but those starting with its sittings;
    store the ``order`` played the blocks are cut in (:meth:`RunningMarks.order`; None: the
    order stored is removed, so that it is never of other blocks than those stored); in
    one transaction (nothing for a read-only
    database; a failed write leaves them to the next reading)."""
    database = store.database
    if database.read_only:
        return
    tallies = list(tallies)
    keep = sorted({*(kept or ()), *(position for position, _mark, _counts in tallies)})
    blocks = list(blocks)
    written = _written(choice, (mark, totals), tallies, blocks, order)
    try:
        with database.transaction(durable=False) as writing:
            if order is None:
                writing.execute(
                    "DELETE FROM record_ratings WHERE choice = ?", (order_choice(choice),)
                )
            if kept is not None:
                writing.execute(
                    "DELETE FROM record_ratings WHERE choice = ? AND position > 0 "
                    f"AND position NOT IN ({', '.join('?' * len(keep))})",
                    (choice, *keep),
                )
            if blocks_kept is not None:
                firsts = sorted({*blocks_kept, *(first for first, _m, _c in blocks)})
                writing.execute(
                    "DELETE FROM record_ratings WHERE choice = ? "
                    f"AND position NOT IN ({', '.join('?' * len(firsts))})",
                    (blocks_choice(choice), *firsts),
                )
            writing.executemany(
                "INSERT OR REPLACE INTO record_ratings "
                "(choice, position, sitting_id, mark, data, checksum) VALUES (?, ?, 0, ?, ?, ?)",
                written,
            )
    except (StorageError, sqlite3.Error):
        return


def _written(
    choice: str,
    counted: tuple[str, PeriodPairs],
    tallies: list[tuple[int, str, SummedTallies]],
    blocks: list[tuple[int, str, SummedTallies]],
    order: StoredOrder | None,
) -> list[tuple[str, int, str, str, str]]:
    """The rows :func:`store_totals` writes for ``choice`` (each its choice, position,
    mark, JSON and checksum): the blocks, the order played, the totals (``counted``: their
    mark and themselves) and the running counts."""

    def encoded(data: object) -> str:
        return json.dumps(data, separators=(",", ":"))

    mark, totals = counted
    rows = [
        (blocks_choice(choice), first, at, encoded(tallies_to_data(counts)))
        for first, at, counts in blocks
    ]
    if order is not None:
        played = {"newest": order.newest, "played": order.played}
        rows.append((order_choice(choice), 0, order.mark, encoded(played)))
    rows.append((choice, 0, mark, encoded(totals_to_data(totals))))
    rows.extend(
        (choice, position, at, encoded(tallies_to_data(counts))) for position, at, counts in tallies
    )
    return [
        (name, at, row_mark, data, _checksum(name, row_mark, data, at))
        for name, at, row_mark, data in rows
    ]


def store_totals_alone(
    store: SittingStore, choice: str, marks: tuple[str, str], totals: PeriodPairs
) -> bool:
    """Store ``totals`` for ``choice``, leaving the running counts and blocks as they are
    (a hand in the newest sitting changes none of them), when the totals stored are those
    counted from the rows the first of ``marks`` marks (the reader's last); with the
    second (the rows they are counted from). False when they are not: another reader
    stored the totals since, with blocks and running counts cut for the sittings then
    (a block may hold the sitting that is the newest now, or start with one deleted
    since), which a reading that counts them again replaces. Nothing is written to a
    read-only database, and a failed write leaves them to the next reading (True)."""
    database = store.database
    if database.read_only:
        return True
    before, mark = marks
    data = json.dumps(totals_to_data(totals), separators=(",", ":"))
    try:
        with database.transaction(durable=False) as writing:
            written = writing.execute(
                "UPDATE record_ratings SET mark = ?, data = ?, checksum = ? "
                "WHERE choice = ? AND position = 0 AND mark = ?",
                (mark, data, _checksum(choice, mark, data), choice, before),
            ).rowcount
    except (StorageError, sqlite3.Error):
        return True
    return written == 1


def tallies_to_data(counts: SummedTallies) -> dict[str, object]:
    """The counts as their row's JSON keeps them."""
    return {
        "players": sorted(counts.players),
        "tallies": [
            [
                list(pair),
                tally.met,
                tally.net,
                tally.open,
                list(tally.won),
                [
                    None if win is None else [win.points, win.sitting_id, win.rubber]
                    for win in tally.largest
                ],
                list(tally.streak),
                tally.one_run,
                list(tally.games),
            ]
            for pair, tally in counts.tallies.items()
        ],
    }


def tallies_from_data(data: dict[str, Any]) -> SummedTallies:
    """The counts from their row's JSON (ValueError, TypeError, KeyError or IndexError for
    anything else). Each number's type is compared in one chain (15 blocks of 45 pairs
    decoded in 1.6 ms where 2.1 with a generator for each check, best of 40, two runs
    alternating at a load of 6.7)."""
    tallies = {}
    for pair, met, net, still_open, won, largest, streak, one_run, games in data["tallies"]:
        first, second = pair
        holder, count = streak
        won_first, won_second = won
        if not (
            type(met) is type(net) is type(still_open) is type(count) is int
            and type(won_first) is type(won_second) is int
        ):
            raise TypeError("stored counts are not whole numbers")
        if holder not in (None, 0, 1) or type(one_run) is not bool:
            raise TypeError("a stored streak is not a player's")
        if not type(first) is type(second) is str or {*map(type, games)} - {str}:
            raise TypeError("stored counts are not names")
        tally = PairTally()
        tally.met, tally.net, tally.open = met, net, still_open
        tally.won = [won_first, won_second]
        tally.largest = [_win(largest[0]), _win(largest[1])]
        tally.streak, tally.one_run = (holder, count), one_run
        tally.games = dict.fromkeys(games)
        tallies[first, second] = tally
    players = data["players"]
    if {*map(type, players)} - {str}:
        raise TypeError("stored players are not names")
    return SummedTallies(frozenset(players), tallies)


def totals_to_data(totals: PeriodPairs) -> dict[str, object]:
    """The totals as their row's JSON keeps them."""
    return {
        "sittings": totals.sittings,
        "players": list(totals.players),
        "pairs": [
            [
                list(record.players),
                record.rubbers,
                list(record.won),
                record.net_points,
                [
                    None if win is None else [win.points, win.sitting_id, win.rubber]
                    for win in record.largest_win
                ],
                None if record.streak is None else [record.streak.player, record.streak.rubbers],
                list(record.games),
                record.unfinished,
            ]
            for record in totals.pairs
        ],
    }


def totals_from_data(data: dict[str, Any]) -> PeriodPairs:
    """The totals from their row's JSON (ValueError, TypeError, KeyError or IndexError for
    anything else)."""
    pairs = []
    for players, rubbers, won, net, largest, streak, games, unfinished in data["pairs"]:
        first, second = players
        won_first, won_second = won
        numbers = (rubbers, won_first, won_second, net, unfinished)
        if not all(type(number) is int for number in numbers):
            raise TypeError("stored totals are not whole numbers")
        if not all(type(name) is str for name in (first, second, *games)):
            raise TypeError("stored totals are not names")
        pairs.append(
            HeadToHead(
                (first, second),
                rubbers,
                (won_first, won_second),
                net,
                (_win(largest[0]), _win(largest[1])),
                None if streak is None else Streak(str(streak[0]), int(streak[1])),
                tuple(games),
                unfinished,
            )
        )
    sittings, players = data["sittings"], tuple(data["players"])
    if type(sittings) is not int or not all(type(name) is str for name in players):
        raise TypeError("stored totals are not a count and names")
    return PeriodPairs(sittings, players, tuple(pairs))


def _win(data: Any) -> Win | None:
    if data is None:
        return None
    points, sitting_id, rubber = data
    if not type(points) is type(sitting_id) is type(rubber) is int:
        raise TypeError("a stored largest win is not whole numbers")
    if points <= 0:  # stored before a rubber won while behind was ruled no largest win
        return None
    return Win(points, sitting_id, rubber)


def _checksum(choice: str, mark: str, data: str, position: int = 0) -> str:
    return row_checksum("record_ratings", 0, (choice, position, mark, data))
