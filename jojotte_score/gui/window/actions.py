"""Every action of the window in one place, with the platform's standard shortcuts.

The texts are marked here and translated when the actions and menus are built: a window
built after View > Language speaks the new language.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenuBar

from jojotte_score.gui.action_names import ActionName
from jojotte_score.i18n import LANGUAGES, N_, _

_Key = QKeySequence.StandardKey


_Spec = tuple[str, tuple[QKeySequence.StandardKey | str, ...], str]

SPECS: dict[ActionName, _Spec] = {
    ActionName.NEW_SITTING: (N_("&New sitting…"), (_Key.New,), N_("Start a new sitting")),
    ActionName.OPEN_SITTING: (N_("&Open sitting…"), (_Key.Open,), N_("Open an earlier sitting")),
    ActionName.IMPORT_SITTING: (N_("&Import sitting file…"), (), N_("Store a sitting file")),
    ActionName.EXPORT_SITTING: (
        N_("&Export sitting file…"),
        (_Key.SaveAs,),
        N_("Write the sitting to a sitting file"),
    ),
    ActionName.EXPORT_CSV: (N_("Export &CSV…"), (), N_("Write the hands and rubbers to CSV files")),
    ActionName.PRINT: (
        N_("&Print…"),
        (_Key.Print,),
        N_("Print the sheets of the sitting or of one rubber, with a preview"),
    ),
    ActionName.EXPORT_PDF: (
        N_("Export P&DF…"),
        (),
        N_("Write the sheets of the sitting or of one rubber to a PDF file"),
    ),
    ActionName.PRINT_BLANK_PADS: (
        N_("Print &blank pads…"),
        (),
        N_("Print empty pads to score on paper"),
    ),
    ActionName.PRINT_CARD: (
        N_("Print scoring ca&rd…"),
        (),
        N_("Print the one-page card of the game's numbers and rulings"),
    ),
    ActionName.SHARE: (
        N_("S&hare with the table…"),
        (),
        N_("Show the score on the players' phones: a read-only page on the local network"),
    ),
    ActionName.RENAME_PLAYERS: (N_("Re&name players…"), (), N_("Correct the players' names")),
    ActionName.QUIT: (N_("&Quit"), (_Key.Quit, "Ctrl+Q"), N_("Close the scorepad")),
    ActionName.UNDO: (N_("&Undo"), (_Key.Undo,), N_("Undo the last change")),
    ActionName.REDO: (
        N_("&Redo"),
        (_Key.Redo, "Ctrl+Shift+Z", "Ctrl+Y"),
        N_("Redo the change undone"),
    ),
    ActionName.DELETE_HAND: (N_("&Delete hand"), (_Key.Delete,), N_("Delete the selected hand")),
    ActionName.INSERT_HAND: (
        N_("&Insert hand before"),
        ("Ctrl+I", "Insert"),
        N_("Record a forgotten hand before the selected one"),
    ),
    ActionName.THROWN_IN: (N_("&Thrown in"), ("Ctrl+T",), N_("Record a thrown-in deal")),
    ActionName.HISTORY: (
        N_("&History…"),
        ("Ctrl+H",),
        N_("Every stored sitting: filter them, sort them, open one, export the list"),
    ),
    ActionName.PREVIOUS_RUBBER: (
        N_("&Previous rubber"),
        ("Ctrl+PgUp",),
        N_("Show the rubber before on the sheet"),
    ),
    ActionName.NEXT_RUBBER: (N_("Ne&xt rubber"), ("Ctrl+PgDown",), N_("Show the next rubber")),
    ActionName.ZOOM_IN: (
        N_("&Larger print"),
        (_Key.ZoomIn, "Ctrl+="),
        N_("Make everything larger"),
    ),
    ActionName.ZOOM_OUT: (N_("&Smaller print"), (_Key.ZoomOut,), N_("Make everything smaller")),
    ActionName.RESET_ZOOM: (N_("&Normal size"), ("Ctrl+0",), N_("Back to the normal size")),
    ActionName.SHOW_EXPLANATION: (
        N_("Show &explanation"),
        ("Ctrl+E",),
        N_("Show why the selected hand scored what it did"),
    ),
    ActionName.TABLE_DISPLAY: (
        N_("&Table display"),
        ("Ctrl+Shift+D",),
        N_("Show the score in large type, full screen on a screen facing the players"),
    ),
    ActionName.TABLE_DISPLAY_SCREEN: (
        N_("Table &display on the next screen"),
        ("Ctrl+Shift+F",),
        N_("Move the table display to the next screen"),
    ),
    ActionName.KEYBOARD_REFERENCE: (
        N_("&Keyboard reference"),
        (_Key.HelpContents, "F1"),
        N_("The keys of the entry panel and the menus"),
    ),
    ActionName.SYNC_FOLDER: (
        N_("S&ync folder…"),
        (),
        N_("Keep every sitting in step with other devices through a folder"),
    ),
    ActionName.SYNC_CONFLICTS: (
        N_("Sync con&flicts…"),
        (),
        N_("The sittings changed on two devices before they synced, and your choice"),
    ),
    ActionName.SCORING_CARD: (
        N_("&Scoring card…"),
        (),
        N_("The game's numbers and rulings on a card"),
    ),
    ActionName.ABOUT: (
        N_("&About jojotte-score"),
        (),
        N_("Version, licences and where the data is kept"),
    ),
}
"""Each action's text, shortcuts (standard ones first) and status tip (translated where
the action is built)."""

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
        ActionName.SYNC_FOLDER,
        ActionName.SYNC_CONFLICTS,
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
        action = QAction(_(text), parent)
        action.setObjectName(name.value)
        action.setShortcuts(shortcuts(keys))
        action.setStatusTip(_(tip))
        actions[name] = action
    actions[ActionName.SHOW_EXPLANATION].setCheckable(True)
    actions[ActionName.SHOW_EXPLANATION].setChecked(True)
    actions[ActionName.TABLE_DISPLAY].setCheckable(True)
    actions[ActionName.SHARE].setCheckable(True)
    return actions


MENUS: dict[str, tuple[ActionName | None, ...]] = {
    N_("&File"): (
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
        ActionName.SHARE,
        None,
        ActionName.SYNC_FOLDER,
        ActionName.SYNC_CONFLICTS,
        None,
        ActionName.QUIT,
    ),
    N_("&Edit"): (
        ActionName.UNDO,
        ActionName.REDO,
        None,
        ActionName.INSERT_HAND,
        ActionName.DELETE_HAND,
        None,
        ActionName.RENAME_PLAYERS,
        None,
        # Last: Alt+E then Enter takes the first item enabled, and this one records.
        ActionName.THROWN_IN,
    ),
    N_("&View"): (
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
        None,
        ActionName.TABLE_DISPLAY,
        ActionName.TABLE_DISPLAY_SCREEN,
    ),
    N_("&Help"): (ActionName.KEYBOARD_REFERENCE, ActionName.SCORING_CARD, None, ActionName.ABOUT),
}
"""The menus and their actions in order (None: a separator)."""

MENUS_WITH_LANGUAGE = "&View"

LANGUAGE_MENU = N_("Lan&guage")
"""View > Language: the system's language, or one the program speaks."""
SYSTEM_LANGUAGE = N_("&System language")
LANGUAGE_TIP = N_("Speak this language from now on, and when jojotte-score next starts")


