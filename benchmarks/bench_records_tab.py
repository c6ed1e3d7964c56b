"""How fast the History window's Records tab is on 1,500 sittings of 40 hands, and what it
adds to a recorded hand while it is shown.

The aims (issue 43): the Records tab opens within 2x the Sittings listing
(``list_sittings()``) measured in the same run, and a recorded hand updates it within a
frame (16.7 ms at 60 frames a second) over what the hand costs with the Sittings tab shown.
Every figure is the best of several repetitions:

- ``list_sittings()``, the history listing (the baseline);
- the Records tab opened in a new history window: its first page, the head to head over
  all time, read from its stored totals (``storage/record_pair_totals.py``, stored by
  the first reading) and shown, until the window's events are processed;
- its other pages shown for the first time, for reference: partnerships (the sittings'
  facts read), roles, and the ratings (read through their stored course) with their plot;
- View > History a second time with the Records tab shown, for reference: the main window
  keeps its History window, reads it again (``reload``, the Sittings listing included) and
  shows it; the tab reads again only the sittings changed since;
- the Records tab opened in a new history window after a hand was recorded in the newest
  sitting with no history open (the evening played, then the records looked at): the
  counts stored of every sitting but the newest, with the newest sitting's head to head
  added (aim as the opening's: 2x the listing), and likewise after a correction, two
  sittings begun and a sitting merged, each against the listing timed just before each
  of its openings (``opened_after_changes``);
- a hand recorded (``SittingStore.add_hand``) and the open history reloaded as the main
  window does after each change, with the Sittings tab shown and with the Records tab
  shown (its head to head page, then its ratings page), apart for a hand that finishes
  no rubber (the ratings stay as they were) and one that finishes a rubber;
- the Ratings page's first show part by part (``measure_ratings_first_show``): the facts
  read, the stored course read, the ratings adopted from it, the plot's data and paint;
- a hand that finishes a rubber with the Ratings page shown, part by part
  (``measure_ratings_after_a_rubber``): the facts and the ratings read again, the table,
  the plot's data made afresh and kept, and the plot painted whole, from its kept picture
  and with nothing changed;
- a hand that finishes the first rubber of a sitting begun, end to end, with the Sittings
  tab shown and with the Ratings page shown (``measure_first_rubber_of_a_sitting``): the
  points shown move, so most of the plot is painted again.

The database is built once (``kept_history`` in sitting_generator.py: two-player sittings
stored with ``SittingStore.import_sitting``) and kept in the temporary folder (or in
``--data-dir``); each run measures on a copy of it, whose sittings are each given a moment
of their own (``spread_moments``: as a decade's evenings, where the generated ones were
stored within seconds), and whose record facts and ratings' course
(of every sitting of every game) and head to head totals are stored by a first reading
before any timing, as after the history was opened once. ``--measure`` (tab, first-show,
after-a-rubber, first-rubber) runs only the measures named.

    python3 benchmarks/bench_records_tab.py [--sittings 1500] [--hands 40] [--repeat 5]
                                            [--data-dir DIR] [--measure NAME]
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import gc
import itertools
import os
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

# The scripts beside this one, and the package of this checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_storage import best_of
from sitting_generator import history_copy, kept_history, sitting_data

from jojotte_score.core.games import replay
from jojotte_score.core.model import Sitting, Variant
from jojotte_score.formats.sitting_file import parse_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.record_facts import PeriodFacts, period_facts
from jojotte_score.storage.record_ratings import StoredRatings
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import period_stats

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from jojotte_score.gui.history.history_window import HistoryWindow

T = TypeVar("T")

FRAME = 1 / 60
"""A frame at 60 frames a second, in seconds."""


def line(label: str, seconds: float, baseline: float | None = None, aim: float = 0) -> str:
    text = f"  {label:<62} {1000 * seconds:9.2f} ms"
    if baseline is not None:
        ratio = seconds / baseline
        text += f"   {ratio:6.2f}x"
        if aim:
            text += f"   ({'within' if ratio <= aim else 'OVER'} the {aim}x aim)"
    return text


def discard(window: QWidget) -> None:
    """Close ``window`` and delete it at once. ``deleteLater`` alone waits for an event
    loop's return, which the benchmark's ``processEvents`` never is: every window measured
    stayed alive with its readers (some 5,000 objects more for Python's garbage collector
    each, 42,000 to 329,000 over a run of --measure tab), so the measures taken last ran
    in a process whose full collections came more often and took longer, where the app
    keeps one History window."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    window.close()
    window.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def spread_moments(path: Path) -> None:
    """Give each sitting of the database at ``path`` a moment of its own, two days and a
    minute after the one before it in the order stored, as a decade's evenings have: the
    generated sittings were stored within seconds (seven moments at 1,500), which hid what
    a new reader spends on each moment (it parses each one once)."""
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        connection.execute(
            "UPDATE sitting SET created = strftime('%Y-%m-%dT%H:%M:%S+00:00', '2016-01-01', "
            "'+' || (2 * id) || ' days', '+' || id || ' minutes')"
        )
        connection.execute("UPDATE sitting SET updated = created")


