"""CSV for spreadsheets (issue 24, item 18), in each of the five games: every hand says
which sitting it is, the window says before and after that Export CSV writes two files, and
the history's result is a number a spreadsheet can add up."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from jojotte_score.gui.history.history_rows import history_csv, history_row
from jojotte_score.gui.window.actions import ActionName
from jojotte_score.gui.window.main_window import MainWindow

from .test_every_game import GAMES, NAMES, show_game, window

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
    assert asked == ["Export CSV: the hands to this file, the rubbers beside it (NAME-rubbers.csv)"]
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
