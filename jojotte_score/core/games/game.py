"""What every way to play has, and what the two-sided games do unless a game says otherwise.

A way to play is a :class:`Game`: one class per game, in a module of its own beside this
one, declaring its names, its seats and their labels, its copy mark, its roles, its dealer
rotation, its checks and its rulings. The registry (:mod:`jojotte_score.core.games`) holds
one of each. Code above the core asks the game (``find_game(sitting.variant)``) instead of
testing which game it is.

The words used for the two ideas that split the games, everywhere:

* **per player**: the pad has a column per player (the three-player game, the chouette,
  cutthroat), not one per side (:attr:`Game.per_player`);
* **by seat**: a hand is recorded by seat, with the roles of its players (the three-player
  game and cutthroat), not side against side (:attr:`Game.by_seat`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from jojotte_score.core.errors import Problem
from jojotte_score.core.model import ChouetteRoles, Hand, Rules, Variant, side_names
from jojotte_score.core.tables import TWO_PLAYER_MELD_TOTALS
from jojotte_score.i18n import _

if TYPE_CHECKING:
    from collections.abc import Callable

    from jojotte_score.core.corrections import Correction
    from jojotte_score.core.ledger import Checkpoint, HandResult, Ledger
    from jojotte_score.core.model import AnyHand, SeatDeal, Sitting
    from jojotte_score.core.scoring import HandScore

COPY_MARK = "="
"""What marks a copy on the pad, before its number ("= 60"): an entry a player writes again
for his partner (T8, F3, C4). Not parentheses: the German pads put the prison amount in
parentheses, as the German rules' note 4 does. The same in every language."""


def copy_text(points: int) -> str:
    """A copy as the pad writes it: the number after :data:`COPY_MARK` and a no-break space,
    "= 60", its digits in line with the column's other numbers."""
    return f"{COPY_MARK}\u00a0{points}"


CardText = tuple[str, tuple[str, ...]]
"""A ruling on the scoring card: its heading ("T1: A column per player") and its sentences
or list items, translated, printed as one paragraph."""


