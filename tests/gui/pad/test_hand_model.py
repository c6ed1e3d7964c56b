"""The hand list model: text a player checks, Qt's model tester, and 10,000 hands."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import new_sitting, replay
from jojotte_score.core.ledger import HandResult
from jojotte_score.core.model import (
    Doubling,
    PlayedHand,
    SeatHand,
    SidesWith,
    Special,
    ThrownIn,
    Trump,
    Variant,
)
from jojotte_score.gui.pad.hand_model import (
    Column,
    HandTableModel,
    contract_text,
    seat_contract_text,
    seat_points_text,
)
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.conftest import german, screenshot_folder


@pytest.fixture
def german_language(german: None) -> None:
    """The program speaks German (the module's ``german`` is the worked example)."""


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


def test_a_rows_texts_for_fitting_the_columns_are_what_its_cells_show() -> None:
    sitting = german()
    model = HandTableModel()
    model.set_sitting(sitting, replay(sitting))

    assert model.row_texts(2) == ("3", "", "A ♣ ×2", "60–40", "", "", "20", "220")
    assert [list(model.row_texts(row)) for row in range(6)] == [
        texts(model, row)[:-1]
        for row in range(6)  # all but the notes
    ]
    assert HandTableModel().row_texts(0) == ("",) * 8  # no sitting: empty texts


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
            "A ♦ slam",
        ),
    ],
)
def test_contract_text(hand: PlayedHand, text: str) -> None:
    assert contract_text(hand, ("A", "B")) == text


