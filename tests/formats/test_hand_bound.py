"""The most hands a sitting file may hold is written where a player looks it up, and a valid
file near a fifth of it is read in a small multiple of its size (issue 40, item 6)."""

from __future__ import annotations

import re
import time
import tracemalloc
from pathlib import Path

from jojotte_score.core.model import PlayedHand
from jojotte_score.formats.sitting_file import MAX_HANDS, load_sitting

_DOCS = Path(__file__).resolve().parents[2] / "docs" / "file-format.md"
_HAND = (
    '{"bidder": 0, "trump": "spades", "card_points": [60, 95], "last_trick": 1, "melds": [20, 0]}'
)


def test_the_bound_is_written_in_the_file_format_with_the_messages_that_enforce_it() -> None:
    text = " ".join(_DOCS.read_text(encoding="utf-8").split())
    assert f"more than {MAX_HANDS:,} hands (`MAX_HANDS`" in text
    assert f'"the sitting has {MAX_HANDS + 1} hands; a sitting file holds at most {MAX_HANDS}"' in (
        text
    )
    assert re.search(rf"far more than {MAX_HANDS} hands' worth of objects and lists", text)


def test_a_valid_file_of_twenty_thousand_hands_is_read_in_a_small_multiple_of_its_size(
    tmp_path: Path,
) -> None:
    count = MAX_HANDS // 5
    path = tmp_path / "long.json"
    path.write_text(
        '{"format": "jojotte-sitting", "version": 1, "variant": "two-player", '
        '"players": ["Anna", "Bert"], "hands": [' + ", ".join([_HAND] * count) + "]}",
        encoding="utf-8",
    )
    size = path.stat().st_size
    load_sitting(_small(tmp_path))
    tracemalloc.start()
    began = time.monotonic()
    try:
        loaded = load_sitting(path)
        took = time.monotonic() - began
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(loaded.sitting.hands) == count
    last = loaded.sitting.hands[-1]
    assert isinstance(last, PlayedHand)
    assert (last.card_points, last.melds) == ((60, 95), (20, 0))
    assert took < 30.0  # some 2 s on a busy 2-core machine, under the tracer
    # The text, its decoded objects and the hands read: 5.6x the file was measured; the
    # whole limit read up front cost 30x (a 64 MiB buffer for a 2 MB file).
    assert peak < 7 * size


def _small(folder: Path) -> Path:
    """A file of one hand, read first so that the modules the reader imports late are
    loaded before memory is counted."""
    path = folder / "one.json"
    path.write_text(
        '{"format": "jojotte-sitting", "version": 1, "variant": "two-player", '
        f'"players": ["Anna", "Bert"], "hands": [{_HAND}]}}',
        encoding="utf-8",
    )
    return path
