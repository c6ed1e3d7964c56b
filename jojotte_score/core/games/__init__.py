"""The five ways to play, one value each, found by name: the registry.

Each game is a :class:`~jojotte_score.core.games.game.Game` in a module of its own
(python-chess's ``variant.py`` shape), which holds it as ``GAME``. :func:`find_game` finds
one by its :class:`~jojotte_score.core.model.Variant`, its file value or another of its
names; :func:`all_games` gives every one, in the order the program offers them.

A game's module is imported when the game is first asked for: a window showing a
two-player sitting loads the two-player game's module only (the window's start-up has a
module budget, tests/gui/window/test_startup.py; all five cost it four modules more).
"""

from __future__ import annotations

import importlib
from functools import cache

from jojotte_score.core.games.game import Game
from jojotte_score.core.model import Variant

__all__ = ["Game", "all_games", "find_game", "first_game"]

_MODULES: dict[Variant, str] = {
    Variant.TWO_PLAYER: "two_player",
    Variant.PARTNERSHIP: "partnership",
    Variant.THREE_PLAYER: "three_player",
    Variant.CHOUETTE: "chouette",
    Variant.CUTTHROAT: "cutthroat",
}
"""Where each game lives: the module of this package that holds it as ``GAME``."""


@cache
def _game(variant: Variant) -> Game:
    module = importlib.import_module(f"{__name__}.{_MODULES[variant]}")
    game = module.GAME
    assert isinstance(game, Game)
    assert game.variant is variant
    return game


@cache
def all_games() -> tuple[Game, ...]:
    """Every way to play, in the order the program offers them."""
    return tuple(_game(variant) for variant in _MODULES)


def first_game() -> Game:
    """The game the program offers first (two players): what a form shows before any
    sitting is open. Only its module is imported."""
    return _game(next(iter(_MODULES)))


def find_game(name: Variant | str) -> Game:
    """The game of a :class:`~jojotte_score.core.model.Variant`, or named ``name`` (its file
    value or another of its names, in any case); ValueError for an unknown name."""
    if isinstance(name, Variant):
        return _game(name)
    wanted = name.casefold()
    for variant in _MODULES:
        if wanted == variant.value:
            return _game(variant)
    for game in all_games():
        if wanted in (other.casefold() for other in game.names):
            return game
    raise ValueError(f"no way to play is called {name!r}")
