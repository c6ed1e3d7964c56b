"""Culbertson's recommended three-player game: its hand and how one hand scores (T1-T12).

Three players bid; only the Declarer (D) and the Active Defender (A) play their nine cards,
the Inactive player (I) sides with one of them. The play between D and A is two-player
Jo-Jotte, so a hand is scored by turning it into the two-sided hand D against A and scoring
that with :func:`jojotte_score.core.scoring.score_hand` (R1-R9); only what the three-player
rulings change is changed afterwards: a winning undoubled defence is written above (T6,
T10) and a lost Nullo pays 100 + 50 per further trick (T11). What I copies from his partner
(T8) is named in the hand's score and written by the one scorer
(:class:`jojotte_score.core.ledger.Scorer`), after prison and the rubber bonus, which he
copies too. The rulings are in docs/RULES.md, "Three players".
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from jojotte_score.core.model import (
    Doubling,
    PlayedHand,
    Special,
    ThrownIn,
    Trump,
)
from jojotte_score.core.scoring import (
    Entry,
    EntryKind,
    HandScore,
    Line,
    Outcome,
    Roles,
    score_hand,
)
from jojotte_score.core.tables import (
    LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS,
    LOST_NULLO_FIRST_TRICK_THREE_PLAYERS,
)

THREE_SEATS = (0, 1, 2)
CUTTHROAT_SEATS = 4
DECLARER_SIDE, DEFENDER_SIDE = 0, 1


class SidesWith(enum.StrEnum):
    """Whom the third player joins after a double (T4): the declarer or the doubler."""

    DECLARER = "declarer"
    DEFENDER = "defender"


class ThreePlayerHand(NamedTuple):
    """A three-player hand that was bid and played, by seat (T3).

    ``bidder`` named the trump or no-trump; ``active_defender`` played against the declarer
    (the bidder, or ``nullo_bidder`` in Nullo). ``card_points``, ``melds`` and ``tricks`` have
    one number per seat, 0 for the inactive seat. ``doubler`` and ``sides_with`` are given
    exactly when the contract was doubled. A named tuple, like
    :class:`~jojotte_score.core.model.PlayedHand`.

    The four-player cutthroat game plays the same hand among the three players other than
    the dealer (F2): its lists have four numbers, the dealer's 0, and ``dealer`` is given.
    """

    bidder: int
    trump: Trump
    active_defender: int
    card_points: tuple[int, ...]
    last_trick: int | None
    double: Doubling = Doubling.NONE
    doubler: int | None = None
    sides_with: SidesWith | None = None
    special: Special = Special.NONE
    nullo_bidder: int | None = None
    melds: tuple[int, ...] = (0, 0, 0)
    jojotte: int | None = None
    tricks: tuple[int, ...] | None = None
    dealer: int | None = None
    note: str = ""

    @property
    def thrown_in(self) -> bool:
        """Always False."""
        return False

    @property
    def declarer(self) -> int:
        """D: the Nullo bidder in Nullo, else the bidder (T3)."""
        if self.special is Special.NULLO and self.nullo_bidder is not None:
            return self.nullo_bidder
        return self.bidder

    @property
    def seats(self) -> int:
        """How many players sit at the table: 3, or 4 in cutthroat (one number each)."""
        return len(self.card_points)

    @property
    def sitting_out(self) -> int | None:
        """The seat dealt no part in the play: the cutthroat dealer (F2); None with three."""
        return self.dealer if self.seats == CUTTHROAT_SEATS else None

    @property
    def inactive(self) -> int:
        """I: the player of the hand who is neither the declarer nor the active defender (T3);
        in cutthroat, not the dealer either (F2). -1 when the roles leave nobody."""
        taken = (self.declarer, self.active_defender, self.sitting_out)
        return next((seat for seat in range(self.seats) if seat not in taken), -1)

    @property
    def inactive_partner(self) -> int:
        """The active player the inactive one sides with (T4).

        Undoubled, and in Nullo, the active defender; doubled, the declarer when the third
        player sided with him, else the active defender (the doubler).
        """
        if (
            self.double is not Doubling.NONE
            and self.special is not Special.NULLO
            and self.sides_with is SidesWith.DECLARER
        ):
            return self.declarer
        return self.active_defender


ThreePlayerDeal = ThreePlayerHand | ThrownIn


def two_sided(hand: ThreePlayerHand) -> PlayedHand:
    """The hand as the two-player hand it is played as (T5): side 0 the declarer, side 1 the
    active defender.

    In Nullo side 1 stands for the original bidder's camp, so the two-sided hand's declarer
    (the Nullo bidder) is side 0; the double before a Nullo is dropped (T11).
    """
    sides = {hand.declarer: DECLARER_SIDE, hand.active_defender: DEFENDER_SIDE}
    d, a = hand.declarer, hand.active_defender
    nullo = hand.special is Special.NULLO

    def side(seat: int | None) -> int | None:
        return None if seat is None else sides.get(seat, seat)

    return PlayedHand(
        bidder=DEFENDER_SIDE if nullo else DECLARER_SIDE,
        trump=hand.trump,
        card_points=(hand.card_points[d], hand.card_points[a]),
        last_trick=side(hand.last_trick),
        double=Doubling.NONE if nullo else hand.double,
        special=hand.special,
        melds=(hand.melds[d], hand.melds[a]),
        jojotte=side(hand.jojotte),
        tricks=None if hand.tricks is None else (hand.tricks[d], hand.tricks[a]),
    )


def three_player_lost_nullo_bonus(tricks_taken: int) -> int:
    """T11: a Nullo lost in the three-player game (and cutthroat, F3) pays 100 for the
    first trick the Nullo bidder took and 50 for each further one."""
    return LOST_NULLO_FIRST_TRICK_THREE_PLAYERS + LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS * (
        tricks_taken - 1
    )


def roles_of(hand: ThreePlayerHand) -> Roles:
    """D, A, I and I's partner of a valid hand (T3, T4)."""
    return Roles(hand.declarer, hand.active_defender, hand.inactive, hand.inactive_partner)


