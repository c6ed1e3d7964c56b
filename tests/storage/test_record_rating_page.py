"""The Ratings page as stored (jojotte_score/storage/record_rating_page.py) against ratings
rated from the first rubber of the sittings replayed from their hands: after random hands
recorded in any sitting, corrected and deleted, sittings deleted, renamed, begun and merged
with an earlier moment, a kept reader and a new one show the page rated afresh (its
players' ratings, its plot to the point), the page stored is that page, and a new reader
reads it without reading any sitting's facts; a damaged row is rated again, never trusted;
a period with an end and a read-only database store nothing."""

from __future__ import annotations

import base64
import json
import sqlite3
import struct
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.records.facts import SittingFacts, in_order
from jojotte_score.core.records.ratings import RatedSittings, RatingPage, rate
from jojotte_score.render.records_tables import page_chart, rating_chart
from jojotte_score.storage.database import Database
from jojotte_score.storage.record_facts import PeriodFacts
from jojotte_score.storage.record_pair_totals import pairs_mark
from jojotte_score.storage.record_rating_page import (
    PAGE,
    PageEncoder,
    StoredPage,
    StoredRatingPage,
    page_choice,
    page_from_data,
    page_to_data,
    stored_page,
)
from jojotte_score.storage.rows import row_checksum
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import ALL_TIME, Period
from tests.core.records.histories import histories
from tests.core.records.plain_records import Played
from tests.stored_examples import example_sitting
from tests.stored_histories import SetClock, replayed


def fresh_page(store: SittingStore) -> RatingPage:
    """The page of every sitting, rated from the first rubber of the sittings replayed."""
    ordered = in_order(replayed(store))
    return RatedSittings().page(rate(ordered), ordered)


class CountedFacts(PeriodFacts):
    """A reader of facts counting how often every sitting's are read, and which sittings'
    are read alone."""

    def __init__(self, store: SittingStore) -> None:
        super().__init__()
        self.store, self.reads, self.alone = store, 0, list[int]()

    def period_facts(self, *arguments: Any, **options: Any) -> list[SittingFacts]:
        self.reads += 1
        return super().period_facts(*arguments, **options)

    def facts_of(self, store: SittingStore, sitting_ids: Sequence[int]) -> list[SittingFacts]:
        self.alone.extend(sitting_ids)
        return super().facts_of(store, sitting_ids)

    def __call__(self) -> list[SittingFacts]:
        return self.period_facts(self.store)


def stored_now(store: SittingStore) -> RatingPage | None:
    """The page stored for every sitting, if it agrees with the rows as they are."""
    connection = store.database.connection
    found = stored_page(connection, "")
    if found is None or found.mark != pairs_mark(connection, None):
        return None
    return found.page


def check(store: SittingStore, kept: StoredRatingPage, facts: CountedFacts) -> RatingPage:
    """The kept reader and a new one show the page rated afresh, whose plot is the one
    drawn from the ratings rated afresh; the page stored is it, or one that agrees with
    every sitting but the newest (after hands in the newest sitting), and a new reader
    reads it without the facts, at most the newest sitting's alone."""
    truth = fresh_page(store)
    shown = kept.page(store, facts, ALL_TIME)
    assert shown == truth
    ordered = in_order(replayed(store))
    if truth.sittings:
        assert page_chart(shown) == rating_chart(rate(ordered), ordered)
    current = stored_now(store)
    assert current is None or current == truth
    unread = CountedFacts(store)
    assert StoredRatingPage().page(store, unread, ALL_TIME) == truth
    assert unread.reads == 0
    assert unread.alone == ([] if current is not None else [ordered[-1].sitting_id])
    return shown


