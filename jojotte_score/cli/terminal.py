"""JSON for a terminal whose encoding cannot show every character (see
:func:`jojotte_score.cli.context.replace_what_the_terminal_cannot_show`, which the program
calls as it starts).

A terminal (or a pipe) speaks whatever encoding its locale has: UTF-8 mostly, but Latin-1
under ``LANG=de_DE.ISO-8859-1``, ASCII under ``PYTHONIOENCODING=ascii`` or ``LANG=C`` on an
old system. Names come from the table and may hold any character, and the program writes
"–" between names. So standard output and standard error replace what their encoding cannot
show (with "?") instead of failing; JSON on standard output escapes it instead (``\\u2013``),
so the JSON stays exact. The true minus of a negative number ("\u2212120") becomes the
hyphen ("-120"), not "?" (:func:`jojotte_score.cli.context.stand_in`). Files the program
writes (``-o``, ``--hands``) are always UTF-8 and
never pass through here.
"""

from __future__ import annotations

import codecs
from typing import TextIO


def json_for(stream: TextIO, text: str) -> str:
    """``text`` (JSON) with each character the stream's encoding cannot encode written as a
    JSON escape (``\\u00e9``, or a surrogate pair beyond the BMP): the same JSON, readable in
    any encoding that has ASCII."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        encoder = codecs.getincrementalencoder(encoding)("strict")
        encoder.encode(text, final=True)
    except LookupError:
        return text
    except UnicodeEncodeError:
        return "".join(_escaped(character, encoding) for character in text)
    return text


def _escaped(character: str, encoding: str) -> str:
    try:
        character.encode(encoding)
    except UnicodeEncodeError:
        code = ord(character)
        if code <= 0xFFFF:
            return f"\\u{code:04x}"
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return character
