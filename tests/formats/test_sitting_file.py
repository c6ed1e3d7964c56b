"""The sitting file: reading, writing, every refused input with its message, and the schema."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from jojotte_score.core.errors import InvalidSittingError, Problem
from jojotte_score.core.games import find_game, new_sitting, replay
from jojotte_score.core.model import (
    Doubling,
    PlayedHand,
    Rules,
    Sitting,
    Special,
    ThrownIn,
    Trump,
    Variant,
)
from jojotte_score.formats.sitting_file import (
    FORMAT_NAME,
    FORMAT_VERSION,
    MAX_FILE_BYTES,
    LoadedSitting,
    dumps_sitting,
    hand_from_data,
    hand_to_data,
    load_sitting,
    loads_sitting,
    parse_sitting,
    save_sitting,
    sitting_schema,
    sitting_to_data,
)
from tests.sitting_kinds import load_two_sided, two_sided
from tests.strategies import custom_rules, sittings

DATA = Path(__file__).resolve().parent.parent / "data"
EXAMPLES = ("german-example.json", "partnership-example.json", "small-example.json")

# A hand with no error and no warning: 80 + 75 = 155, the whole deck with a trump suit.
GOOD: dict[str, Any] = {"bidder": 0, "trump": "spades", "card_points": [80, 75], "last_trick": 0}
NULLO: dict[str, Any] = {
    "bidder": 0,
    "trump": "no-trump",
    "special": "nullo",
    "card_points": [120, 0],
    "tricks": [9, 0],
}
SLAM: dict[str, Any] = {
    "bidder": 0,
    "trump": "hearts",
    "special": "slam",
    "card_points": [155, 0],
    "last_trick": 0,
    "tricks": [9, 0],
}
TRUMPS = '"clubs", "diamonds", "hearts", "spades", "no-trump"'
# Only data built in Python (not decoded JSON) can have a key that is not a string.
NON_STRING_KEY: dict[object, object] = dict(GOOD.items())
NON_STRING_KEY[7] = 1
TRUMP_MISSING = 'trump is missing: "clubs", "diamonds", "hearts", "spades" or "no-trump"'
PAIR = "a list of two whole numbers [side 0, side 1]"


def sitting_data(*hands: object, **top: object) -> dict[str, Any]:
    """A two-player sitting file as decoded JSON, with keys of ``top`` replacing the defaults."""
    data: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "variant": "two-player",
        "players": ["Anna", "Bert"],
        "hands": list(hands),
    }
    data.update(top)
    return data


def without(data: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != key}


def problems_of(data: object) -> list[Problem]:
    with pytest.raises(InvalidSittingError) as caught:
        parse_sitting(data)
    return list(caught.value.problems)


def messages(problems: list[Problem]) -> list[str]:
    return [p.message for p in problems]


# The example files ---------------------------------------------------------------------


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_file_is_written_back_byte_for_byte(name: str) -> None:
    path = DATA / name
    loaded = load_sitting(path)
    assert dumps_sitting(loaded.sitting) == path.read_text(encoding="utf-8")
    assert parse_sitting(sitting_to_data(loaded.sitting)).sitting == loaded.sitting


def test_german_example_reproduces_the_corrected_sheet() -> None:
    """The worked sheet of jojotte-rules-de.txt: A 755, B 655 (hand 3 is 220, not 120)."""
    loaded = load_sitting(DATA / "german-example.json")
    assert loaded.sitting.players == ("A", "B")
    assert loaded.sitting.rules == Rules(game_target=80, rubber_bonus=300)
    ledger = replay(two_sided(loaded.sitting))
    (rubber,) = ledger.rubbers
    assert rubber.totals == (755, 655)
    assert rubber.winner == 0
    assert rubber.game_winners == (0, 1, 0)
    assert [h.prison_in for h in ledger.hands] == [0, 0, 0, 60, 90, 0]
    assert ledger.hands[5].prison_out == 150


@pytest.mark.parametrize("name", sorted(path.name for path in DATA.glob("*-example.json")))
def test_the_callers_data_is_read_as_it_is_and_left_so(name: str) -> None:
    """Read from its text, a sitting's decoded hands are let go as they are read; decoded
    data handed to ``parse_sitting`` is the caller's, and stays whole."""
    text = (DATA / name).read_text(encoding="utf-8")
    data = json.loads(text)
    kept = copy.deepcopy(data)
    assert parse_sitting(data).sitting == loads_sitting(text).sitting
    assert data == kept
    assert len(data["hands"]) > 0


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_examples_load_without_a_warning(name: str) -> None:
    """The German sheet's hands add up to 85, 85, 100, 60, 80 and 130 card points: with two
    players only 18 of the 32 cards are played, so that is no cause for doubt."""
    assert load_sitting(DATA / name).warnings == ()


def test_small_example_holds_thrown_in_nullo_and_slam() -> None:
    sitting = load_two_sided(DATA / "small-example.json")
    assert sitting.rules == Rules(game_target=80, rubber_bonus=500)
    kinds = ["thrown-in" if isinstance(h, ThrownIn) else h.special.value for h in sitting.hands]
    assert kinds == ["thrown-in", "nullo", "slam", "thrown-in", "slam", "nullo"]
    nullo = sitting.hands[1]
    assert isinstance(nullo, PlayedHand)
    assert (nullo.bidder, nullo.declarer, nullo.trump, nullo.last_trick) == (
        0,
        1,
        Trump.HEARTS,
        None,
    )
    assert sitting.hands[3] == ThrownIn(dealer=1, note="misdeal")
    ledger = replay(sitting)
    assert ledger.rubbers[0].totals == (0, 1420)
    assert ledger.unresolved_prison == 120


