"""What the hand entry form needs to know, without Qt.

The entry panel (:mod:`jojotte_score.gui.entry.entry_panel`) shows one input per :class:`Slot` and
wires its widgets to a form, which decides everything a test can check with
plain pytest:

- the fields' values (:class:`FormValues`) to a :class:`Hand`, or what is still missing,
  asked in the players' words and keyed by the field it belongs to;
- the core's errors and warnings for that hand (``check_hand``), keyed the same way;
- the focus order: the order of the pad, top to bottom, and in every pair of boxes the
  left-hand column's side first, then the right-hand one;
- which slot still needs input, and so where a choice made with a key moves the focus;
- the remainder offered as a suggestion (partnerships only: there all 32 cards are played,
  so one side's count gives the other's; in every other game only 18 are);
- the choices filled in as a visible suggestion (:meth:`FormRules.suggested_choices`: the
  three-player and cutthroat active defender, the player the rules ask first), which the
  scorekeeper sees in the row and may change;
- the keystroke plan: the keys that type a given hand, which the tests press and count.

Two forms say what each way to play needs: :class:`~jojotte_score.gui.entry.entry_form.EntryForm`
for the hands recorded side against side (two players, partnerships, the chouette's box
against its team, C1) and :class:`~jojotte_score.gui.entry.seat_form.SeatEntryForm` for the
three-player and cutthroat hands, recorded by seat. Both are built on what this module
holds, which imports neither: :class:`FormRules` (the focus, the choices' keys and the
keystroke plan), the slots, the values and the verdict on them, and the choices every form
offers alike. :func:`~jojotte_score.gui.entry.entry_panel.entry_form_for` picks a form for
a sitting.

Nothing here writes a value the scorekeeper did not type or accept, but for a choice the
rules suggest, shown in its row as the dealer the window fills in is.
"""

import enum
from collections.abc import Collection, Sequence
from typing import Any, NamedTuple

from jojotte_score.core.errors import Problem
from jojotte_score.core.games import find_game
from jojotte_score.core.model import (
    AnyHand,
    Doubling,
    GameKey,
    PlayedHand,
    SeatHand,
    SidesWith,
    Special,
    ThrownIn,
    Trump,
)
from jojotte_score.core.tables import contract_deck
from jojotte_score.core.validation import (
    card_points_range_error,
    errors_only,
    possible_unbid_slam,
    tricks_range_error,
)
from jojotte_score.i18n import N_, _, pgettext

Pair = tuple[int | None, int | None]
SIDES = (0, 1)

# The keys a scorekeeper presses, as the keystroke plan writes them.
TAB, ENTER, SPACE, BACKSPACE = "Tab", "Enter", "Space", "Backspace"
MELD_KEY = "M"
"""The key of the melds, the same in every language: in a meld box it opens the meld
helper; after points typed in a card-points box it makes them that side's meld points."""


class Slot(enum.StrEnum):
    """One input of the form, named by the field key the core's problems use."""

    DEALER = "dealer"
    BIDDER = "bidder"
    TRUMP = "trump"
    DOUBLE = "double"
    DOUBLER = "doubler"
    SIDES_WITH = "sides_with"
    SPECIAL = "special"
    NULLO_BIDDER = "nullo_bidder"
    ACTIVE_DEFENDER = "active_defender"
    MELDS_LEFT = "melds[0]"
    MELDS_RIGHT = "melds[1]"
    CARDS_LEFT = "card_points[0]"
    CARDS_RIGHT = "card_points[1]"
    LAST_TRICK = "last_trick"
    JOJOTTE = "jojotte"
    TRICKS_LEFT = "tricks[0]"
    TRICKS_RIGHT = "tricks[1]"
    NOTE = "note"

    @property
    def row(self) -> str:
        """The form row the slot sits in: "melds" for both meld boxes, and so on."""
        return self.value.partition("[")[0]

    @property
    def side(self) -> int | None:
        """0 or 1 for a box of a pair, None for a single field."""
        _row, bracket, rest = self.value.partition("[")
        return int(rest[0]) if bracket else None


# The focus order: the pad's order, the left-hand side of each pair first. The card points
# come before who took the last trick: a scorekeeper who types the counts straight after the
# trump then types them into the count boxes, never as a digit that picks a side.
SEAT_ORDER: tuple[Slot, ...] = tuple(Slot)
"""The three-player and cutthroat form's order: the bidding as at the table (who doubled
and whom the third player sided with, who bid Nullo, who played against the declarer),
then the play of the two active players, declarer first."""

MELDS_OF: dict[Slot, Slot] = {Slot.CARDS_LEFT: Slot.MELDS_LEFT, Slot.CARDS_RIGHT: Slot.MELDS_RIGHT}
"""Each card-points box's side's meld box: where :data:`MELD_KEY` puts the points typed."""
_CARDS_OF = {melds: cards for cards, melds in MELDS_OF.items()}

