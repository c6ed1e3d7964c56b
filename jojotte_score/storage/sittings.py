"""The storage API: sittings and their hands, as recorded, one short transaction per change.

The desktop window and the command line both go through :class:`SittingStore`. Every hand
is checked by the core before it is written, so a hand the core refuses is never stored.
Scores are never stored: they are derived by replaying the hands (the ``summary`` table is
a cache of a few derived figures for listing sittings quickly, rebuilt whenever stale).
Positions are 0-based indexes into a sitting's hands; hand *numbers* (1-based) are
position + 1.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import NamedTuple

from jojotte_score.core.errors import InvalidSittingError, Problem
from jojotte_score.core.ledger import START, Checkpoint
from jojotte_score.core.model import Hand, Rules, Sitting, Variant, side_names
from jojotte_score.core.validation import (
    check_hand,
    check_label,
    check_sitting_setup,
    errors_only,
    sitting_side_names,
)
from jojotte_score.core.variants import AnySitting
from jojotte_score.formats.sitting_file import hand_from_data, hand_to_data
from jojotte_score.storage import summary
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import (
    DamagedSittingError,
    HandNotFoundError,
    SittingNotFoundError,
    StorageError,
)
from jojotte_score.storage.rows import named_row


def utc_now() -> datetime:
    """The current time in UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0)


class SittingInfo(NamedTuple):
    """One line of the list of stored sittings."""

    id: int
    variant: Variant
    players: tuple[str, ...]
    title: str
    place: str
    created: datetime
    updated: datetime
    hands: int
    rubbers_finished: int
    net_side: int | None
    net_points: int
    unresolved_prison: int
    damaged: str = ""  # why the sitting's rows cannot be read, for a damaged one

    @property
    def side_names(self) -> tuple[str, str]:
        """The two sides' names ("Anna & Carl" in partnerships)."""
        return side_names(self.variant, self.players)


class StoredSitting(NamedTuple):
    """A sitting as stored: its id, details and the sitting itself."""

    id: int
    sitting: Sitting
    title: str
    place: str
    created: datetime
    updated: datetime


class RecentHands(NamedTuple):
    """A sitting's setup and details, how many hands it has, and the hands of the rubber
    of its newest hand with the :class:`Checkpoint` that rubber starts from.

    Enough to show the pad as it stands and to score the next hand; the older hands stay
    on disk until :meth:`SittingStore.load` is asked for them.
    """

    id: int
    variant: Variant
    players: tuple[str, ...]
    rules: Rules
    title: str
    place: str
    created: datetime
    updated: datetime
    hand_count: int
    checkpoint: Checkpoint
    hands: tuple[Hand, ...]
    chosen_dealer: int | None = None

    @property
    def side_names(self) -> tuple[str, str]:
        """The two sides' names ("Anna & Carl" in partnerships)."""
        return side_names(self.variant, self.players)


@contextlib.contextmanager
def _stored(sitting_id: int) -> Iterator[None]:
    """Turn whatever damage in a sitting's stored rows stops them being read into one
    :class:`DamagedSittingError` naming the sitting (the rows were written checked, so a
    row that no longer reads is damage, not a mistake of the player's)."""
    try:
        yield
    except (StorageError, sqlite3.IntegrityError):
        raise
    except sqlite3.OperationalError as error:
        if "decode" not in str(error):
            raise
        raise DamagedSittingError(sitting_id, f"its text is not readable ({error})") from error
    except sqlite3.DatabaseError as error:
        raise DamagedSittingError(sitting_id, str(error)) from error
    except InvalidSittingError as error:
        raise DamagedSittingError(sitting_id, "; ".join(map(str, error.problems))) from error
    except (ValueError, TypeError, AttributeError, KeyError, IndexError) as error:
        raise DamagedSittingError(sitting_id, f"a stored value is not valid ({error})") from error