def test_partnership_example_seats_four_players() -> None:
    sitting = load_two_sided(DATA / "partnership-example.json")
    assert sitting.variant is Variant.PARTNERSHIP
    assert find_game(sitting.variant).side_names(sitting.players) == ("Anna & Carl", "Bert & Dora")
    assert sitting.rules.game_target == 125
    assert [h.dealer for h in sitting.hands] == [0, 1, 2, 3, 0, 1]
    # Hand 1: only Bert & Dora score sequences (their run of five beats a run of three).
    first = sitting.hands[0]
    assert isinstance(first, PlayedHand)
    assert first.melds == (0, 50)
    assert replay(sitting).rubbers[0].totals == (505, 1270)


# Writing -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "data"),
    [
        (
            PlayedHand(bidder=1, trump=Trump.CLUBS, card_points=(60, 95), last_trick=1),
            {"bidder": 1, "trump": "clubs", "card_points": [60, 95], "last_trick": 1},
        ),
        (
            PlayedHand(
                bidder=0,
                trump=Trump.HEARTS,
                card_points=(155, 0),
                last_trick=0,
                double=Doubling.REDOUBLE,
                special=Special.SLAM,
                melds=(50, 0),
                jojotte=0,
                tricks=(8, 0),
                dealer=3,
                note="grand",
            ),
            {
                "dealer": 3,
                "bidder": 0,
                "trump": "hearts",
                "double": "redouble",
                "special": "slam",
                "card_points": [155, 0],
                "last_trick": 0,
                "jojotte": 0,
                "melds": [50, 0],
                "tricks": [8, 0],
                "note": "grand",
            },
        ),
        (ThrownIn(), {"thrown_in": True}),
        (ThrownIn(dealer=1, note="misdeal"), {"dealer": 1, "thrown_in": True, "note": "misdeal"}),
    ],
    ids=["defaults-left-out", "every-key", "thrown-in", "thrown-in-with-dealer"],
)
def test_hand_to_data_leaves_out_defaults(
    hand: PlayedHand | ThrownIn, data: dict[str, Any]
) -> None:
    assert hand_to_data(hand) == data
    assert hand_from_data(data, 1, Variant.PARTNERSHIP) == hand


@pytest.mark.parametrize(
    ("variant", "rules", "written"),
    [
        (Variant.TWO_PLAYER, Rules(80, 300), None),
        (Variant.PARTNERSHIP, Rules(125, 300), None),
        (Variant.PARTNERSHIP, Rules(80, 300), {"game_target": 80}),
        (Variant.TWO_PLAYER, Rules(80, 0), {"rubber_bonus": 0}),
        (Variant.TWO_PLAYER, Rules(100, 500), {"game_target": 100, "rubber_bonus": 500}),
    ],
)
def test_rules_are_written_only_where_they_differ_from_the_variant(
    variant: Variant, rules: Rules, written: dict[str, int] | None
) -> None:
    players = ("A", "B") if variant is Variant.TWO_PLAYER else ("A", "B", "C", "D")
    sitting = Sitting(variant, players, (), rules)
    data = sitting_to_data(sitting)
    assert data.get("rules") == written
    assert parse_sitting(data).sitting.rules == rules


def test_rules_absent_from_the_file_are_the_variants_standard() -> None:
    data = sitting_data(variant="partnership", players=["A", "B", "C", "D"])
    assert parse_sitting(data).sitting.rules == Rules(game_target=125, rubber_bonus=300)
    data["rules"] = {"rubber_bonus": 200}
    assert parse_sitting(data).sitting.rules == Rules(game_target=125, rubber_bonus=200)


def test_dumps_writes_one_hand_per_line() -> None:
    sitting = new_sitting(
        Variant.TWO_PLAYER,
        ("Günther", "Zoë"),
        (ThrownIn(dealer=0), PlayedHand(0, Trump.SPADES, (80, 75), 0)),
    )
    assert dumps_sitting(sitting) == (
        "{\n"
        '  "format": "jojotte-sitting",\n'
        '  "version": 1,\n'
        '  "variant": "two-player",\n'
        '  "players": ["Günther", "Zoë"],\n'
        '  "hands": [\n'
        '    {"dealer": 0, "thrown_in": true},\n'
        '    {"bidder": 0, "trump": "spades", "card_points": [80, 75], "last_trick": 0}\n'
        "  ]\n"
        "}\n"
    )


def test_dumps_an_empty_sitting() -> None:
    text = dumps_sitting(new_sitting(Variant.TWO_PLAYER, ("A", "B")))
    assert text.endswith('  "hands": []\n}\n')
    assert loads_sitting(text).sitting == new_sitting(Variant.TWO_PLAYER, ("A", "B"))


def test_save_then_load(tmp_path: Path) -> None:
    sitting = load_sitting(DATA / "small-example.json").sitting
    path = tmp_path / "evening.json"
    save_sitting(sitting, path)
    assert load_sitting(path).sitting == sitting
    assert path.read_bytes() == (DATA / "small-example.json").read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["evening.json"]


@settings(max_examples=60, deadline=None)
@given(sittings(max_hands=30, rules=custom_rules(), with_notes=True))
def test_generated_sittings_round_trip(sitting: Sitting) -> None:
    data = sitting_to_data(sitting)
    assert parse_sitting(data).sitting == sitting
    assert loads_sitting(dumps_sitting(sitting)).sitting == sitting
    assert loads_sitting(dumps_sitting(sitting).encode("utf-8")).sitting == sitting
    assert json.loads(dumps_sitting(sitting)) == data


@pytest.mark.parametrize(
    "hand",
    [
        PlayedHand(1, Trump.DIAMONDS, (0, 120), last_trick=0, special=Special.NULLO, tricks=(0, 9)),
        PlayedHand(
            1, Trump.NO_TRUMP, (60, 60), last_trick=None, special=Special.NULLO, tricks=(4, 5)
        ),
        PlayedHand(0, Trump.NO_TRUMP, (70, 50), last_trick=1, tricks=None, note='quote " \\ \n'),
    ],
    ids=["nullo-with-last-trick", "nullo-without-last-trick", "awkward-note"],
)
def test_hands_round_trip(hand: PlayedHand) -> None:
    sitting = new_sitting(Variant.TWO_PLAYER, ("A", "B"), (hand,))
    assert loads_sitting(dumps_sitting(sitting)).sitting == sitting


