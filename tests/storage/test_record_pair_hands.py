"""The head to head over all time after hands recorded in the newest sitting
(jojotte_score/storage/record_facts.py, ``PeriodFacts._played_on``): a reader that counted
the totals adds the newest sitting's head to head to the counts it kept of the sittings
before it, reads no block and no other sitting, and stores the totals alone; any other
change (a hand in an older sitting, a sitting begun, deleted or moved before another)
counts from the stored blocks. After every change the kept reader, a fresh one and the
totals stored equal the head to head of the sittings replayed from their hands, and
stored rows that are damaged are not trusted."""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.errors import JojotteError
from jojotte_score.core.model import Sitting
from jojotte_score.core.records.facts import in_order
from jojotte_score.storage import record_pair_totals, record_rows
from jojotte_score.storage.database import Database
from jojotte_score.storage.record_facts import PeriodFacts, period_facts
from jojotte_score.storage.record_pair_totals import TOTALS
from jojotte_score.storage.sittings import SittingStore
from tests.core.records.histories import histories
from tests.core.records.plain_records import Played
from tests.storage.test_record_pair_totals import fixture_store, stored_now
from tests.storage.test_record_pairs import expected
from tests.stored_examples import example_sitting
from tests.stored_histories import BEGUN, SetClock, replayed


class Reads:
    """What the readers read: the ids whose stored head to head was asked for, and how
    many times the stored blocks were."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.pairs: list[list[int] | None] = []
        self.blocks = 0
        pairs, blocks = record_rows.stored_pairs, record_pair_totals.stored_blocks

        def read_pairs(connection: sqlite3.Connection, ids: list[int] | None = None) -> Any:
            self.pairs.append(None if ids is None else sorted(ids))
            return pairs(connection, ids)

        def read_blocks(connection: sqlite3.Connection, choice: str) -> Any:
            self.blocks += 1
            return blocks(connection, choice)

        monkeypatch.setattr(record_rows, "stored_pairs", read_pairs)
        monkeypatch.setattr(record_pair_totals, "stored_blocks", read_blocks)

    def clear(self) -> None:
        self.pairs.clear()
        self.blocks = 0


@contextmanager
def begun_last(
    tmp_path: Path, evening: Sitting, hands: int
) -> Iterator[tuple[SittingStore, SetClock, int]]:
    """The fixture database's eight sittings and ``evening``'s first ``hands`` hands,
    begun after every one of them: the store, its clock (at that moment) and the id of
    the sitting begun, the newest."""
    with Database.open(fixture_store(tmp_path)) as database:
        clock = SetClock()
        store = SittingStore(database, clock=clock)
        clock.now = BEGUN
        yield store, clock, store.import_sitting(replace(evening, hands=evening.hands[:hands]))


def newest_id(store: SittingStore) -> int:
    """The newest sitting in the order played."""
    return in_order(replayed(store))[-1].sitting_id


def row_is_current(store: SittingStore, sitting_id: int) -> bool:
    """Whether the sitting's facts are stored for its current revision."""
    return sitting_id in record_rows.stored_facts(store.database.connection, [sitting_id])


def test_hands_in_the_newest_sitting_add_it_to_the_counts_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = Reads(monkeypatch)
    evening = example_sitting("three-player")
    with begun_last(tmp_path, evening, 1) as (store, clock, newest):
        kept = PeriodFacts()
        assert kept.period_pairs(store) == expected(store)  # counted from the blocks
        assert reads.blocks == 1
        for position, hand in enumerate(evening.hands[1:], start=1):
            reads.clear()
            store.add_hand(newest, hand)
            truth = expected(store)
            assert kept.period_pairs(store) == truth
            # The newest sitting read alone, scored from its hands and not stored; no block.
            assert (reads.pairs, reads.blocks) == ([[newest]], 0)
            assert not row_is_current(store, newest)
            assert stored_now(store) == truth  # the totals stored with the rows as they are
            assert truth.sittings == 9
            assert store.hand_count(newest) == position + 1
        # The facts read (the Ratings page) store the newest sitting's row: its hands are
        # as they were, so its head to head is not read again, and the totals are the same.
        period_facts(store)
        assert row_is_current(store, newest)
        reads.clear()
        assert kept.period_pairs(store) == truth
        assert (reads.pairs, reads.blocks) == ([], 0)
        assert PeriodFacts().period_pairs(store) == truth
        # A hand in an older sitting that ends a rubber: its count cannot be swapped for
        # the one before (the streak rests on it), so counted from the blocks; then the
        # newest alone again.
        reads.clear()
        store.delete_hand(1, store.hand_count(1) - 1)
        assert kept.period_pairs(store) == expected(store)
        assert reads.blocks == 2  # once to swap the count, once to count from them
        reads.clear()
        store.delete_hand(newest, len(evening.hands) - 1)
        assert kept.period_pairs(store) == expected(store)
        assert (reads.pairs, reads.blocks) == ([[newest]], 0)
        # A sitting begun: counted from the blocks; its hands then read alone.
        clock.now = datetime(2026, 3, 1, tzinfo=UTC)
        later = store.import_sitting(replace(evening, hands=evening.hands[:2]))
        reads.clear()
        assert kept.period_pairs(store) == expected(store)
        assert reads.blocks == 1
        reads.clear()
        store.add_hand(later, evening.hands[2])
        assert kept.period_pairs(store) == expected(store) == stored_now(store)
        assert (reads.pairs, reads.blocks) == ([[later]], 0)
        # The newest sitting deleted: the one before it is the newest again.
        store.delete_sitting(later)
        reads.clear()
        assert kept.period_pairs(store) == expected(store) == stored_now(store)
        assert reads.blocks == 1


