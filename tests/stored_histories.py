"""Random histories of every game stored, and changed as players and devices change them,
for the records' property tests (tests/storage/test_record_*.py): each sitting of a drawn
history (:func:`tests.core.records.histories.histories`) is stored cut to a drawn count of
its hands, then hands are recorded, corrected and deleted, sittings deleted, begun and
merged from another device, and facts rows damaged on disk. Each test asserts what its
records read after each step."""

from __future__ import annotations

import tempfile
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from unittest.mock import patch

from hypothesis import strategies as st

from jojotte_score.core.errors import JojotteError
from jojotte_score.core.model import Sitting
from jojotte_score.core.records.facts import SittingFacts, sitting_facts
from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore
from tests.core.records.plain_records import Played
from tests.stored_examples import example_sitting

BEGUN = datetime(2026, 2, 1, tzinfo=UTC)
"""When a sitting is begun after every other (the histories are played in January)."""
EARLIEST = datetime(2025, 12, 31, tzinfo=UTC)
"""A moment before every sitting of a history: one merged from another device, played
before all the others."""


class SetClock:
    """A clock that reads the moment last set."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def replayed(store: SittingStore) -> list[SittingFacts]:
    """Every stored sitting's facts, replayed from its hands."""
    facts = []
    for sitting_id, _created in store.created_dates():
        stored = store.load(sitting_id)
        facts.append(sitting_facts(stored.sitting, stored.id, stored.created, uuid=stored.uuid))
    return facts


class StoredHistory:
    """A history stored in a database of its own: its sittings as played (whole), and for
    each its id and the count of its hands recorded so far, in the order stored."""

    def __init__(self, database: Database, played: list[Played], data: st.DataObject) -> None:
        self.database = database
        self.clock = SetClock()
        self.store = SittingStore(database, clock=self.clock)
        self.played = list(played)
        self.ids: list[int] = []
        self.cuts: list[int] = []
        self._data = data
        for _number, created, sitting in played:
            self.clock.now = created
            cut = data.draw(st.integers(0, len(sitting.hands)))
            self.ids.append(self.store.import_sitting(replace(sitting, hands=sitting.hands[:cut])))
            self.cuts.append(cut)

    def stored(self) -> list[Played]:
        """The sittings as first stored: each cut to the hands it was stored with."""
        return [
            (number, created, replace(sitting, hands=sitting.hands[:cut]))
            for (number, created, sitting), cut in zip(self.played, self.cuts, strict=True)
        ]

    def alive(self) -> list[int]:
        """The places (in :attr:`played`) of the sittings not deleted."""
        return [place for place, sitting_id in enumerate(self.ids) if self.store.holds(sitting_id)]

    def record(self, place: int) -> None:
        """The next hand of the sitting at ``place`` recorded, if it has one."""
        sitting = self.played[place][2]
        if self.cuts[place] < len(sitting.hands):
            self.store.add_hand(self.ids[place], sitting.hands[self.cuts[place]])
            self.cuts[place] += 1

    def record_in_one(self) -> int:
        """The next hand recorded in a drawn sitting (deleted ones too: then nothing is);
        its place."""
        place = self._data.draw(st.integers(0, len(self.played) - 1))
        self.record(place)
        return place

    def changes(self, actions: Sequence[str]) -> Iterator[str]:
        """One to six changes drawn from ``actions``, each yielded once made (a change the
        rules refuse, such as a chouette's partner dealing, is not): "record" (the next
        hand of a drawn sitting), "record newest" (of the newest sitting in the order
        played), "correct", "delete hand", "delete sitting", "damage" (a facts row changed
        on disk), "begin" and "begin two" (a drawn sitting's whole copy stored after every
        other, or two), "merge" (one stored with the moment of a sitting already stored, as
        a sync merge stores one played on another device)."""
        draw = self._data.draw
        for _step in range(draw(st.integers(1, 6))):
            alive = self.alive()
            if not alive:
                return
            action = draw(st.sampled_from(actions))
            place = (
                self._newest(alive) if action == "record newest" else draw(st.sampled_from(alive))
            )
            try:
                self._change(action, place)
            except JojotteError:
                continue
            yield action

    def _newest(self, alive: list[int]) -> int:
        """The newest sitting in the order played (its moment, stable id and id), whose
        head to head is added to the counts stored of the others."""
        return max(
            alive,
            key=lambda place: (
                self.played[place][1],
                self.store.uuid_of(self.ids[place]),
                self.ids[place],
            ),
        )

    def _change(self, action: str, place: int) -> None:
        draw, store = self._data.draw, self.store
        sitting_id, sitting = self.ids[place], self.played[place][2]
        count = store.hand_count(sitting_id)
        if action in ("begin", "begin two", "merge"):
            moments = [created for _n, created, _s in self.played]
            self.clock.now = BEGUN if action != "merge" else draw(st.sampled_from(moments))
            for _sitting in range(2 if action == "begin two" else 1):
                self._store_whole(sitting)
        elif action in ("record", "record newest"):
            self.record(place)
        elif action == "correct" and count:
            position = draw(st.integers(0, count - 1))
            other = draw(st.integers(0, len(sitting.hands) - 1))
            store.replace_hand(sitting_id, position, sitting.hands[other])
        elif action == "delete hand" and count:
            store.delete_hand(sitting_id, draw(st.integers(0, count - 1)))
        elif action == "delete sitting":
            store.delete_sitting(sitting_id)
        elif action == "damage":  # found and mended by the next reading
            self.database.connection.execute(
                "UPDATE record_facts SET data = 'not JSON' WHERE sitting_id = ?", (sitting_id,)
            )

    def _store_whole(self, sitting: Sitting) -> None:
        self.ids.append(self.store.import_sitting(sitting))
        self.played.append((0, self.clock.now, sitting))
        self.cuts.append(len(sitting.hands))

    def merge_in_place(self) -> bool:
        """The first sitting not deleted merged from another device, updated in place by
        its stable id to its hands as played; False when every sitting is deleted."""
        alive = self.alive()
        if not alive:
            return False
        place = alive[0]
        self.store.import_or_update(
            self.played[place][2], sitting_id=self.store.uuid_of(self.ids[place])
        )
        return True

    def merge_earliest(self) -> None:
        """The three-player example merged from another device, played before every other
        sitting."""
        self.clock.now = EARLIEST
        self._store_whole(example_sitting("three-player"))


@contextmanager
def stored_history(played: list[Played], data: st.DataObject) -> Iterator[StoredHistory]:
    """``played`` stored in a database of its own, each sitting cut to a drawn count of
    its hands, and each sitting stored given a drawn stable id (:func:`drawn_uuids`)."""
    with (
        tempfile.TemporaryDirectory() as folder,
        Database.open(Path(folder) / "sittings.sqlite3") as database,
        patch("jojotte_score.formats.sitting_keys.new_sitting_uuid", drawn_uuids(data)),
    ):
        yield StoredHistory(database, played, data)


def drawn_uuids(data: st.DataObject) -> Callable[[], str]:
    """New sittings' stable ids drawn rather than random, each after a count of those
    drawn so that no two are the same: the order played of sittings of one moment (which
    their stable ids decide) is then the example's, and a failing example is found again
    when it is replayed (random ones played it another way)."""
    drawn = 0

    def new_uuid() -> str:
        nonlocal drawn
        drawn += 1
        return str(uuid.UUID(int=data.draw(st.integers(0, 255)) << 120 | drawn))

    return new_uuid
