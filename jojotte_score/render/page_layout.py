"""Printed pages: which pads go on which page, the header and the running result. No Qt.

A page is laid out in points (1/72 inch) with the origin at the paper's top left. It holds
its own items (the header, the running result under each pad, the footer) and the pads
placed on it: each pad is a :class:`~jojotte_score.render.sheet_items.SheetLayout`, the
very layout the screen shows, drawn at (x, y) at a scale. Everything stays inside the
printable area, the paper less its margins.

Pads are placed in rows, left to right and top to bottom, as many side by side as fit at
:attr:`PageMetrics.min_scale` or larger; every pad of a document part is drawn at the same
scale, except a pad too tall for the page, which is shrunk until it fits.

Page items reuse the sheet's text roles for their look: "heading" is bold, "result" plain
and "label" quiet (see :mod:`jojotte_score.render.sheet_painter`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

from jojotte_score.core.errors import JojotteError
from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import GameKey
from jojotte_score.core.status import prison_winners
from jojotte_score.i18n import N_, _, format_date, ngettext, pgettext
from jojotte_score.labels import versus
from jojotte_score.render.sheet_items import (
    TEXT_HEIGHT,
    LineItem,
    SheetItem,
    SheetLayout,
    TextItem,
    TextWidth,
)
from jojotte_score.render.sheet_layout import SheetMetrics, blank_pad, layout_rubber, layout_sheet
from jojotte_score.render.sheet_words import settlement_text
from jojotte_score.render.text_fit import ELLIPSIS as ELLIPSIS
from jojotte_score.render.text_fit import fit_text as fit_text
from jojotte_score.render.text_fit import wrap_phrases
from jojotte_score.render.text_fit import wrap_text as wrap_text

PAGE_SIZES: dict[str, tuple[float, float]] = {
    "A4": (595.276, 841.89),
    "Letter": (612.0, 792.0),
}
"""Paper sizes by name, as (width, height) in points: A4 is 210 × 297 mm, Letter 8.5 × 11 in."""

SHEETS_TITLE = N_("Jo-Jotte scorepad")
"""The header's title when the sitting has none (in English: translate with ``_()``)."""

BLANK_TITLE = N_("Jo-Jotte scorepad")
"""The header's title on pages of blank pads (in English: translate with ``_()``)."""

MAX_BLANK_PADS = 200
"""The most blank pads one document holds."""


class PrintError(JojotteError):
    """A print request that cannot be met: an unknown paper size, a rubber the sitting does
    not have, a number of blank pads out of range, nothing to print, a page too small."""


def page_size(name: str) -> tuple[float, float]:
    """The size of paper ``name`` ("A4" or "Letter", in any case), in points."""
    for known, size in PAGE_SIZES.items():
        if known.lower() == name.strip().lower():
            return size
    raise PrintError(
        _("unknown page size {name} (use {first} or {second})").format(
            name=repr(name), first="A4", second="Letter"
        )
    )


@dataclass(frozen=True, slots=True)
class PageMetrics:
    """The paper, its margins, the header's font sizes and how pads are placed, in points.

    ``text_width`` measures text as :class:`SheetMetrics` does. ``min_scale`` is the
    smallest scale at which pads are put side by side; ``blank_above_share`` is the share of
    a blank pad's rows above the heavy line.
    """

    text_width: TextWidth
    width: float = PAGE_SIZES["A4"][0]
    height: float = PAGE_SIZES["A4"][1]
    margin: float = 36.0
    gap: float = 16.0
    title_size: float = 14.0
    text_size: float = 9.5
    caption_size: float = 8.5
    footer_size: float = 7.5
    min_scale: float = 0.75
    blank_above_share: float = 0.55

    @property
    def printable(self) -> tuple[float, float, float, float]:
        """The area inside the margins as (left, top, right, bottom)."""
        return (self.margin, self.margin, self.width - self.margin, self.height - self.margin)

    @property
    def content_bottom(self) -> float:
        """The lowest y a pad or its caption may reach: the footer takes the rest."""
        return self.height - self.margin - self.footer_size * TEXT_HEIGHT - 6

    def check(self) -> None:
        """Refuse a page too small to hold anything legible."""
        if self.width < 4 * self.margin or self.height < 6 * self.margin:
            raise PrintError(
                _("the page ({width} × {height} points) is too small to print on").format(
                    width=f"{self.width:.0f}", height=f"{self.height:.0f}"
                )
            )


