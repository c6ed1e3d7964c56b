"""The list of hands: one row per hand, its text taken from the ledger.

Rows are built when Qt asks for them (``data()``), so a sitting of 10,000 hands costs
nothing until rows are shown; rows older than the newest rubber are scored when first
shown (see :class:`~jojotte_score.gui.pad.Pad`). The only arithmetic is adding up a
hand's entries per side and line, as the pad shows them.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from jojotte_score.core.ledger import HandResult, Ledger
from jojotte_score.core.model import Doubling, PlayedHand, Sitting, Special, Trump
from jojotte_score.core.scoring import Line
from jojotte_score.gui.pad import Pad

TRUMP_SIGNS = {
    Trump.CLUBS: "♣",
    Trump.DIAMONDS: "♦",
    Trump.HEARTS: "♥",
    Trump.SPADES: "♠",
    Trump.NO_TRUMP: "NT",
}
DOUBLING_SIGNS = {Doubling.NONE: "", Doubling.DOUBLE: " ×2", Doubling.REDOUBLE: " ×4"}

_Index = QModelIndex | QPersistentModelIndex


class Column(enum.IntEnum):
    """The columns of the hand list."""

    NUMBER = 0
    DEALER = 1
    CONTRACT = 2
    POINTS = 3
    ABOVE_0 = 4
    BELOW_0 = 5
    ABOVE_1 = 6
    BELOW_1 = 7
    NOTES = 8


_SCORE_COLUMNS = {
    Column.ABOVE_0: (0, Line.ABOVE),
    Column.BELOW_0: (0, Line.BELOW),
    Column.ABOVE_1: (1, Line.ABOVE),
    Column.BELOW_1: (1, Line.BELOW),
}
_RIGHT_ALIGNED = frozenset({Column.NUMBER, *_SCORE_COLUMNS})
_COLUMNS = len(Column)
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def contract_text(hand: PlayedHand, sides: tuple[str, str]) -> str:
    """The contract as the list shows it: "B ♠", "A NT ×2", "A Nullo (2 tricks)", "B ♥ Slam"."""
    if hand.special is Special.NULLO:
        taken = hand.tricks[hand.declarer] if hand.tricks is not None else 0
        plural = "trick" if taken == 1 else "tricks"
        return f"{sides[hand.declarer]} Nullo ({taken} {plural}){DOUBLING_SIGNS[hand.double]}"
    text = f"{sides[hand.bidder]} {TRUMP_SIGNS[hand.trump]}{DOUBLING_SIGNS[hand.double]}"
    return text + " Slam" if hand.special is Special.SLAM else text


def points_text(hand: PlayedHand) -> str:
    """Card points "60–25", with the tricks when they were recorded."""
    text = f"{hand.card_points[0]}–{hand.card_points[1]}"
    if hand.tricks is not None:
        text += f" ({hand.tricks[0]}–{hand.tricks[1]} tricks)"
    return text


def notes_text(result: HandResult, sides: tuple[str, str]) -> str:
    """What the hand did to prison, the game and the rubber."""
    notes = []
    if result.prison_out:
        notes.append(f"wins {result.prison_out} from prison")
    if result.prison_in:
        notes.append(f"{result.prison_in} to prison")
    if result.rubber_winner is not None:
        notes.append(f"game and rubber {result.rubber} to {sides[result.rubber_winner]}")
    elif result.game_winner is not None:
        notes.append(f"game to {sides[result.game_winner]}")
    return "; ".join(notes)


class HandTableModel(QAbstractTableModel):
    """The hands of one sitting, numbered from 1, with what each wrote on the pad."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._players: tuple[str, ...] = ()
        self._pad: Pad | None = None
        self._sides: tuple[str, str] = ("", "")

    def set_pad(self, players: Sequence[str], pad: Pad | None) -> None:
        """Show the hands of ``pad``, dealt by ``players`` (None: no sitting).

        Rows older than the pad's newest rubber are scored when first shown."""
        self.beginResetModel()
        self._pad = pad
        self._players = tuple(players) if pad is not None else ()
        self._sides = pad.sides if pad is not None else ("", "")
        self.endResetModel()

    def set_sitting(self, sitting: Sitting | None, ledger: Ledger | None) -> None:
        """Show ``sitting`` scored as its whole ``ledger`` (None: no sitting)."""
        pad = Pad.of(ledger) if sitting is not None and ledger is not None else None
        self.set_pad(sitting.players if sitting is not None else (), pad)

    def result(self, row: int) -> HandResult | None:
        """The scored hand shown in ``row``."""
        return self._pad.result(row + 1) if self._pad is not None else None

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid() or self._pad is None:
            return 0
        return self._pad.hand_count

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else _COLUMNS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        # Qt asks for many roles it has no use for here; those are answered first.
        if role not in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.TextAlignmentRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            return None
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < _COLUMNS:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._heading(Column(section))
        if (
            role == Qt.ItemDataRole.ToolTipRole
        ):  # the whole heading, for one elided in a narrow column
            return self._heading(Column(section)).replace("\n", " ")
        return _RIGHT if section in _RIGHT_ALIGNED else None

    def _heading(self, column: Column) -> str:
        """The column's heading; a side's columns name it on a line of its own."""
        if column in _SCORE_COLUMNS:
            side, line = _SCORE_COLUMNS[column]
            where = "above" if line is Line.ABOVE else "below"
            return f"{self._sides[side] or ('A', 'B')[side]}\n{where}"
        return {
            Column.NUMBER: "No.",
            Column.DEALER: "Dealer",
            Column.CONTRACT: "Contract",
            Column.POINTS: "Card points",
            Column.NOTES: "Notes",
        }[column]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (
            role != Qt.ItemDataRole.DisplayRole
            and role != Qt.ItemDataRole.TextAlignmentRole
            and role != Qt.ItemDataRole.ToolTipRole
        ):
            return None
        if not index.isValid() or index.parent().isValid():
            return None
        column = index.column()
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if column in _RIGHT_ALIGNED else None
        result = self.result(index.row())
        if result is None or not 0 <= column < _COLUMNS:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(result, Column(column))
        if self._pad is not None:  # the tooltip
            return "\n".join(self._pad.explain(result.number))
        return None

    def _text(self, result: HandResult, column: Column) -> str:
        hand, sides = result.hand, self._sides
        if column is Column.NUMBER:
            return str(result.number)
        if column is Column.DEALER:
            return self._dealer(hand.dealer)
        if column is Column.NOTES:
            return notes_text(result, sides)
        if column in _SCORE_COLUMNS:
            # Entries are never 0 points, so 0 means the hand wrote nothing there.
            points = result.written(*_SCORE_COLUMNS[column])
            return str(points) if points else ""
        if not isinstance(hand, PlayedHand):
            return "thrown in" if column is Column.CONTRACT else ""
        if column is Column.CONTRACT:
            return contract_text(hand, sides)
        return points_text(hand)

    def _dealer(self, seat: int | None) -> str:
        players = self._players
        return players[seat] if seat is not None and 0 <= seat < len(players) else ""
