"""Where the keyboard focus is in the main window, by the part of the window it is in, so
that the window built anew in another language (View > Language) puts it back in the same
place: the hand list (at the hand selected, which the new window selects again), the pad,
the explanation, a button or the preview of the entry panel, or a button of the welcome
page. A field of the entry panel is kept by the panel's own state, with what is typed.

The place is read from the focus widget and the parts it may belong to (their widgets, the
panel as its ancestor), never by walking the old window's focus chain: walked just before
the window was replaced, that chain crashed the program in the entry panel's flow layout.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, NamedTuple, Protocol

from PySide6.QtCore import Qt

if TYPE_CHECKING:
    from collections.abc import Sequence

    from PySide6.QtWidgets import QWidget

    from jojotte_score.gui.entry.entry_panel import EntryPanel

PANEL_STOPS = ("thrown_in_button", "cancel_button", "preview")
"""The entry panel's stops that its state does not keep (it keeps the fields and Record),
by the name of the panel's attribute."""


class WindowParts(Protocol):
    """What this module reads of the main window (which imports this module): its focus widget and
    the parts that can hold the focus."""

    @property
    def table(self) -> QWidget: ...
    @property
    def sheet(self) -> QWidget: ...
    @property
    def explanation(self) -> QWidget: ...
    @property
    def panel(self) -> EntryPanel: ...
    @property
    def welcome_buttons(self) -> Sequence[QWidget]: ...

    def focusWidget(self) -> QWidget | None: ...


class Part(Enum):
    """A part of the main window that can hold the focus."""

    HAND_LIST = "hand list"
    PAD = "pad"
    EXPLANATION = "explanation"
    PANEL = "entry panel"
    WELCOME = "welcome page"


class FocusPlace(NamedTuple):
    """The focus's place: the ``part`` of the window, and within the entry panel the name
    of the stop (one of :data:`PANEL_STOPS`; empty for a field, which the panel keeps), on
    the welcome page the button's number (0: the first)."""

    part: Part
    stop: str = ""
    button: int = 0

    def put(self, window: WindowParts) -> None:
        """Give the focus to the same place in ``window`` (before it is activated), when it
        is there to take it."""
        widget = _widget_at(self, window)
        if widget is not None and widget.isVisibleTo(widget.window()) and widget.isEnabled():
            widget.setFocus(Qt.FocusReason.OtherFocusReason)


def focus_place(window: WindowParts) -> FocusPlace | None:
    """Where the focus is in ``window``; None where no part of it is known (the menu bar,
    nothing at all)."""
    widget = window.focusWidget()
    if widget is None:
        return None
    for part, known in _parts(window).items():
        if widget is known:
            return FocusPlace(part)
    for number, button in enumerate(window.welcome_buttons):
        if widget is button:
            return FocusPlace(Part.WELCOME, button=number)
    panel = window.panel
    if widget is panel or panel.isAncestorOf(widget):
        stop = next((name for name in PANEL_STOPS if getattr(panel, name) is widget), "")
        return FocusPlace(Part.PANEL, stop)
    return None


def _parts(window: WindowParts) -> dict[Part, QWidget]:
    """The parts that are one widget each."""
    return {
        Part.HAND_LIST: window.table,
        Part.PAD: window.sheet,
        Part.EXPLANATION: window.explanation,
    }


def _widget_at(place: FocusPlace, window: WindowParts) -> QWidget | None:
    if place.part is Part.WELCOME:
        return window.welcome_buttons[place.button]
    if place.part is Part.PANEL:  # a field: the panel's own state put the focus back there
        widget: QWidget | None = getattr(window.panel, place.stop) if place.stop else None
        return widget
    return _parts(window)[place.part]
