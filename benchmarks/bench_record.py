"""How long recording a hand takes in the window, at 60 and at 10,000 hands, and where.

A hand is recorded as the Record button records it: its values are in the entry panel's
fields, ``EntryPanel.record()`` checks and submits them, the window pushes the undoable
command that stores the hand, the session reads the sitting's newest rubber again and
scores it, and the window shows it (the hand list, the pad, the title and status, the
panel readied for the next hand, the explanation); the clock stops once the events that
follow (the repaint) are processed. The aim is one 60 Hz frame, 16.7 ms, where the repaint
allows: the baseline, measured in the same run on the same window, is the window repainted
alone (``QWidget.repaint()``, nothing changed).

For each of the five games, a sitting of 60 and of 10,000 hands (``sitting_generator.py``)
is stored with the store's import and opened in a ``MainWindow`` shown offscreen (unless
``QT_QPA_PLATFORM`` says otherwise); the next hands of the same generated sitting are then
recorded one after another, each timed, and the parts timed inside it: the store's
``add_hand`` (the checks, the row, the summary), the session's reading and scoring of the
newest rubber, the hand list's model and its columns, the pad laid out and painted, the
explanation, the title, status and actions, the panel readied. With ``--history`` the
history window is open on its Statistics tab, as a player may keep it, and its reload is
timed too. The new-cut question after a rubber (a dialog) is answered with Esc.

    python3 benchmarks/bench_record.py [--hands 10000] [--short 60] [--repeat 7]
                                       [--games two-player,chouette] [--history]
                                       [--profile] [--callgrind]

With ``--callgrind``, run under ``valgrind --tool=callgrind --instr-atstart=no``, callgrind
counts only the hands recorded (from the Record button to the repaint), which a busy machine
does not change: valgrind's "Collected" divided by the hands recorded (the games times the
two lengths times ``--repeat``) is a recorded hand's instructions.
"""

from __future__ import annotations

import argparse
import cProfile
import inspect
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_window import shown_window, stored_with_next
from sitting_generator import PLAYERS

from jojotte_score.core.model import AnyHand
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore

FRAME = 1 / 60

# The parts timed inside a recorded hand: (label, module, class, method).
PARTS = (
    ("storage: add_hand", "jojotte_score.storage.sittings", "SittingStore", "add_hand"),
    ("session: read and score", "jojotte_score.presenters.session", "Session", "_load"),
    ("hand list: model", "jojotte_score.gui.pad.hand_model", "HandTableModel", "set_pad"),
    ("hand list: columns", "jojotte_score.gui.window.main_window", "MainWindow", "_fit_columns"),
    ("pad: laid out", "jojotte_score.gui.pad.sheet_widget", "SheetWidget", "set_pad"),
    ("pad: painted", "jojotte_score.gui.pad.sheet_widget", "SheetWidget", "paintEvent"),
    ("title", "jojotte_score.gui.window.main_window", "MainWindow", "_update_title"),
    ("panel readied", "jojotte_score.gui.window.main_window", "MainWindow", "ready_next_hand"),
    ("explanation", "jojotte_score.gui.window.main_window", "MainWindow", "_show_explanation"),
    ("history: reload", "jojotte_score.gui.history.history_window", "HistoryWindow", "reload"),
)


class Parts:
    """Seconds spent in each part since the last ``clear``: each method is wrapped once on
    its class (the same for every window), and only its outermost call is counted."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}
        self._depth: dict[str, int] = {}
        for label, module, cls, name in PARTS:
            self._wrap(label, getattr(__import__(module, fromlist=[cls]), cls), name)

    def _wrap(self, label: str, cls: type, name: str) -> None:
        original = getattr(cls, name)
        # A slot connected straight to a signal is given the signal's arguments only as far
        # as it takes them: so is the wrapper.
        code = original.__code__
        takes = None if code.co_flags & inspect.CO_VARARGS else code.co_argcount

        def timed(*args: Any, **kwargs: Any) -> Any:
            args = args[:takes]
            depth = self._depth.get(label, 0)
            self._depth[label] = depth + 1
            start = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self._depth[label] = depth
                if depth == 0:
                    elapsed = time.perf_counter() - start
                    self.spent[label] = self.spent.get(label, 0.0) + elapsed

        setattr(cls, name, timed)

    def clear(self) -> None:
        self.spent = {}


def record_hands(
    store: SittingStore,
    sitting_id: int,
    hands: Iterator[AnyHand],
    repeat: int,
    folder: Path,
    parts: Parts,
    history: bool,
    profile: bool,
    callgrind: bool = False,
) -> tuple[list[float], list[float], list[dict[str, float]]]:
    """Record ``repeat`` hands through the window: each one's seconds, a repaint's seconds
    measured between them, and each one's parts."""

    from jojotte_score.gui.entry.form_rules import FormValues

    app, session, window = shown_window(store, folder)
    session.open(sitting_id)
    if history:
        window.show_history()
        assert window.history is not None
        window.history.tabs.setCurrentIndex(1)  # the Statistics tab
    app.processEvents()

    def thrown_in() -> bool:  # Edit > Thrown in
        window.panel.record_thrown_in()
        return True

    recorded, repainted, spent = [], [], []
    profiler = cProfile.Profile() if profile else None
    for _ in range(repeat):
        hand = next(hands)
        count = session.shown.count if session.shown else 0
        window.panel.new_hand()
        window.panel._show_values(FormValues.of(hand))  # as typed
        app.processEvents()
        record = thrown_in if hand.thrown_in else window.panel.record
        parts.clear()
        if profiler is not None:
            profiler.enable()
        if callgrind:
            counting(True)
        start = time.perf_counter()
        if not record():  # a warning asks for a second Enter
            parts.clear()
            start = time.perf_counter()
            if not record():
                check = window.panel.form.check(window.panel.values(), count + 1)
                raise AssertionError(f"hand {count + 1} was refused: {check.errors} {hand}")
        app.processEvents()
        recorded.append(time.perf_counter() - start)
        if callgrind:
            counting(False)
        if profiler is not None:
            profiler.disable()
        spent.append(dict(parts.spent))
        assert session.shown is not None
        assert session.shown.count == count + 1
        start = time.perf_counter()
        window.repaint()
        repainted.append(time.perf_counter() - start)
    if window.history is not None:
        window.history.close()
    window.close()
    window.deleteLater()
    app.processEvents()
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
    return recorded, repainted, spent


