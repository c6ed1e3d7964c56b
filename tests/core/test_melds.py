"""The meld helper against the rules text ("Honor Melds", "Die Meldungen", docs/RULES.md)."""

from __future__ import annotations

import pytest

from jojotte_score.core.errors import JojotteError
from jojotte_score.core.melds import (
    DeclaredMelds,
    MeldDeclarationError,
    Rank,
    Run,
    Suit,
    decide_melds,
)
from jojotte_score.core.model import Trump

J, N9, A, T10, K, Q, E8, S7 = (
    Rank.JACK,
    Rank.NINE,
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.EIGHT,
    Rank.SEVEN,
)
SPADES, HEARTS, CLUBS = Suit.SPADES, Suit.HEARTS, Suit.CLUBS
NONE = DeclaredMelds()


def fours(*ranks: Rank) -> DeclaredMelds:
    return DeclaredMelds(fours=ranks)


def runs(*items: tuple[int, Rank, Suit]) -> DeclaredMelds:
    return DeclaredMelds(runs=tuple(Run(length, top, suit) for length, top, suit in items))


@pytest.mark.parametrize(
    ("rule", "side0", "side1", "trump", "points", "class_a"),
    [
        ("Class A: Four of a Kind - scores 100 points", fours(K), NONE, Trump.SPADES, (100, 0), 0),
        ("Trump contracts: J, 9, A, 10, K, Q", fours(J), fours(A), Trump.HEARTS, (100, 0), 0),
        ("Trump contracts: J, 9, A, 10, K, Q", fours(A), fours(N9), Trump.HEARTS, (0, 100), 1),
        ("Trump contracts: J, 9, A, 10, K, Q", fours(T10), fours(A), Trump.CLUBS, (0, 100), 1),
        ("Trump contracts: J, 9, A, 10, K, Q", fours(Q), fours(K), Trump.CLUBS, (0, 100), 1),
        ("No-Trump Contracts: A, 10, K, Q, J", fours(J), fours(A), Trump.NO_TRUMP, (0, 100), 1),
        ("No-Trump Contracts: A, 10, K, Q, J", fours(T10), fours(K), Trump.NO_TRUMP, (100, 0), 0),
        (
            "Achten und Siebenen zählen nichts (Trumpfspiel)",
            fours(E8),
            fours(S7),
            Trump.SPADES,
            (0, 0),
            None,
        ),
        (
            "Neunen, Achten und Siebenen zählen nichts (Ohne Trumpf)",
            fours(N9),
            NONE,
            Trump.NO_TRUMP,
            (0, 0),
            None,
        ),
        (
            "Ohne Trumpf: four nines count nothing, so four queens win",
            fours(N9),
            fours(Q),
            Trump.NO_TRUMP,
            (0, 100),
            1,
        ),
        (
            "The winner may score more than one meld in the class: 2 × 100",
            fours(K, Q),
            fours(A),
            Trump.HEARTS,
            (0, 100),
            1,
        ),
        (
            "The winner may score more than one meld in the class: 2 × 100",
            fours(J, S7),
            fours(A),
            Trump.HEARTS,
            (100, 0),
            0,
        ),
        (
            "The winner may score more than one meld in the class: 2 × 100",
            fours(J, Q),
            fours(A),
            Trump.HEARTS,
            (200, 0),
            0,
        ),
    ],
)
def test_four_of_a_kind(
    rule: str,
    side0: DeclaredMelds,
    side1: DeclaredMelds,
    trump: Trump,
    points: tuple[int, int],
    class_a: int | None,
) -> None:
    decision = decide_melds(side0, side1, trump)
    assert decision.points == points, rule
    assert decision.class_a == class_a, rule
    assert decision.class_b is None, rule


def test_nullo_ranks_fours_as_no_trump() -> None:
    """A Nullo has no trumps; its melds are still scored (R5), ranked as at no-trump."""
    decision = decide_melds(fours(J), fours(A), Trump.SPADES, nullo=True)
    assert decision.points == (0, 100)
    assert decision.class_a == 1
    nines = decide_melds(fours(N9), NONE, Trump.SPADES, nullo=True)
    assert nines.points == (0, 0)
    assert any("four nines count nothing in Nullo" in reason for reason in nines.reasons)


