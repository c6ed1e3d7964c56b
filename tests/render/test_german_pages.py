"""The printed pages in German: the worked example's sheet as the German rules write it
(prison in parentheses), the header's date, the blank pads, the scoring card and its pages
for the other games, the season report and the plots; every German text on its page and
nothing clipped or overlapping, on A4 and on Letter.

Layouts are measured by the fake of the layout tests; the PDFs with the bundled font, and
their pages go as PNG images into $JOJOTTE_SCREENSHOTS when it names a folder.
"""

from __future__ import annotations

import math
import re
import subprocess
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from jojotte_score.core.games import find_game, replay
from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import Variant
from jojotte_score.core.scoring import EntryKind
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.render.chart_layout import ChartMetrics, layout_chart
from jojotte_score.render.document import PrintJob, layout_document
from jojotte_score.render.fonts import print_font
from jojotte_score.render.page_layout import (
    PAGE_SIZES,
    Page,
    SheetHeader,
    blank_pages,
    sitting_pages,
)
from jojotte_score.render.page_painter import page_metrics
from jojotte_score.render.pdf import pdf_document, write_pdf
from jojotte_score.render.season_pdf import write_season_report
from jojotte_score.render.season_report import layout_season_report, season_report, stats_rows
from jojotte_score.render.sheet_items import CircleItem
from jojotte_score.render.sheet_layout import SheetMetrics, blank_pad, layout_sheet
from jojotte_score.render.summary_card import layout_card, layout_variant_card
from tests.poppler import pdf_pages, pdf_text, tool
from tests.render.test_column_layout import SITTINGS
from tests.render.test_page_layout import assert_nothing_clipped, german_sitting, metrics
from tests.render.test_pdf import screenshot_folder
from tests.render.test_sheet_layout import METRICS, assert_no_overlap

pytestmark = pytest.mark.usefixtures("german")

DATA = Path(__file__).resolve().parent.parent / "data"
PAPERS = ("A4", "Letter")


def all_texts(page: Page) -> str:
    """Every text of the page, its pads' included, one a line."""
    texts = [t.text for t in page.texts()]
    for pad in page.pads:
        texts += [t.text for t in pad.sheet.texts()]
    return "\n".join(texts)


# The pad --------------------------------------------------------------------------------


def test_the_german_example_sheet_speaks_german_with_prison_in_parentheses() -> None:
    sheet = layout_sheet(replay(german_sitting()), 1, METRICS)
    assert_no_overlap(sheet)
    assert [t.text for t in sheet.texts("heading")] == ["A", "B"]
    labels = [t.text for t in sheet.texts("label")]
    assert labels[0] == "Robber 1 von 1"
    assert "Keller" in labels
    # Hands 4 and 5 put 60 and 90 in prison: written in parentheses, as the German rules do.
    assert {t.hand: t.text for t in sheet.texts("prison")} == {4: "(60)", 5: "(90)"}
    # Prison won (hand 6: 150) is marked K for Keller; melds M, Nullo N, the rubber bonus R.
    marks = {t.kind: t.text for t in sheet.texts("label") if t.kind}
    assert marks == {
        EntryKind.MELD: "M",
        EntryKind.PRISON: "K",
        EntryKind.NULLO_BONUS: "N",
        EntryKind.RUBBER_BONUS: "R",
    }
    legend = " ".join(labels)
    assert "M Meldungen" in legend
    assert "K Keller gewonnen" in legend
    assert "R Robberprämie" in legend
    assert [t.text for t in sheet.texts("total")] == ["755", "655"]
    (result,) = sheet.texts("result")
    assert result.text == "A gewinnt den Robber mit 100 Punkten"


def test_a_german_rubber_in_progress_says_what_waits_in_prison() -> None:
    sitting = german_sitting()
    from dataclasses import replace

    sheet = layout_sheet(replay(replace(sitting, hands=sitting.hands[:5])), 1, METRICS)
    (result,) = sheet.texts("result")
    assert result.text == "Robber 1 läuft: A 155, B 615; 150 im Keller"
    assert_no_overlap(sheet)


