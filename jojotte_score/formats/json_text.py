"""A sitting file's text decoded as JSON, or refused with a reason: not UTF-8, empty, far
more objects and lists than the most hands a file may hold, not valid JSON (NaN and
Infinity included), numbers of thousands of digits, nesting too deep. Repeated keys are
kept for the reader to report (see :class:`~jojotte_score.formats.json_fields.FieldReader`)."""

from __future__ import annotations

import json
import os
from typing import BinaryIO, Final

from jojotte_score.core.errors import InvalidSittingError, Problem
from jojotte_score.formats.sitting_keys import MAX_FILE_BYTES, MAX_HANDS
from jojotte_score.i18n import _

# What the text of a file of MAX_HANDS hands can hold: a hand is one object and a few
# lists (card points, melds, tricks); the top level a few more. Counted in the text before
# it is decoded (a "{" or "[" in a note counts too, hence the room): a file with more is
# refused in a fraction of a second, before decoding could build millions of them.
_MAX_OBJECTS: Final = 2 * MAX_HANDS + 1000
_MAX_LISTS: Final = 16 * MAX_HANDS + 1000


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


def decoded_sitting_file(handle: BinaryIO, source: str) -> object:
    """The text of the open file ``handle`` decoded as JSON; raises
    :class:`InvalidSittingError` with the one reason it cannot be, ``source`` naming the
    file. A file over :data:`MAX_FILE_BYTES` is refused unread.

    The file's bytes are let go once they are text, and the text once it is decoded, so
    neither is held while the next step builds its objects: for a 100,000-hand file of
    11 MB, 11 MB less at each step (benchmarks/bench_import_memory.py)."""
    size = os.fstat(handle.fileno()).st_size
    too_big = size > MAX_FILE_BYTES
    # Read as much as the file holds: a read of the limit would first take 64 MiB whatever
    # the file's size. A file that grew since is read on, up to the limit.
    raw = b"" if too_big else handle.read(size + 1)
    if len(raw) > size:
        raw += handle.read(MAX_FILE_BYTES + 1 - len(raw))
    if too_big or len(raw) > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES // (1024 * 1024)
        message = _("the file is larger than {limit} MiB, far too big for a sitting file")
        raise InvalidSittingError([Problem(message.format(limit=limit))], source)
    text = _utf8_text(raw, source)
    del raw
    return _decoded(text, source)


def decoded_sitting_text(text: str | bytes, source: str) -> object:
    """``text`` (bytes must be UTF-8) decoded as JSON; raises :class:`InvalidSittingError`
    with the one reason it cannot be, ``source`` naming the file."""
    return _decoded(_utf8_text(text, source) if isinstance(text, bytes) else text, source)


def _refusal(message: str, source: str) -> InvalidSittingError:
    return InvalidSittingError([Problem(message)], source)


def _utf8_text(raw: bytes, source: str) -> str:
    """``raw`` as text, refused when it is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        byte = error.object[error.start]
        line = error.object.count(b"\n", 0, error.start) + 1
        message = _("the file is not UTF-8 text (byte {byte} on line {line}, at offset {offset})")
        detail = message.format(byte=f"{byte:#04x}", line=line, offset=error.start)
        raise _refusal(detail, source) from None


def _decoded(text: str, source: str) -> object:
    """``text`` decoded as JSON, or refused with the reason it cannot be."""
    text = text.removeprefix("\ufeff")  # A byte order mark, as some Windows editors write.
    if not text.strip():
        raise _refusal(_("the file is empty: a sitting file holds a JSON object"), source)
    if text.count("{") > _MAX_OBJECTS or text.count("[") > _MAX_LISTS:
        message = _(
            "the file holds far more than {limit} hands' worth of objects and lists; a sitting "
            "file holds at most {limit} hands"
        )
        raise _refusal(message.format(limit=MAX_HANDS), source)
    try:
        return json.loads(
            text, parse_constant=_refuse_constant, object_pairs_hook=_object_from_pairs
        )
    except json.JSONDecodeError as error:
        # Translators: {detail} is Python's own reason, in English ("Expecting value").
        message = _("not valid JSON: {detail} (line {line}, column {column})")
        detail = message.format(detail=error.msg, line=error.lineno, column=error.colno)
        raise _refusal(detail, source) from None
    except _NonFiniteNumberError as error:
        message = _("not valid JSON: {word} is not a number JSON allows")
        raise _refusal(message.format(word=error), source) from None
    except ValueError:  # Python refuses to convert integers of more than 4300 digits.
        message = _("not valid JSON for a sitting: a number with thousands of digits")
        raise _refusal(message, source) from None
    except RecursionError:
        raise _refusal(_("the file nests lists or objects too deeply to read"), source) from None