# Reading: what is accepted -------------------------------------------------------------


def test_a_byte_order_mark_is_accepted() -> None:
    text = json.dumps(sitting_data(GOOD))
    assert loads_sitting(b"\xef\xbb\xbf" + text.encode()).sitting.hands[0].thrown_in is False


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({"dealer": None}, None),
        ({"jojotte": None}, None),
        ({"tricks": None}, None),
        ({"thrown_in": False}, None),
    ],
)
def test_null_stands_for_an_absent_optional_key(extra: dict[str, Any], expected: None) -> None:
    hand = hand_from_data({**GOOD, **extra}, 1, Variant.TWO_PLAYER)
    assert hand == PlayedHand(0, Trump.SPADES, (80, 75), 0)
    key = next(iter(extra))
    if key != "thrown_in":
        assert getattr(hand, key) is expected


@pytest.mark.parametrize("last_trick", ["absent", None, 0, 1])
def test_last_trick_is_optional_in_nullo(last_trick: object) -> None:
    data = dict(NULLO) if last_trick == "absent" else {**NULLO, "last_trick": last_trick}
    hand = hand_from_data(data, 1, Variant.TWO_PLAYER)
    assert isinstance(hand, PlayedHand)
    assert hand.last_trick == (None if last_trick == "absent" else last_trick)
    assert hand.declarer == 1


def test_dealer_may_be_any_of_four_seats_in_partnerships() -> None:
    hand = hand_from_data({**GOOD, "dealer": 3}, 1, Variant.PARTNERSHIP)
    assert hand.dealer == 3


# Warnings ------------------------------------------------------------------------------


PARTNERS = {"variant": "partnership", "players": ["Anna", "Bert", "Carl", "Dora"]}
EIGHT_TRICKS = {"tricks": [8, 0]}
SIDES = "(Anna & Carl: {}, Bert & Dora: {})"


@pytest.mark.parametrize(
    ("hand", "warning"),
    [
        (
            {**GOOD, "card_points": [80, 70]},
            f"card points add up to 150 {SIDES.format(80, 70)}, not the 155 of the deck with a "
            "trump suit",
        ),
        (
            {**GOOD, "trump": "no-trump", "card_points": [60, 65]},
            f"card points add up to 125 {SIDES.format(60, 65)}, not the 120 of the deck at "
            "no-trump",
        ),
        (
            {**NULLO, **EIGHT_TRICKS, "card_points": [115, 0]},
            f"card points add up to 115 {SIDES.format(115, 0)}, not the 120 of the deck in Nullo",
        ),
        (
            {**NULLO, **EIGHT_TRICKS, "trump": "clubs", "card_points": [100, 0]},
            f"card points add up to 100 {SIDES.format(100, 0)}, not the 120 of the deck in Nullo",
        ),
        (
            {**SLAM, **EIGHT_TRICKS, "card_points": [150, 0]},
            f"card points add up to 150 {SIDES.format(150, 0)}, not the 155 of the deck with a "
            "trump suit",
        ),
    ],
    ids=["trump", "no-trump", "nullo", "nullo-after-a-suit", "slam"],
)
def test_partnership_card_count_off_the_deck_is_a_warning(
    hand: dict[str, Any], warning: str
) -> None:
    """All 32 cards are played in partnerships: the counts should add up to the deck."""
    loaded = parse_sitting(sitting_data(GOOD, hand, **PARTNERS))
    assert loaded.warnings == (Problem(warning, 2, "card_points", warning=True),)
    assert len(loaded.sitting.hands) == 2


@pytest.mark.parametrize(
    "hand",
    [
        {**GOOD, "card_points": [60, 25]},
        {**GOOD, "card_points": [0, 0], "tricks": [4, 5]},  # tricks: no unbid slam (R6)
        {**GOOD, "trump": "no-trump", "card_points": [70, 50]},
        {**NULLO, "card_points": [40, 20], "tricks": [7, 2]},
        {**SLAM, "card_points": [95, 0]},
    ],
    ids=["trump", "nothing", "no-trump-full", "nullo", "slam"],
)
def test_two_player_card_counts_up_to_the_deck_give_no_warning(hand: dict[str, Any]) -> None:
    """Each player holds nine cards: 18 of the 32 are played, so any count up to the deck."""
    loaded = parse_sitting(sitting_data(GOOD, hand))
    assert loaded.warnings == ()
    assert len(loaded.sitting.hands) == 2


@pytest.mark.parametrize(
    "hand", [GOOD, NULLO, SLAM, {**GOOD, "trump": "no-trump", "card_points": [60, 60]}]
)
def test_a_full_card_count_gives_no_warning(hand: dict[str, Any]) -> None:
    assert parse_sitting(sitting_data(hand)).warnings == ()


def test_hand_from_data_does_not_raise_for_warnings() -> None:
    hand = hand_from_data({**GOOD, "card_points": [10, 10]}, 4, Variant.TWO_PLAYER)
    assert isinstance(hand, PlayedHand)
    assert hand.card_points == (10, 10)


@pytest.mark.parametrize(
    "data",
    [
        {**GOOD, "melds": [20, 40]},
        {**GOOD, "melds": [20, 40], "note": "stored before both sides' sequences were refused"},
        {"thrown_in": True, "dealer": 7, "note": "a seat no table has"},
    ],
    ids=["plain", "with-a-note", "thrown-in"],
)
def test_unchecked_hands_are_read_by_their_structure_only(data: dict[str, Any]) -> None:
    """Stored hands were checked when stored, perhaps under older rules: they still open."""
    with pytest.raises(InvalidSittingError):
        hand_from_data(data, 1, Variant.TWO_PLAYER)
    hand = hand_from_data(data, 1, Variant.TWO_PLAYER, checked=False)
    assert hand_to_data(hand) == data


# Reading: refused hands ----------------------------------------------------------------

