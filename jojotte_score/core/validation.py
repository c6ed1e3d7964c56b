"""What makes a recorded hand impossible (an error) or doubtful (a warning).

The sitting-file reader, the storage layer and the entry panel all call these checks, so a
hand the core refuses is refused everywhere with the same words. The words are the
players': a side is named as the sheet names it when the names are known, and no message
uses a key of the sitting file (each problem's ``field`` names the key instead).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

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
    side_names,
)
from jojotte_score.core.tables import (
    CARD_POINT_STEP,
    FOUR_OF_A_KIND_POINTS,
    NINE_CARD_MELD_SPLITS,
    PARTNERSHIP_MELD_SPLITS,
    PARTNERSHIP_MELD_TOTALS,
    TWO_PLAYER_MELD_TOTALS,
    contract_deck,
    is_meld_sum,
)

SIDES = (0, 1)
# A player's name fits a column of the pad, a button and a line of the command line's table;
# a title or place fits a printed header line.
MAX_NAME_LENGTH = 40
MAX_LABEL_LENGTH = 80
UNNAMED_SIDES = ("side 0", "side 1")


# How the checks report an error: (message, field).
_Report = Callable[[str, str], None]

# One side's meld points split into its classes: (fours of a kind, sequence points).
_Split = tuple[int, int]


def check_hand(
    hand: Hand,
    variant: Variant,
    number: int | None = None,
    names: tuple[str, str] | None = None,
) -> list[Problem]:
    """Every problem with one hand; errors and warnings (``Problem.warning``) together.

    ``number`` is the hand's number in its sitting (from 1); ``names`` are the two sides'
    names as the sheet shows them ("Anna", or "Anna & Carl" in partnerships), used in the
    messages; without them the sides are called "side 0" and "side 1".
    """
    problems: list[Problem] = []

    def error(message: str, field: str) -> None:
        problems.append(Problem(message, number, field))

    if hand.dealer is not None and not 0 <= hand.dealer < variant.seats:
        error(
            f"the dealer must be a seat from 0 to {variant.seats - 1}, not {hand.dealer}",
            "dealer",
        )
    if isinstance(hand, ThrownIn):
        return problems
    sides = names or UNNAMED_SIDES
    _check_played(hand, variant, sides, error)
    if not problems and variant.all_cards_played:
        problems.extend(_card_count_warnings(hand, number, sides))
    return problems


def _contract_words(hand: PlayedHand) -> str:
    """How the deck is counted in the hand: "with a trump suit", "at no-trump", "in Nullo"."""
    if hand.special is Special.NULLO:
        return "in Nullo"
    return "with a trump suit" if hand.trump.is_suit else "at no-trump"


def _either(sides: tuple[str, str]) -> str:
    """The two sides as a choice: "Anna (0) or Bert (1)", "side 0 or side 1"."""
    if sides == UNNAMED_SIDES:
        return "side 0 or side 1"
    return f"{sides[0]} (0) or {sides[1]} (1)"


def _each(values: tuple[int, int], sides: tuple[str, str]) -> str:
    """A pair of numbers by side: "Anna: 90, Bert: 80"."""
    return f"{sides[0]}: {values[0]}, {sides[1]}: {values[1]}"


def _check_played(
    hand: PlayedHand, variant: Variant, sides: tuple[str, str], error: _Report
) -> None:
    nullo = hand.special is Special.NULLO
    if hand.bidder not in SIDES:
        error(f"the bidder must be {_either(sides)}, not {hand.bidder}", "bidder")
    if nullo and hand.double is not Doubling.NONE:
        error("Nullo cannot be played on a doubled contract", "double")

    _check_card_points(hand, variant, sides, error)
    _check_melds(hand, variant, sides, error)

    if hand.last_trick is None:
        if not nullo:
            error(
                "who won the last trick is not recorded (it counts except in Nullo)", "last_trick"
            )
    elif hand.last_trick not in SIDES:
        error(f"the last trick must go to {_either(sides)}, not {hand.last_trick}", "last_trick")

    if hand.jojotte is not None:
        if hand.jojotte not in SIDES:
            error(f"Jo-Jotte must go to {_either(sides)}, not {hand.jojotte}", "jojotte")
        elif nullo:
            error("Jo-Jotte does not count in Nullo", "jojotte")
        elif not hand.trump.is_suit:
            error("Jo-Jotte needs a trump suit", "jojotte")

    _check_tricks(hand, variant, sides, error)


def _check_card_points(
    hand: PlayedHand, variant: Variant, sides: tuple[str, str], error: _Report
) -> None:
    """Each side's count within the deck; with 18 of the 32 cards played, both together too.

    Only in partnerships are all 32 cards played; with two players each holds nine cards,
    so the two counts add up to anything from 0 to the deck (a count that falls short of it
    is normal), never to more.
    """
    deck = contract_deck(hand.trump, hand.special)
    points = hand.card_points
    wrong = False
    for side in SIDES:
        if points[side] % CARD_POINT_STEP or not 0 <= points[side] <= deck:
            wrong = True
            error(
                f"{sides[side]}'s card points ({points[side]}) must be a multiple of 5 "
                f"from 0 to {deck} {_contract_words(hand)}",
                f"card_points[{side}]",
            )
    counted = points[0] + points[1]
    if not wrong and not variant.all_cards_played and counted > deck:
        error(
            f"card points add up to {counted} ({_each(points, sides)}), more than the "
            f"{deck} of the whole deck {_contract_words(hand)}",
            "card_points",
        )


def _card_count_warnings(
    hand: PlayedHand, number: int | None, sides: tuple[str, str]
) -> list[Problem]:
    """When all 32 cards are played, card points that do not add up to the deck."""
    deck = contract_deck(hand.trump, hand.special)
    counted = hand.card_points[0] + hand.card_points[1]
    if counted == deck:
        return []
    return [
        Problem(
            f"card points add up to {counted} ({_each(hand.card_points, sides)}), not the "
            f"{deck} of the deck {_contract_words(hand)}",
            number,
            "card_points",
            warning=True,
        )
    ]


def _possible_totals(totals: frozenset[int]) -> str:
    """The meld totals a side can score, in short: every sum of melds up to a point, then
    the few above it."""
    top = 0
    while top + 10 in totals or not is_meld_sum(top + 10):
        top += 10
    rest = [str(total) for total in sorted(totals) if total > top]
    if not rest:
        return f"any sum of melds up to {top}"
    return f"any sum of melds up to {top}, or {', '.join(rest[:-1])} or {rest[-1]}"


# The meld rules of each variant: {fours of a kind: sequence points beside them}, the
# totals, and how the message says who holds the cards (see tables.py).
_NINE_CARDS = (NINE_CARD_MELD_SPLITS, TWO_PLAYER_MELD_TOTALS, "with nine cards")
_EIGHT_CARDS = (
    PARTNERSHIP_MELD_SPLITS,
    PARTNERSHIP_MELD_TOTALS,
    "by two partners of eight cards each",
)
_MELD_RULES: Mapping[Variant, tuple[Mapping[int, frozenset[int]], frozenset[int], str]] = {
    variant: _EIGHT_CARDS if variant is Variant.PARTNERSHIP else _NINE_CARDS for variant in Variant
}
_POSSIBLE = {variant: _possible_totals(rules[1]) for variant, rules in _MELD_RULES.items()}


def _splits(points: int, splits: Mapping[int, frozenset[int]]) -> list[_Split]:
    """Every way ``points`` can be one side's fours of a kind and sequence points."""
    return [
        (fours, points - FOUR_OF_A_KIND_POINTS * fours)
        for fours, sequences in splits.items()
        if points - FOUR_OF_A_KIND_POINTS * fours in sequences
    ]


