"""Sitting files: the JSON record of one sitting's players, rules and hands.

The format is described in ``docs/file-format.md`` and, as far as JSON Schema can say it,
in ``sitting.schema.json`` beside this module. The reader reports every problem in a file
at once. It finds the structural ones itself (types, keys, names); the rules of the game
come from the game's checks (:func:`jojotte_score.core.games.check_sitting`), so a
hand refused here is refused with the same words by the entry panel and the storage layer.
Hands recorded by seat are read and written by :mod:`jojotte_score.formats.seat_hands`.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Final, TypeVar

from jojotte_score.core.errors import InvalidSittingError, Problem
from jojotte_score.core.games import Game, all_games, check_sitting, find_game
from jojotte_score.core.games.game import NEWEST_FILE_VERSION
from jojotte_score.core.model import (
    Doubling,
    GameKey,
    Hand,
    PlayedHand,
    RubberRoles,
    Rules,
    SeatDeal,
    SeatHand,
    Sitting,
    Special,
    ThrownIn,
    Trump,
)
from jojotte_score.core.validation import (
    check_hand,
    check_sitting_setup,
    sitting_side_names,
)
from jojotte_score.formats.atomic import write_atomically
from jojotte_score.formats.json_fields import (
    NOT_IN_THROWN_IN,
    SEAT,
    SIDE,
    VERSION,
    WHOLE,
    FieldReader,
    choices,
    show,
    translated,
)
from jojotte_score.formats.seat_hands import read_seat_deal, seat_hand_to_data
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
# What the text of a file of MAX_HANDS hands can hold: a hand is one object and a few
# lists (card points, melds, tricks); the top level a few more. Counted in the text before
# it is decoded (a "{" or "[" in a note counts too, hence the room): a file with more is
# refused in a fraction of a second, before decoding could build millions of them.
_MAX_OBJECTS: Final = 2 * MAX_HANDS + 1000
_MAX_LISTS: Final = 16 * MAX_HANDS + 1000

SCHEMA_FILE: Final = "sitting.schema.json"

EARLIER_CHECKS_KEY: Final = "recorded_under_earlier_checks"
"""The key that marks a sitting recorded under earlier checks (see
:mod:`~jojotte_score.formats.earlier_checks`, imported only for such a file)."""
SITTING_ID_KEY: Final = "uuid"
"""The optional key of a sitting's stable id: the same sitting on every device (a UUID)."""
_SITTING_KEYS: Final = (
    "format",
    "version",
    SITTING_ID_KEY,
    "variant",
    "players",
    "rules",
    "hands",
    EARLIER_CHECKS_KEY,
)
_RULES_KEYS: Final = ("game_target", "rubber_bonus")
_THROWN_IN_KEYS: Final = ("thrown_in", "dealer", "note")
_PLAYED_KEYS: Final = (
    "thrown_in",
    "dealer",
    "bidder",
    "trump",
    "double",
    "special",
    "card_points",
    "last_trick",
    "jojotte",
    "melds",
    "tricks",
    "note",
)
# What a missing required key should have said.
# What a missing required key should have said (translated where the message is written).
_REQUIRED_MEANING: Final = {
    "format": N_('a sitting file starts with "format": "{name}"'),
    "version": N_("the format version, {version}"),
    "players": N_("the player names in seat order"),
    "hands": N_("the list of hands, [] when none was played yet"),
    "bidder": N_("the side that named the trump or no-trump (0 or 1)"),
    "trump": N_('"clubs", "diamonds", "hearts", "spades" or "no-trump"'),
    "card_points": N_("the card points each side took, [side 0, side 1]"),
}

_H = TypeVar("_H")


@dataclass(frozen=True, slots=True)
class LoadedSitting:
    """A sitting read from a file, with the warnings (doubtful but accepted input) found:
    a :class:`~jojotte_score.core.model.Sitting` of any game."""

    sitting: Sitting
    warnings: tuple[Problem, ...]
    earlier_checks: bool = False
    """Whether the file marks the sitting as recorded under earlier checks (see
    :mod:`~jojotte_score.formats.earlier_checks`): storing it tolerates the same problems."""
    uuid: str | None = None
    """The sitting's stable id (``"uuid"``, lower-case), None when the file has none."""


# Reading -------------------------------------------------------------------------------


