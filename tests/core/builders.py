"""Short constructors for hands in test tables."""

from __future__ import annotations

from jojotte_score.core.model import Doubling, PlayedHand, Special, Trump


def played(
    bidder: int,
    trump: str,
    cards: tuple[int, int],
    last: int | None,
    *,
    melds: tuple[int, int] = (0, 0),
    double: str = "none",
    special: str = "none",
    jojotte: int | None = None,
    tricks: tuple[int, int] | None = None,
) -> PlayedHand:
    """A played hand from the sitting file's vocabulary ("spades", "double", "nullo")."""
    return PlayedHand(
        bidder=bidder,
        trump=Trump(trump),
        card_points=cards,
        last_trick=last,
        double=Doubling(double),
        special=Special(special),
        melds=melds,
        jojotte=jojotte,
        tricks=tricks,
    )
