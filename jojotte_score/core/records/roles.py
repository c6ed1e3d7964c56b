"""Roles: each player's figures in each role of each game that has them, over the sittings
given: in the chouette in the box, as captain and as partner (by the rubber, C2); in the
three-player game as declarer, active defender and inactive player, in cutthroat as those
and as dealer (by the hand, T3, F2). Each game says its roles (``Game.record_roles``) and
who held them (``Game.role_seats``, ``Game.hand_role_seats``); see
:class:`~.facts.RoleFigures` for what each figure counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from jojotte_score.core.games import all_games, find_game
from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import RoleFigures, SittingFacts
from jojotte_score.core.stats import by_name_order


@dataclass(frozen=True, slots=True)
class RoleRecord:
    """One player's figures in one role of one game, summed over the sittings: the role's
    key and its name in words (untranslated, ``N_``), and the figures (see
    :class:`~.facts.RoleFigures`; their seat is meaningless here and left 0)."""

    player: str
    variant: GameKey
    role: str
    words: str
    figures: RoleFigures

    @property
    def per_rubber(self) -> float | None:
        """Points per finished rubber in a role held for whole rubbers; None otherwise."""
        return self.figures.net_points / self.figures.rubbers if self.figures.rubbers else None

    @property
    def per_hand(self) -> float | None:
        """Points per hand in the role; None without a hand."""
        return self.figures.net_points / self.figures.hands if self.figures.hands else None


def role_records(facts: Iterable[SittingFacts]) -> tuple[RoleRecord, ...]:
    """Every player's figures in every role he held, by name, then by game in the
    registry's order, then by role in the game's order."""
    return named_role_records((sitting.names, sitting.variant, sitting.roles) for sitting in facts)


def named_role_records(
    sittings: Iterable[tuple[Sequence[str | None], GameKey, Iterable[RoleFigures]]],
) -> tuple[RoleRecord, ...]:
    """As :func:`role_records`, from each sitting's counted names, game and roles' figures
    by seat."""
    kept: dict[tuple[str, str, str], RoleFigures] = {}
    for names, variant, roles in sittings:
        for figures in roles:
            name = names[figures.seat]
            if name is None:
                continue
            key = (name, str(variant), figures.role)
            kept[key] = kept.get(key, RoleFigures(figures.role, 0)).plus(figures)
    game_order = {str(game.variant): index for index, game in enumerate(all_games())}
    name_order = {name: index for index, name in enumerate(by_name_order({k[0] for k in kept}))}
    records = []
    for (name, variant, role), figures in kept.items():
        game = find_game(variant)
        records.append(RoleRecord(name, game.variant, role, dict(game.record_roles)[role], figures))
    return tuple(
        sorted(
            records,
            key=lambda record: (
                name_order[record.player],
                game_order.get(str(record.variant), len(game_order)),
                [role for role, _words in find_game(record.variant).record_roles].index(
                    record.role
                ),
            ),
        )
    )
