"""The Help menu: the keyboard reference, the About box, and the app's icon they show.

The keyboard reference is built from the tables the keys come from: the entry form's row
labels (their mnemonics), its choice keys and focus order
(:mod:`jojotte_score.gui.entry.form_rules`) and the actions' shortcuts and menus
(:mod:`jojotte_score.gui.window.actions`); nothing in it is typed twice. The scoring card is the
printed one (:func:`jojotte_score.gui.printing.print_card`), shown in its preview.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from jojotte_score import __version__
from jojotte_score.core.model import Special
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.form_rules import (
    BACKSPACE,
    ENTER,
    MELD_KEY,
    NOBODY_KEYS,
    ORDER,
    ROW_LABELS,
    SEAT_ORDER,
    SPACE,
    SPECIAL_KEYS,
    TAB,
    doubling_choices,
    mnemonic,
    trump_choices,
)
from jojotte_score.gui.messages import window_title
from jojotte_score.gui.pad.hand_table import HAND_LIST_KEYS
from jojotte_score.gui.window.actions import MENUS, SPECS, shortcuts
from jojotte_score.gui.window.app_identity import APP_NAME, LICENSE, application_icon, resource
from jojotte_score.i18n import N_, _, pgettext
from jojotte_score.storage.backups import BACKUP_DIR_NAME

ESCAPE = "Esc"
ARROWS = N_("Left, Right")


# The keyboard reference ------------------------------------------------------------------


class ReferenceSection(NamedTuple):
    """One table of the keyboard reference: its title and (keys, what they do) rows."""

    title: str
    rows: tuple[tuple[str, str], ...]


def _plain(label: str) -> str:
    """A marked label ("&New sitting…") translated, without its mnemonic and ellipsis."""
    return _(label).replace("&", "").replace("…", "")


def key_name(keys: str) -> str:
    """Keys as the menus write them, in the language spoken: "Shift+Tab" is "Umschalt+Tab"
    in German, "Space" "Leertaste" (Qt's own names, from its translation loaded with the
    window's language; ``keys`` as Qt's portable text spells them)."""
    formats = QKeySequence.SequenceFormat
    native = QKeySequence.fromString(keys, formats.PortableText).toString(formats.NativeText)
    return native or keys  # a letter Qt has no key for (Alt+ß) stays as it is spelt


def _keys(keys: Sequence[str]) -> str:
    """Keys that do the same: "C or K"."""
    # Translators: between two keys that do the same, as in "0 or -".
    return _(" or ").join(keys)


def _on_a_keyboard(sequence: QKeySequence) -> bool:
    """True for keys every keyboard has: F1 to F12 and the keys before them; not F13 to F35
    (X11 binds F14, the Undo key of old Sun keyboards, to Undo), Help, Undo, Zoom In and
    other media keys."""
    if not sequence.count():
        return False
    key = sequence[0].key().value  # type: ignore[index]
    return key < Qt.Key.Key_Help.value and not Qt.Key.Key_F13.value <= key <= Qt.Key.Key_F35.value


def _action_keys(name: ActionName) -> str:
    sequences = [s for s in shortcuts(SPECS[name][1]) if _on_a_keyboard(s)]
    return ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in sequences)


def _field_order() -> str:
    rows = dict.fromkeys(slot.row for slot in ORDER)  # each row once, in the focus order
    return _(", ").join(_plain(ROW_LABELS[row]) for row in rows)


def entry_keys() -> ReferenceSection:
    """The keys of the entry panel, from the panel's own tables."""
    order = _("Next or previous field, in this order: {fields}").format(fields=_field_order())
    return ReferenceSection(
        _("Recording a hand"),
        (
            (
                key_name(ENTER),
                _("Record the hand, from any field (a warning asks for a second Enter)"),
            ),
            (key_name(ESCAPE), _("Clear the hand, or stop inserting or editing a recorded one")),
            (f"{key_name(TAB)}, {key_name(f'Shift+{TAB}')}", order),
            (
                key_name(SPACE),
                _("Take the greyed suggestion in a box (the rest of a count, partnerships)"),
            ),
            (
                MELD_KEY,
                _(
                    "In a card-points box, after the side's meld points: they become its "
                    "melds and the box is emptied for its card points (2 0 M 9 0); in an "
                    "empty card-points box or a meld box: the meld helper"
                ),
            ),
            (_action_keys(ActionName.THROWN_IN), _plain(SPECS[ActionName.THROWN_IN][0])),
            (_(ARROWS), _("Step through the choices of a choice field")),
            (key_name(BACKSPACE), _("Clear a choice field")),
        ),
    )


