"""What makes a recorded hand impossible (an error) or doubtful (a warning).

The sitting-file reader, the storage layer and the entry panel all call these checks, so a
hand the core refuses is refused everywhere with the same words. Each check is handed the
game it checks for (found in the registry by its caller), read as
:class:`~jojotte_score.core.game_facts.GameFacts`. The words are the
players': a side is named as the sheet names it when the names are known, and no message
uses a key of the sitting file (each problem's ``field`` names the key instead).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, cast

from jojotte_score.core.errors import Problem, comma_list
from jojotte_score.core.model import (
    Doubling,
    Hand,
    PlayedHand,
    Rules,
    Sitting,
    Special,
    ThrownIn,
    Trump,
)
from jojotte_score.core.tables import (
    CARD_POINT_STEP,
    DECK_POINTS_NO_TRUMP,
    DECK_POINTS_TRUMP,
    FOUR_OF_A_KIND_POINTS,
    NINE_CARD_MELD_SPLITS,
    PARTNERSHIP_MELD_SPLITS,
    PARTNERSHIP_MELD_TOTALS,
    TWO_PLAYER_MELD_TOTALS,
    contract_deck,
    is_meld_sum,
)
from jojotte_score.i18n import N_, _

SIDES = (0, 1)
# A player's name fits a column of the pad, a button and a line of the command line's table;
# a title or place fits a printed header line.
MAX_NAME_LENGTH = 40
MAX_LABEL_LENGTH = 80
# The rules' numbers are bounded so that no total the rules make can leave the integers the
# sitting and ledger files (2**53 - 1) and SQLite (2**63 - 1) hold: a hand writes at most a
# few thousand points besides the rubber bonus, so at these bounds a total needs some 9e9
# hands to reach 2**53, far beyond any sitting (a sitting file holds at most 64 MiB).
MAX_GAME_TARGET = 1_000_000
MAX_RUBBER_BONUS = 1_000_000
UNNAMED_SIDES = (N_("side 0"), N_("side 1"))
"""The sides' names in the messages when the players' names are not known (translate them
where shown, or call :func:`unnamed_sides`)."""

if TYPE_CHECKING:
    from jojotte_score.core.game_facts import GameFacts, HandFacts
    from jojotte_score.core.ledger import Checkpoint


def unnamed_sides() -> tuple[str, str]:
    """ "side 0" and "side 1" in the language spoken now."""
    return (_(UNNAMED_SIDES[0]), _(UNNAMED_SIDES[1]))


# How the checks report an error: (message, field).
_Report = Callable[[str, str], None]

# One side's meld points split into its classes: (fours of a kind, sequence points).
_Split = tuple[int, int]


def check_hand(
    hand: Hand,
    game: HandFacts,
    number: int | None = None,
    names: tuple[str, str] | None = None,
    *,
    by_player: bool = False,
) -> list[Problem]:
    """Every problem with one hand of ``game``; errors and warnings (``Problem.warning``)
    together.

    ``number`` is the hand's number in its sitting (from 1); ``names`` are the two sides'
    names as the sheet shows them ("Anna", or "Anna & Carl" in partnerships), used in the
    messages; without them the sides are called "side 0" and "side 1". ``by_player`` says
    the hand is the two-player hand of a game of individual players (the three-player
    game's declarer against the active defender, T5), whose messages speak of players.
    """
    if type(hand) is PlayedHand and _plainly_sound(hand, game):
        return []
    return _check_each_rule(hand, game, number, names, by_player)


def _check_each_rule(
    hand: Hand,
    game: HandFacts,
    number: int | None,
    names: tuple[str, str] | None,
    by_player: bool,
) -> list[Problem]:
    """Every problem with one hand, rule by rule (see :func:`check_hand`)."""
    problems: list[Problem] = []

    def error(message: str, field: str) -> None:
        problems.append(Problem(message, number, field))

    if hand.dealer is not None and not 0 <= hand.dealer < game.seats:
        error(
            _("the dealer must be a seat from 0 to {last}, not {seat}").format(
                last=game.seats - 1, seat=hand.dealer
            ),
            "dealer",
        )
    if isinstance(hand, ThrownIn):
        return problems
    # The sides' names are worked out only when a message needs them: on the happy path no
    # message is translated or formatted (scoring 100,000 hands called ``_`` some 800,000
    # times before).
    sides = _Sides(names)
    _check_played(hand, game, sides, error, by_player)
    if not problems and game.all_cards_played:
        problems.extend(_card_count_warnings(hand, number, sides))
    if not problems or all(problem.warning for problem in problems):
        problems.extend(_unbid_slam_warnings(hand, number, sides))
    return problems


def _plainly_sound(hand: PlayedHand, game: HandFacts) -> bool:
    """Whether ``hand`` is a plain hand in which no check below can find anything, in one
    test: no special bid and no tricks recorded, sides and seats in range, card points that
    fit the deck (and fill it, with all 32 cards played) and leave no possible unbid slam,
    Jo-Jotte in a trump suit, melds for one side at most.

    Any other hand is checked rule by rule, which finds and words what is wrong; so this
    decides only how fast a sound hand passes, never what a hand's problems are
    (tests/core/test_plainly_sound.py holds it to that). Checked rule by rule, 100,000
    plain hands took 0.35-0.6 s; with this test first, 0.15 s (the collector off, a busy
    2-core machine; benchmarks/README.md, "One pass through a hand")."""
    seats, whole_deck = game.seats, game.all_cards_played
    meld_totals = _MELD_RULES[whole_deck][1]
    dealer, bidder, last, jojotte = hand.dealer, hand.bidder, hand.last_trick, hand.jojotte
    first, second = hand.card_points
    meld_0, meld_1 = hand.melds
    suit = hand.trump is not _AT_NO_TRUMP
    deck = DECK_POINTS_TRUMP if suit else DECK_POINTS_NO_TRUMP
    counted = first + second
    return (
        hand.special is _NOT_SPECIAL
        and hand.tricks is None
        and (dealer is None or 0 <= dealer < seats)
        and (bidder == 0 or bidder == 1)
        and (last == 0 or last == 1)
        and (second if last == 0 else first) != 0  # else a possible unbid slam (R6)
        and first >= 0
        and second >= 0
        and not (first % CARD_POINT_STEP or second % CARD_POINT_STEP)
        and (counted == deck if whole_deck else counted <= deck)
        and (meld_0 == 0 or meld_1 == 0)
        and meld_0 in meld_totals
        and meld_1 in meld_totals
        and (jojotte is None or ((jojotte == 0 or jojotte == 1) and suit))
    )


def possible_unbid_slam(
    special: Special,
    card_points: Sequence[int | None],
    last_trick: int | None,
    *,
    tricks_recorded: bool,
) -> int | None:
    """The side that may have won every trick without bidding Slam (R6) while the tricks,
    which alone would tell, are not recorded; else None.

    The other side took no card points and this side the last trick: that is a slam only
    if the other side took no trick at all, which the card points cannot tell, since a trick
    may hold only cards of no value. So the tricks are asked for rather than guessed: the
    entry panel waits for them, and a hand read without them gets a warning (docs/RULES.md,
    "A possible unbid slam"). Not in Nullo or a bid Slam, which need their tricks anyway.
    """
    if special is not Special.NONE or tricks_recorded or last_trick not in SIDES:
        return None
    return last_trick if card_points[1 - last_trick] == 0 else None


def _unbid_slam_warnings(hand: PlayedHand, number: int | None, sides: _Sides) -> list[Problem]:
    """A possible unbid slam recorded without its tricks (see :func:`possible_unbid_slam`):
    scored as no slam, with a warning that says so."""
    recorded = hand.tricks is not None
    winner = possible_unbid_slam(
        hand.special, hand.card_points, hand.last_trick, tricks_recorded=recorded
    )
    if winner is None:
        return []
    message = _(
        "no card points for {loser} and the last trick to {winner}: a slam if no trick went "
        "to {loser}, but the tricks are not recorded, so no slam bonus is scored"
    ).format(loser=sides[1 - winner], winner=sides[winner])
    return [Problem(message, number, "tricks", warning=True)]


# How the deck is counted in a hand: with a trump suit, at no-trump or in Nullo. Each
# message says it whole, so that a language words each contract its own way.
_SUIT, _NO_TRUMP, _NULLO = 0, 1, 2

_CARD_RANGE = (
    N_(
        "{side}'s card points ({points}) must be a multiple of 5 from 0 to {deck} with a trump suit"
    ),
    N_("{side}'s card points ({points}) must be a multiple of 5 from 0 to {deck} at no-trump"),
    N_("{side}'s card points ({points}) must be a multiple of 5 from 0 to {deck} in Nullo"),
)
_CARDS_OVER_DECK = (
    N_(
        "card points add up to {counted} ({each}), more than the {deck} of the whole deck "
        "with a trump suit"
    ),
    N_(
        "card points add up to {counted} ({each}), more than the {deck} of the whole deck "
        "at no-trump"
    ),
    N_("card points add up to {counted} ({each}), more than the {deck} of the whole deck in Nullo"),
)
_CARDS_NOT_DECK = (
    N_("card points add up to {counted} ({each}), not the {deck} of the deck with a trump suit"),
    N_("card points add up to {counted} ({each}), not the {deck} of the deck at no-trump"),
    N_("card points add up to {counted} ({each}), not the {deck} of the deck in Nullo"),
)


def _contract(hand: PlayedHand) -> int:
    """How the deck is counted in the hand: _SUIT, _NO_TRUMP or _NULLO."""
    return _contract_of(hand.trump, hand.special)


def _contract_of(trump: Trump, special: Special) -> int:
    """How the deck is counted with ``trump`` and ``special``: _SUIT, _NO_TRUMP or _NULLO."""
    if special is Special.NULLO:
        return _NULLO
    return _SUIT if trump.is_suit else _NO_TRUMP


def card_points_range_error(points: int, trump: Trump, special: Special, side: str) -> str:
    """The message for ``side``'s card points outside the deck of the contract (not a
    multiple of 5, or more than 155 with a trump suit, 120 at no-trump and in Nullo)."""
    return _(_CARD_RANGE[_contract_of(trump, special)]).format(
        side=side, points=points, deck=contract_deck(trump, special)
    )


def tricks_range_error(tricks: int, most: int, side: str) -> str:
    """The message for ``side``'s tricks above the ``most`` a hand holds (a count that
    more digits never mend, said under its box as soon as typed)."""
    return _("{side}'s tricks ({tricks}) must be from 0 to {most}").format(
        side=side, tricks=tricks, most=most
    )


class _Sides:
    """The two sides' names in the messages, looked up (and translated, when the players'
    names are not known) only when a message is written."""

    __slots__ = ("_names",)

    def __init__(self, names: tuple[str, str] | None) -> None:
        self._names = names

    def __getitem__(self, side: int) -> str:
        return self.both()[side]

    def both(self) -> tuple[str, str]:
        return self._names or unnamed_sides()


def _either(sides: _Sides) -> str:
    """The two sides as a choice: "Anna (0) or Bert (1)", "side 0 or side 1"."""
    if sides.both() == unnamed_sides():
        return _("side 0 or side 1")
    return _("{side0} (0) or {side1} (1)").format(side0=sides[0], side1=sides[1])


def _each(values: tuple[int, int], sides: _Sides) -> str:
    """A pair of numbers by side: "Anna: 90, Bert: 80"."""
    return _("{side0}: {points0}, {side1}: {points1}").format(
        side0=sides[0], points0=values[0], side1=sides[1], points1=values[1]
    )


def _check_played(
    hand: PlayedHand, game: HandFacts, sides: _Sides, error: _Report, by_player: bool
) -> None:
    nullo = hand.special is Special.NULLO
    if hand.bidder not in SIDES:
        error(
            _("the bidder must be {sides}, not {seat}").format(
                sides=_either(sides), seat=hand.bidder
            ),
            "bidder",
        )
    if nullo and hand.double is not Doubling.NONE:
        error(_("Nullo cannot be played on a doubled contract"), "double")

    _check_card_points(hand, game, sides, error)
    _check_melds(hand, game, sides, error, by_player)

    if hand.last_trick is None:
        if not nullo:
            error(
                _("who won the last trick is not recorded (it counts except in Nullo)"),
                "last_trick",
            )
    elif hand.last_trick not in SIDES:
        error(
            _("the last trick must go to {sides}, not {seat}").format(
                sides=_either(sides), seat=hand.last_trick
            ),
            "last_trick",
        )

    if hand.jojotte is not None:
        if hand.jojotte not in SIDES:
            error(
                _("Jo-Jotte must go to {sides}, not {seat}").format(
                    sides=_either(sides), seat=hand.jojotte
                ),
                "jojotte",
            )
        elif nullo:
            error(_("Jo-Jotte does not count in Nullo"), "jojotte")
        elif not hand.trump.is_suit:
            error(_("Jo-Jotte needs a trump suit"), "jojotte")

    _check_tricks(hand, game, sides, error)


def _check_card_points(hand: PlayedHand, game: HandFacts, sides: _Sides, error: _Report) -> None:
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
                card_points_range_error(points[side], hand.trump, hand.special, sides[side]),
                f"card_points[{side}]",
            )
    counted = points[0] + points[1]
    if not wrong and not game.all_cards_played and counted > deck:
        error(
            _(_CARDS_OVER_DECK[_contract(hand)]).format(
                counted=counted, each=_each(points, sides), deck=deck
            ),
            "card_points",
        )


def _card_count_warnings(hand: PlayedHand, number: int | None, sides: _Sides) -> list[Problem]:
    """When all 32 cards are played, card points that do not add up to the deck."""
    deck = contract_deck(hand.trump, hand.special)
    counted = hand.card_points[0] + hand.card_points[1]
    if counted == deck:
        return []
    return [
        Problem(
            _(_CARDS_NOT_DECK[_contract(hand)]).format(
                counted=counted, each=_each(hand.card_points, sides), deck=deck
            ),
            number,
            "card_points",
            warning=True,
        )
    ]


def _possible_totals(totals: frozenset[int]) -> tuple[int, tuple[int, ...]]:
    """The meld totals a side can score, in short: every sum of melds up to a point, and
    the few above it."""
    top = 0
    while top + 10 in totals or not is_meld_sum(top + 10):
        top += 10
    return top, tuple(total for total in sorted(totals) if total > top)


def _possible_words(top: int, rest: tuple[int, ...]) -> str:
    """ "any sum of melds up to 180, or 200, 220 or 250"."""
    if not rest:
        return _("any sum of melds up to {top}").format(top=top)
    if len(rest) == 1:
        return _("any sum of melds up to {top}, or {last}").format(top=top, last=rest[0])
    return _("any sum of melds up to {top}, or {totals} or {last}").format(
        top=top, totals=comma_list([str(total) for total in rest[:-1]]), last=rest[-1]
    )


# The meld rules of the games of nine cards a player and of those where four players share
# the deck (``Game.all_cards_played``, the key): {fours of a kind: sequence points beside them}, the
# totals, and the message that says who holds the cards (see tables.py).
_NINE_CARDS = (
    NINE_CARD_MELD_SPLITS,
    TWO_PLAYER_MELD_TOTALS,
    N_(
        "{side}'s meld points ({points}) cannot be melded with nine cards "
        "(possible totals: {totals})"
    ),
)
_EIGHT_CARDS = (
    PARTNERSHIP_MELD_SPLITS,
    PARTNERSHIP_MELD_TOTALS,
    N_(
        "{side}'s meld points ({points}) cannot be melded by two partners of eight cards each "
        "(possible totals: {totals})"
    ),
)
_MELD_RULES: Mapping[bool, tuple[Mapping[int, frozenset[int]], frozenset[int], str]] = {
    False: _NINE_CARDS,
    True: _EIGHT_CARDS,
}
_POSSIBLE = {whole_deck: _possible_totals(rules[1]) for whole_deck, rules in _MELD_RULES.items()}
# Named once, as scoring names them (core/scoring.py): read from its class, an enum member
# costs some 900 instructions on Python 3.11.
_NOT_SPECIAL: Final = Special.NONE
_AT_NO_TRUMP: Final = Trump.NO_TRUMP


_MELD_CLASH: Mapping[tuple[bool, bool], tuple[str, str]] = {
    (True, True): (
        N_(
            "{side0}'s {points0} and {side1}'s {points1} meld points both include four of a "
            "kind and sequences, but only one side may score in each class of melds"
        ),
        N_(
            "{side0}'s {points0} and {side1}'s {points1} meld points both include four of a "
            "kind and sequences, but only one player may score in each class of melds"
        ),
    ),
    (True, False): (
        N_(
            "{side0}'s {points0} and {side1}'s {points1} meld points both include four of a "
            "kind, but only one side may score four of a kind in a hand"
        ),
        N_(
            "{side0}'s {points0} and {side1}'s {points1} meld points both include four of a "
            "kind, but only one player may score four of a kind in a hand"
        ),
    ),
    (False, True): (
        N_(
            "{side0}'s {points0} and {side1}'s {points1} meld points both include sequences, "
            "but only one side may score sequences in a hand"
        ),
        N_(
            "{side0}'s {points0} and {side1}'s {points1} meld points both include sequences, "
            "but only one player may score sequences in a hand"
        ),
    ),
    (False, False): (
        N_(
            "{side0}'s {points0} and {side1}'s {points1} meld points cannot both be scored: "
            "however they are split, both sides score in one class, but only one side may "
            "score in each class of melds"
        ),
        N_(
            "{side0}'s {points0} and {side1}'s {points1} meld points cannot both be scored: "
            "however they are split, both players score in one class, but only one player "
            "may score in each class of melds"
        ),
    ),
}
"""Why two meld totals clash, by whether both hold four of a kind and whether both hold
sequences however they are split: the message between sides, and between players."""


def _splits(points: int, splits: Mapping[int, frozenset[int]]) -> list[_Split]:
    """Every way ``points`` can be one side's fours of a kind and sequence points."""
    return [
        (fours, points - FOUR_OF_A_KIND_POINTS * fours)
        for fours, sequences in splits.items()
        if points - FOUR_OF_A_KIND_POINTS * fours in sequences
    ]


