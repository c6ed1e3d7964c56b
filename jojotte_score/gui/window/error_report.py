"""What the window does with an error nobody caught: it is never only on a terminal.

A slot that raises (a menu item, a late import that fails) would otherwise print a traceback
to stderr, where a card player never looks, while the menu item seems to do nothing. The
hook writes the traceback to a log file in the data folder, tells the player in a message
box what failed and where the log is, and lets the window go on: every recorded change is
already committed when it is made, so nothing is lost.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication, QWidget

from jojotte_score.i18n import _

if TYPE_CHECKING:
    # Named only in annotations: naming the module in an import that runs had PySide6's
    # import hook read its source at every start (benchmarks/README.md, eighteenth round).
    from types import TracebackType

    Hook = Callable[[type[BaseException], BaseException, TracebackType | None], None]

LOG_NAME = "jojotte-score.log"
LOG_LIMIT = 1024 * 1024
"""The most bytes the log grows to: beyond, it becomes ``jojotte-score.log.1`` (replacing
an older one) and a new log starts, so the two never hold more than twice this."""


class ErrorReport:
    """The hook: :meth:`report` has ``sys.excepthook``'s signature; :meth:`install` puts
    it in place. ``interactive`` is False when nobody is there to click a message box
    (``--quit-after-start``, no display): then stderr alone says it."""

    def __init__(
        self, folder: Path, parent: Callable[[], QWidget | None], *, interactive: bool
    ) -> None:
        self.log = folder / LOG_NAME
        self._parent = parent
        self._interactive = interactive
        self._previous: Hook = sys.excepthook

    def install(self) -> None:
        """Make this the interpreter's hook for uncaught exceptions."""
        self._previous = sys.excepthook
        sys.excepthook = self.report

    def uninstall(self) -> None:
        """Put the previous hook back."""
        sys.excepthook = self._previous

    def report(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        """Log the error, say it, and carry on."""
        if issubclass(kind, KeyboardInterrupt):
            self._previous(kind, error, trace)
            return
        where = _where(trace)
        logged = self._write(kind, error, trace)
        failure = f"{kind.__name__}: {error}"
        if where is None:
            text = _("Something went wrong in the scorepad: {error}").format(error=failure)
        else:
            text = _("Something went wrong in {where}: {error}").format(where=where, error=failure)
        if logged:
            detail = _("The details are in {log}.").format(log=self.log)
        else:
            detail = _("The details could not be written to {log}.").format(log=self.log)
        print(f"jojotte-score: {text}. {detail}", file=sys.stderr)
        if self._interactive and QApplication.instance() is not None:
            from PySide6.QtWidgets import QMessageBox  # only with an error to show (start-up)

            from jojotte_score.gui.messages import window_title

            kept = _("{problem}.\n\nEverything recorded so far is kept. {detail}")
            box = QMessageBox(
                QMessageBox.Icon.Critical,
                window_title(_("Something went wrong")),
                kept.format(problem=text, detail=detail),
                QMessageBox.StandardButton.Ok,
                self._parent(),
            )
            box.exec()

    def _write(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> bool:
        try:
            self.log.parent.mkdir(parents=True, exist_ok=True)
            self._rotate()
            # Imported only when an error is reported: the start-up that installs the hook then
            # spares PySide6's import hook reading its 1,018 lines (1.1 M instructions).
            import traceback

            with self.log.open("a", encoding="utf-8") as log:
                log.write(f"--- {datetime.now().astimezone().isoformat(timespec='seconds')}\n")
                log.writelines(traceback.format_exception(kind, error, trace))
        except OSError:
            return False
        return True

    def _rotate(self) -> None:
        """Start a new log once this one has reached :data:`LOG_LIMIT`; the last one is kept
        beside it as ``jojotte-score.log.1``."""
        try:
            size = self.log.stat().st_size
        except FileNotFoundError:
            return
        if size >= LOG_LIMIT:
            self.log.replace(self.log.with_name(LOG_NAME + ".1"))


def _where(trace: TracebackType | None) -> str | None:
    """The function the error came from, as "module.function" (None when unknown)."""
    import traceback  # a late import: see ErrorReport._write

    frames = traceback.extract_tb(trace)
    if not frames:
        return None
    last = frames[-1]
    return f"{Path(last.filename).stem}.{last.name}"
