"""The File menu and the status line with a sitting of each of the five ways to play: Export
CSV writes what ``jojotte-score csv`` writes, Open names every player and each one's
result as the history does, Print and Export PDF draw every player's column, and the status
line reads the same in English and in German whatever the game.

Each game is its worked example (``tests/data/*-example.json``), stored in the database and
shown in the window; dialogs never block (their ``exec`` is patched).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QDialog, QFileDialog
from pytestqt.qtbot import QtBot

from jojotte_score.cli import main
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.history.history_rows import Column, history_row
from jojotte_score.gui.printing import RubberChoiceDialog
from jojotte_score.gui.window.dialogs import OpenSittingDialog
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.i18n import use_language
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import shown_window
from tests.gui.test_printing import Preview, answer
from tests.poppler import pdf_text
from tests.stored_examples import GAMES, NAMES, store_game


@pytest.fixture
def window(qtbot: QtBot, store: SittingStore, settings: AppSettings) -> MainWindow:
    """The window over ``store``, showing nothing yet."""
    return shown_window(qtbot, Session(store), settings)


def show_game(window: MainWindow, game: str) -> int:
    """Store the example of ``game`` and show it in ``window``; its id."""
    sitting_id = store_game(window.session.store, game)
    window.open_sitting_id(sitting_id)
    assert window.session.shown is not None
    return sitting_id


@pytest.mark.parametrize("game", GAMES)
def test_export_csv_writes_what_the_command_line_writes(
    game: str,
    window: MainWindow,
    data_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    sitting_id = show_game(window, game)
    action = window.named_actions[ActionName.EXPORT_CSV]
    assert action.isEnabled()
    chosen = tmp_path / "evening.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(chosen), ""))
    action.trigger()
    hands, rubbers = chosen, tmp_path / "evening-rubbers.csv"
    assert window.statusBar().currentMessage() == (
        f"Wrote the hands to {hands} and the rubbers to {rubbers}"
    )

    command = tmp_path / "command"
    command.mkdir()
    arguments = ["csv", "--sitting", str(sitting_id), "--data-dir", str(data_dir)]
    files = ["--hands", str(command / "hands.csv"), "--rubbers", str(command / "rubbers.csv")]
    assert main([*arguments, *files]) == 0
    assert capsys.readouterr().err == ""
    assert hands.read_bytes() == (command / "hands.csv").read_bytes()
    assert rubbers.read_bytes() == (command / "rubbers.csv").read_bytes()
    shown = window.session.shown
    assert shown is not None
    hand_lines = hands.read_text(encoding="utf-8-sig").splitlines()
    assert len(hand_lines) == 1 + shown.count
    rubber_lines = rubbers.read_text(encoding="utf-8-sig").splitlines()
    assert len(rubber_lines) == 1 + len(shown.ledger.rubbers)
    assert rubber_lines[1].startswith(f"#{sitting_id} ")


OPEN_ROWS = {
    "two-player": ("Two players", "A–B", "6", "1", "A +100"),
    "partnership": ("Partnership", "Anna & Carl – Bert & Dora", "6", "1", "Bert & Dora +380"),
    "three-player": (
        "Three players",
        "Anna, Bert, Carl",
        "8",
        "1",
        "Anna +655, Bert \u22121655, Carl +1000",
    ),
    "chouette": (
        "Chouette",
        "Anna, Bert, Carl",
        "10",
        "3",
        "Anna +1135, Bert +1150, Carl \u22122285",
    ),
    "cutthroat": (
        "Cutthroat",
        "Anna, Bert, Carl, Dave",
        "5",
        "1",
        "Anna \u2212110, Bert \u2212190, Carl +2450, Dave \u22122150",
    ),
}
"""The Open dialog's way to play, players, hands, finished rubbers and result of each example."""


