"""What each rubber of one sitting says about its players, the ground every record is
counted from: who sat on which side, what each column totalled, what each player settled,
who won, and each player's figures in each role of the game.

A sitting's facts are read once from its ledger (:func:`sitting_facts`); storage keeps them
beside the sitting's per-seat figures, so a decade's records are counted without replaying
a hand. Seats are those of the sitting; each seat's name is the name it counts under
(:func:`~jojotte_score.core.stats.counted_seats`), None at a seat whose name came before.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from jojotte_score.core.games import Game, find_game, replay
from jojotte_score.core.ledger import HandResult, Ledger, RubberResult, settle
from jojotte_score.core.model import GameKey, Sitting
from jojotte_score.core.stats import counted_seats


class RoleFigures(NamedTuple):
    """One seat's figures in one role over a sitting (``Game.record_roles``).

    In a role a rubber gives (the chouette's box, captain and partner), ``rubbers`` and
    ``rubbers_won`` count the finished rubbers played in it and ``net_points`` is the
    settlement of every rubber played in it (C6), the open one included; in a role a hand
    gives (the three-player game's declarer, active defender and inactive player, the
    cutthroat dealer), the rubbers are 0 and ``net_points`` is each hand's points settled
    as a rubber is (T15, F6). ``hands`` counts the hands played in the role, deals thrown in
    included, and ``hands_won`` those whose settled points came out above nothing. A named
    tuple for speed, as the hands are: a decade's history holds tens of thousands.
    """

    role: str
    seat: int
    rubbers: int = 0
    rubbers_won: int = 0
    hands: int = 0
    hands_won: int = 0
    net_points: int = 0

    def plus(self, other: RoleFigures) -> RoleFigures:
        """These figures and ``other``'s summed, under this role and seat."""
        return RoleFigures(
            self.role,
            self.seat,
            self.rubbers + other.rubbers,
            self.rubbers_won + other.rubbers_won,
            self.hands + other.hands,
            self.hands_won + other.hands_won,
            self.net_points + other.net_points,
        )


class RubberFacts(NamedTuple):
    """One rubber as the records read it.

    ``sides`` are the seats that share one result (the game's ``rubber_sides``: two
    partners, the chouette's team, else each player alone); ``totals`` is each seat's
    column total, so what two players on different sides settled between them is the
    difference of their totals (R14, T15, C6, F6); ``results`` each seat's settlement of
    the rubber (for two sides, its side's total minus the other's); ``winners`` the seats
    that won it, in order, none while it is open. A named tuple for speed (see
    :class:`RoleFigures`).
    """

    number: int
    finished: bool
    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    results: tuple[int, ...]
    winners: tuple[int, ...]

    def side_of(self, seat: int) -> int:
        """The index in :attr:`sides` of the side ``seat`` sat on."""
        for index, seats in enumerate(self.sides):
            if seat in seats:
                return index
        raise ValueError(f"seat {seat} sat on no side of rubber {self.number}")

    def between(self, seat: int, other: int) -> int:
        """What ``seat`` settled with ``other``, sitting on another side, in this rubber:
        his column's total minus the other's (positive when ``seat`` took points)."""
        return self.totals[seat] - self.totals[other]


@dataclass(frozen=True, slots=True)
class SittingFacts:
    """What one stored sitting says about its players: its id and the moment it was stored
    (the records' order), its game, each seat's counted name (None at a seat whose name an
    earlier seat has), its rubbers in order, each seat's figures in each role, and its
    stable id."""

    sitting_id: int
    created: datetime
    variant: GameKey
    names: tuple[str | None, ...]
    rubbers: tuple[RubberFacts, ...]
    roles: tuple[RoleFigures, ...] = ()
    uuid: str = ""
    """The sitting's stable id, the same on every device: what orders two sittings stored
    at the same moment alike everywhere (the ids are each device's own)."""

    @property
    def game(self) -> Game:
        """The way the sitting was played."""
        return find_game(self.variant)


def counted_names(players: Sequence[str]) -> tuple[str | None, ...]:
    """Each seat's counted name: the name without surrounding spaces, None at a seat whose
    name an earlier seat has (the statistics count that seat once)."""
    names: list[str | None] = [None] * len(players)
    for seat, name in counted_seats(players):
        names[seat] = name
    return tuple(names)


def sitting_facts(
    sitting: Sitting,
    sitting_id: int,
    created: datetime,
    ledger: Ledger | None = None,
    uuid: str = "",
) -> SittingFacts:
    """The facts of ``sitting`` (stored as ``sitting_id`` at ``created``, with the stable
    id ``uuid``), read from its ledger (replayed when not given)."""
    rubbers = (ledger or replay(sitting)).rubbers
    game = find_game(sitting.variant)
    return SittingFacts(
        sitting_id,
        created,
        game.variant,
        counted_names(sitting.players),
        tuple(rubber_facts(game, rubber) for rubber in rubbers),
        role_figures(game, rubbers),
        uuid,
    )


def rubber_facts(game: Game, rubber: RubberResult) -> RubberFacts:
    """One rubber of ``game`` as the records read it (see :class:`RubberFacts`)."""
    sides = game.rubber_sides(rubber.roles)
    columns = [game.side_of(seat) for seat in range(game.seats)]
    settlement = rubber.settlement
    winners: tuple[int, ...] = ()
    if rubber.winner is not None:
        winners = next(
            side for side in sides if any(columns[seat] == rubber.winner for seat in side)
        )
    return RubberFacts(
        rubber.number,
        rubber.finished,
        sides,
        tuple(rubber.totals[column] for column in columns),
        tuple(settlement[column] for column in columns),
        winners,
    )


def role_figures(game: Game, rubbers: Iterable[RubberResult]) -> tuple[RoleFigures, ...]:
    """Each seat's figures in each role of ``game`` over ``rubbers``, in the order of the
    game's ``record_roles``, then by seat; only the roles a seat held."""
    if not game.record_roles:
        return ()
    columns = [game.side_of(seat) for seat in range(game.seats)]
    kept: dict[tuple[str, int], RoleFigures] = {}
    order = {role: index for index, (role, _words) in enumerate(game.record_roles)}

    def count(role: str, seat: int, figures: RoleFigures) -> None:
        if role not in order:  # a role the game does not count in its records
            return
        key = (role, seat)
        kept[key] = kept.get(key, RoleFigures(role, seat)).plus(figures)

    for rubber in rubbers:
        hand_nets = [hand_settlement(result, game.column_count) for result in rubber.hands]
        if rubber.roles is not None:
            winners = rubber_facts(game, rubber).winners
            for role, seat in game.role_seats(rubber.roles).items():
                count(
                    role,
                    seat,
                    RoleFigures(
                        role,
                        seat,
                        rubbers=int(rubber.finished),
                        rubbers_won=int(seat in winners),
                        hands=len(rubber.hands),
                        hands_won=sum(net[columns[seat]] > 0 for net in hand_nets),
                        net_points=rubber.settlement[columns[seat]],
                    ),
                )
        for result, nets in zip(rubber.hands, hand_nets, strict=True):
            for role, seat in game.hand_role_seats(result.hand).items():
                net = nets[columns[seat]]
                count(role, seat, RoleFigures(role, seat, 0, 0, 1, int(net > 0), net))
    return tuple(kept[key] for key in sorted(kept, key=lambda key: (order[key[0]], key[1])))


def hand_settlement(result: HandResult, columns: int) -> tuple[int, ...]:
    """Each column's points written by one hand (above and below the line, prison, bonuses
    and copies), settled between the columns as a rubber's totals are (T15)."""
    written = [0] * columns
    for _hand, column, _line, points, _kind in result.plain_entries:
        written[column] += points
    return settle(tuple(written))


def in_order(facts: Iterable[SittingFacts]) -> list[SittingFacts]:
    """Sittings in the order they were played: by the moment stored, then by stable id
    (the same order on every device that holds them), then by id."""
    return sorted(facts, key=lambda sitting: (sitting.created, sitting.uuid, sitting.sitting_id))


def of_games(facts: Iterable[SittingFacts], games: Iterable[GameKey] | None) -> list[SittingFacts]:
    """The sittings of the games chosen (every game when ``games`` is None)."""
    if games is None:
        return list(facts)
    chosen = {str(key) for key in games}
    return [sitting for sitting in facts if str(sitting.variant) in chosen]