def _check_melds(
    hand: PlayedHand, game: HandFacts, sides: _Sides, error: _Report, by_player: bool
) -> None:
    """Each side's total one it can meld; both together, each class scored by one side only.

    "In a particular hand, only one player may score for Honor Meld(s) in each Class." A
    pair is refused only when no split of the two totals into their classes gives each
    class to one side alone.
    """
    splits, totals, unmeldable = _MELD_RULES[game.all_cards_played]
    melds = hand.melds
    wrong = False
    for side in SIDES:
        points = melds[side]
        if points in totals:
            continue
        if not is_meld_sum(points):
            message = _("{side}'s meld points ({points}) are not a sum of 20, 40, 50 and 100")
        else:
            message = _(unmeldable)
        wrong = True
        possible = _possible_words(*_POSSIBLE[game.all_cards_played])
        error(message.format(side=sides[side], points=points, totals=possible), f"melds[{side}]")
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
    message = _(_MELD_CLASH[both_fours, both_runs][by_player or game.per_player])
    names = {"side0": sides[0], "side1": sides[1]}
    error(message.format(points0=melds[0], points1=melds[1], **names), "melds")


def _check_tricks(hand: PlayedHand, game: HandFacts, sides: _Sides, error: _Report) -> None:
    if hand.tricks is None:
        if hand.special is Special.NULLO:
            error(_("Nullo needs each side's tricks"), "tricks")
        elif hand.special is Special.SLAM:
            error(_("Slam needs each side's tricks"), "tricks")
        return
    per_hand = game.tricks_per_hand
    if any(not 0 <= t <= per_hand for t in hand.tricks):
        each = _each(hand.tricks, sides)
        error(
            _("the tricks ({each}) must each be from 0 to {most}").format(each=each, most=per_hand),
            "tricks",
        )
        return
    if sum(hand.tricks) != per_hand:
        each = _each(hand.tricks, sides)
        error(
            _("the tricks ({each}) add up to {counted}, not {tricks}").format(
                each=each, counted=sum(hand.tricks), tricks=per_hand
            ),
            "tricks",
        )
        return
    for side in SIDES:
        if hand.tricks[side] == 0:
            if hand.card_points[side] > 0:
                error(
                    _("{side}: no trick won, but {points} card points").format(
                        side=sides[side], points=hand.card_points[side]
                    ),
                    f"card_points[{side}]",
                )
            if hand.last_trick == side and hand.special is not Special.NULLO:
                error(
                    _("{side}: no trick won, but recorded with the last trick").format(
                        side=sides[side]
                    ),
                    "last_trick",
                )


