"""Recording and correcting hands: the entry panel's requests, the hand list's selection
loaded into the panel, and deletions and insertions, each change one step of the undo
history.

When an edit or a deletion makes later hands illegal (the chouette's dealers, once another
side wins a rubber), the reasons are shown and the fixes offered in the same step.

The undo commands (gui/sitting/commands.py) are imported where a change is made, and got
ready with the rest of recording a hand (:func:`prepare_recording`): a start makes no
change, and importing them with this module cost every start 4.1 M instructions
(callgrind), PySide6's import hook reading their source among them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtGui import QKeySequence, QUndoStack

from jojotte_score.core.games import find_game
from jojotte_score.core.model import AnyHand
from jojotte_score.gui.accessibility import announce_at_focus
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.entry_panel import EntryRequest
from jojotte_score.i18n import _
from jojotte_score.storage.summary import prepare_scoring

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QStatusBar

    from jojotte_score.gui.entry.entry_panel import EntryPanel
    from jojotte_score.gui.pad.hand_model import HandTableModel
    from jojotte_score.gui.pad.hand_table import HandTable
    from jojotte_score.gui.pad.sheet_widget import SheetWidget
    from jojotte_score.gui.sitting.commands import StoreCommand
    from jojotte_score.presenters.session import Session

_A = ActionName


class EditedWindow(Protocol):
    """What the hand edits need of the main window: its views and the sitting's session."""

    session: Session
    undo_stack: QUndoStack
    panel: EntryPanel
    table: HandTable
    model: HandTableModel
    sheet: SheetWidget
    named_actions: dict[ActionName, QAction]
    change_at: int | None  # while a change is made: the first hand it reaches
    refreshing: bool  # while the views are shown anew

    def statusBar(self) -> QStatusBar: ...
    def selected_position(self) -> int | None: ...
    def select_hand(self, number: int) -> None: ...
    def update_actions(self) -> None: ...
    def update_status(self) -> None: ...
    def show_explanation(self, position: int | None) -> None: ...
    def ask_new_cut(self) -> None: ...


