"""Reading one sitting's rows: its details, a hand, how many hands it holds, the whole
sitting, the hands of its newest rubber; and the damage met on the way turned into a
:class:`DamagedSittingError` naming the sitting. What the store of sittings gives back is
defined here too: a line of the list of sittings, a stored sitting, what an import did,
the hands of a sitting's newest rubber, and what a change to a sitting's hands is.

One module, not three, for the start-up's sake: the window opens a sitting through all of
it (tests/gui/window/test_startup.py counts the modules it imports)."""

import contextlib
import json
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager
from datetime import datetime
from types import MappingProxyType
from typing import NamedTuple, Protocol

from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import Checkpoint
from jojotte_score.core.model import AnyHand, GameKey, RubberRoles, Rules, Sitting
from jojotte_score.formats.hand_data import hand_from_data, seat_hand_from_data
from jojotte_score.i18n import _
from jojotte_score.storage import summary
from jojotte_score.storage.errors import (
    DamagedSittingError,
    HandNotFoundError,
    SittingNotFoundError,
    StorageError,
)
from jojotte_score.storage.rows import named_row


class SittingInfo(NamedTuple):
    """One line of the list of stored sittings."""

    id: int
    variant: GameKey
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
    settlement: tuple[int, ...] | None = None
    """Each player's result in the games of individual players (T15, C6, F6): his
    settlements summed over the rubbers; None for two sides (``net_side``, ``net_points``)."""

    @property
    def side_names(self) -> tuple[str, str]:
        """The two sides' names ("Anna & Carl" in partnerships)."""
        return find_game(self.variant).side_names(self.players)


class StoredSitting(NamedTuple):
    """A sitting as stored: its id, details and the sitting itself."""

    id: int
    sitting: Sitting
    title: str
    place: str
    created: datetime
    updated: datetime
    uuid: str = ""
    """The sitting's stable id, the same on every device (schema 9)."""


class ImportOutcome(NamedTuple):
    """What storing a sitting file did: the sitting's id and whether it is ``"new"``, was
    ``"updated"`` (its stable id was stored with other hands) or was ``"unchanged"``."""

    id: int
    outcome: str


class RecentHands(NamedTuple):
    """A sitting's setup and details, how many hands it has, and the hands of the rubber
    of its newest hand with the :class:`Checkpoint` that rubber starts from, in any game.

    Enough to show the pad as it stands and to score the next hand; the older hands stay
    on disk until :meth:`SittingStore.load` is asked for them. ``hands`` are the game's kind
    of hand (side against side, or by seat); a chouette's first roles are ``chouette``, the
    roles of the checkpoint's rubber the checkpoint's.
    """

    id: int
    variant: GameKey
    players: tuple[str, ...]
    rules: Rules
    title: str
    place: str
    created: datetime
    updated: datetime
    hand_count: int
    checkpoint: Checkpoint
    hands: tuple[AnyHand, ...]
    chosen_dealer: int | None = None
    roles: RubberRoles | None = None
    revision: int = 0
    """The sitting's revision these are of."""

    @property
    def side_names(self) -> tuple[str, str]:
        """The two sides' names ("Anna & Carl" in partnerships)."""
        return find_game(self.variant).side_names(self.players)


class HandChange(NamedTuple):
    """A change to a stored sitting's hands, as its check sees it: a hand ``inserted`` at
    ``position`` (a hand added is inserted at the end), or the hand there ``deleted``, and
    ``replaced`` hands put in place of the hands at their positions (once the insertion or
    deletion is made). A change of replacements alone names the first one's position."""

    position: int
    inserted: AnyHand | None = None
    deleted: bool = False
    replaced: Mapping[int, AnyHand] = MappingProxyType({})

    def hands(self) -> list[tuple[int, AnyHand]]:
        """The hands the change writes, each with its position, in order."""
        written = [] if self.inserted is None else [(self.position, self.inserted)]
        return written + sorted(self.replaced.items())


