"""What can go wrong with the sittings database, each with a message a player can act on."""

from __future__ import annotations

from jojotte_score.core.errors import JojotteError


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
        super().__init__(
            f"sitting {sitting_id} is damaged: {detail}; "
            "`jojotte-score backups` lists the backups to restore"
        )
