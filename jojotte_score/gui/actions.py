"""Every action of the window in one place, with the platform's standard shortcuts."""

from __future__ import annotations

import enum

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenuBar

_Key = QKeySequence.StandardKey


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
    KEYBOARD_REFERENCE = "keyboard-reference"
    SCORING_CARD = "scoring-card"
    ABOUT = "about"


_Spec = tuple[str, tuple[QKeySequence.StandardKey | str, ...], str]

SPECS: dict[ActionName, _Spec] = {
    ActionName.NEW_SITTING: ("&New sitting…", (_Key.New,), "Start a new sitting"),
    ActionName.OPEN_SITTING: ("&Open sitting…", (_Key.Open,), "Open an earlier sitting"),
    ActionName.IMPORT_SITTING: ("&Import sitting file…", (), "Store a sitting file"),
    ActionName.EXPORT_SITTING: (
        "&Export sitting file…",
        (_Key.SaveAs,),
        "Write the sitting to a sitting file",
    ),
    ActionName.EXPORT_CSV: ("Export &CSV…", (), "Write the hands and rubbers to CSV files"),
    ActionName.PRINT: (
        "&Print…",
        (_Key.Print,),
        "Print the sheets of the sitting or of one rubber, with a preview",
    ),
    ActionName.EXPORT_PDF: (
        "Export P&DF…",
        (),
        "Write the sheets of the sitting or of one rubber to a PDF file",
    ),
    ActionName.PRINT_BLANK_PADS: (
        "Print &blank pads…",
        (),
        "Print empty pads to score on paper",
    ),
    ActionName.PRINT_CARD: (
        "Print scoring ca&rd…",
        (),
        "Print the one-page card of the game's numbers and rulings",
    ),
    ActionName.RENAME_PLAYERS: ("&Rename players…", (), "Correct the players' names"),
    ActionName.QUIT: ("&Quit", (_Key.Quit, "Ctrl+Q"), "Close the scorepad"),
    ActionName.UNDO: ("&Undo", (_Key.Undo,), "Undo the last change"),
    ActionName.REDO: ("&Redo", (_Key.Redo, "Ctrl+Shift+Z"), "Redo the change undone"),
    ActionName.DELETE_HAND: ("&Delete hand", (_Key.Delete,), "Delete the selected hand"),
    ActionName.INSERT_HAND: (
        "&Insert hand before",
        ("Ctrl+I", "Insert"),
        "Record a forgotten hand before the selected one",
    ),
    ActionName.THROWN_IN: ("&Thrown in", ("Ctrl+T",), "Record a thrown-in deal"),
    ActionName.HISTORY: (
        "&History…",
        ("Ctrl+H",),
        "Every stored sitting: filter them, sort them, open one, export the list",
    ),
    ActionName.PREVIOUS_RUBBER: (
        "&Previous rubber",
        ("Ctrl+PgUp",),
        "Show the rubber before on the sheet",
    ),
    ActionName.NEXT_RUBBER: ("Ne&xt rubber", ("Ctrl+PgDown",), "Show the next rubber"),
    ActionName.ZOOM_IN: ("&Larger print", (_Key.ZoomIn, "Ctrl+="), "Make everything larger"),
    ActionName.ZOOM_OUT: ("&Smaller print", (_Key.ZoomOut,), "Make everything smaller"),
    ActionName.RESET_ZOOM: ("&Normal size", ("Ctrl+0",), "Back to the normal size"),
    ActionName.SHOW_EXPLANATION: (
        "Show &explanation",
        ("Ctrl+E",),
        "Show why the selected hand scored what it did",
    ),
    ActionName.KEYBOARD_REFERENCE: (
        "&Keyboard reference",
        (_Key.HelpContents, "F1"),
        "The keys of the entry panel and the menus",
    ),
    ActionName.SCORING_CARD: ("&Scoring card…", (), "The game's numbers and rulings on a card"),
    ActionName.ABOUT: ("&About jojotte-score", (), "Version, licences and where the data is kept"),
}
"""Each action's text, shortcuts (standard ones first) and status tip."""

CHANGES = frozenset(
    {
        ActionName.NEW_SITTING,
        ActionName.IMPORT_SITTING,
        ActionName.RENAME_PLAYERS,
        ActionName.UNDO,
        ActionName.REDO,
        ActionName.DELETE_HAND,
        ActionName.INSERT_HAND,
        ActionName.THROWN_IN,
    }
)
"""The actions that change the database: disabled when it is open read-only."""


def shortcuts(specs: tuple[QKeySequence.StandardKey | str, ...]) -> list[QKeySequence]:
    """The key sequences of an action, without empty or repeated ones."""
    sequences: list[QKeySequence] = []
    for spec in specs:
        found = QKeySequence.keyBindings(spec) if isinstance(spec, _Key) else [QKeySequence(spec)]
        for sequence in found:
            if not sequence.isEmpty() and sequence not in sequences:
                sequences.append(sequence)
    return sequences


def create_actions(parent: QObject) -> dict[ActionName, QAction]:
    """Every action, owned by ``parent``; the window connects and places them."""
    actions = {}
    for name, (text, keys, tip) in SPECS.items():
        action = QAction(text, parent)
        action.setObjectName(name.value)
        action.setShortcuts(shortcuts(keys))
        action.setStatusTip(tip)
        actions[name] = action
    actions[ActionName.SHOW_EXPLANATION].setCheckable(True)
    actions[ActionName.SHOW_EXPLANATION].setChecked(True)
    return actions


MENUS: dict[str, tuple[ActionName | None, ...]] = {
    "&File": (
        ActionName.NEW_SITTING,
        ActionName.OPEN_SITTING,
        None,
        ActionName.IMPORT_SITTING,
        ActionName.EXPORT_SITTING,
        ActionName.EXPORT_CSV,
        None,
        ActionName.PRINT,
        ActionName.EXPORT_PDF,
        ActionName.PRINT_BLANK_PADS,
        ActionName.PRINT_CARD,
        None,
        ActionName.QUIT,
    ),
    "&Edit": (
        ActionName.UNDO,
        ActionName.REDO,
        None,
        ActionName.INSERT_HAND,
        ActionName.DELETE_HAND,
        ActionName.THROWN_IN,
        None,
        ActionName.RENAME_PLAYERS,
    ),
    "&View": (
        ActionName.HISTORY,
        None,
        ActionName.PREVIOUS_RUBBER,
        ActionName.NEXT_RUBBER,
        None,
        ActionName.ZOOM_IN,
        ActionName.ZOOM_OUT,
        ActionName.RESET_ZOOM,
        None,
        ActionName.SHOW_EXPLANATION,
    ),
    "&Help": (ActionName.KEYBOARD_REFERENCE, ActionName.SCORING_CARD, None, ActionName.ABOUT),
}
"""The menus and their actions in order (None: a separator)."""


def add_menus(bar: QMenuBar, actions: dict[ActionName, QAction]) -> None:
    """Fill a menu bar with the actions, menu by menu."""
    for title, names in MENUS.items():
        menu = bar.addMenu(title)
        for name in names:
            if name is None:
                menu.addSeparator()
            else:
                menu.addAction(actions[name])
