"""Drawing the season report on paper: a PDF file, a printer, any paged paint device.

The pages' own items go through :func:`~jojotte_score.render.sheet_painter.paint_sheet` and
the plots through :func:`~jojotte_score.render.chart_painter.paint_chart`, the routines that
draw the pad and the plots on screen. Paper gets black on white, and the plots the colours
for a light background.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtGui import QFont, QPagedPaintDevice

from jojotte_score.formats.atomic import write_atomically
from jojotte_score.render.chart_painter import paint_chart
from jojotte_score.render.fonts import print_font
from jojotte_score.render.page_painter import PageDrawing, page_metrics, paint_each_page
from jojotte_score.render.pdf import pdf_document
from jojotte_score.render.season_report import ReportPage, SeasonReport, layout_season_report
from jojotte_score.render.sheet_painter import paint_sheet


def paint_report_pages(device: QPagedPaintDevice, pages: Sequence[ReportPage], font: QFont) -> None:
    """Draw ``pages`` on ``device``, one per sheet of paper, in the family of ``font``."""

    def draw(at: PageDrawing, index: int) -> None:
        report_page = pages[index]
        origin = (at.dx, at.dy)
        paint_sheet(
            at.painter, report_page.page.as_sheet(), at.palette, origin, at.scale, font=font
        )
        for chart in report_page.charts:
            origin = (at.dx + chart.x * at.scale, at.dy + chart.y * at.scale)
            paint_chart(at.painter, chart.layout, at.palette, origin, at.scale, font, chart.metrics)

    paint_each_page(device, len(pages), draw)


def paint_report(
    device: QPagedPaintDevice, report: SeasonReport, font: QFont
) -> tuple[ReportPage, ...]:
    """Lay ``report`` out for ``device``'s paper and draw it there; the pages drawn."""
    metrics, _scale = page_metrics(device, font)
    pages = layout_season_report(report, metrics)
    paint_report_pages(device, pages, font)
    return pages


def report_pdf_bytes(report: SeasonReport, paper: str = "A4") -> bytes:
    """``report`` as a PDF document on ``paper`` ("A4" or "Letter")."""
    return pdf_document(
        report.title, paper, lambda writer: paint_report(writer, report, print_font())
    )


def write_season_report(path: Path, report: SeasonReport, paper: str = "A4") -> None:
    """Write ``report`` as a PDF file at ``path``: the whole file, or nothing (OSError).
    Needs a QGuiApplication (see :func:`~jojotte_score.render.pdf.ensure_application`)."""
    write_atomically(path, report_pdf_bytes(report, paper))
