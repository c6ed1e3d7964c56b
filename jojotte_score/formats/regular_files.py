"""Opening a file to read it as a sitting file: a regular file (or a link to one), never
a named pipe, a device or a folder, which are refused with a reason a player understands."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO, Final

from jojotte_score.i18n import N_, _


def check_regular_file(path: Path) -> None:
    """Raise :class:`OSError`, with a reason a player understands, unless ``path`` is a
    regular file (or a symbolic link to one) that can be opened for reading.

    A named pipe, a device or a folder is refused without waiting on it, and so are a
    dangling link and a loop of links.
    """
    with open_regular_file(path):
        pass


def open_regular_file(path: Path) -> BinaryIO:
    # Opened without blocking: opening a named pipe for reading would otherwise wait for a
    # writer, forever. Reading a regular file is the same either way.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError as error:
        if not path.is_symlink():
            raise
        reason = _("a symbolic link to {target}, which does not exist")
        reason = reason.format(target=os.readlink(path))
        raise FileNotFoundError(errno.ENOENT, reason, str(path)) from error
    except OSError as error:
        if error.errno != errno.ELOOP:
            raise
        reason = _("a loop of symbolic links, which leads to no file")
        raise OSError(errno.ELOOP, reason, str(path)) from error
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        kind = _FILE_KINDS.get(stat.S_IFMT(mode), _NOT_REGULAR)
        raise OSError(errno.EINVAL, _(kind), str(path))
    return os.fdopen(descriptor, "rb")


_FILE_KINDS: Final = {
    stat.S_IFDIR: N_("a folder, not a sitting file"),
    stat.S_IFIFO: N_("a named pipe, not a sitting file"),
    stat.S_IFSOCK: N_("a socket, not a sitting file"),
    stat.S_IFCHR: N_("a device, not a sitting file"),
    stat.S_IFBLK: N_("a device, not a sitting file"),
}
_NOT_REGULAR: Final = N_("not a regular file, not a sitting file")
