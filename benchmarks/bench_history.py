"""How fast the history window opens on 2,000 sittings and 200,000 hands.

The aim: opening View > History takes under 0.3 s. Every figure is the best of several
repetitions on the same database, printed with the ratio to a baseline measured in the same
run, the raw ``SELECT`` of the rows the history lists (sittings joined to their summaries):

- ``SittingStore.list_sittings()``, the storage call the window makes;
- the window's model built from the store: the rows made, sorted newest first, set;
- the whole window built from the store and shown (its first paint included), offscreen
  unless ``QT_QPA_PLATFORM`` says otherwise;
- a keystroke in the player filter and a click on a heading, on the model of every sitting.

The summaries are fresh before anything is timed, as after the scorepad has run once. The
database is built once with ``SittingStore.import_sitting`` and kept in the temporary folder
(or in ``--data-dir``), so later runs reuse it.

``--recorded-hand`` measures instead what a recorded hand costs the open history with its
Sittings tab shown (:func:`measure_recorded_hand`), on a copy of the database of
``--sittings`` sittings of ``--hands`` hands (1,500 of 40, as bench_records_tab.py's).

    python3 benchmarks/bench_history.py [--sittings 2000] [--hands 100] [--repeat 7]
                                        [--data-dir DIR] [--recorded-hand]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

# The scripts beside this one, and the package of this checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_storage import best_of, counts
from sitting_generator import build_history, history_copy, kept_history, sitting_data

from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore

TARGET = 0.3  # seconds, to open the history
BASELINE = (
    "SELECT s.id, s.variant, s.players, s.title, s.place, s.created, s.updated, m.hands, "
    "m.rubbers_finished, m.net_side, m.net_points, m.unresolved_prison, m.settlement "
    "FROM sitting s JOIN summary m ON m.sitting_id = s.id ORDER BY s.updated DESC, s.id DESC"
)


def line(label: str, seconds: float, baseline: float | None = None, target: bool = False) -> str:
    text = f"  {label:<50} {1000 * seconds:9.2f} ms"
    if baseline is not None:
        text += f"   {seconds / baseline:7.1f}x baseline"
    if target:
        text += f"   {'within' if seconds < TARGET else 'OVER'} the {TARGET} s target"
    return text


def measure(path: Path, repeat: int) -> None:
    # Imported here: Qt is loaded only once the database is ready.
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from jojotte_score.gui.history.history_rows import Column, HistoryFilter, history_rows
    from jojotte_score.gui.history.history_tabs import add_history_tabs
    from jojotte_score.gui.history.history_window import HistoryTableModel, HistoryWindow

    app = QApplication.instance() or QApplication([])
    with Database.open(path) as database:
        store = SittingStore(database)
        listed = len(store.list_sittings())  # fresh summaries, as after the first run
        connection = database.connection
        raw = best_of(repeat, lambda: connection.execute(BASELINE).fetchall())
        listing = best_of(repeat, store.list_sittings)

        def build_model() -> HistoryTableModel:
            model = HistoryTableModel()
            model.set_rows(history_rows(store.list_sittings()))
            model.sort(Column.DATE, Qt.SortOrder.DescendingOrder)
            return model

        def open_window() -> None:
            window = HistoryWindow(store.list_sittings, lambda _sitting_id: None)
            add_history_tabs(window, lambda: store)  # as View > History builds it
            window.show()
            app.processEvents()
            window.close()
            window.deleteLater()
            app.processEvents()

        modelled = best_of(repeat, build_model)
        opening = best_of(repeat, open_window)
        model = build_model()

        def type_and_clear() -> None:
            model.set_filter(HistoryFilter("ann"))
            model.set_filter(HistoryFilter())

        typing = best_of(repeat, type_and_clear)
        sorting = best_of(repeat, lambda: model.sort(Column.HANDS, Qt.SortOrder.AscendingOrder))

    print(f"History of {listed} sittings (best of {repeat}):")
    print(line("raw SELECT of the listed rows (baseline)", raw))
    print(line("list_sittings()", listing, raw))
    print(line("the window's model from the store", modelled, raw, target=True))
    print(line("the window built from the store and shown", opening, raw, target=True))
    print(line("a player filter typed, then cleared", typing))
    print(line("sorted by another column", sorting))


def measure_recorded_hand(path: Path, repeat: int) -> None:
    """A hand recorded (``SittingStore.add_hand``) in a sitting begun, the open history
    then reloaded as the main window does after each change and its events processed,
    with the Sittings tab shown (the window built as View > History builds it): the best
    and the median of ``3 * repeat`` hands, as a ratio to the Sittings listing built whole
    in the same run (``list_sittings()``, its rows made, the model set and sorted newest
    first); ``add_hand`` alone for reference."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from jojotte_score.core.model import Variant
    from jojotte_score.formats.sitting_file import parse_sitting
    from jojotte_score.gui.history.history_rows import Column, history_rows
    from jojotte_score.gui.history.history_tabs import add_history_tabs
    from jojotte_score.gui.history.history_window import HistoryTableModel, HistoryWindow

    app = QApplication.instance() or QApplication([])
    with Database.open(path) as database:
        store = SittingStore(database)
        store.list_sittings()  # fresh summaries, as after the first run

        def build_listing() -> None:
            model = HistoryTableModel()
            model.set_rows(history_rows(store.list_sittings()))
            model.sort(Column.DATE, Qt.SortOrder.DescendingOrder)

        whole = best_of(repeat, build_listing)
        try:  # the lines kept, as View > History keeps them
            from jojotte_score.storage.sitting_listing import KeptListing
        except ImportError:  # a checkout from before KeptListing, measured for comparison
            window = HistoryWindow(store.list_sittings, lambda _sitting_id: None)
        else:
            listing = KeptListing()
            window = HistoryWindow(lambda: store.list_sittings(listing), lambda _id: None)
        add_history_tabs(window, lambda: store)
        window.show()
        app.processEvents()
        played = parse_sitting(sitting_data(3 * repeat, seed=43)).sitting
        sitting_id = store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))
        window.reload()
        app.processEvents()
        followed: list[float] = []
        added: list[float] = []
        for hand in played.hands:
            start = time.perf_counter()
            store.add_hand(sitting_id, hand)  # and then, as the main window does:
            stored = time.perf_counter()
            window.reload()  # what the main window does after each change
            app.processEvents()
            followed.append(time.perf_counter() - start)
            added.append(stored - start)
        window.close()
        sittings = window.model.total()
    print(f"A hand recorded, the history open over {sittings} sittings ({len(followed)} hands):")
    print(line("the Sittings listing built whole (baseline)", whole))
    for label, pick in (("best", min), ("median", statistics.median)):
        for words, times in (("add_hand alone", added), ("add_hand, history reloaded", followed)):
            seconds = pick(times)
            print(f"{line(f'{words}, {label}', seconds)}   {seconds / whole:6.2f}x baseline")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sittings", type=int, default=2000)
    parser.add_argument("--hands", type=int, default=100, help="hands per sitting")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--data-dir", type=Path, help="keep the database here")
    parser.add_argument(
        "--recorded-hand", action="store_true", help="only a recorded hand, the history open"
    )
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.recorded_hand:
        kept = kept_history("records-tab", args.sittings, args.hands, args.data_dir)
        with history_copy(kept) as copy:
            measure_recorded_hand(copy, args.repeat)
        return 0
    cache = Path(tempfile.gettempdir()) / f"jojotte-bench-history-{args.sittings}x{args.hands}"
    folder = args.data_dir or cache
    path = database_path(folder)
    if path.exists():
        print(f"database: reusing {path}")
    else:
        folder.mkdir(parents=True, exist_ok=True)
        seconds = build_history(path, args.sittings, args.hands)
        print(f"build: {args.sittings} sittings × {args.hands} hands in {seconds:.1f} s")
    sittings, hands = counts(path)
    print(f"database: {sittings} sittings, {hands} hands, {path.stat().st_size / 1e6:.1f} MB")
    measure(path, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
