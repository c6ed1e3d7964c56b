"""Narrowing a sitting of any variant, or its hands, to the kind a test works with.

The sitting file and the store give a :class:`~jojotte_score.core.model.Sitting` of any
game, whose hands may be hands by seat. A test of the two-column pad (two players, partnerships)
needs a :class:`~jojotte_score.core.model.Sitting` scored side against side, with hands
side against side. These helpers narrow with ``isinstance`` and fail the test, saying what
came instead, when a sitting or hand is of another kind.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

import pytest

from jojotte_score.core.games import find_game
from jojotte_score.core.model import Hand, PlayedHand, SeatDeal, SeatHand, Sitting, ThrownIn
from jojotte_score.formats.sitting_file import load_sitting


def two_sided(sitting: Sitting) -> Sitting:
    """The sitting, which must be of two players or partnerships (scored by ``replay``)."""
    if not find_game(sitting.variant).per_player:
        return sitting
    kind = "by seat" if find_game(sitting.variant).by_seat else "side against side"
    pytest.fail(
        f"expected a two-player or partnership sitting, got a {sitting.variant} "
        f"sitting recorded {kind}"
    )


def load_two_sided(path: Path) -> Sitting:
    """The two-player or partnership sitting of the sitting file at ``path``."""
    return two_sided(load_sitting(path).sitting)


def two_sided_hands(hands: Iterable[Hand | SeatDeal]) -> tuple[Hand, ...]:
    """The hands, which must all be recorded side against side (played or thrown in)."""
    narrowed: list[Hand] = []
    for number, hand in enumerate(hands, start=1):
        if not isinstance(hand, PlayedHand | ThrownIn):
            pytest.fail(f"expected hand {number} side against side, got {hand!r}")
        narrowed.append(hand)
    return tuple(narrowed)


def seat_hands(hands: Iterable[Hand | SeatDeal]) -> tuple[SeatDeal, ...]:
    """The hands, which must all be recorded by seat (played or thrown in)."""
    narrowed: list[SeatDeal] = []
    for number, hand in enumerate(hands, start=1):
        if not isinstance(hand, SeatHand | ThrownIn):
            pytest.fail(f"expected hand {number} by seat, got {hand!r}")
        narrowed.append(hand)
    return tuple(narrowed)


def with_hands(sitting: Sitting, hands: Iterable[Hand | SeatDeal]) -> Sitting:
    """The same sitting with ``hands`` in place of its own, which must be of its kind."""
    if find_game(sitting.variant).by_seat:
        return replace(sitting, hands=seat_hands(hands))
    return replace(sitting, hands=two_sided_hands(hands))