# (id, hand as written in the file, every message reported for it)
BAD_HANDS: list[tuple[str, object, list[str]]] = [
    # Card points.
    (
        "card-points-not-multiple-of-5",
        {**GOOD, "card_points": [81, 75]},
        ["Anna's card points (81) must be a multiple of 5 from 0 to 155 with a trump suit"],
    ),
    (
        "card-points-over-155",
        {**GOOD, "card_points": [160, 0]},
        ["Anna's card points (160) must be a multiple of 5 from 0 to 155 with a trump suit"],
    ),
    (
        "card-points-negative",
        {**GOOD, "card_points": [80, -5]},
        ["Bert's card points (-5) must be a multiple of 5 from 0 to 155 with a trump suit"],
    ),
    (
        "card-points-over-120-at-no-trump",
        {**GOOD, "trump": "no-trump", "card_points": [125, 0]},
        ["Anna's card points (125) must be a multiple of 5 from 0 to 120 at no-trump"],
    ),
    (
        "card-points-over-120-in-nullo",
        {**NULLO, "trump": "spades", "card_points": [125, 0]},
        ["Anna's card points (125) must be a multiple of 5 from 0 to 120 in Nullo"],
    ),
    (
        "card-points-more-than-the-deck",
        {**GOOD, "card_points": [80, 80]},
        [
            "card points add up to 160 (Anna: 80, Bert: 80), more than the 155 of the whole "
            "deck with a trump suit"
        ],
    ),
    (
        "card-points-more-than-the-deck-in-nullo",
        {**NULLO, "card_points": [100, 25], "tricks": [6, 3]},
        [
            "card points add up to 125 (Anna: 100, Bert: 25), more than the 120 of the whole "
            "deck in Nullo"
        ],
    ),
    # Melds.
    (
        "meld-not-a-sum",
        {**GOOD, "melds": [30, 0]},
        ["Anna's meld points (30) are not a sum of 20, 40, 50 and 100"],
    ),
    (
        "meld-odd",
        {**GOOD, "melds": [0, 45]},
        ["Bert's meld points (45) are not a sum of 20, 40, 50 and 100"],
    ),
    (
        "meld-negative",
        {**GOOD, "melds": [-20, 0]},
        ["Anna's meld points (-20) are not a sum of 20, 40, 50 and 100"],
    ),
    (
        "meld-too-much",
        {**GOOD, "melds": [0, 240]},
        [
            "Bert's meld points (240) cannot be melded with nine cards (possible totals: "
            "any sum of melds up to 100, or 120, 140, 150, 160, 200 or 220)"
        ],
    ),
    (
        "meld-impossible-with-nine-cards",
        {**GOOD, "melds": [110, 0]},
        [
            "Anna's meld points (110) cannot be melded with nine cards (possible totals: "
            "any sum of melds up to 100, or 120, 140, 150, 160, 200 or 220)"
        ],
    ),
    (
        "melds-both-four-of-a-kind",
        {**GOOD, "melds": [100, 200]},
        [
            "Anna's 100 and Bert's 200 meld points both include four of a kind, but only one "
            "side may score four of a kind in a hand"
        ],
    ),
    (
        "melds-both-sequences",
        {**GOOD, "melds": [20, 40]},
        [
            "Anna's 20 and Bert's 40 meld points both include sequences, but only one side may "
            "score sequences in a hand"
        ],
    ),
    # Jo-Jotte.
    (
        "jojotte-at-no-trump",
        {**GOOD, "trump": "no-trump", "card_points": [60, 60], "jojotte": 0},
        ["Jo-Jotte needs a trump suit"],
    ),
    (
        "jojotte-in-nullo",
        {**NULLO, "trump": "hearts", "jojotte": 1},
        ["Jo-Jotte does not count in Nullo"],
    ),
    # Nullo and Slam.
    (
        "nullo-doubled",
        {**NULLO, "double": "double"},
        ["Nullo cannot be played on a doubled contract"],
    ),
    (
        "nullo-redoubled",
        {**NULLO, "double": "redouble"},
        ["Nullo cannot be played on a doubled contract"],
    ),
    (
        "nullo-without-tricks",
        without(NULLO, "tricks"),
        ["Nullo needs each side's tricks"],
    ),
    (
        "slam-without-tricks",
        without(SLAM, "tricks"),
        ["Slam needs each side's tricks"],
    ),
    (
        "slam-with-null-tricks",
        {**SLAM, "tricks": None},
        ["Slam needs each side's tricks"],
    ),
    # Tricks.
    (
        "tricks-sum-8",
        {**GOOD, "tricks": [4, 4]},
        ["the tricks (Anna: 4, Bert: 4) add up to 8, not 9"],
    ),
    (
        "tricks-sum-10",
        {**GOOD, "tricks": [5, 5]},
        ["the tricks (Anna: 5, Bert: 5) add up to 10, not 9"],
    ),
    (
        "tricks-out-of-range",
        {**GOOD, "tricks": [10, -1]},
        ["the tricks (Anna: 10, Bert: -1) must each be from 0 to 9"],
    ),
    (
        "no-trick-but-card-points",
        {**GOOD, "last_trick": 1, "tricks": [0, 9]},
        ["Anna: no trick won, but 80 card points"],
    ),
    (
        "no-trick-but-last-trick",
        {**GOOD, "card_points": [0, 155], "tricks": [0, 9]},
        ["Anna: no trick won, but recorded with the last trick"],
    ),
    # Sides and seats.
    ("bidder-2", {**GOOD, "bidder": 2}, ["the bidder must be Anna (0) or Bert (1), not 2"]),
    (
        "bidder-negative",
        {**GOOD, "bidder": -1},
        ["the bidder must be Anna (0) or Bert (1), not -1"],
    ),
    (
        "last-trick-2",
        {**GOOD, "last_trick": 2},
        ["the last trick must go to Anna (0) or Bert (1), not 2"],
    ),
    (
        "last-trick-2-in-nullo",
        {**NULLO, "last_trick": 2},
        ["the last trick must go to Anna (0) or Bert (1), not 2"],
    ),
    ("jojotte-2", {**GOOD, "jojotte": 2}, ["Jo-Jotte must go to Anna (0) or Bert (1), not 2"]),
    ("dealer-2-of-two", {**GOOD, "dealer": 2}, ["the dealer must be a seat from 0 to 1, not 2"]),
    (
        "thrown-in-dealer",
        {"thrown_in": True, "dealer": 5},
        ["the dealer must be a seat from 0 to 1, not 5"],
    ),
    (
        "last-trick-missing",
        without(GOOD, "last_trick"),
        ["who won the last trick is not recorded (it counts except in Nullo)"],
    ),
    (
        "last-trick-null",
        {**GOOD, "last_trick": None},
        ["who won the last trick is not recorded (it counts except in Nullo)"],
    ),
    # Keys.
    ("unknown-key", {**GOOD, "colour": "red"}, ['unknown key "colour"']),
    (
        "misspelt-key",
        {**without(GOOD, "card_points"), "card_point": [80, 75]},
        [
            'unknown key "card_point" (did you mean "card_points"?)',
            "card_points is missing: the card points each side took, [side 0, side 1]",
        ],
    ),
    (
        "missing-bidder",
        without(GOOD, "bidder"),
        ["bidder is missing: the side that named the trump or no-trump (0 or 1)"],
    ),
    (
        "empty-hand",
        {},
        [
            "bidder is missing: the side that named the trump or no-trump (0 or 1)",
            TRUMP_MISSING,
            "card_points is missing: the card points each side took, [side 0, side 1]",
        ],
    ),
    (
        "thrown-in-with-played-keys",
        {"thrown_in": True, "bidder": 0, "trump": "hearts"},
        ["bidder does not belong in a thrown-in deal", "trump does not belong in a thrown-in deal"],
    ),
    ("thrown-in-unknown-key", {"thrown_in": True, "why": "x"}, ['unknown key "why"']),
    # Types.
    ("hand-is-a-list", [0, "spades"], ["a hand must be a JSON object {...}, not a list [...]"]),
    ("hand-is-null", None, ["a hand must be a JSON object {...}, not null"]),
    ("hand-is-a-string", "thrown in", ['a hand must be a JSON object {...}, not "thrown in"']),
    ("bidder-true", {**GOOD, "bidder": True}, ["bidder must be a side (0 or 1), not true"]),
    ("bidder-false", {**GOOD, "bidder": False}, ["bidder must be a side (0 or 1), not false"]),
    ("bidder-string", {**GOOD, "bidder": "0"}, ['bidder must be a side (0 or 1), not "0"']),
    ("bidder-float", {**GOOD, "bidder": 0.0}, ["bidder must be a side (0 or 1), not 0.0"]),
    ("bidder-null", {**GOOD, "bidder": None}, ["bidder must be a side (0 or 1), not null"]),
    ("dealer-string", {**GOOD, "dealer": "Anna"}, ['dealer must be a seat number, not "Anna"']),
    (
        "last-trick-true",
        {**GOOD, "last_trick": True},
        ["last_trick must be a side (0 or 1), not true"],
    ),
    (
        "jojotte-list",
        {**GOOD, "jojotte": [0]},
        ["jojotte must be a side (0 or 1), not a list [...]"],
    ),
    (
        "card-points-string",
        {**GOOD, "card_points": "80,75"},
        [f'card_points must be {PAIR}, not "80,75"'],
    ),
    (
        "card-points-three",
        {**GOOD, "card_points": [80, 75, 0]},
        [f"card_points must be {PAIR}, not a list of 3"],
    ),
    (
        "card-points-object",
        {**GOOD, "card_points": {"0": 80, "1": 75}},
        [f"card_points must be {PAIR}, not an object {{...}}"],
    ),
    (
        "card-points-float-and-string",
        {**GOOD, "card_points": [80.5, "75"]},
        [
            "card_points[0] must be a whole number, not 80.5",
            'card_points[1] must be a whole number, not "75"',
        ],
    ),
    ("card-points-null", {**GOOD, "card_points": None}, [f"card_points must be {PAIR}, not null"]),
    (
        "card-points-bool",
        {**GOOD, "card_points": [True, 75]},
        ["card_points[0] must be a whole number, not true"],
    ),
    (
        "card-points-huge",
        {**GOOD, "card_points": [10**60, 75]},
        ["card_points[0] is far too large a number"],
    ),
    (
        "card-points-just-too-large",
        {**GOOD, "card_points": [2**53, 75]},
        ["card_points[0] is far too large a number"],
    ),
    ("melds-one", {**GOOD, "melds": [20]}, [f"melds must be {PAIR}, not a list of 1"]),
    ("melds-null", {**GOOD, "melds": None}, [f"melds must be {PAIR}, not null"]),
    ("tricks-string", {**GOOD, "tricks": "5-4"}, [f'tricks must be {PAIR}, not "5-4"']),
    ("trump-capital", {**GOOD, "trump": "Spades"}, [f'trump "Spades" is not one of {TRUMPS}']),
    ("trump-null", {**GOOD, "trump": None}, [f"trump must be one of {TRUMPS}, not null"]),
    (
        "double-unknown",
        {**GOOD, "double": "triple"},
        ['double "triple" is not one of "none", "double", "redouble"'],
    ),
    (
        "double-true",
        {**GOOD, "double": True},
        ['double must be one of "none", "double", "redouble", not true'],
    ),
    (
        "special-number",
        {**GOOD, "special": 1},
        ['special must be one of "none", "nullo", "slam", not 1'],
    ),
    ("note-number", {**GOOD, "note": 5}, ["note must be a string, not 5"]),
    ("note-null", {"thrown_in": True, "note": None}, ["note must be a string, not null"]),
    (
        "note-surrogate",
        {**GOOD, "note": "a\ud800b"},
        ["note holds an unpaired surrogate, which is not text"],
    ),
    (
        "thrown-in-string",
        {**GOOD, "thrown_in": "yes"},
        ['thrown_in must be true or false, not "yes"'],
    ),
    (
        "thrown-in-one",
        {"thrown_in": 1},
        [
            "thrown_in must be true or false, not 1",
            "bidder is missing: the side that named the trump or no-trump (0 or 1)",
            TRUMP_MISSING,
            "card_points is missing: the card points each side took, [side 0, side 1]",
        ],
    ),
    ("key-not-a-string", NON_STRING_KEY, ["keys must be strings, not 7"]),
]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [pytest.param(hand, expected, id=name) for name, hand, expected in BAD_HANDS],
)
def test_refused_hand(hand: object, expected: list[str]) -> None:
    """Hand 2 is refused with exactly these messages; the good hands 1 and 3 add none."""
    problems = problems_of(sitting_data(GOOD, hand, {"thrown_in": True}))
    assert messages(problems) == expected
    assert {p.hand for p in problems} == {2}
    assert not any(p.warning for p in problems)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [pytest.param(hand, expected, id=name) for name, hand, expected in BAD_HANDS],
)
def test_hand_from_data_refuses_with_the_same_messages(hand: object, expected: list[str]) -> None:
    with pytest.raises(InvalidSittingError) as caught:
        hand_from_data(hand, 7, Variant.TWO_PLAYER, names=("Anna", "Bert"))
    assert messages(list(caught.value.problems)) == expected
    assert {p.hand for p in caught.value.problems} == {7}


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        ({**GOOD, "card_points": [80, 76]}, "card_points[1]"),
        ({**GOOD, "card_points": [80, "75"]}, "card_points[1]"),
        ({**GOOD, "melds": [30, 0]}, "melds[0]"),
        ({**GOOD, "trump": "Spades"}, "trump"),
        ({**GOOD, "colour": "red"}, "colour"),
        (without(GOOD, "bidder"), "bidder"),
        ({**GOOD, "jojotte": 0, "trump": "no-trump", "card_points": [60, 60]}, "jojotte"),
    ],
)
def test_problems_name_the_field(hand: dict[str, Any], field: str) -> None:
    (problem,) = problems_of(sitting_data(hand))
    assert problem.field == field


