"""Printed pages: which pads go where, the header, the running result, blank pads, the card.

Text is measured by the same fake as the sheet's layout tests (every character 0.6 of the
font size wide), so these tests need no fonts and no Qt.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from dataclasses import replace
from pathlib import Path

import pytest

from jojotte_score.core.games import new_sitting, replay
from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import Hand, Sitting, Variant
from jojotte_score.render.document import PrintJob, layout_document
from jojotte_score.render.page_layout import (
    BLANK_TITLE,
    MAX_BLANK_PADS,
    PAGE_SIZES,
    Page,
    PageMetrics,
    PrintError,
    SheetHeader,
    blank_pages,
    fit_text,
    page_size,
    sitting_pages,
    wrap_text,
)
from jojotte_score.render.sheet_items import LineItem, TextItem
from jojotte_score.render.sheet_layout import blank_pad, layout_sheet
from jojotte_score.render.sheet_words import BLANK_CAPTION
from jojotte_score.render.summary_card import (
    CARD_TITLE,
    CardRuling,
    CardTable,
    card_blocks,
    card_texts,
    layout_card,
)
from tests.core.builders import played
from tests.render.test_sheet_layout import METRICS, assert_no_overlap, fake_width
from tests.sitting_kinds import two_sided_hands

ROOT = Path(__file__).resolve().parent.parent.parent
GERMAN = ROOT / "tests" / "data" / "german-example.json"
RULES = ROOT / "docs" / "RULES.md"

# B names spades and makes it: 145 card points and the last trick, 155 below, A 10 above.
B_MAKES_GAME = played(1, "spades", (10, 145), 1)
# A names no-trump; both sides make 65: 130 to prison.
TIE = played(0, "no-trump", (55, 65), 0)


def german_sitting() -> Sitting:
    from tests.sitting_kinds import load_two_sided

    return load_two_sided(GERMAN)


def sitting_of(*hands: Hand) -> Ledger:
    return replay(replace(german_sitting(), hands=hands))


def metrics(paper: str = "A4") -> PageMetrics:
    width, height = PAGE_SIZES[paper]
    return PageMetrics(fake_width, width, height)


def box_inside(box: tuple[float, float, float, float], m: PageMetrics) -> bool:
    left, top, right, bottom = m.printable
    return (
        box[0] >= left - 1e-6
        and box[1] >= top - 1e-6
        and box[2] <= right + 1e-6
        and box[3] <= bottom + 1e-6
    )


def item_box(item: TextItem | LineItem) -> tuple[float, float, float, float]:
    if isinstance(item, TextItem):
        return item.box(fake_width)
    return (
        min(item.x1, item.x2),
        min(item.y1, item.y2),
        max(item.x1, item.x2),
        max(item.y1, item.y2),
    )


def apart(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    tolerance = 1e-6  # boxes that only touch are apart
    return (
        a[2] <= b[0] + tolerance
        or b[2] <= a[0] + tolerance
        or a[3] <= b[1] + tolerance
        or b[3] <= a[1] + tolerance
    )


def assert_nothing_clipped(page: Page, m: PageMetrics) -> None:
    """Every pad and every item of the page lies inside the printable area; pads keep
    clear of each other and of the page's text; pads stay above the footer."""
    for pad in page.pads:
        assert box_inside(pad.box(), m), pad.box()
        assert pad.box()[3] <= m.content_bottom + 1e-6
    for item in page.items:
        assert isinstance(item, TextItem | LineItem)
        assert box_inside(item_box(item), m), item
    for first, second in itertools.combinations(page.pads, 2):
        assert apart(first.box(), second.box())
    for pad in page.pads:
        for text in page.texts():
            assert apart(pad.box(), text.box(fake_width)), text
    for one, other in itertools.combinations(page.texts(), 2):
        assert apart(one.box(fake_width), other.box(fake_width)), (one, other)


# The German worked example -------------------------------------------------------------


