"""The entry panel's two kinds of field, a row of choices and a pair of number boxes, and
the labels of its rows.

Both hold typed values and know nothing of the rules; the panel asks its
:class:`~jojotte_score.gui.entry.entry_form.EntryForm` what the values mean.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import QEvent, QObject, QPoint, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAccessible,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QKeySequence,
    QMoveEvent,
    QPalette,
    QResizeEvent,
    QTextLayout,
    QValidator,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.gui import accessibility
from jojotte_score.gui.accessibility import Speaking, announce
from jojotte_score.gui.entry.flow_layout import FlowLayout
from jojotte_score.gui.names import literal
from jojotte_score.i18n import _

ERROR_MARK = "⚠ "
IN_VIEW_MARGIN = 8  # pixels kept in sight above and below a message and its field
T = TypeVar("T")
K = TypeVar("K")

_MOVE, _KEY_PRESS = QEvent.Type.Move, QEvent.Type.KeyPress
_SHORTCUT_OVERRIDE = QEvent.Type.ShortcutOverride


class MessageLine(QLabel):
    """A word-wrapped line of messages that keeps its least height at the height of its
    lines at the width it was given, as a row of choices does (:class:`FlowLayout`).

    Qt's form layout keeps the rows' heights for two widths, the one it lays out and its
    preferred one, in one list: asked for its preferred width's height after the width it
    lays out, it placed the rows by the other width's heights. There a message of two lines
    is one line long, so under a row of large print it was given one line's height and
    drawn over the field above it (the chouette at zoom 2: the last-trick row's cell got
    111 pixels where it needs 139). Its least height counts at every width asked.
    """

    def __init__(self) -> None:
        super().__init__()
        self._in_view = False  # kept in view while it shows a message (keep_in_view)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.keep_lines()
        self._laid_out()

    def moveEvent(self, event: QMoveEvent) -> None:
        super().moveEvent(event)
        self._laid_out()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.keep_lines()

    def keep_lines(self) -> None:
        """Make the least height that of the lines the text takes at the width it has."""
        needed = self.heightForWidth(self.width()) if self.text() else 0
        if needed >= 0 and self.minimumHeight() != needed:
            self.setMinimumHeight(needed)

    def keep_in_view(self, shown: bool) -> None:
        """Keep the line in view while it shows a message (``shown``), with the field that
        has the focus, in the scroll area it is shown in (the entry panel's, taller than its
        pane in large print: a key refused in its lowest row showed its message below the
        fold), each time the layout places it or gives it the height of its lines."""
        self._in_view = shown
        if shown:
            QTimer.singleShot(0, self._laid_out)  # the same place and size: no event comes

    def _laid_out(self) -> None:
        """The line was placed or sized: scrolled into view if it shows a message, with the
        field that has the focus; where both do not fit, the field."""
        if not self._in_view or not self.isVisible():
            return
        area, content = scroll_area_of(self)
        if area is None or content is None:
            return
        bar = area.verticalScrollBar()
        if bar.maximum() < content.height() - area.viewport().height():
            # The area has not taken the panel's new height yet: its new range comes here.
            bar.rangeChanged.connect(self._laid_out, Qt.ConnectionType.SingleShotConnection)
            return
        scroll_to_show(area, content, self)
        focus = QApplication.focusWidget()
        if focus is not None and content.isAncestorOf(focus):
            scroll_to_show(area, content, focus)


def scroll_to_show(area: QScrollArea, content: QWidget, widget: QWidget) -> None:
    """Scroll ``area`` up or down, as little as it takes, to show ``widget`` (within its
    ``content``) with a margin above and below; never sideways, as ``ensureWidgetVisible``
    does: the German chouette's panel at zoom 3 is wider than its pane, and a message's
    line moved it 12 pixels to the left."""
    top = widget.mapTo(content, QPoint(0, 0)).y() - IN_VIEW_MARGIN
    bottom = top + widget.height() + 2 * IN_VIEW_MARGIN
    bar, height = area.verticalScrollBar(), area.viewport().height()
    if top < bar.value():
        bar.setValue(top)
    elif bottom > bar.value() + height:
        bar.setValue(bottom - height)


def scroll_area_of(widget: QWidget) -> tuple[QScrollArea | None, QWidget | None]:
    """The scroll area ``widget`` is shown in and the widget it scrolls, or two Nones."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            content = parent.widget()
            if content is not None and content.isAncestorOf(widget):
                return parent, content
        parent = parent.parentWidget()
    return None, None