def parse_sitting(data: object) -> LoadedSitting:
    """Build a sitting from decoded JSON; raises :class:`InvalidSittingError` with every problem."""
    return _parse_sitting(data, "")


def loads_sitting(text: str | bytes) -> LoadedSitting:
    """Build a sitting from JSON text (bytes must be UTF-8); raises :class:`InvalidSittingError`."""
    return _loads_sitting(text, "")


def load_sitting(path: Path) -> LoadedSitting:
    """Read a sitting file; problems are reported with ``source`` set to the file's name.

    Files over :data:`MAX_FILE_BYTES` are refused unread. A file that cannot be opened, or
    that is not a regular file (see :func:`check_regular_file`), raises :class:`OSError`.
    """
    with _open_regular_file(path) as handle:
        too_big = os.fstat(handle.fileno()).st_size > MAX_FILE_BYTES
        raw = b"" if too_big else handle.read(MAX_FILE_BYTES + 1)
    if too_big or len(raw) > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES // (1024 * 1024)
        message = _("the file is larger than {limit} MiB, far too big for a sitting file")
        problem = Problem(message.format(limit=limit))
        raise InvalidSittingError([problem], path.name)
    return _loads_sitting(raw, path.name)


def check_regular_file(path: Path) -> None:
    """Raise :class:`OSError`, with a reason a player understands, unless ``path`` is a
    regular file (or a symbolic link to one) that can be opened for reading.

    A named pipe, a device or a folder is refused without waiting on it, and so are a
    dangling link and a loop of links.
    """
    with _open_regular_file(path):
        pass


def _open_regular_file(path: Path) -> BinaryIO:
    # Opened without blocking: opening a named pipe for reading would otherwise wait for a
    # writer, forever. Reading a regular file is the same either way.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError as error:
        if not path.is_symlink():
            raise
        reason = _("a symbolic link to {target}, which does not exist")
        reason = reason.format(target=os.readlink(path))
        raise FileNotFoundError(errno.ENOENT, reason, str(path)) from error
    except OSError as error:
        if error.errno != errno.ELOOP:
            raise
        reason = _("a loop of symbolic links, which leads to no file")
        raise OSError(errno.ELOOP, reason, str(path)) from error
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        kind = _FILE_KINDS.get(stat.S_IFMT(mode), _NOT_REGULAR)
        raise OSError(errno.EINVAL, _(kind), str(path))
    return os.fdopen(descriptor, "rb")


_FILE_KINDS: Final = {
    stat.S_IFDIR: N_("a folder, not a sitting file"),
    stat.S_IFIFO: N_("a named pipe, not a sitting file"),
    stat.S_IFSOCK: N_("a socket, not a sitting file"),
    stat.S_IFCHR: N_("a device, not a sitting file"),
    stat.S_IFBLK: N_("a device, not a sitting file"),
}
_NOT_REGULAR: Final = N_("not a regular file, not a sitting file")


def hand_from_data(
    data: object,
    number: int,
    variant: GameKey,
    *,
    checked: bool = True,
    names: tuple[str, str] | None = None,
) -> Hand:
    """Build hand ``number`` of a sitting recorded side against side (two players,
    partnerships, the chouette's box against its team) from decoded JSON.

    In the chouette only the hand itself is checked here (its dealer a seat of the three);
    whether the dealer is the rubber's box or captain needs the hands before it
    (``check_sitting``). Raises :class:`InvalidSittingError` with every error; warnings
    are not reported here (``check_hand`` returns them). ``checked=False`` skips the rules
    of the game and reads the structure only: for hands that passed ``check_hand`` when
    they were stored, which must still open when a later version checks more. ``names``
    are the sides' names for the messages (see ``check_hand``).
    """
    hand, problems = _read_hand(data, number, variant, names, checked=checked)
    errors = [p for p in problems if not p.warning]
    if hand is None or errors:
        raise InvalidSittingError(errors)
    return hand


def seat_hand_from_data(
    data: object,
    number: int,
    variant: GameKey,
    *,
    checked: bool = True,
    names: tuple[str, ...] | None = None,
) -> SeatDeal:
    """Build hand ``number`` of a three-player or cutthroat sitting from decoded JSON.

    Raises :class:`InvalidSittingError` with every error. ``checked=False`` reads the
    structure only (see :func:`hand_from_data`); ``names`` are the players' names in seat
    order, for the messages of T16 (and F2 in cutthroat).
    """
    problems: list[Problem] = []
    game = find_game(variant)
    hand = read_seat_deal(data, number, game.seats, problems)
    if hand is not None and checked:
        problems.extend(game.check_seat_hand(hand, number, names))
    errors = [p for p in problems if not p.warning]
    if hand is None or errors:
        raise InvalidSittingError(errors)
    return hand