@dataclass(frozen=True, slots=True)
class SheetHeader:
    """What the header of a page says: a title, the sides (or the players of a game of
    individual players), the date and the place.

    An empty field is printed as a line to write on. A ``date`` given as a calendar date is
    written as the language spoken writes dates (:func:`~jojotte_score.i18n.format_date`).
    """

    title: str = ""
    sides: tuple[str, ...] = ("", "")
    date: str | date = ""
    place: str = ""

    @property
    def date_text(self) -> str:
        """The date as the header writes it."""
        return format_date(self.date) if isinstance(self.date, date) else self.date


@dataclass(frozen=True, slots=True)
class PlacedPad:
    """A pad on a page: ``sheet`` drawn with its top left at (x, y), ``scale`` times its size."""

    sheet: SheetLayout
    x: float
    y: float
    scale: float

    def box(self) -> tuple[float, float, float, float]:
        """The pad's box on the page as (left, top, right, bottom)."""
        return (
            self.x,
            self.y,
            self.x + self.sheet.width * self.scale,
            self.y + self.sheet.height * self.scale,
        )


@dataclass(frozen=True, slots=True)
class Page:
    """One printed page: its size, its own items and its pads, in points.

    ``kind`` is "sheets" (filled pads), "blank" (blank pads) or "card" (the scoring card).
    """

    width: float
    height: float
    items: tuple[SheetItem, ...] = ()
    pads: tuple[PlacedPad, ...] = ()
    kind: str = "sheets"

    def texts(self, role: str | None = None) -> tuple[TextItem, ...]:
        """The page's own text items (not the pads'), or only those of ``role``."""
        return self.as_sheet().texts(role)

    def as_sheet(self) -> SheetLayout:
        """The page's own items as a layout the sheet painter draws."""
        return SheetLayout(self.width, self.height, self.items)


# The header and the footer ------------------------------------------------------------


def _field(
    filled: str, label: str, value: str, x: float, y: float, width: float, m: PageMetrics
) -> list[SheetItem]:
    """``filled`` ("Date: {value}", a whole message) with ``value`` at (x, y), or ``label``
    ("Date:") and a line to write on when ``value`` is ""."""
    if value.strip():
        text = fit_text(filled.format(value=value.strip()), m.text_size, width, m.text_width)
        return [TextItem(x, y, text, m.text_size, "result")]
    text = label
    start = x + m.text_width(text, m.text_size) + 4
    line_y = y + m.text_size * 0.45
    end = max(start + 10, x + width)
    return [
        TextItem(x, y, text, m.text_size, "result"),
        LineItem(start, line_y, end, line_y, 0.5, "column"),
    ]


