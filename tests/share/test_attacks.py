"""The shared page under attack on the loopback, bounded in sockets and in time: a phone
must get the whole page within a second, every time, while 8 addresses × 8 sockets hold
requests that never finish (slowloris, without the token) or event streams that never read
(with the token); against the server as the window starts it and against `jojotte-score
share` in a process of its own. The window's side is tests/gui/test_sharing_attacks.py."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from jojotte_score.share.limits import Limits
from jojotte_score.share.server import ShareServer
from jojotte_score.share.view import SharedView, shared_views
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from tests.stored_examples import store_game

from .attacks import ATTACK_ADDRESSES, PHONE_ADDRESS, Attack, Kind, load_page, phone_loads
from .helpers import shown_of, wait_until

ROOT = Path(__file__).resolve().parents[2]


def _loopback_addresses() -> bool:
    """Whether this system answers on 127.0.0.x beyond 127.0.0.1 (Linux and Windows do)."""
    try:
        with socket.socket() as probe:
            probe.bind((ATTACK_ADDRESSES[-1], 0))
        with socket.socket() as probe:
            probe.bind((PHONE_ADDRESS, 0))
    except OSError:
        return False
    return True


pytestmark = pytest.mark.skipif(
    not _loopback_addresses(), reason="needs the loopback addresses 127.0.0.2 to 127.0.0.17"
)


@pytest.fixture
def views(tmp_path: Path) -> Iterator[dict[str, SharedView]]:
    with Database.open(database_path(tmp_path / "data")) as database:
        store = SittingStore(database)
        yield shared_views(shown_of(store, store_game(store, "two-player")))


def attacked_loads(
    kind: Kind, port: int, token: str, *, seconds: float = 4.0, drip: float = 1.0
) -> tuple[list[float | None], Attack]:
    """The phone's loads while ``kind`` runs against ``port``, once it has taken hold."""
    with Attack(kind, port, token, drip=drip, duration=seconds + 10) as attack:
        wait_until(lambda: attack.opened >= 64, timeout=10)
        time.sleep(1.0)  # every slot the attack can take, taken
        loads = phone_loads(port, token, seconds, every=0.25)
    return loads, attack


@pytest.mark.parametrize("kind", ["slowloris", "streams"])
def test_a_phone_gets_the_page_while_the_server_is_attacked(
    kind: Kind, views: dict[str, SharedView]
) -> None:
    server = ShareServer(views, bind="127.0.0.1", port=0).start()  # the shipped limits
    try:
        loads, attack = attacked_loads(kind, server.port, server.token)
        assert len(loads) >= 10
        assert [took is not None for took in loads] == [True] * len(loads)
        assert attack.opened >= 64
    finally:
        server.stop()


def test_a_request_must_come_whole_within_its_time(views: dict[str, SharedView]) -> None:
    """A byte now and then does not keep a connection: it is answered 408 and closed once
    its time to send the request is spent."""
    server = ShareServer(views, bind="127.0.0.1", port=0, limits=Limits(head_time=1.0)).start()
    try:
        slow = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        began = time.monotonic()
        slow.sendall(b"GET / HTTP/1.1\r\n")
        answer = b""
        while True:
            time.sleep(0.2)
            try:
                slow.sendall(b"X")
                chunk = slow.recv(4096, socket.MSG_DONTWAIT)
            except BlockingIOError:
                continue
            except OSError:
                break
            if not chunk:
                break
            answer += chunk
        took = time.monotonic() - began
        slow.close()
        assert answer.startswith(b"HTTP/1.0 408 Request Timeout\r\n")
        assert b"X-Frame-Options: DENY\r\n" in answer
        assert 0.9 < took < 2.5
    finally:
        server.stop()


def test_a_stream_that_never_reads_is_dropped_and_publishing_never_waits(
    views: dict[str, SharedView],
) -> None:
    limits = Limits(stream_buffer=8192, stall=0.5)
    server = ShareServer(views, bind="127.0.0.1", port=0, limits=limits).start()
    big = {
        language: view._replace(html=view.html + "<p>" + "x" * 100_000 + "</p>")
        for language, view in views.items()
    }
    try:
        with Attack("streams", server.port, server.token, duration=30) as attack:
            wait_until(lambda: server.followers >= 32, timeout=10)
            slowest = 0.0
            for number in range(10):
                began = time.monotonic()
                server.publish(
                    {lang: v._replace(html=f"{v.html}<p>{number}</p>") for lang, v in big.items()}
                )
                slowest = max(slowest, time.monotonic() - began)
                assert load_page(server.port, server.token) is not None
            # Every stream that never read was dropped once its buffers were full (the
            # attack opens new ones, which hold nothing yet).
            wait_until(lambda: attack.closed_by_server >= 32, timeout=10)
        assert slowest < 0.2
    finally:
        server.stop()


@pytest.mark.parametrize("kind", ["slowloris", "streams"])
def test_the_share_command_serves_a_phone_while_attacked(kind: Kind, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with Database.open(database_path(folder)) as database:
        store_game(SittingStore(database), "two-player")
    command = [sys.executable, "-m", "jojotte_score", "share", "--data-dir", str(folder)]
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en"}
    process = subprocess.Popen(
        [*command, "--bind", "127.0.0.1"], stdout=subprocess.PIPE, text=True, env=environment
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().split(" at ")[-1].strip()
        host_port, _sep, path = url.removeprefix("http://").partition("/")
        port, token = int(host_port.rpartition(":")[2]), path.strip("/")
        loads, _attack = attacked_loads(kind, port, token, seconds=3.0)
        assert len(loads) >= 8
        assert [took is not None for took in loads] == [True] * len(loads)
    finally:
        process.terminate()
        process.communicate(timeout=10)
