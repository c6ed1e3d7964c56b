"""The records over a stored history: the facts of the sittings of a period and of the
games chosen, a history merged through a sync folder, and a sitting kept in two versions
(its conflict copy counted once)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from jojotte_score.core.model import Variant
from jojotte_score.core.records.pairs import head_to_head
from jojotte_score.core.records.ratings import rate
from jojotte_score.storage.database import Database
from jojotte_score.storage.record_facts import period_facts
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import Period
from jojotte_score.sync.engine import conflicts
from tests.stored_examples import example_sitting
from tests.sync.devices import GERMAN, Device, make_device, settle


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[list[Device]]:
    """Two laptops, each with its copy of the folder."""
    devices = [make_device(tmp_path, "anna"), make_device(tmp_path, "carl")]
    yield devices
    for device in devices:
        device.close()


def test_a_period_and_the_games_chosen(tmp_path: Path) -> None:
    store = SittingStore(Database.open(tmp_path / "sittings.sqlite3"))
    for game in ("three-player", "chouette", "cutthroat"):
        store.import_sitting(example_sitting(game))
    assert {f.variant for f in period_facts(store)} == {
        Variant.THREE_PLAYER,
        Variant.CHOUETTE,
        Variant.CUTTHROAT,
    }
    chouette = period_facts(store, games=[Variant.CHOUETTE])
    assert [f.sitting_id for f in chouette] == [2]
    # C6: Anna boxed against Bert and Carl's team twice, +730 and -735 against Bert.
    assert head_to_head(chouette, "Anna", "Bert").net_points == -5
    assert period_facts(store, Period(last=date(2000, 1, 1))) == []
    assert period_facts(None) == []
    store.database.close()


def test_a_merged_history_counts_every_devices_sittings(pair: list[Device]) -> None:
    anna, carl = pair
    anna.store.import_sitting(example_sitting("three-player"))
    carl.store.import_sitting(example_sitting("chouette"))
    settle(pair)
    for device in pair:
        facts = period_facts(device.store)
        assert sorted(f.variant for f in facts) == sorted([Variant.THREE_PLAYER, Variant.CHOUETTE])
        # T15 (620 + 150) then C6 (+730 - 735): the same on both laptops.
        assert head_to_head(facts, "Anna", "Bert").net_points == 765
    ratings = [rate(period_facts(device.store)).players for device in pair]
    assert ratings[0] == ratings[1]


def test_a_sitting_kept_in_two_versions_counts_once(pair: list[Device]) -> None:
    anna, carl = pair
    anna.store.import_sitting(GERMAN, title="evening")
    settle(pair)
    anna.store.delete_hand(1, 5)  # Anna deletes the last hand, which ended the rubber
    carl.store.add_hand(1, GERMAN.hands[0])  # Carl records a seventh
    settle(pair)
    for device in pair:
        assert len(conflicts(device.store)) == 1
        facts = period_facts(device.store)
        assert [f.sitting_id for f in facts] == [1]
        record = head_to_head(facts, "A", "B")
        # One version of the sitting is counted, never both: its rubber once.
        assert record.rubbers + record.unfinished in (1, 2)
        assert record.rubbers <= 1
    firsts = [head_to_head(period_facts(d.store), "A", "B") for d in pair]
    assert firsts[0] == firsts[1]