_SEAT_ROLES = frozenset({Slot.DOUBLER, Slot.SIDES_WITH, Slot.NULLO_BIDDER, Slot.ACTIVE_DEFENDER})
ORDER: tuple[Slot, ...] = tuple(slot for slot in Slot if slot not in _SEAT_ROLES)
"""The order of the hands recorded side against side (two players, partnerships, the
chouette)."""

# Each row's label, with the letter that Alt plus it jumps to (after "&"); shown through
# row_label(). Translators: each label of the entry panel needs a letter of its own, and
# none of the main window's menu titles' letters (Alt plus it opens the menu).
ROW_LABELS: dict[str, str] = {
    "dealer": N_("Deale&r"),
    "bidder": N_("&Bidder"),
    "trump": N_("Tr&ump"),
    "double": N_("&Doubling"),
    "doubler": N_("Doubled b&y"),
    "sides_with": N_("Third player side&s with"),
    "special": N_("&Nullo or slam"),
    "nullo_bidder": N_("Nullo b&idder"),
    "active_defender": N_("&Active defender"),
    "melds": N_("&Melds"),
    "card_points": N_("&Card points"),
    "last_trick": N_("&Last trick"),
    "jojotte": N_("&Jo-Jotte"),
    "tricks": N_("Tric&ks"),
    "note": N_("N&ote"),
}


def row_label(row: str) -> str:
    """A row's label in the current language, its Alt letter after "&" ("Tric&ks")."""
    return _(ROW_LABELS[row])


_DEFAULT_ROWS = (Slot.DOUBLE, Slot.SPECIAL, Slot.JOJOTTE)
"""The rows with a default choice, which take their keys from a field after them while
they hold it (:meth:`FormRules.passed_rows`)."""

PLAY_ROWS = frozenset({Slot.LAST_TRICK, Slot.JOJOTTE})
"""The rows that name a player of the play (who won the last trick, who held Jo-Jotte):
they offer only the players at play (:meth:`FormRules.seats_at_play`)."""

TEXT_SLOTS = frozenset(slot for slot in Slot if slot.side is not None or slot is Slot.NOTE)
_PAIRS = {
    "melds": (Slot.MELDS_LEFT, Slot.MELDS_RIGHT),
    "card_points": (Slot.CARDS_LEFT, Slot.CARDS_RIGHT),
    "tricks": (Slot.TRICKS_LEFT, Slot.TRICKS_RIGHT),
}

TRUMP_CHOICES: tuple[tuple[Trump, str, tuple[str, ...]], ...] = (
    (Trump.CLUBS, N_("♣ Clubs"), ("C",)),
    (Trump.DIAMONDS, N_("♦ Diamonds"), ("D",)),
    (Trump.HEARTS, N_("♥ Hearts"), ("H",)),
    (Trump.SPADES, N_("♠ Spades"), ("S",)),
    (Trump.NO_TRUMP, N_("No-trump"), ("N",)),
)
"""The trump choices in English, each with its key; :func:`trump_choices` gives them in the
current language, whose keys follow its names (German: K, A, H, P, O)."""
DOUBLING_CHOICES: tuple[tuple[Doubling, str, tuple[str, ...]], ...] = (
    (Doubling.NONE, N_("None"), ("0",)),
    (Doubling.DOUBLE, N_("Doubled"), ("X",)),
    (Doubling.REDOUBLE, N_("Redoubled"), ("R",)),
)
"""The doubling choices (their labels translated by :func:`doubling_choices`); their keys
are the same in every language."""
SPECIAL_KEYS = {Special.NONE: ("0",), Special.NULLO: ("N",), Special.SLAM: ("S",)}
NOBODY_KEYS = ("0",)

Choice = tuple[Any, str, tuple[str, ...]]
"""One choice of a choice field: (value, label, keys)."""


def trump_key(trump: Trump) -> str:
    """The key that chooses ``trump`` in the current language: the first letter of its name
    where the names' letters differ (English C, D, H, S, N)."""
    # Translators: the single letter typed to choose each trump, shown on its button ("♣
    # Kreuz [K]"). The five letters must differ; best each name's first letter.
    keys = {
        Trump.CLUBS: pgettext("key for clubs", "C"),
        Trump.DIAMONDS: pgettext("key for diamonds", "D"),
        Trump.HEARTS: pgettext("key for hearts", "H"),
        Trump.SPADES: pgettext("key for spades", "S"),
        Trump.NO_TRUMP: pgettext("key for no-trump", "N"),
    }
    return keys[trump].upper()


