"""The shared page's web server: the standard library's threading HTTP server, read-only and
bounded.

Paths, under the page's token (``/TOKEN/``; every other path answers 404 with an empty
body): ``/TOKEN/`` the page, ``page.css``, ``page.js``, ``view.json`` (the figures now) and
``events`` (Server-Sent Events: the figures again each time they change). GET and HEAD
only; any other method on those paths answers 405. Every answer carries the same strict
headers (:data:`SECURITY_HEADERS`) and is never cached.

The server never touches the sitting: the thread that owns it makes each language's bytes
(:func:`jojotte_score.share.view.shared_views`) and hands them over with :meth:`publish`,
which only swaps them in and wakes the following pages. Reading and writing the network
happens in the server's own threads, bounded by :class:`~jojotte_score.share.limits.Limits`:
one thread, the door (:mod:`jojotte_score.share.arrivals`), accepts every connection and reads
its request until it has come whole (within a few seconds, or it is dropped); each whole
request is then answered in a thread of its own, those with the page's token apart from those
without, event streams within a share of their own. A phone that stops reading is dropped
once what the system holds for it is full, and never holds up the others or the window.
"""

from __future__ import annotations

import contextlib
import hmac
import io
import select
import socket
import socketserver
import sys
import threading
from collections.abc import Iterator, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, NamedTuple

from jojotte_score.i18n import LANGUAGES, SOURCE_LANGUAGE, speaking
from jojotte_score.share.address import new_token, page_url, shown_host
from jojotte_score.share.arrivals import Arrived, Door
from jojotte_score.share.assets import SCRIPT, STYLESHEET, icon_png, page_html
from jojotte_score.share.limits import Admission, Limits, RequestRate
from jojotte_score.share.view import SharedView

