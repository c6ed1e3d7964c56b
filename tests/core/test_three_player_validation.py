"""Ruling T16: the errors of a three-player hand, each in the players' words, naming its field.

One row per error, citing T16's item. Anna, Bert and Carl sit at seats 0, 1 and 2.
"""

from __future__ import annotations

import pytest

from jojotte_score.core.games import find_game, new_sitting
from jojotte_score.core.games.three_player_validation import (
    check_seat_sitting,
    check_three_player_hand,
)
from jojotte_score.core.model import Rules, SeatDeal, Sitting, ThrownIn, Variant
from tests.core.builders import three

ANNA, BERT, CARL = 0, 1, 2
NAMES = ("Anna", "Bert", "Carl")


@pytest.mark.parametrize(
    ("rule", "hand"),
    [
        ("T3 an undoubled hand", three(ANNA, "spades", BERT, (80, 45, 0), ANNA, dealer=2)),
        (
            "T3 a doubled hand, the third player with the declarer",
            three(
                ANNA, "spades", CARL, (80, 0, 45), CARL,
                double="redouble", doubler=CARL, sides_with="declarer",
            ),
        ),
        (
            "T16.4 Nullo after a double by the third player siding with the declarer",
            three(
                ANNA, "hearts", BERT, (0, 60, 50), None, double="double", doubler=BERT,
                sides_with="declarer", special="nullo", nullo_bidder=CARL, tricks=(0, 5, 4),
            ),
        ),
        (
            "T16.6 card points far below the deck are normal (nine cards set aside)",
            three(BERT, "no-trump", ANNA, (10, 15, 0), ANNA),
        ),
        (
            "T16.7 each active player scores in a different class",
            three(ANNA, "spades", BERT, (80, 45, 0), ANNA, melds=(100, 90, 0)),
        ),
        ("R15 a thrown-in deal", ThrownIn(dealer=2)),
    ],
)  # fmt: skip
def test_valid_hands(rule: str, hand: SeatDeal) -> None:
    assert check_three_player_hand(find_game(Variant.THREE_PLAYER), hand, 1, NAMES) == [], rule


