"""A printed document: a sitting's filled pads, blank pads and the scoring card. No Qt.

:class:`PrintJob` says what to print; :func:`layout_document` lays it out page by page,
in that order, and numbers the pages. The painter (:mod:`jojotte_score.render.page_painter`)
draws the pages on a printer or a PDF.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jojotte_score.core.ledger import Ledger
from jojotte_score.labels import versus
from jojotte_score.render.page_layout import (
    BLANK_TITLE,
    SHEETS_TITLE,
    Page,
    PageMetrics,
    PrintError,
    SheetHeader,
    blank_pages,
    number_pages,
    sitting_pages,
)
from jojotte_score.render.sheet_layout import SheetMetrics
from jojotte_score.render.summary_card import CARD_TITLE, layout_card


@dataclass(frozen=True, slots=True)
class PrintJob:
    """What to print: a sitting's pads (``ledger``; rubber ``rubber`` only, or all when
    None), ``blank`` blank pads named ``blank_sides`` ("" for a line to write on), and the
    scoring card when ``card``. ``header`` gives the sitting's title, date and place."""

    ledger: Ledger | None = None
    header: SheetHeader = field(default_factory=SheetHeader)
    rubber: int | None = None
    blank: int = 0
    blank_sides: tuple[str, str] = ("", "")
    card: bool = False

    @property
    def title(self) -> str:
        """The document's title: the sitting's, else what the document holds."""
        if self.ledger is not None:
            title = self.header.title.strip() or SHEETS_TITLE
            return f"{title}: rubber {self.rubber}" if self.rubber is not None else title
        return BLANK_TITLE if self.blank else CARD_TITLE

    @property
    def footer(self) -> str:
        """The line at the foot of every page: the title and the sides."""
        sides = self.ledger.sides if self.ledger is not None else self.blank_sides
        names = [side.strip() for side in sides]
        return f"{self.title} · {versus(names)}" if all(names) else self.title


def layout_document(
    job: PrintJob, metrics: PageMetrics, sheet_metrics: SheetMetrics
) -> tuple[Page, ...]:
    """Every page of ``job``: the sitting's pads, the blank pads, the card; numbered."""
    pages: list[Page] = []
    if job.ledger is not None:
        pages += sitting_pages(job.ledger, job.header, metrics, sheet_metrics, job.rubber)
    if job.blank:
        pages += blank_pages(job.blank_sides, job.blank, metrics, sheet_metrics)
    if job.card:
        pages.append(layout_card(metrics))
    if not pages:
        raise PrintError("nothing to print: give a sitting, blank pads or the card")
    return number_pages(pages, job.footer, metrics)
