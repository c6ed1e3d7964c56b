"""The ``summary`` and ``rubber_start`` tables: figures derived from a sitting's hands,
cached for speed.

A summary row is never a source of truth. It belongs to one revision of its sitting and is
rebuilt whenever that revision has moved on, so a stale or missing row only costs time.
Besides the figures the list of sittings shows, it keeps a :class:`Checkpoint`: the latest
rubber start with at least :data:`RECENT_HANDS` hands after it. The window scores only the
hands from there to show the pad as it stands (the newest rubber is always among them).
Every game has one: it holds each column's totals over the earlier rubbers and, in the
chouette, the rubber's roles, so the two sides' net (R14) and each player's settlement
(T15) are known from it; and each seat's figures for the statistics over the rubbers before
it (schema 6).

Since schema 7 every rubber's start is kept too (:class:`Start`), written with the summary:
a change is scored from the start of the rubber it touches (a recorded hand with its own
rubber's hands only), an old hand from its own rubber's start, the statistics from the
newest rubber's start; and each start's fingerprint of the hands before it tells whether
it still fits them when the summary is of an older revision (:func:`fitting_starts`).
"""

import json
import sqlite3
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Final, NamedTuple

from jojotte_score.core.games import Game, find_game
from jojotte_score.core.ledger import Checkpoint, Scorer
from jojotte_score.core.model import AnyHand, GameKey, RubberRoles, Rules, Sitting
from jojotte_score.formats.hand_data import hand_from_data, seat_hand_from_data
from jojotte_score.i18n import _
from jojotte_score.storage.errors import SittingNotFoundError
from jojotte_score.storage.figure_rows import FIGURE_COLUMNS, figures_from_row, figures_row
from jojotte_score.storage.rows import checksums_kept, named_row, row_checksum

if TYPE_CHECKING:
    # The statistics are counted only when a summary is scored, never when a fresh one is
    # read, as at start-up: their modules are imported there (two of the start's modules).
    from jojotte_score.core.stats import PlayerStats

RECENT_HANDS: Final = 100
"""How many of the newest hands, at least, a checkpoint leaves after it: more rows than
the hand list shows at once, so opening a sitting needs no older hand."""


class Figures(NamedTuple):
    """What the list of sittings shows, and where the newest rubber starts."""

    hands: int
    rubbers_finished: int
    net_side: int | None
    net_points: int
    unresolved_prison: int
    checkpoint: Checkpoint
    settlement: tuple[int, ...] | None = None
    """Each player's settlement summed over the rubbers, in the games of individual players
    (T15, C6, F6); None for two sides, whose result is ``net_side`` and ``net_points``."""
    before: tuple[tuple[int, ...], ...] = ()
    """Each seat's figures for the statistics over the rubbers before ``checkpoint``, as
    rows of :data:`~jojotte_score.storage.figure_rows.FIGURE_COLUMNS` (none at the start)."""
    first_changed: int = 0
    """The position of the first hand the change that made this revision touched (the
    number of hands when it touched none; 0 when it is not known): the hands before it
    are those of the revision before (schema 7)."""


class Start(NamedTuple):
    """Where one rubber of a stored sitting starts, as the ``rubber_start`` table keeps it
    (schema 7): all that scoring from there needs (:class:`Checkpoint`), each seat's figures
    for the statistics over the rubbers before it (rows of
    :data:`~jojotte_score.storage.figure_rows.FIGURE_COLUMNS`, none at the first rubber)
    and the fingerprint of the stored hands before it (:func:`fingerprint`)."""

    checkpoint: Checkpoint
    before: tuple[tuple[int, ...], ...]
    digest: str


