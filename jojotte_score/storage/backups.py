"""Automatic backups of the sittings database, and restoring one of them.

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
from jojotte_score.i18n import _, ngettext
from jojotte_score.storage.errors import SQLITE_FAILURES, os_reason
from jojotte_score.storage.schema import CACHE_TABLES, MIGRATIONS, SCHEMA_VERSION, missing_schema

BACKUP_DIR_NAME = "backups"
DEFAULT_KEEP = 10
BACKUP_INTERVAL = timedelta(days=1)

_STAMP_FORMAT = "%Y%m%dT%H%M%SZ"
_AUTOMATIC_PREFIX = "sittings-"
_BEFORE_RESTORE_PREFIX = "sittings-before-restore-"
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


class Restored(NamedTuple):
    """What a restore did: where the database it replaced was saved (the database itself
    when there was none), and what the backup held that is not the app's and was left out
    (each named in a few words: "trigger 'x'", "column 'c' of table 't'")."""

    safety_copy: Path
    dropped: tuple[str, ...] = ()


class Backup(NamedTuple):
    """One backup file and the UTC time it was taken, as read from its name."""

    path: Path
    taken: datetime

    @property
    def before_restore(self) -> bool:
        """Whether this is the safety copy saved just before a restore (never pruned)."""
        return self.path.name.startswith(_BEFORE_RESTORE_PREFIX)

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
    return f"{_AUTOMATIC_PREFIX}{_stamp(taken)}{_SUFFIX}"


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
        raise BackupError(message.format(folder=backup_dir, reason=_reason(exc))) from exc
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
    now = _utc(now)
    if connection.in_transaction:
        message = _("cannot back up into {folder} while a transaction is open")
        raise BackupError(message.format(folder=backup_dir))
    _make_folder(backup_dir)
    remove_stale_temporaries(backup_dir, now)
    target = _free_path(backup_dir, f"{_AUTOMATIC_PREFIX}{_stamp(now)}")
    return _written_backup(connection, target, now)


def backup_before_upgrade(
    connection: sqlite3.Connection, backup_dir: Path, now: datetime
) -> Backup:
    """Copy the database behind ``connection``, as it is before its schema is upgraded, to
    ``sittings-before-upgrade-<UTC stamp>.sqlite3`` in ``backup_dir`` (never pruned): the
    sittings as the earlier version had them, should the upgrade or the new version go
    wrong. :class:`BackupError` says why when it cannot be made."""
    now = _utc(now)
    _make_folder(backup_dir)
    target = _free_path(backup_dir, f"{_BEFORE_UPGRADE_PREFIX}{_stamp(now)}")
    return _written_backup(connection, target, now)


def _written_backup(connection: sqlite3.Connection, target: Path, now: datetime) -> Backup:
    """The database behind ``connection`` copied, checked, to ``target``, as a backup made
    ``now``; :class:`BackupError` says why when it cannot be written."""
    try:
        _copy_database(connection, target, check=True)
    except (*SQLITE_FAILURES, OSError) as exc:
        message = _("cannot write the backup {file}: {reason}")
        raise BackupError(message.format(file=target, reason=_reason(exc))) from exc
    return Backup(target, now.replace(microsecond=0))


def remove_stale_temporaries(backup_dir: Path, now: datetime) -> list[Path]:
    """Remove what copies killed half-way left in ``backup_dir`` (temporary files of this
    app's own naming, and their journals) once they are older than a copy can take; never
    anything else. The paths removed."""
    removed = []
    cutoff = _utc(now).timestamp() - _STALE_SECONDS
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
    now = _utc(now)
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
            raise BackupError(message.format(file=backup.path, reason=_reason(exc))) from exc
        deleted.append(backup.path)
    return deleted


def restore_backup(
    backup: Path, database: Path, now: datetime, *, newest_version: int | None = None
) -> Restored:
    """Replace ``database`` with ``backup``; returns where the database it replaced went.

    The backup must be a readable SQLite database that passes the integrity check and
    has a ``user_version`` of at least 1; with ``newest_version`` (the app's own restores),
    at most that, and the tables and columns its version has, as opening checks them;
    otherwise :class:`BackupError` names the problem and nothing is touched.

    With ``newest_version`` only what the app's own schema holds is restored: a fresh
    database is made by the app's migrations up to the backup's version, and the backup's
    sittings and hands (the known columns of the known tables) are copied into it. Anything
    else the backup holds (triggers, views, other tables, indexes, columns) is left out
    and named in :attr:`Restored.dropped`; the cached figures are not copied but rebuilt
    from the hands. Without it (a database that is not the app's) the file is copied whole.

    The current database, when there is one, is first saved as
    ``sittings-before-restore-<UTC stamp>.sqlite3`` in ``database.parent / "backups"``,
    so that a restore can itself be undone. When there is no current database the restore
    creates it, and :attr:`Restored.safety_copy` is ``database``.

    The caller must make sure no connection to ``database`` is open.
    """
    now = _utc(now)
    version = _check_restorable(backup, newest_version)
    _make_folder(database.parent)
    safety_copy = database
    if database.exists():
        safety_copy = _save_before_restore(database, database.parent / BACKUP_DIR_NAME, now)
    dropped: tuple[str, ...] = ()
    try:
        if newest_version is None:
            with contextlib.closing(_open_read_only(backup)) as source:
                _copy_database(source, database, check=True)
        else:
            dropped = _copy_app_schema(backup, database, version)
    except (*SQLITE_FAILURES, OSError) as exc:
        message = _(
            "cannot restore {backup} into {database}: {reason}; the database was not changed"
        )
        reason = _reason(exc)
        raise BackupError(message.format(backup=backup, database=database, reason=reason)) from exc
    _remove_companions(backup, database)
    return Restored(safety_copy, dropped)


def _remove_companions(backup: Path, database: Path) -> None:
    """Delete the -wal, -shm and -journal files beside ``database``, just restored from
    ``backup``; :class:`BackupError` says which cannot be deleted."""
    # Any -wal, -shm or -journal file left beside the database belongs to the file that was
    # just replaced; SQLite would apply a leftover -wal to the restored file and corrupt it,
    # so they must go. Removing them only now is right: until the rename succeeded they
    # could still hold the old database's last commits, needed if the rename failed. Nothing
    # is lost by removing them: the safety copy was read through them (or holds their bytes),
    # and a readable database had its -wal folded in before the rename, so normally none is
    # left. No other connection can be using them: the caller guarantees that none is open.
    for companion in _companions(database):
        try:
            companion.unlink(missing_ok=True)
        except OSError as exc:
            message = _(
                "restored {backup} into {database}, but cannot delete the stale {file}: "
                "{reason}; delete it before starting jojotte-score"
            )
            shown = message.format(
                backup=backup, database=database, file=companion, reason=_reason(exc)
            )
            raise BackupError(shown) from exc


def schema_version_of(path: Path) -> int | None:
    """The schema version (``user_version``) of the database at ``path``; None when it
    cannot be read."""
    try:
        with contextlib.closing(_open_read_only(path)) as connection:
            return int(connection.execute("PRAGMA user_version").fetchone()[0])
    except (*SQLITE_FAILURES, OSError):
        return None


def _stamp(moment: datetime) -> str:
    return _utc(moment).strftime(_STAMP_FORMAT)


def _utc(moment: datetime) -> datetime:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"expected an aware datetime, got the naive {moment!r}")
    return moment.astimezone(UTC)


def _check_keep(keep: int) -> None:
    if keep < 1:
        raise ValueError(f"keep must be at least 1, got {keep}")


def _reason(exc: BaseException) -> str:
    """The cause of an OS or SQLite failure in a few words a player can act on."""
    if isinstance(exc, OSError) and exc.strerror:
        return os_reason(exc)
    text = str(exc) or type(exc).__name__
    if isinstance(exc, UnicodeDecodeError):
        return _("the database is damaged (its text is not readable: {detail})").format(detail=text)
    if isinstance(exc, sqlite3.DatabaseError) and "malformed" in text:
        return _("the database is damaged ({detail})").format(detail=text)
    return text


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        message = _("cannot create the folder {folder}: {reason}")
        raise BackupError(message.format(folder=folder, reason=_reason(exc))) from exc


def _free_path(folder: Path, stem: str) -> Path:
    """``folder/stem.sqlite3``, or ``stem-2``, ``stem-3``, ... when that name is taken."""
    candidate = folder / f"{stem}{_SUFFIX}"
    serial = 1
    while candidate.exists():
        serial += 1
        candidate = folder / f"{stem}-{serial}{_SUFFIX}"
    return candidate


def _companions(database: Path) -> Iterator[Path]:
    for ending in _COMPANIONS:
        yield database.with_name(database.name + ending)


def _open_read_only(path: Path) -> sqlite3.Connection:
    uri = f"{path.absolute().as_uri()}?mode=ro"
    return sqlite3.connect(uri, uri=True, isolation_level=None)


def _integrity_problems(connection: sqlite3.Connection) -> list[str]:
    rows = connection.execute("PRAGMA integrity_check").fetchall()
    return [str(row[0]) for row in rows if row[0] != "ok"]


def _describe(problems: list[str]) -> str:
    shown = "; ".join(problems[:_SHOWN_PROBLEMS])
    more = len(problems) - _SHOWN_PROBLEMS
    return _("{shown}; and {more} more").format(shown=shown, more=more) if more > 0 else shown


def _check_restorable(backup: Path, newest_version: int | None) -> int:
    """Raise :class:`BackupError` unless ``backup`` is a sound jojotte-score database; its
    schema version."""
    _check_nonempty_file(backup)
    problems, version, missing = _read_schema(backup, newest_version)
    if problems:
        message = _(
            "{backup}: the database is damaged (integrity check: {problems}); nothing was restored"
        )
        raise BackupError(message.format(backup=backup, problems=_describe(problems)))
    if version < 1:
        message = _(
            "{backup}: not a jojotte-score database (it has no schema version); "
            "nothing was restored"
        )
        raise BackupError(message.format(backup=backup))
    if newest_version is not None and version > newest_version:
        message = _(
            "{backup}: written by a newer jojotte-score (schema version {version}, this one "
            "reads up to {newest}); nothing was restored"
        )
        raise BackupError(message.format(backup=backup, version=version, newest=newest_version))
    if missing:
        message = _(
            "{backup}: not a jojotte-score database (its schema version is {version}, but it "
            "has no {missing}); nothing was restored"
        )
        raise BackupError(message.format(backup=backup, version=version, missing=missing))
    return version


def _check_nonempty_file(backup: Path) -> None:
    """Raise :class:`BackupError` unless ``backup`` is a regular file that is not empty."""
    if not backup.exists():
        message = _("{backup}: no such backup file; nothing was restored")
        raise BackupError(message.format(backup=backup))
    if backup.is_dir():
        raise BackupError(_("{backup}: not a file; nothing was restored").format(backup=backup))
    if not backup.is_file():
        message = _(
            "{backup}: not a regular file (a device, named pipe or socket); nothing was restored"
        )
        raise BackupError(message.format(backup=backup))
    try:
        size = backup.stat().st_size
    except OSError as exc:
        message = _("{backup}: cannot read it ({reason}); nothing was restored")
        raise BackupError(message.format(backup=backup, reason=_reason(exc))) from exc
    if size == 0:
        message = _("{backup}: the file is empty; nothing was restored")
        raise BackupError(message.format(backup=backup))


def _read_schema(backup: Path, newest_version: int | None) -> tuple[list[str], int, str]:
    """What the integrity check of ``backup`` finds, its schema version and, with
    ``newest_version``, what of the app's schema of that version it lacks ("" for
    nothing); :class:`BackupError` when it cannot be read as SQLite."""
    missing = ""
    try:
        with contextlib.closing(_open_read_only(backup)) as connection:
            problems = _integrity_problems(connection)
            version = int(connection.execute("PRAGMA user_version").fetchone()[0])
            if newest_version is not None and not problems and 1 <= version <= newest_version:
                missing = missing_schema(connection, version)
    except SQLITE_FAILURES as exc:
        text = str(exc)
        if isinstance(exc, UnicodeDecodeError):
            message = _(
                "{backup}: the database is damaged (its text is not readable: {detail}); "
                "nothing was restored"
            )
        elif "malformed" in text:
            message = _("{backup}: the database is damaged ({detail}); nothing was restored")
        else:
            message = _("{backup}: not a readable SQLite database ({detail}); nothing was restored")
        raise BackupError(message.format(backup=backup, detail=text)) from exc
    return problems, version, missing


def _copy_app_schema(backup: Path, target: Path, version: int) -> tuple[str, ...]:
    """Make ``target`` a fresh database of the app's schema ``version`` holding the sittings
    and hands of ``backup``; what the backup holds beyond the app's schema, in words.

    The fresh database is built in a temporary file beside ``target`` by the app's own
    migrations, the backup is attached read-only and only the known columns of the tables
    that are not caches are copied (a row the app's schema refuses, as its CHECKs do, fails
    the restore). Nothing of the backup's schema is run: its triggers cannot fire, since
    nothing is written to it. The caches are rebuilt from the hands when the app's schema
    is the newest, else by the upgrade that follows. Raises as :func:`_copy_database`."""
    with (
        _replacing(target, check=True) as temporary,
        contextlib.closing(
            sqlite3.connect(temporary.absolute().as_uri(), uri=True, isolation_level=None)
        ) as fresh,
    ):
        _make_schema(fresh, version)
        source = f"{backup.absolute().as_uri()}?mode=ro"
        fresh.execute("ATTACH DATABASE ? AS source", (source,))
        dropped = _foreign_objects(fresh)
        fresh.execute("BEGIN IMMEDIATE")
        orphans = _copy_known_rows(fresh)
        fresh.execute("COMMIT")
        fresh.execute("DETACH DATABASE source")
        _fill_caches(fresh, version)
    return (*dropped, *orphans)


def _make_schema(fresh: sqlite3.Connection, version: int) -> None:
    """Make the app's schema ``version`` in the empty database ``fresh``, by its migrations."""
    fresh.execute("BEGIN IMMEDIATE")
    for migration in MIGRATIONS:
        if migration.version <= version:
            for statement in migration.statements:
                fresh.execute(statement)
    fresh.execute(f"PRAGMA user_version = {version}")
    fresh.execute("COMMIT")


def _copy_known_rows(fresh: sqlite3.Connection) -> list[str]:
    """Copy the known columns of the tables that are not caches from the attached backup
    ("source") into ``fresh``, then remove the rows that point at no row; those, in words."""
    for table, columns in _tables(fresh, "main").items():
        if table in CACHE_TABLES:
            continue
        listed = ", ".join(f'"{column}"' for column in columns)
        fresh.execute(
            f'INSERT INTO main."{table}" ({listed}) SELECT {listed} FROM source."{table}"'
        )
    return _drop_orphans(fresh)


def _fill_caches(fresh: sqlite3.Connection, version: int) -> None:
    """Rebuild the caches from the hands when ``version`` is the newest schema; an older
    one has them rebuilt by the upgrade that follows."""
    if version == SCHEMA_VERSION:
        from jojotte_score.storage.stored_figures import fill_seat_figures, fill_summary

        fresh.execute("BEGIN IMMEDIATE")
        fill_seat_figures(fresh)
        fill_summary(fresh)
        fresh.execute("COMMIT")


def _tables(connection: sqlite3.Connection, schema: str) -> dict[str, list[str]]:
    """Each table of the attached ``schema`` ("main", "source") and its columns, in order."""
    tables = connection.execute(
        f"SELECT name FROM {schema}.sqlite_master WHERE type = 'table' ORDER BY rowid"
    ).fetchall()
    return {
        str(table): [
            str(row[1]) for row in connection.execute(f'PRAGMA {schema}.table_info("{table}")')
        ]
        for (table,) in tables
    }


def _foreign_objects(connection: sqlite3.Connection) -> list[str]:
    """What the attached ``source`` holds that the fresh ``main`` database, of the app's
    own schema, does not: its other tables, views, triggers and indexes, and the columns
    of the app's tables the app does not make."""
    words = {
        "table": _("table {name}"),
        "view": _("view {name}"),
        "trigger": _("trigger {name}"),
        "index": _("index {name}"),
    }
    query = "SELECT type, name, sql FROM {schema}.sqlite_master WHERE name NOT LIKE 'sqlite_%'"
    own = {
        (str(kind), str(name)): " ".join(str(sql or "").split())
        for kind, name, sql in connection.execute(query.format(schema="main"))
    }
    found = []
    for kind, name, sql in connection.execute(query.format(schema="source")).fetchall():
        mine = own.get((str(kind), str(name)))
        # A known table is the app's whatever its text: its columns are compared below.
        if mine is None or (kind != "table" and mine != " ".join(str(sql or "").split())):
            word = words.get(str(kind), _("table {name}"))
            found.append(word.format(name=repr(str(name))))
    theirs = _tables(connection, "source")
    for table, columns in _tables(connection, "main").items():
        for column in theirs.get(table, []):
            if column not in columns:
                message = _("column {column} of table {table}")
                found.append(message.format(column=repr(column), table=repr(table)))
    return found


def _drop_orphans(connection: sqlite3.Connection) -> list[str]:
    """Remove the rows copied that point at no row (hands of no sitting), which the app's
    foreign keys would refuse; each table's count, in words."""
    found = []
    for table in _tables(connection, "main"):
        keys = connection.execute(f'PRAGMA main.foreign_key_list("{table}")').fetchall()
        for key in keys:
            parent, column, parent_column = str(key[2]), str(key[3]), str(key[4] or "rowid")
            cursor = connection.execute(
                f'DELETE FROM main."{table}" WHERE "{column}" IS NOT NULL AND "{column}" '
                f'NOT IN (SELECT "{parent_column}" FROM main."{parent}")'
            )
            if cursor.rowcount > 0:
                message = ngettext(
                    "{count} row of table {table} that belongs to nothing",
                    "{count} rows of table {table} that belong to nothing",
                    cursor.rowcount,
                )
                found.append(message.format(count=cursor.rowcount, table=repr(table)))
    return found


def _save_before_restore(database: Path, backup_dir: Path, now: datetime) -> Path:
    """Save ``database`` as a before-restore safety copy in ``backup_dir``; returns its path.

    The database is read through a read-only connection, which changes nothing on disk.
    Once the copy is safe, the database's -wal is folded into it (checkpointed), so that
    no -wal is left to outlive the rename that follows.
    """
    _make_folder(backup_dir)
    target = _free_path(backup_dir, f"{_BEFORE_RESTORE_PREFIX}{_stamp(now)}")
    try:
        try:
            with contextlib.closing(_open_read_only(database)) as current:
                _copy_database(current, target, check=False)
        except SQLITE_FAILURES:
            # SQLite cannot read the current database (often the reason for restoring): keep
            # its bytes, and those of its -wal and -journal, exactly as they are. A read-write
            # connection would not do: closing it can delete a -wal it cannot make sense of.
            _copy_bytes(database, target)
            for ending in ("-wal", "-journal"):
                companion = database.with_name(database.name + ending)
                if companion.is_file():
                    _copy_bytes(companion, target.with_name(target.name + ending))
        else:
            _fold_wal(database)
    except OSError as exc:
        message = _(
            "cannot save {database} to {file} before restoring: {reason}; nothing was restored"
        )
        reason = _reason(exc)
        raise BackupError(message.format(database=database, file=target, reason=reason)) from exc
    return target


def _fold_wal(database: Path) -> None:
    """Checkpoint ``database`` and let SQLite delete its -wal; a failure here is harmless."""
    with (
        contextlib.suppress(*SQLITE_FAILURES),
        contextlib.closing(sqlite3.connect(database, isolation_level=None)) as connection,
    ):
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()


def _copy_database(source: sqlite3.Connection, target: Path, *, check: bool) -> None:
    """Copy ``source`` to ``target`` through a checked temporary file renamed into place.

    Raises ``sqlite3.Error`` or ``OSError`` as they come, or :class:`BackupError` when
    ``check`` is set and the copy fails its integrity check; the temporary file is
    removed in every case.
    """
    with (
        _replacing(target, check=check) as temporary,
        contextlib.closing(sqlite3.connect(temporary, isolation_level=None)) as copy,
    ):
        # The copy is a temporary file until it is synced and renamed (``_replacing``), so
        # SQLite's own syncs of it guard nothing: without them a backup syncs twice instead
        # of 12 times (strace); the day's first start, which makes one before the window
        # shows, spent 24 ms of a busy disk in them, 10 ms now.
        copy.execute("PRAGMA synchronous = OFF")
        source.backup(copy)
        # The copy inherits WAL mode from a WAL source; make it one standalone file.
        copy.execute("PRAGMA journal_mode=DELETE").fetchall()


def _copy_bytes(source: Path, target: Path) -> None:
    """Copy a file byte for byte through a temporary file renamed into place."""
    with (
        _replacing(target, check=False) as temporary,
        source.open("rb") as reading,
        temporary.open("wb") as writing,
    ):
        import shutil  # a late import: see _temporary_beside

        shutil.copyfileobj(reading, writing)


@contextlib.contextmanager
def _replacing(target: Path, *, check: bool) -> Iterator[Path]:
    """A temporary file beside ``target`` for a copy to be written to; once written, it is
    synced to disk, checked when ``check`` is set (:class:`BackupError` when it fails its
    integrity check) and renamed into place. It is removed in every case of failure."""
    temporary = _temporary_beside(target)
    try:
        yield temporary
        _fsync_file(temporary)
        if check:
            with contextlib.closing(_open_read_only(temporary)) as written:
                problems = _integrity_problems(written)
            if problems:
                message = _(
                    "cannot write {file}: the copied database is damaged (integrity check: "
                    "{problems}); the copy was not kept"
                )
                raise BackupError(message.format(file=target, problems=_describe(problems)))
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
    for path in (temporary, *_companions(temporary)):
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
