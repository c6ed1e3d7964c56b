"""The hand entry panel: keyboard-first, in the order things happen at the table.

Dealer (shown, prefilled), bidder, trump, doubling, Nullo or Slam, melds, card points, last
trick, Jo-Jotte, tricks, a note; Enter records. Single keys choose in the choice fields (the
keys are shown on the buttons) and move the focus on to the next field that still needs
input, so a plain undoubled hand is, for example, ``1`` ``S`` ``9`` ``0`` ``Tab`` ``1``
``Enter``: seven keys. Typing one side's card points (or tricks) fills the other side with
the remainder; Tab from a box whose partner was filled that way skips the partner, and
Shift+Tab goes back to it. Alt plus the underlined letter of a label jumps to its field.

The panel builds a :class:`Hand` and asks the core about it: ``check_hand`` for errors and
warnings (each shown under the field it names), the scorer and ``explain_hand`` for the live
preview. It computes no score itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QEvent, QObject, QRegularExpression, Qt, Signal
from PySide6.QtGui import (
    QFocusEvent,
    QFont,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QRegularExpressionValidator,
)
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.core.errors import Problem
from jojotte_score.core.explanation import explain_hand
from jojotte_score.core.ledger import HandResult, Scorer
from jojotte_score.core.model import (
    Doubling,
    Hand,
    PlayedHand,
    Rules,
    Special,
    ThrownIn,
    Trump,
    Variant,
    side_names,
)
from jojotte_score.core.status import next_dealer
from jojotte_score.core.tables import deck_points
from jojotte_score.core.validation import check_hand, errors_only

if TYPE_CHECKING:  # the meld rules are imported when the meld helper is first used
    from jojotte_score.core.melds import DeclaredMelds

MODE_ADD, MODE_INSERT, MODE_REPLACE = "add", "insert", "replace"
ERROR_MARK = "⚠ "
_TRUMP_CHOICES = (
    (Trump.CLUBS, "♣ Clubs", ("C",)),
    (Trump.DIAMONDS, "♦ Diamonds", ("D",)),
    (Trump.HEARTS, "♥ Hearts", ("H",)),
    (Trump.SPADES, "♠ Spades", ("S",)),
    (Trump.NO_TRUMP, "No-trump", ("N",)),
)
_DOUBLING_CHOICES = (
    (Doubling.NONE, "None", ("0",)),
    (Doubling.DOUBLE, "Doubled", ("X",)),
    (Doubling.REDOUBLE, "Redoubled", ("R",)),
)


class EntryRequest(NamedTuple):
    """What the panel asks the window to do: add, insert before ``position``, or replace."""

    mode: str
    position: int | None
    hand: Hand


def _show_error(label: QLabel, message: str) -> None:
    """Show ``message`` in an error label (hidden when empty)."""
    label.setText(ERROR_MARK + message if message else "")
    if label.isVisibleTo(label.parentWidget()) != bool(message):
        label.setVisible(bool(message))
        parent = label.parentWidget()
        while parent is not None and not parent.isWindow():
            parent.updateGeometry()  # nested layouts forget a wrapped label's height late
            parent = parent.parentWidget()


def _error_label() -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    label.setForegroundRole(QPalette.ColorRole.Highlight)
    font = QFont()
    font.setItalic(True)
    label.setFont(font)
    label.setVisible(False)
    return label


def _choice_keys(names: Sequence[str]) -> list[tuple[str, ...]]:
    """``1``, ``2``, … and each name's first letter when the first letters differ."""
    initials = [name.strip()[:1].upper() for name in names]
    usable = all(i.isalpha() for i in initials) and len(set(initials)) == len(initials)
    return [
        (str(index + 1), initials[index]) if usable else (str(index + 1),)
        for index in range(len(names))
    ]