def check_sitting_setup(game: GameFacts, players: tuple[str, ...], rules: Rules) -> list[Problem]:
    """Problems with a sitting's players and rules (not its hands), in ``game``."""
    problems: list[Problem] = []
    if len(players) != game.seats:
        problems.append(Problem(game.players_problem(len(players)), field="players"))
    for seat, name in enumerate(players):
        if not name.strip():
            message = _("player {seat} has an empty name").format(seat=seat)
            problems.append(Problem(message, field="players"))
        elif len(name) > MAX_NAME_LENGTH:
            message = _(
                "player {seat}'s name is {length} characters long; a name has at most {most}"
            ).format(seat=seat, length=len(name), most=MAX_NAME_LENGTH)
            problems.append(Problem(message, field="players"))
        elif (character := unwritable_character(name)) is not None:
            problems.append(Problem(_name_character_problem(seat, character), field="players"))
    if rules.game_target <= 0:
        message = _("the game target must be a positive number of points")
        problems.append(Problem(message, field="game_target"))
    elif rules.game_target > MAX_GAME_TARGET:
        message = _("the game target is {points} points; it can be at most {most}")
        shown = message.format(points=rules.game_target, most=MAX_GAME_TARGET)
        problems.append(Problem(shown, field="game_target"))
    if rules.rubber_bonus < 0:
        problems.append(Problem(_("the rubber bonus must not be negative"), field="rubber_bonus"))
    elif rules.rubber_bonus > MAX_RUBBER_BONUS:
        message = _("the rubber bonus is {points} points; it can be at most {most}")
        shown = message.format(points=rules.rubber_bonus, most=MAX_RUBBER_BONUS)
        problems.append(Problem(shown, field="rubber_bonus"))
    return problems


