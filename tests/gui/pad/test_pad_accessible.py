"""The pad as a screen reader reads it, through Qt's own accessibility API (the interface
Qt's bridge hands to AT-SPI and UI Automation): every figure of every rubber of every game
equals the ledger's, in reading order, and a recorded or corrected hand is announced."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import replay
from jojotte_score.core.scoring import Line
from jojotte_score.gui.pad.sheet_widget import SheetWidget
from jojotte_score.gui.sitting.commands import AddHand, ReplaceHand
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.i18n import format_signed
from tests.gui.conftest import played
from tests.stored_examples import GAMES, example_sitting

NAME = QAccessible.Text.Name
ENTRY = re.compile(
    r"^(?P<column>.+), (?P<points>\d+) (?P<line>above|below)(?:, .+)?, hand (?P<hand>\d+)$"
)


GERMAN_PAD = [
    "Rubber 1 of 1",
    "A",
    "A, 60 above, hand 1",
    "A, 50 above, melds, hand 6",
    "A, 150 above, prison won, hand 6",
    "A, 300 above, rubber bonus, hand 6",
    "A, 95 below, hand 2",
    "A, 100 below, hand 6",
    "B",
    "B, 40 above, melds, hand 1",
    "B, 20 above, melds, hand 3",
    "B, 300 above, Nullo bonus, hand 4",
    "B, 40 above, hand 6",
    "B, 35 below, hand 1",
    "B, 220 below, hand 3",
    "Prison: 60 from hand 4, won by hand 6",
    "Prison: 90 from hand 5, won by hand 6",
    "Game 1 won by A with hand 2",
    "Game 2 won by B with hand 3",
    "Game 3 won by A with hand 6",
    "Total, A: 755",
    "Total, B: 655",
    "A wins the rubber by 100",
    "M melds   P prison won   N Nullo bonus   R rubber bonus",
]
"""What a screen reader reads on the pad of the German rules' worked example, in order."""


def children(node: QAccessibleInterface) -> list[QAccessibleInterface]:
    """The node's children, each checked to name its parent."""
    found = []
    for index in range(node.childCount()):
        child = node.child(index)
        assert child is not None
        assert child.isValid()
        assert node.indexOfChild(child) == index
        found.append(child)
    return found


def read_pad(sheet: SheetWidget, name: str = "Scorepad") -> list[str]:
    """The names of the pad node's children, in order, as a screen reader gets them."""
    node = QAccessible.queryAccessibleInterface(sheet)
    assert node is not None
    assert node.text(NAME) == name
    assert node.role() == QAccessible.Role.Table
    return [child.text(NAME) for child in children(node)]


@pytest.fixture
def listening() -> Iterator[None]:
    """A screen reader listens: Qt's accessibility is active."""
    QAccessible.setActive(True)
    yield
    QAccessible.setActive(False)


def test_the_german_example_reads_every_figure_in_order(qtbot: QtBot) -> None:
    """The rules' worked example (A 755, B 655): its 17 figures (12 entries, 2 prison
    amounts, 2 totals, the result), each column's entries above then below in the order
    written, the games and the legend."""
    sheet = SheetWidget()
    qtbot.addWidget(sheet)
    sheet.set_ledger(replay(example_sitting("two-player")))
    assert read_pad(sheet) == GERMAN_PAD
    node = QAccessible.queryAccessibleInterface(sheet)
    assert node.text(QAccessible.Text.Description) == "Rubber 1 of 1; A leads 755 to 655"
    entry = node.child(2)
    assert entry.text(QAccessible.Text.Value) == "60"
    assert entry.parent().text(NAME) == "Scorepad"
    assert node.child(1).role() == QAccessible.Role.ColumnHeader