def show_error(label: MessageLine, message: str, *, say: bool = False) -> None:
    """Show ``message`` in an error label (hidden when empty); with ``say`` a screen reader
    hears it too (a key refused; the messages a refused Enter shows are said together)."""
    shown = ERROR_MARK + message if message else ""
    if say:
        announce(label, shown)
    label.setText(shown)
    label.keep_lines()
    parent = label.parentWidget()
    if parent is None or label.isVisibleTo(parent) != bool(message):
        label.setVisible(bool(message))
        while parent is not None and not parent.isWindow():
            parent.updateGeometry()  # nested layouts forget a wrapped label's height late
            parent = parent.parentWidget()
    label.keep_in_view(bool(message))


def error_label() -> MessageLine:
    """A hidden label for a field's message: word-wrapped, upright, in the window's text
    colour (the warning sign marks it; the highlight colour on the window's grey was 3.2:1,
    too faint to read, and italics are harder to read still)."""
    label = MessageLine()
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setForegroundRole(QPalette.ColorRole.WindowText)
    label.setVisible(False)
    return label


class ErrorLines(Mapping[K, MessageLine]):
    """The message lines of a field's parts (a row's, a box's), each made the first time it
    is asked for or has a message to show, and put in place by ``place``.

    A line is hidden while it has no message, and most never show one: the entry panel's
    21 lines (its 15 rows', its three pairs of boxes' six) made as it was built cost each
    start 3.9 M instructions (a whole start on the benchmark's 10,000-hand sitting under
    callgrind: 1,292.1 M to 1,288.2 M), most of it PySide6 giving each new label its
    signal instances (about 0.1 M a widget).
    """

    def __init__(self, keys: Iterable[K], place: Callable[[K, QLabel], None]) -> None:
        self._keys = tuple(keys)
        self._place = place
        self._made: dict[K, MessageLine] = {}

    def __getitem__(self, key: K) -> MessageLine:
        label = self._made.get(key)
        if label is None:
            if key not in self._keys:
                raise KeyError(key)
            label = error_label()
            self._place(key, label)
            self._made[key] = label
        return label

    def __iter__(self) -> Iterator[K]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def made(self) -> dict[K, MessageLine]:
        """The lines made so far, in the order of the keys (those not made show nothing)."""
        return {key: self._made[key] for key in self._keys if key in self._made}

    def show(self, key: K, message: str, *, say: bool = False) -> None:
        """Show ``message`` in the line of ``key`` (:func:`show_error`); no message in a line
        not made yet leaves it unmade."""
        if message or key in self._made:
            show_error(self[key], message, say=say)


def spoken(label: str) -> str:
    """A choice's label as a screen reader says it: without the symbol before its word
    ("♣ Clubs" is "Clubs": the symbol was read as "black club suit")."""
    first, space, rest = label.partition(" ")
    if space and rest and len(first) == 1 and not first.isalnum():
        return rest
    return label


class ChoiceButton(QToolButton, Speaking):
    """One choice of a :class:`ChoiceField`: a radio button to a screen reader, checked when
    chosen, its key as its description."""

    def accessible_role(self) -> QAccessible.Role:
        return QAccessible.Role.RadioButton

    def accessible_state(self, state: QAccessible.State) -> None:
        state.checkable = True
        state.checked = self.isChecked()