def sitting_schema() -> dict[str, object]:
    """The JSON Schema (draft 2020-12) of the sitting file format, as shipped with the package."""
    from importlib import resources  # here, not at start-up, which reads no schema

    text = resources.files(__package__ or "jojotte_score.formats").joinpath(SCHEMA_FILE)
    schema: dict[str, object] = json.loads(text.read_text(encoding="utf-8"))
    return schema


class _RepeatedKeysObject(dict[str, object]):
    """A decoded JSON object in which some key appeared more than once (the last one kept)."""

    repeated: tuple[str, ...] = ()


def _object_from_pairs(pairs: list[tuple[str, object]]) -> dict[str, object]:
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    marked = _RepeatedKeysObject(obj)
    seen: set[str] = set()
    repeated: list[str] = []
    for key, _value in pairs:
        if key in seen and key not in repeated:
            repeated.append(key)
        seen.add(key)
    marked.repeated = tuple(repeated)
    return marked


class _NonFiniteNumberError(ValueError):
    """NaN, Infinity or -Infinity, which Python's decoder would otherwise accept."""


def _refuse_constant(name: str) -> object:
    raise _NonFiniteNumberError(name)


def _loads_sitting(text: str | bytes, source: str) -> LoadedSitting:
    def refuse(message: str) -> InvalidSittingError:
        return InvalidSittingError([Problem(message)], source)

    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            byte = error.object[error.start]
            line = error.object.count(b"\n", 0, error.start) + 1
            message = _(
                "the file is not UTF-8 text (byte {byte} on line {line}, at offset {offset})"
            )
            raise refuse(
                message.format(byte=f"{byte:#04x}", line=line, offset=error.start)
            ) from None
    text = text.removeprefix("\ufeff")  # A byte order mark, as some Windows editors write.
    if not text.strip():
        raise refuse(_("the file is empty: a sitting file holds a JSON object"))
    if text.count("{") > _MAX_OBJECTS or text.count("[") > _MAX_LISTS:
        message = _(
            "the file holds far more than {limit} hands' worth of objects and lists; a sitting "
            "file holds at most {limit} hands"
        )
        raise refuse(message.format(limit=MAX_HANDS))
    try:
        data = json.loads(
            text, parse_constant=_refuse_constant, object_pairs_hook=_object_from_pairs
        )
    except json.JSONDecodeError as error:
        # Translators: {detail} is Python's own reason, in English ("Expecting value").
        message = _("not valid JSON: {detail} (line {line}, column {column})")
        detail = message.format(detail=error.msg, line=error.lineno, column=error.colno)
        raise refuse(detail) from None
    except _NonFiniteNumberError as error:
        message = _("not valid JSON: {word} is not a number JSON allows")
        raise refuse(message.format(word=error)) from None
    except ValueError:  # Python refuses to convert integers of more than 4300 digits.
        message = _("not valid JSON for a sitting: a number with thousands of digits")
        raise refuse(message) from None
    except RecursionError:
        raise refuse(_("the file nests lists or objects too deeply to read")) from None
    return _parse_sitting(data, source, consume=True)


def _parse_sitting(data: object, source: str, *, consume: bool = False) -> LoadedSitting:
    """The sitting ``data`` holds; with ``consume``, ``data`` was decoded for this alone,
    and its hands are let go as they are read (see :func:`_read_hands`)."""
    problems: list[Problem] = []
    try:
        sitting = _read_sitting(data, problems, consume=consume)
    except RecursionError:  # Only reachable with decoded data built in Python.
        problems.append(Problem(_("the data nests lists or objects too deeply to read")))
        sitting = None
    errors = [p for p in problems if not p.warning]
    if sitting is None or errors:
        raise InvalidSittingError(errors, source)
    earlier = isinstance(data, dict) and data.get(EARLIER_CHECKS_KEY) is True
    sitting_id = sitting_uuid(data.get(SITTING_ID_KEY)) if isinstance(data, dict) else None
    return LoadedSitting(sitting, tuple(p for p in problems if p.warning), earlier, sitting_id)


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