def language_actions(parent: QObject, chosen: str) -> QActionGroup:
    """View > Language's items, one checked: the system's language (data ""), then each
    language the program speaks, named in itself ("Deutsch"; data "de")."""
    group = QActionGroup(parent)
    group.setExclusive(True)
    choices = [("", _(SYSTEM_LANGUAGE))]
    choices += [(code, f"&{name}") for code, name in LANGUAGES.items()]
    for code, text in choices:
        action = QAction(text, group)
        action.setObjectName(f"language-{code or 'system'}")
        action.setData(code)
        action.setCheckable(True)
        action.setChecked(code == chosen)
        action.setStatusTip(_(LANGUAGE_TIP))
    return group


def add_menus(
    bar: QMenuBar, actions: dict[ActionName, QAction], languages: QActionGroup | None = None
) -> None:
    """Fill a menu bar with the actions, menu by menu; ``languages`` go into View >
    Language."""
    for title, names in MENUS.items():
        menu = bar.addMenu(_(title))
        for name in names:
            if name is None:
                menu.addSeparator()
            else:
                menu.addAction(actions[name])
        if title == MENUS_WITH_LANGUAGE and languages is not None:
            menu.addSeparator()
            submenu = menu.addMenu(_(LANGUAGE_MENU))
            submenu.setObjectName("language-menu")
            submenu.addActions(languages.actions())