class SittingStore:
    """Create, list, load and change sittings in a :class:`Database`."""

    def __init__(self, database: Database, clock: Callable[[], datetime] = utc_now) -> None:
        self.database = database
        self._clock = clock

    # Reading ---------------------------------------------------------------------------

    def list_sittings(self) -> list[SittingInfo]:
        """Every stored sitting, the most recently changed first. A damaged sitting is
        listed with ``damaged`` saying why; it does not stop the others being listed."""
        connection = self.database.connection
        stale = connection.execute(
            "SELECT s.id FROM sitting s LEFT JOIN summary m ON m.sitting_id = s.id "
            "WHERE m.revision IS NOT s.revision"
        ).fetchall()
        if stale and not self.database.read_only:
            for (sitting_id,) in stale:
                with (
                    contextlib.suppress(DamagedSittingError),
                    _stored(sitting_id),
                    self.database.transaction() as writing,
                ):
                    summary.refresh(writing, sitting_id)
        ids = connection.execute("SELECT id FROM sitting ORDER BY updated DESC, id DESC")
        infos = []
        for (sitting_id,) in ids.fetchall():
            try:
                with _stored(sitting_id):
                    infos.append(self._info(sitting_id))
            except DamagedSittingError as error:
                infos.append(_damaged_info(sitting_id, error))
        return infos

    def _info(self, sitting_id: int) -> SittingInfo:
        row = named_row(
            self.database.connection,
            "SELECT s.id, s.variant, s.players, s.title, s.place, s.created, s.updated, "
            "m.hands, m.rubbers_finished, m.net_side, m.net_points, m.unresolved_prison, "
            "m.revision IS s.revision AS fresh "
            "FROM sitting s LEFT JOIN summary m ON m.sitting_id = s.id WHERE s.id = ?",
            (sitting_id,),
        )
        if row is None:
            raise SittingNotFoundError(f"there is no sitting {sitting_id}")
        if row["fresh"]:
            hands, finished, net_side, net_points, prison = (
                row["hands"],
                row["rubbers_finished"],
                row["net_side"],
                row["net_points"],
                row["unresolved_prison"],
            )
        else:  # read-only and stale: derive the figures without storing them
            figures = summary.compute(self.database.connection, sitting_id)
            hands, finished = figures.hands, figures.rubbers_finished
            net_side, net_points = figures.net_side, figures.net_points
            prison = figures.unresolved_prison
        return SittingInfo(
            id=sitting_id,
            variant=Variant(row["variant"]),
            players=_players(row["players"]),
            title=str(row["title"]),
            place=str(row["place"]),
            created=datetime.fromisoformat(row["created"]),
            updated=datetime.fromisoformat(row["updated"]),
            hands=hands,
            rubbers_finished=finished,
            net_side=net_side,
            net_points=net_points,
            unresolved_prison=prison,
        )

    def last_sitting_id(self) -> int | None:
        """The sitting changed most recently, or None when there is none."""
        row = self.database.connection.execute(
            "SELECT id FROM sitting ORDER BY updated DESC, id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else int(row[0])

    def load(self, sitting_id: int) -> StoredSitting:
        """One sitting with all its hands, in order."""
        with _stored(sitting_id):
            return _load(self.database.connection, sitting_id)

    def load_recent(self, sitting_id: int) -> RecentHands:
        """The sitting with only the hands of its newest rubber (see :class:`RecentHands`).

        The checkpoint comes from the summary; a stale summary is rebuilt first (and
        stored, unless the database is open read-only).
        """
        with _stored(sitting_id):
            return self._load_recent(sitting_id)

    def _load_recent(self, sitting_id: int) -> RecentHands:
        connection = self.database.connection
        row = _details(connection, sitting_id)
        figures = summary.fresh(connection, sitting_id)
        if figures is None and self.database.read_only:
            figures = summary.compute(connection, sitting_id)
        elif figures is None:
            with self.database.transaction() as writing:
                figures = summary.refresh(writing, sitting_id)
        checkpoint = figures.checkpoint
        variant = Variant(row["variant"])
        return RecentHands(
            id=sitting_id,
            variant=variant,
            players=_players(row["players"]),
            rules=Rules(row["game_target"], row["rubber_bonus"]),
            title=row["title"],
            place=row["place"],
            created=datetime.fromisoformat(row["created"]),
            updated=datetime.fromisoformat(row["updated"]),
            hand_count=figures.hands,
            checkpoint=checkpoint,
            hands=tuple(summary.stored_hands(connection, sitting_id, variant, checkpoint.position)),
            chosen_dealer=row["chosen_dealer"] if row["chosen_for"] == figures.hands else None,
        )

    def hand_count(self, sitting_id: int) -> int:
        """How many hands the sitting holds."""
        _require_sitting(self.database.connection, sitting_id)
        row = self.database.connection.execute(
            "SELECT count(*) FROM hand WHERE sitting_id = ?", (sitting_id,)
        ).fetchone()
        return int(row[0])

    # Changing --------------------------------------------------------------------------

    def create_sitting(
        self,
        variant: Variant,
        players: Sequence[str],
        rules: Rules | None = None,
        *,
        title: str = "",
        place: str = "",
    ) -> int:
        """A new sitting with no hands yet; returns its id."""
        return self.import_sitting(
            Sitting(variant, tuple(players), (), rules or Rules.for_variant(variant)),
            title=title,
            place=place,
        )

    def import_sitting(self, sitting: AnySitting, *, title: str = "", place: str = "") -> int:
        """Store a whole sitting in one transaction; every hand is checked first."""
        if not isinstance(sitting, Sitting) or sitting.variant.individual:
            message = f"a {sitting.variant.value} sitting cannot be stored yet"
            raise InvalidSittingError([Problem(message, None, "variant")])
        problems = errors_only(check_sitting_setup(sitting.variant, sitting.players, sitting.rules))
        problems += check_label("title", title) + check_label("place", place)
        names = sitting_side_names(sitting.variant, sitting.players)
        for number, hand in enumerate(sitting.hands, start=1):
            problems.extend(errors_only(check_hand(hand, sitting.variant, number, names)))
        if problems:
            raise InvalidSittingError(problems)
        now = self._stamp()
        with self.database.transaction() as connection:
            cursor = connection.execute(
                "INSERT INTO sitting (variant, players, game_target, rubber_bonus, title, "
                "place, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    sitting.variant.value,
                    json.dumps(list(sitting.players), ensure_ascii=False),
                    sitting.rules.game_target,
                    sitting.rules.rubber_bonus,
                    title,
                    place,
                    now,
                    now,
                ),
            )
            sitting_id = int(cursor.lastrowid or 0)
            connection.executemany(
                "INSERT INTO hand (sitting_id, position, data) VALUES (?, ?, ?)",
                (
                    (sitting_id, position, _hand_json(hand))
                    for position, hand in enumerate(sitting.hands)
                ),
            )
            summary.refresh(connection, sitting_id)
        return sitting_id

    def add_hand(self, sitting_id: int, hand: Hand) -> int:
        """Record the next hand; returns its position."""
        with self.database.transaction() as connection:
            variant, names = _require_table(connection, sitting_id)
            position = _count(connection, sitting_id)
            _check(hand, variant, position, names)
            checkpoint = summary.checkpoint_for_change(
                connection, sitting_id, position, position + 1
            )
            connection.execute(
                "INSERT INTO hand (sitting_id, position, data) VALUES (?, ?, ?)",
                (sitting_id, position, _hand_json(hand)),
            )
            self._touch(connection, sitting_id, checkpoint)
        return position

    def insert_hand(self, sitting_id: int, position: int, hand: Hand) -> None:
        """Insert a forgotten hand before the one at ``position`` (or at the end)."""
        with self.database.transaction() as connection:
            variant, names = _require_table(connection, sitting_id)
            count = _count(connection, sitting_id)
            if not 0 <= position <= count:
                raise _no_hand(sitting_id, position, count, inserting=True)
            _check(hand, variant, position, names)
            checkpoint = summary.checkpoint_for_change(connection, sitting_id, position, count + 1)
            _shift(connection, sitting_id, position, +1)
            connection.execute(
                "INSERT INTO hand (sitting_id, position, data) VALUES (?, ?, ?)",
                (sitting_id, position, _hand_json(hand)),
            )
            self._touch(connection, sitting_id, checkpoint)

    def replace_hand(self, sitting_id: int, position: int, hand: Hand) -> Hand:
        """Put ``hand`` in place of the one at ``position``; returns the hand it replaced."""
        with self.database.transaction() as connection:
            variant, names = _require_table(connection, sitting_id)
            old = _hand_at(connection, sitting_id, position, variant)
            _check(hand, variant, position, names)
            count = _count(connection, sitting_id)
            checkpoint = summary.checkpoint_for_change(connection, sitting_id, position, count)
            connection.execute(
                "UPDATE hand SET data = ? WHERE sitting_id = ? AND position = ?",
                (_hand_json(hand), sitting_id, position),
            )
            self._touch(connection, sitting_id, checkpoint)
        return old

    def delete_hand(self, sitting_id: int, position: int) -> Hand:
        """Remove the hand at ``position``; later hands move up. Returns the removed hand."""
        with self.database.transaction() as connection:
            variant = _require_sitting(connection, sitting_id)
            old = _hand_at(connection, sitting_id, position, variant)
            count = _count(connection, sitting_id)
            checkpoint = summary.checkpoint_for_change(connection, sitting_id, position, count - 1)
            connection.execute(
                "DELETE FROM hand WHERE sitting_id = ? AND position = ?", (sitting_id, position)
            )
            _shift(connection, sitting_id, position + 1, -1)
            self._touch(connection, sitting_id, checkpoint)
        return old

    def rename_players(self, sitting_id: int, players: Sequence[str]) -> None:
        """Give the players new names (same number, same seats)."""
        names = tuple(name.strip() for name in players)
        with self.database.transaction() as connection:
            variant = _require_sitting(connection, sitting_id)
            rules = Rules.for_variant(variant)
            problems = errors_only(check_sitting_setup(variant, names, rules))
            if problems:
                raise InvalidSittingError(problems)
            connection.execute(
                "UPDATE sitting SET players = ? WHERE id = ?",
                (json.dumps(list(names), ensure_ascii=False), sitting_id),
            )
            self._touch(connection, sitting_id)

    def set_details(
        self, sitting_id: int, *, title: str | None = None, place: str | None = None
    ) -> None:
        """Change the sitting's title and/or place."""
        problems = check_label("title", title or "") + check_label("place", place or "")
        if problems:
            raise InvalidSittingError(problems)
        with self.database.transaction() as connection:
            _require_sitting(connection, sitting_id)
            if title is not None:
                connection.execute(
                    "UPDATE sitting SET title = ? WHERE id = ?", (title.strip(), sitting_id)
                )
            if place is not None:
                connection.execute(
                    "UPDATE sitting SET place = ? WHERE id = ?", (place.strip(), sitting_id)
                )
            self._touch(connection, sitting_id)

    def choose_dealer(self, sitting_id: int, seat: int) -> None:
        """Remember who deals the next hand (the first dealer, or the winner of a new cut)
        until a hand records its dealer; :meth:`load_recent` gives it back while no hand
        has been added since."""
        with self.database.transaction() as connection:
            variant = _require_sitting(connection, sitting_id)
            if not 0 <= seat < variant.seats:
                raise InvalidSittingError(
                    [
                        Problem(
                            f"seat {seat + 1} is not at a {variant.seats}-seat table",
                            None,
                            "dealer",
                        )
                    ]
                )
            connection.execute(
                "UPDATE sitting SET chosen_dealer = ?, chosen_for = ? WHERE id = ?",
                (seat, _count(connection, sitting_id), sitting_id),
            )

    def _stamp(self) -> str:
        return self._clock().astimezone(UTC).isoformat()

    def _touch(
        self, connection: sqlite3.Connection, sitting_id: int, checkpoint: Checkpoint = START
    ) -> None:
        """Stamp a change and rebuild the summary, scoring the hands from ``checkpoint``."""
        connection.execute(
            "UPDATE sitting SET updated = ?, revision = revision + 1 WHERE id = ?",
            (self._stamp(), sitting_id),
        )
        summary.refresh(connection, sitting_id, checkpoint)