class ChoiceField(QFrame, Speaking, Generic[T]):
    """One field made of a row of buttons; a single key chooses, the mouse too.

    The field takes the focus as a whole (the buttons do not), so Tab moves from field to
    field. Left and Right step through the choices; Backspace or Delete go back to the
    default. A screen reader meets a group of radio buttons named by the row's label, with
    the choice made as its description ("Spades chosen"); a choice made with a key or an
    arrow is announced ("Trump: Spades"). ``chosen`` is emitted when the user picks a choice
    with a key or the mouse; ``changed`` whenever the value changes; ``stray`` carries a
    printable key that is none of the choices' (the panel passes it on or says it was
    refused).
    """

    chosen = Signal()
    changed = Signal()
    stray = Signal(str)

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        accessibility.install()
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(name)
        self.choices_layout = FlowLayout(self)
        self.choices_layout.setContentsMargins(4, 3, 4, 3)
        self._choices: list[tuple[T | None, QToolButton, tuple[str, ...]]] = []
        self._value: T | None = None
        self._default: T | None = None
        self._error: QLabel | None = None
        self._refused: dict[object, str] = {}

    def set_choices(
        self, choices: Sequence[tuple[T | None, str, Sequence[str]]], default: T | None = None
    ) -> None:
        """Replace the choices: (value, label, keys); the value chosen is kept if still there.

        The buttons there are relabelled, and only those missing are made (or those left
        over removed): the panel offers its choices again for every hand, and with the
        sitting's players at start-up; making them all anew took 4-12 ms each time.
        """
        buttons = self.buttons()
        for button in buttons[len(choices) :]:
            self.choices_layout.removeWidget(button)
            button.hide()
            button.deleteLater()
        self._choices = []
        self._default = default
        for number, (value, label, keys) in enumerate(choices):
            button = buttons[number] if number < len(buttons) else self._new_button(number)
            shown = literal(label)
            text = f"{shown} [{'/'.join(keys)}]" if keys else shown
            breaks = self.choices_layout.breaks  # large print: broken onto lines
            if breaks is None or not breaks.set_text(button, text):
                button.setText(text)
            button.setAccessibleName(spoken(label))
            button.setAccessibleDescription(
                _("Key {key}").format(key=" / ".join(keys)) if keys else ""
            )
            self._choices.append((value, button, tuple(k.upper() for k in keys)))
        refused, self._refused = self._refused, {}
        self.set_refused(refused)
        known = [value for value, _b, _k in self._choices]
        self._set(self._value if self._value in known else default)

    def set_refused(self, refused: Mapping[object, str]) -> None:
        """Show the choices in ``refused`` disabled, each with its reason as the button's
        tooltip and description: no key, arrow or click chooses them (a key of theirs is
        passed on as ``stray``); a choice already made stays (the form says what is wrong)."""
        if refused == self._refused:
            return
        self._refused = dict(refused)
        for value, button, keys in self._choices:
            reason = self._refused.get(value)
            button.setEnabled(reason is None)
            button.setToolTip(reason or "")
            if reason is not None:
                button.setAccessibleDescription(reason)
            else:
                button.setAccessibleDescription(
                    _("Key {key}").format(key=" / ".join(keys)) if keys else ""
                )

    def refusal(self, text: str) -> str | None:
        """Why the choice ``text`` is the key of may not be chosen, or None."""
        for value, _button, keys in self._choices:
            if text.upper() in keys and value in self._refused:
                return self._refused[value]
        return None

    def _open(self) -> list[tuple[T | None, QToolButton, tuple[str, ...]]]:
        """The choices that may be chosen: every one but those refused."""
        return [choice for choice in self._choices if choice[0] not in self._refused]

    def _new_button(self, number: int) -> QToolButton:
        """The button of the choice at ``number`` (0-based), added to the row."""
        button = ChoiceButton(self)
        button.setCheckable(True)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        button.clicked.connect(lambda _checked=False: self._pick(self._choices[number][0]))
        self.choices_layout.addWidget(button)
        if self.choices_layout.breaks is not None:  # large print
            from jojotte_score.gui.entry.broken_text import BrokenText

            self.choices_layout.breaks.add(button, BrokenText(button))
        return button

    def value(self) -> T | None:
        """The value chosen, or None."""
        return self._value

    def set_value(self, value: T | None) -> None:
        """Choose ``value`` from the program (``chosen`` is not emitted)."""
        self._set(value)

    def reset(self) -> None:
        """Back to the default choice."""
        self._set(self._default)

    def is_optional(self) -> bool:
        """Whether the field has a default choice, so that the focus may pass it by."""
        return self._default is not None

    def is_at_default(self) -> bool:
        """Whether the field has a default choice and holds it (nothing chosen there yet)."""
        return self._default is not None and self._value == self._default

    def answer(self, text: str) -> bool:
        """Choose what ``text`` is the key of (``chosen`` is not emitted: the focus stays
        where the key was typed); False when it is the key of no choice."""
        for value, _button, keys in self._open():
            if text.upper() in keys:
                self._set(value, say=True)
                return True
        return False

    def choice_label(self) -> str:
        """The label of the choice made ("" for none)."""
        for value, button, _keys in self._choices:
            if value == self._value:
                return button.accessibleName()
        return ""

    def accessible_role(self) -> QAccessible.Role:
        return QAccessible.Role.Grouping

    def accessible_value(self) -> str:
        return self.choice_label()

    def accessible_state(self, state: QAccessible.State) -> None:
        state.invalid = self._error is not None

    def described_by(self) -> QWidget | None:
        return self._error

    def set_error(self, label: QLabel | None) -> None:
        """Tie the error message shown in ``label`` to the field (None: no error): a screen
        reader reads it after the choice made and finds the field invalid."""
        self._error = label
        self._describe()

    def _describe(self) -> None:
        chosen = self.choice_label()
        words = _("{choice} chosen").format(choice=chosen) if chosen else _("nothing chosen")
        if self._error is not None:
            words = f"{words}. {self._error.text()}"
        self.setAccessibleDescription(words)

    def say_choice(self) -> None:
        """Announce the choice the field holds, as one the user just made: "Trump:
        Spades" (the entry panel says so of a choice it suggests)."""
        self._say_choice()

    def _say_choice(self) -> None:
        """Announce the choice the user just made: "Trump: Spades"."""
        chosen = self.choice_label() or _("nothing chosen")
        announce(self, _("{field}: {choice}").format(field=self.accessibleName(), choice=chosen))

    def keys(self) -> set[str]:
        """Every key this field answers to."""
        return {key for _v, _b, keys in self._choices for key in keys}

    def buttons(self) -> list[QToolButton]:
        """The choices' buttons, in order."""
        return [button for _v, button, _k in self._choices]

    def _set(self, value: T | None, *, say: bool = False) -> None:
        """Hold ``value``; with ``say``, announce it as the user's choice before the change
        is told, so that what the change fills in elsewhere (the active defender the rules
        suggest for the bidder) is said after it, in the order of the table."""
        changed = value != self._value
        self._value = value
        for choice, button, _keys in self._choices:
            button.setChecked(choice == value)  # Qt tells a screen reader of the change
            font = QFont()  # bold only: the size follows the panel's (large print)
            font.setBold(choice == value)
            button.setFont(font)
        self._describe()
        if say:
            self._say_choice()
        if changed:
            self.changed.emit()

    def _pick(self, value: T | None) -> None:
        self._set(value, say=True)
        self.chosen.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if modifiers & ~Qt.KeyboardModifier.ShiftModifier:
            event.ignore()
            return
        text = event.text().upper()
        for value, _button, keys in self._open():
            if text and text in keys:
                self._pick(value)
                event.accept()
                return
        key = event.key()
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right) and self._open():
            values = [value for value, _b, _k in self._open()]
            step = 1 if key == Qt.Key.Key_Right else -1
            index = values.index(self._value) if self._value in values else -step
            self._set(values[(index + step) % len(values)], say=True)
            event.accept()
            return
        if key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self._set(self._default, say=True)
            event.accept()
            return
        if text.isprintable() and text.strip():
            self.stray.emit(event.text())  # chooses nothing here: passed on, or refused
            event.accept()
            return
        event.ignore()


