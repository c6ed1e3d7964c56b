"""Opening the sittings database safely: version checks, pragmas, migrations, one writer.

SQLite is opened with ``isolation_level=None`` and every change is an explicit
``BEGIN IMMEDIATE`` ... ``COMMIT``, so it behaves the same on Python 3.11 and 3.12+. Pragmas
are set outside any transaction. A lock file beside the database keeps a second copy of
the app from writing to it at the same time.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import IO

from jojotte_score.i18n import N_, _, ngettext
from jojotte_score.storage.errors import (
    SQLITE_FAILURES,
    DatabaseInUseError,
    DatabaseTooNewError,
    DataDirectoryError,
    NotADatabaseError,
    ReadOnlyError,
    StorageError,
    os_reason,
)
from jojotte_score.storage.schema import MIGRATIONS, SCHEMA_VERSION, missing_schema

BUSY_TIMEOUT_MS = 5000

_NO_DATABASE_YET = N_("{path}: there is no database here yet")
_A_FOLDER = N_("{path}: this is a folder, not a database file")


_DAMAGED = N_(
    "{path}: the database is damaged ({detail}); restore a backup "
    "(`jojotte-score backups` lists them, `jojotte-score restore BACKUP` puts one back)"
)


def describe_sqlite_error(error: sqlite3.Error | UnicodeDecodeError, path: Path) -> StorageError:
    """The project's error for an SQLite failure (any of ``SQLITE_FAILURES``), with a
    message that names the file and what to do.

    The one place where SQLite's failures are read: bytes that are not UTF-8 where SQLite
    keeps text (its schema) make Python's sqlite3 fail to decode, and that is damage.
    """
    if isinstance(error, UnicodeDecodeError):
        detail = _("its text is not readable: {detail}").format(detail=error)
        return NotADatabaseError(_(_DAMAGED).format(path=path, detail=detail))
    text = str(error)
    if isinstance(error, sqlite3.OperationalError):
        if "full" in text:
            message = _("{path}: the disk is full; nothing was changed ({detail})")
            return DataDirectoryError(message.format(path=path, detail=text))
        if "readonly" in text or "read-only" in text or "unable to open" in text:
            message = _("{path}: cannot write the database ({detail})")
            return DataDirectoryError(message.format(path=path, detail=text))
        if "locked" in text or "busy" in text:
            message = _("{path}: the database is busy in another program ({detail})")
            return DatabaseInUseError(message.format(path=path, detail=text))
    if isinstance(error, sqlite3.DatabaseError) and "malformed" in text:
        return NotADatabaseError(_(_DAMAGED).format(path=path, detail=text))
    if isinstance(error, sqlite3.DatabaseError) and "not a database" in text:
        message = _("{path}: not a jojotte-score database, or damaged ({detail})")
        return NotADatabaseError(message.format(path=path, detail=text))
    return StorageError(_("{path}: database error: {detail}").format(path=path, detail=text))


class _WriterLock:
    """An exclusive lock on ``<database>.lock``, held while a copy of the app may write."""

    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + ".lock")
        self._handle: IO[bytes] | None = None

    def acquire(self) -> None:
        try:
            handle = open(self.path, "a+b")  # noqa: SIM115 - held open while locked
        except OSError as error:
            message = _("{folder}: cannot use the data folder ({reason})")
            reason = os_reason(error)
            raise DataDirectoryError(
                message.format(folder=self.path.parent, reason=reason)
            ) from error
        try:
            _lock(handle)
        except OSError as error:
            handle.close()
            message = _(
                "{path}: another copy of jojotte-score is using this database; "
                "close it first (or open this one read-only)"
            )
            raise DatabaseInUseError(message.format(path=self.path.with_suffix(""))) from error
        self._handle = handle

    def release(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                _unlock(self._handle)
            self._handle.close()
            self._handle = None


@contextlib.contextmanager
def writer_lock(database: Path) -> Iterator[None]:
    """Hold the writers' lock of ``database`` without opening it (for a restore).

    Raises :class:`DatabaseInUseError` while another copy of the app has it open for writing.
    """
    lock = _WriterLock(database)
    lock.acquire()
    try:
        yield
    finally:
        lock.release()


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock(handle: IO[bytes]) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)

    def _unlock(handle: IO[bytes]) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(handle: IO[bytes]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(handle: IO[bytes]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


class Database:
    """An open sittings database. Use :meth:`open`; close it (or use ``with``) when done."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path,
        read_only: bool,
        lock: _WriterLock | None,
        file: tuple[int, int] | None = None,
    ) -> None:
        self.connection = connection
        self.path = path
        self.read_only = read_only
        self._lock = lock
        self._file = file

    def replaced(self) -> bool:
        """Whether the file at :attr:`path` is no longer the one this connection opened: a
        backup restored in its place (a restore renames a copy over it) or the file gone.
        A copy that only reads, beside the window, asks before it reads again."""
        return self._file is not None and _identity(self.path) != self._file

    @classmethod
    def open(cls, path: Path, *, read_only: bool = False) -> Database:
        """Open (creating and upgrading as needed) the database at ``path``.

        Read-only opening takes no lock and never writes: it is how a second copy of the app
        can still show the scores. Raises a :class:`StorageError` subclass naming the problem.
        """
        lock = None
        if not read_only:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                message = _("{folder}: cannot create the data folder ({reason})")
                reason = os_reason(error)
                raise DataDirectoryError(
                    message.format(folder=path.parent, reason=reason)
                ) from error
            lock = _WriterLock(path)
            lock.acquire()
        try:
            _check_before_opening(path, read_only)
            file = _identity(path)  # before connecting: a file renamed in between is seen
            connection = _connect(path, read_only)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        database = cls(connection, path, read_only, lock, file)
        try:
            database._prepare()
        except BaseException:
            database.close()
            raise
        return database

    def _prepare(self) -> None:
        try:
            version = self.connection.execute("PRAGMA user_version").fetchone()[0]
        except SQLITE_FAILURES as error:
            raise describe_sqlite_error(error, self.path) from error
        if version > SCHEMA_VERSION:  # Checked before anything could write.
            raise _too_new(self.path, version)
        if version < 0:
            message = _(
                "{path}: not a jojotte-score database (its schema version is {version}); "
                "it was not changed"
            )
            raise NotADatabaseError(message.format(path=self.path, version=version))
        if version == 0 and self._execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            message = _(
                "{path}: not a jojotte-score database (it holds another program's tables); "
                "it was not changed"
            )
            raise NotADatabaseError(message.format(path=self.path))
        try:
            missing = missing_schema(self.connection, version)
        except SQLITE_FAILURES as error:
            raise describe_sqlite_error(error, self.path) from error
        if missing:
            message = _(
                "{path}: not a jojotte-score database (its schema version is {version}, "
                "but it has no {missing}); it was not changed"
            )
            raise NotADatabaseError(
                message.format(path=self.path, version=version, missing=missing)
            )
        if self.read_only:
            if version == 0:
                raise DataDirectoryError(_(_NO_DATABASE_YET).format(path=self.path))
            if version < SCHEMA_VERSION:
                raise _not_upgraded_yet(self.path, version)
            self._execute("PRAGMA query_only = ON")
            return
        self._execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        mode = self._execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StorageError(f"{self.path}: cannot switch the database to WAL mode ({mode})")
        self._execute("PRAGMA synchronous = FULL")
        if 0 < version < SCHEMA_VERSION:
            self._back_up_before_upgrading(version)
        # Foreign keys stay off while migrating: SQLite's table-rebuild recipe drops the old
        # table, and with them on that would cascade to every hand.
        self._migrate(version)
        self._execute("PRAGMA foreign_keys = ON")

    def _back_up_before_upgrading(self, version: int) -> None:
        """Keep the database as the earlier version had it, in ``backups/`` beside it, before
        a migration changes it; without that copy nothing is upgraded."""
        from datetime import UTC, datetime

        from jojotte_score.storage.backups import (
            BACKUP_DIR_NAME,
            BackupError,
            backup_before_upgrade,
        )

        try:
            backup_before_upgrade(
                self.connection, self.path.parent / BACKUP_DIR_NAME, datetime.now(UTC)
            )
        except BackupError as error:
            message = _(
                "{path}: cannot keep a copy of the database before upgrading it from schema "
                "{version} to {newest} ({error}); it was not upgraded"
            )
            raise StorageError(
                message.format(path=self.path, version=version, newest=SCHEMA_VERSION, error=error)
            ) from error

    def _migrate(self, version: int) -> None:
        for migration in MIGRATIONS:
            if migration.version <= version:
                continue
            with self.transaction() as connection:
                for statement in migration.statements:
                    connection.execute(statement)
                if migration.fill is not None:
                    migration.fill(connection)
                broken = connection.execute("PRAGMA foreign_key_check").fetchall()
                if broken:
                    message = ngettext(
                        "{path}: upgrading to schema {version} would leave {count} broken "
                        "reference; the database was not upgraded",
                        "{path}: upgrading to schema {version} would leave {count} broken "
                        "references; the database was not upgraded",
                        len(broken),
                    )
                    shown = message.format(
                        path=self.path, version=migration.version, count=len(broken)
                    )
                    raise StorageError(shown)
                connection.execute(f"PRAGMA user_version = {migration.version}")

    def _execute(self, sql: str) -> sqlite3.Cursor:
        try:
            return self.connection.execute(sql)
        except SQLITE_FAILURES as error:
            raise describe_sqlite_error(error, self.path) from error

    @property
    def schema_version(self) -> int:
        """The schema version the database holds."""
        return int(self.connection.execute("PRAGMA user_version").fetchone()[0])

    @contextlib.contextmanager
    def transaction(self, durable: bool = True) -> Iterator[sqlite3.Connection]:
        """One short write transaction: committed when the block ends, rolled back on error.

        SQLite errors leave as :class:`StorageError` with a clear message; anything else
        raised inside the block is re-raised after the rollback.

        ``durable=False`` is for rows the app can always work out again (cached figures,
        checked against their sittings when read): the commit does not wait for the disk
        (``synchronous = NORMAL`` for this transaction alone), so a crash or power cut may
        lose it, but never an earlier change, and the file stays sound (WAL). At 1,500
        sittings a cached head to head stored in 0.1 ms where 0.3-1.6 durably, medians
        1.7-7.4 at a load of 7.
        """
        if self.read_only:
            message = _("{path}: opened read-only; nothing can be changed")
            raise ReadOnlyError(message.format(path=self.path))
        connection = self.connection
        if not durable:
            self._execute("PRAGMA synchronous = NORMAL")
        try:
            try:
                connection.execute("BEGIN IMMEDIATE")
            except SQLITE_FAILURES as error:
                raise describe_sqlite_error(error, self.path) from error
            try:
                yield connection
                connection.execute("COMMIT")
            except BaseException as error:
                with contextlib.suppress(*SQLITE_FAILURES):
                    connection.execute("ROLLBACK")
                if isinstance(error, SQLITE_FAILURES):
                    raise describe_sqlite_error(error, self.path) from error
                raise
        finally:
            if not durable:
                self._execute("PRAGMA synchronous = FULL")

    def integrity_problems(self) -> list[str]:
        """What ``PRAGMA integrity_check`` reports; empty when the database is sound."""
        rows = [str(r[0]) for r in self.connection.execute("PRAGMA integrity_check")]
        return [] if rows == ["ok"] else rows

    def close(self) -> None:
        """Close the connection and release the writer's lock."""
        with contextlib.suppress(*SQLITE_FAILURES):
            self.connection.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> Database:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def _connect(path: Path, read_only: bool) -> sqlite3.Connection:
    try:
        if read_only:
            if not path.exists():
                raise DataDirectoryError(_(_NO_DATABASE_YET).format(path=path))
            uri = f"{path.resolve().as_uri()}?mode=ro"
            wal = path.with_name(path.name + "-wal")
            if not folder_writable(path.parent) and not wal.exists():
                # Closed cleanly in a folder nobody can write to: nothing can change it, and
                # SQLite must not try to make its -shm file there (it would fail).
                uri = f"{path.resolve().as_uri()}?immutable=1"
            return sqlite3.connect(uri, uri=True, isolation_level=None)
        return sqlite3.connect(path, isolation_level=None)
    except SQLITE_FAILURES as error:
        raise describe_sqlite_error(error, path) from error


