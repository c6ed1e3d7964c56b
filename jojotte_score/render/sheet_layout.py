"""Where everything goes on the bridge-pad sheet of one rubber: pure geometry, no Qt.

The sheet looks like a paper scorepad: the names on top, a column each with vertical lines
between them, and the heavy horizontal line. Above it, entries are stacked upward from the
line (the earliest nearest the line); below it, entries go downward in order, with a thin
line under each finished game. Every row carries its small hand number in a margin lane at
the left, as in the worked example of the German rules. Amounts put in prison are circled
in a narrow lane right of the columns, on the row of the hand that put them there; whoever
wins them later gets an ordinary "prison" entry above the line. The foot holds each
column's total (R14) and the rubber's result.

The same code lays out the pad of every game, a :class:`~jojotte_score.core.ledger.Ledger`
that knows its game. Two players and partnerships have a column per side. The three-player
game, the chouette and cutthroat have a column per player (T1, C4, F1): there an
entry a player writes again for his partner (T8, F3, C4) is a copy, written after an equals
sign ("= 60", :func:`~jojotte_score.core.games.game.copy_text`; parentheses are the German
pads' prison amount) and explained in the legend; the foot has a second row, each
player's settlement (T15, C6, F6); and a chouette rubber names its box and its team above
the names (C2).

Every coordinate is in points (1/72 inch) at zoom 1, with the origin at the sheet's top
left and y growing downward, so the same layout serves the screen (scaled by the zoom)
and paper. Text is measured by ``SheetMetrics.text_width``, which the caller supplies:
a Qt font measure on screen and on paper, a fake one in tests.

The items it places are those of :mod:`jojotte_score.render.sheet_items`; the words it
writes come from :mod:`jojotte_score.render.sheet_words`; the game a pad belongs to is
asked, never guessed: a column ledger knows its game, and blank pads are given theirs.
"""

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple, Protocol

from jojotte_score.core.games import find_game
from jojotte_score.core.games.game import copy_text
from jojotte_score.core.ledger import Ledger, RubberResult
from jojotte_score.core.model import GameKey, RubberRoles
from jojotte_score.core.scoring import Entry, Line
from jojotte_score.core.status import prison_winners
from jojotte_score.core.validation import MAX_NAME_LENGTH
from jojotte_score.i18n import _, pgettext
from jojotte_score.i18n import format_signed as signed
from jojotte_score.render.sheet_items import (
    TEXT_HEIGHT,
    CircleItem,
    LineItem,
    SheetItem,
    SheetLayout,
    SheetRow,
    TextItem,
    TextWidth,
)
from jojotte_score.render.sheet_words import (
    BLANK_CAPTION,
    KIND_MARKS,
    column_result_lines,
    copy_legend,
    kind_mark,
    prison_text,
    result_text,
)

_PRISON_HALF_HEIGHT = 0.5  # half a parenthesis' height, as a share of the font's size
_PRISON_ROOM = 0.45  # between a prison amount's ends and its circle, as a share of the size