def page_header(
    header: SheetHeader, result: Sequence[str], m: PageMetrics, default_title: str
) -> tuple[tuple[SheetItem, ...], float]:
    """The header's items and the y below it: the title across the page; under it the
    players, the date and the place at the left, the lines of ``result`` (the sitting's
    running result) at the right; then a rule."""
    left, top, right, _bottom = m.printable
    width = right - left
    half = (width - m.gap) / 2
    quarter = (half - m.gap) / 2
    items: list[SheetItem] = []
    title = header.title.strip() or _(default_title)
    title = fit_text(title, m.title_size, width, m.text_width)
    items.append(
        TextItem(left, top + m.title_size * TEXT_HEIGHT / 2, title, m.title_size, "heading")
    )
    line = m.text_size * TEXT_HEIGHT + 3
    first = top + m.title_size * TEXT_HEIGHT + 4 + m.text_size * TEXT_HEIGHT / 2
    names = [side.strip() for side in header.sides]
    players = versus(names) if names and all(names) else ""
    # Translators: the page header's fields; "{value}" is what was written in, the text
    # without it is followed by a line to write on.
    items.extend(_field(_("Players: {value}"), _("Players:"), players, left, first, half, m))
    date_y = first + line
    items.extend(_field(_("Date: {value}"), _("Date:"), header.date_text, left, date_y, quarter, m))
    place_x = left + quarter + m.gap
    items.extend(
        _field(_("Place: {value}"), _("Place:"), header.place, place_x, date_y, quarter, m)
    )
    column = left + half + m.gap
    lines = [
        part for text in result for part in wrap_phrases(text, m.text_size, half, m.text_width)
    ]
    for index, text in enumerate(lines):
        items.append(TextItem(column, first + index * line, text, m.text_size, "result"))
    rows = max(2, len(lines))
    y = first + (rows - 1) * line + m.text_size * TEXT_HEIGHT / 2 + 6
    items.append(LineItem(left, y, right, y, 0.8, "column"))
    return tuple(items), y + m.gap


def number_pages(pages: Sequence[Page], footer: str, m: PageMetrics) -> tuple[Page, ...]:
    """``pages`` with a footer each: ``footer`` at the left, "Page n of N" at the right."""
    page_of = _("Page {number} of {count}")
    left, _top, right, bottom = m.printable
    y = bottom - m.footer_size * TEXT_HEIGHT / 2
    count = len(pages)
    numbered = []
    for number, page in enumerate(pages, 1):
        label = page_of.format(number=number, count=count)
        room = right - left - m.text_width(label, m.footer_size) - m.gap
        footer_items = (
            TextItem(right, y, label, m.footer_size, "label", align="right"),
            TextItem(
                left, y, fit_text(footer, m.footer_size, room, m.text_width), m.footer_size, "label"
            ),
        )
        numbered.append(replace(page, items=page.items + footer_items))
    return tuple(numbered)


# The running result --------------------------------------------------------------------


def _standing(sides: tuple[str, ...], net: tuple[int | None, int], people: int) -> str:
    """Who of two sides of ``people`` people each is ahead (R14), in words."""
    ahead, points = net
    if ahead is None:
        return pgettext("running result", "level")
    # Translators: the plural form is said of a partnership (two people a side), the
    # singular of one player; {points} is a multiple of 5, never 1.
    return ngettext("{side} ahead by {points}", "{side} ahead by {points}", people).format(
        side=sides[ahead], points=points
    )


def running_result(ledger: Ledger, after: int) -> str:
    """The sitting's running result after rubber ``after`` (:meth:`Ledger.net_after`; for a
    game of individual players each player's settlements summed, T15); "so far" while that
    rubber is still being played."""
    rubber = ledger.rubber(after)
    so_far = rubber is not None and not rubber.finished
    if not ledger.game.per_player:
        standing = _standing(  # two columns
            ledger.columns, ledger.net_after(after), ledger.game.side_people
        )
        if so_far:
            return _("Running result so far: {standing}").format(standing=standing)
        return _("Running result after rubber {number}: {standing}").format(
            number=after, standing=standing
        )
    standing = settlement_text(ledger.columns, ledger.settlement_after(after))
    if so_far:
        return _("Result so far: {settlement}").format(settlement=standing)
    return _("Result after rubber {number}: {settlement}").format(number=after, settlement=standing)