_SQLITE_MAGIC = b"SQLite format 3\x00"
_HEADER_SIZE = 100
_USER_VERSION_AT = 60


def writer_active(database: Path) -> bool:
    """True while a copy of the app holds the writers' lock of ``database`` (it has the
    database open for writing, or is upgrading it). Creates nothing: no lock file, no writer."""
    lock = database.with_name(database.name + ".lock")
    try:
        handle = open(lock, "rb")  # noqa: SIM115 - closed below
    except OSError:
        return False
    try:
        try:
            _lock(handle)
        except OSError:
            return True
        with contextlib.suppress(OSError):
            _unlock(handle)
        return False
    finally:
        handle.close()


def _not_upgraded_yet(path: Path, version: int) -> StorageError:
    """Why an older database cannot be read without writing: another copy is upgrading it
    right now, or no copy has opened it for writing since it was put there (a restored
    backup of an earlier version, say). Reading it read-only never upgrades it."""
    if writer_active(path):
        message = _(
            "{path}: another copy of jojotte-score is upgrading this database (schema "
            "{version} to {newest}) or has it open; wait until it has started, then try again"
        )
    else:
        message = _(
            "{path}: this database is from an earlier version of jojotte-score (schema "
            "{version}); it is upgraded to schema {newest} the next time the window or "
            "`jojotte-score import` opens it; do that once, then try again"
        )
    return StorageError(message.format(path=path, version=version, newest=SCHEMA_VERSION))