# Reading: refused files ----------------------------------------------------------------

BAD_FILES: list[tuple[str, object, list[str]]] = [
    ("a-list", [sitting_data()], ["a sitting file holds a JSON object {...}, not a list [...]"]),
    ("a-string", "jojotte", ['a sitting file holds a JSON object {...}, not "jojotte"']),
    ("a-number", 1, ["a sitting file holds a JSON object {...}, not 1"]),
    ("null", None, ["a sitting file holds a JSON object {...}, not null"]),
    (
        "format-missing",
        without(sitting_data(), "format"),
        [
            "format is missing: this is not a sitting file, "
            'which starts with "format": "jojotte-sitting"'
        ],
    ),
    (
        "format-other",
        sitting_data(format="jojotte-ledger"),
        ['format is "jojotte-ledger", not "jojotte-sitting": this is not a sitting file'],
    ),
    (
        "format-number",
        sitting_data(format=1),
        ['format is 1, not "jojotte-sitting": this is not a sitting file'],
    ),
    (
        "newer-version-only-problem",
        sitting_data({"bidder": 9}, version=3, extra=True),
        ["version 3 is newer than this app reads (2); update jojotte-score"],
    ),
    (
        "much-newer-version",
        sitting_data(version=10**30),
        ["version is far too large a number"],
    ),
    ("version-0", sitting_data(version=0), ["version 0 does not exist; the first version is 1"]),
    (
        "version-string",
        sitting_data(version="1"),
        ['version must be a whole number (the format version), not "1"'],
    ),
    (
        "version-float",
        sitting_data(version=1.0),
        ["version must be a whole number (the format version), not 1.0"],
    ),
    (
        "version-missing",
        without(sitting_data(), "version"),
        ["version is missing: the format version, 1"],
    ),
    (
        "variant-missing",
        without(sitting_data(), "variant"),
        ['variant is missing: "two-player" or "partnership"'],
    ),
    (
        "variant-unknown",
        sitting_data(variant="solo", players=["A", "B", "C"]),
        ['variant "solo" is not one of "two-player", "partnership"'],
    ),
    (
        "three-player-in-version-1",
        sitting_data(variant="three-player", players=["A", "B", "C"]),
        [
            'variant "three-player" needs version 2 of the sitting file, but the file says '
            'version 1: write "version": 2'
        ],
    ),
    (
        "players-missing",
        without(sitting_data(), "players"),
        ["players is missing: the player names in seat order"],
    ),
    (
        "players-string",
        sitting_data(players="A, B"),
        ['players must be a list of names, not "A, B"'],
    ),
    (
        "player-number",
        sitting_data(players=["Anna", 2]),
        ["players[1] must be a string, not 2"],
    ),
    (
        "one-player",
        sitting_data(players=["Anna"]),
        ["a two-player sitting needs 2 player names, not 1"],
    ),
    (
        "partnership-of-two",
        sitting_data(variant="partnership"),
        ["a partnership sitting needs 4 player names, not 2"],
    ),
    ("blank-name", sitting_data(players=["Anna", "  "]), ["player 1 has an empty name"]),
    (
        "rules-list",
        sitting_data(rules=[80, 300]),
        ["rules must be an object {...}, not a list [...]"],
    ),
    (
        "rules-string-target",
        sitting_data(rules={"game_target": "80"}),
        ['game_target must be a whole number, not "80"'],
    ),
    (
        "rules-null-target",
        sitting_data(rules={"game_target": None}),
        ["game_target must be a whole number, not null"],
    ),
    ("rules-null", sitting_data(rules=None), ["rules must be an object {...}, not null"]),
    (
        "rules-unknown-key",
        sitting_data(rules={"target": 100}),
        ['unknown key "target" (did you mean "game_target"?)'],
    ),
    (
        "rules-zero-target",
        sitting_data(rules={"game_target": 0}),
        ["the game target must be a positive number of points"],
    ),
    (
        "rules-negative-bonus",
        sitting_data(rules={"rubber_bonus": -300}),
        ["the rubber bonus must not be negative"],
    ),
    (
        "rules-bad-key-and-bad-value",
        sitting_data(rules={"game_target": 0, "bonus": 1}),
        ['unknown key "bonus"', "the game target must be a positive number of points"],
    ),
    (
        "hands-missing",
        without(sitting_data(), "hands"),
        ["hands is missing: the list of hands, [] when none was played yet"],
    ),
    (
        "hands-object",
        sitting_data(hands={"1": GOOD}),
        ["hands must be a list of hands [...], not an object {...}"],
    ),
    ("unknown-top-key", sitting_data(date="2024-05-01"), ['unknown key "date"']),
    (
        "misspelt-top-key",
        sitting_data(player=["A", "B"]),
        ['unknown key "player" (did you mean "players"?)'],
    ),
    (
        "long-unknown-key-is-shortened",
        sitting_data(**{"x" * 100: 1}),
        [f'unknown key "{"x" * 40}..."'],
    ),
]