@settings(max_examples=25, deadline=None)
@given(histories(max_sittings=5, max_hands=16), st.data())
def test_the_page_read_and_stored_equals_ratings_rated_from_the_first(
    played: list[Played], data: st.DataObject
) -> None:
    with (
        tempfile.TemporaryDirectory() as folder,
        Database.open(Path(folder) / "sittings.sqlite3") as database,
    ):
        clock = SetClock()
        store = SittingStore(database, clock=clock)
        played = list(played)  # sittings merged are added to it
        ids, cuts = [], []
        for _number, created, sitting in played:
            clock.now = created
            cut = data.draw(st.integers(0, len(sitting.hands)))
            ids.append(store.import_sitting(replace(sitting, hands=sitting.hands[:cut])))
            cuts.append(cut)
        facts = CountedFacts(store)
        kept = StoredRatingPage()
        check(store, kept, facts)
        for _ in range(data.draw(st.integers(1, 8))):
            change = data.draw(
                st.sampled_from(
                    ("hand", "hand", "correct", "undo", "delete", "rename", "merge", "move")
                )
            )
            place = data.draw(st.integers(0, len(ids) - 1))
            sitting_id = ids[place]
            if not store.holds(sitting_id):
                continue
            count = store.hand_count(sitting_id)
            sitting = played[place][2]
            if change == "hand" and cuts[place] < len(sitting.hands):
                store.add_hand(sitting_id, sitting.hands[cuts[place]])
                cuts[place] += 1
            elif change == "correct" and count:
                store.replace_hand(sitting_id, count - 1, store.load(sitting_id).sitting.hands[-1])
            elif change == "undo" and count:
                store.delete_hand(sitting_id, count - 1)
                cuts[place] -= 1
            elif change == "delete":
                store.delete_sitting(sitting_id)
            elif change == "rename":
                players = list(store.load(sitting_id).sitting.players)
                players[0] = players[0] + "x"
                store.rename_players(sitting_id, players)
            elif change == "merge":
                clock.now = datetime(2025, 12, 31, tzinfo=UTC) - timedelta(days=len(ids))
                merged = example_sitting("three-player")
                ids.append(store.import_sitting(merged))
                cuts.append(len(merged.hands))
                played.append((ids[-1], clock.now, merged))
            elif change == "move":  # its moment moved before every other's (a clock set)
                database.connection.execute(
                    "UPDATE sitting SET created = ?, revision = revision + 1 WHERE id = ?",
                    (
                        (datetime(2025, 1, 1, tzinfo=UTC) - timedelta(days=len(ids))).isoformat(),
                        sitting_id,
                    ),
                )
            check(store, kept, facts)


@contextmanager
def four_sittings(tmp_path: Path) -> Iterator[tuple[SittingStore, SetClock]]:
    """A database holding the chouette, three-player, cutthroat and partnership examples
    (ids 1 to 4), stored a day apart from 1 January 2026: its store and the store's clock,
    at the last of those days."""
    clock = SetClock()
    with Database.open(tmp_path / "sittings.sqlite3") as database:
        store = SittingStore(database, clock=clock)
        for day, game in enumerate(("chouette", "three-player", "cutthroat", "partnership")):
            clock.now = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=day)
            store.import_sitting(example_sitting(game))
        yield store, clock


def page_row(connection: sqlite3.Connection) -> tuple[str, str]:
    """The mark and the data of the page stored for every sitting."""
    mark, data = connection.execute(
        "SELECT mark, data FROM record_ratings WHERE choice = ?", (PAGE,)
    ).fetchone()
    return mark, data


def write_page_row(connection: sqlite3.Connection, mark: str, data: str) -> None:
    """The page row's data replaced by ``data`` behind the app's back, with a checksum
    that agrees."""
    checksum = row_checksum("record_ratings", 0, (PAGE, 0, mark, data))
    connection.execute(
        "UPDATE record_ratings SET data = ?, checksum = ? WHERE choice = ?",
        (data, checksum, PAGE),
    )


def test_a_hand_that_finishes_no_rubber_keeps_the_very_page(tmp_path: Path) -> None:
    with four_sittings(tmp_path) as (store, clock):
        partnership = example_sitting("partnership")
        clock.now += timedelta(days=1)
        sitting_id = store.create_sitting(partnership.variant, partnership.players)
        facts, kept = CountedFacts(store), StoredRatingPage()
        first = kept.page(store, facts, ALL_TIME)
        assert facts.reads == 1  # nothing stored yet: rated from the facts
        store.add_hand(sitting_id, partnership.hands[0])
        after = kept.page(store, facts, ALL_TIME)
        assert after is first  # a partnership rubber is not finished by one hand
        assert (facts.reads, facts.alone) == (1, [sitting_id])  # the newest read alone
        # The row is not written again: it agrees with every sitting but the newest, which
        # a new reader reads alone and rates from it.
        assert stored_now(store) is None
        unread = CountedFacts(store)
        assert StoredRatingPage().page(store, unread, ALL_TIME) == first
        assert (unread.reads, unread.alone) == (0, [sitting_id])