@pytest.mark.parametrize(
    ("rule", "hand", "field", "message"),
    [
        (
            "T16.1 the dealer is a seat",
            ThrownIn(dealer=3),
            "dealer",
            "the dealer must be Anna (0), Bert (1) or Carl (2), not 3",
        ),
        (
            "T16.1 the bidder is a seat",
            three(4, "spades", BERT, (80, 45, 0), BERT),
            "bidder",
            "the bidder must be Anna (0), Bert (1) or Carl (2), not 4",
        ),
        (
            "T16.1 the active defender is a seat",
            three(ANNA, "spades", -1, (80, 45, 0), ANNA),
            "active_defender",
            "the active defender must be Anna (0), Bert (1) or Carl (2), not -1",
        ),
        (
            "T16.1 the last trick goes to a seat",
            three(ANNA, "spades", BERT, (80, 45, 0), 3),
            "last_trick",
            "the last trick's winner must be Anna (0), Bert (1) or Carl (2), not 3",
        ),
        (
            "T16.2 the declarer does not defend",
            three(ANNA, "spades", ANNA, (80, 45, 0), ANNA),
            "active_defender",
            "Anna is the declarer and cannot also be the active defender",
        ),
        (
            "T16.2 the bidder does not double",
            three(
                ANNA, "spades", BERT, (80, 45, 0), ANNA,
                double="double", doubler=ANNA, sides_with="declarer",
            ),
            "doubler",
            "Anna bid the contract and cannot double it",
        ),
        (
            "T16.2 a double needs its doubler",
            three(ANNA, "spades", BERT, (80, 45, 0), ANNA, double="double", sides_with="declarer"),
            "doubler",
            "the contract was doubled: record who doubled",
        ),
        (
            "T16.2 a double needs the third player's side",
            three(ANNA, "spades", BERT, (80, 45, 0), ANNA, double="double", doubler=BERT),
            "sides_with",
            "the contract was doubled: record whether the third player sided with the "
            "declarer or the defender",
        ),
        (
            "T16.2 no doubler without a double",
            three(ANNA, "spades", BERT, (80, 45, 0), ANNA, doubler=BERT),
            "doubler",
            "Bert is recorded as doubling, but the contract was not doubled",
        ),
        (
            "T16.2 no side chosen without a double",
            three(ANNA, "spades", BERT, (80, 45, 0), ANNA, sides_with="defender"),
            "sides_with",
            "the third player chooses a side only after a double",
        ),
        (
            "T16.3 the doubler is the active defender",
            three(
                ANNA, "spades", CARL, (80, 0, 45), ANNA,
                double="double", doubler=BERT, sides_with="declarer",
            ),
            "active_defender",
            "Bert doubled and so is the active defender, not Carl",
        ),
        (
            "T16.4 Nullo needs its bidder",
            three(ANNA, "hearts", BERT, (0, 60, 0), None, special="nullo", tricks=(0, 9, 0)),
            "nullo_bidder",
            "Nullo needs the player who bid it",
        ),
        (
            "T16.4 the bidder does not bid Nullo",
            three(
                ANNA, "hearts", BERT, (0, 60, 0), None,
                special="nullo", nullo_bidder=ANNA, tricks=(0, 9, 0),
            ),
            "nullo_bidder",
            "Anna named the trump and cannot bid Nullo against it",
        ),
        (
            "T16.4 no Nullo bidder without a Nullo",
            three(ANNA, "spades", BERT, (80, 45, 0), ANNA, nullo_bidder=CARL),
            "nullo_bidder",
            "Carl is recorded as the Nullo bidder, but no Nullo was bid",
        ),
        (
            "T16.4 the doubler does not bid Nullo",
            three(
                ANNA, "hearts", CARL, (0, 0, 60), None, double="double", doubler=BERT,
                sides_with="declarer", special="nullo", nullo_bidder=BERT, tricks=(0, 0, 9),
            ),
            "nullo_bidder",
            "Bert doubled and cannot then bid Nullo",
        ),
        (
            "T16.4 no Nullo by the third player siding with the doubler",
            three(
                ANNA, "hearts", BERT, (0, 60, 0), None, double="double", doubler=BERT,
                sides_with="defender", special="nullo", nullo_bidder=CARL, tricks=(0, 9, 0),
            ),
            "sides_with",
            "Carl sided with the defender who doubled and may not bid Nullo",
        ),
        (
            "T16.5 the set-aside hand has no card points",
            three(ANNA, "spades", BERT, (80, 45, 10), ANNA),
            "card_points[2]",
            "Carl sat out: Carl's hand was set aside, so Carl's card points must be 0, not 10",
        ),
        (
            "T16.5 the set-aside hand has no melds",
            three(ANNA, "spades", CARL, (80, 20, 45), ANNA),
            "card_points[1]",
            "Bert sat out: Bert's hand was set aside, so Bert's card points must be 0, not 20",
        ),
        (
            "T16.5 no meld is shown from a set-aside hand",
            three(ANNA, "spades", BERT, (80, 45, 0), ANNA, melds=(0, 0, 20)),
            "melds[2]",
            "Carl sat out: Carl's hand was set aside, so Carl's meld points must be 0, not 20",
        ),
        (
            "T16.5 the inactive player takes no trick",
            three(ANNA, "spades", BERT, (80, 45, 0), ANNA, tricks=(5, 3, 1)),
            "tricks[2]",
            "Carl sat out and took no trick, not 1",
        ),
        (
            "T16.5 nor the last trick",
            three(ANNA, "spades", BERT, (80, 45, 0), CARL),
            "last_trick",
            "Carl sat out and cannot have won the last trick",
        ),
        (
            "T16.5 nor Jo-Jotte",
            three(ANNA, "spades", BERT, (80, 45, 0), ANNA, jojotte=CARL),
            "jojotte",
            "Carl sat out and cannot score Jo-Jotte",
        ),
        (
            "T16.6 card points of the two active players above the deck",
            three(BERT, "spades", CARL, (0, 100, 60), CARL),
            "card_points",
            "card points add up to 160 (Bert: 100, Carl: 60), more than the 155 of the "
            "whole deck with a trump suit",
        ),
        (
            "T16.6 at no-trump the deck is 120",
            three(BERT, "no-trump", CARL, (0, 70, 60), CARL),
            "card_points",
            "card points add up to 130 (Bert: 70, Carl: 60), more than the 120 of the whole "
            "deck at no-trump",
        ),
        (
            "T16 (R1) card points in steps of 5, named by the player's seat",
            three(CARL, "spades", ANNA, (42, 0, 80), CARL),
            "card_points[0]",
            "Anna's card points (42) must be a multiple of 5 from 0 to 155 with a trump suit",
        ),
        (
            "T16.7 melds outside the nine-card totals, named by the player's seat",
            three(CARL, "spades", BERT, (0, 45, 80), CARL, melds=(0, 0, 400)),
            "melds[2]",
            "Carl's meld points (400) cannot be melded with nine cards (possible totals: any "
            "sum of melds up to 100, or 120, 140, 150, 160, 200 or 220)",
        ),
        (
            "T16.7 both active players scoring four of a kind",
            three(CARL, "spades", BERT, (0, 45, 80), CARL, melds=(0, 100, 200)),
            "melds",
            "Carl's 200 and Bert's 100 meld points both include four of a kind, but only one "
            "player may score four of a kind in a hand",
        ),
        (
            "T16.8 a Slam needs the tricks",
            three(ANNA, "spades", BERT, (155, 0, 0), ANNA, special="slam"),
            "tricks",
            "Slam needs each side's tricks",
        ),
        (
            "T16.8 the two active players' tricks add up to 9",
            three(ANNA, "spades", BERT, (100, 45, 0), ANNA, tricks=(5, 3, 0)),
            "tricks",
            "the tricks (Anna: 5, Bert: 3) add up to 8, not 9",
        ),
        (
            "T16 (R9) Jo-Jotte does not count in Nullo",
            three(
                ANNA, "hearts", BERT, (0, 60, 0), None, jojotte=BERT,
                special="nullo", nullo_bidder=CARL, tricks=(0, 9, 0),
            ),
            "jojotte",
            "Jo-Jotte does not count in Nullo",
        ),
        (
            "T3 one number per player",
            three(ANNA, "spades", BERT, (80, 45), ANNA, melds=(0, 0, 0)),
            "card_points",
            "the card points need one number per player, three in all",
        ),
    ],
)  # fmt: skip
def test_errors(rule: str, hand: SeatDeal, field: str, message: str) -> None:
    problems = check_three_player_hand(find_game(Variant.THREE_PLAYER), hand, 4, NAMES)
    assert [(p.field, p.message, p.hand, p.warning) for p in problems] == [
        (field, message, 4, False)
    ], rule


