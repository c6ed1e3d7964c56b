"""Reading the top of a sitting file: format and version, the game, the rules in force,
the sitting's stable id, the mark of earlier checks, and the keys of roles that belong to
another game."""

from __future__ import annotations

from jojotte_score.core.games import Game, all_games, find_game
from jojotte_score.core.model import (
    GameKey,
    Rules,
)
from jojotte_score.formats.json_fields import (
    VERSION,
    WHOLE,
    FieldReader,
    choices,
    show,
)
from jojotte_score.formats.sitting_keys import (
    EARLIER_CHECKS_KEY,
    FORMAT_NAME,
    NEWEST_VERSION,
    RULES_KEYS,
    SITTING_ID_KEY,
    SITTING_KEYS,
    game_values,
    meanings,
    needs_newer_version,
    sitting_uuid,
    version_1_values,
)
from jojotte_score.i18n import _


def read_header(top: FieldReader) -> int | None:
    """Check format and version: the version to read the file as, or None when the rest of
    the file must not be read. A missing or impossible version is read as the newest."""
    if "format" not in top.obj:
        message = _(
            'format is missing: this is not a sitting file, which starts with "format": "{name}"'
        )
        top.error(message.format(name=FORMAT_NAME), "format")
        return None
    file_format = top.obj["format"]
    if file_format != FORMAT_NAME:
        top.error(
            f'format is {show(file_format)}, not "{FORMAT_NAME}": this is not a sitting file',
            "format",
        )
        return None
    version = top.integer("version", VERSION, required=True)
    if version is not None and version > NEWEST_VERSION:
        message = _(
            "version {version} is newer than this app reads ({newest}); update jojotte-score"
        )
        top.error(message.format(version=version, newest=NEWEST_VERSION), "version")
        return None
    if version is not None and version < 1:
        message = _("version {version} does not exist; the first version is 1")
        top.error(message.format(version=version), "version")
    return version if version is not None and version >= 1 else NEWEST_VERSION


def read_rules(top: FieldReader, variant: GameKey) -> Rules:
    """The rules in force; a key that is absent or unreadable stands at its standard value."""
    standard = find_game(variant).standard_rules
    if "rules" not in top.obj:
        return standard
    value = top.obj["rules"]
    if not isinstance(value, dict):
        top.error(
            _("rules must be an object {{...}}, not {value}").format(value=show(value)), "rules"
        )
        return standard
    reader = FieldReader(value, top.problems, None, lambda: meanings({}))
    reader.check_keys(RULES_KEYS)
    game_target = reader.integer("game_target", WHOLE)
    rubber_bonus = reader.integer("rubber_bonus", WHOLE)
    top.ok = top.ok and reader.ok
    return Rules(
        game_target=standard.game_target if game_target is None else game_target,
        rubber_bonus=standard.rubber_bonus if rubber_bonus is None else rubber_bonus,
    )


def read_variant(top: FieldReader, version: int) -> GameKey | None:
    """The variant; a version-1 file knows only two players and partnerships."""
    known = game_values() if version == NEWEST_VERSION else version_1_values()
    if "variant" not in top.obj:
        top.missing("variant")
        return None
    value = top.obj["variant"]
    if not isinstance(value, str):
        message = _("{field} must be one of {choices}, not {value}")
        top.error(
            message.format(field="variant", choices=choices(known), value=show(value)), "variant"
        )
        return None
    if value not in known and needs_newer_version(value):
        message = _(
            "variant {variant} needs version {newest} of the sitting file, "
            'but the file says version {version}: write "version": {newest}'
        )
        top.error(
            message.format(variant=show(value), newest=NEWEST_VERSION, version=version), "version"
        )
    elif value not in known:
        message = _("{field} {value} is not one of {choices}")
        top.error(
            message.format(field="variant", value=show(value), choices=choices(known)), "variant"
        )
        return None
    return find_game(value).variant


def read_uuid(top: FieldReader) -> None:
    """Refuse a sitting id that is not a UUID written out in full."""
    if SITTING_ID_KEY in top.obj and sitting_uuid(top.obj[SITTING_ID_KEY]) is None:
        message = _(
            "{field} must be the sitting's id, a UUID such as "
            '"0b9d6d7e-3f52-4c39-9a43-2f1f7d0c9e5a", not {value}'
        )
        value = show(top.obj[SITTING_ID_KEY])
        top.error(message.format(field=SITTING_ID_KEY, value=value), SITTING_ID_KEY)


def read_earlier_checks(top: FieldReader) -> bool:
    """Whether the file marks the sitting as recorded under earlier checks (true, or absent
    or false for not)."""
    value = top.obj.get(EARLIER_CHECKS_KEY, False)
    if not isinstance(value, bool):
        message = _("{field} must be true or false, not {value}")
        top.error(message.format(field=EARLIER_CHECKS_KEY, value=show(value)), EARLIER_CHECKS_KEY)
        return False
    return value


def sitting_keys_2() -> tuple[str, ...]:
    """The keys of a sitting of version 2: those of version 1 and the key of the first
    rubber's roles of each game with roles (the chouette's ``"chouette"``)."""
    roles = dict.fromkeys(game.roles_key for game in all_games() if game.has_roles)
    return (*SITTING_KEYS[:5], *roles, *SITTING_KEYS[5:])


def refuse_roles(top: FieldReader, game: Game) -> None:
    """A problem for each key of another game's roles in a sitting of ``game``."""
    for other in all_games():
        key = other.roles_key
        if other.has_roles and key in top.obj and key != game.roles_key:
            message = _("{key} does not belong in a {variant} sitting, only in a {owner}")
            owner = _(other.table_word)
            top.error(message.format(key=key, variant=game.value, owner=owner), key)


def stand_in(seats: int | None) -> GameKey:
    """The game side against side that stands in for a file's unknown one, to check what
    can be checked: the one of ``seats`` players, else the first one offered; with
    ``seats`` None the one with the most seats (any of its dealers is allowed)."""
    two_sided = [game for game in all_games() if not game.per_player]
    if seats is None:
        return max(two_sided, key=lambda game: game.seats).variant
    return next((g.variant for g in two_sided if g.seats == seats), two_sided[0].variant)


def setup_for_checks(
    variant: GameKey | None, players: tuple[str, ...] | None
) -> tuple[GameKey, tuple[str, ...]]:
    """Arguments for ``check_sitting_setup`` that do not repeat a problem already reported."""
    if variant is None:
        count = len(players) if players is not None else 2
        variant = stand_in(count)
        if players is not None:
            seats = find_game(variant).seats
            players = (*players, *["?"] * seats)[:seats]
    if players is None:
        players = ("?",) * find_game(variant).seats
    return variant, players
