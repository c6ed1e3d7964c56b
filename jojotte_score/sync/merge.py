"""How the versions of one sitting written by several devices become one history.

Pure and deterministic: the same versions, in any order, give the same sitting and the
same conflict copies. No clock of any device decides anything but the Lamport clock each
version carries, and that only to choose between versions neither of which saw the other.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

VersionKey = tuple[str, int]
"""A version's identity: the device that wrote it and that device's counter for the
sitting (1 for its first version, one more for each after it)."""


@dataclass(frozen=True, slots=True)
class Version:
    """One device's version of one sitting.

    ``seen`` holds, for each device, the newest of its versions of this sitting that the
    writer had taken in (its own included): a version ``v`` has seen ``w`` when
    ``v.seen[w.device] >= w.counter``. ``record`` is the sitting as canonical JSON text
    (:func:`~jojotte_score.sync.records.record_text`), None for a deletion.
    """

    device: str
    counter: int
    clock: int
    seen: tuple[tuple[str, int], ...]
    record: str | None

    @property
    def key(self) -> VersionKey:
        """The version's identity."""
        return (self.device, self.counter)

    def has_seen(self, other: Version) -> bool:
        """Whether this version was written with ``other`` (or a later version of its
        device) taken in."""
        return dict(self.seen).get(other.device, 0) >= other.counter

    def order(self) -> tuple[int, str, int]:
        """The rule between versions neither of which saw the other: the higher Lamport
        clock wins, then the higher device id (both the same on every device)."""
        return (self.clock, self.device, self.counter)


def seen_of(entries: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """A ``seen`` value in its one form: sorted by device, without zeros."""
    return tuple(sorted((device, count) for device, count in entries.items() if count > 0))


def joined_seen(versions: Iterable[Version]) -> dict[str, int]:
    """Everything the versions have seen together: for each device its highest counter."""
    joined: dict[str, int] = {}
    for version in versions:
        for device, count in version.seen:
            joined[device] = max(joined.get(device, 0), count)
    return joined


def alike(one: str | None, other: str | None) -> bool:
    """Whether two records are the same sitting: the same text, or the same but for when
    each was first stored (one sitting file imported on two devices before they synced:
    nothing a player chose differs, so it is no conflict)."""
    if one == other:
        return True
    if one is None or other is None or '"created"' not in one:
        return False
    first, second = json.loads(one), json.loads(other)
    if not isinstance(first, dict) or not isinstance(second, dict):
        return False
    first.pop("created", None)
    second.pop("created", None)
    return bool(first == second)


def unseen(versions: list[Version]) -> list[Version]:
    """The versions (each device's newest) that no other of them has seen: the candidates
    to be the sitting. Every version when none is unseen, which only false claims of what
    was seen can make."""
    found = [
        version
        for version in versions
        if not any(other is not version and other.has_seen(version) for other in versions)
    ]
    return found or versions


@dataclass(frozen=True, slots=True)
class Merged:
    """A sitting's merged state: the version that is the sitting, and the versions kept as
    conflict copies until someone chooses (sorted by key)."""

    winner: Version
    conflicts: tuple[Version, ...]


def merge(
    versions: Iterable[Version],
    lists: Mapping[VersionKey, Iterable[Version]] | None = None,
    resolved: Iterable[VersionKey] = (),
) -> Merged | None:
    """Merge the newest version of each device (``versions``), the conflict copies each
    version's file lists (``lists``, by the listing version's key) and the copies a player
    has chosen away (``resolved``).

    The versions no other version has seen are the candidates; the one with the highest
    :meth:`Version.order` is the sitting. The conflict copies are the other candidates and
    the copies the candidates list (a version that saw a conflict carries it on), less
    those chosen away and those whose record is the sitting's (:func:`alike`). None when there is no
    version.
    """
    latest: dict[str, Version] = {}
    for version in versions:
        known = latest.get(version.device)
        if known is None or version.counter > known.counter:
            latest[version.device] = version
    if not latest:
        return None
    candidates = unseen(list(latest.values()))
    winner = max(candidates, key=Version.order)
    listed: list[Version] = []
    for candidate in candidates:
        listed.extend((lists or {}).get(candidate.key, ()))
    gone = set(resolved)
    copies: dict[VersionKey, Version] = {}
    # A listed copy is the version a candidate may be (a device writes each version once);
    # the sort makes a copy listed twice with different texts, which no honest device
    # writes, come out the same everywhere.
    ordered = sorted(listed, key=lambda version: (version.key, version.record or ""))
    for version in [*candidates, *ordered]:
        if version.key == winner.key or version.key in gone or alike(version.record, winner.record):
            continue
        copies.setdefault(version.key, version)
    return Merged(winner, tuple(copies[key] for key in sorted(copies)))
