"""German words fit the printed pages as the English ones do, measured in the font the PDF
is drawn in: the scoring card's "Where" column and the season report's headings."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication

from jojotte_score.core.model import Variant
from jojotte_score.i18n import use_language
from jojotte_score.render.fonts import print_font
from jojotte_score.render.page_layout import PageMetrics
from jojotte_score.render.page_painter import page_metrics
from jojotte_score.render.pdf import pdf_document
from jojotte_score.render.season_report import layout_season_report
from jojotte_score.render.sheet_items import TextItem
from jojotte_score.render.summary_card import (
    CardTable,
    card_blocks,
    layout_card,
    layout_variant_card,
)
from jojotte_score.render.text_fit import keep_together, wrap_text
from tests.render.test_season_report import report as example_report

PAPERS = ("A4", "Letter")


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    use_language(request.param)
    yield request.param
    use_language("en")


def pdf_metrics(paper: str) -> PageMetrics:
    """The page metrics a PDF on ``paper`` is laid out with: the shipped font, measured on
    the PDF writer."""
    found: list[PageMetrics] = []
    pdf_document("fit", paper, lambda writer: found.append(page_metrics(writer, print_font())[0]))
    return found[0]


def column_lines(items: list[TextItem], heading: TextItem, cells: list[str]) -> list[int]:
    """How many lines each of ``cells`` takes in the column under ``heading``: the lines at
    the heading's left edge, below it, read down until they make up each cell in turn."""
    lines = sorted(
        (item for item in items if item.x == heading.x and item.y > heading.y),
        key=lambda item: item.y,
    )
    counts: list[int] = []
    taken: list[str] = []
    for line in lines:
        taken.append(line.text)
        if " ".join(taken).replace("\u00a0", " ") == cells[len(counts)]:
            counts.append(len(taken))
            taken = []
            if len(counts) == len(cells):
                return counts
    raise AssertionError(f"the column does not hold {cells[len(counts)]!r} whole: {taken}")


@pytest.mark.parametrize("paper", PAPERS)
def test_the_card_s_where_column_takes_three_lines_at_most(
    paper: str, language: str, qapp: QApplication
) -> None:
    """German took five lines for "über dem Strich, für den Gewinner des Robbers" when the
    columns kept the shares fitted to the English words."""
    page = layout_card(pdf_metrics(paper))
    bonuses = [b for b in card_blocks() if isinstance(b, CardTable)][-1]
    where = bonuses.headings[2]
    assert where == {"en": "Where", "de": "Wohin"}[language]
    texts = [item for item in page.items if isinstance(item, TextItem)]
    (heading,) = [item for item in texts if item.text == where]
    counts = column_lines(texts, heading, [row[2] for row in bonuses.rows])
    assert max(counts) <= 3, counts


@pytest.mark.parametrize("paper", PAPERS)
def test_the_season_report_s_headings_take_two_lines_at_the_text_s_size(
    paper: str, language: str, qapp: QApplication
) -> None:
    """German headings ("Meldepunkte je Spiel", "Zu Fall gebracht") took three lines, or
    shrank below the text's size, when the columns kept the English shares."""
    m = pdf_metrics(paper)
    built = example_report()
    first = layout_season_report(built, m)[0].page
    headings = [item for item in first.texts("heading") if item.size < m.title_size]
    assert {item.size for item in headings} == {m.text_size}
    assert len({round(item.y, 3) for item in headings}) == 2  # two lines, no more
    words = " ".join(item.text for item in headings).split()
    if language == "de":
        for word in ("Meldepunkte", "Zu", "Fall", "gebracht", "Sitzungen", "erfüllt"):
            assert word in words, word


@pytest.mark.parametrize("paper", PAPERS)
def test_the_card_s_what_column_takes_four_lines_at_most(
    paper: str, language: str, qapp: QApplication
) -> None:
    """German took six lines for the unbid slam in the "Was" column, beside a "Punkte"
    column holding "100" (issue 41, item 11)."""
    page = layout_card(pdf_metrics(paper))
    bonuses = [b for b in card_blocks() if isinstance(b, CardTable)][-1]
    what, where = bonuses.headings[0], bonuses.headings[2]
    texts = [item for item in page.items if isinstance(item, TextItem)]
    (beside,) = [item for item in texts if item.text == where]
    (heading,) = [item for item in texts if item.text == what and item.y == beside.y]
    counts = column_lines(texts, heading, [row[0] for row in bonuses.rows])
    assert max(counts) <= 4, counts


@pytest.mark.parametrize(
    ("text", "together"),
    [
        ("alle 9 Stiche, ohne Ansage", "9\u00a0Stiche"),  # a figure and what it counts
        ("schreibt m × (alle Spielpunkte) unter den Strich", "m\u00a0×\u00a0(alle"),
        ("Meldungen oder Stiche für I.", "für\u00a0I."),  # a label ending the sentence
        ("Die Ergebnisse ergeben zusammen 0.", "zusammen\u00a00."),
        # A sign kept with its figure, and that with the word before it (C6 of the chouette).
        ("der Kapitän +d, der Partner +d, die Box \u22122d.", "Box\u00a0\u22122d."),
        ("the captain +d, the partner +d, the box \u22122d.", "partner\u00a0+d,"),
        # A minus and what it takes away (the settlement on a game's page).
        ("3 × die Summe des Spielers \u2212 die Summe aller Summen", "\u2212\u00a0die"),
        ("3 × his total \u2212 the sum of the three totals", "\u2212\u00a0the"),
    ],
)
def test_the_card_keeps_together_what_is_read_as_one(text: str, together: str) -> None:
    """The scoring card broke "9 / Stiche", "m / × (…)", "für / I." and "zusammen / 0."
    over two lines (issue 41, item 11); every width that parts the text keeps them on one
    line."""
    assert together in keep_together(text)
    width = lambda line, size: 5.0 * len(line)  # noqa: E731 - five points a character
    longest = max(len(chunk) for chunk in keep_together(text).split(" "))
    for room in range(5 * longest, 5 * len(text), 5):  # every width that holds each chunk
        lines = wrap_text(keep_together(text), 10.0, room, width)
        assert any(together in line for line in lines), (room, lines)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.usefixtures("language")
def test_the_chouette_page_keeps_the_box_with_its_minus_two_d(paper: str) -> None:
    """The chouette's page of the card broke C6 as "die Box / \\u22122d." (issue 41, item 11): a
    sign and its figure stay with the word they are said of, on a PDF's page."""
    page = layout_variant_card(pdf_metrics(paper), Variant.CHOUETTE)
    lines = [item.text for item in page.items if isinstance(item, TextItem)]
    (settled,) = [line for line in lines if "\u22122d" in line]
    assert settled.replace("\u00a0", " ").lower().endswith("box \u22122d."), lines
    for line in lines:
        assert not line.startswith(("\u22122d", "+d")), line
