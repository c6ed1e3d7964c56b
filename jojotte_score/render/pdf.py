"""Writing a print job as a PDF file, with the bundled font embedded (text stays text).

The PDF is drawn into memory and then written with
:func:`~jojotte_score.formats.atomic.write_atomically`, so a failed write leaves no partial
file. Needs a QGuiApplication (:func:`ensure_application` makes one, offscreen when asked).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import QGuiApplication, QPageLayout, QPageSize, QPdfWriter

from jojotte_score import __version__
from jojotte_score.formats.atomic import write_atomically
from jojotte_score.render.document import PrintJob
from jojotte_score.render.fonts import print_font
from jojotte_score.render.page_layout import PAGE_SIZES, PrintError, page_size
from jojotte_score.render.page_painter import paint_job

PAGE_SIZE_IDS = {
    "A4": QPageSize.PageSizeId.A4,
    "Letter": QPageSize.PageSizeId.Letter,
}
"""Qt's page size for each paper of :data:`~jojotte_score.render.page_layout.PAGE_SIZES`."""

RESOLUTION = 1200
"""The PDF's resolution in dots per inch: how finely positions are rounded."""


def ensure_application(offscreen: bool) -> QGuiApplication:
    """The running Qt application, or a new QGuiApplication (on the offscreen platform,
    which needs no display, when ``offscreen``)."""
    existing = QGuiApplication.instance()
    if isinstance(existing, QGuiApplication):
        return existing
    if existing is not None:
        raise PrintError("drawing a PDF needs a Qt GUI application, not a core one")
    arguments = ["jojotte-score"]
    if offscreen:
        arguments += ["-platform", "offscreen"]
    return QGuiApplication(arguments)


def paper_name(name: str) -> str:
    """The paper's name as :data:`PAGE_SIZES` spells it ("letter" gives "Letter")."""
    page_size(name)  # refuses an unknown paper
    return next(known for known in PAGE_SIZES if known.lower() == name.strip().lower())


def pdf_document(title: str, paper: str, paint: Callable[[QPdfWriter], object]) -> bytes:
    """A PDF document titled ``title`` on ``paper`` ("A4" or "Letter"), its pages drawn by
    ``paint`` on the writer (at full page, no margins)."""
    name = paper_name(paper)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(RESOLUTION)
    writer.setPageSize(QPageSize(PAGE_SIZE_IDS[name]))
    writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Point)
    writer.setTitle(title)
    writer.setCreator(f"jojotte-score {__version__}")
    paint(writer)
    buffer.close()
    return bytes(data.data())


def pdf_bytes(job: PrintJob, paper: str = "A4") -> bytes:
    """``job`` as a PDF document on ``paper`` ("A4" or "Letter")."""
    return pdf_document(job.title, paper, lambda writer: paint_job(writer, job, print_font()))


def write_pdf(path: Path, job: PrintJob, paper: str = "A4") -> None:
    """Write ``job`` as a PDF file at ``path``: the whole file, or nothing (OSError)."""
    write_atomically(path, pdf_bytes(job, paper))