def test_the_german_example_prints_its_screen_sheet_with_a_header() -> None:
    ledger = replay(german_sitting())
    m = metrics()
    header = SheetHeader("Berlin 1937", ("ignored", "ignored"), "1937-11-21", "Anna's")
    (page,) = sitting_pages(ledger, header, m, METRICS)
    (pad,) = page.pads
    # The very layout the screen draws: screen and paper agree.
    assert pad.sheet == layout_sheet(ledger, 1, METRICS)
    assert {t.text for t in pad.sheet.texts("total")} == {"755", "655"}
    assert pad.scale == 1.0
    texts = [t.text for t in page.texts()]
    assert texts[0] == "Berlin 1937"
    assert "Players: A – B" in texts
    assert "Date: 1937-11-21" in texts
    assert "Place: Anna's" in texts
    assert "Running result: A ahead by 100" in texts
    assert "Rubbers finished: 1 · won: A 1, B 0" in texts
    assert "Running result after rubber 1: A ahead by 100" in texts
    # The header is above the pad; the running result is under it.
    (title,) = [t for t in page.texts() if t.text == "Berlin 1937"]
    (caption,) = [t for t in page.texts() if t.text.startswith("Running result after rubber")]
    assert title.box(fake_width)[3] < pad.box()[1] < pad.box()[3] < caption.box(fake_width)[1]
    assert_nothing_clipped(page, m)


def test_missing_date_and_place_get_lines_to_write_on() -> None:
    m = metrics()
    (page,) = sitting_pages(replay(german_sitting()), SheetHeader(), m, METRICS)
    texts = {t.text: t for t in page.texts()}
    assert "Jo-Jotte scorepad" in texts
    for label in ("Date:", "Place:"):
        text = texts[label]
        right = text.box(fake_width)[2]
        lines = [
            i
            for i in page.items
            if isinstance(i, LineItem) and i.x1 > right and abs(i.y1 - text.y) < m.text_size
        ]
        line = min(lines, key=lambda i: i.x1)  # the line right after the label
        assert line.x1 - right < 10, label
        assert line.x2 - line.x1 > 60, label


# The running result --------------------------------------------------------------------


def test_each_pad_shows_the_running_result_after_its_rubber() -> None:
    german = two_sided_hands(german_sitting().hands)
    # Rubber 1: A +100 (the worked example). Rubber 2: B 310 below + 300, A 20: B +590.
    # Rubber 3: the worked example again, A +100. Then a tie: 130 waits in prison.
    ledger = sitting_of(*german, B_MAKES_GAME, B_MAKES_GAME, *german, TIE)
    assert [r.totals for r in ledger.rubbers] == [(755, 655), (20, 610), (755, 655), (0, 0)]
    m = metrics()
    pages = sitting_pages(ledger, SheetHeader(), m, METRICS)
    captions = [
        t.text
        for p in pages
        for t in p.texts()
        if t.text.startswith(("Running result after", "Running result so far"))
    ]
    assert captions == [
        "Running result after rubber 1: A ahead by 100",
        "Running result after rubber 2: B ahead by 490",
        "Running result after rubber 3: B ahead by 390",
        "Running result so far: B ahead by 390",  # rubber 4 is not finished
    ]
    header = [t.text for t in pages[0].texts()]
    assert "Running result: B ahead by 390" in header
    assert (
        "Rubbers finished: 3 · won: A 2, B 1 · rubber 4 in progress · 130 in prison, not won yet"
        in " ".join(header)
    )


def test_level_totals_and_a_sitting_without_hands() -> None:
    m = metrics()
    (page,) = sitting_pages(sitting_of(TIE), SheetHeader(), m, METRICS)
    assert "Running result: level" in [t.text for t in page.texts()]
    empty = replay(new_sitting(Variant.TWO_PLAYER, ("Ann", "Bob")))
    (page,) = sitting_pages(empty, SheetHeader(), m, METRICS)
    (pad,) = page.pads
    assert pad.sheet.texts("entry") == ()
    assert {t.text for t in pad.sheet.texts("heading")} == {"Ann", "Bob"}
    assert "No hands yet" in [t.text for t in page.texts()]
    assert_nothing_clipped(page, m)


# Choosing rubbers and paginating -------------------------------------------------------


