"""The sync folder on disk: where each device's files are, and how they are written and read.

```
FOLDER/
  devices/<device>/device.json            the device's name (replaced whole)
  devices/<device>/log.jsonl              one line per version written, appended, checksummed
  devices/<device>/sittings/<uuid>.json   the device's newest version of a sitting (replaced whole)
```

Each device writes only under its own ``devices/<device>/``, so two devices never write one
file. Whole files are written to a temporary name and renamed; a log line ends with a
checksum of itself, so a line cut off or damaged on the way is seen and never taken in.
Files the transport makes (Syncthing's ``.syncthing.*.tmp`` and ``.stfolder``, a
``*.sync-conflict-*`` copy) are never read as ours.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from jojotte_score.formats.atomic import write_atomically
from jojotte_score.i18n import _
from jojotte_score.storage.errors import os_reason
from jojotte_score.sync.records import is_device_id

DEVICES: Final = "devices"
LOG_NAME: Final = "log.jsonl"
DEVICE_FILE: Final = "device.json"
SITTINGS: Final = "sittings"
MAX_LOG_LINE: Final = 1024
"""A log line is under 200 bytes; a longer one is not ours."""
MAX_LOG_READ: Final = 8 * 1024 * 1024
"""At most this much of one device's log is read in one pass; the rest the next."""
MAX_DEVICE_FILE: Final = 64 * 1024
MAX_NAME: Final = 80
SYNC_CONFLICT: Final = ".sync-conflict-"
RECENT_NS: Final = 3_000_000_000
"""A folder changed less than this long ago (3 s) is listed again at the next pass."""
_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


class SyncFolderError(Exception):
    """The folder cannot be used (missing, not writable, full, or holding the data folder);
    the message says why and that nothing stored was changed."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One log line: the device's ``seq``-th version written, of sitting ``sitting``, its
    ``counter``-th version of that sitting."""

    seq: int
    sitting: str
    counter: int


@dataclass(frozen=True, slots=True)
class LogRead:
    """What was read of a log from an offset: its complete, sound lines and the offset
    after each, the offset after the last line read, the log's size, and the offsets of
    the lines refused."""

    entries: tuple[LogEntry, ...]
    ends: tuple[int, ...]
    read_to: int
    size: int
    damaged: tuple[int, ...]


def log_line(entry: LogEntry) -> bytes:
    """A log line: the entry as JSON, a space, the first 16 hex digits of its SHA-256."""
    text = json.dumps(
        {"seq": entry.seq, "sitting": entry.sitting, "counter": entry.counter},
        separators=(",", ":"),
        sort_keys=True,
    )
    return f"{text} {_digest(text)}\n".encode("ascii")


def _digest(text: str) -> str:
    import hashlib  # only when a line is written or read: a pass that finds nothing new,
    # at every start of the window, reads none

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _entry(line: bytes) -> LogEntry | None:
    """The entry a complete line holds, None when it is damaged or not ours."""
    try:
        text, digest = line.decode("ascii").rsplit(" ", 1)
    except (UnicodeDecodeError, ValueError):
        return None
    if _digest(text) != digest:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    # A key a later version adds to its lines is ignored (docs/sync.md).
    if not isinstance(data, dict) or not {"seq", "sitting", "counter"} <= set(data):
        return None
    seq, sitting, counter = data["seq"], data["sitting"], data["counter"]
    if type(seq) is not int or type(counter) is not int or not isinstance(sitting, str):
        return None
    return LogEntry(seq, sitting, counter) if seq >= 1 and counter >= 1 else None


def nested(first: Path, second: Path) -> bool:
    """Whether one of the two folders holds the other (or they are one)."""
    a, b = first.resolve(), second.resolve()
    return a == b or a in b.parents or b in a.parents


