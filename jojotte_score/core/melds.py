"""The meld helper: which side scores each class of honor melds, and how much.

The players compare their melds at the table; the pad records the meld points. This
module lets the scorekeeper enter what each side declared and applies the rules text
("Honor Melds" in the English rules, "Die Meldungen" in the German description, and
docs/RULES.md "Melds"):

- Class A, four of a kind, 100 each. Which ranks count, high to low: with a trump suit
  J, 9, A, 10, K, Q (eights and sevens count nothing); at no-trump A, 10, K, Q, J
  (nines, eights and sevens count nothing). A Nullo has no trumps, so its melds are ranked
  as at no-trump.
- Class B, sequences in one suit: three cards 20, four 40, five 50. The rules list runs up
  to five cards; a run of six, seven or eight cards is scored as a run of five (50), the
  most the rules give for a single sequence. Sequence order: A K Q J 10 9 8 7.
- Only one side scores in each class: the one holding the higher meld of that class.
  Class A: the higher four of a kind by the contract's order. Class B: the longer run;
  at equal length the higher top card; at equal length and top card the run in the trump
  suit; two equal runs in plain suits score nothing for either side ("sind beide Folgen
  in Seitenfarben und gleich, gibt es keine Wertung"). Each side's best run is the one
  compared.
- The side that wins a class scores every meld it declared in that class; a card may
  count in both classes ("Eine Karte kann gleichzeitig bei vier gleichen Karten und in
  einer Folge gewertet werden").

A four of a kind of a rank that counts nothing in the contract is ignored, and the
decision says so (the contract may still change while the melds are being entered).
Declarations that no deck can hold (the same four of a kind twice, one card in two runs)
raise :class:`MeldDeclarationError`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from jojotte_score.core.errors import JojotteError, comma_list
from jojotte_score.core.model import Trump
from jojotte_score.core.tables import FOUR_OF_A_KIND_POINTS, SEQUENCE_POINTS
from jojotte_score.i18n import N_, _, pgettext

SHORTEST_RUN = 3
LONGEST_RUN = 8
LONGEST_SCORED_RUN = max(SEQUENCE_POINTS)


class MeldDeclarationError(JojotteError, ValueError):
    """Declared melds that the 32-card deck cannot hold, or a run that cannot exist."""


class Rank(enum.StrEnum):
    """A card rank, named as on the cards."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"

    @property
    def plural(self) -> str:
        """The rank in plain words, plural, in the language spoken now: "jacks", "nines"."""
        return _(_PLURALS[self])

    @property
    def word(self) -> str:
        """The rank in plain words, in the language spoken now: "jack", "nine"."""
        return _(_WORDS[self])

    @property
    def letter(self) -> str:
        """The rank as a card shows it, in the language spoken now: "Q", "10"."""
        if self is Rank.ACE:
            return pgettext("card letter", "A")
        if self is Rank.KING:
            return pgettext("card letter", "K")
        if self is Rank.QUEEN:
            return pgettext("card letter", "Q")
        if self is Rank.JACK:
            return pgettext("card letter", "J")
        return self.value


_PLURALS = {
    Rank.ACE: N_("aces"),
    Rank.KING: N_("kings"),
    Rank.QUEEN: N_("queens"),
    Rank.JACK: N_("jacks"),
    Rank.TEN: N_("tens"),
    Rank.NINE: N_("nines"),
    Rank.EIGHT: N_("eights"),
    Rank.SEVEN: N_("sevens"),
}
_WORDS = {
    Rank.ACE: N_("ace"),
    Rank.KING: N_("king"),
    Rank.QUEEN: N_("queen"),
    Rank.JACK: N_("jack"),
    Rank.TEN: N_("ten"),
    Rank.NINE: N_("nine"),
    Rank.EIGHT: N_("eight"),
    Rank.SEVEN: N_("seven"),
}


