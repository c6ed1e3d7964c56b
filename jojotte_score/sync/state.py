"""What a device remembers of the sync folder, in its own database (schema 9's ``sync_``
tables): its id and clock, each device's newest version of each sitting, the conflict
copies they carry, the choices made, what it last wrote, and how far it read each log."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from jojotte_score.sync.merge import Merged, Version, VersionKey, merge, seen_of, unseen

DEVICE: str = "device"
CLOCK: str = "clock"
SEQ: str = "seq"
FOLDER: str = "folder"
PRUNED: str = "pruned"
"""Set once every sitting's versions were pruned (:func:`prune`); later passes prune
only the sittings they touch."""
SEVERAL: str = "several:"
"""``sync_state`` keys ``several:<uuid>``: the sittings with versions of more than one
device, the only ones that can hold a conflict (kept by :func:`put_version`, so that
finding the conflicts does not read every version)."""
SEVERAL_KEPT: str = "several"
"""Set once the ``several:`` keys were made for the versions stored before them."""
OPEN: str = "open:"
"""``sync_state`` keys ``open:<uuid>``: the sittings that held conflict copies when a
pass last touched them (kept by :func:`note_open` after each pass, for the sittings it
touched), so that finding the conflicts merges those alone, not every sitting changed on
two devices in the whole history."""
OPEN_KEPT: str = "open"
"""Set once the ``open:`` keys were made for every sitting."""
PRUNED_RECORD: str = ""
"""``sync_version.record`` of a version whose record was dropped by :func:`prune` (a
record is a JSON object, a deletion NULL)."""


def setting(connection: sqlite3.Connection, key: str) -> str | None:
    """A value of ``sync_state``; None when unset."""
    row = connection.execute("SELECT value FROM sync_state WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])


def put_setting(connection: sqlite3.Connection, key: str, value: str) -> None:
    """Set a value of ``sync_state``."""
    connection.execute(
        "INSERT INTO sync_state (key, value) VALUES (?, ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


def number(connection: sqlite3.Connection, key: str) -> int:
    """A whole number of ``sync_state``; 0 when unset."""
    value = setting(connection, key)
    return int(value) if value is not None and value.isdigit() else 0


def _version(row: sqlite3.Row | tuple[object, ...]) -> Version:
    device, counter, clock, seen, record = row
    entries = json.loads(str(seen))
    return Version(str(device), int(str(counter)), int(str(clock)), seen_of(entries), record)  # type: ignore[arg-type]


def versions(connection: sqlite3.Connection, sitting: str) -> list[Version]:
    """Each device's newest version of ``sitting`` known here."""
    rows = connection.execute(
        "SELECT device, counter, clock, seen, record FROM sync_version WHERE uuid = ?",
        (sitting,),
    )
    return [_version(row) for row in rows.fetchall()]


def own_counter(connection: sqlite3.Connection, sitting: str, device: str) -> int:
    """``device``'s counter for ``sitting``: 0 before its first version."""
    row = connection.execute(
        "SELECT counter FROM sync_version WHERE uuid = ? AND device = ?", (sitting, device)
    ).fetchone()
    return 0 if row is None else int(row[0])


def put_version(
    connection: sqlite3.Connection,
    sitting: str,
    version: Version,
    conflicts: Iterable[Version],
    resolved: Iterable[VersionKey],
) -> None:
    """Keep ``version`` as its device's newest of ``sitting``, with the copies its file
    lists (in place of those its earlier version listed) and the choices it names."""
    connection.execute(
        "INSERT INTO sync_version (uuid, device, counter, clock, seen, record) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (uuid, device) DO UPDATE SET "
        "counter = excluded.counter, clock = excluded.clock, seen = excluded.seen, "
        "record = excluded.record",
        (
            sitting,
            version.device,
            version.counter,
            version.clock,
            json.dumps(dict(version.seen), sort_keys=True),
            version.record,
        ),
    )
    connection.execute(
        "DELETE FROM sync_conflict WHERE uuid = ? AND listed_by = ?", (sitting, version.device)
    )
    connection.executemany(
        "INSERT OR IGNORE INTO sync_conflict "
        "(uuid, listed_by, device, counter, clock, seen, record) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            (
                sitting,
                version.device,
                copy.device,
                copy.counter,
                copy.clock,
                json.dumps(dict(copy.seen), sort_keys=True),
                copy.record,
            )
            for copy in conflicts
        ),
    )
    connection.executemany(
        "INSERT OR IGNORE INTO sync_resolved (uuid, device, counter) VALUES (?, ?, ?)",
        ((sitting, device, counter) for device, counter in resolved),
    )
    clock = max(number(connection, CLOCK), version.clock)
    put_setting(connection, CLOCK, str(clock))
    other = connection.execute(
        "SELECT 1 FROM sync_version WHERE uuid = ? AND device != ? LIMIT 1",
        (sitting, version.device),
    ).fetchone()
    if other is not None:
        put_setting(connection, SEVERAL + sitting, "1")