# The characters that change the direction of the text around them (Unicode's explicit
# embeddings, overrides and isolates, and the implicit marks): in a name they would turn
# the rest of a sentence naming the player, digits and all, right to left.
BIDI_CONTROLS: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


# Unicode's control characters (category Cc: C0, DEL and C1) and its line and paragraph
# separators (Zl, Zp): each breaks a line or is invisible. A fixed set, so no lookup in
# unicodedata at start-up.
_LINE_BREAKING: Final = frozenset(
    [chr(code) for code in (*range(0x20), *range(0x7F, 0xA0))] + ["\u2028", "\u2029"]
)


def unwritable_character(text: str) -> str | None:
    """The first character of ``text`` a name or label cannot hold, or None: a control
    character (a line break, a tab, ...), a line or paragraph separator, or a
    bidirectional control (:data:`BIDI_CONTROLS`)."""
    for character in text:
        if character in BIDI_CONTROLS or character in _LINE_BREAKING:
            return character
    return None


def describe_character(character: str) -> str:
    """A character as a message names it: its code and, when it has one, its name
    ("U+202E RIGHT-TO-LEFT OVERRIDE", "U+000A")."""
    import unicodedata

    name = unicodedata.name(character, "")
    code = f"U+{ord(character):04X}"
    return f"{code} {name}" if name else code