def test_a_prison_amount_in_parentheses_stays_clear_of_its_circle() -> None:
    """ "(120)" touched its circle (issue 41, item 11): the circle keeps 0.4 of the font's
    size clear of the text's ends, and clears the corners of a box as wide as the text and
    as tall as a parenthesis (the font's size)."""
    sheet = layout_sheet(replay(german_sitting()), 1, METRICS)
    circles = {item.hand: item for item in sheet.items if isinstance(item, CircleItem)}
    amounts = sheet.texts("prison")
    assert [t.text for t in amounts] == ["(60)", "(90)"]
    for text in amounts:
        assert text.hand is not None
        circle = circles[text.hand]
        half_width = METRICS.text_width(text.text, text.size) / 2
        assert circle.r >= half_width + 0.4 * text.size, (text.text, circle.r, half_width)
        assert circle.r > math.hypot(half_width, 0.5 * text.size), (text.text, circle.r)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_ruling_the_copy_legend_cites_never_stands_alone_on_a_line(
    paper: str, qapp: QApplication
) -> None:
    """The cutthroat pad's legend left "(F3)" alone on its last line (issue 41, item 11),
    measured in the font the PDF is drawn in."""
    found: list[SheetMetrics] = []
    pdf_document("fit", paper, lambda writer: found.append(page_metrics(writer, print_font())[1]))
    sheet = layout_sheet(replay(SITTINGS["cutthroat"]), 1, found[0])
    labels = [t.text for t in sheet.texts("label")]
    legend = [text for text in labels if "F3" in text]
    assert len(legend) == 1, labels
    assert legend[0].endswith("Spieler\u00a0(F3)"), legend
    assert not any(re.fullmatch(r"\([A-Z]\d+\)", text.strip()) for text in labels), labels


@pytest.mark.parametrize("name", list(SITTINGS))
def test_the_pads_of_the_games_of_individual_players_in_german(name: str) -> None:
    ledger: Ledger = replay(SITTINGS[name])
    sheet = layout_sheet(ledger, 1, METRICS)
    assert_no_overlap(sheet)
    labels = " ".join(t.text for t in sheet.texts("label"))
    assert "Summe" in labels
    assert "Saldo" in labels  # the foot: each player's net
    assert "= vor einer Zahl kennzeichnet eine Kopie: " in labels
    # A copy is "= 60"; parentheses mean the Keller alone ("(60)", the rules' note 4).
    copies = [t.text for t in sheet.texts("entry") if t.copied]
    assert copies
    assert all(text.startswith("=\u00a0") and "(" not in text for text in copies)
    assert all(t.text.startswith("(") for t in sheet.texts("prison"))
    results = [t.text for t in sheet.texts("result")]
    assert results[-1].startswith(("Abrechnung: ", "Bisherige Abrechnung: "))
    if name == "chouette":
        assert "Box: Anna · Kapitän: Bert · Partner: Carl" in labels
        assert "(führt)" not in labels  # it read as "is ahead"
        assert "(Kapitän)" not in labels


def test_blank_pads_in_german() -> None:
    two = blank_pad(("", ""), METRICS, 5, 5)
    labels = [t.text for t in two.texts("label")]
    assert labels[0] == "Robber ____"
    assert "Keller" in labels
    chouette = blank_pad(("", "", ""), METRICS, 5, 5, Variant.CHOUETTE)
    labels = [t.text for t in chouette.texts("label")]
    assert "Box: __________ · Kapitän: __________ · Partner: __________" in labels
    assert "Summe" in labels
    assert "Saldo" in labels
    assert_no_overlap(chouette)


# Pages ------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_the_german_example_page_has_a_german_header(paper: str) -> None:
    m = metrics(paper)
    header = SheetHeader("Berlin 1937", date=date(1937, 11, 21), place="Berlin")
    (page,) = sitting_pages(replay(german_sitting()), header, m, METRICS)
    assert_nothing_clipped(page, m)
    texts = [t.text for t in page.texts()]
    for line in (
        "Spieler: A – B",
        "Datum: 21.11.1937",
        "Ort: Berlin",
        "Zwischenstand: A liegt mit 100 Punkten vorn",
        "Robber beendet: 1 · gewonnen: A 1, B 0",
        "Zwischenstand nach Robber 1: A liegt mit 100 Punkten vorn",
    ):
        assert line in texts, line


@pytest.mark.parametrize("paper", PAPERS)
def test_a_german_document_numbers_its_pages(paper: str) -> None:
    m = metrics(paper)
    job = PrintJob(replay(german_sitting()), blank=1, card=True)
    pages = layout_document(job, m, METRICS)
    labels = [t.text for page in pages for t in page.texts("label")]
    assert "Seite 1 von 3" in labels
    assert "Seite 3 von 3" in labels
    assert "Jo-Jotte-Block · A – B" in labels
    for page in pages:
        assert_nothing_clipped(page, m)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("variant", [None, Variant.THREE_PLAYER, Variant.CHOUETTE])