def resolved(connection: sqlite3.Connection, sitting: str) -> list[VersionKey]:
    """The copies of ``sitting`` chosen away."""
    rows = connection.execute(
        "SELECT device, counter FROM sync_resolved WHERE uuid = ? ORDER BY 1, 2", (sitting,)
    )
    return [(str(device), int(counter)) for device, counter in rows.fetchall()]


def merged(connection: sqlite3.Connection, sitting: str) -> Merged | None:
    """``sitting`` merged from everything known here (see :func:`~.merge.merge`)."""
    known = versions(connection, sitting)
    rows = connection.execute(
        "SELECT v.device, v.counter, c.device, c.counter, c.clock, c.seen, c.record "
        "FROM sync_conflict c JOIN sync_version v ON v.uuid = c.uuid AND v.device = c.listed_by "
        "WHERE c.uuid = ?",
        (sitting,),
    )
    lists: dict[VersionKey, list[Version]] = {}
    for listing_device, listing_counter, *copy in rows.fetchall():
        lists.setdefault((listing_device, listing_counter), []).append(_version(tuple(copy)))
    return merge(known, lists, resolved(connection, sitting))


def settle(connection: sqlite3.Connection, sitting: str) -> None:
    """Make ``sync_dirty`` say whether ``sitting`` waits for a pass: it does while it is
    stored at another revision than the one last written (``sync_written``), or is gone
    and its deletion not written (-1 there). The database's triggers add the row at each
    change; a pass, and whatever changes ``sync_written``, settle it here."""
    waits = connection.execute(
        "SELECT EXISTS (SELECT 1 FROM sitting s LEFT JOIN sync_written w ON w.uuid = s.uuid "
        "WHERE s.uuid = :u AND w.revision IS NOT s.revision) OR EXISTS (SELECT 1 FROM "
        "sync_written w WHERE w.uuid = :u AND w.revision != -1 AND NOT EXISTS "
        "(SELECT 1 FROM sitting s WHERE s.uuid = :u))",
        {"u": sitting},
    ).fetchone()[0]
    if not waits:
        connection.execute("DELETE FROM sync_dirty WHERE uuid = ?", (sitting,))
        return
    connection.execute(
        "INSERT INTO sync_dirty (uuid) SELECT :u "
        "WHERE NOT EXISTS (SELECT 1 FROM sync_dirty WHERE uuid = :u)",
        {"u": sitting},
    )


def write_everything_again(connection: sqlite3.Connection) -> None:
    """Forget what was written: the next pass writes every stored sitting (inside a
    transaction)."""
    connection.execute("DELETE FROM sync_written")
    connection.execute("DELETE FROM sync_dirty")
    connection.execute(
        "INSERT INTO sync_dirty (uuid) SELECT uuid FROM sitting WHERE uuid IS NOT NULL"
    )


@dataclass(frozen=True, slots=True)
class Peer:
    """Another device as this one knows it: its name, how far its log was read (bytes and
    the last line's number) and when this device last took something in from it (this
    device's clock, shown to people, never used for order)."""

    device: str
    name: str
    read_to: int
    seq: int
    seen_at: str
    listed: int = 0
    """The modification time (ns) of the device's folder when a pass last listed it and
    found no conflict copy of the transport's there; 0 when it is to be listed."""


def peers(connection: sqlite3.Connection) -> dict[str, Peer]:
    """Every device whose log this one has read (its own included)."""
    rows = connection.execute("SELECT device, name, read_to, seq, seen_at, listed FROM sync_peer")
    return {row[0]: Peer(*row) for row in rows.fetchall()}


def put_peer(connection: sqlite3.Connection, peer: Peer) -> None:
    """Remember how far ``peer``'s log was read."""
    connection.execute(
        "INSERT INTO sync_peer (device, name, read_to, seq, seen_at, listed) "
        "VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (device) DO UPDATE SET name = excluded.name, read_to = excluded.read_to, "
        "seq = excluded.seq, seen_at = excluded.seen_at, listed = excluded.listed",
        (peer.device, peer.name, peer.read_to, peer.seq, peer.seen_at, peer.listed),
    )


