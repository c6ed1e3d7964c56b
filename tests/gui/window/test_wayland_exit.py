"""On Wayland the window waits, before the exit, until Qt's Wayland event threads are not
runnable: stopping one that was woken but has not run yet hangs Qt's exit for good."""

from __future__ import annotations

import threading
from pathlib import Path

from jojotte_score.gui.window.app import WAYLAND_EVENT_THREAD, wayland_threads_settled

LIMIT_S = 0.3


def thread(tasks: Path, tid: int, name: str, state: str) -> Path:
    """A thread as Linux lists it under /proc/PID/task: its name and its stat line."""
    folder = tasks / str(tid)
    folder.mkdir(parents=True)
    (folder / "comm").write_text(f"{name}\n")
    (folder / "stat").write_text(f"{tid} ({name}) {state} 1 {tid} {tid} 0 -1 4194368 0\n")
    return folder


def test_no_wait_when_the_event_threads_sleep(tmp_path: Path) -> None:
    thread(tmp_path, 100, "jojotte-score", "R")  # the main thread itself runs
    thread(tmp_path, 101, WAYLAND_EVENT_THREAD, "S")
    thread(tmp_path, 102, WAYLAND_EVENT_THREAD, "S")
    thread(tmp_path, 103, "QDBusConnection", "R")
    assert wayland_threads_settled(tmp_path, LIMIT_S) < LIMIT_S / 2


def test_waits_while_an_event_thread_is_runnable_then_goes_on(tmp_path: Path) -> None:
    thread(tmp_path, 101, WAYLAND_EVENT_THREAD, "S")
    woken = thread(tmp_path, 102, WAYLAND_EVENT_THREAD, "R")
    (tmp_path / "asleep").write_text(f"102 ({WAYLAND_EVENT_THREAD}) S 1\n")
    # 0.2 s later it has run and sleeps again (the new stat replaces the old one at once).
    sleeps = threading.Timer(0.2, lambda: (tmp_path / "asleep").replace(woken / "stat"))
    sleeps.start()
    try:
        waited = wayland_threads_settled(tmp_path, limit_s=5.0)
    finally:
        sleeps.join()
    assert 0.15 <= waited < 5.0


def test_a_thread_that_stays_runnable_is_waited_for_no_longer_than_the_limit(
    tmp_path: Path,
) -> None:
    thread(tmp_path, 102, WAYLAND_EVENT_THREAD, "R")
    assert LIMIT_S <= wayland_threads_settled(tmp_path, LIMIT_S) < LIMIT_S + 1.0


def test_the_state_is_read_after_the_name_whatever_the_name_holds(tmp_path: Path) -> None:
    thread(tmp_path, 104, "a) R (b", "S")  # a name may hold ") R"
    other = thread(tmp_path, 105, WAYLAND_EVENT_THREAD, "S")
    (other / "stat").write_text(f"105 ({WAYLAND_EVENT_THREAD}) S 1 R R\n")
    assert wayland_threads_settled(tmp_path, LIMIT_S) < LIMIT_S / 2


def test_threads_that_end_meanwhile_or_no_proc_at_all_mean_no_wait(tmp_path: Path) -> None:
    (tmp_path / "tasks" / "106").mkdir(parents=True)  # ended: its files are gone
    assert wayland_threads_settled(tmp_path / "tasks", LIMIT_S) < LIMIT_S / 2
    assert wayland_threads_settled(tmp_path / "no-proc", LIMIT_S) < LIMIT_S / 2
