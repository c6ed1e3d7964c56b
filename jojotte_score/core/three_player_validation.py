"""What makes a recorded three-player hand impossible (T16), in the players' words.

The roles are checked here: seats, who may double, defend, bid Nullo, and that the set-aside
hand holds nothing. The play itself is two-player Jo-Jotte between the declarer and the
active defender (T5), so card points, melds, last trick, Jo-Jotte and tricks are checked by
:func:`jojotte_score.core.validation.check_hand` on that two-sided hand, with the two
players' names, and each problem's field is given back its seat.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from jojotte_score.core.errors import Problem
from jojotte_score.core.model import Doubling, Special, ThrownIn, Variant
from jojotte_score.core.three_player import (
    CUTTHROAT_SEATS,
    SeatSitting,
    SidesWith,
    ThreePlayerDeal,
    ThreePlayerHand,
    two_sided,
)
from jojotte_score.core.validation import check_hand, check_sitting_setup

UNNAMED_PLAYERS = ("player 0", "player 1", "player 2")
UNNAMED_CUTTHROAT_PLAYERS = ("player 0", "player 1", "player 2", "player 3")
_COUNT_WORDS = {3: "three", 4: "four"}
_SEAT_FIELDS = (
    ("dealer", "the dealer"),
    ("bidder", "the bidder"),
    ("doubler", "the doubler"),
    ("nullo_bidder", "the Nullo bidder"),
    ("active_defender", "the active defender"),
    ("last_trick", "the last trick's winner"),
    ("jojotte", "Jo-Jotte's holder"),
)
# How the checks report an error: (message, field).
_Report = Callable[[str, str], None]
_INDEXED = re.compile(r"^(\w+)\[(\d)\]$")


def check_three_player_hand(
    hand: ThreePlayerDeal,
    number: int | None = None,
    players: tuple[str, str, str] | None = None,
) -> list[Problem]:
    """Every error of one three-player hand (T16); the names are the players' (seat order)."""
    return _check_hand(hand, number, players or UNNAMED_PLAYERS)


def check_cutthroat_hand(
    hand: ThreePlayerDeal,
    number: int | None = None,
    players: tuple[str, str, str, str] | None = None,
) -> list[Problem]:
    """Every error of one cutthroat hand: T16 among the three players other than the
    dealer, and F2 (the dealer recorded, and named by nothing else of the hand)."""
    return _check_hand(hand, number, players or UNNAMED_CUTTHROAT_PLAYERS)


def _check_hand(hand: ThreePlayerDeal, number: int | None, names: tuple[str, ...]) -> list[Problem]:
    """T16 (and F2 when ``names`` has four players), in layers: a later layer runs only when
    the earlier ones found nothing, so that one mistake gives one message."""
    problems: list[Problem] = []

    def error(message: str, field: str) -> None:
        problems.append(Problem(message, number, field))

    seats = range(len(names))
    choice = ", ".join(f"{name} ({seat})" for seat, name in enumerate(names[:-1]))
    choice += f" or {names[-1]} ({len(names) - 1})"
    for key, words in _SEAT_FIELDS:  # T16.1
        seat = getattr(hand, key, None)
        if seat is not None and seat not in seats:
            error(f"{words} must be {choice}, not {seat}", key)
    if isinstance(hand, ThrownIn) or problems:
        return problems
    count = _COUNT_WORDS[len(names)]
    for key in ("card_points", "melds", "tricks"):
        values = getattr(hand, key)
        if values is not None and len(values) != len(names):
            error(f"the {key.replace('_', ' ')} need one number per player, {count} in all", key)
    if problems:
        return problems
    if len(names) == CUTTHROAT_SEATS:
        _check_dealer_sits_out(hand, names, error)
        if problems:
            return problems
    _check_roles(hand, names, error)
    if problems:
        return problems
    _check_set_aside(hand, names, error)
    if problems:
        return problems
    return _check_play(hand, number, names)


def _check_dealer_sits_out(hand: ThreePlayerHand, names: tuple[str, ...], error: _Report) -> None:
    """F2: in cutthroat the dealer deals to the other three and takes no part in the hand."""
    dealer = hand.dealer
    if dealer is None:
        error("in cutthroat the dealer sits out: record who dealt", "dealer")
        return
    name = names[dealer]
    for key, words in _SEAT_FIELDS[1:]:
        if getattr(hand, key) == dealer:
            error(f"{name} dealt and sits out this hand, so cannot be {words}", key)
    for key, words in (
        ("card_points", "card points"),
        ("melds", "meld points"),
        ("tricks", "tricks"),
    ):
        values = getattr(hand, key)
        if values is not None and values[dealer]:
            error(
                f"{name} dealt and sat out, so {name}'s {words} must be 0, not {values[dealer]}",
                f"{key}[{dealer}]",
            )


