"""Saying something to a screen reader that nothing on the screen says by itself: a hand
recorded, a choice made with a key, an error, the entry panel's mode.

Qt 6.8 added the announcement event (AT-SPI's ``Announcement`` on Linux, UI Automation's
notification on Windows); the screen reader speaks its text at once, wherever the focus is.
"""

from __future__ import annotations

from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QWidget

__all__ = ["ANNOUNCED", "announce"]

ANNOUNCED = "announced"
"""The widget property that holds the last message announced on its behalf (tests read it)."""


def announce(widget: QWidget, message: str) -> None:
    """Have a screen reader say ``message`` now, on behalf of ``widget`` (nothing happens
    when no screen reader listens, or when ``message`` is empty)."""
    if message and QAccessible.isActive():
        widget.setProperty(ANNOUNCED, message)
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(widget, message))