def fingerprint(digest: str, rubber: Iterable[str]) -> str:
    """The fingerprint of the stored hands before a rubber start: that of the start before
    it (``digest``; empty at the first rubber) and the stored text of the hands of the
    rubber between them (``rubber``), chained, so a start is known to fit the hands
    whatever revision wrote it."""
    import hashlib  # only when a summary is scored, never at start-up

    chain = hashlib.blake2b(digest.encode(), digest_size=16)
    for data in rubber:
        chain.update(b"\n")
        chain.update(data.encode())
    return chain.hexdigest()


_SCORING_MODULES = ("hashlib", "jojotte_score.core.stats", "jojotte_score.storage.change_checks")


def scoring_prepared() -> bool:
    """Whether what recording a hand needs is imported (:func:`prepare_scoring`)."""
    return all(name in sys.modules for name in _SCORING_MODULES)


def prepare_scoring() -> None:
    """Import what recording a hand needs and reading a fresh summary does not: the
    statistics and the fingerprint's hash (hashlib, which loads OpenSSL's library), ~10 ms
    measured on a 2-core machine, and the checks of a change (~1 ms). Recording a hand
    checks the change and scores a summary; the window calls this once it is shown and
    settled, so that the first key of an evening does not wait for them (start-up does
    not either: it reads a fresh summary and changes nothing). Nothing when done."""
    if scoring_prepared():
        return
    for name in _SCORING_MODULES:
        # Through __import__, as ``from name import ...`` is, not importlib.import_module:
        # with the window, PySide6 hooks __import__ and, the first time an import statement
        # gives a module, reads that module's source (to see whether it uses PySide6). The
        # recording of a hand then named hashlib and the statistics first: 25 M
        # instructions of one Enter (callgrind, benchmarks/bench_first_key.py).
        __import__(name, fromlist=["__name__"])


def added(
    before: tuple[tuple[int, ...], ...], counted: "tuple[PlayerStats, ...]"
) -> tuple[tuple[int, ...], ...]:
    """Each seat's row of figures ``before`` (none: nothing yet) plus those ``counted``."""
    rows = [figures_row(stats) for stats in counted]
    if not before:
        return tuple(rows)
    return tuple(
        tuple(a + b for a, b in zip(old, new, strict=True))
        for old, new in zip(before, rows, strict=True)
    )


def stored_rows(
    connection: sqlite3.Connection, sitting_id: int, variant: GameKey, start: int = 0
) -> Iterator[tuple[str, AnyHand]]:
    """The sitting's hands from position ``start`` on, in order: each stored text and the
    game's kind of hand it holds (side against side, or by seat)."""
    read = seat_hand_from_data if find_game(variant).by_seat else hand_from_data
    expected = start
    for position, data in connection.execute(
        "SELECT position, data FROM hand WHERE sitting_id = ? AND position >= ? ORDER BY position",
        (sitting_id, start if start > 0 else _LOWEST),  # from the first: a position below 0 too
    ):
        if position != expected:
            raise HandOrderError(damaged_positions(expected, position))
        expected += 1
        # Every stored hand passed the game's checks when it was written (SittingStore._check).
        yield data, read(json.loads(data), position + 1, variant, checked=False)


_LOWEST: Final = -(2**63)


class HandOrderError(ValueError):
    """A sitting's stored hands are not at the positions 0, 1, 2, ... in order."""


def damaged_positions(expected: int, found: int) -> str:
    """Why a sitting's hands cannot be read in order: a position that is not the next one
    (a gap, a position below 0, as a damaged backup may bring)."""
    message = _(
        "its hands are not numbered in order (hand {number} is at position {found}, not "
        "{expected}); `jojotte-score check --repair` numbers them again, keeping every hand"
    )
    return message.format(number=expected + 1, found=found, expected=expected)


def stored_hands(
    connection: sqlite3.Connection, sitting_id: int, variant: GameKey, start: int = 0
) -> Iterator[AnyHand]:
    """The sitting's hands from position ``start`` on, in order, each the game's kind of
    hand (side against side, or by seat)."""
    return (hand for _data, hand in stored_rows(connection, sitting_id, variant, start))


