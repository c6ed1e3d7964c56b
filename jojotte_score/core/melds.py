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

from jojotte_score.core.errors import JojotteError
from jojotte_score.core.model import Trump
from jojotte_score.core.tables import FOUR_OF_A_KIND_POINTS, SEQUENCE_POINTS

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
        """The rank in plain words, plural: "Jacks", "Nines"."""
        return _PLURALS[self]

    @property
    def word(self) -> str:
        """The rank in plain words: "Jack", "Nine"."""
        return _PLURALS[self][:-1]


_PLURALS = {
    Rank.ACE: "Aces",
    Rank.KING: "Kings",
    Rank.QUEEN: "Queens",
    Rank.JACK: "Jacks",
    Rank.TEN: "Tens",
    Rank.NINE: "Nines",
    Rank.EIGHT: "Eights",
    Rank.SEVEN: "Sevens",
}


class Suit(enum.StrEnum):
    """A suit; the values are those of :class:`Trump`'s suits."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"


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
                f"a run has {SHORTEST_RUN} to {LONGEST_RUN} cards, not {self.length}"
            )
        lowest_top = SEQUENCE_ORDER[len(SEQUENCE_ORDER) - self.length]
        if SEQUENCE_ORDER.index(self.top) > SEQUENCE_ORDER.index(lowest_top):
            raise MeldDeclarationError(
                f"a run of {self.length} cannot have the {self.top.word} as its top card: "
                f"the lowest top card for {self.length} cards is the {lowest_top.word}"
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
        """Plain words: "run of 4 to the Queen of hearts (Q-J-10-9)"."""
        return (
            f"run of {self.length} to the {self.top.word} of {self.suit.value} "
            f"({'-'.join(self.cards)})"
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
    names: tuple[str, str] = ("side 1", "side 2"),
) -> MeldDecision:
    """Apply the rules of both classes to what the two sides declared.

    ``nullo`` ranks the fours as at no-trump and makes no run a trump run (a Nullo has no
    trumps; its melds are still scored, R5). ``names`` are the sides' names used in the
    reasons. Raises :class:`MeldDeclarationError` when the declarations need more cards
    than the deck has.
    """
    sides = (side0, side1)
    _check_possible(sides, names)
    order = fours_order(trump, nullo=nullo)
    notes: list[str] = []
    counted: list[tuple[Rank, ...]] = []
    for number, side in enumerate(sides):
        kept = tuple(rank for rank in side.fours if rank in order)
        for rank in side.fours:
            if rank not in order:
                notes.append(
                    f"{names[number]}'s four {rank.plural} count nothing "
                    f"{_contract_words(trump, nullo)}; ignored."
                )
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


def _contract_words(trump: Trump, nullo: bool) -> str:
    if nullo:
        return "in Nullo (ranked as at no-trump)"
    return "with a trump suit" if trump.is_suit else "at no-trump"


def _check_possible(sides: tuple[DeclaredMelds, DeclaredMelds], names: tuple[str, str]) -> None:
    """Refuse declarations that need a card twice (fours across classes may share)."""
    seen_fours: dict[Rank, int] = {}
    for number, side in enumerate(sides):
        for rank in side.fours:
            if rank in seen_fours:
                raise MeldDeclarationError(
                    f"four {rank.plural} declared twice (by {names[seen_fours[rank]]} and "
                    f"{names[number]}): the deck has only four {rank.plural}"
                )
            seen_fours[rank] = number
    seen_cards: dict[tuple[Suit, Rank], int] = {}
    for number, side in enumerate(sides):
        for run in side.runs:
            for rank in run.cards:
                card = (run.suit, rank)
                if card in seen_cards:
                    raise MeldDeclarationError(
                        f"the {rank.word} of {run.suit.value} is in two runs (of "
                        f"{names[seen_cards[card]]} and {names[number]}): the deck has only one"
                    )
                seen_cards[card] = number


def _decide_fours(
    fours0: tuple[Rank, ...],
    fours1: tuple[Rank, ...],
    order: tuple[Rank, ...],
    names: tuple[str, str],
) -> tuple[int | None, str]:
    if not fours0 and not fours1:
        return None, "Class A: nobody declared a four of a kind that counts."
    if not fours1 or not fours0:
        side = 0 if fours0 else 1
        return (
            side,
            f"Class A: only {names[side]} declared four of a kind: {_fours(fours0 or fours1)}.",
        )
    best0 = min(order.index(rank) for rank in fours0)
    best1 = min(order.index(rank) for rank in fours1)
    side = 0 if best0 < best1 else 1
    winner, loser = order[min(best0, best1)], order[max(best0, best1)]
    scored = fours0 if side == 0 else fours1
    return side, (
        f"Class A: {names[side]}'s four {winner.plural} beat four {loser.plural} "
        f"(order {', '.join(order)}); {names[side]} scores {_fours(scored)}."
    )


def _fours(ranks: tuple[Rank, ...]) -> str:
    count = len(ranks)
    names = " and ".join(f"four {rank.plural}" for rank in ranks)
    return f"{names} = {count} × {FOUR_OF_A_KIND_POINTS} = {count * FOUR_OF_A_KIND_POINTS}"


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
        return None, "Class B: no sequence declared."
    if not runs0 or not runs1:
        side = 0 if runs0 else 1
        return side, f"Class B: only {names[side]} declared sequences: {_runs(runs0 or runs1)}."
    best0 = max(runs0, key=lambda run: _run_key(run, trump_suit))
    best1 = max(runs1, key=lambda run: _run_key(run, trump_suit))
    key0, key1 = _run_key(best0, trump_suit), _run_key(best1, trump_suit)
    if key0 == key1:
        return None, (
            f"Class B: the {best0.describe()} and the {best1.describe()} are equal and "
            "both in plain suits: nobody scores sequences."
        )
    side = 0 if key0 > key1 else 1
    winner, loser = (best0, best1) if side == 0 else (best1, best0)
    if winner.length != loser.length:
        why = "is longer than the"
    elif winner.top is not loser.top:
        why = "has a higher top card than the"
    else:
        why = "is in the trump suit and beats the equal"
    return side, (
        f"Class B: {names[side]}'s {winner.describe()} {why} {loser.describe()}; "
        f"{names[side]} scores {_runs(runs0 if side == 0 else runs1)}."
    )


def _runs(runs: tuple[Run, ...]) -> str:
    parts = [f"a {run.describe()} {run.points}" for run in runs]
    total = sum(run.points for run in runs)
    return ", ".join(parts) + (f" = {total}" if len(runs) > 1 else "")