_TYPED_NUMBER = r"[0-9]{0,3}(?:[.,][0-9]{0,3})?"
"""What a number box holds: up to three digits, and a "." or "," a player typed in them."""


class _NumberValidator(QValidator):
    """Takes a key into a number box when the box still holds :data:`_TYPED_NUMBER`, and
    refuses it otherwise. Each beginning of such a text is one itself, so a text is taken
    or refused, never half-way there.

    Qt's ``QRegularExpressionValidator`` did the same, but its expression made PySide6 set
    up the ``QRegularExpression`` class with its enums at every start: 3.2 M instructions of
    a whole start on the benchmark's 10,000-hand sitting (callgrind, 1,294.9 M to 1,291.7 M).
    """

    def validate(self, text: str, position: int) -> QValidator.State:
        if re.fullmatch(_TYPED_NUMBER, text):
            return QValidator.State.Acceptable
        return QValidator.State.Invalid


class PairField(QWidget):
    """Two number boxes, one per side (left-hand column first), each with its error line.

    A box may show a suggestion: greyed placeholder text that is not a value until Space
    accepts it (``accept_suggestion``), typed in that box or in the other one; a typed
    number always wins. The boxes take digits
    and one "." or "," (kept as typed, "5.5", never read as 55: ``not_numbers`` names
    such a box, which the panel refuses to record); ``stray`` carries the side and any
    other character typed into a box, which is not written in it (the panel passes it on
    or says it was refused).
    """

    edited = Signal()
    stray = Signal(int, str)

    def __init__(self, name: str, parent: QWidget | None = None, *, step: int = 1) -> None:
        super().__init__(parent)
        self._name = name
        self._step = step  # every number a multiple of it: 5 for card points
        self._suggestions: list[int | None] = [None, None]
        # The boxes flow (side by side, or one above the other when narrow); each box's
        # message goes below both, starting under its box, so that it moves neither box.
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(1)
        boxes = QWidget()
        self.boxes_layout = flow = FlowLayout(boxes, spacing=12, stretch=False)
        flow.setContentsMargins(0, 0, 0, 0)
        column.addWidget(boxes)
        validator = _NumberValidator(self)
        self.side_labels = (QLabel(), QLabel())
        self.edits = (QLineEdit(), QLineEdit())
        # Each box's line goes below both, the left-hand box's first.
        self.errors: ErrorLines[int] = ErrorLines(
            (0, 1), lambda side, line: self._place_error(column, side, line)
        )
        self.units: list[QWidget] = []  # a side's name and its box
        self._names = ("", "")
        for side in (0, 1):
            edit = self.edits[side]
            edit.setValidator(validator)
            edit.setMaxLength(7)
            edit.setAlignment(Qt.AlignmentFlag.AlignRight)
            edit.textEdited.connect(self.edited)
            edit.installEventFilter(self)
            label = self.side_labels[side]
            label.setTextFormat(Qt.TextFormat.PlainText)
            unit = QWidget()
            row = QHBoxLayout(unit)
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(6)
            row.addWidget(label)
            row.addWidget(edit)
            flow.addWidget(unit)
            unit.installEventFilter(self)  # its message starts where it is placed
            self.units.append(unit)
        self._fit_boxes()

    def _place_error(self, column: QVBoxLayout, side: int, line: QLabel) -> None:
        """Put the line of ``side``'s box under the boxes, starting under its box."""
        column.insertWidget(1 if side == 0 else column.count(), line)
        line.setContentsMargins(self.units[side].x(), 0, 0, 0)

    def _fit_boxes(self) -> None:
        """Boxes wide enough for three digits in the font they show."""
        for edit in self.edits:
            edit.setFixedWidth(edit.fontMetrics().horizontalAdvance("0000") + 16)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._fit_boxes()
        super().changeEvent(event)

    def set_names(self, names: tuple[str, str]) -> None:
        """Label the boxes with the sides' names."""
        if names == self._names:
            return  # the panel names them again at every change of a field
        self._names = names
        breaks = self.boxes_layout.breaks  # large print: a name broken onto lines
        for side in (0, 1):
            if breaks is None or not breaks.set_text(self.units[side], names[side]):
                self.side_labels[side].setText(names[side])
            self.edits[side].setAccessibleName(
                _("{field}, {player}").format(field=self._name, player=names[side])
            )
        # The boxes' widths changed with their names: each layout around them measures again
        # (nested layouts would keep the old sizes until the next resize). Before the window
        # is first shown too: it lays the panel out for its first size by the sizes its
        # layouts give, and the old names' widths made it taller than it is (a scroll bar, an
        # empty line under the meld boxes). The scroll area's viewport on the way up is one
        # the window holds from the start, so handing it to Python sets up no widget classes.
        widget: QWidget | None = self.units[0]
        for unit in self.units:
            unit.updateGeometry()
        while widget is not None and not widget.isWindow():
            widget.updateGeometry()
            widget = widget.parentWidget()

    def values(self) -> tuple[int | None, int | None]:
        """Each side's number, or None for an empty box or one that holds no number."""
        texts = (self.edits[0].text(), self.edits[1].text())
        return (
            int(texts[0]) if texts[0].isdigit() else None,
            int(texts[1]) if texts[1].isdigit() else None,
        )

    def not_numbers(self) -> tuple[str | None, str | None]:
        """Each side's text when it is not a number of points ("5.5"), else None."""
        texts = (self.edits[0].text(), self.edits[1].text())
        return (
            texts[0] if texts[0] and not texts[0].isdigit() else None,
            texts[1] if texts[1] and not texts[1].isdigit() else None,
        )

    def set_values(self, values: tuple[int | None, int | None] | None) -> None:
        """Fill both boxes (None, or a None side, leaves a box empty)."""
        for side in (0, 1):
            value = None if values is None else values[side]
            self.edits[side].setText("" if value is None else str(value))

    def set_suggestion(self, side: int, value: int | None) -> None:
        """Offer ``value`` in the box of ``side`` (greyed, not a value); None offers nothing."""
        self._suggestions[side] = value
        edit = self.edits[side]
        edit.setPlaceholderText("" if value is None else str(value))
        edit.setToolTip("" if value is None else _("Space takes {points}").format(points=value))

    def suggestion(self, side: int) -> int | None:
        """The number offered in the box of ``side``, if any."""
        return self._suggestions[side]

    def accept_suggestion(self, side: int) -> bool:
        """Make the offered number the box's value; False when nothing is offered."""
        value = self._suggestions[side]
        if value is None or self.edits[side].text():
            return False
        self.edits[side].setText(str(value))
        self.edited.emit()
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()  # asked once: every event of the boxes passes here
        if kind == _MOVE:
            for number, error in self.errors.made().items():
                unit = self.units[number]
                if unit is watched:  # the box's message starts under it
                    error.setContentsMargins(unit.x(), 0, 0, 0)
        if (
            kind == _SHORTCUT_OVERRIDE
            and isinstance(event, QKeyEvent)
            and isinstance(watched, QLineEdit)
            and _nothing_to_step(watched, event)
        ):
            # The box's own typing is undone first, as in any text field; with none left,
            # Undo and Redo are the window's, of the recorded hands.
            return True
        if kind == _KEY_PRESS and isinstance(event, QKeyEvent):
            side = next((s for s, edit in enumerate(self.edits) if edit is watched), None)
            if side is not None and self._key_taken(side, event):
                return True
        return super().eventFilter(watched, event)

    def _key_taken(self, side: int, event: QKeyEvent) -> bool:
        """Whether a key pressed in the box of ``side`` is the pair's rather than the
        box's: Space takes the number offered, and a key that can be no part of the count
        (a player's key, a second decimal sign) is passed on as :attr:`stray`."""
        plain = not event.modifiers() & ~(
            Qt.KeyboardModifier.KeypadModifier | Qt.KeyboardModifier.ShiftModifier
        )
        if not plain:
            return False
        if event.key() == Qt.Key.Key_Space:
            # The number offered, in this box or in the other one: typed in the box
            # just filled, where "Space takes 2" is read, Space did nothing.
            if not self.accept_suggestion(side):
                self.accept_suggestion(1 - side)
            return True
        text = event.text()
        if self._is_stray(self.edits[side], text):
            self.stray.emit(side, text)
            return True
        return False

    def _is_stray(self, edit: QLineEdit, text: str) -> bool:
        """Whether ``text``, typed in ``edit``, is one printable character that cannot be
        part of the count: not a digit (unless it makes the count no count at all), nor the
        first decimal sign (which the box shows, for its message on numbers of points)."""
        return (
            len(text) == 1
            and text.isprintable()
            and bool(text.strip())
            and (not text.isdigit() or self._never_in_a_count(edit, text))
            and not (text in ".," and not set(".,") & set(edit.text()))
        )

    def _never_in_a_count(self, edit: QLineEdit, digit: str) -> bool:
        """Whether ``digit``, typed at the end of a box that holds a count (a multiple of
        the step), would make it no count at all: "65" and "1" is no card points ever, but a
        player's key typed straight after the count (the last trick's "1"), as a letter is.
        A digit typed over a selection, or inside the number, is typed in as usual."""
        typed = edit.text()
        if self._step == 1 or not typed.isdigit() or edit.hasSelectedText():
            return False
        if edit.cursorPosition() != len(typed):
            return False
        return int(typed) % self._step == 0 and int(typed + digit) % self._step != 0


