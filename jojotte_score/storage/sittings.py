"""The storage API: sittings and their hands, as recorded, one short transaction per change.

The desktop window and the command line both go through :class:`SittingStore`. Every hand
is checked by the core before it is written (:mod:`~jojotte_score.storage.change_checks`),
so a hand the core refuses is never stored. Scores are never stored: they are derived by
replaying the hands (the ``summary`` table is a cache of a few derived figures for listing
sittings quickly, rebuilt whenever stale). Positions are 0-based indexes into a sitting's
hands; hand *numbers* (1-based) are position + 1.

The store reads through :mod:`~jojotte_score.storage.sitting_rows` (one sitting's rows),
:mod:`~jojotte_score.storage.sitting_listing` (the list of sittings) and
:mod:`~jojotte_score.storage.sitting_rows` (the newest rubber); what it gives back is in
:mod:`~jojotte_score.storage.sitting_rows`.
"""

import json
import sqlite3
from collections.abc import Callable, Generator, Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from jojotte_score.core.errors import InvalidSittingError, Problem
from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import Checkpoint
from jojotte_score.core.model import AnyHand, GameKey, RubberRoles, Rules, Sitting
from jojotte_score.core.validation import check_label, check_sitting_setup, errors_only
from jojotte_score.formats.hand_data import hand_to_data
from jojotte_score.i18n import _
from jojotte_score.storage import summary
from jojotte_score.storage.database import Database
from jojotte_score.storage.errors import SittingNotFoundError
from jojotte_score.storage.sitting_rows import (
    HandChange,
    hand_at,
    load_recent,
    load_stored,
    no_hand,
    require_sitting,
    require_table,
)
from jojotte_score.storage.sitting_rows import ImportOutcome as ImportOutcome
from jojotte_score.storage.sitting_rows import RecentHands as RecentHands
from jojotte_score.storage.sitting_rows import SittingInfo as SittingInfo
from jojotte_score.storage.sitting_rows import StoredSitting as StoredSitting
from jojotte_score.storage.sitting_rows import (
    hand_count as count_hands,
)
from jojotte_score.storage.sitting_rows import reading_sitting as reading_sitting

if TYPE_CHECKING:
    from jojotte_score.storage.sitting_listing import KeptListing


def sitting_problems(
    sitting: Sitting, title: str, place: str, *, earlier_checks: bool = False
) -> list[Problem]:
    """What stops ``sitting`` being stored as a whole with these labels (see
    :func:`jojotte_score.storage.change_checks.sitting_problems`)."""
    from jojotte_score.storage import change_checks  # with the first change, not at start-up

    return change_checks.sitting_problems(sitting, title, place, earlier_checks=earlier_checks)


def _check_change(
    connection: sqlite3.Connection,
    sitting_id: int,
    variant: GameKey,
    players: tuple[str, ...],
    change: HandChange,
) -> None:
    """Refuse ``change`` when the rules refuse it (see
    :func:`jojotte_score.storage.change_checks.check_change`)."""
    from jojotte_score.storage import change_checks  # with the first change, not at start-up

    change_checks.check_change(connection, sitting_id, variant, players, change)