def _check_roles(hand: ThreePlayerHand, names: tuple[str, ...], error: _Report) -> None:
    """T16.2-T16.4: who doubled, who defends, who bid Nullo."""
    doubled = hand.double is not Doubling.NONE
    nullo = hand.special is Special.NULLO
    if doubled:
        if hand.doubler is None:
            error("the contract was doubled: record who doubled", "doubler")
        elif hand.doubler == hand.bidder:
            error(f"{names[hand.bidder]} bid the contract and cannot double it", "doubler")
        if hand.sides_with is None:
            error(
                "the contract was doubled: record whether the third player sided with the "
                "declarer or the defender",
                "sides_with",
            )
    else:
        if hand.doubler is not None:
            error(
                f"{names[hand.doubler]} is recorded as doubling, but the contract was not doubled",
                "doubler",
            )
        if hand.sides_with is not None:
            error("the third player chooses a side only after a double", "sides_with")
    if nullo:
        if hand.nullo_bidder is None:
            error("Nullo needs the player who bid it", "nullo_bidder")
        elif hand.nullo_bidder == hand.bidder:
            error(
                f"{names[hand.bidder]} named the trump and cannot bid Nullo against it",
                "nullo_bidder",
            )
        elif doubled and hand.nullo_bidder == hand.doubler:
            error(f"{names[hand.nullo_bidder]} doubled and cannot then bid Nullo", "nullo_bidder")
        elif doubled and hand.sides_with is SidesWith.DEFENDER:
            error(
                f"{names[hand.nullo_bidder]} sided with the defender who doubled and may not "
                "bid Nullo",
                "sides_with",
            )
    elif hand.nullo_bidder is not None:
        error(
            f"{names[hand.nullo_bidder]} is recorded as the Nullo bidder, but no Nullo was bid",
            "nullo_bidder",
        )
    if nullo and (hand.nullo_bidder is None or hand.nullo_bidder == hand.bidder):
        return  # the declarer is not known, so the defender cannot be checked against him
    declarer = hand.declarer
    if hand.active_defender == declarer:
        error(
            f"{names[declarer]} is the declarer and cannot also be the active defender",
            "active_defender",
        )
    elif (
        doubled
        and not nullo
        and hand.doubler is not None
        and hand.doubler != hand.bidder
        and hand.active_defender != hand.doubler
    ):
        error(
            f"{names[hand.doubler]} doubled and so is the active defender, "
            f"not {names[hand.active_defender]}",
            "active_defender",
        )


def _check_set_aside(hand: ThreePlayerHand, names: tuple[str, ...], error: _Report) -> None:
    """T16.5: the inactive player's cards were set aside and count nothing."""
    seat = hand.inactive
    name = names[seat]
    for key, words in (("card_points", "card points"), ("melds", "meld points")):
        value = getattr(hand, key)[seat]
        if value:
            error(
                f"{name} sat out: {name}'s hand was set aside, so {name}'s {words} must be 0, "
                f"not {value}",
                f"{key}[{seat}]",
            )
    if hand.tricks is not None and hand.tricks[seat]:
        error(
            f"{name} sat out and took no trick, not {hand.tricks[seat]}",
            f"tricks[{seat}]",
        )
    if hand.last_trick == seat:
        error(f"{name} sat out and cannot have won the last trick", "last_trick")
    if hand.jojotte == seat:
        error(f"{name} sat out and cannot score Jo-Jotte", "jojotte")


def _check_play(hand: ThreePlayerHand, number: int | None, names: tuple[str, ...]) -> list[Problem]:
    """T16.6-T16.8: the two-player checks of the hand D against A, fields back by seat."""
    seats = (hand.declarer, hand.active_defender)
    problems = check_hand(
        two_sided(hand), Variant.TWO_PLAYER, number, (names[seats[0]], names[seats[1]])
    )
    return [_by_seat(problem, seats) for problem in problems if not problem.warning]


def _by_seat(problem: Problem, seats: tuple[int, int]) -> Problem:
    """The problem with its field's side (0 declarer, 1 active defender) turned into a seat."""
    if problem.field is None:
        return problem
    match = _INDEXED.match(problem.field)
    if match is None:
        return problem
    return problem._replace(field=f"{match.group(1)}[{seats[int(match.group(2))]}]")


def check_seat_sitting(sitting: SeatSitting) -> list[Problem]:
    """Every problem with a three-player or cutthroat sitting: its players, rules and hands
    (T16; F1, F7)."""
    problems = check_sitting_setup(sitting.variant, sitting.players, sitting.rules)
    unnamed = tuple(f"player {seat}" for seat in range(sitting.variant.seats))
    names = unnamed if problems else sitting.players
    for number, hand in enumerate(sitting.hands, start=1):
        problems.extend(_check_hand(hand, number, names))
    return problems
