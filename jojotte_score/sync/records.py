"""The files a device writes for each sitting it changed, and how another device reads them.

A version file (``devices/<device>/sittings/<uuid>.json``) holds the device's newest
version of one sitting: who wrote it, its counter, Lamport clock and what it had seen
(:class:`~jojotte_score.sync.merge.Version`), the sitting itself as a sitting file
(:mod:`~jojotte_score.formats.sitting_file`, the same lasting format as ``export``) with
its title, place and first stored time, and the conflict copies and choices the device
knows of. Everything read from another device is untrusted: it passes the checks an
imported file passes, and its size is bounded.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.games import find_game
from jojotte_score.core.model import Sitting
from jojotte_score.i18n import _
from jojotte_score.storage.sittings import StoredSitting, sitting_problems
from jojotte_score.sync.merge import Version, VersionKey, seen_of

# The sitting file's reader and writer (formats/, eight modules) are imported late, by
# record_of, read_record and check_sitting_id, when a version is first written or read:
# the window loads the sync modules just after its first paint, for a pass that at most
# starts finds nothing new and reads no version, and they were a third of that load
# (about 10 of 31 ms, measured in the window on a 2-core machine).

VERSION_FORMAT: Final = "jojotte-sync-sitting"
FORMAT_VERSION: Final = 1
MAX_VERSION_BYTES: Final = 16 * 1024 * 1024
"""A version file larger than this is refused unread (a sitting of a thousand hands is
well under 1 MiB; the conflict copies it carries are sittings too)."""
MAX_DEVICES: Final = 1000
"""At most this many devices in a version's ``seen``."""
MAX_COPIES: Final = 100
"""At most this many conflict copies, and choices, in one version file."""
_DEVICE: Final = re.compile(r"[0-9a-f]{32}")
RECORD_KEYS: Final = frozenset({"title", "place", "created", "sitting"})
"""The keys every record has; ``"dealer"`` is optional, and a key no version of this app
knows is ignored."""


def is_device_id(value: object) -> bool:
    """Whether ``value`` is a device id as devices write it (32 lower-case hex digits)."""
    return isinstance(value, str) and _DEVICE.fullmatch(value) is not None


class BadVersionError(ValueError):
    """A version file that cannot be taken in; the message says why."""


@dataclass(frozen=True, slots=True)
class Record:
    """A sitting as it travels: the sitting, its labels, when it was first stored, and
    the seat chosen to deal its next hand (the first dealer, or a new cut's winner) while
    no hand has been recorded since."""

    sitting: Sitting
    title: str
    place: str
    created: datetime
    earlier_checks: bool = False
    dealer: int | None = None


def record_of(stored: StoredSitting, dealer: int | None = None) -> dict[str, object]:
    """A stored sitting as the JSON-ready record a version file holds; ``dealer`` the seat
    chosen to deal its next hand, when one is (only then is ``"dealer"`` written, so a
    record without one reads as before)."""
    from jojotte_score.formats.sitting_file import sitting_to_data  # late: see the imports

    record: dict[str, object] = {
        "title": stored.title,
        "place": stored.place,
        "created": stored.created.isoformat(),
        "sitting": sitting_to_data(stored.sitting, stored.uuid),
    }
    if dealer is not None:
        record["dealer"] = dealer
    return record


def record_text(record: object) -> str:
    """A record's canonical text: what two versions are compared by."""
    return json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def read_record(text: str, sitting_id: str) -> Record:
    """The record ``text`` holds (canonical JSON), checked as an imported file is: the
    sitting file's checks, the game's checks of every hand, the labels' checks, and the
    sitting's id. Raises :class:`BadVersionError` naming the problem."""
    data = json.loads(text)
    # Any other key is one a later version added, optional as "dealer" is: it is ignored
    # (docs/sync.md), so that a record a later version wrote is still read here.
    if not isinstance(data, dict) or not set(data) >= RECORD_KEYS:
        raise BadVersionError(_("its sitting is not a record of title, place, time and sitting"))
    title, place, created = data["title"], data["place"], data["created"]
    if not isinstance(title, str) or not isinstance(place, str) or not isinstance(created, str):
        raise BadVersionError(_("its title, place and time must be text"))
    try:
        when = datetime.fromisoformat(created)
    except ValueError:
        raise BadVersionError(_("its time is not a date and time")) from None
    if when.tzinfo is None:
        raise BadVersionError(_("its time is not a date and time"))
    from jojotte_score.formats.sitting_file import parse_sitting  # late: see the imports

    try:
        loaded = parse_sitting(data["sitting"])
    except InvalidSittingError as error:
        raise BadVersionError("; ".join(map(str, error.problems))) from None
    if loaded.uuid != sitting_id:
        raise BadVersionError(_("the sitting in it has another id"))
    problems = sitting_problems(loaded.sitting, title, place, earlier_checks=loaded.earlier_checks)
    if problems:
        raise BadVersionError("; ".join(map(str, problems)))
    dealer = data.get("dealer")
    seats = find_game(loaded.sitting.variant).seats
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer < seats):
        message = _("its next dealer is not a seat of its {seats}-seat table")
        raise BadVersionError(message.format(seats=seats))
    return Record(loaded.sitting, title, place, when, loaded.earlier_checks, dealer)