@pytest.mark.parametrize(
    ("data", "expected"),
    [pytest.param(data, expected, id=name) for name, data, expected in BAD_FILES],
)
def test_refused_file(data: object, expected: list[str]) -> None:
    problems = problems_of(data)
    assert messages(problems) == expected
    assert {p.hand for p in problems} == {None}


BAD_TEXTS: list[tuple[str, str | bytes, str]] = [
    (
        "not-utf8",
        b'{"format": "jojotte-sitting", "players": ["J\xf6rg"]}',
        "the file is not UTF-8 text (byte 0xf6 on line 1, at offset 44)",
    ),
    (
        "utf16",
        '{"format": 1}'.encode("utf-16"),
        "the file is not UTF-8 text (byte 0xff on line 1, at offset 0)",
    ),
    ("empty", "", "the file is empty: a sitting file holds a JSON object"),
    ("blank", b"  \n\t", "the file is empty: a sitting file holds a JSON object"),
    ("truncated", '{"format": ', "not valid JSON: Expecting value (line 1, column 12)"),
    (
        "trailing-comma",
        '{\n  "format": "jojotte-sitting",\n}',
        # Python's json module says so since 3.13, and where the comma is.
        "not valid JSON: Illegal trailing comma before end of object (line 2, column 30)"
        if sys.version_info >= (3, 13)
        else "not valid JSON: Expecting property name enclosed in double quotes (line 3, column 1)",
    ),
    ("two-values", "{} {}", "not valid JSON: Extra data (line 1, column 4)"),
    ("nan", '{"version": NaN}', "not valid JSON: NaN is not a number JSON allows"),
    ("infinity", '{"version": Infinity}', "not valid JSON: Infinity is not a number JSON allows"),
    ("minus-infinity", "[-Infinity]", "not valid JSON: -Infinity is not a number JSON allows"),
    (
        "thousands-of-digits",
        '{"version": ' + "9" * 5000 + "}",
        "not valid JSON for a sitting: a number with thousands of digits",
    ),
    (
        "deep-nesting",
        "[" * 200_000 + "]" * 200_000,
        "the file nests lists or objects too deeply to read",
    ),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [pytest.param(text, expected, id=name) for name, text, expected in BAD_TEXTS],
)
def test_refused_text(text: str | bytes, expected: str) -> None:
    with pytest.raises(InvalidSittingError) as caught:
        loads_sitting(text)
    assert caught.value.problems == (Problem(expected),)


