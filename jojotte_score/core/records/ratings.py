"""A rating per player, updated after every finished rubber, with its uncertainty.

The mathematics is openskill's (the Weng-Lin Bayesian rating, its Plackett-Luce model with
its own defaults: a newcomer at 25 ± 25/3), not ours: it rates teams and games of several
players alike, its formulas follow a published and reviewed paper, and the library is kept
and tested by others (docs/records.md says more). What is ours is what a rubber is in its
terms:

- each side of the rubber (the game's ``rubber_sides``) is a team: partners, and the
  chouette's captain and partner, share one result; in the games of individual players each
  player is a team of one, a free-for-all;
- the order of the teams is their settlement of the rubber, the most points first (for two
  sides the one side's total minus the other's, R14; T15, C6, F6 for the others); equal
  settlements are a tie.

Only finished rubbers are rated, in the order played (sittings by the moment stored, then
by stable id, so alike on every device; rubbers in order). A seat whose name an earlier
seat of the sitting has is left out, as the statistics leave it out; a rubber with fewer
than two sides left is not rated.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import SittingFacts, in_order

if TYPE_CHECKING:
    from openskill.models import PlackettLuce, PlackettLuceRating


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating: the skill openskill believes in (``mu``), its uncertainty
    (``sigma``), and how many rubbers it rests on."""

    player: str
    mu: float
    sigma: float
    rubbers: int

    @property
    def ordinal(self) -> float:
        """The rating players are ranked by: three uncertainties below the skill, so a
        newcomer starts at 0 and climbs as the rating grows surer."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class RatingStep:
    """A player's rating after one rubber: where (the sitting, stored at ``created``, and
    the rubber's number) and the rating then."""

    sitting_id: int
    created: datetime
    variant: GameKey
    rubber: int
    rating: Rating


@dataclass(frozen=True, slots=True)
class Ratings:
    """Every rated player's rating now, the highest :attr:`Rating.ordinal` first, and its
    course: each player's rating after each rubber he played, in the order played."""

    players: tuple[Rating, ...]
    course: tuple[RatingStep, ...]

    def of(self, player: str) -> Rating | None:
        """The rating of ``player`` now; None when he was never rated."""
        return next((rating for rating in self.players if rating.player == player), None)

    def course_of(self, player: str) -> tuple[RatingStep, ...]:
        """The rating of ``player`` after each rubber he played, in the order played."""
        return tuple(step for step in self.course if step.rating.player == player)


def rating_model() -> PlackettLuce:
    """The rating model: openskill's Plackett-Luce with its defaults."""
    from openskill.models import PlackettLuce  # only when ratings are asked for

    return PlackettLuce()


def rate(facts: Iterable[SittingFacts]) -> Ratings:
    """The ratings of every player of ``facts``, rubber by rubber (see the module)."""
    model = rating_model()
    current: dict[str, PlackettLuceRating] = {}
    counts: dict[str, int] = {}
    course: list[RatingStep] = []
    for sitting in in_order(facts):
        names = sitting.names
        for rubber in sitting.rubbers:
            if not rubber.finished:
                continue
            sides = [
                [name for seat in side if (name := names[seat]) is not None]
                for side in rubber.sides
            ]
            played = [
                (side, rubber.results[seats[0]])
                for side, seats in zip(sides, rubber.sides, strict=True)
                if side
            ]
            if len(played) < 2:
                continue
            teams = [
                [current.get(name) or model.rating(name=name) for name in side]
                for side, _result in played
            ]
            rated = model.rate(teams, scores=[float(result) for _side, result in played])
            for (side, _result), team in zip(played, rated, strict=True):
                for name, rating in zip(side, team, strict=True):
                    current[name] = rating
                    counts[name] = counts.get(name, 0) + 1
                    course.append(
                        RatingStep(
                            sitting.sitting_id,
                            sitting.created,
                            sitting.variant,
                            rubber.number,
                            Rating(name, rating.mu, rating.sigma, counts[name]),
                        )
                    )
    players = sorted(
        (Rating(name, rating.mu, rating.sigma, counts[name]) for name, rating in current.items()),
        key=lambda rating: (-rating.ordinal, rating.player.casefold(), rating.player),
    )
    return Ratings(tuple(players), tuple(course))
