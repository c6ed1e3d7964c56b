"""The worked six-hand scoresheet of jojotte-rules-de.txt, with hand 3's slip corrected.

The German text writes "(50 + 60) x 2 = 120" for hand 3; 2 x 110 is 220, so B's total is
655, not 555 (docs/RULES.md, "The German worked example").
"""

from __future__ import annotations

from jojotte_score.core.games import explain_ledger, new_sitting, replay
from jojotte_score.core.model import Variant
from tests.core.builders import played

A, B = 0, 1

GERMAN_HANDS = (
    played(B, "spades", (60, 25), B, melds=(0, 40)),
    played(B, "hearts", (40, 45), A),
    played(A, "clubs", (60, 40), B, double="double", melds=(0, 20)),
    played(B, "no-trump", (20, 40), None, special="nullo", tricks=(2, 7)),
    played(A, "spades", (35, 45), A),
    played(A, "spades", (90, 40), A, melds=(50, 0)),
)
GERMAN = new_sitting(Variant.TWO_PLAYER, ("A", "B"), GERMAN_HANDS)

# (hand, side, line, points, kind): the sheet of the German text, entry by entry.
GERMAN_SHEET = [
    (1, B, "above", 40, "meld"),
    (1, B, "below", 35, "tricks"),
    (1, A, "above", 60, "tricks"),
    (2, A, "below", 95, "tricks"),
    (3, B, "above", 20, "meld"),
    (3, B, "below", 220, "tricks"),
    (4, B, "above", 300, "nullo-bonus"),
    (6, A, "above", 50, "meld"),
    (6, A, "below", 100, "tricks"),
    (6, B, "above", 40, "tricks"),
    (6, A, "above", 150, "prison"),
    (6, A, "above", 300, "rubber-bonus"),
]


def test_german_sheet_entry_by_entry() -> None:
    ledger = replay(GERMAN)
    assert len(ledger.rubbers) == 1
    rubber = ledger.rubbers[0]
    got = [(e.hand, e.side, e.line.value, e.points, e.kind.value) for e in rubber.entries]
    assert got == GERMAN_SHEET


def test_german_totals_games_and_prison() -> None:
    ledger = replay(GERMAN)
    rubber = ledger.rubbers[0]
    assert rubber.totals == (755, 655)
    assert rubber.winner == A
    assert rubber.net == (A, 100)
    assert rubber.game_winners == (A, B, A)
    assert [(p.hand, p.points) for p in rubber.prison] == [(4, 60), (5, 90)]
    assert ledger.unresolved_prison == 0
    # Below the line game by game: A 95 (B 35), then B 220, then A 100.
    assert [(h.number, h.below) for h in ledger.hands if h.game_winner is not None] == [
        (2, (95, 35)),
        (3, (0, 220)),
        (6, (100, 0)),
    ]


def test_german_explanation_names_the_figures() -> None:
    text = explain_ledger(replay(GERMAN), hand=3)
    assert "2 × (60 + 50) = 220" in text
    assert "wins game 2" in text
    text6 = explain_ledger(replay(GERMAN), hand=6)
    assert "takes the 150 points waiting in prison" in text6
    assert "Rubber 1 result (R14): A 755, B 655; A wins the rubber by 100." in text6
