"""A hand recorded at the end of a long sitting is scored alone, in every game.

The store scores the summary from the start of the newest rubber it keeps (schema 7), not
from the checkpoint 100-200 hands back; the session scores only the new hand on top of the
pad it showed, the hands before it neither read nor scored again. What the window then
shows is what a sitting opened afresh shows, hand for hand; after any other change (an
undo, an edit) the session scores the sitting from its checkpoint again.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from jojotte_score.core.games import replay
from jojotte_score.core.ledger import HandResult, Scorer
from jojotte_score.core.model import AnyHand
from jojotte_score.presenters.session import Session, Shown
from jojotte_score.storage.sittings import SittingStore
from tests.stored_examples import GAMES, long_sitting

HANDS = 400

RECORDED = 12


class Scored:
    """How many hands are scored, by any scorer."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        add = Scorer.add

        def counted(scorer: Scorer, hand: AnyHand) -> HandResult:
            self.count += 1
            return add(scorer, hand)

        monkeypatch.setattr(Scorer, "add", counted)

    def since(self) -> int:
        """The hands scored since the last call."""
        count, self.count = self.count, 0
        return count


def assert_shown_as_opened_afresh(session: Session, store: SittingStore) -> None:
    shown = session.shown
    assert shown is not None
    fresh = Shown(store, store.load_recent(shown.id))
    assert shown.recent == fresh.recent
    assert shown.pad.recent == fresh.pad.recent
    assert shown.status() == fresh.status()


@pytest.mark.parametrize("game", GAMES)
def test_a_recorded_hand_is_scored_alone(
    store: SittingStore, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    whole = long_sitting(game, HANDS)
    sitting_id = store.import_sitting(replace(whole, hands=whole.hands[:300]))
    session = Session(store)
    session.open(sitting_id)
    scored = Scored(monkeypatch)
    for position in range(300, 300 + RECORDED):
        so_far = replay(replace(whole, hands=whole.hands[:position]))
        newest = so_far.rubber_starts()[-1]  # where the store scores the summary from
        scored.since()
        store.add_hand(sitting_id, whole.hands[position])
        # The rubber so far and the new hand, once for the checks in the chouette.
        assert scored.since() <= 2 * (position + 1 - newest.position) < 100
        session.refresh()
        assert scored.since() == 1
        assert_shown_as_opened_afresh(session, store)
    # An undo of the last hand, and an edit of a recent one: scored from the checkpoint.
    store.delete_hand(sitting_id, 300 + RECORDED - 1)
    session.refresh()
    assert_shown_as_opened_afresh(session, store)
    store.replace_hand(sitting_id, 305, whole.hands[306])
    scored.since()
    session.refresh()
    assert scored.since() > 1
    assert_shown_as_opened_afresh(session, store)
    store.add_hand(sitting_id, whole.hands[300 + RECORDED])
    session.refresh()
    assert_shown_as_opened_afresh(session, store)


def test_renamed_players_are_shown_without_scoring_again(
    store: SittingStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = long_sitting("two-player", HANDS)
    sitting_id = store.import_sitting(whole)
    session = Session(store)
    session.open(sitting_id)
    scored = Scored(monkeypatch)
    store.rename_players(sitting_id, ("Anna", "Bert"))
    session.refresh()
    assert scored.since() <= 2 * len(whole.hands) // 10  # the store's newest rubber only
    assert session.shown is not None
    assert session.shown.pad.sides == ("Anna", "Bert")
    assert_shown_as_opened_afresh(session, store)
