"""One hand of a sitting file as JSON: read (a hand side against side, of two players,
partnerships or the chouette, in one pass; a hand by seat, of the three-player game or
cutthroat, by :mod:`~jojotte_score.formats.seat_hands`), checked by the game's rules, and
written. Storage keeps each hand as this module writes it."""

from __future__ import annotations

from typing import Final

from jojotte_score.core.errors import InvalidSittingError, Problem
from jojotte_score.core.games import find_game
from jojotte_score.core.model import (
    Doubling,
    GameKey,
    Hand,
    PlayedHand,
    SeatDeal,
    SeatHand,
    Special,
    ThrownIn,
    Trump,
)
from jojotte_score.core.validation import (
    check_hand,
)
from jojotte_score.formats.json_fields import (
    SEAT,
    SIDE,
    FieldReader,
    read_deal,
)

PLAYED_KEYS: Final = (
    "thrown_in",
    "dealer",
    "bidder",
    "trump",
    "double",
    "special",
    "card_points",
    "last_trick",
    "jojotte",
    "melds",
    "tricks",
    "note",
)
# What a missing required key should have said (translated where the message is written).


def hand_meanings() -> dict[str, str]:
    """What each required key of a hand should hold (the words of
    :func:`~jojotte_score.formats.sitting_keys.meanings`, read when a hand lacks one)."""
    from jojotte_score.formats.sitting_keys import meanings  # not at start-up

    return meanings({})


def hand_from_data(
    data: object,
    number: int,
    variant: GameKey,
    *,
    checked: bool = True,
    names: tuple[str, str] | None = None,
) -> Hand:
    """Build hand ``number`` of a sitting recorded side against side (two players,
    partnerships, the chouette's box against its team) from decoded JSON.

    In the chouette only the hand itself is checked here (its dealer a seat of the three);
    whether the dealer is the rubber's box or captain needs the hands before it
    (``check_sitting``). Raises :class:`InvalidSittingError` with every error; warnings
    are not reported here (``check_hand`` returns them). ``checked=False`` skips the rules
    of the game and reads the structure only: for hands that passed ``check_hand`` when
    they were stored, which must still open when a later version checks more. ``names``
    are the sides' names for the messages (see ``check_hand``).
    """
    hand, problems = read_hand(data, number, variant, names, checked=checked)
    errors = [p for p in problems if not p.warning]
    if hand is None or errors:
        raise InvalidSittingError(errors)
    return hand


def seat_hand_from_data(
    data: object,
    number: int,
    variant: GameKey,
    *,
    checked: bool = True,
    names: tuple[str, ...] | None = None,
) -> SeatDeal:
    """Build hand ``number`` of a three-player or cutthroat sitting from decoded JSON.

    Raises :class:`InvalidSittingError` with every error. ``checked=False`` reads the
    structure only (see :func:`hand_from_data`); ``names`` are the players' names in seat
    order, for the messages of T16 (and F2 in cutthroat).
    """
    # The module of hands by seat is imported where one is read or written: a start on a sitting
    # side against side reads none (0.48 M instructions of each such start, callgrind).
    from jojotte_score.formats.seat_hands import read_seat_deal

    problems: list[Problem] = []
    game = find_game(variant)
    hand = read_seat_deal(data, number, game.seats, problems)
    if hand is not None and checked:
        problems.extend(game.check_seat_hand(hand, number, names))
    errors = [p for p in problems if not p.warning]
    if hand is None or errors:
        raise InvalidSittingError(errors)
    return hand


def read_hand(
    data: object,
    number: int,
    variant: GameKey,
    names: tuple[str, str] | None,
    *,
    checked: bool = True,
    reader: FieldReader | None = None,
) -> tuple[Hand | None, list[Problem]]:
    """The hand (None when it is not structurally sound) and every problem found with it;
    ``names`` are the sides' names for the messages, when the players are known.
    ``checked=False`` reports the problems of structure only. ``reader`` is the reader of
    the sitting's hands (:func:`hand_reader`), when there is one."""
    problems: list[Problem] = []
    if reader is None:
        reader = hand_reader()
    hand: Hand | None = read_deal(data, number, problems, reader, PLAYED_KEYS, _read_played)
    if hand is None:
        return None, problems
    if checked:
        problems.extend(check_hand(hand, find_game(variant), number, names))
    return hand, problems


def hand_reader() -> FieldReader:
    """A reader for hands, each given to it with :meth:`FieldReader.read`."""
    return FieldReader({}, [], None, hand_meanings)