def test_overflowing_float_is_refused_as_not_a_whole_number() -> None:
    text = json.dumps(sitting_data(GOOD)).replace('"bidder": 0', '"bidder": 1e400')
    with pytest.raises(InvalidSittingError) as caught:
        loads_sitting(text)
    assert str(caught.value) == "hand 1: bidder must be a side (0 or 1), not NaN or Infinity"


def test_a_key_given_twice_is_refused() -> None:
    text = json.dumps(sitting_data(GOOD, GOOD)).replace('"bidder": 0', '"bidder": 1, "bidder": 0')
    with pytest.raises(InvalidSittingError) as caught:
        loads_sitting(text)
    assert [str(p) for p in caught.value.problems] == [
        'hand 1: key "bidder" appears more than once',
        'hand 2: key "bidder" appears more than once',
    ]


def test_a_top_level_key_given_twice_is_refused() -> None:
    text = '{"format": "jojotte-sitting", "version": 1, "variant": "two-player", '
    text += '"players": ["A", "B"], "players": ["C", "D"], "hands": []}'
    with pytest.raises(InvalidSittingError) as caught:
        loads_sitting(text)
    assert str(caught.value) == 'key "players" appears more than once'


def test_every_problem_in_a_file_is_reported() -> None:
    data = sitting_data(
        GOOD,
        {**GOOD, "trump": "no-trump", "card_points": [60, 60], "jojotte": 0},
        {"thrown_in": True, "dealer": "Anna"},
        {**GOOD, "card_points": [80, 70]},  # 150 of the 155: normal with two players
        {**NULLO, "double": "double", "tricks": [4, 4]},
        [],
        players=["Anna", ""],
        rules={"game_target": -80},
        colour="green",
    )
    assert [p.describe("game.json") for p in problems_of(data)] == [
        'game.json: unknown key "colour"',
        "game.json: player 1 has an empty name",
        "game.json: the game target must be a positive number of points",
        "game.json: hand 2: Jo-Jotte needs a trump suit",
        'game.json: hand 3: dealer must be a seat number, not "Anna"',
        "game.json: hand 5: Nullo cannot be played on a doubled contract",
        # A player's name is empty, so the sides are not named.
        "game.json: hand 5: the tricks (side 0: 4, side 1: 4) add up to 8, not 9",
        "game.json: hand 6: a hand must be a JSON object {...}, not a list [...]",
    ]


