"""How fast the all-time statistics are on 1,500 sittings of 40 hands, and what they add
to a recorded hand while the Statistics tab is shown.

The aims (issue 27): the all-time statistics (what the Statistics tab and
``jojotte-score stats`` read) within 3x the history listing (``list_sittings()``) measured
in the same run, and a recorded hand costing no more with the Statistics tab shown than with
the Sittings tab shown (within 1.2x). Every figure is the best of several repetitions:

- ``list_sittings()``, the history listing (the baseline);
- ``period_stats(store)``, the statistics summed from the figures stored for each sitting;
- for reference, the statistics as they were read before schema 5: every sitting loaded
  and replayed (``player_stats`` over ``store.load``);
- a hand recorded (``SittingStore.add_hand``) and the open history window reloaded as the
  main window does after each change, with the Sittings tab shown and with the Statistics
  tab shown; and the hand recorded with no history window, for scale;
- the Statistics tab's own reading after a recorded hand, alone: every sitting's stored
  figures read again, and only the changed sitting's (the figures the tab keeps).

With ``--history N`` the hands are recorded into a sitting that already has ``N`` hands
(10,000: a decade's sitting), whose figures the Statistics tab reads again after each
one: scored from the summary's checkpoint (schema 6), not from the sitting's first hand.

The database is built once (``kept_history`` in sitting_generator.py) and kept in the
temporary folder (or in ``--data-dir``), so later runs only measure, each on a copy of it; its
figures are stored by the first reading, as after the history has been opened once.

    python3 benchmarks/bench_statistics.py [--sittings 1500] [--hands 40] [--repeat 7]
                                           [--history N] [--data-dir DIR]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

# The scripts beside this one, and the package of this checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_storage import best_of
from sitting_generator import history_copy, kept_history, sitting_data

from jojotte_score.core.model import Variant
from jojotte_score.core.stats import player_stats
from jojotte_score.formats.sitting_file import parse_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import PeriodFigures, period_stats


def line(label: str, seconds: float, baseline: float | None = None, aim: float = 0) -> str:
    text = f"  {label:<58} {1000 * seconds:9.2f} ms"
    if baseline is not None:
        ratio = seconds / baseline
        text += f"   {ratio:6.2f}x"
        if aim:
            text += f"   ({'within' if ratio <= aim else 'OVER'} the {aim}x aim)"
    return text


def measure(path: Path, repeat: int, history: int = 0) -> None:
    # Imported here: Qt is loaded only once the database is ready.
    from PySide6.QtWidgets import QApplication

    from jojotte_score.gui.history.history_tabs import add_history_tabs
    from jojotte_score.gui.history.history_window import HistoryWindow

    app = QApplication.instance() or QApplication([])
    with Database.open(path) as database:
        store = SittingStore(database)
        figures = period_stats(store)  # stores every sitting's figures, if not yet
        listing = best_of(repeat, store.list_sittings)
        summed = best_of(repeat, lambda: period_stats(store))
        ids = [sitting_id for sitting_id, _created in store.created_dates()]
        replayed = best_of(
            max(1, repeat // 3),
            lambda: player_stats(store.load(sitting_id).sitting for sitting_id in ids),
        )

        # A new sitting (of ``history`` hands already), its hands recorded one at a time in
        # order (each valid after the last).
        played = parse_sitting(sitting_data(history + 12 * repeat + 10, seed=27)).sitting
        if history:
            sitting_id = store.import_sitting(replace(played, hands=played.hands[:history]))
            period_stats(store)  # its figures stored, as after the history was opened
        else:
            sitting_id = store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))
        hands = iter(played.hands[history:])
        window = HistoryWindow(store.list_sittings, lambda _sitting_id: None)
        add_history_tabs(window, lambda: store)
        window.show()
        app.processEvents()

        def record(tab: int | None) -> Callable[[], None]:
            def run() -> None:
                store.add_hand(sitting_id, next(hands))
                if tab is not None:
                    window.reload()  # what the main window does after each change
                    app.processEvents()

            return run

        window.tabs.setCurrentIndex(1)  # built and read once before timing
        app.processEvents()
        timings: dict[int | None, float] = {None: float("inf"), 0: float("inf"), 1: float("inf")}
        for _ in range(repeat):  # interleaved, so that drift touches all three alike
            for tab in (None, 0, 1):
                if tab is not None:
                    window.tabs.setCurrentIndex(tab)
                    app.processEvents()
                start = time.perf_counter()
                record(tab)()
                timings[tab] = min(timings[tab], time.perf_counter() - start)
        window.close()

        # The Statistics tab's own reading after a recorded hand, alone: all read again
        # (as before), and only the changed sitting read again (the figures kept by the tab).
        kept = PeriodFigures()
        kept.period_stats(store)
        reading: dict[str, float] = {"all": float("inf"), "kept": float("inf")}
        for _ in range(repeat):
            for way, read in (("all", period_stats), ("kept", kept.period_stats)):
                store.add_hand(sitting_id, next(hands))
                start = time.perf_counter()
                read(store)
                reading[way] = min(reading[way], time.perf_counter() - start)

    print(
        f"Statistics of {len(ids)} sittings, {len(figures.players)} players "
        f"(best of {repeat}; the replay best of {max(1, repeat // 3)}):"
    )
    print(line("list_sittings(), the history listing (baseline)", listing))
    print(line("all-time statistics summed from the stored figures", summed, listing, aim=3))
    print(line("all-time statistics replayed (as before schema 5)", replayed, listing))
    into = f"a sitting of {history:,} hands" if history else "a new sitting"
    print(f"A hand recorded (add_hand) into {into}, the open history reloaded:")
    closed = timings[0]
    print(line("no history window (for scale)", timings[None]))
    print(line("the Sittings tab shown (baseline)", closed))
    print(line("the Statistics tab shown", timings[1], closed, aim=1.2))
    print("The Statistics tab's reading alone, after a recorded hand:")
    print(line("every sitting's stored figures read again", reading["all"], closed))
    print(line("only the changed sitting read again (kept by the tab)", reading["kept"], closed))


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sittings", type=int, default=1500)
    parser.add_argument("--hands", type=int, default=40, help="hands per sitting")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument(
        "--history", type=int, default=0, help="hands already in the sitting recorded into"
    )
    parser.add_argument("--data-dir", type=Path, help="keep the database here")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    path = kept_history("statistics", args.sittings, args.hands, args.data_dir)
    with history_copy(path) as copy:
        measure(copy, args.repeat, args.history)
    return 0


if __name__ == "__main__":
    sys.exit(main())
