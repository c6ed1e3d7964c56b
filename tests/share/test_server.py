"""The shared page's server, over the loopback: the pad's figures in every game, the token,
the methods, the headers, the limits, a stuck client, German words and switching off.

Every test is bounded in time: sockets time out within seconds, the server's limits are
small where a test reaches them.
"""

from __future__ import annotations

import dataclasses
import re
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from jojotte_score.presenters.session import Session
from jojotte_score.share.address import lan_address, new_token, page_url
from jojotte_score.share.limits import Limits, RequestRate
from jojotte_score.share.server import SECURITY_HEADERS, ShareServer, choose_language
from jojotte_score.share.view import SharedView, shared_views
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from tests.stored_examples import GAMES, NAMES, example_sitting, store_game

from .helpers import EventReader, request, shown_of, wait_until


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SittingStore]:
    database = Database.open(database_path(tmp_path / "data"))
    yield SittingStore(database)
    database.close()


@pytest.fixture
def serve() -> Iterator[list[ShareServer]]:
    """Servers a test starts; each is stopped when the test ends."""
    servers: list[ShareServer] = []
    yield servers
    for server in servers:
        server.stop()


@pytest.fixture
def two_player_views(store: SittingStore) -> dict[str, SharedView]:
    """The shared page's views of the German two-player example, the sitting on screen."""
    return shared_views(shown_of(store, store_game(store, "two-player")))


@pytest.fixture
def idle() -> Iterator[Callable[[ShareServer, int], list[EventReader]]]:
    """Event streams a test holds open (its phones following the page, reading nothing
    more); closed when the test ends."""
    opened: list[EventReader] = []

    def connect(server: ShareServer, count: int) -> list[EventReader]:
        """``count`` event streams from 127.0.0.1, once the server answers them all."""
        streams = [EventReader(server) for _ in range(count)]
        opened.extend(streams)
        wait_until(lambda: server._admission.open == count)
        return streams

    yield connect
    for stream in opened:
        stream.close()


def start(
    serve: list[ShareServer], views: dict[str, SharedView], limits: Limits | None = None
) -> ShareServer:
    server = ShareServer(views, bind="127.0.0.1", port=0, limits=limits).start()
    serve.append(server)
    return server


def pad_totals(store: SittingStore, sitting_id: int) -> list[int]:
    """The totals of the newest rubber as the pad scores it."""
    shown = shown_of(store, sitting_id)
    rubber = shown.pad.rubber(shown.pad.newest_rubber)
    assert rubber is not None
    return list(rubber.totals)


# The figures --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_page_shows_the_pads_figures(
    game: str, store: SittingStore, serve: list[ShareServer]
) -> None:
    sitting_id = store_game(store, game)
    server = start(serve, shared_views(shown_of(store, sitting_id)))
    totals = pad_totals(store, sitting_id)

    data = request(server, "view.json").json()
    assert [column["name"] for column in data["columns"]] == list(NAMES[game])
    assert [column["total"] for column in data["columns"]] == totals
    assert data["last_hand"].startswith("Hand ")
    assert data["title"].startswith("Rubber ")
    page = request(server, "").body.decode()
    for name, total in zip(NAMES[game], totals, strict=True):
        escaped = name.replace("&", "&amp;")
        assert f'<th scope="row">{escaped}</th><td class="total">{total}</td>' in page
    # The pad drawn on the page: its totals under the columns, as the window's sheet has them.
    svg_totals = re.findall(r'class="t-total">(-?\d+)</text>', page)
    assert sorted(int(total) for total in svg_totals) == sorted(totals)


def test_the_two_player_example_reads_as_the_table_display(
    two_player_views: dict[str, SharedView], serve: list[ShareServer]
) -> None:
    server = start(serve, two_player_views)
    data = request(server, "view.json").json()
    assert [(c["total"], c["below"], c["games"]) for c in data["columns"]] == [
        (755, 100, 2),
        (655, 0, 1),
    ]
    assert data["result"] == "A wins the rubber by 100"
    assert data["last_hand"] == "Hand 6 (rubber 1, game 3): A bids spades."
    assert set(data) == {
        "revision",
        "language",
        "title",
        "headings",
        "columns",
        "prison",
        "result",
        "next_dealer",
        "last_hand",
        "html",
    }