def jump_keys() -> ReferenceSection:
    """Alt plus each label's underlined letter, in the panel's order (the three-player
    game's rows among them)."""
    rows = dict.fromkeys(slot.row for slot in SEAT_ORDER)
    return ReferenceSection(
        _("Jump to a field"),
        tuple(
            (key_name(f"Alt+{mnemonic(_(ROW_LABELS[row]))}"), _plain(ROW_LABELS[row]))
            for row in rows
        ),
    )


def choice_keys() -> ReferenceSection:
    """The single keys that choose in the choice fields."""
    rows = [
        ("1, 2, …", _("Dealer, bidder, last trick, Jo-Jotte: the player or side by number")),
        (_("A letter"), _("… or by the first letter of the name, when the names' letters differ")),
        (
            _("A player's key"),
            _(
                "Three players, cutthroat: typed in the empty card-points box of an undoubled "
                "hand, the active defender instead of the player filled in, whom the rules ask "
                "first"
            ),
        ),
        (_keys(NOBODY_KEYS), _("Jo-Jotte: nobody declared it")),
        *(
            (_keys(keys), _("Trump: {choice}").format(choice=label))
            for _trump, label, keys in trump_choices()
        ),
        *(
            (_keys(keys), _("Doubling: {choice}").format(choice=label))
            for _double, label, keys in doubling_choices()
        ),
        *(
            (_keys(keys), _("Nullo or slam: {choice}").format(choice=_special_name(special)))
            for special, keys in SPECIAL_KEYS.items()
        ),
    ]
    return ReferenceSection(_("Choosing with one key"), tuple(rows))


def _special_name(special: Special) -> str:
    """A choice of the Nullo or Slam field, as the reference names it."""
    names = {
        Special.NONE: pgettext("nullo or slam", "None"),
        Special.NULLO: _("Nullo"),
        Special.SLAM: _("Slam"),
    }
    return names[special]


def menu_keys() -> tuple[ReferenceSection, ...]:
    """The shortcuts of the menus' actions, menu by menu."""
    sections = []
    for title, names in MENUS.items():
        rows = tuple(
            (keys, _plain(SPECS[name][0]))
            for name in names
            if name is not None and (keys := _action_keys(name))
        )
        if rows:
            sections.append(ReferenceSection(_("{menu} menu").format(menu=_plain(title)), rows))
    return tuple(sections)


def correction_keys() -> ReferenceSection:
    """The keys of the hand list: how a recorded hand is reached and corrected."""
    native = QKeySequence.SequenceFormat.NativeText
    return ReferenceSection(
        _("Correcting a recorded hand"),
        (
            (
                QKeySequence(HAND_LIST_KEYS).toString(native),
                _("To the list of hands, at the hand selected or else the newest"),
            ),
            (_("Hand number"), _("Select that hand: 1 then 6 is hand 16")),
            (_("Up, Down, Home, End"), _("The hand before or after, the first or the newest")),
            (
                _("Alt+letter"),
                _("Straight to that field of the selected hand, from the list too"),
            ),
            (
                key_name(ENTER),
                _("Correct the selected hand in the panel; Enter there records it"),
            ),
            (key_name(ESCAPE), _("In the panel: stop correcting, the hand stays as it was")),
            (
                _action_keys(ActionName.DELETE_HAND),
                _("Delete the selected hand; {keys} (Undo) brings it back").format(
                    keys=_action_keys(ActionName.UNDO).split(", ")[0]
                ),
            ),
            (
                _action_keys(ActionName.UNDO),
                _(
                    "Undo the last recorded change; a new hand only partly entered stays on the "
                    "panel (in a number box, what was typed there is undone first)"
                ),
            ),
        ),
    )


