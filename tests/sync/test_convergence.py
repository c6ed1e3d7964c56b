"""Merging is deterministic: random changes on three devices, their files delivered in
random orders, cut short and repeated, end with the same history on every device."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.model import Variant
from tests.sync.devices import GERMAN, Device, deliver, exports, make_device, settle

NAMES = ("Anna", "Bert", "Carl", "Dora")


def change(device: Device, action: int, pick: int) -> None:
    """One change a player makes on ``device``: a new sitting, a hand recorded, the last
    hand deleted, a hand corrected, the players renamed, or a sitting deleted."""
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
    except InvalidSittingError:
        pass  # a change the checks refuse is no change


step = st.one_of(
    st.tuples(st.just("change"), st.integers(0, 2), st.integers(0, 5), st.integers(0, 7)),
    st.tuples(st.just("sync"), st.integers(0, 2), st.just(0), st.just(0)),
    st.tuples(st.just("deliver"), st.integers(0, 2), st.integers(0, 2), st.integers(0, 9)),
)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(steps=st.lists(step, min_size=1, max_size=40), data=st.data())
def test_three_devices_end_with_the_same_history(
    steps: list[tuple[str, int, int, int]], data: st.DataObject
) -> None:
    with tempfile.TemporaryDirectory() as root:
        devices = [make_device(Path(root), name) for name in ("a", "b", "c")]
        try:
            for kind, first, second, third in steps:
                device = devices[first]
                if kind == "change":
                    change(device, second, third)
                elif kind == "sync":
                    device.sync()
                else:
                    target = devices[second]
                    files = device.files()
                    if target is device or not files:
                        continue
                    chosen = files[data.draw(st.integers(0, len(files) - 1))]
                    cut = None if third >= 5 else third / 5
                    deliver(device, target, chosen, cut)
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