SECURITY_HEADERS = (
    ("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; base-uri 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)
"""Sent with every answer: only the page's own origin, no sniffing, no framing, no referrer,
nothing kept in a cache."""

_ALLOWED = "GET, HEAD"
_FILES = frozenset({"", "page.css", "page.js", "icon.png", "view.json", "events"})
_LOOK_AGAIN = 1.0  # seconds between looks at a following page's connection


class _Published(NamedTuple):
    """One language's bytes of one revision."""

    page: bytes
    json: bytes


def choose_language(accept: str | None) -> str:
    """The language an ``Accept-Language`` header asks for, of those the program speaks:
    the one of the highest weight ("de-AT,de;q=0.9,en;q=0.8": German); English otherwise."""
    best, best_weight = SOURCE_LANGUAGE, 0.0
    for position, part in enumerate((accept or "").split(",")[:32]):
        tag, _sep, parameters = part.strip().partition(";")
        code = tag.strip().split("-")[0].lower()
        weight = 1.0
        for parameter in parameters.split(";"):
            name, _eq, value = parameter.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        weight -= position * 1e-6  # of equal weights, the first
        if code in LANGUAGES and weight > best_weight:
            best, best_weight = code, weight
    return best


class ShareServer:
    """The shared page of one sitting, served on ``bind``:``port`` (0: any free port).

    Use: ``server = ShareServer(shared_views(shown), bind=..., port=0)``; ``server.start()``
    (raises OSError when the address cannot be used); ``server.url`` for the QR code;
    ``server.publish(shared_views(shown))`` after each change; ``server.followers`` for the
    status line; ``server.stop()`` (idempotent) closes the port and every connection.
    """

    def __init__(
        self,
        views: Mapping[str, SharedView],
        *,
        bind: str = "127.0.0.1",
        port: int = 0,
        token: str | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.bind = bind
        self.token = token or new_token()
        self.limits = limits or Limits()
        self._requested_port = self._port = port
        self._icon = icon_png()
        self._changed = threading.Condition()
        self._revision = 0
        self._published: dict[str, _Published] = {}
        self._views: dict[str, SharedView] = {}
        self._followers = 0
        self._stopping = False
        self._admission = Admission(self.limits)
        self._rate = RequestRate(self.limits)
        self._sockets: set[socket.socket] = set()
        self._sockets_lock = threading.Lock()
        self._httpd: _HTTPServer | None = None
        self._door: Door | None = None
        self._thread: threading.Thread | None = None
        self.publish(views)

    # Starting and stopping ----------------------------------------------------------------

    def start(self) -> ShareServer:
        """Listen and serve, in a thread of its own; returns the server."""
        if self._httpd is not None:
            return self
        server_class = _HTTPServer6 if ":" in self.bind else _HTTPServer
        # It only listens: the door accepts, and each whole request is given its _Handler.
        httpd = server_class((self.bind, self._requested_port), BaseHTTPRequestHandler)
        httpd.share = self
        self._httpd = httpd
        self._port = int(httpd.server_address[1])
        self._door = Door(httpd.socket, self.limits, self._arrived, SECURITY_HEADERS)
        self._thread = threading.Thread(target=self._door.run, daemon=True)
        self._thread.name = "jojotte-score share"
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving: the port is closed and every open connection with it."""
        httpd = self._httpd
        if httpd is None:
            return
        self._httpd = None
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
        if self._door is not None:
            self._door.stop()  # the door closes the connections still arriving
        if self._thread is not None:
            self._thread.join(timeout=1.0)
        httpd.server_close()
        with self._sockets_lock:
            open_sockets = list(self._sockets)
        for connection in open_sockets:  # wakes a thread blocked reading or writing
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    @property
    def running(self) -> bool:
        """True while the server listens."""
        return self._httpd is not None

    # What it tells ------------------------------------------------------------------------

    @property
    def port(self) -> int:
        """The port it listens on (the one chosen when asked for 0), or listened on."""
        return self._port

    @property
    def url(self) -> str:
        """The page's address, for a phone on the local network."""
        return page_url(shown_host(self.bind), self.port, self.token)

    @property
    def followers(self) -> int:
        """How many pages follow the sitting now (open event streams)."""
        return self._followers

    @property
    def revision(self) -> int:
        """The revision of the figures served; a new one at each change published."""
        return self._revision

    def publish(self, views: Mapping[str, SharedView]) -> bool:
        """Serve ``views`` (one per language) from now on and tell the following pages;
        True when they differ from what was served (else the revision stays)."""
        if dict(views) == self._views:
            return False
        revision = self._revision + 1
        published = {}
        for language, view in views.items():
            with speaking(language):
                page = page_html(language, view.data["title"], view.html, revision)
            published[language] = _Published(page, view.json_bytes(revision))
        with self._changed:
            self._views = dict(views)
            self._published = published
            self._revision = revision
            self._changed.notify_all()
        return True

    # For the handlers ---------------------------------------------------------------------

    def _current(self, language: str) -> tuple[int, _Published]:
        with self._changed:
            published = self._published.get(language) or self._published[SOURCE_LANGUAGE]
            return self._revision, published

    def _wait(self, revision: int, timeout: float) -> bool:
        """Wait until the revision is not ``revision`` (or the server stops, or
        ``timeout`` passes); True while serving."""
        with self._changed:
            if self._revision == revision and not self._stopping:
                self._changed.wait(timeout)
            return not self._stopping

    @contextlib.contextmanager
    def _following(self) -> Iterator[None]:
        with self._changed:
            self._followers += 1
        try:
            yield
        finally:
            with self._changed:
                self._followers -= 1

    def _kind(self, head: bytes) -> str:
        """What a request is, from its first line: "stream" (the event stream), "page" (any
        other path under the token) or "stranger" (no token: answered 404, 400 and so on)."""
        line = head.split(b"\n", 1)[0].split()
        target = line[1] if len(line) > 1 else b""
        path = target.partition(b"?")[0]
        token = self.token.encode()
        # The token's bytes are compared in a time that does not tell how many matched.
        given = path[1 : 1 + len(token)]
        if not (
            path[:1] == b"/"
            and hmac.compare_digest(given, token)
            and path[1 + len(token) : 2 + len(token)] == b"/"
        ):
            return "stranger"
        return "stream" if path[2 + len(token) :] == b"events" else "page"

    def _arrived(self, arrived: Arrived) -> None:
        """A whole request (in the door's thread): answered in a thread of its own within
        the limits, else 503 at once."""
        kind = self._kind(arrived.head)
        address = arrived.client[0]
        connection = arrived.connection
        if self._stopping or not self._admission.enter(address, kind):
            _refuse(connection)
            with contextlib.suppress(OSError):
                connection.close()
            return
        with self._sockets_lock:
            self._sockets.add(connection)
        thread = threading.Thread(target=self._answer, args=(arrived, kind), daemon=True)
        thread.name = "jojotte-score share answer"
        try:
            thread.start()
        except RuntimeError:  # no thread to be had: as if over the limits
            self._release(connection, address, kind)
            _refuse(connection)
            connection.close()

    def _answer(self, arrived: Arrived, kind: str) -> None:
        connection, client = arrived.connection, arrived.client
        try:
            httpd = self._httpd
            if httpd is not None:
                _Handler(connection, client, httpd, head=arrived.head)
        except Exception:  # a reset or timed-out connection is simply closed
            pass
        finally:
            self._release(connection, client[0], kind)
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_WR)
            connection.close()

    def _release(self, connection: socket.socket, address: str, kind: str) -> None:
        with self._sockets_lock:
            self._sockets.discard(connection)
        self._admission.leave(address, kind)


class _HTTPServer(ThreadingHTTPServer):
    """The listening socket and the handlers' server; the door accepts on its socket and
    the share starts a thread for each whole request (see :meth:`ShareServer._arrived`)."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = 64
    # On Windows SO_REUSEADDR would let another program take the same port.
    allow_reuse_address = sys.platform != "win32"
    share: ShareServer

    def server_bind(self) -> None:
        """Bind without the base's reverse lookup of the address's name (``getfqdn``), which
        can wait for seconds on a network without a name server."""
        socketserver.TCPServer.server_bind(self)
        host, port = self.server_address[:2]
        self.server_name, self.server_port = str(host), int(port)


class _HTTPServer6(_HTTPServer):
    address_family = socket.AF_INET6


def _refuse(connection: socket.socket) -> None:
    """Answer 503 to a connection over the limits, without waiting for it to read."""
    answer = "HTTP/1.0 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Length: 0\r\n"
    answer += "".join(f"{name}: {value}\r\n" for name, value in SECURITY_HEADERS)
    with contextlib.suppress(OSError):
        connection.setblocking(False)
        # What the client has sent already is read first: a socket closed with unread data
        # is reset, and a reset can lose the answer before the client reads it.
        with contextlib.suppress(BlockingIOError):
            connection.recv(65536)
        connection.send(f"{answer}\r\n".encode())
        connection.shutdown(socket.SHUT_WR)


class _Handler(BaseHTTPRequestHandler):
    """The answers: the page's files under its token, 404, 405, 429; nothing logged."""

    server: _HTTPServer
    server_version = "jojotte-score"
    sys_version = ""
    error_content_type = "text/plain"
    error_message_format = ""  # errors carry no body

    def __init__(
        self, request: socket.socket, client: tuple[str, int], server: _HTTPServer, head: bytes
    ) -> None:
        self._head = head
        super().__init__(request, client, server)

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.server.share.limits.timeout)
        # The door has read the request whole; nothing more is read from the socket.
        self.rfile = io.BytesIO(self._head)

    def version_string(self) -> str:
        return self.server_version

    def log_message(self, format: str, *args: Any) -> None:
        """Nothing is logged: the addresses of the phones are nobody's business."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """An error from the request's parsing (400, 414, 431, 501): the code, the strict
        headers, no body."""
        self._answer(code, b"", "text/plain")

    # Methods -----------------------------------------------------------------------------

    def do_GET(self) -> None:
        self._serve(body=True)

    def do_HEAD(self) -> None:
        self._serve(body=False)

    def __getattr__(self, name: str) -> Any:
        """Every other method (``do_POST``, ``do_PUT``, ...): 405 on the page's paths."""
        if name.startswith("do_"):
            return self._not_allowed
        raise AttributeError(name)

    def _not_allowed(self) -> None:
        if self._file() is None:
            self._answer(404, b"", "text/plain")
        else:
            self._answer(405, b"", "text/plain", (("Allow", _ALLOWED),))

    # Answers ------------------------------------------------------------------------------

    def _file(self) -> str | None:
        """The page's file asked for ("" for the page itself), or None for any other path."""
        share = self.server.share
        path, _sep, _query = self.path.partition("?")
        prefix = f"/{share.token}/"
        if not path.startswith(prefix):
            return None
        name = path[len(prefix) :]
        return name if name in _FILES else None

    def _serve(self, *, body: bool) -> None:
        share = self.server.share
        name = self._file()
        if name is None:
            self._answer(404, b"", "text/plain", send=body)
            return
        if not share._rate.allow(str(self.client_address[0])):
            self._answer(429, b"", "text/plain", (("Retry-After", "1"),), send=body)
            return
        language = choose_language(self.headers.get("Accept-Language"))
        if name == "events":
            self._stream(language, body=body)
            return
        _revision, published = share._current(language)
        if name == "":
            self._answer(200, published.page, "text/html; charset=utf-8", send=body)
        elif name == "view.json":
            self._answer(200, published.json, "application/json", send=body)
        elif name == "page.css":
            self._answer(200, STYLESHEET, "text/css; charset=utf-8", send=body)
        elif name == "icon.png":
            self._answer(200, share._icon, "image/png", send=body)
        else:
            self._answer(200, SCRIPT, "text/javascript; charset=utf-8", send=body)

    def _answer(
        self,
        code: int,
        content: bytes,
        kind: str,
        extra: tuple[tuple[str, str], ...] = (),
        *,
        send: bool = True,
    ) -> None:
        self.send_response_only(code)
        self.send_header("Date", self.date_time_string())
        self._headers(kind, extra)
        self.send_header("Content-Length", str(len(content)))
        self.send_header("Connection", "close")
        self.end_headers()
        if send and content:
            self.wfile.write(content)
        self.close_connection = True

    def _headers(self, kind: str, extra: tuple[tuple[str, str], ...] = ()) -> None:
        self.send_header("Content-Type", kind)
        for name, value in (*SECURITY_HEADERS, *extra):
            self.send_header(name, value)
        if "Vary" not in dict(extra):
            self.send_header("Vary", "Accept-Language")

    def _stream(self, language: str, *, body: bool) -> None:
        """The event stream: the figures now, then again at each new revision, with a
        comment every ``keep_alive`` seconds while nothing changes."""
        share = self.server.share
        self.close_connection = True
        self.send_response_only(200)
        self.send_header("Date", self.date_time_string())
        self._headers("text/event-stream; charset=utf-8")
        self.send_header("Connection", "close")
        self.end_headers()
        if not body:
            return
        limits = share.limits
        with contextlib.suppress(OSError):
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, limits.stream_buffer)
        # A client that does not read is dropped once its buffers are full: a write that
        # cannot go on for ``stall`` seconds ends the stream (its thread, its slot).
        self.connection.settimeout(limits.stall)
        with share._following():
            self.wfile.write(b"retry: 3000\n\n")
            sent, quiet = -1, 0.0
            while True:
                revision, published = share._current(language)
                if revision != sent:
                    self.wfile.write(b"event: view\ndata: " + published.json + b"\n\n")
                    sent, quiet = revision, 0.0
                elif quiet >= share.limits.keep_alive:
                    self.wfile.write(b": still here\n\n")
                    quiet = 0.0
                # Woken by a change, or each second to see whether the page has gone (so
                # that the count of followers is right within a second).
                if not share._wait(sent, _LOOK_AGAIN) or _closed(self.connection):
                    return
                quiet += _LOOK_AGAIN


def _closed(connection: socket.socket) -> bool:
    """True when the other end has closed the connection (or it failed)."""
    try:
        readable, _writable, _failed = select.select([connection], [], [], 0)
        return bool(readable) and connection.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):
        return True
