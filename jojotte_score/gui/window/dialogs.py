"""The window's dialogs, built in code; each ``ask`` classmethod returns a result or None.

Tests patch ``exec`` (a dialog's, or ``QMessageBox.exec``) so nothing ever blocks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.core.games import all_games, find_game
from jojotte_score.core.model import GameKey, RubberRoles, Rules
from jojotte_score.core.validation import (
    MAX_LABEL_LENGTH,
    MAX_NAME_LENGTH,
    check_sitting_setup,
    errors_only,
)
from jojotte_score.gui.accessibility import announce
from jojotte_score.gui.history.history_rows import NUMBER_COLUMNS, Column, heading, history_row
from jojotte_score.gui.messages import ok_cancel_buttons, window_title
from jojotte_score.gui.names import literal
from jojotte_score.i18n import _, isolated
from jojotte_score.storage.sittings import SittingInfo

DEFAULT_NAMES = ("Anna", "Bert", "Carl", "Dora")


def ask_yes_no(parent: QWidget | None, title: str, text: str) -> bool:
    """Ask a question; True for Yes (No is the default)."""
    yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
    box = QMessageBox(QMessageBox.Icon.Question, window_title(title), text, yes | no, parent)
    box.setDefaultButton(no)
    return box.exec() == yes


def choice_box(
    parent: QWidget | None, title: str, text: str, choices: Sequence[str]
) -> tuple[QMessageBox, list[QPushButton]]:
    """A question offering ``choices`` (the first is the default) and Cancel: the box and
    the choices' buttons, in order."""
    box = QMessageBox(
        QMessageBox.Icon.Question,
        window_title(title),
        text,
        QMessageBox.StandardButton.Cancel,
        parent,
    )
    buttons = [box.addButton(choice, QMessageBox.ButtonRole.AcceptRole) for choice in choices]
    if buttons:
        box.setDefaultButton(buttons[0])
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    return box, buttons


def ask_choice(parent: QWidget | None, title: str, text: str, choices: Sequence[str]) -> int | None:
    """Ask a question offering ``choices`` and Cancel: the index of the one chosen, None for
    Cancel (or Esc)."""
    box, buttons = choice_box(parent, title, text, choices)
    box.exec()
    clicked = box.clickedButton()
    return next((i for i, button in enumerate(buttons) if button is clicked), None)


def setup_problems(
    variant: GameKey,
    players: tuple[str, ...],
    rules: Rules,
    roles: RubberRoles | None = None,
) -> list[str]:
    """What stops a sitting from starting, naming seats as the dialog labels them; in a
    game with roles, also what is wrong with the first rubber's (the chouette's: a first
    box who is also the first captain, C8)."""
    game = find_game(variant)
    labels = game.seat_labels
    problems = [
        _("{seat} needs a name.").format(seat=_(labels[seat]))
        for seat, name in enumerate(players)
        if not name
    ]
    checked = errors_only(check_sitting_setup(game, players, rules))
    problems += [p.message for p in checked if p.field != "players"]
    if game.has_roles and roles is not None:
        problems += game.roles_problems(roles)
    return problems


@dataclass(frozen=True, slots=True)
class SittingSetup:
    """What a new sitting needs: variant, players by seat, the first dealer and the rules;
    for the chouette, the first rubber's box and captain (C3: later ones are derived)."""

    variant: GameKey
    players: tuple[str, ...]
    first_dealer: int
    rules: Rules
    title: str = ""
    place: str = ""
    roles: RubberRoles | None = None


