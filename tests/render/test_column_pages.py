"""Printed pages of the games of individual players: the pads with a column per player on A4
and Letter, the header and running result per player, blank pads of three and four columns,
and the card's page for each game.

Text is measured by the fake of the layout tests, so these tests need no fonts and no Qt.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from jojotte_score.core.games import find_game, new_sitting, replay
from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.model import Rules, Sitting, Variant
from jojotte_score.i18n import format_signed as signed
from jojotte_score.render.document import PrintJob, layout_document
from jojotte_score.render.page_layout import (
    PrintError,
    SheetHeader,
    blank_pages,
    running_result,
    sitting_pages,
    sitting_result,
)
from jojotte_score.render.sheet_layout import layout_sheet
from jojotte_score.render.sheet_words import copy_legend
from jojotte_score.render.summary_card import (
    CARD_TITLE,
    CardRuling,
    CardTable,
    card_texts,
    layout_variant_card,
    variant_card_blocks,
)
from jojotte_score.render.text_fit import keep_references, wrap_phrases
from tests.render.test_column_layout import SITTINGS
from tests.render.test_page_layout import assert_nothing_clipped, german_sitting, metrics
from tests.render.test_sheet_layout import METRICS, assert_no_overlap, fake_width

PAPERS = ["A4", "Letter"]
M = "\u2212"


def long_names(sitting: Sitting) -> Sitting:
    """The sitting with every name 40 characters long (the most a name may have)."""
    names = tuple(
        f"{name}-{'Katharina-Friederike-von-Wolkenstein'}"[:40] for name in sitting.players
    )
    assert all(len(name) == 40 for name in names)
    return replace(sitting, players=names)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", list(SITTINGS))
@pytest.mark.parametrize("long", [False, True], ids=["names", "long-names"])
def test_a_sitting_prints_its_pads_legibly_inside_the_page(
    name: str, paper: str, long: bool
) -> None:
    sitting = SITTINGS[name]
    if long:
        sitting = long_names(sitting)
    ledger = replay(sitting)
    m = metrics(paper)
    header = SheetHeader("Christmas", date="2026-12-24", place="Anna's")
    job = PrintJob.for_sitting(sitting, ledger, header, blank=2, card=True)
    pages = layout_document(job, m, METRICS)
    kinds = [page.kind for page in pages]
    assert kinds[-2:] == ["card", "card"]  # the card and the page of this game
    pads = [pad for page in pages if page.kind == "sheets" for pad in page.pads]
    assert [pad.sheet.rubber_number for pad in pads] == list(range(1, len(ledger.rubbers) + 1))
    for pad in pads:  # the very layout the screen shows
        assert pad.sheet == layout_sheet(ledger, pad.sheet.rubber_number, METRICS)
        assert pad.scale >= m.min_scale
        assert_no_overlap(pad.sheet)
    blank = [pad for page in pages if page.kind == "blank" for pad in page.pads]
    assert len(blank) == 2
    assert [t.text for t in blank[0].sheet.texts("heading")] == [
        t.text for t in pads[0].sheet.texts("heading")
    ]
    for page in pages:
        assert_nothing_clipped(page, m)
        texts = [t.text for t in page.texts()]
        assert any(text.startswith("Page ") for text in texts)
    headings = [t.text for t in pads[0].sheet.texts("heading")]
    if long:
        assert all(text.endswith("…") for text in headings)
    else:
        assert headings == list(sitting.players)


@pytest.mark.parametrize(
    ("name", "header", "captions"),
    [
        (
            "three-player",
            [
                f"Result: Anna +655, Bert {M}1655, Carl +1000",
                "Rubbers finished: 1 · won: Anna 0, Bert 0, Carl 1 · rubber 2 in progress",
            ],
            [
                f"Result after rubber 1: Anna +505, Bert {M}1355, Carl +850",
                f"Result so far: Anna +655, Bert {M}1655, Carl +1000",
            ],
        ),
        (
            "chouette",
            [
                f"Result: Anna +1135, Bert +1150, Carl {M}2285",
                "Rubbers finished: 3 · won: Anna 1, Bert 1, Carl 1",
            ],
            [
                f"Result after rubber 1: Anna +1460, Bert {M}730, Carl {M}730",
                f"Result after rubber 2: Anna {M}10, Bert +5, Carl +5",
                f"Result after rubber 3: Anna +1135, Bert +1150, Carl {M}2285",
            ],
        ),
        (
            "cutthroat",
            [
                f"Result: Anna {M}110, Bert {M}190, Carl +2450, Dave {M}2150",
                "Rubbers finished: 1 · won: Anna 0, Bert 0, Carl 1, Dave 0",
            ],
            [f"Result after rubber 1: Anna {M}110, Bert {M}190, Carl +2450, Dave {M}2150"],
        ),
    ],
)
def test_the_header_and_each_pad_give_each_players_result(
    name: str, header: list[str], captions: list[str]
) -> None:
    sitting = SITTINGS[name]
    ledger = replay(sitting)
    assert sitting_result(ledger) == header
    count = len(ledger.rubbers)
    assert [running_result(ledger, n) for n in range(1, count + 1)] == captions
    m = metrics()
    pages = sitting_pages(ledger, SheetHeader("Christmas"), m, METRICS)
    texts = [t.text for page in pages for t in page.texts()]
    assert "Players: " + " – ".join(sitting.players) in texts
    for line in [*header, *captions]:
        assert line in " ".join(texts), line
    # Each pad's foot settles its rubber; the rubbers' settlements sum to the header's.
    summed = [0] * len(sitting.players)
    for page in pages:
        for pad in page.pads:
            rubber = ledger.rubbers[pad.sheet.rubber_number - 1]
            shown = {t.side: t.text for t in pad.sheet.texts("settlement")}
            assert shown == {seat: signed(p) for seat, p in enumerate(rubber.settlement)}
            summed = [a + b for a, b in zip(summed, rubber.settlement, strict=True)]
    assert tuple(summed) == ledger.settlement


def test_one_rubber_of_a_chouette() -> None:
    sitting = SITTINGS["chouette"]
    ledger = replay(sitting)
    m = metrics()
    (page,) = sitting_pages(ledger, SheetHeader(), m, METRICS, rubber=2)
    (pad,) = page.pads
    labels = [t.text for t in pad.sheet.texts("label")]
    assert labels[:2] == ["Rubber 2 of 3", "Box: Anna · Captain: Carl · Partner: Bert"]
    job = PrintJob.for_sitting(sitting, ledger, SheetHeader("Evening"), rubber=2)
    assert job.title == "Evening: rubber 2"
    assert job.footer == "Evening: rubber 2 · Anna – Bert – Carl"


def test_a_sitting_without_hands_prints_its_empty_pad() -> None:
    sitting = new_sitting(Variant.CHOUETTE, ("Anna", "Bert", "Carl"), roles=ChouetteRoles(1, 2))
    ledger = replay(sitting)
    m = metrics()
    (page,) = layout_document(PrintJob.for_sitting(sitting, ledger), m, METRICS)
    (pad,) = page.pads
    assert "Box: Bert · Captain: Carl · Partner: Anna" in [t.text for t in pad.sheet.texts("label")]
    assert "No hands yet" in [t.text for t in page.texts()]
    assert_nothing_clipped(page, m)


# Blank pads ------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("variant", [Variant.THREE_PLAYER, Variant.CHOUETTE, Variant.CUTTHROAT])
def test_blank_pads_of_a_game_of_individual_players(paper: str, variant: Variant) -> None:
    m = metrics(paper)
    job = PrintJob(blank=3, blank_variant=variant)
    assert job.blank_names == ("",) * find_game(variant).seats
    pages = layout_document(job, m, METRICS)
    pads = [pad for page in pages for pad in page.pads]
    assert len(pads) == 3
    for page in pages:
        assert page.kind == "blank"
        assert_nothing_clipped(page, m)
    sheet = pads[0].sheet
    assert [t.text for t in sheet.texts("heading")] == [""] * find_game(variant).seats
    labels = " ".join(t.text for t in sheet.texts("label"))
    assert keep_references(copy_legend(variant)) in labels  # "(T8)" kept on its line
    blank_roles = find_game(variant).blank_roles
    assert (blank_roles is not None and blank_roles in labels) == (variant is Variant.CHOUETTE)
    assert (blank_roles is not None) == (variant is Variant.CHOUETTE)
    assert pads[0].scale >= m.min_scale
    # As tall as the page allows: within a row of the bottom.
    assert m.content_bottom - METRICS.row_height * pads[0].scale <= pads[0].box()[3]


@pytest.mark.parametrize("paper", PAPERS)
def test_blank_pads_with_four_long_names(paper: str) -> None:
    names = tuple(f"{letter}" * 40 for letter in "WXYZ")
    m = metrics(paper)
    pages = blank_pages(names, 2, m, METRICS, Variant.CUTTHROAT)
    for page in pages:
        assert_nothing_clipped(page, m)
        for pad in page.pads:
            assert pad.scale >= m.min_scale
            assert all(t.text.endswith("…") for t in pad.sheet.texts("heading"))


# The card --------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(
    ("variant", "first", "last"),
    [
        (Variant.THREE_PLAYER, "T1", "T16"),
        (Variant.CHOUETTE, "C1", "C7"),
        (Variant.CUTTHROAT, "F1", "F7"),
    ],
)
def test_each_game_has_a_page_of_the_card(
    paper: str, variant: Variant, first: str, last: str
) -> None:
    m = metrics(paper)
    page = layout_variant_card(m, variant)
    assert page.kind == "card"
    assert page.texts()[0].text.startswith(f"{CARD_TITLE}: ")
    assert_nothing_clipped(page, m)
    assert min(t.size for t in page.texts()) >= 7.0
    headings = [b.heading for b in variant_card_blocks(variant) if isinstance(b, CardRuling)]
    assert headings[0].startswith(f"{first}:")
    assert headings[-1].startswith(f"{last}:")
    texts = " ".join(t.text for t in page.texts())
    for heading in headings:
        assert heading in texts


@pytest.mark.parametrize(
    ("variant", "numbers"),
    [
        # game, rubber bonus, lost Nullo, settlement
        (Variant.THREE_PLAYER, ["80", "300", "100 + 50", "3 × his total", "500", "200"]),
        (Variant.CHOUETTE, ["80", "300", "captain +d, the partner +d", f"box {M}2d"]),
        (Variant.CUTTHROAT, ["80", "300", "100 + 50", "4 × his total"]),
    ],
)
def test_the_games_pages_say_their_numbers(variant: Variant, numbers: list[str]) -> None:
    blocks = variant_card_blocks(variant)
    text = " ".join(card_texts(blocks))
    for number in numbers:
        assert number in text, number
    (table,) = [b for b in blocks if isinstance(b, CardTable)]
    rows = {row[0]: row[1] for row in table.rows}
    assert rows["Columns"] == f"{find_game(variant).seats}, one per player"
    assert rows["Game"] == "80 below the line"
    # A copy is marked as on the pad, "= 60", and the card's rulings say so. It copies
    # another player, not always a partner: the cutthroat dealer copies the inactive
    # player (F3), and the inactive player writes for himself what his partner scored (T8).
    assert rows["=\u00a060 on the pad"] == "a copy of another player's entry"
    assert "after an equals sign: =\u00a060." in " ".join(card_texts(blocks))
    assert "parentheses" not in " ".join(card_texts(blocks))
    # The numbers follow the sitting's rules.
    custom = variant_card_blocks(variant, Rules(game_target=100, rubber_bonus=700))
    assert "100 below the line" in card_texts(custom)
    assert "700" in " ".join(card_texts(custom))


def test_a_two_sided_game_has_no_page_of_its_own() -> None:
    with pytest.raises(PrintError, match="no page of its own for the partnership game"):
        variant_card_blocks(Variant.PARTNERSHIP)


def test_a_two_player_job_for_a_sitting_keeps_its_one_page_card() -> None:
    sitting = german_sitting()
    job = PrintJob.for_sitting(sitting, replay(sitting), card=True)
    assert job.card_variants == ()
    assert job.blank_names == ("A", "B")
    pages = layout_document(job, metrics(), METRICS)
    assert [page.kind for page in pages] == ["sheets", "card"]


@pytest.mark.parametrize(
    ("text", "width", "expected"),
    [
        ("Result: Anna +5, Bert \u22125", 200, ["Result: Anna +5, Bert \u22125"]),
        ("Result: Anna +5, Bert \u22125", 100, ["Result: Anna +5,", "Bert \u22125"]),
        ("Finished: 1 · won: A 0, B 1", 110, ["Finished: 1 ·", "won: A 0, B 1"]),
        (  # a phrase too wide breaks after its colon: a side's name stays with its figure
            "Rubber 2 in progress: Anna & Carl 385, Bert & Dora 0",
            200,
            ["Rubber 2 in progress:", "Anna & Carl 385, Bert & Dora 0"],
        ),
        ("Result: Wolkenstein-Trostburg +5", 90, ["Result:", "Wolkenstein-Tro", "stburg +5"]),
        ("", 50, []),
    ],
)
def test_header_lines_break_between_phrases_not_inside_them(
    text: str, width: float, expected: list[str]
) -> None:
    lines = wrap_phrases(text, 10, width, fake_width)
    assert lines == expected
    assert all(fake_width(line, 10) <= width for line in lines)
