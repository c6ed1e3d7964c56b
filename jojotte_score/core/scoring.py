"""Scoring one hand on its own: trick scores, totals, entries, prison (rulings R1-R9).

Prison awards, games and rubbers depend on the hands before; :mod:`ledger` adds those.
"""

import enum
from typing import Final, NamedTuple

from jojotte_score.core.model import Doubling, Hand, PlayedHand, Special, ThrownIn, Trump, opponent
from jojotte_score.core.tables import (
    JOJOTTE_BONUS,
    LAST_TRICK_BONUS,
    NULLO_BONUS,
    NULLO_EXTRA_TRICK_BONUS,
    SLAM_BONUS,
    UNBID_SLAM_BONUS,
)


class Line(enum.StrEnum):
    """Which side of the heavy line an entry is written on."""

    ABOVE = "above"
    BELOW = "below"


class EntryKind(enum.StrEnum):
    """What an entry on the sheet is for."""

    MELD = "meld"
    TRICKS = "tricks"
    PRISON = "prison"
    SLAM_BONUS = "slam-bonus"
    UNBID_SLAM_BONUS = "unbid-slam-bonus"
    NULLO_BONUS = "nullo-bonus"
    RUBBER_BONUS = "rubber-bonus"


class Outcome(enum.StrEnum):
    """How a hand was decided; the explanation and the winner follow from it."""

    THROWN_IN = "thrown-in"
    DECLARER_WON = "declarer-won"
    DEFENDER_WON = "defender-won"
    TIE = "tie"
    SLAM_FAILED = "slam-failed"
    NULLO_MADE = "nullo-made"
    NULLO_FAILED = "nullo-failed"


class Entry(NamedTuple):
    """One number written on the pad: in hand ``hand``, for ``side``, above or below.

    What the pad's readers get (``HandScore.entries``, ``HandResult.entries``); the pad
    itself keeps each entry as a :data:`PlainEntry`, which :func:`as_entry` turns into this.
    """

    hand: int
    side: int
    line: Line
    points: int
    kind: EntryKind


PlainEntry = tuple[int, int, str, int, str]
"""An entry as the pad keeps it: :class:`Entry`'s fields in a plain tuple, the line and the
kind as their string values ("above", "meld").

Plain values, because Python's collector never scans a tuple of them after its first look,
while it scans every named tuple and every tuple holding an enum member in each full
collection as long as it lives. Scoring 100,000 hands keeps some 230,000 entries: as
:class:`Entry` values the replay ended with 748,000 tracked objects, and its seven full
collections took 0.58 s of its 1.8 s; kept plain, 385,000, and five took 0.29 s
(benchmarks/README.md, "Scoring a long file").
"""

_LINES: Final = {line.value: line for line in Line}
_KINDS: Final = {kind.value: kind for kind in EntryKind}


def plain_entry(number: int, side: int, line: Line, points: int, kind: EntryKind) -> PlainEntry:
    """Hand ``number``'s entry of ``points`` for ``side`` as the pad keeps it."""
    return (number, side, line._value_, points, kind._value_)


def as_entry(entry: PlainEntry) -> Entry:
    """An entry as the pad keeps it, as the :class:`Entry` its readers get."""
    hand, side, line, points, kind = entry
    return Entry(hand, side, _LINES[line], points, _KINDS[kind])


class HandScore(NamedTuple):
    """What one hand scores by itself, column by column, before prison awards and games.

    A two-sided game has two columns, the sides; a game per player a column per player,
    and ``entries``' ``side`` is then a seat. ``winner`` is the column that collects waiting
    prison (R10, T12): the one scoring trick points below, or the defender of a failed
    Slam; ``None`` for ties, Nullo and thrown-in deals.

    ``copies`` lists who writes a copy of whose entries once prison and the rubber bonus
    are known, as (copier, source) pairs in order (T8, F3, C4); they are written above the
    line (T8, F3), or with ``copies_above`` False on the line of what they copy (the
    chouette's partner, C4). ``roles`` are the players' roles in a hand recorded by seat
    (T3, T4). The two-sided games leave all three at their defaults.

    ``plain_entries`` are its entries as the pad keeps them (:data:`PlainEntry`); ``entries``
    the same as :class:`Entry` values. A named tuple for speed, one per hand: on Python 3.11
    a named tuple is built in less than half the time of a frozen slotted dataclass.
    """

    outcome: Outcome
    trick_scores: tuple[int, ...]
    totals: tuple[int, ...]
    multiplier: int
    winner: int | None
    plain_entries: tuple[PlainEntry, ...]
    to_prison: int
    copies: tuple[tuple[int, int], ...] = ()
    copies_above: bool = True
    roles: "Roles | None" = None

    @property
    def entries(self) -> tuple[Entry, ...]:
        """The hand's own entries, before prison awards, the rubber bonus and copies."""
        return tuple(map(as_entry, self.plain_entries))


