"""Writing files so that a failure never leaves a partial file behind."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: str | bytes, *, encoding: str = "utf-8") -> None:
    """Write ``data`` to a temporary file beside ``path``, flush it to disk, then rename.

    Either the whole new file is in place afterwards, or ``path`` is as it was before.
    """
    payload = data.encode(encoding) if isinstance(data, str) else data
    directory = path.parent if str(path.parent) else Path(".")
    mode = _mode_for(path)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            _set_mode(handle.fileno(), temporary, mode)  # mkstemp makes it private (0600)
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(directory)


def _mode_for(path: Path) -> int:
    """The permissions the file keeps when it is replaced, else those the umask gives."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _set_mode(fd: int, path: str, mode: int) -> None:
    """Give the open temporary file ``mode``: by its descriptor where the system can
    (Windows' Python has no ``os.fchmod`` before 3.13), else by its name."""
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:
        os.chmod(path, mode)


def _sync_folder(directory: Path) -> None:
    """Make the rename itself durable (where a folder can be opened and synced)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