@pytest.mark.parametrize("game", GAMES)
def test_every_figure_of_every_rubber_is_the_ledgers(game: str, qtbot: QtBot) -> None:
    ledger = replay(example_sitting(game))
    columns = ledger.columns
    sheet = SheetWidget()
    qtbot.addWidget(sheet)
    sheet.set_ledger(ledger)
    for rubber in ledger.rubbers:
        sheet.show_rubber(rubber.number)
        names = read_pad(sheet)
        read_entries = Counter(
            (m["column"], int(m["points"]), m["line"], int(m["hand"]))
            for m in map(ENTRY.match, names)
            if m is not None
        )
        written = Counter(
            (
                columns[entry.side],
                entry.points,
                "above" if entry.line is Line.ABOVE else "below",
                hand.number,
            )
            for hand in rubber.hands
            for entry in hand.entries
        )
        assert read_entries == written, f"rubber {rubber.number}"
        for side, column in enumerate(columns):
            assert f"Total, {column}: {rubber.totals[side]}" in names
            if ledger.game.per_player:
                settled = format_signed(rubber.settlement[side])
                assert f"Settlement, {column}: {settled}" in names
        prison = [n for n in names if n.startswith("Prison: ")]
        assert len(prison) == sum(1 for hand in rubber.hands if hand.prison_in)
        for hand in rubber.hands:
            if hand.prison_in:
                assert any(
                    n.startswith(f"Prison: {hand.prison_in} from hand {hand.number},")
                    for n in prison
                )
        games = [n for n in names if n.startswith("Game ")]
        assert len(games) == sum(1 for hand in rubber.hands if hand.game_winner is not None)
        won = [(h.number, h.game_winner) for h in rubber.hands if h.game_winner is not None]
        for number, (hand_number, winner) in enumerate(won, 1):
            assert games[number - 1] == (
                f"Game {number} won by {columns[winner]} with hand {hand_number}"
            )
        # Reading order: captions, then each column's heading and its own entries.
        headings = [names.index(column) for column in columns]
        assert headings == sorted(headings)
        for side, column in enumerate(columns):
            end = headings[side + 1] if side + 1 < len(columns) else len(names)
            own = [n for n in names[headings[side] + 1 : end] if ENTRY.match(n)]
            assert all(n.startswith(f"{column}, ") for n in own)


def test_every_item_is_where_it_is_painted(qtbot: QtBot) -> None:
    """A screen reader's review of the screen finds each figure where the eye sees it."""
    sheet = SheetWidget()
    qtbot.addWidget(sheet)
    sheet.resize(500, 700)
    sheet.show()
    qtbot.waitExposed(sheet)
    sheet.set_ledger(replay(example_sitting("two-player")))
    node = QAccessible.queryAccessibleInterface(sheet)
    whole = node.rect()
    for child in children(node):
        rect = child.rect()
        assert not rect.isEmpty(), child.text(NAME)
        assert whole.contains(rect), child.text(NAME)
    total = next(c for c in children(node) if c.text(NAME) == "Total, A: 755")
    assert node.childAt(total.rect().center().x(), total.rect().center().y()) is total


@pytest.mark.usefixtures("listening")
@pytest.mark.parametrize("game", GAMES)
def test_a_recorded_hand_is_announced(game: str, main_window: MainWindow, qtbot: QtBot) -> None:
    sitting = example_sitting(game)
    last = sitting.hands[-1]
    sitting_id = main_window.session.store.import_sitting(
        dataclasses.replace(sitting, hands=sitting.hands[:-1])
    )
    main_window.open_sitting_id(sitting_id)
    ledger = replay(sitting)
    number = len(sitting.hands)
    result = ledger.result(number)
    assert result is not None
    with qtbot.waitSignal(main_window.sheet.announced) as said:
        main_window.undo_stack.push(AddHand(main_window.session, last))
    news = said.args[0]
    assert news.startswith(f"Hand {number}: ")
    for entry in result.entries:
        line = "above" if entry.line is Line.ABOVE else "below"
        assert f"{ledger.columns[entry.side]} {entry.points} {line}" in news
    rubber = ledger.rubber(result.rubber)
    assert rubber is not None
    if len(ledger.columns) == 2:
        first, second = rubber.totals
        lead = 0 if first > second else 1
        if first != second:
            assert (
                f"{ledger.columns[lead]} leads {max(first, second)} to {min(first, second)}" in news
            )
    else:
        for column, total in zip(ledger.columns, rubber.totals, strict=True):
            assert f"{column} {total}" in news


@pytest.mark.usefixtures("listening")
def test_the_worked_example_s_last_hand_is_announced_in_words(
    main_window: MainWindow, qtbot: QtBot
) -> None:
    sitting = example_sitting("two-player")
    sitting_id = main_window.session.store.import_sitting(
        dataclasses.replace(sitting, hands=sitting.hands[:-1])
    )
    main_window.open_sitting_id(sitting_id)
    with qtbot.waitSignal(main_window.sheet.announced) as said:
        main_window.undo_stack.push(AddHand(main_window.session, sitting.hands[-1]))
    assert said.args[0] == (
        "Hand 6: A 50 above, A 150 above, A 300 above, A 100 below, B 40 above; "
        "A leads 755 to 655; A wins the rubber by 100"
    )
    with qtbot.waitSignal(main_window.sheet.announced) as said:
        main_window.undo_stack.undo()
    assert said.args[0] == "Hand 6 removed; B leads 615 to 155"


