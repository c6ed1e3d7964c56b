"""Fuzzing the sitting-file reader: whatever it is given, it loads a sitting or refuses it.

Refusing means :class:`InvalidSittingError` with at least one problem, each with a message
and a hand number that exists in the input. Anything else (another exception, a hang) is a
bug. What loads must also be written back unchanged.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.model import Hand, PlayedHand, SeatHand, ThrownIn, Variant
from jojotte_score.formats.hand_data import PLAYED_KEYS
from jojotte_score.formats.seat_hands import SEAT_PLAYED_KEYS
from jojotte_score.formats.sitting_file import (
    LoadedSitting,
    dumps_sitting,
    hand_from_data,
    hand_to_data,
    loads_sitting,
    parse_sitting,
    seat_hand_from_data,
    sitting_to_data,
)
from jojotte_score.formats.sitting_keys import RULES_KEYS
from tests.core.test_chouette import EXAMPLE as CHOUETTE_EXAMPLE
from tests.core.test_cutthroat import EXAMPLE as CUTTHROAT_EXAMPLE
from tests.core.test_three_player_example import EXAMPLE as THREE_PLAYER_EXAMPLE
from tests.strategies import valid_hands
from tests.strategies_three_player import cutthroat_hands, three_player_hands

EXAMPLE = Path(__file__).resolve().parent.parent / "data" / "small-example.json"
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

KEYS = [
    "format",
    "version",
    "variant",
    "players",
    "rules",
    "hands",
    *RULES_KEYS,
    *PLAYED_KEYS,
    "chouette",
    "box",
    "captain",
    *(key for key in SEAT_PLAYED_KEYS if key not in PLAYED_KEYS),
]
"""The file's keys, its rules', a hand's side against side, the chouette's and a hand's by
seat: as the reader knows them."""
VARIANTS = ["two-player", "partnership", "three-player", "chouette", "cutthroat"]
WORDS = [
    "jojotte-sitting",
    *VARIANTS,
    "spades",
    "no-trump",
    "double",
    "nullo",
    "slam",
    "declarer",
    "defender",
]

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([0, 1, 2, 5, 9, 20, 80, 120, 155, -1, 2**53, 10**100])
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(WORDS)
)
keys = st.sampled_from(KEYS) | st.text(max_size=8)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(keys, children, max_size=6),
    max_leaves=12,
)


def check_outcome(run: Callable[..., object], *args: object) -> LoadedSitting | None:
    """Call ``run``; it must return a LoadedSitting or raise a well-formed refusal."""
    result = outcome(run, *args)
    if isinstance(result, InvalidSittingError):
        assert result.problems
        for problem in result.problems:
            assert problem.message
            assert not problem.warning
            assert problem.describe("game.json").startswith("game.json: ")
        return None
    assert isinstance(result, LoadedSitting)
    # What loads is written back as it was read.
    assert parse_sitting(sitting_to_data(result.sitting)).sitting == result.sitting
    return result


def outcome(run: Callable[..., object], *args: object) -> object:
    """What ``run`` returns, or the InvalidSittingError it raises; other errors propagate."""
    try:
        return run(*args)
    except InvalidSittingError as error:
        return error


@FUZZ
@given(json_values)
def test_any_decoded_json_is_loaded_or_refused(data: object) -> None:
    check_outcome(parse_sitting, data)


@FUZZ
@given(json_values)
def test_any_json_text_is_loaded_or_refused(data: object) -> None:
    check_outcome(loads_sitting, json.dumps(data))


@FUZZ
@given(st.text(max_size=200) | st.binary(max_size=200))
def test_any_text_or_bytes_is_loaded_or_refused(text: str | bytes) -> None:
    check_outcome(loads_sitting, text)


@FUZZ
@given(json_values, st.sampled_from(list(Variant)), st.integers(1, 500))
def test_any_hand_is_built_or_refused(data: object, variant: Variant, number: int) -> None:
    result = outcome(hand_from_data, data, number, variant)
    if isinstance(result, InvalidSittingError):
        assert result.problems
        assert {p.hand for p in result.problems} == {number}
    else:
        assert isinstance(result, PlayedHand | ThrownIn)


sitting_like = st.fixed_dictionaries(
    {
        "format": st.just("jojotte-sitting"),
        "version": st.just(1) | json_values,
        "variant": st.sampled_from(["two-player", "partnership"]) | json_values,
        "players": st.just(["A", "B"]) | json_values,
        "hands": st.lists(st.dictionaries(keys, scalars | json_values, max_size=6), max_size=3),
    },
    optional={"rules": st.dictionaries(keys, json_values, max_size=3)},
)


@FUZZ
@given(sitting_like)
def test_sitting_shaped_json_is_loaded_or_refused(data: dict[str, Any]) -> None:
    check_outcome(parse_sitting, data)


seat_hand_like = st.fixed_dictionaries(
    {
        "bidder": st.integers(-1, 4) | json_values,
        "trump": st.sampled_from(["spades", "no-trump"]) | json_values,
        "active_defender": st.integers(-1, 4) | json_values,
        "card_points": st.lists(st.sampled_from([0, 20, 55, 80, 155]), min_size=2, max_size=5)
        | json_values,
    },
    optional=dict.fromkeys(
        [
            key
            for key in KEYS[8:]
            if key not in ("bidder", "trump", "active_defender", "card_points")
        ],
        scalars | json_values,
    ),
)
version_2_like = st.fixed_dictionaries(
    {
        "format": st.just("jojotte-sitting"),
        "version": st.just(2) | st.just(1) | json_values,
        "variant": st.sampled_from(VARIANTS) | json_values,
        "players": st.lists(st.sampled_from(["A", "B", "C", "D", " "]), min_size=2, max_size=5)
        | json_values,
        "hands": st.lists(
            seat_hand_like | st.dictionaries(keys, scalars | json_values, max_size=6),
            max_size=4,
        ),
    },
    optional={
        "rules": st.dictionaries(keys, json_values, max_size=3),
        "chouette": st.fixed_dictionaries(
            {"box": st.integers(-1, 3) | json_values, "captain": st.integers(-1, 3) | json_values}
        )
        | json_values,
    },
)


@FUZZ
@given(version_2_like)
def test_version_2_shaped_json_of_every_variant_is_loaded_or_refused(data: dict[str, Any]) -> None:
    check_outcome(parse_sitting, data)
    check_outcome(loads_sitting, json.dumps(data))


@FUZZ
@given(json_values | seat_hand_like, st.sampled_from(list(Variant)), st.integers(1, 500))
def test_any_hand_by_seat_is_built_or_refused(data: object, variant: Variant, number: int) -> None:
    result = outcome(seat_hand_from_data, data, number, variant)
    if isinstance(result, InvalidSittingError):
        assert result.problems
        assert {p.hand for p in result.problems} == {number}
    else:
        assert isinstance(result, SeatHand | ThrownIn)
        assert seat_hand_from_data(hand_to_data(result), number, variant) == result


@FUZZ
@given(three_player_hands())
def test_a_valid_three_player_hand_reads_back_as_written(hand: SeatHand | ThrownIn) -> None:
    assert seat_hand_from_data(hand_to_data(hand), 1, Variant.THREE_PLAYER) == hand


@FUZZ
@given(cutthroat_hands())
def test_a_valid_cutthroat_hand_reads_back_as_written(hand: SeatHand | ThrownIn) -> None:
    assert seat_hand_from_data(hand_to_data(hand), 1, Variant.CUTTHROAT) == hand


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return data


# The worked sittings of the three new games, as version-2 files, to be mutated.
VERSION_2_EXAMPLES = {
    "three-player": dumps_sitting(THREE_PLAYER_EXAMPLE),
    "cutthroat": dumps_sitting(CUTTHROAT_EXAMPLE),
    "chouette": dumps_sitting(CHOUETTE_EXAMPLE),
}


def objects_in(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The file object, its rules and each hand: the objects a mutation may touch."""
    found = [data]
    for key in ("rules", "chouette"):
        if isinstance(data.get(key), dict):
            found.append(data[key])
    hands = data.get("hands")
    if isinstance(hands, list):
        found.extend(hand for hand in hands if isinstance(hand, dict))
    return found


