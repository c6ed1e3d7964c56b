"""Where everything goes on the bridge-pad sheet of one rubber: pure geometry, no Qt.

The sheet looks like a paper scorepad: the two sides' names on top, a column each with a
vertical line between them, and the heavy horizontal line. Above it, entries are stacked
upward from the line (the earliest nearest the line); below it, entries go downward in
order, with a thin line under each finished game. Every row carries its small hand number
in a margin lane at the left, as in the worked example of the German rules. Amounts put
in prison are circled in a narrow lane right of the columns, on the row of the hand that
put them there; whoever wins them later gets an ordinary "prison" entry above the line.
The foot holds each side's total (R14) and the rubber's result.

Every coordinate is in points (1/72 inch) at zoom 1, with the origin at the sheet's top
left and y growing downward, so the same layout serves the screen (scaled by the zoom)
and paper. Text is measured by ``SheetMetrics.text_width``, which the caller supplies:
a Qt font measure on screen and on paper, a fake one in tests.

A :class:`TextItem` is anchored at ``(x, y)``: ``y`` is the vertical centre of its line
of text; ``x`` is its left edge, right edge or centre for ``align`` "left", "right" or
"center". Its box is ``size * TEXT_HEIGHT`` high (see :meth:`TextItem.box`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple

from jojotte_score.core.ledger import HandResult, Ledger, RubberResult
from jojotte_score.core.prison import prison_winners
from jojotte_score.core.scoring import Entry, EntryKind, Line
from jojotte_score.core.validation import MAX_NAME_LENGTH

TextWidth = Callable[[str, float], float]
"""Measures ``text`` at a font size in points and returns its width in points."""

TEXT_HEIGHT = 1.2
"""A line of text is this many times its font size high (ascent plus descent, roughly)."""

TEXT_ROLES = frozenset({"heading", "entry", "hand-number", "prison", "total", "result", "label"})
"""What a :class:`TextItem` is: a side's name, an entry, a hand number, a prison amount,
a side's total, the rubber's result, or a small label (caption, kind marks, legend)."""

LINE_ROLES = frozenset({"heavy", "column", "game", "total"})
"""What a :class:`LineItem` is: the heavy line, the pad's frame (the vertical line between
the columns and the rule under the names), a line under a finished game, or the line
above the totals."""

KIND_MARKS: dict[str, tuple[str, str]] = {
    EntryKind.MELD: ("M", "melds"),
    EntryKind.PRISON: ("P", "prison won"),
    EntryKind.NULLO_BONUS: ("N", "Nullo bonus"),
    EntryKind.SLAM_BONUS: ("S", "Slam bonus"),
    EntryKind.UNBID_SLAM_BONUS: ("U", "unbid Slam bonus"),
    EntryKind.RUBBER_BONUS: ("R", "rubber bonus"),
}
"""The small mark written after an entry that is not trick points, and what it means."""


class SheetMetrics(NamedTuple):
    """Font sizes, line heights and widths of the sheet, in points, and a text measure.

    Column widths are minimums: a column grows to fit its side's name and its numbers.
    """

    text_width: TextWidth
    entry_size: float = 11.0
    hand_number_size: float = 7.0
    heading_size: float = 12.0
    caption_size: float = 8.5
    total_size: float = 11.5
    result_size: float = 10.0
    prison_size: float = 8.0
    mark_size: float = 6.5
    legend_size: float = 7.0
    row_height: float = 18.0
    margin: float = 24.0
    column_width: float = 100.0
    number_lane: float = 22.0
    prison_lane: float = 40.0
    line_gap: float = 5.0
    min_rows_above: int = 5
    min_rows_below: int = 5


class TextItem(NamedTuple):
    """A piece of text on the sheet; ``hand``, ``side`` and ``kind`` say what it belongs to.

    ``kind`` is the :class:`~jojotte_score.core.scoring.EntryKind` value of an entry (and
    of its kind mark), "" for everything else.
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
    """A straight line from (x1, y1) to (x2, y2); ``weight`` is its width in points."""

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


