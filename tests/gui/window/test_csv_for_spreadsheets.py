"""CSV for spreadsheets (issue 24, item 18), in each of the five games: every hand says
which sitting it is, the window says before and after that Export CSV writes two files, and
the history's result is a number a spreadsheet can add up."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.history.history_rows import history_csv, history_row
from jojotte_score.gui.window.main_window import MainWindow
from tests.formats.test_csv_names import check_named_figures
from tests.gui.window.test_every_game import show_game, window
from tests.stored_examples import GAMES, NAMES

__all__ = ["window"]


def read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("game", GAMES)
def test_export_csv_names_the_sitting_of_every_hand_and_says_what_it_writes(
    game: str, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    show_game(window, game)
    chosen = tmp_path / "evening.csv"
    asked: list[str] = []

    def choose(_parent: object, caption: str, *args: object, **kwargs: object) -> tuple[str, str]:
        asked.append(caption)
        return str(chosen), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", choose)
    window.named_actions[ActionName.EXPORT_CSV].trigger()
    # Before: the dialog says a second file goes beside the one chosen.
    assert asked == [
        "Export CSV: the hands to this file, the rubbers beside it (NAME-rubbers.csv)"
        " – Jo-Jotte scorepad"
    ]
    rubbers_file = tmp_path / "evening-rubbers.csv"
    # After: both files, each named for what it holds.
    assert window.statusBar().currentMessage() == (
        f"Wrote the hands to {chosen} and the rubbers to {rubbers_file}"
    )
    hands, rubbers = read(chosen), read(rubbers_file)
    shown = window.session.shown
    assert shown is not None
    assert len(hands) == shown.count
    labels = {row["sitting"] for row in rubbers}
    assert len(labels) == 1
    (label,) = labels
    assert label.startswith("#1 ")
    assert all(row["sitting"] == label for row in hands)


@pytest.mark.parametrize("game", GAMES)
def test_the_history_csv_gives_the_leader_and_the_lead_as_a_number(
    game: str, window: MainWindow
) -> None:
    show_game(window, game)
    (info,) = window.session.store.list_sittings()
    row = next(csv.DictReader(history_csv([history_row(info)]).splitlines()))
    assert int(row["lead"]) == history_row(info).lead
    if int(row["lead"]):
        leaders = row["leader"].split("; ")
        assert all(name in NAMES[game] for name in leaders)
        # The text result says the same: "Carl +1000" among the players, "A +100".
        assert all(f"{name} +{row['lead']}" in row["result"] for name in leaders)
    else:
        assert row["leader"] == ""


@pytest.mark.parametrize("game", GAMES)
def test_export_csv_names_whose_column_is_whose(
    game: str, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window's two files end in each player's figures under the player's name, as the
    command line's do: the worked example's numbers, in the named player's column."""
    show_game(window, game)
    chosen = tmp_path / "evening.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_args: (str(chosen), ""))
    window.named_actions[ActionName.EXPORT_CSV].trigger()
    check_named_figures(chosen, tmp_path / "evening-rubbers.csv", game)


@pytest.mark.parametrize("game", GAMES)
def test_the_history_csv_gives_each_players_result_under_the_name(
    game: str, window: MainWindow
) -> None:
    show_game(window, game)
    (info,) = window.session.store.list_sittings()
    row = next(csv.DictReader(history_csv([history_row(info)]).splitlines()))
    results = {column: int(cell) for column, cell in row.items() if column.endswith(": result")}
    assert list(results) == [f"{name}: result" for name in NAMES[game]]
    assert sum(results.values()) == 0  # what one wins another loses
    assert max(results.values()) == int(row["lead"])
    expected = {
        "two-player": {"A: result": 100, "B: result": -100},  # 755 - 655 (R14)
        "three-player": {"Anna: result": 655, "Bert: result": -1655, "Carl: result": 1000},
        "cutthroat": {"Anna: result": -110, "Bert: result": -190, "Carl: result": 2450},
        "chouette": {"Anna: result": 1135, "Bert: result": 1150, "Carl: result": -2285},
    }
    for column, figure in expected.get(game, {}).items():
        assert results[column] == figure
