"""The five ways to play, one value each, found by name: the registry.

Each game is a :class:`~jojotte_score.core.games.game.Game` in a module of its own
(python-chess's ``variant.py`` shape): :data:`GAMES` holds one of each, in the order the
program offers them, and :func:`find_game` finds one by its file value, its
:class:`~jojotte_score.core.model.Variant` or another of its names.
"""

from __future__ import annotations

from jojotte_score.core.games.chouette import Chouette
from jojotte_score.core.games.cutthroat import Cutthroat
from jojotte_score.core.games.game import Game
from jojotte_score.core.games.partnership import Partnership
from jojotte_score.core.games.three_player import ThreePlayer
from jojotte_score.core.games.two_player import TwoPlayer
from jojotte_score.core.model import Variant

__all__ = ["GAMES", "Game", "find_game"]

GAMES: tuple[Game, ...] = (TwoPlayer(), Partnership(), ThreePlayer(), Chouette(), Cutthroat())
"""Every way to play, in the order the program offers them."""

_BY_VARIANT: dict[Variant, Game] = {game.variant: game for game in GAMES}
_BY_NAME: dict[str, Game] = {
    name.casefold(): game for game in GAMES for name in (game.variant.value, *game.names)
}


def find_game(name: Variant | str) -> Game:
    """The game of a :class:`~jojotte_score.core.model.Variant`, or named ``name`` (its file
    value or another of its names, in any case); ValueError for an unknown name."""
    if isinstance(name, Variant):
        return _BY_VARIANT[name]
    try:
        return _BY_NAME[name.casefold()]
    except KeyError:
        raise ValueError(f"no way to play is called {name!r}") from None
