"""What makes a recorded three-player hand impossible (T16), in the players' words.

The roles are checked here: seats, who may double, defend, bid Nullo, and that the set-aside
hand holds nothing. The play itself is two-player Jo-Jotte between the declarer and the
active defender (T5), so card points, melds, last trick, Jo-Jotte and tricks are checked by
:func:`jojotte_score.core.validation.check_hand` on that two-sided hand, with the two
players' names and the game's facts (nine cards for each active player, not all 32 played),
and each problem's field is given back its seat. Each check is handed its game by the
game's own methods.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from jojotte_score.core.errors import Problem, or_list
from jojotte_score.core.games.three_player_scoring import CUTTHROAT_SEATS, two_sided
from jojotte_score.core.model import (
    Doubling,
    SeatDeal,
    SeatHand,
    SidesWith,
    Sitting,
    Special,
    ThrownIn,
)
from jojotte_score.core.validation import check_hand, check_sitting_setup
from jojotte_score.i18n import N_, _

if TYPE_CHECKING:
    from jojotte_score.core.game_facts import GameFacts
    from jojotte_score.core.ledger import Checkpoint


def unnamed_players(count: int) -> tuple[str, ...]:
    """ "player 0", "player 1", … for ``count`` seats, in the language spoken now."""
    return tuple(_("player {seat}").format(seat=seat) for seat in range(count))


# The fields that name a seat, each with its two messages: the seat is not at the table
# ({players} are the choices), and in cutthroat the dealer, who sits out, holds the role.
_SEAT_FIELDS = (
    (
        "dealer",
        N_("the dealer must be {players}, not {seat}"),
        "",
    ),
    (
        "bidder",
        N_("the bidder must be {players}, not {seat}"),
        N_("{player} dealt and sits out this hand, so cannot be the bidder"),
    ),
    (
        "doubler",
        N_("the doubler must be {players}, not {seat}"),
        N_("{player} dealt and sits out this hand, so cannot be the doubler"),
    ),
    (
        "nullo_bidder",
        N_("the Nullo bidder must be {players}, not {seat}"),
        N_("{player} dealt and sits out this hand, so cannot be the Nullo bidder"),
    ),
    (
        "active_defender",
        N_("the active defender must be {players}, not {seat}"),
        N_("{player} dealt and sits out this hand, so cannot be the active defender"),
    ),
    (
        "last_trick",
        N_("the last trick's winner must be {players}, not {seat}"),
        N_("{player} dealt and sits out this hand, so cannot be the last trick's winner"),
    ),
    (
        "jojotte",
        N_("Jo-Jotte's holder must be {players}, not {seat}"),
        N_("{player} dealt and sits out this hand, so cannot be Jo-Jotte's holder"),
    ),
)
_ONE_PER_PLAYER = {
    ("card_points", 3): N_("the card points need one number per player, three in all"),
    ("melds", 3): N_("the melds need one number per player, three in all"),
    ("tricks", 3): N_("the tricks need one number per player, three in all"),
    ("card_points", 4): N_("the card points need one number per player, four in all"),
    ("melds", 4): N_("the melds need one number per player, four in all"),
    ("tricks", 4): N_("the tricks need one number per player, four in all"),
}
# How the checks report an error: (message, field).
_Report = Callable[[str, str], None]
_INDEXED = re.compile(r"^(\w+)\[(\d)\]$")


def check_three_player_hand(
    game: GameFacts,
    hand: SeatDeal,
    number: int | None = None,
    players: tuple[str, str, str] | None = None,
) -> list[Problem]:
    """Every error of one hand of ``game``, a three-player game (T16); the names are the
    players' (seat order)."""
    return _check_hand(game, hand, number, players or unnamed_players(3))


def check_cutthroat_hand(
    game: GameFacts,
    hand: SeatDeal,
    number: int | None = None,
    players: tuple[str, str, str, str] | None = None,
) -> list[Problem]:
    """Every error of one hand of ``game``, a cutthroat game: T16 among the three players
    other than the dealer, and F2 (the dealer recorded, and named by nothing else of the
    hand)."""
    return _check_hand(game, hand, number, players or unnamed_players(CUTTHROAT_SEATS))


