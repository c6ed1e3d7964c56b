"""Cached figures are never believed (schema 8): a summary, a rubber's start or a seat's
figures changed behind the app's back no longer agree with their checksum, and are scored
again from the hands before anything shows them: the list of sittings, the window's pad
(and so the shared page), the statistics, and the summary a recorded hand stores."""

from __future__ import annotations

import contextlib
import dataclasses
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from jojotte_score.core.games import replay
from jojotte_score.presenters.session import Session
from jojotte_score.storage import summary
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import period_stats
from jojotte_score.storage.stored_figures import refresh_seat_figures
from tests.stored_examples import example_sitting, long_sitting


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "sittings.sqlite3"


def tamper(path: Path, statement: str) -> None:
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as connection:
        assert connection.execute(statement).rowcount > 0


@contextlib.contextmanager
def opened(path: Path, *, read_only: bool = False) -> Iterator[SittingStore]:
    with Database.open(path, read_only=read_only) as database:
        yield SittingStore(database)


@pytest.mark.parametrize("read_only", [False, True], ids=["window", "read-only"])
def test_a_tampered_summary_is_never_shown(path: Path, read_only: bool) -> None:
    with opened(path) as store:
        sitting_id = store.import_sitting(example_sitting("two-player"))
    tamper(path, "UPDATE summary SET net_points = net_points + 100000")
    with opened(path, read_only=read_only) as store:
        (info,) = store.list_sittings()
        assert (info.net_side, info.net_points) == (0, 100)  # A +100, as the hands give
        session = Session(store, read_only=read_only)
        session.open(sitting_id)
        assert session.shown is not None
        rubber = session.shown.pad.rubber(1)
        assert rubber is not None
        assert rubber.totals == (755, 655)


def test_a_tampered_rubber_start_is_not_scored_from(path: Path) -> None:
    """The damaged start of the newest rubber would have fed the next recorded hand's
    summary (prison 5000 carried into the rubber); it is scored again from the hands."""
    sitting = long_sitting("two-player", 60)
    with opened(path) as store:
        sitting_id = store.import_sitting(dataclasses.replace(sitting, hands=sitting.hands[:-1]))
    tamper(
        path,
        "UPDATE rubber_start SET prison = 5000, totals = '[99999, 0]' "
        "WHERE rubber = (SELECT max(rubber) FROM rubber_start)",
    )
    with opened(path) as store:
        store.add_hand(sitting_id, sitting.hands[-1])
        (info,) = store.list_sittings()
        ledger = replay(store.load(sitting_id).sitting)
        assert (info.net_side, info.net_points) == ledger.net
        assert info.unresolved_prison == ledger.unresolved_prison
        session = Session(store)
        session.open(sitting_id)
        assert session.shown is not None
        newest = session.shown.pad.rubber(session.shown.pad.newest_rubber)
        assert newest is not None
        assert newest.totals == ledger.rubbers[-1].totals


def test_tampered_figures_for_the_statistics_are_scored_again(path: Path) -> None:
    with opened(path) as store:
        sitting_id = store.import_sitting(example_sitting("two-player"))
        with store.database.transaction() as writing:
            refresh_seat_figures(writing, sitting_id)
        expected = list(period_stats(store).players)
    tamper(path, "UPDATE seat_figures SET rubbers_played = 914 WHERE seat = 0")
    with opened(path) as store:
        assert list(period_stats(store).players) == expected
        assert [p.rubbers_played for p in expected] == [1, 1]


def test_the_checksums_cover_the_games_roles(path: Path) -> None:
    """The chouette's roles of a summary and of a rubber's start (one JSON column each
    since schema 8) are under the checksum: the box and the captain swapped behind the
    app's back make the row one to score again, not one to believe."""
    with opened(path) as store:
        sitting_id = store.import_sitting(example_sitting("chouette"))
    with opened(path) as store:
        connection = store.database.connection
        assert summary.fresh(connection, sitting_id) is not None
        kept = len(summary.fitting_starts(connection, sitting_id))
        assert kept >= 2
    swap = "json_array(json_extract({0}, '$[1]'), json_extract({0}, '$[0]'))"
    tamper(path, f"UPDATE summary SET resume_roles = {swap.format('resume_roles')}")
    tamper(path, f"UPDATE rubber_start SET roles = {swap.format('roles')} WHERE rubber = 2")
    with opened(path, read_only=True) as store:
        connection = store.database.connection
        assert summary.fresh(connection, sitting_id) is None
        assert len(summary.fitting_starts(connection, sitting_id)) == 1
        (info,) = store.list_sittings()
        ledger = replay(store.load(sitting_id).sitting)
        assert info.settlement == ledger.settlement