class Roles(NamedTuple):
    """Who did what in a hand recorded by seat: D, A, I and I's partner (T3, T4)."""

    declarer: int
    active_defender: int
    inactive: int
    partner: int


# The enum members read for every hand, named once: on Python 3.11 reading a member from
# its class (``Special.NULLO``) goes through ``EnumType.__getattr__``'s slow path, some 900
# instructions each against a few dozen for a module's name (callgrind); scoring a plain
# hand read nine of them (benchmarks/README.md, "One pass through a hand").
_NO_SPECIAL: Final = Special.NONE
_NULLO: Final = Special.NULLO
_NO_TRUMP: Final = Trump.NO_TRUMP
_TIE: Final = Outcome.TIE
_DECLARER_WON: Final = Outcome.DECLARER_WON
_DEFENDER_WON: Final = Outcome.DEFENDER_WON


def trick_scores(hand: PlayedHand) -> tuple[int, int]:
    """R1: card points + 10 for the last trick (not in Nullo) + 20 for Jo-Jotte (trump only)."""
    first, second = hand.card_points
    if hand.special is not _NULLO:
        if hand.last_trick == 0:
            first += LAST_TRICK_BONUS
        elif hand.last_trick == 1:
            second += LAST_TRICK_BONUS
        if hand.jojotte is not None and hand.trump is not _NO_TRUMP:
            if hand.jojotte == 0:
                first += JOJOTTE_BONUS
            else:
                second += JOJOTTE_BONUS
    return (first, second)


def score_hand(hand: Hand, number: int) -> HandScore:
    """Score hand ``number`` (1-based) by rulings R1 to R9; the hand must be valid."""
    if isinstance(hand, ThrownIn):
        return HandScore(Outcome.THROWN_IN, (0, 0), (0, 0), 1, None, (), 0)

    tricks = trick_scores(hand)
    meld_0, meld_1 = hand.melds
    totals = (tricks[0] + meld_0, tricks[1] + meld_1)
    entries: list[PlainEntry] = []
    # R5: melds above, in every played hand, never multiplied.
    if meld_0:
        entries.append((number, 0, _ABOVE, meld_0, _MELD))
    if meld_1:
        entries.append((number, 1, _ABOVE, meld_1, _MELD))

    special = hand.special
    if special is _NO_SPECIAL:
        outcome, winner, to_prison, multiplier = _contest(hand, number, tricks, totals, entries)
    elif special is _NULLO:
        outcome, winner, to_prison, multiplier = _nullo(hand, number, tricks, entries)
    elif not won_every_trick(hand, hand.bidder):  # a Slam bid and lost (R8)
        outcome, winner, to_prison, multiplier = _failed_slam(hand, number, tricks, totals, entries)
    else:
        outcome, winner, to_prison, multiplier = _contest(hand, number, tricks, totals, entries)

    if special is not _NULLO and hand.tricks is not None:
        for side in (0, 1):
            if not won_every_trick(hand, side):
                continue
            if special is Special.SLAM and side == hand.bidder:
                entries.append((number, side, _ABOVE, SLAM_BONUS, _SLAM_BONUS))
            else:  # R6: every trick without having bid Slam.
                entries.append((number, side, _ABOVE, UNBID_SLAM_BONUS, _UNBID_SLAM_BONUS))
    # Built by tuple.__new__, every field in order: the named tuple's own constructor is a
    # Python function, some two and a half times as long (timeit, Python 3.11).
    score: HandScore = tuple.__new__(
        HandScore,
        (outcome, tricks, totals, multiplier, winner, tuple(entries), to_prison, (), True, None),
    )
    return score


