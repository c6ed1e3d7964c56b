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
changes it). A reading whose mark agrees returns the stored totals; else the head to head
is read sitting by sitting as before and the totals stored with the mark (unless the
database is read-only). A period with an end is not stored (as
:func:`~jojotte_score.storage.record_ratings.ratings_choice` says why).

Beside them the same choice keeps every two players' counts
(:class:`SummedTallies`) at position :data:`ALL_SITTINGS` (every sitting the totals were
counted from) and :data:`BUT_THE_NEWEST` (every sitting but the newest in the order
played), each with the mark of its own rows (:class:`NewestMarks`): a reading whose
totals' mark does not agree, but whose sittings but the newest have the mark of either,
reads the newest sitting's head to head alone and adds it to those counts, after them as
it is played after them (a hand recorded in the evening's sitting, or a sitting begun).
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Iterable
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
    Adler-32 of their columns joined by SQLite (as :func:`~.rows.row_checksum`). At 1,500
    sittings about 2 ms (quoting the players' text made it 3.6)."""
    return _mark(*_joined(connection, variants))


class NewestMarks:
    """The marks that the counts of every sitting but the newest are stored and found
    under: :attr:`but_newest`, read at once, and :meth:`every` (the mark of every sitting,
    read when asked, after the newest sitting's row may have been stored again). The
    newest sitting (in the order played) is most often the one with the highest id, whose
    columns come last in the joined text: then its own columns are read and added to the
    others' (at 1,500 sittings a whole reading, 2-4 ms, spared)."""

    def __init__(
        self, connection: sqlite3.Connection, variants: Iterable[str] | None, newest: int
    ) -> None:
        self._connection, self._newest = connection, newest
        self._variants = None if variants is None else sorted(variants)
        self._others = _joined(connection, self._variants, "s.id != ?", newest)
        self.but_newest = _mark(*self._others)

    def every(self) -> str:
        """The mark of every sitting, as :func:`pairs_mark` reads it."""
        count, text = _joined(self._connection, self._variants, "s.id >= ?", self._newest)
        if count != 1 or not text.startswith(f"{self._newest},"):
            return pairs_mark(self._connection, self._variants)
        others_count, others = self._others
        return _mark(others_count + 1, f"{others};{text}" if others_count else text)


def _joined(
    connection: sqlite3.Connection,
    variants: Iterable[str] | None,
    condition: str = "",
    sitting_id: int | None = None,
) -> tuple[int, str]:
    """How many sittings of ``variants`` meet ``condition`` (on ``sitting_id``), and their
    columns the mark is made of, joined in the order of their ids."""
    conditions, parameters = [], list[object]()
    if variants is not None:
        chosen = sorted(variants)
        conditions.append(f"s.variant IN ({', '.join('?' * len(chosen))})")
        parameters.extend(chosen)
    if condition:
        conditions.append(condition)
        parameters.append(sitting_id)
    only = "WHERE " + " AND ".join(conditions) if conditions else ""
    count, text = connection.execute(
        "SELECT count(*), group_concat(part, ';') FROM ("
        "SELECT s.id || ',' || s.revision || ',' || s.variant || ',' || s.players"
        " || ',' || s.created || ',' || ifnull(s.uuid, '') || ',' || ifnull(r.revision, '')"
        " || ',' || ifnull(r.checksum, '') AS part "
        f"FROM sitting s LEFT JOIN record_facts r ON r.sitting_id = s.id {only} ORDER BY s.id)",
        parameters,
    ).fetchone()
    return count, text or ""


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


ALL_SITTINGS: Final = 1
"""The position of the counts of every sitting the totals were counted from."""
BUT_THE_NEWEST: Final = 2
"""The position of the counts of every sitting but the newest of them (in the order
played)."""


def stored_tallies(connection: sqlite3.Connection, choice: str, mark: str) -> SummedTallies | None:
    """The counts stored for ``choice`` (at :data:`ALL_SITTINGS` or :data:`BUT_THE_NEWEST`)
    that were counted from the rows ``mark`` marks; None when neither was, or they are
    missing, damaged or changed behind the app's back."""
    try:
        rows = connection.execute(
            "SELECT position, mark, data, checksum FROM record_ratings "
            "WHERE choice = ? AND position IN (?, ?) ORDER BY position",
            (choice, ALL_SITTINGS, BUT_THE_NEWEST),
        ).fetchall()
    except sqlite3.Error:
        return None
    for position, stored_mark, data, checksum in rows:
        if stored_mark != mark or checksum != _checksum(choice, stored_mark, data, position):
            continue
        try:
            return tallies_from_data(json.loads(data))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            continue
    return None


def store_totals(
    store: SittingStore,
    choice: str,
    mark: str,
    totals: PeriodPairs,
    tallies: Iterable[tuple[int, str, SummedTallies]] = (),
) -> None:
    """Store ``totals`` for ``choice``, counted from the rows ``mark`` marks, and each of
    ``tallies`` (its position, the mark of the rows it was counted from, the counts), in
    one transaction (nothing for a read-only database; a failed write leaves them to the
    next reading)."""
    database = store.database
    if database.read_only:
        return
    rows = [(0, mark, json.dumps(totals_to_data(totals), separators=(",", ":")))]
    rows.extend(
        (position, counted_mark, json.dumps(tallies_to_data(counts), separators=(",", ":")))
        for position, counted_mark, counts in tallies
    )
    try:
        with database.transaction() as writing:
            writing.executemany(
                "INSERT OR REPLACE INTO record_ratings "
                "(choice, position, sitting_id, mark, data, checksum) VALUES (?, ?, 0, ?, ?, ?)",
                [
                    (choice, position, row_mark, data, _checksum(choice, row_mark, data, position))
                    for position, row_mark, data in rows
                ],
            )
    except (StorageError, sqlite3.Error):
        return


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
    anything else)."""
    tallies = {}
    for pair, met, net, still_open, won, largest, streak, one_run, games in data["tallies"]:
        first, second = pair
        holder, count = streak
        numbers = (met, net, still_open, *won, count)
        if not all(type(number) is int for number in numbers) or len(won) != 2:
            raise TypeError("stored counts are not whole numbers")
        if holder not in (None, 0, 1) or type(one_run) is not bool:
            raise TypeError("a stored streak is not a player's")
        if not all(type(name) is str for name in (first, second, *games)):
            raise TypeError("stored counts are not names")
        tally = PairTally()
        tally.met, tally.net, tally.open = met, net, still_open
        tally.won = [won[0], won[1]]
        tally.largest = [_win(largest[0]), _win(largest[1])]
        tally.streak, tally.one_run = (holder, count), one_run
        tally.games = dict.fromkeys(games)
        tallies[first, second] = tally
    players = data["players"]
    if not all(type(name) is str for name in players):
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
    if not all(type(number) is int for number in (points, sitting_id, rubber)):
        raise TypeError("a stored largest win is not whole numbers")
    return Win(points, sitting_id, rubber)


def _checksum(choice: str, mark: str, data: str, position: int = 0) -> str:
    return row_checksum("record_ratings", 0, (choice, position, mark, data))
