"""Player statistics of the games of individual players: the three-player game, cutthroat
and the chouette, checked against the worked sittings of docs/RULES.md.

Every expected number was counted by hand from the sittings' tables in docs/RULES.md
("A worked three-player sitting", "The worked cutthroat sitting", "The worked chouette");
the comments beside each row say which hands make it up.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jojotte_score.core.games import check_sitting, find_game, new_sitting, replay
from jojotte_score.core.games.three_player_validation import check_seat_sitting
from jojotte_score.core.model import SeatHand, Sitting, Variant
from jojotte_score.core.stats import ContractCount, PlayerStats, player_stats, sitting_stats
from jojotte_score.formats.sitting_file import load_sitting
from tests.core import test_chouette, test_cutthroat, test_three_player_example
from tests.core.builders import three
from tests.core.test_stats import EVENING

DATA = Path(__file__).resolve().parent.parent / "data"
THREE = test_three_player_example.EXAMPLE
CUTTHROAT = test_cutthroat.EXAMPLE
CHOUETTE = test_chouette.EXAMPLE
NONE = ContractCount(0, 0)


def figures(
    name: str,
    rubbers: tuple[int, int, int],
    net: tuple[int, int],
    hands: tuple[int, int],
    contracts: tuple[ContractCount, ...],
    defended: tuple[int, int],
) -> PlayerStats:
    """One player's figures in one sitting: (played, won, unfinished) rubbers, (net, net of
    the finished rubbers), (hands played, meld points), (declared, made) contracts (suit,
    no-trump, Nullo, Slam, doubled), (defended, defeated)."""
    suit, no_trump, nullo, slam, doubled = contracts
    return PlayerStats(
        name=name,
        sittings=1,
        rubbers_played=rubbers[0],
        rubbers_won=rubbers[1],
        rubbers_unfinished=rubbers[2],
        net_points=net[0],
        finished_net_points=net[1],
        hands_played=hands[0],
        meld_points=hands[1],
        suit=suit,
        no_trump=no_trump,
        nullo=nullo,
        slam=slam,
        doubled=doubled,
        defended=defended[0],
        defeated=defended[1],
    )


C = ContractCount

# The three-player sitting: rubber 1 (hands 1-6) won by Carl, settled +505, -1355, +850;
# rubber 2 (hands 7-8) unfinished, settled +150, -300, +150.
THREE_PLAYER_ROWS = [
    # Anna declared 1 spades (made, 65 to 60) and 4 no-trump (a tie: not made); she
    # defended 3 (Carl made it), 5 (Carl's Nullo, lost) and 8 (Bert's Slam, failed).
    # Active in hands 1, 3, 4, 5, 8; no melds.
    figures("Anna", (1, 0, 1), (655, 505), (5, 0), (C(1, 1), C(1, 0), NONE, NONE, NONE), (3, 2)),
    # Bert declared 2 hearts (Carl won) and 8 the Slam (one trick lost); he defended 1
    # (made), 4 (the tie defeats it) and 6 (made). Active in 1, 2, 4, 6, 8; melds 20.
    figures(
        "Bert", (1, 0, 1), (-1655, -1355), (5, 20), (C(1, 0), NONE, NONE, C(1, 0), NONE), (3, 1)
    ),
    # Carl declared 3 and 6, both doubled and made, and 5 the Nullo (2 tricks taken); he
    # defended 2 and won it. Active in 2, 3, 5, 6; melds 40. He won rubber 1.
    figures(
        "Carl", (1, 1, 1), (1000, 850), (4, 40), (C(2, 2), NONE, C(1, 0), NONE, C(2, 2)), (1, 1)
    ),
]

# Cutthroat: one finished rubber (hands 1-5) won by Carl, settled -110, -190, +2450, -2150.
CUTTHROAT_ROWS = [
    # Anna declared 1 spades (made); she defended 3 (Dave's Nullo, lost) and 4 (Dave's
    # doubled no-trump, which she won). Active in 1, 3, 4.
    figures("Anna", (1, 0, 0), (-110, -110), (3, 0), (C(1, 1), NONE, NONE, NONE, NONE), (2, 2)),
    # Bert declared 2 hearts, doubled by Carl, who won; he defended 1 and 5 (both made).
    # Active in 1, 2, 5.
    figures("Bert", (1, 0, 0), (-190, -190), (3, 0), (C(1, 0), NONE, NONE, NONE, C(1, 0)), (2, 0)),
    # Carl declared 5 diamonds (made) and won the rubber; he defended 2 and beat it.
    figures("Carl", (1, 1, 0), (2450, 2450), (2, 0), (C(1, 1), NONE, NONE, NONE, NONE), (1, 1)),
    # Dave declared 3 the Nullo (3 tricks taken) and 4 no-trump doubled (lost); he defended
    # nothing: he dealt hands 1 and 5 and sat out, and was inactive in 2.
    figures(
        "Dave",
        (1, 0, 0),
        (-2150, -2150),
        (2, 0),
        (NONE, C(1, 0), C(1, 0), NONE, C(1, 0)),
        (0, 0),
    ),
]

# The chouette: rubber 1 (hands 1-3) Anna box, Bert captain, Carl partner, won by the box;
# rubber 2 (4-6) Anna box, Carl captain, Bert partner, won by the team; rubber 3 (7-10)
# Carl box, Bert captain, Anna partner, won by the team. Settlements: Anna +1460, -1470,
# +1145; Bert -730, +735, +1145; Carl -730, +735, -2290.
CHOUETTE_ROWS = [
    # Anna in the box declared 1 spades and 3 clubs doubled (both made); she defended 2
    # (a tie defeats it) and 4, 5 (the team's Nullo), 6 (all made). She played hands 1-6
    # and won rubbers 1 (box) and 3 (partner).
    figures("Anna", (3, 2, 0), (1135, 1135), (6, 0), (C(2, 2), NONE, NONE, NONE, C(1, 1)), (4, 1)),
    # Bert as captain declared 2 hearts (the tie) and 8 the Slam (made); he defended 1, 3,
    # 9 (made) and 10 (beaten). He played 1-3 and 8-10 and won rubbers 2 (partner) and 3.
    figures("Bert", (3, 2, 0), (1150, 1150), (6, 0), (C(1, 0), NONE, NONE, C(1, 1), NONE), (4, 1)),
    # Carl as captain declared 4 diamonds, 5 the Nullo and 6 no-trump (all made), in the
    # box 9 clubs (made) and 10 spades doubled (beaten); he defended 8 (made). He played
    # 4-6 and 8-10, melded 50 for the team in hand 4, and won rubber 2 (captain).
    figures(
        "Carl",
        (3, 1, 0),
        (-2285, -2285),
        (6, 50),
        (C(3, 2), C(1, 1), C(1, 1), NONE, C(1, 0)),
        (1, 0),
    ),
]

CASES = [
    pytest.param(THREE, THREE_PLAYER_ROWS, id="three-player"),
    pytest.param(CUTTHROAT, CUTTHROAT_ROWS, id="cutthroat"),
    pytest.param(CHOUETTE, CHOUETTE_ROWS, id="chouette"),
]


@pytest.mark.parametrize(("sitting", "rows"), CASES)
def test_each_player_of_the_worked_sittings(
    sitting: Sitting | Sitting, rows: list[PlayerStats]
) -> None:
    assert check_sitting(sitting) == []
    assert player_stats([sitting]) == sorted(rows, key=lambda player: player.name)


@pytest.mark.parametrize(("sitting", "rows"), CASES)
def test_net_points_are_the_settlement_and_add_up_to_zero(
    sitting: Sitting | Sitting, rows: list[PlayerStats]
) -> None:
    """T15, C6, F6: each player's net is his settlement; the settlements add up to 0."""
    settlement = replay(sitting).settlement
    assert tuple(player.net_points for player in rows) == settlement
    assert sum(settlement) == 0
    assert tuple(player.net_points for player in sitting_stats(sitting)) == settlement


