"""The recorded facts of a Jo-Jotte sitting: sides, hands and the rules in force.

These values are what happened at the table and nothing else. Every score, game,
rubber and prison amount is derived from them by :mod:`jojotte_score.core.ledger`.
"""

import enum
from dataclasses import dataclass
from typing import NamedTuple, TypeAlias


class Variant(enum.StrEnum):
    """The names of the five ways to play the program ships: the keys files and the database
    write. A name and nothing more: every fact of a game is its
    :class:`~jojotte_score.core.games.game.Game`'s, found by its key with
    :func:`~jojotte_score.core.games.find_game`. A sitting holds its game's key as a string
    (:data:`GameKey`), so that a game registered later (a test's) is as much a game."""

    TWO_PLAYER = "two-player"
    PARTNERSHIP = "partnership"
    THREE_PLAYER = "three-player"
    CHOUETTE = "chouette"
    CUTTHROAT = "cutthroat"


GameKey: TypeAlias = str
"""A game's key: the value files and the database write (``"partnership"``); the five games
the program ships are named by :class:`Variant`, whose members are such strings."""


class Trump(enum.StrEnum):
    """The contract's denomination: a trump suit or no-trump."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    NO_TRUMP = "no-trump"

    @property
    def is_suit(self) -> bool:
        """True for a trump suit, False for no-trump."""
        return self is not Trump.NO_TRUMP


class Doubling(enum.StrEnum):
    """Whether the contract was doubled or redoubled."""

    NONE = "none"
    DOUBLE = "double"
    REDOUBLE = "redouble"

    @property
    def multiplier(self) -> int:
        """The factor m of the rulings: 1, 2 or 4."""
        if self is Doubling.NONE:
            return 1
        return 2 if self is Doubling.DOUBLE else 4


class Special(enum.StrEnum):
    """A special bid after the draw: Nullo by the bidder's opponent, Slam by the bidder."""

    NONE = "none"
    NULLO = "nullo"
    SLAM = "slam"


def opponent(side: int) -> int:
    """The other side (sides are 0 and 1)."""
    return 1 - side


@dataclass(frozen=True, slots=True)
class Rules:
    """The scoring targets in force for a sitting."""

    game_target: int = 80
    rubber_bonus: int = 300


class ThrownIn(NamedTuple):
    """A deal in which nobody named a trump or no-trump; it scores nothing.

    Hands are named tuples, not dataclasses, because a sitting may hold a hundred thousand
    of them and they are built on every load: on Python 3.11 building 100,000 played hands
    takes ~46 ms as named tuples and ~113 ms as frozen slotted dataclasses. The price is
    tuple behaviour (a hand equals a plain tuple of its fields); compare hands with hands.
    """

    dealer: int | None = None
    note: str = ""

    @property
    def thrown_in(self) -> bool:
        """Always True: lets callers tell hands apart without isinstance."""
        return True


class PlayedHand(NamedTuple):
    """A hand that was bid and played out.

    ``bidder`` is the side that named the trump or no-trump. ``card_points`` are the
    points of the cards each side took, without last trick and Jo-Jotte. ``last_trick``
    is ``None`` only in Nullo, where it does not count. ``tricks`` may be ``None`` except
    in Nullo and Slam. A named tuple for speed, as :class:`ThrownIn` says.
    """

    bidder: int
    trump: Trump
    card_points: tuple[int, int]
    last_trick: int | None
    double: Doubling = Doubling.NONE
    special: Special = Special.NONE
    melds: tuple[int, int] = (0, 0)
    jojotte: int | None = None
    tricks: tuple[int, int] | None = None
    dealer: int | None = None
    note: str = ""

    @property
    def thrown_in(self) -> bool:
        """Always False."""
        return False

    @property
    def declarer(self) -> int:
        """The side whose contract is played: the Nullo bidder in Nullo, else the bidder."""
        return 1 - self.bidder if self.special is Special.NULLO else self.bidder


Hand = PlayedHand | ThrownIn
"""A hand recorded side against side."""

_CUTTHROAT_SEATS = 4
"""Players at a cutthroat table, where the dealer sits out each hand (F2)."""


class SidesWith(enum.StrEnum):
    """Whom the third player joins after a double (T4): the declarer or the doubler."""

    DECLARER = "declarer"
    DEFENDER = "defender"


