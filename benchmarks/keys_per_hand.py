"""Keys per hand: how many keys a plain, a doubled and a Nullo hand of each game take.

For each of the five ways to play, the first plain hand (no double, no Nullo or Slam), the
first doubled one and the first Nullo one of the game's worked example
(``tests/data/*-example.json``, notes left out) are typed into the main window, shown
offscreen, as the hand after the hands before it, with the dealer the window prefills:

- **plan**: the keys the form's keystroke plan gives (``keystrokes``: a key for each
  choice, digits for each box, Tab to the next box, Alt plus a label's letter to jump to a
  row nothing moves to, Enter);
- **shortest**: the plan with every key left out that the hand can do without, one at a
  time from the first, each left out only when the shorter sequence typed into a fresh
  panel still records exactly that hand. A key is never assumed to do anything: each
  count is of keys typed into the window, one key event each, to whatever has the focus.

Every sequence printed was typed and recorded the hand; the script stops with an error
if one did not. Nothing is timed.

    python3 benchmarks/keys_per_hand.py [--keys]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, Qt  # noqa: E402
from PySide6.QtGui import QKeyEvent  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox  # noqa: E402

from jojotte_score.core.model import Doubling, PlayedHand, Special, ThrownIn, Trump  # noqa: E402
from jojotte_score.formats.sitting_file import load_sitting  # noqa: E402
from jojotte_score.gui.entry.form_rules import FormValues  # noqa: E402
from jojotte_score.gui.window.main_window import MainWindow  # noqa: E402
from jojotte_score.gui.window.settings import AppSettings  # noqa: E402
from jojotte_score.presenters.session import Session  # noqa: E402
from jojotte_score.storage.database import Database  # noqa: E402
from jojotte_score.storage.sittings import SittingStore  # noqa: E402

EXAMPLES = {
    "two-player": "german-example.json",
    "partnership": "partnership-example.json",
    "three-player": "three-player-example.json",
    "chouette": "chouette-example.json",
    "cutthroat": "cutthroat-example.json",
}
KINDS = ("plain", "doubled", "Nullo")
# The partnership example has no Nullo hand: this one is played after its last.
PARTNERSHIP_NULLO = PlayedHand(
    bidder=0,
    trump=Trump.NO_TRUMP,
    card_points=(30, 90),
    last_trick=None,
    double=Doubling.NONE,
    special=Special.NULLO,
    melds=(0, 0),
    jojotte=None,
    tricks=(2, 6),
    dealer=2,
)
_NAMED = {
    "Tab": Qt.Key.Key_Tab,
    "Enter": Qt.Key.Key_Return,
    "Space": Qt.Key.Key_Space,
    "Esc": Qt.Key.Key_Escape,
    "Backspace": Qt.Key.Key_Backspace,
}
_MODIFIERS = {"Alt": Qt.KeyboardModifier.AltModifier, "Ctrl": Qt.KeyboardModifier.ControlModifier}


def kind_of(hand: object) -> str | None:
    """The kind of ``hand``: "plain", "doubled" or "Nullo"; None for any other."""
    if isinstance(hand, ThrownIn):
        return None
    values = FormValues.of(hand)  # type: ignore[arg-type]
    if values.special is Special.NULLO:
        return "Nullo"
    if values.special is not Special.NONE:
        return None
    return "plain" if values.double is Doubling.NONE else "doubled"


def press(name: str) -> None:
    """Press one key, by the plan's name for it, on whatever has the focus."""
    widget = QApplication.focusWidget()
    if widget is None:
        raise SystemExit("nothing has the keyboard focus")
    if name in _NAMED:
        QTest.keyClick(widget, _NAMED[name])
        return
    modifier, plus, letter = name.partition("+")
    if plus and letter:
        QTest.keyClick(widget, Qt.Key(ord(letter.upper())), _MODIFIERS[modifier])
        return
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        event = QKeyEvent(kind, Qt.Key(ord(name.upper())), Qt.KeyboardModifier.NoModifier, name)
        QApplication.sendEvent(widget, event)


class Dialogs:
    """Every dialog or message box is answered No (Cancel) at once and counted: a sequence
    that opens one before its last key does not type the hand by itself."""

    opened = 0

    @classmethod
    def install(cls) -> None:
        def refuse(_dialog: QDialog) -> int:
            cls.opened += 1
            return 0

        def answer_no(_box: QMessageBox) -> int:
            cls.opened += 1
            return int(QMessageBox.StandardButton.No)

        QDialog.exec = refuse  # type: ignore[method-assign]
        QMessageBox.exec = answer_no  # type: ignore[method-assign,assignment]