def trump_choices() -> list[Choice]:
    """The trump choices in the current language: (trump, label, keys)."""
    return [(trump, _(label), (trump_key(trump),)) for trump, label, _keys in TRUMP_CHOICES]


def doubling_choices() -> list[Choice]:
    """The doubling choices in the current language: (doubling, label, keys)."""
    return [(double, _(label), keys) for double, label, keys in DOUBLING_CHOICES]


def mnemonic(label: str) -> str:
    """The letter after "&" in a label, upper case ("Tric&ks" gives "K")."""
    return label[label.index("&") + 1].upper()


def choice_keys(names: Sequence[str]) -> list[tuple[str, ...]]:
    """``1``, ``2``, … and each name's first letter when the first letters differ."""
    initials = [name.strip()[:1].upper() for name in names]
    usable = all(i.isalpha() for i in initials) and len(set(initials)) == len(initials)
    return [
        (str(index + 1), initials[index]) if usable else (str(index + 1),)
        for index in range(len(names))
    ]


class FormValues(NamedTuple):
    """What the form's fields hold: typed values, None for an empty field or no choice.

    The pairs hold the two boxes, left then right: side 0 and side 1 of a hand recorded side
    against side; the declarer and the active defender of a three-player hand.
    """

    dealer: int | None = None
    bidder: int | None = None
    trump: Trump | None = None
    double: Doubling = Doubling.NONE
    special: Special = Special.NONE
    melds: Pair = (None, None)
    last_trick: int | None = None
    jojotte: int | None = None
    card_points: Pair = (None, None)
    tricks: Pair = (None, None)
    note: str = ""
    doubler: int | None = None
    sides_with: SidesWith | None = None
    nullo_bidder: int | None = None
    active_defender: int | None = None

    @classmethod
    def of(cls, hand: AnyHand) -> "FormValues":
        """The values that describe ``hand`` (as editing a recorded hand shows them)."""
        if isinstance(hand, ThrownIn):
            return cls(dealer=hand.dealer, note=hand.note)
        if not isinstance(hand, PlayedHand):
            return _seat_values(hand)
        return cls(
            dealer=hand.dealer,
            bidder=hand.bidder,
            trump=hand.trump,
            double=hand.double,
            special=hand.special,
            melds=hand.melds,
            last_trick=hand.last_trick,
            jojotte=hand.jojotte,
            card_points=hand.card_points,
            tricks=(None, None) if hand.tricks is None else hand.tricks,
            note=hand.note,
        )

    def get(self, slot: Slot) -> object:
        """The value of one slot (one box's number for a pair)."""
        side = slot.side
        value: object = getattr(self, slot.row)
        if side is None:
            return value
        assert isinstance(value, tuple)
        return value[side]

    def with_slot(self, slot: Slot, value: object) -> "FormValues":
        """A copy with ``slot`` set to ``value``."""
        side = slot.side
        if side is not None:
            pair = list(getattr(self, slot.row))
            pair[side] = value
            value = tuple(pair)
        fields: dict[str, Any] = {slot.row: value}  # one field, named by the slot
        return self._replace(**fields)


def _seat_values(hand: SeatHand) -> FormValues:
    """The values of a three-player hand: the boxes hold the declarer's and the active
    defender's numbers."""
    active = (hand.declarer, hand.active_defender)

    def boxes(numbers: tuple[int, ...] | None) -> Pair:
        if numbers is None:
            return (None, None)
        return (numbers[active[0]], numbers[active[1]])

    return FormValues(
        dealer=hand.dealer,
        bidder=hand.bidder,
        trump=hand.trump,
        double=hand.double,
        doubler=hand.doubler,
        sides_with=hand.sides_with,
        special=hand.special,
        nullo_bidder=hand.nullo_bidder,
        active_defender=hand.active_defender,
        melds=boxes(hand.melds),
        card_points=boxes(hand.card_points),
        last_trick=hand.last_trick,
        jojotte=hand.jojotte,
        tricks=boxes(hand.tricks),
        note=hand.note,
    )


class FormCheck(NamedTuple):
    """The form's verdict on its values.

    ``hand`` is None while ``missing`` names something the hand needs (field key → question).
    ``problems`` are the core's errors and warnings for the hand, their fields the form's.
    """

    hand: AnyHand | None
    missing: dict[str, str]
    problems: tuple[Problem, ...]

    @property
    def errors(self) -> list[Problem]:
        """The problems that refuse the hand."""
        return errors_only(list(self.problems))

    @property
    def warnings(self) -> list[Problem]:
        """The problems the scorekeeper must confirm."""
        return [p for p in self.problems if p.warning]

    def messages(self, show_missing: bool) -> dict[str, list[str]]:
        """Every message keyed by the field it belongs to (missing input when asked for)."""
        messages: dict[str, list[str]] = {}
        for problem in self.problems:
            text = problem.message
            if problem.warning:
                text = _("Check: {message}").format(message=text)
            messages.setdefault(problem.field or "", []).append(text)
        if show_missing:
            for field, question in self.missing.items():
                messages.setdefault(field, []).append(question)
        return messages


