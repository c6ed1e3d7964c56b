"""Every rubber's start kept beside the summary (schema 7), and a stale summary read.

The summary belongs to one revision of its sitting; the rubber starts are written with it.
Each start also keeps a fingerprint of the stored hands before it, so that a database open
read-only, which cannot write a new summary, scores a sitting whose summary is of an older
revision from the latest start that still fits its hands, not from the first hand. These
tests change the stored hands behind the store's back (as another program, or a summary
left behind, would) and hold what a read-only store then reads to a replay.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from jojotte_score.core.games import replay
from jojotte_score.core.model import Sitting, Variant
from jojotte_score.core.stats import sitting_stats
from jojotte_score.storage import summary
from jojotte_score.storage.database import Database
from jojotte_score.storage.schema import SCHEMA_VERSION
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import period_stats
from jojotte_score.storage.stored_figures import seat_figures_of
from tests.storage.stored_starts import assert_starts_are_a_replays
from tests.stored_examples import GAMES, long_sitting

FIXTURES = Path(__file__).resolve().parent / "fixtures"
HANDS = 240


class Reads:
    """The positions the stored hands were read and scored from."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.starts: list[int] = []
        rows = summary.stored_rows

        def counted(
            connection: sqlite3.Connection, sitting_id: int, variant: Variant, start: int = 0
        ) -> Iterator[object]:
            self.starts.append(start)
            return rows(connection, sitting_id, variant, start)

        monkeypatch.setattr(summary, "stored_rows", counted)


def stored_behind_the_stores_back(path: Path, game: str, changed: int | None) -> Sitting:
    """The long sitting of ``game`` stored, then its hand at ``changed`` (None: none)
    given another hand's text and the revision moved on, the summary left as it was."""
    sitting = long_sitting(game, HANDS)
    with Database.open(path) as database:
        SittingStore(database).import_sitting(sitting)
    with closing(sqlite3.connect(path)) as connection:
        if changed is not None:
            connection.execute(
                "UPDATE hand SET data = (SELECT data FROM hand WHERE position = ?) "
                "WHERE position = ?",
                (changed + 1, changed),
            )
        connection.execute("UPDATE sitting SET revision = revision + 1")
        connection.commit()
    return sitting


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("changed", [None, HANDS // 2, 3])
def test_a_read_only_stale_summary_is_scored_from_the_latest_start_that_fits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, changed: int | None
) -> None:
    path = tmp_path / "sittings.sqlite3"
    original = replay(stored_behind_the_stores_back(path, game, changed))
    with Database.open(path, read_only=True) as database:
        store = SittingStore(database)
        connection = database.connection
        assert summary.fresh(connection, 1) is None  # of the revision before
        stored = store.load(1).sitting
        whole = replay(stored)
        # The starts kept before the changed hand's rubber still fit; none after it does.
        fitting = summary.fitting_starts(connection, 1)
        last = original.rubber_starts()[-1].position
        first_changed = last + 1 if changed is None else changed
        assert [start.checkpoint for start in fitting] == [
            point for point in original.rubber_starts() if point.position <= first_changed
        ]
        assert fitting[-1].checkpoint in whole.rubber_starts()
        scored = summary.scored_from(connection, 1).figures  # from hand 1
        reads = Reads(monkeypatch)
        recent = store.load_recent(1)
        (info,) = store.list_sittings()
        figures = seat_figures_of(connection, 1)
        # Scored from the latest start that fits; the newest hands read from the checkpoint.
        assert min(reads.starts) == min(fitting[-1].checkpoint.position, scored.checkpoint.position)
        assert changed == 3 or min(reads.starts) > 0  # never from the first hand
        # ... and what it reads is what a replay of the stored hands gives.
        assert recent.checkpoint == scored.checkpoint
        assert recent.hands == stored.hands[scored.checkpoint.position :]
        assert (info.hands, info.rubbers_finished) == (HANDS, whole.rubbers_finished)
        assert (info.net_side, info.net_points, info.unresolved_prison) == (
            scored.net_side,
            scored.net_points,
            whole.unresolved_prison,
        )
        assert info.settlement == scored.settlement
        assert figures == sitting_stats(stored)
        assert period_stats(store).sittings == 1
        assert connection.execute("SELECT count(*) FROM seat_figures").fetchone() == (0,)
    with closing(sqlite3.connect(path)) as writer:
        revisions = writer.execute(
            "SELECT s.revision, m.revision FROM sitting s JOIN summary m ON m.sitting_id = s.id"
        ).fetchall()
        assert revisions == [(1, 0)]  # nothing written


@pytest.mark.parametrize("game", ["two-player", "chouette"])
def test_a_writer_rebuilds_a_stale_summary_from_the_latest_start_that_fits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """The same stale summary opened for writing: rebuilt from that start, and then every
    stored start is a replay's."""
    path = tmp_path / "sittings.sqlite3"
    original = replay(stored_behind_the_stores_back(path, game, HANDS // 2))
    with Database.open(path) as database:
        store = SittingStore(database)
        reads = Reads(monkeypatch)
        store.load_recent(1)
        before = max(p.position for p in original.rubber_starts() if p.position <= HANDS // 2)
        assert min(reads.starts) == before > 0
        assert_starts_are_a_replays(store, 1)


def test_starts_that_are_not_readable_are_rebuilt(tmp_path: Path) -> None:
    """A stored start that is not what the store writes (totals for another game, figures
    that are not numbers) is not used: the pad is given none for its rubber, a stale
    summary is not scored from it or any after it, and a change before it writes them
    anew."""
    path = tmp_path / "sittings.sqlite3"
    sitting = long_sitting("two-player", HANDS)
    with Database.open(path) as database:
        store = SittingStore(database)
        store.import_sitting(sitting)
        with database.transaction() as connection:
            connection.execute("UPDATE rubber_start SET totals = '[1, 2, 3]' WHERE rubber = 5")
            connection.execute("UPDATE rubber_start SET figures = 'x' WHERE rubber = 9")
        assert len(summary.fitting_starts(database.connection, 1)) == 4
        assert store.rubber_start(1, store.revision(1), rubber=5) is None
        assert store.rubber_start(1, store.revision(1), rubber=4) is not None
        store.add_hand(1, sitting.hands[0])  # from the newest start: they stay as they are
        assert len(summary.fitting_starts(database.connection, 1)) == 4
        store.replace_hand(1, 10, sitting.hands[10])  # hand 11 is in rubber 2
        assert_starts_are_a_replays(store, 1)


@pytest.mark.parametrize("old", [6, 7])
def test_the_upgrade_keeps_every_rubbers_start(tmp_path: Path, old: int) -> None:
    """Schema 7 kept every rubber's start, schema 8 keeps them with the game's roles: the
    upgrade rebuilds them (a cache) for every sitting."""
    path = tmp_path / "sittings.sqlite3"
    shutil.copyfile(FIXTURES / f"schema-v{old}.sqlite3", path)
    with Database.open(path) as database:
        assert database.schema_version == SCHEMA_VERSION == 12
        store = SittingStore(database)
        counts = database.connection.execute(
            "SELECT sitting_id, count(*) FROM rubber_start GROUP BY sitting_id"
        ).fetchall()
        # The German example (one rubber, won at its last hand) has two starts: the first
        # hand's and the next; the partnership sitting without hands only the first.
        assert dict(counts)[1] == 2
        assert dict(counts)[5] == 1
        for sitting_id in range(1, 9):
            assert_starts_are_a_replays(store, sitting_id)
            assert summary.fresh(database.connection, sitting_id) is not None