def test_the_newest_sitting_moved_before_another_is_counted_in_its_place(
    tmp_path: Path,
) -> None:
    evening = example_sitting("chouette")
    with begun_last(tmp_path, evening, 3) as (store, _clock, newest):
        kept = PeriodFacts()
        assert kept.period_pairs(store) == expected(store)
        # Its moment stored earlier than every other sitting's (as a merge could leave it),
        # with a hand more: it is no longer the newest, and is counted first.
        store.add_hand(newest, evening.hands[3])
        with store.database.transaction() as writing:
            writing.execute(
                "UPDATE sitting SET created = ? WHERE id = ?", ("2020-01-01T00:00:00+00:00", newest)
            )
        assert newest_id(store) != newest
        truth = expected(store)
        assert kept.period_pairs(store) == truth
        assert PeriodFacts().period_pairs(store) == truth == stored_now(store)


def test_a_damaged_row_of_the_newest_sitting_is_not_trusted(tmp_path: Path) -> None:
    evening = example_sitting("three-player")
    with begun_last(tmp_path, evening, 4) as (store, _clock, newest):
        kept = PeriodFacts()
        kept.period_pairs(store)
        store.add_hand(newest, evening.hands[4])
        period_facts(store)  # its row stored for this revision
        # Its row changed behind the app's back: its checksum no longer agrees.
        store.database.connection.execute(
            "UPDATE record_facts SET data = data || ' ' WHERE sitting_id = ?", (newest,)
        )
        assert not row_is_current(store, newest)
        truth = expected(store)
        assert kept.period_pairs(store) == truth
        assert PeriodFacts().period_pairs(store) == truth == stored_now(store)


def test_the_totals_stored_alone_are_not_trusted_once_damaged(tmp_path: Path) -> None:
    evening = example_sitting("three-player")
    with begun_last(tmp_path, evening, 2) as (store, _clock, newest):
        kept = PeriodFacts()
        kept.period_pairs(store)
        store.add_hand(newest, evening.hands[2])
        truth = expected(store)
        assert kept.period_pairs(store) == truth == stored_now(store)
        store.database.connection.execute(
            "UPDATE record_ratings SET data = replace(data, '1', '2') WHERE choice = ? "
            "AND position = 0",
            (TOTALS,),
        )
        assert stored_now(store) is None
        assert PeriodFacts().period_pairs(store) == truth == stored_now(store)


def test_a_transaction_not_waited_for_commits_and_leaves_the_database_durable(
    tmp_path: Path,
) -> None:
    path = tmp_path / "sittings.sqlite3"
    with Database.open(path) as database:
        connection = database.connection
        with database.transaction(durable=False) as writing:
            assert writing.execute("PRAGMA synchronous").fetchone() == (1,)  # NORMAL
            writing.execute("DELETE FROM record_ratings")
        assert connection.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL again
        with pytest.raises(JojotteError), database.transaction(durable=False) as writing:
            writing.execute("INSERT INTO no_such_table VALUES (1)")
        assert connection.execute("PRAGMA synchronous").fetchone() == (2,)
        with pytest.raises(ZeroDivisionError), database.transaction(durable=False):
            _ = 1 / 0
        assert connection.execute("PRAGMA synchronous").fetchone() == (2,)
        assert not connection.in_transaction


def moved(store: SittingStore, sitting_id: int, moment: datetime) -> None:
    """The sitting's moment stored as ``moment`` (as a merge could leave it)."""
    with store.database.transaction() as writing:
        writing.execute(
            "UPDATE sitting SET created = ? WHERE id = ?", (moment.isoformat(), sitting_id)
        )