def stored_setup(connection: sqlite3.Connection, sitting_id: int) -> Sitting:
    """The recorded sitting without its hands: variant, players, rules, chouette roles."""
    row = named_row(
        connection,
        "SELECT variant, players, game_target, rubber_bonus, roles FROM sitting WHERE id = ?",
        (sitting_id,),
    )
    if row is None:
        raise SittingNotFoundError(_("there is no sitting {id}").format(id=sitting_id))
    game = find_game(row["variant"])
    players = stored_players(row["players"])
    rules = Rules(row["game_target"], row["rubber_bonus"])
    roles = stored_roles(row["roles"], game)
    if game.has_roles and roles is None:
        raise ValueError("the first rubber's roles are not recorded")
    return Sitting(game.variant, players, (), rules, roles=roles)


def stored_sitting(connection: sqlite3.Connection, sitting_id: int) -> Sitting:
    """The whole recorded sitting: its variant, players, rules, chouette roles and hands."""
    setup = stored_setup(connection, sitting_id)
    hands = tuple(stored_hands(connection, sitting_id, setup.variant))
    return Sitting(setup.variant, setup.players, hands, setup.rules, setup.roles)


def stored_players(data: str) -> tuple[str, ...]:
    """The stored players: a JSON list of names (anything else is damage)."""
    players = json.loads(data)
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise ValueError(f"the players are not a list of names: {data[:60]!r}")
    return tuple(players)


class Scored(NamedTuple):
    """A stored sitting scored from one of its rubber starts: its summary, and the start
    it was scored from followed by those of the rubbers that begin after it."""

    figures: Figures
    starts: tuple[Start, ...]


def scored_from(
    connection: sqlite3.Connection,
    sitting_id: int,
    start: Start | None = None,
    kept: Callable[[int], Start | None] = lambda _position: None,
    first_changed: int = 0,
) -> Scored:
    """Score the stored hands from ``start`` (default: the first hand) to the newest.

    The summary's checkpoint is the latest rubber start with at least
    :data:`RECENT_HANDS` hands after it: one of the starts found, or else the latest of
    those before ``start`` that ``kept`` gives (the latest at or before a position).
    """
    starts: list[Start] = []
    figures = _score(connection, sitting_id, start, kept, first_changed, starts.append)
    return Scored(figures, tuple(starts))


def _score(
    connection: sqlite3.Connection,
    sitting_id: int,
    start: Start | None,
    kept: Callable[[int], Start | None],
    first_changed: int,
    each: Callable[[Start], None],
) -> Figures:
    """The summary of the stored hands scored from ``start`` (see :func:`scored_from`),
    each start found given to ``each`` as soon as it is known, and only the latest few
    kept here, those the summary's checkpoint can be: a long sitting has tens of thousands
    of starts, and holding them all took 45 MB for 100,000 hands."""
    setup = stored_setup(connection, sitting_id)
    game = find_game(setup.variant)
    first = Start(Scorer.of(game, setup).start, (), "")
    if start is None or start.checkpoint.position == 0:
        start = first
    scorer = Scorer(game, setup.rules, start.checkpoint)
    rows = stored_rows(connection, sitting_id, setup.variant, scorer.start.position)
    recent: list[Start] = []
    for point in _scored_rubbers(scorer, setup, start._replace(checkpoint=scorer.start), rows):
        each(point)
        recent.append(point)
        # The summary's checkpoint has RECENT_HANDS hands after it, and the newest start
        # has no more hands after it than the sitting: an older start that has a later one
        # at least that far before the newest is never the checkpoint.
        newest = point.checkpoint.position
        while len(recent) > 1 and recent[1].checkpoint.position <= newest - RECENT_HANDS:
            del recent[0]
    # the rubber not finished yet, if there is one
    ledger = scorer.ledger(game.column_names(setup.players))
    target = max(ledger.hand_count - RECENT_HANDS, 0)
    chosen = next(
        (point for point in reversed(recent) if point.checkpoint.position <= target), None
    )
    if chosen is None:
        chosen = kept(target) or first
    per_player = ledger.game.per_player
    net_side, net_points = (None, 0) if per_player else ledger.net
    return Figures(
        ledger.hand_count,
        ledger.rubbers_finished,
        net_side,
        net_points,
        ledger.unresolved_prison,
        chosen.checkpoint,
        ledger.settlement if per_player else None,
        chosen.before,
        first_changed,
    )


