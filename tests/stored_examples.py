"""The worked examples of docs/RULES.md and ``tests/data``, one for each way to play, as
the tests read and store them: the files by game, the names each pad heads its columns
with, and the four examples stored on dates of their own for the statistics over a period
(the German two-player example, the three-player game, the chouette and cutthroat; ids 1
to 4)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from jojotte_score.core.games import find_game
from jojotte_score.core.model import Sitting
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore

DATA = Path(__file__).resolve().parent / "data"
GAMES = {
    "two-player": "german-example.json",
    "partnership": "partnership-example.json",
    "three-player": "three-player-example.json",
    "chouette": "chouette-example.json",
    "cutthroat": "cutthroat-example.json",
}
"""The worked example of each game, by the name the tests give the game (their ids)."""
NAMES = {
    "two-player": ("A", "B"),
    "partnership": ("Anna & Carl", "Bert & Dora"),
    "three-player": ("Anna", "Bert", "Carl"),
    "chouette": ("Anna", "Bert", "Carl"),
    "cutthroat": ("Anna", "Bert", "Carl", "Dave"),
}
"""The names each game's pad heads its columns with."""


def example_path(game: str) -> Path:
    """The file of ``game``'s worked example."""
    return DATA / GAMES[game]


def example_sitting(game: str) -> Sitting:
    """``game``'s worked example, read from its file."""
    return load_sitting(example_path(game)).sitting


def long_sitting(game: str, hands: int) -> Sitting:
    """``game``'s worked example played over and over to ``hands`` hands; in the chouette
    with no dealer recorded (who may deal follows the rubbers' roles, C7)."""
    example = example_sitting(game)
    played = (example.hands * (hands // len(example.hands) + 1))[:hands]
    if find_game(example.variant).has_roles:
        played = tuple(hand._replace(dealer=None) for hand in played)
    return replace(example, hands=played)


def store_game(store: SittingStore, game: str) -> int:
    """Store the worked example of ``game``; its id."""
    return store.import_sitting(example_sitting(game))


STORED = (
    ("two-player", datetime(2025, 3, 10, 12, 0, tzinfo=UTC)),
    ("three-player", datetime(2026, 1, 15, 12, 0, tzinfo=UTC)),
    ("chouette", datetime(2026, 6, 1, 12, 0, tzinfo=UTC)),
    ("cutthroat", datetime(2026, 11, 20, 12, 0, tzinfo=UTC)),
)
"""Each example (by game) and the moment (UTC) it is stored: noon, far from any date line."""

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


class MinuteClock:
    """A clock that moves one minute each time it is read, from a Saturday evening: each
    change is stored a minute after the one before."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def store_examples(database: Database) -> SittingStore:
    """A store over ``database`` holding the four examples, stored on the dates of
    ``STORED``."""
    clock = Clock(STORED[0][1])
    store = SittingStore(database, clock=clock)
    for game, moment in STORED:
        clock.now = moment
        store_game(store, game)
    return store
