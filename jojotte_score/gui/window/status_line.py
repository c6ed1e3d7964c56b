"""The status line: one line at any print size, cut short with "…" where the window is too
narrow for it; its tooltip tells it whole.

Large print enlarges it less than the pad (at most ``STATUS_ZOOM`` times), so that it
never takes the height the pad is enlarged into.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

STATUS_ZOOM = 1.5
"""The largest the status line's print grows (times the normal size)."""


class StatusLine(QLabel):
    """A label of one line that elides its text at the right instead of wrapping it;
    ``text()`` is always the whole text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def setText(self, text: str) -> None:  # QLabel's name
        super().setText(text)
        self._update_tooltip()

    def elided(self) -> bool:
        """True when the line is too long for the width it has (and ends in "…")."""
        return self.fontMetrics().horizontalAdvance(self.text()) > self.contentsRect().width()

    def sizeHint(self) -> QSize:
        return QSize(self.fontMetrics().horizontalAdvance(self.text()), self._line_height())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self._line_height())

    def _line_height(self) -> int:
        margins = self.contentsMargins()
        return self.fontMetrics().height() + margins.top() + margins.bottom()

    def _update_tooltip(self) -> None:
        self.setToolTip(self.text() if self.elided() else "")

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_tooltip()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, rect.width())
        # In the widget's text colour, as the style's drawItemText draws it; the style itself
        # is not asked for: the first style handed to Python sets up all of QStyle's classes
        # and enums (with the pairs' viewport, 0.10 G of the 1.42 G instructions of
        # start-up, callgrind).
        painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
        painter.end()
