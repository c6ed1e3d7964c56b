"""Drawing a print job on paper: a printer, a PDF writer, any paged paint device.

Each pad is drawn by :func:`~jojotte_score.render.sheet_painter.paint_sheet`, the routine
that draws the sheet on screen, so screen and paper always agree; the page's own items
(header, running results, footer) are drawn by it too. Paper gets black on white.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from PySide6.QtGui import QColor, QFont, QPagedPaintDevice, QPageLayout, QPainter, QPalette

from jojotte_score.render.document import PrintJob, layout_document
from jojotte_score.render.page_layout import Page, PageMetrics, PrintError
from jojotte_score.render.sheet_layout import SheetMetrics
from jojotte_score.render.sheet_painter import paint_sheet, text_width_for

PRINT_COLOURS = {
    QPalette.ColorRole.Text: "#000000",
    QPalette.ColorRole.Base: "#ffffff",
    QPalette.ColorRole.Highlight: "#000000",
}
"""Paper's colours: black text and lines on white; nothing is highlighted."""


def print_palette() -> QPalette:
    """The palette pads are printed with: black on white, whatever the screen's theme."""
    palette = QPalette()
    for role, colour in PRINT_COLOURS.items():
        palette.setColor(role, QColor(colour))
    return palette


def page_metrics(device: QPagedPaintDevice, font: QFont) -> tuple[PageMetrics, SheetMetrics]:
    """Page and sheet metrics for ``device``'s paper, measuring text with ``font`` on it."""
    paper = device.pageLayout().fullRect(QPageLayout.Unit.Point)
    width = text_width_for(font, device)
    return PageMetrics(width, paper.width(), paper.height()), SheetMetrics(text_width=width)


class PageDrawing(NamedTuple):
    """Where a page is drawn: the painter, the device's pixels per point, the offset of the
    paper's corner (the device's own margins allowed for), and the print palette."""

    painter: QPainter
    scale: float
    dx: float
    dy: float
    palette: QPalette


def paint_each_page(
    device: QPagedPaintDevice, count: int, draw: Callable[[PageDrawing, int], None]
) -> None:
    """Draw ``count`` pages on ``device``, one per sheet of paper: ``draw(drawing, index)``
    draws page ``index``."""
    painter = QPainter()
    if not painter.begin(device):
        raise PrintError("the printer or the file could not be opened for drawing")
    try:
        scale = device.logicalDpiY() / 72.0
        paint = device.pageLayout().paintRect(QPageLayout.Unit.Point)
        drawing = PageDrawing(
            painter, scale, -paint.left() * scale, -paint.top() * scale, print_palette()
        )
        for index in range(count):
            if index and not device.newPage():
                raise PrintError("the printer or the file refused a new page")
            draw(drawing, index)
    finally:
        painter.end()


def paint_pages(device: QPagedPaintDevice, pages: Sequence[Page], font: QFont) -> None:
    """Draw ``pages`` on ``device``, one per sheet of paper, in the family of ``font``.

    Page coordinates are measured from the paper's corner; the device's own margins (its
    paint rectangle) are allowed for.
    """

    def draw(at: PageDrawing, index: int) -> None:
        page = pages[index]
        paint_sheet(at.painter, page.as_sheet(), at.palette, (at.dx, at.dy), at.scale, font=font)
        for pad in page.pads:
            origin = (at.dx + pad.x * at.scale, at.dy + pad.y * at.scale)
            paint_sheet(at.painter, pad.sheet, at.palette, origin, pad.scale * at.scale, font=font)

    paint_each_page(device, len(pages), draw)


def paint_job(device: QPagedPaintDevice, job: PrintJob, font: QFont) -> tuple[Page, ...]:
    """Lay ``job`` out for ``device``'s paper and draw it there; the pages drawn."""
    metrics, sheet_metrics = page_metrics(device, font)
    pages = layout_document(job, metrics, sheet_metrics)
    paint_pages(device, pages, font)
    return pages