def test_the_newest_sittings_are_rated_from_the_ratings_stored_before_them(
    tmp_path: Path,
) -> None:
    """Hands recorded in the newest sitting and a sitting begun after it, with no page
    read between: a new reader reads those two alone; a change to an older sitting has
    every sitting's facts read."""
    with four_sittings(tmp_path) as (store, clock):
        partnership = example_sitting("partnership")
        clock.now += timedelta(days=1)
        newest = store.create_sitting(partnership.variant, partnership.players)
        StoredRatingPage().page(store, CountedFacts(store), ALL_TIME)
        for hand in partnership.hands:
            store.add_hand(newest, hand)
        clock.now += timedelta(days=1)
        begun = store.create_sitting(partnership.variant, partnership.players)
        store.add_hand(begun, partnership.hands[0])
        facts = CountedFacts(store)
        page = StoredRatingPage().page(store, facts, ALL_TIME)
        assert page == fresh_page(store)
        assert len(page.rated) == 5  # the newest sitting's rubbers rated
        assert (facts.reads, facts.alone) == (0, [newest, begun])
        assert stored_now(store) == page
        store.replace_hand(2, 0, store.load(2).sitting.hands[0])
        facts = CountedFacts(store)
        assert StoredRatingPage().page(store, facts, ALL_TIME) == fresh_page(store)
        assert (facts.reads, facts.alone) == (1, [])


def test_a_damaged_page_is_rated_again(tmp_path: Path) -> None:
    with four_sittings(tmp_path) as (store, _clock):
        truth = StoredRatingPage().page(store, CountedFacts(store), ALL_TIME)
        connection = store.database.connection
        # Changed behind the app's back: the checksum no longer agrees.
        connection.execute(
            "UPDATE record_ratings SET data = replace(data, '2', '3') WHERE choice = ?", (PAGE,)
        )
        assert stored_now(store) is None
        facts = CountedFacts(store)
        assert StoredRatingPage().page(store, facts, ALL_TIME) == truth
        assert facts.reads == 1
        assert stored_now(store) == truth
        # Not what the app writes, with a checksum that agrees: rated again too.
        mark, data = page_row(connection)
        assert json.loads(data)["sittings"] == 4
        decoded = json.loads(data)
        decoded["players"][0][3] = "many"
        write_page_row(connection, mark, json.dumps(decoded))
        assert stored_now(store) is None
        facts = CountedFacts(store)
        assert StoredRatingPage().page(store, facts, ALL_TIME) == truth
        assert facts.reads == 1


@pytest.mark.parametrize(
    ("period", "games", "stored"),
    [
        (ALL_TIME, ("chouette", "cutthroat"), f"{PAGE}:games:chouette,cutthroat"),
        (Period(date(2026, 1, 2), None), None, None),
        (Period(date(2026, 1, 1), date(2026, 1, 3)), ("three-player",), None),
    ],
)
def test_a_choice_of_games_is_stored_apart_and_a_period_with_an_end_is_not(
    tmp_path: Path, period: Period, games: Sequence[str] | None, stored: str | None
) -> None:
    with four_sittings(tmp_path) as (store, _clock):
        reader = PeriodFacts()
        page = StoredRatingPage().page(store, reader, period, games)
        facts = reader.period_facts(store, period, games)
        assert page == RatedSittings().page(rate(facts), facts)
        assert len(facts) < 4
        kept = store.database.connection.execute(
            "SELECT choice FROM record_ratings WHERE choice LIKE ?", (f"{PAGE}%",)
        ).fetchall()
        assert kept == ([] if stored is None else [(stored,)])
        if stored is not None:
            assert page_choice("games:chouette,cutthroat") == stored
            unread = CountedFacts(store)
            assert StoredRatingPage().page(store, unread, period, games) == page
            assert (unread.reads, unread.alone) == (0, [])