def test_one_rubber_of_several() -> None:
    german = two_sided_hands(german_sitting().hands)
    ledger = sitting_of(*german, B_MAKES_GAME, B_MAKES_GAME)
    m = metrics()
    (page,) = sitting_pages(ledger, SheetHeader(), m, METRICS, rubber=2)
    (pad,) = page.pads
    assert pad.sheet.rubber_number == 2
    assert "Rubber 2 of 2" in [t.text for t in pad.sheet.texts("label")]
    assert "Running result after rubber 2: B ahead by 490" in [t.text for t in page.texts()]
    for wrong in (0, 3):
        with pytest.raises(PrintError, match=f"there is no rubber {wrong} \\(the sitting has 2\\)"):
            sitting_pages(ledger, SheetHeader(), m, METRICS, rubber=wrong)


# B bids Nullo over A's no-trump and takes every trick: A 200 + 8 × 100 above, 120 to prison.
NULLO_LOST = played(0, "no-trump", (0, 120), None, special="nullo", tricks=(0, 9))


def many_rubbers() -> Ledger:
    """31 rubbers: the worked example 29 times; as rubber 15, one taller than a page (40
    ties and Nullos, each a row above the line, before B makes two games); a short one."""
    german = two_sided_hands(german_sitting().hands)
    long = (TIE, NULLO_LOST) * 20 + (B_MAKES_GAME, B_MAKES_GAME)
    hands = (*german * 14, *long, *german * 15, B_MAKES_GAME, B_MAKES_GAME)
    return replay(new_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"), hands))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_sitting_with_many_rubbers_paginates_without_clipping(paper: str) -> None:
    ledger = many_rubbers()
    count = len(ledger.rubbers)
    assert count == 31
    m = metrics(paper)
    pages = sitting_pages(ledger, SheetHeader("A long evening"), m, METRICS)
    numbers = [pad.sheet.rubber_number for page in pages for pad in page.pads]
    assert numbers == list(range(1, count + 1))  # each rubber once, in order
    for page in pages:
        assert_nothing_clipped(page, m)
        assert page.texts()[0].text == "A long evening"  # the header on every page
    # As many per page as fit legibly: the worked example's pads, several to a page, at
    # a scale no smaller than min_scale; only a rubber taller than a page is drawn smaller.
    scales = {round(pad.scale, 6) for page in pages for pad in page.pads}
    usual = max(scales)
    assert usual >= m.min_scale
    tall = [pad for page in pages for pad in page.pads if pad.scale < usual - 1e-6]
    assert [pad.sheet.rubber_number for pad in tall] == [15]
    assert tall[0].box()[3] - tall[0].box()[1] > (m.content_bottom - m.margin) * 0.7
    # Every page is full but the last, the tall rubber's and the one before it (its row
    # did not fit there).
    per_page = len(pages[0].pads)
    assert per_page >= 2
    (tall_page,) = [i for i, page in enumerate(pages) if tall[0] in page.pads]
    short = {i for i, page in enumerate(pages) if len(page.pads) < per_page}
    assert short <= {tall_page - 1, tall_page, len(pages) - 1}


def test_a_page_too_small_is_refused() -> None:
    tiny = PageMetrics(fake_width, 100, 150)
    with pytest.raises(PrintError, match="too small"):
        sitting_pages(replay(german_sitting()), SheetHeader(), tiny, METRICS)


def test_long_titles_and_names_stay_inside_the_page() -> None:
    ledger = replay(german_sitting())
    long_names = dataclasses.replace(ledger, columns=("Anna-Katharina " * 8, "Bert"))
    m = metrics()
    header = SheetHeader("An evening " * 30, place="Somewhere " * 30)
    (page,) = sitting_pages(long_names, header, m, METRICS)
    assert page.texts()[0].text.endswith("…")
    assert_nothing_clipped(page, m)


# Blank pads ----------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_blank_pads_fill_the_page_with_the_names(paper: str) -> None:
    m = metrics(paper)
    pages = blank_pages(("Anna", "Bert"), 5, m, METRICS)
    pads = [pad for page in pages for pad in page.pads]
    assert len(pads) == 5
    per_page = len(pages[0].pads)
    assert per_page >= 2
    assert len(pages) == math.ceil(5 / per_page)
    for page in pages:
        assert page.kind == "blank"
        assert_nothing_clipped(page, m)
        assert page.texts()[0].text == BLANK_TITLE
        assert "Players: Anna – Bert" in [t.text for t in page.texts()]
    sheet = pads[0].sheet
    assert {t.side: t.text for t in sheet.texts("heading")} == {0: "Anna", 1: "Bert"}
    assert BLANK_CAPTION in [t.text for t in sheet.texts("label")]
    assert "prison" in [t.text for t in sheet.texts("label")]
    assert sheet.texts("entry") == ()
    assert sheet.texts("total") == ()
    # Each pad reaches to within one row of the bottom, with more room above the line.
    row = METRICS.row_height * pads[0].scale
    assert m.content_bottom - row <= pads[0].box()[3] <= m.content_bottom
    (heavy,) = [i for i in sheet.items if isinstance(i, LineItem) and i.role == "heavy"]
    (total,) = [i for i in sheet.items if isinstance(i, LineItem) and i.role == "total"]
    assert heavy.y1 - 40 > total.y1 - heavy.y1 > 10 * METRICS.row_height


def test_blank_pads_without_names_have_lines_to_write_them_on() -> None:
    m = metrics()
    (page,) = blank_pages(("", ""), 1, m, METRICS)
    (pad,) = page.pads
    writing = [
        i
        for i in pad.sheet.items
        if isinstance(i, LineItem) and i.role == "column" and i.y1 == i.y2 and i.x2 - i.x1 < 100
    ]
    assert len(writing) == 2
    headings = pad.sheet.texts("heading")
    for line, heading in zip(sorted(writing, key=lambda i: i.x1), headings, strict=True):
        assert line.x1 < heading.x < line.x2
    assert "Players:" in [t.text for t in page.texts()]
    assert_nothing_clipped(page, m)
    assert_no_overlap(blank_pad(("", ""), METRICS, 3, 3))


@pytest.mark.parametrize("count", [0, -1, MAX_BLANK_PADS + 1])
def test_a_number_of_blank_pads_out_of_range_is_refused(count: int) -> None:
    with pytest.raises(PrintError, match=f"from 1 to {MAX_BLANK_PADS}, not {count}"):
        blank_pages(("A", "B"), count, metrics(), METRICS)


# Paper and text ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "size"),
    [("A4", (595.276, 841.89)), ("a4", (595.276, 841.89)), (" Letter ", (612.0, 792.0))],
)
def test_page_sizes(name: str, size: tuple[float, float]) -> None:
    assert page_size(name) == size


