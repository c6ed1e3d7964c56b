"""The ``summary`` table: figures derived from a sitting's hands, cached for speed.

A summary row is never a source of truth. It belongs to one revision of its sitting and is
rebuilt whenever that revision has moved on, so a stale or missing row only costs time.
Besides the figures the list of sittings shows, it keeps a :class:`Checkpoint`: the latest
rubber start with at least :data:`RECENT_HANDS` hands after it. The window scores only the
hands from there to show the pad as it stands (the newest rubber is always among them),
and recording the next hand re-scores from there instead of from hand 1. Every game has
one: it holds each column's totals over the earlier rubbers and, in the chouette, the
rubber's roles, so the two sides' net (R14) and each player's settlement (T15) are known
from it; and each seat's figures for the statistics over the rubbers before it (schema 6),
so a sitting's figures are scored from there too (:func:`seat_figures`).
"""

import json
import sqlite3
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final, NamedTuple

from jojotte_score.core.ledger import START, Checkpoint, Ledger, Scorer
from jojotte_score.core.model import AnyHand, ChouetteRoles, Rules, Sitting, Variant
from jojotte_score.formats.sitting_file import hand_from_data, seat_hand_from_data
from jojotte_score.i18n import _
from jojotte_score.storage.errors import SittingNotFoundError
from jojotte_score.storage.figure_rows import FIGURE_COLUMNS, figures_from_row, figures_row
from jojotte_score.storage.rows import named_row

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


def figures_of(
    ledger: Ledger,
    checkpoint: Checkpoint,
    setup: Sitting,
    before: tuple[tuple[int, ...], ...] = (),
) -> Figures:
    """The summary of a pad scored from ``ledger.start`` (any checkpoint, or the start),
    ``before`` being each seat's figures over the rubbers before ``ledger.start`` and
    ``setup`` the sitting's variant and players."""
    per_player = ledger.game.per_player
    net_side, net_points = (None, 0) if per_player else ledger.net
    earlier = [rubber for rubber in ledger.rubbers if rubber.number < checkpoint.rubber]
    if earlier:
        from jojotte_score.core.stats import rubbers_stats  # see the imports above

        before = added(before, rubbers_stats(setup, earlier))
    return Figures(
        ledger.hand_count,
        ledger.rubbers_finished,
        net_side,
        net_points,
        ledger.unresolved_prison,
        checkpoint,
        ledger.settlement if per_player else None,
        before,
    )


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


def stored_hands(
    connection: sqlite3.Connection, sitting_id: int, variant: Variant, start: int = 0
) -> Iterator[AnyHand]:
    """The sitting's hands from position ``start`` on, in order, each the game's kind of
    hand (side against side, or by seat)."""
    read = seat_hand_from_data if variant.game.by_seat else hand_from_data
    for position, data in connection.execute(
        "SELECT position, data FROM hand WHERE sitting_id = ? AND position >= ? ORDER BY position",
        (sitting_id, start),
    ):
        # Every stored hand passed the game's checks when it was written (SittingStore._check).
        yield read(json.loads(data), position + 1, variant, checked=False)


def stored_setup(connection: sqlite3.Connection, sitting_id: int) -> Sitting:
    """The recorded sitting without its hands: variant, players, rules, chouette roles."""
    row = named_row(
        connection,
        "SELECT variant, players, game_target, rubber_bonus, chouette_box, chouette_captain "
        "FROM sitting WHERE id = ?",
        (sitting_id,),
    )
    if row is None:
        raise SittingNotFoundError(_("there is no sitting {id}").format(id=sitting_id))
    variant = Variant(row["variant"])
    players = stored_players(row["players"])
    rules = Rules(row["game_target"], row["rubber_bonus"])
    roles = None
    if variant.game.has_roles:
        box, captain = row["chouette_box"], row["chouette_captain"]
        if not isinstance(box, int) or not isinstance(captain, int):
            raise ValueError("the chouette's first box and captain are not recorded")
        roles = ChouetteRoles(box, captain)
    return Sitting(variant, players, (), rules, chouette=roles)


def stored_sitting(connection: sqlite3.Connection, sitting_id: int) -> Sitting:
    """The whole recorded sitting: its variant, players, rules, chouette roles and hands."""
    setup = stored_setup(connection, sitting_id)
    hands = tuple(stored_hands(connection, sitting_id, setup.variant))
    return Sitting(setup.variant, setup.players, hands, setup.rules, setup.chouette)


def stored_players(data: str) -> tuple[str, ...]:
    """The stored players: a JSON list of names (anything else is damage)."""
    players = json.loads(data)
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise ValueError(f"the players are not a list of names: {data[:60]!r}")
    return tuple(players)


def compute(
    connection: sqlite3.Connection, sitting_id: int, checkpoint: Checkpoint = START
) -> Figures:
    """Derive the summary by scoring the stored hands from ``checkpoint`` (default: all).
    A checkpoint other than the start is the one the stored summary row holds (see
    :func:`checkpoint_for_change`), which also holds the statistics' figures before it;
    should the row hold another, every hand is scored."""
    before: tuple[tuple[int, ...], ...] = ()
    if checkpoint != START:
        kept = _kept_before(connection, sitting_id, checkpoint)
        checkpoint, before = (START, ()) if kept is None else (checkpoint, kept)
    setup = stored_setup(connection, sitting_id)
    scorer = _scored(connection, sitting_id, setup, checkpoint)
    return figures_of(scorer.ledger(setup.columns), scorer.checkpoint(RECENT_HANDS), setup, before)


