"""A possible unbid slam recorded without its tricks, in every game (docs/RULES.md, "A
possible unbid slam", R6).

One side took no card points and the other the last trick: a slam (100 above, R6) only if
the first took no trick at all, which the card points cannot tell, since a trick may hold
only cards of no value. The core's rule (``possible_unbid_slam``) is the one the entry panel
asks the tricks by; a hand read without them (a sitting file, or one stored before the
panel asked) loads with a warning saying that no slam bonus is scored.
"""

from __future__ import annotations

from typing import Any

import pytest

from jojotte_score.core.games import check_sitting, find_game, replay
from jojotte_score.core.model import Special
from jojotte_score.core.scoring import EntryKind
from jojotte_score.core.validation import errors_only, possible_unbid_slam
from jojotte_score.formats.sitting_file import parse_sitting

# Each game: its sitting without hands, a hand in which the first seat (side 0, the box in
# the chouette) took every card point and the last trick, and its tricks when that seat took
# them all; who "took no card points" in the warning, and who took the last trick.
GAMES: dict[str, tuple[dict[str, Any], dict[str, Any], list[int], str, str]] = {
    "two-player": (
        {"version": 1, "variant": "two-player", "players": ["Anna", "Bert"]},
        {"bidder": 0, "trump": "spades", "card_points": [90, 0], "last_trick": 0},
        [9, 0],
        "Bert",
        "Anna",
    ),
    "partnership": (
        {"version": 1, "variant": "partnership", "players": ["Anna", "Bert", "Carl", "Dora"]},
        {"bidder": 0, "trump": "spades", "card_points": [155, 0], "last_trick": 0},
        [8, 0],
        "Bert & Dora",
        "Anna & Carl",
    ),
    "three-player": (
        {"version": 2, "variant": "three-player", "players": ["Anna", "Bert", "Carl"]},
        {
            "dealer": 2,
            "bidder": 0,
            "trump": "spades",
            "active_defender": 1,
            "card_points": [90, 0, 0],
            "last_trick": 0,
        },
        [9, 0, 0],
        "Bert",
        "Anna",
    ),
    "chouette": (
        {
            "version": 2,
            "variant": "chouette",
            "players": ["Anna", "Bert", "Carl"],
            "chouette": {"box": 0, "captain": 1},
        },
        {"dealer": 0, "bidder": 0, "trump": "spades", "card_points": [90, 0], "last_trick": 0},
        [9, 0],
        "Bert",
        "Anna",
    ),
    "cutthroat": (
        {"version": 2, "variant": "cutthroat", "players": ["Anna", "Bert", "Carl", "Dave"]},
        {
            "dealer": 3,
            "bidder": 0,
            "trump": "spades",
            "active_defender": 1,
            "card_points": [90, 0, 0, 0],
            "last_trick": 0,
        },
        [9, 0, 0, 0],
        "Bert",
        "Anna",
    ),
}


def sitting_file(game: str, **changes: Any) -> dict[str, Any]:
    head, hand = GAMES[game][:2]
    return {"format": "jojotte-sitting", **head, "hands": [{**hand, **changes}]}


def unbid_slam_bonus(data: dict[str, Any]) -> list[int]:
    ledger = replay(parse_sitting(data).sitting)
    return [
        entry.points
        for entry in ledger.hands[0].score.entries
        if entry.kind is EntryKind.UNBID_SLAM_BONUS
    ]


@pytest.mark.parametrize("game", GAMES)
def test_without_the_tricks_the_hand_loads_with_a_warning_and_no_slam(game: str) -> None:
    loser, winner = GAMES[game][3:]
    loaded = parse_sitting(sitting_file(game))
    assert [(w.hand, w.field, w.message) for w in loaded.warnings] == [
        (
            1,
            "tricks",
            f"no card points for {loser} and the last trick to {winner}: a slam if no trick went "
            f"to {loser}, but the tricks are not recorded, so no slam bonus is scored",
        )
    ]
    # The core's checks say the same, as a warning: old files keep loading.
    found = check_sitting(loaded.sitting)
    assert [p.field for p in found] == ["tricks"]
    assert errors_only(found) == []
    assert unbid_slam_bonus(sitting_file(game)) == []


@pytest.mark.parametrize("game", GAMES)
def test_all_the_tricks_recorded_score_the_unbid_slam(game: str) -> None:
    data = sitting_file(game, tricks=GAMES[game][2])
    assert parse_sitting(data).warnings == ()
    assert unbid_slam_bonus(data) == [100]  # R6


@pytest.mark.parametrize("game", GAMES)
def test_a_trick_of_no_value_recorded_is_no_slam_and_no_warning(game: str) -> None:
    tricks = list(GAMES[game][2])
    tricks[0], tricks[1] = tricks[0] - 1, 1  # the loser took one trick of no card points
    data = sitting_file(game, tricks=tricks)
    assert parse_sitting(data).warnings == ()
    assert unbid_slam_bonus(data) == []


@pytest.mark.parametrize("game", GAMES)
def test_card_points_for_both_ask_nothing(game: str) -> None:
    points = [0] * len(GAMES[game][1]["card_points"])
    points[0], points[1] = 85, 5
    if find_game(game).all_cards_played:  # the card points fill the deck (partnerships)
        points[0] = 150
    assert parse_sitting(sitting_file(game, card_points=points)).warnings == ()


@pytest.mark.parametrize(
    ("special", "card_points", "last_trick", "recorded", "side"),
    [
        (Special.NONE, (90, 0), 0, False, 0),
        (Special.NONE, (0, 90), 1, False, 1),
        (Special.NONE, (0, 0), 1, False, 1),  # nothing of value at all: still ask
        (Special.NONE, (90, 0), 1, False, None),  # the loser's last trick is a trick
        (Special.NONE, (90, 5), 0, False, None),
        (Special.NONE, (90, 0), 0, True, None),  # the tricks tell
        (Special.NONE, (90, 0), None, False, None),
        (Special.NONE, (90, None), 0, False, None),  # the entry panel: a box still empty
        (Special.NULLO, (90, 0), 0, False, None),  # Nullo and Slam need their tricks anyway
        (Special.SLAM, (90, 0), 0, False, None),
    ],
)
def test_possible_unbid_slam(
    special: Special,
    card_points: tuple[int | None, int | None],
    last_trick: int | None,
    recorded: bool,
    side: int | None,
) -> None:
    found = possible_unbid_slam(special, card_points, last_trick, tricks_recorded=recorded)
    assert found == side
