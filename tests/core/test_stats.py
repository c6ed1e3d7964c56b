"""Player statistics: every figure checked against numbers worked out by hand."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from jojotte_score.core.games import check_sitting, new_sitting, replay
from jojotte_score.core.model import PlayedHand, ThrownIn, Variant
from jojotte_score.core.scoring import Outcome
from jojotte_score.core.stats import (
    ContractCount,
    ContractKind,
    PlayerStats,
    contract_kind,
    contract_made,
    player_side,
    player_stats,
    side_stats,
)
from jojotte_score.core.validation import errors_only
from jojotte_score.formats.sitting_file import load_sitting
from tests.core.builders import played

GERMAN = Path(__file__).resolve().parent.parent / "data" / "german-example.json"

# Two players, " Anna " (spaces stripped for matching) against Bert.
EVENING = new_sitting(
    Variant.TWO_PLAYER,
    (" Anna ", "Bert"),
    (
        # 1. Anna no-trump, 90 to 40 with melds 20: made; 90 below wins game 1; Bert 40 above.
        played(0, "no-trump", (80, 40), 0, melds=(20, 0)),
        # 2. Bert hearts, doubled by Anna, 125 to 40 with melds 50: made; 2 x 165 = 330
        #    below for Bert, game 2.
        played(1, "hearts", (40, 115), 1, melds=(0, 50), double="double"),
        # 3. Anna bids Slam in spades and takes every trick: 165 below + 500 Slam bonus,
        #    game 3 and the rubber (+300). Rubber 1: Anna 20+90+165+500+300 = 1075,
        #    Bert 40+50+330 = 420; Anna +655.
        played(0, "spades", (155, 0), 0, special="slam", tricks=(9, 0)),
        # 4. Thrown in: not a played hand.
        ThrownIn(),
        # 5. Bert names clubs, Anna bids Nullo and takes no trick: 200 above for Anna,
        #    120 to prison. Rubber 2 unfinished: Anna +200.
        played(1, "clubs", (0, 120), None, special="nullo", tricks=(0, 9)),
    ),
)

# Four players: Anna & Bert (seats 0 and 2) against Carl & Dora (seats 1 and 3).
FOURSOME = new_sitting(
    Variant.PARTNERSHIP,
    ("Anna", "Carl", "Bert", "Dora"),
    (
        # 1. Carl & Dora spades, redoubled, lose 55 to 110: 4 x 165 = 660 below for
        #    Anna & Bert, game 1.
        played(1, "spades", (100, 55), 0, double="redouble"),
        # 2. Anna & Bert bid Slam at no-trump and lose a trick: 110 + 20 = 130 above for
        #    Carl & Dora (not ahead, so above). Rubber 1 unfinished: Anna & Bert +530.
        played(0, "no-trump", (100, 20), 0, special="slam", tricks=(7, 1)),
    ),
)


def test_the_hand_built_sittings_are_valid_and_score_as_worked_out() -> None:
    for sitting in (EVENING, FOURSOME):
        assert errors_only(check_sitting(sitting)) == []
    evening = replay(EVENING)
    assert [r.totals for r in evening.rubbers] == [(1075, 420), (200, 0)]
    assert [r.finished for r in evening.rubbers] == [True, False]
    foursome = replay(FOURSOME)
    assert [r.totals for r in foursome.rubbers] == [(660, 130)]
    assert not foursome.rubbers[0].finished


def test_players_over_two_sittings() -> None:
    figures = {player.name: player for player in player_stats([EVENING, FOURSOME])}
    assert list(figures) == ["Anna", "Bert", "Carl", "Dora"]
    anna, bert, carl, dora = (figures[name] for name in ("Anna", "Bert", "Carl", "Dora"))

    # Anna: one finished rubber (won, +655), two unfinished (+200 and +530 with Bert).
    assert (anna.sittings, anna.rubbers_played, anna.rubbers_won) == (2, 1, 1)
    assert anna.rubbers_unfinished == 2
    assert anna.net_points == 655 + 200 + 530 == 1385
    assert anna.finished_net_points == 655
    assert anna.average_rubber == 655.0
    # Four played hands in the evening (one thrown in), two in the foursome; melds 20.
    assert (anna.hands_played, anna.meld_points) == (6, 20)
    assert anna.melds_per_hand == pytest.approx(20 / 6)
    # Declared: no-trump (made), Slam (made), Nullo (made), Slam with Bert (failed).
    assert anna.no_trump == ContractCount(1, 1)
    assert anna.slam == ContractCount(2, 1)
    assert anna.nullo == ContractCount(1, 1)
    assert anna.suit == ContractCount(0, 0)
    assert anna.doubled == ContractCount(0, 0)
    assert anna.contracts == ContractCount(4, 3)
    # Defended: Bert's doubled hearts (made), Carl & Dora's redoubled spades (defeated).
    assert (anna.defended, anna.defeated) == (2, 1)

    # Bert: lost the evening's rubber (-655) and its open rubber (-200); +530 with Anna.
    assert (bert.sittings, bert.rubbers_played, bert.rubbers_won) == (2, 1, 0)
    assert bert.net_points == -655 - 200 + 530 == -325
    assert bert.average_rubber == -655.0
    assert (bert.hands_played, bert.meld_points) == (6, 50)
    assert bert.suit == ContractCount(1, 1)  # hearts, doubled, made
    assert bert.doubled == ContractCount(1, 1)
    assert bert.slam == ContractCount(1, 0)  # the partnership's failed Slam
    assert bert.contracts == ContractCount(2, 1)
    # Defended: Anna's no-trump, Slam and Nullo (all made), and with Anna Carl & Dora's
    # redoubled spades (defeated).
    assert (bert.defended, bert.defeated) == (4, 1)

    # Carl and Dora are partners: identical figures, no finished rubber.
    assert carl == PlayerStats(
        name="Carl",
        sittings=1,
        rubbers_played=0,
        rubbers_won=0,
        rubbers_unfinished=1,
        net_points=-530,
        finished_net_points=0,
        hands_played=2,
        meld_points=0,
        suit=ContractCount(1, 0),
        doubled=ContractCount(1, 0),
        defended=1,  # Anna & Bert's Slam, which failed
        defeated=1,
    )
    assert dora == dataclasses.replace(carl, name="Dora")
    assert carl.average_rubber is None
    assert carl.melds_per_hand == 0.0


def test_the_german_example() -> None:
    # Hands: 1 B spades won; 2 B hearts lost; 3 A clubs doubled lost; 4 A Nullo (B named
    # no-trump) failed with 2 tricks; 5 A spades tie; 6 A spades won. One rubber, A 755 to
    # B 655. Melds: A 50 (hand 6), B 40 + 20.
    a, b = player_stats([load_sitting(GERMAN).sitting])
    assert (a.name, a.sittings, a.rubbers_played, a.rubbers_won) == ("A", 1, 1, 1)
    assert (a.net_points, a.average_rubber) == (100, 100.0)
    assert a.suit == ContractCount(3, 1)  # hands 3, 5 and 6; only 6 made (5 is a tie)
    assert a.nullo == ContractCount(1, 0)
    assert a.doubled == ContractCount(1, 0)  # hand 3
    assert a.no_trump == ContractCount(0, 0)  # hand 4 was no-trump, but a Nullo
    assert a.contracts == ContractCount(4, 1)
    assert (a.hands_played, a.meld_points) == (6, 50)
    assert a.melds_per_hand == pytest.approx(8.33, abs=0.01)
    assert (a.defended, a.defeated) == (2, 1)  # B's hands 1 (made) and 2 (lost)

    assert (b.name, b.rubbers_played, b.rubbers_won, b.net_points) == ("B", 1, 0, -100)
    assert b.average_rubber == -100.0
    assert b.suit == ContractCount(2, 1)  # hands 1 (made) and 2 (lost)
    assert b.contracts == ContractCount(2, 1)
    assert b.melds_per_hand == 10.0
    # A's hands 3 (lost), 4 (Nullo failed), 5 (a tie defeats the contract), 6 (made).
    assert (b.defended, b.defeated) == (4, 3)


def test_no_sittings_no_players() -> None:
    assert player_stats([]) == []


def test_a_sitting_without_hands_counts_as_a_sitting_only() -> None:
    (anna, bert) = player_stats([new_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))])
    assert anna == PlayerStats(name="Anna", sittings=1)
    assert (bert.average_rubber, bert.melds_per_hand) == (None, None)


def test_names_match_exactly_after_stripping() -> None:
    again = new_sitting(Variant.TWO_PLAYER, ("anna", "Bert  "), EVENING.hands)
    names = [player.name for player in player_stats([EVENING, again])]
    assert names == ["Anna", "anna", "Bert"]  # case matters; spaces do not


def test_a_name_twice_in_one_sitting_counts_it_once() -> None:
    # The validator allows it; the player gets the first seat's side.
    twice = new_sitting(Variant.TWO_PLAYER, ("Anna", "Anna"), EVENING.hands)
    (anna,) = player_stats([twice])
    assert (anna.sittings, anna.net_points, anna.meld_points) == (1, 655 + 200, 20)


@pytest.mark.parametrize(
    ("variant", "seat", "side"),
    [
        (Variant.TWO_PLAYER, 0, 0),
        (Variant.TWO_PLAYER, 1, 1),
        (Variant.PARTNERSHIP, 2, 0),  # partners sit opposite: seats 0 and 2
        (Variant.PARTNERSHIP, 3, 1),
    ],
)
def test_player_side(variant: Variant, seat: int, side: int) -> None:
    assert player_side(variant, seat) == side


@pytest.mark.parametrize(
    ("hand", "outcome", "kind", "made"),
    [
        (played(0, "hearts", (100, 55), 0), Outcome.DECLARER_WON, ContractKind.SUIT, True),
        (played(0, "hearts", (35, 110), 0), Outcome.DEFENDER_WON, ContractKind.SUIT, False),
        (played(0, "no-trump", (55, 65), 0), Outcome.TIE, ContractKind.NO_TRUMP, False),
        (played(0, "no-trump", (90, 30), 0), Outcome.DECLARER_WON, ContractKind.NO_TRUMP, True),
        # Slam: made when the bidder took every trick, failed otherwise.
        (
            played(0, "spades", (155, 0), 0, special="slam", tricks=(9, 0)),
            Outcome.DECLARER_WON,
            ContractKind.SLAM,
            True,
        ),
        (
            played(0, "no-trump", (100, 20), 0, special="slam", tricks=(8, 1)),
            Outcome.SLAM_FAILED,
            ContractKind.SLAM,
            False,
        ),
        # Nullo: the Nullo bidder is the declarer; made when they took no trick.
        (
            played(1, "clubs", (0, 120), None, special="nullo", tricks=(0, 9)),
            Outcome.NULLO_MADE,
            ContractKind.NULLO,
            True,
        ),
        (
            played(1, "clubs", (20, 100), None, special="nullo", tricks=(2, 7)),
            Outcome.NULLO_FAILED,
            ContractKind.NULLO,
            False,
        ),
    ],
)
def test_contract_kind_and_made(
    hand: PlayedHand, outcome: Outcome, kind: ContractKind, made: bool
) -> None:
    sitting = new_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"), (hand,))
    assert errors_only(check_sitting(sitting)) == []
    result = replay(sitting).hands[0]
    assert result.score.outcome is outcome
    assert contract_kind(hand) is kind
    assert contract_made(hand, outcome) is made
    declared = side_stats(replay(sitting), hand.declarer).by_kind(kind)
    assert declared == ContractCount(1, int(made))
    defence = side_stats(replay(sitting), 1 - hand.declarer)
    assert defence.contracts == ContractCount(0, 0)
    assert (defence.defended, defence.defeated) == (1, int(not made))
