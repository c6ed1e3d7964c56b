"""Restoring a backup of the sittings database (``jojotte-score restore``, and the window
when a stored sitting cannot be read), and reading a database file's schema version.

A restore checks the backup first (a regular SQLite file, sound, of a schema version this
app reads), saves the database it replaces as ``sittings-before-restore-<UTC stamp>.sqlite3``
in the backups folder, and writes the restored database through the same checked copy as a
backup (:func:`~jojotte_score.storage.backups.copy_database`). Apart from making backups:
a start only checks whether one is due (benchmarks/README.md, "Start-up, twentieth round").
"""

import contextlib
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from jojotte_score.i18n import _, ngettext
from jojotte_score.storage.backups import (
    BACKUP_DIR_NAME,
    BEFORE_RESTORE_PREFIX,
    BackupError,
    as_utc,
    companions,
    copy_database,
    describe_problems,
    failure_reason,
    free_path,
    integrity_problems,
    make_folder,
    open_read_only,
    replacing,
    utc_stamp,
)
from jojotte_score.storage.errors import SQLITE_FAILURES
from jojotte_score.storage.schema import CACHE_TABLES, MIGRATIONS, SCHEMA_VERSION, missing_schema


class Restored(NamedTuple):
    """What a restore did: where the database it replaced was saved (the database itself
    when there was none), and what the backup held that is not the app's and was left out
    (each named in a few words: "trigger 'x'", "column 'c' of table 't'")."""

    safety_copy: Path
    dropped: tuple[str, ...] = ()


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
    now = as_utc(now)
    version = _check_restorable(backup, newest_version)
    make_folder(database.parent)
    safety_copy = database
    if database.exists():
        safety_copy = _save_before_restore(database, database.parent / BACKUP_DIR_NAME, now)
    dropped: tuple[str, ...] = ()
    try:
        if newest_version is None:
            with contextlib.closing(open_read_only(backup)) as source:
                copy_database(source, database, check=True)
        else:
            dropped = _copy_app_schema(backup, database, version)
    except (*SQLITE_FAILURES, OSError) as exc:
        message = _(
            "cannot restore {backup} into {database}: {reason}; the database was not changed"
        )
        reason = failure_reason(exc)
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
    for companion in companions(database):
        try:
            companion.unlink(missing_ok=True)
        except OSError as exc:
            message = _(
                "restored {backup} into {database}, but cannot delete the stale {file}: "
                "{reason}; delete it before starting jojotte-score"
            )
            shown = message.format(
                backup=backup, database=database, file=companion, reason=failure_reason(exc)
            )
            raise BackupError(shown) from exc


def schema_version_of(path: Path) -> int | None:
    """The schema version (``user_version``) of the database at ``path``; None when it
    cannot be read."""
    try:
        with contextlib.closing(open_read_only(path)) as connection:
            return int(connection.execute("PRAGMA user_version").fetchone()[0])
    except (*SQLITE_FAILURES, OSError):
        return None


def _check_restorable(backup: Path, newest_version: int | None) -> int:
    """Raise :class:`BackupError` unless ``backup`` is a sound jojotte-score database; its
    schema version."""
    _check_nonempty_file(backup)
    problems, version, missing = _read_schema(backup, newest_version)
    if problems:
        message = _(
            "{backup}: the database is damaged (integrity check: {problems}); nothing was restored"
        )
        raise BackupError(message.format(backup=backup, problems=describe_problems(problems)))
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


def backup_file_problem(backup: Path) -> str | None:
    """Why ``backup`` is not a file a backup can be restored from (missing, a folder, or
    not a regular file), translated; None when it is a regular file."""
    if not backup.exists():
        return _("{backup}: no such backup file; nothing was restored").format(backup=backup)
    if backup.is_dir():
        return _("{backup}: not a file; nothing was restored").format(backup=backup)
    if not backup.is_file():
        message = _(
            "{backup}: not a regular file (a device, named pipe or socket); nothing was restored"
        )
        return message.format(backup=backup)
    return None


def _check_nonempty_file(backup: Path) -> None:
    """Raise :class:`BackupError` unless ``backup`` is a regular file that is not empty."""
    problem = backup_file_problem(backup)
    if problem is not None:
        raise BackupError(problem)
    try:
        size = backup.stat().st_size
    except OSError as exc:
        message = _("{backup}: cannot read it ({reason}); nothing was restored")
        raise BackupError(message.format(backup=backup, reason=failure_reason(exc))) from exc
    if size == 0:
        message = _("{backup}: the file is empty; nothing was restored")
        raise BackupError(message.format(backup=backup))


def _read_schema(backup: Path, newest_version: int | None) -> tuple[list[str], int, str]:
    """What the integrity check of ``backup`` finds, its schema version and, with
    ``newest_version``, what of the app's schema of that version it lacks ("" for
    nothing); :class:`BackupError` when it cannot be read as SQLite."""
    missing = ""
    try:
        with contextlib.closing(open_read_only(backup)) as connection:
            problems = integrity_problems(connection)
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
    is the newest, else by the upgrade that follows. Raises as :func:`copy_database`."""
    with (
        replacing(target, check=True) as temporary,
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
    make_folder(backup_dir)
    target = free_path(backup_dir, f"{BEFORE_RESTORE_PREFIX}{utc_stamp(now)}")
    try:
        try:
            with contextlib.closing(open_read_only(database)) as current:
                copy_database(current, target, check=False)
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
        reason = failure_reason(exc)
        raise BackupError(message.format(database=database, file=target, reason=reason)) from exc
    return target


def _fold_wal(database: Path) -> None:
    """Checkpoint ``database`` and let SQLite delete its -wal; a failure here is harmless."""
    with (
        contextlib.suppress(*SQLITE_FAILURES),
        contextlib.closing(sqlite3.connect(database, isolation_level=None)) as connection,
    ):
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()


def _copy_bytes(source: Path, target: Path) -> None:
    """Copy a file byte for byte through a temporary file renamed into place."""
    with (
        replacing(target, check=False) as temporary,
        source.open("rb") as reading,
        temporary.open("wb") as writing,
    ):
        import shutil  # a late import, as tempfile in backups.py (temporary_beside)

        shutil.copyfileobj(reading, writing)
