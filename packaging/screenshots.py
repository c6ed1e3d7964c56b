"""Make every screenshot that README.md and docs/ show, from the app as it is now.

    python3 packaging/screenshots.py            # into docs/ (where README.md links them)
    python3 packaging/screenshots.py -o DIR     # into DIR, to look at them first
    xvfb-run -a env QT_QPA_PLATFORM=xcb python3 packaging/screenshots.py   # on a real X server

Each picture is one entry of :data:`SHOTS`: its file name under docs/, its size, and what it
shows, set up on a fresh data folder (nothing of the player's is read or written) with the
worked examples of ``tests/data``. Without a display the window is drawn offscreen. A test
checks that every picture README.md and docs/*.md link is made here, so none is left to
show the app as it was.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
DOCS = ROOT / "docs"


class Shot(NamedTuple):
    """One picture: ``name`` under docs/, ``size`` in pixels, ``scene`` sets the window up."""

    name: str
    size: tuple[int, int]
    scene: Callable[[object], None]


def _main_window_after_the_rubber(window: object) -> None:
    """The German worked example ("Berlin 1937"), its last hand chosen for editing: the
    sheet with the finished rubber, the hand list, the entry panel and its explanation."""
    from jojotte_score.formats.sitting_file import load_sitting
    from jojotte_score.gui.window.main_window import MainWindow

    assert isinstance(window, MainWindow)
    sitting = load_sitting(DATA / "german-example.json").sitting
    sitting_id = window.session.store.import_sitting(sitting, title="Berlin 1937")
    window.open_sitting_id(sitting_id)
    window.select_hand(len(sitting.hands))


SHOTS = (Shot("screenshot-main-window.png", (1280, 820), _main_window_after_the_rubber),)
"""Every screenshot of README.md and docs/, in the order they are made."""


def make(folder: Path) -> list[Path]:
    """Make every shot into ``folder``; the files written."""
    if not any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from jojotte_score.i18n import use_language

    use_language("en")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(["jojotte-score"])
    app.setStyle("Fusion")  # the same look on every desktop, light
    style = app.style()
    app.setPalette(style.standardPalette())
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for shot in SHOTS:
        with tempfile.TemporaryDirectory() as scratch:
            written.append(_shoot(app, shot, folder, Path(scratch)))
    return written


def _shoot(app: object, shot: Shot, folder: Path, scratch: Path) -> Path:
    from PySide6.QtWidgets import QApplication

    from jojotte_score.gui.window.main_window import MainWindow
    from jojotte_score.gui.window.settings import AppSettings
    from jojotte_score.presenters.session import Session
    from jojotte_score.storage.database import Database
    from jojotte_score.storage.paths import database_path
    from jojotte_score.storage.sittings import SittingStore

    assert isinstance(app, QApplication)
    data = scratch / "data"
    data.mkdir()
    database = Database.open(database_path(data))
    try:
        window = MainWindow(Session(SittingStore(database)), AppSettings.at(scratch / "s.ini"))
        window.resize(*shot.size)
        window.show()
        shot.scene(window)
        window.resize(*shot.size)
        for _ in range(5):
            app.processEvents()
        path = folder / shot.name
        if not window.grab().save(str(path)):
            raise OSError(f"{path}: the picture could not be written")
        window.unattended = True
        window.close()
        window.deleteLater()
        app.processEvents()
    finally:
        database.close()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("-o", "--output", type=Path, default=DOCS, help="folder (docs/)")
    args = parser.parse_args(argv)
    for path in make(args.output):
        print(path)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
