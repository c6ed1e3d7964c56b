"""What every command may need: the exit statuses, the one way a failure is reported, the
data folder and its store, and reading and writing the files a command is given."""

from __future__ import annotations

import argparse
import codecs
import contextlib
import io
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from jojotte_score.core.errors import InvalidSittingError, Problem
from jojotte_score.core.games import replay
from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import Sitting
from jojotte_score.i18n import MINUS, N_, _
from jojotte_score.storage.database import Database, database_exists
from jojotte_score.storage.errors import os_reason
from jojotte_score.storage.paths import data_dir, database_path
from jojotte_score.storage.sittings import SittingStore, StoredSitting, utc_now

if TYPE_CHECKING:
    from jojotte_score.formats.sitting_file import LoadedSitting

PROGRAM = "jojotte-score"
EXIT_OK = 0
EXIT_FAILED = 1
EXIT_INVALID = 2

NO_SITTINGS = N_("no sittings stored yet")
"""What the listing commands print when nothing is stored (translated where shown)."""


class CommandError(Exception):
    """A problem the command reports in one line, and the exit status it ends with."""

    def __init__(self, message: str, status: int = EXIT_INVALID) -> None:
        super().__init__(message)
        self.status = status


STAND_INS = {MINUS: "-"}
"""What a terminal shows for a character its encoding lacks, when something better than "?"
exists: the hyphen for the true minus of a negative number."""

REPLACE_ERRORS = "jojotte-score-replace"
"""The name of the encoding error handler of standard output and standard error
(:func:`stand_in`)."""


def stand_in(error: UnicodeError) -> tuple[str, int]:
    """An encoding error handler: the characters the encoding lacks as :data:`STAND_INS`
    writes them, or "?" as ``errors="replace"`` does."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    lacking = error.object[error.start : error.end]
    return "".join(STAND_INS.get(character, "?") for character in lacking), error.end


def replace_what_the_terminal_cannot_show() -> None:
    """Make standard output and standard error replace the characters their encoding cannot
    encode, for the rest of the process (called once, as the program starts).

    The one place where the program's text meets the terminal's encoding. A terminal (or a
    pipe) speaks whatever encoding its locale has: UTF-8 mostly, but Latin-1 under
    ``LANG=de_DE.ISO-8859-1``, ASCII under ``PYTHONIOENCODING=ascii``. Names come from the
    table and may hold any character, and the program writes "–" between names: what the
    encoding cannot show becomes "?" instead of a failure, and a true minus the hyphen
    (:func:`stand_in`). JSON on standard output escapes
    it instead (:func:`jojotte_score.cli.terminal.json_for`). Files the program writes are
    always UTF-8 and never pass through here."""
    codecs.register_error(REPLACE_ERRORS, stand_in)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        with contextlib.suppress(ValueError, io.UnsupportedOperation, TypeError):
            reconfigure(errors=REPLACE_ERRORS)


def fail(message: str) -> None:
    """Report one failure on stderr, as every failure is: ``jojotte-score: message``.

    Every line begins so: a line break inside the message (a name stored before names were
    checked for them) starts a line of its own with the program's name, never a bare one."""
    for line in message.splitlines() or [""]:
        print(f"{PROGRAM}: {line}", file=sys.stderr)


def print_problems(problems: Sequence[Problem], source: str) -> None:
    """Report each problem (or warning) on its own line: ``jojotte-score: game.json: hand 3:
    ...``."""
    for problem in problems:
        fail(problem.describe(source))


def source_name(path: Path) -> str:
    """How messages name a sitting file: its name."""
    return path.name or str(path)


def read_file(path: Path) -> Sitting:
    """The sitting in ``path``; warnings go to stderr, problems raise InvalidSittingError."""
    return read_loaded(path).sitting