class SeatHand(NamedTuple):
    """A three-player hand that was bid and played, by seat (T3).

    ``bidder`` named the trump or no-trump; ``active_defender`` played against the declarer
    (the bidder, or ``nullo_bidder`` in Nullo). ``card_points``, ``melds`` and ``tricks`` have
    one number per seat, 0 for the inactive seat. ``doubler`` and ``sides_with`` are given
    exactly when the contract was doubled. A named tuple, like
    :class:`~jojotte_score.core.model.PlayedHand`.

    The four-player cutthroat game plays the same hand among the three players other than
    the dealer (F2): its lists have four numbers, the dealer's 0, and ``dealer`` is given.
    """

    bidder: int
    trump: Trump
    active_defender: int
    card_points: tuple[int, ...]
    last_trick: int | None
    double: Doubling = Doubling.NONE
    doubler: int | None = None
    sides_with: SidesWith | None = None
    special: Special = Special.NONE
    nullo_bidder: int | None = None
    melds: tuple[int, ...] = (0, 0, 0)
    jojotte: int | None = None
    tricks: tuple[int, ...] | None = None
    dealer: int | None = None
    note: str = ""

    @property
    def thrown_in(self) -> bool:
        """Always False."""
        return False

    @property
    def declarer(self) -> int:
        """D: the Nullo bidder in Nullo, else the bidder (T3)."""
        if self.special is Special.NULLO and self.nullo_bidder is not None:
            return self.nullo_bidder
        return self.bidder

    @property
    def seats(self) -> int:
        """How many players sit at the table: 3, or 4 in cutthroat (one number each)."""
        return len(self.card_points)

    @property
    def sitting_out(self) -> int | None:
        """The seat dealt no part in the play: the cutthroat dealer (F2); None with three."""
        return self.dealer if self.seats == _CUTTHROAT_SEATS else None

    @property
    def inactive(self) -> int:
        """I: the player of the hand who is neither the declarer nor the active defender (T3);
        in cutthroat, not the dealer either (F2). -1 when the roles leave nobody."""
        taken = (self.declarer, self.active_defender, self.sitting_out)
        return next((seat for seat in range(self.seats) if seat not in taken), -1)

    @property
    def inactive_partner(self) -> int:
        """The active player the inactive one sides with (T4).

        Undoubled, and in Nullo, the active defender; doubled, the declarer when the third
        player sided with him, else the active defender (the doubler).
        """
        if (
            self.double is not Doubling.NONE
            and self.special is not Special.NULLO
            and self.sides_with is SidesWith.DECLARER
        ):
            return self.declarer
        return self.active_defender


SeatDeal = SeatHand | ThrownIn


AnyHand: TypeAlias = PlayedHand | SeatHand | ThrownIn
"""A hand of any game: side against side, or by seat (the game's ``by_seat``)."""


RubberRoles: TypeAlias = tuple[int, ...]
"""The players' roles in one rubber of a game whose roles change from rubber to rubber: the
seat holding each of the game's roles, in the order the game names them
(:attr:`~jojotte_score.core.games.game.Game.role_names`; the chouette's box and captain,
C1, C2). The game makes them (:meth:`~jojotte_score.core.games.game.Game.make_roles`) and
says what they mean; nothing outside its module asks which role a seat holds by name."""


@dataclass(frozen=True, slots=True)
class Sitting:
    """One evening's play of any of the five games: who played, under which rules, and every
    hand in order.

    The hands are the game's kind of hand (:attr:`~jojotte_score.core.games.game.Game.by_seat`):
    side against side (:class:`PlayedHand` or :class:`ThrownIn`) for two players, four in
    partnerships and the chouette's box (side 0) against its team (side 1); by seat
    (:class:`SeatHand` or :class:`ThrownIn`) for the three-player game and cutthroat.
    ``variant`` is the game's key (:data:`GameKey`), a name: the game itself is found by it
    in the registry (:func:`~jojotte_score.core.games.find_game`), which also makes a sitting
    under the game's standard rules (:func:`~jojotte_score.core.games.new_sitting`).
    ``roles`` holds the first rubber's roles in a game whose roles change (the chouette's,
    C1, C3), None in the others.
    """

    variant: GameKey
    players: tuple[str, ...]
    hands: tuple[AnyHand, ...]
    rules: Rules
    roles: RubberRoles | None = None