class _Row:
    """One row of entries: at most one entry per side, and perhaps a prison amount."""

    __slots__ = ("entries", "hand", "height", "prison")

    def __init__(
        self,
        hand: int,
        entries: tuple[Entry | None, Entry | None],
        prison: int = 0,
        height: float = 0.0,
    ) -> None:
        self.hand, self.entries, self.prison, self.height = hand, entries, prison, height


class _Frame:
    """The horizontal positions shared by every part of the sheet, and what is laid out."""

    __slots__ = (
        "anchor",
        "column",
        "columns",
        "items",
        "lane",
        "left",
        "paid",
        "prison_lane",
        "rows",
    )

    def __init__(self, left: float, lane: float, column: float, prison_lane: float) -> None:
        self.left, self.lane, self.column, self.prison_lane = left, lane, column, prison_lane
        self.paid: Mapping[int, int] = {}  # prison put in by a hand: the hand that won it
        first = left + lane
        self.columns = (first, first + column)
        self.anchor = column * 0.62
        self.items: list[SheetItem] = []
        self.rows: list[SheetRow] = []

    @property
    def pad_right(self) -> float:
        """The right end of the two columns."""
        return self.columns[1] + self.column

    @property
    def right(self) -> float:
        """The right end of the prison lane."""
        return self.pad_right + self.prison_lane

    def entry_x(self, side: int) -> float:
        """Where an entry of ``side`` is right-aligned."""
        return self.columns[side] + self.anchor


def empty_sheet(
    sides: tuple[str, str], metrics: SheetMetrics, rubber_number: int = 1
) -> SheetLayout:
    """The blank pad (names, lines, no entries) for a sitting that has no ledger yet."""
    return _layout(sides, None, rubber_number, f"Rubber {rubber_number}: no hands yet", metrics)


def layout_sheet(ledger: Ledger, rubber_number: int, metrics: SheetMetrics) -> SheetLayout:
    """Lay out rubber ``rubber_number`` (1-based) of ``ledger``.

    ``rubber_number`` may be one past the ledger's last rubber: that is the rubber the next
    hand will start (or the first one of a ledger without hands), drawn as a blank pad.
    """
    count = len(ledger.rubbers)
    if not 1 <= rubber_number <= count + 1:
        raise ValueError(f"rubber {rubber_number} is not on this pad (it has {count})")
    if rubber_number > count:
        return empty_sheet(ledger.sides, metrics, rubber_number)
    rubber = ledger.rubbers[rubber_number - 1]
    return layout_rubber(ledger.sides, rubber, count, metrics, prison_winners(ledger.hands))


def layout_rubber(
    sides: tuple[str, str],
    rubber: RubberResult,
    count: int,
    metrics: SheetMetrics,
    paid: Mapping[int, int] | None = None,
) -> SheetLayout:
    """Lay out ``rubber``, one of the ``count`` rubbers of its sitting. ``paid`` says which
    hand won the prison each hand put in (:func:`~jojotte_score.core.prison.prison_winners`):
    those circles are crossed out with the winning hand's number, as a scorer does."""
    caption = f"Rubber {rubber.number} of {count}"
    return _layout(sides, rubber, rubber.number, caption, metrics, paid or {})


def result_text(rubber: RubberResult, sides: tuple[str, str]) -> str:
    """The rubber's result in words: who won it and who is ahead on points (R13, R14)."""
    ahead, difference = rubber.net
    if rubber.winner is None:
        text = (
            f"Rubber {rubber.number} in progress: "
            f"{sides[0]} {rubber.totals[0]}, {sides[1]} {rubber.totals[1]}"
        )
        waiting = rubber.hands[-1].prison_after if rubber.hands else 0
        return text + (f"; {waiting} in prison" if waiting else "")
    winner = sides[rubber.winner]
    if ahead == rubber.winner:
        return f"{winner} wins the rubber by {difference}"
    if ahead is None:
        return f"{winner} wins the rubber; the totals are level"
    return f"{winner} wins the rubber; {sides[ahead]} is ahead by {difference}"


