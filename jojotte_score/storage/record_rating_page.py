"""The Ratings page as stored (one owner: this module), so that the Records tab shows the
ratings over all time without reading any sitting's facts or the ratings' course.

The page (:class:`~jojotte_score.core.records.ratings.RatingPage`: how many sittings were
read, every rated player's rating now, and for each sitting in which rubbers were rated its
moment and each player's rating after it, what the plot is drawn from) is kept in the
``record_ratings`` table (a cache table: cleared and never copied by a restore) as one row
whose choice is :func:`page_choice`'s, at position 0, as JSON (its rated sittings in
columns, their ratings packed: :func:`page_to_data`), with the checksum every
cached row keeps (:mod:`jojotte_score.storage.rows`) and the mark of the rows it was rated
from: the head to head's :func:`~jojotte_score.storage.record_pair_totals.pairs_mark`,
every chosen sitting's id, revision, game, players, moment and stable id and its
``record_facts`` row's revision and checksum, read by SQLite in one ``SELECT``. All a
rating rests on (the order played, the games, the counted names, the finished rubbers'
sides and results) is among these, so a page whose mark agrees is the page rated from the
facts as they are. Anything else (a hand recorded, a correction, a sitting deleted or
merged, a renamed player, a facts row missing, stale or damaged) changes the mark. When
only the newest sittings changed (hands recorded in the newest, sittings begun after it),
the row also tells: it keeps every player's rating after all sittings but the newest and
the running marks (:class:`~jojotte_score.storage.record_pair_totals.RunningMarks`) of
the sittings up to the one before the newest and up to the newest, so those newest
sittings' facts are read alone and rated from the ratings before them; the row is
written again once the sittings before the newest changed. Otherwise the facts are read
(only the changed sittings' by a kept reader), the ratings rated again from the first
sitting that changed (:class:`~jojotte_score.storage.record_ratings.StoredRatings`, which
stores the course), and the page stored again with the mark as it is after the reading.
A row missing, whose checksum does not agree or whose JSON is not what the app writes (a
row of another :data:`FORMAT` included) is never trusted: it is rated again that way, and
stored anew. A period with an end is rated in
memory and stores nothing (:func:`~jojotte_score.storage.record_ratings.ratings_choice`
says why). ``tests/storage/test_record_rating_page.py`` holds the page read and stored to
one rated from the first rubber.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from array import array
from base64 import b64decode, b64encode
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import SittingFacts
from jojotte_score.core.records.ratings import (
    RatedSittings,
    Rating,
    RatingPage,
    SittingRated,
    ranked,
    rate_sitting,
    rating_model,
    sitting_rated,
)
from jojotte_score.storage.errors import StorageError
from jojotte_score.storage.record_facts import PeriodFacts
from jojotte_score.storage.record_pair_totals import MarkColumns, RunningMarks
from jojotte_score.storage.record_ratings import EVERY_SITTING, StoredRatings, ratings_choice
from jojotte_score.storage.rows import row_checksum
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import Period

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

PAGE: Final = "ratings-page"
"""The choice the page of every sitting of every game is stored under."""


def page_choice(choice: str) -> str:
    """The choice the page of the ratings' ``choice`` (as
    :func:`~jojotte_score.storage.record_ratings.ratings_choice` names it) is stored under."""
    return PAGE if choice == EVERY_SITTING else f"{PAGE}:{choice}"


class StoredRatingPage:
    """Reads the Ratings page again and again (an open Records tab), from the page stored
    while its mark agrees; after a change to the newest sittings only (hands recorded,
    a sitting begun) by rating those from the ratings stored before them; else from the
    facts read through the reader given, rated by ``ratings`` (which keeps and stores the
    course); and stores it again."""

    def __init__(self, ratings: StoredRatings | None = None) -> None:
        self._ratings = StoredRatings() if ratings is None else ratings
        self._store: SittingStore | None = None
        self._held: dict[str, StoredPage] = {}
        """By stored choice: the page as last read or stored."""
        self._walks: dict[str, RatedSittings] = {}
        self._encoders: dict[str, PageEncoder] = {}
        self._model: PlackettLuce | None = None
        self._written: dict[str, str] = {}
        """By stored choice: the running mark up to the one before the newest sitting of
        the row as last read or written."""
        self._marks: dict[str, RunningMarks] = {}
        """By stored choice: the running marks of the page as last kept."""
        self._split: dict[str, tuple[MarkColumns, dict[int, str]]] = {}
        """By stored choice: the mark's columns as last read after a change, and what they
        were split into by sitting."""

    def page(
        self,
        store: SittingStore,
        reader: PeriodFacts,
        period: Period,
        games: Sequence[GameKey] | None = None,
    ) -> RatingPage:
        """The Ratings page of the sittings of ``period`` and ``games`` (every game for
        None) stored in ``store``, whose facts ``reader`` reads (only where the page
        stored does not agree with the rows; see the module). When nothing the ratings
        rest on changed since the last call (a hand that finished no rubber) the page
        returned last is returned again, the same object."""
        if store is not self._store:
            self._store, self._held, self._walks, self._encoders = store, {}, {}, {}
            self._written, self._marks, self._split = {}, {}, {}
        choice = ratings_choice(period, games)
        if choice is None:  # a period with an end: rated in memory
            chosen = "" if games is None else ",".join(sorted({str(game) for game in games}))
            read = reader.period_facts(store, period, games)
            ratings = self._ratings.period_ratings(store, read, period, games)
            return self._walks.setdefault(f"period:{chosen}", RatedSittings()).page(ratings, read)
        connection = store.database.connection
        # At 1,500 sittings the mark and the row are read in a few milliseconds, where the
        # facts and the course took 184 and 172 ms (bench_records_tab --measure first-show);
        # the mark is the reader's, not read again when the head to head read it before
        # and nothing changed since (PeriodFacts.marked).
        mark, columns = reader.marked(store, games)
        held = self._held.get(choice)
        if held is None:
            held = stored_page(connection, choice)
            if held is not None:
                self._written[choice] = held.marks[0]
        if held is not None and held.mark == mark:
            self._held[choice] = held
            return held.page
        if held is not None:
            resumed = self._resumed(store, reader, choice, games, held, columns)
            if resumed is not None:
                return resumed
        read = reader.period_facts(store, period, games)  # a kept reader: the changed only
        ratings = self._ratings.ratings(store, read, choice)
        made = self._walks.setdefault(choice, RatedSittings()).page(ratings, read)
        page = held.page if held is not None and made == held.page else made
        count = len(read)
        return self._stored(
            store,
            choice,
            RunningMarks(connection, [sitting.sitting_id for sitting in read]),
            page,
            self._ratings.after(choice, count - 1) if count else {},
        )

    def _resumed(
        self,
        store: SittingStore,
        reader: PeriodFacts,
        choice: str,
        games: Sequence[GameKey] | None,
        held: StoredPage,
        columns: MarkColumns,
    ) -> RatingPage | None:
        """The page after a change to the newest sittings alone, rated from the ratings
        ``held`` keeps before them: the sittings in the order played are those ``held``
        was rated from up to its newest, or up to the one before it (their running marks
        agree), and then at most :data:`_RESUMED_MOST` sittings, each rated (its facts
        read alone) from the ratings after the one before. None when not."""
        ordered, marks = self._played(store, reader, choice, games, columns)
        count = len(ordered)
        resuming = _resuming_from(held, marks, count)
        if resuming is None or count - resuming[0] > _RESUMED_MOST:
            return None
        kept, ratings = resuming
        rated, dropped = _rated_within(held.page, set(ordered[:kept]))
        newest = reader.facts_of(store, ordered[kept:])
        if [sitting.sitting_id for sitting in newest] != ordered[kept:]:
            return None
        on = self._rated_on(newest, ratings)
        moments = _moments_with(held.page.moments, dropped, on.moments)
        made = RatingPage(count, ranked(on.now.values()), (*rated, *on.rated), moments)
        page = held.page if made == held.page else made
        # The newest sittings' rows may be stored again.
        marks.stored_again(store.database.connection, ordered[kept:])
        return self._stored(store, choice, marks, page, on.before, resumed=True)

    def _played(
        self,
        store: SittingStore,
        reader: PeriodFacts,
        choice: str,
        games: Sequence[GameKey] | None,
        columns: MarkColumns,
    ) -> tuple[list[int], RunningMarks]:
        """The sittings of ``choice`` in the order played, and their running marks, made of
        ``columns`` split by sitting (only where they changed since the last call)."""
        split = self._split.get(choice)
        parts = columns.by_sitting() if split is None else columns.split_after(*split)
        self._split[choice] = (columns, dict(parts))  # RunningMarks may change parts
        # The order played and the running marks kept while only the newest sitting
        # changes: see PeriodFacts.played_ids and RunningMarks.updated.
        ordered = reader.played_ids(store, games, parts)
        marks = self._marks.get(choice)
        if marks is not None and list(marks.ids) == ordered:
            marks.updated(parts)
        else:
            marks = RunningMarks(store.database.connection, ordered, parts)
        return ordered, marks

    def _rated_on(self, newest: Sequence[SittingFacts], ratings: dict[str, Rating]) -> _RatedOn:
        """The ``newest`` sittings (in the order played) rated on from ``ratings``."""
        if self._model is None:
            self._model = rating_model()
        current, before = dict(ratings), ratings
        rated: list[SittingRated] = []
        added = {}
        for sitting in newest:
            before = dict(current)
            steps = rate_sitting(self._model, sitting, current)
            if steps:
                rated.append(sitting_rated(steps))
                added[sitting.sitting_id] = sitting.created
        return _RatedOn(current, before, rated, added)

    def _stored(
        self,
        store: SittingStore,
        choice: str,
        marks: RunningMarks,
        page: RatingPage,
        before: dict[str, Rating],
        resumed: bool = False,
    ) -> RatingPage:
        """Keep ``page`` (of the sittings ``marks`` marks, in the order played, every
        player's rating after all but the newest ``before``) and store it, unless it was
        ``resumed`` from a page whose row agrees with every sitting but the newest: a new
        reader rates the newest sitting from that row as this one did (3-5 ms), and a hand
        in the newest sitting writes no JSON and no row (a durable commit took 3-9 ms at
        1,500 sittings and a load of 4; the row is now stored without waiting for the
        disk, as the other cached figures are)."""
        count = marks.count
        held = StoredPage(
            marks.every,
            page,
            "",
            before,
            (marks.at(count - 1) if count else "", marks.at(count)),
        )
        if not resumed or self._written.get(choice) != held.marks[0]:
            data = self._encoders.setdefault(choice, PageEncoder()).encoded(held)
            held = held._replace(data=data)
            store_page(store, choice, held)
            self._written[choice] = held.marks[0]
        self._held[choice] = held
        self._marks[choice] = marks
        return page


_RESUMED_MOST: Final = 10
"""The most sittings after those the stored page agrees with that are rated from it (the
newest, and those begun since); more are read and rated through the course."""


class _RatedOn(NamedTuple):
    """Sittings rated on from the ratings before them: every player's rating after them all
    (``now``) and after all but the last (``before``), what each sitting in which rubbers
    were rated did to the ratings, and its moment, by its id."""

    now: dict[str, Rating]
    before: dict[str, Rating]
    rated: list[SittingRated]
    moments: dict[int, datetime]


def _resuming_from(
    held: StoredPage, marks: RunningMarks, count: int
) -> tuple[int, dict[str, Rating]] | None:
    """How many of the first sittings in the order played ``held`` was rated from as they
    are (all it was rated from, else all but its newest: their running marks agree), and
    every player's rating after them; None when neither."""
    now = {rating.player: rating for rating in held.page.players}
    agreeing = [
        (kept, ratings)
        for kept, agreed, ratings in (
            (held.page.sittings, held.marks[1], now),
            (held.page.sittings - 1, held.marks[0], held.before),
        )
        if 0 <= kept < count and marks.at(kept) == agreed
    ]
    return agreeing[0] if agreeing else None


def _rated_within(
    page: RatingPage, first: set[int]
) -> tuple[list[SittingRated], dict[int, datetime]]:
    """The sittings of ``page`` rated among the ``first``, and the moments of those after
    them (rated again)."""
    rated = list(page.rated)
    dropped = {}
    while rated and rated[-1].sitting_id not in first:
        gone = rated.pop().sitting_id  # what the sittings rated again did before
        dropped[gone] = page.moments[gone]
    return rated, dropped


def _moments_with(
    moments: dict[int, datetime], dropped: dict[int, datetime], added: dict[int, datetime]
) -> dict[int, datetime]:
    """The moments of the sittings rated: ``moments`` without those ``dropped``, with those
    ``added``; ``moments`` itself when the same sittings were rated again on the same days."""
    if added == dropped:
        return moments
    # (a rubber finished in the newest sitting copied 1,500 moments, 0.1-0.2 ms)
    kept = {key: moment for key, moment in moments.items() if key not in dropped}
    kept.update(added)
    return kept


class StoredPage(NamedTuple):
    """A page as stored: the mark of the rows it was rated from, the page, its JSON, every
    player's rating after all sittings but the newest (what a hand recorded in the newest
    is rated from) and the running marks of the sittings in the order played up to the
    one before the newest and up to the newest (:meth:`RunningMarks.at`)."""

    mark: str
    page: RatingPage
    data: str
    before: dict[str, Rating]
    marks: tuple[str, str]


def stored_page(connection: sqlite3.Connection, choice: str) -> StoredPage | None:
    """The page stored for the ratings' ``choice``, whatever rows it was rated from; None
    when it is missing, damaged or changed behind the app's back."""
    stored_choice = page_choice(choice)
    try:
        row = connection.execute(
            "SELECT mark, data, checksum FROM record_ratings WHERE choice = ? AND position = 0",
            (stored_choice,),
        ).fetchone()
    except sqlite3.Error:
        return None
    if row is None or row[2] != _checksum(stored_choice, row[0], row[1]):
        return None
    try:
        return page_from_data(row[0], row[1], json.loads(row[1]))
    except (ValueError, TypeError, KeyError, IndexError, OverflowError):
        return None  # rated again, and stored anew (a row of another format too)


def store_page(store: SittingStore, choice: str, page: StoredPage) -> None:
    """Store ``page`` for the ratings' ``choice``, without waiting for the disk (a cache,
    worked out again when lost; nothing for a read-only database; a failed write leaves it
    to the next reading)."""
    database = store.database
    if database.read_only:
        return
    stored_choice = page_choice(choice)
    checksum = _checksum(stored_choice, page.mark, page.data)
    try:
        with database.transaction(durable=False) as writing:
            writing.execute(
                "INSERT OR REPLACE INTO record_ratings "
                "(choice, position, sitting_id, mark, data, checksum) VALUES (?, 0, 0, ?, ?, ?)",
                (stored_choice, page.mark, page.data, checksum),
            )
    except (StorageError, sqlite3.Error):
        return


FORMAT: Final = 2
"""The format of the page's row: 2, its rated sittings in columns, their ratings packed
(:func:`page_to_data`). A row of another format (1 kept each rated sitting as a JSON list)
is not read: the page is rated again and stored in this one, as a damaged row is."""


def page_to_data(page: StoredPage) -> dict[str, object]:
    """The page as its row's JSON keeps it: the format, the sittings' count, each player's
    rating now and after all sittings but the newest, the running marks, and the rated
    sittings in columns: their ids, their moments, the names rated in them (each once,
    in the order first rated), how many players each rated and which (their places among
    those names), and those players' ratings after it as doubles, little-endian, in
    base64."""
    return _data(page, lambda _sitting_id, moment: moment.isoformat())


def _data(page: StoredPage, moment_text: Callable[[int, datetime], str]) -> dict[str, object]:
    ids, moments, counts, who, ordinals = [], [], [], [], array("d")
    names: dict[str, int] = {}
    for rated in page.page.rated:
        ids.append(rated.sitting_id)
        moments.append(moment_text(rated.sitting_id, page.page.moments[rated.sitting_id]))
        counts.append(len(rated.ordinals))
        for name, ordinal in rated.ordinals:
            who.append(names.setdefault(name, len(names)))
            ordinals.append(ordinal)
    return {
        **_head(page),
        "ids": ids,
        "moments": moments,
        "names": list(names),
        "counts": counts,
        "who": who,
        "ordinals": _packed(ordinals),
    }


def _head(page: StoredPage) -> dict[str, object]:
    return {
        "format": FORMAT,
        "sittings": page.page.sittings,
        "players": [list(rating) for rating in page.page.players],
        "before": [list(rating) for rating in page.before.values()],
        "marks": list(page.marks),
    }


def _packed(ordinals: array[float]) -> str:
    if sys.byteorder == "big":
        ordinals = array("d", ordinals)
        ordinals.byteswap()
    return b64encode(ordinals.tobytes()).decode("ascii")


class PageEncoder:
    """Writes pages as JSON (:func:`page_to_data`, compact) again and again, keeping each
    rated sitting's moment as written: a later page writes only the moments not written
    before (after a rubber finished in the newest sitting, none)."""

    def __init__(self) -> None:
        self._written: dict[int, tuple[datetime, str]] = {}

    def encoded(self, page: StoredPage) -> str:
        """The page's JSON, as ``json.dumps(page_to_data(page), separators=(",", ":"))``."""
        written, now = self._written, {}

        def moment_text(key: int, moment: datetime) -> str:
            held = written.get(key)
            if held is None or held[0] is not moment:  # equal moments may differ in zone
                held = (moment, moment.isoformat())
            now[key] = held
            return held[1]

        data = _data(page, moment_text)
        self._written = now
        return json.dumps(data, separators=(",", ":"))


def page_from_data(mark: str, text: str, data: dict[str, Any]) -> StoredPage:
    """The page stored with ``mark`` from its row's JSON (``text``, decoded as ``data``;
    ValueError, TypeError, KeyError or IndexError for anything else, a row of another
    :data:`FORMAT` included)."""
    if data["format"] != FORMAT:
        raise ValueError("the stored page is of another format")
    players = tuple(_ratings(data["players"]))
    before = {rating.player: rating for rating in _ratings(data["before"])}
    ids, counts, who, names = data["ids"], data["counts"], data["who"], data["names"]
    ordinals = array("d", b64decode(data["ordinals"], validate=True))  # ValueError unless 8s
    if sys.byteorder == "big":
        ordinals.byteswap()
    # In columns, checked in bulk (array("q") takes whole numbers alone, "".join texts
    # alone) and made with tuple.__new__: the row of 1,500 rated sittings read in
    # 1.2-1.3 ms where 3.0-3.2 with a JSON list for each (best of 30, load 0.3-0.6).
    array("q", ids)
    if (
        len(counts) != len(ids)
        or sum(array("q", counts)) != len(ordinals)
        or len(who) != len(ordinals)
    ):
        raise ValueError("the stored rated sittings' columns do not agree")
    if min(array("q", who), default=0) < 0 or min(counts, default=1) < 1:
        raise ValueError("the stored rated sittings' players are not as written")
    "".join(names)
    players_of = [names[place] for place in who]  # IndexError unless among the names
    moments = dict(zip(ids, map(datetime.fromisoformat, data["moments"]), strict=True))
    if len(moments) != len(ids):
        raise ValueError("a rated sitting is stored twice")
    rated, end, make = [], 0, tuple.__new__
    flat = list(zip(players_of, ordinals.tolist(), strict=True))
    for sitting_id, count in zip(ids, counts, strict=True):
        start, end = end, end + count
        rated.append(make(SittingRated, (sitting_id, tuple(flat[start:end]))))
    sittings = data["sittings"]
    before_mark, newest_mark = data["marks"]
    if type(sittings) is not int:
        raise TypeError("the stored sittings' count is not a whole number")
    if type(before_mark) is not str or type(newest_mark) is not str:
        raise TypeError("the stored running marks are not texts")
    page = RatingPage(sittings, players, tuple(rated), moments)
    return StoredPage(mark, page, text, before, (before_mark, newest_mark))


def _ratings(rows: list[Any]) -> list[Rating]:
    ratings = []
    for player, mu, sigma, rubbers in rows:
        if type(player) is not str or type(rubbers) is not int:
            raise TypeError("a stored rating is not a name and a count")
        ratings.append(Rating(player, _number(mu), _number(sigma), rubbers))
    return ratings


def _number(value: object) -> float:
    """A stored rating's number (JSON writes a whole float such as 25.0 as 25.0, read back
    as a float; a whole number is read as one)."""
    if type(value) is float:
        return value
    if type(value) is int:
        return float(value)
    raise TypeError("a stored rating is not a number")


def _checksum(choice: str, mark: str, data: str) -> str:
    return row_checksum("record_ratings", 0, (choice, 0, mark, data))