class FormRules:
    """What every entry form shares: the focus, the choices' keys and the keystroke plan.

    A form says what each variant needs: :meth:`missing`, :meth:`build`, :meth:`problems`,
    which slots are shown (:meth:`is_shown`), each choice field's :meth:`choices` and the
    names on the pairs of boxes (:meth:`pair_names`); the focus order is ``order``.
    """

    order: tuple[Slot, ...] = ORDER
    by_seat = False  # "Still to enter" calls the two boxes "both players'", else "both sides'"

    def __init__(self, variant: GameKey, players: Sequence[str]) -> None:
        self.variant = variant
        self.players = tuple(players)
        self.seat_keys = tuple(choice_keys(self.players))

    # What a variant says -------------------------------------------------------------------

    def missing(self, values: FormValues) -> dict[str, str]:
        """What the hand still needs, field key → the question the scorekeeper answers."""
        raise NotImplementedError

    def build(self, values: FormValues) -> AnyHand | None:
        """The hand the values describe, or None while :meth:`missing` names something."""
        raise NotImplementedError

    def problems(self, hand: AnyHand, number: int | None) -> list[Problem]:
        """The core's errors and warnings for ``hand``, each keyed by the form's field."""
        raise NotImplementedError

    def is_shown(self, values: FormValues, slot: Slot) -> bool:
        """Whether the slot's row is on the form at all for these values."""
        return slot in self.order

    def choices(self, slot: Slot, values: FormValues) -> list[Choice]:
        """The choices a choice field offers for these values: (value, label, keys)."""
        raise NotImplementedError

    def refused_choices(self, slot: Slot, values: FormValues) -> dict[object, str]:
        """The choices of ``slot`` shown but not to be chosen for these values, each with the
        reason the rules give (the field disables them and says why): none, unless the form
        says otherwise."""
        return {}

    def pair_names(self, values: FormValues) -> tuple[str, str]:
        """The names on the left-hand and the right-hand box of every pair."""
        raise NotImplementedError

    def seats_at_play(self, values: FormValues) -> frozenset[int]:
        """The seats whose players play the hand, as far as the values tell: every seat,
        unless the form says otherwise."""
        return frozenset(range(len(self.players)))

    def plays_for(self, values: FormValues, seat: int) -> Choice | None:
        """The choice of a row of the play (:data:`PLAY_ROWS`) that the player at ``seat``,
        who plays the hand, plays for when his own keys are not the row's: None, unless the
        form says otherwise (a partner of a partnership plays for his side)."""
        return None

    def seat_key_refusal(self, values: FormValues, slot: Slot, key: str) -> str | None:
        """Why a player's ``key`` typed in a row of the play (:data:`PLAY_ROWS`), or in a
        box straight after its count when such a row comes next (as the panel takes a key
        there), chose nothing, naming him: he does not play this hand (the cutthroat dealer,
        the three-player game's inactive player, a chouette partner), or he plays for a
        side whose key is another (a partner of a partnership: "Anna & Carl [1/A]" for
        Carl's 3). None for a key that is no player's, or when no such row comes next."""
        row: Slot | None = slot
        if slot.side is not None:
            row = None if values.get(slot) is None else self.next_slot(values, slot)
        if row not in PLAY_ROWS:
            return None
        at_play = self.seats_at_play(values)
        for seat, keys in enumerate(self.seat_keys):
            if key.upper() not in keys:
                continue
            player = self.players[seat]
            if seat not in at_play:
                return _("“{key}” was not typed in: {player} is not playing this hand.").format(
                    key=key, player=player
                )
            side = self.plays_for(values, seat)
            if side is not None:
                return _(
                    "“{key}” was not typed in: {player} plays for {side}, whose key is {side_key}."
                ).format(key=key, player=player, side=side[1], side_key=side[2][0])
        return None

    def pair_words(self, values: FormValues) -> tuple[str, str]:
        """The names the questions use for the two boxes' players."""
        return self.pair_names(values)

    def last_trick_box(self, values: FormValues) -> int | None:
        """The box (0 left, 1 right) of whoever won the last trick, or None."""
        return values.last_trick

    def slam_question(self, values: FormValues, words: tuple[str, str]) -> str | None:
        """The question for the tricks when the hand may be an unbid slam, else None.

        The core's rule (:func:`~jojotte_score.core.validation.possible_unbid_slam`), which
        the file reader applies too: one side took no card points and the other the last
        trick, a slam if the loser took no trick at all, which the card points cannot tell
        (tricks of no value), so the tricks are asked for rather than guessed.
        """
        winner = possible_unbid_slam(
            values.special,
            values.card_points,
            self.last_trick_box(values),
            tricks_recorded=values.tricks != (None, None),
        )
        if winner is None:
            return None
        return _(
            "No card points for {loser} and the last trick to {winner}: a slam if no trick "
            "went to {loser}. How many tricks did each take?"
        ).format(loser=words[1 - winner], winner=words[winner])

    def suggested_choices(self, values: FormValues) -> dict[Slot, object]:
        """The choice rows the form fills in from the other values, each with the choice
        the rules suggest (None for none yet): nothing, unless the form says otherwise.
        The suggestion is a value like any other choice, shown in its row; the panel keeps
        a choice the scorekeeper made there himself (:meth:`with_suggestions`)."""
        return {}

    def with_suggestions(self, values: FormValues, own: Collection[Slot] = ()) -> FormValues:
        """``values`` with every row of :meth:`suggested_choices` holding its suggestion,
        but for the rows in ``own``, where the scorekeeper chose himself."""
        for slot, choice in self.suggested_choices(values).items():
            if slot not in own and values.get(slot) != choice:
                values = values.with_slot(slot, choice)
        return values

    def holds_suggestion(self, values: FormValues, slot: Slot) -> bool:
        """Whether ``slot`` holds the choice the rules suggest (not None)."""
        choice = self.suggested_choices(values).get(slot)
        return choice is not None and values.get(slot) == choice

    def suggestion(self, values: FormValues, slot: Slot) -> int | None:
        """The remainder offered (greyed, not a value) in an empty box, or None.

        The tricks: in every game the two hands at play take them all (nine each in two
        hands of nine cards, eight in partnerships), so one box's count gives the other's.
        """
        side = slot.side
        if slot.row != "tricks" or side is None or values.get(slot) is not None:
            return None
        total = find_game(self.variant).tricks_per_hand
        other = values.tricks[1 - side]
        if other is None or not 0 <= other <= total:
            return None
        return total - other

    # Values to a hand ----------------------------------------------------------------------

    def check(self, values: FormValues, number: int | None = None) -> FormCheck:
        """The hand, what is missing, and the core's problems with the hand as it stands;
        while something is missing, the counts no hand of the contract can hold."""
        missing = self.missing(values)
        hand = None if missing else self.build(values)
        if hand is not None:
            problems = tuple(self.problems(hand, number))
        else:
            problems = (
                *self.counts_over_the_deck(values, number),
                *self.tricks_over_the_hand(values, number),
            )
        return FormCheck(hand, missing, problems)

    def counts_over_the_deck(self, values: FormValues, number: int | None) -> list[Problem]:
        """Each box's card points above the deck of the contract chosen (155 with a trump
        suit, 120 at no-trump and in Nullo), on its box: typing more digits never mends
        them, so they are shown as soon as typed, before the rest of the hand. A player's
        key that was typed as a digit after the count ("65" then "1" for the last trick
        gives 651) was otherwise only said once the hand was complete."""
        if values.trump is None:
            return []
        deck = contract_deck(values.trump, values.special)
        words = self.pair_words(values)
        return [
            Problem(
                card_points_range_error(points, values.trump, values.special, words[side]),
                number,
                f"card_points[{side}]",
            )
            for side, points in enumerate(values.card_points)
            if points is not None and points > deck
        ]

    def tricks_over_the_hand(self, values: FormValues, number: int | None) -> list[Problem]:
        """Each box's tricks above the tricks of a hand (nine, eight in partnerships), on
        its box, as soon as typed: a two-digit count such as 63 (6 and 3 typed into one
        box) is never mended by more digits, and was otherwise said only once the hand was
        complete."""
        most = find_game(self.variant).tricks_per_hand
        words = self.pair_words(values)
        return [
            Problem(tricks_range_error(tricks, most, words[side]), number, f"tricks[{side}]")
            for side, tricks in enumerate(values.tricks)
            if tricks is not None and tricks > most
        ]

    def still_to_enter(self, values: FormValues, check: FormCheck) -> str:
        """One line naming what is missing, in the form's order, for the preview ("" when
        nothing is), with the remainder a box offers: each item a whole message, the items
        joined by the language's separator."""
        needed: list[str] = []
        words = self.pair_words(values)
        rows = dict.fromkeys(slot.row for slot in self.order)
        for row in rows:
            if not any(field.partition("[")[0] == row for field in check.missing):
                continue
            empty = [slot for slot in _PAIRS.get(row, ()) if values.get(slot) is None]
            if len(empty) != 1:
                needed.append(_still_item(row, "both", self.by_seat) if empty else _still(row))
                continue
            offered = self.suggestion(values, empty[0])
            item = _still_item(row, "one" if offered is None else "offered", self.by_seat)
            needed.append(item.format(player=words[empty[0].side or 0], points=offered))
        if not needed:
            return ""
        # Translators: the separator between the items of a list ("the bidder, the trump").
        items = _(", ").join(needed)
        return _("Still to enter: {items}.").format(items=items)

    # The focus -----------------------------------------------------------------------------

    def is_enabled(self, values: FormValues, slot: Slot) -> bool:
        """False for a slot not shown, and for the fields that do not count in the contract
        chosen (Nullo's last trick and Jo-Jotte)."""
        if not self.is_shown(values, slot):
            return False
        if slot in (Slot.LAST_TRICK, Slot.JOJOTTE):
            return values.special is not Special.NULLO
        return True

    def _needs(self, values: FormValues, slot: Slot, missing: dict[str, str]) -> bool:
        if not self.is_enabled(values, slot):
            return False
        if slot.value in missing:
            return True
        return slot.side is not None and slot.row in missing and values.get(slot) is None

    def next_slot(self, values: FormValues, after: Slot | None = None) -> Slot | None:
        """The first slot after ``after`` (from the top for None) that still needs input;
        None when the hand needs nothing more (the focus goes to Record)."""
        start = 0 if after is None else self.order.index(after) + 1
        missing = self.missing(values)
        for slot in self.order[start:]:
            if self._needs(values, slot, missing):
                return slot
        return None

    def first_slot(self, values: FormValues) -> Slot | None:
        """Where a new hand starts: the first slot that needs input."""
        return self.next_slot(values, None)

    def focus_after(self, values: FormValues, slot: Slot) -> Slot | None:
        """Where the focus goes once ``slot`` is chosen: the next slot the hand needs
        (:meth:`next_slot`); when the last trick was chosen and the hand needs nothing
        more, the Jo-Jotte row just after it while it is empty: an optional row, from which
        Enter records as from any field, so that its key names who held Jo-Jotte without
        Alt+J first. None for the Record button."""
        target = self.next_slot(values, slot)
        if (
            target is None
            and slot is Slot.LAST_TRICK
            and values.jojotte is None
            and self.is_enabled(values, Slot.JOJOTTE)
        ):
            return Slot.JOJOTTE
        return target

    def edit_slot(self, values: FormValues) -> Slot | None:
        """Where editing a recorded hand starts: the first slot that still needs input,
        else the bidder's row (the dealer's for a thrown-in deal, which has no bidder), so
        that what is typed first goes to the top of the hand, never to a row from afar."""
        needed = self.first_slot(values)
        if needed is not None:
            return needed
        if values.bidder is None and self.is_enabled(values, Slot.DEALER):
            return Slot.DEALER
        return Slot.BIDDER if self.is_enabled(values, Slot.BIDDER) else None

    def passed_rows(self, values: FormValues, slot: Slot | None, empty: bool = False) -> list[Slot]:
        """The rows before ``slot`` (before the Record button for None) whose keys, typed
        in ``slot``, choose there, the nearest first: a row with a default that still
        holds it (the doubling, Nullo or Slam, and Jo-Jotte at "Nobody": the focus passes
        it for the tricks a Slam, a Nullo or a possible unbid slam needs, and a letter for
        Jo-Jotte typed there, in the pad's order, was refused as no digit); and, typed in
        an ``empty`` number box, a row that holds the choice the rules suggest (the active
        defender: a player's key typed before a count chooses him, as when the focus
        stopped in his row)."""
        order = self.order
        before = order if slot is None else order[: order.index(slot)]
        in_box = empty and slot is not None and slot.side is not None
        rows: list[Slot] = []
        for earlier in reversed(before):
            if not self.is_enabled(values, earlier):
                continue
            if earlier in _DEFAULT_ROWS:
                choices = self.choices(earlier, values)
                if choices and values.get(earlier) == choices[0][0]:
                    rows.append(earlier)
            elif in_box and self.holds_suggestion(values, earlier):  # the active defender
                rows.append(earlier)
        return rows

    def passed_keys(self, values: FormValues, slot: Slot) -> frozenset[str]:
        """The keys that, typed in ``slot``, choose in a row before it that has a default
        and still holds it (the doubling, Nullo or Slam, Jo-Jotte), as the panel takes them; in an
        empty box also the keys of a row that holds its suggestion (:meth:`passed_rows`)."""
        empty = slot.side is not None and values.get(slot) is None
        return frozenset(
            key
            for earlier in self.passed_rows(values, slot, empty)
            for _value, _label, row_keys in self.choices(earlier, values)
            for key in row_keys
        )

    def meld_box_for(self, values: FormValues, slot: Slot) -> Slot | None:
        """The meld box that :data:`MELD_KEY` typed in ``slot`` fills with the points typed
        there ("4 0 M 9 0" in a card-points box: that side melded 40 and took 90 card
        points): the same side's meld box, when ``slot`` is a card-points box and the melds
        can be entered; None otherwise, and when M chooses in the row the hand needs next
        (a side named "Max" takes the last trick with M, as before)."""
        melds = MELDS_OF.get(slot)
        if melds is None or not self.is_enabled(values, melds):
            return None
        ahead = self.next_slot(values, slot)
        if ahead is None or ahead.side is not None or ahead is Slot.NOTE:
            return melds
        if any(MELD_KEY in keys for _v, _l, keys in self.choices(ahead, values)):
            return None
        return melds

    # The keystroke plan --------------------------------------------------------------------

    def keys_for(self, slot: Slot, value: object, values: FormValues) -> tuple[str, ...]:
        """The keys that put ``value`` into ``slot`` once it has the focus."""
        if slot in TEXT_SLOTS:
            text = "" if value is None else str(value)
            if value is not None and value == self.suggestion(values, slot):
                return (SPACE,)
            return tuple(text)
        if value is None and slot is Slot.DEALER:
            return (BACKSPACE,)  # back to no dealer
        keys = next(keys for choice, _label, keys in self.choices(slot, values) if choice == value)
        return (keys[-1],)

    def keystrokes(self, hand: AnyHand, start: FormValues | None = None) -> list[str]:
        """The keys that type ``hand`` into a fresh form holding ``start`` (the prefilled
        dealer), as a scorekeeper would: a key for each choice (the focus then moves on by
        itself), digits for each box, Tab to the next box, Alt plus a label's letter to jump
        to a field that nothing moves to; Enter records. A thrown-in deal is recorded with
        Ctrl+T. A side's meld points are typed in its card-points box, then M, before its
        card points (:meth:`meld_box_for`), where that works; a choice's letter is typed
        straight in the number box before its row, with no Tab, when that row is the one
        the hand needs next (who won the last trick). After the last trick the focus
        waits in the Jo-Jotte row (:meth:`focus_after`). A row the rules fill in
        (:meth:`suggested_choices`) is typed only when the hand has another choice there:
        its key straight in the empty box the focus passed it for, where that works."""
        values = start or FormValues()
        target = FormValues.of(hand)
        if isinstance(hand, ThrownIn):
            keys = self._type_slots(values, target, [Slot.DEALER, Slot.NOTE])
            return [*keys, "Ctrl+T"]
        return [*self._type_slots(values, target, list(self.order)), ENTER]

    def _type_slots(self, values: FormValues, target: FormValues, slots: list[Slot]) -> list[str]:
        keys: list[str] = []
        own: set[Slot] = set()  # the suggested rows typed: they keep what was typed
        values = self.with_suggestions(values)
        focus = self.first_slot(values)
        for slot in slots:
            wanted = target.get(slot)
            if slot.row == "melds" and wanted == 0:
                wanted = None  # an empty meld box is 0
            if values.get(slot) == wanted or not self.is_enabled(values, slot):
                continue
            if self._melds_by_key(values, target, slot, wanted) is not None:
                continue  # typed in the card-points box, with M
            if focus is not slot and not self._typed_straight(values, focus, slot, wanted):
                keys.extend(self._move(values, focus, slot))
            melds = MELDS_OF.get(slot)
            meld_points = target.get(melds) if melds is not None else None
            if melds is not None and self._melds_by_key(values, target, melds, meld_points):
                keys.extend((*str(meld_points), MELD_KEY))
                values = values.with_slot(melds, meld_points)
            keys.extend(self.keys_for(slot, wanted, values))
            typed_in = focus if self._answers_empty_box(values, focus, slot, wanted) else None
            own.add(slot)
            values = self.with_suggestions(values.with_slot(slot, wanted), own)
            if typed_in is not None:
                focus = typed_in  # the key chose from afar: the focus stays in the box
            else:
                focus = slot if slot in TEXT_SLOTS else self.focus_after(values, slot)
        return keys

    def _typed_straight(
        self, values: FormValues, focus: Slot | None, slot: Slot, wanted: object
    ) -> bool:
        """Whether the key of ``wanted`` in the choice row ``slot`` is typed straight in the
        number box that has the focus, with no Tab first: the row is the one the hand needs
        next, and the key is a letter the box would take for nothing else (not M there, and
        no key of a row passed by that still holds its default)."""
        if self._answers_empty_box(values, focus, slot, wanted):
            return True
        if focus is None or focus.side is None or values.get(focus) is None:
            return False
        if slot in TEXT_SLOTS or self.next_slot(values, focus) is not slot:
            return False
        key = self.keys_for(slot, wanted, values)[0]
        if not key.isalpha() or key.upper() in self.passed_keys(values, focus):
            return False
        return not (key.upper() == MELD_KEY and self.meld_box_for(values, focus) is not None)

    def _answers_empty_box(
        self, values: FormValues, focus: Slot | None, slot: Slot, wanted: object
    ) -> bool:
        """Whether the key of ``wanted`` in the row ``slot``, which holds its suggestion
        and which the focus passed by, is typed straight in the empty number box that has
        the focus: the nearest row that takes it there, and a letter the box would take
        for nothing else (no digit, not M)."""
        if focus is None or focus.side is None or values.get(focus) is not None:
            return False
        if slot in TEXT_SLOTS or not self.holds_suggestion(values, slot):
            return False
        key = self.keys_for(slot, wanted, values)[0].upper()
        if not key.isalpha() or key == MELD_KEY:
            return False
        for row in self.passed_rows(values, focus, empty=True):
            if any(key in row_keys for _v, _l, row_keys in self.choices(row, values)):
                return row is slot
        return False

    def _melds_by_key(
        self, values: FormValues, target: FormValues, slot: Slot, points: object
    ) -> Slot | None:
        """The card-points box in which the meld points ``points`` of the meld box ``slot``
        are typed with M, when they can be: a number the box does not hold yet, and
        card points still to type in the empty card-points box of the same side."""
        cards = _CARDS_OF.get(slot)
        if cards is None or not isinstance(points, int) or not points:
            return None
        if values.get(slot) == points or values.get(cards) is not None:
            return None
        if target.get(cards) is None:
            return None
        return cards if self.meld_box_for(values.with_slot(cards, points), cards) else None

    def _move(self, values: FormValues, focus: Slot | None, slot: Slot) -> tuple[str, ...]:
        """Tab to the next slot (Tab passes over the disabled ones); else Alt and the row's
        letter (then Tab to a right-hand box)."""
        if focus is not None:
            after = self.order[self.order.index(focus) + 1 :]
            enabled = [s for s in after if self.is_enabled(values, s)]
            if enabled[:1] == [slot]:
                return (TAB,)
        jump = f"Alt+{mnemonic(row_label(slot.row))}"
        return (jump, TAB) if slot.side == 1 else (jump,)


