"""The pad as the shared page draws it: legible on the narrowest phone in every game, in
both languages, with nothing but what it draws in its box."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from jojotte_score.i18n import speaking
from jojotte_score.presenters.pad import layout_pad
from jojotte_score.render.sheet_items import LineItem, TextItem
from jojotte_score.share.view import PAGE_METRICS, drawn_box, page_metrics, shared_view
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from tests.stored_examples import GAMES, NAMES, store_game

from .helpers import shown_of

NUMBERS = ("entry", "total", "settlement", "heading")
"""The pad's texts a player reads from across the table."""


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SittingStore]:
    database = Database.open(database_path(tmp_path / "data"))
    yield SittingStore(database)
    database.close()


def svg_of(html: str) -> tuple[str, list[tuple[str, float]]]:
    """The page's ``<svg>`` start tag, and each of its texts' role and font size."""
    tag = re.search(r"<svg [^>]*>", html)
    assert tag is not None
    texts = re.findall(r'<text [^>]*font-size="([\d.]+)"[^>]*class="t-([a-z-]+)"', html)
    return tag.group(), [(role, float(size)) for size, role in texts]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_pads_type_is_legible_on_a_phone(game: str, language: str, store: SittingStore) -> None:
    """At its least size the pad's numbers are 14 pixels and its words 11; that size fits
    a phone 360 pixels wide in every game, in English and in German (the page then scales
    it up to the phone's width)."""
    shown = shown_of(store, store_game(store, game))
    with speaking(language):
        html = shared_view(shown, language).html
    tag, texts = svg_of(html)
    assert {role for role, _size in texts} >= {"entry", "total", "heading", "label"}
    assert min(size for role, size in texts if role in NUMBERS) >= 14
    assert min(size for _role, size in texts) >= 11
    width = re.search(r' width="(\d+)"', tag)
    box = re.search(r'viewBox="(-?\d+) (-?\d+) (\d+) (\d+)"', tag)
    assert width is not None
    assert box is not None
    assert width.group(1) == box.group(3)  # a unit is a CSS pixel at the least size
    assert int(width.group(1)) <= 360


@pytest.mark.parametrize("game", GAMES)
def test_the_view_box_holds_what_the_pad_draws_and_no_empty_rows(
    game: str, store: SittingStore
) -> None:
    pad = shown_of(store, store_game(store, game)).pad
    sheet = layout_pad(pad, pad.newest_rubber, page_metrics(len(pad.sides)))
    left, top, right, bottom = drawn_box(sheet)
    for item in sheet.texts():
        item_left, item_top, item_right, item_bottom = item.box(PAGE_METRICS.text_width)
        assert left <= item_left, item
        assert item_right <= right, item
        assert top <= item_top, item
        assert item_bottom <= bottom, item
    assert 0 < right - left <= 360
    # The names' rule, then the newest entry above the line at once: no empty rows.
    lines = [i for i in sheet.items if isinstance(i, LineItem) and i.y1 == i.y2]
    rule = min(i.y1 for i in lines if i.role == "column")
    heavy = next(i.y1 for i in lines if i.role == "heavy")
    above = [i for i in sheet.texts("entry") if isinstance(i, TextItem) and i.y < heavy]
    if above:
        assert min(i.y for i in above) - rule <= PAGE_METRICS.row_height
    else:
        assert heavy - rule <= PAGE_METRICS.row_height + 2 * PAGE_METRICS.line_gap


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_phone_pad_keeps_each_name_with_its_figure(
    game: str, language: str, store: SittingStore
) -> None:
    """The pad wrapped its result between "…, Bert" and "& Dora 0" on the phone page
    (issue 41, item 11): each name of the pad's lines under it stays whole on one line,
    with the figure that follows it."""
    pad = shown_of(store, store_game(store, game)).pad
    with speaking(language):
        sheet = layout_pad(pad, pad.newest_rubber, page_metrics(len(pad.sides)))
    lines = [t.text for t in sheet.texts("result")]
    joined = " ".join(lines)
    for name in NAMES[game]:
        for found in re.finditer(re.escape(name) + r"( [+\u2212]?\d+)?", joined):
            assert any(found.group() in line for line in lines), (found.group(), lines)
