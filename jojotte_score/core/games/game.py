"""What every way to play has, and what the two-sided games do unless a game says otherwise.

A way to play is a :class:`Game`: one class per game, in a module of its own beside this
one, declaring its names, its seats and their labels, its copy mark, its roles, its dealer
rotation, its checks and its rulings. The registry (:mod:`jojotte_score.core.games`) holds
one of each. Code above the core asks the game (``find_game(sitting.variant)``) instead of
testing which game it is, and hands it down to the shared rules (the ledger, validation,
the explanation), which read it as :class:`~jojotte_score.core.game_facts.GameFacts` and
import no game: this module imports them, never the reverse. Every fact of a game is an
attribute or a method of its class, so a subclass inherits them all and overrides only what
differs (a partnership game to 150 is ``Partnership`` with another key, names and target);
the one exception is :attr:`Game.file_version`, which a class declares for itself.

The words used for the two ideas that split the games, everywhere:

* **per player**: the pad has a column per player (the three-player game, the chouette,
  cutthroat), not one per side (:attr:`Game.per_player`);
* **by seat**: a hand is recorded by seat, with the roles of its players (the three-player
  game and cutthroat), not side against side (:attr:`Game.by_seat`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

from jojotte_score.core.errors import Problem
from jojotte_score.core.model import GameKey, Hand, RubberRoles, Rules
from jojotte_score.core.tables import TWO_PLAYER_MELD_TOTALS
from jojotte_score.i18n import _

if TYPE_CHECKING:
    from collections.abc import Callable

    from jojotte_score.core.corrections import Correction
    from jojotte_score.core.ledger import Checkpoint, HandResult, Ledger
    from jojotte_score.core.model import AnyHand, SeatDeal, SidesWith, Sitting
    from jojotte_score.core.scoring import HandScore

COPY_MARK = "="
"""What marks a copy on the pad, before its number ("= 60"): an entry a player writes again
for his partner (T8, F3, C4). Not parentheses: the German pads put the prison amount in
parentheses, as the German rules' note 4 does. The same in every language."""


def copy_text(points: int) -> str:
    """A copy as the pad writes it: the number after :data:`COPY_MARK` and a no-break space,
    "= 60", its digits in line with the column's other numbers."""
    return f"{COPY_MARK}\u00a0{points}"


NEWEST_FILE_VERSION: Final = 2
"""The sitting file's newest version (docs/file-format.md): what a game is written as unless
it declares the first."""

CardText = tuple[str, tuple[str, ...]]
"""A ruling on the scoring card: its heading ("T1: A column per player") and its sentences
or list items, translated, printed as one paragraph."""