def shown_name(name: str) -> str:
    """A side's name as the pad shows it: cut with "…" past what a column holds (a name
    stored before names were bounded), so one name never widens the pad without end."""
    limit = 2 * MAX_NAME_LENGTH + 3  # two partners' names and " & "
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _layout(
    sides: tuple[str, str],
    rubber: RubberResult | None,
    rubber_number: int,
    caption: str,
    m: SheetMetrics,
    paid: Mapping[int, int] | None = None,
) -> SheetLayout:
    sides = (shown_name(sides[0]), shown_name(sides[1]))
    hands = rubber.hands if rubber is not None else ()
    above = _rows(hands, Line.ABOVE, m)
    below = _rows(hands, Line.BELOW, m)
    frame = _frame(sides, rubber, hands, above + below, m)
    frame.paid = paid or {}
    items = frame.items
    has_prison = any(row.prison for row in above)

    y = m.margin
    caption_width = m.text_width(caption, m.caption_size)
    items.append(
        TextItem(
            _centred(frame, caption_width, m),
            y + m.caption_size * 0.6,
            caption,
            m.caption_size,
            "label",
        )
    )
    y += m.caption_size * TEXT_HEIGHT + 6
    header_top = y
    header_middle = y + m.heading_size * 0.9
    for side in (0, 1):
        centre = frame.columns[side] + frame.column / 2
        items.append(
            TextItem(
                centre, header_middle, sides[side], m.heading_size, "heading", None, side, "center"
            )
        )
    if has_prison:
        centre = frame.pad_right + frame.prison_lane / 2
        items.append(
            TextItem(centre, header_middle, "prison", m.legend_size, "label", align="center")
        )
    header_bottom = y + m.heading_size * 1.8
    items.append(LineItem(frame.left, header_bottom, frame.right, header_bottom, 0.6, "column"))

    content = sum(row.height for row in above) + 2 * m.line_gap
    heavy_y = header_bottom + max(content, m.min_rows_above * m.row_height + 2 * m.line_gap)
    _place_above(frame, above, heavy_y, m)
    items.append(LineItem(frame.left, heavy_y, frame.right, heavy_y, 2.0, "heavy"))

    bottom = _place_below(frame, below, hands, heavy_y, m)
    total_y = heavy_y + max(bottom - heavy_y, m.min_rows_below * m.row_height + 2 * m.line_gap)
    items.append(LineItem(frame.left, total_y, frame.pad_right, total_y, 1.0, "total"))
    totals_middle = total_y + m.line_gap + m.row_height / 2
    totals_bottom = total_y + m.line_gap + m.row_height
    if rubber is not None:
        for side in (0, 1):
            text = str(rubber.totals[side])
            items.append(
                TextItem(
                    frame.entry_x(side),
                    totals_middle,
                    text,
                    m.total_size,
                    "total",
                    None,
                    side,
                    "right",
                )
            )
    centre_x = frame.columns[1]
    items.append(LineItem(centre_x, header_top, centre_x, totals_bottom, 1.0, "column"))

    y = totals_bottom + 6
    width = frame.right + m.margin
    if rubber is not None:
        text = result_text(rubber, sides)
        text_width = m.text_width(text, m.result_size)
        x = _centred(frame, text_width, m)
        items.append(TextItem(x, y + m.result_size * 0.6, text, m.result_size, "result"))
        width = max(width, x + text_width + m.margin)
        y += m.result_size * TEXT_HEIGHT + 4
    for line in _legend(hands, frame, m):
        text_width = m.text_width(line, m.legend_size)
        x = _centred(frame, text_width, m)
        items.append(TextItem(x, y + m.legend_size * 0.6, line, m.legend_size, "label"))
        width = max(width, x + text_width + m.margin)
        y += m.legend_size * TEXT_HEIGHT + 2
    return SheetLayout(width, y + m.margin, tuple(items), tuple(frame.rows), rubber_number)