@settings(max_examples=30, deadline=None)
@given(histories(max_sittings=4, max_hands=16), st.data())
def test_any_change_after_hands_in_the_newest_sitting_equals_a_replay(
    played: list[Played], data: st.DataObject
) -> None:
    """Hands recorded into the newest sitting one at a time, with now and then a hand
    deleted from it or from another sitting, a sitting begun or one deleted, or the
    newest's moment moved: after each a kept reader, a fresh one and the totals stored are
    the sittings replayed, whichever reader reads first (a fresh one first reads in the
    order played stored with the blocks, where it holds)."""
    with (
        tempfile.TemporaryDirectory() as folder,
        Database.open(Path(folder) / "sittings.sqlite3") as database,
    ):
        clock = SetClock()
        store = SittingStore(database, clock=clock)
        left: dict[int, list[Any]] = {}
        for _number, created, sitting in played:
            clock.now = created
            cut = data.draw(st.integers(0, len(sitting.hands)))
            sitting_id = store.import_sitting(replace(sitting, hands=sitting.hands[:cut]))
            left[sitting_id] = list(sitting.hands[cut:])
        kept = PeriodFacts()
        assert kept.period_pairs(store) == expected(store)
        for _step in range(data.draw(st.integers(1, 8))):
            newest = newest_id(store)
            change = data.draw(
                st.sampled_from(
                    ["hand", "hand", "hand", "undo", "older", "begin", "delete", "move"]
                )
            )
            if change == "hand" and left[newest]:
                store.add_hand(newest, left[newest].pop(0))
            elif change == "undo" and store.hand_count(newest):
                store.delete_hand(newest, store.hand_count(newest) - 1)
                left[newest].clear()  # a later hand may not follow the one before it now
            elif change == "older":
                others = [key for key in left if key != newest and store.hand_count(key)]
                if others:
                    older = data.draw(st.sampled_from(others))
                    store.delete_hand(older, store.hand_count(older) - 1)
                    left[older].clear()
            elif change == "begin":
                _number, _created, sitting = data.draw(st.sampled_from(played))
                clock.now = clock.now + timedelta(days=data.draw(st.integers(0, 5)))
                begun = store.import_sitting(replace(sitting, hands=sitting.hands[:1]))
                left[begun] = list(sitting.hands[1:])
            elif change == "delete" and len(left) > 1:
                store.delete_sitting(newest)
                del left[newest]
            elif change == "move":
                moved(store, newest, data.draw(st.sampled_from([when for _n, when, _s in played])))
            truth = expected(store)
            if data.draw(st.booleans()):
                assert PeriodFacts().period_pairs(store) == truth
            assert kept.period_pairs(store) == truth
            assert stored_now(store) == truth
            assert PeriodFacts().period_pairs(store) == truth


def stored_tally() -> list[Any]:
    """One pair's count as a block's JSON keeps it: Anna and Bert met in three finished
    rubbers (Anna won two, the last two in a row, the largest by 420) and one open one."""
    return [["Anna", "Bert"], 3, 350, 1, [2, 1], [[420, 7, 2], [150, 7, 1]], [0, 2], False, ["t"]]


@pytest.mark.parametrize(
    ("place", "value"),
    [
        (1, 3.0),  # finished rubbers not a whole number
        (2, "350"),  # the points as text
        (3, True),  # the open rubbers a truth value
        (4, [2, 1.5]),  # a player's wins
        (4, [2]),  # one player's wins missing
        (5, [[420.0, 7, 2], None]),  # the largest win's points
        (5, [[420, "7", 2], None]),  # the largest win's sitting
        (6, [0, 2.0]),  # the streak's length
        (6, [2, 2]),  # the streak held by a third
        (7, 0),  # whether one run: not a truth value
        (8, ["t", 3]),  # a game's key not text
        (0, ["Anna", 2]),  # a player not a name
    ],
)
def test_stored_counts_of_another_shape_are_refused(place: int, value: object) -> None:
    tally = stored_tally()
    decoded = record_pair_totals.tallies_from_data(
        {"players": ["Anna", "Bert"], "tallies": [tally]}
    )
    (anna_bert,) = decoded.tallies.values()
    assert (anna_bert.met, anna_bert.net, anna_bert.open, anna_bert.won) == (3, 350, 1, [2, 1])
    assert anna_bert.streak == (0, 2)
    assert [win.points for win in anna_bert.largest if win is not None] == [420, 150]
    tally[place] = value
    with pytest.raises((TypeError, ValueError)):
        record_pair_totals.tallies_from_data({"players": ["Anna", "Bert"], "tallies": [tally]})
    with pytest.raises(TypeError):
        record_pair_totals.tallies_from_data({"players": ["Anna", 2], "tallies": []})