class NewSittingDialog(QDialog):
    """Variant, names by seat (clockwise), the chouette's first box and captain, the first
    dealer, game target and rubber bonus, title and place."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title(_("New sitting")))
        self.variant = QComboBox()
        for game in all_games():
            self.variant.addItem(_(game.choice), game.variant)
        self.names = [QLineEdit(name, maxLength=MAX_NAME_LENGTH) for name in DEFAULT_NAMES]
        self.name_labels = [QLabel() for _ in self.names]
        # One choice per role of the game with the most, shown as the game chosen has them.
        most = max(len(game.role_names) for game in all_games())
        self.first_roles = [QComboBox() for _ in range(most)]
        self.role_labels = [QLabel() for _ in self.first_roles]
        self.dealer = QComboBox()
        self.game_target = QSpinBox(minimum=10, maximum=1000, singleStep=5)
        self.rubber_bonus = QSpinBox(minimum=0, maximum=5000, singleStep=50)
        self.title = QLineEdit(
            placeholderText=_("optional, e.g. Christmas 1937"), maxLength=MAX_LABEL_LENGTH
        )
        self.place = QLineEdit(placeholderText=_("optional"), maxLength=MAX_LABEL_LENGTH)
        hint = self.title.fontMetrics().horizontalAdvance(self.title.placeholderText())
        self.title.setMinimumWidth(hint + 24)  # the example whole, in every language
        self.problem = QLabel(wordWrap=True)
        self.problem.setForegroundRole(self.problem.foregroundRole())
        form = QFormLayout()
        form.addRow(_("&Variant:"), self.variant)
        for label, name in zip(self.name_labels, self.names, strict=True):
            label.setBuddy(name)
            form.addRow(label, name)
        for label, combo in zip(self.role_labels, self.first_roles, strict=True):
            label.setBuddy(combo)
            form.addRow(label, combo)
        form.addRow(_("&First dealer:"), self.dealer)
        form.addRow(_("&Game at:"), self.game_target)
        form.addRow(_("&Rubber bonus:"), self.rubber_bonus)
        form.addRow(_("&Title:"), self.title)
        form.addRow(_("&Place:"), self.place)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(ok_cancel_buttons(self))
        self._form = form
        self.variant.currentIndexChanged.connect(self._variant_changed)
        for name in self.names:
            name.textChanged.connect(self._names_changed)
        for combo in self.first_roles:
            combo.currentIndexChanged.connect(self._roles_changed)
        self._variant_changed()

    def current_variant(self) -> GameKey:
        """The variant chosen."""
        return find_game(self.variant.currentData()).variant

    def _variant_changed(self) -> None:
        game = find_game(self.current_variant())
        labels = game.seat_labels
        for index, (label, name) in enumerate(zip(self.name_labels, self.names, strict=True)):
            shown = index < len(labels)
            self._form.setRowVisible(name, shown)
            if shown:
                label.setText(_("{seat}:").format(seat=_(labels[index])))
        for index, (label, combo) in enumerate(
            zip(self.role_labels, self.first_roles, strict=True)
        ):
            shown = index < len(game.role_labels)
            self._form.setRowVisible(combo, shown)
            if shown:
                label.setText(_(game.role_labels[index]))
        self.game_target.setValue(game.default_game_target)
        self.rubber_bonus.setValue(game.default_rubber_bonus)
        self._names_changed()

    def _names_changed(self) -> None:
        players = self.players()
        for default, combo in enumerate(self.first_roles):
            chosen = combo.currentIndex()
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(list(players))
            combo.setCurrentIndex(chosen if 0 <= chosen < combo.count() else default)
            combo.blockSignals(False)
        self._roles_changed()

    def _roles_changed(self) -> None:
        """The first dealer: any player, or those the game's roles let deal (the chouette's
        box or captain, C7)."""
        players = self.players()
        seats = list(dict.fromkeys(find_game(self.current_variant()).dealers(self.roles())))
        seats = [seat for seat in seats if seat < len(players)]
        chosen = self.dealer.currentData()
        self.dealer.clear()
        for seat in seats:
            self.dealer.addItem(players[seat], seat)
        index = self.dealer.findData(chosen)
        self.dealer.setCurrentIndex(max(0, index))

    def roles(self) -> RubberRoles | None:
        """The first rubber's roles chosen (the chouette's first box and captain); None in
        a game without roles."""
        game = find_game(self.current_variant())
        if not game.has_roles:
            return None
        chosen = self.first_roles[: len(game.role_names)]
        return game.make_roles([max(0, combo.currentIndex()) for combo in chosen])

    def players(self) -> tuple[str, ...]:
        """The names typed, one per seat of the chosen variant."""
        seats = find_game(self.current_variant()).seats
        return tuple(name.text().strip() for name in self.names[:seats])

    def setup(self) -> SittingSetup:
        """The sitting described by the fields."""
        return SittingSetup(
            variant=self.current_variant(),
            players=self.players(),
            first_dealer=int(self.dealer.currentData() or 0),
            rules=Rules(self.game_target.value(), self.rubber_bonus.value()),
            title=self.title.text().strip(),
            place=self.place.text().strip(),
            roles=self.roles(),
        )

    def accept(self) -> None:
        setup = self.setup()
        problems = setup_problems(setup.variant, setup.players, setup.rules, setup.roles)
        self.problem.setText("\n".join(problems))
        announce(self.problem, "\n".join(problems))  # a screen reader hears what is wrong
        if not problems:
            super().accept()

    @classmethod
    def ask(cls, parent: QWidget | None) -> SittingSetup | None:
        """The new sitting's setup, or None when cancelled."""
        dialog = cls(parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.setup()


class SittingsTable(QTableWidget):
    """A table of whole rows: Home and End go to the first and the last row (a sitting), not
    to the first and the last column of the row."""

    def moveCursor(  # Qt's name
        self,
        cursorAction: QAbstractItemView.CursorAction,
        modifiers: Qt.KeyboardModifier,
    ) -> QModelIndex:
        rows = {
            QAbstractItemView.CursorAction.MoveHome: 0,
            QAbstractItemView.CursorAction.MoveEnd: self.rowCount() - 1,
        }
        if cursorAction in rows and self.rowCount():
            column = max(self.currentIndex().column(), 0)
            return self.model().index(rows[cursorAction], column)
        return super().moveCursor(cursorAction, modifiers)


class OpenSittingDialog(QDialog):
    """The history: every stored sitting with its date, way to play, players, hands,
    rubbers, result and title, in the words of the history window
    (:mod:`jojotte_score.gui.history.history_rows`). The dialog is as wide as its columns
    (up to the screen's width), so the result is never cut; Home and End go to the first
    and the last sitting."""

    COLUMNS = (
        Column.DATE,
        Column.VARIANT,
        Column.PLAYERS,
        Column.HANDS,
        Column.RUBBERS,
        Column.RESULT,
        Column.TITLE,
    )

    def __init__(self, sittings: Sequence[SittingInfo], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title(_("Open sitting")))
        self.sittings = list(sittings)
        self.table = SittingsTable(len(self.sittings), len(self.COLUMNS))
        self.table.setAccessibleName(_("Stored sittings"))
        self.table.setHorizontalHeaderLabels([heading(column) for column in self.COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        for row, info in enumerate(self.sittings):
            shown = history_row(info)
            for place, column in enumerate(self.COLUMNS):
                item = QTableWidgetItem(shown.text(column))
                if column in NUMBER_COLUMNS:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, place, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        if self.sittings:
            self.table.selectRow(0)
        self.table.doubleClicked.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(ok_cancel_buttons(self))
        self.resize(self._fitting_width(), 360)

    def _fitting_width(self) -> int:
        """The width that shows every column whole (the title's at least as wide as its
        heading), at least 640 pixels, at most the screen's available width."""
        header = self.table.horizontalHeader()
        columns = sum(header.sectionSize(place) for place in range(header.count()))
        frame = 2 * self.table.frameWidth() + self.table.verticalScrollBar().sizeHint().width()
        layout = self.layout()
        sides = 0 if layout is None else layout.contentsMargins().left() * 2
        wanted = columns + frame + sides + 8
        screen = self.screen().availableGeometry().width() if self.screen() else wanted
        return max(640, min(wanted, screen - 40))

    def chosen(self) -> int | None:
        """The id of the selected sitting."""
        rows = self.table.selectionModel().selectedRows()
        return self.sittings[rows[0].row()].id if rows else None

    @classmethod
    def ask(cls, parent: QWidget | None, sittings: Sequence[SittingInfo]) -> int | None:
        """The id of the sitting to open, or None."""
        dialog = cls(sittings, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.chosen()


class RenamePlayersDialog(QDialog):
    """New names for the same seats."""

    def __init__(
        self, variant: GameKey, players: Sequence[str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title(_("Rename players")))
        self.variant = variant
        self.names = [QLineEdit(name, maxLength=MAX_NAME_LENGTH) for name in players]
        self.problem = QLabel(wordWrap=True)
        form = QFormLayout()
        for label, name in zip(find_game(variant).seat_labels, self.names, strict=False):
            form.addRow(_("{seat}:").format(seat=_(label)), name)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(ok_cancel_buttons(self))

    def players(self) -> tuple[str, ...]:
        """The names typed."""
        return tuple(name.text().strip() for name in self.names)

    def accept(self) -> None:
        standard = find_game(self.variant).standard_rules
        problems = setup_problems(self.variant, self.players(), standard)
        self.problem.setText("\n".join(problems))
        announce(self.problem, "\n".join(problems))
        if not problems:
            super().accept()

    @classmethod
    def ask(
        cls, parent: QWidget | None, variant: GameKey, players: Sequence[str]
    ) -> tuple[str, ...] | None:
        """The new names, or None when cancelled or unchanged."""
        dialog = cls(variant, players, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        names = dialog.players()
        return None if names == tuple(players) else names


class FirstDealerDialog(QDialog):
    """A rubber has ended: who won the new cut and deals first?"""

    def __init__(
        self,
        players: Sequence[str],
        parent: QWidget | None = None,
        seats: Sequence[int] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title(_("New cut")))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("The rubber is over. Who deals first in the next one?")))
        self.group = QButtonGroup(self)
        for seat in range(len(players)) if seats is None else seats:
            name = players[seat]
            button = QRadioButton(f"&{seat + 1} {literal(isolated(name))}")
            self.group.addButton(button, seat)
            layout.addWidget(button)
        if self.group.buttons():
            self.group.buttons()[0].setChecked(True)
        layout.addWidget(ok_cancel_buttons(self))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """A plain digit chooses the player it stands before, as the panel's one-key
        choices do; any other key is the dialog's."""
        text = event.text()
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if plain and len(text) == 1 and text.isdigit():
            for button in self.group.buttons():
                if self.group.id(button) + 1 == int(text):
                    button.setChecked(True)
                    button.setFocus()
                    event.accept()
                    return
        super().keyPressEvent(event)

    def dealer(self) -> int:
        """The seat chosen."""
        checked = self.group.checkedId()
        return checked if checked >= 0 else self.group.id(self.group.buttons()[0])

    @classmethod
    def ask(
        cls, parent: QWidget | None, players: Sequence[str], seats: Sequence[int] | None = None
    ) -> int | None:
        """The seat dealing first in the new rubber, or None when not answered; ``seats``
        are those who cut (the chouette's new box and captain, C7), everybody by default."""
        dialog = cls(players, parent, seats)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.dealer()