class SittingsDatabase(Protocol):
    """What reading the sittings needs of a :class:`~jojotte_score.storage.database.Database`
    (named here, not imported, so that the modules that read sittings stay out of the
    database's own imports)."""

    @property
    def connection(self) -> sqlite3.Connection:
        """The connection to read through."""

    @property
    def read_only(self) -> bool:
        """Whether nothing may be written: a stale summary is then scored, not stored."""

    def transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        """One write transaction."""


@contextlib.contextmanager
def reading_sitting(sitting_id: int) -> Iterator[None]:
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
        raise DamagedSittingError(
            sitting_id, _("its text is not readable ({detail})").format(detail=error)
        ) from error
    except sqlite3.DatabaseError as error:
        raise DamagedSittingError(sitting_id, str(error)) from error
    except InvalidSittingError as error:
        raise DamagedSittingError(sitting_id, "; ".join(map(str, error.problems))) from error
    except summary.HandOrderError as error:
        raise DamagedSittingError(sitting_id, str(error)) from error
    except (ValueError, TypeError, AttributeError, KeyError, IndexError) as error:
        raise DamagedSittingError(
            sitting_id, _("a stored value is not valid ({detail})").format(detail=error)
        ) from error


# SQLite's integers are 64-bit: an id beyond them is no sitting (binding it would overflow).
_LOWEST_ID = -(2**63)
_HIGHEST_ID = 2**63 - 1


def check_id(sitting_id: int) -> None:
    """Refuse an id no row can have as an unknown sitting, like any other unknown id."""
    if not _LOWEST_ID <= sitting_id <= _HIGHEST_ID:
        raise SittingNotFoundError(_("there is no sitting {id}").format(id=sitting_id))


def require_sitting(connection: sqlite3.Connection, sitting_id: int) -> GameKey:
    """The sitting's variant; :class:`SittingNotFoundError` when there is no such sitting."""
    check_id(sitting_id)
    row = connection.execute("SELECT variant FROM sitting WHERE id = ?", (sitting_id,)).fetchone()
    if row is None:
        raise SittingNotFoundError(_("there is no sitting {id}").format(id=sitting_id))
    return find_game(row[0]).variant


def require_table(
    connection: sqlite3.Connection, sitting_id: int
) -> tuple[GameKey, tuple[str, ...]]:
    """The sitting's variant and its players (for the messages of the checks)."""
    check_id(sitting_id)
    row = named_row(connection, "SELECT variant, players FROM sitting WHERE id = ?", (sitting_id,))
    if row is None:
        raise SittingNotFoundError(_("there is no sitting {id}").format(id=sitting_id))
    return find_game(row["variant"]).variant, summary.stored_players(row["players"])


def hand_count(connection: sqlite3.Connection, sitting_id: int) -> int:
    """How many hands the sitting holds: its last position + 1, as the positions run from 0
    without a gap. Looked up in the table's key in one step, where count(*) reads every
    row of the sitting, hands and all: 0.9 ms for a 10,000-hand sitting against 3 µs, on
    every hand recorded."""
    row = connection.execute(
        "SELECT coalesce(max(position) + 1, 0) FROM hand WHERE sitting_id = ?", (sitting_id,)
    ).fetchone()
    return int(row[0])


def no_hand(sitting_id: int, position: int, count: int, *, inserting: bool = False) -> Exception:
    """The error of a position that holds no hand (where a hand can be inserted, with
    ``inserting``) in a sitting of ``count`` hands."""
    last = count + 1 if inserting else count
    if not last:
        return HandNotFoundError(_("sitting {id} has no hands yet").format(id=sitting_id))
    message = _("sitting {id} has no hand {number} (hands are numbered 1 to {last})")
    return HandNotFoundError(message.format(id=sitting_id, number=position + 1, last=last))