def test_an_unknown_page_size_is_refused() -> None:
    with pytest.raises(PrintError, match="unknown page size 'A5' \\(use A4 or Letter\\)"):
        page_size("A5")


@pytest.mark.parametrize(
    ("text", "width", "expected"),
    [
        ("Anna – Bert", 100, "Anna – Bert"),  # 11 characters of 6 points: fits
        ("Anna & Carl – Bert & Dora", 59, "Anna & C…"),
        ("Anna", 5, ""),
    ],
)
def test_fit_text(text: str, width: float, expected: str) -> None:
    assert fit_text(text, 10, width, fake_width) == expected


@pytest.mark.parametrize(
    ("text", "width", "expected"),
    [
        ("the side with the higher total wins", 120, ["the side with the", "higher total wins"]),
        ("Doubled", 30, ["Doubl", "ed"]),
        ("", 50, []),
    ],
)
def test_wrap_text(text: str, width: float, expected: list[str]) -> None:
    lines = wrap_text(text, 10, width, fake_width)
    assert lines == expected
    assert all(fake_width(line, 10) <= width for line in lines)


# The scoring card ----------------------------------------------------------------------


def normalised_rules() -> str:
    text = RULES.read_text(encoding="utf-8")
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)  # [R10](#r10-...) -> R10
    text = text.replace("**", "").replace("*", "")
    return " ".join(text.split()).lower()


def test_the_card_says_everything_in_the_words_of_rules_md() -> None:
    rules = normalised_rules()
    missing = [
        text for text in card_texts(card_blocks()) if " ".join(text.split()).lower() not in rules
    ]
    assert missing == []


