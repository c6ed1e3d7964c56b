"""PDFs and pictures of the pads with a column per player, drawn with the bundled font.

The three worked sittings of docs/RULES.md (three players, the chouette, cutthroat) are
written as PDFs on A4 and Letter; their text is read back (pdftotext), their pages become
PNG images (pdftoppm, at 60 dots per inch as a quick look needs) and each rubber's sheet is
painted as the screen paints it. The images go into $JOJOTTE_SCREENSHOTS when it names a
folder, else into the test's temporary folder. Laid out with the real font, no two texts of
a pad overlap and every text stays inside its pad.
"""

from __future__ import annotations

import itertools
import subprocess
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from jojotte_score.core.games import replay
from jojotte_score.core.model import Sitting
from jojotte_score.i18n import format_signed as signed
from jojotte_score.render.document import PrintJob, layout_document
from jojotte_score.render.fonts import print_font
from jojotte_score.render.page_layout import PAGE_SIZES, PageMetrics, SheetHeader
from jojotte_score.render.page_painter import print_palette
from jojotte_score.render.pdf import write_pdf
from jojotte_score.render.sheet_items import SheetLayout
from jojotte_score.render.sheet_layout import SheetMetrics, layout_sheet
from jojotte_score.render.sheet_painter import paint_sheet, text_width_for
from tests.poppler import pdf_pages, pdf_text, tool
from tests.render.test_column_layout import SITTINGS
from tests.render.test_pdf import ink, screenshot_folder

PAPERS = ["A4", "Letter"]
RESOLUTION = 60


def copy_marked(text: str) -> str:
    """A PDF's text with its no-break spaces as spaces (as a reader copies "= 60" out)."""
    return text.replace("\u00a0", " ")


def long_named(sitting: Sitting) -> Sitting:
    from dataclasses import replace

    names = tuple((name + "-" + "Wolkenstein-Trostburg" * 2)[:40] for name in sitting.players)
    return replace(sitting, players=names)


