"""Where the database lives: the per-user data folder, or one given on the command line."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import platformdirs

APP_NAME = "jojotte-score"
DATA_DIR_ENV = "JOJOTTE_SCORE_DATA_DIR"
DATABASE_NAME = "sittings.sqlite3"


def data_dir(explicit: Path | None, environ: Mapping[str, str]) -> Path:
    """The data folder: ``--data-dir``, else ``$JOJOTTE_SCORE_DATA_DIR``, else the user's."""
    if explicit is not None:
        return explicit
    from_environment = environ.get(DATA_DIR_ENV, "").strip()
    if from_environment:
        return Path(from_environment).expanduser()
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def database_path(folder: Path) -> Path:
    """The database file inside a data folder."""
    return folder / DATABASE_NAME
