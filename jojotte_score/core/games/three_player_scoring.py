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

from jojotte_score.core.model import (
    Doubling,
    PlayedHand,
    SeatDeal,
    SeatHand,
    Special,
    ThrownIn,
)
from jojotte_score.core.scoring import (
    EntryKind,
    HandScore,
    Line,
    Outcome,
    PlainEntry,
    Roles,
    plain_entry,
    score_hand,
)
from jojotte_score.core.tables import (
    LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS,
    LOST_NULLO_FIRST_TRICK_THREE_PLAYERS,
)

CUTTHROAT_SEATS = 4
DECLARER_SIDE, DEFENDER_SIDE = 0, 1


def two_sided(hand: SeatHand) -> PlayedHand:
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


def roles_of(hand: SeatHand) -> Roles:
    """D, A, I and I's partner of a valid hand (T3, T4)."""
    return Roles(hand.declarer, hand.active_defender, hand.inactive, hand.inactive_partner)


def score_three_player_hand(hand: SeatDeal, number: int) -> HandScore:
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
    entries: list[PlainEntry] = []
    for entry in base.entries:
        line, points = entry.line, entry.points
        if entry.kind is EntryKind.TRICKS and entry.side == DEFENDER_SIDE and base.multiplier == 1:
            line = Line.ABOVE  # T6, T10: an undoubled defence is never written below.
        if entry.kind is EntryKind.NULLO_BONUS and base.outcome is Outcome.NULLO_FAILED:
            taken = hand.tricks[roles.declarer] if hand.tricks is not None else 1
            points = three_player_lost_nullo_bonus(taken)  # T11
        entries.append(plain_entry(number, entry.side, line, points, entry.kind))
    scored = base._replace(plain_entries=tuple(entries))
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
        plain_entries=tuple(
            (number, seat_of[side], line, points, kind)
            for number, side, line, points, kind in base.plain_entries
        ),
        to_prison=base.to_prison,
        copies=copies,
        roles=roles,
    )


def _copies(hand: SeatHand, roles: Roles) -> tuple[tuple[int, int], ...]:
    """T8: I copies his partner; F3: the cutthroat dealer then copies I."""
    if hand.sitting_out is None:
        return ((roles.inactive, roles.partner),)
    return ((roles.inactive, roles.partner), (hand.sitting_out, roles.inactive))