class Typist:
    """Types hands into the window, one sitting of a game shown up to the hand typed."""

    def __init__(self, window: MainWindow, store: SittingStore, game: str) -> None:
        self.window, self.store = window, store
        self.sitting = load_sitting(ROOT / "tests" / "data" / EXAMPLES[game]).sitting
        if not any(kind_of(hand) == "Nullo" for hand in self.sitting.hands):
            hands = (*self.sitting.hands, PARTNERSHIP_NULLO)
            self.sitting = replace(self.sitting, hands=hands)

    def ready(self, position: int) -> int:
        """Show the example's hands before ``position``; the panel waits for the next."""
        before = replace(self.sitting, hands=self.sitting.hands[:position])
        sitting_id = self.store.import_sitting(before)
        self.window.open_sitting_id(sitting_id)
        self.window.activateWindow()
        self.window.panel.setFocus()
        QApplication.processEvents()
        return sitting_id

    def records(self, position: int, keys: list[str]) -> bool:
        """Whether ``keys`` typed for hand ``position`` record exactly that hand."""
        sitting_id = self.ready(position)
        opened = Dialogs.opened
        for key in keys[:-1]:
            press(key)
            QApplication.processEvents()
        typed = Dialogs.opened == opened  # no question asked while the hand was typed
        press(keys[-1])  # it records (what follows, a new rubber's roles, is no matter)
        QApplication.processEvents()
        self.window.panel.cancel()  # a hand not recorded is dropped (no question asked)
        stored = self.store.load(sitting_id).sitting.hands
        wanted = self.sitting.hands[position]._replace(note="")
        recorded = len(stored) == position + 1 and stored[position] == wanted
        return recorded and typed

    def plan(self, position: int) -> list[str]:
        """The form's keystroke plan for hand ``position``, from the panel as it stands."""
        self.ready(position)
        panel = self.window.panel
        hand = self.sitting.hands[position]._replace(note="")
        return panel.form.keystrokes(hand, panel.values())

    def shortest(self, position: int, keys: list[str]) -> list[str]:
        """``keys`` with each key left out that the hand can do without."""
        index = 0
        while index < len(keys) - 1:  # the last key records: it stays
            shorter = keys[:index] + keys[index + 1 :]
            if self.records(position, shorter):
                keys = shorter
            else:
                index += 1
        return keys


def table(show_keys: bool) -> list[str]:
    """The table's lines: one row per game, the plan's and the shortest count per kind."""
    app = QApplication.instance() or QApplication([])
    assert app is not None
    Dialogs.install()
    lines = [
        "| game | " + " | ".join(f"{kind}: plan / shortest" for kind in KINDS) + " |",
        "|---|" + "---|" * len(KINDS),
    ]
    details: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        database = Database.open(Path(folder) / "keys.sqlite3")
        store = SittingStore(database)
        window = MainWindow(Session(store), AppSettings.at(Path(folder) / "settings.ini"))
        window.unattended = True
        window.resize(1280, 820)
        window.show()
        QApplication.processEvents()
        for game in EXAMPLES:
            typist = Typist(window, store, game)
            cells = []
            for kind in KINDS:
                position = next(
                    p for p, hand in enumerate(typist.sitting.hands) if kind_of(hand) == kind
                )
                plan = typist.plan(position)
                if not typist.records(position, plan):
                    raise SystemExit(f"{game}, {kind} hand {position + 1}: the plan {plan} failed")
                short = typist.shortest(position, plan)
                cells.append(f"{len(plan)} / {len(short)}")
                details.append(f"{game}, {kind} (hand {position + 1}):")
                details.append(f"    plan     {' '.join(plan)}")
                details.append(f"    shortest {' '.join(short)}")
            lines.append(f"| {game} | " + " | ".join(cells) + " |")
        window.session.on_changed = lambda: None
        window.close()
        database.close()
    return lines + (["", *details] if show_keys else [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", action="store_true", help="print each hand's keys too")
    arguments = parser.parse_args()
    print("\n".join(table(arguments.keys)))


if __name__ == "__main__":
    main()
