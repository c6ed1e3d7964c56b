"""One pass over a sync folder: write this device's changes, take in every other device's.

A device finds its own changes by comparing each sitting's revision with the revision it
last wrote to the folder (``sync_written``): whatever changed a sitting (a hand recorded,
corrected, inserted, deleted, undone or redone, the players renamed, the chouette's
dealers put right, an import) raised its revision, so nothing needs to remember each
change as it is made. For each changed sitting it writes its new version whole, as a
sitting file (docs/sync.md says why whole).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.i18n import _
from jojotte_score.storage.errors import DamagedSittingError
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.sync import state
from jojotte_score.sync.folder import LogEntry, SyncFolder, SyncFolderError
from jojotte_score.sync.merge import Merged, Version, joined_seen, seen_of
from jojotte_score.sync.records import (
    MAX_VERSION_BYTES,
    BadVersionError,
    Record,
    VersionFile,
    check_sitting_id,
    dumps_version_file,
    loads_version_file,
    read_record,
    record_of,
    record_text,
)

DELETED = -1
"""``sync_written.revision`` of a sitting whose deletion was written."""
UNWRITTEN = -2
"""``sync_written.revision`` of a sitting to write again (a conflict chosen)."""


@dataclass(frozen=True, slots=True)
class TakenIn:
    """A sitting changed by what another device wrote: its id here (None once deleted),
    its stable id, and ``"new"``, ``"updated"`` or ``"deleted"``."""

    id: int | None
    uuid: str
    what: str


@dataclass(frozen=True, slots=True)
class Conflict:
    """A sitting kept in two versions: the sitting here (None when the version that won
    deleted it) and the conflict copy, with the hands that differ (1-based), and the
    device whose version is the sitting."""

    id: int | None
    uuid: str
    copy: Version
    hands: tuple[int, ...]
    winner: str = ""


@dataclass(slots=True)
class SyncReport:
    """What one pass did: how many versions this device wrote, what it took in, the
    conflicts it holds, and every problem met (none of which stopped the rest)."""

    device: str
    written: int = 0
    taken: list[TakenIn] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    touched: set[str] = field(default_factory=set)
    """The sittings whose versions this pass wrote or took in (pruned after it)."""
    pruned: int = 0
    """How many records and lists of versions no longer needed were dropped."""
    listed: dict[str, int] = field(default_factory=dict)
    """The devices' folders listed by this pass whose times to remember changed (written
    at its end, together)."""


def local_record(store: SittingStore, sitting_id: int) -> str:
    """The stored sitting ``sitting_id`` as a version's record text, with the dealer
    chosen for its next hand while no hand has been recorded since."""
    stored = store.load(sitting_id)
    row = store.database.connection.execute(
        "SELECT chosen_dealer, chosen_for FROM sitting WHERE id = ?", (sitting_id,)
    ).fetchone()
    pending = row is not None and row[0] is not None and row[1] == len(stored.sitting.hands)
    return record_text(record_of(stored, int(row[0]) if pending else None))


def _new_device_id() -> str:
    """A new device id: 32 random lower-case hex digits (as a UUID4's hex; without the
    uuid module, which the window's start would load for it alone)."""
    return os.urandom(16).hex()


def device_id(store: SittingStore) -> str:
    """This database's device id, made at its first sync."""
    connection = store.database.connection
    known = state.setting(connection, state.DEVICE)
    if known is not None:
        return known
    with store.database.transaction() as writing:
        made = _new_device_id()
        state.put_setting(writing, state.DEVICE, made)
    return made


def sync_once(store: SittingStore, folder: SyncFolder, name: str = "") -> SyncReport:
    """One pass: check this device's own files, write its changes, take in the others'.

    A folder that cannot be read or written raises :class:`SyncFolderError` with nothing
    stored changed; a bad file of another device is reported and skipped.
    """
    device = device_id(store)
    report = SyncReport(device)
    device = _check_own_files(store, folder, device, report)
    report.device = device
    if folder.device_name(device) != folder.clean_name(name):  # once, not at every pass
        folder.write_device(device, name)
    _write_changes(store, folder, device, report)
    known = state.peers(store.database.connection)
    for other in folder.devices():
        if other != device:
            _take_in(store, folder, other, report, known.get(other))
    if report.listed:  # the folders' times, in one transaction for every device
        with store.database.transaction() as writing:
            for listed_device, listed in report.listed.items():
                state.put_listed(writing, listed_device, listed)
    _prune(store, report)
    report.conflicts = conflicts(store)
    return report


def _prune(store: SittingStore, report: SyncReport) -> None:
    """Drop what the merge no longer needs (:func:`state.prune`), and note which sittings
    hold conflict copies (:func:`state.note_open`): of every sitting once, then of the
    sittings each pass touches; a pass that touched nothing writes nothing."""
    connection = store.database.connection
    everything = state.setting(connection, state.PRUNED) is None
    unkept = state.setting(connection, state.SEVERAL_KEPT) is None
    unopened = state.setting(connection, state.OPEN_KEPT) is None
    if not everything and not unkept and not unopened and not report.touched:
        return
    with store.database.transaction() as writing:
        state.keep_several(writing)
        if everything:
            report.pruned = state.prune(writing)
            state.put_setting(writing, state.PRUNED, "1")
        else:
            report.pruned = state.prune(writing, sorted(report.touched))
        if unopened:
            state.note_open(writing, state.conflicted_sittings(writing))
            state.put_setting(writing, state.OPEN_KEPT, "1")
        else:
            state.note_open(writing, sorted(report.touched))


# This device's own files -------------------------------------------------------------


def _check_own_files(
    store: SittingStore, folder: SyncFolder, device: str, report: SyncReport
) -> str:
    """The device id to write as: this one, or a new one when another machine writes as
    this device (a data folder copied, or restored from a backup)."""
    connection = store.database.connection
    own = state.peers(connection).get(device)
    expected = 0 if own is None else own.read_to
    size = folder.log_size(device)
    copies, listed = folder.copies_since(device, 0 if own is None else own.listed)
    if size < expected:
        message = _(
            "this device's files in the sync folder were removed or rolled back; "
            "everything is written again"
        )
        report.problems.append(message)
        with store.database.transaction() as writing:
            state.write_everything_again(writing)
            state.put_peer(writing, state.Peer(device, "", size, 0, ""))
        return device
    if size == expected and not copies:
        if listed != (0 if own is None else own.listed):
            report.listed[device] = listed
        return device
    extra = folder.read_log(device, expected) if size > expected else None
    if extra is not None and not extra.entries and not copies:
        return device  # only a line cut off: not another machine's
    new = _new_device_id()
    message = _(
        "another copy of this data folder (copied or restored from a backup) also writes "
        "to the sync folder as this device; this one now writes as a new device, and "
        "takes in the other's changes"
    )
    report.problems.append(message)
    with store.database.transaction() as writing:
        state.put_setting(writing, state.DEVICE, new)
        if copies:
            # The transport kept one machine's files and made copies of the other's: what
            # this one wrote may be among the copies, so it writes everything again. Else
            # its versions are in the folder as it wrote them (a backup restored finds the
            # versions written since, and takes them back).
            state.write_everything_again(writing)
        writing.execute("DELETE FROM sync_peer WHERE device = ?", (device,))
    return new


def _write_changes(
    store: SittingStore, folder: SyncFolder, device: str, report: SyncReport
) -> None:
    """Write a new version of each sitting changed here since it was last written, and the
    deletion of each deleted one. Only the sittings changed since the last pass are read
    (``sync_dirty``, kept by the database's triggers in each change's own transaction), so
    a pass that finds nothing new reads one empty table, however long the history."""
    connection = store.database.connection
    dirty = connection.execute(
        "SELECT d.uuid, s.id, s.revision, w.revision FROM (SELECT DISTINCT uuid FROM sync_dirty) d "
        "LEFT JOIN sitting s ON s.uuid = d.uuid LEFT JOIN sync_written w ON w.uuid = d.uuid "
        "ORDER BY s.id IS NULL, s.id, d.uuid"  # as stored: others store them in this order
    ).fetchall()
    if not dirty:
        return
    todo: list[tuple[str, int, int]] = []
    for sitting, sitting_id, revision, written in dirty:
        if sitting_id is not None and written != revision:
            todo.append((str(sitting), int(sitting_id), int(revision)))
        elif sitting_id is None and written is not None and written != DELETED:
            todo.append((str(sitting), 0, DELETED))
    clock = state.number(connection, state.CLOCK) + 1
    seq = state.number(connection, state.SEQ)
    files: dict[str, str] = {}
    written_now: list[tuple[str, Version, tuple[Version, ...], list[tuple[str, int]], int]] = []
    entries: list[LogEntry] = []
    for sitting, sitting_id, revision in todo:
        try:
            record = None if revision == DELETED else local_record(store, sitting_id)
        except DamagedSittingError as error:
            report.problems.append(str(error))
            continue
        known = state.versions(connection, sitting)
        counter = state.own_counter(connection, sitting, device) + 1
        seen = joined_seen(known)
        seen[device] = counter
        version = Version(device, counter, clock, seen_of(seen), record)
        now = state.merged(connection, sitting)
        copies = () if now is None else tuple(c for c in now.conflicts if c.record != record)
        chosen = state.resolved(connection, sitting)
        seq += 1
        files[sitting] = dumps_version_file(VersionFile(sitting, version, copies, tuple(chosen)))
        written_now.append((sitting, version, copies, chosen, revision))
        entries.append(LogEntry(seq, sitting, counter))
    if files:
        folder.write_versions(device, files)  # nothing is remembered as written before this
    with store.database.transaction() as writing:
        for sitting, version, copies, chosen, revision in written_now:
            state.put_version(writing, sitting, version, copies, chosen)
            remember_written(writing, sitting, revision)
        for row in dirty:
            state.settle(writing, str(row[0]))
        if files:
            state.put_setting(writing, state.SEQ, str(seq))
            size = folder.append_log(device, entries)  # a failure rolls the bookkeeping back
            own = state.peers(writing).get(device)
            listed = 0 if own is None else own.listed
            state.put_peer(writing, state.Peer(device, "", size, seq, "", listed))
    report.written += len(files)
    report.touched.update(files)


def remember_written(connection: sqlite3.Connection, sitting: str, revision: int) -> None:
    """Remember ``revision`` as the one last written of ``sitting`` (:data:`DELETED`: its
    deletion; :data:`UNWRITTEN`: to write again), and that a pass must look at it when it
    is not the stored one's."""
    connection.execute(
        "INSERT INTO sync_written (uuid, revision) VALUES (?, ?) "
        "ON CONFLICT (uuid) DO UPDATE SET revision = excluded.revision",
        (sitting, revision),
    )
    state.settle(connection, sitting)


# Other devices' files -----------------------------------------------------------------


def _take_in(
    store: SittingStore,
    folder: SyncFolder,
    other: str,
    report: SyncReport,
    known: state.Peer | None,
) -> None:
    """Take in what ``other`` wrote since this device last read its log (``known``: how
    far that was, as the pass began)."""
    peer = known or state.Peer(other, "", 0, 0, "")
    size = folder.log_size(other)
    copies, listed = folder.copies_since(other, peer.listed)
    if copies:
        message = _(
            "device {device} has conflicting copies of its own files ({names}): two "
            "machines write as one device; each will take a new id at its next sync"
        )
        report.problems.append(message.format(device=other[:8], names=", ".join(copies[:3])))
    if size == peer.read_to:
        if known is not None and listed != known.listed:
            report.listed[other] = listed
        return
    start = peer.read_to
    if size < start:
        message = _(
            "device {device}'s files were removed or rolled back; they are read again "
            "from the start"
        )
        report.problems.append(message.format(device=other[:8]))
        start = 0
    log = folder.read_log(other, start)
    for offset in log.damaged:
        message = _("device {device}: a damaged line in its log (at byte {offset}) was skipped")
        report.problems.append(message.format(device=other[:8], offset=offset))
    # A version whose file has not fully arrived is waited for: the log is read again from
    # its line next time, but the lines after it are taken in now (a version already taken
    # in is not taken in twice), so one file that never arrives stops nothing else.
    waiting: tuple[int, int] | None = None  # where to read from next time, and its seq
    read_to, seq = log.read_to, peer.seq
    previous, previous_seq = start, peer.seq
    for entry, end in zip(log.entries, log.ends, strict=True):
        if _take_version(store, folder, other, entry, report) is None and waiting is None:
            waiting = (previous, previous_seq)
        previous, previous_seq = end, entry.seq
        seq = max(seq, entry.seq)
    if waiting is not None:
        read_to, seq = waiting
    name = folder.device_name(other) or peer.name
    seen_at = datetime.now(UTC).replace(microsecond=0).isoformat()  # shown, never ordered by
    with store.database.transaction() as writing:
        state.put_peer(writing, state.Peer(other, name, read_to, seq, seen_at, listed))


def _take_version(
    store: SittingStore, folder: SyncFolder, other: str, entry: LogEntry, report: SyncReport
) -> bool | None:
    """Take in the version a log line announces: True when taken in (or already known,
    or refused and reported), None when its file has not arrived yet."""
    sitting = entry.sitting
    if not check_sitting_id(sitting):
        message = _("device {device}: its log names no sitting ({value}); skipped")
        report.problems.append(message.format(device=other[:8], value=sitting[:40]))
        return True
    connection = store.database.connection
    if state.own_counter(connection, sitting, other) >= entry.counter:
        return True
    raw = folder.read_version(other, sitting, MAX_VERSION_BYTES)
    if raw is None:
        return None
    try:
        file = loads_version_file(raw, other, sitting)
    except BadVersionError as error:
        if raw and not raw.endswith(b"\n"):
            return None  # still arriving
        message = _("device {device}, sitting {sitting}: its version was refused: {reason}")
        report.problems.append(message.format(device=other[:8], sitting=sitting, reason=error))
        return True
    if file.version.counter < entry.counter:
        return None
    if state.own_counter(connection, sitting, other) >= file.version.counter:
        return True
    with store.database.transaction() as writing:
        state.put_version(writing, sitting, file.version, file.conflicts, file.resolved)
    report.touched.add(sitting)
    _apply(store, sitting, report)
    return True


def _apply(store: SittingStore, sitting: str, report: SyncReport) -> None:
    """Make the stored sitting the merged winner's, as one change whose revision is
    remembered as written (it is not this device's change)."""
    connection = store.database.connection
    result = state.merged(connection, sitting)
    if result is None:
        return
    winner = result.winner
    local = store.find_uuid(sitting)
    mine = None
    if local is not None:
        try:
            mine = local_record(store, local)
        except DamagedSittingError as error:
            report.problems.append(str(error))
            return
    if local is not None and mine == winner.record:
        return
    if winner.record is None:
        if local is not None:
            store.delete_sitting(local, then=_written(sitting, DELETED))
            report.taken.append(TakenIn(None, sitting, "deleted"))
        return
    record = read_record(winner.record, sitting)
    try:
        if local is None:
            new = store.import_sitting(
                record.sitting,
                title=record.title,
                place=record.place,
                earlier_checks=record.earlier_checks,
                sitting_id=sitting,
                created=record.created,
                then=_written(sitting, dealer=record),
            )
            report.taken.append(TakenIn(new, sitting, "new"))
        else:
            store.replace_sitting(
                local,
                record.sitting,
                title=record.title,
                place=record.place,
                earlier_checks=record.earlier_checks,
                then=_written(sitting, dealer=record),
            )
            report.taken.append(TakenIn(local, sitting, "updated"))
    except InvalidSittingError as error:
        message = _("sitting {sitting}: the merged version was refused: {reason}")
        reason = "; ".join(map(str, error.problems))
        report.problems.append(message.format(sitting=sitting, reason=reason))


def _written(
    sitting: str, revision: int | None = None, dealer: Record | None = None
) -> Callable[[sqlite3.Connection, int], None]:
    """What the store calls inside its change: the dealer ``dealer``'s record chose for the
    next hand is chosen here too, and the sitting's new revision is remembered as written,
    so the change is not written back as this device's own."""

    def remember(connection: sqlite3.Connection, sitting_id: int) -> None:
        if dealer is not None:
            _choose_dealer(dealer)(connection, sitting_id)
        value = revision
        if value is None:
            row = connection.execute("SELECT revision FROM sitting WHERE id = ?", (sitting_id,))
            value = int(row.fetchone()[0])
        remember_written(connection, sitting, value)

    return remember


def _choose_dealer(record: Record) -> Callable[[sqlite3.Connection, int], None]:
    """What the store calls inside its change: the record's first time stored is the
    sitting's, and the dealer it chose for the next hand is chosen here too (as
    :meth:`SittingStore.choose_dealer` does)."""

    def choose(connection: sqlite3.Connection, sitting_id: int) -> None:
        # The time it was first stored too: the same sitting stored on two devices (one
        # file imported on each) takes the merged version's, as the rest of it.
        connection.execute(
            "UPDATE sitting SET created = ? WHERE id = ?",
            (record.created.astimezone(UTC).isoformat(), sitting_id),
        )
        if record.dealer is not None:
            connection.execute(
                "UPDATE sitting SET chosen_dealer = ?, chosen_for = ? WHERE id = ?",
                (record.dealer, len(record.sitting.hands), sitting_id),
            )

    return choose


# Conflicts -----------------------------------------------------------------------------


def conflicts(store: SittingStore) -> list[Conflict]:
    """Every conflict copy held, by sitting."""
    connection = store.database.connection
    found: list[Conflict] = []
    for sitting in state.conflicted_sittings(connection):
        result = state.merged(connection, sitting)
        if result is None or not result.conflicts:
            continue
        local = store.find_uuid(sitting)
        for copy in result.conflicts:
            hands = differing_hands(result, copy)
            found.append(Conflict(local, sitting, copy, hands, result.winner.device))
    return found


def differing_hands(result: Merged, copy: Version) -> tuple[int, ...]:
    """The hands (1-based) in which ``copy`` differs from the sitting (every hand one of
    them has and the other has not)."""
    mine = _hands(result.winner.record)
    theirs = _hands(copy.record)
    longest = max(len(mine), len(theirs))
    return tuple(
        n + 1 for n in range(longest) if n >= len(mine) or n >= len(theirs) or mine[n] != theirs[n]
    )


def _hands(record: str | None) -> list[object]:
    if record is None:
        return []
    data = json.loads(record)
    hands = data["sitting"]["hands"]
    return list(hands) if isinstance(hands, list) else []


def resolve(store: SittingStore, sitting: str, copy: tuple[str, int], keep: str) -> int | None:
    """A player's choice for a conflict copy of ``sitting``: ``"this"`` keeps the sitting
    as it is, ``"that"`` puts the copy in its place, ``"both"`` keeps the copy as a new
    sitting too. Written at the next pass; returns the new sitting's id for ``"both"``."""
    connection = store.database.connection
    result = state.merged(connection, sitting)
    chosen = None if result is None else next((c for c in result.conflicts if c.key == copy), None)
    if result is None or chosen is None:
        raise SyncFolderError(_("there is no such conflict copy; nothing was changed"))
    new = None
    if keep == "both" and chosen.record is not None:
        record = read_record(chosen.record, sitting)
        new = store.import_sitting(
            record.sitting,
            title=record.title,
            place=record.place,
            earlier_checks=record.earlier_checks,
            then=_choose_dealer(record),
        )
    if keep == "that":
        local = store.find_uuid(sitting)
        if chosen.record is None and local is not None:
            store.delete_sitting(local)
        elif chosen.record is not None:
            record = read_record(chosen.record, sitting)
            if local is None:
                store.import_sitting(
                    record.sitting,
                    title=record.title,
                    place=record.place,
                    earlier_checks=record.earlier_checks,
                    sitting_id=sitting,
                    created=record.created,
                    then=_choose_dealer(record),
                )
            else:
                store.replace_sitting(
                    local,
                    record.sitting,
                    title=record.title,
                    place=record.place,
                    earlier_checks=record.earlier_checks,
                    then=_choose_dealer(record),
                )
    with store.database.transaction() as writing:
        writing.execute(
            "INSERT OR IGNORE INTO sync_resolved (uuid, device, counter) VALUES (?, ?, ?)",
            (sitting, copy[0], copy[1]),
        )
        remember_written(writing, sitting, UNWRITTEN)
    return new


def export_state(store: SittingStore) -> list[tuple[str, str | None, tuple[str, ...]]]:
    """Every sitting's stable id, its record and its conflict copies' records, sorted: what
    two devices that hold the same history have alike (for tests and ``--status``)."""
    result = []
    for info in store.list_sittings():
        stored = store.load(info.id)
        result.append((stored.uuid, local_record(store, info.id)))
    copies: dict[str, list[str]] = {}
    for conflict in conflicts(store):
        copies.setdefault(conflict.uuid, []).append(conflict.copy.record or "deleted")
    uuids = sorted({u for u, _ in result} | set(copies))
    records = dict(result)
    return [(u, records.get(u), tuple(sorted(copies.get(u, [])))) for u in uuids]


def folder_path(store: SittingStore) -> Path | None:
    """The sync folder this database last used, None when none."""
    value = state.setting(store.database.connection, state.FOLDER)
    return None if value is None else Path(value)


def remember_folder(store: SittingStore, folder: Path) -> None:
    """Remember ``folder`` as this database's sync folder."""
    with store.database.transaction() as writing:
        state.put_setting(writing, state.FOLDER, str(folder))