def measure(path: Path, repeat: int) -> None:
    # Imported here: Qt is loaded only once the database is ready.
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    # What was built so far frozen, as the app freezes what its start-up built
    # (gui/window/app.py), so that Python's full collections walk what a person's app has
    # since, not the 35,000 objects of the modules: one walked about 55,700 objects in
    # 33 ms here where the app after View > History and the Records tab walks 15,600 in
    # 1.5-2.0 ms (loads of 3.3 to 4.2); the History window's modules are imported after,
    # as the app imports them when first shown.
    gc.freeze()
    from jojotte_score.gui.history.history_tabs import add_history_tabs
    from jojotte_score.gui.history.history_window import HistoryWindow
    from jojotte_score.gui.history.records_view import RecordsView

    with Database.open(path) as database:
        store = SittingStore(database)
        period_facts(store)  # every sitting's facts stored, if not yet
        PeriodFacts().period_pairs(store)  # with its head to head
        PeriodFacts().period_sides(store)  # its sides and roles
        period_stats(store)  # and its figures, as after the history was opened once
        StoredRatings().ratings(store, period_facts(store))  # and the ratings' course
        listing = best_of(repeat, store.list_sittings)

        def new_window() -> HistoryWindow:
            window = HistoryWindow(store.list_sittings, lambda _sitting_id: None)
            add_history_tabs(window, lambda: store)  # as View > History builds it
            window.show()
            app.processEvents()
            return window

        def records_index(window: HistoryWindow) -> int:
            return window.tabs.count() - 1

        opening = again = float("inf")
        pages: dict[int, float] = {1: float("inf"), 2: float("inf"), 3: float("inf")}
        for _ in range(repeat):
            window = new_window()
            start = time.perf_counter()
            window.tabs.setCurrentIndex(records_index(window))
            app.processEvents()
            opening = min(opening, time.perf_counter() - start)
            view = window.tabs.currentWidget().findChild(RecordsView)
            assert isinstance(view, RecordsView)
            for page in pages:
                start = time.perf_counter()
                view.pages.setCurrentIndex(page)
                app.processEvents()
                pages[page] = min(pages[page], time.perf_counter() - start)
            # View > History again, the Records tab's head to head shown: the window is
            # kept, read again and shown, as the main window does.
            view.pages.setCurrentIndex(0)
            window.hide()
            app.processEvents()
            start = time.perf_counter()
            window.reload()
            window.show()
            app.processEvents()
            again = min(again, time.perf_counter() - start)
            discard(window)
            app.processEvents()

        # A new sitting, its hands recorded one at a time in order (each valid after the
        # last), into the history with the Sittings tab, the Records tab's head to head and
        # its ratings shown in turn, until each has had ``repeat`` hands of each kind: one
        # that finishes a rubber (the ratings change) and one that does not.
        played = parse_sitting(sitting_data(31 * repeat + 30, seed=43)).sitting
        finishing = finishing_hands(played)
        sitting_id = store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))
        window = new_window()
        window.tabs.setCurrentIndex(records_index(window))
        app.processEvents()
        view = window.tabs.currentWidget().findChild(RecordsView)
        assert isinstance(view, RecordsView)
        view.pages.setCurrentIndex(3)  # rated once before timing
        app.processEvents()
        shown = {"sittings": (0, 0), "head to head": (records_index(window), 0)}
        shown["ratings"] = (records_index(window), 3)
        timings: dict[tuple[str, bool], list[float]] = {
            (name, kind): [] for name in shown for kind in (False, True)
        }
        names = itertools.cycle(shown)  # interleaved, so that drift touches all alike
        for position, hand in enumerate(played.hands):
            if all(len(times) >= repeat for times in timings.values()):
                break
            name = next(names)
            tab, page = shown[name]
            window.tabs.setCurrentIndex(tab)
            view.pages.setCurrentIndex(page)
            app.processEvents()
            start = time.perf_counter()
            store.add_hand(sitting_id, hand)
            window.reload()  # what the main window does after each change
            app.processEvents()
            timings[name, position in finishing].append(time.perf_counter() - start)
        discard(window)
        app.processEvents()

        # The evening played, then the records looked at: a hand recorded in the newest
        # sitting with no history open (as in the main window, or an earlier run), then
        # the Records tab opened in a new history window, whose reader has kept nothing.
        later = iter(played.hands[position + 1 :])
        full_collections: list[float] = []
        changed = opened_after_changes(
            store,
            played,
            new_window,
            repeat,
            lambda: store.add_hand(sitting_id, next(later)),
            full_collections,
        )
        sittings = len(store.list_sittings())

    print(f"The Records tab over {sittings} sittings (best of {repeat}):")
    print(line("list_sittings(), the Sittings listing (baseline)", listing))
    print(line("the Records tab opened (head to head read and shown)", opening, listing, 2))
    print(line("View > History again, the Records tab shown (all kept)", again, listing))
    print(line("its partnerships shown the first time", pages[1], listing))
    print(line("its roles shown the first time", pages[2], listing))
    print(line("its ratings and their plot shown the first time", pages[3], listing))
    print("The Records tab opened after a change, against the listing timed beside each:")
    for label, (seconds, beside) in changed.items():
        print(line(f"after {label}", seconds, beside, 2) + f"   listing {1000 * beside:.2f} ms")
    lengths = ", ".join(f"{1000 * seconds:.1f}" for seconds in full_collections) or "none"
    openings = len(changed) * repeat
    print(f"  Python's full collections within these {openings} openings: {lengths} (ms)")
    for kind, words in ((False, "that finishes no rubber"), (True, "that finishes a rubber")):
        print(f"A hand {words} recorded (add_hand), the open history reloaded:")
        closed = min(timings["sittings", kind], default=float("nan"))
        print(line("the Sittings tab shown (baseline)", closed))
        for name in ("head to head", "ratings"):
            best = min(timings[name, kind], default=float("nan"))
            extra = best - closed
            verdict = "within" if extra <= FRAME else "OVER"
            print(
                line(f"the Records tab's {name} shown", best, closed)
                + f"   (+{1000 * extra:.1f} ms: {verdict} a frame)"
            )


