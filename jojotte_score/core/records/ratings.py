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

import hashlib
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple

from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import SittingFacts, in_order

if TYPE_CHECKING:
    from openskill.models import PlackettLuce


class Rating(NamedTuple):
    """A player's rating: the skill openskill believes in (``mu``), its uncertainty
    (``sigma``), and how many rubbers it rests on. A named tuple for speed, as the rubbers'
    facts are: see :class:`RatingStep`."""

    player: str
    mu: float
    sigma: float
    rubbers: int

    @property
    def ordinal(self) -> float:
        """The rating players are ranked by: three uncertainties below the skill, so a
        newcomer starts at 0 and climbs as the rating grows surer."""
        return self.mu - 3 * self.sigma


class RatingStep(NamedTuple):
    """A player's rating after one rubber: where (the sitting, stored at ``created``, and
    the rubber's number) and the rating then. A named tuple for speed: a decade's course
    holds 21,000 steps, each made anew when the stored course is read (the Ratings page's
    first show): 97 ms as frozen dataclasses, 40 ms as named tuples, on a loaded machine."""

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
    return RatingKeeper().rate(facts)


@dataclass(frozen=True, slots=True)
class RatedSitting:
    """What the ratings kept of one sitting, as storage keeps it: the sitting, its
    :func:`sitting_mark` (a running checksum over every sitting rated up to it) and the steps
    its rubbers made. Where the marks of a stored course agree with the sittings read, the
    course before the first that differs stands and is not rated again."""

    sitting_id: int
    mark: str
    steps: tuple[RatingStep, ...]


def sitting_mark(before: str, sitting: SittingFacts) -> str:
    """The running checksum of the rated history after ``sitting``, from ``before`` (the
    mark of the sitting before it, "" for the first): over its place in the order, its
    game, its counted names and its finished rubbers' sides and results, all a rating
    rests on."""
    rated = [
        (rubber.number, rubber.sides, rubber.results)
        for rubber in sitting.rubbers
        if rubber.finished
    ]
    text = repr(
        (
            before,
            sitting.sitting_id,
            sitting.uuid,
            sitting.created.isoformat(),
            str(sitting.variant),
            sitting.names,
            rated,
        )
    )
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class RatingKeeper:
    """Rates a history again and again (an open Records tab, after each recorded hand),
    keeping every player's rating after each sitting in order: a later call rates only the
    sittings from the first one that changed (a hand recorded in the newest sitting: that
    sitting alone), from the ratings kept before it. A stored course
    (:meth:`rate` with ``stored``, :meth:`rated` to store one) serves the same way for the
    first call.

    Each finished rubber is one call of openskill (about 0.15 ms here): a decade's 20,000
    rubbers take seconds to rate from the start, the newest sitting's a few milliseconds.
    """

    def __init__(self) -> None:
        self._model: PlackettLuce | None = None
        self._kept: list[_AfterSitting] = []
        self._last: Ratings | None = None
        self._made: list[tuple[RatingStep, ...]] = []
        self._rated: list[RatedSitting] = []

    def rate(self, facts: Iterable[SittingFacts], stored: Sequence[RatedSitting] = ()) -> Ratings:
        """As :func:`rate`, rating again only the sittings from the first that changed since
        the last call. With nothing kept yet, the ``stored`` course (:meth:`rated` of an
        earlier keeper) stands for every sitting up to the first whose mark differs. When
        the sittings rated again made the same steps as before (a hand recorded that
        finished no rubber), the ratings returned last are returned again, the same object:
        a reader may skip showing them again."""
        if self._model is None:
            self._model = rating_model()
        ordered = in_order(facts)
        kept = self._kept
        same = 0
        # The sittings kept are mostly the very facts read again (a reader keeps the facts
        # of the sittings not changed): the same object is the same sitting, without
        # comparing its fields (1,500 sittings: 0.1 ms where comparing each took 2-5).
        for after, sitting in zip(kept, ordered, strict=False):
            if after.sitting is not sitting and after.sitting != sitting:
                break
            same += 1
        del kept[same:]
        del self._rated[same:]
        if not kept and stored:
            _adopt(kept, ordered, stored)
            same = len(kept)
            self._rated[:] = stored[:same]
        current = dict(kept[-1].ratings) if kept else {}
        mark = kept[-1].mark if kept else ""
        for sitting in ordered[same:]:
            steps = _rate_sitting(self._model, sitting, current)
            mark = sitting_mark(mark, sitting)
            kept.append(_AfterSitting(sitting, dict(current), tuple(steps), mark))
            self._rated.append(RatedSitting(sitting.sitting_id, mark, kept[-1].steps))
        made = [after.steps for after in kept]
        if self._last is not None and made == self._made:
            return self._last
        self._last = Ratings(ranked(current.values()), tuple(chain.from_iterable(made)))
        self._made = made
        return self._last

    def __len__(self) -> int:
        """How many sittings the course kept by the last :meth:`rate` holds."""
        return len(self._kept)

    def mark(self) -> str:
        """The running mark of the course kept by the last :meth:`rate` (its last sitting's
        :func:`sitting_mark`, "" with none): a course stored with the same last mark and
        as many sittings is this one."""
        return self._kept[-1].mark if self._kept else ""

    def after(self, count: int) -> dict[str, Rating]:
        """Every player's rating after the first ``count`` sittings of the last :meth:`rate`
        (none for 0), by name."""
        return dict(self._kept[count - 1].ratings) if count > 0 else {}

    def rated(self) -> list[RatedSitting]:
        """The course kept by the last :meth:`rate`, sitting by sitting, to be stored: the
        sittings not rated again are the very :class:`RatedSitting` given before (a stored
        course's own where it was adopted), so a reader compares them as objects."""
        return list(self._rated)