def _rows(hands: Iterable[HandResult], line: Line, m: SheetMetrics) -> list[_Row]:
    """The rows of one side of the line: one per entry of a side, both sides sharing."""
    rows: list[_Row] = []
    for hand in hands:
        first = [e for e in hand.entries if e.line is line and e.side == 0]
        second = [e for e in hand.entries if e.line is line and e.side == 1]
        prison = hand.prison_in if line is Line.ABOVE else 0
        count = max(len(first), len(second), 1 if prison else 0)
        for index in range(count):
            row = _Row(
                hand.number,
                (
                    first[index] if index < len(first) else None,
                    second[index] if index < len(second) else None,
                ),
                prison if index == 0 else 0,
                m.row_height,
            )
            if row.prison:
                row.height = max(row.height, 2 * _circle_radius(row.prison, m) + 2)
            rows.append(row)
    return rows


def _circle_radius(amount: int, m: SheetMetrics) -> float:
    return max(m.text_width(str(amount), m.prison_size) / 2 + 2.5, m.prison_size * 0.9)


def _mark_width(kind: str, m: SheetMetrics) -> float:
    mark = KIND_MARKS.get(kind)
    return m.text_width(mark[0], m.mark_size) + 1.5 if mark else 0.0


def _frame(
    sides: tuple[str, str],
    rubber: RubberResult | None,
    hands: tuple[HandResult, ...],
    rows: list[_Row],
    m: SheetMetrics,
) -> _Frame:
    """Column widths that fit the names and the widest numbers."""
    measure = m.text_width
    column = m.column_width
    for name in sides:
        column = max(column, measure(name, m.heading_size) + 16)
    numbers = [
        (measure(str(e.points), m.entry_size), _mark_width(e.kind, m))
        for r in rows
        for e in r.entries
        if e
    ]
    if rubber is not None:
        numbers.extend((measure(str(t), m.total_size), 0.0) for t in rubber.totals)
    for number, mark in numbers:
        column = max(column, (number + 8) / 0.62, (mark + 8) / 0.38)
    last = max((h.number for h in hands), default=1)
    lane = max(m.number_lane, measure(str(last), m.hand_number_size) + 8)
    prison = m.prison_lane
    for row in rows:
        if row.prison:
            prison = max(prison, 2 * _circle_radius(row.prison, m) + 10)
    return _Frame(m.margin, lane, column, prison)


def _centred(frame: _Frame, width: float, m: SheetMetrics) -> float:
    """The left edge of text of ``width`` centred under the columns, never left of the margin."""
    middle = (frame.left + frame.pad_right) / 2
    return max(m.margin, middle - width / 2)


def _place_row(frame: _Frame, row: _Row, top: float, line: str, m: SheetMetrics) -> None:
    middle = top + row.height / 2
    items = frame.items
    items.append(
        TextItem(
            frame.left + frame.lane - 5,
            middle,
            str(row.hand),
            m.hand_number_size,
            "hand-number",
            row.hand,
            None,
            "right",
        )
    )
    for side, entry in enumerate(row.entries):
        if entry is None:
            continue
        x = frame.entry_x(side)
        items.append(
            TextItem(
                x,
                middle,
                str(entry.points),
                m.entry_size,
                "entry",
                row.hand,
                side,
                "right",
                entry.kind,
            )
        )
        mark = KIND_MARKS.get(entry.kind)
        if mark:
            mark_y = middle - m.entry_size * 0.3
            items.append(
                TextItem(
                    x + 1.5,
                    mark_y,
                    mark[0],
                    m.mark_size,
                    "label",
                    row.hand,
                    side,
                    "left",
                    entry.kind,
                )
            )
    right = frame.pad_right
    if row.prison:
        cx = frame.pad_right + frame.prison_lane / 2
        items.append(CircleItem(cx, middle, _circle_radius(row.prison, m), row.hand))
        items.append(
            TextItem(cx, middle, str(row.prison), m.prison_size, "prison", row.hand, None, "center")
        )
        winner = frame.paid.get(row.hand)
        if winner is not None:  # paid: crossed out, with the number of the hand that won it
            r = _circle_radius(row.prison, m)
            items.append(LineItem(cx - r, middle + r, cx + r, middle - r, 0.8, "paid"))
            items.append(
                TextItem(cx + r + 1, middle + r * 0.7, str(winner), m.mark_size, "label", row.hand)
            )
        right = frame.right
    frame.rows.append(SheetRow(frame.left, top, right, top + row.height, row.hand, line))