def _too_new(path: Path, version: int) -> DatabaseTooNewError:
    message = _(
        "{path}: this database was written by a newer jojotte-score (schema {version}; "
        "this version reads up to {newest}); update the app. The database was not changed."
    )
    return DatabaseTooNewError(message.format(path=path, version=version, newest=SCHEMA_VERSION))


def folder_writable(folder: Path) -> bool:
    """True when files can be made in ``folder`` (for the database's -wal, -shm and lock)."""
    return os.access(folder, os.W_OK | os.X_OK)


def database_exists(path: Path) -> bool:
    """True when a database file is at ``path``; False when nothing is there yet.

    Raises :class:`DataDirectoryError` for anything that is neither: a folder, a named pipe
    or a device (opening one would block or fail), a link to nothing, a loop of links.
    """
    try:
        info = path.stat()  # follows links
    except FileNotFoundError:
        if path.is_symlink():
            message = _("{path}: a link to {target}, which does not exist")
            raise DataDirectoryError(message.format(path=path, target=os.readlink(path))) from None
        return False
    except OSError as error:  # a loop of links, a folder that cannot be searched
        message = _("{path}: cannot be used as the database ({reason})")
        raise DataDirectoryError(message.format(path=path, reason=os_reason(error))) from error
    if stat.S_ISDIR(info.st_mode):
        raise DataDirectoryError(_(_A_FOLDER).format(path=path))
    if not stat.S_ISREG(info.st_mode):
        message = _(
            "{path}: not a regular file (a named pipe, socket or device); "
            "the database must be a file"
        )
        raise DataDirectoryError(message.format(path=path))
    return True