class ChoiceField(QFrame):
    """One field made of a row of buttons; a single key chooses, the mouse too.

    The field takes the focus as a whole (the buttons do not), so Tab moves from field to
    field. Left and Right step through the choices; Backspace or Delete go back to the
    default. ``chosen`` is emitted when the user picks a choice with a key or the mouse.
    """

    chosen = Signal()
    changed = Signal()

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(name)
        self._row = QHBoxLayout(self)
        self._row.setContentsMargins(4, 3, 4, 3)
        self._row.setSpacing(4)
        self._choices: list[tuple[object, QToolButton, tuple[str, ...]]] = []
        self._value: object | None = None
        self._default: object | None = None

    def set_choices(
        self, choices: Sequence[tuple[object, str, Sequence[str]]], default: object | None = None
    ) -> None:
        """Replace the choices: (value, label, keys); the value chosen is kept if still there."""
        for _value, button, _keys in self._choices:
            self._row.removeWidget(button)
            button.hide()
            button.deleteLater()
        self._choices = []
        self._default = default
        for value, label, keys in choices:
            button = QToolButton(self)
            button.setText(f"{label} [{'/'.join(keys)}]" if keys else label)
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
            button.setAccessibleName(label)
            button.clicked.connect(lambda _checked=False, v=value: self._pick(v))
            self._row.addWidget(button)
            self._choices.append((value, button, tuple(k.upper() for k in keys)))
        known = [value for value, _b, _k in self._choices]
        self._set(self._value if self._value in known else default)

    def value(self) -> object | None:
        """The value chosen, or None."""
        return self._value

    def set_value(self, value: object | None) -> None:
        """Choose ``value`` from the program (``chosen`` is not emitted)."""
        self._set(value)

    def reset(self) -> None:
        """Back to the default choice."""
        self._set(self._default)

    def keys(self) -> set[str]:
        """Every key this field answers to."""
        return {key for _v, _b, keys in self._choices for key in keys}

    def _set(self, value: object | None) -> None:
        changed = value != self._value
        self._value = value
        for choice, button, _keys in self._choices:
            button.setChecked(choice == value)
            font = button.font()
            font.setBold(choice == value)
            button.setFont(font)
        if changed:
            self.changed.emit()

    def _pick(self, value: object) -> None:
        self._set(value)
        self.chosen.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if modifiers & ~Qt.KeyboardModifier.ShiftModifier:
            event.ignore()
            return
        text = event.text().upper()
        for value, _button, keys in self._choices:
            if text and text in keys:
                self._pick(value)
                event.accept()
                return
        key = event.key()
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right) and self._choices:
            values = [value for value, _b, _k in self._choices]
            step = 1 if key == Qt.Key.Key_Right else -1
            index = values.index(self._value) if self._value in values else -step
            self._set(values[(index + step) % len(values)])
            event.accept()
            return
        if key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self.reset()
            event.accept()
            return
        event.ignore()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.hasFocus():
            painter = QPainter(self)
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Highlight), 2))
            painter.drawRect(self.rect().adjusted(1, 1, -1, -1))
            painter.end()