# What "Still to enter" names for a row that misses a value.
_STILL_WORDS = {
    "dealer": N_("the dealer"),
    "bidder": N_("the bidder"),
    "trump": N_("the trump"),
    "doubler": N_("who doubled"),
    "sides_with": N_("whom the third player sided with"),
    "nullo_bidder": N_("the Nullo bidder"),
    "active_defender": N_("the active defender"),
    "card_points": N_("card points"),
    "last_trick": N_("who won the last trick"),
    "tricks": N_("tricks"),
}


def _still(row: str) -> str:
    """What "Still to enter" names for a row, in the current language."""
    return _(_STILL_WORDS[row]) if row in _STILL_WORDS else row


def _still_item(row: str, case: str, by_seat: bool) -> str:
    """The item "Still to enter" names for a pair of boxes: both boxes empty ("both sides'
    card points"), one ("{player}'s tricks") or one with a remainder offered ("{player}'s
    card points (Space takes {points})"); each a whole message."""
    if row == "card_points":
        items = {
            "both": _("both players' card points") if by_seat else _("both sides' card points"),
            "one": _("{player}'s card points"),
            "offered": _("{player}'s card points (Space takes {points})"),
        }
    elif row == "tricks":
        items = {
            "both": _("both players' tricks") if by_seat else _("both sides' tricks"),
            "one": _("{player}'s tricks"),
            "offered": _("{player}'s tricks (Space takes {points})"),
        }
    else:
        return _still(row)
    return items[case]


def common_choices(slot: Slot) -> list[Choice]:
    """The choices every form offers alike: the trump and the doubling."""
    if slot is Slot.TRUMP:
        return trump_choices()
    if slot is Slot.DOUBLE:
        return doubling_choices()
    raise ValueError(f"{slot} has no fixed choices")


def special_choices(slam_by: str | None, nullo_by: str | None) -> list[Choice]:
    """None, Nullo and Slam, naming who bids them when known."""
    nullo = _("Nullo") if nullo_by is None else _("Nullo by {player}").format(player=nullo_by)
    slam = _("Slam") if slam_by is None else _("Slam by {player}").format(player=slam_by)
    return [
        (Special.NONE, _("None"), SPECIAL_KEYS[Special.NONE]),
        (Special.NULLO, nullo, SPECIAL_KEYS[Special.NULLO]),
        (Special.SLAM, slam, SPECIAL_KEYS[Special.SLAM]),
    ]
