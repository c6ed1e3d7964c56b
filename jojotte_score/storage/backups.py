"""Automatic backups of the sittings database: when one is due, making, listing and pruning
them, and the checked copy a backup and a restore are both written by.

Restoring a backup is :mod:`jojotte_score.storage.restore`'s.

Every copy is made with SQLite's backup API into a temporary file in the destination
folder, flushed to disk, checked with ``PRAGMA integrity_check`` and only then renamed to
its final name, so a name of the form ``sittings-<UTC stamp>.sqlite3`` always holds a
complete, sound database. Copies are written in rollback-journal mode: each one is a
single standalone file, with no ``-wal`` beside it.

Nothing here reads the clock: every function that needs the time takes ``now``.
"""

import contextlib
import os
import re
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import NamedTuple

from jojotte_score.core.errors import JojotteError
from jojotte_score.i18n import _
from jojotte_score.storage.errors import SQLITE_FAILURES, os_reason

BACKUP_DIR_NAME = "backups"
DEFAULT_KEEP = 10
BACKUP_INTERVAL = timedelta(days=1)

_STAMP_FORMAT = "%Y%m%dT%H%M%SZ"
_AUTOMATIC_PREFIX = "sittings-"
BEFORE_RESTORE_PREFIX = "sittings-before-restore-"
_BEFORE_UPGRADE_PREFIX = "sittings-before-upgrade-"
_SUFFIX = ".sqlite3"
_NAME = re.compile(
    r"sittings-(?:before-restore-|before-upgrade-)?"
    r"(?P<Y>\d{4})(?P<m>\d\d)(?P<d>\d\d)T(?P<H>\d\d)(?P<M>\d\d)(?P<S>\d\d)Z"
    r"(?:-(?P<serial>\d+))?\.sqlite3"
)
# Files SQLite keeps beside a database while it is open or after a crash.
_COMPANIONS = ("-wal", "-shm", "-journal")
_SHOWN_PROBLEMS = 3
# What a copy killed half-way leaves behind: the temporary file beside a backup name
# (".sittings-….sqlite3.XXXX.tmp") and its SQLite journal. Compiled by ``re`` when a backup
# is first made (about once a day), not at every start: 0.8 M instructions (callgrind).
_TEMPORARY = r"\.sittings-[^/]*\.sqlite3\.[^./]+\.tmp(-journal|-wal|-shm)?"
# Older than this, no copy still running can own such a file (a copy takes seconds).
_STALE_SECONDS = 600


class BackupError(JojotteError):
    """A backup could not be made, listed, pruned or restored; the message names the file."""


class Backup(NamedTuple):
    """One backup file and the UTC time it was taken, as read from its name."""

    path: Path
    taken: datetime

    @property
    def before_restore(self) -> bool:
        """Whether this is the safety copy saved just before a restore (never pruned)."""
        return self.path.name.startswith(BEFORE_RESTORE_PREFIX)

    @property
    def before_upgrade(self) -> bool:
        """Whether this is the copy saved just before the database was upgraded to a newer
        schema (never pruned)."""
        return self.path.name.startswith(_BEFORE_UPGRADE_PREFIX)

    @property
    def automatic(self) -> bool:
        """Whether this is one of the daily backups (the only ones pruned)."""
        return not (self.before_restore or self.before_upgrade)


def backup_name(taken: datetime) -> str:
    """The file name of an automatic backup taken at ``taken`` (an aware datetime).

    The stamp is in UTC, so names sort in the order the backups were taken:
    ``sittings-20261121T013000Z.sqlite3``.
    """
    return f"{_AUTOMATIC_PREFIX}{utc_stamp(taken)}{_SUFFIX}"


def list_backups(backup_dir: Path) -> list[Backup]:
    """The backups in ``backup_dir``, newest first; a missing folder has none.

    Only files named like a backup count: temporaries, journals and anything else
    in the folder are ignored. Safety copies saved before a restore are included.
    """
    try:
        entries = list(backup_dir.iterdir())
    except FileNotFoundError:
        return []
    except OSError as exc:
        message = _("cannot read the backup folder {folder}: {reason}")
        raise BackupError(message.format(folder=backup_dir, reason=failure_reason(exc))) from exc
    found: list[tuple[datetime, int, str, Backup]] = []
    for path in entries:
        match = _NAME.fullmatch(path.name)
        if match is None or not path.is_file():
            continue
        try:
            # The stamp's six numbers; strptime would cost start-up its locale machinery.
            year, month, day, hour, minute, second = (int(match[part]) for part in "YmdHMS")
            taken = datetime(year, month, day, hour, minute, second, tzinfo=UTC)
        except ValueError:
            continue
        serial = int(match["serial"] or 1)
        found.append((taken, serial, path.name, Backup(path, taken)))
    found.sort(key=lambda entry: entry[:3], reverse=True)
    return [entry[3] for entry in found]