def test_unnamed_players_are_called_by_seat() -> None:
    hand = three(ANNA, "spades", ANNA, (80, 45, 0), ANNA)
    assert [p.message for p in check_three_player_hand(find_game(Variant.THREE_PLAYER), hand)] == [
        "player 0 is the declarer and cannot also be the active defender"
    ]


@pytest.mark.parametrize(
    ("rule", "sitting", "expected"),
    [
        (
            "T1 three named players",
            new_sitting(Variant.THREE_PLAYER, ("Anna", "", "Carl")),
            [("players", "player 1 has an empty name")],
        ),
        (
            "T13 a positive game target",
            new_sitting(Variant.THREE_PLAYER, NAMES, rules=Rules(game_target=0)),
            [("game_target", "the game target must be a positive number of points")],
        ),
        (
            "T16 the hands are numbered from 1",
            new_sitting(
                Variant.THREE_PLAYER,
                NAMES,
                (ThrownIn(), three(ANNA, "spades", BERT, (80, 45, 5), ANNA)),
            ),
            [
                (
                    "card_points[2]",
                    "Carl sat out: Carl's hand was set aside, so Carl's card points must be 0, "
                    "not 5",
                )
            ],
        ),
    ],
)
def test_sitting(rule: str, sitting: Sitting, expected: list[tuple[str, str]]) -> None:
    assert [
        (p.field, p.message) for p in check_seat_sitting(find_game(sitting.variant), sitting)
    ] == expected, rule
