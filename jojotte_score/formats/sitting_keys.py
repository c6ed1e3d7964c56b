"""The vocabulary of a sitting file: its name and versions, its bounds, its keys, what each
required key should hold (in the words of the file's version), and a sitting's stable id."""

from __future__ import annotations

import re
from typing import Final

from jojotte_score.core.games import all_games, find_game
from jojotte_score.core.games.game import NEWEST_FILE_VERSION
from jojotte_score.formats.json_fields import (
    choices,
    show,
    translated,
)
from jojotte_score.i18n import N_, _

FORMAT_NAME: Final = "jojotte-sitting"
FORMAT_VERSION: Final = 1
"""The first version: the one the games that declare it are written as (two players and
partnerships, :attr:`~jojotte_score.core.games.game.Game.file_version`)."""
NEWEST_VERSION: Final = NEWEST_FILE_VERSION
"""The newest version this reader reads: version 1 and every game (each game is written as
the version it declares)."""

# A sitting of a thousand hands is well under 1 MiB; anything this big is not a sitting.
MAX_FILE_BYTES: Final = 64 * 1024 * 1024
MAX_HANDS: Final = 100_000
"""The most hands a sitting file may hold: an evening is 30 to 60 hands, so this is some
two thousand evenings at one table, far above any real sitting. It bounds the time and
memory a file can cost: a file with more is refused before its hands are read."""


SCHEMA_FILE: Final = "sitting.schema.json"

EARLIER_CHECKS_KEY: Final = "recorded_under_earlier_checks"
"""The key that marks a sitting recorded under earlier checks (see
:mod:`~jojotte_score.formats.earlier_checks`, imported only for such a file)."""
SITTING_ID_KEY: Final = "uuid"
"""The optional key of a sitting's stable id: the same sitting on every device (a UUID)."""
SITTING_KEYS: Final = (
    "format",
    "version",
    SITTING_ID_KEY,
    "variant",
    "players",
    "rules",
    "hands",
    EARLIER_CHECKS_KEY,
)
RULES_KEYS: Final = ("game_target", "rubber_bonus")
REQUIRED_MEANING: Final = {
    "format": N_('a sitting file starts with "format": "{name}"'),
    "version": N_("the format version, {version}"),
    "players": N_("the player names in seat order"),
    "hands": N_("the list of hands, [] when none was played yet"),
    "bidder": N_("the side that named the trump or no-trump (0 or 1)"),
    "trump": N_('"clubs", "diamonds", "hearts", "spades" or "no-trump"'),
    "card_points": N_("the card points each side took, [side 0, side 1]"),
}


def sitting_uuid(value: object) -> str | None:
    """``value`` when it is a sitting's id in its one written form (a UUID in lower case,
    with hyphens), else None."""
    if isinstance(value, str) and _UUID.fullmatch(value):
        return value
    return None


_UUID: Final = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def new_sitting_uuid() -> str:
    """A new sitting's id: a random UUID."""
    import uuid  # only when a sitting is stored: the window starts without it

    return str(uuid.uuid4())


def game_values() -> tuple[str, ...]:
    """The file's name of every game, in the order the program offers them."""
    return tuple(game.value for game in all_games())


def needs_newer_version(value: object) -> bool:
    """Whether ``value`` is a file's name of a game written as a version after the first."""
    if not isinstance(value, str) or value not in game_values():
        return False
    return find_game(value).file_version > FORMAT_VERSION


def version_1_values() -> tuple[str, ...]:
    """The games a version 1 file may name: those written as version 1."""
    return tuple(game.value for game in all_games() if game.file_version == FORMAT_VERSION)


def meanings(data: dict[object, object]) -> dict[str, str]:
    """What each required key should hold, in the words of the file's version."""
    meanings = translated(REQUIRED_MEANING)
    meanings["format"] = meanings["format"].format(name=FORMAT_NAME)
    newer = needs_newer_version(data.get("variant")) or data.get("version") == NEWEST_VERSION
    if not newer:
        meanings["version"] = meanings["version"].format(version=FORMAT_VERSION)
        meanings["variant"] = either_word(version_1_values())
        return meanings
    version = NEWEST_VERSION if needs_newer_version(data.get("variant")) else FORMAT_VERSION
    meanings["version"] = meanings["version"].format(version=version)
    meanings["variant"] = either_word(game_values())
    return meanings


def either_word(words: tuple[str, ...]) -> str:
    """'"a", "b" or "c"'."""
    # Translators: the last of a list of choices: '"a", "b" or "c"'.
    return _("{choices} or {last}").format(choices=choices(words[:-1]), last=show(words[-1]))
