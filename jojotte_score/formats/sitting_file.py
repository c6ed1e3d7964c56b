"""Sitting files: the JSON record of one sitting's players, rules and hands.

The format is described in ``docs/file-format.md`` and, as far as JSON Schema can say it,
in ``sitting.schema.json`` beside this module. The reader reports every problem in a file
at once. It finds the structural ones itself (types, keys, names); the rules of the game
come from :mod:`jojotte_score.core.validation`, so a hand refused here is refused with the
same words by the entry panel and the storage layer.
"""

from __future__ import annotations

import enum
import errno
import json
import os
import stat
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import BinaryIO, Final, TypeVar

from jojotte_score.core.errors import InvalidSittingError, Problem
from jojotte_score.core.model import (
    Doubling,
    Hand,
    PlayedHand,
    Rules,
    Sitting,
    Special,
    ThrownIn,
    Trump,
    Variant,
)
from jojotte_score.core.validation import check_hand, check_sitting_setup, sitting_side_names
from jojotte_score.formats.atomic import write_atomically

FORMAT_NAME: Final = "jojotte-sitting"
FORMAT_VERSION: Final = 1

# A sitting of a thousand hands is well under 1 MiB; anything this big is not a sitting.
MAX_FILE_BYTES: Final = 64 * 1024 * 1024
# The largest integer every JSON reader holds exactly; larger numbers are refused.
MAX_JSON_INTEGER: Final = 2**53 - 1

SCHEMA_FILE: Final = "sitting.schema.json"

_SITTING_KEYS: Final = ("format", "version", "variant", "players", "rules", "hands")
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
_REQUIRED_MEANING: Final = {
    "format": f'a sitting file starts with "format": "{FORMAT_NAME}"',
    "version": f"the format version, {FORMAT_VERSION}",
    "variant": '"two-player" or "partnership"',
    "players": "the player names in seat order",
    "hands": "the list of hands, [] when none was played yet",
    "bidder": "the side that named the trump or no-trump (0 or 1)",
    "trump": '"clubs", "diamonds", "hearts", "spades" or "no-trump"',
    "card_points": "the card points each side took, [side 0, side 1]",
}
_SIDE: Final = "a side (0 or 1)"
_SEAT: Final = "a seat number"
_WHOLE: Final = "a whole number"

_E = TypeVar("_E", bound=enum.Enum)


@dataclass(frozen=True, slots=True)
class LoadedSitting:
    """A sitting read from a file, with the warnings (doubtful but accepted input) found."""

    sitting: Sitting
    warnings: tuple[Problem, ...]


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
        problem = Problem(f"the file is larger than {limit} MiB, far too big for a sitting file")
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
        reason = f"a symbolic link to {os.readlink(path)}, which does not exist"
        raise FileNotFoundError(errno.ENOENT, reason, str(path)) from error
    except OSError as error:
        if error.errno != errno.ELOOP:
            raise
        reason = "a loop of symbolic links, which leads to no file"
        raise OSError(errno.ELOOP, reason, str(path)) from error
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        kind = _FILE_KINDS.get(stat.S_IFMT(mode), "not a regular file")
        raise OSError(errno.EINVAL, f"{kind}, not a sitting file", str(path))
    return os.fdopen(descriptor, "rb")


_FILE_KINDS: Final = {
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a named pipe",
    stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
}


def hand_from_data(
    data: object,
    number: int,
    variant: Variant,
    *,
    checked: bool = True,
    names: tuple[str, str] | None = None,
) -> Hand:
    """Build hand ``number`` of a sitting from decoded JSON.

    Raises :class:`InvalidSittingError` with every error; warnings are not reported here
    (``check_hand`` returns them). ``checked=False`` skips the rules of the game and reads
    the structure only: for hands that passed ``check_hand`` when they were stored, which
    must still open when a later version checks more. ``names`` are the sides' names for
    the messages (see ``check_hand``).
    """
    hand, problems = _read_hand(data, number, variant, names, checked=checked)
    errors = [p for p in problems if not p.warning]
    if hand is None or errors:
        raise InvalidSittingError(errors)
    return hand


