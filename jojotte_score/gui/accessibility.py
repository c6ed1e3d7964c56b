"""What Qt does not give a screen reader, or a reader with low vision, by itself.

- **Painted widgets** read as a list of things (:class:`ReadSheet`): the pad and the
  history's plots. Qt's accessibility knows only widgets; the pad is one widget that paints
  everything. So its node (:class:`SheetInterface`) gives a child (:class:`SheetItemInterface`)
  for each :class:`~jojotte_score.render.sheet_reading.ReadItem` of the sheet's reading,
  which comes from the very layout the painter draws. Each child says its words ("Anna, 220
  below, hand 3") as its name, the painted text as its value, and where it is painted as its
  rectangle, so that a screen reader's review of the screen finds it there. The children
  are kept for the widget's life and read the widget's current reading when asked: Qt's
  cache holds on to every interface handed out, and one thrown away while the cache still
  held it would leave a screen reader reading freed memory.
- **Roles Qt does not give** (:class:`Speaking`): a top-level plain ``QWidget`` (the history
  window, the table display) is a "client" area to Qt rather than a window, and a ``QFrame``
  (the entry panel's rows of choices) a "border". PySide6 cannot subclass Qt's own
  ``QAccessibleWidget``, so :class:`WidgetInterface` is a whole node for a widget written
  against ``QAccessibleObject``: its children are the widget's children as Qt exposes them,
  its role, state, name, description and value the widget's own.
- **Announcements** (:func:`announce`): what nothing on the screen says by itself (a hand
  recorded, a choice made with a key, an error, the entry panel's mode), with Qt 6.8's
  announcement event (AT-SPI's ``Announcement`` on Linux, UI Automation's notification on
  Windows).
- **Readable placeholders** (:func:`keep_placeholders_readable`): the hint in an empty box
  ("optional") in the palette's placeholder colour, which some themes make too faint.

Qt's bridge hands the same nodes to AT-SPI on Linux and to UI Automation on Windows.
:func:`install` puts the nodes in Qt's accessibility factory. PySide6's stubs say
``parent``, ``child``, ``childAt``, ``focusChild``, ``window`` and ``object`` never return
None; Qt takes a null interface for "none", hence the ``type: ignore[override]`` on them.

These live in one module because the window imports them at start-up (each module more
is counted against the start-up budget of tests/gui/test_startup.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QRect, Qt
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QAccessibleEvent,
    QAccessibleInterface,
    QAccessibleObject,
    QColor,
    QPalette,
)
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from shiboken6 import isValid

from jojotte_score.render.contrast import contrast

if TYPE_CHECKING:  # the reading itself is imported when a screen reader first asks
    # Named only in annotations: imported, QWindow's class and its four enums would be set
    # up at start-up (2.8 M instructions, callgrind).
    from PySide6.QtGui import QWindow

    from jojotte_score.render.sheet_reading import ReadItem

__all__ = [
    "ANNOUNCED",
    "ReadSheet",
    "SheetInterface",
    "SheetItemInterface",
    "Speaking",
    "WidgetInterface",
    "announce",
    "announce_at_focus",
    "install",
    "keep_placeholders_readable",
    "readable_placeholders",
    "tell_changed",
]


# Announcements ---------------------------------------------------------------------------

ANNOUNCED = "announced"
"""The widget property that holds the last message announced on its behalf (tests read it)."""


def announce(widget: QWidget, message: str) -> None:
    """Have a screen reader say ``message`` now, on behalf of ``widget`` (nothing happens
    when no screen reader listens, or when ``message`` is empty)."""
    if message and QAccessible.isActive():
        widget.setProperty(ANNOUNCED, message)
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(widget, message))


def announce_at_focus(window: QWidget, message: str) -> None:
    """Have a screen reader say ``message`` on behalf of the widget that has the keyboard
    focus in ``window`` (the window when none has): a message of the window as a whole (the
    status bar's). Orca drops an announcement that comes within a tenth of a second of
    another unless it comes from where the focus is, and the pad and the entry panel each
    say their own change first."""
    focused = window.focusWidget()
    announce(focused if focused is not None else window, message)


# Roles Qt does not give ---------------------------------------------------------------


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

    A widget being deleted (a row's choice button no longer needed) is asked for its
    parent and name by Qt's bridge while QWidget's destructor tells of it, after Python's
    side of the widget is gone: the node then answers as a node of nothing (no parent, no
    name, no children) instead of raising."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self._widget = widget

    def _gone(self) -> bool:
        """True once the widget is being deleted (Python's side of it is gone)."""
        return not isValid(self._widget)

    def isValid(self) -> bool:
        return not self._gone() and super().isValid()

    def _speaking(self) -> Speaking:
        widget = self._widget
        assert isinstance(widget, Speaking)
        return widget

    def _children(self) -> list[QWidget]:
        if self._gone():
            return []
        return [
            child
            for child in self._widget.findChildren(
                QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
            )
            if not child.isWindow() and not child.isHidden()
        ]

    def window(self) -> QWindow | None:  # type: ignore[override]
        return None if self._gone() else self._widget.window().windowHandle()

    def relations(
        self, match: QAccessible.RelationFlag = QAccessible.RelationFlag.AllRelations
    ) -> list[tuple[QAccessibleInterface, QAccessible.RelationFlag]]:
        """The labels whose buddy the widget is label it, as Qt's own nodes say; the widget
        that describes it (an error message shown) describes it."""
        found: list[tuple[QAccessibleInterface, QAccessible.RelationFlag]] = []
        if self._gone():
            return found
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
        if focused is None or self._gone() or not self._widget.isAncestorOf(focused):
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
        if self._gone():
            return None
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
        if self._gone():
            return ""
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
        return QAccessible.Role.NoRole if self._gone() else self._speaking().accessible_role()

    def state(self) -> QAccessible.State:
        widget = self._widget
        state = QAccessible.State()
        if self._gone():
            state.invisible = True
            return state
        state.invisible = not widget.isVisible()
        state.disabled = not widget.isEnabled()
        state.focusable = widget.focusPolicy() != Qt.FocusPolicy.NoFocus
        state.focused = widget.hasFocus()
        state.active = widget.isWindow() and widget.isActiveWindow()
        self._speaking().accessible_state(state)
        return state

    def rect(self) -> QRect:
        widget = self._widget
        if self._gone():
            return QRect()
        return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


# Painted widgets read as a list of things ---------------------------------------------


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
    """The pad's accessible node: a table of the things painted, in reading order.

    Like :class:`WidgetInterface`, a node of nothing once its widget is deleted (the window
    rebuilt in another language): Qt's bridge still asked it for its parent, and the error
    raised was shown in a box over the new window."""

    def __init__(self, widget: ReadSheet) -> None:
        super().__init__(widget)
        self._widget = widget
        self._children: list[SheetItemInterface] = []
        children = self._children
        widget.destroyed.connect(lambda _gone=None: _forget(children))

    def widget(self) -> ReadSheet:
        """The pad's widget."""
        return self._widget

    def isValid(self) -> bool:
        return isValid(self._widget) and super().isValid()

    def window(self) -> QWindow | None:  # type: ignore[override]
        return self._widget.window().windowHandle() if isValid(self._widget) else None

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
        parent = self._widget.parentWidget() if isValid(self._widget) else None
        return None if parent is None else QAccessible.queryAccessibleInterface(parent)

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        if not 0 <= index < self.childCount():
            return None
        while len(self._children) <= index:
            self._children.append(SheetItemInterface(self, len(self._children)))
        return self._children[index]

    def childCount(self) -> int:
        return len(self._widget.reading()) if isValid(self._widget) else 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        for index, held in enumerate(self._children):
            if held is child:
                return index if index < self.childCount() else -1
        return -1

    def text(self, kind: QAccessible.Text) -> str:
        if not isValid(self._widget):
            return ""
        if kind == QAccessible.Text.Name:
            return self._widget.accessibleName()
        if kind == QAccessible.Text.Description:
            return self._widget.summary()
        return ""

    def setText(self, kind: QAccessible.Text, text: str) -> None:
        return None

    def role(self) -> QAccessible.Role:
        if not isValid(self._widget):
            return QAccessible.Role.NoRole
        return self._widget.accessible_role()

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        widget = self._widget
        if not isValid(widget):
            state.invisible = True
            return state
        state.focusable = True
        state.focused = widget.hasFocus()
        state.invisible = not widget.isVisible()
        state.readOnly = True
        return state

    def rect(self) -> QRect:
        widget = self._widget
        if not isValid(widget):
            return QRect()
        return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())

    def item(self, index: int) -> ReadItem | None:
        """The reading's item at ``index``, None past its end (or once the pad is gone)."""
        reading = self._widget.reading() if isValid(self._widget) else ()
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


def tell_changed(widget: QWidget) -> None:
    """Tell screen readers that the pad's contents changed (its children and their names)."""
    if not QAccessible.isActive():
        return
    QAccessible.updateAccessibility(QAccessibleEvent(widget, QAccessible.Event.ObjectReorder))
    QAccessible.updateAccessibility(QAccessibleEvent(widget, QAccessible.Event.DescriptionChanged))


def _forget(children: list[SheetItemInterface]) -> None:
    """Take a gone widget's children out of Qt's cache, which deletes them (they have no
    object of their own for Qt to forget them by)."""
    for child in children:
        QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(child))
    children.clear()


