"""What the shared rules need to know of a way to play, as a type: :class:`GameFacts`.

The shared rules (the model, scoring, the ledger, validation, the explanation) sit below
the games: a game's module imports them, never the reverse. Where a shared rule needs a
game's fact or behaviour (its seats, its columns, what scores a hand, how its roles turn),
its caller hands it the game, found in the registry (:func:`~jojotte_score.core.games.find_game`),
and the rule reads it through this protocol. Every
:class:`~jojotte_score.core.games.game.Game` is one; so is any value with these members.

The shared rules import it for the type checker only, so it costs the window's start-up
nothing; a game's rules that widen it (the chouette's ``ChouetteGame``) import it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from jojotte_score.core.model import GameKey, RubberRoles, Rules
from jojotte_score.core.scoring import HandScore


class HandFacts(Protocol):
    """What checking one hand side against side needs of its game (R1-R9, T16)."""

    @property
    def seats(self) -> int:
        """How many players sit at the table."""

    @property
    def per_player(self) -> bool:
        """Whether the pad has a column per player rather than per side."""

    @property
    def tricks_per_hand(self) -> int:
        """The tricks of a hand."""

    @property
    def all_cards_played(self) -> bool:
        """Whether all 32 cards are played, so that the card points add up to the deck."""


class GameFacts(HandFacts, Protocol):
    """What the shared rules read of a way to play: its key, its table and columns, its
    hands, what scores a hand and how its roles turn from rubber to rubber."""

    @property
    def variant(self) -> GameKey:
        """The game's key, as files and the database write it."""

    @property
    def value(self) -> str:
        """The game's key as a plain string."""

    @property
    def column_count(self) -> int:
        """How many columns the pad has."""

    @property
    def has_roles(self) -> bool:
        """Whether the players' roles change from rubber to rubber."""

    @property
    def standard_rules(self) -> Rules:
        """The game's own game target and rubber bonus."""

    @property
    def side_people(self) -> int:
        """How many people each column's side is (two in partnerships)."""

    @property
    def dealer_sits_out(self) -> bool:
        """Whether the dealer sits out the hand he deals."""

    def players_problem(self, count: int) -> str:
        """The problem of a sitting of ``count`` players, in the language spoken now."""

    def side_names(self, players: Sequence[str]) -> tuple[str, str]:
        """The names of side 0 and side 1."""

    def column_names(self, players: Sequence[str]) -> tuple[str, ...]:
        """The pad's column headings."""

    def first_roles(self, recorded: RubberRoles | None) -> RubberRoles | None:
        """The first rubber's roles, from those recorded; None in a game without roles."""

    def roles_after(self, roles: RubberRoles, winner: int) -> RubberRoles:
        """The roles of the rubber after one that column ``winner`` won."""

    def hand_scorer(self, roles: RubberRoles | None) -> Callable[[Any, int], HandScore]:
        """What scores hand ``number`` of a rubber played with ``roles``, column by column."""
