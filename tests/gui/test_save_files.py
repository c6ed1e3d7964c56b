"""Every save dialog starts in the user's documents folder, or in the folder a file was
last saved in (remembered in the settings), never in the program's working directory."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from jojotte_score.gui.history.plots_view import PlotsView
from jojotte_score.gui.save_files import documents_folder, start_folder
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from tests.gui.conftest import german


class Offered(list[Path]):
    """The paths the save dialogs offered (folder and file name), in order."""


@pytest.fixture
def offered(monkeypatch: pytest.MonkeyPatch) -> Offered:
    """Every save dialog is cancelled at once; the path it offered is kept."""
    paths = Offered()

    def cancel(*args: object, **_kwargs: object) -> tuple[str, str]:
        paths.append(Path(str(args[2])))
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", cancel)
    return paths


@pytest.fixture
def window(main_window: MainWindow) -> MainWindow:
    """The main window showing the German worked example."""
    store = main_window.session.store
    main_window.open_sitting_id(store.import_sitting(german(), title="Berlin 1937"))
    return main_window


def plots(window: MainWindow, qtbot: QtBot) -> PlotsView:
    """The history window's Plots tab, shown."""
    window.show_history()
    history = window.history
    assert history is not None
    qtbot.waitExposed(history)
    page = history.tabs.widget(2)
    assert isinstance(page, PlotsView)
    history.tabs.setCurrentIndex(2)
    return page


def history_csv(window: MainWindow) -> None:
    """View > History, then its Export CSV."""
    window.show_history()
    assert window.history is not None
    window.history.export_csv()


DIALOGS: dict[str, tuple[Callable[[MainWindow, QtBot], object], str]] = {
    "PDF": (lambda window, _qtbot: window.export_pdf(), "berlin-1937.pdf"),
    "CSV": (lambda window, _qtbot: window.export_csv_files(), "hands.csv"),
    "sitting file": (lambda window, _qtbot: window.export_sitting_file(), "sitting.json"),
    "history CSV": (lambda window, qtbot: history_csv(window), "history.csv"),
    "season report": (
        lambda window, qtbot: plots(window, qtbot).export_report(),
        "season-report.pdf",
    ),
    "PNG": (lambda window, qtbot: plots(window, qtbot).course.save(), ""),
}


@pytest.mark.parametrize("dialog", DIALOGS)
def test_a_save_dialog_starts_in_the_documents_folder(
    dialog: str, window: MainWindow, offered: Offered, qtbot: QtBot
) -> None:
    ask, name = DIALOGS[dialog]
    ask(window, qtbot)
    assert len(offered) == 1
    assert offered[0].parent == documents_folder()
    assert offered[0].parent != Path.cwd() or documents_folder() == Path.cwd()
    if name:
        assert offered[0].name == name
    else:
        assert offered[0].suffix == ".png"


@pytest.mark.parametrize("dialog", DIALOGS)
def test_a_save_dialog_starts_in_the_folder_last_saved_in(
    dialog: str,
    window: MainWindow,
    qtbot: QtBot,
    tmp_path: Path,
    settings_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "scores"
    folder.mkdir()
    chosen = folder / "evening.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(chosen), ""))
    window.export_sitting_file()
    assert chosen.exists()
    window.settings.save()
    assert AppSettings.at(settings_path).save_folder == str(folder)  # remembered
    starts: list[Path] = []

    def cancel(*args: object, **_kwargs: object) -> tuple[str, str]:
        starts.append(Path(str(args[2])).parent)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", cancel)
    DIALOGS[dialog][0](window, qtbot)
    assert starts == [folder]


def test_a_remembered_folder_that_is_gone_gives_the_documents_folder(
    window: MainWindow, tmp_path: Path, offered: Offered
) -> None:
    window.settings.save_folder = str(tmp_path / "gone")
    assert start_folder(window) == documents_folder()
    window.export_csv_files()
    assert offered == [documents_folder() / "hands.csv"]
    window.settings.save_folder = "relative/folder"  # a hand-edited settings file
    assert start_folder(window) == documents_folder()
