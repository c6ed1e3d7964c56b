"""The bridge-pad sheet on screen: one rubber of the ledger, painted, zoomable, pointable.

The widget only shows what the layout computed: it measures text with its font, asks
:func:`~jojotte_score.render.sheet_layout.layout_sheet` where everything goes, and paints
it with :func:`~jojotte_score.render.sheet_painter.paint_sheet`. Its size hint is the
sheet's size times the zoom; put it in a ``QScrollArea`` (with ``widgetResizable``) to
scroll a long rubber. A wider widget centres the sheet; a narrower one draws it smaller, so
that the pad is never cut off at the side (its height follows its width).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, QRect, QSize, Qt, Signal
from PySide6.QtGui import QAccessible, QHelpEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from jojotte_score.core.ledger import Ledger
from jojotte_score.gui import accessibility
from jojotte_score.gui.accessibility import ReadSheet, announce
from jojotte_score.i18n import _
from jojotte_score.presenters.pad import Pad, layout_pad
from jojotte_score.render.sheet_items import SheetLayout
from jojotte_score.render.sheet_layout import SheetMetrics
from jojotte_score.render.sheet_painter import fill_rect, paint_sheet, text_width_for

if TYPE_CHECKING:  # the reading is imported when a screen reader first asks for it
    from jojotte_score.render.sheet_reading import ReadItem

MIN_ZOOM = 0.5
MAX_ZOOM = 4.0
# The smallest a sheet is drawn to fit the height it is given; below this it scrolls.
SMALLEST_FIT = 0.6


class SheetWidget(ReadSheet):
    """Shows one rubber of a ledger as a bridge pad; follows the newest hand.

    ``hand_activated`` carries the number of the hand whose row was clicked;
    ``rubber_shown`` the number of the rubber now shown. PgUp and PgDn show the
    previous and the next rubber. Hovering over a row shows the hand's explanation.

    A screen reader reads the pad as a node with a child for each thing painted
    (:mod:`~jojotte_score.gui.accessibility`), and hears a hand recorded or corrected
    ("Hand 7: Bert 80 below; Anna leads 510 to 330"), which ``announced`` carries too.
    """

    hand_activated = Signal(int)
    rubber_shown = Signal(int)
    announced = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pad: Pad | None = None
        self._rubber = 1
        self._zoom = 1.0
        self._room: int | None = None
        self._selected: int | None = None
        self._layout: SheetLayout | None = None
        self._reading: tuple[ReadItem, ...] | None = None
        self._announcing = True
        accessibility.install()
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setAccessibleName(_("Scorepad"))

    # The ledger and the rubber shown -------------------------------------------------

    def set_pad(self, pad: Pad | None) -> None:
        """Show ``pad`` at the rubber of its newest hand (None: a blank widget): two sides'
        columns, or a column per player in the three-player game, chouette and cutthroat."""
        before = self._pad
        listening = self._announcing and QAccessible.isActive()
        read_before = self.reading() if listening else ()
        self._pad = pad
        self._show(pad.newest_rubber if pad is not None else 1, force=True)
        if listening:
            news = self._news(before, read_before)
            if news:
                announce(self, news)
                self.announced.emit(news)

    def set_ledger(self, ledger: Ledger | None) -> None:
        """Show a whole ``ledger`` (None: a blank widget)."""
        self.set_pad(Pad.of(ledger) if ledger is not None else None)

    def pad(self) -> Pad | None:
        """The pad shown, if any."""
        return self._pad

    def show_rubber(self, number: int) -> None:
        """Show rubber ``number`` (clamped to the rubbers there are, and the empty one the
        next hand starts when the newest rubber is over)."""
        self._show(number, force=False)

    def show_hand(self, number: int) -> None:
        """Show the rubber of hand ``number`` (1-based; past the newest hand: the newest
        hand's rubber)."""
        pad = self._pad
        if pad is None or not pad.hand_count:
            return
        result = pad.result(min(max(number, 1), pad.hand_count))
        if result is not None:
            self.show_rubber(result.rubber)

    def show_next_rubber(self) -> None:
        """When the newest rubber is over, show the empty one the next hand starts."""
        pad = self._pad
        if pad is not None and pad.newest_rubber_finished:
            self.show_rubber(pad.rubber_count + 1)

    def rubber_number(self) -> int:
        """The number of the rubber shown (1 for a ledger without hands)."""
        return self._rubber

    def rubber_count(self) -> int:
        """How many rubbers the ledger holds (rubbers with at least one hand)."""
        return self._pad.rubber_count if self._pad is not None else 0

    def sheet_layout(self) -> SheetLayout | None:
        """The layout drawn now, in sheet points (None without a ledger)."""
        return self._layout

    def set_selected_hand(self, number: int | None) -> None:
        """Highlight hand ``number``'s rows (None: no highlight)."""
        if number != self._selected:
            self._selected = number
            self.update()

    def selected_hand(self) -> int | None:
        """The highlighted hand, if any."""
        return self._selected

    def set_announcing(self, announcing: bool) -> None:
        """Whether a recorded or corrected hand is announced (a second pad of the same
        sitting, the table display's, stays silent: the window's says it)."""
        self._announcing = announcing

    # What a screen reader reads -----------------------------------------------------

    def reading(self) -> tuple[ReadItem, ...]:
        """Everything the sheet shows, in reading order (nothing without a ledger)."""
        if self._reading is None:
            layout, pad = self._layout, self._pad
            if layout is None or pad is None:
                self._reading = ()
            else:
                from jojotte_score.render.sheet_reading import read_sheet

                rubber = pad.rubber(self._rubber)
                hands = () if rubber is None else rubber.hands
                winners = {h.number: h.game_winner for h in hands if h.game_winner is not None}
                measure = text_width_for(self.font(), self)
                self._reading = read_sheet(layout, measure, pad.sides, winners)
        return self._reading

    def item_rect(self, item: ReadItem) -> QRect:
        """Where ``item`` is painted, in the widget's coordinates."""
        left, top, right, bottom = item.box
        top_left = self.widget_point(left, top)
        bottom_right = self.widget_point(right, bottom)
        return QRect(top_left.toPoint(), bottom_right.toPoint())

    def summary(self) -> str:
        """The rubber shown and who leads it: "Rubber 1 of 1; A leads 755 to 655"."""
        from jojotte_score.render.sheet_reading import standing

        pad = self._pad
        captions = [item.words for item in self.reading() if item.role == "caption"]
        rubber = None if pad is None else pad.rubber(self._rubber)
        if pad is not None and rubber is not None:
            captions.append(standing(pad.sides, rubber.totals))
        return _("; ").join(captions)

    def _news(self, before: Pad | None, read_before: tuple[ReadItem, ...]) -> str:
        """What to say after the pad changed from ``before``: the hand just recorded, or the
        first hand whose entries changed on the rubber shown, or the newest hand removed (an
        undo); "" for anything else (another sitting opened)."""
        from jojotte_score.render.sheet_reading import hand_news, standing

        pad = self._pad
        if pad is None or before is None or pad.sides != before.sides:
            return ""
        rubber = pad.rubber(self._rubber)
        totals = None if rubber is None else rubber.totals
        if pad.hand_count == before.hand_count - 1:
            gone = _("Hand {number} removed").format(number=before.hand_count)
            if totals is None:
                return gone
            return _("; ").join((gone, standing(pad.sides, totals)))
        number: int | None = None
        if pad.hand_count == before.hand_count + 1:
            number = pad.hand_count
        elif pad.hand_count == before.hand_count:
            # The first hand whose entries changed; else whose prison did (the prison it
            # put in, not who won it: that changes with a later hand's correction).
            number = _first_changed(self.reading(), read_before, "entry") or _first_changed(
                self.reading(), read_before, "prison"
            )
        if number is None:
            return ""
        finished = rubber is not None and rubber.winner is not None
        return hand_news(self.reading(), number, pad.sides, totals, finished)

    # Zoom and geometry --------------------------------------------------------------

    def set_zoom(self, factor: float) -> None:
        """Scale the sheet: 1.0 draws it at its size in points."""
        factor = min(max(factor, MIN_ZOOM), MAX_ZOOM)
        if factor != self._zoom:
            self._zoom = factor
            self.updateGeometry()
            self.update()

    def zoom(self) -> float:
        """The zoom factor."""
        return self._zoom

    def set_room(self, height: int | None) -> None:
        """The height the sheet should fit into (the scroll area's), None for any: a taller
        sheet is drawn smaller, down to SMALLEST_FIT of its size, so that the totals stay in
        sight; zoomed in, it is drawn that much larger than the room and scrolls."""
        if height != self._room:
            self._room = height
            self.updateGeometry()
            self.update()

    def sizeHint(self) -> QSize:
        layout = self._layout
        if layout is None:
            return QSize(320, 400)
        scale = self._zoom * self.logicalDpiY() / 72.0
        return QSize(_whole(layout.width * scale), _whole(layout.height * scale))

    def minimumSizeHint(self) -> QSize:
        """A quarter of the zoomed width: narrower panes draw the sheet smaller."""
        hint = self.sizeHint()
        return QSize(hint.width() // 4, 0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        layout = self._layout
        if layout is None:
            return self.sizeHint().height()
        return _whole(layout.height * self._scale(width))

    def _scale(self, width: int | None = None) -> float:
        """Widget pixels per sheet point: the zoom, or less when the widget (``width``
        wide) is narrower than the zoomed sheet."""
        points = self.logicalDpiY() / 72.0
        zoomed = self._zoom * points
        layout = self._layout
        width = self.width() if width is None else width
        if layout is None or layout.width <= 0 or width <= 0:
            return zoomed
        scale = min(zoomed, width / layout.width)
        if self._room is not None and layout.height > 0:
            # Large print enlarges the pad first: at zoom 2 the sheet is drawn twice the size
            # that fits the room (as wide as the pane allows) and scrolls to its totals.
            fit = self._room / layout.height * max(self._zoom, 1.0)
            scale = min(scale, max(fit, SMALLEST_FIT * points))
        return scale

    def _origin(self) -> tuple[float, float]:
        layout = self._layout
        if layout is None:
            return (0.0, 0.0)
        spare = self.width() - layout.width * self._scale()
        return (max(spare / 2, 0.0), 0.0)

    def sheet_point(self, pos: QPointF) -> tuple[float, float]:
        """Where widget position ``pos`` falls on the sheet, in sheet points."""
        ox, oy = self._origin()
        scale = self._scale()
        return ((pos.x() - ox) / scale, (pos.y() - oy) / scale)

    def widget_point(self, x: float, y: float) -> QPointF:
        """Where sheet point (x, y) is on the widget."""
        ox, oy = self._origin()
        scale = self._scale()
        return QPointF(ox + x * scale, oy + y * scale)

    def hand_at(self, pos: QPointF) -> int | None:
        """The hand whose row is under widget position ``pos``."""
        if self._layout is None:
            return None
        return self._layout.hand_at(*self.sheet_point(pos))

    def tooltip_at(self, pos: QPointF) -> str:
        """The explanation of the hand under ``pos``, "" when there is none."""
        number = self.hand_at(pos)
        if number is None or self._pad is None:
            return ""
        return "\n".join(self._pad.explain(number))

    # Qt events ------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        fill_rect(painter, self.rect(), self.palette().color(self.backgroundRole()))
        if self._layout is not None:
            paint_sheet(
                painter,
                self._layout,
                self.palette(),
                self._origin(),
                self._scale(),
                self._selected,
                self.font(),
            )
        painter.end()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            assert isinstance(event, QHelpEvent)
            text = self.tooltip_at(QPointF(event.pos()))
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            number = self.hand_at(event.position())
            if number is not None:
                self.set_selected_hand(number)
                self.hand_activated.emit(number)
                event.accept()
                return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_PageUp and self._rubber > 1:
            self.show_rubber(self._rubber - 1)
        elif key == Qt.Key.Key_PageDown and self._rubber < self.rubber_count():
            self.show_rubber(self._rubber + 1)
        elif key not in (Qt.Key.Key_PageUp, Qt.Key.Key_PageDown):
            super().keyPressEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._relayout()
        super().changeEvent(event)

    # Inside ---------------------------------------------------------------------------

    def _show(self, number: int, *, force: bool) -> None:
        pad = self._pad
        last = max(self.rubber_count(), 1)
        if pad is not None and pad.newest_rubber_finished:
            last += 1  # the empty rubber the next hand starts
        number = min(max(number, 1), last)
        changed = number != self._rubber
        self._rubber = number
        if changed or force:
            self._relayout()
        if changed:
            self.rubber_shown.emit(number)

    def _relayout(self) -> None:
        pad = self._pad
        metrics = SheetMetrics(text_width=text_width_for(self.font(), self))
        self._layout = None if pad is None else layout_pad(pad, self._rubber, metrics)
        self._reading = None
        self.updateGeometry()
        self.update()
        accessibility.tell_changed(self)


def _first_changed(
    reading: tuple[ReadItem, ...], before: tuple[ReadItem, ...], role: str
) -> int | None:
    """The first hand whose items of ``role`` read differently in ``reading`` than
    ``before``, if any."""

    def read(items: tuple[ReadItem, ...]) -> set[tuple[int, str]]:
        return {(i.hand, i.words) for i in items if i.hand is not None and i.role == role}

    changed = read(reading) ^ read(before)
    return min((hand for hand, _words in changed), default=None)


def _whole(pixels: float) -> int:
    """The fewest whole pixels that hold ``pixels``: a sheet fitted to a room of 449 pixels
    is 449 high, not 450 (``round(449.0 + 0.5)`` is 450, ``round(450.0 + 0.5)`` 450): the
    pixel too many gave the sheet's scroll area a scroll bar, which took the sheet's width,
    and the next hand took it away again, the sheet laid out and painted twice a hand."""
    return math.ceil(pixels - 1e-6)