def _nothing_to_step(edit: QLineEdit, event: QKeyEvent) -> bool:
    """Whether ``event`` is Undo with nothing typed in ``edit`` to undo, or Redo with
    nothing to redo there."""
    if event.matches(QKeySequence.StandardKey.Undo):
        return not edit.isUndoAvailable()
    if event.matches(QKeySequence.StandardKey.Redo):
        return not edit.isRedoAvailable()
    return False


def drawn_width(label: QLabel) -> float:
    """The width of ``label``'s text as Qt draws it with its Alt letter underlined (the
    letter after a single "&"; "&&" is an "&" of the text).

    Qt draws the underlined letter as a run of its own: the text before it, the letter and
    the text after it are each shaped apart, without kerning across the two boundaries.
    Each run is measured apart: the runs before the last by their advance in the font's
    metrics, the last by its natural width in a layout of its own, as a line ends (a pixel
    more than its advance). That is the width of one layout with the letter's underline as
    a format (the same in 145,920 cases: every row label in English and German, 32
    families, 76 sizes, bold or not), without setting up Qt's text format classes, which
    cost 17.8 M instructions at start-up.
    """
    plain, underlined = "", -1
    rest = label.text()
    while rest:
        if rest.startswith("&") and len(rest) > 1:
            if rest[1] != "&" and underlined < 0:
                underlined = len(plain)
            plain, rest = plain + rest[1], rest[2:]
        else:
            plain, rest = plain + rest[0], rest[1:]
    if underlined < 0 or label.buddy() is None:
        runs = [plain]
    else:
        before, letter, after = plain[:underlined], plain[underlined], plain[underlined + 1 :]
        runs = [run for run in (before, letter, after) if run]
    *leading, last = runs
    layout = QTextLayout(last, label.font())
    layout.beginLayout()
    line = layout.createLine()
    layout.endLayout()
    metrics = QFontMetricsF(label.font())
    return sum(metrics.horizontalAdvance(run) for run in leading) + line.naturalTextWidth()


class AltLetterLabel(QLabel):
    """A row's label ("&Trumpf"), never narrower than its text as drawn.

    Qt measures a label's text as one run but draws the underlined Alt letter as a run of
    its own, which loses the kerning between that letter and the next: "&Trumpf" is drawn
    4 px wider than it is measured at 17.6 pt (large print, DejaVu Sans), and its last "f"
    was cut off at the label's edge ("&Active defender", "&Kontraktspieler" alike).
    """

    # The width drawn, for the text, font and Alt letter it was measured with: the window's
    # layouts asked 82 times while it opened (17 µs each, 1.4 ms), for 15 labels.
    _drawn: tuple[tuple[str, str, bool], int] | None = None

    def sizeHint(self) -> QSize:
        return self._widened(super().sizeHint())

    def minimumSizeHint(self) -> QSize:
        return self._widened(super().minimumSizeHint())

    def _widened(self, size: QSize) -> QSize:
        key = (self.text(), self.font().key(), self.buddy() is not None)
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = (key, math.ceil(drawn_width(self)))
        margins = self.contentsMargins()
        needed = self._drawn[1] + margins.left() + margins.right()
        return QSize(max(size.width(), needed), size.height())
