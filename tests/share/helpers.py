"""What the tests of the shared page share: the sitting on screen, a plain HTTP client on the
loopback and a server started for a test (the worked examples are in tests.stored_examples)."""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from jojotte_score.presenters.session import Session, Shown
from jojotte_score.share.server import ShareServer
from jojotte_score.storage.sittings import SittingStore


def shown_of(store: SittingStore, sitting_id: int) -> Shown:
    """The sitting ``sitting_id`` as the window shows it."""
    session = Session(store)
    session.open(sitting_id)
    assert session.shown is not None
    return session.shown


class Answer(NamedTuple):
    """An HTTP answer: its status, headers (names in lower case) and body."""

    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def request(
    server: ShareServer,
    path: str,
    method: str = "GET",
    headers: dict[str, str] | None = None,
    timeout: float = 5.0,
) -> Answer:
    """``method`` ``path`` on ``server`` over the loopback (a path without a leading "/" is
    under the page's token)."""
    if not path.startswith("/"):
        path = f"/{server.token}/{path}"
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    try:
        connection.request(method, path, headers=headers or {})
        answer = connection.getresponse()
        body = answer.read()
        return Answer(answer.status, {k.lower(): v for k, v in answer.getheaders()}, body)
    finally:
        connection.close()


def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait (polling) until ``condition()`` holds; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not so after {timeout} s")
        time.sleep(0.02)


class EventReader:
    """The page's event stream read over a raw socket: each ``view`` event's JSON."""

    def __init__(self, server: ShareServer, language: str = "en", timeout: float = 5.0) -> None:
        self.socket = socket.create_connection(("127.0.0.1", server.port), timeout=timeout)
        self.socket.sendall(
            f"GET /{server.token}/events HTTP/1.1\r\nHost: x\r\n"
            f"Accept-Language: {language}\r\n\r\n".encode()
        )
        self.buffer = b""
        head = self._until(b"\r\n\r\n")
        self.status_line = head.split(b"\r\n", 1)[0].decode()

    def _until(self, mark: bytes) -> bytes:
        while mark not in self.buffer:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise EOFError("the stream ended")
            self.buffer += chunk
        part, self.buffer = self.buffer.split(mark, 1)
        return part

    def next_view(self) -> Any:
        """The next ``view`` event's data (keep-alive comments skipped)."""
        while True:
            block = self._until(b"\n\n")
            if block.startswith(b"event: view\n"):
                return json.loads(block.split(b"data: ", 1)[1])

    def close(self) -> None:
        self.socket.close()