class Suit(enum.StrEnum):
    """A suit; the values are those of :class:`Trump`'s suits."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def word(self) -> str:
        """The suit in plain words, in the language spoken now: "hearts"."""
        return _(_SUIT_WORDS[self])


_SUIT_WORDS = {
    Suit.CLUBS: N_("clubs"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"),
    Suit.SPADES: N_("spades"),
}

# "Card rank for Sequences is: A, K, Q, J, 10, 9, 8, 7" (the same in every contract).
SEQUENCE_ORDER: tuple[Rank, ...] = tuple(Rank)
# "Card rank for Trump Contracts: J, 9, A, 10, K, Q"; "Achten und Siebenen zählen nichts."
FOURS_ORDER_TRUMP: tuple[Rank, ...] = (
    Rank.JACK,
    Rank.NINE,
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
)
# "Card Rank for No-Trump Contracts: A, 10, K, Q, J"; "Neunen, Achten und Siebenen zählen
# nichts."
FOURS_ORDER_NO_TRUMP: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
)


def fours_order(trump: Trump, *, nullo: bool = False) -> tuple[Rank, ...]:
    """The ranks whose four of a kind count, high to low, for a contract."""
    return FOURS_ORDER_TRUMP if trump.is_suit and not nullo else FOURS_ORDER_NO_TRUMP


@dataclass(frozen=True, slots=True)
class Run:
    """A sequence of ``length`` cards of ``suit`` whose highest card is ``top``."""

    length: int
    top: Rank
    suit: Suit

    def __post_init__(self) -> None:
        if not SHORTEST_RUN <= self.length <= LONGEST_RUN:
            raise MeldDeclarationError(
                _("a run has {shortest} to {longest} cards, not {length}").format(
                    shortest=SHORTEST_RUN, longest=LONGEST_RUN, length=self.length
                )
            )
        lowest_top = SEQUENCE_ORDER[len(SEQUENCE_ORDER) - self.length]
        if SEQUENCE_ORDER.index(self.top) > SEQUENCE_ORDER.index(lowest_top):
            raise MeldDeclarationError(
                _(
                    "a run of {length} cannot have the {top} as its top card: the lowest top "
                    "card for {length} cards is the {lowest}"
                ).format(length=self.length, top=self.top.word, lowest=lowest_top.word)
            )

    @property
    def cards(self) -> tuple[Rank, ...]:
        """The ranks of the run, high to low."""
        start = SEQUENCE_ORDER.index(self.top)
        return SEQUENCE_ORDER[start : start + self.length]

    @property
    def points(self) -> int:
        """20, 40 or 50; runs longer than five score as five."""
        return SEQUENCE_POINTS[min(self.length, LONGEST_SCORED_RUN)]

    def describe(self) -> str:
        """Plain words: "run of 4 to the queen of hearts (Q-J-10-9)"."""
        return _("run of {length} to the {top} of {suit} ({cards})").format(
            length=self.length,
            top=self.top.word,
            suit=self.suit.word,
            cards="-".join(rank.letter for rank in self.cards),
        )


@dataclass(frozen=True, slots=True)
class DeclaredMelds:
    """What one side declared: fours of a kind by rank, and runs."""

    fours: tuple[Rank, ...] = ()
    runs: tuple[Run, ...] = ()

    @property
    def empty(self) -> bool:
        """True when the side declared nothing."""
        return not self.fours and not self.runs


@dataclass(frozen=True, slots=True)
class MeldDecision:
    """Who scores each class and the meld points each side scores.

    ``class_a`` and ``class_b`` are the side (0 or 1) that scores the class, or None when
    nobody does. ``reasons`` explains each class in plain words, class A first, then any
    declaration that was ignored.
    """

    points: tuple[int, int]
    class_a: int | None
    class_b: int | None
    reasons: tuple[str, ...]


def decide_melds(
    side0: DeclaredMelds,
    side1: DeclaredMelds,
    trump: Trump,
    *,
    nullo: bool = False,
    names: tuple[str, str] | None = None,
) -> MeldDecision:
    """Apply the rules of both classes to what the two sides declared.

    ``nullo`` ranks the fours as at no-trump and makes no run a trump run (a Nullo has no
    trumps; its melds are still scored, R5). ``names`` are the sides' names used in the
    reasons ("side 1" and "side 2" by default). Raises :class:`MeldDeclarationError` when
    the declarations need more cards than the deck has.
    """
    if names is None:
        names = (_("side 1"), _("side 2"))
    sides = (side0, side1)
    _check_possible(sides, names)
    order = fours_order(trump, nullo=nullo)
    notes: list[str] = []
    counted: list[tuple[Rank, ...]] = []
    for number, side in enumerate(sides):
        kept = tuple(rank for rank in side.fours if rank in order)
        for rank in side.fours:
            if rank not in order:
                notes.append(_ignored(trump, nullo).format(side=names[number], rank=rank.plural))
        counted.append(kept)
    trump_suit = None if nullo or not trump.is_suit else Suit(trump.value)

    class_a, reason_a = _decide_fours(counted[0], counted[1], order, names)
    class_b, reason_b = _decide_runs(side0.runs, side1.runs, trump_suit, names)
    points = [0, 0]
    if class_a is not None:
        points[class_a] += FOUR_OF_A_KIND_POINTS * len(counted[class_a])
    if class_b is not None:
        points[class_b] += sum(run.points for run in sides[class_b].runs)
    return MeldDecision(
        points=(points[0], points[1]),
        class_a=class_a,
        class_b=class_b,
        reasons=(reason_a, reason_b, *notes),
    )


def _ignored(trump: Trump, nullo: bool) -> str:
    """The note on a four of a kind that counts nothing in the contract."""
    if nullo:
        return _("{side}'s four {rank} count nothing in Nullo (ranked as at no-trump); ignored.")
    if trump.is_suit:
        return _("{side}'s four {rank} count nothing with a trump suit; ignored.")
    return _("{side}'s four {rank} count nothing at no-trump; ignored.")


def _check_possible(sides: tuple[DeclaredMelds, DeclaredMelds], names: tuple[str, str]) -> None:
    """Refuse declarations that need a card twice (fours across classes may share)."""
    seen_fours: dict[Rank, int] = {}
    for number, side in enumerate(sides):
        for rank in side.fours:
            if rank in seen_fours:
                raise MeldDeclarationError(
                    _(
                        "four {rank} declared twice (by {first} and {second}): the deck has "
                        "only four {rank}"
                    ).format(rank=rank.plural, first=names[seen_fours[rank]], second=names[number])
                )
            seen_fours[rank] = number
    seen_cards: dict[tuple[Suit, Rank], int] = {}
    for number, side in enumerate(sides):
        for run in side.runs:
            for rank in run.cards:
                card = (run.suit, rank)
                if card in seen_cards:
                    raise MeldDeclarationError(
                        _(
                            "the {rank} of {suit} is in two runs (of {first} and {second}): "
                            "the deck has only one"
                        ).format(
                            rank=rank.word,
                            suit=run.suit.word,
                            first=names[seen_cards[card]],
                            second=names[number],
                        )
                    )
                seen_cards[card] = number


def _decide_fours(
    fours0: tuple[Rank, ...],
    fours1: tuple[Rank, ...],
    order: tuple[Rank, ...],
    names: tuple[str, str],
) -> tuple[int | None, str]:
    if not fours0 and not fours1:
        return None, _("Class A: nobody declared a four of a kind that counts.")
    if not fours1 or not fours0:
        side = 0 if fours0 else 1
        return (
            side,
            _("Class A: four of a kind only from {side}: {fours}.").format(
                side=names[side], fours=_fours(fours0 or fours1)
            ),
        )
    best0 = min(order.index(rank) for rank in fours0)
    best1 = min(order.index(rank) for rank in fours1)
    side = 0 if best0 < best1 else 1
    winner, loser = order[min(best0, best1)], order[max(best0, best1)]
    scored = fours0 if side == 0 else fours1
    return side, _(
        "Class A: {side}'s four {winner} beat four {loser} (order {order}); {fours} to {side}."
    ).format(
        side=names[side],
        winner=winner.plural,
        loser=loser.plural,
        order=comma_list([rank.letter for rank in order]),
        fours=_fours(scored),
    )


def _fours(ranks: tuple[Rank, ...]) -> str:
    """ "four jacks and four nines = 2 × 100 = 200"."""
    count = len(ranks)
    names = _and_all([_("four {rank}").format(rank=rank.plural) for rank in ranks])
    return _("{fours} = {count} × {points} = {total}").format(
        fours=names, count=count, points=FOUR_OF_A_KIND_POINTS, total=count * FOUR_OF_A_KIND_POINTS
    )


def _and_all(items: list[str]) -> str:
    """ "A and B and C": every item joined by "and"."""
    text = items[0]
    for item in items[1:]:
        text = _("{items} and {last}").format(items=text, last=item)
    return text


def _run_key(run: Run, trump_suit: Suit | None) -> tuple[int, int, bool]:
    """Higher is better: length, then top card, then the trump suit."""
    return (run.length, -SEQUENCE_ORDER.index(run.top), run.suit is trump_suit)


def _decide_runs(
    runs0: tuple[Run, ...],
    runs1: tuple[Run, ...],
    trump_suit: Suit | None,
    names: tuple[str, str],
) -> tuple[int | None, str]:
    if not runs0 and not runs1:
        return None, _("Class B: no sequence declared.")
    if not runs0 or not runs1:
        side = 0 if runs0 else 1
        return side, _("Class B: sequences only from {side}: {runs}.").format(
            side=names[side], runs=_runs(runs0 or runs1)
        )
    best0 = max(runs0, key=lambda run: _run_key(run, trump_suit))
    best1 = max(runs1, key=lambda run: _run_key(run, trump_suit))
    key0, key1 = _run_key(best0, trump_suit), _run_key(best1, trump_suit)
    if key0 == key1:
        return None, _(
            "Class B: the {run} and the {other} are equal and both in plain suits: nobody "
            "scores sequences."
        ).format(run=best0.describe(), other=best1.describe())
    side = 0 if key0 > key1 else 1
    winner, loser = (best0, best1) if side == 0 else (best1, best0)
    if winner.length != loser.length:
        reason = _("Class B: {side}'s {run} is longer than the {other}; {runs} to {side}.")
    elif winner.top is not loser.top:
        reason = _(
            "Class B: {side}'s {run} has a higher top card than the {other}; {runs} to {side}."
        )
    else:
        reason = _(
            "Class B: {side}'s {run} is in the trump suit and beats the equal {other}; "
            "{runs} to {side}."
        )
    return side, reason.format(
        side=names[side],
        run=winner.describe(),
        other=loser.describe(),
        runs=_runs(runs0 if side == 0 else runs1),
    )


def _runs(runs: tuple[Run, ...]) -> str:
    """ "a run of 3 … 20, a run of 4 … 40 = 60"."""
    parts = comma_list(
        [_("a {run} {points}").format(run=run.describe(), points=run.points) for run in runs]
    )
    if len(runs) < 2:
        return parts
    return _("{runs} = {total}").format(runs=parts, total=sum(run.points for run in runs))
