"""Reading a sitting from decoded JSON: the top of the file, then the hands, every problem
found reported at once. The games of individual players are read by
:mod:`~jojotte_score.formats.individual_reading`."""

from __future__ import annotations

from jojotte_score.core.errors import Problem
from jojotte_score.core.games import find_game
from jojotte_score.core.model import (
    GameKey,
    Hand,
    PlayedHand,
    Sitting,
)
from jojotte_score.core.validation import (
    check_sitting_setup,
    sitting_side_names,
)
from jojotte_score.formats.hand_data import hand_reader, read_hand
from jojotte_score.formats.individual_reading import read_individual
from jojotte_score.formats.json_fields import (
    FieldReader,
    show,
)
from jojotte_score.formats.sitting_header import (
    read_earlier_checks,
    read_header,
    read_rules,
    read_uuid,
    read_variant,
    refuse_roles,
    setup_for_checks,
    sitting_keys_2,
    stand_in,
)
from jojotte_score.formats.sitting_keys import FORMAT_VERSION, MAX_HANDS, SITTING_KEYS, meanings
from jojotte_score.i18n import _


def read_sitting(data: object, problems: list[Problem], *, consume: bool = False) -> Sitting | None:
    if not isinstance(data, dict):
        problems.append(
            Problem(
                _("a sitting file holds a JSON object {{...}}, not {value}").format(
                    value=show(data)
                )
            )
        )
        return None
    top = FieldReader(data, problems, None, lambda: meanings(data))
    version = read_header(top)
    if version is None:
        return None
    top.check_keys(SITTING_KEYS if version == FORMAT_VERSION else sitting_keys_2())
    read_uuid(top)
    variant = read_variant(top, version)
    players = top.strings("players")
    rules = read_rules(top, variant or stand_in(2))
    if variant is not None and find_game(variant).per_player:
        return read_individual(top, variant, players, rules, consume=consume)
    if variant is not None:
        refuse_roles(top, find_game(variant))

    earlier = read_earlier_checks(top)
    setup_variant, setup_players = setup_for_checks(variant, players)
    setup = check_sitting_setup(find_game(setup_variant), setup_players, rules)
    if earlier:
        from jojotte_score.formats.earlier_checks import tolerated_setup

        setup = tolerated_setup(setup, setup_variant, setup_players, rules)
    problems.extend(setup)

    # Without a known variant, the hands are still checked, allowing any of four dealers.
    names = None
    if variant is not None and players is not None:
        names = sitting_side_names(find_game(variant), players)
    hands = read_hands(top, variant or stand_in(None), names, earlier=earlier, consume=consume)
    if not top.ok or variant is None or players is None or hands is None:
        return None
    return Sitting(variant=variant, players=players, hands=hands, rules=rules)


def read_hands(
    top: FieldReader,
    variant: GameKey,
    names: tuple[str, str] | None,
    *,
    earlier: bool = False,
    consume: bool = False,
) -> tuple[Hand, ...] | None:
    """The sitting's hands, or None when one of them cannot be read.

    With ``consume`` the decoded hands are the reader's own (decoded from the file's text
    just now, and seen by nobody else): each is let go as soon as it is read, so the
    decoded list and the hands read are never all alive at once. Reading 100,000 hands
    took 0.92-0.97 s so, and 1.12-1.20 s keeping them, the garbage collector's share
    0.11-0.13 s against 0.21-0.24 s (benchmarks/README.md, "Rubber by rubber")."""
    if "hands" not in top.obj:
        top.missing("hands")
        return None
    value = top.obj["hands"]
    if not isinstance(value, list):
        message = _("hands must be a list of hands [...], not {value}")
        top.error(message.format(value=show(value)), "hands")
        return None
    if len(value) > MAX_HANDS:
        message = _("the sitting has {count} hands; a sitting file holds at most {limit}")
        top.error(message.format(count=len(value), limit=MAX_HANDS), "hands")
        return None
    hands: list[Hand] = []
    if earlier:
        from jojotte_score.formats.earlier_checks import as_earlier, tolerated_in_hand
    reader = hand_reader()
    for number, item in enumerate(value, start=1):
        if consume:
            value[number - 1] = None
        hand, problems = read_hand(item, number, variant, names, reader=reader)
        if earlier:
            played = hand if isinstance(hand, PlayedHand) else None
            problems = [as_earlier(p) if tolerated_in_hand(p, played) else p for p in problems]
        top.problems.extend(problems)
        if hand is None or (problems and any(not p.warning for p in problems)):
            top.ok = False
        else:
            hands.append(hand)
    return tuple(hands)
