"""The commands on the sittings database: ``import``, ``sittings``, ``export``, ``stats``,
``backups`` and ``restore``.

Each handler takes the parsed arguments and the :class:`~jojotte_score.cli.context.Context`
and returns the exit status. The reading commands open the database read-only, so they work
while the desktop app has it open; ``import`` and ``restore`` need it to themselves.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from jojotte_score.cli.context import (
    EXIT_FAILED,
    EXIT_INVALID,
    EXIT_OK,
    NO_SITTINGS,
    CommandError,
    Context,
    fail,
    print_problems,
    read_loaded,
    source_name,
    write_output,
)
from jojotte_score.cli.tables import (
    backup_row,
    backups_heading,
    format_table,
    sittings_table,
    stats_table,
)
from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.formats.sitting_file import LoadedSitting, save_sitting
from jojotte_score.i18n import _, ngettext
from jojotte_score.storage.database import writer_lock
from jojotte_score.storage.errors import DamagedSittingError, os_reason
from jojotte_score.storage.sittings import SittingInfo, SittingStore, utc_now

if TYPE_CHECKING:
    pass


def import_files(args: argparse.Namespace, context: Context) -> int:
    """Store each good sitting file as a new sitting and print its id (or update the stored
    sitting with its stable id, or say it is unchanged); refuse each bad one."""
    if len(args.files) > 1 and (args.title or args.place):
        context.parser.error(_("import: --title and --place need a single FILE"))
    context.check_folder()
    refused = False
    good: list[tuple[Path, LoadedSitting]] = []
    for path in args.files:  # Every file is checked before the database is opened.
        try:
            good.append((path, read_loaded(path)))
        except InvalidSittingError as error:
            print_problems(error.problems, error.source or source_name(path))
            refused = True
        except CommandError as error:
            fail(str(error))
            refused = True
    if good:
        refused = _store(args, context, good) or refused
    return EXIT_INVALID if refused else EXIT_OK


def _store(
    args: argparse.Namespace, context: Context, good: list[tuple[Path, LoadedSitting]]
) -> bool:
    """Store each checked sitting and print its id; True if the store refused one."""
    refused = False
    with context.writing() as store:
        for path, loaded in good:
            try:
                done = store.import_or_update(
                    loaded.sitting,
                    sitting_id=loaded.uuid,
                    title=args.title,
                    place=args.place,
                    earlier_checks=loaded.earlier_checks,
                    as_new=args.as_new,
                )
            except InvalidSittingError as error:
                print_problems(error.problems, error.source or source_name(path))
                refused = True
                continue
            if done.outcome == "updated":
                print(_("updated sitting {id}").format(id=done.id), flush=True)
            elif done.outcome == "unchanged":
                print(_("sitting {id} is unchanged").format(id=done.id), flush=True)
            else:
                print(done.id, flush=True)
    return refused


def sittings(args: argparse.Namespace, context: Context) -> int:
    """List the stored sittings, oldest first."""
    with context.reading() as store:
        infos = [] if store is None else _checked(store, store.list_sittings())
        held = [] if store is None else _conflict_lines(store)
    if not infos and not held:
        print(_(NO_SITTINGS))
        return EXIT_OK
    for line in sittings_table(sorted(infos, key=lambda info: info.id)) if infos else ():
        print(line)
    for line in held:  # the conflict copies a sync folder brought, each marked
        print(line)
    damaged = [info for info in infos if info.damaged]
    for info in damaged:
        error = DamagedSittingError(info.id, info.damaged)
        fail(str(error))
    return EXIT_FAILED if damaged else EXIT_OK


def _conflict_lines(store: SittingStore) -> list[str]:
    """Each conflict copy kept from a sync folder, in words (docs/sync.md)."""
    from jojotte_score.cli.sync_command import conflict_line
    from jojotte_score.sync.engine import conflicts

    return [conflict_line(conflict) for conflict in conflicts(store)]


def _checked(store: SittingStore, infos: list[SittingInfo]) -> list[SittingInfo]:
    """The list of sittings with each one whose hands can no longer be read marked damaged,
    as ``stats`` and ``export`` find it, though its summary was worked out before."""
    unreadable = set(store.unreadable_sittings())
    checked = []
    for info in infos:
        if info.id in unreadable and not info.damaged:
            try:
                store.load(info.id)
            except DamagedSittingError as error:
                info = info._replace(damaged=error.detail)
        checked.append(info)
    return checked


def export(args: argparse.Namespace, context: Context) -> int:
    """Write a stored sitting to a sitting file."""
    with context.reading() as store:
        stored = context.stored(store, args.id)
    write_output(args.output, lambda path: save_sitting(stored.sitting, path, stored.uuid))
    return EXIT_OK


def stats(args: argparse.Namespace, context: Context) -> int:
    """Each player's figures across every stored sitting, as a table or as JSON; with
    ``--pairs``, ``--partners``, ``--roles`` or ``--ratings`` the circle's records instead
    (:mod:`jojotte_score.cli.records_command`)."""
    from jojotte_score.cli.records_command import chosen_records, records
    from jojotte_score.stats_labels import STATS_LEGEND
    from jojotte_score.storage.statistics import period_stats

    if chosen_records(args, context) is not None:
        return records(args, context)
    with context.reading() as store:
        figures = period_stats(store)
    if args.json:
        from jojotte_score.cli.terminal import json_for
        from jojotte_score.formats.stats_json import dumps_stats

        sys.stdout.write(json_for(sys.stdout, dumps_stats(figures.sittings, figures.players)))
        return EXIT_OK
    if not figures.sittings:
        print(_(NO_SITTINGS))
        return EXIT_OK
    for line in stats_table(figures.players):
        print(line)
    print(_(STATS_LEGEND))
    return EXIT_OK


def backups(args: argparse.Namespace, context: Context) -> int:
    """List the database's backups, newest first."""
    from jojotte_score.storage.backups import list_backups

    context.check_folder()
    found = list_backups(context.backup_folder)
    if not found:
        print(_("no backups yet in {folder}").format(folder=context.backup_folder))
        return EXIT_OK
    rows = [backup_row(backup) for backup in found]
    for line in format_table(backups_heading(), rows, right=(1,)):
        print(line)
    return EXIT_OK


