"""Replaying recorded hands into the pad: prison, games and rubbers (rulings R10-R15).

The hands are the only truth. :func:`replay` derives everything from them, so editing an
earlier hand re-scores every later one. :class:`Scorer` does the same one hand at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, NamedTuple

from jojotte_score.core.model import Hand, Rules, Sitting
from jojotte_score.core.scoring import Entry, EntryKind, HandScore, Line, score_hand
from jojotte_score.core.tables import GAMES_TO_WIN_RUBBER


class PrisonItem(NamedTuple):
    """Points put in prison by one hand (a tie or a Nullo), waiting for a winner.

    A named tuple for speed, as many as the hands that tie (see
    :class:`~jojotte_score.core.scoring.Entry`).
    """

    hand: int
    points: int


class Checkpoint(NamedTuple):
    """The pad where a rubber starts: all that scoring from there on needs to know.

    A rubber starts with no games and nothing below the line; only prison waiting for a
    winner (R11) and the hand and rubber numbers carry over from the rubbers before it.
    ``difference`` is side 0's total minus side 1's over those earlier rubbers (R14), so a
    pad scored from here still knows the sitting's running result.

    A named tuple, not for speed: the storage layer writes it as the columns of a row.
    """

    position: int = 0
    rubber: int = 1
    prison: int = 0
    difference: int = 0


START: Final = Checkpoint()


class HandResult(NamedTuple):
    """Everything one hand wrote on the pad, in the context of the hands before it.

    ``below`` is each side's below-the-line points in the game this hand was played in,
    after the hand; ``games`` is the games each side has won in the rubber after it.
    A named tuple for speed, one per hand (see :class:`~jojotte_score.core.scoring.Entry`).
    """

    number: int
    hand: Hand
    score: HandScore
    rubber: int
    game: int
    entries: tuple[Entry, ...]
    prison_in: int
    prison_out: int
    prison_after: int
    below: tuple[int, int]
    games: tuple[int, int]
    game_winner: int | None
    rubber_winner: int | None

    def written(self, side: int, line: Line) -> int:
        """The points this hand wrote for ``side`` on ``line``, prison and bonuses included."""
        return sum(e.points for e in self.entries if e.side == side and e.line is line)


class RubberResult(NamedTuple):
    """One rubber: its hands, games, winner, and the sums of its entries (R13, R14)."""

    number: int
    hands: tuple[HandResult, ...]
    game_winners: tuple[int, ...]
    winner: int | None
    totals: tuple[int, int]

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every entry of the rubber, hand by hand."""
        return tuple(e for h in self.hands for e in h.entries)

    @property
    def prison(self) -> tuple[PrisonItem, ...]:
        """Every amount put in prison during the rubber."""
        return tuple(PrisonItem(h.number, h.prison_in) for h in self.hands if h.prison_in)

    @property
    def finished(self) -> bool:
        """True once a side has won two games."""
        return self.winner is not None

    @property
    def net(self) -> tuple[int | None, int]:
        """R14: (side with more points, difference); (None, 0) when level."""
        return _ahead(self.totals[0] - self.totals[1])