def mutate(sitting: dict[str, Any], data: st.DataObject) -> None:
    """Replace, delete or add one to three keys anywhere in the file."""
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        target = data.draw(st.sampled_from(objects_in(sitting)), label="object")
        action = data.draw(st.sampled_from(["replace", "delete", "add"]), label="action")
        if action == "add" or not target:
            target[data.draw(keys, label="new key")] = data.draw(json_values, label="value")
        elif action == "delete":
            del target[data.draw(st.sampled_from(sorted(target)), label="deleted key")]
        else:
            key = data.draw(st.sampled_from(sorted(target)), label="replaced key")
            target[key] = data.draw(json_values, label="value")


@FUZZ
@given(st.data())
def test_mutated_example_is_loaded_or_refused(data: st.DataObject) -> None:
    sitting = example()
    mutate(sitting, data)
    check_outcome(parse_sitting, copy.deepcopy(sitting))
    check_outcome(loads_sitting, json.dumps(sitting))


@FUZZ
@given(st.sampled_from(sorted(VERSION_2_EXAMPLES)), st.data())
def test_mutated_version_2_example_is_loaded_or_refused(name: str, data: st.DataObject) -> None:
    sitting = json.loads(VERSION_2_EXAMPLES[name])
    mutate(sitting, data)
    check_outcome(parse_sitting, copy.deepcopy(sitting))
    check_outcome(loads_sitting, json.dumps(sitting))


