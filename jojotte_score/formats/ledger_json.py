"""The ledger as JSON: what ``jojotte-score score`` prints (format "jojotte-ledger", version 1)."""

from __future__ import annotations

import json

from jojotte_score.core.ledger import Ledger, RubberResult

LEDGER_FORMAT = "jojotte-ledger"
LEDGER_VERSION = 1


def ledger_to_data(ledger: Ledger) -> dict[str, object]:
    """The JSON-ready ledger: sides, rubbers with their entries and prison, unresolved prison."""
    return {
        "format": LEDGER_FORMAT,
        "version": LEDGER_VERSION,
        "sides": list(ledger.sides),
        "rules": {
            "game_target": ledger.rules.game_target,
            "rubber_bonus": ledger.rules.rubber_bonus,
        },
        "rubbers": [_rubber_to_data(r) for r in ledger.rubbers],
        "unresolved_prison": ledger.unresolved_prison,
    }


def _rubber_to_data(rubber: RubberResult) -> dict[str, object]:
    net_side, net_points = rubber.net
    return {
        "number": rubber.number,
        "winner": rubber.winner,
        "totals": list(rubber.totals),
        "net": {"side": net_side, "points": net_points},
        "game_winners": list(rubber.game_winners),
        "entries": [
            {
                "hand": e.hand,
                "side": e.side,
                "line": e.line.value,
                "points": e.points,
                "kind": e.kind.value,
            }
            for h in rubber.hands
            for e in h.entries
        ],
        "prison": [{"hand": h.number, "points": h.prison_in} for h in rubber.hands if h.prison_in],
    }


def dumps_ledger(ledger: Ledger, indent: int | None = None) -> str:
    """The ledger as JSON text ending in a newline; compact unless ``indent`` is given."""
    return json.dumps(ledger_to_data(ledger), indent=indent, ensure_ascii=False) + "\n"