@dataclass(frozen=True, slots=True)
class Ledger:
    """The pad of a sitting, derived from its hands.

    A ledger scored from the sitting's first hand (``start`` is :data:`START`) holds every
    hand and rubber. One scored from a later :class:`Checkpoint` holds the hands and rubbers
    from there on, numbered as in the whole sitting: look them up with :meth:`result` and
    :meth:`rubber`, which work for both.
    """

    sides: tuple[str, str]
    rules: Rules
    hands: tuple[HandResult, ...]
    rubbers: tuple[RubberResult, ...]
    unresolved_prison: int
    start: Checkpoint = START

    @property
    def net(self) -> tuple[int | None, int]:
        """The sitting's running result over all rubbers: (side ahead, by how much)."""
        return self.net_after(self.rubber_count)

    def net_after(self, rubber: int) -> tuple[int | None, int]:
        """The running result after rubber ``rubber`` (R14: the sum of the rubbers'
        differences): (side ahead, by how much)."""
        difference = self.start.difference + sum(
            r.totals[0] - r.totals[1] for r in self.rubbers if r.number <= rubber
        )
        return _ahead(difference)

    @property
    def rubbers_finished(self) -> int:
        """How many rubbers a side has won, those before ``start`` included."""
        return self.start.rubber - 1 + sum(1 for r in self.rubbers if r.finished)

    @property
    def rubbers_won(self) -> tuple[int, int]:
        """How many of the rubbers this ledger holds each side has won (R13)."""
        return (
            sum(1 for r in self.rubbers if r.winner == 0),
            sum(1 for r in self.rubbers if r.winner == 1),
        )

    @property
    def hand_count(self) -> int:
        """How many hands the sitting has, those before ``start`` included."""
        return self.start.position + len(self.hands)

    @property
    def rubber_count(self) -> int:
        """How many rubbers hold hands, those before ``start`` included."""
        return self.start.rubber - 1 + len(self.rubbers)

    def result(self, number: int) -> HandResult | None:
        """Hand ``number`` (1-based, as in the whole sitting), if this ledger holds it."""
        index = number - 1 - self.start.position
        return self.hands[index] if 0 <= index < len(self.hands) else None

    def rubber(self, number: int) -> RubberResult | None:
        """Rubber ``number`` (1-based, as in the whole sitting), if this ledger holds it."""
        index = number - self.start.rubber
        return self.rubbers[index] if 0 <= index < len(self.rubbers) else None


