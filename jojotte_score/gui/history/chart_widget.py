"""A plot on screen: a :class:`~jojotte_score.render.chart_layout.Chart`, laid out for the
widget's size and drawn with its palette (light or dark).

The widget only shows what the layout computed; the figures come from
:mod:`jojotte_score.core.series`. Its accessible description is the plot's summary in
words, so a screen reader says what the plot shows. :meth:`ChartWidget.save_png` draws the
same chart into a picture file.

The plot is painted once into a picture kept with the widget: a repaint that changes
nothing copies it, and a new chart that moves only some lines' points and markers (the
ratings plot after a finished rubber, or a sitting begun) paints only the part where they
moved again.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QEvent, QIODevice, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QAccessible,
    QImage,
    QImageWriter,
    QPainter,
    QPaintEvent,
    QPalette,
    QPixmap,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from jojotte_score.formats.atomic import write_atomically
from jojotte_score.gui import accessibility
from jojotte_score.gui.accessibility import ReadSheet
from jojotte_score.i18n import _
from jojotte_score.render.chart_layout import (
    Area,
    Chart,
    ChartLayout,
    ChartMetrics,
    changed_area,
    layout_chart,
    moved_series,
    within,
)
from jojotte_score.render.chart_painter import paint_chart
from jojotte_score.render.chart_reading import chart_rows
from jojotte_score.render.sheet_painter import text_width_for
from jojotte_score.render.sheet_reading import ReadItem

_POINTS_PER_INCH = 72.0
_PAINTED = ChartMetrics(lambda text, size: 0.0)
"""The line weight and marker size :func:`paint_chart` draws a widget's chart with."""