# Helpers working inside a transaction ---------------------------------------------------


def _hand_json(hand: Hand) -> str:
    return json.dumps(hand_to_data(hand), ensure_ascii=False, separators=(",", ":"))


def _check(hand: Hand, variant: Variant, position: int, names: tuple[str, str] | None) -> None:
    problems = errors_only(check_hand(hand, variant, position + 1, names))
    if problems:
        raise InvalidSittingError(problems)


def _require_sitting(connection: sqlite3.Connection, sitting_id: int) -> Variant:
    row = connection.execute("SELECT variant FROM sitting WHERE id = ?", (sitting_id,)).fetchone()
    if row is None:
        raise SittingNotFoundError(f"there is no sitting {sitting_id}")
    return Variant(row[0])


def _require_table(
    connection: sqlite3.Connection, sitting_id: int
) -> tuple[Variant, tuple[str, str] | None]:
    """The sitting's variant and its sides' names (for the messages of ``check_hand``)."""
    row = named_row(connection, "SELECT variant, players FROM sitting WHERE id = ?", (sitting_id,))
    if row is None:
        raise SittingNotFoundError(f"there is no sitting {sitting_id}")
    variant = Variant(row["variant"])
    return variant, sitting_side_names(variant, _players(row["players"]))


def _count(connection: sqlite3.Connection, sitting_id: int) -> int:
    row = connection.execute(
        "SELECT count(*) FROM hand WHERE sitting_id = ?", (sitting_id,)
    ).fetchone()
    return int(row[0])