def _check_before_opening(path: Path, read_only: bool) -> None:
    """Refuse a file that is not SQLite, or from a newer schema, before SQLite opens it.

    Opening a WAL database leaves -wal and -shm files beside it, and closing a read-write
    connection moves the WAL into the file: neither may happen to a newer app's database.
    """
    if not database_exists(path):
        return
    try:
        with path.open("rb") as handle:
            header = handle.read(_HEADER_SIZE)
    except FileNotFoundError:
        return
    except IsADirectoryError as error:
        raise DataDirectoryError(_(_A_FOLDER).format(path=path)) from error
    except OSError as error:
        message = _("{path}: cannot read the database ({reason})")
        raise DataDirectoryError(message.format(path=path, reason=os_reason(error))) from error
    if not header:
        return  # An empty file becomes a new database.
    if len(header) < _HEADER_SIZE or not header.startswith(_SQLITE_MAGIC):
        message = _("{path}: not a jojotte-score database, or damaged")
        raise NotADatabaseError(message.format(path=path))
    version = int.from_bytes(header[_USER_VERSION_AT : _USER_VERSION_AT + 4], "big", signed=True)
    if version > SCHEMA_VERSION:
        raise _too_new(path, version)
    wal = path.with_name(path.name + "-wal")
    if not read_only and wal.exists() and wal.stat().st_size > 0:
        # The newest user_version may still be in the WAL only: read it through a read-only
        # connection, which cannot checkpoint the WAL into the file when it closes.
        with contextlib.closing(_connect(path, read_only=True)) as probe:
            try:
                version = probe.execute("PRAGMA user_version").fetchone()[0]
            except SQLITE_FAILURES as error:
                raise describe_sqlite_error(error, path) from error
        if version > SCHEMA_VERSION:
            raise _too_new(path, version)


def _identity(path: Path) -> tuple[int, int] | None:
    """The file at ``path`` told apart from one renamed in its place (None: no file)."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_dev, status.st_ino