# Installing the nodes --------------------------------------------------------------------


def _factory(key: str, target: QObject | None) -> QAccessibleInterface | None:
    """Qt's accessibility factory: the node of a painted widget read as a list of things,
    or of a widget that says its own role."""
    if isinstance(target, ReadSheet):
        return SheetInterface(target)
    if isinstance(target, Speaking) and isinstance(target, QWidget):
        return WidgetInterface(target)
    return None


_installed: list[bool] = []


def install() -> None:
    """Install the nodes of :class:`ReadSheet` and :class:`Speaking` widgets (once; later
    calls do nothing)."""
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed.append(True)


# Readable placeholders ---------------------------------------------------------------------

LEAST_CONTRAST = 4.5
"""WCAG's least contrast for text of ordinary size."""

_GROUPS = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive)
_INSTALLED = "jojotte-readable-placeholders"


def readable_placeholders(palette: QPalette) -> QPalette | None:
    """``palette`` with its placeholder colour readable on its base, or None when it is
    already readable in every group."""
    changed = QPalette(palette)
    moved = False
    for group in _GROUPS:
        hint = palette.color(group, QPalette.ColorRole.PlaceholderText)
        base = palette.color(group, QPalette.ColorRole.Base)
        text = palette.color(group, QPalette.ColorRole.Text)
        if contrast(hint.name(), base.name()) >= LEAST_CONTRAST:
            continue
        amount = 0.0
        mixed = QColor(hint)
        while amount < 1.0 and contrast(mixed.name(), base.name()) < LEAST_CONTRAST:
            amount = round(amount + 0.02, 2)
            mixed = QColor.fromRgbF(
                hint.redF() * (1 - amount) + text.redF() * amount,
                hint.greenF() * (1 - amount) + text.greenF() * amount,
                hint.blueF() * (1 - amount) + text.blueF() * amount,
            )
        changed.setColor(group, QPalette.ColorRole.PlaceholderText, mixed)
        moved = True
    return changed if moved else None


def keep_placeholders_readable(app: QApplication) -> None:
    """Make the application's placeholder colour readable now and after every change of its
    palette (once per application; later calls do nothing)."""
    if app.property(_INSTALLED):
        return
    app.setProperty(_INSTALLED, True)

    def fix() -> None:
        fixed = readable_placeholders(app.palette())
        if fixed is not None:
            app.setPalette(fixed)

    app.paletteChanged.connect(lambda _palette: fix())
    fix()