def test_german_blank_pages_fit(paper: str, variant: Variant | None) -> None:
    m = metrics(paper)
    names = ("",) * (find_game(variant).seats if variant else 2)
    (page,) = blank_pages(names, 1, m, METRICS, variant)
    assert_nothing_clipped(page, m)
    texts = all_texts(page)
    assert "Spieler:" in texts
    assert "Datum:" in texts
    assert "Ort:" in texts
    assert "Robber ____" in texts


# The scoring card -----------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_the_german_scoring_card_fits_one_page(paper: str) -> None:
    m = metrics(paper)
    page = layout_card(m)
    assert_nothing_clipped(page, m)
    texts = [t.text for t in page.texts()]
    assert texts[0] == "Jo-Jotte-Wertungskarte: zu zweit und im Partnerspiel"
    text = " ".join(texts).replace("\u00a0", " ")  # the card keeps "9 Stiche" together
    for words in (
        "Kartenwerte",
        "Bube",
        "In der Trumpffarbe",
        "Letzter Stich",
        "Klasse A, vier Gleiche",
        "Klasse B, Folgen",
        "B, 9, A, 10, K, D",  # the fours in a trump game, as the German rules rank them
        "Kontriert (vom Verteidiger)",
        "Rekontriert (vom Kontraktspieler)",
        "Schlemm angesagt und gemacht",
        "Null verloren",
        "über dem Strich",
        "unter dem Strich",
        "Keller",
        "Robberprämie",
        "Partie",
        "Die Regeln",
        "R14: Das Ergebnis eines Robbers",
    ):
        assert words in text, words


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(
    ("variant", "title", "words"),
    [
        (Variant.THREE_PLAYER, "drei Spieler", ["T16: Fehler, die der Block abweist", "100 + 50"]),
        (
            Variant.CHOUETTE,
            "die Chouette",
            ["C1: Die Box gegen die Mannschaft", "die Box \u22122d"],
        ),
        (Variant.CUTTHROAT, "jeder gegen jeden, vier Spieler", ["F2: Der Geber setzt aus"]),
    ],
)
def test_the_german_card_pages_of_the_other_games_fit(
    paper: str, variant: Variant, title: str, words: list[str]
) -> None:
    m = metrics(paper)
    page = layout_variant_card(m, variant)
    assert_nothing_clipped(page, m)
    texts = [t.text for t in page.texts()]
    assert texts[0] == f"Jo-Jotte-Wertungskarte: {title}"
    text = " ".join(texts)
    assert f"Der Block: {title}" in text
    # A copy as the pad marks it, never "(60)": in German that is the Keller.
    # The card keeps "= 60" and "60 auf" together with no-break spaces.
    plain = text.replace("\u00a0", " ")
    assert text.count("=\u00a060") == 2
    assert "= 60 auf dem Block" in plain
    assert "hinter ein Gleichheitszeichen: = 60." in plain
    assert "Klammern" not in text
    for expected in words:
        assert expected in plain, expected


# The season report and the plots --------------------------------------------------------


def test_the_german_season_report() -> None:
    report = season_report(
        [
            (date(2026, 11, day), load_sitting(DATA / f"{name}-example.json").sitting)
            for day, name in enumerate(("german", "three-player", "chouette"), 1)
        ]
    )
    assert report.title == "Jo-Jotte-Saisonbericht"
    assert report.period == "01.11.2026 bis 03.11.2026"
    rows = {row[0]: row for row in stats_rows(report.stats)}
    assert rows["A"][2] == "1 von 1"
    assert rows["A"][7] == "8,3"  # melds per hand, with a decimal comma
    m = metrics("A4")
    pages = layout_season_report(report, m)
    first = pages[0].page
    texts = [t.text for t in first.texts()]
    assert "01.11.2026 bis 03.11.2026 · 3 Sitzungen" in texts
    # Each heading's words whole, none broken inside to fit its column.
    words = {word for t in first.texts("heading") for word in t.text.split()}
    for word in ("Spieler", "Sitzungen", "Robber", "Saldo", "Kontrakte", "Fall", "gebracht"):
        assert word in words, word
    assert "Meldepunkte" in words
    for page in pages:
        assert_nothing_clipped(page.page, m)
    charts = [placed.layout for page in pages for placed in page.charts]
    assert [c.texts("heading")[0].text for c in charts] == [
        "Saldo je Sitzung",
        "Saldo, Sitzung für Sitzung aufsummiert",
        "Erfüllte Kontrakte nach Art",
        "Wertungen im Lauf der Zeit",  # after the records' tables
    ]
    record_headings = {t.text for page in pages for t in page.page.texts("heading")}
    for title in ("Direkter Vergleich", "Paare", "Rollen", "Wertungen"):
        assert title in record_headings, title
    assert "Wertung" in [t.text for t in charts[3].texts("label")]
    line_labels = [t.text for t in charts[0].texts("label")]
    assert "Punkte" in line_labels
    assert "Sitzung" in line_labels
    assert "01.11.2026" in line_labels
    bar_labels = [t.text for t in charts[2].texts("label")]
    assert "% der angesagten erfüllt" in bar_labels
    assert "100 %" in bar_labels
    for kind in ("Farbe", "Ohne Trumpf", "Null", "Schlemm", "kontriert"):
        assert kind in bar_labels, kind


