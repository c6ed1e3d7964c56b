"""The pad in words, in reading order, for a screen reader: read from the very layout the
painter draws, so that what is heard is what is seen. No Qt.

:func:`read_sheet` turns a :class:`~jojotte_score.render.sheet_items.SheetLayout` into
:class:`ReadItem` values: the captions, then each column with its entries above the line and
below it in the order they were written ("Anna, 220 below, hand 3"), the amounts put in
prison and whether they were won, the games, the totals, the settlement, the rubber's result
and the legend. :func:`hand_news` is what is said when a hand is recorded or corrected:
"Hand 7: Bert 80 below; Anna leads 510 to 330".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from jojotte_score.core.games.game import COPY_MARK
from jojotte_score.i18n import _
from jojotte_score.render.sheet_items import LineItem, SheetLayout, TextItem, TextWidth
from jojotte_score.render.sheet_words import kind_mark

READ_ROLES = (
    "caption",
    "heading",
    "entry",
    "prison",
    "game",
    "total",
    "settlement",
    "result",
    "legend",
)
"""What a :class:`ReadItem` is, in the order the pad is read."""

_NUMBER = re.compile(r"[-\u2212]?\d+")


class ReadItem(NamedTuple):
    """One thing on the pad, as a screen reader says it.

    ``words`` is the sentence read ("Anna, 220 below, hand 3"); ``shown`` the text painted
    ("220"; "" for a game, which is a line); ``role`` one of :data:`READ_ROLES`; ``box`` where
    it is painted, (left, top, right, bottom) in sheet points; ``hand`` and ``side`` the hand
    and the column it belongs to, when it belongs to one; ``line`` "above" or "below" for an
    entry.
    """

    words: str
    shown: str
    role: str
    box: tuple[float, float, float, float]
    hand: int | None = None
    side: int | None = None
    line: str = ""


def figure(text: str) -> str:
    """The number in a painted text: "60" in "= 60" or "(60)"; a true minus kept."""
    found = _NUMBER.search(text)
    return found.group(0) if found else text


class _Reader(NamedTuple):
    """What reading one layout needs: its texts, how wide a text is, the columns' names."""

    texts: tuple[TextItem, ...]
    text_width: TextWidth
    column_names: tuple[str, ...]

    def name_of(self, side: int | None) -> str:
        """The whole name of column ``side``; "" for none."""
        if side is None or not 0 <= side < len(self.column_names):
            return ""
        return self.column_names[side]

    def item(self, text: TextItem, words: str, role: str, line: str = "") -> ReadItem:
        """``text`` read as ``words``."""
        return ReadItem(
            words, text.text, role, text.box(self.text_width), text.hand, text.side, line
        )


def read_sheet(
    layout: SheetLayout,
    text_width: TextWidth,
    names: Sequence[str] = (),
    game_winners: Mapping[int, int] | None = None,
) -> tuple[ReadItem, ...]:
    """Everything ``layout`` shows, in reading order, each as a :class:`ReadItem`.

    ``names`` are the columns' whole names (the layout may have cut them with "…"); the
    headings' texts when empty. ``game_winners`` gives, by the number of the hand that won a
    game, the column that won it; without it a game is read by its hand alone.
    """
    texts = layout.texts()
    headings = sorted((t for t in texts if t.role == "heading"), key=lambda t: t.side or 0)
    reader = _Reader(texts, text_width, tuple(names) or tuple(t.text for t in headings))
    frame = [item for item in layout.items if isinstance(item, LineItem) and item.role == "column"]
    header_top = min((min(line.y1, line.y2) for line in frame), default=0.0)
    foot_bottom = max((max(line.y1, line.y2) for line in frame), default=layout.height)
    heavy = next(
        (item.y1 for item in layout.items if isinstance(item, LineItem) and item.role == "heavy"),
        foot_bottom,
    )
    read = [
        reader.item(t, t.text, "caption")
        for t in texts
        if t.role == "label" and t.hand is None and t.y < header_top
    ]
    read.extend(_columns(reader, headings, heavy))
    read.extend(_prisons(reader))
    read.extend(_games(layout, game_winners or {}, reader.name_of))
    read.extend(_totals(reader))
    read.extend(_legend(reader, foot_bottom))
    return tuple(read)