class Game:
    """One way to play: what is particular to it, read by the code above the core."""

    variant: ClassVar[Variant]
    """The game's key: the value a sitting file and the database write (``"chouette"``)."""
    names: ClassVar[tuple[str, ...]] = ()
    """Other names :func:`~jojotte_score.core.games.find_game` knows the game by."""
    label: ClassVar[str]
    """The game, as short as a table column can show it (English; show it with ``_()``)."""
    table_word: ClassVar[str]
    """The game in the command line's tables: in English the word a sitting file uses."""
    choice: ClassVar[str]
    """The game as the new-sitting dialog offers it."""
    seat_labels: ClassVar[tuple[str, ...]]
    """The seats as the new-sitting dialog labels them, clockwise (English)."""
    players_needed: ClassVar[str]
    """The problem of a sitting with the wrong number of players (``{count}`` players)."""
    per_player: ClassVar[bool] = False
    """Whether the pad has a column per player (T1, C4, F1) rather than per side."""
    by_seat: ClassVar[bool] = False
    """Whether a hand is recorded by seat (T3, F2) rather than side against side."""
    dealer_sits_out: ClassVar[bool] = False
    """Whether the dealer sits out the hand he deals (cutthroat, F2)."""
    has_roles: ClassVar[bool] = False
    """Whether the players' roles change from rubber to rubber (the chouette's, C2, C3)."""
    copy_legend: ClassVar[str | None] = None
    """What a copy on the pad (:func:`copy_text`, in ``{copy}``) means (English), for a game
    that copies."""
    card_page: ClassVar[tuple[str, str] | None] = None
    """The scoring card's page of the game: what its title adds, the title over its
    rulings (English); None for the games of the card's first page."""
    rulings: ClassVar[str]
    """Where the game's own rules are in docs/RULES.md ("R1-R15", "T1-T16")."""
    side_people: ClassVar[int] = 1
    """How many people each column's side is: two in partnerships, whose sentences then say
    the plural verb ("Bert & Dora win the rubber"); one player otherwise."""
    meld_totals: ClassVar[frozenset[int]] = TWO_PLAYER_MELD_TOTALS
    """Every meld total one side or player can score in a hand (see tables.py): those of
    nine cards a player, unless the game says otherwise."""

    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        return self.variant.seats

    @property
    def value(self) -> str:
        """The game's name in files and the database."""
        return self.variant.value

    @property
    def column_count(self) -> int:
        """How many columns the pad has: one per player, or two, the sides."""
        return self.seats if self.per_player else 2

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.variant.value!r}>"

    # Names --------------------------------------------------------------------------------

    def column_names(self, players: Sequence[str]) -> tuple[str, ...]:
        """The pad's column headings: the two sides, or each player."""
        if self.per_player:
            return tuple(players)
        return side_names(self.variant, tuple(players))

    def compact_versus(self, sides: Sequence[str]) -> str:
        """The columns in a table cell or a CSV label: "Anna – Bert – Carl", "Anna & Carl –
        Bert & Dora"; two players "Anna–Bert"."""
        return " – ".join(sides)

    def side_of(self, seat: int) -> int:
        """The column of the pad the player in ``seat`` scores in: his own, unless the game
        pairs the seats into sides."""
        return seat

    # Roles and the deal -------------------------------------------------------------------

    def first_roles(self, recorded: ChouetteRoles | None) -> ChouetteRoles | None:
        """The first rubber's roles, from those recorded; None in a game without roles."""
        return None

    def roles_after(self, roles: ChouetteRoles, winner: int) -> ChouetteRoles:
        """The roles of the rubber after one that column ``winner`` won (C3); a game
        without roles keeps them."""
        return roles

    def dealers(self, roles: ChouetteRoles | None) -> tuple[int, ...]:
        """The seats that deal in turn (T2, F7): every seat, unless the game says otherwise."""
        return tuple(range(self.seats))

    def dealer_problems(
        self, hand: Hand, number: int | None, players: Sequence[str], roles: ChouetteRoles | None
    ) -> list[Problem]:
        """What is wrong with who dealt ``hand``, beyond a seat of the table (C7)."""
        return []

    def corrector(
        self, sitting: Sitting, position: int, recorded: Ledger | None = None
    ) -> Callable[[AnyHand], Correction | None] | None:
        """What a hand put in place of the hand at ``position`` (from 0) of ``sitting``, as
        recorded and valid, makes illegal in the hands after it, with the fixes on offer:
        a function of the hand, called again as the edit is typed (``recorded`` is the
        sitting's pad, when the caller has it). None in the games whose roles never change,
        where an edit leaves every later hand as legal as it was."""
        return None

    def correction(self, sitting: Sitting, position: int, hand: AnyHand) -> Correction | None:
        """What putting ``hand`` in place of the hand at ``position`` makes illegal in the
        hands after it (see :meth:`corrector`); None when nothing."""
        corrector = self.corrector(sitting, position)
        return None if corrector is None else corrector(hand)

    def deletion(self, sitting: Sitting, position: int) -> Correction | None:
        """What deleting the hand at ``position`` (from 0) of ``sitting``, as recorded and
        valid, makes illegal in the hands after it, with the fixes on offer, the hands
        numbered as they are once it is gone. None when nothing: in the games whose roles
        never change, a deletion leaves every later hand as legal as it was."""
        return None

    # Scoring ----------------------------------------------------------------------------

    def hand_scorer(self, roles: ChouetteRoles | None) -> Callable[[Any, int], HandScore]:
        """What scores hand ``number`` (from 1) of a rubber played with ``roles``, column by
        column (R1-R9 side against side, unless the game says otherwise). The scorer asks
        once per rubber, so the two-sided games pay nothing for the others' roles."""
        from jojotte_score.core.scoring import score_hand

        return score_hand

    def score_hand(self, hand: Any, number: int, roles: ChouetteRoles | None) -> HandScore:
        """Score one valid hand by itself, column by column: see :meth:`hand_scorer`."""
        return self.hand_scorer(roles)(hand, number)

    # The sitting --------------------------------------------------------------------------

    def check(self, sitting: Sitting, start: Checkpoint | None = None) -> list[Problem]:
        """Every problem with a sitting of this game, hands numbered from 1 in order; with
        ``start``, the sitting's hands are those from that checkpoint on, numbered from
        there (a change after it leaves the hands before it as they were checked)."""
        from jojotte_score.core.validation import check_two_sided_sitting

        return check_two_sided_sitting(sitting, start)

    def check_seat_hand(
        self, hand: SeatDeal, number: int | None, names: tuple[str, ...] | None
    ) -> list[Problem]:
        """Every error of one hand recorded by seat, checked alone, the players named when
        known (seat order): T16 among three players, unless the game says otherwise."""
        from jojotte_score.core.three_player_validation import check_three_player_hand

        return check_three_player_hand(hand, number, cast("tuple[str, str, str] | None", names))

    def explain_hand(self, result: HandResult, ledger: Ledger) -> list[str]:
        """Why hand ``result`` of ``ledger`` scored what it did, one sentence per line
        (R1-R15, unless the game says otherwise)."""
        from jojotte_score.core.explanation import explain_hand

        return explain_hand(result, ledger)

    # The scoring card -----------------------------------------------------------------------

    def card_pad_rows(self) -> tuple[tuple[str, str], ...]:
        """What the table of the pad on the game's page of the scoring card adds after the
        rubber's row for this game, translated (a heading and its text each): nothing,
        unless the game says otherwise."""
        return ()

    def card_rulings(self, rules: Rules) -> tuple[CardText, ...]:
        """The game's rulings in short for its page of the scoring card, in the words of
        docs/RULES.md, with the game target and rubber bonus of ``rules``: none for the games
        of the card's first page (:attr:`card_page` None), whose rulings are the card's own."""
        return ()

    # Messages -----------------------------------------------------------------------------

    def players_problem(self, count: int) -> str:
        """The problem of a sitting of ``count`` players, in the language spoken now."""
        return _(self.players_needed).format(count=count)