def seat_figures(
    connection: sqlite3.Connection, sitting_id: int, figures: Figures
) -> "tuple[PlayerStats, ...]":
    """Each seat's figures for the statistics in the stored sitting whose summary is
    ``figures``: those kept for the rubbers before its checkpoint plus those of the hands
    from there on, scored (the same figures a replay from hand 1 gives)."""
    from jojotte_score.core.stats import rubbers_stats  # see the imports above

    setup = stored_setup(connection, sitting_id)
    scorer = _scored(connection, sitting_id, setup, figures.checkpoint)
    counted = rubbers_stats(setup, scorer.ledger(setup.columns).rubbers)
    if not figures.before:
        return counted
    return tuple(
        figures_from_row(row, sittings=0) + stats
        for row, stats in zip(figures.before, counted, strict=True)
    )


def _scored(
    connection: sqlite3.Connection, sitting_id: int, setup: Sitting, checkpoint: Checkpoint
) -> Scorer:
    """The stored hands from ``checkpoint`` on, scored."""
    scorer = Scorer.of(setup, None if checkpoint == START else checkpoint)
    scorer.extend(stored_hands(connection, sitting_id, setup.variant, checkpoint.position))
    return scorer


def _kept_before(
    connection: sqlite3.Connection, sitting_id: int, checkpoint: Checkpoint
) -> tuple[tuple[int, ...], ...] | None:
    """The figures the stored summary row (of any revision) keeps for the rubbers before
    ``checkpoint``, when that is the row's checkpoint and they are whole; else None."""
    row = named_row(
        connection,
        "SELECT m.resume_position, m.resume_rubber, m.resume_figures, s.players "
        "FROM summary m JOIN sitting s ON s.id = m.sitting_id WHERE m.sitting_id = ?",
        (sitting_id,),
    )
    if row is None or (row["resume_position"], row["resume_rubber"]) != checkpoint[:2]:
        return None
    return stored_before(row["resume_figures"], checkpoint, len(stored_players(row["players"])))


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


def fresh(connection: sqlite3.Connection, sitting_id: int) -> Figures | None:
    """The cached summary if it belongs to the sitting's current revision, else None; also
    None when its checkpoint does not fit the sitting's game (a row to rebuild)."""
    row = named_row(
        connection,
        "SELECT s.variant, m.hands, m.rubbers_finished, m.net_side, m.net_points, "
        "m.unresolved_prison, m.resume_position, m.resume_rubber, m.resume_prison, "
        "m.resume_totals, m.resume_box, m.resume_captain, m.settlement, m.resume_figures, "
        "s.players "
        "FROM summary m JOIN sitting s ON s.id = m.sitting_id "
        "WHERE m.sitting_id = ? AND m.revision = s.revision",
        (sitting_id,),
    )
    if row is None:
        return None
    game = Variant(row["variant"]).game
    totals = stored_numbers(row["resume_totals"], "column totals")
    box, captain = row["resume_box"], row["resume_captain"]
    roles = None if box is None or captain is None else ChouetteRoles(box, captain)
    if len(totals) != game.column_count or (roles is None) == game.has_roles:
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
    )


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


def store(connection: sqlite3.Connection, sitting_id: int, figures: Figures) -> None:
    """Write ``figures`` as the summary of the sitting's current revision."""
    roles = figures.checkpoint.roles
    connection.execute(
        "INSERT OR REPLACE INTO summary (sitting_id, revision, hands, rubbers_finished, "
        "net_side, net_points, unresolved_prison, resume_position, resume_rubber, "
        "resume_prison, resume_totals, resume_box, resume_captain, settlement, "
        "resume_figures) "
        "SELECT id, revision, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM sitting WHERE id = ?",
        (
            figures.hands,
            figures.rubbers_finished,
            figures.net_side,
            figures.net_points,
            figures.unresolved_prison,
            figures.checkpoint.position,
            figures.checkpoint.rubber,
            figures.checkpoint.prison,
            json.dumps(list(figures.checkpoint.totals)),
            None if roles is None else roles.box,
            None if roles is None else roles.captain,
            None if figures.settlement is None else json.dumps(list(figures.settlement)),
            json.dumps([list(row) for row in figures.before]),
            sitting_id,
        ),
    )


def refresh(
    connection: sqlite3.Connection, sitting_id: int, checkpoint: Checkpoint = START
) -> Figures:
    """Rebuild and store the summary, scoring from ``checkpoint`` (see
    :func:`checkpoint_for_change`)."""
    figures = compute(connection, sitting_id, checkpoint)
    store(connection, sitting_id, figures)
    return figures


def checkpoint_for_change(
    connection: sqlite3.Connection, sitting_id: int, position: int, count_after: int
) -> Checkpoint:
    """Where to re-score from after a change at ``position`` that leaves ``count_after``
    hands: the cached checkpoint when it is fresh, before the change, and still leaves
    :data:`RECENT_HANDS` hands after it (so the result is the one a replay from hand 1
    finds); else the start. Call it before making the change."""
    cached = fresh(connection, sitting_id)
    if cached is None:
        return START
    point = cached.checkpoint
    if point.position > position or point.position > count_after - RECENT_HANDS:
        return START
    return point