def _read_uuid(top: FieldReader) -> None:
    """Refuse a sitting id that is not a UUID written out in full."""
    if SITTING_ID_KEY in top.obj and sitting_uuid(top.obj[SITTING_ID_KEY]) is None:
        message = _(
            "{field} must be the sitting's id, a UUID such as "
            '"0b9d6d7e-3f52-4c39-9a43-2f1f7d0c9e5a", not {value}'
        )
        value = show(top.obj[SITTING_ID_KEY])
        top.error(message.format(field=SITTING_ID_KEY, value=value), SITTING_ID_KEY)


def _read_sitting(
    data: object, problems: list[Problem], *, consume: bool = False
) -> Sitting | None:
    if not isinstance(data, dict):
        problems.append(
            Problem(
                _("a sitting file holds a JSON object {{...}}, not {value}").format(
                    value=show(data)
                )
            )
        )
        return None
    top = FieldReader(data, problems, None, lambda: _meanings(data))
    version = _read_header(top)
    if version is None:
        return None
    top.check_keys(_SITTING_KEYS if version == FORMAT_VERSION else _sitting_keys_2())
    _read_uuid(top)
    variant = _read_variant(top, version)
    players = top.strings("players")
    rules = _read_rules(top, variant or _stand_in(2))
    if variant is not None and find_game(variant).per_player:
        return _read_individual(top, variant, players, rules, consume=consume)
    if variant is not None:
        _refuse_roles(top, find_game(variant))

    earlier = _read_earlier_checks(top)
    setup_variant, setup_players = _setup_for_checks(variant, players)
    setup = check_sitting_setup(find_game(setup_variant), setup_players, rules)
    if earlier:
        from jojotte_score.formats.earlier_checks import tolerated_setup

        setup = tolerated_setup(setup, setup_variant, setup_players, rules)
    problems.extend(setup)

    # Without a known variant, the hands are still checked, allowing any of four dealers.
    names = None
    if variant is not None and players is not None:
        names = sitting_side_names(find_game(variant), players)
    hands = _read_hands(top, variant or _stand_in(None), names, earlier=earlier, consume=consume)
    if not top.ok or variant is None or players is None or hands is None:
        return None
    return Sitting(variant=variant, players=players, hands=hands, rules=rules)


def _sitting_keys_2() -> tuple[str, ...]:
    """The keys of a sitting of version 2: those of version 1 and the key of the first
    rubber's roles of each game with roles (the chouette's ``"chouette"``)."""
    roles = dict.fromkeys(game.roles_key for game in all_games() if game.has_roles)
    return (*_SITTING_KEYS[:5], *roles, *_SITTING_KEYS[5:])


def _game_values() -> tuple[str, ...]:
    """The file's name of every game, in the order the program offers them."""
    return tuple(game.value for game in all_games())


def _needs_newer_version(value: object) -> bool:
    """Whether ``value`` is a file's name of a game written as a version after the first."""
    if not isinstance(value, str) or value not in _game_values():
        return False
    return find_game(value).file_version > FORMAT_VERSION


def _refuse_roles(top: FieldReader, game: Game) -> None:
    """A problem for each key of another game's roles in a sitting of ``game``."""
    for other in all_games():
        key = other.roles_key
        if other.has_roles and key in top.obj and key != game.roles_key:
            message = _("{key} does not belong in a {variant} sitting, only in a {owner}")
            owner = _(other.table_word)
            top.error(message.format(key=key, variant=game.value, owner=owner), key)


def _stand_in(seats: int | None) -> GameKey:
    """The game side against side that stands in for a file's unknown one, to check what
    can be checked: the one of ``seats`` players, else the first one offered; with
    ``seats`` None the one with the most seats (any of its dealers is allowed)."""
    two_sided = [game for game in all_games() if not game.per_player]
    if seats is None:
        return max(two_sided, key=lambda game: game.seats).variant
    return next((g.variant for g in two_sided if g.seats == seats), two_sided[0].variant)


def _version_1_values() -> tuple[str, ...]:
    """The games a version 1 file may name: those written as version 1."""
    return tuple(game.value for game in all_games() if game.file_version == FORMAT_VERSION)