class SheetMetrics(NamedTuple):
    """Font sizes, line heights and widths of the sheet, in points, and a text measure.

    Column widths are minimums: a column grows to fit its side's name and its numbers. On a
    pad with a column per player, a name wider than ``name_width`` is cut with "…", so that
    three or four columns fit a page.

    ``anchor`` is where in its column an entry is right-aligned, as a share of the column's
    width (the rest holds the entry's kind mark). The captions, the results and the legend
    are wrapped to the pad's width on a pad with a column per player, and on every pad when
    ``wrap_lines`` (a narrow screen's).
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
    name_width: float = 120.0
    anchor: float = 0.62
    wrap_lines: bool = False


# What a pad shows, whatever the game -----------------------------------------------------


class _PadHand(Protocol):
    """What the sheet reads of a hand: a two-sided hand or a hand by seat alike."""

    @property
    def number(self) -> int: ...
    @property
    def entries(self) -> tuple[Entry, ...]: ...
    @property
    def prison_in(self) -> int: ...
    @property
    def game_winner(self) -> int | None: ...


class _Content(NamedTuple):
    """Everything one sheet shows, in words and numbers, before it is placed.

    ``captions`` are the lines above the names (the rubber's number, the chouette's roles);
    ``results`` the lines under the totals. ``per_player`` is a pad with a column per
    player: names are cut to ``SheetMetrics.name_width``, long lines are wrapped to the
    pad's width, and the foot has the settlement row (``settlement``, or empty).
    ``copies`` gives, by hand number, who copied whom as (copier, source) columns, in the
    order the copies were written (T8, F3, C4).
    """

    names: tuple[str, ...]
    hands: tuple[_PadHand, ...]
    totals: tuple[int, ...] | None
    captions: tuple[str, ...]
    results: tuple[str, ...]
    per_player: bool = False
    settlement: tuple[int, ...] | None = None
    copies: Mapping[int, tuple[tuple[int, int], ...]] = {}
    copy_legend: str = ""

    @property
    def copied(self) -> frozenset[tuple[int, int]]:
        """(hand, column) for every column whose entries of that hand are copies."""
        return frozenset(
            (hand, copier) for hand, pairs in self.copies.items() for copier, _source in pairs
        )


def empty_sheet(
    sides: tuple[str, ...],
    metrics: SheetMetrics,
    rubber_number: int = 1,
    variant: GameKey | None = None,
    roles: RubberRoles | None = None,
) -> SheetLayout:
    """The blank pad (names, lines, no entries) for a rubber that has no hands yet.

    ``sides`` are the two sides' names, or one name per player for the games of individual
    players (``variant``; with ``roles``, the rubber's roles are named, as the game words them).
    """
    caption = _("Rubber {number}: no hands yet").format(number=rubber_number)
    if not per_player(sides, variant):
        return _layout(_Content(sides, (), None, (caption,), ()), rubber_number, metrics)
    roles_caption = find_game(variant).roles_caption(roles, sides) if variant else ()
    content = _Content(sides, (), None, (caption, *roles_caption), (), per_player=True)
    return _layout(content, rubber_number, metrics)


def per_player(sides: Sequence[str], variant: GameKey | None) -> bool:
    """Whether ``variant``'s pad has a column per player; two sides' when None."""
    return variant is not None and find_game(variant).per_player


def layout_sheet(ledger: Ledger, rubber_number: int, metrics: SheetMetrics) -> SheetLayout:
    """Lay out rubber ``rubber_number`` (1-based, as in the whole sitting) of ``ledger``: two
    sides' columns, or a column per player for the pad of a three-player, chouette or
    cutthroat sitting (the ledger's game says which).

    ``rubber_number`` may be one past the ledger's last rubber: that is the rubber the next
    hand will start (or the first one of a ledger without hands), drawn as a blank pad (the
    chouette's with the rubber's box and captain).
    """
    count = ledger.rubber_count
    if not ledger.start.rubber <= rubber_number <= count + 1:
        raise ValueError(f"rubber {rubber_number} is not on this pad (it has {count})")
    variant = ledger.variant
    rubber = ledger.rubber(rubber_number)
    if rubber is None:
        roles = ledger.rubber_roles(rubber_number)
        return empty_sheet(ledger.columns, metrics, rubber_number, variant, roles)
    return layout_rubber(
        ledger.columns, rubber, count, metrics, prison_winners(ledger.hands), variant
    )


def layout_rubber(
    sides: tuple[str, ...],
    rubber: RubberResult,
    count: int,
    metrics: SheetMetrics,
    paid: Mapping[int, int] | None = None,
    variant: GameKey | None = None,
) -> SheetLayout:
    """Lay out ``rubber``, one of the ``count`` rubbers of its sitting. ``paid`` says which
    hand won the prison each hand put in (:func:`~jojotte_score.core.status.prison_winners`):
    those circles are crossed out with the winning hand's number, as a scorer does.

    The rubber of a game per player (``variant``) is laid out with a column per player
    (``sides`` are the players); two sides' when ``variant`` is None.
    """
    caption = _("Rubber {number} of {count}").format(number=rubber.number, count=count)
    if not per_player(sides, variant):
        content = _Content(
            sides,
            rubber.hands,
            rubber.totals,
            (caption,),
            (result_text(rubber, sides, 1 if variant is None else find_game(variant).side_people),),
        )
        return _layout(content, rubber.number, metrics, paid or {})
    assert variant is not None
    game = find_game(variant)
    copies = {hand.number: hand.score.copies for hand in rubber.hands if hand.score.copies}
    content = _Content(
        sides,
        rubber.hands,
        rubber.totals,
        (caption, *game.roles_caption(rubber.roles, sides)),
        column_result_lines(rubber, sides, game),
        per_player=True,
        settlement=rubber.settlement,
        copies=copies,
        copy_legend=copy_legend(variant),
    )
    return _layout(content, rubber.number, metrics, paid or {})


def shown_name(name: str) -> str:
    """A side's name as the pad shows it: cut with "…" past what a column holds (a name
    stored before names were bounded), so one name never widens the pad without end."""
    limit = 2 * MAX_NAME_LENGTH + 3  # two partners' names and " & "
    return name if len(name) <= limit else name[: limit - 1] + "…"


# Laying a pad out ---------------------------------------------------------------------------


class _Row:
    """One row of entries: at most one entry per column, and perhaps a prison amount."""

    __slots__ = ("entries", "hand", "height", "prison")

    def __init__(
        self,
        hand: int,
        entries: tuple[Entry | None, ...],
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
        "copied",
        "items",
        "lane",
        "left",
        "paid",
        "prison_lane",
        "rows",
    )

    def __init__(
        self,
        left: float,
        lane: float,
        column: float,
        prison_lane: float,
        count: int = 2,
        anchor: float = 0.62,
    ) -> None:
        self.left, self.lane, self.column, self.prison_lane = left, lane, column, prison_lane
        self.paid: Mapping[int, int] = {}  # prison put in by a hand: the hand that won it
        self.copied: frozenset[tuple[int, int]] = frozenset()
        first = left + lane
        self.columns = tuple(first + index * column for index in range(count))
        self.anchor = column * anchor
        self.items: list[SheetItem] = []
        self.rows: list[SheetRow] = []

    @property
    def pad_right(self) -> float:
        """The right end of the columns."""
        return self.columns[-1] + self.column

    @property
    def right(self) -> float:
        """The right end of the prison lane."""
        return self.pad_right + self.prison_lane

    def entry_x(self, side: int) -> float:
        """Where an entry of column ``side`` is right-aligned."""
        return self.columns[side] + self.anchor


def _layout(
    content: _Content,
    rubber_number: int,
    m: SheetMetrics,
    paid: Mapping[int, int] | None = None,
) -> SheetLayout:
    names = _shown_names(content, m)
    count = len(names)
    hands = content.hands
    above = _rows(hands, Line.ABOVE, count, m, content.copies)
    below = _rows(hands, Line.BELOW, count, m, content.copies)
    frame = _frame(names, content, above + below, m)
    frame.paid = paid or {}
    frame.copied = content.copied
    items = frame.items
    has_prison = any(row.prison for row in above)
    header_top, header_bottom = _place_header(frame, content, names, has_prison, m)

    content_height = sum(row.height for row in above) + 2 * m.line_gap
    heavy_y = header_bottom + max(content_height, m.min_rows_above * m.row_height + 2 * m.line_gap)
    _place_above(frame, above, heavy_y, m)
    items.append(LineItem(frame.left, heavy_y, frame.right, heavy_y, 2.0, "heavy"))

    bottom = _place_below(frame, below, hands, heavy_y, m)
    total_y = heavy_y + max(bottom - heavy_y, m.min_rows_below * m.row_height + 2 * m.line_gap)
    totals_bottom = _place_totals(frame, content, count, total_y, m)
    for boundary in frame.columns[1:]:
        items.append(LineItem(boundary, header_top, boundary, totals_bottom, 1.0, "column"))
    width, height = _place_foot(frame, content, totals_bottom + 6, m)
    return SheetLayout(width, height, tuple(items), tuple(frame.rows), rubber_number)


def _place_header(
    frame: _Frame, content: _Content, names: Sequence[str], has_prison: bool, m: SheetMetrics
) -> tuple[float, float]:
    """The captions, then the columns' names (and the prison lane's, when ``has_prison``)
    and the line under them; where the columns' heads begin and end."""
    items = frame.items
    y = m.margin
    for caption in _wrapped(content.captions, m.caption_size, frame, content.per_player, m):
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
    header_middle = y + m.heading_size * 0.9
    for side, name in enumerate(names):
        centre = frame.columns[side] + frame.column / 2
        items.append(
            TextItem(centre, header_middle, name, m.heading_size, "heading", None, side, "center")
        )
    if has_prison:
        centre = frame.pad_right + frame.prison_lane / 2
        items.append(
            TextItem(centre, header_middle, _prison_label(), m.legend_size, "label", align="center")
        )
    header_bottom = y + m.heading_size * 1.8
    items.append(LineItem(frame.left, header_bottom, frame.right, header_bottom, 0.6, "column"))
    return y, header_bottom


