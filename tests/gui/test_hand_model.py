"""The hand list model: text a player checks, Qt's model tester, and 10,000 hands."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt
from pytestqt.modeltest import ModelTester

from jojotte_score.core.ledger import HandResult, replay
from jojotte_score.core.model import (
    Doubling,
    PlayedHand,
    Sitting,
    Special,
    ThrownIn,
    Trump,
    Variant,
)
from jojotte_score.gui.hand_model import Column, HandTableModel, contract_text

from .conftest import german


def texts(model: HandTableModel, row: int) -> list[str]:
    return [model.data(model.index(row, column)) for column in range(model.columnCount())]


def test_the_german_example_row_by_row(qtmodeltester: ModelTester) -> None:
    sitting = german()
    model = HandTableModel()
    model.set_sitting(sitting, replay(sitting))
    qtmodeltester.check(model)  # type: ignore[no-untyped-call]
    assert model.rowCount() == 6
    headings = [
        model.headerData(column, Qt.Orientation.Horizontal) for column in range(len(Column))
    ]
    assert headings == [
        "No.",
        "Dealer",
        "Contract",
        "Card points",
        "A\nabove",
        "A\nbelow",
        "B\nabove",
        "B\nbelow",
        "Notes",
    ]
    assert [texts(model, row) for row in range(6)] == [
        ["1", "", "B ♠", "60–25", "60", "", "40", "35", ""],
        ["2", "", "B ♥", "40–45", "", "95", "", "", "game to A"],
        ["3", "", "A ♣ ×2", "60–40", "", "", "20", "220", "game to B"],
        ["4", "", "A Nullo (2 tricks)", "20–40 (2–7 tricks)", "", "", "300", "", "60 to prison"],
        ["5", "", "A ♠", "35–45", "", "", "", "", "90 to prison"],
        # 50 melds + 150 from prison + 300 rubber bonus above; 100 below.
        [
            "6",
            "",
            "A ♠",
            "90–40",
            "500",
            "100",
            "40",
            "",
            "wins 150 from prison; game and rubber 1 to A",
        ],
    ]


def test_a_tooltip_explains_the_hand() -> None:
    sitting = german()
    model = HandTableModel()
    model.set_sitting(sitting, replay(sitting))
    tip = model.data(model.index(1, Column.CONTRACT), Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Hand 2 (rubber 1, game 1)")
    assert "95" in tip


@pytest.mark.parametrize(
    ("hand", "text"),
    [
        (PlayedHand(1, Trump.SPADES, (60, 95), 1), "B ♠"),
        (PlayedHand(0, Trump.NO_TRUMP, (60, 60), 0, Doubling.DOUBLE), "A NT ×2"),
        (PlayedHand(0, Trump.HEARTS, (60, 95), 0, Doubling.REDOUBLE), "A ♥ ×4"),
        (
            PlayedHand(1, Trump.NO_TRUMP, (20, 100), None, special=Special.NULLO, tricks=(2, 7)),
            "A Nullo (2 tricks)",
        ),
        (
            PlayedHand(0, Trump.CLUBS, (0, 120), None, special=Special.NULLO, tricks=(8, 1)),
            "B Nullo (1 trick)",
        ),
        (
            PlayedHand(0, Trump.DIAMONDS, (155, 0), 0, special=Special.SLAM, tricks=(9, 0)),
            "A ♦ Slam",
        ),
    ],
)
def test_contract_text(hand: PlayedHand, text: str) -> None:
    assert contract_text(hand, ("A", "B")) == text


def test_thrown_in_and_the_dealer_by_name(qtmodeltester: ModelTester) -> None:
    sitting = Sitting(
        Variant.TWO_PLAYER,
        ("Anna", "Bert"),
        (ThrownIn(dealer=1), PlayedHand(0, Trump.HEARTS, (100, 55), 0, dealer=0)),
    )
    model = HandTableModel()
    model.set_sitting(sitting, replay(sitting))
    qtmodeltester.check(model)  # type: ignore[no-untyped-call]
    assert texts(model, 0) == ["1", "Bert", "thrown in", "", "", "", "", "", ""]
    assert texts(model, 1)[:4] == ["2", "Anna", "Anna ♥", "100–55"]
    assert model.headerData(Column.ABOVE_0, Qt.Orientation.Horizontal) == "Anna\nabove"


def test_no_sitting_is_an_empty_model(qtmodeltester: ModelTester) -> None:
    model = HandTableModel()
    model.set_sitting(None, None)
    qtmodeltester.check(model)  # type: ignore[no-untyped-call]
    assert model.rowCount() == 0
    assert model.data(model.index(0, 0)) is None
    assert model.rowCount(model.index(0, 0)) == 0
    assert model.columnCount(QModelIndex()) == len(Column)


def test_ten_thousand_hands_cost_nothing_until_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rows are made when Qt asks for them, not when the sitting is set."""
    hand = PlayedHand(0, Trump.HEARTS, (20, 135), 1)
    sitting = Sitting(Variant.TWO_PLAYER, ("Anna", "Bert"), (hand,) * 10_000)
    ledger = replay(sitting)
    model = HandTableModel()
    made: list[int] = []
    text = HandTableModel._text

    def counting(self: HandTableModel, result: HandResult, column: Column) -> str:
        made.append(result.number)
        return text(self, result, column)

    monkeypatch.setattr(HandTableModel, "_text", counting)
    model.set_sitting(sitting, ledger)
    assert made == []
    assert model.rowCount() == 10_000
    assert model.data(model.index(9_999, Column.NUMBER)) == "10000"
    assert made == [10_000]


def test_headings_have_the_whole_name_as_tooltip() -> None:
    model = HandTableModel()
    sitting = Sitting(Variant.PARTNERSHIP, ("Anna", "Bert", "Carl", "Dora"))
    model.set_sitting(sitting, replay(sitting))
    tooltip = model.headerData(
        Column.BELOW_1, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert tooltip == "Bert & Dora below"