def test_thrown_in_and_the_dealer_by_name(qtmodeltester: ModelTester) -> None:
    sitting = new_sitting(
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
    sitting = new_sitting(Variant.TWO_PLAYER, ("Anna", "Bert"), (hand,) * 10_000)
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
    assert set(made) == {10_000}  # that row's texts, no other's


def test_a_recorded_hand_makes_only_its_own_row_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rows a recorded hand leaves as they were are not written again; a changed hand,
    or renamed players, are."""
    hearts, spades = (
        PlayedHand(1, trump, (20, 135), 1, dealer=0) for trump in (Trump.HEARTS, Trump.SPADES)
    )
    model = HandTableModel()
    made: list[int] = []
    text = HandTableModel._text

    def counting(self: HandTableModel, result: HandResult, column: Column) -> str:
        if column != Column.NOTES:  # the notes are made when painted
            made.append(result.number)
        return text(self, result, column)

    def show(players: tuple[str, str], hands: tuple[PlayedHand, ...]) -> list[list[str]]:
        sitting = new_sitting(Variant.TWO_PLAYER, players, hands)
        model.set_sitting(sitting, replay(sitting))
        return [texts(model, row) for row in range(model.rowCount())]

    monkeypatch.setattr(HandTableModel, "_text", counting)
    show(("Anna", "Bert"), (hearts, hearts))
    made.clear()
    rows = show(("Anna", "Bert"), (hearts, hearts, spades))  # hand 3 recorded
    assert set(made) == {3}
    assert [row[:4] for row in rows] == [
        ["1", "Anna", "Bert ♥", "20–135"],
        ["2", "Anna", "Bert ♥", "20–135"],
        ["3", "Anna", "Bert ♠", "20–135"],
    ]
    made.clear()
    rows = show(("Anna", "Bert"), (hearts, spades, spades))  # hand 2 edited
    assert set(made) == {2}
    assert rows[1][:3] == ["2", "Anna", "Bert ♠"]
    made.clear()
    rows = show(("Anne", "Bert"), (hearts, spades, spades))  # a player renamed
    assert set(made) == {1, 2, 3}
    assert [row[1] for row in rows] == ["Anne", "Anne", "Anne"]


def test_headings_have_the_whole_name_as_tooltip() -> None:
    model = HandTableModel()
    sitting = new_sitting(Variant.PARTNERSHIP, ("Anna", "Bert", "Carl", "Dora"))
    model.set_sitting(sitting, replay(sitting))
    tooltip = model.headerData(
        Column.BELOW_1, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert tooltip == "Bert & Dora below"


# In German ---------------------------------------------------------------------------------


@pytest.mark.usefixtures("german_language")
def test_the_german_example_in_german() -> None:
    sitting = german()
    model = HandTableModel()
    model.set_sitting(sitting, replay(sitting))
    headings = [
        model.headerData(column, Qt.Orientation.Horizontal) for column in range(len(Column))
    ]
    assert headings == [
        "Nr.",
        "Geber",
        "Kontrakt",
        "Kartenpunkte",
        "A\nüber",
        "A\nunter",
        "B\nüber",
        "B\nunter",
        "Anmerkungen",
    ]
    rows = [texts(model, row) for row in range(6)]
    assert rows[1][8] == "Partie an A"
    assert rows[3][2:4] == ["A Null (2 Stiche)", "20–40 (2–7 Stiche)"]
    assert rows[3][8] == "60 in den Keller"
    assert rows[5][8] == "gewinnt 150 aus dem Keller; Partie und Robber 1 an A"


@pytest.mark.usefixtures("german_language")
@pytest.mark.parametrize(
    ("hand", "text"),
    [
        (PlayedHand(0, Trump.NO_TRUMP, (60, 60), 0, Doubling.DOUBLE), "A OT ×2"),
        (
            PlayedHand(0, Trump.CLUBS, (0, 120), None, special=Special.NULLO, tricks=(8, 1)),
            "B Null (1 Stich)",
        ),
        (
            PlayedHand(0, Trump.DIAMONDS, (155, 0), 0, special=Special.SLAM, tricks=(9, 0)),
            "A ♦ Schlemm",
        ),
    ],
)
def test_contract_text_in_german(hand: PlayedHand, text: str) -> None:
    assert contract_text(hand, ("A", "B")) == text


@pytest.mark.usefixtures("german_language")
def test_a_hand_by_seat_in_german() -> None:
    hand = SeatHand(
        bidder=0,
        trump=Trump.HEARTS,
        active_defender=2,
        card_points=(50, 0, 80),
        last_trick=2,
        double=Doubling.DOUBLE,
        doubler=2,
        sides_with=SidesWith.DEFENDER,
        tricks=(3, 0, 6),
    )
    players = ("Anna", "Bert", "Carl")
    assert seat_contract_text(hand, players) == "Anna ♥ ×2 gegen Carl"
    assert seat_points_text(hand) == "50–80 (3–6 Stiche)"
    nullo = hand._replace(
        special=Special.NULLO, nullo_bidder=1, double=Doubling.NONE, doubler=None,
        sides_with=None, active_defender=0, tricks=(8, 1, 0),
    )  # fmt: skip
    assert seat_contract_text(nullo, players) == "Bert Null (1 Stich) gegen Anna"


@pytest.mark.usefixtures("german_language")
def test_the_hand_list_in_the_window_in_german(
    main_window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    """The worked example in the window: the list's headings in German, each column as wide
    as its heading and its cells need (neither is ever elided)."""
    sitting_id = main_window.session.store.import_sitting(german(), title="Berlin 1937")
    main_window.open_sitting_id(sitting_id)
    main_window.resize(1280, 820)
    main_window.select_hand(6)
    qtbot.wait(50)
    table = main_window.table
    model = main_window.model
    header = table.horizontalHeader()
    for column in range(model.notes_column()):
        heading = str(model.headerData(column, Qt.Orientation.Horizontal))
        widest = max(header.fontMetrics().horizontalAdvance(line) for line in heading.split("\n"))
        assert table.columnWidth(column) >= widest, heading
        for row in range(model.rowCount()):  # no cell elided: "A Null (2 Stiche)" whole
            cell = table.sizeHintForIndex(model.index(row, column)).width() + 1  # + grid line
            assert table.columnWidth(column) >= cell, (heading, row)
    folder = screenshot_folder(tmp_path)
    assert main_window.grab().save(str(folder / "main-window-de.png"))
    assert table.grab().save(str(folder / "hand-list-de.png"))