def _read_played(reader: FieldReader) -> PlayedHand | None:
    """A played hand, read in one pass: each field's common value (a small whole number, a
    word of its choice, a pair of small whole numbers, absent) is taken with one test, and
    anything else is left to the reader's own check of that field, which accepts what it
    accepts and words what is wrong. Read with the reader's call for every field, 100,000
    hands took 0.6-0.7 s; in one pass, 0.25-0.35 s (the collector off, a busy 2-core
    machine; benchmarks/README.md, "One pass through a hand")."""
    obj = reader.obj
    if type(obj) is not dict or not obj.keys() <= _PLAYED_KEY_SET:  # repeated keys: a subclass
        reader.check_keys(PLAYED_KEYS)
    get = obj.get
    dealer = get("dealer")
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer <= _SMALL):
        dealer = reader.integer("dealer", SEAT, nullable=True)
    bidder = get("bidder")
    if type(bidder) is not int or not 0 <= bidder <= _SMALL:
        bidder = reader.integer("bidder", SIDE, required=True)
    trump = get("trump")
    trump = _TRUMPS.get(trump) if type(trump) is str else None
    if trump is None:
        trump = reader.choice("trump", Trump)
    double = get("double", _NOT_DOUBLED)
    double = _DOUBLINGS.get(double) if type(double) is str else None
    if double is None:
        double = reader.choice("double", Doubling, Doubling.NONE)
    special = get("special", _NOT_SPECIAL)
    special = _SPECIALS.get(special) if type(special) is str else None
    if special is None:
        special = reader.choice("special", Special, Special.NONE)
    card_points = _small_pair(get("card_points")) or reader.pair("card_points")
    if card_points is None and "card_points" not in obj:
        reader.missing("card_points")
    last = get("last_trick")
    if last is not None and (type(last) is not int or not 0 <= last <= _SMALL):
        last = reader.integer("last_trick", SIDE, nullable=True)
    jojotte = get("jojotte")
    if jojotte is not None and (type(jojotte) is not int or not 0 <= jojotte <= _SMALL):
        jojotte = reader.integer("jojotte", SIDE, nullable=True)
    melds = get("melds", _NO_MELDS)
    if melds is not _NO_MELDS:
        melds = _small_pair(melds) or reader.pair("melds")
    tricks = get("tricks")
    if tricks is not None:
        tricks = reader.pair("tricks", nullable=True)
    note = reader.text("note", "") if "note" in obj else ""
    if not reader.ok:  # each field the reader could not read is a problem noted
        return None
    # Built by tuple.__new__, every field in order: the named tuple's own constructor is a
    # Python function, some two and a half times as long (timeit, Python 3.11).
    hand = (bidder, trump, card_points, last, double, special, melds, jojotte, tricks, dealer, note)
    return tuple.__new__(PlayedHand, hand)


_PLAYED_KEY_SET: Final = frozenset(PLAYED_KEYS)
_SMALL: Final = 10_000
"""The largest whole number a played hand's field is taken as without the reader's own
check (which takes any JSON holds exactly): more than any sound hand holds."""
_NO_MELDS: Final = (0, 0)
_NOT_DOUBLED: Final = Doubling.NONE.value
_NOT_SPECIAL: Final = Special.NONE.value
_TRUMPS: Final = {trump.value: trump for trump in Trump}
_DOUBLINGS: Final = {double.value: double for double in Doubling}
_SPECIALS: Final = {special.value: special for special in Special}


def _small_pair(value: object) -> tuple[int, int] | None:
    """``value`` as a pair when it is two small whole numbers, the common case, accepted
    with one test; None for anything else, which the field reader checks and words."""
    if type(value) is list and len(value) == 2:
        first, second = value
        if (
            type(first) is int
            and type(second) is int
            and 0 <= first <= _SMALL
            and 0 <= second <= _SMALL
        ):
            return first, second
    return None


def hand_to_data(hand: Hand | SeatHand) -> dict[str, object]:
    """One hand as a JSON-ready dict; keys holding their default value are left out.

    A hand recorded by seat (the three-player game, cutthroat) has the keys of T3.
    """
    if isinstance(hand, SeatHand):
        from jojotte_score.formats.seat_hands import seat_hand_to_data  # see above

        return seat_hand_to_data(hand)
    data: dict[str, object] = {}
    if hand.dealer is not None:
        data["dealer"] = hand.dealer
    if isinstance(hand, ThrownIn):
        data["thrown_in"] = True
    else:
        data["bidder"] = hand.bidder
        data["trump"] = hand.trump.value
        if hand.double is not Doubling.NONE:
            data["double"] = hand.double.value
        if hand.special is not Special.NONE:
            data["special"] = hand.special.value
        data["card_points"] = list(hand.card_points)
        if hand.last_trick is not None:
            data["last_trick"] = hand.last_trick
        if hand.jojotte is not None:
            data["jojotte"] = hand.jojotte
        if hand.melds != (0, 0):
            data["melds"] = list(hand.melds)
        if hand.tricks is not None:
            data["tricks"] = list(hand.tricks)
    if hand.note:
        data["note"] = hand.note
    return data
