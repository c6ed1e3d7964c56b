"""The worked example sittings stored on dates of their own, for the statistics over a
period: the German two-player example, then the three-player game, the chouette and
cutthroat of docs/RULES.md (ids 1 to 4)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore

DATA = Path(__file__).resolve().parent / "data"
STORED = (
    ("german-example.json", datetime(2025, 3, 10, 12, 0, tzinfo=UTC)),
    ("three-player-example.json", datetime(2026, 1, 15, 12, 0, tzinfo=UTC)),
    ("chouette-example.json", datetime(2026, 6, 1, 12, 0, tzinfo=UTC)),
    ("cutthroat-example.json", datetime(2026, 11, 20, 12, 0, tzinfo=UTC)),
)
"""Each example and the moment (UTC) it is stored: noon, far from any date line."""

# The lines of `jojotte-score stats` over the four (tests/cli/test_database_commands.py checks the
# German example and the other three separately; Anna, Bert, Carl and Dave play only in
# the three games of individual players, A and B only in the German example).
STATS_LINES = {
    "A": "A 1 1 1 +100 +100.0 6 8.3 1/4 1/3 0/0 0/1 0/0 0/1 1/2",
    "Anna": "Anna 3 5 2 +1680 +306.0 14 0.0 4/5 4/4 0/1 0/0 0/0 1/1 5/9",
    "B": "B 1 1 0 \u2212100 \u2212100.0 6 10.0 1/2 1/2 0/0 0/0 0/0 0/0 3/4",
    "Bert": "Bert 3 5 2 \u2212695 \u221279.0 14 1.4 1/5 0/3 0/0 0/0 1/2 0/1 2/9",
    "Carl": "Carl 3 5 3 +1165 +203.0 12 7.5 7/9 5/6 1/1 1/2 0/0 2/3 2/3",
    "Dave": "Dave 1 1 0 \u22122150 \u22122150.0 2 0.0 0/2 0/0 0/1 0/1 0/0 0/1 0/0",
}


class Clock:
    """A clock showing whatever moment the test sets."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def store_examples(database: Database) -> SittingStore:
    """A store over ``database`` holding the four examples, stored on the dates of
    ``STORED``."""
    clock = Clock(STORED[0][1])
    store = SittingStore(database, clock=clock)
    for name, moment in STORED:
        clock.now = moment
        store.import_sitting(load_sitting(DATA / name).sitting)
    return store