def _scored_rubbers(
    scorer: Scorer, setup: Sitting, start: Start, rows: Iterator[tuple[str, AnyHand]]
) -> Iterator[Start]:
    """Score the stored ``rows`` (text and hand) with ``scorer``, from ``start``: that start
    followed by those of the rubbers that begin after it, each with its figures and
    fingerprint, each given as soon as it is known. The scorer is left holding the rubber
    not finished yet, if there is one.

    Scored a rubber at a time (:meth:`Scorer.rubbers`), so only one rubber's results are
    held: importing a 100,000-hand sitting took 180 MB more when the whole ledger was built
    (benchmarks/bench_import_memory.py). A finished rubber's start is known once the scorer
    has moved past it: at the next rubber, or at the end."""
    yield start
    texts: list[str] = []  # the stored text of the hands of the rubber being scored

    def hands() -> Iterator[AnyHand]:
        for data, hand in rows:
            texts.append(data)
            yield hand

    latest = start
    ended: tuple[tuple[tuple[int, ...], ...], str] | None = None
    for held in scorer.rubbers(hands()):
        if ended is not None:
            latest = Start(scorer.start, *ended)
            yield latest
            ended = None
        if held.finished:
            from jojotte_score.core.stats import rubbers_stats  # see the imports above

            before = added(latest.before, rubbers_stats(setup, (held,)))
            ended = (before, fingerprint(latest.digest, texts))
            texts.clear()
    if ended is not None:
        yield Start(scorer.start, *ended)


def compute(connection: sqlite3.Connection, sitting_id: int) -> Figures:
    """Derive the summary without storing anything (a read-only database whose summary
    is stale): scored from the latest stored rubber start that still fits the stored hands
    (:func:`fitting_starts`), or from the first hand."""
    return _scored(connection, sitting_id)


def _scored(
    connection: sqlite3.Connection,
    sitting_id: int,
    start: Start | None = None,
    first_changed: int = 0,
    each: Callable[[Start], None] = lambda _start: None,
) -> Figures:
    """The sitting's summary scored from ``start``, a start kept for the summary's revision
    (see :func:`start_at`); without one, from the latest stored start that fits the stored
    hands, whatever revision wrote it, or from the first hand. Each start found is given to
    ``each``."""
    if start is None:
        fitting = fitting_starts(connection, sitting_id)
        newest = fitting[-1] if fitting else None
        return _score(connection, sitting_id, newest, _latest_of(fitting), first_changed, each)

    def kept(position: int) -> Start | None:
        return _stored_start(connection, sitting_id, "position <= ?", (position,))

    return _score(connection, sitting_id, start, kept, first_changed, each)


def seat_figures(connection: sqlite3.Connection, sitting_id: int) -> "tuple[PlayerStats, ...]":
    """Each seat's figures for the statistics in the stored sitting: those kept for the
    rubbers before its newest rubber's start plus those of the hands from there on, scored
    (the same figures a replay from hand 1 gives). The start is the one kept for the
    summary's revision or, the summary stale, the latest that fits the stored hands."""
    from jojotte_score.core.stats import rubbers_stats  # see the imports above

    start = newest_start(connection, sitting_id)
    if start is None:
        fitting = fitting_starts(connection, sitting_id)
        start = fitting[-1] if fitting else None
    setup = stored_setup(connection, sitting_id)
    point = None if start is None or start.checkpoint.position == 0 else start.checkpoint
    game = find_game(setup.variant)
    scorer = Scorer.of(game, setup, point)
    scorer.extend(stored_hands(connection, sitting_id, setup.variant, scorer.start.position))
    counted = rubbers_stats(setup, scorer.ledger(game.column_names(setup.players)).rubbers)
    if start is None or not start.before:
        return counted
    return tuple(
        figures_from_row(row, sittings=0) + stats
        for row, stats in zip(start.before, counted, strict=True)
    )


