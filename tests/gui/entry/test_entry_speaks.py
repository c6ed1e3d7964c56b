"""The entry panel as a screen reader meets it, through Qt's accessibility API: each row of
choices is a group of radio buttons that reports the choice made, a choice made with a key
is announced, every box says its label and side, an error is tied to its field and
announced, and the panel's name says which hand it records."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import Scorer
from jojotte_score.core.model import Rules, Variant
from jojotte_score.gui.accessibility import ANNOUNCED
from jojotte_score.gui.entry.entry_fields import ChoiceField
from jojotte_score.gui.entry.entry_panel import EntryPanel
from tests.gui.keyboard import ENTER, TAB, Keyboard
from tests.sitting_kinds import load_two_sided, two_sided_hands

GERMAN = Path(__file__).resolve().parents[2] / "data" / "german-example.json"
NAME, DESCRIPTION, VALUE = (
    QAccessible.Text.Name,
    QAccessible.Text.Description,
    QAccessible.Text.Value,
)


@pytest.fixture
def panel(qtbot: QtBot, listening: None) -> EntryPanel:
    """A shown panel for players Anna and Bert, Anna dealing the first hand."""
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
    widget.new_hand()
    return widget


@pytest.fixture
def keyboard(qtbot: QtBot) -> Keyboard:
    """Keys typed to whatever has the focus."""
    return Keyboard(qtbot)


def node(widget: QWidget) -> QAccessibleInterface:
    """The widget's accessible node, as Qt's bridge hands it to a screen reader."""
    found = QAccessible.queryAccessibleInterface(widget)
    assert found is not None
    return found


def radios(field: ChoiceField[Any]) -> list[tuple[str, bool, str]]:
    """Each radio button of a row of choices: its name, whether checked, its key."""
    group = node(field)
    found = []
    for index in range(group.childCount()):
        child = group.child(index)
        assert child.role() == QAccessible.Role.RadioButton
        assert child.parent().object() is field
        found.append((child.text(NAME), bool(child.state().checked), child.text(DESCRIPTION)))
    return found


def test_a_row_of_choices_is_a_group_that_reports_its_choice(
    panel: EntryPanel, keyboard: Keyboard
) -> None:
    trump = node(panel.trump)
    assert trump.role() == QAccessible.Role.Grouping
    assert trump.text(NAME) == "Trump"
    assert trump.text(DESCRIPTION) == "nothing chosen"
    labels = [
        relation[0].text(NAME) for relation in trump.relations(QAccessible.RelationFlag.Label)
    ]
    assert labels == ["Trump"]
    keyboard.press("1", "S")  # Anna bids, spades
    assert trump.text(VALUE) == "Spades"
    assert trump.text(DESCRIPTION) == "Spades chosen"
    assert ("Spades", True, "Key S") in radios(panel.trump)
    assert [checked for _name, checked, _key in radios(panel.trump)].count(True) == 1
    assert panel.trump.property(ANNOUNCED) == "Trump: Spades"
    assert panel.bidder.property(ANNOUNCED) == "Bidder: Anna"


def test_every_row_of_choices_reports_its_value(panel: EntryPanel, keyboard: Keyboard) -> None:
    hand = two_sided_hands(load_two_sided(GERMAN).hands)[2]  # A bids clubs, doubled by B
    panel.set_context(
        Variant.TWO_PLAYER,
        ("Anna", "Bert"),
        Rules(),
        Scorer(find_game(Variant.TWO_PLAYER), Rules()),
        None,
    )
    panel.edit_hand(2, hand)
    for field in (panel.bidder, panel.trump, panel.double, panel.last_trick):
        group = node(field)
        chosen = [name for name, checked, _key in radios(field) if checked]
        assert chosen == [field.choice_label()]
        assert group.text(VALUE) == field.choice_label() != ""
        assert group.text(DESCRIPTION) == f"{field.choice_label()} chosen"
    assert node(panel.trump).text(VALUE) == "Clubs"
    assert node(panel.bidder).text(VALUE) == "Anna"


def test_every_box_says_its_label_and_side(panel: EntryPanel) -> None:
    names = [
        node(edit).text(NAME)
        for pair in (panel.melds, panel.card_points, panel.tricks)
        for edit in pair.edits
    ]
    assert names == [
        "Meld points, Anna",
        "Meld points, Bert",
        "Card points, Anna",
        "Card points, Bert",
        "Tricks, Anna",
        "Tricks, Bert",
    ]
    # Orca names a box by its label when it has one: the row's label names the left box.
    for pair in (panel.melds, panel.card_points, panel.tricks):
        labels = node(pair.edits[0]).relations(QAccessible.RelationFlag.Label)
        assert [label[0].text(NAME) for label in labels] == [node(pair.edits[0]).text(NAME)]


def test_an_error_is_tied_to_its_field_and_announced(panel: EntryPanel, keyboard: Keyboard) -> None:
    keyboard.press(ENTER)  # nothing entered: every field still missing says so
    last_trick = node(panel.last_trick)
    message = "⚠ Who won the last trick?"
    assert last_trick.state().invalid
    assert last_trick.text(DESCRIPTION) == f"nothing chosen. {message}"
    described = last_trick.relations(QAccessible.RelationFlag.Described)
    assert [relation[0].text(NAME) for relation in described] == [message]
    assert panel.property(ANNOUNCED) == "\n".join(
        [
            "⚠ Who named the trump?",
            "⚠ Which trump, or no-trump?",
            "⚠ How many card points did Anna take?",
            "⚠ How many card points did Bert take?",
            message,
        ]
    )
    box = node(panel.card_points.edits[1])
    assert box.text(DESCRIPTION) == "⚠ How many card points did Bert take?"
    keyboard.press("1", "S", "9", "0", TAB, "6", "5", TAB, "1")  # Anna took the last trick
    assert not last_trick.state().invalid
    assert last_trick.text(DESCRIPTION) == "Anna chosen"
    assert node(panel.card_points.edits[1]).text(DESCRIPTION) == ""


def test_the_panel_is_named_by_its_mode_and_announces_it(panel: EntryPanel, qtbot: QtBot) -> None:
    hand = two_sided_hands(load_two_sided(GERMAN).hands)[2]
    assert node(panel).text(NAME) == "New hand 1"
    with qtbot.waitSignal(panel.announced) as said:
        panel.edit_hand(2, hand)
    assert said.args == ["Editing hand 3"]
    assert node(panel).text(NAME) == "Editing hand 3"
    with qtbot.waitSignal(panel.announced) as said:
        panel.new_hand()
    assert said.args == ["New hand 1"]


def test_a_key_refused_is_said_and_an_error_while_typing_is_not(
    panel: EntryPanel, keyboard: Keyboard
) -> None:
    keyboard.press("1", "N", "9", "2", TAB, "2", "0", TAB, "1")  # 92 at no-trump
    first = panel.card_points.errors[0]
    assert first.text() == (
        "⚠ Anna's card points (92) must be a multiple of 5 from 0 to 120 at no-trump"
    )
    assert node(panel.card_points.edits[0]).text(DESCRIPTION) == first.text()
    assert first.property(ANNOUNCED) is None  # shown and tied, not said while typing
    assert panel.property(ANNOUNCED) is None
    panel.record_button.setFocus()
    keyboard.press("Q")  # the hand needs nothing more, and Q is no row's key
    said = panel.general_error.property(ANNOUNCED)
    assert said == "⚠ “Q” was not typed in: the hand is complete; Enter records it."