@pytest.mark.parametrize(("sitting", "rows"), CASES)
def test_every_contract_has_one_declarer_and_one_defender(
    sitting: Sitting | Sitting, rows: list[PlayerStats]
) -> None:
    played = sum(1 for hand in sitting.hands if not hand.thrown_in)
    assert sum(player.contracts.declared for player in rows) == played
    assert sum(player.defended for player in rows) == played
    # A contract not made is defeated: what one player failed, another beat.
    failed = sum(player.contracts.declared - player.contracts.made for player in rows)
    assert sum(player.defeated for player in rows) == failed
    # Two players hold cards in every played hand (D and A; the box and the captain).
    assert sum(player.hands_played for player in rows) == 2 * played


def test_melds_per_hand_counts_the_hands_the_player_held_cards_in() -> None:
    anna, bert, carl = player_stats([THREE])
    assert (anna.melds_per_hand, bert.melds_per_hand, carl.melds_per_hand) == (0.0, 4.0, 10.0)
    anna, bert, carl = player_stats([CHOUETTE])
    assert carl.melds_per_hand == pytest.approx(50 / 6)


def test_the_chouette_team_wins_a_rubber_for_captain_and_partner() -> None:
    """The ledger names one winner per rubber (the box or the captain); the statistics
    credit the partner too, so three rubbers give five wins."""
    assert replay(CHOUETTE).rubbers_won == (1, 1, 1)
    assert [player.rubbers_won for player in player_stats([CHOUETTE])] == [2, 2, 1]