def _check_melds(
    hand: PlayedHand, variant: Variant, sides: tuple[str, str], error: _Report
) -> None:
    """Each side's total one it can meld; both together, each class scored by one side only.

    "In a particular hand, only one player may score for Honor Meld(s) in each Class." A
    pair is refused only when no split of the two totals into their classes gives each
    class to one side alone.
    """
    splits, totals, holders = _MELD_RULES[variant]
    melds = hand.melds
    wrong = False
    for side in SIDES:
        points = melds[side]
        if not is_meld_sum(points):
            problem = "are not a sum of 20, 40, 50 and 100"
        elif points not in totals:
            problem = f"cannot be melded {holders} (possible totals: {_POSSIBLE[variant]})"
        else:
            continue
        wrong = True
        error(f"{sides[side]}'s meld points ({points}) {problem}", f"melds[{side}]")
    if wrong or not melds[0] or not melds[1]:
        return
    pairs = [
        (first, second)
        for first in _splits(melds[0], splits)
        for second in _splits(melds[1], splits)
    ]
    if any(not (a[0] and b[0]) and not (a[1] and b[1]) for a, b in pairs):
        return
    both_fours = all(a[0] and b[0] for a, b in pairs)
    both_runs = all(a[1] and b[1] for a, b in pairs)
    shared = f"{sides[0]}'s {melds[0]} and {sides[1]}'s {melds[1]} meld points"
    if both_fours and both_runs:
        message = (
            f"{shared} both include four of a kind and sequences, but only one side may "
            "score in each class of melds"
        )
    elif both_fours or both_runs:
        what = "four of a kind" if both_fours else "sequences"
        message = f"{shared} both include {what}, but only one side may score {what} in a hand"
    else:
        message = (
            f"{shared} cannot both be scored: however they are split, both sides score in "
            "one class, but only one side may score in each class of melds"
        )
    error(message, "melds")


