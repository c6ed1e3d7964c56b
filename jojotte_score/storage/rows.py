"""Reading a stored row by its columns' names, not their positions; the checksum each
cached row is stored with (schema 10)."""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Iterable
from typing import Any


def named_row(
    connection: sqlite3.Connection, query: str, parameters: tuple[Any, ...]
) -> sqlite3.Row | None:
    """The first row ``query`` gives (None for none), its columns read by name."""
    cursor = connection.cursor()
    cursor.row_factory = sqlite3.Row
    row: sqlite3.Row | None = cursor.execute(query, parameters).fetchone()
    return row


# The checksum each cached row is stored with (schema 10) --------------------------------
#
# A cached row (a summary, a rubber's start, a seat's figures for the statistics) is derived
# from the hands, and kept only to be quick. It is stored with a checksum over the sitting, the
# row's values and what they were derived from (the sitting's revision; a rubber start's
# fingerprint of the hands before it), and checked each time it is read: a row whose checksum
# does not agree (changed on disk, edited behind the app's back, written by a version that
# kept none) is never shown; it is scored again from the hands and stored anew, as a stale row
# is. `jojotte-score check` scores everything again from the hands, whatever the checksums say.
#
# zlib's CRC-32 and Adler-32 together (64 bits) are used, not a cryptographic hash: zlib is
# already loaded when the window starts, hashlib is not, and a checksum stored beside the row
# guards against damage and careless edits, not against someone who can rewrite the file (he
# could write any checksum he likes).

_SEPARATOR = "\x1f"


def row_checksum(table: str, sitting_id: int, values: Iterable[object]) -> str:
    """The checksum of one cached row of ``table`` of sitting ``sitting_id``: ``values`` in
    the order the row stores them (whole numbers, texts, NULL), with what they were derived
    from among them."""
    text = _SEPARATOR.join((table, str(sitting_id), *map(repr, values))).encode()
    return f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}"


def checksums_kept(connection: sqlite3.Connection) -> bool:
    """Whether the database's cached rows have their checksum column (schema 10 on; an
    older schema's rows are never read as current, since the upgrade to 10 fills every
    cache again after adding it). One look at the schema, a few microseconds."""
    found = connection.execute(
        "SELECT 1 FROM pragma_table_info('rubber_start') WHERE name = 'checksum'"
    ).fetchone()
    return found is not None