def _check_hand(
    game: GameFacts, hand: SeatDeal, number: int | None, names: tuple[str, ...]
) -> list[Problem]:
    """T16 (and F2 when ``names`` has four players), in layers: a later layer runs only when
    the earlier ones found nothing, so that one mistake gives one message."""
    problems: list[Problem] = []

    def error(message: str, field: str) -> None:
        problems.append(Problem(message, number, field))

    seats = range(len(names))
    for key, message, _dealing in _SEAT_FIELDS:  # T16.1
        seat = getattr(hand, key, None)
        if seat is not None and seat not in seats:
            error(_(message).format(players=_seat_choice(names), seat=seat), key)
    if isinstance(hand, ThrownIn) or problems:
        return problems
    for key in ("card_points", "melds", "tricks"):
        values = getattr(hand, key)
        if values is not None and len(values) != len(names):
            error(_(_ONE_PER_PLAYER[key, len(names)]), key)
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
    return _check_play(game, hand, number, names)


def _seat_choice(names: tuple[str, ...]) -> str:
    """The seats as a choice, for a message: "Anna (0), Bert (1) or Carl (2)"."""
    return or_list(
        [_("{player} ({seat})").format(player=name, seat=seat) for seat, name in enumerate(names)]
    )


def _check_dealer_sits_out(hand: SeatHand, names: tuple[str, ...], error: _Report) -> None:
    """F2: in cutthroat the dealer deals to the other three and takes no part in the hand."""
    dealer = hand.dealer
    if dealer is None:
        error(_("in cutthroat the dealer sits out: record who dealt"), "dealer")
        return
    name = names[dealer]
    for key, _range, message in _SEAT_FIELDS[1:]:
        if getattr(hand, key) == dealer:
            error(_(message).format(player=name), key)
    for key, message in (
        (
            "card_points",
            N_("{player} dealt and sat out, so {player}'s card points must be 0, not {value}"),
        ),
        (
            "melds",
            N_("{player} dealt and sat out, so {player}'s meld points must be 0, not {value}"),
        ),
        ("tricks", N_("{player} dealt and sat out, so {player}'s tricks must be 0, not {value}")),
    ):
        values = getattr(hand, key)
        if values is not None and values[dealer]:
            error(
                _(message).format(player=name, value=values[dealer]),
                f"{key}[{dealer}]",
            )


def _check_roles(hand: SeatHand, names: tuple[str, ...], error: _Report) -> None:
    """T16.2-T16.4: who doubled, who bid Nullo, who defends."""
    _check_doubler(hand, names, error)
    _check_nullo_bidder(hand, names, error)
    if hand.special is Special.NULLO and (
        hand.nullo_bidder is None or hand.nullo_bidder == hand.bidder
    ):
        return  # the declarer is not known, so the defender cannot be checked against him
    _check_active_defender(hand, names, error)


def _check_doubler(hand: SeatHand, names: tuple[str, ...], error: _Report) -> None:
    """T16.2: a double has its doubler, who is not the bidder, and the third player's side;
    neither is recorded without a double."""
    doubled = hand.double is not Doubling.NONE
    if doubled:
        if hand.doubler is None:
            error(_("the contract was doubled: record who doubled"), "doubler")
        elif hand.doubler == hand.bidder:
            error(
                _("{player} bid the contract and cannot double it").format(
                    player=names[hand.bidder]
                ),
                "doubler",
            )
        if hand.sides_with is None:
            error(
                _(
                    "the contract was doubled: record whether the third player sided with the "
                    "declarer or the defender"
                ),
                "sides_with",
            )
    else:
        if hand.doubler is not None:
            error(
                _("{player} is recorded as doubling, but the contract was not doubled").format(
                    player=names[hand.doubler]
                ),
                "doubler",
            )
        if hand.sides_with is not None:
            error(_("the third player chooses a side only after a double"), "sides_with")


