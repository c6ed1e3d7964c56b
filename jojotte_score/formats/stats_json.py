"""Player statistics as JSON: what ``jojotte-score stats --json`` prints (format
"jojotte-stats", version 1), beside the ledger's JSON in :mod:`.ledger_json`.

Version 1 has grown only by added keys (``defence``), so a reader of the first version
still reads it."""

from __future__ import annotations

import json
from collections.abc import Sequence

from jojotte_score.core.stats import EXCLUSIVE_KINDS, ContractKind, PlayerStats

STATS_FORMAT = "jojotte-stats"
STATS_VERSION = 1


def dumps_stats(sittings: int, players: Sequence[PlayerStats]) -> str:
    """The figures of ``players`` over ``sittings`` stored sittings as indented JSON text
    ending in a newline."""
    data = {
        "format": STATS_FORMAT,
        "version": STATS_VERSION,
        "sittings": sittings,
        "players": [stats_to_data(player) for player in players],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def stats_to_data(player: PlayerStats) -> dict[str, object]:
    """One player's figures as JSON-ready data (averages rounded to 2 decimals)."""
    average, melds = player.average_rubber, player.melds_per_hand
    contracts = {"all": player.contracts} | {
        kind.value: player.by_kind(kind) for kind in (*EXCLUSIVE_KINDS, ContractKind.DOUBLED)
    }
    return {
        "name": player.name,
        "sittings": player.sittings,
        "rubbers_played": player.rubbers_played,
        "rubbers_won": player.rubbers_won,
        "rubbers_unfinished": player.rubbers_unfinished,
        "net_points": player.net_points,
        "finished_net_points": player.finished_net_points,
        "average_rubber": None if average is None else round(average, 2),
        "hands_played": player.hands_played,
        "meld_points": player.meld_points,
        "melds_per_hand": None if melds is None else round(melds, 2),
        "contracts": {
            key: {"declared": count.declared, "made": count.made}
            for key, count in contracts.items()
        },
        "defence": {"defended": player.defended, "defeated": player.defeated},
    }
