"""A layout that places its items in a row and wraps them onto the next line when the row is
full (Qt's "Flow Layout" example), so that a row of choices never runs off a narrow panel
or large print. In large print an item whose text alone is wider than the line breaks that
text onto lines of its own (:attr:`FlowLayout.breaks`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget

if TYPE_CHECKING:  # a protocol class made at every start would cost instructions
    from typing import Protocol

    class Wrapping(Protocol):
        """An item's text that breaks onto lines (see ``broken_text.BrokenText``)."""

        box: QWidget  # the item's widget

        def set_text(self, text: str) -> None:
            """Show ``text``, whole (broken where it must be as the layout places it)."""

        def one_line_width(self) -> int:
            """The item's width with its whole text on one line."""
            return 0

        def least_width(self) -> int:
            """The item's width with its widest word alone on a line."""
            return 0

        def height_at(self, width: int) -> int:
            """The item's height with its text broken onto the lines ``width`` leaves."""
            return 0

        def wrap_to(self, width: int) -> None:
            """Show the text broken onto the lines ``width`` leaves it."""


class FlowLayout(QLayout):
    """Items left to right, wrapped to as many lines as the width needs.

    Every item on a line gets the same share of the spare width when ``stretch`` is set, so
    a row of equal buttons fills the line as a row of a grid would.
    """

    def __init__(self, parent: QWidget | None = None, *, spacing: int = 4, stretch: bool = True):
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._stretch = stretch
        # The height at each width asked, until Qt says the items changed (invalidate): it
        # asks again and again while it lays the panel out. At start-up 251 questions come
        # down to 116 placings, and their time from 17 ms to 5 ms (busy 2-core machine).
        self._heights: dict[int, int] = {}
        # The items shown and their hinted widths, until invalidate: each height asked
        # placed the items again from their hints, asking each item for them.
        self._shown: list[tuple[QLayoutItem, int]] | None = None
        # The items whose text breaks onto lines, in large print only (None: the usual
        # print, which asks nothing more of the items). Kept out of the layout's methods:
        # each method more of a Qt class costs instructions at every start.
        self.breaks: LineBreaks | None = None
        self.setSpacing(spacing)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self._shown = None

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        self._shown = None
        item = self._items.pop(index) if 0 <= index < len(self._items) else None
        if item is not None and self.breaks is not None:
            self.breaks.forget(item)
        return item

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation.Horizontal

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = self._place(QRect(0, 0, width, 0), move=False)
        return height

    def invalidate(self) -> None:
        self._heights.clear()
        self._shown = None
        super().invalidate()

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)
        self._keep_lines_in_sight()

    def _keep_lines_in_sight(self) -> None:
        """Make the widget this lays out at least as tall as its lines at its width: a form
        or box layout around it asks its height for its width only now and then (after a
        font change, say), and would otherwise cut the lines below the first off."""
        widget = self.parentWidget()
        if widget is None or widget.layout() is not self:
            return
        needed = widget.heightForWidth(widget.width())
        if needed > 0 and widget.minimumHeight() != needed:
            widget.setMinimumHeight(needed)

    def sizeHint(self) -> QSize:
        """All items on one line."""
        width = sum(item.sizeHint().width() for item in self._items)
        width += self.spacing() * max(len(self._items) - 1, 0)
        height = max((item.sizeHint().height() for item in self._items), default=0)
        return QSize(width, height).grownBy(self.contentsMargins())

    def minimumSize(self) -> QSize:
        """The widest item alone on a line (its widest word, where its text breaks)."""
        if self.breaks is not None:
            return self.breaks.least_size(self._items).grownBy(self.contentsMargins())
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        return size.grownBy(self.contentsMargins())

    def _lines(self, width: int) -> list[list[tuple[QLayoutItem, int]]]:
        """The items shown, with their hinted widths, line by line at ``width``."""
        if self._shown is None:
            shown = [item for item in self._items if not item.isEmpty()]
            if self.breaks is None:
                self._shown = [(item, item.sizeHint().width()) for item in shown]
            else:  # the whole text's width, whatever lines it shows now
                self._shown = [(item, self.breaks.one_line_width(item)) for item in shown]
        spacing = self.spacing()
        lines: list[list[tuple[QLayoutItem, int]]] = [[]]
        used = 0
        for item, wanted in self._shown:
            if lines[-1] and used + spacing + wanted > width:
                lines.append([])
                used = 0
            used += (spacing if lines[-1] else 0) + wanted
            lines[-1].append((item, wanted))
        return [line for line in lines if line]

    def _place(self, rect: QRect, *, move: bool) -> int:
        margins: QMargins = self.contentsMargins()
        area = rect.marginsRemoved(margins)
        y = area.y()
        # Asked of Qt once, not for each item and line: 3.5 M instructions fewer a start
        # (callgrind, bench_startup.py's 10,000-hand sitting).
        room, spacing, stretch, breaks = area.width(), self.spacing(), self._stretch, self.breaks
        for hinted in self._lines(room):
            # An item alone on a line and wider than it gets the line (it may wrap itself).
            line = [item for item, _wanted in hinted]
            widths = [min(wanted, room) for _item, wanted in hinted]
            spare = room - sum(widths) - spacing * (len(line) - 1)
            extra = spare // len(line) if stretch and spare > 0 else 0
            sized = zip(line, widths, strict=True)
            height = max(_height(item, width + extra, breaks) for item, width in sized)
            if move and breaks is not None:
                breaks.wrap_line(line, [width + extra for width in widths])
            x = area.x()
            for item, width in zip(line, widths, strict=True):
                if move:
                    item.setGeometry(QRect(QPoint(x, y), QSize(width + extra, height)))
                x += width + extra + spacing
            y += height + spacing
        return y - spacing - rect.y() + margins.bottom() if self._items else 0