def test_nothing_of_the_database_but_the_sitting_on_screen(
    store: SittingStore, serve: list[ShareServer], tmp_path: Path
) -> None:
    first = store_game(store, "three-player")
    second = store_game(store, "two-player")
    server = start(serve, shared_views(shown_of(store, second)))
    for path in ("", "view.json"):
        body = request(server, path).body.decode()
        assert str(tmp_path) not in body
        assert "data" + "base" not in body.lower()
        assert "Carl" not in body  # the other sitting's players
    assert first != second


def test_accept_language_de_gives_german_words(
    two_player_views: dict[str, SharedView], serve: list[ShareServer]
) -> None:
    server = start(serve, two_player_views)
    german = request(server, "", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"})
    text = german.body.decode()
    assert '<html lang="de">' in text
    assert "<th>Gesamt</th>" in text
    assert "Robber 1: A – B" in text
    assert request(server, "view.json", headers={"Accept-Language": "de"}).json()["headings"] == [
        "Gesamt",
        "Unter dem Strich",
        "Partien",
    ]
    # Anything else is English, and the process's own language is left as it was.
    french = request(server, "", headers={"Accept-Language": "fr-FR,fr;q=0.9"}).body.decode()
    assert '<html lang="en">' in french
    assert "<th>Total</th>" in french
    from jojotte_score.i18n import _, current_language

    assert current_language() == "en"
    assert _("Total") == "Total"


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, "en"),
        ("", "en"),
        ("de", "de"),
        ("de-AT", "de"),
        ("en-GB,de;q=0.9", "en"),
        ("fr,de;q=0.5,en;q=0.4", "de"),
        ("fr,en;q=0.5,de;q=0.6", "de"),
        ("de;q=0", "en"),
        ("de;q=nonsense", "en"),
        ("*", "en"),
        ("DE-de", "de"),
    ],
)
def test_the_language_follows_accept_language(header: str | None, language: str) -> None:
    assert choose_language(header) == language


# What answers and how -------------------------------------------------------------------------


def test_any_other_path_answers_404_and_nothing_else(
    two_player_views: dict[str, SharedView], serve: list[ShareServer]
) -> None:
    server = start(serve, two_player_views)
    other = new_token()
    for path in (
        "/",
        f"/{server.token}",
        f"/{other}/",
        f"/{other}/view.json",
        f"/{server.token}/favicon.ico",
        f"/{server.token}/../{server.token}/",
        f"/{server.token}//",
        f"/{server.token}/view.json/",
        "/favicon.ico",
        "/" + server.token.upper() + "/",
    ):
        answer = request(server, path)
        assert (answer.status, answer.body) == (404, b""), path
        assert answer.headers["content-length"] == "0"
    for method in ("POST", "PUT", "DELETE"):  # no path to guess with another method either
        assert request(server, f"/{other}/", method=method).status == 404


def test_only_get_and_head(
    two_player_views: dict[str, SharedView], serve: list[ShareServer]
) -> None:
    server = start(serve, two_player_views)
    for path in ("", "view.json", "events", "page.js"):
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "BREW"):
            answer = request(server, path, method=method)
            assert (answer.status, answer.body) == (405, b""), (method, path)
            assert answer.headers["allow"] == "GET, HEAD"
    head = request(server, "", method="HEAD")
    assert head.status == 200
    assert head.body == b""
    assert int(head.headers["content-length"]) == len(request(server, "").body)