@dataclass(frozen=True, slots=True)
class VersionFile:
    """What one version file says: the writer's version of the sitting, the conflict
    copies it keeps and the copies chosen away."""

    sitting: str
    version: Version
    conflicts: tuple[Version, ...]
    resolved: tuple[VersionKey, ...]


def dumps_version_file(file: VersionFile) -> str:
    """A version file's text (one JSON object, ending with a newline)."""

    def version_data(version: Version) -> dict[str, object]:
        return {
            "device": version.device,
            "counter": version.counter,
            "clock": version.clock,
            "seen": dict(version.seen),
            "record": None if version.record is None else json.loads(version.record),
        }

    data: dict[str, object] = {
        "format": VERSION_FORMAT,
        "version": FORMAT_VERSION,
        "sitting": file.sitting,
        **version_data(file.version),
        "conflicts": [version_data(copy) for copy in file.conflicts],
        "resolved": [list(key) for key in file.resolved],
    }
    return json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n"


def loads_version_file(raw: bytes, device: str, sitting_id: str) -> VersionFile:
    """Read a version file of ``device`` about ``sitting_id``: its structure here, each
    record with :func:`read_record`. Raises :class:`BadVersionError`."""
    if len(raw) > MAX_VERSION_BYTES:
        limit = MAX_VERSION_BYTES // (1024 * 1024)
        raise BadVersionError(_("it is larger than {limit} MiB").format(limit=limit))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadVersionError(_("it is not complete JSON (cut off, or not ours)")) from None
    if not isinstance(data, dict) or data.get("format") != VERSION_FORMAT:
        raise BadVersionError(_("it is not a sync version file"))
    if data.get("version") != FORMAT_VERSION:
        message = _("its format version is {version}; this app reads {ours}")
        raise BadVersionError(message.format(version=data.get("version"), ours=FORMAT_VERSION))
    if data.get("sitting") != sitting_id or data.get("device") != device:
        raise BadVersionError(_("it names another device or sitting than its place"))
    version = _version(data, sitting_id)
    if version.counter < 1:
        raise BadVersionError(_("its counter must be a whole number from 1"))
    conflicts = data.get("conflicts")
    resolved = data.get("resolved")
    if not isinstance(conflicts, list) or not isinstance(resolved, list):
        raise BadVersionError(_("its conflicts and choices must be lists"))
    if len(conflicts) > MAX_COPIES or len(resolved) > MAX_COPIES:
        raise BadVersionError(_("it lists too many conflict copies"))
    copies = tuple(_version(copy, sitting_id) for copy in conflicts)
    keys = tuple(_key(key) for key in resolved)
    return VersionFile(sitting_id, version, copies, keys)


def _version(data: object, sitting_id: str) -> Version:
    if not isinstance(data, dict):
        raise BadVersionError(_("a version in it is not an object"))
    device, counter, clock = data.get("device"), data.get("counter"), data.get("clock")
    if not isinstance(device, str) or not is_device_id(device):
        raise BadVersionError(_("a version in it names no device"))
    if not isinstance(counter, int) or not isinstance(clock, int):
        raise BadVersionError(_("a version's counter and clock must be whole numbers"))
    if not _count(counter) or not _count(clock):
        raise BadVersionError(_("a version's counter and clock must be whole numbers"))
    seen = data.get("seen")
    if not isinstance(seen, dict) or len(seen) > MAX_DEVICES:
        raise BadVersionError(_("a version's list of what it has seen is not readable"))
    if not all(is_device_id(key) and _count(value) for key, value in seen.items()):
        raise BadVersionError(_("a version's list of what it has seen is not readable"))
    if seen.get(device, 0) != counter:
        raise BadVersionError(_("a version must have seen itself"))
    record = data.get("record")
    text = None
    if record is not None:
        text = record_text(record)
        read_record(text, sitting_id)
    return Version(device, counter, clock, seen_of(seen), text)


def _key(value: object) -> VersionKey:
    if isinstance(value, list) and len(value) == 2 and is_device_id(value[0]) and _count(value[1]):
        return (str(value[0]), int(value[1]))
    raise BadVersionError(_("a choice in it names no version"))


def _count(value: object) -> bool:
    return type(value) is int and 0 <= value < 2**53


def check_sitting_id(value: str) -> bool:
    """Whether ``value`` is a sitting id (a file name in ``sittings/`` must be one)."""
    from jojotte_score.formats.sitting_file import sitting_uuid  # late: see the imports

    return sitting_uuid(value) is not None