def printing_keys() -> ReferenceSection:
    """How the sheets, blank pads and the card reach the printer from the keyboard
    (:mod:`jojotte_score.gui.print_preview`)."""
    print_keys = _action_keys(ActionName.PRINT)
    file_menu = next(title for title, names in MENUS.items() if ActionName.PRINT in names)
    pads_or_card = _("{menu}, then {pads} or {card}").format(
        menu=key_name(f"Alt+{mnemonic(_(file_menu))}"),
        pads=mnemonic(_(SPECS[ActionName.PRINT_BLANK_PADS][0])),
        card=mnemonic(_(SPECS[ActionName.PRINT_CARD][0])),
    )
    return ReferenceSection(
        _("Printing"),
        (
            (print_keys, _("The print preview of the sheets, with the focus on its Print button")),
            (pads_or_card, _("The print preview of blank pads, or of the scoring card")),
            (
                f"{key_name(ENTER)}, {print_keys}",
                _(
                    "In the preview: print, through the print dialog, where Enter prints; "
                    "without a printer, save the pages as a PDF file you name"
                ),
            ),
            (key_name(TAB), _("In the preview: from the pages to Print and Close")),
            (key_name(ESCAPE), _("Close the preview without printing")),
        ),
    )


def keyboard_reference() -> tuple[ReferenceSection, ...]:
    """Every section of the keyboard reference, the entry panel's first."""
    sections = (entry_keys(), jump_keys(), choice_keys(), correction_keys(), printing_keys())
    return (*sections, *menu_keys())


def reference_html(sections: Sequence[ReferenceSection]) -> str:
    """The reference as HTML tables, one per section."""
    parts = []
    for section in sections:
        rows = "".join(
            f"<tr><td style='padding-right:16px'><b>{html.escape(keys)}</b></td>"
            f"<td>{html.escape(text)}</td></tr>"
            for keys, text in section.rows
        )
        parts.append(f"<h3>{html.escape(section.title)}</h3><table>{rows}</table>")
    return "".join(parts)


class KeyboardReferenceDialog(QDialog):
    """The keyboard reference, in a window that can stay open beside the pad."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title(_("Keyboard reference")))
        self.text = QTextBrowser()
        self.text.setAccessibleName(_("Keyboard reference"))
        self.text.setHtml(reference_html(keyboard_reference()))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(620, 640)


def show_keyboard_reference(parent: QWidget) -> KeyboardReferenceDialog:
    """Help > Keyboard reference: show it (not modal) and bring it to the front."""
    dialog = parent.findChild(KeyboardReferenceDialog)
    if dialog is None:
        dialog = KeyboardReferenceDialog(parent)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


# The About box ---------------------------------------------------------------------------


def font_license() -> str:
    """The bundled font's licence text."""
    return resource("fonts", "LICENSE").read_text(encoding="utf-8")


def about_html(database: Path) -> str:
    """What the About box says: version, licences and where the data is kept."""
    folder = database.parent
    purpose = _(
        "A scorepad for Jo-Jotte, Ely Culbertson's card game scored like a bridge rubber: "
        "for two players, four in partnerships, three players, the chouette and cutthroat."
    )
    licences = _(
        "Licence: {licence}. The sheets are drawn in DejaVu Sans, which the app ships under "
        "its own free licence (Bitstream Vera, with changes in the public domain); both texts "
        "are under “{show_details}”."
    ).format(licence=LICENSE, show_details=_show_details())
    kept = _("Your sittings are kept in {database}, with automatic backups in {backups}.").format(
        database=f"<b>{html.escape(str(database))}</b>",
        backups=f"<b>{html.escape(str(folder / BACKUP_DIR_NAME))}</b>",
    )
    return (
        f"<h3>{html.escape(APP_NAME)} {__version__}</h3>"
        f"<p>{html.escape(purpose)}</p><p>{html.escape(licences)}</p><p>{kept}</p>"
    )


def _show_details() -> str:
    """The name of the message box's button that shows the licences, as Qt calls it in the
    language spoken (its own translation, loaded with the window's language)."""
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate("QMessageBox", "Show Details...").rstrip(".…")


def show_about(parent: QWidget | None, database: Path) -> None:
    """Help > About: the About box over ``parent``."""
    box = QMessageBox(parent)
    box.setWindowTitle(window_title(_("About {program}").format(program=APP_NAME)))
    box.setIconPixmap(application_icon().pixmap(64, 64))
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(about_html(database))
    program = _("{program}: {licence} licence.").format(program=APP_NAME, licence=LICENSE)
    box.setDetailedText(f"{program}\n\nDejaVu Sans:\n{font_license()}")
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.exec()
