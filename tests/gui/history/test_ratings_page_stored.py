"""The Records tab's Ratings page read from the page stored (storage/record_rating_page.py):
a new History window shows the ratings and their plot without reading any sitting's facts,
the same table and plot as a window that rated them; a recorded hand reads the facts
again and shows the ratings rated afresh."""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from jojotte_score.core.records.ratings import rate
from jojotte_score.gui.history.history_tabs import add_history_tabs
from jojotte_score.gui.history.history_window import HistoryWindow
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.render.chart_layout import Chart
from jojotte_score.render.records_tables import rating_chart
from jojotte_score.storage import record_facts
from jojotte_score.storage.record_facts import period_facts
from tests.gui.history.test_records_tab import records_of, shown, store_every_game


def ratings_shown(main_window: MainWindow, qtbot: QtBot) -> tuple[list[list[str]], Chart | None]:
    """A new History window's Ratings page: its table's cells and its plot's chart."""
    store = main_window.session.store
    window = HistoryWindow(lambda: store.list_sittings(), lambda _sitting_id: None)
    qtbot.addWidget(window)
    add_history_tabs(window, lambda: store)
    window.show()
    view = records_of(window)
    view.pages.setCurrentIndex(3)
    found = shown(view.models["ratings"]), view.rating_chart.chart()
    assert view.summary.text() == "Records over 5 sittings."
    window.close()
    return found


def test_a_new_window_shows_the_stored_page_without_reading_the_facts(
    main_window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = main_window.session.store
    store_every_game(store)
    read: list[int] = []
    real = record_facts.PeriodFacts.period_facts

    def counting(self: Any, *arguments: Any, **options: Any) -> Any:
        read.append(1)
        return real(self, *arguments, **options)

    monkeypatch.setattr(record_facts.PeriodFacts, "period_facts", counting)
    first = ratings_shown(main_window, qtbot)
    assert read == [1]  # nothing stored yet: rated from the facts, and the page stored
    facts = period_facts(store)
    ratings = rate(facts)
    assert [row[1] for row in first[0]] == [rating.player for rating in ratings.players]
    assert [row[3] for row in first[0]] == [f"{rating.mu:.2f}" for rating in ratings.players]
    assert first[1] == rating_chart(ratings, facts)
    read.clear()
    assert ratings_shown(main_window, qtbot) == first
    assert read == []  # the stored page, its mark agreeing: no sitting's facts read

    # A hand of the two-player sitting corrected (put again in its place: the rows' mark
    # changes, the ratings do not): the facts are read again.
    last = store.hand_count(1) - 1
    store.replace_hand(1, last, store.load(1).sitting.hands[last])
    read.clear()
    assert ratings_shown(main_window, qtbot) == first
    assert read == [1]
