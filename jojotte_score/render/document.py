"""A printed document: a sitting's filled pads, blank pads and the scoring card. No Qt.

:class:`PrintJob` says what to print; :func:`layout_document` lays it out page by page,
in that order, and numbers the pages. The painter (:mod:`jojotte_score.render.page_painter`)
draws the pages on a printer or a PDF.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import GameKey
from jojotte_score.i18n import _
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
from jojotte_score.render.summary_card import CARD_TITLE, layout_card, layout_variant_card

if TYPE_CHECKING:
    from jojotte_score.core.model import Sitting


@dataclass(frozen=True, slots=True)
class PrintJob:
    """What to print: a sitting's pads (``ledger``; rubber ``rubber`` only, or all when
    None), ``blank`` blank pads named ``blank_sides`` ("" for a line to write on), and the
    scoring card when ``card``. ``header`` gives the sitting's title, date and place.

    ``ledger`` is the pad of a sitting of any game (see :meth:`for_sitting`). The blank
    pads are those of ``blank_variant`` (two sides when None): a game of individual
    players has a column per player, named by ``blank_sides`` when it has a name for each,
    else with lines to write the names on. ``card_variants`` adds a page of the card for
    each of those games.
    """

    ledger: Ledger | None = None
    header: SheetHeader = field(default_factory=SheetHeader)
    rubber: int | None = None
    blank: int = 0
    blank_sides: tuple[str, ...] = ("", "")
    card: bool = False
    blank_variant: GameKey | None = None
    card_variants: tuple[GameKey, ...] = ()

    @classmethod
    def for_sitting(
        cls,
        sitting: Sitting,
        ledger: Ledger,
        header: SheetHeader | None = None,
        rubber: int | None = None,
        blank: int = 0,
        card: bool = False,
    ) -> PrintJob:
        """The job that prints ``sitting``'s pads from ``ledger``, with ``blank`` blank pads
        of its game named as its pads, and the card with the page of its game when ``card``
        (when the game has a page and says a sitting's document carries it)."""
        variant = sitting.variant
        game = find_game(variant)
        carried = card and game.card_page is not None and game.card_with_sitting
        return cls(
            ledger,
            header if header is not None else SheetHeader(),
            rubber,
            blank,
            ledger.columns,
            card,
            variant,
            (variant,) if carried else (),
        )

    @property
    def title(self) -> str:
        """The document's title: the sitting's, else what the document holds."""
        if self.ledger is not None:
            title = self.header.title.strip() or _(SHEETS_TITLE)
            if self.rubber is None:
                return title
            return _("{title}: rubber {number}").format(title=title, number=self.rubber)
        return _(BLANK_TITLE) if self.blank else _(CARD_TITLE)

    @property
    def blank_names(self) -> tuple[str, ...]:
        """The names at the head of the blank pads' columns ("" for a line to write on)."""
        variant = self.blank_variant
        if variant is None or not find_game(variant).per_player:
            return self.blank_sides
        seats = find_game(variant).seats
        return self.blank_sides if len(self.blank_sides) == seats else ("",) * seats

    @property
    def footer(self) -> str:
        """The line at the foot of every page: the title and the sides (or players)."""
        sides = self.ledger.columns if self.ledger is not None else self.blank_names
        names = [side.strip() for side in sides]
        if names and all(names):
            return _("{title} · {players}").format(title=self.title, players=versus(names))
        return self.title


def layout_document(
    job: PrintJob, metrics: PageMetrics, sheet_metrics: SheetMetrics
) -> tuple[Page, ...]:
    """Every page of ``job``: the sitting's pads, the blank pads, the card; numbered."""
    pages: list[Page] = []
    if job.ledger is not None:
        pages += sitting_pages(job.ledger, job.header, metrics, sheet_metrics, job.rubber)
    if job.blank:
        pages += blank_pages(job.blank_names, job.blank, metrics, sheet_metrics, job.blank_variant)
    if job.card:
        pages.append(layout_card(metrics))
    for variant in job.card_variants:
        pages.append(layout_variant_card(metrics, variant))
    if not pages:
        raise PrintError(_("nothing to print: give a sitting, blank pads or the card"))
    return number_pages(pages, job.footer, metrics)