def draw_chart_image(
    chart: Chart, palette: QPalette, width: int, height: int, ratio: float = 2.0
) -> QImage:
    """``chart`` drawn in a ``width`` × ``height`` picture (in pixels at 96 dots per inch,
    ``ratio`` times as many actual pixels) with ``palette``'s colours."""
    image = QImage(
        round(width * ratio), round(height * ratio), QImage.Format.Format_ARGB32_Premultiplied
    )
    image.setDevicePixelRatio(ratio)
    image.fill(palette.color(QPalette.ColorRole.Base))
    painter = QPainter(image)
    try:
        scale = image.logicalDpiY() / _POINTS_PER_INCH
        metrics = ChartMetrics(
            text_width_for(painter.font(), image), width=width / scale, height=height / scale
        )
        paint_chart(painter, layout_chart(chart, metrics), palette, scale=scale, metrics=metrics)
    finally:
        painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    """``image`` as the bytes of a PNG file."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(buffer, QByteArray(b"PNG"))
    if not writer.write(image):
        raise OSError(f"the picture could not be encoded: {writer.errorString()}")
    buffer.close()
    return bytes(data.data())


class ChartWidget(ReadSheet):
    """Shows one chart, filling the widget; nothing when it has none.

    A screen reader meets a chart named by its title, described by its summary, with a row
    for each point of its x axis ("hand 3: Anna +120, Bert 40"): the data read as a table.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        accessibility.install()
        self._chart: Chart | None = None
        self._rows: tuple[ReadItem, ...] | None = ()
        """The chart's rows as a screen reader reads them, made when first asked (None
        until then)."""
        self._laid_out: tuple[Chart, tuple[object, ...], ChartLayout] | None = None
        """The chart last laid out, for what size and font, and its layout."""
        self._picture: QPixmap | None = None
        """The plot as last painted, of :attr:`_painted_for` and :attr:`_painted`."""
        self._painted_for: tuple[object, ...] = ()
        self._painted: ChartLayout | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.setAccessibleName(_("Plot"))

    def set_chart(self, chart: Chart | None) -> None:
        """Show ``chart`` (None: nothing); its title and summary become the accessible name
        and description."""
        self._chart = chart
        self.setAccessibleName(chart.title if chart is not None else _("Plot"))
        self.setAccessibleDescription(chart.summary if chart is not None else "")
        self.setToolTip(chart.summary if chart is not None else "")
        self._rows = None  # read when a screen reader asks: 0.6 ms of the ratings plot's
        # first show at 1,500 sittings (100 rows of ten players), with none listening
        self.update()
        accessibility.tell_changed(self)

    def accessible_role(self) -> QAccessible.Role:
        return QAccessible.Role.Chart

    def reading(self) -> tuple[ReadItem, ...]:
        """The chart's data, a row for each point of its x axis."""
        rows = self._rows
        if rows is None:
            chart = self._chart
            texts = () if chart is None else chart_rows(chart)
            rows = self._rows = tuple(
                ReadItem(row, "", "row", (0.0, 0.0, 0.0, 0.0)) for row in texts
            )
        return rows

    def item_rect(self, item: ReadItem) -> QRect:
        """A row of data is read off the whole plot."""
        return self.rect()

    def summary(self) -> str:
        """The chart's summary in words."""
        return self.accessibleDescription()

    def chart(self) -> Chart | None:
        """The chart shown, if any."""
        return self._chart

    def sizeHint(self) -> QSize:
        return QSize(560, 340)

    def minimumSizeHint(self) -> QSize:
        return QSize(240, 160)

    def _scale(self) -> float:
        return self.logicalDpiY() / _POINTS_PER_INCH

    def chart_layout(self) -> ChartLayout | None:
        """The chart laid out for the widget's present size, or None (kept until the
        chart, the size or the font changes)."""
        chart = self._chart
        if chart is None:
            return None
        scale = self._scale()
        key = (self.width(), self.height(), scale, self.font().key())
        laid_out = self._laid_out
        if laid_out is not None and laid_out[0] is chart and laid_out[1] == key:
            return laid_out[2]
        metrics = ChartMetrics(
            text_width_for(self.font(), self),
            width=self.width() / scale,
            height=self.height() / scale,
        )
        layout = None
        if laid_out is not None and laid_out[1] == key:
            # Only points moved (a finished rubber, a sitting begun): those lines laid out again.
            layout = moved_series(laid_out[0], laid_out[2], chart, metrics)
        if layout is None:
            layout = layout_chart(chart, metrics)
        self._laid_out = (chart, key, layout)
        return layout

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (
            QEvent.Type.PaletteChange,
            QEvent.Type.FontChange,
            QEvent.Type.StyleChange,
        ):
            self._picture = None  # painted again with the new colours or letters
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        picture = self._painted_picture()
        painter = QPainter(self)
        painter.drawPixmap(0, 0, picture)
        painter.end()

    def _painted_picture(self) -> QPixmap:
        """The plot painted for the widget's size, palette, font and pixel ratio: the one
        kept when it shows the chart's layout, else that picture with the part where
        the layout changed painted again (:func:`changed_area`), else painted anew. At
        1,500 sittings the ratings plot (420 by 300) took 16-64 ms to paint whole, its
        part changed by a finished rubber 0.8-1.4 (bench_records_tab, loads of 4 to 6);
        whole, 8.8 ms at a load of 2 (laid out and painted)."""
        palette = self.palette()
        ratio = self.devicePixelRatioF()
        painted_for = (
            self.width(),
            self.height(),
            ratio,
            self._scale(),
            palette.cacheKey(),
            self.font().key(),
        )
        layout = self.chart_layout()
        picture = self._picture
        if picture is None or painted_for != self._painted_for:
            picture = QPixmap(
                max(round(self.width() * ratio), 1), max(round(self.height() * ratio), 1)
            )
            picture.setDevicePixelRatio(ratio)
            self._paint(picture, layout, None)
        elif layout is not self._painted:
            area = None
            if layout is not None and self._painted is not None:
                area = changed_area(self._painted, layout, _PAINTED)
            self._paint(picture, layout, area)
        self._picture, self._painted_for, self._painted = picture, painted_for, layout
        return picture

    def _paint(self, picture: QPixmap, layout: ChartLayout | None, area: Area | None) -> None:
        """Paint ``layout`` on ``picture``: all of it, or only the part within ``area``
        (in points), to the device pixel: that part is painted whole on a picture of its
        own with the lines and markers that reach into it and copied, as painting under
        a clip can differ from painting whole by a shade here and there."""
        if area is None or layout is None:
            self._paint_whole(picture, layout)
            return
        left, top, right, bottom = area
        if right <= left or bottom <= top:
            return
        scale, ratio = self._scale(), picture.devicePixelRatio()
        pixels = QRectF(
            left * scale * ratio,
            top * scale * ratio,
            (right - left) * scale * ratio,
            (bottom - top) * scale * ratio,
        ).toAlignedRect()  # whole device pixels
        pixels = pixels.intersected(QRect(0, 0, picture.width(), picture.height()))
        part = QPixmap(picture.size())
        part.setDevicePixelRatio(ratio)
        self._paint_whole(part, within(layout, area, _PAINTED))
        painter = QPainter(picture)
        try:
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
            target = QRectF(
                pixels.x() / ratio,
                pixels.y() / ratio,
                pixels.width() / ratio,
                pixels.height() / ratio,
            )
            painter.drawPixmap(target, part, QRectF(pixels))
        finally:
            painter.end()

    def _paint_whole(self, picture: QPixmap, layout: ChartLayout | None) -> None:
        """Paint ``layout`` (nothing for None) on the whole of ``picture``."""
        palette = self.palette()
        painter = QPainter(picture)
        try:
            painter.fillRect(
                QRectF(0, 0, self.width(), self.height()),
                palette.color(QPalette.ColorRole.Base),
            )
            if layout is not None:
                paint_chart(painter, layout, palette, scale=self._scale(), font=self.font())
        finally:
            painter.end()

    def save_png(self, path: Path, width: int | None = None, height: int | None = None) -> bool:
        """Save the chart as a PNG picture of ``width`` × ``height`` (the widget's size when
        None), at twice that many pixels: the whole file or nothing. False when there is
        no chart or the file could not be written."""
        if self._chart is None:
            return False
        image = draw_chart_image(
            self._chart, self.palette(), width or self.width(), height or self.height()
        )
        try:
            write_atomically(path, png_bytes(image))
        except OSError:
            return False
        return True