def test_a_read_only_database_is_read_and_never_written(tmp_path: Path) -> None:
    with four_sittings(tmp_path) as (store, _clock):
        StoredRatingPage().page(store, CountedFacts(store), ALL_TIME)
        store.add_hand(4, example_sitting("partnership").hands[0])
        PeriodFacts().period_facts(store)  # the changed sitting's facts stored again
        rows = "SELECT * FROM record_ratings ORDER BY choice, position"
        before = store.database.connection.execute(rows).fetchall()
    with Database.open(tmp_path / "sittings.sqlite3", read_only=True) as database:
        store = SittingStore(database)
        facts = CountedFacts(store)
        page = StoredRatingPage().page(store, facts, ALL_TIME)
        assert page == fresh_page(store)
        # The page stored is of the rows before the hand: the newest sitting is read alone
        # and rated from the ratings stored before it.
        assert (facts.reads, facts.alone) == (0, [4])
        assert stored_now(store) is None
        assert database.connection.execute(rows).fetchall() == before


def test_the_page_written_again_is_the_page_written_afresh(tmp_path: Path) -> None:
    """A kept encoder writes only the sittings it did not write before; the text is the
    one written afresh, after a rubber finished and after an older sitting changed."""
    with four_sittings(tmp_path) as (store, _clock):
        encoder, walk, reader = PageEncoder(), RatedSittings(), PeriodFacts()

        def written() -> str:
            facts = reader.period_facts(store)
            ratings = rate(facts)
            before = {rating.player: rating for rating in rate(facts[:-1]).players}
            page = StoredPage("1:mark", walk.page(ratings, facts), "", before, ("a", "b"))
            text = encoder.encoded(page)
            assert text == json.dumps(page_to_data(page), separators=(",", ":"))
            assert page_from_data("1:mark", text, json.loads(text)) == page._replace(data=text)
            return text

        first = written()
        partnership = example_sitting("partnership")
        sitting_id = store.create_sitting(partnership.variant, partnership.players)
        for hand in partnership.hands:
            store.add_hand(sitting_id, hand)
            written()
        store.delete_sitting(2)
        assert written() != first


@pytest.mark.parametrize(
    ("part", "damaged"),
    [
        ("format", 1),
        ("ids", ["1", "2", "3", "4"]),
        ("ids", [1, 2, 3]),
        ("ids", [1, 1, 2, 3]),
        ("ids", [1, 2, 3, 2**70]),
        ("moments", [20260101, 20260102, 20260103, 20260104]),
        ("moments", ["2026-01-01T00:00:00+00:00", "the first", "x", "y"]),
        ("names", [7, 8, 9, 10, 11]),
        ("names", ["Anna"]),
        ("counts", [3, 3, 4, 3]),
        ("counts", [0, 6, 4, 4]),
        ("counts", [3, 3, 8]),
        ("who", [0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 0, 2, 1, -1]),
        ("who", [0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 0, 2, 1, 9]),
        ("who", [0, 1]),
        ("ordinals", "not base64!"),
        ("ordinals", "AAAAAAAAAAAA"),
        ("ordinals", [0.5, 1.5]),
        ("before", [["Anna", 25.0, "8", 1]]),
        ("marks", ["a"]),
        ("sittings", "four"),
    ],
)
def test_a_page_not_as_the_app_writes_it_is_not_read(
    tmp_path: Path, part: str, damaged: object
) -> None:
    """Each part of the row's JSON replaced by something the app never writes, with a
    checksum that agrees: the page is not read, and is rated again."""
    with four_sittings(tmp_path) as (store, _clock):
        truth = StoredRatingPage().page(store, CountedFacts(store), ALL_TIME)
        connection = store.database.connection
        mark, data = page_row(connection)
        decoded = json.loads(data)
        decoded[part] = damaged
        write_page_row(connection, mark, json.dumps(decoded))
        assert stored_page(connection, "") is None
        facts = CountedFacts(store)
        assert StoredRatingPage().page(store, facts, ALL_TIME) == truth
        assert facts.reads == 1