def _read_earlier_checks(top: FieldReader) -> bool:
    """Whether the file marks the sitting as recorded under earlier checks (true, or absent
    or false for not)."""
    value = top.obj.get(EARLIER_CHECKS_KEY, False)
    if not isinstance(value, bool):
        message = _("{field} must be true or false, not {value}")
        top.error(message.format(field=EARLIER_CHECKS_KEY, value=show(value)), EARLIER_CHECKS_KEY)
        return False
    return value


def _meanings(data: dict[object, object]) -> dict[str, str]:
    """What each required key should hold, in the words of the file's version."""
    meanings = translated(_REQUIRED_MEANING)
    meanings["format"] = meanings["format"].format(name=FORMAT_NAME)
    newer = _needs_newer_version(data.get("variant")) or data.get("version") == NEWEST_VERSION
    if not newer:
        meanings["version"] = meanings["version"].format(version=FORMAT_VERSION)
        meanings["variant"] = _either_word(_version_1_values())
        return meanings
    version = NEWEST_VERSION if _needs_newer_version(data.get("variant")) else FORMAT_VERSION
    meanings["version"] = meanings["version"].format(version=version)
    meanings["variant"] = _either_word(_game_values())
    return meanings


def _hand_meanings() -> dict[str, str]:
    """What each required key of a hand should hold."""
    return _meanings({})


def _either_word(words: tuple[str, ...]) -> str:
    """'"a", "b" or "c"'."""
    # Translators: the last of a list of choices: '"a", "b" or "c"'.
    return _("{choices} or {last}").format(choices=choices(words[:-1]), last=show(words[-1]))


def _read_variant(top: FieldReader, version: int) -> GameKey | None:
    """The variant; a version-1 file knows only two players and partnerships."""
    known = _game_values() if version == NEWEST_VERSION else _version_1_values()
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
    if value not in known and _needs_newer_version(value):
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


def _read_individual(
    top: FieldReader,
    variant: GameKey,
    players: tuple[str, ...] | None,
    rules: Rules,
    *,
    consume: bool = False,
) -> Sitting | None:
    """A sitting of the three-player game, the chouette or cutthroat (section 4 of the
    rulings): the structure read here, the rules of the game by ``check_sitting``. With
    ``consume`` each decoded hand is let go once read, as in :func:`_read_hands`."""
    game = find_game(variant)
    seats = game.seats
    roles = _read_roles(top, game)
    value = top.obj.get("hands")
    if "hands" not in top.obj:
        top.missing("hands")
    elif not isinstance(value, list):
        message = _("hands must be a list of hands [...], not {value}")
        top.error(message.format(value=show(value)), "hands")
    items = value if isinstance(value, list) else []
    seat_hands: list[SeatDeal | None] = []
    side_hands: list[Hand | None] = []
    reader = _hand_reader()
    for number, item in enumerate(items, start=1):
        if consume:
            items[number - 1] = None
        if not game.by_seat:
            hand, found = _read_hand(item, number, variant, None, checked=False, reader=reader)
            side_hands.append(hand)
        else:
            found = []
            seat_hands.append(read_seat_deal(item, number, seats, found))
        top.problems.extend(found)
        if found:
            top.ok = False
    names = (
        players
        if players is not None
        else tuple(_("player {seat}").format(seat=s) for s in range(seats))
    )
    structure_sound = top.ok
    problems = _individual_rules(variant, names, rules, roles, seat_hands, side_hands, top)
    if _read_earlier_checks(top):
        from jojotte_score.formats.earlier_checks import tolerated_setup

        problems = tolerated_setup(problems, variant, names, rules)
        top.problems.extend(p for p in problems if p.warning)
        problems = [p for p in problems if not p.warning]
    top.problems.extend(problems)
    top.problems.sort(key=lambda p: (p.hand is not None, p.hand or 0))
    refused = any(not p.warning for p in problems)  # a warning loads (an unbid slam, R6)
    if not structure_sound or refused or players is None or not isinstance(value, list):
        top.ok = False
        return None
    if not find_game(variant).by_seat:
        hands = tuple(hand for hand in side_hands if hand is not None)
        return Sitting(variant, players, hands, rules, roles=roles)
    deals = tuple(hand for hand in seat_hands if hand is not None)
    return Sitting(variant, players, deals, rules)


