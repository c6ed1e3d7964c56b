"""Where the table stands: before the next hand, its game, scores, prison and who deals;
and which later hand won the points each hand put in prison (R10).

Each rubber starts with a new cut for the first dealer ("Zu Beginn jeden Robbers wird auf
diese Weise der erste Geber bestimmt"), so the first dealer of a sitting and of every later
rubber is whoever the players say won the cut. Within a rubber the deal alternates between
two players, goes clockwise (seat + 1) among three or four (T2, F7), alternates between the
chouette's box and captain (C7), and a thrown-in deal passes the deal on like any other
("the next deal goes to the non-dealer"). So the next dealer follows from the last dealer
recorded since the rubber began, and never from a hand of an earlier rubber.
"""

from collections.abc import Iterable, Sequence
from typing import NamedTuple, Protocol

from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import GameKey


class _Dealt(Protocol):
    """A hand that may name its dealer."""

    @property
    def dealer(self) -> int | None: ...


class _Scored(Protocol):
    """A scored hand of any pad: the hand, and whether it ended a rubber."""

    @property
    def hand(self) -> _Dealt: ...

    @property
    def rubber_winner(self) -> int | None: ...


class TableStatus(NamedTuple):
    """The state of play before the next hand, as the status line shows it.

    A named tuple, as :class:`~jojotte_score.core.explanation.RuleReferences` says: as a
    frozen dataclass it cost 4.9 M of a start's instructions.

    ``next_dealer`` is a seat, or None when it cannot be known (see :func:`next_dealer`).
    ``new_cut`` is True when the last hand ended a rubber, so the players cut again.
    """

    hand: int
    rubber: int
    game: int
    below: tuple[int, ...]
    games: tuple[int, ...]
    prison: int
    next_dealer: int | None
    new_cut: bool


def next_dealer(
    results: Sequence[_Scored],
    variant: GameKey,
    chosen: int | None = None,
    dealers: Sequence[int] | None = None,
) -> int | None:
    """The seat that deals the hand after ``results``, or None when it cannot be known.

    ``results`` are the scored hands before it (at least those of its rubber). ``chosen`` is
    the dealer the players chose for it, if they did: the first dealer of the sitting, or
    the winner of the cut after a rubber. It is the answer when ``results`` is empty or
    ends a rubber, and only then, as the players cut only at the start of a rubber. Within
    a rubber the deal rotates from the last dealer recorded since the rubber began; None
    when none was. ``dealers`` are the seats that deal in turn, every seat by default; in
    the chouette the rubber's box and captain (C7).
    """
    if not results or results[-1].rubber_winner is not None:
        return chosen
    turn = list(range(find_game(variant).seats) if dealers is None else dealers)
    for back, result in enumerate(reversed(results)):
        if result.rubber_winner is not None:  # the end of the rubber before
            return None
        dealer = result.hand.dealer
        if dealer is not None:
            if dealer not in turn:
                return None
            return turn[(turn.index(dealer) + back + 1) % len(turn)]
    return None


def table_status(ledger: Ledger, variant: GameKey, chosen: int | None = None) -> TableStatus:
    """The status after the last hand of ``ledger``, of any game.

    The ``ledger`` may be scored from a rubber's
    :class:`~jojotte_score.core.ledger.Checkpoint`, as long as it holds the rubber of its
    last hand. ``chosen`` is the dealer the players chose for the next hand, if any (see
    :func:`next_dealer`).
    """
    nothing = (0,) * len(ledger.columns)
    first_rubber = ledger.start.rubber
    last = ledger.hands[-1] if ledger.hands else None
    new_cut = last is not None and last.rubber_winner is not None
    if last is None:
        rubber, game, below, games = first_rubber, 1, nothing, nothing
    elif new_cut:
        rubber, game, below, games = last.rubber + 1, 1, nothing, nothing
    elif last.game_winner is not None:
        rubber, game, below, games = last.rubber, last.game + 1, nothing, last.games
    else:
        rubber, game, below, games = last.rubber, last.game, last.below, last.games
    roles = ledger.rubbers[-1].roles if ledger.rubbers else None
    dealers = find_game(variant).dealers(roles)
    return TableStatus(
        hand=ledger.hand_count + 1,
        rubber=rubber,
        game=game,
        below=below,
        games=games,
        prison=ledger.unresolved_prison,
        next_dealer=next_dealer(ledger.hands, variant, chosen, dealers),
        new_cut=new_cut,
    )


class PrisonMoves(Protocol):
    """A scored hand of any pad: its number, what it put in prison and what it won."""

    @property
    def number(self) -> int: ...

    @property
    def prison_in(self) -> int: ...

    @property
    def prison_out(self) -> int: ...


def prison_winners(hands: Iterable[PrisonMoves]) -> dict[int, int]:
    """{number of a hand that put points in prison: number of the hand that won them}.

    R10: "the winner of the next hand takes them" – every amount waiting goes to the next hand
    with a winner, across rubbers too. Amounts nobody has won yet are not in the result.
    """
    waiting: list[int] = []
    won: dict[int, int] = {}
    for hand in hands:
        if hand.prison_out:
            won.update(dict.fromkeys(waiting, hand.number))
            waiting.clear()
        if hand.prison_in:
            waiting.append(hand.number)
    return won
