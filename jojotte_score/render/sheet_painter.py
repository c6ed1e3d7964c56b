"""The one routine that draws a laid-out sheet, on a widget, a printed page or a PDF.

Colours come from the palette (text on Base, lines in the text colour, quieter lines and
small labels mixed toward the background as far as they stay readable, the selected hand in
Highlight); the font family
is the one of the font passed in (the painter's font by default). Nothing here decides
what goes where: :mod:`jojotte_score.render.sheet_layout` does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPaintDevice, QPainter, QPalette, QPen

from jojotte_score.render.contrast import contrast
from jojotte_score.render.sheet_items import (
    CircleItem,
    LineItem,
    SheetLayout,
    SheetRow,
    TextItem,
)

BOLD_ROLES = frozenset({"heading", "total"})
"""Text roles drawn in bold."""

QUIET_ROLES = frozenset({"hand-number", "label"})
"""Text roles drawn in a colour halfway to the background."""

_POINTS_PER_INCH = 72.0

_Rgbf = tuple[float, float, float, float]
"""A colour as ``QColor.getRgbF`` gives it: red, green, blue and alpha, 0 to 1."""


def sheet_font(base: QFont, size: float, role: str, dpi: float) -> QFont:
    """The font for text of ``role`` that is ``size`` device pixels high on a ``dpi`` device."""
    font = QFont(base)
    font.setPointSizeF(max(size, 0.5) * _POINTS_PER_INCH / dpi)
    font.setBold(role in BOLD_ROLES)
    return font


def fill_rect(painter: QPainter, rect: QRect | QRectF, color: QColor) -> None:
    """Fill ``rect`` with ``color``, as ``painter.fillRect`` would (its pen and brush kept).

    Drawn as a rectangle without a pen: every overload of ``QPainter.fillRect`` makes
    PySide6 set up ``QGradient`` and its five enums to tell the overloads apart, 12.6 M
    instructions (about 3 ms) on the first paint of the window at start-up (callgrind).
    """
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawRect(rect)
    painter.restore()


def text_width_for(base: QFont, device: QPaintDevice) -> Callable[[str, float], float]:
    """A ``SheetMetrics.text_width`` measuring with ``base``'s family on ``device``.

    Text is measured in bold, the wider weight, so that every role fits.
    """
    dpi = float(device.logicalDpiY())
    cache: dict[float, QFontMetricsF] = {}

    def text_width(text: str, size: float) -> float:
        metrics = cache.get(size)
        if metrics is None:
            font = QFont(base)
            font.setPointSizeF(max(size, 0.5))
            font.setBold(True)
            metrics = cache[size] = QFontMetricsF(font, device)
        return metrics.horizontalAdvance(text) * _POINTS_PER_INCH / dpi

    return text_width


def _mix(color: QColor, background: QColor, amount: float) -> QColor:
    """``color`` moved ``amount`` (0..1) of the way toward ``background``."""
    keep = 1.0 - amount
    return QColor.fromRgbF(
        color.redF() * keep + background.redF() * amount,
        color.greenF() * keep + background.greenF() * amount,
        color.blueF() * keep + background.blueF() * amount,
    )


QUIET_CONTRAST = 9.0
"""How far the quiet colour (hand numbers, labels, the legend) stands from the background,
at least: they are small (6.5 to 8.5 points) and drawn antialiased, so their strokes'
pixels are lighter than their colour; at 9:1 they still measured 4.5:1 on the screen (at
8:1 a hand number 9, drawn smaller to fit the window, measured 4.4:1)."""


QUIET_SIZE = 7.0
"""Quiet text smaller than this (the marks of 6.5 points: the number of the hand that won a
prison amount) is drawn in the text colour: antialiased at that size, no pixel of a digit
reaches its colour, and in the quiet colour it measured 3.8:1 on a light screen."""


SELECTED_TINT = 0.18
"""How strongly the selected hand's rows are tinted with the highlight colour."""


def readable_mix(
    color: QColor, background: QColor, amount: float, toward: QColor | None = None
) -> QColor:
    """``color`` moved toward ``toward`` (``background`` when None) by ``amount`` at most,
    and only as far as it keeps :data:`QUIET_CONTRAST` against ``background`` (``color``
    itself when even that is less)."""
    target = background if toward is None else toward
    mixed = _readable_step(color.getRgbF(), background.getRgbF(), target.getRgbF(), amount)
    return QColor(color) if mixed is None else _mix(color, target, mixed)


@lru_cache(maxsize=32)
def _readable_step(color: _Rgbf, background: _Rgbf, target: _Rgbf, amount: float) -> float | None:
    """How far :func:`readable_mix` moves the colour ``color`` toward ``target`` (each as
    ``QColor.getRgbF`` gives it), or None for not at all. Kept for the colours asked: each
    paint of the pad asks for the same two, and the search, step by step, took 4.15 M
    instructions a paint (callgrind, 100 paints with the default palette; 0.05 M kept)."""
    colour, base, toward = (
        QColor.fromRgbF(*color),
        QColor.fromRgbF(*background),
        QColor.fromRgbF(*target),
    )
    step = amount
    while step > 0:
        if contrast(_mix(colour, toward, step).name(), base.name()) >= QUIET_CONTRAST:
            return step
        step = round(step - 0.01, 2)
    return None