def _columns(reader: _Reader, headings: Sequence[TextItem], heavy: float) -> list[ReadItem]:
    """Each column's heading, then its entries in the order they were written; an entry
    above ``heavy`` (the heavy line's height) is above the line."""
    read: list[ReadItem] = []
    for heading in headings:
        read.append(reader.item(heading, reader.name_of(heading.side), "heading"))
        for entry in reader.texts:
            if entry.role == "entry" and entry.side == heading.side:
                above = entry.y < heavy
                words = _entry_words(entry, reader.name_of(entry.side), above)
                read.append(reader.item(entry, words, "entry", "above" if above else "below"))
    return read


def _prisons(reader: _Reader) -> list[ReadItem]:
    """The amounts put in prison, each with the hand that won it, if one did."""
    texts = reader.texts
    paid = {
        t.hand: t.text for t in texts if t.role == "label" and t.hand is not None and not t.kind
    }
    read: list[ReadItem] = []
    for amount in (t for t in texts if t.role == "prison"):
        won = paid.get(amount.hand) if amount.hand is not None else None
        read.append(reader.item(amount, _prison_words(amount, won), "prison"))
    return read


def _totals(reader: _Reader) -> list[ReadItem]:
    """The columns' totals, the settlement and the rubber's result."""
    read: list[ReadItem] = []
    for total in (t for t in reader.texts if t.role == "total"):
        words = _("Total, {column}: {points}").format(
            column=reader.name_of(total.side), points=total.text
        )
        read.append(reader.item(total, words, "total"))
    for settled in (t for t in reader.texts if t.role == "settlement"):
        words = _("Settlement, {column}: {points}").format(
            column=reader.name_of(settled.side), points=settled.text
        )
        read.append(reader.item(settled, words, "settlement"))
    read.extend(reader.item(t, t.text, "result") for t in reader.texts if t.role == "result")
    return read


def _legend(reader: _Reader, foot_bottom: float) -> list[ReadItem]:
    """The legend under the pad (below ``foot_bottom``), line by line."""
    legend = [t for t in reader.texts if t.role == "label" and t.hand is None and t.y > foot_bottom]
    # The kind marks' lines are read one by one; the copy mark's sentence ("= before a
    # figure marks a copy: ..."), wrapped onto two lines in German, is one item, as it is
    # one sentence. It alone begins with a mark written before its figure.
    copy = next((n for n, t in enumerate(legend) if t.text.startswith(f"{COPY_MARK} ")), None)
    read = [reader.item(t, t.text, "legend") for t in legend[:copy]]
    if copy is not None:
        lines = legend[copy:]
        boxes = [t.box(reader.text_width) for t in lines]
        shown = " ".join(t.text for t in lines)
        box = (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )
        read.append(ReadItem(shown, shown, "legend", box))
    return read


def _entry_words(entry: TextItem, column: str, above: bool) -> str:
    """An entry in words: "Anna, 220 below, hand 3"; "Bert, 60 above, copy, melds, hand 4"."""
    details: list[str] = []
    if entry.copied:
        details.append(_("copy"))
    mark = kind_mark(entry.kind)
    if mark is not None:
        details.append(mark[1])
    points = figure(entry.text)
    if not details:
        if above:
            return _("{column}, {points} above, hand {hand}").format(
                column=column, points=points, hand=entry.hand
            )
        return _("{column}, {points} below, hand {hand}").format(
            column=column, points=points, hand=entry.hand
        )
    # Translators: what separates the details of an entry read aloud: "copy, melds".
    detail = _(", ").join(details)
    if above:
        return _("{column}, {points} above, {detail}, hand {hand}").format(
            column=column, points=points, detail=detail, hand=entry.hand
        )
    return _("{column}, {points} below, {detail}, hand {hand}").format(
        column=column, points=points, detail=detail, hand=entry.hand
    )


