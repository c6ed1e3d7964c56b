"""``jojotte-score share``: a stored sitting on the players' phones, from the command line.

It serves the page the window's File > Share with the table… serves (the same package,
:mod:`jojotte_score.share`), for a stored sitting, on the local network; prints the page's
address and its QR code; and follows the hands another copy of jojotte-score records, by
asking the database for the sitting's revision once a second (one small query). The
database is opened read-only, so the window can go on recording beside it. When it can no
longer be read (damaged or replaced under it, removed), the command says why on stderr, once,
and the page keeps the figures last read with a notice saying so, until the database can be
read again. Ctrl+C stops it (exit status 0).
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from jojotte_score.cli.context import EXIT_FAILED, EXIT_OK, NO_SITTINGS, CommandError, Context, fail
from jojotte_score.core.errors import JojotteError
from jojotte_score.i18n import N_, _, ngettext
from jojotte_score.storage.errors import SQLITE_FAILURES, os_reason

if TYPE_CHECKING:
    from jojotte_score.presenters.session import Session
    from jojotte_score.share.server import ShareServer
    from jojotte_score.share.view import SharedView
    from jojotte_score.storage.sittings import SittingStore

LOOK_EVERY = 1.0
"""Seconds between two looks at the sitting's revision."""


_sleep: Callable[[float], None] = time.sleep  # a test's clock in its place


def share(args: argparse.Namespace, context: Context) -> int:
    """Serve the page of the sitting ``args.sitting`` (default: the one changed last) until
    Ctrl+C."""
    from jojotte_score.presenters.session import Session
    from jojotte_score.share.address import lan_address
    from jojotte_score.share.qr import print_qr
    from jojotte_score.share.server import ShareServer
    from jojotte_score.share.view import shared_views

    if args.port is not None and not 0 <= args.port <= 65535:
        context.parser.error(_("share: --port must be between 0 and 65535"))
    with _hearing_ctrl_c(), contextlib.ExitStack() as opened:
        store = opened.enter_context(context.reading())
        sitting_id = args.sitting
        if store is None or (sitting_id is None and store.last_sitting_id() is None):
            raise CommandError(_(NO_SITTINGS))
        if sitting_id is None:
            sitting_id = store.last_sitting_id()
        assert sitting_id is not None
        revision: int | None = store.revision(sitting_id)  # an unknown sitting is refused
        session = _following(Session(store, read_only=True), sitting_id)
        bind = args.bind or lan_address()
        server = ShareServer(shared_views(session.shown), bind=bind, port=args.port or 0)
        try:
            server.start()
        except OSError as error:
            message = _("{address}: cannot serve the page there: {reason}")
            raise CommandError(
                message.format(address=f"{bind}:{args.port or 0}", reason=os_reason(error)),
                EXIT_FAILED,
            ) from error
        try:
            print(
                _("Sitting {id} is shown to the table at {url}").format(
                    id=sitting_id, url=server.url
                )
            )
            print_qr(server.url, sys.stdout)
            print(_("Ctrl+C stops sharing."), flush=True)
            page = _FollowedPage(
                context,
                opened,
                store,
                sitting_id,
                session,
                server,
                revision,
                views=shared_views(session.shown),
                written=_written(context.database),
            )
            session.on_error = _fail  # from now on, a sitting that cannot be read is said
            while True:
                _sleep(LOOK_EVERY)
                page.look()
        except KeyboardInterrupt:
            print(_("Sharing stopped."), flush=True)
            return EXIT_OK
        finally:
            server.stop()


UNREADABLE = N_(
    "{reason}; the page shows the figures last read and says that the database cannot be "
    "read, until it can"
)
"""What the command says, once, when the database it follows can no longer be read."""


