"""The scorepad's window as the benchmarks that drive it set it up: a stored sitting with
the hands still to record, and a main window over the store, shown at 1200 by 800."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from sitting_generator import sitting_data

from jojotte_score.core.model import AnyHand, Sitting
from jojotte_score.formats.sitting_file import parse_sitting
from jojotte_score.storage.sittings import SittingStore

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from jojotte_score.gui.window.main_window import MainWindow
    from jojotte_score.presenters.session import Session


def stored_with_next(
    store: SittingStore, game: str, stored: int, following: int, title: str, seed: int = 1937
) -> tuple[int, list[AnyHand]]:
    """Store the first ``stored`` hands of a generated sitting of ``game``: its id and the
    ``following`` hands that come next, to be recorded."""
    data = sitting_data(stored + following, seed=seed, variant=game)
    sitting: Sitting = parse_sitting(data).sitting
    kept = dataclasses.replace(sitting, hands=sitting.hands[:stored])
    return store.import_sitting(kept, title=title), list(sitting.hands[stored:])


def shown_window(store: SittingStore, folder: Path) -> tuple[QApplication, Session, MainWindow]:
    """A main window over ``store`` (its settings in ``folder``), shown, no sitting opened
    yet; the application, the window's session and the window."""
    from PySide6.QtWidgets import QApplication

    from jojotte_score.gui.window.main_window import MainWindow
    from jojotte_score.gui.window.settings import AppSettings
    from jojotte_score.presenters.session import Session

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    session = Session(store)
    window = MainWindow(session, AppSettings.at(folder / "settings.ini"))
    window.resize(1200, 800)
    window.show()
    return app, session, window