def _check_tricks(
    hand: PlayedHand, variant: Variant, sides: tuple[str, str], error: _Report
) -> None:
    if hand.tricks is None:
        if hand.special is not Special.NONE:
            name = "Nullo" if hand.special is Special.NULLO else "Slam"
            error(f"{name} needs each side's tricks", "tricks")
        return
    per_hand = variant.tricks_per_hand
    if any(not 0 <= t <= per_hand for t in hand.tricks):
        error(
            f"the tricks ({_each(hand.tricks, sides)}) must each be from 0 to {per_hand}",
            "tricks",
        )
        return
    if sum(hand.tricks) != per_hand:
        error(
            f"the tricks ({_each(hand.tricks, sides)}) add up to {sum(hand.tricks)}, "
            f"not {per_hand}",
            "tricks",
        )
        return
    for side in SIDES:
        if hand.tricks[side] == 0:
            if hand.card_points[side] > 0:
                error(
                    f"{sides[side]} won no trick but holds {hand.card_points[side]} card points",
                    f"card_points[{side}]",
                )
            if hand.last_trick == side and hand.special is not Special.NULLO:
                error(
                    f"{sides[side]} won no trick but is recorded with the last trick",
                    "last_trick",
                )


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
        elif len(name) > MAX_NAME_LENGTH:
            problems.append(
                Problem(
                    f"player {seat}'s name is {len(name)} characters long; "
                    f"a name has at most {MAX_NAME_LENGTH}",
                    field="players",
                )
            )
    if rules.game_target <= 0:
        problems.append(
            Problem("the game target must be a positive number of points", field="game_target")
        )
    if rules.rubber_bonus < 0:
        problems.append(Problem("the rubber bonus must not be negative", field="rubber_bonus"))
    return problems


def check_label(field: str, text: str) -> list[Problem]:
    """A sitting's title or place: at most MAX_LABEL_LENGTH characters, on one line."""
    if len(text) > MAX_LABEL_LENGTH:
        message = f"the {field} is {len(text)} characters long; it has at most {MAX_LABEL_LENGTH}"
        return [Problem(message, field=field)]
    if any(character in text for character in "\n\r"):
        return [Problem(f"the {field} must be one line", field=field)]
    return []


def sitting_side_names(variant: Variant, players: tuple[str, ...]) -> tuple[str, str] | None:
    """The sides' names for the messages of :func:`check_hand`, or None when the players do
    not fit the variant (their own problem is reported by :func:`check_sitting_setup`)."""
    if len(players) != variant.seats or not all(name.strip() for name in players):
        return None
    return side_names(variant, players)


def check_sitting(sitting: Sitting) -> list[Problem]:
    """Every problem with a sitting, hands numbered from 1 in order."""
    problems = check_sitting_setup(sitting.variant, sitting.players, sitting.rules)
    names = sitting_side_names(sitting.variant, sitting.players)
    for number, hand in enumerate(sitting.hands, start=1):
        problems.extend(check_hand(hand, sitting.variant, number, names))
    return problems


def errors_only(problems: list[Problem]) -> list[Problem]:
    """The problems that refuse the input (warnings removed)."""
    return [p for p in problems if not p.warning]
