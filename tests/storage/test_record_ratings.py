"""The stored course of the ratings (schema 13) against ratings rated from the first rubber:
after a hand recorded in the newest sitting, in a sitting in the middle, and a sitting
stored with an earlier moment (as one merged from a sync folder), a reading that starts
from the stored course rates as a fresh one does, and keeps the rows before the change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.records.ratings import rate
from jojotte_score.storage.database import Database
from jojotte_score.storage.record_facts import PeriodFacts, period_facts
from jojotte_score.storage.record_ratings import StoredRatings, stored_course
from jojotte_score.storage.sittings import SittingStore
from tests.core.records.histories import histories
from tests.core.records.plain_records import Played
from tests.stored_examples import example_sitting
from tests.stored_histories import SetClock, stored_history


def stored_rows(store: SittingStore) -> list[tuple[object, ...]]:
    return store.database.connection.execute(
        "SELECT position, sitting_id, mark, data FROM record_ratings ORDER BY position"
    ).fetchall()


@settings(max_examples=25, deadline=None)
@given(histories(max_sittings=5, max_hands=20), st.data())
def test_the_stored_course_equals_ratings_rated_from_the_first(
    played: list[Played], data: st.DataObject
) -> None:
    with stored_history(played, data) as history:
        store = history.store
        first = StoredRatings().ratings(store, period_facts(store))
        assert first == rate(period_facts(store))
        rows = stored_rows(store)
        assert len(rows) == len(played)
        # A new reading (the app started again) starts from the stored course.
        assert StoredRatings().ratings(store, period_facts(store)) == first
        assert stored_rows(store) == rows

        # A hand recorded in one sitting, the newest or one in the middle: the rows of the
        # sittings before it stand.
        changed = history.record_in_one()
        facts = period_facts(store)
        place = [f.sitting_id for f in facts].index(history.ids[changed])
        assert StoredRatings().ratings(store, facts) == rate(facts)
        assert stored_rows(store)[:place] == rows[:place]

        # A sitting stored with a moment before every other, as one merged from another
        # device: everything after it is rated again, and agrees.
        history.merge_earliest()
        facts = period_facts(store)
        assert StoredRatings().ratings(store, facts) == rate(facts)
        assert len(stored_rows(store)) == len(facts)


def test_a_kept_reader_rates_a_recorded_hand_and_stores_it(tmp_path: Path) -> None:
    clock = SetClock()
    database = Database.open(tmp_path / "sittings.sqlite3")
    store = SittingStore(database, clock=clock)
    for day, game in enumerate(("chouette", "three-player", "cutthroat", "partnership")):
        clock.now = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=day)
        store.import_sitting(example_sitting(game))
    reader, ratings = PeriodFacts(), StoredRatings()
    before = ratings.ratings(store, reader.period_facts(store))
    partnership = example_sitting("partnership")
    store.add_hand(4, partnership.hands[0])
    facts = reader.period_facts(store)
    after = ratings.ratings(store, facts)
    assert after == rate(facts)
    assert after.course[: len(before.course) - 1] == before.course[: len(before.course) - 1]
    # What was stored is the course after the hand: a fresh reader agrees without rating.
    course = stored_course(store.database.connection, "")
    assert [rated.sitting_id for rated in course] == [1, 2, 3, 4]
    assert tuple(step for rated in course for step in rated.steps) == after.course
    store.database.close()


def test_a_damaged_row_is_rated_again(tmp_path: Path) -> None:
    with Database.open(tmp_path / "sittings.sqlite3") as database:
        store = SittingStore(database)
        for game in ("chouette", "three-player"):
            store.import_sitting(example_sitting(game))
        facts = period_facts(store)
        ratings = StoredRatings().ratings(store, facts)
        connection = database.connection
        connection.execute("UPDATE record_ratings SET data = replace(data, '2', '3')")
        assert stored_course(connection, "") == []
        assert StoredRatings().ratings(store, facts) == ratings
        course = stored_course(connection, "")
        assert [rated.sitting_id for rated in course] == [f.sitting_id for f in facts]
        assert tuple(step for rated in course for step in rated.steps) == ratings.course
