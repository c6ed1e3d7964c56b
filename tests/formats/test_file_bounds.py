"""What a sitting file may hold: at most MAX_HANDS hands, and a file over that is refused in
seconds, its memory within a small multiple of its size (a file of millions of hands under
the 64 MiB limit took minutes and gigabytes before)."""

from __future__ import annotations

import json
import time
import tracemalloc
from pathlib import Path

import pytest

from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.formats.sitting_file import MAX_FILE_BYTES, MAX_HANDS, load_sitting
from tests.stored_examples import example_path


def _file_with(tmp_path: Path, hands_text: str) -> Path:
    """The German example with ``hands_text`` (JSON) as its hands."""
    example = json.loads(example_path("two-player").read_text(encoding="utf-8"))
    example["hands"] = "@hands@"
    path = tmp_path / "bomb.json"
    path.write_text(json.dumps(example).replace('"@hands@"', hands_text), encoding="utf-8")
    return path


def test_the_bound_is_far_above_any_real_sitting() -> None:
    assert MAX_HANDS == 100_000  # two thousand evenings of 50 hands; docs/file-format.md


def test_one_hand_more_than_the_bound_is_refused_unread(tmp_path: Path) -> None:
    path = _file_with(tmp_path, "[" + ",".join(['{"thrown_in": true}'] * (MAX_HANDS + 1)) + "]")
    with pytest.raises(InvalidSittingError) as caught:
        load_sitting(path)
    assert [p.message for p in caught.value.problems] == [
        "the sitting has 100001 hands; a sitting file holds at most 100000"
    ]


@pytest.mark.parametrize(
    "hand",
    ['{"thrown_in":true}', "[]", '{"bidder":0,"trump":"spades","card_points":[60,25]}'],
    ids=["thrown-in", "empty-lists", "played"],
)
def test_a_file_of_millions_of_hands_is_refused_in_seconds(tmp_path: Path, hand: str) -> None:
    count = (MAX_FILE_BYTES - 4096) // (len(hand) + 1)
    path = _file_with(tmp_path, "[" + ",".join([hand] * count) + "]")
    size = path.stat().st_size
    assert 40_000_000 < size <= MAX_FILE_BYTES
    tracemalloc.start()
    began = time.monotonic()
    try:
        with pytest.raises(InvalidSittingError) as caught:
            load_sitting(path)
        took = time.monotonic() - began
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "a sitting file holds at most 100000 hands" in str(caught.value)
    assert took < 10.0
    assert peak < 3 * size  # the bytes read and their text, not millions of objects
