"""Reading the fields of decoded JSON objects, noting each problem in the players' words.

The sitting file's reader (:mod:`jojotte_score.formats.sitting_file`) and its hands by seat
(:mod:`jojotte_score.formats.seat_hands`) read their objects with one :class:`FieldReader`
each: it refuses unknown, repeated and non-string keys, values of the wrong type and
numbers no JSON reader holds exactly, and names the key in every message. Every game's hand
begins alike, and :func:`read_deal` reads that beginning and a thrown-in deal for them all.
"""

from __future__ import annotations

import enum
import functools
import json
from collections.abc import Callable, Mapping
from typing import Final, TypeVar

from jojotte_score.core.errors import Problem
from jojotte_score.core.model import ThrownIn
from jojotte_score.i18n import N_, _, ngettext

MAX_JSON_INTEGER: Final = 2**53 - 1
"""The largest integer every JSON reader holds exactly; larger numbers are refused."""

# What an integer must be, each as the whole message its wrong value gets: pass one to
# FieldReader.integer (translated where the message is written).
WHOLE: Final = N_("{field} must be a whole number, not {value}")
SIDE: Final = N_("{field} must be a side (0 or 1), not {value}")
SEAT: Final = N_("{field} must be a seat number, not {value}")
VERSION: Final = N_("{field} must be a whole number (the format version), not {value}")

NOT_IN_THROWN_IN: Final = N_("{key} does not belong in a thrown-in deal")
"""The message of a played hand's key in a thrown-in deal (see FieldReader.check_keys)."""

_SHOWN_TEXT: Final = 40
# Looking for a close key name is slow; a file with this many problems gets no more hints.
_HINTED_PROBLEMS: Final = 100

_E = TypeVar("_E", bound=enum.Enum)