def _name_character_problem(seat: int, character: str) -> str:
    if character in BIDI_CONTROLS:
        message = _(
            "player {seat}'s name holds {character}, which turns the direction of the text "
            "around it; a name cannot hold it"
        )
    else:
        message = _(
            "player {seat}'s name holds the control character {character} (a line break, a "
            "tab or the like); a name is one line of visible characters"
        )
    return message.format(seat=seat, character=describe_character(character))


def check_label(field: str, text: str) -> list[Problem]:
    """A sitting's title or place: at most MAX_LABEL_LENGTH characters, on one line."""
    title = field == "title"
    if len(text) > MAX_LABEL_LENGTH:
        if title:
            message = _("the title is {length} characters long; it has at most {most}")
        else:
            message = _("the place is {length} characters long; it has at most {most}")
        return [Problem(message.format(length=len(text), most=MAX_LABEL_LENGTH), field=field)]
    if any(character in text for character in "\n\r"):
        one_line = _("the title must be one line") if title else _("the place must be one line")
        return [Problem(one_line, field=field)]
    character = unwritable_character(text)
    if character is not None:
        if title:
            message = _("the title holds {character}, which it cannot hold")
        else:
            message = _("the place holds {character}, which it cannot hold")
        return [Problem(message.format(character=describe_character(character)), field=field)]
    return []


