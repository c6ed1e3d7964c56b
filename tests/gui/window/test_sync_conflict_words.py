"""How File > Sync conflicts… words a sitting kept in two versions: the other device's
version by that device's name, and this device's own version, kept aside when another
device's became the sitting, as this device's (never "another version from this
device")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from jojotte_score.gui.window.sync_dialogs import conflict_words
from jojotte_score.i18n import use_language
from jojotte_score.sync import state
from jojotte_score.sync.engine import conflicts, device_id
from tests.sync.devices import GERMAN, Device, make_device, settle


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[list[Device]]:
    devices = [make_device(tmp_path, "anna"), make_device(tmp_path, "carl")]
    yield devices
    for device in devices:
        device.close()


def changed_on_both(pair: list[Device]) -> tuple[Device, Device]:
    """Anna records a hand and Carl deletes one of the same sitting before they sync:
    the device whose version became the sitting, and the one whose version is kept aside."""
    anna, carl = pair
    anna.store.import_sitting(GERMAN, title="Friday")
    settle(pair)
    anna.store.add_hand(1, GERMAN.hands[0])
    carl.store.delete_hand(1, 5)
    settle(pair)
    for device in pair:
        (conflict,) = conflicts(device.store)
        if conflict.copy.device == device_id(device.store):
            other = carl if device is anna else anna
            assert conflict.winner == device_id(other.store)
            return other, device
    raise AssertionError("no device holds its own version as the copy")


@pytest.mark.parametrize(
    ("language", "theirs", "own"),
    [
        (
            "en",
            "Sitting 1 (Friday): another version from {loser}; hands 6, 7 differ.",
            "Sitting 1 (Friday): the version made on this device is kept aside, and "
            "{winner}'s is the sitting; hands 6, 7 differ.",
        ),
        (
            "de",
            "Sitzung 1 (Friday): eine andere Fassung von {loser}; die Spiele 6, 7 weichen ab.",
            "Sitzung 1 (Friday): die Fassung dieses Geräts ist beiseitegelegt, die von "
            "{winner} ist die Sitzung; die Spiele 6, 7 weichen ab.",
        ),
    ],
)
def test_a_conflict_says_whose_version_is_kept_aside(
    pair: list[Device], language: str, theirs: str, own: str
) -> None:
    name_devices(pair, "carl")
    winner, loser = changed_on_both(pair)
    assert (winner.name, loser.name) == ("carl", "anna")
    use_language(language)
    try:
        (on_winner,) = conflicts(winner.store)
        (on_loser,) = conflicts(loser.store)
        names = {"winner": winner.name, "loser": loser.name}
        assert conflict_words(winner.store, on_winner) == theirs.format(**names)
        assert conflict_words(loser.store, on_loser) == own.format(**names)
    finally:
        use_language("en")


def name_devices(pair: list[Device], winner: str) -> None:
    """Give the two devices ids such that ``winner``'s version wins between two versions
    of one clock (the higher id)."""
    for device in pair:
        made = ("f" if device.name == winner else "0") * 32
        with device.store.database.transaction() as writing:
            state.put_setting(writing, state.DEVICE, made)


@pytest.mark.parametrize("winner", ["anna", "carl"])
def test_a_deleted_sitting_says_whose_version_is_kept(pair: list[Device], winner: str) -> None:
    """Anna deletes the sitting while Carl records a hand in it. When the deletion is the
    merged sitting, Carl's version is kept, and Carl is told this device kept it; when
    Carl's version is, Anna's deletion is kept aside, and Anna is told so."""
    name_devices(pair, winner)
    anna, carl = pair
    anna.store.import_sitting(GERMAN, title="Friday")
    settle(pair)
    anna.store.delete_sitting(1)
    carl.store.add_hand(1, GERMAN.hands[0])
    settle(pair)
    (on_anna,) = conflicts(anna.store)
    (on_carl,) = conflicts(carl.store)
    said = (conflict_words(anna.store, on_anna), conflict_words(carl.store, on_carl))
    if winner == "anna":  # the deletion is the sitting on both
        assert said == (
            "A deleted sitting: carl kept a version of it.",
            "A deleted sitting: this device kept a version of it.",
        )
    else:
        assert said == (
            "Sitting 1 (Friday): the version made on this device is kept aside, and carl's "
            "is the sitting; hands 1, 2, 3, 4, 5, 6, 7 differ.",
            "Sitting 1 (Friday): another version from anna; hands 1, 2, 3, 4, 5, 6, 7 differ.",
        )