def _no_hand(sitting_id: int, position: int, count: int, *, inserting: bool = False) -> Exception:
    last = count + 1 if inserting else count
    return HandNotFoundError(
        f"sitting {sitting_id} has no hand {position + 1} (hands are numbered 1 to {last})"
        if last
        else f"sitting {sitting_id} has no hands yet"
    )


def _hand_at(
    connection: sqlite3.Connection, sitting_id: int, position: int, variant: Variant
) -> Hand:
    row = connection.execute(
        "SELECT data FROM hand WHERE sitting_id = ? AND position = ?", (sitting_id, position)
    ).fetchone()
    if row is None:
        raise _no_hand(sitting_id, position, _count(connection, sitting_id))
    # Checked when it was written; perhaps under older rules, and it must still be replaceable.
    return hand_from_data(json.loads(row[0]), position + 1, variant, checked=False)


def _shift(connection: sqlite3.Connection, sitting_id: int, start: int, by: int) -> None:
    """Move every hand from ``start`` on by ``by`` places, in two steps so that no two hands
    ever share a position on the way (the primary key is checked row by row)."""
    connection.execute(
        "UPDATE hand SET position = -(position + ?) - 1 WHERE sitting_id = ? AND position >= ?",
        (by, sitting_id, start),
    )
    connection.execute(
        "UPDATE hand SET position = -position - 1 WHERE sitting_id = ? AND position < 0",
        (sitting_id,),
    )