def _height(item: QLayoutItem, width: int, breaks: LineBreaks | None) -> int:
    """The item's height at ``width``: less wide may mean taller, for an item that wraps
    (or one whose text ``breaks`` breaks onto lines)."""
    if breaks is not None:
        height = breaks.height_at(item, width)
        if height is not None:
            return height
    if item.hasHeightForWidth():
        return max(item.heightForWidth(width), item.minimumSize().height())
    return item.sizeHint().height()


class LineBreaks:
    """The items of a :class:`FlowLayout` whose text breaks onto lines (in large print), and
    their sizes, worked out from their whole texts."""

    def __init__(self, layout: FlowLayout) -> None:
        self._layout = layout
        self._texts: dict[QLayoutItem, Wrapping] = {}
        self._by_box: dict[QWidget, Wrapping] = {}

    def add(self, box: QWidget, text: Wrapping) -> None:
        """Break the text of ``box``, an item of the layout, as ``text`` does."""
        index = self._layout.indexOf(box)
        item = self._layout.itemAt(index) if index >= 0 else None
        if item is not None:
            self._texts[item] = self._by_box[box] = text
            self._layout.invalidate()

    def set_text(self, box: QWidget, text: str) -> bool:
        """Show ``text`` in ``box``, whole (broken where it must be as the layout places it);
        False when ``box``'s text does not break here."""
        broken = self._by_box.get(box)
        if broken is not None:
            broken.set_text(text)
        return broken is not None

    def forget(self, item: QLayoutItem) -> None:
        """``item`` left the layout."""
        text = self._texts.pop(item, None)
        if text is not None:
            self._by_box.pop(text.box, None)

    def unwrap(self) -> None:
        """Each text whole on one line again."""
        for text in self._texts.values():
            text.wrap_to(text.one_line_width())

    def one_line_width(self, item: QLayoutItem) -> int:
        """The width ``item`` asks for: its whole text's on one line, lines shown or not."""
        text = self._texts.get(item)
        return item.sizeHint().width() if text is None else text.one_line_width()

    def height_at(self, item: QLayoutItem, width: int) -> int | None:
        """The height of ``item`` at ``width``, its text broken onto the lines that leaves
        it; None for an item whose text does not break."""
        text = self._texts.get(item)
        return None if text is None else text.height_at(width)

    def least_size(self, items: Iterable[QLayoutItem]) -> QSize:
        """The least size of ``items`` each alone on a line, with its widest word alone on
        one, where its text breaks."""
        size = QSize()
        for item in items:
            least = item.minimumSize()
            text = self._texts.get(item)
            if text is not None:
                least.setWidth(text.least_width())
            size = size.expandedTo(least)
        return size

    def wrap_line(self, items: list[QLayoutItem], widths: list[int]) -> None:
        """Break the text of each of ``items`` (a line of the layout) onto the lines its
        width leaves it."""
        for item, width in zip(items, widths, strict=True):
            text = self._texts.get(item)
            if text is not None:
                text.wrap_to(width)