def _place_totals(
    frame: _Frame, content: _Content, count: int, total_y: float, m: SheetMetrics
) -> float:
    """The line over the totals at ``total_y``, the ``count`` columns' totals and, on a pad
    with a column per player, the settlement; where they end."""
    frame.items.append(LineItem(frame.left, total_y, frame.pad_right, total_y, 1.0, "total"))
    totals_middle = total_y + m.line_gap + m.row_height / 2
    if content.totals is not None:
        for side in range(count):
            text = str(content.totals[side])
            frame.items.append(
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
    if content.per_player:
        return _place_settlement(frame, content, totals_middle, m)
    return total_y + m.line_gap + m.row_height


def _place_foot(frame: _Frame, content: _Content, y: float, m: SheetMetrics) -> tuple[float, float]:
    """The rubber's results and the legend, from ``y`` down; the sheet's width and height."""
    items = frame.items
    width = frame.right + m.margin
    for text in _wrapped(content.results, m.result_size, frame, content.per_player, m):
        text_width = m.text_width(text, m.result_size)
        x = _centred(frame, text_width, m)
        items.append(TextItem(x, y + m.result_size * 0.6, text, m.result_size, "result"))
        width = max(width, x + text_width + m.margin)
        y += m.result_size * TEXT_HEIGHT + 4
    for line in _legend(content.hands, content, frame, m):
        text_width = m.text_width(line, m.legend_size)
        x = _centred(frame, text_width, m)
        items.append(TextItem(x, y + m.legend_size * 0.6, line, m.legend_size, "label"))
        width = max(width, x + text_width + m.margin)
        y += m.legend_size * TEXT_HEIGHT + 2
    return width, y + m.margin


def _shown_names(content: _Content, m: SheetMetrics) -> tuple[str, ...]:
    """The names at the columns' heads: cut to a column's width when a pad has a column per
    player (every name may be 40 characters long), else only past what a column holds."""
    if not content.per_player:
        return tuple(shown_name(name) for name in content.names)
    from jojotte_score.render.text_fit import fit_text  # see _wrapped_legend's note

    room = m.name_width - 16
    return tuple(fit_text(name, m.heading_size, room, m.text_width) for name in content.names)


def _wrapped(
    lines: Iterable[str], size: float, frame: _Frame, wrap: bool, m: SheetMetrics
) -> list[str]:
    """``lines``, each wrapped to the width of the pad when ``wrap`` or ``m.wrap_lines``,
    between its phrases when it can: a side's name and its figure ("Bert & Dora 0") stay on
    one line."""
    if not (wrap or m.wrap_lines):
        return list(lines)
    from jojotte_score.render.text_fit import wrap_phrases  # see _wrapped_legend's note

    room = frame.right - frame.left
    return [part for line in lines for part in wrap_phrases(line, size, room, m.text_width)]


def _place_settlement(
    frame: _Frame, content: _Content, totals_middle: float, m: SheetMetrics
) -> float:
    """The foot of a pad with a column per player: each player's settlement under his total
    (T15, C6, F6), the two rows labelled in the lane at the right. Returns the foot's bottom."""
    items = frame.items
    middle = totals_middle + m.row_height
    label_x = frame.pad_right + 5
    total, settled = _foot_labels()
    items.append(TextItem(label_x, totals_middle, total, m.legend_size, "label"))
    items.append(TextItem(label_x, middle, settled, m.legend_size, "label"))
    if content.settlement is not None:
        for side, points in enumerate(content.settlement):
            items.append(
                TextItem(
                    frame.entry_x(side),
                    middle,
                    signed(points),
                    m.result_size,
                    "settlement",
                    None,
                    side,
                    "right",
                )
            )
    return middle + m.row_height / 2


def _foot_labels() -> tuple[str, str]:
    """The labels of the foot's two rows on a pad with a column per player."""
    return (
        pgettext("pad foot", "total"),
        pgettext("pad foot", "settled"),
    )


def _prison_label() -> str:
    """The heading of the lane where amounts put in prison are written."""
    return pgettext("pad lane", "prison")


def _rows(
    hands: Iterable[_PadHand],
    line: Line,
    count: int,
    m: SheetMetrics,
    copies: Mapping[int, tuple[tuple[int, int], ...]] | None = None,
) -> list[_Row]:
    """The rows of one side of the line: one per entry of a column, the columns sharing.

    A copy stands on the row of the entry it copies when that entry is on the same side
    of the line; the copies of entries on the other side come after the hand's other rows.
    """
    rows: list[_Row] = []
    for hand in hands:
        slots = _slots(hand, line, count, (copies or {}).get(hand.number, ()))
        prison = hand.prison_in if line is Line.ABOVE else 0
        height = max((max(column, default=-1) + 1 for column in slots), default=0)
        for index in range(max(height, 1 if prison else 0)):
            row = _Row(
                hand.number,
                tuple(column.get(index) for column in slots),
                prison if index == 0 else 0,
                m.row_height,
            )
            if row.prison:
                row.height = max(row.height, 2 * _circle_radius(row.prison, m) + 2)
            rows.append(row)
    return rows


def _slots(
    hand: _PadHand, line: Line, count: int, copies: tuple[tuple[int, int], ...]
) -> list[dict[int, Entry]]:
    """Each column's entries of ``hand`` on ``line``, by the row (0 nearest the line) each
    takes. A copier's entries copy his source's one for one, in order (T8, F3, C4)."""
    by_column: list[list[Entry]] = [[] for _column in range(count)]
    for entry in hand.entries:
        by_column[entry.side].append(entry)
    copiers = dict(copies)
    slots: list[dict[int, Entry]] = [{} for _column in range(count)]
    # (column, index among the column's entries) -> row, for the copies to follow
    placed: dict[tuple[int, int], int] = {}
    for side in range(count):
        if side in copiers:
            continue
        row = 0
        for index, entry in enumerate(by_column[side]):
            if entry.line is line:
                slots[side][row] = entry
                placed[side, index] = row
                row += 1
    for copier, source in copies:
        later: list[tuple[int, Entry]] = []
        for index, entry in enumerate(by_column[copier]):
            if entry.line is not line:
                continue
            twin = placed.get((source, index))
            if twin is None or twin in slots[copier]:
                later.append((index, entry))
            else:
                slots[copier][twin] = entry
                placed[copier, index] = twin
        used = [row for side in (source, copier) for row in slots[side]]
        row = max(used, default=-1) + 1
        for index, entry in later:
            slots[copier][row] = entry
            placed[copier, index] = row
            row += 1
    return slots


def _circle_radius(amount: int, m: SheetMetrics) -> float:
    """The radius of the circle around a prison amount, clear of the text's ends and
    corners by a share of the font's size, so that the parentheses a German pad writes
    ("(120)", as tall as the line) never touch it."""
    size = m.prison_size
    half_width = m.text_width(prison_text(amount), size) / 2
    corner = math.hypot(half_width, size * _PRISON_HALF_HEIGHT)
    return max(corner + size * _PRISON_ROOM / 2, half_width + size * _PRISON_ROOM, size * 0.9)


def _mark_width(kind: str, m: SheetMetrics) -> float:
    mark = kind_mark(kind)
    return m.text_width(mark[0], m.mark_size) + 1.5 if mark else 0.0


def _frame(
    names: tuple[str, ...],
    content: _Content,
    rows: list[_Row],
    m: SheetMetrics,
) -> _Frame:
    """Column widths that fit the names and the widest numbers."""
    measure = m.text_width
    column = m.column_width
    for name in names:
        column = max(column, measure(name, m.heading_size) + 16)
    copied = content.copied
    numbers: list[tuple[float, float]] = []
    for row in rows:
        for side, entry in enumerate(row.entries):
            if entry is None:
                continue
            text = _entry_text(entry.points, (row.hand, side) in copied)
            numbers.append((measure(text, m.entry_size), _mark_width(entry.kind, m)))
    if content.totals is not None:
        numbers.extend((measure(str(t), m.total_size), 0.0) for t in content.totals)
    if content.settlement is not None:
        numbers.extend((measure(signed(s), m.result_size), 0.0) for s in content.settlement)
    for number, mark in numbers:
        column = max(column, (number + 8) / m.anchor, (mark + 8) / (1 - m.anchor))
    last = max((h.number for h in content.hands), default=1)
    lane = max(m.number_lane, measure(str(last), m.hand_number_size) + 8)
    prison = m.prison_lane
    for row in rows:
        if row.prison:
            prison = max(prison, 2 * _circle_radius(row.prison, m) + 10)
    prison = max(prison, measure(_prison_label(), m.legend_size) + 8)
    if content.per_player:  # the foot's labels
        for label in _foot_labels():
            prison = max(prison, measure(label, m.legend_size) + 8)
    return _Frame(m.margin, lane, column, prison, len(names), m.anchor)


def _entry_text(points: int, copied: bool) -> str:
    """An entry's number as the pad writes it: "60", or a copy "= 60"."""
    return copy_text(points) if copied else str(points)


def _centred(frame: _Frame, width: float, m: SheetMetrics) -> float:
    """The left edge of text of ``width`` centred under the columns, never left of the margin."""
    middle = (frame.left + frame.pad_right) / 2
    return max(m.margin, middle - width / 2)


def _place_row(frame: _Frame, row: _Row, top: float, line: str, m: SheetMetrics) -> None:
    """``row`` from ``top`` down: its hand's number, its entries and its prison amount; kept
    as a row of the pad's ``line`` (above or below)."""
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
        if entry is not None:
            _place_entry(frame, row, side, entry, middle, m)
    right = frame.pad_right
    if row.prison:
        _place_prison(frame, row, middle, m)
        right = frame.right
    frame.rows.append(SheetRow(frame.left, top, right, top + row.height, row.hand, line))


def _place_entry(
    frame: _Frame, row: _Row, side: int, entry: Entry, middle: float, m: SheetMetrics
) -> None:
    """Column ``side``'s entry of ``row``, centred on ``middle``, with its kind's mark."""
    items = frame.items
    x = frame.entry_x(side)
    copied = (row.hand, side) in frame.copied
    text = _entry_text(entry.points, copied)
    items.append(
        TextItem(
            x,
            middle,
            text,
            m.entry_size,
            "entry",
            row.hand,
            side,
            "right",
            entry.kind,
            copied,
        )
    )
    mark = kind_mark(entry.kind)
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
                copied,
            )
        )