_Decision = tuple[Outcome, int | None, int, int]

# An entry's line and kind as the pad keeps them (see PlainEntry), named once.
_ABOVE: Final = Line.ABOVE.value
_BELOW: Final = Line.BELOW.value
_MELD: Final = EntryKind.MELD.value
_TRICKS: Final = EntryKind.TRICKS.value
_SLAM_BONUS: Final = EntryKind.SLAM_BONUS.value
_UNBID_SLAM_BONUS: Final = EntryKind.UNBID_SLAM_BONUS.value
_NULLO_BONUS: Final = EntryKind.NULLO_BONUS.value


def _tricks_of(hand: PlayedHand, side: int) -> int:
    return hand.tricks[side] if hand.tricks is not None else 0


def won_every_trick(hand: PlayedHand, side: int) -> bool:
    """True when ``side`` took every trick: its opponent took none (9 or 8 in partnerships)."""
    return hand.tricks is not None and hand.tricks[opponent(side)] == 0


def _contest(
    hand: PlayedHand,
    number: int,
    tricks: tuple[int, int],
    totals: tuple[int, int],
    entries: list[PlainEntry],
) -> _Decision:
    """R3 (undoubled) and R4 (doubled): the higher total wins; equal totals go to prison.
    Not in Nullo, so the bidder declares."""
    declarer = hand.bidder
    defender = 1 - declarer
    multiplier = _MULTIPLIERS[hand.double]
    combined = multiplier * (tricks[0] + tricks[1])
    if totals[0] == totals[1]:
        return _TIE, None, combined, multiplier
    if totals[declarer] > totals[defender]:
        if multiplier == 1:
            if tricks[declarer]:
                entries.append((number, declarer, _BELOW, tricks[declarer], _TRICKS))
            if tricks[defender]:
                entries.append((number, defender, _ABOVE, tricks[defender], _TRICKS))
        elif combined:
            entries.append((number, declarer, _BELOW, combined, _TRICKS))
        return _DECLARER_WON, declarer, 0, multiplier
    if combined:
        entries.append((number, defender, _BELOW, combined, _TRICKS))
    return _DEFENDER_WON, defender, 0, multiplier


_MULTIPLIERS: Final = {double: double.multiplier for double in Doubling}


def _failed_slam(
    hand: PlayedHand,
    number: int,
    tricks: tuple[int, int],
    totals: tuple[int, int],
    entries: list[PlainEntry],
) -> _Decision:
    """R8: no trick points for the declarer; the defender takes both, below only if ahead."""
    defender = opponent(hand.declarer)
    multiplier = hand.double.multiplier
    combined = multiplier * (tricks[0] + tricks[1])
    line = _BELOW if totals[defender] > totals[hand.declarer] else _ABOVE
    if combined:
        entries.append((number, defender, line, combined, _TRICKS))
    return Outcome.SLAM_FAILED, defender, 0, multiplier


def _nullo(
    hand: PlayedHand, number: int, tricks: tuple[int, int], entries: list[PlainEntry]
) -> _Decision:
    """R9: all card points to prison; 200 to a clean Nullo bidder, else 200 + 100 per extra."""
    bidder = hand.declarer
    taken = _tricks_of(hand, bidder)
    if taken == 0:
        entries.append((number, bidder, _ABOVE, NULLO_BONUS, _NULLO_BONUS))
        outcome = Outcome.NULLO_MADE
    else:
        bonus = two_sided_lost_nullo_bonus(taken)
        entries.append((number, opponent(bidder), _ABOVE, bonus, _NULLO_BONUS))
        outcome = Outcome.NULLO_FAILED
    return outcome, None, tricks[0] + tricks[1], 1


def two_sided_lost_nullo_bonus(tricks_taken: int) -> int:
    """R9: a Nullo lost between two sides (two players, partnerships, the chouette's box
    and team) pays the opponent 200 for the first trick and 100 for each further."""
    return NULLO_BONUS + NULLO_EXTRA_TRICK_BONUS * (tricks_taken - 1)
