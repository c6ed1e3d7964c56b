"""The focus mark: a ring round whatever has the keyboard focus in the main window.

Every stop of the window's focus chain shows it the same way (a choice row, a number box,
the Record button, the pad, the explanation, the hand list), so a scorekeeper working from
the keyboard always sees where the next key goes, whatever the style draws of its own.
The ring is drawn in the theme's highlight colour when that stands out (3:1, as WCAG asks
of a focus indicator) against the window, field and button backgrounds; otherwise, as in
some high-contrast themes, in the window's text colour, which does by definition.
"""

from __future__ import annotations

from collections.abc import Iterable

import shiboken6
from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QApplication, QWidget

from jojotte_score.render.contrast import contrast

RING_WIDTH = 2
"""The ring's width in pixels (device-independent)."""

_ROLE = QPalette.ColorRole
_BACKGROUNDS = (_ROLE.Window, _ROLE.Base, _ROLE.Button)
_ABOVE_ME = (QEvent.Type.ZOrderChange, QEvent.Type.Show)  # a sibling's that may cover the ring
# A focused widget's children are asked for as widgets, not as QObjects: a line edit's own
# child (its private line control) handed to Python as a plain QObject makes PySide6 set up
# every QObject class it knows and their enums (83 enums, 22-27 ms of the first key typed
# into the entry panel, measured by benchmarks/bench_first_key.py on a 2-core machine).
_DIRECT = Qt.FindChildOption.FindDirectChildrenOnly


def ring_colour(palette: QPalette) -> QColor:
    """The colour of the focus ring on ``palette``: its highlight when that contrasts 3:1
    with every background a focused widget may have, else its window text."""
    highlight = palette.color(_ROLE.Highlight)
    backgrounds = (palette.color(role).name() for role in _BACKGROUNDS)
    if all(contrast(highlight.name(), background) >= 3 for background in backgrounds):
        return highlight
    return palette.color(_ROLE.WindowText)


class FocusRing(QWidget):
    """The ring over one widget (its child, as large as it, transparent to the mouse),
    shown while that widget has the focus."""

    def __init__(self, target: QWidget) -> None:
        super().__init__(target)
        self.setObjectName("focusRing")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setGeometry(target.rect())
        target.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self.parent() and isinstance(watched, QWidget):
            if kind == QEvent.Type.Resize:
                self.setGeometry(watched.rect())
            elif kind == QEvent.Type.ChildAdded and self.isVisible():
                # Among all its children, where the one just added, not yet made in full,
                # is a plain QObject and passed by (as a widget, PySide6 would wrap it twice).
                self._watch_siblings(watched.children())
                self.raise_()  # above a choice button added since it was shown
        elif kind in _ABOVE_ME and self.isVisible():
            self.raise_()  # a scroll bar raised or shown over the ring: back on top
        return False

    def mark(self) -> None:
        """Show the ring above everything else in its widget."""
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
            self._watch_siblings(parent.findChildren(QWidget, options=_DIRECT))
        self.raise_()
        self.show()

    def _watch_siblings(self, children: Iterable[QObject]) -> None:
        for child in children:
            if isinstance(child, QWidget) and child is not self:
                child.removeEventFilter(self)  # once each
                child.installEventFilter(self)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        pen = QPen(ring_colour(self.palette()), RING_WIDTH)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        half = RING_WIDTH / 2
        painter.drawRect(QRectF(self.rect()).adjusted(half, half, -half, -half))
        painter.end()


class FocusMarks(QObject):
    """Puts the ring on the widget of ``window`` that has the focus, and takes it off the
    one that lost it."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._shown: FocusRing | None = None
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._moved)

    def ring(self) -> FocusRing | None:
        """The ring shown now, if any."""
        shown = self._shown
        return shown if shown is not None and shiboken6.isValid(shown) else None

    def _moved(self, _old: QWidget | None, new: QWidget | None) -> None:
        shown = self.ring()
        if shown is not None:
            shown.hide()
        self._shown = None
        if new is None or new is self._window or new.window() is not self._window:
            return
        ring = new.findChild(FocusRing, options=_DIRECT)
        if ring is None:
            ring = FocusRing(new)
        ring.mark()
        self._shown = ring
