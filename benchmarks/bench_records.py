"""How fast the circle's records are on 1,500 sittings of 40 hands.

The aim (issue 43): the records (what a Records tab and ``jojotte-score stats --pairs``,
``--partners``, ``--roles`` and ``--ratings`` read) within 2x the history listing
(``list_sittings()``) measured in the same run. Every figure is the best of several
repetitions:

- ``list_sittings()``, the history listing (the baseline);
- ``period_facts(store)``, every sitting's facts read from the rows stored for it (the
  ``record_facts`` table, schema 12): what a Records tab reads when it opens;
- head to head, partnerships and roles counted from those facts, and the ratings (every
  finished rubber rated by openskill, from the first);
- the ratings read from their stored course (the ``record_ratings`` table), as a tab opened
  again reads them (``StoredRatings``); the head to head read from the counts stored with
  each sitting's facts (``PeriodFacts.period_pairs``), what the Records tab opens on, the
  aim 2x the listing; and every page's records: the facts, head to head, partnerships,
  roles and the stored ratings;
- after a recorded hand, all four again as an open tab would read them: the facts of the
  changed sitting only (``PeriodFacts``), the head to head of its pairs only
  (``HeadToHeadKeeper``) and the ratings from those kept before it (``StoredRatings``,
  which stores the changed sitting's steps), the aim a frame (16 ms);
- for reference, the facts replayed from every sitting's hands (no stored rows), and the
  first reading with no rows, which replays and stores every sitting once (what the
  upgrade to schema 12 does);
- what a new reader reads from the stored rows: the partnerships and roles from each
  sitting's sides and roles, and the head to head after a correction 100 sittings back, in
  the middle sitting and in the first (aim 2x the listing).

With ``--command``, only the command line is measured, on a history of the five ways to
play in turn (so that there are partnerships and roles to print), as the app leaves it
(each sitting's rows, the head to head's totals and the ratings' course stored):
``jojotte-score stats --pairs``, ``--partners``, ``--roles`` and ``--ratings`` against
``jojotte-score sittings`` (the listing), each run in this process as a person runs it
(the database opened read-only, the table printed, here into a string), in rounds that
run each command once, the best of the rounds.

The database is built once (``kept_history`` in sitting_generator.py: two-player sittings,
or with ``--command`` the five games, stored with ``SittingStore.import_sitting``) and kept
in the temporary folder (or in ``--data-dir``); each run measures on a copy of it.

    python3 benchmarks/bench_records.py [--sittings 1500] [--hands 40] [--repeat 5]
                                        [--data-dir DIR] [--command]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sqlite3
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

from jojotte_score.cli import main as command_line
from jojotte_score.core.records.facts import sitting_facts
from jojotte_score.core.records.pairs import HeadToHeadKeeper, head_to_heads
from jojotte_score.core.records.partners import partnerships
from jojotte_score.core.records.ratings import rate
from jojotte_score.core.records.roles import role_records
from jojotte_score.formats.sitting_file import parse_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.record_facts import PeriodFacts, period_facts
from jojotte_score.storage.record_ratings import StoredRatings
from jojotte_score.storage.sittings import SittingStore


def line(label: str, seconds: float, baseline: float | None = None, aim: float = 0) -> str:
    text = f"  {label:<58} {1000 * seconds:9.2f} ms"
    if baseline is not None:
        ratio = seconds / baseline
        text += f"   {ratio:6.2f}x"
        if aim:
            text += f"   ({'within' if ratio <= aim else 'OVER'} the {aim}x aim)"
    return text


def measure(path: Path, repeat: int) -> None:
    with Database.open(path) as database:
        store = SittingStore(database)
        start = time.perf_counter()
        facts = period_facts(store)  # replays and stores every sitting's facts, if not yet
        first = time.perf_counter() - start
        listing = best_of(repeat, store.list_sittings)
        reading = best_of(repeat, lambda: period_facts(store))

        def count() -> None:
            head_to_heads(facts)
            partnerships(facts)
            role_records(facts)

        counting = best_of(repeat, count)
        rating = best_of(max(1, repeat // 2), lambda: rate(facts))
        StoredRatings().ratings(store, facts)  # rated once and stored

        def opening() -> None:
            read = period_facts(store)
            head_to_heads(read)
            partnerships(read)
            role_records(read)
            StoredRatings().ratings(store, read)

        stored_rating = best_of(repeat, lambda: StoredRatings().ratings(store, facts))
        PeriodFacts().period_pairs(store)  # every sitting's head to head stored, if not yet
        pairs_read = best_of(repeat, lambda: PeriodFacts().period_pairs(store))
        opened = best_of(repeat, opening)
        replayed = best_of(
            1,
            lambda: [
                sitting_facts(stored.sitting, stored.id, stored.created)
                for stored in (store.load(i) for i, _created in store.created_dates())
            ],
        )
        played = parse_sitting(sitting_data(repeat + 5, seed=43)).sitting
        sitting_id = store.import_sitting(replace(played, hands=played.hands[:1]))
        kept_facts = PeriodFacts()
        keeper = StoredRatings()
        pairs = HeadToHeadKeeper()
        keeper.ratings(store, kept_facts.period_facts(store))
        pairs.head_to_heads(kept_facts.period_facts(store))
        after = float("inf")
        for hand in played.hands[1 : repeat + 1]:
            store.add_hand(sitting_id, hand)
            start = time.perf_counter()
            read = kept_facts.period_facts(store)
            pairs.head_to_heads(read)
            partnerships(read)
            role_records(read)
            keeper.ratings(store, read)
            after = min(after, time.perf_counter() - start)
        stored = stored_readings(store, repeat)
    rubbers = sum(len(sitting.rubbers) for sitting in facts)
    print(f"Records of {len(facts)} sittings, {rubbers} rubbers (best of {repeat}):")
    print(line("list_sittings(), the history listing (baseline)", listing))
    print(line("every sitting's facts read from the stored rows", reading, listing, aim=2))
    print(line("head to head, partnerships and roles counted from them", counting, listing))
    print(line("the ratings, every rubber rated from the first", rating, listing))
    print(line("the ratings read from their stored course", stored_rating, listing))
    print(line("opening: the head to head read from its stored rows", pairs_read, listing, 2))
    print(line("every page: facts, the three counts and the stored ratings", opened, listing))
    print(line("after a recorded hand: all four, facts, pairs, ratings kept", after, listing))
    print(line("the facts replayed from every sitting's hands (no rows)", replayed, listing))
    print(line("the first reading with no rows (replayed and stored)", first, listing))
    for label, seconds in stored.items():
        print(line(label, seconds, listing, 2))


def stored_readings(store: SittingStore, repeat: int) -> dict[str, float]:
    """What a new reader (a History window opened) reads from the stored rows: the
    partnerships and roles from each sitting's stored sides and roles
    (``PeriodFacts.period_sides``), and the head to head after a hand corrected (put again
    in its place: a new revision) in the sitting 100 before the newest, in the middle one
    and in the first in the order played, a change before each reading (its facts are
    scored again, and the sittings of its block read)."""
    found: dict[str, float] = {}
    PeriodFacts().period_sides(store)  # every sitting's sides and roles stored, if not yet
    found["partnerships and roles read from the stored sides"] = best_of(
        repeat, lambda: PeriodFacts().period_sides(store)
    )
    ordered = [
        sitting_id
        for (sitting_id,) in store.database.connection.execute(
            "SELECT id FROM sitting ORDER BY created, uuid, id"
        ).fetchall()
    ]
    for label, place in (
        ("100 sittings back", len(ordered) - 101),
        ("in the middle sitting", len(ordered) // 2),
        ("in the first sitting", 0),
    ):
        sitting_id = ordered[place]
        best = float("inf")
        for _ in range(repeat):
            last = store.hand_count(sitting_id) - 1
            store.replace_hand(sitting_id, last, store.load(sitting_id).sitting.hands[last])
            start = time.perf_counter()
            PeriodFacts().period_pairs(store)
            best = min(best, time.perf_counter() - start)
        found[f"head to head after a correction {label}"] = best
    return found


COMMANDS = ("--pairs", "--partners", "--roles", "--ratings")
"""The records the command line prints, by option."""
GAMES = ("two-player", "partnership", "three-player", "chouette", "cutthroat")
"""The ways to play of the history the command line is measured on, in turn."""


def measure_commands(path: Path, repeat: int) -> None:
    """``jojotte-score stats`` with each of :data:`COMMANDS` against ``jojotte-score
    sittings``, on the database at ``path`` as the app leaves it after its Records tab was
    read (each sitting's rows, the head to head's totals and the ratings' course stored)."""
    with Database.open(path) as database:
        store = SittingStore(database)
        reader = PeriodFacts()
        reader.period_pairs(store)
        reader.period_sides(store)
        StoredRatings().ratings(store, reader.period_facts(store))
        sittings = len(store.created_dates())

    def command(*arguments: str) -> Callable[[], object]:
        def run() -> None:
            with contextlib.redirect_stdout(io.StringIO()):
                status = command_line([*arguments, "--data-dir", str(path.parent)], environ={})
            if status != 0:
                raise SystemExit(f"jojotte-score {' '.join(arguments)}: exit status {status}")

        return run

    runs = {"sittings": command("sittings")}
    runs.update((f"stats {option}", command("stats", option)) for option in COMMANDS)
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):  # in rounds, so that a busy moment slows each command alike
        for label, run in runs.items():
            best[label] = min(best[label], best_of(1, run))
    listing = best.pop("sittings")
    print(f"The command line over {sittings} sittings of {', '.join(GAMES)} (best of {repeat}):")
    print(line("jojotte-score sittings (baseline)", listing))
    for label, seconds in best.items():
        print(line(f"jojotte-score {label}", seconds, listing))


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sittings", type=int, default=1500)
    parser.add_argument("--hands", type=int, default=40, help="hands per sitting")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--data-dir", type=Path, help="keep the database here")
    parser.add_argument(
        "--command", action="store_true", help="measure the command line's records only"
    )
    args = parser.parse_args()
    if args.command:
        folder = None if args.data_dir is None else args.data_dir / "records-games"
        kept = kept_history("records-games", args.sittings, args.hands, folder, GAMES)
        with history_copy(kept) as copy:
            measure_commands(copy, args.repeat)
        return 0
    path = kept_history("records", args.sittings, args.hands, args.data_dir)
    with history_copy(path) as copy:
        # Each run's copy measures the first reading too, as the upgrade to schema 12 does.
        with contextlib.closing(sqlite3.connect(copy)) as connection:
            connection.execute("DELETE FROM record_facts")
            connection.commit()
        measure(copy, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