@pytest.mark.parametrize("name", sorted(VERSION_2_EXAMPLES))
def test_unmutated_version_2_examples_load(name: str) -> None:
    loaded = check_outcome(loads_sitting, VERSION_2_EXAMPLES[name])
    assert loaded is not None
    assert len(loaded.sitting.hands) == {"three-player": 8, "cutthroat": 5, "chouette": 10}[name]


def test_unmutated_example_loads() -> None:
    """The starting point of the mutations is itself a good file of six hands."""
    loaded = check_outcome(parse_sitting, example())
    assert loaded is not None
    assert len(loaded.sitting.hands) == 6


def test_nan_as_json_dumps_writes_it_is_refused() -> None:
    """json.dumps writes NaN for the strategy's float('nan'); the reader must refuse it."""
    with_nan = json.dumps({"format": "jojotte-sitting", "version": math.nan})
    assert check_outcome(loads_sitting, with_nan) is None


def _read(data: object, checked: bool) -> Hand | list[str]:
    """The hand read from ``data``, or the messages it was refused with."""
    try:
        return hand_from_data(data, 1, Variant.PARTNERSHIP, checked=checked)
    except InvalidSittingError as error:
        return [problem.describe() for problem in error.problems]


@FUZZ
@given(
    valid_hands(Variant.PARTNERSHIP),
    st.sampled_from(KEYS),
    json_values,
    st.booleans(),
    st.booleans(),
)
def test_a_note_never_changes_what_the_reader_accepts(
    hand: Hand, key: str, value: object, delete: bool, checked: bool
) -> None:
    """Start from a valid hand, change or delete one key: the hand reads the same, or is
    refused for the same reasons, with a note and without one (stored hands included)."""
    data: dict[str, object] = dict(hand_to_data(hand).items())
    data.pop("note", None)
    if delete:
        data.pop(key, None)
    else:
        data[key] = value
    if key == "note":
        return
    without = _read(data, checked)
    with_note = _read({**data, "note": "a note"}, checked)
    if isinstance(without, list):
        assert with_note == without
    else:
        assert with_note == without._replace(note="a note")


@pytest.mark.parametrize("checked", [True, False])
def test_a_bidder_that_is_no_side_reads_alike_with_and_without_a_note(checked: bool) -> None:
    data = {"bidder": 7, "trump": "spades", "card_points": [80, 75], "last_trick": 0}
    without, with_note = _read(data, checked), _read({**data, "note": "x"}, checked)
    if checked:
        assert without == with_note == ["hand 1: the bidder must be side 0 or side 1, not 7"]
    else:  # Stored hands are read for their structure: they passed the rules when stored.
        assert isinstance(without, PlayedHand)
        assert with_note == without._replace(note="x")