class SyncFolder:
    """A sync folder: each device's directory, files and log."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @classmethod
    def open(cls, root: Path, data_dir: Path) -> SyncFolder:
        """The folder at ``root``, checked: it exists, is a folder, and neither holds the
        data folder nor is held by it (the database must never be synced as a file)."""
        if nested(root, data_dir):
            message = _(
                "{folder}: a sync folder must not hold the data folder {data} nor be inside "
                "it (the database must never be copied while open); choose another folder"
            )
            raise SyncFolderError(message.format(folder=root, data=data_dir))
        if not root.is_dir():
            message = _(
                "{folder}: there is no such folder (is its disk or share mounted?); "
                "nothing was changed"
            )
            raise SyncFolderError(message.format(folder=root))
        return cls(root)

    def device_dir(self, device: str) -> Path:
        """The folder of ``device``'s files."""
        return self.root / DEVICES / device

    def version_path(self, device: str, sitting: str) -> Path:
        """``device``'s version file of ``sitting``."""
        return self.device_dir(device) / SITTINGS / f"{sitting}.json"

    def log_path(self, device: str) -> Path:
        """``device``'s log."""
        return self.device_dir(device) / LOG_NAME

    def devices(self) -> list[str]:
        """The devices with a folder here (sorted); names that are no device id are left."""
        try:
            names = os.listdir(self.root / DEVICES)
        except FileNotFoundError:
            return []
        except OSError as error:
            raise self._unreadable(error) from error
        return sorted(name for name in names if is_device_id(name))

    def conflict_copies(self, device: str) -> list[str]:
        """The transport's conflict copies in ``device``'s folder (two machines wrote as
        one device): their names."""
        try:
            names = os.listdir(self.device_dir(device))
        except OSError:
            return []
        return sorted(name for name in names if SYNC_CONFLICT in name)

    def copies_since(self, device: str, listed: int) -> tuple[list[str], int]:
        """The transport's conflict copies in ``device``'s folder (:meth:`conflict_copies`),
        and the folder's modification time to remember (ns) when it holds none and that
        time can be trusted, else 0. ``listed``: the time remembered at the last listing.

        A copy is a new file in the folder, which changes its modification time: while the
        time is the one remembered, one ``stat`` says there is none, and the folder is not
        listed. A time within :data:`RECENT_NS` of now is not remembered (a file system
        that counts in whole seconds, as a USB stick's FAT does, may add a file within the
        same second)."""
        try:
            changed = os.stat(self.device_dir(device)).st_mtime_ns
        except OSError:
            return [], 0
        if listed and changed == listed:
            return [], listed
        copies = self.conflict_copies(device)
        trusted = not copies and time.time_ns() - changed > RECENT_NS
        return copies, changed if trusted else 0

    def write_versions(self, device: str, files: dict[str, str]) -> None:
        """Write ``device``'s version files (sitting id → text), each replaced whole."""
        try:
            (self.device_dir(device) / SITTINGS).mkdir(parents=True, exist_ok=True)
            for sitting, text in files.items():
                write_atomically(self.version_path(device, sitting), text)
        except OSError as error:
            raise self._unwritable(error) from error

    def append_log(self, device: str, entries: list[LogEntry]) -> int:
        """Append ``entries`` to ``device``'s log, flushed to disk; the log's new size."""
        payload = b"".join(log_line(entry) for entry in entries)
        try:
            self.device_dir(device).mkdir(parents=True, exist_ok=True)
            with open(self.log_path(device), "ab") as handle:
                handle.write(payload)
                handle.flush()
                os.fsync(handle.fileno())
                return handle.tell()
        except OSError as error:
            raise self._unwritable(error) from error

    def log_size(self, device: str) -> int:
        """The size of ``device``'s log; 0 when it has none."""
        try:
            return self.log_path(device).stat().st_size
        except FileNotFoundError:
            return 0
        except OSError as error:
            raise self._unreadable(error) from error

    def read_log(self, device: str, start: int) -> LogRead:
        """The complete lines of ``device``'s log from byte ``start`` on (at most
        :data:`MAX_LOG_READ` bytes); a last line without its end is left for the next pass."""
        try:
            with open(self.log_path(device), "rb") as handle:
                size = os.fstat(handle.fileno()).st_size
                handle.seek(start)
                chunk = handle.read(MAX_LOG_READ)
        except FileNotFoundError:
            return LogRead((), (), 0, 0, ())
        except OSError as error:
            raise self._unreadable(error) from error
        entries: list[LogEntry] = []
        ends: list[int] = []
        damaged: list[int] = []
        offset = 0
        while True:
            end = chunk.find(b"\n", offset)
            if end < 0:
                break
            line = chunk[offset:end]
            entry = _entry(line) if len(line) <= MAX_LOG_LINE else None
            if entry is None:
                damaged.append(start + offset)
            else:
                entries.append(entry)
                ends.append(start + end + 1)
            offset = end + 1
        return LogRead(tuple(entries), tuple(ends), start + offset, size, tuple(damaged))

    def read_version(self, device: str, sitting: str, limit: int) -> bytes | None:
        """``device``'s version file of ``sitting`` (at most ``limit`` + 1 bytes read), None
        when it is not there (not delivered yet, or removed)."""
        try:
            with open(self.version_path(device, sitting), "rb") as handle:
                return handle.read(limit + 1)
        except FileNotFoundError:
            return None
        except OSError as error:
            raise self._unreadable(error) from error

    def write_device(self, device: str, name: str) -> None:
        """Write ``device``'s ``device.json`` (its name, for the other devices' status)."""
        text = json.dumps({"format": "jojotte-sync-device", "version": 1, "name": name})
        try:
            self.device_dir(device).mkdir(parents=True, exist_ok=True)
            write_atomically(self.device_dir(device) / DEVICE_FILE, text + "\n")
        except OSError as error:
            raise self._unwritable(error) from error

    def device_name(self, device: str) -> str:
        """The name ``device`` gave itself, cleaned of control characters; "" when none."""
        try:
            with open(self.device_dir(device) / DEVICE_FILE, "rb") as handle:
                data = json.loads(handle.read(MAX_DEVICE_FILE).decode("utf-8"))
        except (OSError, ValueError, UnicodeDecodeError, RecursionError):
            return ""
        name = data.get("name") if isinstance(data, dict) else None
        return self.clean_name(name) if isinstance(name, str) else ""

    @staticmethod
    def clean_name(name: str) -> str:
        """A device's name as shown: no control characters, at most :data:`MAX_NAME`."""
        return _CONTROL.sub("", name)[:MAX_NAME].strip()

    def _unwritable(self, error: OSError) -> SyncFolderError:
        message = _(
            "{folder}: cannot write this device's changes ({reason}); nothing stored was "
            "changed, and they are written at the next sync"
        )
        return SyncFolderError(message.format(folder=self.root, reason=os_reason(error)))

    def _unreadable(self, error: OSError) -> SyncFolderError:
        message = _("{folder}: cannot read the folder ({reason}); nothing stored was changed")
        return SyncFolderError(message.format(folder=self.root, reason=os_reason(error)))
