"""How long the first key of an evening takes to answer, against the same key later.

A fresh process for each round, as a scorekeeper starts the app: a main window over a
stored sitting (two players, 40 hands), shown offscreen at 1200 by 800, the event loop
settled (each pass ended by ``exit``, which leaves the window shown: ``quit`` closes it,
and the keys then went to a hidden window that painted nothing), then left to run for a
reaction time (:data:`FIRST_LOOK_MS`), as a player looks at it before the first key. Then a
plain hand of the sitting is typed into the panel key by key (the keys of the form's own
keystroke plan, each sent to whatever has the focus, and what it posted handled before the
clock stops), and then the same keys again into a fresh form. The slowest key of the first
hand is compared with the same key of the second, measured in the same process: a key
should answer within a frame (16.7 ms). A new cut asked for after a hand is answered at
once (the first seat deals), within the key's time; how much of the key came before the
dialog was asked for (in the app the player's choice comes in between) is shown beside it.
The first hand's Enter ends a rubber here and the later one does not, so the slowest key
that asks for no new cut is compared with the same key later too. The keys are timed, not
the hand they make: whether the plan's Enter records it does not change what the other
keys cost. The children run with Python's bytecode cache (in a
temporary folder, filled by a first round that is not counted), as an installed app does: a
module first imported by a key is read, not compiled. Each key is timed by the clock and by
the processor's time of the main thread (on a busy machine the clock varies far more).

The child marks the start of each key by calling ``os.getppid`` (nothing else of it does),
where ``first_key_instructions.py`` has callgrind count each key's instructions.

    python3 benchmarks/bench_first_key.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

FRAME_MS = 1000 / 60
FIRST_LOOK_MS = 300
"""How long the window is shown before the first key: a reaction time, the least a person
takes to press a key once the window appears."""
HANDS = 40


def looked_at(app: QApplication) -> None:
    """Let the event loop settle, as --quit-after-start lets it (two passes), then run it
    for :data:`FIRST_LOOK_MS`: what the app does meanwhile (its timers, getting recording
    ready) is not the first key's. ``exit`` ends a pass and leaves the window as it is;
    ``quit`` would close it first (Qt 6 asks every window to close)."""
    from PySide6.QtCore import QTimer

    for wait_ms in (0, 0, FIRST_LOOK_MS):
        QTimer.singleShot(wait_ms, app.exit)
        app.exec()


def typed_key(app: QApplication, name: str, asked: list[tuple[float, float]]) -> list[Any]:
    """Type the key ``name`` into whatever has the focus and handle what it posted: the
    key's name, milliseconds by the clock and of the processor's time and, when a new cut
    was asked for (``asked``, filled by the dialog), how far into the key, by each."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    named = {"Tab": Qt.Key.Key_Tab, "Enter": Qt.Key.Key_Return}
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard focus"
    os.getppid()  # a marker between keys, for callgrind (first_key_instructions.py)
    began, cpu = time.perf_counter(), time.thread_time()
    asked.clear()
    if name in named:
        QTest.keyClick(widget, named[name])
    elif name.startswith("Alt+"):
        letter = Qt.Key(ord(name[-1].upper()))
        QTest.keyClick(widget, letter, Qt.KeyboardModifier.AltModifier)
    else:
        QTest.keyClick(widget, name)  # type: ignore[call-overload,unused-ignore]
    app.processEvents()  # what the key posted (repaints among them)
    clock, processor = time.perf_counter() - began, time.thread_time() - cpu
    # A new cut asked for: how much of the key came before its dialog was asked for.
    dialog = [(at - began) * 1000 for at, _ in asked[:1]]
    dialog += [(at - cpu) * 1000 for _, at in asked[:1]]
    return [name, clock * 1000, processor * 1000, *dialog]