@dataclass
class _FollowedPage:
    """The page served, kept in step with the sitting in the database, one look at a time.

    ``opened`` holds the database open: it is closed and the database opened afresh when
    it must be read again from the file.
    """

    context: Context
    opened: contextlib.ExitStack
    store: SittingStore
    sitting_id: int
    session: Session
    server: ShareServer
    revision: int | None
    views: dict[str, SharedView]
    """The figures last read."""
    written: tuple[int, int, int] | None
    """When the database file was last written, as last seen."""
    unreadable: str = ""
    """Why the database cannot be read, while it cannot."""
    followers: int = 0

    def look(self) -> None:
        """One look at the database: the page published again when the sitting changed;
        said when the database cannot be read, or can again, and when the number of pages
        following the sitting changes."""
        from jojotte_score.share.view import unreadable_views

        try:
            self._read_changes()
        except (JojotteError, CommandError, *SQLITE_FAILURES) as error:
            reason = _unreadable_reason(error, self.context.database)
            if reason != self.unreadable:  # said once, until the reason changes
                self.unreadable = reason
                fail(_(UNREADABLE).format(reason=reason))
                self.server.publish(unreadable_views(self.views))
            return
        if self.unreadable:
            self.unreadable = ""
            print(
                _("The database can be read again; the page shows the sitting again."),
                flush=True,
            )
        if self.server.followers != self.followers:
            self.followers = self.server.followers
            print(_followers(self.followers), flush=True)

    def _read_changes(self) -> None:
        """The sitting read again and published when its revision changed."""
        from jojotte_score.presenters.session import Session
        from jojotte_score.share.view import shared_views

        # A backup restored in its place, or the file written behind SQLite's back
        # (damaged, say): read it afresh. SQLite would go on trusting the pages it holds
        # while the file's first page and its -wal's index are unchanged. While it cannot
        # be read, it is opened afresh at each look.
        now_written = _written(self.context.database)
        if self.unreadable or self.store.database.replaced() or now_written != self.written:
            self.written = now_written
            self.opened.close()
            reopened = self.opened.enter_context(self.context.reading())
            if reopened is None:  # the database was removed
                raise CommandError(_(NO_SITTINGS))
            self.store = reopened
            self.session = _following(Session(reopened, read_only=True), self.sitting_id, _fail)
            self.revision = None
        now = self.store.revision(self.sitting_id)
        if now != self.revision:
            self.session.refresh()
            self.views = shared_views(self.session.shown)
            self.revision = now
            self.server.publish(self.views)


@contextlib.contextmanager
def _hearing_ctrl_c() -> Iterator[None]:
    """Ctrl+C (SIGINT) stops sharing even when the command was started with it ignored, as a
    shell without job control starts a command put in the background: Python keeps such a
    SIGINT ignored, and nothing else would stop the command. What SIGINT did before is
    restored after."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        if before is not None:  # None: set outside Python, which cannot be set back
            signal.signal(signal.SIGINT, before)


def _following(
    session: Session,
    sitting_id: int,
    on_error: Callable[[JojotteError], None] = lambda error: fail(str(error)),
) -> Session:
    """``session`` showing ``sitting_id``; a sitting that cannot be read is reported to
    ``on_error`` (by default said, and the page shows no sitting)."""
    session.on_error = on_error
    session.open(sitting_id)
    return session


def _fail(error: JojotteError) -> None:
    """A sitting that cannot be read while the page is followed: the error goes on up, so
    that the page keeps the figures last read and says why."""
    raise error


def _unreadable_reason(
    error: JojotteError | CommandError | sqlite3.Error | UnicodeDecodeError, path: Path
) -> str:
    """Why the database cannot be read, in one line naming the file."""
    if isinstance(error, JojotteError | CommandError):
        return str(error)
    from jojotte_score.storage.database import describe_sqlite_error

    return str(describe_sqlite_error(error, path))


def _written(path: Path) -> tuple[int, int, int] | None:
    """When and how the file at ``path`` was last written (None: no file)."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_size, status.st_mtime_ns, status.st_ctime_ns


def _followers(count: int) -> str:
    return ngettext(
        "{count} page shows the sitting", "{count} pages show the sitting", count
    ).format(count=count)
