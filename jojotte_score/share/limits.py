"""The shared page's bounds: how many connections at once, how many requests a second from
one address, how long a socket may stay silent. Plain Python, thread-safe, no I/O."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import NamedTuple


class Limits(NamedTuple):
    """The server's bounds; the defaults suit a table of phones with room to spare.

    ``connections``: open connections at once, all addresses together (each is a thread: a
    phone following the page holds one, loading it two or three more for a moment);
    ``per_address``: open connections from one address; ``rate`` and ``burst``: requests a
    second from one address, on average and at once; ``timeout``: seconds a socket may wait
    to send or to receive before its connection is dropped; ``keep_alive``: seconds between
    the few bytes that keep a following page's connection open when nothing changes.
    """

    connections: int = 64
    per_address: int = 8
    rate: float = 10.0
    burst: float = 30.0
    timeout: float = 10.0
    keep_alive: float = 15.0


class Admission:
    """Counts open connections, in all and by address, and refuses those over the limits."""

    def __init__(self, limits: Limits) -> None:
        self._limits = limits
        self._lock = threading.Lock()
        self._open = 0
        self._by_address: dict[str, int] = {}

    def enter(self, address: str) -> bool:
        """Count a new connection from ``address``; False (and not counted) when it would
        go over a limit."""
        with self._lock:
            held = self._by_address.get(address, 0)
            if self._open >= self._limits.connections or held >= self._limits.per_address:
                return False
            self._open += 1
            self._by_address[address] = held + 1
            return True

    def leave(self, address: str) -> None:
        """A counted connection from ``address`` is closed."""
        with self._lock:
            self._open -= 1
            held = self._by_address.get(address, 0) - 1
            if held > 0:
                self._by_address[address] = held
            else:
                self._by_address.pop(address, None)

    @property
    def open(self) -> int:
        """How many connections are open now."""
        return self._open


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
