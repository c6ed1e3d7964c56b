"""Replaying hands into a pad with one column per player: prison, copies, games, rubbers.

The games where nobody has a fixed partner (the three-player game, T12-T15 of docs/RULES.md)
keep each player's own column above and below the line. :class:`IndividualScorer` scores
hands one at a time with a hand scorer that returns a
:class:`~jojotte_score.core.three_player.SeatScore`, and carries prison, each player's
below-the-line points, games and rubbers forward; :func:`replay_seats` replays a whole
three-player or cutthroat sitting. The chouette uses the same pad
(:mod:`jojotte_score.core.chouette`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeVar

from jojotte_score.core.model import ChouetteRoles, Hand, Rules, Variant
from jojotte_score.core.scoring import Entry, EntryKind, Line
from jojotte_score.core.tables import GAMES_TO_WIN_RUBBER
from jojotte_score.core.three_player import (
    SeatScore,
    SeatSitting,
    ThreePlayerDeal,
    score_three_player_hand,
)

HandT = TypeVar("HandT")


class SeatHandResult(NamedTuple, Generic[HandT]):
    """Everything one hand wrote on the pad, in the context of the hands before it.

    ``entries`` are the hand's own entries, then prison won, the rubber bonus, and last the
    copies (T8). ``below`` is each player's below-the-line points in the game after the
    hand; ``games`` the games each player has won in the rubber after it.
    """

    number: int
    hand: HandT
    score: SeatScore
    rubber: int
    game: int
    entries: tuple[Entry, ...]
    prison_in: int
    prison_out: int
    prison_after: int
    below: tuple[int, ...]
    games: tuple[int, ...]
    game_winner: int | None
    rubber_winner: int | None

    def written(self, seat: int, line: Line) -> int:
        """The points this hand wrote for ``seat`` on ``line``, copies included."""
        return sum(e.points for e in self.entries if e.side == seat and e.line is line)


class SeatRubberResult(NamedTuple, Generic[HandT]):
    """One rubber: its hands, games, winner and each player's total (T13-T15); in the
    chouette, also the rubber's ``roles`` (C2)."""

    number: int
    hands: tuple[SeatHandResult[HandT], ...]
    game_winners: tuple[int, ...]
    winner: int | None
    totals: tuple[int, ...]
    roles: ChouetteRoles | None = None

    @property
    def finished(self) -> bool:
        """True once a player has won two games."""
        return self.winner is not None

    @property
    def settlement(self) -> tuple[int, ...]:
        """T15: each player settles with every other; net_i = n·total_i - Σ totals."""
        return settle(self.totals)


def settle(totals: tuple[int, ...]) -> tuple[int, ...]:
    """T15: the pairwise differences each player is credited with; they add up to 0."""
    everyone = sum(totals)
    return tuple(len(totals) * total - everyone for total in totals)


@dataclass(frozen=True, slots=True)
class IndividualLedger(Generic[HandT]):
    """The pad of a sitting with one column per player, derived from its hands; it knows
    its game (``variant``)."""

    variant: Variant
    players: tuple[str, ...]
    rules: Rules
    hands: tuple[SeatHandResult[HandT], ...]
    rubbers: tuple[SeatRubberResult[HandT], ...]
    unresolved_prison: int

    @property
    def settlement(self) -> tuple[int, ...]:
        """The sitting's result: each player's settlements summed over the rubbers (T15)."""
        return tuple(
            sum(r.settlement[seat] for r in self.rubbers) for seat in range(len(self.players))
        )

    @property
    def rubbers_won(self) -> tuple[int, ...]:
        """How many rubbers each player has won (T15)."""
        return tuple(
            sum(1 for r in self.rubbers if r.winner == seat) for seat in range(len(self.players))
        )

    @property
    def hand_count(self) -> int:
        """How many hands the sitting has."""
        return len(self.hands)

    def result(self, number: int) -> SeatHandResult[HandT] | None:
        """Hand ``number`` (1-based), if the sitting has it."""
        return self.hands[number - 1] if 0 < number <= len(self.hands) else None

    def rubber(self, number: int) -> SeatRubberResult[HandT] | None:
        """Rubber ``number`` (1-based), if the sitting has it."""
        return self.rubbers[number - 1] if 0 < number <= len(self.rubbers) else None


