"""What the store keeps of a sitting's rubbers (schema 7), held to a replay from hand 1."""

from __future__ import annotations

from jojotte_score.core.games import replay
from jojotte_score.core.stats import rubbers_stats
from jojotte_score.storage import summary
from jojotte_score.storage.figure_rows import figures_row
from jojotte_score.storage.sittings import SittingStore


def assert_starts_are_a_replays(store: SittingStore, sitting_id: int) -> None:
    """Every rubber start the store keeps for the sitting is where a replay from hand 1
    finds it (position, rubber, prison, each column's totals, the roles), with each seat's
    figures over the rubbers before it, and its fingerprint fits the stored hands; the
    summary is fresh and, but for the change it records, the one a replay gives."""
    connection = store.database.connection
    sitting = store.load(sitting_id).sitting
    ledger = replay(sitting)
    kept = summary.fitting_starts(connection, sitting_id)
    rows = connection.execute(
        "SELECT count(*) FROM rubber_start WHERE sitting_id = ?", (sitting_id,)
    ).fetchone()
    assert rows == (len(kept),), "every stored start fits the hands"
    assert [start.checkpoint for start in kept] == list(ledger.rubber_starts())
    for index, start in enumerate(kept):
        before = ledger.rubbers[:index]
        expected = tuple(figures_row(f) for f in rubbers_stats(sitting, before)) if before else ()
        assert start.before == expected
    cached = summary.fresh(connection, sitting_id)
    assert cached is not None, "every change leaves a fresh summary"
    scored = summary.scored_from(connection, sitting_id)
    assert cached._replace(first_changed=0) == scored.figures
    assert scored.starts == tuple(kept)