def restore(args: argparse.Namespace, context: Context) -> int:
    """Replace the database with a backup, keeping the database it replaces as a backup."""
    from jojotte_score.storage.restore import (
        backup_file_problem,
        restore_backup,
        schema_version_of,
    )
    from jojotte_score.storage.schema import SCHEMA_VERSION

    context.check_folder()
    backup = args.backup
    if not backup.exists() and not backup.is_absolute() and len(backup.parts) == 1:
        in_folder = context.backup_folder / backup  # A bare name from `jojotte-score backups`.
        if in_folder.exists():
            backup = in_folder
    # Named as typed when it is nowhere; refused before anything is created or locked.
    problem = backup_file_problem(backup)
    if problem is not None:
        raise CommandError(problem)
    try:
        context.folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        message = _("{folder}: cannot create the data folder: {reason}")
        reason = os_reason(error)
        raise CommandError(
            message.format(folder=context.folder, reason=reason), EXIT_FAILED
        ) from error
    # Hold the writers' lock for the whole restore, with no SQLite connection open (as
    # restore_backup requires): a desktop app started meanwhile cannot open the database
    # for writing half-way through. Database.open would take the same lock, but it also
    # opens and migrates the database, which fails on the damaged or newer database one
    # may well be restoring over, and creates an empty one where there was none.
    with writer_lock(context.database):
        safety_copy, dropped = restore_backup(
            backup, context.database, utc_now(), newest_version=SCHEMA_VERSION
        )
    print(_("restored {backup} into {database}").format(backup=backup, database=context.database))
    for what in dropped:
        print(_("left out, not part of jojotte-score's database: {what}").format(what=what))
    if safety_copy == context.database:
        print(_("there was no database before, so nothing was replaced"))
    else:
        print(_("the database it replaced was saved as {file}").format(file=safety_copy))
    version = schema_version_of(context.database)
    if version is not None and version < SCHEMA_VERSION:
        message = _(
            "the backup is from an earlier version of jojotte-score (schema {version}); it is "
            "upgraded to schema {newest} the next time the window or `jojotte-score import` "
            "opens it (the reading commands need that first)"
        )
        print(message.format(version=version, newest=SCHEMA_VERSION))
    return EXIT_OK


def check(args: argparse.Namespace, context: Context) -> int:
    """Score every stored sitting again from its hands and name each cached figure that does
    not agree, and each hand out of its place; with ``--repair``, put them right."""
    from jojotte_score.storage.checking import check_sitting, repair_sitting, sitting_ids

    opened = context.writing() if args.repair else context.reading()
    with opened as store:
        if store is None:
            print(_("no sittings stored yet"))
            return EXIT_OK
        connection = store.database.connection
        checked = sitting_ids(connection)
        wrong = repaired = 0
        for sitting_id in checked:
            found = check_sitting(connection, sitting_id)
            for finding in found:
                print(_("sitting {id}: {text}").format(id=sitting_id, text=finding.text))
            if not found:
                continue
            wrong += 1
            if args.repair:
                try:
                    with store.database.transaction() as writing:
                        repair_sitting(writing, sitting_id)
                except DamagedSittingError as error:
                    print(
                        _("sitting {id}: not repaired: {reason}").format(
                            id=sitting_id, reason=error.detail
                        )
                    )
                    continue
                repaired += 1
                print(_("sitting {id}: repaired from its hands").format(id=sitting_id))
    print(_checked_line(len(checked), wrong, repaired, repair=args.repair))
    return EXIT_OK if wrong == repaired else EXIT_FAILED


def _checked_line(checked: int, wrong: int, repaired: int, *, repair: bool) -> str:
    """The last line of `check`: how many sittings were checked, and found or repaired. Each
    number agrees with its own words: "checked 2000 sittings: 1 does not agree with its
    hands"."""
    if not wrong:
        return ngettext(
            "checked {count} sitting: everything agrees with the hands",
            "checked {count} sittings: everything agrees with the hands",
            checked,
        ).format(count=checked)
    if checked == 1:
        if repair:
            return _(
                "checked 1 sitting: it did not agree with its hands; {repaired} repaired"
            ).format(repaired=repaired)
        return _(
            "checked 1 sitting: it does not agree with its hands; "
            "`jojotte-score check --repair` rebuilds it from the hands"
        )
    if repair:
        # Translators: {count} is always more than one; the form follows {wrong}.
        return ngettext(
            "checked {count} sittings: {wrong} did not agree with its hands; {repaired} repaired",
            "checked {count} sittings: {wrong} did not agree with their hands; {repaired} repaired",
            wrong,
        ).format(count=checked, wrong=wrong, repaired=repaired)
    # Translators: {count} is always more than one; the form follows {wrong}.
    return ngettext(
        "checked {count} sittings: {wrong} does not agree with its hands; "
        "`jojotte-score check --repair` rebuilds it from the hands",
        "checked {count} sittings: {wrong} do not agree with their hands; "
        "`jojotte-score check --repair` rebuilds them from the hands",
        wrong,
    ).format(count=checked, wrong=wrong)