def _place_above(frame: _Frame, rows: list[_Row], heavy_y: float, m: SheetMetrics) -> None:
    """Stack the rows upward from the heavy line, the earliest nearest to it."""
    bottom = heavy_y - m.line_gap
    for row in rows:
        _place_row(frame, row, bottom - row.height, "above", m)
        bottom -= row.height


def _place_below(
    frame: _Frame, rows: list[_Row], hands: tuple[HandResult, ...], heavy_y: float, m: SheetMetrics
) -> float:
    """Write the rows downward from the heavy line, a game line under each finished game.

    Returns the lowest y used.
    """
    by_hand: dict[int, list[_Row]] = {}
    for row in rows:
        by_hand.setdefault(row.hand, []).append(row)
    y = heavy_y + m.line_gap
    for hand in hands:
        for row in by_hand.get(hand.number, ()):
            _place_row(frame, row, y, "below", m)
            y += row.height
        if hand.game_winner is not None:
            line_y = y + m.line_gap / 2
            frame.items.append(LineItem(frame.left, line_y, frame.pad_right, line_y, 0.75, "game"))
            y = line_y + m.line_gap / 2
    return y + m.row_height * 0.75


def _legend(hands: tuple[HandResult, ...], frame: _Frame, m: SheetMetrics) -> list[str]:
    """The meaning of the kind marks used on this sheet, wrapped to the sheet's width."""
    used = {e.kind for h in hands for e in h.entries}
    parts = [f"{mark} {words}" for kind, (mark, words) in KIND_MARKS.items() if kind in used]
    lines: list[str] = []
    available = frame.right - frame.left
    for part in parts:
        if lines and m.text_width(lines[-1] + "   " + part, m.legend_size) <= available:
            lines[-1] += "   " + part
        else:
            lines.append(part)
    return lines


BLANK_CAPTION = "Rubber ____"
"""The caption of a blank pad: the rubber's number is written in by hand."""


def blank_pad(
    sides: tuple[str, str], metrics: SheetMetrics, rows_above: int, rows_below: int
) -> SheetLayout:
    """A pad to score on paper: room for ``rows_above`` and ``rows_below`` rows.

    A side whose name is "" gets a line to write the name on; the prison lane is labelled
    so that amounts put in prison can be circled there.
    """
    m = metrics._replace(min_rows_above=max(rows_above, 1), min_rows_below=max(rows_below, 1))
    sheet = _layout(sides, None, 1, BLANK_CAPTION, m)
    frame = _frame(sides, None, (), [], m)
    headings = {item.side: item for item in sheet.texts("heading")}
    extra: list[SheetItem] = []
    for side in (0, 1):
        heading = headings[side]
        if not sides[side].strip():
            y = heading.y + m.heading_size * 0.55
            left = frame.columns[side] + frame.column * 0.12
            right = frame.columns[side] + frame.column * 0.88
            extra.append(LineItem(left, y, right, y, 0.5, "column"))
    centre = frame.pad_right + frame.prison_lane / 2
    middle = headings[0].y
    extra.append(TextItem(centre, middle, "prison", m.legend_size, "label", align="center"))
    return sheet._replace(items=sheet.items + tuple(extra))