START_VALUES: Final = ("position", "rubber", "prison", "totals", "roles", "figures", "digest")
"""A rubber start's columns its checksum covers, in order (:func:`start_values`)."""


_START_COLUMNS: Final = ", ".join(START_VALUES)


def start_values(start: Start) -> tuple[object, ...]:
    """A rubber start's values for :data:`START_VALUES`, in order, as the hands give them:
    lists where the column keeps JSON (:func:`stored_values`)."""
    point, before, digest = start
    return (
        point.position,
        point.rubber,
        point.prison,
        list(point.totals),
        None if point.roles is None else list(point.roles),
        [list(figures) for figures in before],
        digest,
    )


def stored_values(values: Iterable[object]) -> tuple[object, ...]:
    """``values`` as a row keeps them: each list as its JSON text."""
    return tuple(json.dumps(value) if isinstance(value, list) else value for value in values)


def _read_columns(connection: sqlite3.Connection) -> str:
    """What a rubber start is read with: its columns and its checksum (NULL while an
    upgrade before schema 10 fills the cache: none to check yet)."""
    checksum = "checksum" if checksums_kept(connection) else "NULL AS checksum"
    return f"{_START_COLUMNS}, {checksum}"


def _start_checksum(sitting_id: int, values: Iterable[object]) -> str:
    return row_checksum("rubber_start", sitting_id, values)


def _read_start(row: sqlite3.Row | None, game: "Game", seats: int, sitting_id: int) -> Start | None:
    """A stored rubber start, or None when there is none, its checksum does not agree or
    it does not fit the game (a row to rebuild)."""
    if row is None:
        return None
    values = [row[column] for column in START_VALUES]
    if row["checksum"] is not None and row["checksum"] != _start_checksum(sitting_id, values):
        return None
    try:
        totals = stored_numbers(row["totals"], "column totals")
    except ValueError:
        return None
    try:
        roles = stored_roles(row["roles"], game)
    except ValueError:
        return None
    numbers = (row["position"], row["rubber"], row["prison"])
    if (
        len(totals) != game.column_count
        or not all(type(n) is int for n in numbers)
        or not isinstance(row["digest"], str)
    ):
        return None
    checkpoint = Checkpoint(*numbers, totals=totals, roles=roles)
    before = stored_before(row["figures"], checkpoint, seats)
    return None if before is None else Start(checkpoint, before, row["digest"])


def _stored_start(
    connection: sqlite3.Connection, sitting_id: int, where: str, parameters: tuple[int, ...]
) -> Start | None:
    """The latest stored rubber start of the sitting that meets ``where``."""
    sitting = named_row(
        connection, "SELECT variant, players FROM sitting WHERE id = ?", (sitting_id,)
    )
    if sitting is None:
        return None
    row = named_row(
        connection,
        f"SELECT {_read_columns(connection)} FROM rubber_start WHERE sitting_id = ? "
        f"AND ({where}) "
        "ORDER BY rubber DESC LIMIT 1",
        (sitting_id, *parameters),
    )
    game = find_game(sitting["variant"])
    return _read_start(row, game, len(stored_players(sitting["players"])), sitting_id)


def start_at(connection: sqlite3.Connection, sitting_id: int, position: int) -> Start | None:
    """The stored start of the rubber the hand at ``position`` is played in (the latest at
    or before it), when the summary is fresh; else None."""
    if fresh(connection, sitting_id) is None:
        return None
    return _stored_start(connection, sitting_id, "position <= ?", (position,))


