"""What docs/architecture.md's "Adding a sixth way to play" asks beside a game's module,
checked for every game the program ships (:func:`~jojotte_score.core.games.all_games`):
its entry in the sitting file's schema, its section of docs/RULES.md, its worked example
sitting, its words in the German catalogue and the tests' entry for it. A game added to
the registry without one of them fails here, by name.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from jojotte_score.core.games import Game, all_games
from jojotte_score.formats.sitting_file import SCHEMA_FILE, load_sitting
from tests.gui.window.test_every_game import OPEN_ROWS, PRINTED, STATUS
from tests.stored_examples import GAMES, NAMES, example_path

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "jojotte_score" / "formats" / SCHEMA_FILE).read_text("utf-8"))
RULES = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
GERMAN = ROOT / "resources" / "locale" / "de" / "LC_MESSAGES" / "jojotte_score.po"

SHIPPED = all_games()
KEYS = [game.value for game in SHIPPED]


def _catalogue() -> dict[str, str]:
    with GERMAN.open("rb") as file:
        catalog = read_po(file, locale="de")
    return {str(m.id): str(m.string) for m in catalog if m.id and isinstance(m.id, str)}


def _schema_branches() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Each ``if`` of the schema's ``allOf`` on the variant: what it names, and its ``then``."""
    branches: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for branch in SCHEMA["allOf"]:
        named = branch["if"]["properties"].get("variant")
        if named is not None:
            branches.append((named, branch.get("then", {})))
    return branches


def test_the_schema_lists_the_games_the_registry_ships() -> None:
    """The schema enumerates the games' keys (JSON Schema cannot ask the registry): its
    list is the registry's, its version 1 the games that declare the first version, its
    two kinds of hands the games' ``by_seat``."""
    assert SCHEMA["properties"]["variant"]["enum"] == KEYS, "sitting.schema.json's variants"
    version_1 = next(b for b in SCHEMA["allOf"] if "version" in b["if"]["properties"])
    first = [game.value for game in SHIPPED if game.file_version == 1]
    assert version_1["then"]["properties"]["variant"]["enum"] == first
    kinds = {
        json.dumps(then["properties"]["hands"]["items"]): named["enum"]
        for named, then in _schema_branches()
        if "enum" in named
    }
    assert kinds == {
        '{"$ref": "#/$defs/hand"}': [game.value for game in SHIPPED if not game.by_seat],
        '{"$ref": "#/$defs/seatHand"}': [game.value for game in SHIPPED if game.by_seat],
    }


@pytest.mark.parametrize("game", SHIPPED, ids=KEYS)
def test_the_schema_has_the_games_own_entry(game: Game) -> None:
    """Its players and dealers: as many as its seats."""
    entries = [then for named, then in _schema_branches() if named == {"const": game.value}]
    assert len(entries) == 1, f"sitting.schema.json has no entry of its own for {game.value}"
    (then,) = entries
    players = then["properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (game.seats, game.seats)


@pytest.mark.parametrize("game", SHIPPED, ids=KEYS)
def test_the_rules_have_the_games_section(game: Game) -> None:
    """Its rulings, first to last, are in docs/RULES.md: a heading each ("### R1: Trick
    score"), or an item of the game's list of rulings ("- **T1** One column per player")."""
    match = re.fullmatch(r"([A-Z])(\d+)-\1(\d+)", game.rulings)
    assert match is not None, game.rulings
    letter, first, last = match.group(1), int(match.group(2)), int(match.group(3))
    for number in range(first, last + 1):
        ruling = f"{letter}{number}"
        pattern = rf"^(### {ruling}: |- \*\*{ruling}\*\* )"
        assert re.search(pattern, RULES, re.MULTILINE), ruling


@pytest.mark.parametrize("game", SHIPPED, ids=KEYS)
def test_the_game_has_its_worked_example_and_the_tests_entry(game: Game) -> None:
    assert game.value in GAMES
    sitting = load_sitting(example_path(game.value)).sitting
    assert sitting.variant == game.value
    assert game.column_names(sitting.players) == NAMES[game.value]
    for table in (OPEN_ROWS, PRINTED, STATUS):
        assert game.value in table


@pytest.mark.parametrize("game", SHIPPED, ids=KEYS)
def test_the_games_words_are_in_german(game: Game) -> None:
    german = _catalogue()
    words = [game.label, game.table_word, game.choice, game.players_needed, *game.seat_labels]
    words += [*game.role_labels, *game.role_meanings, *filter(None, (game.blank_roles,))]
    words += [*filter(None, (game.copy_legend,)), *(game.card_page or ())]
    assert [word for word in words if not german.get(word)] == []
