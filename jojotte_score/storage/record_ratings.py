"""The course of the circle's ratings as the ``record_ratings`` table keeps it (schema 12),
so opening the records rates only what changed since the course was stored, not a decade's
rubbers from the first.

For each choice of period and games (a text the reader names; "" for every sitting of
every game) the table keeps one row per rated sitting in the order played: the sitting's
place, its running mark (:func:`~jojotte_score.core.records.ratings.sitting_mark`, over
the rated facts of every sitting up to it), and the steps its rubbers made, as JSON, with
the checksum every cached row keeps (:mod:`jojotte_score.storage.rows`). A reading keeps
the stored course up to the first sitting whose mark differs (a recorded hand, a sitting
merged from a sync folder that sorts earlier, a renamed player) or whose row is damaged,
rates again from there, and stores the rows from there (unless the database is
read-only). A stored course and one rated from scratch are the same
(``tests/storage/test_record_ratings.py``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from datetime import datetime

from jojotte_score.core.games import find_game
from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import SittingFacts
from jojotte_score.core.records.ratings import (
    RatedSitting,
    Rating,
    RatingKeeper,
    Ratings,
    RatingStep,
)
from jojotte_score.storage.errors import StorageError
from jojotte_score.storage.rows import row_checksum
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import Period

EVERY_SITTING = ""
"""The choice of every sitting of every game, the course the whole history's ratings have."""


def ratings_choice(period: Period, games: Sequence[GameKey] | None) -> str | None:
    """The choice whose course is stored for the sittings of ``period`` and ``games`` (every
    game for None): :data:`EVERY_SITTING`, or the games' keys for all time; None for a
    period with an end, whose ratings are rated in memory.

    A period with an end is not stored: "this year" and "the last 12 months" move every
    day and a custom period can be any two dates, so each would leave a course of its own
    in the table that is never read again, while the all-time choices are few (one per
    set of games) and read at every opening."""
    if period.first is not None or period.last is not None:
        return None
    if games is None:
        return EVERY_SITTING
    return "games:" + ",".join(sorted({str(game) for game in games}))


class StoredRatings:
    """Rates the facts read from a store again and again (an open Records tab), as a
    :class:`~jojotte_score.core.records.ratings.RatingKeeper` does, starting the first time
    from the course stored for the choice and storing what it rated anew."""

    def __init__(self) -> None:
        self._store: SittingStore | None = None
        self._keepers: dict[str, RatingKeeper] = {}
        self._written: dict[str, list[RatedSitting]] = {}
        self._in_memory: dict[tuple[str, ...] | None, RatingKeeper] = {}

    def period_ratings(
        self,
        store: SittingStore,
        facts: Iterable[SittingFacts],
        period: Period,
        games: Sequence[GameKey] | None = None,
    ) -> Ratings:
        """The ratings of ``facts`` (the sittings of ``period`` and ``games``, read from
        ``store``): through the course stored for an all-time choice, rated in memory for
        a period with an end (:func:`ratings_choice` says why), again only from the first
        sitting that differs from the last reading of the same games."""
        choice = ratings_choice(period, games)
        if choice is not None:
            return self.ratings(store, facts, choice)
        if store is not self._store:
            self._store, self._keepers, self._written, self._in_memory = store, {}, {}, {}
        chosen = None if games is None else tuple(sorted({str(game) for game in games}))
        keeper = self._in_memory.setdefault(chosen, RatingKeeper())
        return keeper.rate(facts)

    def ratings(
        self, store: SittingStore, facts: Iterable[SittingFacts], choice: str = EVERY_SITTING
    ) -> Ratings:
        """The ratings of ``facts`` (the sittings of ``choice``, read from ``store``), rated
        again only from the first sitting that differs from the course kept or stored."""
        if store is not self._store:
            self._store, self._keepers, self._written, self._in_memory = store, {}, {}, {}
        connection = store.database.connection
        keeper = self._keepers.get(choice)
        stored: list[RatedSitting] = []
        if keeper is None:
            keeper = self._keepers[choice] = RatingKeeper()
            try:
                stored = stored_course(connection, choice)
            except sqlite3.Error:
                stored = []  # the course cannot be read: rated from the first rubber
        else:
            stored = self._written.get(choice, [])
        ratings = keeper.rate(facts, stored)
        if stored and len(stored) == len(keeper) and stored[-1].mark == keeper.mark():
            # The course written is this one (the running marks agree): nothing to list
            # and store again (a recorded hand that finished no rubber; 2-3 ms).
            self._written[choice] = stored
            return ratings
        rated = keeper.rated()
        written = rated
        if not store.database.read_only:
            try:
                with store.database.transaction() as writing:
                    store_course(writing, choice, rated, stored)
            except StorageError:
                # The ratings stand; the course is stored at the next reading that can.
                written = stored
        self._written[choice] = written
        return ratings

    def after(self, choice: str, count: int) -> dict[str, Rating]:
        """Every player's rating after the first ``count`` sittings of the last reading of
        ``choice`` (:meth:`ratings`), by name."""
        keeper = self._keepers.get(choice)
        return {} if keeper is None else keeper.after(count)