class Scorer:
    """Scores hands one at a time, carrying prison, games and rubbers forward.

    ``results`` are the hands scored so far, from ``start`` on.
    """

    __slots__ = ("_below", "_game", "_games", "_prison", "_rubber", "results", "rules", "start")

    def __init__(self, rules: Rules | None = None, start: Checkpoint = START) -> None:
        self.rules = Rules() if rules is None else rules
        self.start = start
        self.results: list[HandResult] = []
        self._rubber, self._game, self._prison = start.rubber, 1, start.prison
        self._below, self._games = [0, 0], [0, 0]

    def __repr__(self) -> str:
        return (
            f"Scorer(rules={self.rules!r}, start={self.start!r}, hands={len(self.results)}, "
            f"rubber={self._rubber}, game={self._game}, below={self._below}, "
            f"games={self._games}, prison={self._prison})"
        )

    @classmethod
    def resume(cls, rules: Rules, checkpoint: Checkpoint) -> Scorer:
        """A scorer that goes on from ``checkpoint``, as if the hands before it were scored."""
        return cls(rules, checkpoint)

    @property
    def next_number(self) -> int:
        """The number (1-based, in the whole sitting) the next hand will have."""
        return self.start.position + len(self.results) + 1

    def checkpoint(self, keep: int = 1) -> Checkpoint:
        """The latest rubber start with at least ``keep`` (at least 1) of the scored hands
        from it on; the scorer's own start when there is none after it.

        With ``keep`` 1 that is where the newest hand's rubber starts, so the hands from the
        checkpoint on always hold that whole rubber.
        """
        results = self.results
        chosen = 0
        for index, result in enumerate(results[: max(len(results) - max(keep, 1), 0)]):
            if result.rubber_winner is not None:  # the next rubber starts after this hand
                chosen = index + 1
        if chosen == 0:
            return self.start
        difference = self.start.difference
        for result in results[:chosen]:
            for entry in result.entries:
                difference += entry.points if entry.side == 0 else -entry.points
        before = results[chosen - 1]
        return Checkpoint(
            self.start.position + chosen, before.rubber + 1, before.prison_after, difference
        )

    @property
    def prison_waiting(self) -> int:
        """Prison points not yet won by anybody (R10, R11)."""
        return self._prison

    @property
    def next_rubber(self) -> int:
        """The rubber the next hand will be played in."""
        return self._rubber

    @property
    def next_game(self) -> int:
        """The game (within its rubber) the next hand will be played in."""
        return self._game

    @property
    def below(self) -> tuple[int, int]:
        """Each side's below-the-line points in the current game."""
        return (self._below[0], self._below[1])

    @property
    def games(self) -> tuple[int, int]:
        """Games each side has won in the current rubber."""
        return (self._games[0], self._games[1])

    def add(self, hand: Hand) -> HandResult:
        """Score the next hand and return what it wrote."""
        number = self.start.position + len(self.results) + 1
        score = score_hand(hand, number)
        entries = score.entries
        rubber, game = self._rubber, self._game

        prison_out = 0
        if score.winner is not None and self._prison:  # R10: the winner takes the prison.
            prison_out = self._prison
            entries += (Entry(number, score.winner, Line.ABOVE, prison_out, EntryKind.PRISON),)
            self._prison = 0
        self._prison += score.to_prison

        below = self._below
        for entry in score.entries:
            if entry.line is Line.BELOW:
                below[entry.side] += entry.points
        below_after = (below[0], below[1])

        game_winner = rubber_winner = None
        target = self.rules.game_target
        if below[0] >= target or below[1] >= target:  # R12
            game_winner = 0 if below[0] >= target else 1
            self._games[game_winner] += 1
            self._below = [0, 0]
            self._game += 1
            if self._games[game_winner] == GAMES_TO_WIN_RUBBER:  # R13
                rubber_winner = game_winner
                bonus = self.rules.rubber_bonus
                if bonus:
                    entries += (
                        Entry(number, game_winner, Line.ABOVE, bonus, EntryKind.RUBBER_BONUS),
                    )
        games = (self._games[0], self._games[1])
        if rubber_winner is not None:
            self._rubber += 1
            self._game = 1
            self._games = [0, 0]

        result = HandResult(
            number,
            hand,
            score,
            rubber,
            game,
            entries,
            score.to_prison,
            prison_out,
            self._prison,
            below_after,
            games,
            game_winner,
            rubber_winner,
        )
        self.results.append(result)
        return result

    def copy(self) -> Scorer:
        """An independent scorer in the same state: for trying a hand without recording it."""
        twin = Scorer(self.rules, self.start)
        twin.results = list(self.results)
        twin._rubber, twin._game, twin._prison = self._rubber, self._game, self._prison
        twin._below, twin._games = list(self._below), list(self._games)
        return twin

    def extend(self, hands: Iterable[Hand]) -> None:
        """Score several hands in order."""
        for hand in hands:
            self.add(hand)

    def ledger(self, sides: tuple[str, str]) -> Ledger:
        """The pad so far, grouped into rubbers."""
        return Ledger(
            sides=sides,
            rules=self.rules,
            hands=tuple(self.results),
            rubbers=_group_rubbers(self.results),
            unresolved_prison=self._prison,
            start=self.start,
        )


def _ahead(difference: int) -> tuple[int | None, int]:
    """(side ahead, by how much) for side 0's points minus side 1's; (None, 0) when level."""
    if difference == 0:
        return None, 0
    return (0 if difference > 0 else 1), abs(difference)


def _group_rubbers(results: list[HandResult]) -> tuple[RubberResult, ...]:
    rubbers: list[RubberResult] = []
    start = 0
    for index, result in enumerate(results):
        last = index == len(results) - 1
        if result.rubber_winner is not None or last:
            rubbers.append(_rubber(results[start : index + 1]))
            start = index + 1
    return tuple(rubbers)


def _rubber(hands: list[HandResult]) -> RubberResult:
    totals = [0, 0]
    game_winners: list[int] = []
    for hand in hands:
        for entry in hand.entries:
            totals[entry.side] += entry.points
        if hand.game_winner is not None:
            game_winners.append(hand.game_winner)
    return RubberResult(
        number=hands[0].rubber,
        hands=tuple(hands),
        game_winners=tuple(game_winners),
        winner=hands[-1].rubber_winner,
        totals=(totals[0], totals[1]),
    )


def replay(sitting: Sitting) -> Ledger:
    """Score every hand of a sitting in order and return its pad."""
    scorer = Scorer(sitting.rules)
    scorer.extend(sitting.hands)
    return scorer.ledger(sitting.side_names)
