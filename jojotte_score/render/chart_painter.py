"""The one routine that draws a laid-out chart, on a widget, an image or a PDF page.

Text, axes and grid lines go through :func:`~jojotte_score.render.sheet_painter.paint_sheet`,
as on the pad, so they take the palette's Text and Base colours; each series takes its
colour, line style and marker from
:func:`~jojotte_score.render.chart_layout.series_style`, the dark colours when the
palette's Base is dark. Nothing here decides what goes where:
:mod:`jojotte_score.render.chart_layout` does.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPalette, QPen, QPolygonF

from jojotte_score.render.chart_layout import (
    BarItem,
    ChartLayout,
    ChartMetrics,
    MarkerItem,
    PolylineItem,
    SwatchItem,
    is_dark,
    series_style,
)
from jojotte_score.render.sheet_painter import paint_sheet

PEN_STYLES = {
    "solid": Qt.PenStyle.SolidLine,
    "dash": Qt.PenStyle.DashLine,
    "dot": Qt.PenStyle.DotLine,
    "dash-dot": Qt.PenStyle.DashDotLine,
}
"""Qt's pen style for each line style of :data:`~jojotte_score.render.chart_layout.DASHES`."""

BAR_PATTERNS = {
    "solid": Qt.BrushStyle.NoBrush,
    "dash": Qt.BrushStyle.BDiagPattern,
    "dot": Qt.BrushStyle.Dense6Pattern,
    "dash-dot": Qt.BrushStyle.CrossPattern,
}
"""The hatching over a series's bars, by its line style, so bars differ in more than
colour: no two of the first 20 series share colour and hatching."""


def chart_colour(series: int, palette: QPalette) -> QColor:
    """Series ``series``'s colour on ``palette``'s Base (light or dark)."""
    style = series_style(series)
    background = palette.color(QPalette.ColorRole.Base).name()
    return QColor(style.dark if is_dark(background) else style.light)


def paint_chart(
    painter: QPainter,
    layout: ChartLayout,
    palette: QPalette,
    origin: tuple[float, float] = (0.0, 0.0),
    scale: float = 1.0,
    font: QFont | None = None,
    metrics: ChartMetrics | None = None,
) -> None:
    """Draw ``layout`` with its top left corner at ``origin`` (device pixels), ``scale``
    device pixels per point; ``metrics`` gives the line weight and marker size."""
    m = metrics if metrics is not None else ChartMetrics(lambda text, size: 0.0)
    paint_sheet(painter, layout.as_sheet(), palette, origin, scale, font=font)
    ox, oy = origin

    def point(x: float, y: float) -> QPointF:
        return QPointF(ox + x * scale, oy + y * scale)

    background = palette.color(QPalette.ColorRole.Base)
    colours: dict[int, QColor] = {}

    def colour_of(series: int) -> QColor:
        # Each series's colour worked out once a paint: for every item it took 13 ms of a
        # 58 ms paint of a ratings plot over 1,500 sittings (cProfile).
        colour = colours.get(series)
        if colour is None:
            colour = colours[series] = chart_colour(series, palette)
        return colour

    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    weight = max(m.line_weight * scale, 1.0)
    size = m.marker_size * scale
    for item in layout.items:
        if isinstance(item, PolylineItem):
            colour = colour_of(item.series)
            pen = _line_pen(colour, item.series, weight)
            if item.walked:  # the dashes go on where the part before left them
                pen.setDashOffset(item.walked * scale / weight)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolyline(QPolygonF([point(x, y) for x, y in item.points]))
        elif isinstance(item, MarkerItem):
            colour = colour_of(item.series)
            _marker(painter, point(item.x, item.y), size, item.series, colour, background)
        elif isinstance(item, BarItem):
            colour = colour_of(item.series)
            rect = QRectF(point(item.left, item.top), point(item.right, item.bottom))
            _bar(painter, rect, item.series, colour, background, scale)
        elif isinstance(item, SwatchItem):
            colour = colour_of(item.series)
            _swatch(painter, item, point, (scale, weight, size), colour, background)
    painter.restore()


def _swatch(
    painter: QPainter,
    item: SwatchItem,
    point: Callable[[float, float], QPointF],
    sizes: tuple[float, float, float],
    colour: QColor,
    background: QColor,
) -> None:
    """A legend's sample of ``item``'s series: its bar, or its line with a marker on it;
    ``sizes`` are the scale, the line weight and the marker size, in device pixels."""
    scale, weight, size = sizes
    if item.bar:
        half = 4.0 * scale
        left = point(item.x + item.width / 2, item.y)
        rect = QRectF(left.x() - 2 * half, left.y() - half, 4 * half, 2 * half)
        _bar(painter, rect, item.series, colour, background, scale)
    else:
        painter.setPen(_line_pen(colour, item.series, weight))
        painter.drawLine(point(item.x, item.y), point(item.x + item.width, item.y))
        middle = point(item.x + item.width / 2, item.y)
        _marker(painter, middle, size, item.series, colour, background)


def _line_pen(colour: QColor, series: int, weight: float) -> QPen:
    pen = QPen(colour, weight)
    pen.setStyle(PEN_STYLES[series_style(series).dash])
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _bar(
    painter: QPainter, rect: QRectF, series: int, colour: QColor, background: QColor, scale: float
) -> None:
    """A bar filled with the series's colour, hatched in the background colour."""
    painter.setPen(QPen(colour, max(0.6 * scale, 0.5)))
    painter.setBrush(colour)
    painter.drawRect(rect)
    pattern = BAR_PATTERNS[series_style(series).dash]
    if pattern is not Qt.BrushStyle.NoBrush:
        brush = QBrush(background, pattern)
        brush.setTransform(brush.transform().scale(max(scale, 1.0), max(scale, 1.0)))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(brush)
        painter.drawRect(rect)


def _marker(
    painter: QPainter, at: QPointF, size: float, series: int, colour: QColor, background: QColor
) -> None:
    """The series's marker shape centred on ``at``, filled, with a ring of background so
    that it stands out from lines crossing it."""
    shape = series_style(series).marker
    path = QPainterPath()
    x, y, r = at.x(), at.y(), size
    if shape == "circle":
        path.addEllipse(at, r, r)
    elif shape == "square":
        path.addRect(QRectF(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8))
    elif shape == "triangle":
        path.addPolygon(
            QPolygonF(
                [QPointF(x, y - r * 1.15), QPointF(x + r, y + r * 0.8), QPointF(x - r, y + r * 0.8)]
            )
        )
        path.closeSubpath()
    elif shape == "diamond":
        path.addPolygon(
            QPolygonF(
                [
                    QPointF(x, y - r * 1.2),
                    QPointF(x + r, y),
                    QPointF(x, y + r * 1.2),
                    QPointF(x - r, y),
                ]
            )
        )
        path.closeSubpath()
    else:  # a cross, drawn as two strokes
        pen = QPen(colour, max(size * 0.4, 1.0))
        painter.setPen(pen)
        d = r * 0.8
        painter.drawLine(QPointF(x - d, y - d), QPointF(x + d, y + d))
        painter.drawLine(QPointF(x - d, y + d), QPointF(x + d, y - d))
        return
    painter.setPen(QPen(background, max(size * 0.35, 0.8)))
    painter.setBrush(colour)
    painter.drawPath(path)