def _read_roles(top: FieldReader, game: Game) -> RubberRoles | None:
    """The first rubber's roles, in a game with roles: an object of the seat of each of its
    roles under the game's key (the chouette's ``"chouette": {"box": 0, "captain": 1}``);
    None when absent or unreadable."""
    _refuse_roles(top, game)
    key = game.roles_key
    if not game.has_roles or key not in top.obj:
        return None
    value = top.obj[key]
    if not isinstance(value, dict):
        # Translators: one member of the object of the roles, "box": seat.
        shape = ", ".join(_('"{role}": seat').format(role=role) for role in game.role_names)
        message = _("{key} must be an object {{{shape}}}, not {value}")
        top.error(message.format(key=key, shape=shape, value=show(value)), key)
        return None
    meanings = dict(zip(game.role_names, game.role_meanings, strict=True))
    reader = FieldReader(value, top.problems, None, lambda: translated(meanings))
    reader.check_keys(game.role_names)
    seats = [reader.integer(role, SEAT, required=True) for role in game.role_names]
    top.ok = top.ok and reader.ok
    if not reader.ok or any(seat is None for seat in seats):
        return None
    return game.make_roles([seat for seat in seats if seat is not None])


def _individual_rules(
    variant: GameKey,
    names: tuple[str, ...],
    rules: Rules,
    roles: RubberRoles | None,
    seat_hands: list[SeatDeal | None],
    side_hands: list[Hand | None],
    top: FieldReader,
) -> list[Problem]:
    """The rules of the game (``check_sitting``) for the hands up to the first one whose
    structure is not sound; the hands after it one by one, where a hand can be checked
    alone (not in the chouette, whose roles follow the rubbers)."""
    game = find_game(variant)
    if game.has_roles and roles is None and game.roles_key in top.obj:
        return check_sitting_setup(game, names, rules)  # the roles' own problem is noted
    if not game.by_seat:
        prefix: tuple[Hand, ...] = _sound_prefix(side_hands)
        return check_sitting(Sitting(variant, names, prefix, rules, roles=roles))
    deals: tuple[SeatDeal, ...] = _sound_prefix(seat_hands)
    problems = check_sitting(Sitting(variant, names, deals, rules))
    if check_sitting_setup(game, names, rules):
        names = tuple(_("player {seat}").format(seat=seat) for seat in range(game.seats))
    for number, hand in enumerate(seat_hands[len(deals) :], start=len(deals) + 1):
        if hand is not None:
            problems.extend(game.check_seat_hand(hand, number, names))
    return problems


def _sound_prefix(hands: list[_H | None]) -> tuple[_H, ...]:
    """The hands before the first one whose structure is not sound."""
    prefix: list[_H] = []
    for hand in hands:
        if hand is None:
            break
        prefix.append(hand)
    return tuple(prefix)


def _read_header(top: FieldReader) -> int | None:
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


def _read_rules(top: FieldReader, variant: GameKey) -> Rules:
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
    reader = FieldReader(value, top.problems, None, lambda: _meanings({}))
    reader.check_keys(_RULES_KEYS)
    game_target = reader.integer("game_target", WHOLE)
    rubber_bonus = reader.integer("rubber_bonus", WHOLE)
    top.ok = top.ok and reader.ok
    return Rules(
        game_target=standard.game_target if game_target is None else game_target,
        rubber_bonus=standard.rubber_bonus if rubber_bonus is None else rubber_bonus,
    )


def _setup_for_checks(
    variant: GameKey | None, players: tuple[str, ...] | None
) -> tuple[GameKey, tuple[str, ...]]:
    """Arguments for ``check_sitting_setup`` that do not repeat a problem already reported."""
    if variant is None:
        count = len(players) if players is not None else 2
        variant = _stand_in(count)
        if players is not None:
            seats = find_game(variant).seats
            players = (*players, *["?"] * seats)[:seats]
    if players is None:
        players = ("?",) * find_game(variant).seats
    return variant, players