class FieldReader:
    """Reads the keys of one JSON object, noting each problem; ``ok`` is False after one.

    ``meanings`` gives what a missing required key should have held, for its message (each
    marked with ``N_``; translated when the message is written); it is called only when a
    key is missing, so a reader of a well-formed hand translates nothing.

    Each check accepts a sound value first, with one test, and works out what is wrong
    only when it fails: a sitting file of 100,000 hands is read by one reader, given each
    hand in turn (:meth:`read`).
    """

    __slots__ = ("hand", "meanings", "obj", "ok", "problems")

    def __init__(
        self,
        obj: dict[object, object],
        problems: list[Problem],
        hand: int | None,
        meanings: Callable[[], Mapping[str, str]],
    ):
        self.obj = obj
        self.problems = problems
        self.hand = hand
        self.meanings = meanings
        self.ok = True

    def read(self, obj: dict[object, object], problems: list[Problem], hand: int | None) -> None:
        """Go on to read ``obj`` as a new reader would, noting its problems in ``problems``.

        The sitting's hands are read with one reader: making one for each hand cost some
        1,400 instructions a hand more than this call (callgrind, 100,000 readers)."""
        self.obj = obj
        self.problems = problems
        self.hand = hand
        self.ok = True

    def error(self, message: str, field: str | None) -> None:
        """Note a problem with ``field`` (None: the object as a whole)."""
        self.ok = False
        self.problems.append(Problem(message, self.hand, field))

    def check_keys(
        self, allowed: tuple[str, ...], misplaced: str = "", elsewhere: tuple[str, ...] = ()
    ) -> None:
        """Refuse keys that are not strings, repeated keys and unknown keys; a key of
        ``elsewhere`` gets the message ``misplaced`` ({key}: it does not belong here)."""
        repeated = getattr(self.obj, "repeated", ())
        if not repeated and self.obj.keys() <= _key_set(allowed):
            return
        for key in repeated:
            self.error(_("key {key} appears more than once").format(key=show(key)), key)
        for key in self.obj:
            if not isinstance(key, str):
                self.error(_("keys must be strings, not {value}").format(value=show(key)), None)
            elif key not in allowed:
                if misplaced and key in elsewhere:
                    self.error(_(misplaced).format(key=key), key)
                    continue
                close = _suggestion(key, allowed) if len(self.problems) < _HINTED_PROBLEMS else ""
                if close:
                    message = _('unknown key {key} (did you mean "{close}"?)')
                else:
                    message = _("unknown key {key}")
                self.error(message.format(key=show(key), close=close), key)

    def missing(self, key: str) -> None:
        """Note that the required ``key`` is absent."""
        message = _("{field} is missing: {meaning}")
        self.error(message.format(field=key, meaning=_(self.meanings()[key])), key)

    def integer(
        self, key: str, what: str, *, required: bool = False, nullable: bool = False
    ) -> int | None:
        """An integer; None when absent (or null, where allowed) and when it is bad, which
        ``what`` (:data:`WHOLE`, :data:`SIDE`, ...) words."""
        value = self.obj.get(key, _ABSENT)
        if type(value) is int and -MAX_JSON_INTEGER <= value <= MAX_JSON_INTEGER:
            return value
        if value is _ABSENT:
            if required:
                self.missing(key)
            return None
        if value is None and nullable:
            return None
        return self.checked_int(key, value, what)

    def checked_int(self, name: str, value: object, what: str) -> int | None:
        """``value`` if it is an integer JSON holds exactly, else None (noted)."""
        if type(value) is int and -MAX_JSON_INTEGER <= value <= MAX_JSON_INTEGER:
            return value
        if not isinstance(value, int) or isinstance(value, bool):
            self.error(_(what).format(field=name, value=show(value)), name)
            return None
        if abs(value) > MAX_JSON_INTEGER:
            self.error(_("{field} is far too large a number").format(field=name), name)
            return None
        return value

    def pair(self, key: str, *, nullable: bool = False) -> tuple[int, int] | None:
        """Two integers [side 0, side 1]; None when absent (or null, if allowed) or bad."""
        value = self.obj.get(key)
        if type(value) is list and len(value) == 2:
            first, second = value
            if (
                type(first) is int
                and type(second) is int
                and -MAX_JSON_INTEGER <= first <= MAX_JSON_INTEGER
                and -MAX_JSON_INTEGER <= second <= MAX_JSON_INTEGER
            ):
                return (first, second)
        if value is None and (nullable or key not in self.obj):
            return None
        if not isinstance(value, list):
            message = _("{field} must be a list of two whole numbers [side 0, side 1], not {value}")
            self.error(message.format(field=key, value=show(value)), key)
            return None
        if len(value) != 2:
            message = _(
                "{field} must be a list of two whole numbers [side 0, side 1], "
                "not a list of {count}"
            )
            self.error(message.format(field=key, count=len(value)), key)
            return None
        first = self.checked_int(f"{key}[0]", value[0], WHOLE)
        second = self.checked_int(f"{key}[1]", value[1], WHOLE)
        if first is None or second is None:
            return None
        return (first, second)

    def by_seat(self, key: str, seats: int, *, nullable: bool = False) -> tuple[int, ...] | None:
        """``seats`` integers, one per seat; None when absent (or null, if allowed) or bad."""
        value = self.obj.get(key)
        if value is None and (nullable or key not in self.obj):
            return None
        if not isinstance(value, list):
            message = ngettext(
                "{field} must be a list of {seats} whole number, one per seat, not {value}",
                "{field} must be a list of {seats} whole numbers, one per seat, not {value}",
                seats,
            )
            self.error(message.format(field=key, seats=seats, value=show(value)), key)
            return None
        if len(value) != seats:
            message = ngettext(
                "{field} must be a list of {seats} whole number, one per seat, "
                "not a list of {count}",
                "{field} must be a list of {seats} whole numbers, one per seat, "
                "not a list of {count}",
                seats,
            )
            self.error(message.format(field=key, seats=seats, count=len(value)), key)
            return None
        numbers = [self.checked_int(f"{key}[{i}]", item, WHOLE) for i, item in enumerate(value)]
        if any(number is None for number in numbers):
            return None
        return tuple(number for number in numbers if number is not None)

    def choice(
        self, key: str, kind: type[_E], default: _E | None = None, *, nullable: bool = False
    ) -> _E | None:
        """One of an enum's values, given by its string; the default when absent (or null,
        where allowed)."""
        value = self.obj.get(key)
        members: dict[str, _E] = _members(kind)
        if type(value) is str and value in members:
            return members[value]
        if key not in self.obj or (nullable and self.obj[key] is None):
            if default is None and not nullable:
                self.missing(key)
            return default
        if not isinstance(value, str):
            message = _("{field} must be one of {choices}, not {value}")
            self.error(message.format(field=key, choices=choices(kind), value=show(value)), key)
            return None
        try:
            return kind(value)
        except ValueError:
            message = _("{field} {value} is not one of {choices}")
            self.error(message.format(field=key, value=show(value), choices=choices(kind)), key)
            return None

    def text(self, key: str, default: str | None = None) -> str | None:
        """A string; the default when absent (a required key when there is no default)."""
        if key not in self.obj:
            if default is None:
                self.missing(key)
            return default
        return self.checked_text(key, self.obj[key])

    def checked_text(self, name: str, value: object) -> str | None:
        """``value`` if it is text that can be written as UTF-8, else None (noted)."""
        if not isinstance(value, str):
            self.error(
                _("{field} must be a string, not {value}").format(field=name, value=show(value)),
                name,
            )
            return None
        if not is_unicode(value):
            message = _("{field} holds an unpaired surrogate, which is not text")
            self.error(message.format(field=name), name)
            return None
        return value

    def strings(self, key: str) -> tuple[str, ...] | None:
        """A required list of strings."""
        if key not in self.obj:
            self.missing(key)
            return None
        value = self.obj[key]
        if not isinstance(value, list):
            message = _("{field} must be a list of names, not {value}")
            self.error(message.format(field=key, value=show(value)), key)
            return None
        names = [self.checked_text(f"{key}[{i}]", item) for i, item in enumerate(value)]
        if any(name is None for name in names):
            return None
        return tuple(name for name in names if name is not None)


