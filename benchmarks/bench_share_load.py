"""What 20 phones following the shared page cost the scorepad over an evening of 60 hands.

An evening is 60 hands of a generated sitting (``sitting_generator.py``) recorded one after
another through the window, as the Record button records them (bench_record.py's path: the
values in the entry panel's fields, ``EntryPanel.record()``, the events that follow
processed), with a pause between hands (``--gap``, a quarter of a second by default: the
server's threads and the phones' connections go on between hands as they do at a table).
The window is a ``MainWindow`` shown offscreen (unless ``QT_QPA_PLATFORM`` says otherwise).

Each evening is played twice, on a fresh sitting each time: not shared (the baseline), and
shared with 20 phones following: File > Share with the table… chosen in the window, on
127.0.0.1 rather than the machine's address on the network, its dialog closed (the window's
refresh of each change makes the page's views again and publishes them). The phones are another
process (their work is not the scorepad's), each with a loopback address of its own
(127.0.0.2 to 127.0.0.21, as 20 phones on a network are 20 addresses): each loads the page,
its stylesheet and script, then follows the event stream, noting when each revision reaches
it. Everything is bounded in time: the phones give up after ``--limit`` seconds, and the
scorepad stops them when the evening is over.

It reports, for each evening: the scorepad process's CPU time (``time.process_time()``: the
window's thread and the server's threads together) over the evening, and each hand's
recording time in the window (best, median, worst); with the phones, how long after the
Record button the last of the 20 phones had the new figures, and the part of each hand's
recording spent making the page's views and publishing them (in the window's thread); and
the ratios, shared to not shared, as the other benchmarks print them.

    python3 benchmarks/bench_share_load.py [--hands 60] [--phones 20] [--gap 0.25]
                                           [--game two-player] [--repeat 1] [--limit 300]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_window import shown_window, stored_with_next
from sitting_generator import PLAYERS

from jojotte_score.storage.database import Database
from jojotte_score.storage.sittings import SittingStore

WAIT_S = 30.0  # at most this long for the phones to connect, or for a revision to reach them


# The phones (a process of their own) --------------------------------------------------------


def phone_address(index: int) -> str:
    """The loopback address phone ``index`` (0, 1, ...) connects from."""
    return f"127.0.0.{2 + index}"


def follow(url: str, phones: int, limit: float) -> None:
    """Be ``phones`` phones following ``url`` until stdin closes or ``limit`` seconds pass;
    then print, as JSON, when each revision reached each phone (``time.monotonic()``, the
    same clock in every process of the machine)."""
    host_port, _sep, path = url.removeprefix("http://").partition("/")
    host, _colon, port_text = host_port.rpartition(":")
    port, base = int(port_text), f"/{path}"
    deadline = time.monotonic() + limit
    selector = selectors.DefaultSelector()
    arrivals: list[dict[int, float]] = [{} for _ in range(phones)]
    buffers: dict[int, bytes] = {}
    for index in range(phones):
        source = (phone_address(index), 0)
        language = "de-DE,de;q=0.9" if index % 2 else "en-GB,en;q=0.8"
        for name in ("", "page.css", "page.js"):  # the page loaded, as a browser loads it
            connection = http.client.HTTPConnection(host, port, timeout=10, source_address=source)
            connection.request("GET", base + name, headers={"Accept-Language": language})
            answer = connection.getresponse()
            answer.read()
            connection.close()
            if answer.status != 200:
                raise SystemExit(f"phone {index}: {name or 'the page'} answered {answer.status}")
        stream = socket.create_connection((host, port), timeout=10, source_address=source)
        stream.sendall(
            f"GET {base}events HTTP/1.1\r\nHost: {host_port}\r\n"
            f"Accept-Language: {language}\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        stream.setblocking(False)
        selector.register(stream, selectors.EVENT_READ, index)
        buffers[index] = b""
    selector.register(sys.stdin, selectors.EVENT_READ, -1)
    print("following", flush=True)
    done = False
    while not done and time.monotonic() < deadline:
        for key, _events in selector.select(timeout=max(0.0, deadline - time.monotonic())):
            index = key.data
            if index == -1:  # the scorepad closed our stdin: the evening is over
                done = True
                break
            now = time.monotonic()
            chunk = key.fileobj.recv(65536)  # type: ignore[union-attr]
            if not chunk:
                selector.unregister(key.fileobj)
                continue
            buffers[index] += chunk
            while b"\n\n" in buffers[index]:
                block, buffers[index] = buffers[index].split(b"\n\n", 1)
                if b"event: view\n" in block:
                    data = json.loads(block.split(b"data: ", 1)[1])
                    arrivals[index].setdefault(int(data["revision"]), now)
    print(json.dumps([{str(r): t for r, t in phone.items()} for phone in arrivals]), flush=True)


class Phones:
    """The phones' process: started on ``url``, stopped by closing its stdin."""

    def __init__(self, url: str, phones: int, limit: float) -> None:
        command = [sys.executable, __file__, "--follow", url, "--phones", str(phones)]
        self.process = subprocess.Popen(
            [*command, "--limit", str(limit)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if line.strip() != "following":
            self.process.kill()
            raise RuntimeError(f"the phones did not start: {line!r}")

    def stop(self) -> list[dict[int, float]]:
        """Stop following; when each revision reached each phone."""
        try:
            out, _err = self.process.communicate(input="", timeout=WAIT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()
            raise
        phones: list[dict[str, float]] = json.loads(out.strip().splitlines()[-1])
        return [{int(r): t for r, t in phone.items()} for phone in phones]


# The scorepad --------------------------------------------------------------------------------


class Evening(NamedTuple):
    """One evening's figures: CPU seconds, each hand's recording seconds and, when shared,
    each hand's (revision, monotonic time its recording started)."""

    cpu: float
    wall: float
    recorded: list[float]
    published: list[tuple[int, float]]
    arrivals: list[dict[int, float]]
    sharing: list[float]


def evening(
    store: SittingStore,
    folder: Path,
    game: str,
    args: argparse.Namespace,
    seed: int,
    phones: int,
) -> Evening:
    """Record an evening's hands through the window; shared with ``phones`` phones unless
    that is 0 (then not shared at all)."""

    from jojotte_score.gui.entry.form_rules import FormValues

    sitting_id, hands = stored_with_next(store, game, 1, args.hands, f"{game} evening", seed)
    app, session, window = shown_window(store, folder)
    session.open(sitting_id)
    app.processEvents()
    server = None
    followers = None
    spent: list[float] = []
    if phones:  # File > Share with the table…, on the loopback, its dialog closed
        from jojotte_score.gui.action_names import ActionName
        from jojotte_score.gui.sharing import share_dialog

        share_dialog.lan_address = lambda: "127.0.0.1"  # type: ignore[attr-defined]
        window.named_actions[ActionName.SHARE].trigger()
        sharing = window.sharing
        assert sharing is not None
        sharing.dialog.close()
        server = sharing.server
        publish = sharing.publish

        def timed_publish(shown: Any) -> None:  # the window's own, timed
            start = time.perf_counter()
            publish(shown)
            spent.append(time.perf_counter() - start)

        sharing.publish = timed_publish  # type: ignore[method-assign]
        followers = Phones(server.url, phones, args.limit)
        deadline = time.monotonic() + WAIT_S
        while server.followers < phones:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{server.followers} of {phones} phones follow the page")
            time.sleep(0.05)

    def thrown_in() -> bool:  # Edit > Thrown in
        window.panel.record_thrown_in()
        return True

    recorded: list[float] = []
    published: list[tuple[int, float]] = []
    cpu_start, wall_start = time.process_time(), time.perf_counter()
    try:
        for hand in hands:
            count = session.shown.count if session.shown else 0
            window.panel.new_hand()
            window.panel._show_values(FormValues.of(hand))  # as typed
            app.processEvents()
            record = thrown_in if hand.thrown_in else window.panel.record
            started = time.monotonic()
            start = time.perf_counter()
            if not record() and not record():  # a warning asks for a second Enter
                raise AssertionError(f"hand {count + 1} was refused: {hand}")
            app.processEvents()
            recorded.append(time.perf_counter() - start)
            assert session.shown is not None
            assert session.shown.count == count + 1
            if server is not None:
                published.append((server.revision, started))
            pause_until = time.perf_counter() + args.gap
            while time.perf_counter() < pause_until:  # the table plays the next hand
                app.processEvents()
                time.sleep(0.01)
        cpu, wall = time.process_time() - cpu_start, time.perf_counter() - wall_start
        arrivals: list[dict[int, float]] = []
        if followers is not None:
            arrivals = followers.stop()
            followers = None
    finally:
        if followers is not None:
            followers.process.kill()
            followers.process.communicate()
        window.close()  # the sharing stops with it: the port closes
        window.deleteLater()
        app.processEvents()
    return Evening(cpu, wall, recorded, published, arrivals, spent)


def delivery(one: Evening) -> list[float]:
    """For each hand, seconds from its Record to the last phone having its figures."""
    seconds = []
    for revision, started in one.published:
        times = [phone.get(revision) for phone in one.arrivals]
        if any(when is None for when in times):
            raise AssertionError(f"revision {revision} did not reach every phone")
        seconds.append(max(when for when in times if when is not None) - started)
    return seconds


def milliseconds(values: list[float]) -> str:
    return (
        f"{1000 * min(values):6.1f} {1000 * statistics.median(values):6.1f} "
        f"{1000 * max(values):7.1f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=60, help="the hands of an evening")
    parser.add_argument("--phones", type=int, default=20, help="the phones following")
    parser.add_argument("--gap", type=float, default=0.25, help="seconds between two hands")
    parser.add_argument("--game", default="two-player", help="the game, by its file value")
    parser.add_argument("--repeat", type=int, default=1, help="evenings of each kind")
    parser.add_argument("--limit", type=float, default=300.0, help="the phones' time limit")
    parser.add_argument("--follow", help=argparse.SUPPRESS)  # the phones' own process
    args = parser.parse_args()
    if args.follow:
        follow(args.follow, args.phones, args.limit)
        return 0
    if args.game not in PLAYERS:
        parser.error(f"name a game among {', '.join(PLAYERS)}")
    if min(args.hands, args.phones, args.repeat) < 1 or not 0 <= args.gap <= 10:
        parser.error("--hands, --phones and --repeat take 1 or more, --gap 0 to 10 seconds")
    if args.phones > 250:
        parser.error("--phones: at most 250 (one loopback address each)")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from jojotte_score.gui.window import dialogs

    app = QApplication([sys.argv[0]])
    answered: Callable[..., None] = lambda *_args, **_kwargs: None  # noqa: E731
    dialogs.FirstDealerDialog.ask = answered  # type: ignore[method-assign]  # Esc
    print(
        f"An evening of {args.hands} {args.game} hands recorded through the window, "
        f"{args.gap:.2f} s apart: not shared, then shared with {args.phones} phones following "
        f"on the loopback"
    )
    print(
        f"{'evening':22s} {'CPU s':>6s} {'wall s':>7s}   recorded ms: {'best':>6s} {'median':>6s} "
        f"{'worst':>7s}   to the last phone ms: {'best':>6s} {'median':>6s} {'worst':>7s}"
    )
    results: dict[str, list[Evening]] = {"not shared": [], "shared": []}
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        with Database.open(folder / "bench.sqlite3") as database:
            store = SittingStore(database)
            for run in range(args.repeat):
                for kind, phones in (("not shared", 0), ("shared", args.phones)):
                    one = evening(store, folder, args.game, args, 1937 + run, phones)
                    results[kind].append(one)
                    label = kind if not phones else f"{kind}, {phones} phones"
                    line = (
                        f"{label:22s} {one.cpu:6.2f} {one.wall:7.2f}   {'':13s}"
                        f"{milliseconds(one.recorded)}"
                    )
                    if phones:
                        line += f"   {'':22s}{milliseconds(delivery(one))}"
                        line += f"   (the views made and published: {milliseconds(one.sharing)})"
                    print(line, flush=True)
    alone, shared = results["not shared"], results["shared"]
    cpu_alone = statistics.median(one.cpu for one in alone)
    cpu_shared = statistics.median(one.cpu for one in shared)
    hand_alone = statistics.median(t for one in alone for t in one.recorded)
    hand_shared = statistics.median(t for one in shared for t in one.recorded)
    per_hand = (cpu_shared - cpu_alone) / args.hands
    print(
        f"ratio, shared to not shared: CPU {cpu_shared / cpu_alone:.2f}x "
        f"({1000 * per_hand:+.1f} ms a hand), a hand's recording (median) "
        f"{hand_shared / hand_alone:.2f}x ({1000 * hand_alone:.1f} -> {1000 * hand_shared:.1f} ms)"
    )
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