def test_a_page_stored_in_the_format_before_is_rated_again_and_stored_anew(
    tmp_path: Path,
) -> None:
    """A row written by the version before (each rated sitting a JSON list of its id,
    moment and players' ratings, no format), with a checksum that agrees: not read, not
    refused either; the page is rated again, shown as rated afresh and stored in the
    format of now, which the next reader reads without any facts."""
    with four_sittings(tmp_path) as (store, _clock):
        truth = StoredRatingPage().page(store, CountedFacts(store), ALL_TIME)
        connection = store.database.connection
        mark, data = page_row(connection)
        now = json.loads(data)
        before = {key: now[key] for key in ("sittings", "players", "before", "marks")}
        before["rated"] = [
            [
                rated.sitting_id,
                truth.moments[rated.sitting_id].isoformat(),
                [part for pair in rated.ordinals for part in pair],
            ]
            for rated in truth.rated
        ]
        write_page_row(connection, mark, json.dumps(before, separators=(",", ":")))
        assert stored_page(connection, "") is None
        facts = CountedFacts(store)
        assert StoredRatingPage().page(store, facts, ALL_TIME) == truth
        assert facts.reads == 1
        assert json.loads(page_row(connection)[1])["format"] == 2
        assert stored_now(store) == truth
        unread = CountedFacts(store)
        assert StoredRatingPage().page(store, unread, ALL_TIME) == truth
        assert (unread.reads, unread.alone) == (0, [])


def test_the_ratings_stored_packed_are_the_ratings_rated(tmp_path: Path) -> None:
    """The row's packed ratings, read back one by one, are each rated sitting's players'
    ratings after it (its plot's points), exactly, in the order first rated."""
    with four_sittings(tmp_path) as (store, _clock):
        truth = StoredRatingPage().page(store, CountedFacts(store), ALL_TIME)
        data = json.loads(page_row(store.database.connection)[1])
    packed = base64.b64decode(data["ordinals"])
    ordinals = list(struct.unpack(f"<{len(packed) // 8}d", packed))
    names = [data["names"][place] for place in data["who"]]
    assert data["ids"] == [1, 2, 3, 4]
    assert data["counts"] == [len(rated.ordinals) for rated in truth.rated]
    assert list(zip(names, ordinals, strict=True)) == [
        pair for rated in truth.rated for pair in rated.ordinals
    ]
    assert sorted(set(names)) == ["Anna", "Bert", "Carl", "Dave", "Dora"]


def test_the_order_played_is_kept_while_only_the_newest_sitting_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kept reader reads every sitting's row for the order played once; after hands in
    the newest sitting it keeps that order (the newest's row read alone), and reads it
    again when the newest moved before another by its moment, or a sitting was begun;
    the page shown is the page rated afresh each time."""
    orders = []
    ordered = PeriodFacts._ordered

    def counted(self: PeriodFacts, *arguments: Any) -> Any:
        orders.append(arguments[1])
        return ordered(self, *arguments)

    monkeypatch.setattr(PeriodFacts, "_ordered", counted)
    with four_sittings(tmp_path) as (store, clock):
        StoredRatingPage().page(store, CountedFacts(store), ALL_TIME)  # the page stored
        facts, kept = CountedFacts(store), StoredRatingPage()
        clock.now = datetime(2026, 2, 1, tzinfo=UTC)
        evening = example_sitting("partnership")
        newest = store.import_sitting(replace(evening, hands=evening.hands[:1]))
        orders.clear()
        assert kept.page(store, facts, ALL_TIME) == fresh_page(store)
        assert len(orders) == 1  # a sitting begun: every row read
        for hand in evening.hands[1:4]:
            store.add_hand(newest, hand)
            orders.clear()
            assert kept.page(store, facts, ALL_TIME) == fresh_page(store)
            assert orders == []
            assert facts.alone[-1] == newest
        assert facts.reads == 0
        store.database.connection.execute(
            "UPDATE sitting SET created = ?, revision = revision + 1 WHERE id = ?",
            ("2026-01-02T12:00:00+00:00", newest),
        )
        orders.clear()
        page = kept.page(store, facts, ALL_TIME)
        assert page == fresh_page(store)
        assert len(orders) == 1
        assert facts.played_ids(store) == [1, 2, newest, 3, 4]