class Game:
    """One way to play: what is particular to it, read by the code above the core."""

    variant: ClassVar[GameKey]
    """The game's key: the value a sitting file and the database write (``"chouette"``);
    for the five games the program ships, a :class:`~jojotte_score.core.model.Variant`."""
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
    seats: ClassVar[int]
    """How many players sit at the table."""
    default_game_target: ClassVar[int] = 80
    """Points below the line that win a game, unless a sitting says otherwise: 80, or 125 in
    partnerships (R12)."""
    default_rubber_bonus: ClassVar[int] = 300
    """The rubber's bonus, unless a sitting says otherwise: 300 (R13)."""
    tricks_per_hand: ClassVar[int] = 9
    """The tricks of a hand: nine cards for each active player, unless the game says
    otherwise (eight each when four share the 32 cards)."""
    all_cards_played: ClassVar[bool] = False
    """Whether all 32 cards are played, so that the card points add up to the deck. In the
    games of two hands of nine cards 18 of the 32 cards are played, the rest stay out."""
    file_version: ClassVar[int] = NEWEST_FILE_VERSION
    """The version of the sitting file the game is written as (docs/file-format.md). Not
    inherited: a class that does not declare its own is written as the newest version, as
    an older reader does not know its key (the first version names two games only)."""
    role_names: ClassVar[tuple[str, ...]] = ()
    """The roles the players take in each rubber, when they change from rubber to rubber
    (the chouette's box and captain, C2, C3): :data:`~jojotte_score.core.model.RubberRoles` holds
    the seat of each, in this order. Empty in a game without roles."""
    role_meanings: ClassVar[tuple[str, ...]] = ()
    """What the seat of each role, in the order of :attr:`role_names`, is, as a sitting file's
    problems name it (English)."""
    role_labels: ClassVar[tuple[str, ...]] = ()
    """How the new-sitting dialog asks for the first rubber's holder of each role, in the
    order of :attr:`role_names` (English, with the key's ampersand)."""
    blank_roles: ClassVar[str | None] = None
    """The caption of a blank pad's line where the rubber's roles are written in by hand
    (English; show it with ``_()``), in a game with roles."""
    roles_key: ClassVar[str] = "roles"
    """The sitting file's key for the first rubber's roles, in a game with roles (the
    chouette writes ``"chouette"``, as its files always have)."""
    players_needed: ClassVar[str]
    """The problem of a sitting with the wrong number of players (``{count}`` players)."""
    per_player: ClassVar[bool] = False
    """Whether the pad has a column per player (T1, C4, F1) rather than per side."""
    by_seat: ClassVar[bool] = False
    """Whether a hand is recorded by seat (T3, F2) rather than side against side."""
    dealer_sits_out: ClassVar[bool] = False
    """Whether the dealer sits out the hand he deals (cutthroat, F2)."""
    copy_legend: ClassVar[str | None] = None
    """What a copy on the pad means (English), for a game that copies: the pad's legend,
    naming the mark (:data:`COPY_MARK`, in ``{mark}``) and no figure, which the pad might
    not hold, and who copies whom, by the rulings' names for the players."""
    card_page: ClassVar[tuple[str, str] | None] = None
    """The scoring card's page of the game: what its title adds, the title over its
    rulings (English); None for the games whose figures the card's first page gives (two
    players and partnerships). The page's table of the pad is drawn from the game's facts
    (its columns, tricks, target and bonus, copies and settlement), its rulings are
    :meth:`card_rulings`."""
    card_with_sitting: ClassVar[bool] = True
    """Whether a sitting's PDF with the scoring card carries the game's page after the
    card's first page (when the game has one)."""
    rulings: ClassVar[str]
    """Where the game's own rules are in docs/RULES.md ("R1-R15", "T1-T16")."""
    side_people: ClassVar[int] = 1
    """How many people each column's side is: two in partnerships, whose sentences then say
    the plural verb ("Bert & Dora win the rubber"); one player otherwise."""
    record_roles: ClassVar[tuple[tuple[str, str], ...]] = ()
    """The roles the circle's records count a player's figures in
    (:mod:`jojotte_score.core.records`), each its key and its name in words (``N_``): those
    a rubber gives (the keys of :meth:`role_seats`) and those a hand gives
    (:meth:`hand_role_seats`). None unless the game has roles."""
    meld_totals: ClassVar[frozenset[int]] = TWO_PLAYER_MELD_TOTALS
    """Every meld total one side or player can score in a hand (see tables.py): those of
    nine cards a player, unless the game says otherwise."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "file_version" not in cls.__dict__:  # see file_version: never inherited
            cls.file_version = NEWEST_FILE_VERSION

    @property
    def value(self) -> str:
        """The game's name in files and the database (its key)."""
        return str(self.variant)

    @property
    def has_roles(self) -> bool:
        """Whether the players' roles change from rubber to rubber (:attr:`role_names`)."""
        return bool(self.role_names)

    @property
    def standard_rules(self) -> Rules:
        """The game's own rules: its default game target and rubber bonus."""
        return Rules(self.default_game_target, self.default_rubber_bonus)

    @property
    def column_count(self) -> int:
        """How many columns the pad has: one per player, or two, the sides."""
        return self.seats if self.per_player else 2

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.value!r}>"

    # Names --------------------------------------------------------------------------------

    def column_names(self, players: Sequence[str]) -> tuple[str, ...]:
        """The pad's column headings: the two sides, or each player."""
        if self.per_player:
            return tuple(players)
        return self.side_names(players)

    def side_names(self, players: Sequence[str]) -> tuple[str, str]:
        """The names the sheet shows for side 0 and side 1: the first two players (the game
        pairs them otherwise), "Side 1" and "Side 2" without them."""
        if len(players) >= 2:
            return (players[0], players[1])
        return (_("Side 1"), _("Side 2"))

    def compact_versus(self, sides: Sequence[str]) -> str:
        """The columns in a table cell or a CSV label: "Anna – Bert – Carl", "Anna & Carl –
        Bert & Dora"; two players "Anna–Bert"."""
        return " – ".join(sides)

    def side_of(self, seat: int) -> int:
        """The column of the pad the player in ``seat`` scores in: his own, unless the game
        pairs the seats into sides."""
        return seat

    # Roles and the deal -------------------------------------------------------------------

    def make_roles(self, seats: Sequence[int]) -> RubberRoles:
        """The roles held by ``seats`` (one seat per role of :attr:`role_names`, in order),
        as the game's own kind of roles: how stored or written roles are read back."""
        return tuple(seats)

    def role_seats(self, roles: RubberRoles) -> dict[str, int]:
        """Every role of ``roles`` and the seat that holds it, by the role's name as files
        write it: the game's :attr:`role_names`, and any role they leave to a seat."""
        return dict(zip(self.role_names, roles, strict=True))

    def rubber_sides(self, roles: RubberRoles | None) -> tuple[tuple[int, ...], ...]:
        """The seats that share one result in a rubber played with ``roles`` (partners), side
        by side, each side's seats in order: the seats whose games count in one column
        (:meth:`side_of`, :meth:`scores_with`), so two sides in partnerships and the
        chouette's box against its team, and each player alone in the other games."""
        sides: dict[int, list[int]] = {}
        for seat in range(self.seats):
            sides.setdefault(self.scores_with(roles, self.side_of(seat)), []).append(seat)
        return tuple(tuple(seats) for _column, seats in sorted(sides.items()))

    def hand_role_seats(self, hand: AnyHand) -> dict[str, int]:
        """Every role ``hand`` gives a player for that hand alone, by the key of
        :attr:`record_roles`, and the seat that holds it: none unless the game's roles change
        from hand to hand."""
        return {}

    def side_seats(self, roles: RubberRoles | None) -> tuple[int, int]:
        """The seats that play side 0 and side 1 of a hand recorded side against side, in
        a rubber played with ``roles``: seats 0 and 1 unless the game's roles say."""
        return (0, 1)

    def side_labels(self, roles: RubberRoles | None, players: Sequence[str]) -> tuple[str, str]:
        """How the entry form names side 0 and side 1 of a hand in a rubber played with
        ``roles``: the sides' names unless the game's roles say."""
        return self.side_names(players)

    def written_figures(
        self, roles: RubberRoles | None, figures: tuple[int, ...]
    ) -> tuple[int, ...]:
        """Each column's ``figures`` (points below, games) as the pad writes them in a
        rubber played with ``roles``: as they are, unless a seat writes another's."""
        return figures

    def scores_with(self, roles: RubberRoles | None, seat: int) -> int:
        """The column whose games count for ``seat`` in a rubber played with ``roles``: his
        own, unless the game's roles say."""
        return seat

    def roles_caption(self, roles: RubberRoles | None, names: Sequence[str]) -> tuple[str, ...]:
        """The rubber's roles as the pad writes them above its names (nothing without)."""
        return ()

    def roles_status(self, roles: RubberRoles | None, names: Sequence[str]) -> str | None:
        """The rubber's roles at the head of the status line; None without."""
        return None

    def column_winners(self, roles: RubberRoles | None, names: Sequence[str]) -> tuple[str, ...]:
        """Whom a game or a rubber won by each column goes to, in the hand list: the column's
        own name, unless the game's roles say."""
        return tuple(names)

    def rubber_winner_text(
        self, roles: RubberRoles | None, winner: int, names: Sequence[str]
    ) -> str:
        """Who won a rubber by column ``winner``, in words (a pad with a column per
        player)."""
        return _("{player} wins the rubber").format(player=names[winner])

    def roles_problems(self, roles: RubberRoles) -> list[str]:
        """What stops the first rubber's ``roles``, chosen in the new-sitting dialog, as
        sentences (each role a seat of the table is the dialog's to ensure)."""
        return []

    def first_roles(self, recorded: RubberRoles | None) -> RubberRoles | None:
        """The first rubber's roles, from those recorded; None in a game without roles."""
        return None

    def roles_after(self, roles: RubberRoles, winner: int) -> RubberRoles:
        """The roles of the rubber after one that column ``winner`` won (C3); a game
        without roles keeps them."""
        return roles

    def dealers(self, roles: RubberRoles | None) -> tuple[int, ...]:
        """The seats that deal in turn (T2, F7): every seat, unless the game says otherwise."""
        return tuple(range(self.seats))

    def dealer_problems(
        self, hand: Hand, number: int | None, players: Sequence[str], roles: RubberRoles | None
    ) -> list[Problem]:
        """What is wrong with who dealt ``hand``, beyond a seat of the table (C7)."""
        return []

    def first_asked_to_defend(self, declarer: int, dealer: int | None) -> int | None:
        """The seat the rules ask first whether to defend against ``declarer``'s undoubled
        contract (dealt by ``dealer``, when known), which the entry panel suggests as the
        active defender; None when the game names nobody (a hand side against side has no
        active defender to choose)."""
        return None

    def nullo_bidders(
        self,
        bidder: int | None,
        dealer: int | None,
        doubler: int | None,
        sides_with: SidesWith | None,
    ) -> tuple[int, ...]:
        """The seats that may bid Nullo against ``bidder``'s contract (``doubler`` None when
        undoubled or not yet known; ``sides_with`` the third player's side after a double),
        which the entry panel offers: none in a game whose hands are recorded side against
        side, where a side bids Nullo and no seat is chosen."""
        return ()

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

    def hand_scorer(self, roles: RubberRoles | None) -> Callable[[Any, int], HandScore]:
        """What scores hand ``number`` (from 1) of a rubber played with ``roles``, column by
        column (R1-R9 side against side, unless the game says otherwise). The scorer asks
        once per rubber, so the two-sided games pay nothing for the others' roles."""
        from jojotte_score.core.scoring import score_hand

        return score_hand

    def score_hand(self, hand: Any, number: int, roles: RubberRoles | None) -> HandScore:
        """Score one valid hand by itself, column by column: see :meth:`hand_scorer`."""
        return self.hand_scorer(roles)(hand, number)

    # The sitting --------------------------------------------------------------------------

    def check(self, sitting: Sitting, start: Checkpoint | None = None) -> list[Problem]:
        """Every problem with a sitting of this game, hands numbered from 1 in order; with
        ``start``, the sitting's hands are those from that checkpoint on, numbered from
        there (a change after it leaves the hands before it as they were checked)."""
        from jojotte_score.core.validation import check_two_sided_sitting

        return check_two_sided_sitting(self, sitting, start)

    def check_seat_hand(
        self, hand: SeatDeal, number: int | None, names: tuple[str, ...] | None
    ) -> list[Problem]:
        """Every error of one hand recorded by seat, checked alone, the players named when
        known (seat order): T16 among three players, unless the game says otherwise."""
        from jojotte_score.core.games.three_player_validation import check_three_player_hand

        three = cast("tuple[str, str, str] | None", names)
        return check_three_player_hand(self, hand, number, three)

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
