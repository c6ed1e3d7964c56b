"""The status line before the next hand: game, below-the-line points, prison, next dealer."""

from __future__ import annotations

import pytest

from jojotte_score.core.games import find_game, new_sitting, replay
from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.ledger import HandResult, Scorer
from jojotte_score.core.model import (
    Hand,
    PlayedHand,
    Rules,
    SeatHand,
    Sitting,
    ThrownIn,
    Variant,
)
from jojotte_score.core.status import next_dealer, table_status
from tests.core.builders import played, three
from tests.core.test_german_example import GERMAN_HANDS

TWO, FOUR = Variant.TWO_PLAYER, Variant.PARTNERSHIP


def dealt(hand: PlayedHand, dealer: int | None) -> PlayedHand:
    return hand._replace(dealer=dealer)


def results(hands: list[Hand], variant: Variant) -> list[HandResult]:
    """The scorer's results of ``hands``, as the window has them."""
    game = find_game(variant)
    scorer = Scorer(game, game.standard_rules)
    scorer.extend(hands)
    return scorer.results


A_60 = played(0, "spades", (50, 45), 0)  # side 0 scores 60 below: no game yet
GAME = played(0, "hearts", (150, 5), 0)  # side 0 scores 160 below: a game at 80 and at 125
RUBBER = [dealt(GAME, 0), dealt(GAME, 1)]  # two games: the rubber ends with the second

ALTERNATE = "Thereafter, the deal alternates between the two players."
CLOCKWISE = "Deal, play and bidding proceed clockwise."
THROWN_IN = "the deal is thrown in and the next deal goes to the non-dealer"
FIRST_CUT = "The Dealer in the first hand is determined by a single cut of the deck"
NEW_CUT = "Zu Beginn jeden Robbers wird auf diese Weise der erste Geber bestimmt."


@pytest.mark.parametrize(
    ("rule", "variant", "hands", "chosen", "dealer"),
    [
        (f"{FIRST_CUT}: the cut's winner", TWO, [], 1, 1),
        (f"{FIRST_CUT}: nobody said who won it", TWO, [], None, None),
        (f"{FIRST_CUT}: four players", FOUR, [], 3, 3),
        (ALTERNATE, TWO, [dealt(A_60, 0)], None, 1),
        (ALTERNATE, TWO, [dealt(A_60, 0), dealt(A_60, 1)], None, 0),
        (f"{ALTERNATE} A choice counts only at a cut", TWO, [dealt(A_60, 0)], 0, 1),
        (CLOCKWISE, FOUR, [dealt(A_60, 3)], None, 0),
        (CLOCKWISE, FOUR, [dealt(A_60, 1)], None, 2),
        (CLOCKWISE, FOUR, [dealt(A_60, 0), dealt(A_60, 1), dealt(A_60, 2)], None, 3),
        (THROWN_IN, TWO, [ThrownIn(dealer=1)], None, 0),
        (THROWN_IN, TWO, [dealt(A_60, 0), ThrownIn(dealer=1)], None, 0),
        (f"{THROWN_IN} (clockwise)", FOUR, [dealt(A_60, 2), ThrownIn(dealer=3)], None, 0),
        (
            f"{THROWN_IN}: unrecorded dealers counted on",
            FOUR,
            [dealt(A_60, 2), A_60, ThrownIn()],
            None,
            1,
        ),
        (f"{ALTERNATE} No dealer recorded yet", TWO, [A_60, A_60], None, None),
        (f"{ALTERNATE} No dealer recorded yet", TWO, [A_60, A_60], 1, None),
        (f"{NEW_CUT} The cut's winner deals", TWO, RUBBER, 1, 1),
        (f"{NEW_CUT} The cut's winner deals", FOUR, RUBBER, 2, 2),
        (f"{NEW_CUT} The cut is not recorded", TWO, RUBBER, None, None),
        (
            f"{NEW_CUT} Rubber 2's first hand recorded no dealer: not rubber 1's rotation",
            TWO,
            [*RUBBER, A_60],
            None,
            None,
        ),
        (f"{NEW_CUT} Rubber 2's first hand is thrown in", FOUR, [*RUBBER, ThrownIn()], 1, None),
        (f"{NEW_CUT} Then the deal alternates", TWO, [*RUBBER, dealt(A_60, 1)], None, 0),
        (f"{NEW_CUT} Then clockwise", FOUR, [*RUBBER, dealt(A_60, 3), A_60], None, 1),
    ],
)
def test_next_dealer(
    rule: str, variant: Variant, hands: list[Hand], chosen: int | None, dealer: int | None
) -> None:
    assert next_dealer(results(hands, variant), variant, chosen) == dealer, rule


def test_the_rubber_ends_where_the_rules_say() -> None:
    """The cases above rest on RUBBER ending the rubber and A_60 ending nothing."""
    scored = results([*RUBBER, A_60], TWO)
    assert [r.rubber_winner for r in scored] == [None, 0, None]
    assert [r.game_winner for r in results([A_60, A_60], FOUR)] == [None, None]