def page_images(pdf: Path, folder: Path, stem: str) -> list[QImage]:
    """Every page of ``pdf`` as PNG files ``stem-1.png``, ... in ``folder``, loaded."""
    for old in folder.glob(f"{stem}-*.png"):
        old.unlink()
    command = [tool("pdftoppm"), "-r", str(RESOLUTION), "-png", str(pdf), str(folder / stem)]
    subprocess.run(command, check=True)
    files = sorted(folder.glob(f"{stem}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    images = [QImage(str(file)) for file in files]
    assert images
    assert all(not image.isNull() for image in images)
    return images


def real_metrics(paper: str) -> tuple[PageMetrics, SheetMetrics]:
    """Page and sheet metrics measuring the bundled font as the PDF writer does."""
    from PySide6.QtGui import QPageSize, QPdfWriter

    from jojotte_score.render.page_painter import page_metrics
    from jojotte_score.render.pdf import PAGE_SIZE_IDS, RESOLUTION

    writer = QPdfWriter(str(Path("/dev/null")))
    writer.setResolution(RESOLUTION)
    writer.setPageSize(QPageSize(PAGE_SIZE_IDS[paper]))
    return page_metrics(writer, print_font())


def assert_pad_legible(sheet: SheetLayout, measure: SheetMetrics) -> None:
    """With the real font: every text inside the pad and no two texts overlapping."""
    boxes = [(t, t.box(measure.text_width)) for t in sheet.texts()]
    for text, box in boxes:
        assert box[0] >= 0, text
        assert box[2] <= sheet.width, text
        assert box[1] >= 0, text
        assert box[3] <= sheet.height, text
    for (one, a), (other, b) in itertools.combinations(boxes, 2):
        apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
        assert apart, (one, other)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", list(SITTINGS))
def test_a_sitting_as_a_pdf_holds_every_number_and_its_pages_stay_inside_the_margins(
    name: str, paper: str, qapp: QApplication, tmp_path: Path
) -> None:
    sitting = SITTINGS[name]
    ledger = replay(sitting)
    header = SheetHeader("Christmas", date="2026-12-24", place="Anna's")
    job = PrintJob.for_sitting(sitting, ledger, header, blank=1, card=True)
    pdf = tmp_path / f"{name}.pdf"
    write_pdf(pdf, job, paper)
    text = pdf_text(pdf)
    words = text.split()
    for rubber in ledger.rubbers:
        for total in rubber.totals:
            assert str(total) in words, total
        for points in rubber.settlement:
            assert signed(points) in words, points
        copies = {(hand.number, copier) for hand in rubber.hands for copier, _ in hand.score.copies}
        for hand in rubber.hands:
            for entry in hand.entries:
                # A copy is "= 60" (a no-break space the PDF's text may give as a space).
                assert str(entry.points) in words, entry
                if (hand.number, entry.side) in copies:
                    assert f"= {entry.points}" in copy_marked(text), entry
    for player in sitting.players:
        assert player in words
    assert "Result:" in text
    assert "marks a copy:" in text
    assert "Jo-Jotte scoring card: " in text
    pages = pdf_pages(pdf)
    folder = screenshot_folder(tmp_path)
    images = page_images(pdf, folder, f"print-{name}-{paper.lower()}")
    assert len(images) == pages
    width, height = PAGE_SIZES[paper]
    margin = int(36 * RESOLUTION / 72) - 2  # half an inch, less a pixel of antialiasing
    for image in images:
        assert abs(image.width() - width * RESOLUTION / 72) <= 2
        assert abs(image.height() - height * RESOLUTION / 72) <= 2
        assert ink(image, 0, 0, image.width(), margin) == 0
        assert ink(image, 0, image.height() - margin, image.width(), image.height()) == 0
        assert ink(image, 0, 0, margin, image.height()) == 0
        assert ink(image, image.width() - margin, 0, image.width(), image.height()) == 0
        inside = ink(image, margin, margin, image.width() - margin, image.height() - margin)
        assert inside > 500


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("long", [False, True], ids=["names", "long-names"])
@pytest.mark.parametrize("name", list(SITTINGS))
def test_with_the_real_font_no_text_of_a_pad_overlaps(
    name: str, long: bool, paper: str, qapp: QApplication
) -> None:
    sitting = SITTINGS[name]
    if long:
        sitting = long_named(sitting)
    ledger = replay(sitting)
    metrics, sheet_metrics = real_metrics(paper)
    job = PrintJob.for_sitting(sitting, ledger, SheetHeader("Christmas"), blank=1)
    pages = layout_document(job, metrics, sheet_metrics)
    left, top, right, bottom = metrics.printable
    for page in pages:
        for pad in page.pads:
            x0, y0, x1, y1 = pad.box()
            assert left - 1e-6 <= x0
            assert x1 <= right + 1e-6
            assert top - 1e-6 <= y0
            assert y1 <= bottom + 1e-6
            assert pad.scale >= metrics.min_scale
            assert_pad_legible(pad.sheet, sheet_metrics)
        for text in page.texts():
            box = text.box(metrics.text_width)
            assert left - 1e-6 <= box[0], text
            assert box[2] <= right + 1e-6, text


@pytest.mark.parametrize("name", list(SITTINGS))
def test_each_rubbers_sheet_as_the_screen_paints_it(
    name: str, qapp: QApplication, tmp_path: Path
) -> None:
    sitting = SITTINGS[name]
    ledger = replay(sitting)
    folder = screenshot_folder(tmp_path)
    font = print_font()
    for number in range(1, len(ledger.rubbers) + 2):
        image = QImage(10, 10, QImage.Format.Format_RGB32)
        image.setDotsPerMeterX(3780 * 2)  # 192 dots per inch: a sharp picture
        image.setDotsPerMeterY(3780 * 2)
        measure = SheetMetrics(text_width=text_width_for(font, image))
        sheet = layout_sheet(ledger, number, measure)
        assert_pad_legible(sheet, measure)
        scale = image.logicalDpiY() / 72.0
        image = image.scaled(int(sheet.width * scale) + 1, int(sheet.height * scale) + 1)
        image.setDotsPerMeterX(3780 * 2)
        image.setDotsPerMeterY(3780 * 2)
        image.fill(QColor("white"))
        painter = QPainter(image)
        paint_sheet(painter, sheet, print_palette(), (0.0, 0.0), scale, font=font)
        painter.end()
        path = folder / f"sheet-{name}-rubber-{number}.png"
        assert image.save(str(path))
        assert ink(image, 0, 0, image.width(), image.height()) > 200
