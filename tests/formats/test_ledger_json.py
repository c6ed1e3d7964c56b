"""The ledger JSON that ``jojotte-score score`` prints, checked against a golden file.

Regenerate the golden files after a deliberate change with the one command of
``tests/golden.py``:

    JOJOTTE_REGENERATE_GOLDEN=1 python3 -m pytest tests/formats/test_ledger_json.py
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.games import new_sitting, replay
from jojotte_score.core.games.chouette_roles import chouette_roles
from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import Sitting
from jojotte_score.formats.ledger_json import dumps_ledger, dumps_scored, ledger_to_data
from jojotte_score.formats.sitting_file import load_sitting
from tests.core.test_chouette import EXAMPLE as CHOUETTE
from tests.core.test_cutthroat import EXAMPLE as CUTTHROAT
from tests.core.test_three_player_example import EXAMPLE as THREE_PLAYER
from tests.golden import check_golden
from tests.sitting_kinds import load_two_sided
from tests.strategies import sittings
from tests.strategies_three_player import (
    chouette_sittings,
    cutthroat_sittings,
    three_player_sittings,
)

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data"
GOLDEN = HERE / "golden"


def expected_data(ledger: Ledger) -> dict[str, object]:
    """The ledger as the format document describes it, built key by key from the core."""
    return {
        "format": "jojotte-ledger",
        "version": 1,
        "sides": list(ledger.columns),
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
    ledger = replay(load_two_sided(DATA / f"{name}.json"))
    text = dumps_ledger(ledger, indent=2)
    check_golden(text, GOLDEN / f"{name}-ledger.json", "tests/formats/test_ledger_json.py")


@pytest.mark.parametrize("name", ["three-player-example", "cutthroat-example", "chouette-example"])
def test_column_ledger_matches_golden_file(name: str) -> None:
    ledger = replay(load_sitting(DATA / f"{name}.json").sitting)
    text = dumps_ledger(ledger, indent=2)
    check_golden(text, GOLDEN / f"{name}-ledger.json", "tests/formats/test_ledger_json.py")


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
    # What ``score`` prints, scored and written a rubber at a time, says the same, byte for
    # byte.
    assert dumps_scored(sitting) == compact
    assert dumps_scored(sitting, indent=2) == dumps_ledger(ledger, indent=2)


def test_names_are_written_as_json_strings() -> None:
    sitting = new_sitting(
        load_sitting(DATA / "german-example.json").sitting.variant,
        ('Jürgen "Jo"', "Käthe\\Bert"),
    )
    data = json.loads(dumps_ledger(replay(sitting)))
    assert data["sides"] == ['Jürgen "Jo"', "Käthe\\Bert"]
    assert data["rubbers"] == []


# The games of individual players (section 4 of the rulings) ---------------------------


def expected_column_data(ledger: Ledger) -> dict[str, object]:
    """A ledger with a column per player as section 4 describes it, key by key."""
    rubbers: list[dict[str, object]] = []
    for r in ledger.rubbers:
        rubber: dict[str, object] = {
            "number": r.number,
            "winner": r.winner,
            "totals": list(r.totals),
            "settlement": list(r.settlement),
            "game_winners": list(r.game_winners),
        }
        if r.roles is not None:
            roles = chouette_roles(r.roles)
            rubber["roles"] = {"box": roles.box, "captain": roles.captain, "partner": roles.partner}
        rubber["entries"] = [
            {
                "hand": e.hand,
                "side": e.side,
                "line": str(e.line),
                "points": e.points,
                "kind": str(e.kind),
            }
            for h in r.hands
            for e in h.entries
        ]
        rubber["prison"] = [
            {"hand": h.number, "points": h.prison_in} for h in r.hands if h.prison_in
        ]
        rubbers.append(rubber)
    return {
        "format": "jojotte-ledger",
        "version": 2,
        "sides": list(ledger.columns),
        "rules": {
            "game_target": ledger.rules.game_target,
            "rubber_bonus": ledger.rules.rubber_bonus,
        },
        "rubbers": rubbers,
        "unresolved_prison": ledger.unresolved_prison,
    }


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(
        three_player_sittings(max_hands=30),
        cutthroat_sittings(max_hands=30),
        chouette_sittings(max_hands=30),
    )
)
def test_column_ledgers_compact_and_indented_say_the_same(sitting: Sitting) -> None:
    ledger = replay(sitting)
    compact = dumps_ledger(ledger)
    assert "\n" not in compact[:-1]
    data = json.loads(compact)
    assert data == expected_column_data(ledger)
    assert json.loads(dumps_ledger(ledger, indent=2)) == data == ledger_to_data(ledger)
    assert dumps_scored(sitting) == compact
    assert dumps_scored(sitting, indent=2) == dumps_ledger(ledger, indent=2)
    for rubber in data["rubbers"]:
        assert sum(rubber["settlement"]) == 0
        assert len(rubber["totals"]) == len(rubber["settlement"]) == len(sitting.players)


def test_the_worked_chouette_rubbers_with_roles_and_settlements() -> None:
    data = ledger_to_data(replay(CHOUETTE))
    assert data["sides"] == ["Anna", "Bert", "Carl"]
    rubbers = data["rubbers"]
    assert isinstance(rubbers, list)
    assert [(r["roles"], r["totals"], r["settlement"], r["winner"]) for r in rubbers] == [
        ({"box": 0, "captain": 1, "partner": 2}, [780, 50, 50], [1460, -730, -730], 0),
        ({"box": 0, "captain": 2, "partner": 1}, [70, 805, 805], [-1470, 735, 735], 2),
        ({"box": 2, "captain": 1, "partner": 0}, [1240, 1240, 95], [1145, 1145, -2290], 1),
    ]
    assert "net" not in rubbers[0]
    # Hand 1: Anna's box scores 80 below; the captain (Bert) 50 above and the partner (Carl)
    # the same 50 on the same line, an entry of its own (C4).
    first = [(e["side"], e["line"], e["points"]) for e in rubbers[0]["entries"] if e["hand"] == 1]
    assert first == [(0, "below", 80), (1, "above", 50), (2, "above", 50)]


def test_the_worked_three_player_ledger_copies_to_the_inactive_player() -> None:
    data = ledger_to_data(replay(THREE_PLAYER))
    rubbers = data["rubbers"]
    assert isinstance(rubbers, list)
    assert [(r["totals"], r["settlement"], r["winner"]) for r in rubbers] == [
        ([1100, 480, 1215], [505, -1355, 850], 2),
        ([150, 0, 150], [150, -300, 150], None),
    ]
    assert all("roles" not in r for r in rubbers)
    # Hand 1: Anna 65 below; Bert's meld 20 and trick score 40 above, and Carl, sitting out
    # on Bert's side, the same two entries above (T8).
    first = [(e["side"], e["line"], e["points"], e["kind"]) for e in rubbers[0]["entries"][:5]]
    assert first == [
        (1, "above", 20, "meld"),
        (0, "below", 65, "tricks"),
        (1, "above", 40, "tricks"),
        (2, "above", 20, "meld"),
        (2, "above", 40, "tricks"),
    ]


def test_the_worked_cutthroat_rubber_settles_four_ways() -> None:
    data = ledger_to_data(replay(CUTTHROAT))
    assert data["sides"] == ["Anna", "Bert", "Carl", "Dave"]
    rubbers = data["rubbers"]
    assert isinstance(rubbers, list)
    assert (rubbers[0]["totals"], rubbers[0]["settlement"]) == (
        [575, 555, 1215, 65],
        [-110, -190, 2450, -2150],
    )
