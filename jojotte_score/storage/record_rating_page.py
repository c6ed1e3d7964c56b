"""The Ratings page as stored (one owner: this module), so that the Records tab shows the
ratings over all time without reading any sitting's facts or the ratings' course.

The page (:class:`~jojotte_score.core.records.ratings.RatingPage`: how many sittings were
read, every rated player's rating now, and for each sitting in which rubbers were rated its
moment and each player's rating after it, what the plot is drawn from) is kept in the
``record_ratings`` table (a cache table: cleared and never copied by a restore) as one row
whose choice is :func:`page_choice`'s, at position 0, as JSON, with the checksum every
cached row keeps (:mod:`jojotte_score.storage.rows`) and the mark of the rows it was rated
from: the head to head's :func:`~jojotte_score.storage.record_pair_totals.pairs_mark`,
every chosen sitting's id, revision, game, players, moment and stable id and its
``record_facts`` row's revision and checksum, read by SQLite in one ``SELECT``. All a
rating rests on (the order played, the games, the counted names, the finished rubbers'
sides and results) is among these, so a page whose mark agrees is the page rated from the
facts as they are. Anything else (a hand recorded, a correction, a sitting deleted or
merged, a renamed player, a facts row missing, stale or damaged) changes the mark: the
facts are read (only the changed sittings' by a kept reader), the ratings rated again from
the first sitting that changed (:class:`~jojotte_score.storage.record_ratings.StoredRatings`,
which stores the course), and the page stored again with the mark as it is after the
reading. A row missing, whose checksum does not agree or whose JSON is not what the app
writes is never trusted: it is rated again the same way. A period with an end is rated in
memory and stores nothing (:func:`~jojotte_score.storage.record_ratings.ratings_choice`
says why). ``tests/storage/test_record_rating_page.py`` holds the page read and stored to
one rated from the first rubber.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, Final

from jojotte_score.core.games import find_game
from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import SittingFacts
from jojotte_score.core.records.ratings import RatedSittings, Rating, RatingPage, SittingRated
from jojotte_score.storage.errors import StorageError
from jojotte_score.storage.record_pair_totals import pairs_mark
from jojotte_score.storage.record_ratings import EVERY_SITTING, StoredRatings, ratings_choice
from jojotte_score.storage.rows import row_checksum
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import Period

PAGE: Final = "ratings-page"
"""The choice the page of every sitting of every game is stored under."""


def page_choice(choice: str) -> str:
    """The choice the page of the ratings' ``choice`` (as
    :func:`~jojotte_score.storage.record_ratings.ratings_choice` names it) is stored under."""
    return PAGE if choice == EVERY_SITTING else f"{PAGE}:{choice}"


class StoredRatingPage:
    """Reads the Ratings page again and again (an open Records tab), from the page stored
    while its mark agrees, else from the facts read through the reader given, rated by
    ``ratings`` (which keeps and stores the course), and stores it again."""

    def __init__(self, ratings: StoredRatings | None = None) -> None:
        self._ratings = StoredRatings() if ratings is None else ratings
        self._store: SittingStore | None = None
        self._held: dict[str, tuple[str, RatingPage, str]] = {}
        """By stored choice: the mark, the page and its JSON, as last read or stored."""
        self._walks: dict[str, RatedSittings] = {}
        self._encoders: dict[str, PageEncoder] = {}

    def page(
        self,
        store: SittingStore,
        facts: Callable[[], Sequence[SittingFacts]],
        period: Period,
        games: Sequence[GameKey] | None = None,
    ) -> RatingPage:
        """The Ratings page of the sittings of ``period`` and ``games`` (every game for
        None) stored in ``store``; ``facts`` reads their facts, in the order played, and is
        called only when the page stored for them does not agree with the rows (see the
        module). When nothing the ratings rest on changed since the last call (a hand
        that finished no rubber) the page returned last is returned again, the same
        object."""
        if store is not self._store:
            self._store, self._held, self._walks, self._encoders = store, {}, {}, {}
        choice = ratings_choice(period, games)
        if choice is None:  # a period with an end: rated in memory
            chosen = "" if games is None else ",".join(sorted({str(game) for game in games}))
            read = facts()
            ratings = self._ratings.period_ratings(store, read, period, games)
            return self._walks.setdefault(f"period:{chosen}", RatedSittings()).page(ratings, read)
        connection = store.database.connection
        variants = None if games is None else {str(find_game(str(key)).variant) for key in games}
        held = self._held.get(choice)
        if held is None:
            # The first reading (a new window): the page stored, if its mark agrees. At
            # 1,500 sittings the mark and the row are read in a few milliseconds, where
            # the facts and the course took 184 and 172 ms.
            mark = pairs_mark(connection, variants)
            found = stored_page(connection, choice, mark)
            if found is not None:
                self._held[choice] = (mark, *found)
                return found[0]
        read = facts()  # a kept reader reads only the sittings changed; rows stored again
        mark = pairs_mark(connection, variants)  # after the reading, which may store rows
        if held is not None and held[0] == mark:
            return held[1]
        ratings = self._ratings.ratings(store, read, choice)
        walk = self._walks.setdefault(choice, RatedSittings())
        made = walk.page(ratings, read)
        if held is not None and made == held[1]:
            page, data = held[1], held[2]  # the same page: only its mark is stored anew
        else:
            page = made
            data = self._encoders.setdefault(choice, PageEncoder()).encoded(made)
        store_page(store, choice, mark, data)
        self._held[choice] = (mark, page, data)
        return page


def stored_page(
    connection: sqlite3.Connection, choice: str, mark: str
) -> tuple[RatingPage, str] | None:
    """The page stored for the ratings' ``choice``, with its JSON, if it was rated from the
    rows ``mark`` marks; None when it was not, or is missing, damaged or changed behind
    the app's back."""
    stored_choice = page_choice(choice)
    try:
        row = connection.execute(
            "SELECT mark, data, checksum FROM record_ratings WHERE choice = ? AND position = 0",
            (stored_choice,),
        ).fetchone()
    except sqlite3.Error:
        return None
    if row is None or row[0] != mark or row[2] != _checksum(stored_choice, row[0], row[1]):
        return None
    try:
        return page_from_data(json.loads(row[1])), row[1]
    except (ValueError, TypeError, KeyError, IndexError):
        return None  # rated again, and stored anew


