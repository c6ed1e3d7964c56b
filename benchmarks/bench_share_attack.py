"""The shared page under attack: do the phones still get the page, and what does the window pay?

Two attacks on the loopback (``tests/share/attacks.py``, another process): ``slowloris``, 8
addresses × 8 sockets that never finish a request and have no token, and ``streams``, 8 × 8
event streams with the token that never read. Meanwhile a phone (an address of its own, in the
attacker's process) loads the page every half second and must have it whole within a second.

``--target window``: File > Share with the table… in a ``MainWindow`` (offscreen), on
127.0.0.1; ``--hands`` hands are recorded through it while nothing attacks and again during
the attack, as bench_share_load.py records them; printed: each evening's recording time
(best, median, worst), the process's threads and resident memory at the attack's end.
``--target share``: ``jojotte-score share`` in a process of its own over a stored sitting;
printed: its threads and resident memory at the attack's end (read from /proc: Linux).

    python3 benchmarks/bench_share_attack.py [--target window|share] [--kind slowloris|streams]
                                             [--duration 20] [--hands 30]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_window import shown_window, stored_with_next

from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore

ROOT = Path(__file__).resolve().parent.parent
ATTACKS = ROOT / "tests" / "share" / "attacks.py"


def status_of(pid: int) -> tuple[int, int]:
    """The threads and resident memory (KiB) of process ``pid``, from /proc."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _colon, value = line.partition(":")
        fields[name] = value.split()[0] if value.split() else ""
    return int(fields["Threads"]), int(fields["VmRSS"])


class Attacker:
    """The attacker's process, with its phone; :meth:`result` waits for its figures."""

    def __init__(self, kind: str, port: int, token: str, duration: float) -> None:
        command = [sys.executable, str(ATTACKS), "--kind", kind, "--port", str(port)]
        command += ["--token", token, "--duration", str(duration)]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if line.strip() != "attacking":
            self.process.kill()
            raise RuntimeError(f"the attack did not start: {line!r}")

    def result(self) -> dict[str, Any]:
        out, _err = self.process.communicate(timeout=120)
        figures: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
        return figures


def record(window: Any, session: Any, app: Any, hands: list[Any], gap: float) -> list[float]:
    """Record ``hands`` through the window, ``gap`` seconds apart; each recording's seconds."""
    from jojotte_score.gui.entry.form_rules import FormValues

    times = []
    for hand in hands:
        count = session.shown.count
        window.panel.new_hand()
        window.panel._show_values(FormValues.of(hand))
        app.processEvents()
        start = time.perf_counter()
        if hand.thrown_in:
            window.panel.record_thrown_in()
        elif not window.panel.record() and not window.panel.record():
            raise AssertionError(f"hand {count + 1} was refused")
        app.processEvents()
        times.append(time.perf_counter() - start)
        assert session.shown.count == count + 1
        until = time.perf_counter() + gap
        while time.perf_counter() < until:
            app.processEvents()
            time.sleep(0.01)
    return times


def milliseconds(values: list[float]) -> str:
    return (
        f"{1000 * min(values):6.1f} {1000 * statistics.median(values):6.1f} "
        f"{1000 * max(values):7.1f}"
    )


def against_window(args: argparse.Namespace) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from jojotte_score.gui.action_names import ActionName
    from jojotte_score.gui.sharing import share_dialog
    from jojotte_score.gui.window import dialogs

    app = QApplication([sys.argv[0]])
    answered: Callable[..., None] = lambda *_args, **_kwargs: None  # noqa: E731
    dialogs.FirstDealerDialog.ask = answered  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        with Database.open(folder / "bench.sqlite3") as database:
            store = SittingStore(database)
            sitting_id, hands = stored_with_next(
                store, "two-player", 1, 2 * args.hands, "attacked evening", 1937
            )
            app, session, window = shown_window(store, folder)
            session.open(sitting_id)
            app.processEvents()
            share_dialog.lan_address = lambda: "127.0.0.1"  # type: ignore[attr-defined]
            window.named_actions[ActionName.SHARE].trigger()
            sharing = window.sharing
            assert sharing is not None
            sharing.dialog.close()
            server = sharing.server
            quiet = record(window, session, app, hands[: args.hands], args.gap)
            threads_quiet, memory_quiet = status_of(os.getpid())
            attacker = Attacker(args.kind, server.port, server.token, args.duration)
            attacked = record(window, session, app, hands[args.hands :], args.gap)
            threads, memory = status_of(os.getpid())
            while attacker.process.poll() is None:
                app.processEvents()
                time.sleep(0.05)
                threads, memory = max((threads, memory), status_of(os.getpid()))
            phone = attacker.result()
            window.close()
            window.deleteLater()
            app.processEvents()
    print(f"the window's sharing under {args.kind}:")
    print(f"  recorded ms (best, median, worst), no attack: {milliseconds(quiet)}")
    print(f"  recorded ms (best, median, worst), attacked:  {milliseconds(attacked)}")
    print(f"  threads {threads_quiet} -> {threads}, resident {memory_quiet} -> {memory} KiB")
    print(f"  phone: {phone['answered']} of {phone['loads']} loads whole within 1 s", end="")
    print(f" (slowest {phone['slowest']}); attacker sockets opened {phone['sockets_opened']}")


def against_share(args: argparse.Namespace) -> None:
    from jojotte_score.formats.sitting_file import load_sitting

    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        with Database.open(folder / "sittings.sqlite3") as database:
            example = ROOT / "tests" / "data" / "german-example.json"
            SittingStore(database).import_sitting(load_sitting(example).sitting)
        command = [sys.executable, "-m", "jojotte_score", "share", "--data-dir", str(folder)]
        command += ["--bind", "127.0.0.1"]
        environment = {**os.environ, "PYTHONPATH": str(ROOT)}
        process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=environment)
        try:
            assert process.stdout is not None
            url = process.stdout.readline().split(" at ")[-1].strip()
            host_port, _sep, path = url.removeprefix("http://").partition("/")
            port, token = int(host_port.rpartition(":")[2]), path.strip("/")
            threading.Thread(target=process.stdout.read, daemon=True).start()
            quiet = status_of(process.pid)
            attacker = Attacker(args.kind, port, token, args.duration)
            worst = quiet
            while attacker.process.poll() is None:
                time.sleep(0.1)
                worst = max(worst, status_of(process.pid))
            phone = attacker.result()
        finally:
            process.terminate()
            process.wait(timeout=10)
    print(f"`jojotte-score share` under {args.kind}:")
    print(f"  threads {quiet[0]} -> {worst[0]}, resident {quiet[1]} -> {worst[1]} KiB")
    print(f"  phone: {phone['answered']} of {phone['loads']} loads whole within 1 s", end="")
    print(f" (slowest {phone['slowest']}); attacker sockets opened {phone['sockets_opened']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--target", choices=["window", "share"], default="window")
    parser.add_argument("--kind", choices=["slowloris", "streams"], default="slowloris")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of the phone")
    parser.add_argument("--hands", type=int, default=30, help="hands of each evening")
    parser.add_argument("--gap", type=float, default=0.25, help="seconds between two hands")
    args = parser.parse_args()
    if args.target == "window":
        against_window(args)
    else:
        against_share(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
