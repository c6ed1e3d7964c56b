"""After a restart the window shows the sitting that was on screen, not the one changed last
(issue 24, item 16), in every game."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore
from tests.stored_examples import GAMES, store_game


def restarted(qtbot: QtBot, store: SittingStore, settings_path: Path) -> MainWindow:
    """A new window over ``store`` with the settings read again, as the program starts."""
    window = MainWindow(Session(store), AppSettings.at(settings_path))
    qtbot.addWidget(window)
    window.open_shown_last()
    return window


@pytest.mark.parametrize("game", GAMES)
def test_the_sitting_on_screen_is_shown_again_after_a_restart(
    game: str, qtbot: QtBot, store: SittingStore, settings_path: Path
) -> None:
    watched = store_game(store, game)
    other = store_game(store, next(other for other in GAMES if other != game))
    store.rename_players(other, store.load(other).sitting.players)  # changed last
    assert store.last_sitting_id() == other
    window = restarted(qtbot, store, settings_path)
    assert window.session.sitting_id == other  # nothing remembered yet: the one changed last
    window.open_sitting_id(watched)
    window.close()
    window = restarted(qtbot, store, settings_path)
    assert window.session.sitting_id == watched
    shown = window.session.shown
    assert shown is not None
    assert shown.variant == store.load(watched).sitting.variant


def test_a_sitting_no_longer_stored_or_of_another_database_falls_back(
    qtbot: QtBot, store: SittingStore, settings_path: Path, tmp_path: Path
) -> None:
    sitting_id = store_game(store, "two-player")
    settings = AppSettings.at(settings_path)
    settings.set_shown_sitting(store.database.path, sitting_id + 7)  # deleted since
    settings.sync()
    assert restarted(qtbot, store, settings_path).session.sitting_id == sitting_id
    settings.set_shown_sitting(tmp_path / "other.sqlite", sitting_id)
    assert settings.shown_sitting(store.database.path) is None


def test_the_remembered_sitting_is_looked_up_alone(
    qtbot: QtBot,
    store: SittingStore,
    settings_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Finding the remembered sitting reads its row only, not every sitting's date: at a
    club's 60,000 sittings that reading cost each start 0.4-0.8 s."""
    watched = store_game(store, "three-player")
    store_game(store, "two-player")
    settings = AppSettings.at(settings_path)
    settings.set_shown_sitting(store.database.path, watched)
    settings.sync()

    def every_date() -> None:
        raise AssertionError("every sitting's date was read to find one sitting")

    monkeypatch.setattr(store, "created_dates", every_date)
    assert restarted(qtbot, store, settings_path).session.sitting_id == watched
    assert store.holds(watched)
    assert not store.holds(watched + 100)


@pytest.mark.parametrize("zoom", [1.0, 1.5])
def test_a_restart_leaves_the_settings_file_alone_until_something_changes(
    qtbot: QtBot, store: SittingStore, settings_path: Path, zoom: float
) -> None:
    """The window sets again the zoom it restored as it opens, and all it shows as it
    closes: values the file holds already are not written, as QSettings would write the
    whole file again, waiting twice for the disk, at every start and every close."""
    store_game(store, "two-player")
    window = restarted(qtbot, store, settings_path)
    window.show()
    window.set_zoom(zoom)
    window.close()  # remembers the window as shown, the sitting and the zoom
    written = settings_path.stat()

    def untouched() -> bool:
        now = settings_path.stat()
        return (now.st_ino, now.st_mtime_ns) == (written.st_ino, written.st_mtime_ns)

    window = restarted(qtbot, store, settings_path)
    window.show()
    window.settings.sync()  # writes the file if anything was set
    assert untouched()
    window.close()
    assert untouched()

    window = restarted(qtbot, store, settings_path)
    assert window.settings.zoom == zoom
    window.set_zoom(zoom * 1.25)
    window.settings.sync()
    assert not untouched()
    assert AppSettings.at(settings_path).zoom == zoom * 1.25
