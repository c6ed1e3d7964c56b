"""The shared page's door: one thread that accepts every connection and reads each request
until it has come whole, without a thread per connection.

A request's head (its first line and headers) must come whole within
:attr:`Limits.head_time` seconds of connecting, and be at most :data:`HEAD_BYTES` long; a
connection that is slower is answered 408 and closed, one that sends more 431. At most
:attr:`Limits.arriving` connections wait at once, and :attr:`Limits.per_address` from one
address: a new connection over either bound pushes out the oldest (of its address first), so
a client that opens connections and sends a byte now and then can hold none of them long,
and never keeps a phone out. A whole request is handed on (:class:`Arrived`) with the
bytes read, for a thread of its own to answer.
"""

from __future__ import annotations

import contextlib
import selectors
import socket
import time
from collections.abc import Callable
from typing import NamedTuple

from jojotte_score.share.limits import Limits

HEAD_BYTES = 32768
"""The longest request head read: the page's requests are a few hundred bytes."""
_LOOK = 0.25  # at least this often the door looks for connections past their time


class Arrived(NamedTuple):
    """A connection whose request has come whole: the socket (blocking again), the client's
    address and port, and the bytes read (the head, and anything sent after it)."""

    connection: socket.socket
    client: tuple[str, int]
    head: bytes


class _Arriving:
    __slots__ = ("address", "client", "data", "deadline")

    def __init__(self, client: tuple[str, int], deadline: float) -> None:
        self.client = client
        self.address = client[0]
        self.deadline = deadline
        self.data = b""


def head_complete(data: bytes) -> bool:
    """Whether ``data`` holds a whole request head: its blank line, or a first line with no
    HTTP version (HTTP/0.9 has no headers)."""
    if b"\r\n\r\n" in data or b"\n\n" in data:
        return True
    line, newline, _rest = data.partition(b"\n")
    return bool(newline) and b" HTTP/" not in line


class Door:
    """Accepts on ``listener`` and reads requests until :meth:`stop`; each whole request is
    passed to ``arrived`` (in the door's thread: it must not wait). The door's own answers
    (408, 431, 503) carry ``headers``."""

    def __init__(
        self,
        listener: socket.socket,
        limits: Limits,
        arrived: Callable[[Arrived], None],
        headers: tuple[tuple[str, str], ...] = (),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._listener = listener
        self._headers = "".join(f"{name}: {value}\r\n" for name, value in headers).encode()
        self._limits = limits
        self._arrived = arrived
        self._clock = clock
        self._waiting: dict[socket.socket, _Arriving] = {}  # oldest first
        self._selector = selectors.DefaultSelector()
        self._wake_reader, self._wake_writer = socket.socketpair()
        self._stopping = False

    @property
    def waiting(self) -> int:
        """How many connections are waiting for their request to come whole."""
        return len(self._waiting)

    def stop(self) -> None:
        """Make :meth:`run` return (within moments); it closes the waiting connections."""
        self._stopping = True
        with contextlib.suppress(OSError):
            self._wake_writer.send(b"x")

    def run(self) -> None:
        """Serve the door until :meth:`stop`."""
        self._listener.setblocking(False)
        self._selector.register(self._listener, selectors.EVENT_READ, "listener")
        self._selector.register(self._wake_reader, selectors.EVENT_READ, "wake")
        try:
            while not self._stopping:
                for key, _events in self._selector.select(self._timeout()):
                    if key.data == "listener":
                        self._accept()
                    elif key.data == "wake":
                        with contextlib.suppress(OSError):
                            self._wake_reader.recv(64)
                    else:
                        self._read(key.fileobj)  # type: ignore[arg-type]
                self._expire()
        finally:
            for connection in list(self._waiting):
                self._drop(connection)
            self._selector.close()
            self._wake_reader.close()
            self._wake_writer.close()

    def _timeout(self) -> float:
        if not self._waiting:
            return _LOOK
        oldest = next(iter(self._waiting.values()))
        return max(0.0, min(_LOOK, oldest.deadline - self._clock()))

    def _accept(self) -> None:
        for _many in range(64):  # a few at a time, so that reading goes on too
            try:
                connection, client = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:  # out of descriptors, a reset before accepting: try again later
                return
            connection.setblocking(False)
            arriving = _Arriving((str(client[0]), int(client[1])), self._clock())
            arriving.deadline += self._limits.head_time
            self._make_room(arriving.address)
            self._waiting[connection] = arriving
            self._selector.register(connection, selectors.EVENT_READ, arriving)

    def _make_room(self, address: str) -> None:
        """Push out the oldest waiting connection of ``address`` when it has its share, and
        the oldest of all when the door is full."""
        same = [c for c, waiting in self._waiting.items() if waiting.address == address]
        if len(same) >= self._limits.per_address:
            self._drop(same[0], b"503 Service Unavailable")
        if len(self._waiting) >= self._limits.arriving:
            self._drop(next(iter(self._waiting)), b"503 Service Unavailable")

    def _read(self, connection: socket.socket) -> None:
        arriving = self._waiting.get(connection)
        if arriving is None:
            return
        try:
            chunk = connection.recv(8192)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._drop(connection)
            return
        if not chunk:
            self._drop(connection)
            return
        arriving.data += chunk
        if head_complete(arriving.data):
            self._forget(connection)
            connection.setblocking(True)
            self._arrived(Arrived(connection, arriving.client, arriving.data))
        elif len(arriving.data) > HEAD_BYTES:
            self._drop(connection, b"431 Request Header Fields Too Large")

    def _expire(self) -> None:
        now = self._clock()
        late = [c for c, waiting in self._waiting.items() if waiting.deadline <= now]
        for connection in late:
            self._drop(connection, b"408 Request Timeout")

    def _forget(self, connection: socket.socket) -> None:
        self._waiting.pop(connection, None)
        with contextlib.suppress(KeyError, ValueError, OSError):
            self._selector.unregister(connection)

    def _drop(self, connection: socket.socket, status: bytes = b"") -> None:
        """Close a waiting connection, with a short answer when ``status`` says one."""
        self._forget(connection)
        if status:
            with contextlib.suppress(OSError):
                connection.send(
                    b"HTTP/1.0 "
                    + status
                    + b"\r\nContent-Length: 0\r\nConnection: close\r\n"
                    + self._headers
                    + b"\r\n"
                )
        with contextlib.suppress(OSError):
            connection.close()
