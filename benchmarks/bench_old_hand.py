"""How long the window takes to open an old hand of a 10,000-hand sitting, in each game.

To open an old hand is to select it in the window's hand list: the entry panel loads it for
editing and the pad shows its rubber. The hand opened is hand 2, the oldest but one, in a
sitting of each of the five ways to play, long (10,000 hands) and short (60 hands, the
baseline, measured in the same run). A short sitting costs what any sitting costs; the
ratio says what the length adds, and the aim is that it adds nothing a player would feel.

Each sitting is generated (``sitting_generator.py``), parsed and stored with the store's
import in a database in a temporary folder. Each round opens the sitting in a new
``MainWindow`` over a ``SittingStore``, shown offscreen unless ``QT_QPA_PLATFORM`` says
otherwise, lets its events settle, and only then starts the clock:

- the hand list's row of hand 2 is selected (``QTableView.selectRow``, as a click does);
- if the pad does not show the hand's rubber then (the first, as hand 2 always is), it is
  turned to it (``show_rubber(1)``, as Page Up does);
- the events that follow are processed (the panel's fields, the pad's paint).

The clock stops when no event is left. Each round is the first time its window opens an old
hand, as when a player opens a sitting to correct an early hand. For reference the opening of
the sitting before it is timed too (the session opens it, the window is shown and its events
settle), as that is where a window may do the work instead; and, between the two, in the same
window, the newest hand but one selected (its row is in view when the sitting opens) and the
selection cleared (the panel ready for the next hand again); and after hand 2 the middle hand
(hand 5,000 of 10,000, hand 30 of 60), selected and scrolled to as typing its number in the
hand list does. Hands and sittings are the same in every run (fixed seeds). The figures
printed are the fastest round of each step, and the ratio of the medians beside the ratio of
the fastest.

Only the window's own controls are used (the hand list and its selection, the pad's rubber,
the panel's mode) and the store's import, so that the script measures the same thing
whatever the game model and the pad are made of underneath.

    python3 benchmarks/bench_old_hand.py [--hands 10000] [--short 60] [--repeat 5]
                                         [--games two-player,chouette]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_window import shown_window
from sitting_generator import PLAYERS, sitting_data

from jojotte_score.formats.sitting_file import parse_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore

HAND = 2  # the hand opened, counted from 1: always in the first rubber
RUBBER = 1


def build(store: SittingStore, games: list[str], long: int, short: int) -> dict[str, int]:
    """Store a long and a short sitting of each game; their ids by ``(game, hands)`` key."""
    ids = {}
    for game in games:
        for hands in (short, long):
            loaded = parse_sitting(sitting_data(hands, variant=game))
            ids[f"{game} {hands}"] = store.import_sitting(loaded.sitting, title=f"{game} {hands}")
    return ids


STEPS = (
    "the sitting opened",
    "newest but one opened",
    "selection cleared",
    "hand 2 opened",
    "middle hand opened",
)


def open_old_hand(store: SittingStore, sitting_id: int, folder: Path) -> list[float]:
    """Open the sitting in a new window, then the newest hand but one, clear the selection,
    open hand 2, then the middle hand: the seconds each of :data:`STEPS` took."""

    app, session, window = shown_window(store, folder)
    app.processEvents()
    seconds = []
    start = time.perf_counter()
    session.open(sitting_id)
    app.processEvents()
    seconds.append(time.perf_counter() - start)
    count = window.model.rowCount()
    start = time.perf_counter()
    window.table.selectRow(count - 2)
    app.processEvents()
    seconds.append(time.perf_counter() - start)
    assert window.panel.mode() == ("replace", count - 2), window.panel.mode()
    assert window.sheet.selected_hand() == count - 1, window.sheet.selected_hand()
    start = time.perf_counter()
    window.table.clearSelection()
    app.processEvents()
    seconds.append(time.perf_counter() - start)
    assert window.panel.mode() == ("add", None), window.panel.mode()
    start = time.perf_counter()
    window.table.selectRow(HAND - 1)
    if window.sheet.rubber_number() != RUBBER:
        window.sheet.show_rubber(RUBBER)
    app.processEvents()
    seconds.append(time.perf_counter() - start)
    # What a player would see, checked once the clock has stopped.
    assert window.panel.mode() == ("replace", HAND - 1), window.panel.mode()
    assert window.sheet.rubber_number() == RUBBER, window.sheet.rubber_number()
    assert window.sheet.selected_hand() == HAND, window.sheet.selected_hand()
    middle = count // 2
    start = time.perf_counter()
    window.table.select_number(middle)
    app.processEvents()
    seconds.append(time.perf_counter() - start)
    assert window.panel.mode() == ("replace", middle - 1), window.panel.mode()
    window.close()
    window.deleteLater()
    app.processEvents()
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="the long sittings' hands")
    parser.add_argument("--short", type=int, default=60, help="the short sittings' hands")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (default 5)")
    parser.add_argument(
        "--games", default=",".join(PLAYERS), help="the games, by their sitting-file values"
    )
    args = parser.parse_args()
    games = [game.strip() for game in args.games.split(",") if game.strip()]
    unknown = [game for game in games if game not in PLAYERS]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; the games are {', '.join(PLAYERS)}")
    if not games:
        parser.error("name at least one game")
    if min(args.hands, args.short) < HAND or args.short == args.hands:
        parser.error(f"the sittings need {HAND} hands at least, and two different lengths")
    if args.repeat < 1:
        parser.error("--repeat takes a whole number of rounds, 1 or more")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication([sys.argv[0]])
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        with Database.open(folder / "bench.sqlite3") as database:
            store = SittingStore(database)
            start = time.perf_counter()
            ids = build(store, games, args.hands, args.short)
            print(f"{len(ids)} sittings stored in {time.perf_counter() - start:.1f} s")
            sizes = f"{f'{args.short:,} hands':>10s} {f'{args.hands:,} hands':>12s}"
            print(f"{'game':14s} {'':22s} {sizes} {'ratio':>7s} {'(medians)':>11s}")
            for game in games:
                rounds: dict[int, list[list[float]]] = {args.short: [], args.hands: []}
                for _ in range(args.repeat):  # the short and the long sitting in turn
                    for hands, values in rounds.items():
                        values.append(open_old_hand(store, ids[f"{game} {hands}"], folder))
                for step, what in enumerate(STEPS):
                    short = [times[step] for times in rounds[args.short]]
                    long = [times[step] for times in rounds[args.hands]]
                    ratio = statistics.median(long) / statistics.median(short)
                    print(
                        f"{game if step == 0 else '':14s} {what:22s}"
                        f" {1000 * min(short):7.1f} ms {1000 * min(long):9.1f} ms"
                        f" {min(long) / min(short):6.1f}x {f'({ratio:.1f}x)':>11s}"
                    )
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
