"""A plot on screen: a :class:`~jojotte_score.render.chart_layout.Chart`, laid out for the
widget's size and drawn with its palette (light or dark).

The widget only shows what the layout computed; the figures come from
:mod:`jojotte_score.core.series`. Its accessible description is the plot's summary in
words, so a screen reader says what the plot shows. :meth:`ChartWidget.save_png` draws the
same chart into a picture file.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, QSize, Qt
from PySide6.QtGui import QAccessible, QImage, QImageWriter, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from jojotte_score.formats.atomic import write_atomically
from jojotte_score.gui import accessibility
from jojotte_score.gui.accessibility import ReadSheet
from jojotte_score.i18n import _
from jojotte_score.render.chart_layout import Chart, ChartLayout, ChartMetrics, layout_chart
from jojotte_score.render.chart_painter import paint_chart
from jojotte_score.render.chart_reading import chart_rows
from jojotte_score.render.sheet_painter import text_width_for
from jojotte_score.render.sheet_reading import ReadItem

_POINTS_PER_INCH = 72.0


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
        self._rows: tuple[ReadItem, ...] = ()
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
        rows = () if chart is None else chart_rows(chart)
        self._rows = tuple(ReadItem(row, "", "row", (0.0, 0.0, 0.0, 0.0)) for row in rows)
        self.update()
        accessibility.tell_changed(self)

    def accessible_role(self) -> QAccessible.Role:
        return QAccessible.Role.Chart

    def reading(self) -> tuple[ReadItem, ...]:
        """The chart's data, a row for each point of its x axis."""
        return self._rows

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
        """The chart laid out for the widget's present size, or None."""
        if self._chart is None:
            return None
        scale = self._scale()
        metrics = ChartMetrics(
            text_width_for(self.font(), self),
            width=self.width() / scale,
            height=self.height() / scale,
        )
        return layout_chart(self._chart, metrics)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        layout = self.chart_layout()
        if layout is not None:
            paint_chart(painter, layout, palette, scale=self._scale(), font=self.font())
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
