"""The ways to play, one value each, found by key: the registry.

Each game is a :class:`~jojotte_score.core.games.game.Game` in a module of its own
(python-chess's ``variant.py`` shape), which holds it as ``GAME``. :func:`find_game` finds
one by its key (the value a sitting file and the database write, such as a
:class:`~jojotte_score.core.model.Variant`) or another of its names; :func:`all_games`
gives every one, in the order the program offers them. A game is known by the registry
alone: nothing else lists the games, so :func:`register_game` adds one (a test's sixth way
to play) that every part of the program then offers, scores, stores and prints.

The registry stands above the games and the shared rules below them (the model, the
ledger, validation, the explanation), which import no game: a caller that holds a sitting
or a ledger asks here for its game and hands it down. For what every caller does with a
sitting, the registry does so itself: :func:`new_sitting` makes one under its game's
standard rules, :func:`replay` scores it, :func:`check_sitting` checks it and
:func:`explain_ledger` explains its pad, each by the sitting's own game.

A game's module is imported when the game is first asked for: a window showing a
two-player sitting loads the two-player game's module only (the window's start-up has a
module budget, tests/gui/window/test_startup.py; all five cost it four modules more).
"""

from __future__ import annotations

import importlib

from jojotte_score.core.errors import Problem
from jojotte_score.core.explanation import explain_results
from jojotte_score.core.games.game import Game
from jojotte_score.core.ledger import Checkpoint, Ledger, replay_by
from jojotte_score.core.model import AnyHand, GameKey, RubberRoles, Rules, Sitting, Variant

__all__ = [
    "Game",
    "all_games",
    "check_sitting",
    "explain_ledger",
    "find_game",
    "first_game",
    "new_sitting",
    "register_game",
    "replay",
    "unregister_game",
]

_MODULES: dict[GameKey, str] = {
    Variant.TWO_PLAYER: "two_player",
    Variant.PARTNERSHIP: "partnership",
    Variant.THREE_PLAYER: "three_player",
    Variant.CHOUETTE: "chouette",
    Variant.CUTTHROAT: "cutthroat",
}
"""Where each game the program ships lives: the module of this package that holds it as
``GAME``."""

_games: dict[GameKey, Game] = {}
"""Every game asked for so far, and every game registered, by key."""

_registered: list[GameKey] = []
"""The keys of the games :func:`register_game` added, in the order they were added."""


def _game(key: GameKey) -> Game | None:
    """The game whose key is ``key``, its module imported the first time; None for none."""
    game = _games.get(key)
    if game is not None or key not in _MODULES:
        return game
    module = importlib.import_module(f"{__name__}.{_MODULES[key]}")
    game = module.GAME
    assert isinstance(game, Game)
    assert game.variant == key
    _games[key] = game
    return game


def all_games() -> tuple[Game, ...]:
    """Every way to play, in the order the program offers them: the games it ships, then
    those registered."""
    return tuple(_known(key) for key in (*_MODULES, *_registered))


def _known(key: GameKey) -> Game:
    game = _game(key)
    assert game is not None
    return game


def first_game() -> Game:
    """The game the program offers first (two players): what a form shows before any
    sitting is open. Only its module is imported."""
    return _known(next(iter(_MODULES)))


def find_game(name: str) -> Game:
    """The game whose key is ``name`` (a :class:`~jojotte_score.core.model.Variant` or the
    key of a registered game), or named ``name`` (its key or another of its names, in any
    case); ValueError for an unknown name."""
    game = _game(name)
    if game is not None:
        return game
    wanted = name.casefold()
    for game in all_games():
        if wanted == game.value or wanted in (other.casefold() for other in game.names):
            return game
    raise ValueError(f"no way to play is called {name!r}")


def register_game(game: Game) -> None:
    """Add ``game`` to the ways to play, after those the program ships, under its key
    (``game.variant``); ValueError when a game already has that key."""
    key = game.variant
    if key in _MODULES or key in _registered:
        raise ValueError(f"a way to play is already called {key!r}")
    _games[key] = game
    _registered.append(key)


def unregister_game(key: GameKey) -> None:
    """Take away the game :func:`register_game` added under ``key`` (a test's, when it is
    done); ValueError for a game the program ships or one not registered."""
    if key not in _registered:
        raise ValueError(f"no registered way to play is called {key!r}")
    _registered.remove(key)
    del _games[key]


# A sitting's own game, applied ---------------------------------------------------------------


def new_sitting(
    variant: GameKey,
    players: tuple[str, ...],
    hands: tuple[AnyHand, ...] = (),
    rules: Rules | None = None,
    roles: RubberRoles | None = None,
) -> Sitting:
    """A sitting of the game whose key is ``variant``, under ``rules`` or else the game's
    standard rules (game at 80, 125 in partnerships; rubber 300)."""
    standard = find_game(variant).standard_rules if rules is None else rules
    return Sitting(variant, players, hands, standard, roles)


def replay(sitting: Sitting, start: Checkpoint | None = None) -> Ledger:
    """Score the hands of ``sitting`` by its game, from its first hand or from ``start``
    (then ``sitting.hands`` are the hands from there on), and return its pad
    (:func:`~jojotte_score.core.ledger.replay_by`)."""
    return replay_by(find_game(sitting.variant), sitting, start)


def check_sitting(sitting: Sitting, start: Checkpoint | None = None) -> list[Problem]:
    """Every problem with ``sitting``, hands numbered from 1 in order (with ``start``, the
    hands from that checkpoint on): its game's checks (:meth:`Game.check`)."""
    return find_game(sitting.variant).check(sitting, start)


def explain_ledger(ledger: Ledger, hand: int | None = None) -> str:
    """The explanations of every hand (or of hand ``hand`` only) of ``ledger``, each by its
    game's rulings (:meth:`Game.explain_hand`), separated by blank lines."""
    return explain_results(ledger, find_game(ledger.variant).explain_hand, hand)
