"""Accessible roles Qt does not give by itself: a window that is a plain widget, a row of
choices that is a group of radio buttons.

Qt picks a widget's accessible role from its class: a top-level ``QWidget`` (the history
window, the table display) is a "client" area rather than a window, and a ``QFrame`` (the
entry panel's rows of choices) a "border". PySide6 cannot subclass Qt's own
``QAccessibleWidget``, so :class:`WidgetInterface` is a whole accessible node for a widget,
written against ``QAccessibleObject``: its children are the widget's children as Qt itself
exposes them, and its role, state, name, description and value come from a
:class:`Speaking` widget's methods. :func:`install` puts it in Qt's accessibility factory.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QRect, Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface, QAccessibleObject, QWindow
from PySide6.QtWidgets import QApplication, QLabel, QWidget

__all__ = ["Speaking", "WidgetInterface", "install"]


class Speaking:
    """A widget that says its own accessible role, state and value (a mixin for QWidgets).

    The defaults are a window's for a top-level widget and a plain group for any other;
    ``accessible_value`` is read as the node's value, ``accessible_state`` may add to the
    state worked out from the widget (focus, visibility, being enabled).
    """

    def accessible_role(self) -> QAccessible.Role:
        """The role a screen reader announces."""
        assert isinstance(self, QWidget)
        return QAccessible.Role.Window if self.isWindow() else QAccessible.Role.Grouping

    def accessible_value(self) -> str:
        """The value read after the name and role ("" for none)."""
        return ""

    def accessible_state(self, state: QAccessible.State) -> None:
        """Add what only the widget knows to ``state`` (checked, invalid...)."""

    def described_by(self) -> QWidget | None:
        """The widget whose text describes this one (a field's error message), if any."""
        return None


class WidgetInterface(QAccessibleObject):
    """The accessible node of a :class:`Speaking` widget: Qt's children, the widget's words.

    PySide6's stubs say ``parent``, ``child``, ``childAt``, ``focusChild`` and ``window``
    never return None; Qt takes a null interface for "none", hence their ``type: ignore``.
    """

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self._widget = widget

    def _speaking(self) -> Speaking:
        widget = self._widget
        assert isinstance(widget, Speaking)
        return widget

    def _children(self) -> list[QWidget]:
        return [
            child
            for child in self._widget.findChildren(
                QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
            )
            if not child.isWindow() and not child.isHidden()
        ]

    def window(self) -> QWindow | None:  # type: ignore[override]
        return self._widget.window().windowHandle()

    def relations(
        self, match: QAccessible.RelationFlag = QAccessible.RelationFlag.AllRelations
    ) -> list[tuple[QAccessibleInterface, QAccessible.RelationFlag]]:
        """The labels whose buddy the widget is label it, as Qt's own nodes say; the widget
        that describes it (an error message shown) describes it."""
        found = []
        if match & QAccessible.RelationFlag.Label:
            for label in self._widget.window().findChildren(QLabel):
                if label.buddy() is self._widget:
                    node = QAccessible.queryAccessibleInterface(label)
                    if node is not None:
                        found.append((node, QAccessible.RelationFlag.Label))
        describer = self._speaking().described_by()
        if match & QAccessible.RelationFlag.Described and describer is not None:
            node = QAccessible.queryAccessibleInterface(describer)
            if node is not None:
                found.append((node, QAccessible.RelationFlag.Described))
        return found

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        focused = QApplication.focusWidget()
        if focused is None or not self._widget.isAncestorOf(focused):
            return None
        return QAccessible.queryAccessibleInterface(focused)

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        point = QPoint(x, y)
        for index in range(self.childCount()):
            child = self.child(index)
            if child is not None and child.rect().contains(point):
                return child
        return None

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]
        widget = self._widget
        parent: QObject | None = (
            QApplication.instance() if widget.isWindow() else widget.parentWidget()
        )
        return None if parent is None else QAccessible.queryAccessibleInterface(parent)

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        children = self._children()
        if not 0 <= index < len(children):
            return None
        return QAccessible.queryAccessibleInterface(children[index])

    def childCount(self) -> int:
        return len(self._children())

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        target = child.object()
        for index, widget in enumerate(self._children()):
            if widget is target:
                return index
        return -1

    def text(self, kind: QAccessible.Text) -> str:
        widget = self._widget
        if kind == QAccessible.Text.Name:
            return widget.accessibleName() or (widget.windowTitle() if widget.isWindow() else "")
        if kind == QAccessible.Text.Description:
            return widget.accessibleDescription()
        if kind == QAccessible.Text.Value:
            return self._speaking().accessible_value()
        if kind == QAccessible.Text.Help:
            return widget.whatsThis()
        return ""

    def setText(self, kind: QAccessible.Text, text: str) -> None:
        return None

    def role(self) -> QAccessible.Role:
        return self._speaking().accessible_role()

    def state(self) -> QAccessible.State:
        widget = self._widget
        state = QAccessible.State()
        state.invisible = not widget.isVisible()
        state.disabled = not widget.isEnabled()
        state.focusable = widget.focusPolicy() != Qt.FocusPolicy.NoFocus
        state.focused = widget.hasFocus()
        state.active = widget.isWindow() and widget.isActiveWindow()
        self._speaking().accessible_state(state)
        return state

    def rect(self) -> QRect:
        widget = self._widget
        return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def _factory(key: str, target: QObject | None) -> QAccessibleInterface | None:
    """Qt's accessibility factory: the node of a widget that says its own role."""
    if isinstance(target, Speaking) and isinstance(target, QWidget):
        return WidgetInterface(target)
    return None


_installed: list[bool] = []


def install() -> None:
    """Install the nodes of :class:`Speaking` widgets (once; later calls do nothing)."""
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed.append(True)