def opened_after_changes(
    store: SittingStore,
    played: Sitting,
    new_window: Callable[[], HistoryWindow],
    repeat: int,
    hand: Callable[[], object],
    full_collections: list[float],
) -> dict[str, tuple[float, float]]:
    """The Records tab opened in a new history window after each change, made with no
    history open (best of ``repeat``, a change before each opening), with the best of the
    listings timed just before each of those openings: a hand recorded in the newest
    sitting (``hand``), a hand corrected (put again in its place: a new revision) in the
    sitting 100 before the newest and in the middle one in the order played, two sittings
    begun, and a sitting merged from another device with the moment of the sitting 100
    before the newest (placed among the sittings of that moment by its stable id) and with
    that of the first (placed among the first). The length of each of Python's full
    garbage collections within these openings is added to ``full_collections``. The
    listing is timed beside the openings rather than once before every measure: on a
    machine shared with other work the load moves within a run, and the two are then
    timed in the same process, with the same objects for Python's garbage collector to
    walk."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    assert app is not None

    # Python's full collections within the openings, with their lengths: the best of
    # several leaves out the one an opening met, which a person opening the tab once may
    # meet, so they are told apart rather than hidden.
    began = [0.0]

    def collected(phase: str, info: dict[str, int]) -> None:
        if info["generation"] == 2:
            if phase == "start":
                began[0] = time.perf_counter()
            else:
                full_collections.append(time.perf_counter() - began[0])

    def opening() -> tuple[float, float]:
        start = time.perf_counter()
        store.list_sittings()
        listing = time.perf_counter() - start
        window = new_window()
        gc.callbacks.append(collected)
        start = time.perf_counter()
        window.tabs.setCurrentIndex(window.tabs.count() - 1)
        app.processEvents()
        seconds = time.perf_counter() - start
        gc.callbacks.remove(collected)
        discard(window)
        app.processEvents()
        return seconds, listing

    def in_order() -> list[int]:
        """Every sitting's id in the order played: the moment stored, then the stable id
        (the generated sittings were stored within seconds, many in the same one)."""
        rows = store.database.connection.execute(
            "SELECT id FROM sitting ORDER BY created, uuid, id"
        ).fetchall()
        return [sitting_id for (sitting_id,) in rows]

    def corrected(back: Callable[[int], int]) -> None:
        ordered = in_order()
        sitting_id = ordered[back(len(ordered))]
        last = store.hand_count(sitting_id) - 1
        store.replace_hand(sitting_id, last, store.load(sitting_id).sitting.hands[last])

    def begun() -> None:
        for _ in range(2):
            sitting_id = store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))
            store.add_hand(sitting_id, played.hands[0])

    def merged(back: Callable[[int], int]) -> None:
        dates = dict(store.created_dates())
        ordered = in_order()
        store.import_sitting(played, created=dates[ordered[back(len(ordered))]])

    changes: dict[str, Callable[[], object]] = {
        "a hand in the newest sitting": hand,
        "a correction 100 sittings back": lambda: corrected(lambda count: count - 101),
        "a correction in the middle sitting": lambda: corrected(lambda count: count // 2),
        "two sittings begun": begun,
        "a sitting merged with the moment of the 100th back": lambda: merged(
            lambda count: count - 101
        ),
        "a sitting merged with the moment of the first": lambda: merged(lambda _count: 0),
    }
    best: dict[str, tuple[float, float]] = {}
    for label, change in changes.items():
        timed = []
        for _ in range(repeat):
            change()
            timed.append(opening())
        best[label] = (
            min(seconds for seconds, _listing in timed),
            min(beside for _, beside in timed),
        )
    return best


def measure_ratings_first_show(path: Path, repeat: int) -> None:
    """What the Ratings page's first show reads and makes, part by part, each with a new
    reader as a new history window has: the page stored, read with its mark
    (``StoredRatingPage``: what the tab reads now) and the plot's data made from it; and,
    for a page whose mark does not agree, every sitting's facts from their stored rows,
    the stored course (its rows' JSON and steps), the ratings adopted from it and the
    plot's data made from them; and the plot painted (420 by 300)."""
    from PySide6.QtWidgets import QApplication

    from jojotte_score.gui.history.chart_widget import ChartWidget
    from jojotte_score.render.records_tables import page_chart, rating_chart
    from jojotte_score.storage.record_rating_page import StoredRatingPage
    from jojotte_score.storage.record_ratings import stored_course
    from jojotte_score.storage.statistics import ALL_TIME

    app = QApplication.instance() or QApplication([])
    with Database.open(path) as database:
        store = SittingStore(database)
        StoredRatings().ratings(store, period_facts(store))  # the course stored, if not yet
        StoredRatingPage().page(store, PeriodFacts(), ALL_TIME)  # and the page
        listing = best_of(repeat, store.list_sittings)
        page_read = best_of(repeat, lambda: StoredRatingPage().page(store, PeriodFacts(), ALL_TIME))
        page = StoredRatingPage().page(store, PeriodFacts(), ALL_TIME)
        page_plot = best_of(repeat, lambda: page_chart(page))
        facts = period_facts(store)
        read = best_of(repeat, lambda: PeriodFacts().period_facts(store))
        course = best_of(repeat, lambda: stored_course(database.connection, ""))
        rated = best_of(repeat, lambda: StoredRatings().ratings(store, facts))
        ratings = StoredRatings().ratings(store, facts)
        chart = best_of(repeat, lambda: rating_chart(ratings, facts))
        made = rating_chart(ratings, facts)
        widget = ChartWidget()
        widget.resize(420, 300)
        widget.show()
        app.processEvents()

        def painted() -> None:
            widget.set_chart(dataclasses.replace(made))  # a new chart: laid out anew
            widget.repaint()

        def cleared() -> None:
            widget.set_chart(None)
            widget.repaint()

        paint = float("inf")
        for _ in range(repeat):
            cleared()
            paint = min(paint, best_of(1, painted))
        widget.close()
    print(f"The Ratings page's first show, part by part (best of {repeat}):")
    print(line("list_sittings(), the Sittings listing (baseline)", listing))
    print(line("the page stored read by a new reader, with its mark", page_read, listing))
    print(line("the plot's data made from the page (page_chart)", page_plot, listing))
    print("  where the page's mark does not agree, through the facts and the course:")
    print(line("every sitting's facts read by a new reader", read, listing))
    print(line("the stored course read (its rows' JSON and steps)", course, listing))
    print(line("the ratings by a new reader, from the stored course", rated, listing))
    print(line("the plot's data made (rating_chart)", chart, listing))
    print(line("the plot painted whole (420 by 300)", paint, listing))


def measure_ratings_after_a_rubber(path: Path, repeat: int) -> None:
    """What a hand that finishes a rubber costs the Ratings page shown, part by part (the
    readers kept, as the open Records tab keeps them): the page read again as the tab
    reads it (``StoredRatingPage``: the newest sitting's facts read and rated alone, the
    page stored), its plot's data made afresh (``page_chart``) and from the chart before
    (``PageCharts``, as the tab makes it), laid out whole and from the layout before
    (``moved_series``, as the tab's plot lays it out) and painted from its kept picture; for
    reference, through every
    sitting's facts and the course (as before, and as a change to an older sitting is
    read): the facts read again (after the page, so the changed sitting's row is stored
    already and only read), the ratings rated again from the course kept and stored,
    the plot's data made afresh (``rating_chart``) and kept and extended
    (``RatingChartMaker``); the ratings' table; and the plot (420 by 300) painted whole,
    its kept picture with the part that changed painted again, and a repaint that changes
    nothing (the picture copied)."""
    from PySide6.QtWidgets import QApplication

    from jojotte_score.gui.history.chart_widget import ChartWidget
    from jojotte_score.render.records_tables import (
        PageCharts,
        RatingChartMaker,
        page_chart,
        rating_chart,
        ratings_table,
    )
    from jojotte_score.storage.record_rating_page import StoredRatingPage
    from jojotte_score.storage.statistics import ALL_TIME

    app = QApplication.instance() or QApplication([])
    with Database.open(path) as database:
        store = SittingStore(database)
        reader, stored, maker = PeriodFacts(), StoredRatings(), RatingChartMaker()
        pages, page_reader = StoredRatingPage(), PeriodFacts()
        pages.page(store, page_reader, ALL_TIME)
        facts = reader.period_facts(store)
        ratings = stored.ratings(store, facts)
        kept = ChartWidget()
        whole = ChartWidget()
        paged = ChartWidget()  # the Records tab's: the page's plot, kept
        for widget in (kept, whole, paged):
            widget.resize(420, 300)
            widget.show()
        kept.set_chart(maker.chart(ratings, facts))
        kept.repaint()
        charts = PageCharts()
        paged.set_chart(charts.chart(pages.page(store, page_reader, ALL_TIME)))
        paged.repaint()
        app.processEvents()
        played = parse_sitting(sitting_data(12 * repeat + 12, seed=44)).sitting
        finishing = finishing_hands(played)
        sitting_id = store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))
        parts: dict[str, list[float]] = {}

        def timed(name: str, run: Callable[..., T], *given: object) -> T:
            start = time.perf_counter()
            result = run(*given)
            parts.setdefault(name, []).append(time.perf_counter() - start)
            return result

        counted = 0
        for position, hand in enumerate(played.hands):
            store.add_hand(sitting_id, hand)
            if position not in finishing:
                continue
            counted += 1
            page = timed("page", pages.page, store, page_reader, ALL_TIME)
            timed("page chart", page_chart, page)
            paged.set_chart(timed("page chart kept", charts.chart, page))
            timed("page layout kept", paged.chart_layout)
            timed("page picture", paged.repaint)
            fresh = ChartWidget()  # nothing laid out before: laid out whole
            fresh.resize(420, 300)
            fresh.set_chart(paged.chart())
            timed("page layout", fresh.chart_layout)
            fresh.deleteLater()
            facts = timed("facts", reader.period_facts, store)
            ratings = timed("ratings", stored.ratings, store, facts)
            timed("table", ratings_table, ratings)
            timed("afresh", rating_chart, ratings, facts)
            chart = timed("kept", maker.chart, ratings, facts)
            kept.set_chart(chart)
            kept.chart_layout()  # laid out apart from the painting
            timed("kept picture", kept.repaint)
            timed("unchanged", kept.repaint)
            whole.set_chart(None)  # no picture kept to start from: painted whole
            whole.repaint()
            whole.set_chart(chart)
            whole.chart_layout()
            timed("whole", whole.repaint)
            if counted >= repeat:
                break
        for widget in (kept, whole, paged):
            widget.close()
    best = {name: min(times) for name, times in parts.items()}
    middle = {name: sorted(times)[len(times) // 2] for name, times in parts.items()}
    print(f"A hand that finishes a rubber, the Ratings page's parts ({counted} hands):")
    for name, words, before in (
        ("page", "the page read again (the newest sitting rated alone), stored", None),
        ("page chart", "the plot's data made from the page (page_chart)", None),
        ("page chart kept", "the same, from the chart before (PageCharts, now)", "page chart"),
        ("page layout", "the plot laid out whole (layout_chart)", None),
        ("page layout kept", "the same, from the layout before (moved_series, now)", "page layout"),
        ("page picture", "the page's plot painted from its kept picture", None),
        ("facts", "every sitting's facts read again (kept reader)", None),
        ("ratings", "the ratings rated again from the course kept, stored", None),
        ("table", "the ratings' table made", None),
        ("afresh", "the plot's data made afresh (rating_chart, before)", None),
        ("kept", "the plot's data kept and extended (now)", "afresh"),
        ("whole", "the plot painted whole (before)", None),
        ("kept picture", "the plot's kept picture, the part changed painted", "whole"),
        ("unchanged", "a repaint that changes nothing (the picture copied)", "whole"),
    ):
        print(line(f"{words}, best", best[name], best[before] if before else None))
        print(line("  the median", middle[name], middle[before] if before else None))


def measure_first_rubber_of_a_sitting(path: Path, repeat: int) -> None:
    """A hand that finishes the first rubber of a sitting begun, end to end, with the
    Sittings tab shown and with the Records tab's Ratings page shown in turn (a new sitting
    each time, its earlier hands recorded untimed): the ratings gain a sitting, so over
    more sittings than the plot has points the points shown and their days move and the
    plot is painted whole. Each hand is recorded (``SittingStore.add_hand``) and the open
    history reloaded as the main window does, until the window's events are processed."""
    from PySide6.QtWidgets import QApplication

    from jojotte_score.gui.history.history_tabs import add_history_tabs
    from jojotte_score.gui.history.history_window import HistoryWindow
    from jojotte_score.gui.history.records_view import RecordsView

    app = QApplication.instance() or QApplication([])
    with Database.open(path) as database:
        store = SittingStore(database)
        StoredRatings().ratings(store, period_facts(store))  # the course stored, if not yet
        listing = best_of(repeat, store.list_sittings)
        window = HistoryWindow(store.list_sittings, lambda _sitting_id: None)
        add_history_tabs(window, lambda: store)  # as View > History builds it
        window.show()
        records = window.tabs.count() - 1
        window.tabs.setCurrentIndex(records)
        app.processEvents()
        view = window.tabs.currentWidget().findChild(RecordsView)
        assert isinstance(view, RecordsView)
        view.pages.setCurrentIndex(3)  # the ratings read and their plot painted once
        app.processEvents()
        shown = {"sittings": (0, 0), "ratings": (records, 3)}
        timings: dict[str, list[float]] = {name: [] for name in shown}
        for turn in range(2 * repeat):
            name = "sittings" if turn % 2 == 0 else "ratings"  # alternating
            tab, page = shown[name]
            window.tabs.setCurrentIndex(tab)
            view.pages.setCurrentIndex(page)
            played = parse_sitting(sitting_data(12, seed=4300 + turn)).sitting
            first = min(finishing_hands(played))
            sitting_id = store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"))
            window.reload()
            app.processEvents()
            for hand in played.hands[:first]:
                store.add_hand(sitting_id, hand)
                window.reload()
                app.processEvents()
            start = time.perf_counter()
            store.add_hand(sitting_id, played.hands[first])
            window.reload()  # what the main window does after each change
            app.processEvents()
            timings[name].append(time.perf_counter() - start)
        discard(window)
        app.processEvents()
    best = {name: min(times) for name, times in timings.items()}
    middle = {name: sorted(times)[len(times) // 2] for name, times in timings.items()}
    print(f"A hand that finishes a sitting's first rubber, end to end ({repeat} hands each):")
    print(line("list_sittings(), the Sittings listing (for reference)", listing))
    for label, figures in (("best", best), ("median", middle)):
        extra = figures["ratings"] - figures["sittings"]
        verdict = "within" if extra <= FRAME else "OVER"
        print(line(f"the Sittings tab shown (baseline), {label}", figures["sittings"]))
        print(
            line(f"the Records tab's ratings shown, {label}", figures["ratings"])
            + f"   ({1000 * extra:+.1f} ms: {verdict} a frame)"
        )


def finishing_hands(sitting: Sitting) -> set[int]:
    """The positions of the hands of ``sitting`` that finish a rubber."""
    finishing, position = set(), 0
    for rubber in replay(sitting).rubbers:
        position += len(rubber.hands)
        if rubber.finished:
            finishing.add(position - 1)
    assert position == len(sitting.hands)
    return finishing


MEASURES: dict[str, Callable[[Path, int], None]] = {
    "tab": measure,
    "first-show": measure_ratings_first_show,
    "after-a-rubber": measure_ratings_after_a_rubber,
    "first-rubber": measure_first_rubber_of_a_sitting,
}
"""Each measure by the name ``--measure`` chooses it by; every one when none is chosen."""


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sittings", type=int, default=1500)
    parser.add_argument("--hands", type=int, default=40, help="hands per sitting")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--data-dir", type=Path, help="keep the database here")
    parser.add_argument(
        "--measure", action="append", choices=list(MEASURES), help="only this measure (repeatable)"
    )
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    path = kept_history("records-tab", args.sittings, args.hands, args.data_dir)
    with history_copy(path) as copy:
        spread_moments(copy)
        for name in args.measure or list(MEASURES):
            MEASURES[name](copy, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