def child(folder: Path) -> None:
    """Type a hand's keys twice; print each key's name, milliseconds by the clock and
    milliseconds of the processor's time (the main thread's)."""
    # QTest.keyClick has overloads for a QWindow too, and PySide6 sets QWindow up to tell
    # them apart: the harness's cost, not the app's (a player's keys reach it through Qt).
    from PySide6.QtGui import QWindow  # noqa: F401
    from PySide6.QtWidgets import QApplication

    from jojotte_score.core.model import Doubling, PlayedHand, Special
    from jojotte_score.gui.window import dialogs
    from jojotte_score.storage.database import Database
    from jojotte_score.storage.sittings import SittingStore

    app = QApplication([])
    from bench_window import shown_window

    asked: list[tuple[float, float]] = []  # when a new cut's dialog would have been shown

    def first_seat_deals(*_arguments: object) -> int:
        asked.append((time.perf_counter(), time.thread_time()))
        return 0

    dialogs.FirstDealerDialog.ask = classmethod(first_seat_deals)  # type: ignore[assignment,method-assign]
    database = Database.open(folder / "scores.sqlite3")
    _app, session, window = shown_window(SittingStore(database), folder)
    session.open_last()
    window.activateWindow()
    looked_at(app)
    shown = session.shown
    assert shown is not None
    hand = next(
        hand
        for hand in shown.sitting.hands
        if isinstance(hand, PlayedHand)
        and hand.special is Special.NONE
        and hand.double is Doubling.NONE
    )
    typed = []
    for _ in range(2):
        window.ready_next_hand()  # a fresh form, as after a hand recorded
        start = window.panel.values()
        plan = window.panel.form.keystrokes(hand._replace(note="", dealer=start.dealer), start)
        typed.append([typed_key(app, name, asked) for name in plan])
    os.getppid()  # the last key's end
    print(json.dumps(typed))


Keys = list[list[Any]]
"""The keys of one hand as the child prints them: name, clock and processor milliseconds,
and when a new cut was asked for, how far into the key by each."""


def slowest_and_later(first: Keys, later: Keys, column: int, ends_rubber: bool) -> list[float]:
    """The slowest key of the first hand by ``column`` (1: clock, 2: processor) and the
    same key later, in milliseconds; with ``ends_rubber`` false, of the keys that asked for
    no new cut (none when all did)."""
    places = [index for index, entry in enumerate(first) if ends_rubber or len(entry) == 3]
    if not places:
        return []
    slowest = max(places, key=lambda index: first[index][column])
    key = first[slowest][0]
    same = [entry for entry in later if entry[0] == key]
    if len(later) == len(first) and later[slowest][0] == key:
        same = [later[slowest]]  # the same key at the same place of the plan
    return [first[slowest][column], same[0][column] if same else max(later)[column]]


def print_hands(first: Keys, later: Keys) -> None:
    """One round's keys, each by the clock and by the processor."""
    for label, keys in (("first hand", first), ("same hand later", later)):
        print(
            f"{label} (ms, clock/processor): "
            + " ".join(
                f"{name}:{clock:.1f}/{cpu:.1f}"
                + (f" (dialog asked at {dialog[0]:.1f}/{dialog[1]:.1f})" if dialog else "")
                for name, clock, cpu, *dialog in keys
            )
        )


def rounds(repeat: int) -> list[tuple[Keys, Keys]]:
    """The keys of ``repeat`` children (each a fresh process), after one that fills the
    bytecode cache."""
    from bench_window import stored_with_next

    from jojotte_score.storage.database import Database
    from jojotte_score.storage.sittings import SittingStore

    typed = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        environment = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            # Bytecode cached as in an installed app, kept in the temporary folder.
            PYTHONPYCACHEPREFIX=str(folder / "pycache"),
        )
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
        with Database.open(folder / "scores.sqlite3") as database:
            stored_with_next(SittingStore(database), "two-player", HANDS, 0, "An evening")
        for round_number in range(repeat + 1):
            output = subprocess.run(
                [sys.executable, __file__, "--child", str(folder)],
                check=True,
                stdout=subprocess.PIPE,
                text=True,
                env=environment,
                timeout=120,
            ).stdout
            if round_number > 0:  # not the round that fills the bytecode cache
                first, later = json.loads(output.splitlines()[-1])
                print_hands(first, later)
                typed.append((first, later))
    return typed


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child is not None:
        child(arguments.child)
        return
    typed = rounds(arguments.repeat)
    for ends_rubber, which in ((True, "slowest key"), (False, "slowest key ending no rubber")):
        for column, kind in ((1, "clock"), (2, "processor")):
            pairs = [slowest_and_later(*hands, column, ends_rubber) for hands in typed]
            pairs = [pair for pair in pairs if pair]
            for label, pick in (("best", min), ("median", statistics.median)):
                if not pairs:
                    continue
                first_ms = pick(pair[0] for pair in pairs)
                later_ms = pick(pair[1] for pair in pairs)
                print(
                    f"{label}, by the {kind}: {which} of the first hand {first_ms:.1f} ms,"
                    f" the same key later {later_ms:.1f} ms ({first_ms / later_ms:.1f}x);"
                    f" a frame is {FRAME_MS:.1f} ms"
                )


if __name__ == "__main__":
    main()