_ALIGN = {
    "left": Qt.AlignmentFlag.AlignLeft,
    "right": Qt.AlignmentFlag.AlignRight,
    "center": Qt.AlignmentFlag.AlignHCenter,
}


def paint_sheet(
    painter: QPainter,
    layout: SheetLayout,
    palette: QPalette,
    origin: tuple[float, float] = (0.0, 0.0),
    scale: float = 1.0,
    selected_hand: int | None = None,
    font: QFont | None = None,
) -> None:
    """Draw ``layout`` with its top left corner at ``origin`` (device pixels).

    ``scale`` is device pixels per sheet point: the zoom times the device's dots per inch
    over 72 on screen, the printer's resolution over 72 on paper. ``font`` gives the family
    (the painter's font when None). The selected hand's rows are tinted with Highlight.
    """
    base = QFont(font if font is not None else painter.font())
    dpi = float(painter.device().logicalDpiY())
    ox, oy = origin

    def point(x: float, y: float) -> QPointF:
        return QPointF(ox + x * scale, oy + y * scale)

    text_color, background, highlight, quiet, marked, thin = _sheet_colours(palette)

    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    fill_rect(painter, QRectF(ox, oy, layout.width * scale, layout.height * scale), background)

    if selected_hand is not None:
        _tint_rows(painter, layout.rows_of_hand(selected_hand), highlight, point)

    fonts: dict[tuple[float, str], QFont] = {}
    for item in layout.items:
        if isinstance(item, LineItem):
            color = thin if item.role == "game" else text_color
            pen = QPen(color, max(item.weight * scale, 0.5))
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            painter.setPen(pen)
            painter.drawLine(point(item.x1, item.y1), point(item.x2, item.y2))
        elif isinstance(item, CircleItem):
            selected = item.hand == selected_hand
            pen = QPen(highlight if selected else text_color, max(0.8 * scale, 0.5))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(point(item.cx, item.cy), item.r * scale, item.r * scale)
        elif isinstance(item, TextItem):
            key = (item.size * scale, item.role)
            item_font = fonts.get(key)
            if item_font is None:
                item_font = fonts[key] = sheet_font(base, key[0], item.role, dpi)
            painter.setFont(item_font)
            if item.hand is not None and item.hand == selected_hand:
                painter.setPen(marked)
            else:
                painter.setPen(
                    quiet if item.role in QUIET_ROLES and item.size >= QUIET_SIZE else text_color
                )
            _draw_text(painter, item, point(item.x, item.y), item.size * scale)
    painter.restore()


def _sheet_colours(
    palette: QPalette,
) -> tuple[QColor, QColor, QColor, QColor, QColor, QColor]:
    """The pad's colours on ``palette``, each readable on what it is drawn on: the text, the
    background, the highlight, the quiet roles' text (:data:`QUIET_ROLES`), the selected
    hand's text and the lines under the games."""
    text_color = palette.color(QPalette.ColorRole.Text)
    background = palette.color(QPalette.ColorRole.Base)
    highlight = palette.color(QPalette.ColorRole.Highlight)
    quiet = readable_mix(text_color, background, 0.45)
    # The selected hand's text: the highlight colour, moved toward the text colour as far as
    # it must be to read on the tinted rows (#3d7dd8 on a light tint was 3.3:1).
    tinted = _mix(background, highlight, SELECTED_TINT)
    marked = readable_mix(text_color, tinted, 1.0, highlight)
    thin = _mix(text_color, background, 0.35)
    return text_color, background, highlight, quiet, marked, thin


def _tint_rows(
    painter: QPainter,
    rows: Iterable[SheetRow],
    highlight: QColor,
    point: Callable[[float, float], QPointF],
) -> None:
    """Tint ``rows`` (the selected hand's) with ``highlight``, a little wider than the pad."""
    tint = QColor(highlight)
    tint.setAlphaF(SELECTED_TINT)
    for row in rows:
        top_left = point(row.left - 4, row.top)
        bottom_right = point(row.right + 4, row.bottom)
        fill_rect(painter, QRectF(top_left, bottom_right), tint)


def _draw_text(painter: QPainter, item: TextItem, anchor: QPointF, size: float) -> None:
    """Draw ``item``'s text aligned on ``anchor`` and vertically centred on it."""
    reach = size * 100.0  # wide enough for any line of the sheet
    height = size * 3.0
    if item.align == "right":
        left = anchor.x() - reach
    elif item.align == "center":
        left = anchor.x() - reach / 2
    else:
        left = anchor.x()
    rect = QRectF(left, anchor.y() - height / 2, reach, height)
    flags = _ALIGN.get(item.align, Qt.AlignmentFlag.AlignLeft) | Qt.AlignmentFlag.AlignVCenter
    painter.drawText(rect, int(flags | Qt.TextFlag.TextDontClip), item.text)
