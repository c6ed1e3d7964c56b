"""Reading a stored row by its columns' names, not their positions."""

from __future__ import annotations

import sqlite3
from typing import Any


def named_row(
    connection: sqlite3.Connection, query: str, parameters: tuple[Any, ...]
) -> sqlite3.Row | None:
    """The first row ``query`` gives (None for none), its columns read by name."""
    cursor = connection.cursor()
    cursor.row_factory = sqlite3.Row
    row: sqlite3.Row | None = cursor.execute(query, parameters).fetchone()
    return row
