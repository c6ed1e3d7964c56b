"""The Records tab's Ratings page read from the page stored (storage/record_rating_page.py):
a new History window shows the ratings and their plot without reading any sitting's facts,
the same table and plot as a window that rated them; a recorded hand reads the facts
again and shows the ratings rated afresh."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from jojotte_score.core.records.ratings import rate
from jojotte_score.gui.history.chart_widget import ChartWidget
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.render.chart_layout import Chart
from jojotte_score.render.records_tables import rating_chart
from jojotte_score.storage import record_facts
from jojotte_score.storage.record_facts import period_facts
from tests.gui.history.test_records_tab import ratings_page, shown, store_every_game
from tests.stored_examples import example_sitting


def ratings_shown(main_window: MainWindow, qtbot: QtBot) -> tuple[list[list[str]], Chart | None]:
    """A new History window's Ratings page: its table's cells and its plot's chart."""
    store = main_window.session.store
    window, view = ratings_page(store, qtbot)
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


def test_hands_in_the_newest_sitting_and_a_sitting_merged_between_show_the_ratings_afresh(
    main_window: MainWindow, qtbot: QtBot
) -> None:
    """The Ratings page shown while the chouette example's hands (three rubbers) are
    recorded one by one in a sitting begun, and a sitting from another device merged after
    the seventh, placed before the newest by its moment: after each, the table and the
    plot (made from the one before after the second and third rubbers, which move only
    the newest points) are those made afresh from the ratings rated from the first
    rubber, and the plot is laid out as a new widget lays it out."""
    store = main_window.session.store
    store_every_game(store)
    window, view = ratings_page(store, qtbot)
    played = example_sitting("chouette")
    sitting_id = store.create_sitting(
        played.variant, played.players, played.rules, roles=played.roles
    )
    for count, hand in enumerate(played.hands, start=1):
        store.add_hand(sitting_id, hand)
        if count == 7:  # another device's sitting, played on an earlier day
            earlier = datetime(2026, 3, 2, 20, tzinfo=UTC)
            store.import_sitting(example_sitting("two-player"), created=earlier)
        window.reload()
        view.rating_chart.grab()  # painted, as the window shows it
        facts = period_facts(store)
        ratings = rate(facts)
        assert [row[1] for row in shown(view.models["ratings"])] == [
            rating.player for rating in ratings.players
        ]
        chart = view.rating_chart.chart()
        assert chart == rating_chart(ratings, facts)
        fresh = ChartWidget()  # the same chart laid out whole, at the same size
        qtbot.addWidget(fresh)
        fresh.resize(view.rating_chart.size())
        fresh.set_chart(chart)
        assert view.rating_chart.chart_layout() == fresh.chart_layout()
    window.close()
