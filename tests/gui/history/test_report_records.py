"""The season report's records are the Records tab's: read from the stored head to head,
sides, roles and ratings' course by the tab's readers, and equal to the records of the
sittings replayed, over a merged history with a conflict copy (counted once), and over a
database opened read-only with nothing of them stored."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from jojotte_score.core.records.facts import in_order
from jojotte_score.gui.history.history_tabs import report_of
from jojotte_score.render.records_tables import pairs_table, partners_table, roles_table
from jojotte_score.render.season_report import SeasonReport, counted_records, season_report
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.record_facts import PeriodFacts
from jojotte_score.storage.record_ratings import StoredRatings
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import sittings_created
from tests.cli.test_records_command import merged_history
from tests.stored_histories import replayed


def replayed_report(store: SittingStore) -> SeasonReport:
    """The report whose records are counted from the sittings replayed from their hands,
    in the order played."""
    dated = [(s.created.astimezone().date(), s.sitting) for s in sittings_created(store)]
    return season_report(dated, records=counted_records(in_order(replayed(store))))


def test_the_report_over_a_merged_history_is_the_replay(tmp_path: Path) -> None:
    devices, _on_carl = merged_history(tmp_path)
    try:
        store = devices[1].store
        wanted = replayed_report(store)
        assert wanted.sittings == 4
        assert all(table.rows for table in wanted.records)  # every kind has rows
        assert wanted.rating_chart is not None
        # A new reader, and the Records tab's readers after they read the tab (the head to
        # head's totals, the sides and the course stored), give the same report.
        assert report_of(store) == wanted
        # The history tells the order played from the order stored: counted from the
        # sittings as dated (a day's sittings by id, as the report counted before it read
        # the tab's figures), Anna's chouette, played first but stored on Carl's device
        # after his partnership, came later, and the head to head and ratings differed.
        dated = [(s.created.astimezone().date(), s.sitting) for s in sittings_created(store)]
        by_id = season_report(dated)
        assert (by_id.records[0], by_id.records[3]) != (wanted.records[0], wanted.records[3])
        reader, rater = PeriodFacts(), StoredRatings()
        rater.ratings(store, reader.period_facts(store))
        assert report_of(store, reader=reader, rater=rater) == wanted
        assert report_of(store, reader=reader, rater=rater) == wanted
        # The tables are the Records tab's: the same readers' figures.
        sides = reader.period_sides(store)
        assert wanted.records[:3] == (
            pairs_table(reader.period_pairs(store).pairs),
            partners_table(sides.partners),
            roles_table(sides.roles),
        )
    finally:
        for device in devices:
            device.close()


def test_the_report_of_a_read_only_database_with_nothing_stored(tmp_path: Path) -> None:
    devices, _on_carl = merged_history(tmp_path)
    carl = devices[1]
    try:
        wanted = replayed_report(carl.store)
    finally:
        for device in devices:
            device.close()
    path = database_path(carl.data)
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("DELETE FROM record_facts")
        connection.execute("DELETE FROM record_ratings")
        connection.commit()
    with Database.open(path, read_only=True) as database:
        assert report_of(SittingStore(database)) == wanted
    with closing(sqlite3.connect(path)) as connection:
        for table in ("record_facts", "record_ratings"):
            assert connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone() == (0,)