@pytest.mark.parametrize(
    ("rule", "side0", "side1", "trump", "points", "class_b"),
    [
        (
            "Run of three (in same suit) 20 points",
            runs((3, A, CLUBS)),
            NONE,
            Trump.HEARTS,
            (20, 0),
            0,
        ),
        (
            "Run of four (in same suit) 40 points",
            NONE,
            runs((4, K, CLUBS)),
            Trump.HEARTS,
            (0, 40),
            1,
        ),
        (
            "Run of five (in same suit) 50 points",
            runs((5, J, SPADES)),
            NONE,
            Trump.HEARTS,
            (50, 0),
            0,
        ),
        (
            "Runs longer than five score as five (the rules list up to five)",
            runs((8, A, SPADES)),
            NONE,
            Trump.HEARTS,
            (50, 0),
            0,
        ),
        (
            "the player who has the longer run gets to score",
            runs((3, A, HEARTS)),
            runs((4, T10, CLUBS)),
            Trump.HEARTS,
            (0, 40),
            1,
        ),
        (
            "the player whose highest card is higher gets to score",
            runs((3, K, CLUBS)),
            runs((3, A, SPADES)),
            Trump.HEARTS,
            (0, 20),
            1,
        ),
        (
            "the player whose highest card is higher: the trump suit does not beat a higher top",
            runs((3, A, SPADES)),
            runs((3, K, HEARTS)),
            Trump.HEARTS,
            (20, 0),
            0,
        ),
        (
            "equal length and high card: the trump sequence, if any, wins",
            runs((4, Q, CLUBS)),
            runs((4, Q, HEARTS)),
            Trump.HEARTS,
            (0, 40),
            1,
        ),
        (
            "sind beide Folgen in Seitenfarben und gleich, gibt es keine Wertung",
            runs((4, Q, CLUBS)),
            runs((4, Q, SPADES)),
            Trump.HEARTS,
            (0, 0),
            None,
        ),
        (
            "at no-trump every suit is a plain suit: equal runs score nothing",
            runs((3, A, CLUBS)),
            runs((3, A, HEARTS)),
            Trump.NO_TRUMP,
            (0, 0),
            None,
        ),
        (
            "he could display and score for both of them (two runs: 40 + 20)",
            runs((4, A, CLUBS), (3, N9, SPADES)),
            runs((3, A, HEARTS)),
            Trump.HEARTS,
            (60, 0),
            0,
        ),
        (
            "only the best runs are compared; the loser's second run scores nothing",
            runs((3, Q, CLUBS)),
            runs((3, J, HEARTS), (3, N9, SPADES)),
            Trump.DIAMONDS,
            (20, 0),
            0,
        ),
    ],
)
def test_sequences(
    rule: str,
    side0: DeclaredMelds,
    side1: DeclaredMelds,
    trump: Trump,
    points: tuple[int, int],
    class_b: int | None,
) -> None:
    decision = decide_melds(side0, side1, trump)
    assert decision.points == points, rule
    assert decision.class_b == class_b, rule
    assert decision.class_a is None, rule


def test_nullo_has_no_trump_run() -> None:
    """In a Nullo there are no trumps, so two equal runs never include a trump run."""
    decision = decide_melds(runs((4, Q, CLUBS)), runs((4, Q, HEARTS)), Trump.HEARTS, nullo=True)
    assert decision.points == (0, 0)
    assert decision.class_b is None


def test_classes_are_decided_apart_and_a_card_counts_in_both() -> None:
    """One side may win class A and the other class B; four kings and K-Q-J share the King."""
    side0 = DeclaredMelds(fours=(K,), runs=(Run(3, K, HEARTS),))
    side1 = DeclaredMelds(runs=(Run(4, T10, CLUBS),))
    decision = decide_melds(side0, side1, Trump.SPADES, names=("Anna", "Bert"))
    assert decision.points == (100, 40)
    assert (decision.class_a, decision.class_b) == (0, 1)
    assert decision.reasons[0] == (
        "Class A: four of a kind only from Anna: four kings = 1 × 100 = 100."
    )
    assert decision.reasons[1] == (
        "Class B: Bert's run of 4 to the ten of clubs (10-9-8-7) is longer than "
        "the run of 3 to the king of hearts (K-Q-J); a run of 4 to the ten of "
        "clubs (10-9-8-7) 40 to Bert."
    )


def test_reasons_name_the_rank_order() -> None:
    decision = decide_melds(fours(J), fours(A), Trump.HEARTS, names=("A", "B"))
    assert decision.reasons[0] == (
        "Class A: A's four jacks beat four aces (order J, 9, A, 10, K, Q); "
        "four jacks = 1 × 100 = 100 to A."
    )
    assert decision.reasons[1] == "Class B: no sequence declared."


def test_nothing_declared() -> None:
    decision = decide_melds(NONE, NONE, Trump.CLUBS)
    assert decision.points == (0, 0)
    assert (decision.class_a, decision.class_b) == (None, None)


@pytest.mark.parametrize(
    ("length", "top", "message"),
    [
        (5, N9, "a run of 5 cannot have the nine as its top card: the lowest top card"),
        (3, E8, "a run of 3 cannot have the eight as its top card"),
        (8, K, "a run of 8 cannot have the king as its top card"),
        (2, A, "a run has 3 to 8 cards, not 2"),
        (9, A, "a run has 3 to 8 cards, not 9"),
    ],
)
def test_impossible_runs_are_refused(length: int, top: Rank, message: str) -> None:
    with pytest.raises(MeldDeclarationError, match=message):
        Run(length, top, SPADES)


@pytest.mark.parametrize(("length", "top"), [(3, N9), (4, T10), (5, J), (8, A)])
def test_lowest_possible_runs(length: int, top: Rank) -> None:
    assert Run(length, top, CLUBS).cards[-1] is S7


def test_the_same_four_of_a_kind_twice_is_refused() -> None:
    with pytest.raises(MeldDeclarationError, match="four aces declared twice") as caught:
        decide_melds(fours(A), fours(A), Trump.SPADES)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, JojotteError)
    with pytest.raises(MeldDeclarationError, match="the deck has only four jacks"):
        decide_melds(fours(J, J), NONE, Trump.SPADES)


def test_one_card_in_two_runs_is_refused() -> None:
    with pytest.raises(MeldDeclarationError, match="the queen of hearts is in two runs"):
        decide_melds(runs((3, A, HEARTS)), runs((3, Q, HEARTS)), Trump.SPADES)
    # Adjacent runs of one suit share no card.
    decision = decide_melds(runs((3, A, HEARTS)), runs((3, J, HEARTS)), Trump.SPADES)
    assert decision.points == (20, 0)
