"""The drawing vocabulary of every page the program draws: positioned text, lines and
circles, in points, and a laid-out sheet holding them. No Qt.

The scorepad (:mod:`jojotte_score.render.sheet_layout`), the printed page, the chart, the
summary card and the season report all lay out these items; one painter
(:mod:`jojotte_score.render.sheet_painter`) draws them on a widget, a printer or a PDF.

Every coordinate is in points (1/72 inch) at zoom 1, with the origin at the top left and y
growing downward. A :class:`TextItem` is anchored at ``(x, y)``: ``y`` is the vertical
centre of its line of text; ``x`` is its left edge, right edge or centre for ``align``
"left", "right" or "center". Its box is ``size * TEXT_HEIGHT`` high (see
:meth:`TextItem.box`).
"""

from collections.abc import Callable
from typing import NamedTuple

TextWidth = Callable[[str, float], float]
"""Measures ``text`` at a font size in points and returns its width in points: a Qt font
measure on screen and on paper, a fake one in tests. Defined here, where the items that
measure their text are, not in :mod:`~jojotte_score.render.text_fit` (which a start on a
two-sided pad does not import)."""

TEXT_HEIGHT = 1.2
"""A line of text is this many times its font size high (ascent plus descent, roughly)."""


class TextItem(NamedTuple):
    """A piece of text on the sheet; ``hand``, ``side`` and ``kind`` say what it belongs to.

    ``side`` is the column (a side, or a player's seat). ``kind`` is the
    :class:`~jojotte_score.core.scoring.EntryKind` value of an entry (and of its kind mark),
    "" for everything else. ``copied`` marks an entry (and its kind mark) that a player
    wrote again for his partner (T8, F3, C4); its text has the copy mark ("= 60").
    ``role`` says what it is: "heading" (a column's name), "entry", "hand-number", "prison"
    (a prison amount), "total" (a column's total), "settlement" (a player's), "result" (the
    rubber's) or "label" (a caption, a kind mark, the legend).
    """

    x: float
    y: float
    text: str
    size: float
    role: str
    hand: int | None = None
    side: int | None = None
    align: str = "left"
    kind: str = ""
    copied: bool = False

    def box(self, text_width: TextWidth) -> tuple[float, float, float, float]:
        """The text's box as (left, top, right, bottom), measured with ``text_width``."""
        width = text_width(self.text, self.size)
        if self.align == "right":
            left = self.x - width
        elif self.align == "center":
            left = self.x - width / 2
        else:
            left = self.x
        half = self.size * TEXT_HEIGHT / 2
        return (left, self.y - half, left + width, self.y + half)


class LineItem(NamedTuple):
    """A straight line from (x1, y1) to (x2, y2); ``weight`` is its width in points.

    ``role`` says what it is: "heavy" (the heavy line), "column" (the pad's frame: the
    vertical lines between the columns and the rule under the names), "game" (under a
    finished game), "total" (above the totals) or "paid" (the stroke through a prison amount
    somebody has won).
    """

    x1: float
    y1: float
    x2: float
    y2: float
    weight: float
    role: str


class CircleItem(NamedTuple):
    """The circle drawn around an amount put in prison by hand ``hand``."""

    cx: float
    cy: float
    r: float
    hand: int


SheetItem = TextItem | LineItem | CircleItem
"""Anything drawn on the sheet."""


class SheetRow(NamedTuple):
    """The band of one row of the pad, for pointing at a hand: it belongs to ``hand``.

    ``line`` is "above" or "below" the heavy line.
    """

    left: float
    top: float
    right: float
    bottom: float
    hand: int
    line: str

    def contains(self, x: float, y: float) -> bool:
        """True when the point lies inside the band (bottom and right edges excluded)."""
        return self.left <= x < self.right and self.top <= y < self.bottom


class SheetLayout(NamedTuple):
    """The laid-out sheet of one rubber: its size and every item on it, in points.

    ``rows`` are the bands of the entry rows (each with its hand), for hit-testing and for
    highlighting a hand; ``rubber_number`` is the rubber shown.
    """

    width: float
    height: float
    items: tuple[SheetItem, ...]
    rows: tuple[SheetRow, ...] = ()
    rubber_number: int = 1

    def texts(self, role: str | None = None) -> tuple[TextItem, ...]:
        """The text items, or only those of ``role``."""
        return tuple(
            item
            for item in self.items
            if isinstance(item, TextItem) and (role is None or item.role == role)
        )

    def entries_of_hand(self, number: int) -> tuple[TextItem, ...]:
        """The entries (role "entry") that hand ``number`` wrote on this sheet."""
        return tuple(item for item in self.texts("entry") if item.hand == number)

    def rows_of_hand(self, number: int) -> tuple[SheetRow, ...]:
        """The row bands that hold hand ``number``'s entries, hand numbers and prison."""
        return tuple(row for row in self.rows if row.hand == number)

    def hand_at(self, x: float, y: float) -> int | None:
        """The hand whose row is at (x, y) in sheet points, or None."""
        for row in self.rows:
            if row.contains(x, y):
                return row.hand
        return None
