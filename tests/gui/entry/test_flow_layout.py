"""The row of choices that wraps: its height at a width follows its items as they change."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.gui.entry.flow_layout import FlowLayout


def _row(qtbot: QtBot, labels: list[str]) -> tuple[QWidget, FlowLayout, list[QPushButton]]:
    row = QWidget()
    layout = FlowLayout(row, spacing=4)
    layout.setContentsMargins(0, 0, 0, 0)
    buttons = [QPushButton(label) for label in labels]
    for button in buttons:
        layout.addWidget(button)
    qtbot.addWidget(row)
    row.show()
    return row, layout, buttons


def test_a_row_wraps_onto_more_lines_when_its_buttons_grow(qtbot: QtBot) -> None:
    _widget, layout, buttons = _row(qtbot, ["A", "B", "C", "D"])
    width = sum(button.sizeHint().width() for button in buttons) + 3 * 4
    one_line = layout.heightForWidth(width)
    assert one_line == max(button.sizeHint().height() for button in buttons)

    for button in buttons:
        button.setText("a label much longer than one letter")

    assert layout.heightForWidth(width) >= 2 * one_line + 4  # the same width now wraps


def test_a_row_gets_shorter_again_when_a_button_is_hidden_or_taken(qtbot: QtBot) -> None:
    _widget, layout, buttons = _row(qtbot, ["first choice", "second choice", "third choice"])
    width = buttons[0].sizeHint().width() + buttons[1].sizeHint().width() + 4
    two_lines = layout.heightForWidth(width)
    line = max(button.sizeHint().height() for button in buttons)
    assert two_lines == 2 * line + 4

    buttons[2].hide()
    assert layout.heightForWidth(width) == line
    buttons[2].show()
    assert layout.heightForWidth(width) == two_lines
    layout.removeWidget(buttons[2])
    assert layout.heightForWidth(width) == line