def test_a_german_plot_of_one_sitting() -> None:
    from jojotte_score.core.series import sitting_course
    from jojotte_score.render.chart_layout import course_chart

    sitting = german_sitting()
    chart = course_chart(sitting_course(replay(sitting)))
    layout = layout_chart(chart, ChartMetrics(METRICS.text_width))
    assert layout.texts("heading")[0].text == "Laufende Differenz, A \u2212 B"
    labels = [t.text for t in layout.texts("label")]
    assert "Punkte Vorsprung" in labels
    assert "Spiel" in labels
    assert "R1" in labels


# PDFs, their text and their pictures ------------------------------------------------------


def png_pages(pdf: Path, name: str, tmp_path: Path) -> list[Path]:
    """The PDF's pages as PNG images (60 dots per inch) in the screenshot folder."""
    folder = screenshot_folder(tmp_path)
    stem = folder / name
    subprocess.run([tool("pdftoppm"), "-r", "60", "-png", str(pdf), str(stem)], check=True)
    return sorted(folder.glob(f"{name}*.png"))


@pytest.mark.parametrize("paper", PAPERS)
def test_german_pdfs_of_the_sheet_the_blank_pads_and_the_card(
    paper: str, qapp: QApplication, tmp_path: Path
) -> None:
    ledger = replay(german_sitting())
    header = SheetHeader("Berlin 1937", date=date(1937, 11, 21), place="Berlin")
    job = PrintJob(ledger, header, blank=1, card=True)
    pdf = tmp_path / "german.pdf"
    write_pdf(pdf, job, paper)
    assert pdf_pages(pdf) == 3
    text = pdf_text(pdf)
    for words in (
        "Spieler: A – B",
        "Datum: 21.11.1937",
        "A gewinnt den Robber mit 100 Punkten",
        "(60)",
        "(90)",
        "Keller",
        "Robber ____",
        "Jo-Jotte-Wertungskarte",
        "R14: Das Ergebnis eines Robbers",
        "Seite 3 von 3",
    ):
        assert words in text, words
    assert len(png_pages(pdf, f"german-print-{paper.lower()}", tmp_path)) == 3
    width, height = PAGE_SIZES[paper]
    info = subprocess.run([tool("pdfinfo"), str(pdf)], capture_output=True, text=True, check=True)
    assert f"{width:.0f} x {height:.0f}" in info.stdout.replace(".28", "").replace(".89", "")


@pytest.mark.parametrize("paper", PAPERS)
def test_german_pdfs_of_the_card_pages_and_pads_of_the_other_games(
    paper: str, qapp: QApplication, tmp_path: Path
) -> None:
    for name in SITTINGS:
        sitting = SITTINGS[name]
        ledger = replay(sitting)
        job = PrintJob.for_sitting(sitting, ledger, blank=1, card=True)
        pdf = tmp_path / f"{name}.pdf"
        write_pdf(pdf, job, paper)
        text = pdf_text(pdf)
        assert "Jo-Jotte-Wertungskarte: " in text
        assert "Abrechnung" in text
        png_pages(pdf, f"german-{name}-{paper.lower()}", tmp_path)


def test_the_german_season_report_pdf(qapp: QApplication, tmp_path: Path) -> None:
    report = season_report(
        [
            (date(2026, 11, day), load_sitting(DATA / f"{name}-example.json").sitting)
            for day, name in enumerate(("german", "three-player", "chouette", "cutthroat"), 1)
        ]
    )
    pdf = tmp_path / "report.pdf"
    write_season_report(pdf, report, "A4")
    text = pdf_text(pdf)
    for words in ("Jo-Jotte-Saisonbericht", "01.11.2026 bis 04.11.2026", "Saldo je Sitzung"):
        assert words in text, words
    png_pages(pdf, "german-season-report", tmp_path)