def sitting_result(ledger: Ledger) -> list[str]:
    """The header's lines about the whole sitting: the running result, the rubbers played
    and won, a rubber still in progress and prison nobody has won yet (R11).

    For a game of individual players the result is each player's settlements summed (T15,
    C6, F6)."""
    count = len(ledger.rubbers)
    if count == 0:
        return [_("No hands yet")]
    names, finished = ledger.columns, ledger.rubbers_finished
    if not ledger.game.per_player:
        result = _("Running result: {standing}").format(
            standing=_standing(ledger.columns, ledger.net, ledger.game.side_people)
        )
    else:
        result = _("Result: {settlement}").format(
            settlement=settlement_text(names, ledger.settlement)
        )
    # Translators: how many rubbers one player or side won, in a list of them: "Anna 1".
    item = _("{player} {won}")
    # Translators: what separates the items of a list on the page header: "Anna 1, Bert 0".
    wins = _(", ").join(
        item.format(player=name, won=won)
        for name, won in zip(names, ledger.rubbers_won, strict=True)
    )
    details = [
        _("Rubbers finished: {count}").format(count=finished),
        _("won: {wins}").format(wins=wins),
    ]
    last = ledger.rubbers[-1]
    if not last.finished:
        details.append(_("rubber {number} in progress").format(number=last.number))
    if ledger.unresolved_prison:
        details.append(_("{prison} in prison, not won yet").format(prison=ledger.unresolved_prison))
    # Translators: what separates the facts about the sitting in the page header.
    return [result, _(" · ").join(details)]


# Placing pads --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Cell:
    sheet: SheetLayout
    caption: str = ""


def _grid(widest: float, count: int, m: PageMetrics) -> tuple[int, float]:
    """How many pads of width ``widest`` go side by side, and the scale they share."""
    left, _top, right, _bottom = m.printable
    available = right - left
    columns = max(1, math.floor((available + m.gap) / (widest * m.min_scale + m.gap)))
    columns = max(1, min(columns, count))
    column_width = (available - (columns - 1) * m.gap) / columns
    return columns, min(1.0, column_width / widest)


