"""The hand entry panel: keyboard-first, in the order of the pad.

Dealer (shown, prefilled), bidder, trump, doubling, Nullo or Slam, melds, card points,
last trick, Jo-Jotte, tricks, a note; Enter records from any field. A single key chooses
in a choice field (the keys are shown on the buttons) and moves the focus on to the next
field the hand still needs; in every pair of boxes the left-hand column's side comes first
and Tab goes on to the right-hand one. A plain hand is, for example, ``A`` ``S`` ``9``
``0`` ``Tab`` ``6`` ``5`` ``A`` ``Enter``: nine keys, a player's letter typed straight
after the second count choosing who won the last trick; the focus then waits in the
optional Jo-Jotte row, where Enter records. Nothing is filled in that was
not typed: in partnerships the remainder of a count is offered greyed in the other box, and
Space takes it. A side's melds are typed in its card-points box, then M (``2`` ``0`` ``M``
``9`` ``0``): three keys for a meld, without going to the meld box and back. Alt plus the
underlined letter of a label jumps to its field; Ctrl+T or the "Thrown in" button records a
thrown-in deal.

The three-player and cutthroat hands have the rows of their bidding too (who doubled,
whom the third player sided with, the Nullo bidder, the active defender), each shown only
when the hand needs it, and pairs of boxes for the two active players alone, named after
them. The active defender of an undoubled hand is filled in with the player the rules ask
first, as the dealer is, and moves along with the declarer until the scorekeeper chooses
there himself; the focus passes the row, and a player's key typed in the empty
card-points box chooses another. The chouette's sides are the rubber's box and team
("Anna (box)", "Bert (captain, with Carl)").

The panel only wires widgets: its form (:func:`~jojotte_score.gui.entry.entry_form.entry_form_for`)
turns the fields' values into a hand, says what is missing, which rows are shown, what each
choice offers and where the focus goes, and asks the core for errors and warnings, each
shown under the field it names; the scorer and the core's explanation give the live
preview.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from itertools import pairwise
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFocusEvent, QFont, QKeyEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollBar,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.core.games import find_game, first_game
from jojotte_score.core.ledger import Scorer
from jojotte_score.core.model import (
    Doubling,
    GameKey,
    RubberRoles,
    Rules,
    Special,
    ThrownIn,
    Trump,
)
from jojotte_score.core.tables import CARD_POINT_STEP
from jojotte_score.gui.accessibility import Speaking, announce
from jojotte_score.gui.entry.entry_fields import (
    ERROR_MARK,
    AltLetterLabel,
    ChoiceField,
    ErrorLines,
    MessageLine,
    PairField,
    error_label,
    show_error,
)
from jojotte_score.gui.entry.entry_form import EntryForm
from jojotte_score.gui.entry.flow_layout import FlowLayout
from jojotte_score.gui.entry.form_rules import (
    MELD_KEY,
    SEAT_ORDER,
    FormCheck,
    FormRules,
    FormValues,
    Slot,
    row_label,
)
from jojotte_score.i18n import _

if TYPE_CHECKING:  # the meld rules are imported when the meld helper is first used
    from jojotte_score.core.melds import DeclaredMelds
    from jojotte_score.core.model import AnyHand, SidesWith

MODE_ADD, MODE_INSERT, MODE_REPLACE = "add", "insert", "replace"


def _plain(row: str) -> str:
    """A row's label without its Alt letter's mark: the field's accessible name."""
    return row_label(row).replace("&", "")


def entry_form_for(
    variant: GameKey, players: Sequence[str], roles: RubberRoles | None = None
) -> FormRules:
    """The form of a sitting: side against side, or by seat (three players, cutthroat)."""
    if not find_game(variant).by_seat:
        return EntryForm(variant, players, roles if find_game(variant).has_roles else None)
    from jojotte_score.gui.entry.seat_form import SeatEntryForm  # only for such a sitting

    return SeatEntryForm(variant, players)


class EntryRequest(NamedTuple):
    """What the panel asks the window to do: add, insert before ``position``, or replace."""

    mode: str
    position: int | None
    hand: AnyHand


class TypedHand:
    """What is typed for a new hand, as its fields hold it, to be put back after the
    recorded hands change under it (an undo): the choices, each number box's text as typed
    ("5.5" too), the rows chosen by the scorekeeper himself, and the field with the focus
    (``at_record``: the Record button, where the focus goes once the hand is complete)."""

    # A plain class, not a named tuple: start-up compiles no annotation of it
    # (tests/gui/window/test_startup.py).
    __slots__ = ("at_record", "focus", "own", "texts", "values")

    def __init__(
        self,
        values: FormValues,
        texts: tuple[tuple[str, str], ...],
        own: dict[Slot, object],
        focus: Slot | None,
        at_record: bool = False,
    ) -> None:
        self.values = values
        self.texts = texts
        self.own = own
        self.focus = focus
        self.at_record = at_record


class PanelState:
    """Everything the entry panel holds for the hand on it, as plain values (no widget):
    the hand it is for (``hand``: the mode and position :meth:`EntryPanel.mode` gives),
    what its fields hold and where the focus is (``typed``), the melds declared in the meld
    helper and the points it gave (``helper``), and the messages shown (``shown``: whether
    what is missing is said, and the hand whose warning the next Enter confirms)."""

    __slots__ = ("hand", "helper", "shown", "typed")

    def __init__(
        self,
        hand: tuple[str, int | None],
        typed: TypedHand,
        helper: tuple[tuple[DeclaredMelds, DeclaredMelds] | None, tuple[int, int] | None],
        shown: tuple[bool, AnyHand | None],
    ) -> None:
        self.hand = hand
        self.typed = typed
        self.helper = helper
        self.shown = shown


def confirm(parent: QWidget, title: str, question: str) -> bool:
    """Ask ``question``; True for Yes (No is the default, and Esc)."""
    # Imported when a question is asked: set up at start-up, Qt's message box (and dialog)
    # classes cost 4-8 ms.
    from PySide6.QtWidgets import QMessageBox

    from jojotte_score.gui.messages import window_title

    yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
    box = QMessageBox(QMessageBox.Icon.Question, window_title(title), question, yes | no, parent)
    box.setDefaultButton(no)
    return box.exec() == yes


