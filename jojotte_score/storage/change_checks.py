"""The checks of a change before it is made: a whole sitting stored (an import, a sitting
put in place of another), and a change to a stored sitting's hands (a hand added,
inserted, replaced or deleted, with the corrections of later hands made with it)."""

import sqlite3
from collections.abc import Callable

from jojotte_score.core.errors import InvalidSittingError, Problem
from jojotte_score.core.games import check_sitting, find_game
from jojotte_score.core.ledger import START
from jojotte_score.core.model import AnyHand, GameKey, Hand, SeatDeal, SeatHand, Sitting, ThrownIn
from jojotte_score.core.validation import check_hand, check_label, errors_only, sitting_side_names
from jojotte_score.i18n import _
from jojotte_score.storage import summary
from jojotte_score.storage.sitting_rows import HandChange


def sitting_problems(
    sitting: Sitting, title: str, place: str, *, earlier_checks: bool = False
) -> list[Problem]:
    """What stops ``sitting`` being stored as a whole with these labels: the game's checks
    of every hand (tolerating, with ``earlier_checks``, what an earlier release accepted)
    and the labels' own."""
    problems = _kind_problems(sitting)
    if not problems:  # only a sitting of the right kind can be checked hand by hand
        found = check_sitting(sitting)
        if earlier_checks:
            from jojotte_score.formats.earlier_checks import tolerate

            found = tolerate(found, sitting.variant, sitting.players, sitting.rules, sitting.hands)
        problems = errors_only(found)
    return problems + check_label("title", title) + check_label("place", place)


def _kind_problems(sitting: Sitting) -> list[Problem]:
    """A sitting whose hands do not fit its game: by seat for three players and cutthroat
    (T3, F2), side against side for the others; one problem for the first that does not."""
    by_seat = find_game(sitting.variant).by_seat
    for number, hand in enumerate(sitting.hands, start=1):
        if not isinstance(hand, ThrownIn) and isinstance(hand, SeatHand) != by_seat:
            return [Problem(_records_hands(sitting.variant, by_seat), number, "variant")]
    return []


def _records_hands(variant: GameKey, by_seat: bool) -> str:
    """The problem of a hand recorded the other way than ``variant`` records its hands."""
    if by_seat:
        message = _("a {variant} sitting records its hands by seat")
    else:
        message = _("a {variant} sitting records its hands side against side")
    return message.format(variant=variant)


def check_change(
    connection: sqlite3.Connection,
    sitting_id: int,
    variant: GameKey,
    players: tuple[str, ...],
    change: HandChange,
) -> None:
    """Refuse ``change`` when the rules of the game refuse its result, before it is made.

    A hand checks alone, except in a game whose roles follow the rubbers before them (the
    chouette's, C3): there a change can move a later dealer, so the sitting is checked
    whole from the change's position on, once the change is made."""
    game = find_game(variant)
    if not game.has_roles:
        for position, hand in change.hands():
            problems = _hand_problems(variant, players, position, hand)
            if problems:
                raise InvalidSittingError(problems)
        return
    for position, hand in change.hands():
        _refuse_other_kind(variant, position, hand)

    def make(changed: list[AnyHand], start: int) -> None:
        at = change.position - start
        if change.deleted:
            del changed[at]
        elif change.inserted is not None:
            changed.insert(at, _side_hand(change.inserted))
        for later, corrected in change.replaced.items():
            changed[later - start] = _side_hand(corrected)

    problems = _problems_from(connection, sitting_id, change.position, make)
    if problems:
        raise InvalidSittingError(problems)


def _refuse_other_kind(variant: GameKey, position: int, hand: AnyHand) -> None:
    """Refuse a hand recorded the other way than ``variant`` records its hands (a hand
    thrown in is of both kinds)."""
    by_seat = find_game(variant).by_seat
    if not isinstance(hand, ThrownIn) and isinstance(hand, SeatHand) != by_seat:
        raise InvalidSittingError([Problem(_records_hands(variant, by_seat), position + 1, None)])


def _hand_problems(
    variant: GameKey, players: tuple[str, ...], position: int, hand: AnyHand
) -> list[Problem]:
    """The errors the game finds in ``hand`` alone, at ``position``."""
    _refuse_other_kind(variant, position, hand)
    game = find_game(variant)
    if not game.by_seat:
        names = sitting_side_names(game, players)
        return errors_only(check_hand(_side_hand(hand), game, position + 1, names))
    change_of = Sitting(variant, players, (_seat_hand(hand),), game.standard_rules)
    return [p._replace(hand=position + 1) for p in errors_only(check_sitting(change_of))]


def _problems_from(
    connection: sqlite3.Connection,
    sitting_id: int,
    first: int,
    change: Callable[[list[AnyHand], int], None],
) -> list[Problem]:
    """The game's problems with the hands from position ``first`` on once ``change`` has
    been made to the stored hands (it is given them from a position on, and that
    position). They are checked from the start of the rubber of the hand at ``first``
    when the summary is fresh (the hands before it are as they were checked, and so are
    the roles it holds), else from the first hand."""
    kept = summary.start_at(connection, sitting_id, first)
    start = START if kept is None or kept.checkpoint.position == 0 else kept.checkpoint
    setup = summary.stored_setup(connection, sitting_id)
    hands = list(summary.stored_hands(connection, sitting_id, setup.variant, start.position))
    change(hands, start.position)
    changed = Sitting(setup.variant, setup.players, tuple(hands), setup.rules, setup.roles)
    found = check_sitting(changed, None if start == START else start)
    return [p for p in errors_only(found) if p.hand is None or p.hand > first]


def _side_hand(hand: AnyHand | None) -> Hand:
    if hand is None or isinstance(hand, SeatHand):
        raise TypeError("a hand side against side was expected")
    return hand


def _seat_hand(hand: AnyHand) -> SeatDeal:
    if not isinstance(hand, SeatHand | ThrownIn):
        raise TypeError("a hand by seat was expected")
    return hand
