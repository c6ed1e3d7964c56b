"""The players' page in a real browser: Debian's chromium, headless, on a phone (390×844) and
on a wide screen (1920×1080).

The scorepad window shows the German worked example's first three hands and shares it
(File > Share with the table…, on the loopback); the page opened in chromium shows its
totals; the fourth hand, typed into the window as the scorekeeper types it, appears in the
page without a reload (the same document, its event stream). ``jojotte-score share`` is
followed the same way while another copy stores a hand. The page's layout is checked as a
player sees it, for every game on 360×780, 390×844 and 1920×1080, light and dark: nothing
wider than the screen, one column on the phone with the totals in the first screenful and
the pad's type measured as drawn (numbers 14 pixels at least, words 11), the figures one
block beside a large pad on the wide screen. Screenshots (``shared-page-*.png``) go into
$JOJOTTE_SCREENSHOTS when it names a folder. Without chromium and chromedriver the tests
are skipped, saying so.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.sharing import share_dialog
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.share.server import ShareServer
from jojotte_score.share.view import shared_views
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from tests.gui.window.test_main_window import type_hand
from tests.stored_examples import GAMES, NAMES, store_game

from ..gui.conftest import GERMAN, played, screenshot_folder
from .webdriver import Browser, chromium, require_chromium

SIZES = {"phone": (390, 844, True), "wide": (1920, 1080, False)}
"""Each screen the page is looked at on: CSS pixels wide and high, and whether a phone's."""

TOTALS = 'return [...document.querySelectorAll("td.total")].map(cell => cell.textContent);'
MARK = "window.jojotteLoadedOnce = true; return true;"
MARKED = "return window.jojotteLoadedOnce === true;"