@dataclass(frozen=True, slots=True)
class _AfterSitting:
    """The ratings after one sitting (each rated player's), the steps the sitting's rubbers
    made, and the running mark of the history to it."""

    sitting: SittingFacts
    ratings: dict[str, Rating]
    steps: tuple[RatingStep, ...]
    mark: str


def _adopt(
    kept: list[_AfterSitting], ordered: list[SittingFacts], stored: Sequence[RatedSitting]
) -> None:
    """Keep the ``stored`` course for the sittings of ``ordered`` it agrees with, up to the
    first whose mark differs."""
    current: dict[str, Rating] = {}
    mark = ""
    for sitting, rated in zip(ordered, stored, strict=False):
        mark = sitting_mark(mark, sitting)
        if rated.sitting_id != sitting.sitting_id or rated.mark != mark:
            return
        for step in rated.steps:
            current[step.rating.player] = step.rating
        kept.append(_AfterSitting(sitting, dict(current), rated.steps, mark))


def ranked(ratings: Iterable[Rating]) -> tuple[Rating, ...]:
    """``ratings`` the highest :attr:`Rating.ordinal` first, as :attr:`Ratings.players`
    lists them (alike by name, case aside)."""
    return tuple(
        sorted(
            ratings, key=lambda rating: (-rating.ordinal, rating.player.casefold(), rating.player)
        )
    )


def rate_sitting(
    model: PlackettLuce, sitting: SittingFacts, current: dict[str, Rating]
) -> list[RatingStep]:
    """Rate the finished rubbers of one sitting, in order, from and into ``current`` (every
    player's rating before it, by name), as :class:`RatingKeeper` rates each sitting; the
    steps they made."""
    return _rate_sitting(model, sitting, current)


def _rate_sitting(
    model: PlackettLuce,
    sitting: SittingFacts,
    current: dict[str, Rating],
) -> list[RatingStep]:
    """Rate the finished rubbers of one sitting, in order, from and into ``current``; the
    steps they made."""
    names = sitting.names
    steps = []
    for rubber in sitting.rubbers:
        if not rubber.finished:
            continue
        played = [
            (side, rubber.results[seats[0]])
            for seats in rubber.sides
            if (side := [name for seat in seats if (name := names[seat]) is not None])
        ]
        if len(played) < 2:
            continue
        teams = [
            [
                model.rating(mu=held.mu, sigma=held.sigma, name=name)
                if (held := current.get(name)) is not None
                else model.rating(name=name)
                for name in side
            ]
            for side, _result in played
        ]
        rated = model.rate(teams, scores=[float(result) for _side, result in played])
        for (side, _result), team in zip(played, rated, strict=True):
            for name, rating in zip(side, team, strict=True):
                held = current.get(name)
                now = Rating(name, rating.mu, rating.sigma, held.rubbers + 1 if held else 1)
                current[name] = now
                steps.append(
                    RatingStep(
                        sitting.sitting_id, sitting.created, sitting.variant, rubber.number, now
                    )
                )
    return steps