def sitting_side_names(game: GameFacts, players: tuple[str, ...]) -> tuple[str, str] | None:
    """The sides' names for the messages of :func:`check_hand`, or None when the players do
    not fit ``game`` (their own problem is reported by :func:`check_sitting_setup`)."""
    if len(players) != game.seats or not all(name.strip() for name in players):
        return None
    return game.side_names(players)


def check_two_sided_sitting(
    game: GameFacts, sitting: Sitting, start: Checkpoint | None = None
) -> list[Problem]:
    """Every problem with ``sitting``, a sitting of ``game`` of hands side against side,
    hands numbered from 1 (from ``start``'s position + 1, when its hands are those from that
    checkpoint on). Any sitting's checks, by its own game:
    :func:`~jojotte_score.core.games.check_sitting`."""
    problems = check_sitting_setup(game, sitting.players, sitting.rules)
    names = sitting_side_names(game, sitting.players)
    hands = cast("tuple[Hand, ...]", sitting.hands)  # the game records them side against side
    first = 1 if start is None else start.position + 1
    for number, hand in enumerate(hands, start=first):
        problems.extend(check_hand(hand, game, number, names))
    return problems


def errors_only(problems: list[Problem]) -> list[Problem]:
    """The problems that refuse the input (warnings removed)."""
    return [p for p in problems if not p.warning]
