"""A sitting's newest rubber: its setup and the hands from the checkpoint its rubber starts
from, for the pad as it stands and the next hand's score; reusing the hands an earlier
read gave back when the changes since touched none of them."""

from datetime import datetime

from jojotte_score.core.games import find_game
from jojotte_score.core.model import Rules
from jojotte_score.storage import summary
from jojotte_score.storage.sitting_records import RecentHands
from jojotte_score.storage.sitting_rows import SittingsDatabase, details


def load_recent(
    database: SittingsDatabase, sitting_id: int, known: RecentHands | None
) -> RecentHands:
    """The sitting with only the hands of its newest rubber (see :class:`RecentHands`);
    a stale summary is rebuilt first (and stored, unless the database is read-only)."""
    connection = database.connection
    row = details(connection, sitting_id)
    figures = summary.fresh(connection, sitting_id)
    if figures is None and database.read_only:
        figures = summary.compute(connection, sitting_id)
    elif figures is None:
        with database.transaction() as writing:
            figures = summary.refresh(writing, sitting_id)
    checkpoint = figures.checkpoint
    variant = find_game(row["variant"]).variant
    revision = row["revision"]
    reused = _unchanged(known, sitting_id, revision, figures)
    skip = -1 if reused is None else checkpoint.position - reused.checkpoint.position
    if reused is None or not 0 <= skip <= len(reused.hands):
        start = checkpoint.position
        hands = tuple(summary.stored_hands(connection, sitting_id, variant, start))
    else:
        added = summary.stored_hands(connection, sitting_id, variant, reused.hand_count)
        hands = reused.hands[skip:] + tuple(added)
    roles = summary.stored_roles(row["roles"], find_game(variant))
    return RecentHands(
        id=sitting_id,
        variant=variant,
        players=summary.stored_players(row["players"]),
        rules=Rules(row["game_target"], row["rubber_bonus"]),
        title=row["title"],
        place=row["place"],
        created=datetime.fromisoformat(row["created"]),
        updated=datetime.fromisoformat(row["updated"]),
        hand_count=figures.hands,
        checkpoint=checkpoint,
        hands=hands,
        chosen_dealer=row["chosen_dealer"] if row["chosen_for"] == figures.hands else None,
        roles=roles,
        revision=revision,
    )


def _unchanged(
    known: RecentHands | None, sitting_id: int, revision: int, figures: summary.Figures
) -> RecentHands | None:
    """``known`` when its hands are still those stored: the sitting's, of this revision or
    of the one before it when the change that made this one touched no hand among them
    (the summary says where it did)."""
    if known is None or known.id != sitting_id:
        return None
    if known.revision == revision or (
        known.revision == revision - 1 and figures.first_changed >= known.hand_count
    ):
        return known
    return None