class IndividualScorer(Generic[HandT]):
    """Scores hands one at a time for the players of a game with a column per player, each
    hand by ``score`` (T12-T14)."""

    __slots__ = (
        "_below",
        "_game",
        "_games",
        "_prison",
        "_rubber",
        "results",
        "rules",
        "score",
        "variant",
    )

    def __init__(
        self,
        variant: Variant,
        score: Callable[[HandT, int], SeatScore],
        rules: Rules | None = None,
    ) -> None:
        seats = variant.seats
        self.variant = variant
        self.score = score
        self.rules = Rules() if rules is None else rules
        self.results: list[SeatHandResult[HandT]] = []
        self._rubber, self._game, self._prison = 1, 1, 0
        self._below, self._games = [0] * seats, [0] * seats

    @property
    def prison_waiting(self) -> int:
        """Prison points not yet won by anybody (T12)."""
        return self._prison

    def add(self, hand: HandT) -> SeatHandResult[HandT]:
        """Score the next hand and return what it wrote."""
        number = len(self.results) + 1
        score = self.score(hand, number)
        entries = list(score.entries)
        rubber, game = self._rubber, self._game

        prison_out = 0
        if score.winner is not None and self._prison:  # T12: the winner takes the prison.
            prison_out = self._prison
            entries.append(Entry(number, score.winner, Line.ABOVE, prison_out, EntryKind.PRISON))
            self._prison = 0
        self._prison += score.to_prison

        below = self._below
        for entry in score.entries:
            if entry.line is Line.BELOW:
                below[entry.side] += entry.points
        below_after = tuple(below)

        game_winner = rubber_winner = None
        target = self.rules.game_target
        leader = max(range(len(below)), key=below.__getitem__)
        if below[leader] >= target:  # T13: one player scores below per hand.
            game_winner = leader
            self._games[leader] += 1
            self._below = [0] * len(below)
            self._game += 1
            if self._games[leader] == GAMES_TO_WIN_RUBBER:  # T14
                rubber_winner = leader
                if self.rules.rubber_bonus:
                    entries.append(
                        Entry(
                            number,
                            leader,
                            Line.ABOVE,
                            self.rules.rubber_bonus,
                            EntryKind.RUBBER_BONUS,
                        )
                    )
        games = tuple(self._games)
        if rubber_winner is not None:
            self._rubber += 1
            self._game = 1
            self._games = [0] * len(below)

        for copier, source in score.copies:  # T8: every amount, again, above (C4: alike).
            entries.extend(
                Entry(
                    number, copier, Line.ABOVE if score.copies_above else e.line, e.points, e.kind
                )
                for e in list(entries)
                if e.side == source
            )

        result = SeatHandResult(
            number,
            hand,
            score,
            rubber,
            game,
            tuple(entries),
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

    def extend(self, hands: Iterable[HandT]) -> None:
        """Score several hands in order."""
        for hand in hands:
            self.add(hand)

    def ledger(self, players: tuple[str, ...]) -> IndividualLedger[HandT]:
        """The pad so far, grouped into rubbers."""
        return IndividualLedger(
            variant=self.variant,
            players=players,
            rules=self.rules,
            hands=tuple(self.results),
            rubbers=_group_rubbers(self.results, len(players)),
            unresolved_prison=self._prison,
        )


def _group_rubbers(
    results: list[SeatHandResult[HandT]], seats: int
) -> tuple[SeatRubberResult[HandT], ...]:
    rubbers: list[SeatRubberResult[HandT]] = []
    start = 0
    for index, result in enumerate(results):
        if result.rubber_winner is not None or index == len(results) - 1:
            hands = results[start : index + 1]
            totals = [0] * seats
            for hand in hands:
                for entry in hand.entries:
                    totals[entry.side] += entry.points
            rubbers.append(
                SeatRubberResult(
                    number=hands[0].rubber,
                    hands=tuple(hands),
                    game_winners=tuple(h.game_winner for h in hands if h.game_winner is not None),
                    winner=hands[-1].rubber_winner,
                    totals=tuple(totals),
                )
            )
            start = index + 1
    return tuple(rubbers)


ThreePlayerLedger = IndividualLedger[ThreePlayerDeal]

ColumnLedger = IndividualLedger[Hand] | IndividualLedger[ThreePlayerDeal]
"""The pad of a game of individual players: the chouette's, or the three-player game's and
cutthroat's."""


def seat_scorer(variant: Variant, rules: Rules | None = None) -> IndividualScorer[ThreePlayerDeal]:
    """A scorer for the three-player game (T1-T15) or cutthroat (F1-F6)."""
    return IndividualScorer(variant, score_three_player_hand, rules)


def replay_seats(sitting: SeatSitting) -> ThreePlayerLedger:
    """Score every hand of a three-player or cutthroat sitting in order; return its pad."""
    scorer = seat_scorer(sitting.variant, sitting.rules)
    scorer.extend(sitting.hands)
    return scorer.ledger(sitting.players)