_ABSENT: Final = object()
"""A key's value when the object does not hold it."""


@functools.cache
def _key_set(allowed: tuple[str, ...]) -> frozenset[str]:
    """The keys an object may hold, as a set: ``dict.keys() <= _key_set(allowed)`` in one step."""
    return frozenset(allowed)


@functools.cache
def _members(kind: type[_E]) -> dict[str, _E]:
    """An enum's members by their value: a look-up in one step (``kind(value)`` takes two
    Python calls, which 100,000 hands of three choices each make some 0.15 s)."""
    return {member.value: member for member in kind}


def translated(meanings: Mapping[str, str]) -> dict[str, str]:
    """A table of meanings marked with ``N_``, in the language spoken now."""
    return {key: _(meaning) for key, meaning in meanings.items()}


def is_unicode(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (it holds no unpaired surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def show(value: object) -> str:
    """A short description of a decoded JSON value for a message: JSON's own words (null,
    true, a number, a string quoted) as they are, the rest in the language spoken."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) <= MAX_JSON_INTEGER else _("a huge number")
    if isinstance(value, float):
        return (
            repr(value) if value == value and abs(value) != float("inf") else _("NaN or Infinity")
        )
    if isinstance(value, str):
        shown = value[:_SHOWN_TEXT] + ("..." if len(value) > _SHOWN_TEXT else "")
        quoted = json.dumps(shown, ensure_ascii=False)
        return quoted if is_unicode(quoted) else json.dumps(shown)
    if isinstance(value, list):
        return _("a list [...]")
    if isinstance(value, dict):
        return _("an object {...}")
    return _("a Python {type}").format(type=type(value).__name__)


def choices(kind: type[enum.Enum] | tuple[str, ...]) -> str:
    """The values of an enum (or the given words), quoted, for a message:
    '"none", "double", "redouble"'."""
    words = kind if isinstance(kind, tuple) else tuple(member.value for member in kind)
    return ", ".join(show(word) for word in words)


def _suggestion(key: str, allowed: tuple[str, ...]) -> str:
    if len(key) > _SHOWN_TEXT:
        return ""
    import difflib  # only for a misspelt key

    close = difflib.get_close_matches(key, allowed, n=1)
    return close[0] if close else ""


THROWN_IN_KEYS: Final = ("thrown_in", "dealer", "note")
"""The keys of a thrown-in deal, in every game."""

_Played = TypeVar("_Played")


def read_deal(
    data: object,
    number: int,
    problems: list[Problem],
    reader: FieldReader,
    played_keys: tuple[str, ...],
    read_played: Callable[[FieldReader], _Played | None],
) -> _Played | ThrownIn | None:
    """Hand ``number`` of a sitting file, as every game's begins: a JSON object, thrown in
    (``"thrown_in": true``, read here; a key of ``played_keys`` in it is refused as not
    belonging there) or played (read by ``read_played``, the reader of the game's kind of
    hand). ``reader`` reads it, noting its problems in ``problems``. None when its structure
    is not sound."""
    if not isinstance(data, dict):
        message = _("a hand must be a JSON object {{...}}, not {value}")
        problems.append(Problem(message.format(value=show(data)), number))
        return None
    reader.read(data, problems, number)
    thrown_in = data.get("thrown_in", False)
    if not isinstance(thrown_in, bool):
        message = _("thrown_in must be true or false, not {value}")
        reader.error(message.format(value=show(thrown_in)), "thrown_in")
    if thrown_in is True:
        return _read_thrown_in(reader, played_keys)
    hand = read_played(reader)
    return hand if reader.ok else None


def _read_thrown_in(reader: FieldReader, played_keys: tuple[str, ...]) -> ThrownIn | None:
    reader.check_keys(THROWN_IN_KEYS, NOT_IN_THROWN_IN, played_keys)
    dealer = reader.integer("dealer", SEAT, nullable=True)
    note = reader.text("note", "")
    if not reader.ok or note is None:
        return None
    return ThrownIn(dealer=dealer, note=note)