@pytest.mark.parametrize(
    ("file", "sitting"),
    [
        ("three-player-example.json", THREE),
        ("cutthroat-example.json", CUTTHROAT),
        ("chouette-example.json", CHOUETTE),
    ],
)
def test_the_example_files_give_the_same_figures(file: str, sitting: Sitting | Sitting) -> None:
    assert player_stats([load_sitting(DATA / file).sitting]) == player_stats([sitting])


def test_players_are_summed_across_variants() -> None:
    """Anna of the two-player evening (tests/core/test_stats.py) and of the three worked
    sittings is one player."""
    figures_by_name = {
        player.name: player for player in player_stats([EVENING, THREE, CUTTHROAT, CHOUETTE])
    }
    assert list(figures_by_name) == ["Anna", "Bert", "Carl", "Dave"]
    anna = figures_by_name["Anna"]
    # Evening: 1 rubber won (+655), 1 open (+200); then the three worked sittings.
    assert anna.sittings == 4
    assert (anna.rubbers_played, anna.rubbers_won) == (1 + 1 + 1 + 3, 1 + 0 + 0 + 2)
    assert anna.rubbers_unfinished == 1 + 1 + 0 + 0
    assert anna.net_points == 855 + 655 - 110 + 1135 == 2535
    assert anna.finished_net_points == 655 + 505 - 110 + 1135 == 2185
    assert anna.average_rubber == pytest.approx(2185 / 6)
    assert anna.hands_played == 4 + 5 + 3 + 6
    assert anna.meld_points == 20
    # Declared: evening no-trump, Slam, Nullo (all made); 2 + 1 + 2 in the worked sittings.
    assert anna.contracts == ContractCount(3 + 2 + 1 + 2, 3 + 1 + 1 + 2)
    assert (anna.defended, anna.defeated) == (1 + 3 + 2 + 4, 0 + 2 + 2 + 1)


@pytest.mark.parametrize(
    ("hand", "declarer", "defender", "contract", "defeated"),
    [
        # T11: after Bert's double of Anna's spades Carl sides with Anna and bids Nullo;
        # Bert defends. The double belonged to the superseded contract: an undoubled Nullo,
        # made (Carl took no trick).
        (
            three(
                0, "spades", 1, (0, 80, 0), None, double="double", doubler=1,
                sides_with="declarer", special="nullo", nullo_bidder=2, tricks=(0, 9, 0),
            ),
            "Carl",
            "Bert",
            ("nullo", ContractCount(1, 1), ContractCount(0, 0)),
            0,
        ),
        # T7: Anna's hearts doubled by Carl, Bert sides with Carl; Carl wins 90 + 10 to 40.
        (
            three(
                0, "hearts", 2, (40, 0, 90), 2, double="double", doubler=2,
                sides_with="defender",
            ),
            "Anna",
            "Carl",
            ("suit", ContractCount(1, 0), ContractCount(1, 0)),
            1,
        ),
        # The inactive player's copy of the defender's melds is not his own: Bert, with A,
        # declares nothing, defends nothing and plays no hand.
        (
            three(2, "no-trump", 0, (20, 0, 100), 2, melds=(50, 0, 0)),
            "Carl",
            "Anna",
            ("no-trump", ContractCount(1, 1), ContractCount(0, 0)),
            0,
        ),
    ],
)  # fmt: skip
def test_one_three_player_hand(
    hand: SeatHand,
    declarer: str,
    defender: str,
    contract: tuple[str, ContractCount, ContractCount],
    defeated: int,
) -> None:
    sitting = new_sitting(Variant.THREE_PLAYER, ("Anna", "Bert", "Carl"), (hand,))
    assert check_seat_sitting(find_game(sitting.variant), sitting) == []
    by_name = {player.name: player for player in player_stats([sitting])}
    kind, count, doubled = contract
    d, a = by_name[declarer], by_name[defender]
    assert (getattr(d, kind.replace("-", "_")), d.doubled) == (count, doubled)
    assert (d.defended, a.defended, a.defeated) == (0, 1, defeated)
    assert (d.hands_played, a.hands_played) == (1, 1)
    (inactive,) = (p for name, p in by_name.items() if name not in (declarer, defender))
    assert (inactive.hands_played, inactive.meld_points, inactive.defended) == (0, 0, 0)
    assert inactive.contracts == ContractCount(0, 0)