def make_backup(connection: sqlite3.Connection, backup_dir: Path, now: datetime) -> Backup:
    """Copy the database behind ``connection`` into a new backup in ``backup_dir``.

    The folder is created when missing. A backup already taken in the same second
    is kept, and the new one gets a ``-2`` (``-3``, ...) suffix. On any failure
    nothing is left under a backup name and :class:`BackupError` says why; a damaged
    database (one failing the integrity check) gives no backup at all.
    """
    now = as_utc(now)
    if connection.in_transaction:
        message = _("cannot back up into {folder} while a transaction is open")
        raise BackupError(message.format(folder=backup_dir))
    make_folder(backup_dir)
    remove_stale_temporaries(backup_dir, now)
    target = free_path(backup_dir, f"{_AUTOMATIC_PREFIX}{utc_stamp(now)}")
    return _written_backup(connection, target, now)


def backup_before_upgrade(
    connection: sqlite3.Connection, backup_dir: Path, now: datetime
) -> Backup:
    """Copy the database behind ``connection``, as it is before its schema is upgraded, to
    ``sittings-before-upgrade-<UTC stamp>.sqlite3`` in ``backup_dir`` (never pruned): the
    sittings as the earlier version had them, should the upgrade or the new version go
    wrong. :class:`BackupError` says why when it cannot be made."""
    now = as_utc(now)
    make_folder(backup_dir)
    target = free_path(backup_dir, f"{_BEFORE_UPGRADE_PREFIX}{utc_stamp(now)}")
    return _written_backup(connection, target, now)


def _written_backup(connection: sqlite3.Connection, target: Path, now: datetime) -> Backup:
    """The database behind ``connection`` copied, checked, to ``target``, as a backup made
    ``now``; :class:`BackupError` says why when it cannot be written."""
    try:
        copy_database(connection, target, check=True)
    except (*SQLITE_FAILURES, OSError) as exc:
        message = _("cannot write the backup {file}: {reason}")
        raise BackupError(message.format(file=target, reason=failure_reason(exc))) from exc
    return Backup(target, now.replace(microsecond=0))


def remove_stale_temporaries(backup_dir: Path, now: datetime) -> list[Path]:
    """Remove what copies killed half-way left in ``backup_dir`` (temporary files of this
    app's own naming, and their journals) once they are older than a copy can take; never
    anything else. The paths removed."""
    removed = []
    cutoff = as_utc(now).timestamp() - _STALE_SECONDS
    with contextlib.suppress(OSError):
        for path in backup_dir.iterdir():
            if not re.fullmatch(_TEMPORARY, path.name):
                continue
            with contextlib.suppress(OSError):
                if path.is_file() and path.stat().st_mtime < cutoff:
                    path.unlink()
                    removed.append(path)
    return removed


def backup_if_due(
    connection: sqlite3.Connection,
    backup_dir: Path,
    now: datetime,
    *,
    interval: timedelta = BACKUP_INTERVAL,
    keep: int = DEFAULT_KEEP,
) -> Backup | None:
    """Make a backup when there is none or the newest is more than ``interval`` old.

    Afterwards the automatic backups are pruned to the ``keep`` newest. Returns the
    new backup, or ``None`` when none was due. Backups stamped later than ``now``
    (left by a clock that was once wrong) do not count as recent.
    """
    now = as_utc(now)
    _check_keep(keep)
    earlier = [
        backup for backup in list_backups(backup_dir) if backup.automatic and backup.taken <= now
    ]
    made = None
    if not earlier or now - earlier[0].taken > interval:
        made = make_backup(connection, backup_dir, now)
    prune_backups(backup_dir, keep)
    return made


def prune_backups(backup_dir: Path, keep: int) -> list[Path]:
    """Delete the automatic backups beyond the ``keep`` newest; returns them, oldest first.

    Safety copies saved before a restore and unrelated files are never deleted.
    """
    _check_keep(keep)
    automatic = [backup for backup in list_backups(backup_dir) if backup.automatic]
    deleted: list[Path] = []
    for backup in reversed(automatic[keep:]):
        try:
            backup.path.unlink(missing_ok=True)
        except OSError as exc:
            message = _("cannot delete the old backup {file}: {reason}")
            raise BackupError(message.format(file=backup.path, reason=failure_reason(exc))) from exc
        deleted.append(backup.path)
    return deleted


def utc_stamp(moment: datetime) -> str:
    """``moment`` (an aware datetime) as a backup's name writes it: ``20261121T013000Z``."""
    return as_utc(moment).strftime(_STAMP_FORMAT)