def newest_start(connection: sqlite3.Connection, sitting_id: int) -> Start | None:
    """Where the newest rubber starts, when the summary is fresh; else None."""
    if fresh(connection, sitting_id) is None:
        return None
    return _stored_start(connection, sitting_id, "1", ())


def nearest_start(
    connection: sqlite3.Connection, sitting_id: int, revision: int, hand: int, rubber: int
) -> Checkpoint | None:
    """The start of the rubber that holds hand ``hand`` (1-based), or of rubber
    ``rubber`` (the other 0), kept for the sitting's revision ``revision``; None when the
    summary is not of that revision, or the start is not kept."""
    row = connection.execute(
        "SELECT 1 FROM summary m JOIN sitting s ON s.id = m.sitting_id "
        "WHERE m.sitting_id = ? AND m.revision = s.revision AND s.revision = ?",
        (sitting_id, revision),
    ).fetchone()
    if row is None:
        return None
    start = _stored_start(connection, sitting_id, "position < ? OR rubber <= ?", (hand, rubber))
    return None if start is None else start.checkpoint


def fitting_starts(connection: sqlite3.Connection, sitting_id: int) -> list[Start]:
    """The stored rubber starts, from the first on, that fit the stored hands whatever
    revision wrote them: each one's fingerprint is that of the hands before it (reading
    the hands' text only, none of them scored). The first that does not fit, and every
    one after it, are left out."""
    sitting = named_row(
        connection, "SELECT variant, players FROM sitting WHERE id = ?", (sitting_id,)
    )
    if sitting is None:
        return []
    game = find_game(sitting["variant"])
    seats = len(stored_players(sitting["players"]))
    first = Scorer.of(game, stored_setup(connection, sitting_id)).start
    rows = connection.execute(
        f"SELECT {_read_columns(connection)} FROM rubber_start WHERE sitting_id = ? "
        "ORDER BY rubber",
        (sitting_id,),
    )
    rows.row_factory = sqlite3.Row
    texts = connection.execute(
        "SELECT data FROM hand WHERE sitting_id = ? ORDER BY position", (sitting_id,)
    )
    fitting: list[Start] = []
    read = 0
    for row in rows:
        start = _read_start(row, game, seats, sitting_id)
        if start is None:
            break
        point = start.checkpoint
        if not fitting:
            if start != Start(first, (), ""):
                break
        else:
            previous = fitting[-1].checkpoint
            if point.rubber != previous.rubber + 1 or point.position <= previous.position:
                break
            rubber = [data for (data,) in texts.fetchmany(point.position - read)]
            read += len(rubber)
            if read != point.position or fingerprint(fitting[-1].digest, rubber) != start.digest:
                break
        fitting.append(start)
    return fitting


def _latest_of(starts: list[Start]) -> Callable[[int], Start | None]:
    """The latest of ``starts`` at or before a position."""

    def latest(position: int) -> Start | None:
        return next((s for s in reversed(starts) if s.checkpoint.position <= position), None)

    return latest


def stored_before(
    data: object, checkpoint: Checkpoint, seats: int
) -> tuple[tuple[int, ...], ...] | None:
    """Stored figures before ``checkpoint``: a JSON list of each seat's row of whole
    numbers (none at the first rubber); None when they are not that (a row to rebuild)."""
    try:
        rows = json.loads(data) if isinstance(data, str) else None
    except ValueError:
        return None
    if not isinstance(rows, list) or len(rows) != (0 if checkpoint.rubber == 1 else seats):
        return None
    width = len(FIGURE_COLUMNS)
    if not all(
        isinstance(seat, list) and len(seat) == width and all(type(n) is int for n in seat)
        for seat in rows
    ):
        return None
    return tuple(tuple(seat) for seat in rows)