def _read_hands(
    top: FieldReader,
    variant: GameKey,
    names: tuple[str, str] | None,
    *,
    earlier: bool = False,
    consume: bool = False,
) -> tuple[Hand, ...] | None:
    """The sitting's hands, or None when one of them cannot be read.

    With ``consume`` the decoded hands are the reader's own (decoded from the file's text
    just now, and seen by nobody else): each is let go as soon as it is read, so the
    decoded list and the hands read are never all alive at once. Reading 100,000 hands
    took 0.92-0.97 s so, and 1.12-1.20 s keeping them, the garbage collector's share
    0.11-0.13 s against 0.21-0.24 s (benchmarks/README.md, "Rubber by rubber")."""
    if "hands" not in top.obj:
        top.missing("hands")
        return None
    value = top.obj["hands"]
    if not isinstance(value, list):
        message = _("hands must be a list of hands [...], not {value}")
        top.error(message.format(value=show(value)), "hands")
        return None
    if len(value) > MAX_HANDS:
        message = _("the sitting has {count} hands; a sitting file holds at most {limit}")
        top.error(message.format(count=len(value), limit=MAX_HANDS), "hands")
        return None
    hands: list[Hand] = []
    if earlier:
        from jojotte_score.formats.earlier_checks import as_earlier, tolerated_in_hand
    reader = _hand_reader()
    for number, item in enumerate(value, start=1):
        if consume:
            value[number - 1] = None
        hand, problems = _read_hand(item, number, variant, names, reader=reader)
        if earlier:
            played = hand if isinstance(hand, PlayedHand) else None
            problems = [as_earlier(p) if tolerated_in_hand(p, played) else p for p in problems]
        top.problems.extend(problems)
        if hand is None or (problems and any(not p.warning for p in problems)):
            top.ok = False
        else:
            hands.append(hand)
    return tuple(hands)


def _read_hand(
    data: object,
    number: int,
    variant: GameKey,
    names: tuple[str, str] | None,
    *,
    checked: bool = True,
    reader: FieldReader | None = None,
) -> tuple[Hand | None, list[Problem]]:
    """The hand (None when it is not structurally sound) and every problem found with it;
    ``names`` are the sides' names for the messages, when the players are known.
    ``checked=False`` reports the problems of structure only. ``reader`` is the reader of
    the sitting's hands (:func:`_hand_reader`), when there is one."""
    problems: list[Problem] = []
    if not isinstance(data, dict):
        message = _("a hand must be a JSON object {{...}}, not {value}")
        problems.append(Problem(message.format(value=show(data)), number))
        return None, problems
    if reader is None:
        reader = _hand_reader()
    reader.read(data, problems, number)
    thrown_in = data.get("thrown_in", False)
    if not isinstance(thrown_in, bool):
        message = _("thrown_in must be true or false, not {value}")
        reader.error(message.format(value=show(thrown_in)), "thrown_in")
    hand: Hand | None = _read_thrown_in(reader) if thrown_in is True else _read_played(reader)
    if hand is None or not reader.ok:
        return None, problems
    if checked:
        problems.extend(check_hand(hand, find_game(variant), number, names))
    return hand, problems


def _hand_reader() -> FieldReader:
    """A reader for hands, each given to it with :meth:`FieldReader.read`."""
    return FieldReader({}, [], None, _hand_meanings)


def _read_thrown_in(reader: FieldReader) -> ThrownIn | None:
    reader.check_keys(_THROWN_IN_KEYS, NOT_IN_THROWN_IN, _PLAYED_KEYS)
    dealer = reader.integer("dealer", SEAT, nullable=True)
    note = reader.text("note", "")
    if not reader.ok or note is None:
        return None
    return ThrownIn(dealer=dealer, note=note)


