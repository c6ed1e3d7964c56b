"""The ledger as JSON: what ``jojotte-score score`` prints (format "jojotte-ledger").

Two players and partnerships print version 1: two sides, each rubber with its ``net``. The
games of individual players (the three-player game, the chouette, cutthroat) print version 2
(section 4 of the rulings): a column per player, each rubber with its ``settlement`` per
player (T15, C6, F6) and, in the chouette, its ``roles`` (C2).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING

from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import Ledger, RubberResult, Scorer
from jojotte_score.core.model import Rules, Sitting

if TYPE_CHECKING:
    from jojotte_score.core.games.game import Game

LEDGER_FORMAT = "jojotte-ledger"
LEDGER_VERSION = 1
COLUMN_LEDGER_VERSION = 2
"""The version of a ledger with a column per player."""

_PRISON = '{"hand": %d, "points": %d}'


# A rubber's own figures (whole numbers, null, lists of them) written as json.dumps writes
# them, without its machinery: for the 35,000 rubbers of 100,000 hands, json.dumps of each
# rubber's head took 0.25 s of the ledger's 0.49 s; written with this and f-strings, 0.11 s.
# A list of whole numbers is written by str() as JSON writes it ("[120, 40]"): in an
# f-string, {list(values)} took 2,800 instructions a rubber fewer than joining each number's
# str() (callgrind).
def _number(value: int | None) -> str:
    return "null" if value is None else str(value)


def _entries_json(rubber: RubberResult) -> str:
    """A rubber's entries as compact JSON, each written straight from the tuple the ledger
    keeps (hand, side, line, points, kind: see PlainEntry). A ledger can hold hundreds of
    thousands of entries: formatting each so is several times faster than building a dict
    for json.dumps, and an f-string some 10 % faster than a %-template (3,700 instructions
    an entry against 4,100, callgrind)."""
    return ", ".join(
        [
            f'{{"hand": {number}, "side": {side}, "line": "{line}", '
            f'"points": {points}, "kind": "{kind}"}}'
            for hand in rubber.hands
            for number, side, line, points, kind in hand.plain_entries
        ]
    )


def ledger_to_data(ledger: Ledger) -> dict[str, object]:
    """The JSON-ready ledger: sides, rubbers with their entries and prison, unresolved prison."""
    return json.loads(dumps_ledger(ledger))  # type: ignore[no-any-return]


def dumps_ledger(ledger: Ledger, indent: int | None = None) -> str:
    """The ledger as JSON text ending in a newline; compact unless ``indent`` is given.

    A pad with a column per player (the game's ``per_player``) lists the players as its
    ``sides``, an entry's ``side`` is a seat, and each rubber has its ``settlement``.
    """
    return _dumps(
        find_game(ledger.variant),
        ledger.columns,
        ledger.rules,
        ledger.rubbers,
        lambda: ledger.unresolved_prison,
        indent,
    )


def dumps_scored(sitting: Sitting, indent: int | None = None) -> str:
    """The ledger of ``sitting`` as :func:`dumps_ledger` writes it, scored and written a
    rubber at a time (:meth:`Scorer.rubbers`), so that its hands' results are never all
    alive at once: what ``score`` prints."""
    game = find_game(sitting.variant)
    scorer = Scorer.of(game, sitting)
    return _dumps(
        game,
        game.column_names(sitting.players),
        sitting.rules,
        scorer.rubbers(sitting.hands),
        lambda: scorer.prison_waiting,
        indent,
    )


def _dumps(
    game: Game,
    columns: tuple[str, ...],
    rules: Rules,
    rubbers: Iterable[RubberResult],
    unresolved_prison: Callable[[], int],
    indent: int | None,
) -> str:
    """The ledger's JSON text; ``unresolved_prison`` is asked once every rubber is written."""
    per_player = game.per_player
    head = json.dumps(
        {
            "format": LEDGER_FORMAT,
            "version": COLUMN_LEDGER_VERSION if per_player else LEDGER_VERSION,
            "sides": list(columns),
            "rules": {"game_target": rules.game_target, "rubber_bonus": rules.rubber_bonus},
        },
        ensure_ascii=False,
    )
    column_rubber = partial(_column_rubber_json, game=game)
    written = ", ".join(map(column_rubber if per_player else _rubber_json, rubbers))
    text = f'{head[:-1]}, "rubbers": [{written}], "unresolved_prison": {unresolved_prison()}}}\n'
    if indent is not None:
        return json.dumps(json.loads(text), indent=indent, ensure_ascii=False) + "\n"
    return text


def _rubber_json(rubber: RubberResult) -> str:
    net_side, net_points = rubber.net
    entries = _entries_json(rubber)
    prison = _prison_json(rubber)
    head = (
        f'{{"number": {rubber.number}, "winner": {_number(rubber.winner)}, '
        f'"totals": {list(rubber.totals)}, '
        f'"net": {{"side": {_number(net_side)}, "points": {net_points}}}, '
        f'"game_winners": {list(rubber.game_winners)}'
    )
    return f'{head}, "entries": [{entries}], "prison": [{prison}]}}'


def _column_rubber_json(rubber: RubberResult, game: Game) -> str:
    entries = _entries_json(rubber)
    prison = _prison_json(rubber)
    head = (
        f'{{"number": {rubber.number}, "winner": {_number(rubber.winner)}, '
        f'"totals": {list(rubber.totals)}, "settlement": {list(rubber.settlement)}, '
        f'"game_winners": {list(rubber.game_winners)}'
    )
    if rubber.roles is not None:  # each role's seat, as the game names them
        seats = ", ".join(
            f"{json.dumps(role)}: {seat}" for role, seat in game.role_seats(rubber.roles).items()
        )
        head += f', "roles": {{{seats}}}'
    return f'{head}, "entries": [{entries}], "prison": [{prison}]}}'


def _prison_json(rubber: RubberResult) -> str:
    """The amounts put in prison in ``rubber``, each with its hand, as JSON objects."""
    return ", ".join(
        [_PRISON % (hand.number, hand.prison_in) for hand in rubber.hands if hand.prison_in]
    )
