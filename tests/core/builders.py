"""Short constructors for hands in test tables."""

from __future__ import annotations

from jojotte_score.core.model import Doubling, PlayedHand, SeatHand, SidesWith, Special, Trump


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


def three(
    bidder: int,
    trump: str,
    defender: int,
    cards: tuple[int, ...],
    last: int | None,
    *,
    melds: tuple[int, ...] | None = None,
    double: str = "none",
    doubler: int | None = None,
    sides_with: str | None = None,
    special: str = "none",
    nullo_bidder: int | None = None,
    jojotte: int | None = None,
    tricks: tuple[int, ...] | None = None,
    dealer: int | None = None,
) -> SeatHand:
    """A three-player hand by seat (T3; four seats in cutthroat, F2), in the file's words."""
    return SeatHand(
        bidder=bidder,
        trump=Trump(trump),
        active_defender=defender,
        card_points=cards,
        last_trick=last,
        double=Doubling(double),
        doubler=doubler,
        sides_with=None if sides_with is None else SidesWith(sides_with),
        special=Special(special),
        nullo_bidder=nullo_bidder,
        melds=(0,) * len(cards) if melds is None else melds,
        jojotte=jojotte,
        tricks=tricks,
        dealer=dealer,
    )