def _check_nullo_bidder(hand: SeatHand, names: tuple[str, ...], error: _Report) -> None:
    """T16.4: a Nullo has its bidder: not the bidder of the trump, nor the doubler, nor after
    the third player sided with the doubler; no Nullo bidder without a Nullo."""
    doubled = hand.double is not Doubling.NONE
    nullo = hand.special is Special.NULLO
    if nullo:
        if hand.nullo_bidder is None:
            error(_("Nullo needs the player who bid it"), "nullo_bidder")
        elif hand.nullo_bidder == hand.bidder:
            error(
                _("{player} named the trump and cannot bid Nullo against it").format(
                    player=names[hand.bidder]
                ),
                "nullo_bidder",
            )
        elif doubled and hand.nullo_bidder == hand.doubler:
            error(
                _("{player} doubled and cannot then bid Nullo").format(
                    player=names[hand.nullo_bidder]
                ),
                "nullo_bidder",
            )
        elif doubled and hand.sides_with is SidesWith.DEFENDER:
            error(
                _("{player} sided with the defender who doubled and may not bid Nullo").format(
                    player=names[hand.nullo_bidder]
                ),
                "sides_with",
            )
    elif hand.nullo_bidder is not None:
        error(
            _("{player} is recorded as the Nullo bidder, but no Nullo was bid").format(
                player=names[hand.nullo_bidder]
            ),
            "nullo_bidder",
        )


def _check_active_defender(hand: SeatHand, names: tuple[str, ...], error: _Report) -> None:
    """T16.3: the declarer does not defend; a doubled contract (not Nullo) is defended by
    the doubler."""
    doubled = hand.double is not Doubling.NONE
    nullo = hand.special is Special.NULLO
    declarer = hand.declarer
    if hand.active_defender == declarer:
        error(
            _("{player} is the declarer and cannot also be the active defender").format(
                player=names[declarer]
            ),
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
            _("{player} doubled and so is the active defender, not {other}").format(
                player=names[hand.doubler], other=names[hand.active_defender]
            ),
            "active_defender",
        )


def _check_set_aside(hand: SeatHand, names: tuple[str, ...], error: _Report) -> None:
    """T16.5: the inactive player's cards were set aside and count nothing."""
    seat = hand.inactive
    name = names[seat]
    for key, message in (
        (
            "card_points",
            N_(
                "{player} sat out: {player}'s hand was set aside, so {player}'s card points "
                "must be 0, not {value}"
            ),
        ),
        (
            "melds",
            N_(
                "{player} sat out: {player}'s hand was set aside, so {player}'s meld points "
                "must be 0, not {value}"
            ),
        ),
    ):
        value = getattr(hand, key)[seat]
        if value:
            error(_(message).format(player=name, value=value), f"{key}[{seat}]")
    if hand.tricks is not None and hand.tricks[seat]:
        error(
            _("{player} sat out and took no trick, not {value}").format(
                player=name, value=hand.tricks[seat]
            ),
            f"tricks[{seat}]",
        )
    if hand.last_trick == seat:
        error(
            _("{player} sat out and cannot have won the last trick").format(player=name),
            "last_trick",
        )
    if hand.jojotte == seat:
        error(_("{player} sat out and cannot score Jo-Jotte").format(player=name), "jojotte")


def _check_play(
    game: GameFacts, hand: SeatHand, number: int | None, names: tuple[str, ...]
) -> list[Problem]:
    """T16.6-T16.8: the two-player checks of the hand D against A, fields back by seat."""
    seats = (hand.declarer, hand.active_defender)
    sides = (names[seats[0]], names[seats[1]])
    problems = check_hand(two_sided(hand), game, number, sides, by_player=True)
    return [_by_seat(problem, seats) for problem in problems]


def _by_seat(problem: Problem, seats: tuple[int, int]) -> Problem:
    """The problem with its field's side (0 declarer, 1 active defender) turned into a seat."""
    if problem.field is None:
        return problem
    match = _INDEXED.match(problem.field)
    if match is None:
        return problem
    return problem._replace(field=f"{match.group(1)}[{seats[int(match.group(2))]}]")


def check_seat_sitting(
    game: GameFacts, sitting: Sitting, start: Checkpoint | None = None
) -> list[Problem]:
    """Every problem with ``sitting``, a sitting of ``game``, a three-player or cutthroat
    game: its players, rules and hands (T16; F1, F7)."""
    problems = check_sitting_setup(game, sitting.players, sitting.rules)
    names = unnamed_players(game.seats) if problems else sitting.players
    hands = cast("tuple[SeatDeal, ...]", sitting.hands)  # the game records them by seat
    first = 1 if start is None else start.position + 1
    for number, hand in enumerate(hands, start=first):
        problems.extend(_check_hand(game, hand, number, names))
    return problems
