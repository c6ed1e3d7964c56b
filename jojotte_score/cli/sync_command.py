"""``jojotte-score sync``: one pass over a sync folder, its status, and a conflict's choice.

The pass writes this device's changes and takes in every other device's (docs/sync.md);
what it took in, each conflict and each problem met are printed, and the exit status is 0
unless the folder itself could not be used.
"""

from __future__ import annotations

import argparse
import socket

from jojotte_score.cli.context import EXIT_FAILED, EXIT_OK, CommandError, Context, fail
from jojotte_score.i18n import _, ngettext
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.sync.engine import (
    Conflict,
    conflicts,
    device_id,
    folder_path,
    remember_folder,
    resolve,
    sync_once,
)
from jojotte_score.sync.folder import SyncFolder, SyncFolderError
from jojotte_score.sync.state import peers


def sync(args: argparse.Namespace, context: Context) -> int:
    """Run one pass, or show the status (``--status``), or settle a conflict (``--keep``)."""
    if args.status:
        return _status(context)
    if args.keep is not None:
        return _keep(args, context)
    context.check_folder()
    with context.writing() as store:
        folder = args.folder or folder_path(store)
        if folder is None:
            raise CommandError(_("sync: give the sync FOLDER (it is remembered after that)"))
        try:
            opened = SyncFolder.open(folder.expanduser(), context.folder)
            report = sync_once(store, opened, socket.gethostname())
        except SyncFolderError as error:
            raise CommandError(str(error), EXIT_FAILED) from error
        remember_folder(store, opened.root.resolve())
        if report.written:
            message = ngettext(
                "wrote {count} changed sitting of this device",
                "wrote {count} changed sittings of this device",
                report.written,
            )
            print(message.format(count=report.written))
        for taken in report.taken:
            if taken.what == "new":
                print(_("took in sitting {id} (new)").format(id=taken.id))
            elif taken.what == "updated":
                print(_("took in sitting {id} (updated)").format(id=taken.id))
            else:
                print(_("took in the deletion of sitting {uuid}").format(uuid=taken.uuid))
        if not report.written and not report.taken:
            print(_("nothing new in {folder}").format(folder=opened.root))
        for conflict in report.conflicts:
            print(conflict_line(conflict))
        for problem in report.problems:
            fail(_("warning: {problem}").format(problem=problem))
    return EXIT_OK


def conflict_line(conflict: Conflict) -> str:
    """A conflict in words, with the command that settles it."""
    copy = f"{conflict.copy.device[:8]}:{conflict.copy.counter}"
    hands = ", ".join(str(n) for n in conflict.hands)
    if conflict.id is None:
        message = _(
            "conflict: sitting {uuid} was deleted, but device {copy} kept a version of it; "
            "choose with: jojotte-score sync --keep this|that|both --sitting {uuid} --copy {copy}"
        )
        return message.format(uuid=conflict.uuid, copy=copy)
    if hands:
        message = _(
            "conflict: sitting {id} has another version from device {copy} (hands {hands} "
            "differ); choose with: jojotte-score sync --keep this|that|both --sitting {id} "
            "--copy {copy}"
        )
    else:
        message = _(
            "conflict: sitting {id} has another version from device {copy} (the same hands; "
            "the players, rules, title or place differ); choose with: jojotte-score sync "
            "--keep this|that|both --sitting {id} --copy {copy}"
        )
    return message.format(id=conflict.id, copy=copy, hands=hands)


def _status(context: Context) -> int:
    with context.reading() as store:
        if store is None:
            print(
                _("no sync folder yet: no sittings stored in {folder}").format(
                    folder=context.folder
                )
            )
            return EXIT_OK
        folder = folder_path(store)
        if folder is None:
            print(_("no sync folder yet; run: jojotte-score sync FOLDER"))
            return EXIT_OK
        print(_("sync folder: {folder}").format(folder=folder))
        own = device_id_if_any(store)
        print(_("this device: {device}").format(device=own or "-"))
        for peer in sorted(peers(store.database.connection).values(), key=lambda p: p.device):
            if peer.device == own:
                continue
            message = ngettext(
                "device {device} ({name}): {count} version read, the last at {when}",
                "device {device} ({name}): {count} versions read, the last at {when}",
                peer.seq,
            )
            print(
                message.format(
                    device=peer.device[:8],
                    name=peer.name or "?",
                    count=peer.seq,
                    when=peer.seen_at or "-",
                )
            )
        for conflict in conflicts(store):
            print(conflict_line(conflict))
    return EXIT_OK


def device_id_if_any(store: SittingStore) -> str | None:
    """This database's device id, None before its first sync (a read-only store makes none)."""
    from jojotte_score.sync.state import DEVICE, setting

    return setting(store.database.connection, DEVICE)


def _keep(args: argparse.Namespace, context: Context) -> int:
    if args.sitting is None:
        raise CommandError(_("sync --keep: give --sitting ID (its uuid when it was deleted)"))
    with context.writing() as store:
        found = conflicts(store)
        target = [c for c in found if str(c.id) == args.sitting or c.uuid == args.sitting]
        if args.copy is not None:
            target = [c for c in target if f"{c.copy.device[:8]}:{c.copy.counter}" == args.copy]
        if len(target) != 1:
            message = _(
                "sync --keep: {sitting} has no such conflict copy (see jojotte-score sync --status)"
            )
            raise CommandError(message.format(sitting=args.sitting))
        (conflict,) = target
        device_id(store)
        try:
            new = resolve(store, conflict.uuid, conflict.copy.key, args.keep)
        except SyncFolderError as error:
            raise CommandError(str(error)) from error
    if new is not None:
        print(_("kept both: the other version is now sitting {id}").format(id=new))
    else:
        print(_("kept {choice}; the next sync tells the other devices").format(choice=args.keep))
    return EXIT_OK
