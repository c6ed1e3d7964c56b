"""What the shared page shows, in each language: the table display's figures as JSON and as
HTML, and the pad of the rubber in play as SVG. No Qt, no I/O.

Everything comes from the session's :class:`~jojotte_score.presenters.session.Shown`,
through the table display's own words (:func:`~jojotte_score.presenters.table_words.table_figures`)
and the sheet's own layout (:func:`~jojotte_score.presenters.pad.layout_pad`): the page shows
what the table display shows, worded in the phone's language. Every text that comes from the
table (the players' names) is escaped; nothing here computes a score.

:func:`shared_views` is called in the thread that owns the ``Shown`` (the window's, or the
command's), once per change; the server only hands out the bytes it made.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from jojotte_score.i18n import (
    FIRST_STRONG_ISOLATE,
    LANGUAGES,
    POP_DIRECTIONAL_ISOLATE,
    _,
    speaking,
)
from jojotte_score.presenters.pad import layout_pad
from jojotte_score.presenters.table_words import TableFigures, table_figures
from jojotte_score.render.sheet_items import CircleItem, LineItem, SheetLayout, TextItem
from jojotte_score.render.sheet_layout import SheetMetrics

if TYPE_CHECKING:
    from jojotte_score.presenters.session import Shown

CHARACTER_WIDTH = 0.6
"""How wide the page's sans-serif type is taken to be, as a share of its size (a little
wider than most: a column is never too narrow for its numbers on a phone's font)."""


class SharedView(NamedTuple):
    """One language's page of the sitting: its JSON (for the page's updates) and the HTML
    of its content (the same words and figures, laid out)."""

    language: str
    data: dict[str, Any]
    html: str

    def json_bytes(self, revision: int) -> bytes:
        """The JSON the page reads, stamped with ``revision``."""
        return json.dumps(
            {"revision": revision, **self.data, "html": self.html}, ensure_ascii=False
        ).encode()


def approximate_width(text: str, size: float) -> float:
    """A text's width in the size's units, without a font: every character
    :data:`CHARACTER_WIDTH` of the size (the browser's font is not known here)."""
    return len(text) * size * CHARACTER_WIDTH


PAGE_METRICS = SheetMetrics(
    text_width=approximate_width,
    entry_size=14.0,
    hand_number_size=11.0,
    heading_size=15.0,
    caption_size=12.0,
    total_size=15.0,
    result_size=14.0,
    prison_size=12.0,
    mark_size=11.0,
    legend_size=11.0,
    row_height=21.0,
    margin=0.0,
    column_width=0.0,
    number_lane=0.0,
    prison_lane=0.0,
    line_gap=5.0,
    min_rows_above=1,
    min_rows_below=1,
    name_width=84.0,
    anchor=0.76,
    wrap_lines=True,
)
"""The pad as the page draws it, in CSS pixels at its narrowest: the printed pad's type
made larger beside columns only as wide as their numbers, no empty rows above or below
the line, the captions and the result wrapped to the pad's width, a name cut at about
six letters (the figures above the pad give it whole). Drawn no smaller than this, its
numbers are 14 pixels high and its smallest words 11 on a phone: the page scales it up to
the width it has, and lets it scroll sideways in its own box where a phone is narrower
than the pad."""

PAGE_COLUMNS_WIDTH = 250.0
"""How wide a pad's columns are together at the least, in :data:`PAGE_METRICS`' units:
a pad of two columns is not much narrower than a phone, and its result and legend are not
wrapped into a narrow strip."""


def page_metrics(columns: int) -> SheetMetrics:
    """:data:`PAGE_METRICS` for a pad of ``columns`` columns (names, or players)."""
    return PAGE_METRICS._replace(column_width=PAGE_COLUMNS_WIDTH / max(columns, 1))


SVG_MARGIN = 3.0
"""The room left around what the pad draws, in its units."""


def shared_views(shown: Shown | None) -> dict[str, SharedView]:
    """The page of ``shown`` in every language the program speaks (None: no sitting open),
    each worded in its language while the process's own stays as it is."""
    views = {}
    for language in LANGUAGES:
        with speaking(language):
            views[language] = shared_view(shown, language)
    return views


def shared_view(shown: Shown | None, language: str) -> SharedView:
    """The page of ``shown`` in the language spoken now (``language`` names it)."""
    headings = (_("Total"), _("Below"), _("Games"))
    if shown is None:
        data: dict[str, Any] = {
            "language": language,
            "title": _("No sitting yet."),
            "headings": headings,
            "columns": [],
            "prison": "",
            "result": "",
            "next_dealer": "",
            "last_hand": "",
        }
        return SharedView(language, data, f"<h1>{escape(data['title'])}</h1>")
    figures = table_figures(shown)
    pad = shown.pad
    number = pad.newest_rubber if pad.hand_count else 1
    sheet = layout_pad(pad, number, page_metrics(len(pad.sides)))
    data = {
        "language": language,
        "title": figures.title,
        "headings": headings,
        "columns": [column._asdict() for column in figures.columns],
        "prison": figures.prison,
        "result": figures.result,
        "next_dealer": figures.next_dealer,
        "last_hand": figures.last_hand,
    }
    return SharedView(language, data, _content_html(figures, headings, pad_svg(sheet)))


