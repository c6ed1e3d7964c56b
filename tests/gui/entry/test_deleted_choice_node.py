"""A row's choice button no longer needed is deleted while a screen reader listens (the
three-player panel offers other players once the bidder is chosen). Qt's bridge asks the
button's node for its parent and name while QWidget's destructor tells of the deletion,
after Python's side of the button is gone: the node answers as a node of nothing. Before,
each question raised, and the window showed "Something went wrong in
accessibility.parent" in a message box over the entry panel for every one (found with
Orca reading a three-player evening over AT-SPI)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.gui.accessibility import WidgetInterface
from jojotte_score.gui.entry.entry_fields import ChoiceField

PLAYERS = [(0, "Anna", ("A",)), (1, "Bert", ("B",)), (2, "Carl", ("C",))]


def shown_field(qtbot: QtBot) -> ChoiceField[int]:
    """A row of the three players' buttons, shown."""
    field: ChoiceField[int] = ChoiceField("Bidder")
    qtbot.addWidget(field)
    field.set_choices(PLAYERS)
    field.show()
    qtbot.waitExposed(field)
    return field


def test_a_choice_buttons_node_while_the_button_is_deleted(
    qtbot: QtBot, listening: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only Qt's bridge on xcb asks a node from inside QWidget's destructor (offscreen
    nothing does), so the button's Python side is made to read as gone there, as shiboken
    says it is then."""
    field = shown_field(qtbot)
    button = field.buttons()[2]
    node = QAccessible.queryAccessibleInterface(button)
    assert isinstance(node, WidgetInterface)
    assert node.isValid()
    assert node.role() == QAccessible.Role.RadioButton
    assert node.text(QAccessible.Text.Name) == button.accessibleName() != ""
    field_node = node.parent()
    assert field_node is not None
    assert field_node.object() is field
    # As in QWidget's destructor: the button's Python side gone, its C++ side and node not.
    monkeypatch.setattr(
        "jojotte_score.gui.accessibility.isValid", lambda widget: widget is not button
    )
    assert node.text(QAccessible.Text.Name) == ""
    assert node.text(QAccessible.Text.Description) == ""
    assert node.parent() is None
    assert (node.childCount(), node.child(0), node.focusChild()) == (0, None, None)
    assert node.role() == QAccessible.Role.NoRole
    assert node.state().invisible
    assert node.rect().isNull()
    assert node.relations() == []
    assert node.window() is None
    assert not node.isValid()


def test_choices_offered_anew_delete_the_buttons_left_over(qtbot: QtBot, listening: None) -> None:
    field = shown_field(qtbot)
    gone = field.buttons()[2]
    deleted: list[bool] = []
    gone.destroyed.connect(lambda: deleted.append(True))
    field.set_choices(PLAYERS[:2])  # Carl is no longer offered
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert deleted == [True]
    assert [button.text().split()[0] for button in field.buttons()] == ["Anna", "Bert"]
    for button in field.buttons():
        node = QAccessible.queryAccessibleInterface(button)
        assert node is not None
        assert node.isValid()
        assert node.text(QAccessible.Text.Name) == button.accessibleName() != ""
