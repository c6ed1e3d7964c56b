"""The hand list as a screen reader reads it, through Qt's accessibility API: column
headers, a row header for each hand, the contract in words, the hand's explanation as each
cell's description, and each cell's text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QTableView

from jojotte_score.core.games import find_game, replay
from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import Doubling, PlayedHand, SeatHand, Special, ThrownIn, Trump
from jojotte_score.gui.pad.hand_model import contract_words
from jojotte_score.gui.window.main_window import MainWindow
from tests.stored_examples import GAMES, example_sitting, store_game

NAME, DESCRIPTION = QAccessible.Text.Name, QAccessible.Text.Description
HORIZONTAL = Qt.Orientation.Horizontal


def cells(table: QTableView) -> dict[tuple[int, int], QAccessibleInterface]:
    """The table's cells by (row, column), as its accessible node's children."""
    node = QAccessible.queryAccessibleInterface(table)
    assert node is not None
    found = {}
    for index in range(node.childCount()):
        child = node.child(index)
        cell = child.tableCellInterface()
        if child.role() == QAccessible.Role.Cell and cell is not None:
            found[cell.rowIndex(), cell.columnIndex()] = child
    return found


def headers(cell: QAccessibleInterface) -> tuple[list[str], list[str]]:
    """The cell's column headers' and row headers' names."""
    table_cell = cell.tableCellInterface()
    assert table_cell is not None
    return (
        [h.text(NAME) for h in table_cell.columnHeaderCells()],
        [h.text(NAME) for h in table_cell.rowHeaderCells()],
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_cell_of_the_hand_list_carries_its_text_and_context(
    game: str, main_window: MainWindow
) -> None:
    QAccessible.setActive(True)
    try:
        main_window.open_sitting_id(store_game(main_window.session.store, game))
        model = main_window.table.model()
        ledger = replay(example_sitting(game))
        found = cells(main_window.table)
        assert (
            len(found)
            == model.rowCount() * model.columnCount()
            == len(ledger.hands) * model.columnCount()
        )
        for (row, column), cell in found.items():
            shown = model.index(row, column).data()
            heading = model.headerData(column, HORIZONTAL).replace("\n", " ")
            columns, rows = headers(cell)
            assert columns == [heading]
            assert rows == [f"Hand {row + 1}"]
            if column == 2:  # the contract, in words
                hand = ledger.hands[row].hand
                assert cell.text(NAME) == contract_words(hand, names_for(ledger, row)) != ""
                assert "♠" not in cell.text(NAME)
            else:
                assert cell.text(NAME) == shown
            explain = find_game(ledger.variant).explain_hand
            explanation = "\n".join(explain(ledger.hands[row], ledger))
            assert cell.text(DESCRIPTION) == explanation
    finally:
        QAccessible.setActive(False)


def names_for(ledger: Ledger, row: int) -> tuple[str, ...]:
    """The names a hand's contract is read with: its two sides (the chouette's box and
    captain in the hand's rubber), or the players of a hand by seat."""
    result = ledger.hands[row]
    roles = ledger.rubber_roles(result.rubber)
    if isinstance(result.hand, PlayedHand) and roles is not None:
        first, second = find_game(ledger.variant).side_seats(roles)
        return (ledger.columns[first], ledger.columns[second])
    return ledger.columns


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        (
            PlayedHand(bidder=0, trump=Trump.SPADES, card_points=(90, 65), last_trick=0),
            "Anna, spades",
        ),
        (
            PlayedHand(
                bidder=1,
                trump=Trump.CLUBS,
                double=Doubling.DOUBLE,
                card_points=(60, 40),
                last_trick=1,
            ),
            "Bert, clubs, doubled",
        ),
        (
            PlayedHand(
                bidder=0,
                trump=Trump.NO_TRUMP,
                double=Doubling.REDOUBLE,
                card_points=(100, 55),
                last_trick=0,
            ),
            "Anna, no-trump, redoubled",
        ),
        (
            PlayedHand(
                bidder=0,
                trump=Trump.HEARTS,
                special=Special.NULLO,
                card_points=(0, 155),
                tricks=(9, 0),
                last_trick=0,
            ),
            "Bert, Nullo, 0 tricks",
        ),
        (
            PlayedHand(
                bidder=0,
                trump=Trump.HEARTS,
                special=Special.SLAM,
                card_points=(155, 0),
                tricks=(9, 0),
                last_trick=0,
            ),
            "Anna, hearts, Slam",
        ),
        (ThrownIn(), "thrown in"),
    ],
)
def test_a_contract_in_words(hand: PlayedHand | ThrownIn, words: str) -> None:
    assert contract_words(hand, ("Anna", "Bert")) == words


def test_a_hand_by_seat_says_whom_it_was_played_against() -> None:
    sitting = example_sitting("cutthroat")
    hand = next(h for h in sitting.hands if isinstance(h, SeatHand))
    words = contract_words(hand, sitting.players)
    assert words.startswith(f"{sitting.players[hand.declarer]}, ")
    assert words.endswith(f", against {sitting.players[hand.active_defender]}")