SCORED_VALUES: Final = (
    "hands",
    "rubbers_finished",
    "net_side",
    "net_points",
    "unresolved_prison",
    "resume_position",
    "resume_rubber",
    "resume_prison",
    "resume_totals",
    "resume_roles",
    "settlement",
    "resume_figures",
)
"""The summary's columns the hands decide, in order (:func:`scored_values`)."""


SUMMARY_VALUES: Final = ("revision", *SCORED_VALUES, "first_changed")
"""The summary's columns its checksum covers, in order: all but the sitting's id (which it
covers too) and the checksum."""


def scored_values(figures: Figures) -> tuple[object, ...]:
    """The values of :data:`SCORED_VALUES` for ``figures``, in order: lists where the column
    keeps JSON (:func:`stored_values`)."""
    point = figures.checkpoint
    return (
        figures.hands,
        figures.rubbers_finished,
        figures.net_side,
        figures.net_points,
        figures.unresolved_prison,
        point.position,
        point.rubber,
        point.prison,
        list(point.totals),
        None if point.roles is None else list(point.roles),
        None if figures.settlement is None else list(figures.settlement),
        [list(row) for row in figures.before],
    )


_FRESH: Final = (
    f"SELECT s.variant, s.players, m.checksum, {', '.join('m.' + c for c in SUMMARY_VALUES)} "
    "FROM summary m JOIN sitting s ON s.id = m.sitting_id "
    "WHERE m.sitting_id = ? AND m.revision = s.revision"
)
"""A sitting's current summary: its game, players, checksum and values (from the 4th on)."""


def _summary_checksum(sitting_id: int, values: Iterable[object]) -> str:
    return row_checksum("summary", sitting_id, values)


def agrees(sitting_id: int, checksum: object, values: Iterable[object]) -> bool:
    """Whether a stored summary, its ``checksum`` and its ``values`` (the columns of
    :data:`SUMMARY_VALUES`, in order), is as it was written."""
    return checksum == _summary_checksum(sitting_id, values)


def fresh(connection: sqlite3.Connection, sitting_id: int) -> Figures | None:
    """The cached summary if it belongs to the sitting's current revision and its checksum
    agrees, else None; also None when its checkpoint does not fit the sitting's game (a row
    to rebuild)."""
    row = named_row(
        connection,
        _FRESH,
        (sitting_id,),
    )
    if row is None:
        return None
    if not agrees(sitting_id, row["checksum"], tuple(row)[3:]):
        return None  # changed behind the app's back: scored again from the hands
    game = find_game(row["variant"])
    totals = stored_numbers(row["resume_totals"], "column totals")
    try:
        roles = stored_roles(row["resume_roles"], game)
    except ValueError:
        return None
    if len(totals) != game.column_count:
        return None
    checkpoint = Checkpoint(
        position=row["resume_position"],
        rubber=row["resume_rubber"],
        prison=row["resume_prison"],
        totals=totals,
        roles=roles,
    )
    before = stored_before(row["resume_figures"], checkpoint, len(stored_players(row["players"])))
    if before is None:
        return None
    return Figures(
        hands=row["hands"],
        rubbers_finished=row["rubbers_finished"],
        net_side=row["net_side"],
        net_points=row["net_points"],
        unresolved_prison=row["unresolved_prison"],
        checkpoint=checkpoint,
        settlement=stored_settlement(row["settlement"]),
        before=before,
        first_changed=row["first_changed"],
    )


def stored_roles(data: object, game: Game) -> RubberRoles | None:
    """Stored roles of ``game``: a JSON list of the seat holding each of its roles, or NULL
    in a game without roles (anything else is damage: ValueError)."""
    if data is None and not game.has_roles:
        return None
    seats = json.loads(data) if isinstance(data, str) else None
    if (
        not isinstance(seats, list)
        or len(seats) != len(game.role_names)
        or not all(type(seat) is int for seat in seats)
    ):
        raise ValueError(f"the roles are not {len(game.role_names)} seats: {str(data)[:60]!r}")
    return game.make_roles(seats)


