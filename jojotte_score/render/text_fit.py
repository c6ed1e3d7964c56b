"""Text that fits a width: cut short with "…", or wrapped onto lines. No Qt.

Text is measured by a :data:`~jojotte_score.render.sheet_items.TextWidth`, as everywhere in
the layout: a Qt font measure on screen and on paper, a fake one in tests.
"""

from __future__ import annotations

import re

from jojotte_score.render.sheet_items import TextWidth as TextWidth

ELLIPSIS = "…"


def fit_text(text: str, size: float, width: float, text_width: TextWidth) -> str:
    """``text``, cut short with "…" when it is wider than ``width`` at ``size``."""
    if text_width(text, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with the ellipsis
        middle = (low + high + 1) // 2
        if text_width(text[:middle].rstrip() + ELLIPSIS, size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS if low else ""


_BREAKS = r"[ \t\r\n]+"
"""Where a line may break: ordinary white space, never a no-break space ("= 60"). Like
:data:`_TOGETHER` and :data:`_REFERENCE`, compiled by ``re`` (and kept in its cache) when
first used: the window's start uses none of the three, and the two compiled as the module
was imported cost every start 0.8 M instructions (callgrind)."""


_TOGETHER = (
    r"(?<=\d) (?=[^\W\d])"  # a figure and the word it counts: "9 Stiche"
    r"| (?=[×=] )|(?<= [×=]) "  # a product or an equation: "m × (both", "= 60"
    r"| (?=(?:\d+|[IVX]+|[A-Z])(?:[.,;:](?:\s|$)|$))"  # a figure or a label ending a phrase
    r"| (?=[+\u2212±]\d*[^\W\d_]?(?:[.,;:](?:\s|$)|$))"  # a signed term: "+d,"
    r"|(?<= \u2212) "  # a minus and what it takes away: "\u2212 die Summe"
)
"""Where a wrapped line must not break though the text has a space: kept together by
:func:`keep_together` with a no-break space (U+00A0). Compiled by ``re`` (and kept in its
cache) when the scoring card first needs it: compiled as the module is imported it cost
every start 3.1 M instructions (callgrind), and the window never wraps with it."""


_REFERENCE = r" (?=\([A-Z]\d+\)[.,;:]?(?:\s|$))"
"""The space before a ruling cited in parentheses, "(F3)": kept by :func:`keep_references`."""


def keep_references(text: str) -> str:
    """``text`` with a no-break space before each ruling it cites in parentheses, so that
    "(F3)" never stands alone on a line: "der aussetzende Spieler\u00a0(F3)"."""
    return re.sub(_REFERENCE, "\u00a0", text)


def keep_together(text: str) -> str:
    """``text`` with no-break spaces where a line break would part what is read as one:
    a figure and the word it counts ("9 Stiche"), an operator and the terms beside it
    ("m × (alle"), a minus and what it takes away ("\\u2212 die Summe"), a figure, a signed term
    or a one-letter label from the word before it at the end of a phrase ("zusammen 0.",
    "Partner +d,", "für I."), and a ruling cited from the word before it ("(F3)")."""
    return keep_references(re.sub(_TOGETHER, "\u00a0", text))


def wrap_text(text: str, size: float, width: float, text_width: TextWidth) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``size``, at spaces when it can
    (never at a no-break space).

    A word wider than ``width`` on its own is broken between characters. Each word (and
    each character of a word too wide for a line) is measured once and the widths added up,
    so the work grows with the text's length, whatever the text.
    """
    space = text_width(" ", size)
    lines: list[str] = []
    line, used = "", 0.0
    for word in re.split(_BREAKS, text):
        if not word:
            continue
        wide = text_width(word, size)
        if line and used + space + wide <= width:
            line, used = f"{line} {word}", used + space + wide
            continue
        if line:
            lines.append(line)
        if wide <= width:
            line, used = word, wide
            continue
        line, used = "", 0.0
        for character in word:
            step = text_width(character, size)
            if line and used + step > width:
                lines.append(line)
                line, used = "", 0.0
            line, used = line + character, used + step
    if line:
        lines.append(line)
    return lines


def wrap_phrases(text: str, size: float, width: float, text_width: TextWidth) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``size``, between its phrases
    when it can: after a comma, a semicolon or a "·", so that "Bert +60" stays on one line;
    a phrase too wide for a line is broken after its colon first, so that "Anna & Carl 385"
    does too ("Rubber 2 in progress:" above it). A part wider than ``width`` on its own is
    wrapped by :func:`wrap_text`."""
    if text_width(text, size) <= width:
        return [text] if text.strip() else []
    phrases = [part for part in re.split(r"(?<=[,;·]) ", text) if part.strip()]
    return _packed(phrases, size, width, text_width, colons=True)


def _packed(
    phrases: list[str], size: float, width: float, text_width: TextWidth, colons: bool
) -> list[str]:
    """``phrases`` put on lines no wider than ``width``, as many on a line as fit; one
    too wide on its own is broken after its colons (when ``colons``), else between words."""
    lines: list[str] = []
    line = ""
    for phrase in phrases:
        joined = f"{line} {phrase}" if line else phrase
        if text_width(joined, size) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        parts = re.split(r"(?<=:) ", phrase) if colons else [phrase]
        if text_width(phrase, size) <= width:
            line = phrase
        elif len(parts) > 1:
            *full, line = _packed(parts, size, width, text_width, colons=False)
            lines.extend(full)
        else:
            *full, line = wrap_text(phrase, size, width, text_width)
            lines.extend(full)
    if line:
        lines.append(line)
    return lines