def test_the_error_listing_shown_in_the_docs() -> None:
    data = sitting_data(
        GOOD,
        {**GOOD, "jojoote": 0},
        {**GOOD, "trump": "no-trump", "card_points": [60, 60], "jojotte": 1},
        GOOD,
        {**GOOD, "tricks": [4, 4]},
    )
    with pytest.raises(InvalidSittingError) as caught:
        parse_sitting(data)
    caught.value.source = "game.json"
    assert caught.value.describe() == (
        'game.json: hand 2: unknown key "jojoote" (did you mean "jojotte"?)\n'
        "game.json: hand 3: Jo-Jotte needs a trump suit\n"
        "game.json: hand 5: the tricks (Anna: 4, Bert: 4) add up to 8, not 9"
    )


def test_errors_are_reported_without_warnings() -> None:
    data = sitting_data({**GOOD, "card_points": [10, 10]}, {**GOOD, "bidder": 5})
    problems = problems_of(data)
    assert messages(problems) == ["the bidder must be Anna (0) or Bert (1), not 5"]


def test_an_unknown_variant_still_checks_the_hands() -> None:
    data = sitting_data({**GOOD, "bidder": 3}, variant="solo")
    assert [str(p) for p in problems_of(data)] == [
        'variant "solo" is not one of "two-player", "partnership"',
        "hand 1: the bidder must be side 0 or side 1, not 3",  # whose names are unknown
    ]


def test_load_names_the_file_in_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    bad = {**GOOD, "trump": "no-trump", "card_points": [60, 60], "jojotte": 1}
    path.write_text(json.dumps(sitting_data(GOOD, GOOD, bad)), encoding="utf-8")
    with pytest.raises(InvalidSittingError) as caught:
        load_sitting(path)
    assert caught.value.source == "game.json"
    assert str(caught.value) == "game.json: hand 3: Jo-Jotte needs a trump suit"


def test_load_refuses_a_file_over_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(InvalidSittingError) as caught:
        load_sitting(path)
    assert str(caught.value) == (
        "huge.json: the file is larger than 64 MiB, far too big for a sitting file"
    )


def test_load_of_a_missing_file_raises_oserror(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_sitting(tmp_path / "nowhere.json")


def test_loaded_sitting_carries_sitting_and_warnings() -> None:
    loaded = loads_sitting(json.dumps(sitting_data(GOOD)))
    assert loaded == LoadedSitting(
        new_sitting(
            Variant.TWO_PLAYER, ("Anna", "Bert"), (PlayedHand(0, Trump.SPADES, (80, 75), 0),)
        ),
        (),
    )


# The JSON Schema -----------------------------------------------------------------------

VALIDATOR = Draft202012Validator(sitting_schema())


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(sitting_schema())
    assert sitting_schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_files_validate_against_the_schema(name: str) -> None:
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    assert list(VALIDATOR.iter_errors(data)) == []


@settings(max_examples=40, deadline=None)
@given(sittings(max_hands=20, rules=custom_rules(), with_notes=True))
def test_every_written_sitting_validates_against_the_schema(sitting: Sitting) -> None:
    assert list(VALIDATOR.iter_errors(json.loads(dumps_sitting(sitting)))) == []


# Files that the schema and the reader both refuse.
SCHEMA_REFUSES = [
    "a-list",
    "format-missing",
    "format-other",
    "newer-version-only-problem",
    "version-0",
    "version-string",
    "version-missing",
    "variant-unknown",
    "players-string",
    "player-number",
    "one-player",
    "partnership-of-two",
    "rules-list",
    "rules-string-target",
    "rules-null-target",
    "rules-null",
    "rules-unknown-key",
    "rules-zero-target",
    "rules-negative-bonus",
    "hands-missing",
    "hands-object",
    "unknown-top-key",
]
SCHEMA_REFUSES_HANDS = [
    "card-points-not-multiple-of-5",
    "card-points-over-155",
    "card-points-negative",
    "card-points-over-120-at-no-trump",
    "card-points-over-120-in-nullo",
    "meld-not-a-sum",
    "meld-odd",
    "meld-too-much",
    "jojotte-at-no-trump",
    "jojotte-in-nullo",
    "nullo-doubled",
    "nullo-without-tricks",
    "slam-without-tricks",
    "slam-with-null-tricks",
    "tricks-out-of-range",
    "bidder-2",
    "last-trick-2",
    "jojotte-2",
    "dealer-2-of-two",
    "thrown-in-dealer",
    "last-trick-missing",
    "last-trick-null",
    "unknown-key",
    "missing-bidder",
    "thrown-in-with-played-keys",
    "hand-is-a-list",
    "bidder-true",
    "bidder-string",
    "card-points-string",
    "card-points-three",
    "trump-capital",
    "double-unknown",
    "special-number",
    "note-number",
    "thrown-in-string",
]


@pytest.mark.parametrize("name", SCHEMA_REFUSES)
def test_schema_and_reader_both_refuse_the_file(name: str) -> None:
    (data,) = [data for row, data, _ in BAD_FILES if row == name]
    assert list(VALIDATOR.iter_errors(data)) != []
    assert problems_of(data)


@pytest.mark.parametrize("name", SCHEMA_REFUSES_HANDS)
def test_schema_and_reader_both_refuse_the_hand(name: str) -> None:
    (hand,) = [hand for row, hand, _ in BAD_HANDS if row == name]
    data = sitting_data(GOOD, copy.deepcopy(hand))
    assert list(VALIDATOR.iter_errors(data)) != []
    assert problems_of(data)


def test_schema_and_reader_agree_on_dealers_in_partnerships() -> None:
    data = sitting_data({**GOOD, "dealer": 3}, variant="partnership", players=list("ABCD"))
    assert list(VALIDATOR.iter_errors(data)) == []
    assert parse_sitting(data).sitting.hands[0].dealer == 3
    data["hands"][0]["dealer"] = 4
    assert list(VALIDATOR.iter_errors(data)) != []
    assert messages(problems_of(data)) == ["the dealer must be a seat from 0 to 3, not 4"]