def _details(connection: sqlite3.Connection, sitting_id: int) -> sqlite3.Row:
    row = named_row(
        connection,
        "SELECT variant, players, game_target, rubber_bonus, title, place, created, updated, "
        "chosen_dealer, chosen_for FROM sitting WHERE id = ?",
        (sitting_id,),
    )
    if row is None:
        raise SittingNotFoundError(f"there is no sitting {sitting_id}")
    return row


def _load(connection: sqlite3.Connection, sitting_id: int) -> StoredSitting:
    row = _details(connection, sitting_id)
    variant = Variant(row["variant"])
    hands = tuple(summary.stored_hands(connection, sitting_id, variant))
    rules = Rules(row["game_target"], row["rubber_bonus"])
    sitting = Sitting(variant, _players(row["players"]), hands, rules)
    return StoredSitting(
        id=sitting_id,
        sitting=sitting,
        title=row["title"],
        place=row["place"],
        created=datetime.fromisoformat(row["created"]),
        updated=datetime.fromisoformat(row["updated"]),
    )


def _players(data: str) -> tuple[str, ...]:
    """The stored players: a JSON list of names (anything else is damage)."""
    players = json.loads(data)
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise ValueError(f"the players are not a list of names: {data[:60]!r}")
    return tuple(players)


def _damaged_info(sitting_id: int, error: DamagedSittingError) -> SittingInfo:
    """The line a damaged sitting gets in the list: its id and what is wrong."""
    never = datetime.fromtimestamp(0, UTC)
    return SittingInfo(
        sitting_id,
        Variant.TWO_PLAYER,
        ("?", "?"),
        "",
        "",
        never,
        never,
        0,
        0,
        None,
        0,
        0,
        damaged=error.detail,
    )