def test_every_answer_has_the_strict_headers(
    two_player_views: dict[str, SharedView], serve: list[ShareServer]
) -> None:
    server = start(serve, two_player_views)
    files = ("", "page.css", "page.js", "view.json", "icon.png")
    answers = {path: request(server, path) for path in files}
    answers["404"] = request(server, "/nothing")
    answers["405"] = request(server, "", method="POST")
    for name, answer in answers.items():
        assert answer.headers["content-security-policy"].startswith("default-src 'self'"), name
        assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["referrer-policy"] == "no-referrer"
        assert answer.headers["cache-control"] == "no-store"
        assert "Python" not in answer.headers.get("server", "")
    assert answers[""].headers["content-type"] == "text/html; charset=utf-8"
    assert answers["page.js"].headers["content-type"].startswith("text/javascript")
    assert answers["page.css"].headers["content-type"].startswith("text/css")
    assert answers["icon.png"].headers["content-type"] == "image/png"
    assert answers["icon.png"].body.startswith(b"\x89PNG")
    assert {name for name, _value in SECURITY_HEADERS} >= {
        "Content-Security-Policy",
        "X-Content-Type-Options",
        "X-Frame-Options",
        "Referrer-Policy",
        "Cache-Control",
    }
    # Nothing inline that the policy would block: the script and the stylesheet are files.
    page = answers[""].body.decode()
    assert "<style" not in page
    assert " style=" not in page
    assert re.findall(r"<script[^>]*>", page) == ['<script src="page.js" defer>']
    assert "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_the_token_is_128_bits_or_more() -> None:
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100
    assert all(len(token) >= 22 and re.fullmatch(r"[A-Za-z0-9_-]+", token) for token in tokens)
    assert page_url("192.168.1.20", 8080, "abc") == "http://192.168.1.20:8080/abc/"
    assert page_url("fe80::1", 80, "abc") == "http://[fe80::1]:80/abc/"
    address = lan_address()
    socket.inet_aton(address)  # an IPv4 address, found without the internet


# Limits -------------------------------------------------------------------------------------------


def test_connections_over_the_limit_are_answered_503(
    two_player_views: dict[str, SharedView],
    serve: list[ShareServer],
    idle: Callable[[ShareServer, int], list[EventReader]],
) -> None:
    limits = Limits(connections=3, per_address=8, timeout=5.0, streams=3)
    server = start(serve, two_player_views, limits)
    held = idle(server, 3)
    for _attempt in range(10):  # each one answered, none reset before it is read
        over = request(server, "view.json")
        assert over.status == 503
        assert over.body == b""
        assert over.headers["retry-after"] == "5"
        assert over.headers["x-frame-options"] == "DENY"
    held.pop().close()
    wait_until(lambda: server._admission.open == 2)
    assert request(server, "view.json").status == 200


def test_connections_from_one_address_are_limited(
    two_player_views: dict[str, SharedView],
    serve: list[ShareServer],
    idle: Callable[[ShareServer, int], list[EventReader]],
) -> None:
    server = start(serve, two_player_views, Limits(connections=50, per_address=2, timeout=5.0))
    idle(server, 2)
    assert request(server, "view.json").status == 503


def test_requests_a_second_from_one_address_are_limited(
    two_player_views: dict[str, SharedView], serve: list[ShareServer]
) -> None:
    server = start(serve, two_player_views, Limits(rate=0.5, burst=3))
    statuses = [request(server, "page.css").status for _ in range(5)]
    assert statuses == [200, 200, 200, 429, 429]
    assert request(server, "page.css").headers["retry-after"] == "1"


def test_the_request_rate_refills_with_time() -> None:
    now = [100.0]
    rate = RequestRate(Limits(rate=2.0, burst=2.0), clock=lambda: now[0])
    assert [rate.allow("a"), rate.allow("a"), rate.allow("a"), rate.allow("b")] == [
        True,
        True,
        False,
        True,
    ]
    now[0] += 0.5  # one more request a half second later
    assert [rate.allow("a"), rate.allow("a")] == [True, False]


