"""Random histories of every game for the records' property tests: sittings seated by a
small circle of names, stored on a few days."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from hypothesis import strategies as st

from jojotte_score.core.model import Sitting, Variant
from tests.core.records.plain_records import Played
from tests.strategies import sittings
from tests.strategies_three_player import (
    chouette_sittings,
    cutthroat_sittings,
    three_player_sittings,
)

NAMES = ("Anna", "Bert", "Carl", "Dora", "Emil", " Anna")
"""The circle: " Anna" is Anna again (names are matched without surrounding spaces)."""


def any_game_sitting(max_hands: int) -> st.SearchStrategy[Sitting]:
    """A valid sitting of any of the five games."""
    return st.one_of(
        sittings(Variant.TWO_PLAYER, max_hands=max_hands),
        sittings(Variant.PARTNERSHIP, max_hands=max_hands),
        three_player_sittings(max_hands=max_hands),
        chouette_sittings(max_hands=max_hands),
        cutthroat_sittings(max_hands=max_hands),
    )


@st.composite
def histories(draw: st.DrawFn, max_sittings: int = 5, max_hands: int = 30) -> list[Played]:
    """Sittings of any games, each seated by players drawn from :data:`NAMES` (a name may
    come twice at one table, as " Anna" beside "Anna"), stored on random days, some on the
    same moment."""
    count = draw(st.integers(1, max_sittings))
    played = []
    for number in range(1, count + 1):
        sitting = draw(any_game_sitting(max_hands))
        seats = len(sitting.players)
        players = draw(st.permutations(NAMES))[:seats]
        day = draw(st.integers(0, 3))
        created = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=day)
        played.append((number, created, replace(sitting, players=tuple(players))))
    return played