def hand_at(
    connection: sqlite3.Connection, sitting_id: int, position: int, variant: GameKey
) -> AnyHand:
    """The hand stored at ``position``, read without the rules' checks."""
    row = connection.execute(
        "SELECT data FROM hand WHERE sitting_id = ? AND position = ?", (sitting_id, position)
    ).fetchone()
    if row is None:
        raise no_hand(sitting_id, position, hand_count(connection, sitting_id))
    # Checked when it was written; perhaps under older rules, and it must still be replaceable.
    if find_game(variant).by_seat:
        return seat_hand_from_data(json.loads(row[0]), position + 1, variant, checked=False)
    return hand_from_data(json.loads(row[0]), position + 1, variant, checked=False)


def details(connection: sqlite3.Connection, sitting_id: int) -> sqlite3.Row:
    """The sitting's row: its setup, labels, dates, chosen dealer, roles, revision and id."""
    check_id(sitting_id)
    row = named_row(
        connection,
        "SELECT variant, players, game_target, rubber_bonus, title, place, created, updated, "
        "chosen_dealer, chosen_for, roles, revision, uuid "
        "FROM sitting WHERE id = ?",
        (sitting_id,),
    )
    if row is None:
        raise SittingNotFoundError(_("there is no sitting {id}").format(id=sitting_id))
    return row


def load_stored(connection: sqlite3.Connection, sitting_id: int) -> StoredSitting:
    """The sitting with all its hands, in order, and its details."""
    row = details(connection, sitting_id)
    sitting = summary.stored_sitting(connection, sitting_id)
    return StoredSitting(
        id=sitting_id,
        sitting=sitting,
        title=row["title"],
        place=row["place"],
        created=datetime.fromisoformat(row["created"]),
        updated=datetime.fromisoformat(row["updated"]),
        uuid=str(row["uuid"] or ""),
    )


def load_recent(
    database: SittingsDatabase, sitting_id: int, known: RecentHands | None
) -> RecentHands:
    """The sitting with only the hands of its newest rubber (see :class:`RecentHands`);
    a stale summary is rebuilt first (and stored, unless the database is read-only)."""
    connection = database.connection
    row = details(connection, sitting_id)
    figures = summary.fresh(connection, sitting_id)
    if figures is None and database.read_only:
        figures = summary.compute(connection, sitting_id)
    elif figures is None:
        with database.transaction() as writing:
            figures = summary.refresh(writing, sitting_id)
    checkpoint = figures.checkpoint
    variant = find_game(row["variant"]).variant
    revision = row["revision"]
    reused = _unchanged(known, sitting_id, revision, figures)
    skip = -1 if reused is None else checkpoint.position - reused.checkpoint.position
    if reused is None or not 0 <= skip <= len(reused.hands):
        start = checkpoint.position
        hands = tuple(summary.stored_hands(connection, sitting_id, variant, start))
    else:
        added = summary.stored_hands(connection, sitting_id, variant, reused.hand_count)
        hands = reused.hands[skip:] + tuple(added)
    roles = summary.stored_roles(row["roles"], find_game(variant))
    return RecentHands(
        id=sitting_id,
        variant=variant,
        players=summary.stored_players(row["players"]),
        rules=Rules(row["game_target"], row["rubber_bonus"]),
        title=row["title"],
        place=row["place"],
        created=datetime.fromisoformat(row["created"]),
        updated=datetime.fromisoformat(row["updated"]),
        hand_count=figures.hands,
        checkpoint=checkpoint,
        hands=hands,
        chosen_dealer=row["chosen_dealer"] if row["chosen_for"] == figures.hands else None,
        roles=roles,
        revision=revision,
    )


def _unchanged(
    known: RecentHands | None, sitting_id: int, revision: int, figures: summary.Figures
) -> RecentHands | None:
    """``known`` when its hands are still those stored: the sitting's, of this revision or
    of the one before it when the change that made this one touched no hand among them
    (the summary says where it did)."""
    if known is None or known.id != sitting_id:
        return None
    if known.revision == revision or (
        known.revision == revision - 1 and figures.first_changed >= known.hand_count
    ):
        return known
    return None
