"""The history window's Statistics, Plots and Records tabs, fed from the store.

The tabs read nothing themselves; the functions here read the store for them, through
the session each time (restoring a backup replaces the store).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QVBoxLayout, QWidget

from jojotte_score.core.errors import JojotteError
from jojotte_score.core.games import replay
from jojotte_score.core.model import GameKey
from jojotte_score.core.series import SittingCourse, sitting_course
from jojotte_score.core.stats import PlayerStats
from jojotte_score.gui.history.history_window import HistoryWindow
from jojotte_score.gui.history.plots_view import PlotSources, PlotsView
from jojotte_score.gui.history.records_view import RecordsReading, RecordsView
from jojotte_score.gui.history.statistics_view import StatisticsView
from jojotte_score.i18n import _, isolated
from jojotte_score.render.season_report import SeasonRecords, SeasonReport, season_report
from jojotte_score.storage.sittings import SittingStore

if TYPE_CHECKING:
    from jojotte_score.core.records.ratings import RatingPage
    from jojotte_score.storage.record_facts import PeriodFacts
    from jojotte_score.storage.record_rating_page import StoredRatingPage
    from jojotte_score.storage.record_ratings import StoredRatings
from jojotte_score.storage.statistics import (
    ALL_TIME,
    Period,
    PeriodFigures,
    PeriodStats,
    period_stats,
    sittings_created,
)


def course_of(store: SittingStore, sitting_id: int) -> SittingCourse | None:
    """A stored sitting's running result hand by hand; None when it cannot be read."""
    try:
        sitting = store.load(sitting_id).sitting
    except JojotteError:
        return None
    shown = tuple(isolated(name) for name in sitting.players)  # the plot's words and legend
    return sitting_course(replay(dataclasses.replace(sitting, players=shown)))


def report_of(
    store: SittingStore,
    period: Period = ALL_TIME,
    reader: PeriodFacts | None = None,
    rater: StoredRatings | None = None,
) -> SeasonReport:
    """The season report over the sittings stored within ``period``, its records read as
    the Records tab reads them (:func:`stored_records`), through ``reader`` and ``rater``
    when given (the tab's own, which keep what they read)."""
    stored = sittings_created(store, period)
    records = stored_records(store, period, reader, rater)
    return season_report(
        [(s.created.astimezone().date(), s.sitting) for s in stored], records=records
    )


def stored_records(
    store: SittingStore,
    period: Period = ALL_TIME,
    reader: PeriodFacts | None = None,
    rater: StoredRatings | None = None,
) -> SeasonRecords:
    """The circle's records over the sittings stored within ``period``, read as the
    Records tab reads them: the head to head from the stored head to head (over all time,
    the stored totals), the partnerships and roles from the stored sides and roles, the
    ratings through their stored course."""
    from jojotte_score.storage.record_facts import PeriodFacts
    from jojotte_score.storage.record_ratings import StoredRatings

    reader = reader or PeriodFacts()
    rater = rater or StoredRatings()
    pairs = reader.period_pairs(store, period)
    sides = reader.period_sides(store, period)
    facts = reader.period_facts(store, period)
    ratings = rater.period_ratings(store, facts, period)
    return SeasonRecords(pairs.pairs, sides.partners, sides.roles, ratings, tuple(facts))


def all_stats(store: SittingStore) -> tuple[PlayerStats, ...]:
    """Every player's figures over every stored sitting."""
    return period_stats(store).players


def add_history_tabs(history: HistoryWindow, store: Callable[[], SittingStore]) -> None:
    """Give the history window its Statistics, Plots and Records tabs. Each reads the store when it
    is shown (the figures are the sums of those stored for each sitting; after a change,
    only the sittings changed are read again)."""
    figures = PeriodFigures()

    def stats_for(period: Period) -> PeriodStats:
        return figures.period_stats(store(), period)

    statistics_page, refresh_statistics = _built_when_shown(lambda: StatisticsView(stats_for))
    readers = _KeptReaders(store)
    plots = PlotsView(
        PlotSources(
            sittings=lambda: store().list_sittings(),
            course=lambda sitting_id: course_of(store(), sitting_id),
            stats=lambda: all_stats(store()),
            # The report's records are the Records tab's, read by the same readers.
            report=lambda: report_of(store(), reader=readers.facts(), rater=readers.ratings()),
        )
    )
    records_page, refresh_records = _built_when_shown(lambda: RecordsView(readers.reading_for))
    history.add_tab(statistics_page, _("Sta&tistics"), refresh_statistics)
    history.add_tab(plots, _("P&lots"), plots.refresh)
    # Translators: the history window's Records tab (Alt+D: R is the season report's).
    history.add_tab(records_page, _("Recor&ds"), refresh_records)


def _built_when_shown(
    build: Callable[[], StatisticsView | RecordsView],
) -> tuple[QWidget, Callable[[], None]]:
    """A tab's page and what refreshes it: the first refresh builds the view (which reads
    its figures as it is built), each one after refreshes the view."""
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.setContentsMargins(0, 0, 0, 0)
    built: list[StatisticsView | RecordsView] = []

    def refresh() -> None:
        if built:
            built[0].refresh()
        else:
            built.append(build())
            layout.addWidget(built[0])

    return page, refresh


class _KeptReaders:
    """The readers of the stored records that the Plots and Records tabs share, each made
    when first asked for and kept, so that after a change only what changed is read."""

    def __init__(self, store: Callable[[], SittingStore]) -> None:
        self._store = store
        self._facts: PeriodFacts | None = None
        self._ratings: StoredRatings | None = None
        self._page: StoredRatingPage | None = None

    def facts(self) -> PeriodFacts:
        """The reader of each sitting's facts, kept: after a change, only it is read."""
        if self._facts is None:
            from jojotte_score.storage.record_facts import PeriodFacts

            self._facts = PeriodFacts()
        return self._facts

    def ratings(self) -> StoredRatings:
        """The course stored for all time: only what changed is rated."""
        if self._ratings is None:
            from jojotte_score.storage.record_ratings import StoredRatings

            self._ratings = StoredRatings()
        return self._ratings

    def reading_for(self, period: Period, games: Sequence[GameKey] | None) -> RecordsReading:
        """What the Records tab reads for ``period`` and ``games``."""
        store, reader = self._store, self.facts()

        def rating_page() -> RatingPage:
            if self._page is None:  # the page stored for all time: read without the facts
                from jojotte_score.storage.record_rating_page import StoredRatingPage

                self._page = StoredRatingPage(self.ratings())
            return self._page.page(store(), reader, period, games)

        return RecordsReading(
            lambda: reader.period_pairs(store(), period, games),
            lambda: reader.period_facts(store(), period, games),
            lambda: reader.period_sides(store(), period, games),
            rating_page,
        )