def utc_now() -> datetime:
    """The current time in UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0)


class SittingStore:
    """Create, list, load and change sittings in a :class:`Database`."""

    def __init__(self, database: Database, clock: Callable[[], datetime] = utc_now) -> None:
        self.database = database
        self._clock = clock

    # Reading ---------------------------------------------------------------------------

    def list_sittings(self, kept: "KeptListing | None" = None) -> list[SittingInfo]:
        """Every stored sitting, the most recently changed first. A damaged sitting is
        listed with ``damaged`` saying why; it does not stop the others being listed.
        ``kept``, the lines read by an earlier call, reads again only those changed since
        (the open history, after each change)."""
        if kept is not None:
            return kept.list_sittings(self.database)
        from jojotte_score.storage.sitting_listing import list_sittings  # not at start-up

        return list_sittings(self.database)

    def unreadable_sittings(self) -> list[int]:
        """The ids of the sittings with a stored hand that is not a JSON object (changed on
        disk since it was written): such a sitting is damaged however fresh its summary
        (see :func:`~jojotte_score.storage.sitting_listing.unreadable_sittings`)."""
        from jojotte_score.storage.sitting_listing import unreadable_sittings

        return unreadable_sittings(self.database)

    def last_sitting_id(self) -> int | None:
        """The sitting changed most recently, or None when there is none."""
        row = self.database.connection.execute(
            "SELECT id FROM sitting ORDER BY updated DESC, id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else int(row[0])

    def holds(self, sitting_id: int) -> bool:
        """Whether a sitting with this id is stored (one row looked up by its key: at 60,000
        sittings, reading every sitting's date to ask this took 0.4-0.8 s of each start)."""
        row = self.database.connection.execute(
            "SELECT 1 FROM sitting WHERE id = ?", (sitting_id,)
        ).fetchone()
        return row is not None

    def created_dates(self) -> list[tuple[int, datetime]]:
        """Every sitting's id and the moment (UTC) it was stored, lowest id first."""
        rows = self.database.connection.execute("SELECT id, created FROM sitting ORDER BY id")
        dates = []
        for sitting_id, created in rows.fetchall():
            with reading_sitting(sitting_id):
                dates.append((int(sitting_id), datetime.fromisoformat(created)))
        return dates

    def load(self, sitting_id: int) -> StoredSitting:
        """One sitting with all its hands, in order."""
        with reading_sitting(sitting_id):
            return load_stored(self.database.connection, sitting_id)

    def load_recent(self, sitting_id: int, known: RecentHands | None = None) -> RecentHands:
        """The sitting with only the hands of its newest rubber (see :class:`RecentHands`).

        The checkpoint comes from the summary; a stale summary is rebuilt first (and
        stored, unless the database is open read-only). Given ``known``, what an earlier
        call returned, the hands it holds are not read again when the changes since touched
        none of them (a hand recorded after them, the players renamed): those it holds from
        the checkpoint on are given back as they are, with the hands added since.
        """
        with reading_sitting(sitting_id):
            return load_recent(self.database, sitting_id, known)

    def rubber_start(
        self, sitting_id: int, revision: int, *, hand: int = 0, rubber: int = 0
    ) -> Checkpoint | None:
        """Where the rubber of hand ``hand`` (1-based), or rubber ``rubber``, starts, as
        kept for the sitting's revision ``revision`` (schema 7); None when the sitting is
        at another revision, or its summary is stale."""
        with reading_sitting(sitting_id):
            connection = self.database.connection
            return summary.nearest_start(connection, sitting_id, revision, hand, rubber)

    def hands_from(self, sitting_id: int, position: int) -> Generator[AnyHand, None, None]:
        """The sitting's hands from ``position`` (0-based) on, in order, each read when it
        is asked for: an older rubber of a long sitting is scored from its checkpoint
        without reading the hands after it (close the generator when done)."""
        with reading_sitting(sitting_id):
            connection = self.database.connection
            variant = require_sitting(connection, sitting_id)
            yield from summary.stored_hands(connection, sitting_id, variant, position)

    def revision(self, sitting_id: int) -> int:
        """The sitting's revision: one more at every change stored (one query, for a copy
        that follows what another records)."""
        row = self.database.connection.execute(
            "SELECT revision FROM sitting WHERE id = ?", (sitting_id,)
        ).fetchone()
        if row is None:
            raise SittingNotFoundError(_("there is no sitting {id}").format(id=sitting_id))
        return int(row[0])

    def find_uuid(self, sitting_uuid_: str) -> int | None:
        """The id of the sitting whose stable id is ``sitting_uuid_``, None when none is."""
        row = self.database.connection.execute(
            "SELECT id FROM sitting WHERE uuid = ?", (sitting_uuid_,)
        ).fetchone()
        return None if row is None else int(row[0])

    def uuid_of(self, sitting_id: int) -> str:
        """The sitting's stable id."""
        row = self.database.connection.execute(
            "SELECT uuid FROM sitting WHERE id = ?", (sitting_id,)
        ).fetchone()
        if row is None:
            raise SittingNotFoundError(_("there is no sitting {id}").format(id=sitting_id))
        return str(row[0])

    def hand_count(self, sitting_id: int) -> int:
        """How many hands the sitting holds."""
        require_sitting(self.database.connection, sitting_id)
        return count_hands(self.database.connection, sitting_id)

    # Changing --------------------------------------------------------------------------

    def create_sitting(
        self,
        variant: GameKey,
        players: Sequence[str],
        rules: Rules | None = None,
        *,
        title: str = "",
        place: str = "",
        roles: RubberRoles | None = None,
    ) -> int:
        """A new sitting with no hands yet; returns its id. A game with roles needs its first
        rubber's (``roles``: the chouette's box and captain, C3)."""
        standard = rules or find_game(variant).standard_rules
        sitting = Sitting(variant, tuple(players), (), standard, roles=roles)
        return self.import_sitting(sitting, title=title, place=place)

    def import_sitting(
        self,
        sitting: Sitting,
        *,
        title: str = "",
        place: str = "",
        earlier_checks: bool = False,
        sitting_id: str | None = None,
        created: datetime | None = None,
        then: Callable[[sqlite3.Connection, int], None] | None = None,
    ) -> int:
        """Store a whole sitting of any variant in one transaction; every hand is checked
        first (the game's checks). With ``earlier_checks`` (a sitting file marked as
        recorded under earlier checks), what an earlier release accepted is stored as it is
        (see :mod:`~jojotte_score.formats.earlier_checks`); everything else is refused.

        ``sitting_id`` is its stable id (a new one when None; one already stored is
        refused), ``created`` when it was first stored (now when None); ``then`` is called
        with the connection and the new id inside the same transaction."""
        from jojotte_score.formats.sitting_keys import new_sitting_uuid, sitting_uuid

        problems = sitting_problems(sitting, title, place, earlier_checks=earlier_checks)
        if sitting_id is not None and sitting_uuid(sitting_id) is None:
            problems.append(Problem(_("{value} is not a sitting id").format(value=sitting_id)))
        if problems:
            raise InvalidSittingError(problems)
        roles = sitting.roles
        now = self._stamp()
        first = now if created is None else created.astimezone(UTC).isoformat()
        with self.database.transaction() as connection:
            stable = sitting_id or new_sitting_uuid()
            if _uuid_taken(connection, stable):
                message = _("a sitting with the id {uuid} is already stored")
                raise InvalidSittingError([Problem(message.format(uuid=stable))])
            cursor = connection.execute(
                "INSERT INTO sitting (variant, players, game_target, rubber_bonus, title, "
                "place, created, updated, roles, uuid) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    *_sitting_columns(sitting, title, place),
                    first,
                    now,
                    summary.roles_text(roles),
                    stable,
                ),
            )
            row_id = int(cursor.lastrowid or 0)
            _insert_hands(connection, row_id, sitting.hands)
            summary.refresh(connection, row_id)
            if then is not None:
                then(connection, row_id)
        return row_id

    def import_or_update(
        self,
        sitting: Sitting,
        *,
        sitting_id: str | None,
        title: str = "",
        place: str = "",
        earlier_checks: bool = False,
        as_new: bool = False,
    ) -> ImportOutcome:
        """Store a sitting read from a file: a new sitting (with the file's stable id
        ``sitting_id``, or a new one), or, when a sitting with that id is stored, that
        sitting updated to the file's players, rules and hands when they differ (title and
        place only when given). ``as_new`` keeps a separate copy with a new id."""
        stored = None if as_new or sitting_id is None else self.find_uuid(sitting_id)
        if stored is None:
            fresh = None if as_new else sitting_id
            new_id = self.import_sitting(
                sitting, title=title, place=place, earlier_checks=earlier_checks, sitting_id=fresh
            )
            return ImportOutcome(new_id, "new")
        old = self.load(stored)
        same_labels = (not title or title == old.title) and (not place or place == old.place)
        if old.sitting == sitting and same_labels:
            return ImportOutcome(stored, "unchanged")
        self.replace_sitting(
            stored,
            sitting,
            title=title or old.title,
            place=place or old.place,
            earlier_checks=earlier_checks,
        )
        return ImportOutcome(stored, "updated")

    def replace_sitting(
        self,
        sitting_id: int,
        sitting: Sitting,
        *,
        title: str,
        place: str,
        earlier_checks: bool = False,
        then: Callable[[sqlite3.Connection, int], None] | None = None,
    ) -> None:
        """Put ``sitting`` (players, rules, roles and every hand) and the labels in place of
        the stored sitting, checked as a whole like an import, as one change; ``then`` is
        called with the connection and the id inside the same transaction."""
        problems = sitting_problems(sitting, title, place, earlier_checks=earlier_checks)
        if problems:
            raise InvalidSittingError(problems)
        with self.database.transaction() as connection:
            require_sitting(connection, sitting_id)
            connection.execute(
                "UPDATE sitting SET variant = ?, players = ?, game_target = ?, "
                "rubber_bonus = ?, title = ?, place = ?, roles = ?, "
                "chosen_dealer = NULL, chosen_for = NULL WHERE id = ?",
                (
                    *_sitting_columns(sitting, title, place),
                    summary.roles_text(sitting.roles),
                    sitting_id,
                ),
            )
            connection.execute("DELETE FROM hand WHERE sitting_id = ?", (sitting_id,))
            _insert_hands(connection, sitting_id, sitting.hands)
            connection.execute("DELETE FROM rubber_start WHERE sitting_id = ?", (sitting_id,))
            connection.execute(
                "UPDATE sitting SET updated = ?, revision = revision + 1 WHERE id = ?",
                (self._stamp(), sitting_id),
            )
            summary.refresh(connection, sitting_id)
            if then is not None:
                then(connection, sitting_id)

    def delete_sitting(
        self, sitting_id: int, then: Callable[[sqlite3.Connection, int], None] | None = None
    ) -> None:
        """Remove the sitting and its hands; ``then`` is called with the connection and the
        id inside the same transaction."""
        with self.database.transaction() as connection:
            require_sitting(connection, sitting_id)
            connection.execute("DELETE FROM sitting WHERE id = ?", (sitting_id,))
            if then is not None:
                then(connection, sitting_id)

    def add_hand(self, sitting_id: int, hand: AnyHand) -> int:
        """Record the next hand; returns its position. A hand of the three-player game or
        cutthroat is a hand by seat; the others are recorded side against side."""
        with self.database.transaction() as connection:
            variant, names = require_table(connection, sitting_id)
            position = count_hands(connection, sitting_id)
            _check_change(connection, sitting_id, variant, names, HandChange(position, hand))
            connection.execute(
                "INSERT INTO hand (sitting_id, position, data) VALUES (?, ?, ?)",
                (sitting_id, position, _hand_json(hand)),
            )
            self._touch(connection, sitting_id, position)
        return position

    def insert_hand(
        self,
        sitting_id: int,
        position: int,
        hand: AnyHand,
        corrections: Mapping[int, AnyHand] | None = None,
    ) -> dict[int, AnyHand]:
        """Insert a forgotten hand before the one at ``position`` (or at the end).

        ``corrections`` (position once the hand is in → hand) are put in place of the later
        hands in the same change, checked as a whole with it: the chouette's later dealers
        the insertion makes illegal (C3, C7). Returns the hands they replaced, by position;
        nothing is changed when the result is refused."""
        corrections = corrections or {}
        with self.database.transaction() as connection:
            variant, names = require_table(connection, sitting_id)
            count = count_hands(connection, sitting_id)
            if not 0 <= position <= count:
                raise no_hand(sitting_id, position, count, inserting=True)
            change = HandChange(position, inserted=hand, replaced=corrections)
            _check_change(connection, sitting_id, variant, names, change)
            replaced = {p: hand_at(connection, sitting_id, p - 1, variant) for p in corrections}
            _shift(connection, sitting_id, position, +1)
            connection.execute(
                "INSERT INTO hand (sitting_id, position, data) VALUES (?, ?, ?)",
                (sitting_id, position, _hand_json(hand)),
            )
            _put_hands(connection, sitting_id, corrections)
            self._touch(connection, sitting_id, position)
        return replaced

    def replace_hand(self, sitting_id: int, position: int, hand: AnyHand) -> AnyHand:
        """Put ``hand`` in place of the one at ``position``; returns the hand it replaced."""
        with self.database.transaction() as connection:
            variant, names = require_table(connection, sitting_id)
            old = hand_at(connection, sitting_id, position, variant)
            _check_change(
                connection,
                sitting_id,
                variant,
                names,
                HandChange(position, replaced={position: hand}),
            )
            connection.execute(
                "UPDATE hand SET data = ? WHERE sitting_id = ? AND position = ?",
                (_hand_json(hand), sitting_id, position),
            )
            self._touch(connection, sitting_id, position)
        return old

    def replace_hands(self, sitting_id: int, hands: Mapping[int, AnyHand]) -> dict[int, AnyHand]:
        """Put each of ``hands`` (position → hand) in place of the hand there, as one change
        checked as a whole: an edit and the corrections it needs, such as the chouette's
        later dealers once an edit has changed who wins a rubber (C3, C7). Returns the hands
        replaced, by position; nothing is changed when the result is refused."""
        if not hands:
            return {}
        with self.database.transaction() as connection:
            variant, names = require_table(connection, sitting_id)
            old = {p: hand_at(connection, sitting_id, p, variant) for p in sorted(hands)}
            _check_change(
                connection, sitting_id, variant, names, HandChange(min(hands), replaced=hands)
            )
            _put_hands(connection, sitting_id, hands)
            self._touch(connection, sitting_id, min(hands))
        return old

    def delete_hand(self, sitting_id: int, position: int) -> AnyHand:
        """Remove the hand at ``position``; later hands move up. Returns the removed hand.

        In the chouette, whose roles follow the rubbers (C3), a change that would leave a
        later hand dealt by the partner is refused, naming that hand.
        """
        return self.delete_correcting(sitting_id, position, {})[0]

    def delete_correcting(
        self, sitting_id: int, position: int, corrections: Mapping[int, AnyHand]
    ) -> tuple[AnyHand, dict[int, AnyHand]]:
        """Remove the hand at ``position`` and put ``corrections`` (position once it is
        gone → hand) in place of the later hands, as one change checked as a whole: the
        chouette's later dealers the deletion made illegal (C3, C7). Returns the removed
        hand and the hands the corrections replaced, by position; nothing is changed when
        the result is refused."""
        with self.database.transaction() as connection:
            variant, names = require_table(connection, sitting_id)
            old = hand_at(connection, sitting_id, position, variant)
            change = HandChange(position, deleted=True, replaced=corrections)
            _check_change(connection, sitting_id, variant, names, change)
            replaced = {p: hand_at(connection, sitting_id, p + 1, variant) for p in corrections}
            connection.execute(
                "DELETE FROM hand WHERE sitting_id = ? AND position = ?", (sitting_id, position)
            )
            _shift(connection, sitting_id, position + 1, -1)
            _put_hands(connection, sitting_id, corrections)
            self._touch(connection, sitting_id, position)
        return old, replaced

    def rename_players(self, sitting_id: int, players: Sequence[str]) -> None:
        """Give the players new names (same number, same seats)."""
        names = tuple(name.strip() for name in players)
        with self.database.transaction() as connection:
            variant = require_sitting(connection, sitting_id)
            game = find_game(variant)
            problems = errors_only(check_sitting_setup(game, names, game.standard_rules))
            if problems:
                raise InvalidSittingError(problems)
            connection.execute(
                "UPDATE sitting SET players = ? WHERE id = ?",
                (json.dumps(list(names), ensure_ascii=False), sitting_id),
            )
            self._touch(connection, sitting_id, count_hands(connection, sitting_id))

    def set_details(
        self, sitting_id: int, *, title: str | None = None, place: str | None = None
    ) -> None:
        """Change the sitting's title and/or place."""
        problems = check_label("title", title or "") + check_label("place", place or "")
        if problems:
            raise InvalidSittingError(problems)
        with self.database.transaction() as connection:
            require_sitting(connection, sitting_id)
            if title is not None:
                connection.execute(
                    "UPDATE sitting SET title = ? WHERE id = ?", (title.strip(), sitting_id)
                )
            if place is not None:
                connection.execute(
                    "UPDATE sitting SET place = ? WHERE id = ?", (place.strip(), sitting_id)
                )
            self._touch(connection, sitting_id, count_hands(connection, sitting_id))

    def choose_dealer(self, sitting_id: int, seat: int) -> int:
        """Remember who deals the next hand (the first dealer, or the winner of a new cut)
        until a hand records its dealer; :meth:`load_recent` gives it back while no hand
        has been added since. The sitting's revision it makes is returned; a summary fresh
        before is kept for it (no hand changed), not rebuilt by the next read."""
        with self.database.transaction() as connection:
            seats = find_game(require_sitting(connection, sitting_id)).seats
            if not 0 <= seat < seats:
                raise InvalidSittingError(
                    [
                        Problem(
                            _("seat {seat} is not at a {seats}-seat table").format(
                                seat=seat + 1, seats=seats
                            ),
                            None,
                            "dealer",
                        )
                    ]
                )
            figures = summary.fresh(connection, sitting_id)
            connection.execute(
                # A new revision: a sync folder carries the choice to other devices.
                "UPDATE sitting SET chosen_dealer = ?, chosen_for = ?, revision = revision + 1 "
                "WHERE id = ?",
                (seat, count_hands(connection, sitting_id), sitting_id),
            )
            if figures is not None:
                summary.carry(connection, sitting_id, figures)
            row = connection.execute("SELECT revision FROM sitting WHERE id = ?", (sitting_id,))
            return int(row.fetchone()[0])

    def _stamp(self) -> str:
        return self._clock().astimezone(UTC).isoformat()

    def _touch(self, connection: sqlite3.Connection, sitting_id: int, first_changed: int) -> None:
        """Stamp a change whose first hand touched is at ``first_changed`` (the number of
        hands for none) and rebuild the summary, scoring the hands from the start of that
        hand's rubber: the rubber starts before it are those of the hands before it, which
        the change left as they were."""
        start = summary.start_at(connection, sitting_id, first_changed)  # of the old revision
        connection.execute(
            "UPDATE sitting SET updated = ?, revision = revision + 1 WHERE id = ?",
            (self._stamp(), sitting_id),
        )
        summary.refresh(connection, sitting_id, start, first_changed)


