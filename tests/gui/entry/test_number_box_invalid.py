"""A number box that holds no number of points ("5.5", kept as typed) is invalid to a screen
reader, through Qt's accessibility API: its node has the state ``invalid``, says its label,
side and message, and is still Qt's own line edit (its text read and written through the
text interfaces); mended, the state goes, and each change of it is told."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QAccessibleInterface,
    QAccessibleStateChangeEvent,
)
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import Scorer
from jojotte_score.core.model import Rules, Variant
from jojotte_score.gui.entry.entry_fields import NumberBox, PairField
from jojotte_score.gui.entry.entry_panel import EntryPanel

NAME, DESCRIPTION = QAccessible.Text.Name, QAccessible.Text.Description
NOT_A_NUMBER = "⚠ “{typed}” is not a number: type whole numbers, without “.” or “,”."


@pytest.fixture
def panel(qtbot: QtBot) -> Iterator[EntryPanel]:
    """A shown panel for Anna and Bert, a screen reader listening."""
    QAccessible.setActive(True)
    widget = EntryPanel()
    qtbot.addWidget(widget)
    rules = Rules()
    widget.set_context(
        Variant.TWO_PLAYER, ("Anna", "Bert"), rules, Scorer(find_game(Variant.TWO_PLAYER), rules), 0
    )
    widget.new_hand()
    widget.resize(560, 760)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    yield widget
    QAccessible.setActive(False)


def node(box: NumberBox) -> QAccessibleInterface:
    found = QAccessible.queryAccessibleInterface(box)
    assert found is not None
    return found


@pytest.mark.parametrize("typed", ["5.5", "5,5", "12."])
@pytest.mark.parametrize(
    ("row", "side", "name"),
    [
        ("card_points", 0, "Card points, Anna"),
        ("card_points", 1, "Card points, Bert"),
        ("melds", 0, "Meld points, Anna"),
        ("melds", 1, "Meld points, Bert"),
    ],
)
def test_a_box_that_holds_no_number_is_invalid_until_mended(
    panel: EntryPanel, row: str, side: int, name: str, typed: str
) -> None:
    pair = getattr(panel, row)
    assert isinstance(pair, PairField)
    box = pair.edits[side]
    assert isinstance(box, NumberBox)
    box.setFocus()
    QApplication.processEvents()
    read = node(box)
    assert read.text(NAME) == name
    assert read.role() == QAccessible.Role.EditableText
    assert not read.state().invalid

    QTest.keyClicks(box, typed)
    QTest.keyClick(box, Qt.Key.Key_Return)  # refused: the message shown, the box described
    read = node(box)
    state = read.state()
    assert state.invalid
    assert state.editable  # the rest of the state is Qt's line edit's
    assert state.focused
    assert read.text(NAME) == name
    assert NOT_A_NUMBER.format(typed=typed) in read.text(DESCRIPTION)
    text = read.textInterface()
    assert text is not None  # Qt's own text interface: a reader reads the box's text
    assert text.text(0, text.characterCount()) == typed
    assert text.cursorPosition() == len(typed)

    box.selectAll()
    QTest.keyClicks(box, "55")
    read = node(box)
    assert box.text() == "55"
    assert not read.state().invalid
    assert read.textInterface().text(0, 2) == "55"


def test_an_empty_box_or_a_number_is_not_invalid(panel: EntryPanel) -> None:
    box = panel.card_points.edits[0]
    assert isinstance(box, NumberBox)
    for text in ("", "0", "35", "162"):
        box.setText(text)
        assert not node(box).state().invalid, text


def test_text_written_through_the_editable_text_interface_is_judged(panel: EntryPanel) -> None:
    """A reader that writes into the box (a braille display's keys) goes through Qt's own
    editable text interface, and the box is judged on what it then holds."""
    box = panel.card_points.edits[1]
    assert isinstance(box, NumberBox)
    editable = node(box).editableTextInterface()
    assert editable is not None
    editable.insertText(0, "7.5")
    assert box.text() == "7.5"
    assert node(box).state().invalid
    editable.replaceText(0, 3, "75")
    assert box.text() == "75"
    assert not node(box).state().invalid


def test_each_change_of_validity_is_told(
    panel: EntryPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A state change event (``invalid``) goes to screen readers when the box becomes
    invalid and when it is mended, not at every key."""
    box = panel.card_points.edits[0]
    assert isinstance(box, NumberBox)
    told: list[bool] = []
    update = QAccessible.updateAccessibility

    def listen(event: QAccessibleEvent) -> None:
        if event.type() == QAccessible.Event.StateChanged and event.object() is box:
            assert isinstance(event, QAccessibleStateChangeEvent)
            assert event.changedStates().invalid
            told.append(bool(node(box).state().invalid))
        update(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(listen))
    box.setFocus()
    QTest.keyClicks(box, "4.5")
    QTest.keyClicks(box, "0")  # still no number: nothing more is told
    box.selectAll()
    QTest.keyClicks(box, "45")
    assert told == [True, False]


def test_the_box_s_node_goes_with_the_box(qtbot: QtBot) -> None:
    """The node of a box (and Qt's own node inside it) is deleted with the box: asking for
    a new box's node gives a new, working node."""
    for _round in range(3):
        box = NumberBox()
        box.setText("1.5")
        read = node(box)
        assert read.state().invalid
        identity = QAccessible.uniqueId(read)
        assert QAccessible.accessibleInterface(identity) is read
        del read
        shiboken6.delete(box)
        assert QAccessible.accessibleInterface(identity) is None


def test_the_box_offers_what_qt_s_own_line_edit_offers(panel: EntryPanel) -> None:
    """Asked through Qt (as the AT-SPI bridge asks) for each kind of interface, the box's
    node gives Qt's line edit's, or none where a line edit has none (no value, table or
    selection interface: a screen reader asks for each, and an answer PySide6 cannot hand
    to Qt ended the program)."""
    box = panel.card_points.edits[0]
    box.setText("5.5")
    read = node(box)
    plain = QLineEdit("5.5")
    qt_own = QAccessible.queryAccessibleInterface(plain)
    assert qt_own is not None
    for ask in (
        "valueInterface",
        "tableCellInterface",
        "selectionInterface",
        "actionInterface",
        "attributesInterface",
        "textInterface",
        "editableTextInterface",
    ):
        assert (getattr(read, ask)() is None) == (getattr(qt_own, ask)() is None), ask
    assert read.valueInterface() is None
    assert read.actionInterface().actionNames() == qt_own.actionInterface().actionNames()
    assert read.textInterface().text(0, 3) == "5.5"