@pytest.mark.usefixtures("german")
def test_the_pad_reads_in_german(qtbot: QtBot) -> None:
    """The worked example read in the language spoken: "über dem Strich", "Keller"."""
    sheet = SheetWidget()
    qtbot.addWidget(sheet)
    sheet.set_ledger(replay(example_sitting("two-player")))
    names = read_pad(sheet, "Block")
    assert names[2] == "A, 60 über dem Strich, Spiel 1"
    assert "B, 220 unter dem Strich, Spiel 3" in names
    assert "Keller: 60 aus Spiel 4, gewonnen mit Spiel 6" in names
    assert "Summe, A: 755" in names


@pytest.mark.usefixtures("listening")
def test_a_corrected_hand_is_announced_as_itself(main_window: MainWindow, qtbot: QtBot) -> None:
    """Hand 5 of the worked example corrected from 35-45 to 45-35: A now makes the contract
    and wins the 60 waiting in prison. Hand 4's prison amount now reads "won by hand 5",
    but it is hand 5 that is said."""
    sitting = example_sitting("two-player")
    five = dataclasses.replace(sitting, hands=sitting.hands[:5])
    main_window.open_sitting_id(main_window.session.store.import_sitting(five))
    fifth = played(sitting.hands[4])
    corrected = fifth._replace(card_points=(45, 35))
    with qtbot.waitSignal(main_window.sheet.announced) as said:
        main_window.undo_stack.push(ReplaceHand(main_window.session, 4, corrected))
    assert said.args[0] == "Hand 5: A 60 above, A 55 below, B 35 above; B leads 650 to 270"


def test_a_pad_gone_leaves_nothing_in_qt_s_cache(qtbot: QtBot) -> None:
    """The table display closed: its pad's children leave Qt's cache with it (kept there,
    a screen reader holding one could ask a node whose pad is gone)."""
    sheet = SheetWidget()
    sheet.set_ledger(replay(example_sitting("two-player")))
    node = QAccessible.queryAccessibleInterface(sheet)
    ids = [QAccessible.uniqueId(child) for child in children(node)]
    assert len(ids) == len(GERMAN_PAD)
    assert all(QAccessible.accessibleInterface(i) is not None for i in ids)
    sheet.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert [i for i in ids if QAccessible.accessibleInterface(i) is not None] == []


@pytest.mark.usefixtures("german")
def test_the_copy_legend_wrapped_onto_two_lines_is_read_as_one_sentence(qtbot: QtBot) -> None:
    """In German the cutthroat pad's copy legend is drawn on two lines; a screen reader read
    them as two items, the first breaking off mid-sentence ("… der Geber dasselbe wie der")."""
    sheet = SheetWidget()
    qtbot.addWidget(sheet)
    sheet.resize(560, 700)
    sheet.show()
    qtbot.waitExposed(sheet)
    sheet.set_ledger(replay(example_sitting("cutthroat")))
    layout = sheet.sheet_layout()
    assert layout is not None
    painted = [t.text for t in layout.texts() if t.role == "label" and t.hand is None]
    start = next(n for n, text in enumerate(painted) if text.startswith("= vor einer Zahl"))
    lines = painted[start:]
    assert len(lines) >= 2  # drawn on two lines at this width
    whole = (
        "= vor einer Zahl kennzeichnet eine Kopie: Der inaktive Spieler bekommt dasselbe wie "
        "sein Partner\u00a0(T8), der Geber dasselbe wie der inaktive Spieler\u00a0(F3)"
    )
    assert " ".join(lines) == whole
    names = read_pad(sheet, "Block")
    assert names[-1] == whole
    assert not any(name in names for name in lines)
    legend = next(item for item in sheet.reading() if item.words == whole)
    heights = sheet.item_rect(legend).height()
    one_line = sheet.fontMetrics().height()
    assert heights > one_line  # its box holds both lines, for a review of the screen
