"""Replaying recorded hands into the pad: prison, games and rubbers, for every game.

The hands are the only truth. :func:`replay_by` derives everything from them, so editing an
earlier hand re-scores every later one. :class:`Scorer` does the same one hand at a time.

Every game is scored on one pad of n columns: a two-sided game has two, the sides (R10-R15);
the games per player a column per player (T12-T15, C4-C6, F4-F6). The scorer asks the game
to score each hand (its ``hand_scorer``) and what the roles become after a rubber (the
chouette's C3); prison, games, rubbers and copies are kept here, alike for all. The game is
handed in by the caller, who found it in the registry; the ledger reads it as
:class:`~jojotte_score.core.game_facts.GameFacts` and imports no game.
"""

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from jojotte_score.core.model import AnyHand, GameKey, RubberRoles, Rules, Sitting
from jojotte_score.core.scoring import (
    Entry,
    EntryKind,
    HandScore,
    Line,
    PlainEntry,
    as_entry,
)
from jojotte_score.core.tables import GAMES_TO_WIN_RUBBER

if TYPE_CHECKING:
    from jojotte_score.core.game_facts import GameFacts


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
    winner (R11, T12), the hand and rubber numbers and the rubber's roles (the chouette's,
    C3) carry over from the rubbers before it. ``totals`` are each column's points summed
    over those earlier rubbers (empty: none yet), so a pad scored from here still knows the
    sitting's running result (R14) and settlement (T15); :attr:`difference` is column 0's
    total minus column 1's, the two-sided running result.

    A named tuple, not for speed: the storage layer writes it as the columns of a row.
    """

    position: int = 0
    rubber: int = 1
    prison: int = 0
    totals: tuple[int, ...] = ()
    roles: RubberRoles | None = None

    @property
    def difference(self) -> int:
        """Column 0's total minus column 1's over the rubbers before this one (R14)."""
        return self.totals[0] - self.totals[1] if self.totals else 0


START: Final = Checkpoint()

# The values of a plain entry's line and kind the scorer writes itself (see PlainEntry).
_ABOVE: Final = Line.ABOVE.value
_BELOW: Final = Line.BELOW.value
_PRISON: Final = EntryKind.PRISON.value
_RUBBER_BONUS: Final = EntryKind.RUBBER_BONUS.value


class HandResult(NamedTuple):
    """Everything one hand wrote on the pad, in the context of the hands before it.

    ``entries`` are the hand's own entries, then prison won, the rubber bonus, and last the
    copies (T8, F3, C4); an entry's ``side`` is its column. The result keeps them as
    ``plain_entries`` (see :data:`~jojotte_score.core.scoring.PlainEntry`). ``below`` is each
    column's below-the-line points in the game this hand was played in, after the hand;
    ``games`` the games each column has won in the rubber after it. A named tuple for speed,
    one per hand (see :class:`~jojotte_score.core.scoring.HandScore`).
    """

    number: int
    hand: AnyHand
    score: HandScore
    rubber: int
    game: int
    plain_entries: tuple[PlainEntry, ...]
    prison_in: int
    prison_out: int
    prison_after: int
    below: tuple[int, ...]
    games: tuple[int, ...]
    game_winner: int | None
    rubber_winner: int | None

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Everything the hand wrote, in order (see above)."""
        return tuple(map(as_entry, self.plain_entries))

    def written(self, side: int, line: Line) -> int:
        """The points this hand wrote in column ``side`` on ``line``, prison, bonuses and
        copies included."""
        return sum(
            points
            for _hand, column, written_on, points, _kind in self.plain_entries
            if column == side and written_on == line
        )


