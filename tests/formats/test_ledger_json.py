"""The ledger JSON that ``jojotte-score score`` prints, checked against a golden file.

Regenerate the golden file after a deliberate change with:

    JOJOTTE_REGENERATE_GOLDEN=1 python3 -m pytest tests/formats/test_ledger_json.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings

from jojotte_score.core.ledger import Ledger, replay
from jojotte_score.core.model import Sitting
from jojotte_score.formats.ledger_json import dumps_ledger, ledger_to_data
from jojotte_score.formats.sitting_file import load_sitting
from tests.strategies import sittings

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data"
GOLDEN = HERE / "golden"


def expected_data(ledger: Ledger) -> dict[str, object]:
    """The ledger as the format document describes it, built key by key from the core."""
    return {
        "format": "jojotte-ledger",
        "version": 1,
        "sides": list(ledger.sides),
        "rules": {
            "game_target": ledger.rules.game_target,
            "rubber_bonus": ledger.rules.rubber_bonus,
        },
        "rubbers": [
            {
                "number": r.number,
                "winner": r.winner,
                "totals": list(r.totals),
                "net": {"side": r.net[0], "points": r.net[1]},
                "game_winners": list(r.game_winners),
                "entries": [
                    {
                        "hand": e.hand,
                        "side": e.side,
                        "line": str(e.line),
                        "points": e.points,
                        "kind": str(e.kind),
                    }
                    for e in r.entries
                ],
                "prison": [{"hand": p.hand, "points": p.points} for p in r.prison],
            }
            for r in ledger.rubbers
        ],
        "unresolved_prison": ledger.unresolved_prison,
    }


@pytest.mark.parametrize("name", ["german-example", "partnership-example", "small-example"])
def test_ledger_matches_golden_file(name: str) -> None:
    ledger = replay(load_sitting(DATA / f"{name}.json").sitting)
    text = dumps_ledger(ledger, indent=2)
    golden = GOLDEN / f"{name}-ledger.json"
    if os.environ.get("JOJOTTE_REGENERATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8"), (
        "the ledger changed; if that is intended, regenerate with "
        "JOJOTTE_REGENERATE_GOLDEN=1 python3 -m pytest tests/formats/test_ledger_json.py"
    )


def test_german_ledger_numbers() -> None:
    data = json.loads((GOLDEN / "german-example-ledger.json").read_text(encoding="utf-8"))
    rubber = data["rubbers"][0]
    assert (rubber["totals"], rubber["winner"], rubber["net"]) == (
        [755, 655],
        0,
        {"side": 0, "points": 100},
    )
    below = [(e["hand"], e["side"], e["points"]) for e in rubber["entries"] if e["line"] == "below"]
    assert below == [(1, 1, 35), (2, 0, 95), (3, 1, 220), (6, 0, 100)]


@settings(max_examples=60, deadline=None)
@given(sittings(max_hands=40))
def test_compact_and_indented_output_say_the_same(sitting: Sitting) -> None:
    ledger = replay(sitting)
    compact = dumps_ledger(ledger)
    assert compact.endswith("}\n")
    assert "\n" not in compact[:-1]
    assert json.loads(compact) == expected_data(ledger)
    assert json.loads(dumps_ledger(ledger, indent=2)) == expected_data(ledger)
    assert ledger_to_data(ledger) == expected_data(ledger)


def test_names_are_written_as_json_strings() -> None:
    sitting = Sitting(
        load_sitting(DATA / "german-example.json").sitting.variant,
        ('Jürgen "Jo"', "Käthe\\Bert"),
    )
    data = json.loads(dumps_ledger(replay(sitting)))
    assert data["sides"] == ['Jürgen "Jo"', "Käthe\\Bert"]
    assert data["rubbers"] == []