def test_the_card_values_and_bonuses_are_the_games_numbers() -> None:
    tables = {block.title: block for block in card_blocks() if isinstance(block, CardTable)}
    values = tables["Card values"]
    assert values.rows == (
        ("Jack", "20", "0"),
        ("Nine", "15", "0"),
        ("Ace", "10", "10"),
        ("Ten", "10", "10"),
        ("King", "5", "5"),
        ("Queen", "5", "5"),
        ("Eight", "0", "0"),
        ("Seven", "0", "0"),
        ("One suit", "65", "30"),
    )
    assert tables["The deck: 155 or 120"].rows == (
        ("A trump suit", "155"),
        ("No-trump, and every Nullo", "120"),
    )
    last = {row[0]: row[1] for row in tables["Last trick and Jo-Jotte"].rows}
    assert last == {"Last trick": "10", "Jo-Jotte": "20"}
    melds = {row[0]: row[1] for row in tables["Melds"].rows}
    assert melds == {
        "Class A, four of a kind": "100",
        "Class B, sequences": "",
        "Three cards": "20",
        "Four cards": "40",
        "Five cards": "50",
    }
    doubling = [row[1] for row in tables["Doubling"].rows]
    assert doubling == ["1", "2", "4"]
    bonuses = {row[0].split(":")[0]: row[1] for row in tables["Bonuses, game and rubber"].rows}
    assert bonuses["Unbid slam"] == "100"
    assert bonuses["Slam bid and made"] == "500"
    assert bonuses["Nullo made"] == "200"
    assert bonuses["Nullo failed"].startswith("200 for the first trick")
    assert "+ 100 for each further trick" in bonuses["Nullo failed"]
    assert bonuses["Game"] == "80 below the line (125 in partnerships)"
    assert bonuses["Rubber"] == "300"
    headings = [block.heading for block in card_blocks() if isinstance(block, CardRuling)]
    # Every ruling the explanations cite, R6 and R7 too (also rows of the bonus table).
    assert [h.split(":")[0] for h in headings] == [f"R{n}" for n in range(1, 16)]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_card_fits_one_page_legibly(paper: str) -> None:
    m = metrics(paper)
    page = layout_card(m)
    assert page.kind == "card"
    title = f"{CARD_TITLE}: two players and partnerships"
    assert page.texts()[0].text == title
    assert_nothing_clipped(page, m)
    assert min(t.size for t in page.texts()) >= 7.0
    texts = " ".join(t.text for t in page.texts())
    for words in ("Card values", "Doubling", "R10: Prison goes to the next winner", "R13: Rubber"):
        assert words in texts
    # Two columns, the tables first, then the rulings.
    (values,) = [t for t in page.texts() if t.text == "Card values"]
    (r14,) = [t for t in page.texts() if t.text.startswith("R14")]
    assert values.x == m.margin
    assert r14.x > m.width / 2
    left = [t for t in page.texts() if t.x == m.margin and t.text != title]
    assert values.y == min(t.y for t in left)


# The whole document --------------------------------------------------------------------


def test_a_document_of_sheets_blank_pads_and_the_card_is_numbered() -> None:
    ledger = replay(german_sitting())
    m = metrics()
    job = PrintJob(ledger, SheetHeader("Berlin 1937"), None, 3, ledger.columns, card=True)
    pages = layout_document(job, m, METRICS)
    kinds = [page.kind for page in pages]
    assert kinds[0] == "sheets"
    assert kinds[-1] == "card"
    assert set(kinds[1:-1]) == {"blank"}
    for number, page in enumerate(pages, 1):
        footer = [t.text for t in page.texts("label")]
        assert f"Page {number} of {len(pages)}" in footer
        assert "Berlin 1937 · A – B" in footer
        assert_nothing_clipped(page, m)
    assert job.title == "Berlin 1937"
    assert replace(job, rubber=1).title == "Berlin 1937: rubber 1"


def test_a_document_with_nothing_in_it_is_refused() -> None:
    with pytest.raises(PrintError, match="nothing to print"):
        layout_document(PrintJob(), metrics(), METRICS)


def test_wrapping_measures_each_character_once_whatever_the_text() -> None:
    """A 10,000-character name (no spaces) or 5,000 one-letter words: the text is measured
    in as many calls as it has words or characters, not once per prefix."""
    from jojotte_score.render.page_layout import wrap_text

    calls: list[int] = []

    def width(text: str, size: float) -> float:
        calls.append(len(text))
        return len(text) * size * 0.5

    for text in ("Z" * 10_000, " ".join("a" * 5_000)):
        calls.clear()
        lines = wrap_text(text, 10.0, 100.0, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert all(width(line, 10.0) <= 100.0 for line in lines)
        assert sum(calls) <= 3 * len(text) + 100  # linear in the text's length
