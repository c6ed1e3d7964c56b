"""The names of the main window's actions: what its menus, its feature folders (the table
display, sharing) and the tests use to find an action. The actions themselves, their texts
and shortcuts are built in ``gui/window/actions.py``."""

from __future__ import annotations

import enum


class ActionName(enum.Enum):
    """The actions of the main window."""

    NEW_SITTING = "new-sitting"
    OPEN_SITTING = "open-sitting"
    IMPORT_SITTING = "import-sitting"
    EXPORT_SITTING = "export-sitting"
    EXPORT_CSV = "export-csv"
    PRINT = "print"
    EXPORT_PDF = "export-pdf"
    PRINT_BLANK_PADS = "print-blank-pads"
    PRINT_CARD = "print-card"
    SHARE = "share-with-table"
    SYNC_FOLDER = "sync-folder"
    SYNC_CONFLICTS = "sync-conflicts"
    RENAME_PLAYERS = "rename-players"
    QUIT = "quit"
    UNDO = "undo"
    REDO = "redo"
    DELETE_HAND = "delete-hand"
    INSERT_HAND = "insert-hand"
    THROWN_IN = "thrown-in"
    HISTORY = "history"
    PREVIOUS_RUBBER = "previous-rubber"
    NEXT_RUBBER = "next-rubber"
    ZOOM_IN = "zoom-in"
    ZOOM_OUT = "zoom-out"
    RESET_ZOOM = "reset-zoom"
    SHOW_EXPLANATION = "show-explanation"
    TABLE_DISPLAY = "table-display"
    TABLE_DISPLAY_SCREEN = "table-display-screen"
    KEYBOARD_REFERENCE = "keyboard-reference"
    SCORING_CARD = "scoring-card"
    ABOUT = "about"
