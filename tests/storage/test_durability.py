"""Nothing recorded is lost when the app is killed: kill -9 at random moments, then check.

A child process (``recorder.py`` beside this file) records hands one transaction at a
time and reports each change only after it returned. The parent kills it with SIGKILL at
a moment drawn from a seeded random generator, reopens the database itself and checks
that it is sound, that every reported change is there exactly as reported, and that the
one change that may have been under way when the kill came is either wholly there or
wholly absent. The same database is used for every kill, so it grows from kill to kill.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import pytest

import jojotte_score
from jojotte_score.core.games import find_game, replay
from jojotte_score.core.model import Variant
from jojotte_score.core.validation import check_hand, errors_only
from jojotte_score.formats.sitting_file import hand_from_data
from jojotte_score.storage.database import Database
from jojotte_score.storage.schema import SCHEMA_VERSION
from jojotte_score.storage.sittings import SittingStore
from tests.sitting_kinds import two_sided
from tests.storage.recorder import PLAYERS, SHIFT_HIGH, SHIFT_LOW

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX-only")

RECORDER = Path(__file__).resolve().parent / "recorder.py"
# Fixed so that a failure names the schedule of kills that found it.
SEED = 19370514
KILLS = 25
# How long the child may record before it is killed, once it has said it is ready.
LONGEST_RECORDING = 0.3
# Some kills come while the child is still starting: opening, migrating, creating.
START_UP_SHARE = 0.2
LONGEST_START_UP = 0.35
# Kills on a new database, spread over the time the child takes to import, open and migrate.
NEW_DATABASE_KILLS = 8
NEW_DATABASE_WINDOW = (0.05, 0.4)
# Generous: a start-up takes a fraction of a second, but a loaded CI machine is slow.
READY_TIMEOUT = 60.0

Data = dict[str, Any]


@dataclass
class ChildReport:
    """What a killed child said before it died."""

    lines: list[str] = field(default_factory=list)
    partial: str = ""
    ready: threading.Event = field(default_factory=threading.Event)


@dataclass
class Expected:
    """What the parent knows is in the database: the sitting and its hands, in order."""

    sitting_id: int | None = None
    hands: list[Data] = field(default_factory=list)


def _child_environment() -> dict[str, str]:
    """The child imports the very package these tests import, wherever it lives."""
    package_root = str(Path(jojotte_score.__file__).resolve().parent.parent)
    existing = os.environ.get("PYTHONPATH", "")
    return {
        **os.environ,
        "PYTHONPATH": package_root + (os.pathsep + existing if existing else ""),
    }


def _read_lines(stream: IO[bytes], report: ChildReport) -> None:
    for raw in iter(stream.readline, b""):
        text = raw.decode("utf-8")
        if not text.endswith("\n"):
            report.partial = text  # cut off by the kill; never reported as done
            break
        report.lines.append(text.rstrip("\n"))
        if text.startswith("ready "):
            report.ready.set()
    report.ready.set()  # end of output: the child is gone


def _run_and_kill(path: Path, mode: str, delay: float, *, start_up: bool) -> ChildReport:
    """Start a recorder, kill it with SIGKILL, return what it said before it died.

    The kill comes ``delay`` seconds after the start (``start_up``), or ``delay`` seconds
    after the child said it was ready and began recording.
    """
    report = ChildReport()
    child = subprocess.Popen(
        [sys.executable, str(RECORDER), str(path), mode],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_child_environment(),
    )
    assert child.stdout is not None
    assert child.stderr is not None
    reader = threading.Thread(target=_read_lines, args=(child.stdout, report), daemon=True)
    reader.start()
    try:
        if not start_up:
            assert report.ready.wait(READY_TIMEOUT), "the recorder never said it was ready"
        time.sleep(delay)
        died_by_itself = child.poll() is not None
        if not died_by_itself:
            os.kill(child.pid, signal.SIGKILL)
        child.wait(READY_TIMEOUT)
        reader.join(READY_TIMEOUT)
        errors = child.stderr.read().decode("utf-8", "replace")
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        child.stderr.close()
    assert not died_by_itself, f"the recorder stopped on its own:\n{errors}"
    assert child.returncode == -signal.SIGKILL
    return report


def _stored(path: Path, context: str) -> tuple[int | None, list[Data]]:
    """Open the database as the app would, check it through and through, return its hands.

    Checks: the writer's lock was released by the kill; ``PRAGMA integrity_check`` and the
    foreign keys are clean; at most one sitting; positions are 0..n-1 without a gap; every
    stored hand reads back and passes the core's checks; the cached summary belongs to the
    sitting's current revision and its figures equal a fresh replay of the hands.
    """
    with Database.open(path) as database:  # raises DatabaseInUseError if the lock survived
        connection = database.connection
        assert database.integrity_problems() == [], context
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == [], context
        assert database.schema_version == SCHEMA_VERSION, context
        ids = [row[0] for row in connection.execute("SELECT id FROM sitting ORDER BY id")]
        assert len(ids) <= 1, f"{context}: more than one sitting: {ids}"
        stray = connection.execute(
            "SELECT count(*) FROM hand WHERE sitting_id NOT IN (SELECT id FROM sitting)"
        ).fetchone()[0]
        assert stray == 0, context
        if not ids:
            return None, []
        (sitting_id,) = ids
        rows = connection.execute(
            "SELECT position, data FROM hand WHERE sitting_id = ? ORDER BY position",
            (sitting_id,),
        ).fetchall()
        assert [position for position, _ in rows] == list(range(len(rows))), (
            f"{context}: positions are not 0..{len(rows) - 1}"
        )
        hands: list[Data] = []
        for position, text in rows:
            data = json.loads(text)
            hand = hand_from_data(data, position + 1, Variant.TWO_PLAYER)
            assert (
                errors_only(check_hand(hand, find_game(Variant.TWO_PLAYER), position + 1)) == []
            ), context
            hands.append(data)

        revisions = connection.execute(
            "SELECT s.revision, m.revision FROM sitting s JOIN summary m ON m.sitting_id = s.id"
        ).fetchall()
        assert len(revisions) == 1, f"{context}: no summary row"
        assert revisions[0][0] == revisions[0][1], f"{context}: the summary is stale"
        store = SittingStore(database)
        (info,) = store.list_sittings()
        stored = store.load(sitting_id)
        assert stored.sitting.players == PLAYERS, context
        ledger = replay(two_sided(stored.sitting))
        net_side, net_points = ledger.net
        assert (
            info.hands,
            info.rubbers_finished,
            info.net_side,
            info.net_points,
            info.unresolved_prison,
        ) == (
            len(rows),
            sum(1 for rubber in ledger.rubbers if rubber.finished),
            net_side,
            net_points,
            ledger.unresolved_prison,
        ), f"{context}: the summary disagrees with a replay of the hands"
        return sitting_id, hands


def _apply_reports(report: ChildReport, expected: Expected, context: str) -> None:
    """Apply to ``expected`` every change the child reported as done, checking each report.

    A change announced but not reported done is left alone: see :func:`_pending`.
    """
    announced: tuple[str, int, Data | None] | None = None
    for line in report.lines:
        verb, position_text, payload = line.split(" ", 2)
        position = int(position_text)
        data = json.loads(payload)
        if verb == "ready":
            if expected.sitting_id is not None:
                assert position == expected.sitting_id, f"{context}: {line}"
            expected.sitting_id = position
            assert data == len(expected.hands), (
                f"{context}: the child found {data} hands, not {len(expected.hands)}"
            )
        elif verb in ("adding", "inserting", "deleting"):
            assert announced is None, f"{context}: two changes announced at once"
            announced = (verb, position, data)
        else:
            assert announced is not None, f"{context}: {verb} without an announcement"
            _check_report(announced, verb, position, data, expected, context)
            _apply(expected.hands, announced[0], position, data)
            announced = None


def _check_report(
    announced: tuple[str, int, Data | None],
    verb: str,
    position: int,
    data: Data,
    expected: Expected,
    context: str,
) -> None:
    done = {"adding": "recorded", "inserting": "inserted", "deleting": "deleted"}
    assert done[announced[0]] == verb, f"{context}: {announced[0]} reported as {verb}"
    assert announced[1] == position, context
    if verb == "recorded":
        assert position == len(expected.hands), context
    if verb == "deleted":
        assert expected.hands[position] == data, f"{context}: deleted another hand"
    else:
        assert announced[2] == data, context


def _apply(hands: list[Data], verb: str, position: int, data: Data | None) -> None:
    if verb in ("adding", "recorded"):
        assert data is not None
        hands.append(data)
    elif verb in ("inserting", "inserted"):
        assert data is not None
        hands.insert(position, data)
    else:
        del hands[position]


def _pending(report: ChildReport) -> tuple[str, int, Data | None] | None:
    """The change announced last and not reported done: it may or may not have committed."""
    if not report.lines:
        return None
    verb, position, payload = report.lines[-1].split(" ", 2)
    if verb not in ("adding", "inserting", "deleting"):
        return None
    return verb, int(position), json.loads(payload)


def _check_after_kill(
    path: Path, report: ChildReport, expected: Expected, context: str
) -> tuple[int, bool]:
    """Compare the database with what the child reported; returns (hands, pending committed)."""
    _apply_reports(report, expected, context)
    pending = _pending(report)
    sitting_id, stored = _stored(path, context)
    if sitting_id is None:
        assert expected.sitting_id is None, f"{context}: the sitting is gone"
        assert expected.hands == [], f"{context}: {len(expected.hands)} hands are gone"
        return 0, False
    if expected.sitting_id is None:  # created, then killed before saying ready
        expected.sitting_id = sitting_id
    assert sitting_id == expected.sitting_id, context
    if stored == expected.hands:
        return len(stored), False
    assert pending is not None, (
        f"{context}: {len(stored)} hands stored, {len(expected.hands)} reported, and no "
        "change was under way; " + _difference(expected.hands, stored)
    )
    with_pending = list(expected.hands)
    _apply(with_pending, *pending)
    assert stored == with_pending, (
        f"{context}: the change under way ({pending[0]} at {pending[1]}) is half there; "
        + _difference(with_pending, stored)
    )
    expected.hands = with_pending
    return len(stored), True


def _difference(expected: list[Data], stored: list[Data]) -> str:
    for position, (wanted, found) in enumerate(zip(expected, stored, strict=False)):
        if wanted != found:
            return f"first difference at position {position}: {wanted} != {found}"
    return f"{len(expected)} hands expected, {len(stored)} stored"


@pytest.mark.parametrize("mode", ["append", "shift"])
def test_every_reported_change_survives_kill_9(tmp_path: Path, mode: str) -> None:
    """At least 25 kills, each followed by a full check; the database grows across them.

    In ``append`` the child adds hands at the end. In ``shift`` it inserts at the front and
    deletes from the middle, so that a kill inside the two-step renumbering would show as a
    gap, a duplicate or a hand out of place.
    """
    seed = SEED + (mode == "shift")
    rng = random.Random(seed)
    path = tmp_path / "data" / "sittings.sqlite3"
    expected = Expected()
    reported_changes = 0
    pending_committed = 0
    start_up_kills = 0
    for kill in range(KILLS):
        context = f"seed {seed}, {mode}, kill {kill + 1} of {KILLS}"
        start_up = kill == 0 or rng.random() < START_UP_SHARE
        start_up_kills += start_up
        delay = rng.uniform(0.0, LONGEST_START_UP if start_up else LONGEST_RECORDING)
        context += f", {delay * 1000:.0f} ms after {'the start' if start_up else 'ready'}"
        report = _run_and_kill(path, mode, delay, start_up=start_up)
        reported_changes += sum(
            1
            for line in report.lines
            if line.split(" ", 1)[0] in ("recorded", "inserted", "deleted")
        )
        hands, committed = _check_after_kill(path, report, expected, context)
        pending_committed += committed
        assert hands == len(expected.hands), context
        if mode == "shift" and hands >= SHIFT_LOW:
            assert SHIFT_LOW - 1 <= hands <= SHIFT_HIGH + 1, context

    # The kills must have landed in the middle of real work, not only before it began.
    assert start_up_kills >= 1, f"seed {seed}"
    assert KILLS - start_up_kills >= KILLS // 2, f"seed {seed}"
    assert reported_changes >= KILLS, f"seed {seed}: only {reported_changes} changes reported"
    assert expected.sitting_id is not None, f"seed {seed}"
    if mode == "append":
        assert len(expected.hands) >= KILLS, f"seed {seed}"
    # A last, unhurried look: the store can still be changed after all those kills.
    with Database.open(path) as database:
        store = SittingStore(database)
        assert store.hand_count(expected.sitting_id) == len(expected.hands)
        assert store.delete_hand(expected.sitting_id, 0) is not None
        assert store.hand_count(expected.sitting_id) == len(expected.hands) - 1
    print(
        f"seed {seed}: {KILLS} kills ({start_up_kills} during start-up), "
        f"{reported_changes} changes reported, {pending_committed} committed but unreported"
    )


def test_a_kill_while_a_new_database_is_created_leaves_it_usable(tmp_path: Path) -> None:
    """Kills spread over the first start on a new path: open, migrate, create the sitting."""
    seed = SEED + 2
    rng = random.Random(seed)
    for attempt in range(NEW_DATABASE_KILLS):
        delay = rng.uniform(*NEW_DATABASE_WINDOW)
        context = f"seed {seed}, new database {attempt + 1}, {delay * 1000:.0f} ms after start"
        path = tmp_path / f"new-{attempt}" / "sittings.sqlite3"
        report = _run_and_kill(path, "append", delay, start_up=True)
        expected = Expected()
        hands, _ = _check_after_kill(path, report, expected, context)
        assert hands == len(expected.hands), context
        with Database.open(path) as database:
            store = SittingStore(database)
            sitting_id = expected.sitting_id or store.create_sitting(Variant.TWO_PLAYER, PLAYERS)
            assert store.hand_count(sitting_id) == hands, context
