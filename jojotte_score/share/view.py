"""What the shared page shows, in each language: the table display's figures as JSON and as
HTML, and the pad of the rubber in play as SVG. No Qt, no I/O.

Everything comes from the session's :class:`~jojotte_score.gui.sitting.session.Shown`,
through the table display's own words (:func:`~jojotte_score.gui.display.table_words.table_figures`)
and the sheet's own layout (:func:`~jojotte_score.gui.pad.pad.layout_pad`): the page shows
what the table display shows, worded in the phone's language. Every text that comes from the
table (the players' names) is escaped; nothing here computes a score.

:func:`shared_views` is called in the thread that owns the ``Shown`` (the window's, or the
command's), once per change; the server only hands out the bytes it made.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from jojotte_score.gui.display.table_words import TableFigures, table_figures
from jojotte_score.gui.pad.pad import layout_pad
from jojotte_score.i18n import LANGUAGES, _, speaking
from jojotte_score.render.sheet_items import CircleItem, LineItem, SheetLayout, TextItem
from jojotte_score.render.sheet_layout import SheetMetrics

if TYPE_CHECKING:
    from jojotte_score.gui.sitting.session import Shown

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
    """A text's width in points, without a font: every character :data:`CHARACTER_WIDTH`
    of the size (the browser's font is not known here)."""
    return len(text) * size * CHARACTER_WIDTH


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
    sheet = layout_pad(pad, number, SheetMetrics(text_width=approximate_width))
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


def _content_html(figures: TableFigures, headings: tuple[str, ...], svg: str) -> str:
    """The page's content: the title, each column's figures, the lines under them, the pad."""
    rows = "".join(
        f'<tr><th scope="row">{escape(column.name)}</th>'
        f'<td class="total">{column.total}</td><td>{column.below}</td>'
        f"<td>{column.games}</td></tr>"
        for column in figures.columns
    )
    head = "".join(f"<th>{escape(text)}</th>" for text in headings)
    lines = "".join(
        f'<p class="{kind}">{escape(text)}</p>'
        for kind, text in (
            ("prison", figures.prison),
            ("result", figures.result),
            ("dealer", figures.next_dealer),
            ("last", figures.last_hand),
        )
        if text
    )
    return (
        f'<section class="figures"><h1>{escape(figures.title)}</h1>'
        f"<table><thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody></table>"
        f'{lines}</section><figure class="pad">{svg}</figure>'
    )


def pad_svg(sheet: SheetLayout) -> str:
    """The laid-out pad as an SVG element drawn in the page's text colour (``currentColor``:
    light or dark as the page is), scaled to the width it is given. Styles come from the
    page's stylesheet (classes by role), never from inline styles, which the page's content
    security policy forbids."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {sheet.width:.1f} '
        f'{sheet.height:.1f}" role="img" class="sheet">'
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


_ANCHORS: Mapping[str, str] = {"left": "start", "right": "end", "center": "middle"}