class EntryPanel(QWidget, Speaking):
    """Records one hand: a new one, one inserted before ``position``, or a replacement.

    Call :meth:`set_context` with the sitting's variant, players and rules, a scorer that has
    scored the hands before the one being entered (in the chouette its ``roles`` are the
    hand's), and the dealer; then :meth:`new_hand`
    or :meth:`edit_hand`, both inside :meth:`one_update` to bring the panel up to date once.
    ``submitted`` carries an :class:`EntryRequest`; ``cancelled`` is emitted for Esc while
    inserting or editing; ``started`` when the first value of a new hand is entered.
    """

    submitted = Signal(object)
    cancelled = Signal()
    announced = Signal(str)
    started = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("entryPanel")
        # Before a sitting is shown: the form of the game offered first, sides unnamed.
        self.form: FormRules = entry_form_for(first_game().variant, (_("Side 1"), _("Side 2")))
        self._rules = Rules()
        self._players: tuple[str, ...] = ()
        self._prior_scorer = Scorer(first_game(), self._rules)
        self._mode = MODE_ADD
        self._position: int | None = None
        self._confirmed: AnyHand | None = None
        self._loaded = FormValues()  # the recorded hand being edited, as it was loaded
        self._later: Callable[[AnyHand], list[str]] | None = None
        self._updating = False
        self._held = 0  # one_update()s under way
        self._held_change = self._held_focus = False  # what their end still has to do
        self._readied = 0  # hands made ready: new_hand() calls
        self._shown_choices: dict[Slot, list[tuple[Any, str, tuple[str, ...]]]] = {}
        self._own: dict[Slot, object] = {}  # the rows the scorekeeper chose in himself
        self._shown_missing = False
        self._started = False
        self._declared: tuple[DeclaredMelds, DeclaredMelds] | None = None
        self._helper_points: tuple[int, int] | None = None
        # The widest row label's width, for the font it was measured in: each height asked
        # measured the 15 labels again (the small example's start: +12 M instructions in
        # English without it, -2 M with it, callgrind).
        self._widest_label = ("", 0)
        self._scroll_bar_width = 0  # read at the first need (_row_wrap_for)
        self._build_widgets()
        self.new_hand()  # which brings the choices, rows and messages up to date

    # Building ------------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        """The panel from top to bottom: the heading, the form's rows, the buttons, the
        general message line and the preview; then the tab order and the signals."""
        outer = QVBoxLayout(self)
        self._build_heading(outer)
        rows = self._build_fields()
        self._slots: dict[Slot, QWidget] = self._slot_table()
        outer.addLayout(self._build_form(rows))
        outer.addLayout(self._build_buttons())
        self.general_error = error_label()
        outer.addWidget(self.general_error)
        self._build_preview()
        outer.addWidget(self.preview, 1)
        self._chain_tabs()
        self._wire()

    def _build_heading(self, outer: QVBoxLayout) -> None:
        """The line saying what the panel records (a new hand, one inserted, one edited)."""
        self.mode_label = QLabel()
        heading = QFont()
        heading.setBold(True)
        self.mode_label.setFont(heading)
        self.mode_label.setWordWrap(True)  # "Editing hand 16 — Enter saves, …" in large print
        outer.addWidget(self.mode_label)

    def _build_fields(self) -> tuple[tuple[str, QWidget], ...]:
        """Make every field (and the meld helper's button); the form's rows, in order, each
        by its name (:func:`row_label`) and its field."""
        self.dealer: ChoiceField[int] = ChoiceField(_plain("dealer"))
        self.bidder: ChoiceField[int] = ChoiceField(_plain("bidder"))
        self.trump: ChoiceField[Trump] = ChoiceField(_plain("trump"))
        self.double: ChoiceField[Doubling] = ChoiceField(_plain("double"))
        self.doubler: ChoiceField[int] = ChoiceField(_plain("doubler"))
        self.sides_with: ChoiceField[SidesWith] = ChoiceField(_plain("sides_with"))
        self.special: ChoiceField[Special] = ChoiceField(_plain("special"))
        self.nullo_bidder: ChoiceField[int] = ChoiceField(_plain("nullo_bidder"))
        self.active_defender: ChoiceField[int] = ChoiceField(_plain("active_defender"))
        self.melds = PairField(_("Meld points"))
        # Translators: the meld helper's button; M in a meld box opens it too. Its Alt
        # letter must differ from the panel's labels' and the menus' letters.
        self.meld_button = QPushButton(_("Meld hel&per… [M]"))
        self.meld_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Alt+P or M in a meld box
        self.last_trick: ChoiceField[int] = ChoiceField(_plain("last_trick"))
        self.jojotte: ChoiceField[int] = ChoiceField(_plain("jojotte"))
        self.card_points = PairField(_plain("card_points"), step=CARD_POINT_STEP)
        self.tricks = PairField(_plain("tricks"))
        self.note = QLineEdit()
        self.note.setAccessibleName(_plain("note"))
        self.note.setPlaceholderText(_("optional"))
        return (
            ("dealer", self.dealer),
            ("bidder", self.bidder),
            ("trump", self.trump),
            ("double", self.double),
            ("doubler", self.doubler),
            ("sides_with", self.sides_with),
            ("special", self.special),
            ("nullo_bidder", self.nullo_bidder),
            ("active_defender", self.active_defender),
            ("melds", self.melds),
            ("card_points", self.card_points),
            ("last_trick", self.last_trick),
            ("jojotte", self.jojotte),
            ("tricks", self.tricks),
            ("note", self.note),
        )

    def _slot_table(self) -> dict[Slot, QWidget]:
        """The widget that holds each slot's value (a pair's box for each of its sides)."""
        return {
            Slot.DEALER: self.dealer,
            Slot.BIDDER: self.bidder,
            Slot.TRUMP: self.trump,
            Slot.DOUBLE: self.double,
            Slot.DOUBLER: self.doubler,
            Slot.SIDES_WITH: self.sides_with,
            Slot.SPECIAL: self.special,
            Slot.NULLO_BIDDER: self.nullo_bidder,
            Slot.ACTIVE_DEFENDER: self.active_defender,
            Slot.MELDS_LEFT: self.melds.edits[0],
            Slot.MELDS_RIGHT: self.melds.edits[1],
            Slot.LAST_TRICK: self.last_trick,
            Slot.JOJOTTE: self.jojotte,
            Slot.CARDS_LEFT: self.card_points.edits[0],
            Slot.CARDS_RIGHT: self.card_points.edits[1],
            Slot.TRICKS_LEFT: self.tricks.edits[0],
            Slot.TRICKS_RIGHT: self.tricks.edits[1],
            Slot.NOTE: self.note,
        }

    def _build_form(self, rows: tuple[tuple[str, QWidget], ...]) -> QFormLayout:
        """The form: each row's label (its Alt letter going to the row's first slot) and a
        cell holding its field, and under the field its message line when first needed."""
        self._form_layout = QFormLayout()
        self._form_layout.setHorizontalSpacing(8)
        self._form_layout.setVerticalSpacing(2)
        self._form_layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._form_layout.setLabelAlignment(
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )
        self.row_labels: dict[str, QLabel] = {}
        self._cells: list[QWidget] = []
        self._row_cells: dict[str, QWidget] = {}
        columns: dict[str, QVBoxLayout] = {}
        # Each row's message line goes under its field, made when first needed.
        self.errors: ErrorLines[str] = ErrorLines(
            (row for row, _field in rows), lambda row, line: columns[row].addWidget(line)
        )
        for row, field in rows:
            label = AltLetterLabel(row_label(row))
            label.setBuddy(self._slots[next(s for s in SEAT_ORDER if s.row == row)])
            self.row_labels[row] = label
            cell = QWidget()
            column = QVBoxLayout(cell)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(1)
            column.addWidget(field)
            columns[row] = column
            self._form_layout.addRow(label, cell)
            self._cells.append(cell)
            self._row_cells[row] = cell
        return self._form_layout

    def _build_buttons(self) -> FlowLayout:
        """The row of buttons under the form: Record, Thrown in, Cancel, the meld helper."""
        buttons = FlowLayout(spacing=6, stretch=False)
        self.record_button = QPushButton()
        self.thrown_in_button = QPushButton(_("Thro&wn in"))
        self.thrown_in_button.setToolTip(_("Record a thrown-in deal (Ctrl+T)"))
        self.cancel_button = QPushButton(_("Cancel [Esc]"))
        # The meld helper's button stands in the row of Record and Thrown in, not beside the
        # meld boxes: there it wrapped onto a line of its own under the boxes while the seats
        # had no names yet, and always in the chouette ("Bert (captain, with Carl)"),
        # leaving a gap between the melds and the card points.
        for button in (
            self.record_button,
            self.thrown_in_button,
            self.cancel_button,
            self.meld_button,
        ):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        return buttons

    def _build_preview(self) -> None:
        """The read-only preview of what the hand will score."""
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setTabChangesFocus(True)
        self.preview.setAccessibleName(_("Preview"))
        self.preview.setPlaceholderText(_("What the hand will score appears here."))
        # The preview takes the height the fields leave, down to a few lines: it scrolls
        # before the panel does.
        policy = self.preview.sizePolicy()
        policy.setVerticalPolicy(QSizePolicy.Policy.Ignored)
        self.preview.setSizePolicy(policy)
        self._fit_preview()

    def _chain_tabs(self) -> None:
        """Tab goes through the slots in the order they are entered, then the buttons and
        the preview."""
        chain = [
            *(self._slots[slot] for slot in SEAT_ORDER),
            self.record_button,
            self.thrown_in_button,
            self.cancel_button,
            self.preview,
        ]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _choice_fields(self) -> dict[Slot, ChoiceField[Any]]:
        """Every choice field, by its slot."""
        return {
            slot: widget for slot, widget in self._slots.items() if isinstance(widget, ChoiceField)
        }

    def _wire(self) -> None:
        for slot, field in self._choice_fields().items():
            field.chosen.connect(lambda s=slot: self._advance_from(s))
            field.changed.connect(lambda s=slot: self._chosen_here(s))  # before _changed
            field.changed.connect(self._changed)
            field.stray.connect(lambda text, s=slot: self._stray_key(s, text))
        for pair, slots in (
            (self.melds, (Slot.MELDS_LEFT, Slot.MELDS_RIGHT)),
            (self.card_points, (Slot.CARDS_LEFT, Slot.CARDS_RIGHT)),
            (self.tricks, (Slot.TRICKS_LEFT, Slot.TRICKS_RIGHT)),
        ):
            pair.stray.connect(lambda side, text, s=slots: self._stray_key(s[side], text))
        self.trump.changed.connect(self._contract_changed)
        self.special.changed.connect(self._contract_changed)
        for pair in (self.melds, self.card_points, self.tricks):
            pair.edited.connect(self._changed)
        self.melds.edited.connect(self._melds_typed)
        self.note.textEdited.connect(self._changed)
        self.meld_button.clicked.connect(self.open_meld_helper)
        self.record_button.clicked.connect(self.record)
        self.thrown_in_button.clicked.connect(self.record_thrown_in)
        self.cancel_button.clicked.connect(self.cancel)

    # The interface -------------------------------------------------------------------------

    def set_context(
        self,
        variant: GameKey,
        players: tuple[str, ...],
        rules: Rules,
        prior: Scorer,
        dealer: int | None,
    ) -> None:
        """The sitting, and ``prior``: a scorer that has scored the hands before the one
        being entered, which the panel keeps (each preview tries the hand on a copy of
        it); in the chouette its ``roles`` name the box and the captain. ``dealer`` deals
        it."""
        self.form = entry_form_for(variant, players, prior.roles)  # the chouette's, C2
        self._players = players
        self._rules = rules
        self._prior_scorer = prior
        self._shown_choices = {}
        if self._mode != MODE_REPLACE:
            self.dealer.set_value(dealer)
        self._changed()
        if self._mode != MODE_REPLACE and self.focusWidget() is not None:
            # The panel had the focus (or will have it when the window shows): the game may
            # need another first field (F2: the cutthroat dealer).
            self._focus_first()

    @contextmanager
    def one_update(self) -> Iterator[None]:
        """The calls made inside bring the panel up to date once, at the end: its choices,
        rows, messages and preview, then the focus. The window readies the next hand with
        :meth:`new_hand` and :meth:`set_context`, each of which would update it in full:
        four full updates a recorded hand before, one now (with the hand list's texts kept,
        99 M instructions a recorded hand down to 75 M, callgrind)."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held:
                change, focus = self._held_change, self._held_focus
                self._held_change = self._held_focus = False
                if change:
                    self._changed()
                if focus:
                    self._focus_first()

    def set_dealer(self, dealer: int | None) -> None:
        """The hand readied to be recorded is dealt by ``dealer``, chosen since (a new
        cut): the panel is brought up to date once, the rest of its context as it is."""
        with self.one_update():
            self.dealer.set_value(dealer)
            self._changed()
            self._focus_first()  # the game may need another first field (F2)

    def new_hand(self, position: int | None = None) -> None:
        """Start a new hand: appended (None) or inserted before hand ``position`` (0-based)."""
        self._readied += 1
        self._mode = MODE_ADD if position is None else MODE_INSERT
        self._position = position
        self._later = None
        self._clear_fields()
        self._focus_first()

    def edit_hand(
        self, position: int, hand: AnyHand, later: Callable[[AnyHand], list[str]] | None = None
    ) -> None:
        """Load the hand at ``position`` (0-based) to be replaced. ``later`` says what the
        hand as edited makes illegal in the hands after it (lines the preview adds; none
        when nothing)."""
        self._mode, self._position = MODE_REPLACE, position
        self._later = later
        self._clear_fields()
        self._show_values(FormValues.of(hand))
        self._loaded = self.values()
        self._changed()
        self._focus_first()

    def current_hand(self) -> AnyHand | None:
        """The hand the fields describe (errors or not), or None while something is missing."""
        return self.form.build(self.values())

    def values(self) -> FormValues:
        """What the fields hold (nothing for a field the contract leaves out)."""
        values = FormValues(
            dealer=self.dealer.value(),
            bidder=self.bidder.value(),
            trump=self.trump.value(),
            double=self.double.value() or Doubling.NONE,
            doubler=self.doubler.value(),
            sides_with=self.sides_with.value(),
            special=self.special.value() or Special.NONE,
            nullo_bidder=self.nullo_bidder.value(),
            active_defender=self.active_defender.value(),
            melds=self.melds.values(),
            last_trick=self.last_trick.value(),
            jojotte=self.jojotte.value(),
            card_points=self.card_points.values(),
            tricks=self.tricks.values(),
            note=self.note.text(),
        )
        for slot in self._choice_fields():
            if slot is not Slot.DEALER and not self.form.is_enabled(values, slot):
                values = values.with_slot(slot, None)
        return values

    def mode(self) -> tuple[str, int | None]:
        """("add" | "insert" | "replace", position)."""
        return self._mode, self._position

    def row_letters(self) -> frozenset[str]:
        """The letters that with Alt go to a row of the panel (lower case)."""
        keys = (QKeySequence.mnemonic(label.text()) for label in self.row_labels.values())
        return frozenset(key.toString().rpartition("+")[2].lower() for key in keys if key.count())

    def row_cells(self) -> dict[str, QWidget]:
        """Each row's widget beside (or under) its label: its field and its error line."""
        return dict(self._row_cells)

    def widget_for(self, slot: Slot) -> QWidget:
        """The widget that takes the input of ``slot``."""
        return self._slots[slot]

    # Keys ----------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and plain:
            self.record()
        elif key == Qt.Key.Key_Escape and plain:
            self.cancel()
        elif self.record_button.hasFocus() and self._typed_at_record(event):
            pass
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _typed_at_record(self, event: QKeyEvent) -> bool:
        """A character typed while the Record button has the focus (the hand needs nothing
        more): a key of a row the focus passed by (the doubling, Nullo or Slam) chooses
        there; any other is refused with a word under the buttons. True if it was either."""
        text = event.text()
        shifted = Qt.KeyboardModifier.KeypadModifier | Qt.KeyboardModifier.ShiftModifier
        if event.modifiers() & ~shifted or len(text) != 1 or not text.strip():
            return False
        if not text.isprintable():
            return False
        if not self._answers_passed(None, text):
            message = _("“{key}” was not typed in: the hand is complete; Enter records it.")
            show_error(self.general_error, message.format(key=text), say=True)
        return True

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self._focus_first()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._wrap_rows()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            # Larger print than the usual breaks a choice or a side's name wider than its
            # row onto lines; the usual print keeps each on one line, as it always did.
            from jojotte_score.gui.entry.broken_text import Texts, break_texts  # large print

            large = self.font().pointSizeF() > QApplication.font().pointSizeF()
            rows: list[tuple[FlowLayout, Texts]] = [
                (field.choices_layout, [(button, button, None) for button in field.buttons()])
                for field in self._slots.values()
                if isinstance(field, ChoiceField)
            ]
            rows += [
                (
                    pair.boxes_layout,
                    list(zip(pair.units, pair.side_labels, pair.edits, strict=True)),
                )
                for pair in (self.melds, self.card_points, self.tricks)
            ]
            break_texts(rows, large)
            self._wrap_rows()
            self._fit_preview()

    def _fit_preview(self) -> None:
        """The preview's least height: three lines of its print."""
        lines = 3 * self.preview.fontMetrics().lineSpacing()
        self.preview.setMinimumHeight(lines + 2 * self.preview.frameWidth() + 8)

    def heightForWidth(self, width: int) -> int:
        """The height the panel needs at ``width``, the preview's least height included: its
        size policy leaves the preview out of the layout's answer (it takes the height the
        fields leave), so that a scroll area sized by the answer alone squeezed the rows
        of large print into each other ("Ohne Trumpf" under the Kontra row).

        The rows are arranged for ``width`` first (:meth:`_row_wrap_for`), as they will be
        once the panel has it: its scroll area asks just before it gives the panel that
        width, and a resize arranges them for the width given in any case. Asked with the
        rows still arranged for the width before, the first answer was the other
        arrangement's (the small example in German: 771 pixels at 312, labels beside their
        fields, where the panel needs 670): the area showed a scroll bar the panel did not
        need, laid it out for the bar's width (298 pixels: Kontra on two lines, 695 pixels
        in 679) and cut the preview's "still to enter" off. Arranged once, the start is
        laid out once: 16 M instructions fewer for that start (callgrind), 2 M for the
        same in English, whose window is the same."""
        self._arrange_rows(self._row_wrap_for(width))
        height = super().heightForWidth(width)
        if height < 0 or not self.preview.isVisibleTo(self):
            return height
        return height + self.preview.minimumHeight()

    def narrowest(self) -> int:
        """The narrowest width the panel fits in without cutting anything off (each label
        above its field, each row of choices wrapped to one choice a line)."""
        widgets = [*self.row_labels.values(), *self._cells, self.mode_label]
        widest = max(widget.minimumSizeHint().width() for widget in widgets)
        margins = self.contentsMargins()
        return widest + margins.left() + margins.right() + 24

    def _wrap_rows(self) -> None:
        """Labels above their fields when beside them they would leave the fields less than
        twice their width (a narrow panel, or large print)."""
        self._arrange_rows(self._row_wrap_for(self.width()))

    def _row_wrap_for(self, width: int) -> QFormLayout.RowWrapPolicy:
        """How the rows are arranged at ``width`` (see :meth:`_wrap_rows`): labels move
        beside their fields at three times the widest label, and back above them only a
        scroll bar's width below that.

        Without that margin a panel exactly three widest labels wide (408 pixels at
        1024×700 in English) never settled: its scroll area asks its height at its width
        less the scroll bar (394: labels above), then at its width (408: labels beside),
        and each answer rearranged the rows, which had the area ask again, some 5,000
        resizes a second while the window sat idle. With it both questions find the rows
        as they are."""
        font = self.font().key()
        if self._widest_label[0] != font:
            widest = max(label.sizeHint().width() for label in self.row_labels.values())
            self._widest_label = (font, widest)
        policy = QFormLayout.RowWrapPolicy
        beside = 3 * self._widest_label[1]
        if self._form_layout.rowWrapPolicy() == policy.DontWrapRows:
            if not self._scroll_bar_width:
                # A scroll bar's own width, as the window's sizes read it, not QStyle's
                # metric: importing QStyle builds its enums, 46 M instructions of a start
                # (1.316 G against 1.270 G, bench_startup.py --instructions).
                self._scroll_bar_width = QScrollBar().sizeHint().width()
            beside -= self._scroll_bar_width
        return policy.WrapAllRows if width < beside else policy.DontWrapRows

    def _arrange_rows(self, wrap: QFormLayout.RowWrapPolicy) -> None:
        """Each label above its field (``WrapAllRows``) or beside it, aligned to match."""
        if self._form_layout.rowWrapPolicy() != wrap:
            self._form_layout.setRowWrapPolicy(wrap)
            above = wrap == QFormLayout.RowWrapPolicy.WrapAllRows
            alignment = Qt.AlignmentFlag.AlignLeft if above else Qt.AlignmentFlag.AlignRight
            self._form_layout.setLabelAlignment(alignment | Qt.AlignmentFlag.AlignVCenter)

    def _stray_key(self, slot: Slot, text: str) -> None:
        """A key typed in ``slot`` that its field does not take: M in a melds box opens the
        meld helper; a key of a row the focus passed by (the doubling, Nullo or Slam: rows
        with a default) chooses there, as if typed in that row; any other is refused with a
        word under the field where it was typed (the key of a player who does not play the
        hand names him). Nothing is written that was not meant."""
        if slot in (Slot.MELDS_LEFT, Slot.MELDS_RIGHT) and text.upper() == MELD_KEY:
            self.open_meld_helper()
            return
        if text.upper() == MELD_KEY and self._meld_key(slot):
            return
        if self._answers_passed(slot, text):
            return
        if self._answers_next(slot, self.values(), text):
            return
        refusal = self._refusal(slot, text)
        # the cutthroat dealer's key for the last trick; a partner's, for his side's
        refused_player = self.form.seat_key_refusal(self.values(), slot, text)
        if refusal is not None:
            message = refusal
        elif refused_player is not None:
            message = refused_player
        elif slot.side is None:
            message = _("“{key}” is none of this row's keys.").format(key=text)
        elif text.isdigit():  # after a count, where it would make no count (651)
            message = _("“{key}” was not typed in: card points end in 0 or 5.").format(key=text)
        else:
            message = _("“{key}” was not typed in: this box takes digits only.").format(key=text)
        show_error(self._error_label_for(slot), message, say=True)

    def _refusal(self, slot: Slot, text: str) -> str | None:
        """Why the choice ``text`` is the key of, in ``slot``'s row or a row the focus
        passed by, may not be chosen (Nullo once nobody may bid it), or None."""
        fields = self._choice_fields()
        rows = [slot, *self.form.passed_rows(self.values(), slot, self._box_is_empty(slot))]
        for row in rows:
            field = fields.get(row)
            refusal = None if field is None else field.refusal(text)
            if refusal is not None:
                return refusal
        return None

    def _meld_key(self, slot: Slot) -> bool:
        """M typed in a card-points box (:meth:`FormRules.meld_box_for`): the points typed
        there become that side's meld points, and the box is emptied for its card points
        ("4 0 M 9 0"): no key to go to the meld box and back. In an empty box M opens the
        meld helper, as in a meld box. True if it did either."""
        values = self.values()
        melds = self.form.meld_box_for(values, slot)
        side = slot.side
        if melds is None or side is None:
            return False
        box = self.card_points.edits[side]
        if not box.text():
            self.open_meld_helper()
            return True
        points = self.card_points.values()[side]
        if points is None:  # "5.5" is no number of points: refused, as any other key
            return False
        both = list(self.melds.values())
        both[side] = points
        self.melds.set_values((both[0], both[1]))
        box.clear()
        self._melds_typed()
        self._changed()
        said = _("Meld points, {player}: {points}").format(
            player=self.form.pair_words(self.values())[side], points=points
        )
        announce(self, said)
        self.announced.emit(said)
        return True

    def _answers_passed(self, slot: Slot | None, text: str) -> bool:
        """A key of a row the focus passed by before ``slot`` (None: the Record button,
        after every row) that has a default (the doubling, Nullo or Slam) and still holds it:
        chosen there, and a question that choice raises above is asked first. True if it
        was. A row where something else was chosen is not changed from afar (a stray "0" in
        the "Doubled by" row does not cancel the double); a row that holds the choice the
        rules suggest (the active defender) takes its keys typed in an empty number box
        only (:meth:`FormRules.passed_rows`). Never while a recorded hand is
        edited: there a row at its default holds what was recorded, and a letter chooses
        only in the row that has the focus ("s" at Save is no Slam)."""
        if self._mode == MODE_REPLACE:
            return False  # a recorded hand's rows hold what was recorded, defaults too
        values = self.values()
        fields = self._choice_fields()
        order = self.form.order
        if slot is not None and slot not in order:
            return False
        empty = slot is not None and slot.side is not None and self._box_is_empty(slot)
        for earlier in self.form.passed_rows(values, slot, empty):
            field = fields.get(earlier)
            if field is not None and field.answer(text):
                # A question the choice raises above (who doubled) is asked first.
                target = self.form.next_slot(self.values(), earlier)
                if slot is None:
                    self._advance_from(earlier)
                elif target is not None and order.index(target) < order.index(slot):
                    self._slots[target].setFocus()
                return True
        return False

    def _box_is_empty(self, slot: Slot) -> bool:
        """Whether the number box of ``slot`` holds no text at all."""
        box = self._slots[slot]
        return isinstance(box, QLineEdit) and not box.text()

    def _answers_next(self, slot: Slot, values: FormValues, text: str) -> bool:
        """A key typed in a number box that holds a number, which is a key of the row the
        hand needs next (who won the last trick, after the card points): chosen there, as
        if Tab had taken the focus to it first, and the focus moves on. True if it was."""
        if slot.side is None or values.get(slot) is None:
            return False
        ahead = self.form.next_slot(values, slot)
        field = None if ahead is None else self._choice_fields().get(ahead)
        if ahead is None or field is None or not field.answer(text):
            return False
        self._advance_from(ahead)
        return True

    def _error_label_for(self, slot: Slot) -> MessageLine:
        """The line under the field of ``slot`` that shows its messages."""
        pairs = {"card_points": self.card_points, "melds": self.melds, "tricks": self.tricks}
        if slot.side is not None and slot.row in pairs:
            return pairs[slot.row].errors[slot.side]
        return self.errors[slot.row]

    # Actions -------------------------------------------------------------------------------

    def record(self) -> bool:
        """Submit the hand if it has no error; a warning needs a second Enter. True if sent."""
        check = self.form.check(self.values(), self._number())
        self._shown_missing = True
        mending = self._not_numbers()
        if mending:  # "5.5" is not recorded as anything: it is mended first
            self._show_messages(check)
            self._say_messages()
            mending[0][0].edits[mending[0][1]].setFocus()
            return False
        if check.hand is None:
            self._show_messages(check)
            self._say_messages()
            self._focus_first()
            return False
        if check.errors:
            self._show_messages(check)
            self._say_messages()
            self._focus_field(check.errors[0].field or "")
            return False
        if check.warnings and self._confirmed != check.hand:
            self._confirmed = check.hand
            self._show_messages(check)
            self._say_messages()
            self._update_record_button()
            return False
        self._submit(check.hand)
        return True

    def has_typed(self) -> bool:
        """Whether anything besides the dealer has been entered for the hand on the panel;
        for a recorded hand being edited, whether anything was changed."""
        if self._mode == MODE_REPLACE:
            return self.values() != self._loaded
        return self.values()._replace(dealer=None) != FormValues()

    def typed_new_hand(self) -> TypedHand | None:
        """What is typed for the next hand to record, or None when nothing is (or the panel
        inserts or corrects a hand): :meth:`keep_typed` puts it back."""
        if self._mode != MODE_ADD:
            return None
        return self.typed_hand()

    def typed_hand(self) -> TypedHand | None:
        """What is typed for the hand on the panel in any mode (a new hand, one inserted,
        the changes to one corrected), or None when nothing is: :meth:`keep_typed` puts it
        back once the panel records, inserts or corrects that hand again."""
        if not self.has_typed():
            return None
        return self._typed_now()

    def _typed_now(self) -> TypedHand:
        """What the fields hold, typed or not, and where the focus is."""
        focus = next(
            (slot for slot, widget in self._slots.items() if widget.hasFocus()),
            None,
        )
        texts = tuple(
            (pair.edits[0].text(), pair.edits[1].text())
            for pair in (self.melds, self.card_points, self.tricks)
        )
        at_record = self.record_button.hasFocus()
        return TypedHand(self.values(), texts, dict(self._own), focus, at_record)

    def keep_typed(self, typed: TypedHand) -> None:
        """Put back what was typed (:meth:`typed_new_hand`, :meth:`typed_hand`) after the
        recorded hands changed, the panel readied for that hand again: a new hand is still
        the next hand to record, dealt by the dealer it showed (the one at the table), whom
        the scorekeeper changes if he wants."""
        self._show_values(typed.values)
        for pair, texts in zip(
            (self.melds, self.card_points, self.tricks), typed.texts, strict=True
        ):
            for edit, text in zip(pair.edits, texts, strict=True):
                edit.setText(text)
        self._own = dict(typed.own)
        self._changed()
        if typed.focus is not None and self._slots[typed.focus].isVisibleTo(self):
            self._slots[typed.focus].setFocus()
        elif typed.at_record:
            self.record_button.setFocus()

    def panel_state(self) -> PanelState:
        """Everything the panel holds for the hand on it, to be shown on another panel by
        :meth:`restore_state` (the window rebuilt in another language)."""
        return PanelState(
            (self._mode, self._position),
            self._typed_now(),
            (self._declared, self._helper_points),
            (self._shown_missing, self._confirmed),
        )

    def restore_state(self, state: PanelState) -> None:
        """Show ``state`` (:meth:`panel_state`) on this panel once the window has readied
        it for the same hand (a correction loaded by :meth:`edit_hand`, an insertion by
        :meth:`new_hand`): what was typed, the melds declared in the meld helper, the
        messages and the warning to confirm as they were, and the focus in the same field.
        Nothing typed is checked here: a hand only partly typed is put back as it was."""
        self._shown_missing, self._confirmed = state.shown
        self.keep_typed(state.typed)
        self._declared, self._helper_points = state.helper

    def may_drop_typed(self, title: str, question: str) -> bool:
        """True when nothing is typed for the hand, or the scorekeeper answers Yes to
        ``question`` (No is the default): a partly entered hand is never dropped unasked."""
        return not self.has_typed() or confirm(self, title, question)

    def record_thrown_in(self) -> None:
        """Submit a thrown-in deal dealt by the dealer shown (one deliberate action: the
        button or Ctrl+T; no single key does it); what is typed for the hand is dropped
        only when the scorekeeper says so."""
        question = _("Record hand {number} as thrown in? What is typed for it is dropped.").format(
            number=self._number()
        )
        typed = self.values()._replace(dealer=None, note="") != FormValues()  # a note stays
        if not typed or confirm(self, _("Thrown in"), question):
            self._submit(ThrownIn(dealer=self.dealer.value(), note=self.note.text().strip()))

    def cancel(self) -> None:
        """Esc: leave inserting or editing (``cancelled``), or clear a new hand."""
        if self._mode == MODE_ADD:
            self._clear_fields()
            self._focus_first()
            return
        self._mode, self._position, self._later = MODE_ADD, None, None
        self._clear_fields()
        self.cancelled.emit()

    def open_meld_helper(self) -> None:
        """Ask for each side's declared melds and fill the meld points the rules give."""
        trump = self.trump.value()
        if trump is None:
            show_error(
                self.errors["melds"], _("Choose the trump first: it ranks the melds."), say=True
            )
            self.trump.setFocus()
            return
        from jojotte_score.gui.entry.meld_dialog import MeldDialog  # built on first use

        result = MeldDialog.ask(
            self,
            trump,
            self.form.pair_words(self.values()),
            nullo=self.special.value() is Special.NULLO,
            declared=self._declared,
        )
        if result is None:
            return
        self._declared = result.declared
        self._set_helper_points(result.decision.points)
        self._advance_from(Slot.MELDS_RIGHT)

    # Internals -----------------------------------------------------------------------------

    def _submit(self, hand: AnyHand) -> None:
        request = EntryRequest(self._mode, self._position, hand)
        self._mode, self._position, self._later = MODE_ADD, None, None
        readied = self._readied
        self.submitted.emit(request)
        if self._readied == readied:  # no one made the next hand ready: the fields clear
            self._clear_fields()
            self._focus_first()

    def _show_values(self, values: FormValues) -> None:
        self._updating = True  # the choices follow the values once all are shown
        try:
            for _round in range(3):  # a choice offered only once an earlier one is set
                for slot, field in self._choice_fields().items():
                    field.set_value(values.get(slot))
                self._apply_choices(values)
        finally:
            self._updating = False
        self.melds.set_values(values.melds)
        self.card_points.set_values(values.card_points)
        self.tricks.set_values(values.tricks)
        self.note.setText(values.note)

    def _clear_fields(self) -> None:
        self._updating = True
        try:
            for slot, choice in self._choice_fields().items():
                if slot is not Slot.DEALER:
                    choice.reset()
        finally:
            self._updating = False
        for pair in (self.melds, self.card_points, self.tricks):
            pair.set_values(None)
        self.note.clear()
        self._declared = None
        self._helper_points = None
        self._confirmed = None
        self._shown_missing = False
        self._started = False
        self._own = {}
        self._changed()

    def _apply_choices(self, values: FormValues) -> None:
        """Offer in each choice field what the form offers for these values (a field keeps
        its choice when it is still offered), and show only the rows the hand needs."""
        for slot, field in self._choice_fields().items():
            choices = self.form.choices(slot, values)
            if self._shown_choices.get(slot) != choices:
                self._shown_choices[slot] = choices
                default = choices[0][0] if slot in (Slot.DOUBLE, Slot.SPECIAL) else None
                field.set_choices(choices, default)
            field.set_refused(self.form.refused_choices(slot, values))
        names = self.form.pair_names(values)
        for row, pair in (
            ("melds", self.melds),
            ("card_points", self.card_points),
            ("tricks", self.tricks),
        ):
            pair.set_names(names)
            # A screen reader names a box by the label it is the buddy of: the row's label
            # names the left-hand box as the box names itself ("Card points, Anna").
            spoken = pair.edits[0].accessibleName()
            if self.row_labels[row].accessibleName() != spoken:
                self.row_labels[row].setAccessibleName(spoken)
        for row, cell in self._row_cells.items():
            slots = [slot for slot in SEAT_ORDER if slot.row == row]
            shown = any(self.form.is_shown(values, slot) for slot in slots)
            if self._form_layout.isRowVisible(cell) != shown:
                self._form_layout.setRowVisible(cell, shown)

    def _number(self) -> int:
        if self._position is not None:
            return self._position + 1
        return self._prior_scorer.next_number

    def _contract_changed(self) -> None:
        if self._declared is not None and self._helper_points == self.melds.values():
            trump = self.trump.value()
            if trump is not None:
                from jojotte_score.core.melds import MeldDeclarationError, decide_melds

                try:
                    decision = decide_melds(
                        *self._declared, trump, nullo=self.special.value() is Special.NULLO
                    )
                except MeldDeclarationError:
                    return
                self._set_helper_points(decision.points)

    def _set_helper_points(self, points: tuple[int, int]) -> None:
        self.melds.set_values(points)
        self._helper_points = points
        self._changed()

    def _melds_typed(self) -> None:
        if self._helper_points != self.melds.values():
            self._helper_points = None

    def _changed(self) -> None:
        """Bring the choices offered, the rows shown, the field messages, suggestions,
        buttons and preview up to date."""
        if self._updating:
            return
        if self._held:
            self._held_change = True
            return
        self._updating = True
        suggested: list[Slot] = []
        try:
            now = self.values()
            for _round in range(3):  # a choice no longer offered is dropped: look again
                values = now
                self._apply_choices(values)
                suggested.extend(self._apply_suggestions())
                now = self.values()
                if now == values:
                    break
        finally:
            self._updating = False
        for slot in dict.fromkeys(suggested):
            self._choice_fields()[slot].say_choice()  # as any choice made is said
        values = now  # what the fields hold once brought up to date (saying changes none)
        entered = values._replace(dealer=None) != FormValues()
        if self._mode == MODE_ADD and entered and not self._started:
            self._started = True
            self.started.emit()
        check = self.form.check(values, self._number())
        if check.hand != self._confirmed:
            self._confirmed = None
        for slot, widget in self._slots.items():
            widget.setEnabled(self.form.is_enabled(values, slot))
        for pair, slots in (
            (self.card_points, (Slot.CARDS_LEFT, Slot.CARDS_RIGHT)),
            (self.tricks, (Slot.TRICKS_LEFT, Slot.TRICKS_RIGHT)),
        ):
            for side, slot in enumerate(slots):
                pair.set_suggestion(side, self.form.suggestion(values, slot))
        self._update_mode()
        self._show_messages(check)
        self._show_preview(check)
        self._update_record_button()

    def _chosen_here(self, slot: Slot) -> None:
        """A choice changed by the scorekeeper (not by the panel bringing itself up to
        date): a row the form suggests keeps it from now on."""
        if not self._updating:
            self._own[slot] = self._choice_fields()[slot].value()

    def _apply_suggestions(self) -> list[Slot]:
        """Fill each row the form suggests (:meth:`FormRules.suggested_choices`: the
        active defender) with its suggestion, unless the scorekeeper chose there himself
        and his choice is still offered; never while a recorded hand is edited, whose rows
        hold what was recorded. The rows whose suggestion was shown anew."""
        if self._mode == MODE_REPLACE:
            return []
        fields = self._choice_fields()
        for slot, chosen in list(self._own.items()):
            if fields[slot].value() != chosen:  # no longer offered: dropped
                del self._own[slot]
        values = self.values()
        shown: list[Slot] = []
        for slot, choice in self.form.suggested_choices(values).items():
            field = fields[slot]
            if slot in self._own or field.value() == choice:
                continue
            field.set_value(choice)
            if choice is not None:
                shown.append(slot)
        return shown

    def _update_record_button(self) -> None:
        if self._confirmed is not None:
            text = _("Record anyway [Enter]")
        else:
            text = _("Save [Enter]") if self._mode == MODE_REPLACE else _("Record [Enter]")
        self.record_button.setText(text)

    def _update_mode(self) -> None:
        number = self._number()
        if self._mode == MODE_REPLACE:
            text = _("Editing hand {number} — Enter saves, Esc cancels").format(number=number)
        elif self._mode == MODE_INSERT:
            text = _("Insert before hand {number} — Enter records, Esc cancels").format(
                number=number
            )
        else:
            text = _("Hand {number}").format(number=number)
        self.mode_label.setText(text)
        self._name_mode(number)
        self.cancel_button.setVisible(self._mode != MODE_ADD)

    def _name_mode(self, number: int) -> None:
        """The panel's name says what it records ("New hand 7", "Editing hand 3"); a screen
        reader hears it when it changes."""
        if self._mode == MODE_REPLACE:
            name = _("Editing hand {number}").format(number=number)
        elif self._mode == MODE_INSERT:
            name = _("New hand {number}, inserted").format(number=number)
        else:
            name = _("New hand {number}").format(number=number)
        if name != self.accessibleName():
            known = bool(self.accessibleName())
            self.setAccessibleName(name)
            if known:
                announce(self, name)
                self.announced.emit(name)

    def _show_messages(self, check: FormCheck) -> None:
        messages = check.messages(show_missing=self._shown_missing)
        named = {"card_points": self.card_points, "melds": self.melds, "tricks": self.tricks}
        for row in self.errors:
            self.errors.show(row, "\n".join(messages.get(row, [])))
        for pair_name, pair in named.items():
            for side in (0, 1):
                pair.errors.show(side, "\n".join(messages.get(f"{pair_name}[{side}]", [])))
        for pair in (self.melds, self.card_points, self.tricks):
            for side, text in enumerate(pair.not_numbers()):
                if text is not None:  # kept as typed, and said until it is mended
                    message = _(
                        "“{text}” is not a number: type whole numbers, without “.” or “,”."
                    ).format(text=text)
                    pair.errors.show(side, message)
        targets = self.errors.made()  # a line not made shows nothing
        for pair_name, pair in named.items():
            for side, label in pair.errors.made().items():
                targets[f"{pair_name}[{side}]"] = label
        self._tie_errors(targets)
        fields = {*self.errors, *(f"{name}[{side}]" for name in named for side in (0, 1))}
        rest = [text for field, texts in messages.items() if field not in fields for text in texts]
        if self._confirmed is not None:
            rest.append(
                _("Check the warning above; press Enter again (or Record anyway) to record.")
            )
        show_error(self.general_error, "\n".join(rest))

    def _not_numbers(self) -> list[tuple[PairField, int, str]]:
        """The number boxes that hold a text that is no number of points, as typed."""
        return [
            (pair, side, text)
            for pair in (self.melds, self.card_points, self.tricks)
            for side, text in enumerate(pair.not_numbers())
            if text is not None
        ]

    def _say_messages(self) -> None:
        """Say every message shown, field by field, then the panel's own: Enter was refused
        (a message that comes and goes while a number is typed is not said)."""
        pairs = {
            "melds": self.melds.errors,
            "card_points": self.card_points.errors,
            "tricks": self.tricks.errors,
        }
        made = self.errors.made()  # a line not made shows nothing
        labels: list[QLabel] = []
        for row in self.errors:
            if row in made:
                labels.append(made[row])
            if row in pairs:
                labels.extend(pairs[row].made().values())
        labels.append(self.general_error)
        spoken = "\n".join(label.text() for label in labels if label.text())
        if spoken:
            announce(self, spoken)
            self.announced.emit(spoken)

    def _tie_errors(self, targets: Mapping[str, QLabel]) -> None:
        """Tie each error shown to its field: a row's to its choices or its boxes, a box's
        own to the box (its description; a row of choices is marked invalid too)."""
        tied: dict[QWidget, list[QLabel]] = {}
        for field, label in targets.items():
            if not label.text():
                continue
            row, _bracket, side = field.partition("[")
            if side:
                pair = self.card_points if row == "card_points" else self.melds
                widgets: list[QWidget] = [pair.edits[int(side.rstrip("]"))]]
            else:
                widgets = [self._slots[slot] for slot in self._slots if slot.row == row]
            for widget in widgets:
                tied.setdefault(widget, []).append(label)
        for widget in self._slots.values():
            labels = tied.get(widget, [])
            if isinstance(widget, ChoiceField):
                widget.set_error(labels[0] if labels else None)
            else:
                words = "\n".join(label.text() for label in labels)
                if widget.accessibleDescription() != words:
                    widget.setAccessibleDescription(words)

    def _show_preview(self, check: FormCheck) -> None:
        if check.hand is None:
            self._set_preview(self.form.still_to_enter(self.values(), check))
            return
        if check.errors:
            lines = [_("Cannot be recorded:"), *(ERROR_MARK + p.message for p in check.errors)]
            self._set_preview("\n".join(lines))
            return
        check_line = _("Check: {message}")
        lines = [ERROR_MARK + check_line.format(message=p.message) for p in check.warnings]
        scorer = self._prior_scorer.copy()
        result = scorer.add(check.hand)
        game = find_game(scorer.game.variant)
        if game.per_player:
            names: tuple[str, ...] = self._players
        else:
            pair = self.form.pair_words(self.values())
            names = (pair[0], pair[1])
        lines.extend(game.explain_hand(result, scorer.ledger(names)))
        later = self._later(check.hand) if self._later and self._mode == MODE_REPLACE else []
        if later:
            lines.extend(["", *later])
        self._set_preview("\n".join(lines))

    def _set_preview(self, text: str) -> None:
        """Show ``text`` in the preview, left as it is when it already says it (a dealer
        chosen after the panel was readied changes none of "Still to enter": its document
        was laid out and drawn again for the same words)."""
        if self.preview.toPlainText() != text:
            self.preview.setPlainText(text)

    # Focus ---------------------------------------------------------------------------------

    def _advance_from(self, slot: Slot) -> None:
        target = self.form.focus_after(self.values(), slot)
        (self.record_button if target is None else self._slots[target]).setFocus()

    def _focus_first(self) -> None:
        """A new hand's first field that needs input; a recorded hand being edited starts
        at its bidder's row (:meth:`FormRules.edit_slot`): a letter typed first chooses
        there, as at the top of a new hand."""
        if self._held:  # once the fields are brought up to date
            self._held_focus = True
            return
        values = self.values()
        if self._mode == MODE_REPLACE:
            target = self.form.edit_slot(values)
        else:
            target = self.form.first_slot(values)
        (self.record_button if target is None else self._slots[target]).setFocus()

    def _focus_field(self, field: str) -> None:
        """Focus the input a problem's field key names (a pair's left box for the pair)."""
        slot = next((s for s in self.form.order if field in (s.value, s.row)), None)
        if slot is not None:
            self._slots[slot].setFocus()
