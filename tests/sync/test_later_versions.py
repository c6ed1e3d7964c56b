"""What a later version of the app writes is still read: a key this version does not
know, in a version file, in its record or in a log line, is ignored (docs/sync.md), as
the optional ``"dealer"`` of a record was new once."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from jojotte_score.sync.engine import device_id
from jojotte_score.sync.folder import _digest
from tests.sync.devices import GERMAN, Device, deliver_all, make_device


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[list[Device]]:
    devices = [make_device(tmp_path, "anna"), make_device(tmp_path, "carl")]
    yield devices
    for device in devices:
        device.close()


def as_a_later_version_writes(device: Device) -> None:
    """Rewrite ``device``'s files with a key no version of this app knows in each place."""
    own = device.folder / "devices" / device_id(device.store)
    (version,) = (own / "sittings").glob("*.json")
    data = json.loads(version.read_text(encoding="utf-8"))
    data["signature"] = "later"
    data["record"]["colour"] = "green"
    version.write_text(json.dumps(data) + "\n", encoding="utf-8")
    lines = []
    for line in (own / "log.jsonl").read_text(encoding="ascii").splitlines():
        entry = json.loads(line.rsplit(" ", 1)[0])
        entry["writer"] = "later"
        text = json.dumps(entry, separators=(",", ":"), sort_keys=True)
        lines.append(f"{text} {_digest(text)}\n")
    (own / "log.jsonl").write_text("".join(lines), encoding="ascii")


def test_a_version_with_keys_this_version_does_not_know_is_taken_in(
    pair: list[Device],
) -> None:
    anna, carl = pair
    anna.store.import_sitting(GERMAN, title="Friday", place="Köln")
    anna.store.choose_dealer(1, 1)
    anna.sync()
    as_a_later_version_writes(anna)
    deliver_all(pair)
    report = carl.sync()
    assert report.problems == []
    assert [taken.what for taken in report.taken] == ["new"]
    stored = carl.store.load(1)
    assert (stored.title, stored.place) == ("Friday", "Köln")
    assert stored.sitting == GERMAN
    row = carl.store.database.connection.execute(
        "SELECT chosen_dealer, chosen_for FROM sitting WHERE id = 1"
    ).fetchone()
    assert tuple(row) == (1, 6)  # the optional dealer, read beside the unknown key


def test_a_record_without_one_of_its_four_keys_is_still_refused(pair: list[Device]) -> None:
    anna, carl = pair
    anna.store.import_sitting(GERMAN, title="Friday")
    anna.sync()
    own = anna.folder / "devices" / device_id(anna.store)
    (version,) = (own / "sittings").glob("*.json")
    data = json.loads(version.read_text(encoding="utf-8"))
    del data["record"]["place"]
    version.write_text(json.dumps(data) + "\n", encoding="utf-8")
    deliver_all(pair)
    report = carl.sync()
    assert report.taken == []
    assert len(report.problems) == 1
    assert "its sitting is not a record of title, place, time and sitting" in report.problems[0]
    assert carl.store.list_sittings() == []