def counting(on: bool) -> None:
    """Turn callgrind's counting in this process on or off (under valgrind's callgrind)."""
    switch = "on" if on else "off"
    subprocess.run(
        ["callgrind_control", "-i", switch, str(os.getpid())], check=True, capture_output=True
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="the long sittings' hands")
    parser.add_argument("--short", type=int, default=60, help="the short sittings' hands")
    parser.add_argument("--repeat", type=int, default=7, help="hands recorded in each")
    parser.add_argument(
        "--games", default=",".join(PLAYERS), help="the games, by their sitting-file values"
    )
    parser.add_argument(
        "--history", action="store_true", help="keep the history open on its Statistics tab"
    )
    parser.add_argument(
        "--profile", action="store_true", help="print a profile of the hands recorded"
    )
    parser.add_argument(
        "--callgrind",
        action="store_true",
        help="under valgrind --tool=callgrind --instr-atstart=no: count the recorded hands only",
    )
    args = parser.parse_args()
    games = [game.strip() for game in args.games.split(",") if game.strip()]
    unknown = [game for game in games if game not in PLAYERS]
    if unknown or not games:
        parser.error(f"name games among {', '.join(PLAYERS)}")
    if args.repeat < 1 or min(args.hands, args.short) < 1:
        parser.error("--repeat, --hands and --short take whole numbers, 1 or more")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from jojotte_score.gui.window import dialogs

    app = QApplication([sys.argv[0]])
    answered: Callable[..., None] = lambda *_args, **_kwargs: None  # noqa: E731
    dialogs.FirstDealerDialog.ask = answered  # type: ignore[method-assign]  # Esc
    parts = Parts()
    print(
        f"A hand recorded through the window (best and median of {args.repeat}), against the "
        f"window repainted alone; one frame is {1000 * FRAME:.1f} ms"
    )
    print(
        f"{'game':14s} {'hands':>7s} {'recorded':>10s} {'(median)':>9s} {'repaint':>9s} "
        f"{'ratio':>6s}  where the median hand's time went (ms)"
    )
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        with Database.open(folder / "bench.sqlite3") as database:
            store = SittingStore(database)
            for game in games:
                for hands in (args.short, args.hands):
                    sitting_id, following = stored_with_next(
                        store, game, hands, args.repeat + 5, f"{game} {hands}"
                    )
                    recorded, repainted, spent = record_hands(
                        store,
                        sitting_id,
                        iter(following),
                        args.repeat,
                        folder,
                        parts,
                        args.history,
                        args.profile,
                        args.callgrind,
                    )
                    median = statistics.median(recorded)
                    middle = spent[recorded.index(sorted(recorded)[len(recorded) // 2])]
                    where = ", ".join(
                        f"{label} {1000 * seconds:.1f}"
                        for label, seconds in sorted(middle.items(), key=lambda item: -item[1])
                        if seconds >= 0.0005
                    )
                    other = median - sum(middle.values())
                    print(
                        f"{game:14s} {hands:7d} {1000 * min(recorded):7.1f} ms "
                        f"{1000 * median:6.1f} ms {1000 * min(repainted):6.1f} ms "
                        f"{min(recorded) / min(repainted):5.1f}x  {where}, "
                        f"the rest {1000 * other:.1f}"
                    )
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