def read_loaded(path: Path) -> LoadedSitting:
    """The sitting in ``path`` as read (with whether it was recorded under earlier checks);
    warnings go to stderr, problems raise InvalidSittingError."""
    try:
        from jojotte_score.formats.sitting_file import load_sitting  # not at start-up

        loaded = load_sitting(path)
    except OSError as error:
        message = _("{file}: cannot read the file: {reason}")
        raise CommandError(message.format(file=path, reason=os_reason(error))) from error
    print_problems(loaded.warnings, source_name(path))
    return loaded


def load(path: Path) -> tuple[Sitting, Ledger]:
    """The sitting in ``path`` and its ledger; warnings go to stderr."""
    sitting = read_file(path)
    return sitting, ledger_of(sitting)


def ledger_of(sitting: Sitting) -> Ledger:
    """The pad of a sitting of any game: two sides' columns, or one per player."""
    return replay(sitting)


def write_output(target: Path, write: Callable[[Path], None]) -> None:
    """Call ``write(target)``; a file that cannot be written is the environment failing."""
    try:
        write(target)
    except OSError as error:
        message = _("{file}: cannot write the file: {reason}")
        reason = os_reason(error)
        raise CommandError(message.format(file=target, reason=reason), EXIT_FAILED) from error


class Context:
    """The parser (for usage errors) and the data folder with its database."""

    def __init__(
        self,
        parser: argparse.ArgumentParser,
        explicit: Path | None,
        environ: Mapping[str, str],
    ) -> None:
        self.parser = parser
        self.environ = environ
        self.folder = data_dir(explicit, environ)
        self.database = database_path(self.folder)

    def check_folder(self) -> None:
        """Refuse a data folder that is, or lies inside, something other than a folder."""
        try:
            for candidate in (self.folder, *self.folder.parents):
                if candidate.is_dir():
                    return
                if candidate.exists():
                    message = _(
                        "{folder}: cannot use this as the data folder: "
                        "{file} is a file, not a folder"
                    )
                    raise CommandError(
                        message.format(folder=self.folder, file=candidate), EXIT_FAILED
                    )
        except OSError as error:
            message = _("{folder}: cannot use this as the data folder: {reason}")
            raise CommandError(
                message.format(folder=self.folder, reason=os_reason(error)), EXIT_FAILED
            ) from error

    @contextlib.contextmanager
    def reading(self) -> Iterator[SittingStore | None]:
        """The store opened read-only (no lock: works beside the desktop app); None when
        there is no database yet."""
        self.check_folder()
        if not database_exists(self.database):
            yield None
            return
        with Database.open(self.database, read_only=True) as database:
            yield SittingStore(database)

    @contextlib.contextmanager
    def writing(self) -> Iterator[SittingStore]:
        """The store opened for writing, after the daily backup when one is due."""
        from jojotte_score.storage.backups import backup_if_due

        self.check_folder()
        with Database.open(self.database) as database:
            backup_if_due(database.connection, self.backup_folder, utc_now())
            yield SittingStore(database)

    @property
    def backup_folder(self) -> Path:
        """Where the database's backups are kept."""
        from jojotte_score.storage.backups import BACKUP_DIR_NAME

        return self.folder / BACKUP_DIR_NAME

    def stored(self, store: SittingStore | None, sitting_id: int) -> StoredSitting:
        """One stored sitting; an unknown id (or no database at all) is invalid input."""
        if store is None:
            message = _("there is no sitting {id}: no sittings stored yet in {folder}")
            raise CommandError(message.format(id=sitting_id, folder=self.folder))
        return _load(store, sitting_id)


def every_sitting(store: SittingStore | None) -> list[StoredSitting]:
    """Every stored sitting, oldest (lowest id) first; empty when there is no database."""
    if store is None:
        return []
    ids = sorted(info.id for info in store.list_sittings())
    return [_load(store, sitting_id) for sitting_id in ids]


def _load(store: SittingStore, sitting_id: int) -> StoredSitting:
    """A stored sitting; a stored hand the core no longer accepts names the sitting."""
    try:
        return store.load(sitting_id)
    except InvalidSittingError as error:
        source = _("sitting {id}").format(id=sitting_id)
        raise InvalidSittingError(error.problems, source) from error
