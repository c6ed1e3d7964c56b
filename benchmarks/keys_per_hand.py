"""Keys per hand: how many keys a plain, a doubled and a Nullo hand of each game take, and
a plain hand without melds and with one meld.

For each of the five ways to play, the first plain hand (no double, no Nullo or Slam), the
first doubled one and the first Nullo one of the game's worked example
(``tests/data/*-example.json``, notes left out) are typed into the main window, shown
offscreen, as the hand after the hands before it, with the dealer the window prefills.
The first plain hand after the first (whose dealer the window prefills, as for every hand
of an evening but its first) is typed four more times: with no melds ("no melds"), with
one meld of 20 for one side only, the left-hand box's ("meld left": the bidder's side, or
the declarer) or the right-hand one's ("meld right"), and with the left-hand box's meld as
the hand's only declaration ("one meld only": no Jo-Jotte either, which is a second
declaration; the three-player and cutthroat examples' hands hold one, the others' none):

In the three-player game and cutthroat the panel fills in the active defender of an
undoubled hand with the player the rules ask first (docs/RULES.md, "Who is asked to
defend"); a hand defended by the other player types his key (the cutthroat example's
"no melds" hand: Bert defends, where Anna is asked first).

- **plan**: the keys the form's keystroke plan gives (``keystrokes``: a key for each
  choice, digits for each box, Tab to the next box, a choice's letter straight after a
  number when its row is the one the hand needs next, Alt plus a label's letter to jump
  to a row nothing moves to, Enter);
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

from jojotte_score.core.model import (  # noqa: E402
    AnyHand,
    Doubling,
    PlayedHand,
    SeatHand,
    Special,
    ThrownIn,
    Trump,
)
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
MELD_KINDS = ("no melds", "meld left", "meld right", "one meld only")
"""The first plain hand with its melds replaced: none, or 20 in one box of the pair (and,
for "one meld only", no Jo-Jotte)."""
ALL_KINDS = KINDS + MELD_KINDS
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


def with_melds(hand: AnyHand, kind: str) -> AnyHand:
    """``hand`` with the melds of ``kind`` (one of :data:`MELD_KINDS`): none, or 20 for the
    side (or active player) of the left-hand or the right-hand box alone; for "one meld
    only", the left-hand box's and no Jo-Jotte."""
    box = {"no melds": None, "meld left": 0, "meld right": 1, "one meld only": 0}[kind]
    if isinstance(hand, ThrownIn):
        return hand
    jojotte = None if kind == "one meld only" else hand.jojotte
    if isinstance(hand, SeatHand):
        seats = [0] * len(hand.melds)
        if box is not None:
            seats[(hand.declarer, hand.active_defender)[box]] = 20
        return hand._replace(melds=tuple(seats), jojotte=jojotte)
    assert isinstance(hand, PlayedHand)
    sides = [0, 0]
    if box is not None:
        sides[box] = 20
    return hand._replace(melds=(sides[0], sides[1]), jojotte=jojotte)


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

    def records(self, position: int, keys: list[str], wanted: AnyHand) -> bool:
        """Whether ``keys`` typed for hand ``position`` record exactly ``wanted``."""
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
        recorded = len(stored) == position + 1 and stored[position] == wanted
        return recorded and typed

    def hand(self, position: int, kind: str) -> AnyHand:
        """The hand typed as hand ``position``: the example's (its note left out), with the
        melds of ``kind`` for one of :data:`MELD_KINDS`."""
        hand = self.sitting.hands[position]._replace(note="")
        return with_melds(hand, kind) if kind in MELD_KINDS else hand

    def plan(self, position: int, wanted: AnyHand) -> list[str]:
        """The form's keystroke plan for ``wanted`` as hand ``position``, from the panel as
        it stands."""
        self.ready(position)
        panel = self.window.panel
        return panel.form.keystrokes(wanted, panel.values())

    def shortest(self, position: int, keys: list[str], wanted: AnyHand) -> list[str]:
        """``keys`` with each key left out that the hand can do without."""
        index = 0
        while index < len(keys) - 1:  # the last key records: it stays
            shorter = keys[:index] + keys[index + 1 :]
            if self.records(position, shorter, wanted):
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
        "| game | " + " | ".join(f"{kind}: plan / shortest" for kind in ALL_KINDS) + " |",
        "|---|" + "---|" * len(ALL_KINDS),
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
            for kind in ALL_KINDS:
                first = "plain" if kind in MELD_KINDS else kind
                after = 1 if kind in MELD_KINDS else 0
                position = next(
                    p
                    for p, hand in enumerate(typist.sitting.hands)
                    if kind_of(hand) == first and p >= after
                )
                wanted = typist.hand(position, kind)
                plan = typist.plan(position, wanted)
                if not typist.records(position, plan, wanted):
                    raise SystemExit(f"{game}, {kind} hand {position + 1}: the plan {plan} failed")
                short = typist.shortest(position, plan, wanted)
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
