"""The window's fixtures (tests/gui): the page is followed from a scorepad window."""

from tests.gui.conftest import (
    data_dir,
    database,
    main_window,
    messages,
    session,
    settings,
    settings_path,
    store,
)

__all__ = [
    "data_dir",
    "database",
    "main_window",
    "messages",
    "session",
    "settings",
    "settings_path",
    "store",
]
