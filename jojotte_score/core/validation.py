"""What makes a recorded hand impossible (an error) or doubtful (a warning).

The sitting-file reader, the storage layer and the entry panel all call these checks, so a
hand the core refuses is refused everywhere with the same words.
"""

from __future__ import annotations

from collections.abc import Callable

from jojotte_score.core.errors import Problem
from jojotte_score.core.model import (
    Doubling,
    Hand,
    PlayedHand,
    Rules,
    Sitting,
    Special,
    ThrownIn,
    Variant,
)
from jojotte_score.core.tables import (
    CARD_POINT_STEP,
    MAX_PARTNERSHIP_MELD_POINTS,
    TWO_PLAYER_MELD_TOTALS,
    deck_points,
    is_meld_sum,
)

SIDES = (0, 1)

# Bound once: enum member lookups are slow in Python 3.11 and these run for every hand.
_NULLO, _NONE, _UNDOUBLED = Special.NULLO, Special.NONE, Doubling.NONE

# How the checks report an error: (message, field).
_Report = Callable[[str, str], None]


def check_hand(hand: Hand, variant: Variant, number: int | None = None) -> list[Problem]:
    """Every problem with one hand; errors and warnings (``Problem.warning``) together."""
    problems: list[Problem] = []

    def error(message: str, field: str) -> None:
        problems.append(Problem(message, number, field))

    if hand.dealer is not None and not 0 <= hand.dealer < variant.seats:
        error(f"dealer {hand.dealer} is not a seat (0 to {variant.seats - 1})", "dealer")
    if isinstance(hand, ThrownIn):
        return problems
    _check_played(hand, variant, error)
    if not problems:
        problems.extend(_card_count_warnings(hand, number))
    return problems


def _check_played(hand: PlayedHand, variant: Variant, error: _Report) -> None:
    nullo = hand.special is _NULLO
    if hand.bidder not in SIDES:
        error(f"bidder {hand.bidder} is not a side (0 or 1)", "bidder")
    if nullo and hand.double is not _UNDOUBLED:
        error("Nullo cannot be played on a doubled contract", "double")

    plays_trump = hand.trump.is_suit and not nullo
    top = deck_points(plays_trump)
    for side, points in enumerate(hand.card_points):
        if points % CARD_POINT_STEP or not 0 <= points <= top:
            where = "with a trump suit" if plays_trump else "at no-trump and Nullo"
            error(
                f"card points of side {side} ({points}) must be a multiple of 5 "
                f"from 0 to {top} {where}",
                f"card_points[{side}]",
            )
    for side, points in enumerate(hand.melds):
        problem = _meld_problem(points, variant)
        if problem:
            error(f"meld points of side {side} ({points}) {problem}", f"melds[{side}]")

    if hand.last_trick is None:
        if not nullo:
            error("last_trick is required: which side won the last trick", "last_trick")
    elif hand.last_trick not in SIDES:
        error(f"last_trick {hand.last_trick} is not a side (0 or 1)", "last_trick")

    if hand.jojotte is not None:
        if hand.jojotte not in SIDES:
            error(f"jojotte {hand.jojotte} is not a side (0 or 1)", "jojotte")
        elif nullo:
            error("jojotte does not count in Nullo", "jojotte")
        elif not hand.trump.is_suit:
            error("jojotte needs a trump suit", "jojotte")

    _check_tricks(hand, variant, error)


def _meld_problem(points: int, variant: Variant) -> str:
    """Why a side's meld total is impossible, or "" when it is possible."""
    if not is_meld_sum(points):
        return "are not a sum of 20, 40, 50 and 100"
    if variant is Variant.PARTNERSHIP:
        if points > MAX_PARTNERSHIP_MELD_POINTS:
            return (
                f"exceed the {MAX_PARTNERSHIP_MELD_POINTS} two partners can meld "
                "with eight cards each"
            )
        return ""
    if points not in TWO_PLAYER_MELD_TOTALS:
        possible = ", ".join(str(total) for total in sorted(TWO_PLAYER_MELD_TOTALS))
        return f"cannot be melded with nine cards (possible totals: {possible})"
    return ""


def _check_tricks(hand: PlayedHand, variant: Variant, error: _Report) -> None:
    if hand.tricks is None:
        if hand.special is not _NONE:
            name = "Nullo" if hand.special is _NULLO else "Slam"
            error(f"tricks are required for {name}: how many tricks each side won", "tricks")
        return
    per_hand = variant.tricks_per_hand
    if any(not 0 <= t <= per_hand for t in hand.tricks):
        error(f"tricks {list(hand.tricks)} must each be from 0 to {per_hand}", "tricks")
        return
    if sum(hand.tricks) != per_hand:
        error(f"tricks {list(hand.tricks)} add up to {sum(hand.tricks)}, not {per_hand}", "tricks")
        return
    for side in SIDES:
        if hand.tricks[side] == 0:
            if hand.card_points[side] > 0:
                error(
                    f"side {side} won no trick but holds {hand.card_points[side]} card points",
                    f"card_points[{side}]",
                )
            if hand.last_trick == side and hand.special is not _NULLO:
                error(f"side {side} won no trick but is recorded with the last trick", "last_trick")


def _card_count_warnings(hand: PlayedHand, number: int | None) -> list[Problem]:
    plays_trump = hand.trump.is_suit and hand.special is not _NULLO
    deck = deck_points(plays_trump)
    counted = sum(hand.card_points)
    if counted == deck:
        return []
    return [
        Problem(
            f"card points add up to {counted}, not the {deck} of the deck",
            number,
            "card_points",
            warning=True,
        )
    ]


def check_sitting_setup(variant: Variant, players: tuple[str, ...], rules: Rules) -> list[Problem]:
    """Problems with a sitting's players and rules (not its hands)."""
    problems: list[Problem] = []
    if len(players) != variant.seats:
        problems.append(
            Problem(
                f"a {variant.value} sitting needs {variant.seats} player names, not {len(players)}",
                field="players",
            )
        )
    for seat, name in enumerate(players):
        if not name.strip():
            problems.append(Problem(f"player {seat} has an empty name", field="players"))
    if rules.game_target <= 0:
        problems.append(Problem("game_target must be a positive number", field="game_target"))
    if rules.rubber_bonus < 0:
        problems.append(Problem("rubber_bonus must not be negative", field="rubber_bonus"))
    return problems


def check_sitting(sitting: Sitting) -> list[Problem]:
    """Every problem with a sitting, hands numbered from 1 in order."""
    problems = check_sitting_setup(sitting.variant, sitting.players, sitting.rules)
    for number, hand in enumerate(sitting.hands, start=1):
        problems.extend(check_hand(hand, sitting.variant, number))
    return problems


def errors_only(problems: list[Problem]) -> list[Problem]:
    """The problems that refuse the input (warnings removed)."""
    return [p for p in problems if not p.warning]
