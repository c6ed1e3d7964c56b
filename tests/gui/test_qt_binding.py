"""The installed Qt binding keeps Python's reference counts right.

PySide6 6.12.0 drops a reference to None on every Qt method that returns nothing, and on
Python 3.11 a long session then aborts with "Fatal Python error: none_dealloc". The
dependency excludes that release; this test catches any other with the same fault.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot


def test_void_qt_calls_do_not_consume_references_to_none(qtbot: QtBot) -> None:
    label = QLabel()
    qtbot.addWidget(label)
    before = sys.getrefcount(None)
    for _ in range(2000):
        label.setText("")
        label.setVisible(False)
    # A few references may come and go elsewhere; a leak would show as thousands.
    assert abs(sys.getrefcount(None) - before) < 50
