"""The shared page's bounds: how many connections at once, how many requests a second from
one address, how long a request may take to arrive and a socket may stay silent. Plain
Python, thread-safe, no I/O."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import NamedTuple


class Limits(NamedTuple):
    """The server's bounds; the defaults suit a table of phones with room to spare.

    A connection is first *arriving*: its request has not come whole yet. Arriving
    connections cost no thread (one thread reads them all), at most ``arriving`` at once and
    ``per_address`` from one address (a new one over either bound pushes out the oldest), and
    each must send its whole request within ``head_time`` seconds of connecting, else it is
    dropped: a client sending a byte now and then holds nothing for long. A whole request
    is then answered in a thread of its own: one with the page's token within
    ``connections`` at once and ``per_address`` from one address, of which at most
    ``streams`` are event streams (a phone following the page), so that a page load always
    finds room; one without the token (answered 404, 400 and so on at once) within
    ``strangers``, apart. Over those bounds the answer is 503 at once, without a thread.

    ``rate`` and ``burst``: requests a second from one address, on average and at once;
    ``timeout``: seconds a socket may wait to send before its connection is dropped;
    ``keep_alive``: seconds between the few bytes that keep a following page's connection
    open when nothing changes; ``stream_buffer``: bytes the system may hold for a stream's
    client (its socket's send buffer) and ``stall``: seconds a stream's write may wait for
    the client to read; a stream whose client does not read is dropped once they are
    spent.
    """

    connections: int = 64
    per_address: int = 8
    rate: float = 10.0
    burst: float = 30.0
    timeout: float = 10.0
    keep_alive: float = 15.0
    head_time: float = 5.0
    arriving: int = 256
    streams: int = 32
    strangers: int = 8
    stream_buffer: int = 65536
    stall: float = 2.0


class Admission:
    """Counts the requests being answered, in all, by address and by kind ("page",
    "stream" or "stranger": without the token), and refuses those over the limits."""

    def __init__(self, limits: Limits) -> None:
        self._limits = limits
        self._lock = threading.Lock()
        self._open = 0
        self._streams = 0
        self._strangers = 0
        self._by_address: dict[str, int] = {}

    def enter(self, address: str, kind: str = "page") -> bool:
        """Count a new request of ``kind`` from ``address``; False (and not counted) when it
        would go over a limit."""
        limits = self._limits
        with self._lock:
            if kind == "stranger":
                if self._strangers >= limits.strangers:
                    return False
                self._strangers += 1
                return True
            held = self._by_address.get(address, 0)
            if self._open >= limits.connections or held >= limits.per_address:
                return False
            if kind == "stream":
                if self._streams >= limits.streams:
                    return False
                self._streams += 1
            self._open += 1
            self._by_address[address] = held + 1
            return True

    def leave(self, address: str, kind: str = "page") -> None:
        """A counted request of ``kind`` from ``address`` is answered and closed."""
        with self._lock:
            if kind == "stranger":
                self._strangers -= 1
                return
            if kind == "stream":
                self._streams -= 1
            self._open -= 1
            held = self._by_address.get(address, 0) - 1
            if held > 0:
                self._by_address[address] = held
            else:
                self._by_address.pop(address, None)

    @property
    def open(self) -> int:
        """How many requests with the token are being answered now (streams included)."""
        return self._open

    @property
    def strangers(self) -> int:
        """How many requests without the token are being answered now."""
        return self._strangers


class RequestRate:
    """Requests a second by address, as a token bucket: ``burst`` at once, then ``rate`` a
    second. Addresses quiet long enough to have a full bucket again are forgotten."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self._rate, self._burst = limits.rate, limits.burst
        self._clock = clock
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}  # address: (tokens, when)

    def allow(self, address: str) -> bool:
        """Take one request from ``address``'s allowance; False when it has none left."""
        now = self._clock()
        with self._lock:
            tokens, when = self._buckets.get(address, (self._burst, now))
            tokens = min(self._burst, tokens + (now - when) * self._rate)
            allowed = tokens >= 1.0
            self._buckets[address] = (tokens - 1.0 if allowed else tokens, now)
            if len(self._buckets) > 1024:  # forget the addresses whose bucket is full again
                full = self._burst / self._rate
                self._buckets = {
                    key: value for key, value in self._buckets.items() if now - value[1] < full
                }
            return allowed