def _choose(cells: Sequence[_Cell], top: float, m: PageMetrics) -> tuple[int, float]:
    """The columns and the scale that put the most pads of typical height on a page, at
    the largest scale that does so, never below ``min_scale`` when more than one fits."""
    left, _top, right, _bottom = m.printable
    available = right - left
    room = m.content_bottom - top
    widest = max(c.sheet.width for c in cells)
    heights = sorted(c.sheet.height for c in cells)
    typical = heights[len(heights) // 2]
    caption = max(_caption_height(c, m) for c in cells)
    count = len(cells)
    best = ((1, min(1.0, available / widest, (room - caption) / typical)), 1)
    for columns in range(1, count + 1):
        column_width = (available - (columns - 1) * m.gap) / columns
        by_width = min(1.0, column_width / widest)
        if by_width < m.min_scale:
            break
        for rows in range(1, count + 1):
            by_height = (room - (rows - 1) * m.gap - rows * caption) / (rows * typical)
            scale = min(by_width, by_height)
            if scale < m.min_scale:
                break
            best = max(best, ((min(columns * rows, count), scale), columns))
    (_count, scale), columns = best
    return columns, scale


def _caption_height(cell: _Cell, m: PageMetrics) -> float:
    return m.caption_size * TEXT_HEIGHT + 4 if cell.caption else 0.0


def _pack(
    cells: Sequence[_Cell],
    header: tuple[SheetItem, ...],
    top: float,
    m: PageMetrics,
    kind: str,
    grid: tuple[int, float],
) -> list[Page]:
    """Place ``cells`` in rows of ``grid`` (columns, scale) on as many pages as they need,
    each page with ``header``; a pad too tall for a page is shrunk to fit it."""
    left, _top, right, _bottom = m.printable
    bottom = m.content_bottom
    columns, base = grid
    column_width = (right - left - (columns - 1) * m.gap) / columns
    pages: list[Page] = []
    pads: list[PlacedPad] = []
    items: list[SheetItem] = list(header)
    y = top
    for start in range(0, len(cells), columns):
        row = cells[start : start + columns]
        scales = [min(base, (bottom - top - _caption_height(c, m)) / c.sheet.height) for c in row]
        height = max(
            c.sheet.height * s + _caption_height(c, m) for c, s in zip(row, scales, strict=True)
        )
        if pads and y + height > bottom + 1e-6:
            pages.append(Page(m.width, m.height, tuple(items), tuple(pads), kind))
            pads, items, y = [], list(header), top
        for index, (cell, scale) in enumerate(zip(row, scales, strict=True)):
            column_left = left + index * (column_width + m.gap)
            width = cell.sheet.width * scale
            x = column_left + (column_width - width) / 2
            pads.append(PlacedPad(cell.sheet, x, y, scale))
            if cell.caption:
                caption_y = y + cell.sheet.height * scale + 4 + m.caption_size * TEXT_HEIGHT / 2
                text = fit_text(cell.caption, m.caption_size, column_width, m.text_width)
                centre = column_left + column_width / 2
                items.append(
                    TextItem(centre, caption_y, text, m.caption_size, "result", align="center")
                )
        y += height + m.gap
    pages.append(Page(m.width, m.height, tuple(items), tuple(pads), kind))
    return pages


def sitting_pages(
    ledger: Ledger,
    header: SheetHeader,
    m: PageMetrics,
    sheet_metrics: SheetMetrics,
    rubber: int | None = None,
) -> list[Page]:
    """The filled pads of a sitting: rubber ``rubber`` alone, or every rubber (None).

    ``ledger`` is the pad of a sitting of any game (two sides' columns, or a column per
    player; see :func:`~jojotte_score.render.sheet_layout.layout_sheet`). Each pad has the sitting's
    running result after its rubber under it; the header gives the result of the whole
    sitting. A sitting without hands prints one pad with the names.
    """
    m.check()
    count = len(ledger.rubbers)
    if rubber is not None and not 1 <= rubber <= count:
        raise PrintError(
            _("there is no rubber {number} (the sitting has {count})").format(
                number=rubber, count=count
            )
        )
    numbers = [rubber] if rubber is not None else list(range(1, count + 1))
    paid = prison_winners(ledger.hands)
    names, variant = ledger.columns, ledger.variant
    pads = [
        layout_rubber(names, ledger.rubbers[n - 1], count, sheet_metrics, paid, variant)
        for n in numbers
    ]
    cells = [_Cell(pad, running_result(ledger, n)) for pad, n in zip(pads, numbers, strict=True)]
    if not cells:
        cells = [_Cell(layout_sheet(ledger, 1, sheet_metrics))]
    header = replace(header, sides=names)
    items, top = page_header(header, sitting_result(ledger), m, SHEETS_TITLE)
    if m.content_bottom - top < 72:
        raise PrintError(_("the page is too small for a pad below its header"))
    return _pack(cells, items, top, m, "sheets", _choose(cells, top, m))


def blank_pages(
    sides: tuple[str, ...],
    count: int,
    m: PageMetrics,
    sheet_metrics: SheetMetrics,
    variant: GameKey | None = None,
) -> list[Page]:
    """``count`` blank pads with the names ``sides`` ("" for a line to write a name on),
    each as tall as the page allows at the scale the pads share: two sides' columns, or a
    column per player of a game of individual players (``variant``; see
    :func:`~jojotte_score.render.sheet_layout.blank_pad`)."""
    m.check()
    if not 1 <= count <= MAX_BLANK_PADS:
        raise PrintError(
            _("the number of blank pads must be from 1 to {most}, not {count}").format(
                most=MAX_BLANK_PADS, count=count
            )
        )
    items, top = page_header(SheetHeader(sides=sides), (), m, BLANK_TITLE)
    if m.content_bottom - top < 72:
        raise PrintError(_("the page is too small for a pad below its header"))
    small = blank_pad(sides, sheet_metrics, 1, 1, variant)
    columns, scale = _grid(small.width, count, m)
    room = (m.content_bottom - top) / scale - small.height
    rows = 2 + max(0, math.floor(room / sheet_metrics.row_height + 1e-9))
    above = min(rows - 1, max(1, round(rows * m.blank_above_share)))
    pad = blank_pad(sides, sheet_metrics, above, rows - above, variant)
    return _pack([_Cell(pad)] * count, items, top, m, "blank", (columns, scale))
