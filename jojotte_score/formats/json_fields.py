"""Reading the fields of decoded JSON objects, noting each problem in the players' words.

The sitting file's reader (:mod:`jojotte_score.formats.sitting_file`) and its hands by seat
(:mod:`jojotte_score.formats.seat_hands`) read their objects with one :class:`FieldReader`
each: it refuses unknown, repeated and non-string keys, values of the wrong type and
numbers no JSON reader holds exactly, and names the key in every message.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from typing import Final, TypeVar

from jojotte_score.core.errors import Problem

MAX_JSON_INTEGER: Final = 2**53 - 1
"""The largest integer every JSON reader holds exactly; larger numbers are refused."""

WHOLE: Final = "a whole number"

_SHOWN_TEXT: Final = 40
# Looking for a close key name is slow; a file with this many problems gets no more hints.
_HINTED_PROBLEMS: Final = 100

_E = TypeVar("_E", bound=enum.Enum)


class FieldReader:
    """Reads the keys of one JSON object, noting each problem; ``ok`` is False after one.

    ``meanings`` say what a missing required key should have held, for its message.
    """

    def __init__(
        self,
        obj: dict[object, object],
        problems: list[Problem],
        hand: int | None,
        meanings: Mapping[str, str],
    ):
        self.obj = obj
        self.problems = problems
        self.hand = hand
        self.meanings = meanings
        self.ok = True

    def error(self, message: str, field: str | None) -> None:
        """Note a problem with ``field`` (None: the object as a whole)."""
        self.ok = False
        self.problems.append(Problem(message, self.hand, field))

    def check_keys(
        self, allowed: tuple[str, ...], misplaced: str = "", elsewhere: tuple[str, ...] = ()
    ) -> None:
        """Refuse keys that are not strings, repeated keys and unknown keys; a key of
        ``elsewhere`` "does not belong in" the object ``misplaced`` names."""
        for key in getattr(self.obj, "repeated", ()):
            self.error(f"key {show(key)} appears more than once", key)
        for key in self.obj:
            if not isinstance(key, str):
                self.error(f"keys must be strings, not {show(key)}", None)
            elif key not in allowed:
                if misplaced and key in elsewhere:
                    self.error(f"{key} does not belong in {misplaced}", key)
                else:
                    hint = (
                        _suggestion(key, allowed) if len(self.problems) < _HINTED_PROBLEMS else ""
                    )
                    self.error(f"unknown key {show(key)}{hint}", key)

    def missing(self, key: str) -> None:
        """Note that the required ``key`` is absent."""
        self.error(f"{key} is missing: {self.meanings[key]}", key)

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
        return self.checked_int(key, value, what)

    def checked_int(self, name: str, value: object, what: str) -> int | None:
        """``value`` if it is an integer JSON holds exactly, else None (noted)."""
        if not isinstance(value, int) or isinstance(value, bool):
            self.error(f"{name} must be {what}, not {show(value)}", name)
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
            self.error(f"{key} must be {what}, not {show(value)}", key)
            return None
        if len(value) != 2:
            self.error(f"{key} must be {what}, not a list of {len(value)}", key)
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
        what = f"a list of {seats} whole numbers, one per seat"
        if not isinstance(value, list):
            self.error(f"{key} must be {what}, not {show(value)}", key)
            return None
        if len(value) != seats:
            self.error(f"{key} must be {what}, not a list of {len(value)}", key)
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
        if key not in self.obj or (nullable and self.obj[key] is None):
            if default is None and not nullable:
                self.missing(key)
            return default
        value = self.obj[key]
        if not isinstance(value, str):
            self.error(f"{key} must be one of {choices(kind)}, not {show(value)}", key)
            return None
        try:
            return kind(value)
        except ValueError:
            self.error(f"{key} {show(value)} is not one of {choices(kind)}", key)
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
            self.error(f"{name} must be a string, not {show(value)}", name)
            return None
        if not is_unicode(value):
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
            self.error(f"{key} must be a list of names, not {show(value)}", key)
            return None
        names = [self.checked_text(f"{key}[{i}]", item) for i, item in enumerate(value)]
        if any(name is None for name in names):
            return None
        return tuple(name for name in names if name is not None)


def is_unicode(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (it holds no unpaired surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def show(value: object) -> str:
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
        return quoted if is_unicode(quoted) else json.dumps(shown)
    if isinstance(value, list):
        return "a list [...]"
    if isinstance(value, dict):
        return "an object {...}"
    return f"a Python {type(value).__name__}"


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
    return f' (did you mean "{close[0]}"?)' if close else ""
