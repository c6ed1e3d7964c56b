"""Conflicts over a whole sitting, and what is chosen before its first hand: a sitting
deleted on one device and changed on another keeps both versions; the same sitting file
imported on two devices is one sitting on both; the chouette's first dealer, chosen before
any hand is recorded, travels with it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from uuid import uuid4

import pytest

from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.model import Variant
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import period_stats
from jojotte_score.sync.engine import conflicts, export_state, resolve
from tests.sync.devices import DATA, GERMAN, Device, make_device, settle

CHOUETTE = load_sitting(DATA / "chouette-example.json").sitting


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[list[Device]]:
    devices = [make_device(tmp_path, "anna"), make_device(tmp_path, "carl")]
    yield devices
    for device in devices:
        device.close()


def hand_counts(device: Device) -> list[int]:
    return sorted(info.hands for info in device.store.list_sittings())


def copy_hands(device: Device) -> list[int | None]:
    """The hands of each conflict copy held; None for a copy that is a deletion."""
    found = []
    for conflict in conflicts(device.store):
        record = conflict.copy.record
        found.append(None if record is None else len(json.loads(record)["sitting"]["hands"]))
    return found


def test_a_sitting_deleted_on_one_device_and_changed_on_the_other_keeps_both(
    pair: list[Device],
) -> None:
    anna, carl = pair
    anna.store.import_sitting(GERMAN, title="evening")
    settle(pair)
    anna.store.delete_sitting(1)  # Anna deletes it, Carl records a seventh hand
    carl.store.add_hand(1, GERMAN.hands[0])
    settle(pair)
    assert export_state(anna.store) == export_state(carl.store)
    for device in pair:
        (conflict,) = conflicts(device.store)
        stored = hand_counts(device)
        # Whichever version the merge rule picked, the other is kept: the sitting of 7
        # hands with the deletion as its copy, or no sitting with the 7 hands as the copy.
        assert (stored, copy_hands(device)) in (([7], [None]), ([], [7]))
        assert (conflict.id is None) == (stored == [])
        assert len(period_stats(device.store).players) in (0, 2)
    (conflict,) = conflicts(anna.store)
    # Keep the changed version, whichever side it is on.
    keep = "this" if conflict.id is not None else "that"
    resolve(anna.store, conflict.uuid, conflict.copy.key, keep)
    settle(pair)
    for device in pair:
        assert conflicts(device.store) == []
        assert hand_counts(device) == [7]
        assert device.store.load(device.store.list_sittings()[0].id).title == "evening"
    assert export_state(anna.store) == export_state(carl.store)


def test_a_deletion_chosen_away_from_the_other_side_deletes_it_everywhere(
    pair: list[Device],
) -> None:
    anna, carl = pair
    anna.store.import_sitting(GERMAN)
    settle(pair)
    anna.store.delete_sitting(1)
    carl.store.rename_players(1, ("Carl", "Dora"))
    settle(pair)
    (conflict,) = conflicts(carl.store)
    keep = "that" if conflict.copy.record is None else "this"  # the deletion
    resolve(carl.store, conflict.uuid, conflict.copy.key, keep)
    settle(pair)
    for device in pair:
        assert conflicts(device.store) == []
        assert device.store.list_sittings() == []


def test_the_same_sitting_file_imported_on_two_devices_is_one_sitting(
    pair: list[Device],
) -> None:
    """Both import one file (its stable id) at different moments before they sync: one
    sitting on both, no conflict, and the same time first stored on both."""
    anna, carl = pair
    carl.store = SittingStore(carl.store.database, lambda: datetime(2026, 3, 1, 20, tzinfo=UTC))
    uuid = str(uuid4())
    for device in pair:
        outcome = device.store.import_or_update(GERMAN, sitting_id=uuid, title="from the club")
        assert outcome.outcome == "new"
    assert anna.store.load(1).created != carl.store.load(1).created
    settle(pair)
    for device in pair:
        assert hand_counts(device) == [6]
        assert device.store.uuid_of(1) == uuid
        assert conflicts(device.store) == []
    assert anna.store.load(1).created == carl.store.load(1).created
    assert export_state(anna.store) == export_state(carl.store)


def test_a_sitting_created_twice_with_different_hands_keeps_both(pair: list[Device]) -> None:
    anna, carl = pair
    anna.store.create_sitting(Variant.TWO_PLAYER, ("Anna", "Carl"))
    uuid = anna.store.uuid_of(1)
    # Carl imports Anna's sitting file with two hands before the folder brought hers.
    carl.store.import_or_update(
        GERMAN.__class__(GERMAN.variant, ("Anna", "Carl"), GERMAN.hands[:2], GERMAN.rules),
        sitting_id=uuid,
    )
    anna.store.add_hand(1, GERMAN.hands[3])
    settle(pair)
    assert export_state(anna.store) == export_state(carl.store)
    for device in pair:
        assert [info.id for info in device.store.list_sittings()] == [1]  # one sitting
        (conflict,) = conflicts(device.store)
        assert {hand_counts(device)[0], *copy_hands(device)} == {1, 2}
        assert conflict.hands == (1, 2)


def test_the_chouettes_first_dealer_chosen_before_any_hand_travels(pair: list[Device]) -> None:
    anna, carl = pair
    roles = CHOUETTE.roles
    assert isinstance(roles, ChouetteRoles)
    made = anna.store.create_sitting(CHOUETTE.variant, CHOUETTE.players, roles=roles)
    anna.store.choose_dealer(made, 2)
    settle(pair)
    assert carl.store.load_recent(1).chosen_dealer == 2
    assert carl.store.load_recent(1).roles == roles

    carl.store.choose_dealer(1, 1)  # put right on Carl's laptop, still before any hand
    settle(pair)
    assert anna.store.load_recent(made).chosen_dealer == 1
    assert conflicts(anna.store) == []

    anna.store.add_hand(made, CHOUETTE.hands[0])  # the hand records its own dealer
    settle(pair)
    assert carl.store.load_recent(1).chosen_dealer is None
    assert carl.store.load(1).sitting.hands == CHOUETTE.hands[:1]
    anna.store.delete_hand(made, 0)  # undone: the choice is back, on both
    settle(pair)
    assert anna.store.load_recent(made).chosen_dealer == 1
    assert carl.store.load_recent(1).chosen_dealer == 1
    assert export_state(anna.store) == export_state(carl.store)


def test_a_dealer_chosen_on_two_devices_keeps_both_choices(pair: list[Device]) -> None:
    anna, carl = pair
    roles = CHOUETTE.roles
    assert isinstance(roles, ChouetteRoles)
    made = anna.store.create_sitting(CHOUETTE.variant, CHOUETTE.players, roles=roles)
    settle(pair)
    anna.store.choose_dealer(made, 0)
    carl.store.choose_dealer(1, 2)
    settle(pair)
    assert export_state(anna.store) == export_state(carl.store)
    chosen = anna.store.load_recent(made).chosen_dealer
    assert chosen in (0, 2)
    assert carl.store.load_recent(1).chosen_dealer == chosen
    (conflict,) = conflicts(anna.store)
    assert conflict.hands == ()  # no hand differs: the dealer chosen does
    record = json.loads(conflict.copy.record or "")
    assert record["dealer"] == 2 - chosen