class SittingRated(NamedTuple):
    """What one sitting in which rubbers were rated did to the ratings: each player rated in
    it, in the order first rated, with his :attr:`Rating.ordinal` after it (a point of the
    ratings' plot). A named tuple: a decade holds 1,500 of them."""

    sitting_id: int
    ordinals: tuple[tuple[str, float], ...]


def sitting_rated(steps: Sequence[RatingStep]) -> SittingRated:
    """What the ``steps`` of one sitting (at least one) did to the ratings."""
    ordinals = {step.rating.player: step.rating.ordinal for step in steps}
    return SittingRated(steps[0].sitting_id, tuple(ordinals.items()))


@dataclass(frozen=True, slots=True)
class RatingPage:
    """What the ratings' page shows: how many sittings were read, every rated player's
    rating now (the best first, as :attr:`Ratings.players`), what each sitting in which
    rubbers were rated did to them (:class:`SittingRated`, in the order played), and the
    moment each of those sittings was stored, by its id. Made from the ratings by
    :meth:`RatedSittings.page`, or read as stored."""

    sittings: int
    players: tuple[Rating, ...]
    rated: tuple[SittingRated, ...]
    moments: dict[int, datetime]

    @property
    def ratings(self) -> Ratings:
        """The ratings now, without their course (the page keeps what its plot needs)."""
        return Ratings(self.players, ())


class RatedSittings:
    """Walks the course of the ratings sitting by sitting (:class:`SittingRated`) again and
    again (an open Records tab, after each recorded hand), keeping what it walked: a later
    walk starts at the first sitting whose steps changed (a rubber finished in the newest
    sitting: that sitting's steps), so a decade's 21,000 steps (10-14 ms at 1,500
    sittings) are not walked again."""

    def __init__(self) -> None:
        self._course: tuple[RatingStep, ...] = ()
        self._ends: list[int] = []
        """Where each rated sitting's steps end in the course walked."""
        self._rated: list[SittingRated] = []

    def of(self, course: tuple[RatingStep, ...]) -> tuple[SittingRated, ...]:
        """Each rated sitting of ``course``, in the order played."""
        kept = self._sittings_kept(course)
        del self._ends[kept:]
        del self._rated[kept:]
        ends, rated = self._ends, self._rated
        start = ends[-1] + 1 if ends else 0
        last = len(course) - 1
        for index in range(start, len(course)):
            if index == last or course[index + 1].sitting_id != course[index].sitting_id:
                rated.append(sitting_rated(course[ends[-1] + 1 if ends else 0 : index + 1]))
                ends.append(index)
        self._course = course
        return tuple(rated)

    def page(
        self, ratings: Ratings, facts: Sequence[SittingFacts], sittings: int | None = None
    ) -> RatingPage:
        """The page of ``ratings``, rated from ``facts`` (``sittings`` of them, when other
        than how many ``facts`` holds)."""
        rated = self.of(ratings.course)
        created = {sitting.sitting_id: sitting.created for sitting in facts}
        return RatingPage(
            len(facts) if sittings is None else sittings,
            ratings.players,
            rated,
            {walked.sitting_id: created[walked.sitting_id] for walked in rated},
        )

    def _sittings_kept(self, course: tuple[RatingStep, ...]) -> int:
        """How many of the rated sittings walked before ``course`` holds unchanged: those
        whose steps begin ``course`` as they began the course walked, and still end where
        they ended (the newest sitting's steps go on when a rubber is finished in it)."""
        before = self._course
        size = min(len(before), len(course))
        if before[:size] == course[:size]:
            same = size
        else:  # the first step that differs: halving the steps left, each part compared once
            low, high = 0, size
            while high - low > 1:
                middle = (low + high) // 2
                if before[low:middle] == course[low:middle]:
                    low = middle
                else:
                    high = middle
            same = low
        kept = bisect_left(self._ends, same)
        if kept:
            end = self._ends[kept - 1]
            if end + 1 < len(course) and course[end + 1].sitting_id == course[end].sitting_id:
                kept -= 1
        return kept