def unreadable_views(views: Mapping[str, SharedView]) -> dict[str, SharedView]:
    """``views``, the figures last read, each saying at its top, in its language, that the
    database can no longer be read and that these figures may be out of date (the cause, which
    names a file, is for the log, not for the phones)."""
    unreadable = {}
    for language, view in views.items():
        with speaking(language):
            notice = _(
                "The scorepad's database cannot be read at the moment: these are the figures "
                "last read, and they may be out of date. The page shows the sitting again "
                "once the database can be read."
            )
        said = f'<p class="unreadable" role="alert">{escape(notice)}</p>'
        if '<section class="figures">' in view.html:
            html = view.html.replace(
                '<section class="figures">', f'<section class="figures">{said}', 1
            )
        else:
            html = said + view.html
        unreadable[language] = SharedView(language, {**view.data, "unreadable": notice}, html)
    return unreadable


_ISOLATE = re.compile(
    f"{FIRST_STRONG_ISOLATE}([^{FIRST_STRONG_ISOLATE}{POP_DIRECTIONAL_ISOLATE}]*){POP_DIRECTIONAL_ISOLATE}"
)
_STRAY = str.maketrans("", "", FIRST_STRONG_ISOLATE + POP_DIRECTIONAL_ISOLATE)
_MARKS = str.maketrans("", "", "\0\1")


def html_text(text: str) -> str:
    """``text`` escaped for the page, each isolated name (``i18n.isolated``) in a ``<bdi>``
    (the stylesheet gives it ``unicode-bidi: isolate``), so that a name can never turn the
    words and figures beside it round."""
    text = text.translate(_MARKS)  # nothing a name holds may pass for the marks below
    marked = _ISOLATE.sub(lambda found: "\0" + found[1] + "\1", text).translate(_STRAY)
    return escape(marked).replace("\0", "<bdi>").replace("\1", "</bdi>")


def _content_html(figures: TableFigures, headings: tuple[str, ...], svg: str) -> str:
    """The page's content: the title, each column's figures, the lines under them, the pad."""
    rows = "".join(
        f'<tr><th scope="row">{html_text(column.name)}</th>'
        f'<td class="total">{column.total}</td><td>{column.below}</td>'
        f"<td>{column.games}</td></tr>"
        for column in figures.columns
    )
    head = "".join(f"<th>{escape(text)}</th>" for text in headings)
    lines = "".join(
        f'<p class="{kind}">{html_text(text)}</p>'
        for kind, text in (
            ("prison", figures.prison),
            ("result", figures.result),
            ("dealer", figures.next_dealer),
            ("last", figures.last_hand),
        )
        if text
    )
    return (
        f'<section class="figures"><h1>{html_text(figures.title)}</h1>'
        f"<table><thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody></table>"
        f'{lines}</section><figure class="pad">{svg}</figure>'
    )


def pad_svg(sheet: SheetLayout) -> str:
    """The laid-out pad as an SVG element drawn in the page's text colour (``currentColor``:
    light or dark as the page is). Its view box is what the pad draws and a little room;
    its ``width`` and ``height`` are those of the box in CSS pixels, the least the page
    shrinks it to (see :data:`PAGE_METRICS`). Styles come from the page's stylesheet
    (classes by role), never from inline styles, which the page's content security policy
    forbids."""
    left, top, right, bottom = drawn_box(sheet)
    x, y = math.floor(left), math.floor(top)  # whole pixels, so the least scale is 1
    width, height = math.ceil(right) - x, math.ceil(bottom) - y
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x} {y} {width} {height}" '
        f'width="{width}" height="{height}" '
        'preserveAspectRatio="xMidYMin meet" role="img" class="sheet">'
    ]
    for item in sheet.items:
        if isinstance(item, LineItem):
            parts.append(
                f'<line x1="{item.x1:.1f}" y1="{item.y1:.1f}" x2="{item.x2:.1f}" '
                f'y2="{item.y2:.1f}" stroke-width="{item.weight:.2f}" class="l-{item.role}"/>'
            )
        elif isinstance(item, CircleItem):
            parts.append(
                f'<circle cx="{item.cx:.1f}" cy="{item.cy:.1f}" r="{item.r:.1f}" class="c"/>'
            )
        elif isinstance(item, TextItem):
            anchor = _ANCHORS.get(item.align, "start")
            parts.append(
                f'<text x="{item.x:.1f}" y="{item.y:.1f}" font-size="{item.size:.1f}" '
                f'text-anchor="{anchor}" class="t-{item.role}">{escape(item.text)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


def drawn_box(sheet: SheetLayout) -> tuple[float, float, float, float]:
    """What ``sheet`` draws, as (left, top, right, bottom), with :data:`SVG_MARGIN` round
    it: its text as wide as :func:`approximate_width` measures, its lines and circles as
    thick as they are drawn. The whole sheet when it draws nothing."""
    boxes: list[tuple[float, float, float, float]] = []
    for item in sheet.items:
        if isinstance(item, TextItem):
            boxes.append(item.box(approximate_width))
        elif isinstance(item, LineItem):
            half = item.weight / 2
            boxes.append(
                (
                    min(item.x1, item.x2) - half,
                    min(item.y1, item.y2) - half,
                    max(item.x1, item.x2) + half,
                    max(item.y1, item.y2) + half,
                )
            )
        elif isinstance(item, CircleItem):
            r = item.r + 0.5
            boxes.append((item.cx - r, item.cy - r, item.cx + r, item.cy + r))
    if not boxes:
        return 0.0, 0.0, sheet.width, sheet.height
    return (
        min(box[0] for box in boxes) - SVG_MARGIN,
        min(box[1] for box in boxes) - SVG_MARGIN,
        max(box[2] for box in boxes) + SVG_MARGIN,
        max(box[3] for box in boxes) + SVG_MARGIN,
    )


_ANCHORS: Mapping[str, str] = {"left": "start", "right": "end", "center": "middle"}