def store_page(store: SittingStore, choice: str, mark: str, data: str) -> None:
    """Store the page ``data`` (its JSON) for the ratings' ``choice``, rated from the rows
    ``mark`` marks (nothing for a read-only database; a failed write leaves it to the next
    reading)."""
    database = store.database
    if database.read_only:
        return
    stored_choice = page_choice(choice)
    try:
        with database.transaction() as writing:
            writing.execute(
                "INSERT OR REPLACE INTO record_ratings "
                "(choice, position, sitting_id, mark, data, checksum) VALUES (?, 0, 0, ?, ?, ?)",
                (stored_choice, mark, data, _checksum(stored_choice, mark, data)),
            )
    except (StorageError, sqlite3.Error):
        return


def page_to_data(page: RatingPage) -> dict[str, object]:
    """The page as its row's JSON keeps it: the sittings' count, each player's rating, and
    each rated sitting's id, moment and its players' ratings after it, flat."""
    return {
        "sittings": page.sittings,
        "players": [list(rating) for rating in page.players],
        "rated": [_rated_to_data(rated, page.moments[rated.sitting_id]) for rated in page.rated],
    }


def _rated_to_data(rated: SittingRated, moment: datetime) -> list[object]:
    return [
        rated.sitting_id,
        moment.isoformat(),
        [part for pair in rated.ordinals for part in pair],
    ]


class PageEncoder:
    """Writes pages as JSON (:func:`page_to_data`, compact) again and again, keeping each
    rated sitting's text: a later page writes only the sittings not written before (after
    a rubber finished in the newest sitting, that one), where writing every sitting took
    5-9 ms at 1,500 sittings."""

    def __init__(self) -> None:
        self._written: dict[int, tuple[SittingRated, datetime, str]] = {}

    def encoded(self, page: RatingPage) -> str:
        """The page's JSON, as ``json.dumps(page_to_data(page), separators=(",", ":"))``."""
        written, texts = self._written, []
        now: dict[int, tuple[SittingRated, datetime, str]] = {}
        for rated in page.rated:
            moment = page.moments[rated.sitting_id]
            held = written.get(rated.sitting_id)
            if held is None or held[0] is not rated or held[1] != moment:
                text = json.dumps(_rated_to_data(rated, moment), separators=(",", ":"))
                held = (rated, moment, text)
            now[rated.sitting_id] = held
            texts.append(held[2])
        self._written = now
        head = json.dumps(
            {"sittings": page.sittings, "players": [list(rating) for rating in page.players]},
            separators=(",", ":"),
        )
        return f'{head[:-1]},"rated":[{",".join(texts)}]}}'


def page_from_data(data: dict[str, Any]) -> RatingPage:
    """The page from its row's JSON (ValueError, TypeError, KeyError or IndexError for
    anything else)."""
    players = []
    for player, mu, sigma, rubbers in data["players"]:
        if type(player) is not str or type(rubbers) is not int:
            raise TypeError("a stored rating is not a name and a count")
        players.append(Rating(player, _number(mu), _number(sigma), rubbers))
    rated, moments = [], {}
    for sitting_id, created, flat in data["rated"]:
        if type(sitting_id) is not int or type(created) is not str:
            raise TypeError("a stored rated sitting is not an id and a moment")
        names, ordinals = flat[0::2], flat[1::2]
        if len(names) != len(ordinals) or not all(type(name) is str for name in names):
            raise TypeError("a stored rated sitting's players are not names")
        rated.append(
            SittingRated(sitting_id, tuple(zip(names, map(_number, ordinals), strict=True)))
        )
        moments[sitting_id] = datetime.fromisoformat(created)
    sittings = data["sittings"]
    if type(sittings) is not int:
        raise TypeError("the stored sittings' count is not a whole number")
    return RatingPage(sittings, tuple(players), tuple(rated), moments)


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