def _uuid_taken(connection: sqlite3.Connection, sitting_uuid_: str) -> bool:
    row = connection.execute("SELECT 1 FROM sitting WHERE uuid = ?", (sitting_uuid_,))
    return row.fetchone() is not None


def _hand_json(hand: AnyHand) -> str:
    return json.dumps(hand_to_data(hand), ensure_ascii=False, separators=(",", ":"))


def _sitting_columns(
    sitting: Sitting, title: str, place: str
) -> tuple[str, str, int, int, str, str]:
    """The sitting's variant, players, game target, rubber bonus, title and place, as its
    row stores them, in that order."""
    return (
        find_game(sitting.variant).value,
        json.dumps(list(sitting.players), ensure_ascii=False),
        sitting.rules.game_target,
        sitting.rules.rubber_bonus,
        title,
        place,
    )


def _insert_hands(
    connection: sqlite3.Connection, sitting_id: int, hands: Sequence[AnyHand]
) -> None:
    """Write ``hands`` as the sitting's hands, from position 0 (none is stored yet)."""
    connection.executemany(
        "INSERT INTO hand (sitting_id, position, data) VALUES (?, ?, ?)",
        ((sitting_id, position, _hand_json(hand)) for position, hand in enumerate(hands)),
    )


def _put_hands(
    connection: sqlite3.Connection, sitting_id: int, hands: Mapping[int, AnyHand]
) -> None:
    """Write each of ``hands`` (position → hand) in place of the hand stored there."""
    connection.executemany(
        "UPDATE hand SET data = ? WHERE sitting_id = ? AND position = ?",
        [(_hand_json(hand), sitting_id, p) for p, hand in sorted(hands.items())],
    )


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