def stored_course(connection: sqlite3.Connection, choice: str) -> list[RatedSitting]:
    """The course stored for ``choice``, sitting by sitting in the order played, up to the
    first row missing, damaged or changed behind the app's back (its checksum)."""
    course: list[RatedSitting] = []
    rows = connection.execute(
        "SELECT position, sitting_id, mark, data, checksum FROM record_ratings "
        "WHERE choice = ? ORDER BY position",
        (choice,),
    )
    for position, sitting_id, mark, data, checksum in rows:
        if position != len(course) or checksum != _checksum(
            choice, position, sitting_id, mark, data
        ):
            break
        try:
            course.append(RatedSitting(sitting_id, mark, steps_from_data(sitting_id, data)))
        except (ValueError, TypeError, KeyError, IndexError):
            break  # rated again from here
    return course


def store_course(
    connection: sqlite3.Connection,
    choice: str,
    course: list[RatedSitting],
    stored: list[RatedSitting],
) -> None:
    """Store ``course`` for ``choice`` where it differs from the ``stored`` one (inside a
    write transaction): the rows from the first sitting whose mark differs."""
    same = 0
    for rated, kept in zip(course, stored, strict=False):
        # A sitting not rated again is the very object stored (RatingKeeper.rated): 0.1 ms
        # at 1,500 sittings where comparing every mark took 1.5-5.
        if rated is not kept and (rated.mark != kept.mark or rated.sitting_id != kept.sitting_id):
            break
        same += 1
    if same == len(course) == len(stored):
        return
    connection.execute(
        "DELETE FROM record_ratings WHERE choice = ? AND position >= ?", (choice, same)
    )
    rows = []
    for position in range(same, len(course)):
        rated = course[position]
        data = json.dumps(steps_to_data(rated.steps), separators=(",", ":"))
        checksum = _checksum(choice, position, rated.sitting_id, rated.mark, data)
        rows.append((choice, position, rated.sitting_id, rated.mark, data, checksum))
    connection.executemany(
        "INSERT INTO record_ratings (choice, position, sitting_id, mark, data, checksum) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        rows,
    )


def steps_to_data(steps: Iterable[RatingStep]) -> dict[str, object]:
    """One sitting's steps as the ``record_ratings`` row's JSON keeps them: the moment and
    game once, then each step's rubber, player, mu, sigma and rubbers rated."""
    steps = list(steps)
    if not steps:
        return {"steps": []}
    first = steps[0]
    return {
        "created": first.created.isoformat(),
        "variant": str(first.variant),
        "steps": [
            [
                step.rubber,
                step.rating.player,
                step.rating.mu,
                step.rating.sigma,
                step.rating.rubbers,
            ]
            for step in steps
        ],
    }


def steps_from_data(sitting_id: int, data: str) -> tuple[RatingStep, ...]:
    """One sitting's steps from the ``record_ratings`` row's JSON (ValueError, TypeError,
    KeyError or IndexError for anything else)."""
    decoded = json.loads(data)
    rows = decoded["steps"]
    if not rows:
        return ()
    created = datetime.fromisoformat(decoded["created"])
    variant = find_game(decoded["variant"]).variant
    # Checked in bulk, a decade holds tens of thousands of steps: whole numbers add up to a
    # whole number, names join, and mu and sigma add up (TypeError for anything else).
    rubbers, players, mus, sigmas, counts = zip(*rows, strict=True)
    if type(sum(rubbers) + sum(counts)) is not int:
        raise TypeError("a stored rating step's rubbers are not whole numbers")
    "".join(players)
    sum(mus) + sum(sigmas)
    # Made with tuple.__new__, as a named tuple's own constructor is a Python function: the
    # 21,000 steps of a decade in 47 ms where 76 (bench: the Ratings page's first show).
    make = tuple.__new__
    return tuple(
        [
            make(
                RatingStep,
                (sitting_id, created, variant, rubber, make(Rating, (player, mu, sigma, count))),
            )
            for rubber, player, mu, sigma, count in rows
        ]
    )


def _checksum(choice: str, position: int, sitting_id: int, mark: str, data: str) -> str:
    return row_checksum("record_ratings", sitting_id, (choice, position, mark, data))