def _read_played(reader: FieldReader) -> PlayedHand | None:
    """A played hand, read in one pass: each field's common value (a small whole number, a
    word of its choice, a pair of small whole numbers, absent) is taken with one test, and
    anything else is left to the reader's own check of that field, which accepts what it
    accepts and words what is wrong. Read with the reader's call for every field, 100,000
    hands took 0.6-0.7 s; in one pass, 0.25-0.35 s (the collector off, a busy 2-core
    machine; benchmarks/README.md, "One pass through a hand")."""
    obj = reader.obj
    if type(obj) is not dict or not obj.keys() <= _PLAYED_KEY_SET:  # repeated keys: a subclass
        reader.check_keys(_PLAYED_KEYS)
    get = obj.get
    dealer = get("dealer")
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer <= _SMALL):
        dealer = reader.integer("dealer", SEAT, nullable=True)
    bidder = get("bidder")
    if type(bidder) is not int or not 0 <= bidder <= _SMALL:
        bidder = reader.integer("bidder", SIDE, required=True)
    trump = get("trump")
    trump = _TRUMPS.get(trump) if type(trump) is str else None
    if trump is None:
        trump = reader.choice("trump", Trump)
    double = get("double", _NOT_DOUBLED)
    double = _DOUBLINGS.get(double) if type(double) is str else None
    if double is None:
        double = reader.choice("double", Doubling, Doubling.NONE)
    special = get("special", _NOT_SPECIAL)
    special = _SPECIALS.get(special) if type(special) is str else None
    if special is None:
        special = reader.choice("special", Special, Special.NONE)
    card_points = _small_pair(get("card_points")) or reader.pair("card_points")
    if card_points is None and "card_points" not in obj:
        reader.missing("card_points")
    last_trick = get("last_trick")
    if last_trick is not None and (type(last_trick) is not int or not 0 <= last_trick <= _SMALL):
        last_trick = reader.integer("last_trick", SIDE, nullable=True)
    jojotte = get("jojotte")
    if jojotte is not None and (type(jojotte) is not int or not 0 <= jojotte <= _SMALL):
        jojotte = reader.integer("jojotte", SIDE, nullable=True)
    melds = get("melds", _NO_MELDS)
    if melds is not _NO_MELDS:
        melds = _small_pair(melds) or reader.pair("melds")
    tricks = get("tricks")
    if tricks is not None:
        tricks = reader.pair("tricks", nullable=True)
    note = reader.text("note", "") if "note" in obj else ""
    if (
        not reader.ok
        or bidder is None
        or trump is None
        or double is None
        or special is None
        or card_points is None
        or note is None
    ):
        return None
    # Built by tuple.__new__, every field in order: the named tuple's own constructor is a
    # Python function, some two and a half times as long (timeit, Python 3.11).
    hand: PlayedHand = tuple.__new__(
        PlayedHand,
        (
            bidder,
            trump,
            card_points,
            last_trick,
            double,
            special,
            melds,
            jojotte,
            tricks,
            dealer,
            note,
        ),
    )
    return hand


_PLAYED_KEY_SET: Final = frozenset(_PLAYED_KEYS)
_SMALL: Final = 10_000
"""The largest whole number a played hand's field is taken as without the reader's own
check (which takes any JSON holds exactly): more than any sound hand holds."""
_NO_MELDS: Final = (0, 0)
_NOT_DOUBLED: Final = Doubling.NONE.value
_NOT_SPECIAL: Final = Special.NONE.value
_TRUMPS: Final = {trump.value: trump for trump in Trump}
_DOUBLINGS: Final = {double.value: double for double in Doubling}
_SPECIALS: Final = {special.value: special for special in Special}


def _small_pair(value: object) -> tuple[int, int] | None:
    """``value`` as a pair when it is two small whole numbers, the common case, accepted
    with one test; None for anything else, which the field reader checks and words."""
    if type(value) is list and len(value) == 2:
        first, second = value
        if (
            type(first) is int
            and type(second) is int
            and 0 <= first <= _SMALL
            and 0 <= second <= _SMALL
        ):
            return first, second
    return None


# Writing -------------------------------------------------------------------------------


def hand_to_data(hand: Hand | SeatHand) -> dict[str, object]:
    """One hand as a JSON-ready dict; keys holding their default value are left out.

    A hand recorded by seat (the three-player game, cutthroat) has the keys of T3.
    """
    if isinstance(hand, SeatHand):
        return seat_hand_to_data(hand)
    data: dict[str, object] = {}
    if hand.dealer is not None:
        data["dealer"] = hand.dealer
    if isinstance(hand, ThrownIn):
        data["thrown_in"] = True
    else:
        data["bidder"] = hand.bidder
        data["trump"] = hand.trump.value
        if hand.double is not Doubling.NONE:
            data["double"] = hand.double.value
        if hand.special is not Special.NONE:
            data["special"] = hand.special.value
        data["card_points"] = list(hand.card_points)
        if hand.last_trick is not None:
            data["last_trick"] = hand.last_trick
        if hand.jojotte is not None:
            data["jojotte"] = hand.jojotte
        if hand.melds != (0, 0):
            data["melds"] = list(hand.melds)
        if hand.tricks is not None:
            data["tricks"] = list(hand.tricks)
    if hand.note:
        data["note"] = hand.note
    return data


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
