"""The window's start as a user sees it, timed from inside the process.

    python3 benchmarks/window_start.py DATA_DIR [--following]

starts the window on ``DATA_DIR`` as ``jojotte-score --data-dir DATA_DIR`` does (the same
code: the command line's ``main``), and prints one JSON line of moments by :func:`clock`,
which the process that launched it reads on the same clock:

- ``shown``: the main window's first paint done, the stored history on screen (a zero
  timer posted at the window's first paint event runs once the paint is done and flushed);
- ``settled``: the start's work done, then the window quits: with ``--following``, the
  first pass over the sync folder run (the window's follower holds its report); without,
  the event loop's turn after ``shown``;
- ``hands``: how many hands the sitting shown holds (two starts compared must show alike);
- ``longest turn``: the longest turn of the event loop between the two (a zero timer is
  posted at each turn): how long a key pressed in that time could wait;
- ``shown cpu`` and ``settled cpu``: the processor time the process had used at ``shown``
  and at ``settled`` (seconds; another program busy on the machine slows it far less than
  the clock).

Nothing else is imported before the window's own modules (only the standard library, Qt
and the application module the command line imports anyway), so that a start following a
sync folder pays for the sync modules as a user's does. ``bench_sync.py`` runs it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SHOWN = "shown"
SETTLED = "settled"
LONGEST = "longest turn"
EXITED = "exited"
CPU = "cpu"
SHOWN_CPU = "shown cpu"
HANDS = "hands"
SETTLED_CPU = "settled cpu"
SETTLE_LIMIT_S = 30.0
"""A start whose first pass has not run this long after the window was shown quits
without ``settled`` (the caller reports it)."""


def clock() -> float:
    """The system's monotonic clock (Linux's CLOCK_MONOTONIC): one clock for this process
    and the one that launched it, so that each moment counts from the launch."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


def start(data: Path, following: bool) -> dict[str, float]:
    """Start the window on ``data``, run its event loop until the start's work is done, and
    return its moments (see the module's docstring) and the command's ``status``."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QWidget

    from jojotte_score.cli import main
    from jojotte_score.gui.window import app as app_module

    moments: dict[str, float] = {}
    turns: list[float] = []
    windows: list[QWidget] = []

    def settled() -> bool:
        if not following:
            return True
        follower = getattr(windows[0], "sync_follower", None)
        return follower is not None and follower.last is not None

    def turn() -> None:
        turns.append(clock())
        if settled():
            moments[SETTLED] = turns[-1]
            moments[SETTLED_CPU] = time.process_time()
            QApplication.quit()
        elif turns[-1] - moments[SHOWN] > SETTLE_LIMIT_S:
            QApplication.quit()
        else:
            QTimer.singleShot(0, turn)

    def shown() -> None:
        moments[SHOWN] = clock()
        moments[SHOWN_CPU] = time.process_time()
        turns.append(moments[SHOWN])
        shown_sitting = getattr(windows[0], "session", None)
        if shown_sitting is not None and shown_sitting.shown is not None:
            moments[HANDS] = shown_sitting.shown.count
        QTimer.singleShot(0, turn)

    class FirstPaint(QObject):
        """Notes the first paint event of the main window or any widget in it."""

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if not windows and event.type() == QEvent.Type.Paint:
                window = watched.window() if isinstance(watched, QWidget) else None
                if window is not None and type(window).__name__ == "MainWindow":
                    windows.append(window)
                    QTimer.singleShot(0, shown)
            return False

    first_paint = FirstPaint()
    make_application = app_module.application

    def application_watched(
        environ: Mapping[str, str], messages: app_module.QtMessages | None = None
    ) -> QApplication:
        made = make_application(environ, messages)
        made.installEventFilter(first_paint)
        return made

    app_module.application = application_watched
    status = main(["--data-dir", str(data)])
    gaps = [later - earlier for earlier, later in itertools.pairwise(turns)]
    return {"status": status, **moments, LONGEST: max(gaps, default=0.0)}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--following", action="store_true", help="wait for the first pass")
    arguments = parser.parse_args()
    print(json.dumps(start(arguments.data, arguments.following)))


if __name__ == "__main__":
    main()
