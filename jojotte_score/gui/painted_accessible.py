"""A painted widget as a screen reader meets it: an accessible node with a child for each
thing painted, in reading order. The pad is read so, and the history's plots.

Qt's accessibility knows only widgets; the pad is one widget that paints everything. So the
pad's node (:class:`SheetInterface`, installed with :func:`install` for every
:class:`ReadSheet`, such as :class:`~jojotte_score.gui.pad.sheet_widget.SheetWidget`) gives
a child
(:class:`SheetItemInterface`) for each :class:`~jojotte_score.render.sheet_reading.ReadItem`
of the sheet's reading, which comes from the very layout the painter draws. Each child says
its words ("Anna, 220 below, hand 3") as its name, the painted text as its value, and where
it is painted as its rectangle, so that a screen reader's review of the screen finds it
there. Qt's bridge hands the same nodes to AT-SPI on Linux and to UI Automation on Windows.

PySide6's stubs say these methods never return None; Qt takes a null interface for "none"
(no focused child, no child there), hence the ``type: ignore[override]`` on them.

The children are kept for the widget's life and read the widget's current reading when
asked: Qt's cache holds on to every interface handed out, and one thrown away while the
cache still held it would leave a screen reader reading freed memory.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QRect
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QAccessibleInterface,
    QAccessibleObject,
    QWindow,
)
from PySide6.QtWidgets import QWidget

from jojotte_score.render.sheet_reading import ReadItem

ROLES: dict[str, QAccessible.Role] = {
    "heading": QAccessible.Role.ColumnHeader,
    "row": QAccessible.Role.Row,
}
"""The accessible role of each kind of :class:`ReadItem` that is not plain static text."""


class ReadSheet(QWidget):
    """A painted widget read as a list of things: what it offers its accessible node.

    :class:`~jojotte_score.gui.pad.sheet_widget.SheetWidget` (a table of the pad's figures)
    and the history's plots (a chart with a row of data per point) implement it.
    """

    def accessible_role(self) -> QAccessible.Role:
        """The node's role: a table of figures unless the widget says otherwise."""
        return QAccessible.Role.Table

    def reading(self) -> tuple[ReadItem, ...]:
        """Everything the sheet shows, in reading order."""
        raise NotImplementedError

    def item_rect(self, item: ReadItem) -> QRect:
        """Where ``item`` is painted, in the widget's coordinates."""
        raise NotImplementedError

    def summary(self) -> str:
        """What the widget shows, in a sentence (its node's description)."""
        raise NotImplementedError


class SheetInterface(QAccessibleObject):
    """The pad's accessible node: a table of the things painted, in reading order."""

    def __init__(self, widget: ReadSheet) -> None:
        super().__init__(widget)
        self._widget = widget
        self._children: list[SheetItemInterface] = []

    def widget(self) -> ReadSheet:
        """The pad's widget."""
        return self._widget

    def window(self) -> QWindow | None:  # type: ignore[override]
        return self._widget.window().windowHandle()

    def relations(
        self, match: QAccessible.RelationFlag = QAccessible.RelationFlag.AllRelations
    ) -> list[tuple[QAccessibleInterface, QAccessible.RelationFlag]]:
        return []

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        point = QPoint(x, y)
        for index, item in enumerate(self._widget.reading()):
            if self._global_rect(item).contains(point):
                return self.child(index)
        return None

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]
        parent = self._widget.parentWidget()
        return None if parent is None else QAccessible.queryAccessibleInterface(parent)

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        if not 0 <= index < self.childCount():
            return None
        while len(self._children) <= index:
            self._children.append(SheetItemInterface(self, len(self._children)))
        return self._children[index]

    def childCount(self) -> int:
        return len(self._widget.reading())

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        for index, held in enumerate(self._children):
            if held is child:
                return index if index < self.childCount() else -1
        return -1

    def text(self, kind: QAccessible.Text) -> str:
        if kind == QAccessible.Text.Name:
            return self._widget.accessibleName()
        if kind == QAccessible.Text.Description:
            return self._widget.summary()
        return ""

    def setText(self, kind: QAccessible.Text, text: str) -> None:
        return None

    def role(self) -> QAccessible.Role:
        return self._widget.accessible_role()

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        widget = self._widget
        state.focusable = True
        state.focused = widget.hasFocus()
        state.invisible = not widget.isVisible()
        state.readOnly = True
        return state

    def rect(self) -> QRect:
        widget = self._widget
        return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())

    def item(self, index: int) -> ReadItem | None:
        """The reading's item at ``index``, None past its end."""
        reading = self._widget.reading()
        return reading[index] if 0 <= index < len(reading) else None

    def item_rect(self, index: int) -> QRect:
        """Where the item at ``index`` is on the screen (an empty rectangle past the end)."""
        item = self.item(index)
        return QRect() if item is None else self._global_rect(item)

    def _global_rect(self, item: ReadItem) -> QRect:
        local = self._widget.item_rect(item)
        return QRect(self._widget.mapToGlobal(local.topLeft()), local.size())


class SheetItemInterface(QAccessibleInterface):
    """One thing painted on the pad (an entry, a total, the result...), as its words."""

    def __init__(self, sheet: SheetInterface, index: int) -> None:
        super().__init__()
        self._sheet = sheet
        self._index = index

    def isValid(self) -> bool:
        return self._sheet.item(self._index) is not None

    def object(self) -> QObject | None:  # type: ignore[override]
        return None

    def window(self) -> QWindow | None:  # type: ignore[override]
        return self._sheet.window()

    def relations(
        self, match: QAccessible.RelationFlag = QAccessible.RelationFlag.AllRelations
    ) -> list[tuple[QAccessibleInterface, QAccessible.RelationFlag]]:
        return []

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]
        return self._sheet

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def childCount(self) -> int:
        return 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        return -1

    def text(self, kind: QAccessible.Text) -> str:
        item = self._sheet.item(self._index)
        if item is None:
            return ""
        if kind == QAccessible.Text.Name:
            return item.words
        if kind == QAccessible.Text.Value:
            return item.shown
        return ""

    def setText(self, kind: QAccessible.Text, text: str) -> None:
        return None

    def role(self) -> QAccessible.Role:
        item = self._sheet.item(self._index)
        if item is None:
            return QAccessible.Role.StaticText
        return ROLES.get(item.role, QAccessible.Role.StaticText)

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        state.readOnly = True
        state.invisible = self._sheet.item(self._index) is None
        return state

    def rect(self) -> QRect:
        return self._sheet.item_rect(self._index)


def _factory(key: str, target: QObject | None) -> QAccessibleInterface | None:
    """Qt's accessibility factory: the pad's node for a widget that reads its sheet."""
    if isinstance(target, ReadSheet):
        return SheetInterface(target)
    return None


_installed: list[bool] = []


def install() -> None:
    """Install the pad's node for every sheet widget (once; later calls do nothing)."""
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed.append(True)


def tell_changed(widget: QWidget) -> None:
    """Tell screen readers that the pad's contents changed (its children and their names)."""
    if not QAccessible.isActive():
        return
    QAccessible.updateAccessibility(QAccessibleEvent(widget, QAccessible.Event.ObjectReorder))
    QAccessible.updateAccessibility(QAccessibleEvent(widget, QAccessible.Event.DescriptionChanged))
