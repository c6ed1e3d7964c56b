"""Writing a sitting file: each hand and the whole sitting as JSON, one key per line and
one hand per line, replacing the file atomically."""

from __future__ import annotations

import json
from pathlib import Path

from jojotte_score.core.games import check_sitting, find_game
from jojotte_score.core.model import (
    Sitting,
)
from jojotte_score.formats.atomic import write_atomically
from jojotte_score.formats.hand_data import hand_to_data
from jojotte_score.formats.sitting_keys import EARLIER_CHECKS_KEY, FORMAT_NAME, SITTING_ID_KEY


def sitting_to_data(sitting: Sitting, sitting_id: str | None = None) -> dict[str, object]:
    """The whole sitting as a JSON-ready dict; ``rules`` only lists what differs from standard.

    Each game is written as the version it declares (two players and partnerships as
    version 1, the others as version 2), a game with roles with its first rubber's under
    its key (the chouette's ``"chouette"``). Given ``sitting_id``, the sitting's stable id
    is written as ``"uuid"``.
    """
    game = find_game(sitting.variant)
    data: dict[str, object] = {
        "format": FORMAT_NAME,
        "version": game.file_version,
    }
    if sitting_id is not None:
        data[SITTING_ID_KEY] = sitting_id
    data["variant"] = game.value
    data["players"] = list(sitting.players)
    if sitting.roles is not None:
        data[game.roles_key] = dict(zip(game.role_names, sitting.roles, strict=True))
    standard = game.standard_rules
    rules: dict[str, object] = {}
    if sitting.rules.game_target != standard.game_target:
        rules["game_target"] = sitting.rules.game_target
    if sitting.rules.rubber_bonus != standard.rubber_bonus:
        rules["rubber_bonus"] = sitting.rules.rubber_bonus
    if rules:
        data["rules"] = rules
    data["hands"] = [hand_to_data(hand) for hand in sitting.hands]
    if _fails_todays_checks(sitting):
        data[EARLIER_CHECKS_KEY] = True
    return data


def _fails_todays_checks(sitting: Sitting) -> bool:
    """Whether today's checks refuse ``sitting``: one stored under earlier checks."""
    return any(not problem.warning for problem in check_sitting(sitting))


def dumps_sitting(sitting: Sitting, sitting_id: str | None = None) -> str:
    """The sitting as JSON text: one key per line, one hand per line, ending with a newline
    (with its stable id, ``"uuid"``, when given ``sitting_id``)."""
    data = sitting_to_data(sitting, sitting_id)
    lines = ["{"]
    for index, (key, value) in enumerate(data.items()):
        comma = "," if index < len(data) - 1 else ""
        if key == "hands" and isinstance(value, list) and value:
            lines.append(f'  "{key}": [')
            last = len(value) - 1
            lines.extend(
                f"    {_compact(hand)}{',' if i < last else ''}" for i, hand in enumerate(value)
            )
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {_compact(key)}: {_compact(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_sitting(sitting: Sitting, path: Path, sitting_id: str | None = None) -> None:
    """Write the sitting to ``path`` as UTF-8 JSON, replacing the file atomically (with its
    stable id when given ``sitting_id``)."""
    write_atomically(path, dumps_sitting(sitting, sitting_id))


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)
