"""Partnerships: every two players who played a rubber as one side (the four-player game's
partners, the chouette's captain and partner), over the sittings given.

A side's result is each partner's own (they share it): in partnerships the side's total
minus the other side's (R14), in the chouette the team's settlement, the same +d for the
captain and the partner (C6). Finished rubbers are counted as played and won; the points
count over every rubber, the open one included, and the points per rubber are those of the
finished rubbers over the rubbers finished, as the Statistics tab's average.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import RubberFacts, SittingFacts, in_order
from jojotte_score.core.stats import by_name_order


@dataclass(frozen=True, slots=True)
class SideFigures:
    """Rubbers finished and won, and points, over every rubber (``net_points``) and over the
    finished ones (``finished_net``)."""

    rubbers: int = 0
    won: int = 0
    net_points: int = 0
    finished_net: int = 0
    unfinished: int = 0

    @property
    def per_rubber(self) -> float | None:
        """The finished rubbers' points per finished rubber; None when none finished."""
        return self.finished_net / self.rubbers if self.rubbers else None

    def __add__(self, other: SideFigures) -> SideFigures:
        return SideFigures(
            self.rubbers + other.rubbers,
            self.won + other.won,
            self.net_points + other.net_points,
            self.finished_net + other.finished_net,
            self.unfinished + other.unfinished,
        )


@dataclass(frozen=True, slots=True)
class Opponents:
    """How a partnership did against one set of opponents (their names in name order)."""

    names: tuple[str, ...]
    figures: SideFigures


@dataclass(frozen=True, slots=True)
class Partnership:
    """Two players' record as one side: their names in name order, their figures together
    (:class:`SideFigures`), the same against each set of opponents they met (most rubbers
    first), and the keys of the games they were partners in."""

    players: tuple[str, str]
    figures: SideFigures
    opponents: tuple[Opponents, ...] = ()
    games: tuple[GameKey, ...] = field(default=())


def partnerships(facts: Iterable[SittingFacts]) -> tuple[Partnership, ...]:
    """Every two players who sat on one side, ordered by their names."""
    return named_partnerships(
        (sitting.names, sitting.variant, side_figures(sitting.rubbers))
        for sitting in in_order(facts)
    )


SeatSides = dict[tuple[int, ...], SideFigures]
"""Each side of two seats or more's figures over one sitting (:func:`side_figures`)."""


def side_figures(rubbers: Iterable[RubberFacts]) -> SeatSides:
    """The figures of each side of two seats or more over a sitting's ``rubbers``, by its
    seats, whatever their names (what storage keeps of a sitting, its names read with it):
    the side's result is each of its seats' own (R14, C6)."""
    sides: SeatSides = {}
    for rubber in rubbers:
        for side in rubber.sides:
            if len(side) < 2:
                continue
            result = rubber.results[side[0]]
            figures = SideFigures(
                int(rubber.finished),
                int(rubber.finished and side[0] in rubber.winners),
                result,
                result if rubber.finished else 0,
                int(not rubber.finished),
            )
            sides[side] = sides.get(side, SideFigures()) + figures
    return sides


def named_partnerships(
    sittings: Iterable[tuple[Sequence[str | None], GameKey, SeatSides]],
) -> tuple[Partnership, ...]:
    """Every two players who sat on one side, ordered by their names, from each sitting's
    counted names, game and :func:`side_figures` (the sittings in the order played)."""
    together: dict[tuple[str, str], SideFigures] = {}
    against: dict[tuple[str, str], dict[tuple[str, ...], SideFigures]] = {}
    games: dict[tuple[str, str], dict[GameKey, None]] = {}
    for names, variant, sides in sittings:
        for side, figures in sides.items():
            counted = [seat for seat in side if names[seat] is not None]
            if len(counted) < 2:
                continue
            opponents = tuple(
                by_name_order(
                    name for seat, name in enumerate(names) if name is not None and seat not in side
                )
            )
            for first, second in combinations(counted, 2):
                pair = _pair(names[first], names[second])
                together[pair] = together.get(pair, SideFigures()) + figures
                by_opponents = against.setdefault(pair, {})
                by_opponents[opponents] = by_opponents.get(opponents, SideFigures()) + figures
                games.setdefault(pair, {}).setdefault(variant, None)
    order = {
        name: index for index, name in enumerate(by_name_order({n for p in together for n in p}))
    }
    return tuple(
        Partnership(
            pair,
            together[pair],
            tuple(
                Opponents(names, figures)
                for names, figures in sorted(
                    against[pair].items(),
                    key=lambda item: (-item[1].rubbers, [n.casefold() for n in item[0]], item[0]),
                )
            ),
            tuple(games[pair]),
        )
        for pair in sorted(together, key=lambda p: (order[p[0]], order[p[1]]))
    )


def _pair(first: str | None, second: str | None) -> tuple[str, str]:
    """Two counted names in name order."""
    assert first is not None
    assert second is not None
    one, two = by_name_order((first, second))
    return (one, two)