def put_listed(connection: sqlite3.Connection, device: str, listed: int) -> None:
    """Remember the time of ``device``'s folder when it was last listed (:attr:`Peer.listed`),
    leaving the rest of what is known of it as it is."""
    connection.execute(
        "INSERT INTO sync_peer (device, listed) VALUES (?, ?) "
        "ON CONFLICT (device) DO UPDATE SET listed = excluded.listed",
        (device, listed),
    )


def conflicted_sittings(connection: sqlite3.Connection) -> list[str]:
    """The sittings that may have conflict copies, sorted; :func:`merged` says which
    really have. Read from the ``open:`` keys once they are kept (:func:`note_open`);
    before, the sittings with more than one device's version or a copy listed, from the
    ``several:`` keys once they are kept (:func:`keep_several`), else from every version."""
    if setting(connection, OPEN_KEPT) is not None:
        rows = connection.execute(
            "SELECT substr(key, ?) FROM sync_state WHERE key > ? AND key < ? ORDER BY 1",
            (len(OPEN) + 1, OPEN, OPEN[:-1] + ";"),
        )
    elif setting(connection, SEVERAL_KEPT) is None:
        rows = connection.execute(
            "SELECT uuid FROM sync_version GROUP BY uuid HAVING count(*) > 1 "
            "UNION SELECT uuid FROM sync_conflict ORDER BY 1"
        )
    else:
        rows = connection.execute(
            "SELECT substr(key, ?) FROM sync_state WHERE key > ? AND key < ? "
            "UNION SELECT uuid FROM sync_conflict ORDER BY 1",
            (len(SEVERAL) + 1, SEVERAL, SEVERAL[:-1] + ";"),
        )
    return [str(row[0]) for row in rows.fetchall()]


def note_open(connection: sqlite3.Connection, sittings: Iterable[str]) -> None:
    """Keep the ``open:`` key of each of ``sittings`` as its merge says: set while it has
    conflict copies, removed when it has none (inside a transaction)."""
    for sitting in sittings:
        result = merged(connection, sitting)
        if result is not None and result.conflicts:
            put_setting(connection, OPEN + sitting, "1")
        else:
            connection.execute("DELETE FROM sync_state WHERE key = ?", (OPEN + sitting,))


def keep_several(connection: sqlite3.Connection) -> None:
    """Make the ``several:`` keys for the versions stored before they were kept, once
    (inside a transaction)."""
    if setting(connection, SEVERAL_KEPT) is not None:
        return
    rows = connection.execute("SELECT uuid FROM sync_version GROUP BY uuid HAVING count(*) > 1")
    for (sitting,) in rows.fetchall():
        put_setting(connection, SEVERAL + str(sitting), "1")
    put_setting(connection, SEVERAL_KEPT, "1")


def prune(connection: sqlite3.Connection, sittings: Iterable[str] | None = None) -> int:
    """Drop what the merge no longer needs of ``sittings`` (every sitting when None): the
    record of each version another device's version has seen (it can never again be the
    sitting or a conflict copy: versions only move forward, and what a version has seen
    its device's later versions have seen too), and the conflict copies listed by such a
    version (the merge reads only the lists of versions nobody has seen). Each version's
    device, counter, clock and ``seen`` stay: they say what was taken in and what a new
    version has seen. Returns how many records and lists were dropped. Call inside a
    transaction; :func:`merged` gives the same before and after."""
    if sittings is None:
        rows = connection.execute(
            "SELECT uuid FROM sync_version GROUP BY uuid HAVING count(*) > 1"
        ).fetchall()
        sittings = [str(row[0]) for row in rows]
    dropped = 0
    for sitting in sittings:
        known = versions(connection, sitting)
        if len(known) < 2:
            continue
        candidates = {version.key for version in unseen(known)}
        for version in known:
            if version.key in candidates:
                continue
            if version.record is not None and version.record != PRUNED_RECORD:
                connection.execute(
                    "UPDATE sync_version SET record = ? WHERE uuid = ? AND device = ?",
                    (PRUNED_RECORD, sitting, version.device),
                )
                dropped += 1
            gone = connection.execute(
                "DELETE FROM sync_conflict WHERE uuid = ? AND listed_by = ?",
                (sitting, version.device),
            )
            dropped += gone.rowcount
    return dropped
