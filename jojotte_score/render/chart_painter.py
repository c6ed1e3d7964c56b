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
    markers = _Markers(painter, size, background)
    for item in layout.items:
        if isinstance(item, MarkerItem):
            markers.draw(ox + item.x * scale, oy + item.y * scale, item.series, colour_of)
            continue
        markers.left()  # the pen and brush are set anew before the next marker
        if isinstance(item, PolylineItem):
            colour = colour_of(item.series)
            pen = _line_pen(colour, item.series, weight)
            if item.walked:  # the dashes go on where the part before left them
                pen.setDashOffset(item.walked * scale / weight)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolyline(
                QPolygonF([QPointF(ox + x * scale, oy + y * scale) for x, y in item.points])
            )
        elif isinstance(item, BarItem):
            colour = colour_of(item.series)
            rect = QRectF(point(item.left, item.top), point(item.right, item.bottom))
            _bar(painter, rect, item.series, colour, background, scale)
        elif isinstance(item, SwatchItem):
            colour = colour_of(item.series)
            _swatch(painter, item, point, (scale, weight), colour, markers)
    painter.restore()


class _Markers:
    """Draws the markers of a paint one after another, each as before, but the pen and
    brush are set when the series changes (a series's markers come together), not for each
    marker, and each series's shape is looked up once: the painter is told the same
    things before each marker, so the pixels are the same. On the ratings plot over 1,500
    sittings (420 by 300, 485 markers) the markers took 2.9-3.1 ms of a paint where
    4.0 (best of 30, load 1.3)."""

    def __init__(self, painter: QPainter, size: float, background: QColor) -> None:
        self.painter = painter
        self.size = size
        self.ring = QPen(background, max(size * 0.35, 0.8))
        """The ring of background around a filled marker."""
        self.shapes: dict[int, str] = {}
        self.ready: int | None = None
        """The series whose marker's pen and brush the painter holds, if any."""

    def left(self) -> None:
        """Something else was drawn: the painter's pen and brush are no marker's."""
        self.ready = None

    def draw(self, x: float, y: float, series: int, colour_of: Callable[[int], QColor]) -> None:
        """Series ``series``'s marker centred on ``x``, ``y`` (device pixels)."""
        painter, r = self.painter, self.size
        shape = self.shapes.get(series)
        if shape is None:
            shape = self.shapes[series] = series_style(series).marker
        if self.ready != series:
            colour = colour_of(series)
            if shape == "cross":
                painter.setPen(QPen(colour, max(r * 0.4, 1.0)))
            else:
                painter.setPen(self.ring)
                painter.setBrush(colour)
            self.ready = series
        if shape == "cross":  # two strokes
            d = r * 0.8
            painter.drawLine(QPointF(x - d, y - d), QPointF(x + d, y + d))
            painter.drawLine(QPointF(x - d, y + d), QPointF(x + d, y - d))
            return
        painter.drawPath(_marker_path(shape, x, y, r))


def _swatch(
    painter: QPainter,
    item: SwatchItem,
    point: Callable[[float, float], QPointF],
    sizes: tuple[float, float],
    colour: QColor,
    markers: _Markers,
) -> None:
    """A legend's sample of ``item``'s series: its bar, or its line with a marker on it;
    ``sizes`` are the scale and the line weight, in device pixels."""
    scale, weight = sizes
    if item.bar:
        half = 4.0 * scale
        left = point(item.x + item.width / 2, item.y)
        rect = QRectF(left.x() - 2 * half, left.y() - half, 4 * half, 2 * half)
        _bar(painter, rect, item.series, colour, markers.ring.color(), scale)
    else:
        painter.setPen(_line_pen(colour, item.series, weight))
        painter.drawLine(point(item.x, item.y), point(item.x + item.width, item.y))
        middle = point(item.x + item.width / 2, item.y)
        markers.draw(middle.x(), middle.y(), item.series, lambda _series: colour)


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


def _marker_path(shape: str, x: float, y: float, r: float) -> QPainterPath:
    """The outline of a circle, square, triangle or diamond marker of size ``r`` centred on
    ``x``, ``y``."""
    path = QPainterPath()
    if shape == "circle":
        path.addEllipse(QPointF(x, y), r, r)
        return path
    if shape == "square":
        path.addRect(QRectF(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8))
        return path
    if shape == "triangle":
        corners = [
            QPointF(x, y - r * 1.15),
            QPointF(x + r, y + r * 0.8),
            QPointF(x - r, y + r * 0.8),
        ]
    else:  # a diamond
        corners = [
            QPointF(x, y - r * 1.2),
            QPointF(x + r, y),
            QPointF(x, y + r * 1.2),
            QPointF(x - r, y),
        ]
    path.addPolygon(QPolygonF(corners))
    path.closeSubpath()
    return path