def test_open_names_every_player_and_result_as_the_history_does(
    window: MainWindow, store: SittingStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = {game: store_game(store, game) for game in GAMES}
    seen: list[list[str]] = []

    def choose_the_chouette(dialog: OpenSittingDialog) -> int:
        table = dialog.table
        for row in range(table.rowCount()):
            items = [table.item(row, column) for column in range(table.columnCount())]
            seen.append([item.text() if item is not None else "" for item in items])
        rows = [info.id for info in dialog.sittings]
        dialog.table.selectRow(rows.index(ids["chouette"]))
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr(OpenSittingDialog, "exec", choose_the_chouette)
    window.named_actions[ActionName.OPEN_SITTING].trigger()

    by_players = {tuple(row[1:6]) for row in seen}
    assert by_players == set(OPEN_ROWS.values())
    infos = store.list_sittings()
    for row, info in zip(seen, infos, strict=True):
        history = history_row(info)
        columns = (
            Column.DATE,
            Column.VARIANT,
            Column.PLAYERS,
            Column.HANDS,
            Column.RUBBERS,
            Column.RESULT,
        )
        assert row[:6] == [history.text(column) for column in columns]
    assert window.session.sitting_id == ids["chouette"]
    assert window.windowTitle() == "Anna – Bert – Carl – Jo-Jotte scorepad"


PRINTED = {
    "two-player": ("A wins the rubber by 100", "Running result after rubber 1: A ahead by 100"),
    "partnership": (
        "Bert & Dora win the rubber by 765",
        "Running result so far: Bert & Dora ahead by 380",
    ),
    "three-player": (
        "Result after rubber 1: Anna +505, Bert \u22121355, Carl +850",
        "Result so far: Anna +655, Bert \u22121655, Carl +1000",
    ),
    "chouette": (
        "The team, Carl & Bert, wins the rubber",
        "Result after rubber 3: Anna +1135, Bert +1150, Carl \u22122285",
    ),
    "cutthroat": (
        "Carl wins the rubber",
        "Result after rubber 1: Anna \u2212110, Bert \u2212190, Carl +2450, Dave \u22122150",
    ),
}
"""Lines of each example's printed pads: a rubber's end, and the result of the last pad
(the page writes a minus sign, U+2212)."""


@pytest.mark.parametrize("game", GAMES)
def test_print_draws_every_column_of_the_whole_sitting(
    game: str, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    show_game(window, game)
    preview = Preview(tmp_path / "printed.pdf")
    monkeypatch.setattr(QPrintPreviewDialog, "exec", lambda dialog: preview.exec(dialog))
    answer(monkeypatch, RubberChoiceDialog, lambda dialog: dialog.whole.setChecked(True))
    window.named_actions[ActionName.PRINT].trigger()
    assert len(preview.titles) == 1
    text = pdf_text(preview.target)
    for name in NAMES[game]:
        assert name in text
    for line in PRINTED[game]:
        assert line in text.splitlines()


@pytest.mark.parametrize("game", GAMES)
def test_export_pdf_writes_the_whole_sitting(
    game: str, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    show_game(window, game)
    target = tmp_path / "evening"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(target), ""))
    answer(monkeypatch, RubberChoiceDialog, lambda dialog: dialog.whole.setChecked(True))
    window.named_actions[ActionName.EXPORT_PDF].trigger()
    written = tmp_path / "evening.pdf"
    assert window.statusBar().currentMessage() == f"Wrote {written}"
    text = pdf_text(written)
    for name in NAMES[game]:
        assert name in text
    for line in PRINTED[game]:
        assert line in text.splitlines()


STATUS = {
    "two-player": (
        "Rubber 2 · Game 1 · below: A 0 – B 0 · games A 0 – B 0 · new cut for the first dealer",
        "Robber 2 · Partie 1 · unter dem Strich: A 0 – B 0 · Partien A 0 – B 0 · "
        "erster Geber: neu abheben",
    ),
    "partnership": (
        "Rubber 2 · Game 2 · below: Anna & Carl 0 – Bert & Dora 0 · "
        "games Anna & Carl 1 – Bert & Dora 0 · next dealer: Carl",
        "Robber 2 · Partie 2 · unter dem Strich: Anna & Carl 0 – Bert & Dora 0 · "
        "Partien Anna & Carl 1 – Bert & Dora 0 · nächster Geber: Carl",
    ),
    "three-player": (
        "Rubber 2 · Game 1 · below: Anna 0, Bert 0, Carl 0 · games: Anna 0, Bert 0, Carl 0 · "
        "next dealer: Bert",
        "Robber 2 · Partie 1 · unter dem Strich: Anna 0, Bert 0, Carl 0 · "
        "Partien: Anna 0, Bert 0, Carl 0 · nächster Geber: Bert",
    ),
    "chouette": (
        "Rubber 4 · Bert in the box against Anna (captain) and Carl · Game 1 · "
        "below: Anna 0, Bert 0, Carl 0 · games: Anna 0, Bert 0, Carl 0 · "
        "new cut for the first dealer",
        "Robber 4 · Bert in der Box gegen Anna (führt die Mannschaft) und Carl · Partie 1 · "
        "unter dem Strich: Anna 0, Bert 0, Carl 0 · Partien: Anna 0, Bert 0, Carl 0 · "
        "erster Geber: neu abheben",
    ),
    "cutthroat": (
        "Rubber 2 · Game 1 · below: Anna 0, Bert 0, Carl 0, Dave 0 · "
        "games: Anna 0, Bert 0, Carl 0, Dave 0 · new cut for the first dealer",
        "Robber 2 · Partie 1 · unter dem Strich: Anna 0, Bert 0, Carl 0, Dave 0 · "
        "Partien: Anna 0, Bert 0, Carl 0, Dave 0 · erster Geber: neu abheben",
    ),
}
"""The status line after each example's last hand, in English and in German."""


@pytest.mark.parametrize("game", GAMES)
def test_the_status_line_in_english_and_german(game: str, window: MainWindow) -> None:
    show_game(window, game)
    english, german = STATUS[game]
    assert window.status_label.text() == english
    use_language("de")
    window.refresh()
    assert window.status_label.text() == german


@pytest.mark.parametrize("game", GAMES)
def test_the_rubber_offered_is_the_one_the_sheet_shows(
    game: str, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 14 of issue 24: File > Export PDF offers "Rubber N only (the one shown)" with
    the N the sheet shows; when the sheet shows the empty rubber the next hand starts, the
    rubber offered is the last one played, and called so."""
    show_game(window, game)
    ledger = window.session.shown.ledger if window.session.shown is not None else None
    assert ledger is not None
    offered: list[str] = []
    answer(monkeypatch, RubberChoiceDialog, lambda dialog: offered.append(dialog.one.text()))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: ("", ""))
    count = len(ledger.rubbers)
    for number in range(1, count + 2):
        window.sheet.show_rubber(number)
        shown = window.sheet.rubber_number()
        offered.clear()
        window.named_actions[ActionName.EXPORT_PDF].trigger()
        if count <= 1:
            assert offered == []  # one rubber: the whole sitting, unasked
        elif shown <= count:
            assert offered == [f"&Rubber {shown} only (the one shown)"]
        else:
            assert offered == [f"&Rubber {count} only (the last one played)"]
