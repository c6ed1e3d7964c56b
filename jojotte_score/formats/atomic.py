"""Writing files so that a failure never leaves a partial file behind."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: str | bytes, *, encoding: str = "utf-8") -> None:
    """Write ``data`` to a temporary file beside ``path``, flush it to disk, then rename.

    Either the whole new file is in place afterwards, or ``path`` is as it was before.
    """
    payload = data.encode(encoding) if isinstance(data, str) else data
    directory = path.parent if str(path.parent) else Path(".")
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
