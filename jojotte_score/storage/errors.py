"""What can go wrong with the sittings database, each with a message a player can act on."""

from __future__ import annotations

import errno
import os
import sqlite3

from jojotte_score.core.errors import JojotteError
from jojotte_score.i18n import N_, _

SQLITE_FAILURES = (sqlite3.Error, UnicodeDecodeError)
"""What a call into SQLite can raise: its own errors, and the UnicodeDecodeError of Python's
sqlite3 when text SQLite hands back (its schema, its message) is not UTF-8, which is damage.
Catch these together, and let ``database.describe_sqlite_error`` say what they mean."""


class StorageError(JojotteError):
    """The database cannot do what was asked; nothing stored was changed."""


class DataDirectoryError(StorageError):
    """The data folder or database file cannot be created, read or written (or the disk is full)."""


class NotADatabaseError(StorageError):
    """The file is not a jojotte-score database (or it is damaged)."""


class DatabaseTooNewError(StorageError):
    """The database was written by a newer version of the app; it is never written to."""


class DatabaseInUseError(StorageError):
    """Another copy of the app has the database open for writing."""


class ReadOnlyError(StorageError):
    """A change was asked of a database opened read-only."""


class SittingNotFoundError(StorageError):
    """No sitting has the given id."""


class HandNotFoundError(StorageError):
    """No hand stands at the given position of the sitting."""


class DamagedSittingError(StorageError):
    """A stored sitting's rows cannot be read (bytes changed on disk, a row not written by
    this app): ``sitting_id`` names it. Nothing was changed."""

    def __init__(self, sitting_id: int, detail: str) -> None:
        self.sitting_id = sitting_id
        self.detail = detail
        message = _(
            "sitting {id} is damaged: {detail}; "
            "`jojotte-score backups` lists the backups to restore"
        )
        super().__init__(message.format(id=sitting_id, detail=detail))


# The operating system's reasons people meet most, in the words of its English catalogue
# (glibc's); Python reads the system's reasons in English whatever the locale.
_OS_REASONS: dict[int, str] = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EROFS: N_("Read-only file system"),
    errno.EEXIST: N_("File exists"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
}


def os_reason(error: OSError) -> str:
    """Why ``error`` happened, as people read it: the system's reason in the language spoken
    (a reason the program wrote itself is kept as it is)."""
    reason = error.strerror
    if not reason:
        return str(error)
    known = _OS_REASONS.get(error.errno or 0)
    if known is None or reason != os.strerror(error.errno or 0):
        return reason
    translated = _(known)
    return reason if translated == known else translated  # English: the system's own words
