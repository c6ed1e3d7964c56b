"""The pad of a game of individual players as the window uses it, without Qt.

The three-player game, the chouette and cutthroat have a column per player (T1, C4, F1).
:class:`ColumnScorer` scores their hands one at a time (the entry panel's preview tries a
hand on a copy of it), knows the chouette's roles for the hand to come (C3) and explains a
scored hand in the core's words; :class:`ColumnPad` is a whole sitting scored, as the
hand list and the explanation pane read it. The scoring is the core's
(:mod:`jojotte_score.core.individual_ledger`, :mod:`jojotte_score.core.chouette`); the
whole pad is :func:`jojotte_score.core.variants.replay_columns`.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from jojotte_score.core.chouette import ChouetteScorer, chouette_start
from jojotte_score.core.individual_ledger import (
    ColumnLedger,
    IndividualScorer,
    SeatHandResult,
    seat_scorer,
)
from jojotte_score.core.model import ChouetteRoles, Hand, PlayedHand, Rules, Sitting, Variant
from jojotte_score.core.scoring import Line
from jojotte_score.core.three_player import (
    SeatSitting,
    ThreePlayerDeal,
    ThreePlayerHand,
)
from jojotte_score.core.three_player_explanation import (
    explain_chouette_hand,
    explain_three_player_hand,
)
from jojotte_score.core.variants import AnySitting, replay_columns

AnyDeal = Hand | ThreePlayerDeal
"""A hand of a game of individual players: a chouette hand, or one recorded by seat."""
ColumnResult = SeatHandResult[Any]
"""One scored hand of such a pad (its ``hand`` is a chouette hand or a seat hand)."""


class ColumnScorer:
    """Scores the hands of a three-player, chouette or cutthroat sitting one at a time."""

    def __init__(
        self,
        variant: Variant,
        players: tuple[str, ...],
        rules: Rules,
        chouette: ChouetteRoles | None = None,
    ) -> None:
        if not variant.game.per_player:
            raise ValueError(f"a {variant.value} pad has a column per side, not per player")
        self.variant = variant
        self.players = players
        self.rules = rules
        self._chouette: ChouetteScorer | None = None
        self._seats: IndividualScorer[ThreePlayerDeal] | None = None
        game = variant.game
        if game.has_roles:
            first = game.first_roles(chouette)
            assert first is not None
            self._chouette = ChouetteScorer(first, rules)
        else:
            self._seats = seat_scorer(variant, rules)

    @classmethod
    def of(cls, sitting: AnySitting, hands: Iterable[AnyDeal] = ()) -> ColumnScorer:
        """A scorer for ``sitting`` that has scored ``hands`` (none by default)."""
        roles = chouette_start(sitting) if isinstance(sitting, Sitting) else None
        scorer = cls(sitting.variant, sitting.players, sitting.rules, roles)
        scorer.extend(hands)
        return scorer

    @property
    def results(self) -> list[ColumnResult]:
        """The hands scored so far."""
        if self._chouette is not None:
            return list(self._chouette.results)
        assert self._seats is not None
        return list(self._seats.results)

    @property
    def next_number(self) -> int:
        """The number (from 1) of the hand to be scored next."""
        return len(self.results) + 1

    @property
    def roles(self) -> ChouetteRoles | None:
        """The chouette's box and captain for the next hand (C2, C3); None in other games."""
        return None if self._chouette is None else self._chouette.roles

    def add(self, hand: AnyDeal) -> ColumnResult:
        """Score the next hand and return what it wrote."""
        if self._chouette is not None:
            if isinstance(hand, ThreePlayerHand):
                raise TypeError("a chouette hand is recorded side against side")
            return self._chouette.add(hand)
        assert self._seats is not None
        if isinstance(hand, PlayedHand):
            raise TypeError("a three-player hand is recorded by seat")
        return self._seats.add(hand)

    def extend(self, hands: Iterable[AnyDeal]) -> None:
        """Score several hands in order."""
        for hand in hands:
            self.add(hand)

    def copy(self) -> ColumnScorer:
        """An independent scorer in the same state (the preview tries a hand on it)."""
        return copy.deepcopy(self)

    def ledger(self) -> ColumnLedger:
        """The pad so far."""
        if self._chouette is not None:
            return self._chouette.ledger(self.players)
        assert self._seats is not None
        return self._seats.ledger(self.players)

    def explain_last(self) -> list[str]:
        """The core's explanation of the hand scored last."""
        ledger = self.ledger()
        return explain_result(ledger, ledger.hands[-1]) if ledger.hands else []


def explain_result(ledger: ColumnLedger, result: ColumnResult) -> list[str]:
    """The core's explanation of one scored hand of ``ledger``; a chouette hand with the
    roles of its rubber."""
    game = ledger.variant.game
    if game.has_roles:
        rubber = ledger.rubber(result.rubber)
        roles = game.first_roles(rubber.roles if rubber is not None else None)
        assert roles is not None
        return explain_chouette_hand(result, ledger, roles)  # type: ignore[arg-type]
    return explain_three_player_hand(result, ledger)  # type: ignore[arg-type]


class ColumnPad:
    """A whole sitting of a game of individual players, scored, as the views read it."""

    def __init__(self, sitting: AnySitting) -> None:
        self.sitting = sitting
        self.ledger: ColumnLedger = replay_columns(sitting)

    @property
    def players(self) -> tuple[str, ...]:
        """The players, one column each."""
        return self.sitting.players

    @property
    def sides(self) -> tuple[str, ...]:
        """The columns' names: the players."""
        return self.sitting.players

    @property
    def hand_count(self) -> int:
        """How many hands the sitting has."""
        return self.ledger.hand_count

    @property
    def rubber_count(self) -> int:
        """How many rubbers hold hands."""
        return len(self.ledger.rubbers)

    @property
    def newest_rubber(self) -> int:
        """The rubber of the newest hand (1 without hands)."""
        return self.ledger.hands[-1].rubber if self.ledger.hands else 1

    @property
    def newest_rubber_finished(self) -> bool:
        """True when the newest hand ended its rubber: the next hand starts a new one."""
        return bool(self.ledger.hands) and self.ledger.hands[-1].rubber_winner is not None

    @property
    def loaded(self) -> bool:
        """Always True: the whole sitting is scored."""
        return True

    def result(self, number: int) -> ColumnResult | None:
        """Hand ``number`` (1-based) as scored, or None when there is no such hand."""
        return self.ledger.result(number)

    def written(self, number: int, seat: int, line: Line) -> int:
        """The points hand ``number`` wrote for ``seat`` on ``line`` (0 for none)."""
        result = self.result(number)
        return 0 if result is None else result.written(seat, line)

    def explain(self, number: int) -> list[str]:
        """The core's explanation of hand ``number``; empty when there is no such hand."""
        result = self.result(number)
        return [] if result is None else explain_result(self.ledger, result)

    def roles(self, rubber: int) -> ChouetteRoles | None:
        """The chouette's roles in ``rubber`` (1-based), also for the rubber about to start;
        None in the other games."""
        game = self.sitting.variant.game
        first = self.sitting.chouette if isinstance(self.sitting, Sitting) else None
        winners = (held.winner for held in self.ledger.rubbers)
        return game.rubber_roles(first, winners, rubber)


def empty_sitting(
    variant: Variant,
    players: tuple[str, ...],
    rules: Rules,
    chouette: ChouetteRoles | None = None,
) -> AnySitting:
    """A sitting of a game of individual players with no hands yet."""
    if not variant.game.by_seat:
        return Sitting(variant, players, (), rules, chouette)
    return SeatSitting(variant, players, (), rules)