def as_utc(moment: datetime) -> datetime:
    """``moment`` in UTC; ``ValueError`` for a naive datetime."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"expected an aware datetime, got the naive {moment!r}")
    return moment.astimezone(UTC)


def _check_keep(keep: int) -> None:
    if keep < 1:
        raise ValueError(f"keep must be at least 1, got {keep}")


def failure_reason(exc: BaseException) -> str:
    """The cause of an OS or SQLite failure in a few words a player can act on."""
    if isinstance(exc, OSError) and exc.strerror:
        return os_reason(exc)
    text = str(exc) or type(exc).__name__
    if isinstance(exc, UnicodeDecodeError):
        return _("the database is damaged (its text is not readable: {detail})").format(detail=text)
    if isinstance(exc, sqlite3.DatabaseError) and "malformed" in text:
        return _("the database is damaged ({detail})").format(detail=text)
    return text


def make_folder(folder: Path) -> None:
    """Create ``folder`` (and its parents) when missing; :class:`BackupError` says why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        message = _("cannot create the folder {folder}: {reason}")
        raise BackupError(message.format(folder=folder, reason=failure_reason(exc))) from exc


def free_path(folder: Path, stem: str) -> Path:
    """``folder/stem.sqlite3``, or ``stem-2``, ``stem-3``, ... when that name is taken."""
    candidate = folder / f"{stem}{_SUFFIX}"
    serial = 1
    while candidate.exists():
        serial += 1
        candidate = folder / f"{stem}-{serial}{_SUFFIX}"
    return candidate


def companions(database: Path) -> Iterator[Path]:
    """The -wal, -shm and -journal files SQLite may keep beside ``database``."""
    for ending in _COMPANIONS:
        yield database.with_name(database.name + ending)


def open_read_only(path: Path) -> sqlite3.Connection:
    """A connection that reads the database at ``path`` and can change nothing on disk."""
    uri = f"{path.absolute().as_uri()}?mode=ro"
    return sqlite3.connect(uri, uri=True, isolation_level=None)


def integrity_problems(connection: sqlite3.Connection) -> list[str]:
    """What ``PRAGMA integrity_check`` finds wrong; empty for a sound database."""
    rows = connection.execute("PRAGMA integrity_check").fetchall()
    return [str(row[0]) for row in rows if row[0] != "ok"]


def describe_problems(problems: list[str]) -> str:
    """The first few of ``problems`` in one line, and how many more there are."""
    shown = "; ".join(problems[:_SHOWN_PROBLEMS])
    more = len(problems) - _SHOWN_PROBLEMS
    return _("{shown}; and {more} more").format(shown=shown, more=more) if more > 0 else shown


def copy_database(source: sqlite3.Connection, target: Path, *, check: bool) -> None:
    """Copy ``source`` to ``target`` through a checked temporary file renamed into place.

    Raises ``sqlite3.Error`` or ``OSError`` as they come, or :class:`BackupError` when
    ``check`` is set and the copy fails its integrity check; the temporary file is
    removed in every case.
    """
    with (
        replacing(target, check=check) as temporary,
        contextlib.closing(sqlite3.connect(temporary, isolation_level=None)) as copy,
    ):
        # The copy is a temporary file until it is synced and renamed (``replacing``), so
        # SQLite's own syncs of it guard nothing: without them a backup syncs twice instead
        # of 12 times (strace); the day's first start, which makes one before the window
        # shows, spent 24 ms of a busy disk in them, 10 ms now.
        copy.execute("PRAGMA synchronous = OFF")
        source.backup(copy)
        # The copy inherits WAL mode from a WAL source; make it one standalone file.
        copy.execute("PRAGMA journal_mode=DELETE").fetchall()


@contextlib.contextmanager
def replacing(target: Path, *, check: bool) -> Iterator[Path]:
    """A temporary file beside ``target`` for a copy to be written to; once written, it is
    synced to disk, checked when ``check`` is set (:class:`BackupError` when it fails its
    integrity check) and renamed into place. It is removed in every case of failure."""
    temporary = _temporary_beside(target)
    try:
        yield temporary
        _fsync_file(temporary)
        if check:
            with contextlib.closing(open_read_only(temporary)) as written:
                problems = integrity_problems(written)
            if problems:
                message = _(
                    "cannot write {file}: the copied database is damaged (integrity check: "
                    "{problems}); the copy was not kept"
                )
                raise BackupError(message.format(file=target, problems=describe_problems(problems)))
        os.replace(temporary, target)
    except BaseException:
        _remove_temporary(temporary)
        raise
    _fsync_folder(target.parent)


def _temporary_beside(target: Path) -> Path:
    # Imported only when a copy is written: start-up, which checks whether a backup is due
    # and mostly makes none, then spares PySide6's import hook reading their source (shutil
    # and tempfile, 2,440 lines), 2.6 M instructions of the window's start (callgrind).
    import tempfile

    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(handle)
    return Path(name)


def _remove_temporary(temporary: Path) -> None:
    for path in (temporary, *companions(temporary)):
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


def _fsync_file(path: Path) -> None:
    with path.open("r+b") as handle:
        os.fsync(handle.fileno())


def _fsync_folder(folder: Path) -> None:
    """Make a rename durable; only POSIX can open a folder for that."""
    if os.name != "posix":
        return
    # Some file systems refuse to sync a folder; the renamed file is in place regardless.
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