def _prison_words(amount: TextItem, winner: str | None) -> str:
    """A prison amount in words, and whether it was won."""
    points = figure(amount.text)
    if winner is None:
        return _("Prison: {points} from hand {hand}, still waiting").format(
            points=points, hand=amount.hand
        )
    return _("Prison: {points} from hand {hand}, won by hand {winner}").format(
        points=points, hand=amount.hand, winner=winner
    )


def _games(
    layout: SheetLayout, winners: Mapping[int, int], name_of: Callable[[int | None], str]
) -> list[ReadItem]:
    """The lines under the finished games, each read as the game it ends."""
    below = [row for row in layout.rows if row.line == "below"]
    read: list[ReadItem] = []
    lines = [item for item in layout.items if isinstance(item, LineItem) and item.role == "game"]
    for number, line in enumerate(lines, start=1):
        ended = [row for row in below if row.bottom <= line.y1 + 0.01]
        hand = max(ended, key=lambda row: row.bottom).hand if ended else None
        side = winners.get(hand) if hand is not None else None
        box = (line.x1, line.y1 - 1.0, line.x2, line.y2 + 1.0)
        if hand is None:
            words = _("Game {number} ends").format(number=number)
        elif side is None:
            words = _("Game {number} ends with hand {hand}").format(number=number, hand=hand)
        else:
            words = _("Game {number} won by {column} with hand {hand}").format(
                number=number, column=name_of(side), hand=hand
            )
        read.append(ReadItem(words, "", "game", box, hand, side))
    return read


def standing(names: Sequence[str], totals: Sequence[int]) -> str:
    """Who leads the rubber: "Anna leads 510 to 330", "level at 300"; with more than two
    columns each one's total: "Anna 510, Bert 330, Carl 120"."""
    if len(names) == 2 and len(totals) == 2:
        first, second = totals
        if first == second:
            return _("{first} and {second} level at {points}").format(
                first=names[0], second=names[1], points=first
            )
        leader, trailer = (0, 1) if first > second else (1, 0)
        return _("{leader} leads {points} to {other}").format(
            leader=names[leader], points=totals[leader], other=totals[trailer]
        )
    # Translators: one column's total in a list of them: "Anna 510".
    each = _("{column} {points}")
    return _(", ").join(
        each.format(column=name, points=points) for name, points in zip(names, totals, strict=True)
    )


def hand_news(
    reading: Sequence[ReadItem],
    number: int,
    names: Sequence[str],
    totals: Sequence[int] | None,
    finished: bool = False,
) -> str:
    """What is said when hand ``number`` is recorded or corrected, from the pad's reading:
    its entries and the prison it put in, then the standing, and the rubber's result when
    the rubber is ``finished`` ("Hand 7: Bert 80 below; Anna leads 510 to 330")."""
    parts: list[str] = []
    for read in reading:
        if read.hand != number:
            continue
        if read.role == "entry":
            above = read.line == "above"
            template = _("{column} {points} above") if above else _("{column} {points} below")
            column = names[read.side] if read.side is not None and read.side < len(names) else ""
            parts.append(template.format(column=column, points=figure(read.shown)))
        elif read.role == "prison":
            parts.append(_("{points} to prison").format(points=figure(read.shown)))
    written = _(", ").join(parts) if parts else _("nothing written")
    summary = [_("Hand {number}: {written}").format(number=number, written=written)]
    if totals is not None:
        summary.append(standing(names, totals))
    if finished:
        summary.extend(read.words for read in reading if read.role == "result")
    # Translators: what separates the parts of what is said about a recorded hand.
    return _("; ").join(summary)