def test_status_through_the_german_example() -> None:
    hands = [dealt(h, i % 2) for i, h in enumerate(GERMAN_HANDS)]
    seen = []
    for count in range(len(hands) + 1):
        sitting = new_sitting(TWO, ("A", "B"), tuple(hands[:count]))
        s = table_status(replay(sitting), TWO)
        seen.append((s.hand, s.rubber, s.game, s.below, s.games, s.prison, s.next_dealer))
    assert seen == [
        (1, 1, 1, (0, 0), (0, 0), 0, None),
        (2, 1, 1, (0, 35), (0, 0), 0, 1),  # B 35 below after hand 1
        (3, 1, 2, (0, 0), (1, 0), 0, 0),  # A won game 1 with 95
        (4, 1, 3, (0, 0), (1, 1), 0, 1),  # B won game 2 with 220
        (5, 1, 3, (0, 0), (1, 1), 60, 0),  # Nullo: 60 in prison
        (6, 1, 3, (0, 0), (1, 1), 150, 1),  # tie: 90 more
        (7, 2, 1, (0, 0), (0, 0), 0, None),  # A won the rubber: a new cut
    ]
    ledger = replay(new_sitting(TWO, ("A", "B"), tuple(hands)))
    last = table_status(ledger, TWO)
    assert (last.new_cut, last.next_dealer) == (True, None)
    cut = table_status(ledger, TWO, chosen=1)  # B won the new cut
    assert (cut.new_cut, cut.next_dealer) == (True, 1)


def test_status_from_the_rubbers_checkpoint() -> None:
    """The window scores only the newest rubber; its status and dealer are the same."""
    hands = [*RUBBER, dealt(A_60, 1), A_60]
    whole = Scorer(find_game(Variant.TWO_PLAYER), Rules())
    whole.extend(hands)
    checkpoint = whole.checkpoint()
    recent = Scorer(find_game(Variant.TWO_PLAYER), Rules(), checkpoint)
    recent.extend(hands[checkpoint.position :])
    status = table_status(recent.ledger(("A", "B")), TWO)
    assert status == table_status(whole.ledger(("A", "B")), TWO)
    # Rubber 2: hand 3 dealt by B, hand 4 by A (not recorded), and A won game 1 with 120.
    assert (status.hand, status.rubber, status.game, status.games) == (5, 2, 2, (1, 0))
    assert status.next_dealer == 1


# The games of individual players ---------------------------------------------------------

T2 = "T2: the deal passes clockwise among three"
F7 = "F7: the deal passes clockwise (d + 1) mod 4, thrown-in deals included"
C7 = "C7: the deal alternates between the box and the captain; a new cut each rubber"


def _three(dealer: int | None) -> SeatHand:
    """Anna's spades against Bert, 65 below: no game yet; the dealer sits out in cutthroat."""
    return three(0, "spades", 1, (55, 40, 0, 0), 0, dealer=dealer)


@pytest.mark.parametrize(
    ("rule", "sitting", "chosen", "dealer", "below"),
    [
        (
            T2,
            new_sitting(
                Variant.THREE_PLAYER,
                ("A", "B", "C"),
                (three(0, "spades", 1, (55, 40, 0), 0, dealer=2),),
            ),
            None,
            0,
            (65, 0, 0),
        ),
        (
            f"{T2}, a thrown-in deal too",
            new_sitting(Variant.THREE_PLAYER, ("A", "B", "C"), (ThrownIn(dealer=1),)),
            None,
            2,
            (0, 0, 0),
        ),
        (
            F7,
            new_sitting(Variant.CUTTHROAT, ("A", "B", "C", "D"), (_three(3),)),
            None,
            0,
            (65, 0, 0, 0),
        ),
        (
            F7,
            new_sitting(Variant.CUTTHROAT, ("A", "B", "C", "D"), (_three(2), ThrownIn(dealer=3))),
            None,
            0,
            (65, 0, 0, 0),
        ),
        (
            C7,
            new_sitting(
                Variant.CHOUETTE, ("A", "B", "C"), (dealt(A_60, 1),), roles=ChouetteRoles(2, 1)
            ),
            None,
            2,
            (0, 0, 60),
        ),
        (
            f"{C7}: the partner never deals",
            new_sitting(
                Variant.CHOUETTE,
                ("A", "B", "C"),
                (dealt(A_60, 1), ThrownIn(dealer=2)),
                roles=ChouetteRoles(2, 1),
            ),
            None,
            1,
            (0, 0, 60),
        ),
        (
            f"{C7}: after the rubber, the cut's winner",
            new_sitting(
                Variant.CHOUETTE, ("A", "B", "C"), tuple(RUBBER), roles=ChouetteRoles(0, 1)
            ),
            2,
            2,
            (0, 0, 0),
        ),
    ],
)
def test_the_status_of_the_games_of_individual_players(
    rule: str, sitting: Sitting, chosen: int | None, dealer: int | None, below: tuple[int, ...]
) -> None:
    status = table_status(replay(sitting), sitting.variant, chosen)
    assert (status.next_dealer, status.below) == (dealer, below)
    assert status.hand == len(sitting.hands) + 1