class RubberResult(NamedTuple):
    """One rubber: its hands, games, winner, each column's total (R13, R14, T13-T15) and,
    in the chouette, its ``roles`` (C2)."""

    number: int
    hands: tuple[HandResult, ...]
    game_winners: tuple[int, ...]
    winner: int | None
    totals: tuple[int, ...]
    roles: RubberRoles | None = None

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
        """True once a column has won two games."""
        return self.winner is not None

    @property
    def net(self) -> tuple[int | None, int]:
        """R14, two columns: (side with more points, difference); (None, 0) when level."""
        return _ahead(self.totals[0] - self.totals[1])

    @property
    def settlement(self) -> tuple[int, ...]:
        """T15: each column settles with every other; net_i = n·total_i - Σ totals. For two
        columns the two-sided net, once credited and once debited (R14)."""
        return settle(self.totals)


def settle(totals: tuple[int, ...]) -> tuple[int, ...]:
    """T15: the pairwise differences each column is credited with; they add up to 0."""
    everyone = sum(totals)
    return tuple(len(totals) * total - everyone for total in totals)


@dataclass(frozen=True, slots=True)
class Ledger:
    """The pad of a sitting of any game, derived from its hands; it knows its game.

    ``game`` is the way to play it scores (the registry's game, read here as
    :class:`~jojotte_score.core.game_facts.GameFacts`). ``columns`` are the pad's headings:
    the two sides, or each player. A ledger scored from the sitting's first hand (``start``
    at position 0) holds every hand and rubber. One scored from a later :class:`Checkpoint`
    holds the hands and rubbers from there on, numbered as in the whole sitting: look them
    up with :meth:`result` and :meth:`rubber`, which work for both.
    """

    game: "GameFacts"
    columns: tuple[str, ...]
    rules: Rules
    hands: tuple[HandResult, ...]
    rubbers: tuple[RubberResult, ...]
    unresolved_prison: int
    start: Checkpoint = START

    @property
    def variant(self) -> GameKey:
        """The key of the way to play the ledger scores."""
        return self.game.variant

    @property
    def net(self) -> tuple[int | None, int]:
        """The two-sided running result over all rubbers: (side ahead, by how much)."""
        return self.net_after(self.rubber_count)

    def net_after(self, rubber: int) -> tuple[int | None, int]:
        """The running result after rubber ``rubber`` (R14: the sum of the rubbers'
        differences): (side ahead, by how much)."""
        difference = self.start.difference + sum(
            r.totals[0] - r.totals[1] for r in self.rubbers if r.number <= rubber
        )
        return _ahead(difference)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each column's points over every rubber, those before ``start`` included."""
        return self.totals_after(self.rubber_count)

    def totals_after(self, rubber: int) -> tuple[int, ...]:
        """Each column's points over the rubbers up to rubber ``rubber``."""
        totals = list(self.start.totals or (0,) * len(self.columns))
        for held in self.rubbers:
            if held.number <= rubber:
                for column, points in enumerate(held.totals):
                    totals[column] += points
        return tuple(totals)

    @property
    def settlement(self) -> tuple[int, ...]:
        """The sitting's result: each column's settlements summed over the rubbers (T15);
        for two columns the two-sided net (R14 = T15)."""
        return settle(self.totals)

    def settlement_after(self, rubber: int) -> tuple[int, ...]:
        """Each column's settlements summed over the rubbers up to rubber ``rubber`` (T15)."""
        return settle(self.totals_after(rubber))

    @property
    def rubbers_finished(self) -> int:
        """How many rubbers have a winner, those before ``start`` included."""
        return self.start.rubber - 1 + sum(1 for r in self.rubbers if r.finished)

    @property
    def rubbers_won(self) -> tuple[int, ...]:
        """How many of the rubbers this ledger holds each column has won (R13, T15)."""
        return tuple(
            sum(1 for r in self.rubbers if r.winner == column)
            for column in range(len(self.columns))
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

    def rubber_starts(self) -> tuple[Checkpoint, ...]:
        """The checkpoint each rubber of the ledger starts from, in order, from its
        ``start`` on, and the one the next hand starts once the last rubber is over: the
        first hand's position, the prison waiting, each column's totals over the rubbers
        before it and the rubber's roles (one pass over the rubbers)."""
        starts = [self.start]
        totals = list(self.start.totals or (0,) * len(self.columns))
        for held in self.rubbers:
            if not held.finished:
                break
            for column, points in enumerate(held.totals):
                totals[column] += points
            last = held.hands[-1]
            starts.append(
                Checkpoint(
                    last.number,
                    held.number + 1,
                    last.prison_after,
                    tuple(totals),
                    self.rubber_roles(held.number + 1),
                )
            )
        return tuple(starts)

    def rubber_start(self, number: int) -> Checkpoint | None:
        """The checkpoint rubber ``number`` (1-based) starts from (see
        :meth:`rubber_starts`), or None for a rubber the ledger cannot tell."""
        starts = self.rubber_starts()
        index = number - self.start.rubber
        return starts[index] if 0 <= index < len(starts) else None

    def rubber_roles(self, number: int) -> RubberRoles | None:
        """The chouette's roles in rubber ``number`` (C2, C3), the rubber the next hand
        starts included; None outside the chouette, and for a rubber the ledger cannot tell."""
        held = self.rubber(number)
        if held is not None:
            return held.roles
        if not self.rubbers:
            return self.start.roles if number == self.start.rubber else None
        last = self.rubbers[-1]
        if number != last.number + 1 or last.winner is None or last.roles is None:
            return None
        return self.game.roles_after(last.roles, last.winner)


class Scorer:
    """Scores the hands of a game one at a time, carrying prison, games, rubbers and the
    rubber's roles forward, from ``start`` (the sitting's first hand by default), by the
    rules of ``game`` (what scores a hand, how the roles turn) and ``rules`` (its standard
    rules by default).

    ``results`` are the hands scored so far, from ``start`` on.
    """

    __slots__ = (
        "_below",
        "_game",
        "_games",
        "_prison",
        "_roles",
        "_rubber",
        "_score",
        "game",
        "results",
        "rules",
        "start",
    )

    def __init__(
        self, game: "GameFacts", rules: Rules | None = None, start: Checkpoint = START
    ) -> None:
        columns = game.column_count
        if start.roles is None and game.has_roles:
            start = start._replace(roles=game.first_roles(None))
        if not start.totals:
            start = start._replace(totals=(0,) * columns)
        elif len(start.totals) != columns:
            raise ValueError(f"a {game.value} pad has {columns} columns, not {start.totals}")
        self.game = game
        self.rules = game.standard_rules if rules is None else rules
        self.start = start
        self.results: list[HandResult] = []
        self._rubber, self._game, self._prison = start.rubber, 1, start.prison
        self._below, self._games = [0] * columns, [0] * columns
        self._roles = start.roles
        self._score: Callable[[Any, int], HandScore] = game.hand_scorer(start.roles)

    @classmethod
    def of(cls, game: "GameFacts", sitting: Sitting, start: Checkpoint | None = None) -> "Scorer":
        """A scorer for ``sitting``, a sitting of ``game``, by its rules, from ``start`` or
        else its first hand (with its first rubber's roles)."""
        if start is None or (start.position == 0 and start.roles is None):
            start = (start or START)._replace(roles=game.first_roles(sitting.roles))
        return cls(game, sitting.rules, start)

    def __repr__(self) -> str:
        return (
            f"Scorer({self.game.value}, rules={self.rules!r}, start={self.start!r}, "
            f"hands={len(self.results)}, rubber={self._rubber}, game={self._game}, "
            f"below={self._below}, games={self._games}, prison={self._prison})"
        )

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
        return self._start_after(chosen)

    def _start_after(self, count: int) -> Checkpoint:
        """Where the hand after the first ``count`` results starts, that hand being the
        first of a rubber (or ``count`` 0: the scorer's own start)."""
        if count == 0:
            return self.start
        results = self.results
        totals = list(self.start.totals)
        roles = self.start.roles
        for result in results[:count]:
            for _hand, side, _line, points, _kind in result.plain_entries:
                totals[side] += points
            if result.rubber_winner is not None and roles is not None:
                roles = self.game.roles_after(roles, result.rubber_winner)
        before = results[count - 1]
        return Checkpoint(
            self.start.position + count,
            before.rubber + 1,
            before.prison_after,
            tuple(totals),
            roles,
        )

    def rebased(self, count: int) -> "Scorer | None":
        """An independent scorer in the same state that keeps only the results after the
        first ``count``, started where the rubber of the next one starts (the pad of a
        sitting scored on from an older checkpoint, the hands before the newer one left
        behind); None when no rubber starts there."""
        if not 0 <= count <= len(self.results):
            return None
        if count and self.results[count - 1].rubber_winner is None:
            return None
        twin = self.copy()
        twin.start = self._start_after(count)
        twin.results = self.results[count:]
        return twin

    @property
    def prison_waiting(self) -> int:
        """Prison points not yet won by anybody (R10, R11, T12)."""
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
    def roles(self) -> RubberRoles | None:
        """The roles of the rubber the next hand is played in (the chouette's, C2)."""
        return self._roles

    @property
    def below(self) -> tuple[int, ...]:
        """Each column's below-the-line points in the current game."""
        return tuple(self._below)

    @property
    def games(self) -> tuple[int, ...]:
        """Games each column has won in the current rubber."""
        return tuple(self._games)

    def add(self, hand: AnyHand) -> HandResult:
        """Score the next hand and return what it wrote."""
        number = self.start.position + len(self.results) + 1
        score = self._score(hand, number)
        entries = score.plain_entries
        rubber, game = self._rubber, self._game

        prison_out = 0
        winner = score.winner
        if winner is not None and self._prison:  # R10, T12: the winner takes it.
            prison_out = self._prison
            entries += ((number, winner, _ABOVE, prison_out, _PRISON),)
            self._prison = 0
        self._prison += score.to_prison

        below = self._below
        for _hand, side, line, points, _kind in score.plain_entries:
            if line == _BELOW:
                below[side] += points
        below_after = tuple(below)

        game_winner = rubber_winner = None
        top = max(below)
        if top >= self.rules.game_target:  # R12, T13: one column scores below per hand.
            game_winner = below.index(top)
            self._games[game_winner] += 1
            self._below = [0] * len(below)
            self._game += 1
        games = tuple(self._games)
        if game_winner is not None and games[game_winner] == GAMES_TO_WIN_RUBBER:  # R13, T14
            rubber_winner = game_winner
            entries += self._close_rubber(number, rubber_winner)
        if score.copies:  # T8, F3: every amount, again, above (C4: on its own line).
            entries = _with_copies(entries, score, number)

        # Built by tuple.__new__, every field in order: the named tuple's own constructor is
        # a Python function, some three times as long (timeit, Python 3.11).
        result: HandResult = tuple.__new__(
            HandResult,
            (
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
            ),
        )
        self.results.append(result)
        return result

    def _close_rubber(self, number: int, winner: int) -> tuple[PlainEntry, ...]:
        """End the rubber that ``winner`` won in hand ``number`` and start the next one (in
        the chouette with the roles turned, C3); the entry of its rubber bonus, if any."""
        self._rubber += 1
        self._game = 1
        self._games = [0] * len(self._games)
        if self._roles is not None:  # C3: the roles turn.
            self._roles = self.game.roles_after(self._roles, winner)
            self._score = self.game.hand_scorer(self._roles)
        bonus = self.rules.rubber_bonus
        return ((number, winner, _ABOVE, bonus, _RUBBER_BONUS),) if bonus else ()

    def copy(self) -> "Scorer":
        """An independent scorer in the same state: for trying a hand without recording it."""
        twin = Scorer(self.game, self.rules, self.start)
        twin.results = list(self.results)
        twin._rubber, twin._game, twin._prison = self._rubber, self._game, self._prison
        twin._below, twin._games = list(self._below), list(self._games)
        twin._roles, twin._score = self._roles, self._score
        return twin

    def extend(self, hands: Iterable[AnyHand]) -> None:
        """Score several hands in order."""
        for hand in hands:
            self.add(hand)

    def rubbers(self, hands: Iterable[AnyHand]) -> Iterator[RubberResult]:
        """Score ``hands`` in order and give each rubber as soon as its last hand is scored,
        then the unfinished rubber, if there is one.

        A rubber given is dropped from ``results`` (the scorer then starts where the next
        rubber starts), so the results are held a rubber at a time: ``score`` writes a
        100,000-hand sitting's pad so. Its full collections of the garbage collector scan
        the few live results instead of all of them: they took 0.29 s of the replay's
        0.97 s when every result was kept (benchmarks/README.md, "Rubber by rubber").
        """
        columns = len(self._below)
        for hand in hands:
            if self.add(hand).rubber_winner is not None:
                yield _rubber(self.results, columns, self.start.roles)
                self.start = self._start_after(len(self.results))
                self.results = []
        if self.results:
            yield _rubber(self.results, columns, self.start.roles)

    def ledger(self, columns: tuple[str, ...]) -> Ledger:
        """The pad so far, grouped into rubbers, headed by ``columns``."""
        return Ledger(
            game=self.game,
            columns=columns,
            rules=self.rules,
            hands=tuple(self.results),
            rubbers=self._group_rubbers(),
            unresolved_prison=self._prison,
            start=self.start,
        )

    def _group_rubbers(self) -> tuple[RubberResult, ...]:
        results = self.results
        rubbers: list[RubberResult] = []
        roles = self.start.roles
        first = 0
        for index, result in enumerate(results):
            if result.rubber_winner is not None or index == len(results) - 1:
                rubbers.append(_rubber(results[first : index + 1], len(self._below), roles))
                first = index + 1
                if result.rubber_winner is not None and roles is not None:
                    roles = self.game.roles_after(roles, result.rubber_winner)
        return tuple(rubbers)


def _ahead(difference: int) -> tuple[int | None, int]:
    """(side ahead, by how much) for side 0's points minus side 1's; (None, 0) when level."""
    if difference == 0:
        return None, 0
    return (0 if difference > 0 else 1), abs(difference)


def _rubber(hands: list[HandResult], columns: int, roles: RubberRoles | None) -> RubberResult:
    totals = [0] * columns
    game_winners: list[int] = []
    for hand in hands:
        for _hand, side, _line, points, _kind in hand.plain_entries:
            totals[side] += points
        if hand.game_winner is not None:
            game_winners.append(hand.game_winner)
    # Built by tuple.__new__, every field in order, as a HandResult is (see Scorer.add).
    rubber: RubberResult = tuple.__new__(
        RubberResult,
        (
            hands[0].rubber,
            tuple(hands),
            tuple(game_winners),
            hands[-1].rubber_winner,
            tuple(totals),
            roles,
        ),
    )
    return rubber


def replay_by(game: "GameFacts", sitting: Sitting, start: Checkpoint | None = None) -> Ledger:
    """Score the hands of ``sitting``, a sitting of ``game``, in order, from its first hand
    or from ``start`` (then ``sitting.hands`` are the hands from there on), and return its
    pad. A caller holding only the sitting asks the registry:
    :func:`~jojotte_score.core.games.replay`."""
    scorer = Scorer.of(game, sitting, start)
    scorer.extend(sitting.hands)
    return scorer.ledger(game.column_names(sitting.players))


def _with_copies(
    entries: tuple[PlainEntry, ...], score: HandScore, number: int
) -> tuple[PlainEntry, ...]:
    """``entries`` and, after them, every amount a copier writes again of the column he
    copies (T8, F3), above when the game copies above (C4: on its own line)."""
    above = score.copies_above
    for copier, source in score.copies:
        entries += tuple(
            (number, copier, _ABOVE if above else line, points, kind)
            for _hand, side, line, points, kind in entries
            if side == source
        )
    return entries