def test_a_client_that_stops_reading_never_blocks_the_others(
    two_player_views: dict[str, SharedView], serve: list[ShareServer]
) -> None:
    server = start(serve, two_player_views, Limits(timeout=1.0, keep_alive=0.5))
    stuck = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stuck.connect(("127.0.0.1", server.port))
    stuck.sendall(f"GET /{server.token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    silent = socket.create_connection(("127.0.0.1", server.port))  # sends nothing at all
    try:
        wait_until(lambda: server.followers == 1)
        big = {
            language: view._replace(html=view.html + "<p>" + "x" * 200_000 + "</p>")
            for language, view in two_player_views.items()
        }
        slowest = 0.0
        for number in range(20):  # far more than the socket buffers hold
            changed = {
                language: view._replace(html=f"{view.html}<p>{number}</p>")
                for language, view in big.items()
            }
            began = time.monotonic()
            assert server.publish(changed)
            slowest = max(slowest, time.monotonic() - began)
            began = time.monotonic()
            assert request(server, "view.json", timeout=2.0).status == 200
            assert time.monotonic() - began < 1.0
        assert slowest < 0.2  # the window's thread never waits for a phone
        # The stuck client is dropped once its socket has timed out, the silent one too.
        wait_until(lambda: server.followers == 0, timeout=10)
        wait_until(lambda: server._admission.open == 0, timeout=10)
    finally:
        stuck.close()
        silent.close()


# Following and switching off ------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_recorded_hand_reaches_a_following_page(
    game: str, store: SittingStore, serve: list[ShareServer]
) -> None:
    sitting = example_sitting(game)
    last = sitting.hands[-1]
    sitting_id = store.import_sitting(dataclasses.replace(sitting, hands=sitting.hands[:-1]))
    session = Session(store)
    session.open(sitting_id)
    server = start(serve, shared_views(session.shown))
    reader = EventReader(server)
    try:
        assert reader.status_line.endswith("200 OK")
        first = reader.next_view()
        assert first["revision"] == server.revision
        before = [column["total"] for column in first["columns"]]
        assert not server.publish(shared_views(session.shown))  # nothing changed: no revision

        store.add_hand(sitting_id, last)
        session.refresh()
        assert server.publish(shared_views(session.shown))

        second = reader.next_view()
        assert second["revision"] == first["revision"] + 1
        after = [column["total"] for column in second["columns"]]
        assert after == pad_totals(store, sitting_id)
        assert after != before
        assert second["last_hand"].startswith(f"Hand {len(sitting.hands)} ")
        assert server.followers == 1
    finally:
        reader.close()
    wait_until(lambda: server.followers == 0)


def test_a_following_page_speaks_its_language(
    two_player_views: dict[str, SharedView], serve: list[ShareServer]
) -> None:
    server = start(serve, two_player_views)
    reader = EventReader(server, language="de")
    try:
        assert reader.next_view()["headings"] == ["Gesamt", "Unter dem Strich", "Partien"]
    finally:
        reader.close()


def test_switching_off_closes_the_port_and_every_connection(
    two_player_views: dict[str, SharedView], serve: list[ShareServer]
) -> None:
    server = start(serve, two_player_views)
    port = server.port
    reader = EventReader(server)
    reader.next_view()
    began = time.monotonic()
    server.stop()
    assert time.monotonic() - began < 2.0
    assert not server.running
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    with pytest.raises(EOFError):  # the following page's stream is closed
        read_to_the_end(reader)
    reader.close()
    server.stop()  # again: nothing happens


def read_to_the_end(reader: EventReader) -> None:
    while True:
        reader.next_view()


def test_no_sitting_is_a_page_too(serve: list[ShareServer]) -> None:
    server = start(serve, shared_views(None))
    data = request(server, "view.json").json()
    assert data["title"] == "No sitting yet."
    assert data["columns"] == []


def test_starting_asks_no_name_server(
    serve: list[ShareServer], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The address's name is never looked up: without a name server that can take seconds."""

    def no_lookup(name: str = "") -> str:
        raise AssertionError(f"looked up {name!r}")

    monkeypatch.setattr(socket, "getfqdn", no_lookup)
    server = start(serve, shared_views(None))
    assert request(server, "view.json").status == 200