def test_a_new_reader_after_hands_in_the_newest_sitting_reads_it_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reader that kept nothing (a new History window) after hands in the newest sitting
    adds its head to head to the running counts stored, in the order played stored with
    the blocks: it reads no block, no other sitting's head to head and no sitting's row
    but the newest's and the one before it."""
    reads = Reads(monkeypatch)
    sorted_rows: list[int] = []
    ordered = PeriodFacts._ordered

    def counted_order(self: PeriodFacts, *given: Any) -> Any:
        sorted_rows.append(1)
        return ordered(self, *given)

    monkeypatch.setattr(PeriodFacts, "_ordered", counted_order)
    evening = example_sitting("three-player")
    with begun_last(tmp_path, evening, 1) as (store, _clock, newest):
        assert PeriodFacts().period_pairs(store) == expected(store)
        for hand in evening.hands[1:4]:
            store.add_hand(newest, hand)
            reads.clear()
            sorted_rows.clear()
            fresh = PeriodFacts()
            truth = expected(store)
            assert fresh.period_pairs(store) == truth == stored_now(store)
            assert (reads.pairs, reads.blocks, sorted_rows) == ([[newest]], 0, [])
            # Its row stored again, as the reading from the blocks stores it.
            assert row_is_current(store, newest)
            # The reader then keeps the counts: its next hand adds the newest alone too.
            store.add_hand(newest, evening.hands[4])
            reads.clear()
            assert fresh.period_pairs(store) == expected(store) == stored_now(store)
            assert (reads.pairs, reads.blocks, sorted_rows) == ([[newest]], 0, [])
            store.delete_hand(newest, store.hand_count(newest) - 1)
            assert PeriodFacts().period_pairs(store) == expected(store)


def test_the_order_stored_is_not_trusted_once_the_sittings_moved(tmp_path: Path) -> None:
    """The order played stored with the blocks is trusted after hands in the newest sitting
    only: not once the newest moved before another by its moment, a sitting before it
    changed, or the newest was deleted and another begun (as many sittings, another id).
    A new reader reads each of these as the replay counts it."""
    evening = example_sitting("chouette")
    with begun_last(tmp_path, evening, 3) as (store, clock, newest):
        assert PeriodFacts().period_pairs(store) == expected(store)
        # The newest stored before every other sitting, with a hand more.
        store.add_hand(newest, evening.hands[3])
        with store.database.transaction() as writing:
            writing.execute(
                "UPDATE sitting SET created = ? WHERE id = ?", ("2020-01-01T00:00:00+00:00", newest)
            )
        assert newest_id(store) != newest
        assert PeriodFacts().period_pairs(store) == expected(store) == stored_now(store)
        # A hand deleted from a sitting before the newest, and one added to the newest.
        latest = newest_id(store)
        older = next(key for key in (1, 2, 3) if key != latest and store.hand_count(key))
        store.delete_hand(older, store.hand_count(older) - 1)
        store.delete_hand(latest, store.hand_count(latest) - 1)
        assert PeriodFacts().period_pairs(store) == expected(store) == stored_now(store)
        # The newest deleted and another sitting begun after the others.
        store.delete_sitting(latest)
        clock.now = datetime(2026, 3, 1, tzinfo=UTC)
        store.import_sitting(replace(evening, hands=evening.hands[:5]))
        assert PeriodFacts().period_pairs(store) == expected(store) == stored_now(store)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 40), min_size=2, max_size=8, unique=True),
    st.data(),
)
def test_the_order_stored_holds_only_while_the_other_sittings_are_as_they_were(
    ids: list[int], data: st.DataObject
) -> None:
    """:meth:`~.record_pair_totals.StoredOrder.holds`, told from the mark's joined text,
    agrees with the other sittings' columns compared one by one: true after the newest's
    columns changed (wherever its id falls), false after another's changed, a sitting
    begun, or the newest deleted and another stored in its place."""
    if data.draw(st.booleans()):
        ids.sort()  # played in the order of their ids (the marks worked out for the counts)
    parts = {key: f'{key},0,two-player,["A;B"],{key},,1,c' for key in ids}
    with closing(sqlite3.connect(":memory:")) as connection:
        order = record_pair_totals.RunningMarks(connection, ids, dict(parts)).order()
    assert (order.newest, order.ids()) == (ids[-1], ids)
    now = dict(parts)
    change = data.draw(st.sampled_from(["newest", "other", "begun", "replaced"]))
    if change == "newest":
        now[ids[-1]] += ",more"
    elif change == "other":
        now[data.draw(st.sampled_from(ids[:-1]))] += ",more"
    elif change == "begun":
        now[41] = "41,0,two-player,x,41,,,"
    else:
        del now[ids[-1]]
        now[41] = parts[ids[-1]].replace(f"{ids[-1]},", "41,", 1)
    text = ";".join(now[key] for key in sorted(now))
    same = {key: part for key, part in now.items() if key != ids[-1]} == {
        key: part for key, part in parts.items() if key != ids[-1]
    }
    assert order.holds(text, now) == (same and ids[-1] in now)
    assert order.holds(text, now) == (change == "newest")