def _place_prison(frame: _Frame, row: _Row, middle: float, m: SheetMetrics) -> None:
    """``row``'s amount put in prison, circled in the prison lane."""
    items = frame.items
    cx = frame.pad_right + frame.prison_lane / 2
    items.append(CircleItem(cx, middle, _circle_radius(row.prison, m), row.hand))
    items.append(
        TextItem(
            cx,
            middle,
            prison_text(row.prison),
            m.prison_size,
            "prison",
            row.hand,
            None,
            "center",
        )
    )
    winner = frame.paid.get(row.hand)
    if winner is not None:  # paid: crossed out, with the number of the hand that won it
        r = _circle_radius(row.prison, m)
        items.append(LineItem(cx - r, middle + r, cx + r, middle - r, 0.8, "paid"))
        items.append(
            TextItem(cx + r + 1, middle + r * 0.7, str(winner), m.mark_size, "label", row.hand)
        )


def _place_above(frame: _Frame, rows: list[_Row], heavy_y: float, m: SheetMetrics) -> None:
    """Stack the rows upward from the heavy line, the earliest nearest to it."""
    bottom = heavy_y - m.line_gap
    for row in rows:
        _place_row(frame, row, bottom - row.height, "above", m)
        bottom -= row.height


def _place_below(
    frame: _Frame,
    rows: list[_Row],
    hands: tuple[_PadHand, ...],
    heavy_y: float,
    m: SheetMetrics,
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


def _legend(
    hands: tuple[_PadHand, ...], content: _Content, frame: _Frame, m: SheetMetrics
) -> list[str]:
    """The meaning of the kind marks used on this sheet, wrapped to the sheet's width; then
    what the copy mark means, when the sheet has a copy."""
    used = {e.kind for h in hands for e in h.entries}
    # Translators: a mark of the pad's legend and what it means: "M melds".
    explained = _("{mark} {meaning}")
    marks = [kind_mark(kind) for kind in KIND_MARKS if kind in used]
    parts = [explained.format(mark=mark[0], meaning=mark[1]) for mark in marks if mark]
    lines: list[str] = []
    available = frame.right - frame.left
    for part in parts:
        if lines and m.text_width(lines[-1] + "   " + part, m.legend_size) <= available:
            lines[-1] += "   " + part
        else:
            lines.append(part)
    if content.copy_legend and content.copied:
        lines.extend(_wrapped_legend(content.copy_legend, available, m))
    return lines


def _wrapped_legend(legend: str, room: float, m: SheetMetrics) -> list[str]:
    """What the copy mark means, wrapped to ``room``: "(F3)" never alone on a line.

    The text fitting module (:mod:`~jojotte_score.render.text_fit`) is imported here, in
    :func:`_shown_names` and in :func:`_wrapped`, where text is fitted: a two-sided pad, as
    the window's start shows, fits none, and importing it with this module cost each start
    1.1 M instructions (callgrind), PySide6's import hook reading its source included.
    """
    from jojotte_score.render.text_fit import keep_references, wrap_text

    return wrap_text(keep_references(legend), m.legend_size, room, m.text_width)


def blank_pad(
    sides: tuple[str, ...],
    metrics: SheetMetrics,
    rows_above: int,
    rows_below: int,
    variant: GameKey | None = None,
) -> SheetLayout:
    """A pad to score on paper: room for ``rows_above`` and ``rows_below`` rows.

    ``sides`` has a name per column: the two sides, or each player of a game of individual
    players (``variant``; three or four names). A name that is "" gets a line to write the
    name on; the prison lane is labelled so that amounts put in prison can be circled
    there. A pad with a column per player has the settlement row at its foot and says what
    a copy ("= 60") is; the chouette's has a line for the rubber's roles.
    """
    m = metrics._replace(min_rows_above=max(rows_above, 1), min_rows_below=max(rows_below, 1))
    if per_player(sides, variant):
        assert variant is not None
        blank_roles = find_game(variant).blank_roles
        captions = (_(BLANK_CAPTION), *((_(blank_roles),) if blank_roles else ()))
        legend = copy_legend(variant)
        content = _Content(sides, (), None, captions, (), per_player=True, copy_legend=legend)
    else:
        content = _Content(sides, (), None, (_(BLANK_CAPTION),), ())
    sheet = _layout(content, 1, m)
    frame = _frame(_shown_names(content, m), content, [], m)
    headings = {item.side: item for item in sheet.texts("heading")}
    extra: list[SheetItem] = []
    for side in range(len(sides)):
        heading = headings[side]
        if not sides[side].strip():
            y = heading.y + m.heading_size * 0.55
            left = frame.columns[side] + frame.column * 0.12
            right = frame.columns[side] + frame.column * 0.88
            extra.append(LineItem(left, y, right, y, 0.5, "column"))
    centre = frame.pad_right + frame.prison_lane / 2
    middle = headings[0].y
    extra.append(TextItem(centre, middle, _prison_label(), m.legend_size, "label", align="center"))
    height = sheet.height
    if content.copy_legend:
        y = height - m.margin
        room = frame.right - frame.left
        for line in _wrapped_legend(content.copy_legend, room, m):
            x = _centred(frame, m.text_width(line, m.legend_size), m)
            extra.append(TextItem(x, y + m.legend_size * 0.6, line, m.legend_size, "label"))
            y += m.legend_size * TEXT_HEIGHT + 2
        height = y + m.margin
    return sheet._replace(height=height, items=sheet.items + tuple(extra))
