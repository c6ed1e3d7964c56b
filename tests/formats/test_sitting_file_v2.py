"""Version 2 of the sitting file: the three-player game, the chouette and cutthroat
(section 4 of the rulings), each refused input with its message and field, and the schema."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from jojotte_score.core.errors import InvalidSittingError, Problem
from jojotte_score.core.games import new_sitting
from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.model import (
    Doubling,
    Rules,
    SeatHand,
    SidesWith,
    Sitting,
    Special,
    ThrownIn,
    Trump,
    Variant,
)
from jojotte_score.formats.sitting_file import (
    NEWEST_VERSION,
    dumps_sitting,
    hand_from_data,
    hand_to_data,
    load_sitting,
    loads_sitting,
    parse_sitting,
    seat_hand_from_data,
    sitting_schema,
    sitting_to_data,
)
from tests.core.test_chouette import EXAMPLE as CHOUETTE_EXAMPLE
from tests.core.test_cutthroat import EXAMPLE as CUTTHROAT_EXAMPLE
from tests.core.test_three_player_example import EXAMPLE as THREE_PLAYER_EXAMPLE
from tests.strategies import unbid_slam_warnings
from tests.strategies_three_player import (
    chouette_sittings,
    cutthroat_sittings,
    three_player_sittings,
)

DATA = Path(__file__).resolve().parent.parent / "data"
VALIDATOR = Draft202012Validator(sitting_schema())

# Anna bids spades and Bert defends; Carl sits out and sides with Bert (T4).
THREE: dict[str, Any] = {
    "bidder": 0,
    "trump": "spades",
    "active_defender": 1,
    "card_points": [55, 40, 0],
    "last_trick": 0,
}
# The same hand in cutthroat, dealt by Dave (F2).
FOUR: dict[str, Any] = {**THREE, "dealer": 3, "card_points": [55, 40, 0, 0]}
# The box (Anna) against the team, Bert the captain.
BOX_HAND: dict[str, Any] = {
    "bidder": 0,
    "trump": "spades",
    "card_points": [70, 50],
    "last_trick": 0,
}


def three_player(*hands: object, **top: object) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "jojotte-sitting",
        "version": 2,
        "variant": "three-player",
        "players": ["Anna", "Bert", "Carl"],
        "hands": list(hands),
    }
    data.update(top)
    return data


def cutthroat(*hands: object, **top: object) -> dict[str, Any]:
    return three_player(
        *hands, **{"variant": "cutthroat", "players": ["Anna", "Bert", "Carl", "Dave"], **top}
    )


def chouette(*hands: object, **top: object) -> dict[str, Any]:
    return three_player(
        *hands, **{"variant": "chouette", "chouette": {"box": 0, "captain": 1}, **top}
    )


def refused(data: object) -> list[Problem]:
    with pytest.raises(InvalidSittingError) as caught:
        parse_sitting(data)
    return list(caught.value.problems)


# The worked sittings ------------------------------------------------------------------


@pytest.mark.parametrize(
    "sitting",
    [THREE_PLAYER_EXAMPLE, CUTTHROAT_EXAMPLE, CHOUETTE_EXAMPLE],
    ids=["three-player", "cutthroat", "chouette"],
)
def test_the_worked_sittings_are_written_as_version_2_and_read_back(sitting: Sitting) -> None:
    text = dumps_sitting(sitting)
    data = json.loads(text)
    assert (data["version"], data["variant"]) == (2, sitting.variant)
    assert loads_sitting(text) == loads_sitting(text.encode())
    assert loads_sitting(text).sitting == sitting
    assert loads_sitting(text).warnings == ()
    assert list(VALIDATOR.iter_errors(data)) == []


def test_the_chouette_example_file_is_the_worked_chouette() -> None:
    text = (DATA / "chouette-example.json").read_text(encoding="utf-8")
    loaded = loads_sitting(text)
    assert loaded.sitting == CHOUETTE_EXAMPLE
    assert isinstance(loaded.sitting, Sitting)
    assert loaded.sitting.roles == ChouetteRoles(box=0, captain=1)
    assert dumps_sitting(loaded.sitting) == text
    assert list(VALIDATOR.iter_errors(json.loads(text))) == []


@pytest.mark.parametrize(
    ("name", "sitting"),
    [
        ("three-player-example.json", THREE_PLAYER_EXAMPLE),
        ("cutthroat-example.json", CUTTHROAT_EXAMPLE),
        ("chouette-example.json", CHOUETTE_EXAMPLE),
    ],
)
def test_each_example_file_is_its_worked_sitting(name: str, sitting: Sitting) -> None:
    """The data files are the sittings docs/RULES.md works through by hand, hand for hand,
    and are written back byte for byte."""
    loaded = load_sitting(DATA / name)
    assert loaded.sitting == sitting
    # The one warning is a possible unbid slam without its tricks (R6), hand by hand.
    warned = [n for n, hand in enumerate(sitting.hands, start=1) if unbid_slam_warnings(hand)]
    assert [warning.hand for warning in loaded.warnings] == warned
    assert dumps_sitting(loaded.sitting) == (DATA / name).read_text(encoding="utf-8")


def test_a_three_player_file_reads_as_a_seat_sitting() -> None:
    doubled = {
        **THREE,
        "bidder": 2,
        "active_defender": 0,
        "double": "double",
        "doubler": 0,
        "sides_with": "declarer",
        "card_points": [35, 0, 70],
        "last_trick": 2,
        "melds": [0, 0, 40],
    }
    loaded = parse_sitting(three_player(THREE, doubled, {"thrown_in": True, "dealer": 2}))
    assert loaded.sitting == Sitting(
        Variant.THREE_PLAYER,
        ("Anna", "Bert", "Carl"),
        (
            SeatHand(0, Trump.SPADES, 1, (55, 40, 0), 0),
            SeatHand(
                2,
                Trump.SPADES,
                0,
                (35, 0, 70),
                2,
                double=Doubling.DOUBLE,
                doubler=0,
                sides_with=SidesWith.DECLARER,
                melds=(0, 0, 40),
            ),
            ThrownIn(dealer=2),
        ),
        Rules(80, 300),
    )


@pytest.mark.parametrize(
    ("sitting", "version"),
    [
        (new_sitting(Variant.TWO_PLAYER, ("Anna", "Bert")), 1),
        (new_sitting(Variant.PARTNERSHIP, ("A", "B", "C", "D")), 1),
        (new_sitting(Variant.THREE_PLAYER, ("A", "B", "C")), 2),
        (new_sitting(Variant.CUTTHROAT, ("A", "B", "C", "D")), 2),
        (new_sitting(Variant.CHOUETTE, ("A", "B", "C"), roles=ChouetteRoles(2, 0)), 2),
    ],
    ids=lambda value: getattr(getattr(value, "variant", None), "value", str(value)),
)
def test_the_version_written_is_the_oldest_that_holds_the_variant(
    sitting: Sitting, version: int
) -> None:
    data = sitting_to_data(sitting)
    assert data["version"] == version
    assert parse_sitting(data).sitting == sitting


def test_a_version_2_file_of_two_players_reads_as_version_1() -> None:
    data = three_player(BOX_HAND, variant="two-player", players=["Anna", "Bert"])
    assert parse_sitting(data).sitting == parse_sitting({**data, "version": 1}).sitting
    assert sitting_to_data(parse_sitting(data).sitting)["version"] == 1


def test_the_standard_rules_of_the_new_games_are_game_80_rubber_300() -> None:
    for data in (three_player(), cutthroat(), chouette()):
        assert parse_sitting(data).sitting.rules == Rules(80, 300)
    written = sitting_to_data(Sitting(Variant.CUTTHROAT, tuple("ABCD"), (), Rules(100, 300)))
    assert written["rules"] == {"game_target": 100}


# Hands by seat -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "data"),
    [
        (SeatHand(0, Trump.SPADES, 1, (55, 40, 0), 0), {**THREE}),
        (
            SeatHand(
                1,
                Trump.HEARTS,
                0,
                (10, 130, 0),
                1,
                special=Special.SLAM,
                tricks=(1, 8, 0),
                dealer=0,
                note="Bert's slam",
            ),
            {
                "dealer": 0,
                "bidder": 1,
                "trump": "hearts",
                "special": "slam",
                "active_defender": 0,
                "card_points": [10, 130, 0],
                "last_trick": 1,
                "tricks": [1, 8, 0],
                "note": "Bert's slam",
            },
        ),
        (ThrownIn(dealer=3), {"dealer": 3, "thrown_in": True}),
    ],
)
def test_hand_to_data_writes_a_hand_by_seat_without_defaults(
    hand: SeatHand | ThrownIn, data: dict[str, Any]
) -> None:
    assert hand_to_data(hand) == data
    assert list(hand_to_data(hand)) == list(data)
    variant = Variant.CUTTHROAT if hand.dealer == 3 else Variant.THREE_PLAYER
    assert seat_hand_from_data(data, 1, variant) == hand


def test_seat_hand_from_data_checks_the_rules_with_the_players_names() -> None:
    data = {**THREE, "card_points": [55, 40, 5]}
    with pytest.raises(InvalidSittingError) as caught:
        seat_hand_from_data(data, 4, Variant.THREE_PLAYER, names=("Anna", "Bert", "Carl"))
    assert [(p.hand, p.field, p.message) for p in caught.value.problems] == [
        (
            4,
            "card_points[2]",
            "Carl sat out: Carl's hand was set aside, so Carl's card points must be 0, not 5",
        )
    ]
    unchecked = seat_hand_from_data(data, 4, Variant.THREE_PLAYER, checked=False)
    assert isinstance(unchecked, SeatHand)
    assert unchecked.card_points == (55, 40, 5)


def test_a_chouette_hand_is_a_two_player_hand_dealt_by_any_of_three() -> None:
    hand = hand_from_data({**BOX_HAND, "dealer": 2}, 1, Variant.CHOUETTE)
    assert hand.dealer == 2
    with pytest.raises(InvalidSittingError, match="the dealer must be a seat from 0 to 2, not 3"):
        hand_from_data({**BOX_HAND, "dealer": 3}, 1, Variant.CHOUETTE)


# Refused files -------------------------------------------------------------------------

TWO_TRUMPS = '"clubs", "diamonds", "hearts", "spades", "no-trump"'

BAD_V2: list[tuple[str, object, list[tuple[int | None, str | None, str]]]] = [
    (
        "three-player-in-version-1",
        three_player(THREE, version=1),
        [
            (
                None,
                "version",
                'variant "three-player" needs version 2 of the sitting file, but the file '
                'says version 1: write "version": 2',
            )
        ],
    ),
    (
        "chouette-in-version-1",
        chouette(version=1),
        [
            (None, "chouette", 'unknown key "chouette"'),
            (
                None,
                "version",
                'variant "chouette" needs version 2 of the sitting file, but the file '
                'says version 1: write "version": 2',
            ),
        ],
    ),
    (
        "version-3",
        three_player(THREE, version=3, colour=1),
        [(None, "version", "version 3 is newer than this app reads (2); update jojotte-score")],
    ),
    (
        "unknown-variant-in-version-2",
        three_player(variant="solo"),
        [
            (
                None,
                "variant",
                'variant "solo" is not one of "two-player", "partnership", "three-player", '
                '"chouette", "cutthroat"',
            )
        ],
    ),
    (
        "variant-missing-in-version-2",
        {k: v for k, v in three_player().items() if k != "variant"},
        [
            (
                None,
                "variant",
                'variant is missing: "two-player", "partnership", "three-player", '
                '"chouette" or "cutthroat"',
            )
        ],
    ),
    (
        "version-missing-in-a-chouette",
        {k: v for k, v in chouette().items() if k != "version"},
        [(None, "version", "version is missing: the format version, 2")],
    ),
    (
        "two-players-at-three",
        three_player(players=["Anna", "Bert"]),
        [(None, "players", "a three-player sitting needs 3 player names, not 2")],
    ),
    (
        "three-at-cutthroat",
        cutthroat(players=["Anna", "Bert", "Carl"]),
        [(None, "players", "a cutthroat sitting needs 4 player names, not 3")],
    ),
    (
        "chouette-missing",
        {k: v for k, v in chouette().items() if k != "chouette"},
        [(None, "chouette", "a chouette sitting needs the first rubber's box and captain")],
    ),
    (
        "chouette-a-list",
        chouette(chouette=[0, 1]),
        [
            (
                None,
                "chouette",
                'chouette must be an object {"box": seat, "captain": seat}, not a list [...]',
            )
        ],
    ),
    (
        "chouette-box-missing",
        chouette(chouette={"captain": 1}),
        [(None, "box", "box is missing: the seat of the player in the box in the first rubber")],
    ),
    (
        "chouette-captain-string",
        chouette(chouette={"box": 0, "captain": "Bert"}),
        [(None, "captain", 'captain must be a seat number, not "Bert"')],
    ),
    (
        "chouette-unknown-key",
        chouette(chouette={"box": 0, "captain": 1, "partner": 2}),
        [(None, "partner", 'unknown key "partner"')],
    ),
    (
        "chouette-box-is-captain",
        chouette(chouette={"box": 1, "captain": 1}),
        [(None, "chouette", "the box and the captain must be two different players")],
    ),
    (
        "chouette-seat-3",
        chouette(chouette={"box": 3, "captain": 1}),
        [(None, "chouette", "the box must be seat 0, 1 or 2, not 3")],
    ),
    (
        "chouette-in-three-player",
        three_player(chouette={"box": 0, "captain": 1}),
        [
            (
                None,
                "chouette",
                "chouette does not belong in a three-player sitting, only in a chouette",
            )
        ],
    ),
    (
        "chouette-in-two-player",
        three_player(variant="two-player", players=["A", "B"], chouette={"box": 0, "captain": 1}),
        [
            (
                None,
                "chouette",
                "chouette does not belong in a two-player sitting, only in a chouette",
            )
        ],
    ),
    (
        "chouette-dealer-not-box-or-captain",
        chouette(BOX_HAND, {**BOX_HAND, "dealer": 2}),
        [
            (
                2,
                "dealer",
                "the dealer must be the box, Anna, or the captain, Bert",
            )
        ],
    ),
    (
        "chouette-hand-named-by-box-and-team",
        chouette({**BOX_HAND, "card_points": [90, 70]}),
        [
            (
                1,
                "card_points",
                "card points add up to 160 (Anna: 90, Bert: 70), more than the 155 of the whole "
                "deck with a trump suit",
            )
        ],
    ),
    (
        "chouette-bad-structure-and-bad-rules",
        chouette({**BOX_HAND, "jojotte": 1, "trump": "no-trump"}, {"bidder": "0"}),
        [
            (1, "jojotte", "Jo-Jotte needs a trump suit"),
            (2, "bidder", 'bidder must be a side (0 or 1), not "0"'),
            (2, "trump", 'trump is missing: "clubs", "diamonds", "hearts", "spades" or "no-trump"'),
            (2, "card_points", "card_points is missing: the card points each side took, "
             "[side 0, side 1]"),
        ],
    ),
    (
        "card-points-two-numbers",
        three_player({**THREE, "card_points": [55, 40]}),
        [
            (
                1,
                "card_points",
                "card_points must be a list of 3 whole numbers, one per seat, not a list of 2",
            )
        ],
    ),
    (
        "melds-three-numbers-in-cutthroat",
        cutthroat({**FOUR, "melds": [0, 20, 0]}),
        [(1, "melds", "melds must be a list of 4 whole numbers, one per seat, not a list of 3")],
    ),
    (
        "tricks-with-a-string",
        three_player({**THREE, "tricks": [5, "4", 0]}),
        [(1, "tricks[1]", 'tricks[1] must be a whole number, not "4"')],
    ),
    (
        "active-defender-missing",
        three_player({k: v for k, v in THREE.items() if k != "active_defender"}),
        [
            (
                1,
                "active_defender",
                "active_defender is missing: the seat of the player who played against the "
                "declarer",
            )
        ],
    ),
    (
        "sides-with-unknown",
        three_player({**THREE, "double": "double", "doubler": 1, "sides_with": "Bert"}),
        [(1, "sides_with", 'sides_with "Bert" is not one of "declarer", "defender"')],
    ),
    (
        "doubler-without-double",
        three_player({**THREE, "doubler": 1}),
        [(1, "doubler", "Bert is recorded as doubling, but the contract was not doubled")],
    ),
    (
        "double-without-doubler",
        three_player({**THREE, "double": "double", "sides_with": "defender"}),
        [(1, "doubler", "the contract was doubled: record who doubled")],
    ),
    (
        "nullo-without-nullo-bidder",
        three_player(
            {**THREE, "special": "nullo", "last_trick": None, "tricks": [9, 0, 0],
             "card_points": [60, 0, 0]}
        ),
        [(1, "nullo_bidder", "Nullo needs the player who bid it")],
    ),
    (
        "seat-3-at-three",
        three_player({**THREE, "active_defender": 3}),
        [
            (
                1,
                "active_defender",
                "the active defender must be Anna (0), Bert (1) or Carl (2), not 3",
            )
        ],
    ),
    (
        "inactive-holds-points",
        three_player({**THREE, "card_points": [55, 40, 5]}),
        [
            (
                1,
                "card_points[2]",
                "Carl sat out: Carl's hand was set aside, so Carl's card points must be 0, not 5",
            )
        ],
    ),
    (
        "cutthroat-dealer-missing",
        cutthroat({k: v for k, v in FOUR.items() if k != "dealer"}),
        [(1, "dealer", "in cutthroat the dealer sits out: record who dealt")],
    ),
    (
        "cutthroat-dealer-bids",
        cutthroat({**FOUR, "dealer": 0}),
        [
            (1, "bidder", "Anna dealt and sits out this hand, so cannot be the bidder"),
            (
                1,
                "last_trick",
                "Anna dealt and sits out this hand, so cannot be the last trick's winner",
            ),
            (
                1,
                "card_points[0]",
                "Anna dealt and sat out, so Anna's card points must be 0, not 55",
            ),
        ],
    ),
    (
        "thrown-in-with-seat-keys",
        three_player({"thrown_in": True, "active_defender": 1}),
        [(1, "active_defender", "active_defender does not belong in a thrown-in deal")],
    ),
    (
        "two-sided-keys-in-a-seat-hand",
        three_player({**THREE, "colour": "red"}),
        [(1, "colour", 'unknown key "colour"')],
    ),
    (
        "a-hand-that-is-a-list",
        three_player([1, 2]),
        [(1, None, "a hand must be a JSON object {...}, not a list [...]")],
    ),
    (
        "bad-structure-then-bad-rules-later",
        three_player(THREE, {**THREE, "bidder": True}, {**THREE, "card_points": [55, 40, 5]}),
        [
            (2, "bidder", "bidder must be a seat number, not true"),
            (
                3,
                "card_points[2]",
                "Carl sat out: Carl's hand was set aside, so Carl's card points must be 0, not 5",
            ),
        ],
    ),
    (
        "hands-an-object",
        three_player(hands={"1": THREE}),
        [(None, "hands", "hands must be a list of hands [...], not an object {...}")],
    ),
    (
        "hands-missing",
        {k: v for k, v in cutthroat().items() if k != "hands"},
        [(None, "hands", "hands is missing: the list of hands, [] when none was played yet")],
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("data", "expected"),
    [pytest.param(data, expected, id=name) for name, data, expected in BAD_V2],
)
def test_refused_version_2_file(
    data: object, expected: list[tuple[int | None, str | None, str]]
) -> None:
    assert [(p.hand, p.field, p.message) for p in refused(data)] == expected


def test_every_problem_of_a_version_2_file_is_reported_setup_first_then_by_hand() -> None:
    data = cutthroat(
        {**FOUR, "bidder": 3},
        {"thrown_in": "yes"},
        players=["Anna", "", "Carl", "Dave"],
        rules={"game_target": 0},
    )
    assert [str(p) for p in refused(data)] == [
        "player 1 has an empty name",
        "the game target must be a positive number of points",
        "hand 1: player 3 dealt and sits out this hand, so cannot be the bidder",
        'hand 2: thrown_in must be true or false, not "yes"',
        # Not a thrown-in deal, so a played hand, whose keys are missing:
        "hand 2: bidder is missing: the seat of the player who named the trump or no-trump",
        'hand 2: trump is missing: "clubs", "diamonds", "hearts", "spades" or "no-trump"',
        "hand 2: active_defender is missing: the seat of the player who played against the "
        "declarer",
        "hand 2: card_points is missing: the card points each player took, one number per seat",
    ]


# The JSON Schema agrees with the reader ----------------------------------------------

# Files the reader refuses for their structure, which the schema refuses too (the others are
# the rules of the game that only the app checks).
SCHEMA_REFUSES_V2 = [
    "three-player-in-version-1",
    "chouette-in-version-1",
    "version-3",
    "unknown-variant-in-version-2",
    "variant-missing-in-version-2",
    "two-players-at-three",
    "three-at-cutthroat",
    "chouette-missing",
    "chouette-a-list",
    "chouette-box-missing",
    "chouette-captain-string",
    "chouette-unknown-key",
    "chouette-seat-3",
    "chouette-in-three-player",
    "chouette-in-two-player",
    "chouette-bad-structure-and-bad-rules",
    "card-points-two-numbers",
    "melds-three-numbers-in-cutthroat",
    "tricks-with-a-string",
    "active-defender-missing",
    "sides-with-unknown",
    "doubler-without-double",
    "double-without-doubler",
    "nullo-without-nullo-bidder",
    "seat-3-at-three",
    "cutthroat-dealer-missing",
    "thrown-in-with-seat-keys",
    "two-sided-keys-in-a-seat-hand",
    "a-hand-that-is-a-list",
    "bad-structure-then-bad-rules-later",
    "hands-an-object",
    "hands-missing",
]


@pytest.mark.parametrize("name", SCHEMA_REFUSES_V2)
def test_schema_and_reader_both_refuse_the_version_2_file(name: str) -> None:
    (data,) = [data for row, data, _ in BAD_V2 if row == name]
    assert list(VALIDATOR.iter_errors(copy.deepcopy(data))) != []
    assert refused(data)


@pytest.mark.parametrize(
    "data",
    [
        three_player(THREE, {"thrown_in": True, "dealer": 2}),
        cutthroat(FOUR, {"thrown_in": True}),
        chouette(BOX_HAND, {"thrown_in": True, "dealer": 1}),
        three_player({**THREE, "doubler": None, "sides_with": None, "nullo_bidder": None}),
    ],
    ids=["three-player", "cutthroat", "chouette", "nulls-for-absent-keys"],
)
def test_schema_and_reader_both_accept_the_version_2_file(data: dict[str, Any]) -> None:
    assert list(VALIDATOR.iter_errors(data)) == []
    assert parse_sitting(data).sitting.variant == data["variant"]


def test_a_written_version_2_file_names_the_newest_version() -> None:
    assert sitting_to_data(THREE_PLAYER_EXAMPLE)["version"] == NEWEST_VERSION


@settings(max_examples=40, deadline=None)
@given(
    st.one_of(
        three_player_sittings(max_hands=20),
        cutthroat_sittings(max_hands=20),
        chouette_sittings(max_hands=20),
    )
)
def test_generated_sittings_of_the_new_games_round_trip_and_fit_the_schema(
    sitting: Sitting,
) -> None:
    text = dumps_sitting(sitting)
    assert list(VALIDATOR.iter_errors(json.loads(text))) == []
    loaded = loads_sitting(text)
    assert loaded.sitting == sitting
    # The one warning is a possible unbid slam without its tricks (R6), hand by hand.
    warned = [n for n, hand in enumerate(sitting.hands, start=1) if unbid_slam_warnings(hand)]
    assert [warning.hand for warning in loaded.warnings] == warned