class HandEdits:
    """The slots that change the hands of the sitting ``window`` shows."""

    def __init__(self, window: EditedWindow):
        self._window = window
        self._stack_index = window.undo_stack.index()

    def ready_next_hand(self) -> None:
        """Put the panel in "record the next hand" mode with its dealer."""
        shown = self._window.session.shown
        if shown is None:
            return
        with self._window.panel.one_update():
            self._window.panel.new_hand()
            self.set_panel_context(shown.count, shown.dealer_at(shown.count))
        self._window.update_status()

    def dealer_chosen(self) -> None:
        """The next hand's dealer chosen since the panel was readied for it (a new cut):
        the panel, still readied with nothing typed, shows him, the rest left as it is; else
        the next hand is readied anew."""
        shown, panel = self._window.session.shown, self._window.panel
        if shown is None or panel.mode() != ("add", None) or panel.has_typed():
            self.ready_next_hand()
            return
        panel.set_dealer(shown.dealer_at(shown.count))
        self._window.update_status()

    def set_panel_context(self, count: int, dealer: int | None) -> None:
        """Tell the panel the game, the players and the score before hand ``count``."""
        shown = self._window.session.shown
        assert shown is not None
        self._window.panel.set_context(
            shown.variant, shown.shown_players, shown.rules, shown.scorer_before(count), dealer
        )

    def submit(self, request: EntryRequest) -> None:
        """Record, insert or replace the panel's hand through an undo command."""
        if self._window.session.shown is None or self._window.session.read_only:
            return
        from jojotte_score.gui.sitting.commands import AddHand, InsertHand

        if request.mode == "insert" and request.position is not None:
            self.push(InsertHand(self._window.session, request.position, request.hand))
        elif request.mode == "replace" and request.position is not None:
            self.replace(request.position, request.hand)
        else:
            self.push(AddHand(self._window.session, request.hand))
            self._window.ask_new_cut()

    def replace(self, position: int, hand: AnyHand) -> None:
        """Put an edited hand in place. When the edit makes later hands illegal (in the
        chouette: it changes who wins a rubber, so later rubbers' box and captain, C3, and
        later hands were dealt by the partner, C7), say which hands and why, and offer to
        clear or re-derive those dealers in the same step, or Cancel."""
        from jojotte_score.gui.sitting.commands import CorrectHands, ReplaceHand

        corrector = self._window.session.corrector(position)
        correction = None if corrector is None else corrector(hand)
        if correction is None:
            self.push(ReplaceHand(self._window.session, position, hand))
            self._show_corrected(position)
            return
        from jojotte_score.core.corrections import DealerChoice  # only for such an edit
        from jojotte_score.gui.sitting.correction_words import correction_question
        from jojotte_score.gui.window.dialogs import ask_choice

        choice = ask_choice(
            self._window.statusBar().window(),
            _("Edit hand {number}").format(number=position + 1),
            correction_question(position + 1, correction),
            [_("&Re-derive their dealers"), _("&Clear their dealers")],
        )
        if choice is None:
            return
        fix = (DealerChoice.REDERIVE, DealerChoice.CLEAR)[choice]
        self.push(CorrectHands(self._window.session, position, hand, correction.hands(fix)))
        self._show_corrected(position)

    def _show_corrected(self, position: int) -> None:
        """After a correction is saved: the hand corrected selected in the list, with its
        explanation and its rubber on the pad (the refresh cleared the selection and showed
        the newest hand's), where the scorekeeper checks what he changed. The panel records
        the next hand, as after every change; browsing the list does not load a hand."""
        shown = self._window.session.shown
        if shown is not None and position < shown.count:
            self._window.select_hand(position + 1)

    def push(self, command: StoreCommand) -> None:
        """Make the change ``command`` makes, as a step of the undo history."""
        self._window.change_at = command.first_changed()
        self._window.statusBar().clearMessage()  # what was said of the change before is past
        try:
            self._window.undo_stack.push(command)
        finally:
            self._window.change_at = None

    def step_history(self, step: Callable[[], None], offset: int) -> None:
        """Undo or redo (``step``) the command ``offset`` from the undo history's index."""
        command = command_at(self._window.undo_stack, self._window.undo_stack.index() + offset)
        panel = self._window.panel
        # A new hand only partly entered is still the next hand to record: it is kept, and said so.
        # A hand being inserted or corrected is dropped only when the scorekeeper says so.
        kept = panel.typed_new_hand()
        if kept is None and command is not None:
            number = (panel.mode()[1] or 0) + 1
            question = (
                _("{change}: undo it? What is typed for hand {number} is dropped.")
                if offset
                else _("{change}: do it again? What is typed for hand {number} is dropped.")
            )
            title = _("Undo") if offset else _("Redo")
            text = command.texts().text
            if not panel.may_drop_typed(title, question.format(change=text, number=number)):
                return
        self._window.change_at = command.first_changed() if command is not None else None
        try:
            step()
        finally:
            self._window.change_at = None
        if kept is not None:
            panel.keep_typed(kept)
        if command is None:
            return
        # What is true now, not what was said before the step.
        change = command.texts().text
        if kept is None:
            said = _("{change}: undone.") if offset else _("{change}: done again.")
            self._window.statusBar().showMessage(said.format(change=change), 10000)
            return
        said = (
            _("{change}: undone. What was typed is kept for hand {number}, the next to record.")
            if offset
            else _(
                "{change}: done again. What was typed is kept for hand {number}, the next to "
                "record."
            )
        )
        shown = self._window.session.shown
        number = (shown.count if shown is not None else 0) + 1
        message = said.format(change=change, number=number)
        self._window.statusBar().showMessage(message, 10000)
        # Said too: the pad says only the hand undone or done again, not what was kept.
        announce_at_focus(self._window.statusBar().window(), message)

    def cancelled(self) -> None:
        """The panel's edit was cancelled: back to recording the next hand."""
        self._window.table.clearSelection()
        self.ready_next_hand()

    def selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        """A hand selected in the list is shown with its explanation (Enter or Alt and a
        row's letter loads it to be corrected); none selected, the panel records the next
        hand."""
        if self._window.refreshing:  # the refresh readies the panel and the rest itself
            return
        position, shown = self._window.selected_position(), self._window.session.shown
        self._window.update_actions()
        self._window.sheet.set_selected_hand(None if position is None else position + 1)
        if position is not None:
            self._window.sheet.show_hand(position + 1)  # the rubber of the hand being edited
        if position is None or shown is None:
            in_list = self._window.table.hasFocus()
            self.ready_next_hand()
            self._window.show_explanation(None)
            if in_list:  # a number that named no hand: the next digits still go to the list
                self._window.table.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self._window.show_explanation(position)
        # Browsing is not correcting: the panel loads a hand only by Enter or Alt and a
        # row's letter (correct); one being corrected or inserted is left, not another's.
        mode = self._window.panel.mode()
        if mode[0] != "add" and mode[1] != position:
            in_list = self._window.table.hasFocus()
            self.ready_next_hand()
            if in_list:  # the next arrow key or hand number still moves in the list
                self._window.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_changed_rubber(self, index: int) -> None:
        """After a hand is recorded, inserted, edited or deleted, or that is undone or
        redone, show the rubber it changed (not the newest one)."""
        done = index > self._stack_index
        self._stack_index = index
        command = command_at(self._window.undo_stack, index - 1 if done else index)
        position = command.position() if command is not None else None
        if position is not None and self._window.selected_position() is None:
            self._window.sheet.show_hand(position + 1)

    def correct(self, position: int) -> None:
        """Enter in the hand list: the panel's first field, to correct the hand selected."""
        shown = self._window.session.shown
        if shown is None or self._window.session.read_only:
            return
        with self._window.panel.one_update():
            self.set_panel_context(position, shown.hand(position).dealer)
            self._window.panel.edit_hand(
                position, shown.hand(position), self._later_hands(position)
            )

    def correct_at_field(self, position: int) -> None:
        """Alt and a row's letter in the hand list: the hand selected is loaded to be
        corrected, and the key then takes the focus from the list to that row."""
        if self._window.panel.mode() != ("replace", position):
            self.correct(position)
            self._window.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _later_hands(self, position: int) -> Callable[[AnyHand], list[str]] | None:
        """What a hand put in place of the one at ``position`` makes illegal in the later
        hands, as the panel's preview says it while the edit is typed; None in the games
        where an edit cannot."""
        corrector = self._window.session.corrector(position)
        if corrector is None:
            return None

        def lines(hand: AnyHand) -> list[str]:
            correction = corrector(hand)
            if correction is None:
                return []
            from jojotte_score.gui.sitting.correction_words import correction_preview

            return correction_preview(correction)

        return lines

    def delete_hand(self) -> None:
        """Delete the selected hand (undoable). When its absence makes later hands illegal
        (the chouette's dealers, once another side wins a rubber), the reasons are shown
        and the fixes offered with the deletion as one step, or Cancel."""
        position, shown = self._window.selected_position(), self._window.session.shown
        if position is not None and shown is not None:
            from jojotte_score.gui.sitting.commands import DeleteCorrectingHands, DeleteHand

            correction = find_game(shown.variant).deletion(shown.sitting, position)
            command: StoreCommand = DeleteHand(self._window.session, position)
            if correction is not None:
                from jojotte_score.core.corrections import DealerChoice  # only for such a hand
                from jojotte_score.gui.sitting.correction_words import deletion_question
                from jojotte_score.gui.window.dialogs import ask_choice

                choice = ask_choice(
                    self._window.statusBar().window(),
                    _("Delete hand {number}").format(number=position + 1),
                    deletion_question(position + 1, correction),
                    [_("&Re-derive their dealers"), _("&Clear their dealers")],
                )
                if choice is None:
                    return
                fix = (DealerChoice.REDERIVE, DealerChoice.CLEAR)[choice]
                command = DeleteCorrectingHands(
                    self._window.session, position, correction.hands(fix)
                )
            self.push(command)
            if command.isObsolete():  # refused: the store's reason was shown
                return
            keys = (
                self._window.named_actions[_A.UNDO]
                .shortcut()
                .toString(QKeySequence.SequenceFormat.NativeText)
            )
            message = _("Hand {number} deleted; {keys} (Undo) brings it back.")
            self._window.statusBar().showMessage(
                message.format(number=position + 1, keys=keys), 10000
            )

    def insert_hand(self) -> None:
        """Ready the panel to record a forgotten hand before the selected one."""
        position, shown = self._window.selected_position(), self._window.session.shown
        if position is None or shown is None:
            self._window.statusBar().showMessage(_("Select the hand to insert before first."), 5000)
            return
        self._window.statusBar().clearMessage()  # a deletion said before is past
        with self._window.panel.one_update():
            self._window.panel.new_hand(position)
            self.set_panel_context(position, shown.dealer_at(position))
        self._window.panel.setFocus()


def command_at(stack: QUndoStack, index: int) -> StoreCommand | None:
    """The command at ``index`` of the undo history, if there is one there."""
    if not 0 <= index < stack.count():
        return None  # so always at start-up, before the commands are imported
    from jojotte_score.gui.sitting.commands import StoreCommand

    command = stack.command(index)
    return command if isinstance(command, StoreCommand) else None


def prepare_recording() -> None:
    """Get recording a hand ready (nothing when done): the scoring's modules
    (:func:`~jojotte_score.storage.summary.prepare_scoring`) and the undo commands."""
    prepare_scoring()
    # Through __import__, as prepare_scoring imports: PySide6's hook then reads the
    # module's source here, not inside the first hand's Enter.
    __import__("jojotte_score.gui.sitting.commands", fromlist=["__name__"])