def sitting_schema() -> dict[str, object]:
    """The JSON Schema (draft 2020-12) of the sitting file format, as shipped with the package."""
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
    for key, _ in pairs:
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
            raise refuse(
                f"the file is not UTF-8 text (byte {byte:#04x} on line {line}, "
                f"at offset {error.start})"
            ) from None
    text = text.removeprefix("\ufeff")  # A byte order mark, as some Windows editors write.
    if not text.strip():
        raise refuse("the file is empty: a sitting file holds a JSON object")
    try:
        data = json.loads(
            text, parse_constant=_refuse_constant, object_pairs_hook=_object_from_pairs
        )
    except json.JSONDecodeError as error:
        raise refuse(
            f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except _NonFiniteNumberError as error:
        raise refuse(f"not valid JSON: {error} is not a number JSON allows") from None
    except ValueError:  # Python refuses to convert integers of more than 4300 digits.
        raise refuse("not valid JSON for a sitting: a number with thousands of digits") from None
    except RecursionError:
        raise refuse("the file nests lists or objects too deeply to read") from None
    return _parse_sitting(data, source)


def _parse_sitting(data: object, source: str) -> LoadedSitting:
    problems: list[Problem] = []
    try:
        sitting = _read_sitting(data, problems)
    except RecursionError:  # Only reachable with decoded data built in Python.
        problems.append(Problem("the data nests lists or objects too deeply to read"))
        sitting = None
    errors = [p for p in problems if not p.warning]
    if sitting is None or errors:
        raise InvalidSittingError(errors, source)
    return LoadedSitting(sitting, tuple(p for p in problems if p.warning))


class _Reader:
    """Reads the keys of one JSON object, noting each problem; ``ok`` is False after one."""

    def __init__(self, obj: dict[object, object], problems: list[Problem], hand: int | None):
        self.obj = obj
        self.problems = problems
        self.hand = hand
        self.ok = True

    def error(self, message: str, field: str | None) -> None:
        self.ok = False
        self.problems.append(Problem(message, self.hand, field))

    def check_keys(self, allowed: tuple[str, ...], misplaced: str = "") -> None:
        """Refuse keys that are not strings, repeated keys and unknown keys."""
        for key in getattr(self.obj, "repeated", ()):
            self.error(f"key {_show(key)} appears more than once", key)
        for key in self.obj:
            if not isinstance(key, str):
                self.error(f"keys must be strings, not {_show(key)}", None)
            elif key not in allowed:
                if misplaced and key in _PLAYED_KEYS:
                    self.error(f"{key} does not belong in {misplaced}", key)
                else:
                    hint = (
                        _suggestion(key, allowed) if len(self.problems) < _HINTED_PROBLEMS else ""
                    )
                    self.error(f"unknown key {_show(key)}{hint}", key)

    def missing(self, key: str) -> None:
        self.error(f"{key} is missing: {_REQUIRED_MEANING[key]}", key)

    def integer(
        self, key: str, what: str, *, required: bool = False, nullable: bool = False
    ) -> int | None:
        """An integer; None when absent (or null, where allowed) and when it is bad."""
        if key not in self.obj:
            if required:
                self.missing(key)
            return None
        value = self.obj[key]
        if value is None and nullable:
            return None
        return self._checked_int(key, value, what)

    def _checked_int(self, name: str, value: object, what: str) -> int | None:
        if not isinstance(value, int) or isinstance(value, bool):
            self.error(f"{name} must be {what}, not {_show(value)}", name)
            return None
        if abs(value) > MAX_JSON_INTEGER:
            self.error(f"{name} is far too large a number", name)
            return None
        return value

    def pair(self, key: str, *, nullable: bool = False) -> tuple[int, int] | None:
        """Two integers [side 0, side 1]; None when absent (or null, if allowed) or bad."""
        value = self.obj.get(key)
        if value is None and (nullable or key not in self.obj):
            return None
        what = "a list of two whole numbers [side 0, side 1]"
        if not isinstance(value, list):
            self.error(f"{key} must be {what}, not {_show(value)}", key)
            return None
        if len(value) != 2:
            self.error(f"{key} must be {what}, not a list of {len(value)}", key)
            return None
        first = self._checked_int(f"{key}[0]", value[0], _WHOLE)
        second = self._checked_int(f"{key}[1]", value[1], _WHOLE)
        if first is None or second is None:
            return None
        return (first, second)

    def choice(self, key: str, kind: type[_E], default: _E | None = None) -> _E | None:
        """One of an enum's values, given by its string; the default when absent."""
        if key not in self.obj:
            if default is None:
                self.missing(key)
            return default
        value = self.obj[key]
        if not isinstance(value, str):
            self.error(f"{key} must be one of {_choices(kind)}, not {_show(value)}", key)
            return None
        try:
            return kind(value)
        except ValueError:
            self.error(f"{key} {_show(value)} is not one of {_choices(kind)}", key)
            return None

    def text(self, key: str, default: str | None = None) -> str | None:
        """A string; the default when absent (a required key when there is no default)."""
        if key not in self.obj:
            if default is None:
                self.missing(key)
            return default
        return self._checked_text(key, self.obj[key])

    def _checked_text(self, name: str, value: object) -> str | None:
        if not isinstance(value, str):
            self.error(f"{name} must be a string, not {_show(value)}", name)
            return None
        if not _is_unicode(value):
            self.error(f"{name} holds an unpaired surrogate, which is not text", name)
            return None
        return value

    def strings(self, key: str) -> tuple[str, ...] | None:
        """A required list of strings."""
        if key not in self.obj:
            self.missing(key)
            return None
        value = self.obj[key]
        if not isinstance(value, list):
            self.error(f"{key} must be a list of names, not {_show(value)}", key)
            return None
        names = [self._checked_text(f"{key}[{i}]", item) for i, item in enumerate(value)]
        if any(name is None for name in names):
            return None
        return tuple(name for name in names if name is not None)


def _read_sitting(data: object, problems: list[Problem]) -> Sitting | None:
    if not isinstance(data, dict):
        problems.append(
            Problem(f"a sitting file holds a JSON object {{...}}, not {_show(data)}", None, None)
        )
        return None
    top = _Reader(data, problems, None)
    if not _read_header(top):
        return None
    top.check_keys(_SITTING_KEYS)
    variant = top.choice("variant", Variant)
    players = top.strings("players")
    rules = _read_rules(top, variant or Variant.TWO_PLAYER)

    setup_variant, setup_players = _setup_for_checks(variant, players)
    problems.extend(check_sitting_setup(setup_variant, setup_players, rules))

    # Without a known variant, the hands are still checked, allowing any of four dealers.
    names = None
    if variant is not None and players is not None:
        names = sitting_side_names(variant, players)
    hands = _read_hands(top, variant or Variant.PARTNERSHIP, names)
    if not top.ok or variant is None or players is None or hands is None:
        return None
    return Sitting(variant=variant, players=players, hands=hands, rules=rules)


def _read_header(top: _Reader) -> bool:
    """Check format and version; False when the rest of the file must not be read."""
    if "format" not in top.obj:
        top.error(
            f'format is missing: this is not a sitting file, which starts with "format": '
            f'"{FORMAT_NAME}"',
            "format",
        )
        return False
    file_format = top.obj["format"]
    if file_format != FORMAT_NAME:
        top.error(
            f'format is {_show(file_format)}, not "{FORMAT_NAME}": this is not a sitting file',
            "format",
        )
        return False
    version = top.integer("version", "a whole number (the format version)", required=True)
    if version is not None and version > FORMAT_VERSION:
        top.error(
            f"version {version} is newer than this app reads ({FORMAT_VERSION}); "
            "update jojotte-score",
            "version",
        )
        return False
    if version is not None and version < 1:
        top.error(f"version {version} does not exist; the first version is 1", "version")
    return True


def _read_rules(top: _Reader, variant: Variant) -> Rules:
    """The rules in force; a key that is absent or unreadable stands at its standard value."""
    standard = Rules.for_variant(variant)
    if "rules" not in top.obj:
        return standard
    value = top.obj["rules"]
    if not isinstance(value, dict):
        top.error(f"rules must be an object {{...}}, not {_show(value)}", "rules")
        return standard
    reader = _Reader(value, top.problems, None)
    reader.check_keys(_RULES_KEYS)
    game_target = reader.integer("game_target", _WHOLE)
    rubber_bonus = reader.integer("rubber_bonus", _WHOLE)
    top.ok = top.ok and reader.ok
    return Rules(
        game_target=standard.game_target if game_target is None else game_target,
        rubber_bonus=standard.rubber_bonus if rubber_bonus is None else rubber_bonus,
    )


def _setup_for_checks(
    variant: Variant | None, players: tuple[str, ...] | None
) -> tuple[Variant, tuple[str, ...]]:
    """Arguments for ``check_sitting_setup`` that do not repeat a problem already reported."""
    if variant is None:
        count = len(players) if players is not None else 2
        variant = Variant.PARTNERSHIP if count == 4 else Variant.TWO_PLAYER
        if players is not None:
            players = (*players, *["?"] * variant.seats)[: variant.seats]
    if players is None:
        players = ("?",) * variant.seats
    return variant, players


def _read_hands(
    top: _Reader, variant: Variant, names: tuple[str, str] | None
) -> tuple[Hand, ...] | None:
    if "hands" not in top.obj:
        top.missing("hands")
        return None
    value = top.obj["hands"]
    if not isinstance(value, list):
        top.error(f"hands must be a list of hands [...], not {_show(value)}", "hands")
        return None
    hands: list[Hand] = []
    for number, item in enumerate(value, start=1):
        hand, problems = _read_hand(item, number, variant, names)
        top.problems.extend(problems)
        if hand is None or any(not p.warning for p in problems):
            top.ok = False
        else:
            hands.append(hand)
    return tuple(hands)


def _read_hand(
    data: object,
    number: int,
    variant: Variant,
    names: tuple[str, str] | None,
    *,
    checked: bool = True,
) -> tuple[Hand | None, list[Problem]]:
    """The hand (None when it is not structurally sound) and every problem found with it;
    ``names`` are the sides' names for the messages, when the players are known.
    ``checked=False`` reports the problems of structure only."""
    problems: list[Problem] = []
    if not isinstance(data, dict):
        problems.append(Problem(f"a hand must be a JSON object {{...}}, not {_show(data)}", number))
        return None, problems
    reader = _Reader(data, problems, number)
    thrown_in = data.get("thrown_in", False)
    if not isinstance(thrown_in, bool):
        reader.error(f"thrown_in must be true or false, not {_show(thrown_in)}", "thrown_in")
    hand: Hand | None = _read_thrown_in(reader) if thrown_in is True else _read_played(reader)
    if hand is None or not reader.ok:
        return None, problems
    if checked:
        problems.extend(check_hand(hand, variant, number, names))
    return hand, problems


def _read_thrown_in(reader: _Reader) -> ThrownIn | None:
    reader.check_keys(_THROWN_IN_KEYS, misplaced="a thrown-in deal")
    dealer = reader.integer("dealer", _SEAT, nullable=True)
    note = reader.text("note", "")
    if not reader.ok or note is None:
        return None
    return ThrownIn(dealer=dealer, note=note)


def _read_played(reader: _Reader) -> PlayedHand | None:
    reader.check_keys(_PLAYED_KEYS)
    dealer = reader.integer("dealer", _SEAT, nullable=True)
    bidder = reader.integer("bidder", _SIDE, required=True)
    trump = reader.choice("trump", Trump)
    double = reader.choice("double", Doubling, Doubling.NONE)
    special = reader.choice("special", Special, Special.NONE)
    card_points = reader.pair("card_points")
    if card_points is None and "card_points" not in reader.obj:
        reader.missing("card_points")
    last_trick = reader.integer("last_trick", _SIDE, nullable=True)
    jojotte = reader.integer("jojotte", _SIDE, nullable=True)
    melds = reader.pair("melds")
    tricks = reader.pair("tricks", nullable=True)
    note = reader.text("note", "")
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
    return PlayedHand(
        bidder=bidder,
        trump=trump,
        card_points=card_points,
        last_trick=last_trick,
        double=double,
        special=special,
        melds=(0, 0) if melds is None else melds,
        jojotte=jojotte,
        tricks=tricks,
        dealer=dealer,
        note=note,
    )


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_SHOWN_TEXT: Final = 40
# Looking for a close key name is slow; a file with this many problems gets no more hints.
_HINTED_PROBLEMS: Final = 100


def _show(value: object) -> str:
    """A short description of a decoded JSON value for a message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) <= MAX_JSON_INTEGER else "a huge number"
    if isinstance(value, float):
        return repr(value) if value == value and abs(value) != float("inf") else "NaN or Infinity"
    if isinstance(value, str):
        shown = value[:_SHOWN_TEXT] + ("..." if len(value) > _SHOWN_TEXT else "")
        quoted = json.dumps(shown, ensure_ascii=False)
        return quoted if _is_unicode(quoted) else json.dumps(shown)
    if isinstance(value, list):
        return "a list [...]"
    if isinstance(value, dict):
        return "an object {...}"
    return f"a Python {type(value).__name__}"


def _choices(kind: type[enum.Enum]) -> str:
    """The values of an enum, quoted, for a message: '"none", "double", "redouble"'."""
    return ", ".join(_show(member.value) for member in kind)


def _suggestion(key: str, allowed: tuple[str, ...]) -> str:
    if len(key) > _SHOWN_TEXT:
        return ""
    import difflib  # only for a misspelt key

    close = difflib.get_close_matches(key, allowed, n=1)
    return f' (did you mean "{close[0]}"?)' if close else ""


# Writing -------------------------------------------------------------------------------


def hand_to_data(hand: Hand) -> dict[str, object]:
    """One hand as a JSON-ready dict; keys holding their default value are left out."""
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


def sitting_to_data(sitting: Sitting) -> dict[str, object]:
    """The whole sitting as a JSON-ready dict; ``rules`` only lists what differs from standard."""
    data: dict[str, object] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "variant": sitting.variant.value,
        "players": list(sitting.players),
    }
    standard = Rules.for_variant(sitting.variant)
    rules: dict[str, object] = {}
    if sitting.rules.game_target != standard.game_target:
        rules["game_target"] = sitting.rules.game_target
    if sitting.rules.rubber_bonus != standard.rubber_bonus:
        rules["rubber_bonus"] = sitting.rules.rubber_bonus
    if rules:
        data["rules"] = rules
    data["hands"] = [hand_to_data(hand) for hand in sitting.hands]
    return data


def dumps_sitting(sitting: Sitting) -> str:
    """The sitting as JSON text: one key per line, one hand per line, ending with a newline."""
    data = sitting_to_data(sitting)
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


def save_sitting(sitting: Sitting, path: Path) -> None:
    """Write the sitting to ``path`` as UTF-8 JSON, replacing the file atomically."""
    write_atomically(path, dumps_sitting(sitting))


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)