def share_window(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> ShareServer:
    """File > Share with the table…, on the loopback; the scorekeeper closes its dialog (the
    page stays shared) and goes back to the panel. The window's server."""
    monkeypatch.setattr(share_dialog, "lan_address", lambda: "127.0.0.1")
    window.named_actions[ActionName.SHARE].trigger()
    sharing = window.sharing
    assert sharing is not None
    sharing.dialog.close()
    window.activateWindow()
    window.ready_next_hand()
    return sharing.server


@pytest.fixture
def three_hands(
    main_window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[MainWindow, ShareServer]]:
    """The window on the German example's first three hands (A 155, B 315), shared."""
    require_chromium()
    example = load_sitting(GERMAN).sitting
    sitting = dataclasses.replace(example, hands=example.hands[:3])
    main_window.open_sitting_id(main_window.session.store.import_sitting(sitting))
    server = share_window(main_window, monkeypatch)
    try:
        yield main_window, server
    finally:
        server.stop()


def layout(page: Browser) -> dict[str, float]:
    """Where the page's parts are, in CSS pixels."""
    result: dict[str, float] = page.run(
        """
        const box = selector => document.querySelector(selector).getBoundingClientRect();
        const figures = box("section.figures"), pad = box("figure.pad");
        const total = box("td.total"), body = getComputedStyle(document.body);
        return {
            width: window.innerWidth, height: window.innerHeight,
            scroll_width: document.documentElement.scrollWidth,
            figures_left: figures.left, figures_top: figures.top,
            figures_bottom: figures.bottom, pad_left: pad.left, pad_top: pad.top,
            pad_right: pad.right, pad_width: pad.width,
            total_bottom: total.bottom,
            total_size: parseFloat(getComputedStyle(document.querySelector("td.total")).fontSize),
            body_size: parseFloat(body.fontSize),
        };
        """
    )
    return result


@pytest.mark.parametrize("size", SIZES)
def test_a_hand_typed_in_the_window_appears_in_the_page_without_a_reload(
    size: str,
    three_hands: tuple[MainWindow, ShareServer],
    qtbot: QtBot,
    tmp_path: Path,
) -> None:
    window, server = three_hands
    width, height, mobile = SIZES[size]
    shots = screenshot_folder(tmp_path)
    fourth = played(load_sitting(GERMAN).sitting.hands[3])  # B's Nullo: B 300 above
    with chromium(width, height, mobile=mobile) as page:
        page.open(server.url)
        assert page.wait_for(TOTALS) == ["155", "315"]
        assert page.run("return document.documentElement.lang;") == "en"
        assert page.run('return document.querySelector("thead").textContent;') == (
            "TotalBelowGames"
        )
        page.run(MARK)
        page.screenshot(shots / f"shared-page-{size}-before.png")
        type_hand(window, qtbot, fourth)
        assert window.model.rowCount() == 4
        page.wait_for(f"{TOTALS[:-1]}.join() === '155,615';")
        assert page.run(MARKED), "the page was loaded again"
        assert page.run('return performance.getEntriesByType("navigation").length;') == 1
        last = page.run('return document.querySelector("p.last").textContent;')
        assert last.startswith("Hand 4 (rubber 1, game 3): ")
        assert page.run("return document.title;") == "Rubber 1: A – B"
        page.screenshot(shots / f"shared-page-{size}-after.png")
        page.full_screenshot(shots / f"shared-page-{size}-whole.png")
        where = layout(page)
    assert (where["width"], where["height"]) == (width, height)
    assert where["scroll_width"] <= width  # nothing wider than the screen
    assert where["total_size"] >= 2 * where["body_size"]  # the totals stand out
    if mobile:  # one column: the figures, then the pad under them, as wide as the screen
        assert where["total_bottom"] <= height  # the totals in the first screenful
        assert where["pad_top"] >= where["figures_bottom"]
        assert where["pad_width"] >= width * 0.85
    else:  # the pad beside the figures
        assert where["pad_right"] <= where["figures_left"]
        assert abs(where["pad_top"] - where["figures_top"]) < 40


def test_a_german_phone_reads_the_page_in_german(
    three_hands: tuple[MainWindow, ShareServer], tmp_path: Path
) -> None:
    _window, server = three_hands
    width, height, _mobile = SIZES["phone"]
    with chromium(width, height, mobile=True, languages="de-DE,de,en") as page:
        page.open(server.url)
        assert page.wait_for(TOTALS) == ["155", "315"]
        assert page.run("return document.documentElement.lang;") == "de"
        assert page.run('return document.querySelector("thead").textContent;') == (
            "GesamtUnter dem StrichPartien"
        )
        assert page.run("return document.title;") == "Robber 1: A – B"
        page.screenshot(screenshot_folder(tmp_path) / "shared-page-phone-de.png")


SCREENS = {"360": (360, 780, True), "390": (390, 844, True), "1920": (1920, 1080, False)}
"""The screens every game's page is looked at on: the narrowest phone, a common one, a wide
screen (CSS pixels wide and high, and whether a phone's)."""

PAD_TYPE = """
return [...document.querySelectorAll("svg.sheet text")].map(text => {
    const scale = text.getScreenCTM();
    const size = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(scale.a, scale.b);
    return [text.getAttribute("class").slice(2), text.textContent, size];
});
"""
"""Each of the pad's texts: its role, its text and its type's height on the screen, in CSS
pixels (its font size times the scale the page draws the pad at)."""

PAD_NUMBERS = frozenset({"entry", "total", "settlement", "heading"})
"""The pad's texts a player reads from across the table: the entries, totals, settlements
and the names over the columns. Every other text is a label, a hand number or the legend."""

FIGURES = """
const box = selector => document.querySelector(selector).getBoundingClientRect();
const size = selector => parseFloat(getComputedStyle(document.querySelector(selector)).fontSize);
const name = document.createRange();
name.selectNodeContents(document.querySelector("tbody th"));
const total = document.createRange();
total.selectNodeContents(document.querySelector("td.total"));
const pad = document.querySelector("figure.pad"), sheet = box("svg.sheet");
return {
    body_width: document.body.scrollWidth, table_width: box("section.figures table").width,
    name_size: size("tbody th"), total_size: size("td.total"),
    name_to_total: total.getBoundingClientRect().left - name.getBoundingClientRect().right,
    pad_scroll: pad.scrollWidth - pad.clientWidth, sheet_width: sheet.width,
    sheet_height: sheet.height, sheet_left: sheet.left, sheet_right: sheet.right,
    background: getComputedStyle(document.body).backgroundColor,
};
"""
"""How the figures' table and the pad are laid out, in CSS pixels."""


def smallest(sizes: list[tuple[str, str, float]], numbers: bool) -> float:
    """The smallest type among the pad's numbers (``numbers``) or among its other texts."""
    return min(size for role, _text, size in sizes if (role in PAD_NUMBERS) == numbers)


@pytest.mark.parametrize("screen", SCREENS)
def test_every_games_page_reads_on_a_phone_and_on_a_wide_screen(
    screen: str, main_window: MainWindow, tmp_path: Path
) -> None:
    """Every game's page, light and dark: nothing wider than the screen; on a phone the
    totals in the first screenful and the pad under them, its numbers 14 pixels high at
    least and its smallest words 11, as wide as the screen without scrolling sideways; on
    a wide screen the figures one block beside a pad as high as the screen."""
    require_chromium()
    shots = screenshot_folder(tmp_path)
    store = main_window.session.store
    width, height, mobile = SCREENS[screen]
    with chromium(width, height, mobile=mobile) as page:
        for game in GAMES:
            main_window.open_sitting_id(store_game(store, game))
            server = ShareServer(shared_views(main_window.session.shown), bind="127.0.0.1").start()
            try:
                page.open(server.url)
                totals = page.wait_for(TOTALS)
                shown = main_window.session.shown
                assert shown is not None
                newest = shown.pad.recent.rubber(shown.pad.newest_rubber)
                assert newest is not None
                assert totals == [str(total) for total in newest.totals], game
                names = page.run(
                    'return [...document.querySelectorAll("tbody th")].map(c => c.textContent);'
                )
                assert names == list(NAMES[game]), game
                backgrounds = []
                for scheme in ("light", "dark"):
                    page.prefer_colours(scheme)
                    where, figures = layout(page), page.run(FIGURES)
                    sizes = page.run(PAD_TYPE)
                    backgrounds.append(figures["background"])
                    page.full_screenshot(shots / f"shared-page-{screen}-{game}-{scheme}.png")
                    assert where["scroll_width"] <= width, game  # nothing wider than the screen
                    assert figures["body_width"] <= width, game
                    assert figures["pad_scroll"] == 0, game  # the pad fits, in English
                    if mobile:
                        assert where["total_bottom"] <= height, game  # the totals first
                        assert where["pad_top"] >= where["figures_bottom"], game
                        assert figures["sheet_width"] == width, game  # edge to edge
                        assert smallest(sizes, numbers=True) >= 14, (game, sizes)
                        assert smallest(sizes, numbers=False) >= 11, (game, sizes)
                    else:  # the pad beside the figures, as high as the screen allows
                        assert where["pad_right"] <= where["figures_left"], game
                        assert figures["sheet_height"] >= height - 80, game
                        assert smallest(sizes, numbers=True) >= 24, (game, sizes)
                        assert figures["table_width"] <= width * 0.4, game  # one block
                        assert figures["name_size"] >= figures["total_size"] / 3, game
                        assert figures["name_to_total"] <= figures["total_size"] * 1.5, game
                page.prefer_colours("light")
                assert backgrounds == ["rgb(251, 250, 246)", "rgb(21, 21, 21)"], game
            finally:
                server.stop()


def test_a_pad_wider_than_the_phone_scrolls_in_its_own_box(
    main_window: MainWindow, tmp_path: Path
) -> None:
    """The German cutthroat pad is wider than the narrowest phones, 320 pixels, at its least
    size (339): it keeps its numbers 14 pixels high and scrolls sideways in its own box;
    the page itself is no wider than the phone."""
    require_chromium()
    store = main_window.session.store
    main_window.open_sitting_id(store_game(store, "cutthroat"))
    server = ShareServer(shared_views(main_window.session.shown), bind="127.0.0.1").start()
    try:
        with chromium(320, 640, mobile=True, languages="de-DE,de") as page:
            page.open(server.url)
            page.wait_for(TOTALS)
            assert page.run("return document.documentElement.lang;") == "de"
            figures, sizes = page.run(FIGURES), page.run(PAD_TYPE)
            assert figures["body_width"] <= 320
            assert layout(page)["scroll_width"] <= 320
            assert figures["pad_scroll"] > 0  # the pad scrolls, not the page
            assert smallest(sizes, numbers=True) >= 14
            assert smallest(sizes, numbers=False) >= 11
            page.run('document.querySelector("figure.pad").scrollLeft = 1000; return 1;')
            page.full_screenshot(screenshot_folder(tmp_path) / "shared-page-320-cutthroat-de.png")
    finally:
        server.stop()


def test_the_commands_page_follows_a_hand_another_copy_stores(tmp_path: Path) -> None:
    """``jojotte-score share`` serves a stored sitting; a hand another copy stores in the
    database appears in the open page without a reload."""
    require_chromium()
    example = load_sitting(GERMAN).sitting
    data = tmp_path / "data"
    environment = {**os.environ, "JOJOTTE_SCORE_DATA_DIR": str(data), "LANG": "C.UTF-8"}
    with Database.open(database_path(data)) as database:
        sitting_id = SittingStore(database).import_sitting(
            dataclasses.replace(example, hands=example.hands[:3])
        )
    command = [sys.executable, "-m", "jojotte_score", "share", "--bind", "127.0.0.1"]
    sharing = subprocess.Popen(
        [*command, "--sitting", str(sitting_id)],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert sharing.stdout is not None
        assert sharing.stderr is not None
        line = sharing.stdout.readline()  # "Sitting 1 is shown to the table at http://..."
        assert "http://" in line, (line, sharing.stderr.read() if not line else "")
        url = line[line.index("http://") :].strip()
        with chromium(*SIZES["phone"][:2], mobile=True) as page:
            page.open(url)
            assert page.wait_for(TOTALS) == ["155", "315"]
            page.run(MARK)
            with Database.open(database_path(data)) as database:  # another copy records
                SittingStore(database).add_hand(sitting_id, example.hands[3])
            page.wait_for(f"{TOTALS[:-1]}.join() === '155,615';")
            assert page.run(MARKED), "the page was loaded again"
            page.screenshot(screenshot_folder(tmp_path) / "shared-page-command-phone.png")
    finally:
        sharing.send_signal(signal.SIGINT)  # Ctrl+C
        _out, err = sharing.communicate(timeout=30)
    assert sharing.returncode == 0, err