def roles_text(roles: RubberRoles | None) -> str | None:
    """Roles as stored (see :func:`stored_roles`): "[2, 0]", or NULL for none."""
    return None if roles is None else json.dumps(list(roles))


def stored_settlement(data: str | None) -> tuple[int, ...] | None:
    """A stored settlement: a JSON list of whole numbers, or NULL for two sides (anything
    else is damage)."""
    return None if data is None else stored_numbers(data, "settlement")


def stored_numbers(data: str, what: str) -> tuple[int, ...]:
    """A stored JSON list of whole numbers (anything else is damage)."""
    numbers = json.loads(data)
    if not isinstance(numbers, list) or not all(type(n) is int for n in numbers):
        raise ValueError(f"the {what} is not a list of numbers: {data[:60]!r}")
    return tuple(numbers)


def carry(connection: sqlite3.Connection, sitting_id: int, figures: Figures) -> None:
    """Keep ``figures``, the summary fresh before a change that touched no hand (a dealer
    chosen), as the summary of the revision the change made: rebuilt instead, it read the
    hands' text again at the next read of the sitting."""
    _store_summary(connection, sitting_id, figures._replace(first_changed=figures.hands))


def _store_summary(connection: sqlite3.Connection, sitting_id: int, figures: Figures) -> None:
    """Write ``figures`` as the summary of the sitting's current revision."""
    revision = connection.execute(
        "SELECT revision FROM sitting WHERE id = ?", (sitting_id,)
    ).fetchone()[0]
    values = (revision, *stored_values(scored_values(figures)), figures.first_changed)
    kept = checksums_kept(connection)  # not while an upgrade before schema 10 fills it
    checked = ", checksum" if kept else ""
    connection.execute(
        f"INSERT OR REPLACE INTO summary (sitting_id, {', '.join(SUMMARY_VALUES)}{checked}) "
        f"VALUES (?, {', '.join('?' * len(SUMMARY_VALUES))}{', ?' if kept else ''})",
        (sitting_id, *values, *([_summary_checksum(sitting_id, values)] if kept else [])),
    )


def _starts_writer(connection: sqlite3.Connection, sitting_id: int) -> Callable[[Start], None]:
    """A function that writes each start given to it, in order, the first in place of
    those kept from its rubber on: one row at a time, as the starts are found."""
    checked = checksums_kept(connection)  # not while an upgrade before schema 10 fills it
    insert = (
        f"INSERT INTO rubber_start (sitting_id, {_START_COLUMNS}{', checksum' if checked else ''}) "
        f"VALUES (?, ?, ?, ?, ?, ?, ?, ?{', ?' if checked else ''})"
    )
    written = False

    def write(start: Start) -> None:
        nonlocal written
        if not written:
            connection.execute(
                "DELETE FROM rubber_start WHERE sitting_id = ? AND rubber >= ?",
                (sitting_id, start.checkpoint.rubber),
            )
            written = True
        row = stored_values(start_values(start))
        checksum = [_start_checksum(sitting_id, row)] if checked else []
        connection.execute(insert, (sitting_id, *row, *checksum))

    return write


def refresh(
    connection: sqlite3.Connection,
    sitting_id: int,
    start: Start | None = None,
    first_changed: int = 0,
) -> Figures:
    """Rebuild and store the summary and the rubber starts from ``start`` on, after a
    change whose first hand touched is at ``first_changed``; ``start`` is that hand's
    rubber's, as :func:`start_at` found it before the change (None: from the latest stored
    start that fits the stored hands, or from the first hand)."""
    figures = _scored(
        connection, sitting_id, start, first_changed, _starts_writer(connection, sitting_id)
    )
    _store_summary(connection, sitting_id, figures)
    return figures
