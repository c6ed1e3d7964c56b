"""Who won the points in prison: the hand that took each amount a hand put there (R10)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class PrisonMoves(Protocol):
    """A scored hand of any pad: its number, what it put in prison and what it won."""

    @property
    def number(self) -> int: ...

    @property
    def prison_in(self) -> int: ...

    @property
    def prison_out(self) -> int: ...


def prison_winners(hands: Iterable[PrisonMoves]) -> dict[int, int]:
    """{number of a hand that put points in prison: number of the hand that won them}.

    R10: "the winner of the next hand takes them" – every amount waiting goes to the next hand
    with a winner, across rubbers too. Amounts nobody has won yet are not in the result.
    """
    waiting: list[int] = []
    won: dict[int, int] = {}
    for hand in hands:
        if hand.prison_out:
            won.update(dict.fromkeys(waiting, hand.number))
            waiting.clear()
        if hand.prison_in:
            waiting.append(hand.number)
    return won