class PairField(QWidget):
    """Two number boxes, one per side, each with its error line under it.

    When ``total`` gives a number, typing one box fills the other with the remainder while
    the other is empty or was filled that way (it stays editable). ``skip`` is emitted for
    Tab in the first box when the second one was filled in: it needs no input.
    """

    edited = Signal()
    skip = Signal()
    letter = Signal(str)

    def __init__(
        self, name: str, total: Callable[[], int | None], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._name = name
        self._total = total
        self._auto = [False, False]
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(1)
        validator = QRegularExpressionValidator(QRegularExpression(r"\d{0,3}"), self)
        self.side_labels = (QLabel(), QLabel())
        self.edits = (QLineEdit(), QLineEdit())
        self.errors = (_error_label(), _error_label())
        for side in (0, 1):
            edit = self.edits[side]
            edit.setValidator(validator)
            edit.setMaxLength(3)
            edit.setAlignment(Qt.AlignmentFlag.AlignRight)
            edit.setMaximumWidth(edit.fontMetrics().horizontalAdvance("0000") + 24)
            edit.textEdited.connect(lambda _text, s=side: self._typed(s))
            edit.installEventFilter(self)
            self.side_labels[side].setBuddy(edit)
            self.side_labels[side].setAlignment(
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            )
            grid.addWidget(self.side_labels[side], 0, 2 * side)
            grid.addWidget(edit, 0, 2 * side + 1, Qt.AlignmentFlag.AlignLeft)
            grid.addWidget(self.errors[side], 1, 2 * side, 1, 2)
            grid.setColumnStretch(2 * side + 1, 1)

    def set_names(self, names: tuple[str, str]) -> None:
        """Label the boxes with the sides' names."""
        for side in (0, 1):
            self.side_labels[side].setText(names[side])
            self.edits[side].setAccessibleName(f"{self._name}, {names[side]}")

    def values(self) -> tuple[int | None, int | None]:
        """Each side's number, or None for an empty box."""
        texts = (self.edits[0].text(), self.edits[1].text())
        return (int(texts[0]) if texts[0] else None, int(texts[1]) if texts[1] else None)

    def set_values(self, values: tuple[int, int] | None) -> None:
        """Fill both boxes (None empties them)."""
        for side in (0, 1):
            self.edits[side].setText("" if values is None else str(values[side]))
        self._auto = [False, False]

    def is_empty(self) -> bool:
        """True when neither box holds a number."""
        return not self.edits[0].text() and not self.edits[1].text()

    def is_auto(self, side: int) -> bool:
        """True when the box of ``side`` was filled with the remainder."""
        return self._auto[side]

    def refill(self) -> None:
        """Recompute a box filled with the remainder (the total may have changed)."""
        for side in (0, 1):
            if self._auto[side] and self.edits[1 - side].text():
                self._fill(side)
                break
        self.edited.emit()

    def _typed(self, side: int) -> None:
        self._auto[side] = False
        other = 1 - side
        if self._auto[other] or not self.edits[other].text():
            self._fill(other)
        self.edited.emit()

    def _fill(self, side: int) -> None:
        total = self._total()
        if total is None:
            return
        typed = self.values()[1 - side]
        text = str(total - typed) if typed is not None and 0 <= typed <= total else ""
        self.edits[side].setText(text)
        self._auto[side] = True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            if event.key() == Qt.Key.Key_Tab and plain:
                if watched is self.edits[0] and self._auto[1]:
                    self.skip.emit()
                    return True
            elif plain or event.modifiers() == Qt.KeyboardModifier.ShiftModifier:
                text = event.text()
                if len(text) == 1 and text.isalpha():
                    self.letter.emit(text.upper())
                    return True
        return super().eventFilter(watched, event)


class EntryPanel(QWidget):
    """Records one hand: a new one, one inserted before ``position``, or a replacement.

    Call :meth:`set_context` with the sitting's variant, players and rules, a scorer that has
    scored the hands before the one being entered, and the dealer; then :meth:`new_hand` or
    :meth:`edit_hand`.
    ``submitted`` carries an :class:`EntryRequest`; ``cancelled`` is emitted for Esc while
    inserting or editing.
    """

    submitted = Signal(object)
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("entryPanel")
        self._variant = Variant.TWO_PLAYER
        self._players: tuple[str, ...] = ("Side 1", "Side 2")
        self._rules = Rules()
        self._prior_scorer = Scorer(self._rules)
        self._mode = MODE_ADD
        self._position: int | None = None
        self._confirmed: Hand | None = None
        self._shown_errors = False
        self._declared: tuple[DeclaredMelds, DeclaredMelds] | None = None
        self._helper_points: tuple[int, int] | None = None
        self._last_result: HandResult | None = None
        self._build_widgets()
        self._apply_names()
        self.new_hand()

    # Building ------------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        outer = QVBoxLayout(self)
        self.mode_label = QLabel()
        heading = QFont()
        heading.setBold(True)
        self.mode_label.setFont(heading)
        outer.addWidget(self.mode_label)

        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        grid.setColumnStretch(1, 1)
        outer.addLayout(grid)
        self._grid = grid
        self._row = 0

        self.dealer = ChoiceField("Dealer")
        self.bidder = ChoiceField("Bidder")
        self.trump = ChoiceField("Trump")
        self.trump.set_choices(_TRUMP_CHOICES)
        self.double = ChoiceField("Doubling")
        self.double.set_choices(_DOUBLING_CHOICES, Doubling.NONE)
        self.special = ChoiceField("Nullo or Slam")
        self.melds = PairField("Meld points", lambda: None)
        self.meld_button = QPushButton("Meld &helper… [M]")
        self.card_points = PairField("Card points", self._deck)
        self.last_trick = ChoiceField("Last trick")
        self.jojotte = ChoiceField("Jo-Jotte")
        self.tricks = PairField("Tricks", lambda: self._variant.tricks_per_hand)
        self.note = QLineEdit()
        self.note.setAccessibleName("Note")
        self.note.setPlaceholderText("optional")

        self.errors: dict[str, QLabel] = {}
        self._add_row("Deale&r", self.dealer, "dealer")
        self._add_row("&Bidder", self.bidder, "bidder")
        self._add_row("Tr&ump", self.trump, "trump")
        self._add_row("&Doubling", self.double, "double")
        self._add_row("&Nullo or Slam", self.special, "special")
        melds_row = QWidget()
        melds_layout = QHBoxLayout(melds_row)
        melds_layout.setContentsMargins(0, 0, 0, 0)
        melds_layout.addWidget(self.melds, 1)
        melds_layout.addWidget(self.meld_button, 0)
        self._add_row("&Melds", melds_row, "melds", buddy=self.melds.edits[0])
        self._add_row("&Card points", self.card_points, "card_points", buddy=None)
        self._add_row("&Last trick", self.last_trick, "last_trick")
        self._add_row("&Jo-Jotte", self.jojotte, "jojotte")
        self._add_row("Tric&ks", self.tricks, "tricks", buddy=None)
        self._add_row("N&ote", self.note, "note")
        self.card_points_label.setBuddy(self.card_points.edits[0])
        self.tricks_label.setBuddy(self.tricks.edits[0])

        buttons = QHBoxLayout()
        self.record_button = QPushButton()
        self.thrown_in_button = QPushButton("Thro&wn in [T]")
        self.cancel_button = QPushButton("Cancel [Esc]")
        for button in (self.record_button, self.thrown_in_button, self.cancel_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        outer.addLayout(buttons)
        self.general_error = _error_label()
        outer.addWidget(self.general_error)
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setTabChangesFocus(True)
        self.preview.setAccessibleName("Preview")
        self.preview.setPlaceholderText("What the hand will score shows here.")
        outer.addWidget(self.preview, 1)

        self._order: tuple[QWidget, ...] = (
            self.dealer,
            self.bidder,
            self.trump,
            self.double,
            self.special,
            self.melds.edits[0],
            self.melds.edits[1],
            self.meld_button,
            self.card_points.edits[0],
            self.card_points.edits[1],
            self.last_trick,
            self.jojotte,
            self.tricks.edits[0],
            self.tricks.edits[1],
            self.note,
            self.record_button,
            self.thrown_in_button,
            self.cancel_button,
            self.preview,
        )
        for first, second in zip(self._order, self._order[1:], strict=False):
            QWidget.setTabOrder(first, second)

        for field in (self.dealer, self.bidder, self.trump, self.double, self.special):
            field.chosen.connect(lambda f=field: self._advance_from(f))
        for field in (self.last_trick, self.jojotte):
            field.chosen.connect(lambda f=field: self._advance_from(f))
        for choice in (
            self.dealer,
            self.bidder,
            self.trump,
            self.double,
            self.special,
            self.last_trick,
            self.jojotte,
        ):
            choice.changed.connect(self._changed)
        self.trump.changed.connect(self._contract_changed)
        self.special.changed.connect(self._contract_changed)
        self.bidder.changed.connect(self._apply_special_labels)
        for pair in (self.melds, self.card_points, self.tricks):
            pair.edited.connect(self._changed)
        self.melds.edited.connect(self._melds_typed)
        self.note.textEdited.connect(self._changed)
        self.card_points.skip.connect(lambda: self.last_trick.setFocus())
        self.tricks.skip.connect(lambda: self.note.setFocus())
        self.melds.letter.connect(self._meld_letter)
        self.meld_button.clicked.connect(self.open_meld_helper)
        self.record_button.clicked.connect(self.record)
        self.thrown_in_button.clicked.connect(self.record_thrown_in)
        self.cancel_button.clicked.connect(self.cancel)

    def _add_row(self, text: str, field: QWidget, key: str, buddy: QWidget | None = None) -> None:
        label = QLabel(text)
        label.setBuddy(buddy or field)
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        setattr(self, f"{key}_label", label)
        self._grid.addWidget(label, self._row, 0)
        self._grid.addWidget(field, self._row, 1)
        error = _error_label()
        self.errors[key] = error
        self._grid.addWidget(error, self._row + 1, 1)
        self._row += 2

    # The interface -------------------------------------------------------------------------

    def set_context(
        self,
        variant: Variant,
        players: tuple[str, ...],
        rules: Rules,
        prior: Scorer,
        dealer: int | None,
    ) -> None:
        """The sitting, and ``prior``: a scorer that has scored the hands before the one
        being entered, which the panel keeps (each preview tries the hand on a copy of
        it; recording a hand adds it). ``dealer`` deals it."""
        self._variant, self._players, self._rules = variant, tuple(players), rules
        self._prior_scorer = prior
        self._apply_names()
        if self._mode != MODE_REPLACE:
            self.dealer.set_value(dealer)
        self._changed()

    def new_hand(self, position: int | None = None) -> None:
        """Start a new hand: appended (None) or inserted before hand ``position`` (0-based)."""
        self._mode = MODE_ADD if position is None else MODE_INSERT
        self._position = position
        self._clear_fields()
        self._focus_first()

    def edit_hand(self, position: int, hand: Hand) -> None:
        """Load the hand at ``position`` (0-based) to be replaced."""
        self._mode, self._position = MODE_REPLACE, position
        self._clear_fields()
        self.dealer.set_value(hand.dealer)
        self.note.setText(hand.note)
        if isinstance(hand, PlayedHand):
            self.bidder.set_value(hand.bidder)
            self.trump.set_value(hand.trump)
            self.double.set_value(hand.double)
            self.special.set_value(hand.special)
            self.melds.set_values(hand.melds)
            self.card_points.set_values(hand.card_points)
            self.last_trick.set_value(hand.last_trick)
            self.jojotte.set_value(hand.jojotte)
            self.tricks.set_values(hand.tricks)
        self._changed()
        self._focus_first()

    def current_hand(self) -> Hand | None:
        """The hand the fields describe (errors or not), or None while something is missing."""
        hand, _missing = self._build()
        return hand

    def mode(self) -> tuple[str, int | None]:
        """("add" | "insert" | "replace", position)."""
        return self._mode, self._position

    # Keys ----------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and plain:
            self.record()
        elif key == Qt.Key.Key_Escape and plain:
            self.cancel()
        elif key == Qt.Key.Key_T and plain and not isinstance(self.focusWidget(), QLineEdit):
            self.record_thrown_in()
        elif key == Qt.Key.Key_M and plain and not isinstance(self.focusWidget(), QLineEdit):
            self.open_meld_helper()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self._focus_first()

    def _meld_letter(self, letter: str) -> None:
        if letter == "M":
            self.open_meld_helper()

    # Actions -------------------------------------------------------------------------------

    def record(self) -> bool:
        """Submit the hand if it has no error; a warning needs a second Enter. True if sent."""
        hand, missing = self._build()
        self._shown_errors = True
        if hand is None:
            self._show_problems([], missing)
            self._focus_field(next(iter(missing)))
            return False
        problems = check_hand(hand, self._variant, self._number())
        errors = errors_only(problems)
        if errors:
            self._show_problems(problems, {})
            self._focus_field(errors[0].field or "")
            return False
        if any(p.warning for p in problems) and self._confirmed != hand:
            self._confirmed = hand
            self._show_problems(problems, {})
            self.record_button.setText("Record anyway [Enter]")
            _show_error(
                self.general_error,
                "Check the warning above; press Enter again (or Record anyway) to record.",
            )
            return False
        self._submit(hand)
        return True

    def record_thrown_in(self) -> None:
        """Submit a thrown-in deal dealt by the dealer shown."""
        dealer = self.dealer.value()
        self._submit(ThrownIn(dealer=dealer if isinstance(dealer, int) else None))

    def cancel(self) -> None:
        """Esc: leave inserting or editing (``cancelled``), or clear a new hand."""
        if self._mode == MODE_ADD:
            self._clear_fields()
            self._focus_first()
            return
        self._mode, self._position = MODE_ADD, None
        self._clear_fields()
        self.cancelled.emit()

    def open_meld_helper(self) -> None:
        """Ask for each side's declared melds and fill the meld points the rules give."""
        trump = self.trump.value()
        if not isinstance(trump, Trump):
            _show_error(self.errors["melds"], "Choose the trump first: it ranks the melds.")
            self.trump.setFocus()
            return
        from jojotte_score.gui.meld_dialog import MeldDialog  # built on first use

        result = MeldDialog.ask(
            self,
            trump,
            self._side_names(),
            nullo=self.special.value() is Special.NULLO,
            declared=self._declared,
        )
        if result is None:
            return
        self._declared = result.declared
        self._set_helper_points(result.decision.points)
        self._advance_from(self.meld_button)

    # Internals -----------------------------------------------------------------------------

    def _submit(self, hand: Hand) -> None:
        request = EntryRequest(self._mode, self._position, hand)
        if self._mode == MODE_ADD:
            result = self._last_result if isinstance(hand, PlayedHand) else None
            ended = result is not None and result.rubber_winner is not None
            self._prior_scorer.add(hand)
            prior = [r.hand for r in self._prior_scorer.results]
            dealer = None if ended else next_dealer(prior, self._variant)
        else:
            dealer = None
        self._mode, self._position = MODE_ADD, None
        self._clear_fields()
        self.dealer.set_value(dealer)
        self._changed()
        self._focus_first()
        self.submitted.emit(request)

    def _clear_fields(self) -> None:
        for choice in (self.bidder, self.trump, self.double, self.special):
            choice.reset()
        self.last_trick.reset()
        self.jojotte.reset()
        for pair in (self.melds, self.card_points, self.tricks):
            pair.set_values(None)
        self.note.clear()
        self._declared = None
        self._helper_points = None
        self._confirmed = None
        self._shown_errors = False
        self._changed()

    def _side_names(self) -> tuple[str, str]:
        return side_names(self._variant, self._players)

    def _apply_names(self) -> None:
        names = self._side_names()
        side_keys = _choice_keys(names)
        sides = [(side, names[side], side_keys[side]) for side in (0, 1)]
        self.bidder.set_choices(sides)
        self.last_trick.set_choices(sides)
        self.jojotte.set_choices([(None, "Nobody", ("0",)), *sides])
        seat_keys = _choice_keys(self._players)
        self.dealer.set_choices(
            [(seat, name, seat_keys[seat]) for seat, name in enumerate(self._players)]
        )
        for pair in (self.melds, self.card_points, self.tricks):
            pair.set_names(names)
        self._apply_special_labels()

    def _apply_special_labels(self) -> None:
        names = self._side_names()
        bidder = self.bidder.value()
        if bidder in (0, 1):
            assert isinstance(bidder, int)
            nullo, slam = f"Nullo by {names[1 - bidder]}", f"Slam by {names[bidder]}"
        else:
            nullo, slam = "Nullo", "Slam"
        self.special.set_choices(
            [
                (Special.NONE, "None", ("0",)),
                (Special.NULLO, nullo, ("N",)),
                (Special.SLAM, slam, ("S",)),
            ],
            Special.NONE,
        )

    def _deck(self) -> int | None:
        trump = self.trump.value()
        if not isinstance(trump, Trump):
            return None
        return deck_points(trump.is_suit and self.special.value() is not Special.NULLO)

    def _number(self) -> int:
        if self._position is not None:
            return self._position + 1
        return self._prior_scorer.next_number

    def _contract_changed(self) -> None:
        self.card_points.refill()
        if self._declared is not None and self._helper_points == self.melds.values():
            trump = self.trump.value()
            if isinstance(trump, Trump):
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

    def _build(self) -> tuple[Hand | None, dict[str, str]]:
        """The hand the fields describe, or None and what is missing (field → message)."""
        missing: dict[str, str] = {}
        bidder, trump = self.bidder.value(), self.trump.value()
        if not isinstance(bidder, int):
            missing["bidder"] = "Choose the side that named the trump."
        if not isinstance(trump, Trump):
            missing["trump"] = "Choose the trump suit or no-trump."
        cards = self.card_points.values()
        for side in (0, 1):
            if cards[side] is None:
                missing[f"card_points[{side}]"] = "Enter the card points."
        tricks = self.tricks.values()
        if (tricks[0] is None) != (tricks[1] is None):
            missing["tricks"] = "Enter both sides' tricks, or neither."
        if missing:
            return None, missing
        assert isinstance(bidder, int)
        assert isinstance(trump, Trump)
        melds = self.melds.values()
        dealer, last, jojotte = self.dealer.value(), self.last_trick.value(), self.jojotte.value()
        double, special = self.double.value(), self.special.value()
        hand = PlayedHand(
            bidder=bidder,
            trump=trump,
            card_points=(cards[0] or 0, cards[1] or 0),
            last_trick=last if isinstance(last, int) else None,
            double=double if isinstance(double, Doubling) else Doubling.NONE,
            special=special if isinstance(special, Special) else Special.NONE,
            melds=(melds[0] or 0, melds[1] or 0),
            jojotte=jojotte if isinstance(jojotte, int) else None,
            tricks=None if tricks[0] is None or tricks[1] is None else (tricks[0], tricks[1]),
            dealer=dealer if isinstance(dealer, int) else None,
            note=self.note.text().strip(),
        )
        return hand, {}

    def _changed(self) -> None:
        """Bring the field messages, the buttons and the preview up to date."""
        if not hasattr(self, "preview"):
            return
        self._update_mode()
        hand, missing = self._build()
        if hand is not None and hand != self._confirmed:
            self._confirmed = None
        problems = check_hand(hand, self._variant, self._number()) if hand is not None else []
        self._show_problems(problems, missing if self._shown_errors else {})
        self._show_preview(hand, problems, missing)
        special = self.special.value()
        required = special in (Special.NULLO, Special.SLAM)
        self.tricks_label.setText("Tric&ks (required)" if required else "Tric&ks")
        self.record_button.setText(
            "Record anyway [Enter]"
            if self._confirmed is not None
            else ("Save [Enter]" if self._mode == MODE_REPLACE else "Record [Enter]")
        )

    def _update_mode(self) -> None:
        number = self._number()
        if self._mode == MODE_REPLACE:
            text = f"Editing hand {number} — Enter saves, Esc cancels"
        elif self._mode == MODE_INSERT:
            text = f"Insert before hand {number} — Enter records, Esc cancels"
        else:
            text = f"Hand {number}"
        self.mode_label.setText(text)
        self.cancel_button.setVisible(self._mode != MODE_ADD)

    def _show_problems(self, problems: Sequence[Problem], missing: dict[str, str]) -> None:
        messages: dict[str, list[str]] = {}
        for problem in problems:
            messages.setdefault(problem.field or "", []).append(problem.message)
        for field, message in missing.items():
            messages.setdefault(field, []).append(message)
        targets = self._error_targets()
        used: set[str] = set()
        for field, label in targets.items():
            text = "\n".join(messages.get(field, []))
            _show_error(label, text)
            used.add(field)
        rest = [m for field, texts in messages.items() if field not in used for m in texts]
        if self._confirmed is None:
            _show_error(self.general_error, "\n".join(rest))

    def _error_targets(self) -> dict[str, QLabel]:
        targets = dict(self.errors)
        for side in (0, 1):
            targets[f"card_points[{side}]"] = self.card_points.errors[side]
            targets[f"melds[{side}]"] = self.melds.errors[side]
        return targets

    def _show_preview(
        self, hand: Hand | None, problems: Sequence[Problem], missing: dict[str, str]
    ) -> None:
        self._last_result = None
        if hand is None:
            needed = []
            if "bidder" in missing:
                needed.append("the bidder")
            if "trump" in missing:
                needed.append("the trump")
            if any(key.startswith("card_points") for key in missing):
                needed.append("the card points")
            if "tricks" in missing:
                needed.append("both sides' tricks")
            self.preview.setPlainText(
                "Still to enter: " + ", ".join(needed) + "." if needed else ""
            )
            return
        errors = errors_only(list(problems))
        if errors:
            self.preview.setPlainText(
                "Cannot be recorded:\n" + "\n".join(f"{ERROR_MARK}{p.message}" for p in errors)
            )
            return
        scorer = self._prior_scorer.copy()
        result = scorer.add(hand)
        self._last_result = result
        lines = [f"{ERROR_MARK}warning: {p.message}" for p in problems if p.warning]
        lines.extend(explain_hand(result, scorer.ledger(self._side_names())))
        self.preview.setPlainText("\n".join(lines))

    # Focus ---------------------------------------------------------------------------------

    def _needs_input(self, widget: QWidget) -> bool:
        special = self.special.value()
        if widget is self.bidder:
            return self.bidder.value() is None
        if widget is self.trump:
            return self.trump.value() is None
        if widget in self.card_points.edits:
            return self.card_points.is_empty()
        if widget is self.last_trick:
            return self.last_trick.value() is None and special is not Special.NULLO
        if widget in self.tricks.edits:
            return special in (Special.NULLO, Special.SLAM) and self.tricks.is_empty()
        return False

    def _first_needing(self, after: int = -1) -> QWidget:
        for index, widget in enumerate(self._order):
            if index > after and widget.isEnabled() and self._needs_input(widget):
                if widget in self.card_points.edits:
                    bidder = self.bidder.value()
                    return self.card_points.edits[bidder if isinstance(bidder, int) else 0]
                return widget
        return self.record_button

    def _advance_from(self, widget: QWidget) -> None:
        self._first_needing(self._order.index(widget)).setFocus()

    def _focus_first(self) -> None:
        self._first_needing().setFocus()

    def _focus_field(self, field: str) -> None:
        widgets: dict[str, QWidget] = {
            "dealer": self.dealer,
            "bidder": self.bidder,
            "trump": self.trump,
            "double": self.double,
            "special": self.special,
            "card_points": self.card_points.edits[0],
            "card_points[0]": self.card_points.edits[0],
            "card_points[1]": self.card_points.edits[1],
            "melds[0]": self.melds.edits[0],
            "melds[1]": self.melds.edits[1],
            "last_trick": self.last_trick,
            "jojotte": self.jojotte,
            "tricks": self.tricks.edits[0],
        }
        widget = widgets.get(field)
        if widget is not None:
            widget.setFocus()