def score_three_player_hand(hand: ThreePlayerDeal, number: int) -> HandScore:
    """Score hand ``number`` (1-based) of the three-player game; the hand must be valid.

    T5: the two-sided hand D against A is scored by R1-R9. T6 and T10: undoubled, the active
    defender's trick points go above even when he wins. T11: a lost Nullo's bonus. The same
    scores a cutthroat hand (F3, F4), whose dealer copies the inactive player.
    """
    if isinstance(hand, ThrownIn):
        return HandScore(Outcome.THROWN_IN, (), (), 1, None, (), 0)
    roles = roles_of(hand)
    seat_of = (roles.declarer, roles.active_defender)
    base = score_hand(two_sided(hand), number)
    entries: list[Entry] = []
    for entry in base.entries:
        line, points = entry.line, entry.points
        if entry.kind is EntryKind.TRICKS and entry.side == DEFENDER_SIDE and base.multiplier == 1:
            line = Line.ABOVE  # T6, T10: an undoubled defence is never written below.
        if entry.kind is EntryKind.NULLO_BONUS and base.outcome is Outcome.NULLO_FAILED:
            taken = hand.tricks[roles.declarer] if hand.tricks is not None else 1
            points = three_player_lost_nullo_bonus(taken)  # T11
        entries.append(entry._replace(line=line, points=points))
    scored = base._replace(entries=tuple(entries))
    return at_seats(scored, seat_of, hand.seats, roles, _copies(hand, roles))


def at_seats(
    base: HandScore,
    seat_of: tuple[int, int],
    seats: int,
    roles: Roles | None,
    copies: tuple[tuple[int, int], ...],
) -> HandScore:
    """A two-sided hand's score written in the columns of ``seats`` players: side 0's
    entries for seat ``seat_of[0]``, side 1's for ``seat_of[1]``; the copies are made
    later, once prison and the rubber bonus are known."""
    trick_scores = [0] * seats
    totals = [0] * seats
    for side, seat in enumerate(seat_of):
        trick_scores[seat] = base.trick_scores[side]
        totals[seat] = base.totals[side]
    return HandScore(
        outcome=base.outcome,
        trick_scores=tuple(trick_scores),
        totals=tuple(totals),
        multiplier=base.multiplier,
        winner=None if base.winner is None else seat_of[base.winner],
        entries=tuple(e._replace(side=seat_of[e.side]) for e in base.entries),
        to_prison=base.to_prison,
        copies=copies,
        roles=roles,
    )


def _copies(hand: ThreePlayerHand, roles: Roles) -> tuple[tuple[int, int], ...]:
    """T8: I copies his partner; F3: the cutthroat dealer then copies I."""
    if hand.sitting_out is None:
        return ((roles.inactive, roles.partner),)
    return ((roles.inactive, roles.partner), (hand.sitting_out, roles.inactive))
