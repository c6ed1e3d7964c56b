"""Merging is deterministic: random changes on three devices, their files delivered in
random orders, cut short and repeated, end with the same history on every device."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.model import Variant
from jojotte_score.sync.engine import conflicts, resolve
from tests.sync.devices import GERMAN, Device, deliver, exports, make_device, settle

NAMES = ("Anna", "Bert", "Carl", "Dora")


def change(device: Device, action: int, pick: int) -> None:
    """One change a player makes on ``device``: a new sitting, a hand recorded, the last
    hand deleted, a hand corrected, the players renamed, a sitting deleted, or a conflict
    settled (keep this, that or both)."""
    store = device.store
    ids = sorted(info.id for info in store.list_sittings())
    if action == 0 or not ids:
        store.create_sitting(Variant.TWO_PLAYER, (NAMES[pick % 4], NAMES[(pick + 1) % 4]))
        return
    sitting_id = ids[pick % len(ids)]
    count = store.hand_count(sitting_id)
    try:
        if action == 1 and count < len(GERMAN.hands):
            store.add_hand(sitting_id, GERMAN.hands[count])
        elif action == 2 and count:
            store.delete_hand(sitting_id, count - 1)
        elif action == 3 and count:
            store.replace_hand(sitting_id, 0, GERMAN.hands[pick % len(GERMAN.hands)])
        elif action == 4:
            store.rename_players(sitting_id, (NAMES[pick % 4], NAMES[(pick + 2) % 4]))
        elif action == 5:
            store.delete_sitting(sitting_id)
        elif action == 6:
            held = conflicts(store)
            if held:
                chosen = held[pick % len(held)]
                resolve(store, chosen.uuid, chosen.copy.key, ("this", "that", "both")[pick % 3])
                event("a conflict settled")
    except InvalidSittingError:
        pass  # a change the checks refuse is no change


change_step = st.tuples(st.integers(0, 6), st.integers(0, 7))
round_ = st.tuples(
    st.lists(st.lists(change_step, max_size=3), min_size=3, max_size=3),  # each device's changes
    st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 9)), max_size=6),
    st.lists(st.booleans(), min_size=3, max_size=3),  # which devices sync
)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(rounds=st.lists(round_, min_size=1, max_size=6), data=st.data())
def test_three_devices_end_with_the_same_history(
    rounds: list[tuple[list[list[tuple[int, int]]], list[tuple[int, int, int]], list[bool]]],
    data: st.DataObject,
) -> None:
    """Each round, every device makes a few changes, some devices' files reach others (one
    file or all, in a random order, whole or cut short), and some devices sync; at the end
    everything is delivered, and every device holds the same history."""
    with tempfile.TemporaryDirectory() as root:
        devices = [make_device(Path(root), name) for name in ("a", "b", "c")]
        try:
            for changes, deliveries, syncing in rounds:
                for device, steps in zip(devices, changes, strict=True):
                    for action, pick in steps:
                        change(device, action, pick)
                for source, target, how in deliveries:
                    files = devices[source].files()
                    if source == target or not files:
                        continue
                    if how < 3:  # one file, whole or cut short
                        chosen = files[data.draw(st.integers(0, len(files) - 1))]
                        deliver(devices[source], devices[target], chosen, None if how < 2 else 0.4)
                    else:  # every file, in a random order, some cut short
                        for relative in data.draw(st.permutations(files)):
                            cut = None if how < 8 else 0.5
                            deliver(devices[source], devices[target], relative, cut)
                for device, syncs in zip(devices, syncing, strict=True):
                    if syncs:
                        device.sync()
            settle(devices)
            event(f"conflicts held at the end: {bool(conflicts(devices[0].store))}")
            assert exports(devices[1]) == exports(devices[0]) == exports(devices[2])
            # Conflicts settled on two devices at once, each its own way, then all synced.
            for device in devices[:2]:
                held = conflicts(device.store)
                if held:
                    settled = held[data.draw(st.integers(0, len(held) - 1))]
                    keep = data.draw(st.sampled_from(("this", "that", "both")))
                    resolve(device.store, settled.uuid, settled.copy.key, keep)
                    event("a conflict settled after the rounds")
            settle(devices)
            first_export = exports(devices[0])
            assert exports(devices[1]) == first_export
            assert exports(devices[2]) == first_export
            # Another pass over the same files changes nothing.
            for device in devices:
                report = device.sync()
                assert (report.written, report.taken) == (0, [])
            assert exports(devices[0]) == first_export
        finally:
            for device in devices:
                device.close()
