"""Reading the sittings of the games of individual players (the three-player game, the
chouette, cutthroat; section 4 of the rulings): their roles and hands read here, the rules
of the game checked by ``check_sitting`` up to the first hand that cannot be read."""

from __future__ import annotations

from typing import TypeVar

from jojotte_score.core.errors import Problem
from jojotte_score.core.games import Game, check_sitting, find_game
from jojotte_score.core.model import (
    GameKey,
    Hand,
    RubberRoles,
    Rules,
    SeatDeal,
    Sitting,
)
from jojotte_score.core.validation import check_sitting_setup
from jojotte_score.formats.hand_data import hand_reader, read_hand
from jojotte_score.formats.json_fields import (
    SEAT,
    FieldReader,
    show,
    translated,
)
from jojotte_score.formats.seat_hands import read_seat_deal
from jojotte_score.formats.sitting_header import read_earlier_checks, refuse_roles
from jojotte_score.i18n import _

_H = TypeVar("_H")


def read_individual(
    top: FieldReader,
    variant: GameKey,
    players: tuple[str, ...] | None,
    rules: Rules,
    *,
    consume: bool = False,
) -> Sitting | None:
    """A sitting of the three-player game, the chouette or cutthroat (section 4 of the
    rulings): the structure read here, the rules of the game by ``check_sitting``. With
    ``consume`` each decoded hand is let go once read, as in :func:`read_hands`."""
    game = find_game(variant)
    seats = game.seats
    roles = _read_roles(top, game)
    listed, seat_hands, side_hands = _read_hands(top, game, consume)
    names = (
        players
        if players is not None
        else tuple(_("player {seat}").format(seat=s) for s in range(seats))
    )
    structure_sound = top.ok
    problems = _individual_rules(variant, names, rules, roles, seat_hands, side_hands, top)
    if read_earlier_checks(top):
        from jojotte_score.formats.earlier_checks import tolerated_setup

        problems = tolerated_setup(problems, variant, names, rules)
        top.problems.extend(p for p in problems if p.warning)
        problems = [p for p in problems if not p.warning]
    top.problems.extend(problems)
    top.problems.sort(key=lambda p: (p.hand is not None, p.hand or 0))
    refused = any(not p.warning for p in problems)  # a warning loads (an unbid slam, R6)
    if not structure_sound or refused or players is None or not listed:
        top.ok = False
        return None
    if not find_game(variant).by_seat:
        hands = tuple(hand for hand in side_hands if hand is not None)
        return Sitting(variant, players, hands, rules, roles=roles)
    deals = tuple(hand for hand in seat_hands if hand is not None)
    return Sitting(variant, players, deals, rules)


def _read_hands(
    top: FieldReader, game: Game, consume: bool
) -> tuple[bool, list[SeatDeal | None], list[Hand | None]]:
    """Whether the sitting's ``"hands"`` is a list, and its hands read by seat or side
    against side, as ``game`` records them (the other list empty; None for a hand that
    cannot be read, its problems noted). With ``consume`` each decoded hand is let go once
    read."""
    value = top.obj.get("hands")
    if "hands" not in top.obj:
        top.missing("hands")
    elif not isinstance(value, list):
        message = _("hands must be a list of hands [...], not {value}")
        top.error(message.format(value=show(value)), "hands")
    items = value if isinstance(value, list) else []
    seat_hands: list[SeatDeal | None] = []
    side_hands: list[Hand | None] = []
    reader = hand_reader()
    for number, item in enumerate(items, start=1):
        if consume:
            items[number - 1] = None
        if not game.by_seat:
            hand, found = read_hand(item, number, game.variant, None, checked=False, reader=reader)
            side_hands.append(hand)
        else:
            found = []
            seat_hands.append(read_seat_deal(item, number, game.seats, found))
        top.problems.extend(found)
        if found:
            top.ok = False
    return isinstance(value, list), seat_hands, side_hands


def _read_roles(top: FieldReader, game: Game) -> RubberRoles | None:
    """The first rubber's roles, in a game with roles: an object of the seat of each of its
    roles under the game's key (the chouette's ``"chouette": {"box": 0, "captain": 1}``);
    None when absent or unreadable."""
    refuse_roles(top, game)
    key = game.roles_key
    if not game.has_roles or key not in top.obj:
        return None
    value = top.obj[key]
    if not isinstance(value, dict):
        # Translators: one member of the object of the roles, "box": seat.
        shape = ", ".join(_('"{role}": seat').format(role=role) for role in game.role_names)
        message = _("{key} must be an object {{{shape}}}, not {value}")
        top.error(message.format(key=key, shape=shape, value=show(value)), key)
        return None
    meanings = dict(zip(game.role_names, game.role_meanings, strict=True))
    reader = FieldReader(value, top.problems, None, lambda: translated(meanings))
    reader.check_keys(game.role_names)
    seats = [reader.integer(role, SEAT, required=True) for role in game.role_names]
    top.ok = top.ok and reader.ok
    if not reader.ok or any(seat is None for seat in seats):
        return None
    return game.make_roles([seat for seat in seats if seat is not None])


def _individual_rules(
    variant: GameKey,
    names: tuple[str, ...],
    rules: Rules,
    roles: RubberRoles | None,
    seat_hands: list[SeatDeal | None],
    side_hands: list[Hand | None],
    top: FieldReader,
) -> list[Problem]:
    """The rules of the game (``check_sitting``) for the hands up to the first one whose
    structure is not sound; the hands after it one by one, where a hand can be checked
    alone (not in the chouette, whose roles follow the rubbers)."""
    game = find_game(variant)
    if game.has_roles and roles is None and game.roles_key in top.obj:
        return check_sitting_setup(game, names, rules)  # the roles' own problem is noted
    if not game.by_seat:
        prefix: tuple[Hand, ...] = _sound_prefix(side_hands)
        return check_sitting(Sitting(variant, names, prefix, rules, roles=roles))
    deals: tuple[SeatDeal, ...] = _sound_prefix(seat_hands)
    problems = check_sitting(Sitting(variant, names, deals, rules))
    if check_sitting_setup(game, names, rules):
        names = tuple(_("player {seat}").format(seat=seat) for seat in range(game.seats))
    for number, hand in enumerate(seat_hands[len(deals) :], start=len(deals) + 1):
        if hand is not None:
            problems.extend(game.check_seat_hand(hand, number, names))
    return problems


def _sound_prefix(hands: list[_H | None]) -> tuple[_H, ...]:
    """The hands before the first one whose structure is not sound."""
    prefix: list[_H] = []
    for hand in hands:
        if hand is None:
            break
        prefix.append(hand)
    return tuple(prefix)
