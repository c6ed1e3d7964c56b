"""Every change to a sitting as an undoable command: each calls one store function.

``redo()`` changes the store, ``undo()`` puts it back; both then ask the session to reload
and refresh the views. Each command names itself in the current language when asked
(:meth:`StoreCommand.texts`): the Edit menu's "Undo ..." and "Redo ..." are whole
sentences, and a window rebuilt in another language names the same commands anew.

A change the store refuses (a StorageError, or a hand the core
refuses) is reported through the session, the command is dropped from the undo stack, and
the views are reloaded from the database, so they always show what is stored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtGui import QUndoCommand

from jojotte_score.core.errors import JojotteError
from jojotte_score.i18n import _
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore

if TYPE_CHECKING:
    from jojotte_score.core.model import AnyHand, Sitting


class CommandTexts(NamedTuple):
    """What a command is called: its name, and the Edit menu's items that undo and redo it."""

    text: str
    undo: str
    redo: str


class StoreCommand(QUndoCommand):
    """A change to the sitting shown when the command was made."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        if session.sitting_id is None:
            raise ValueError("no sitting is open")
        self._session = session
        self._sitting_id: int = session.sitting_id

    def texts(self) -> CommandTexts:
        """The command's name and its Undo and Redo menu items, in the current language."""
        raise NotImplementedError

    def position(self) -> int | None:
        """The position (0-based) of the hand the command changes; None for a change to
        the sitting as a whole (the players' names). The pad shows that hand's rubber."""
        position = getattr(self, "_position", None)
        return position if isinstance(position, int) else None

    def first_changed(self) -> int | None:
        """The position (0-based) of the first hand the command changes, done or undone:
        the hands before it, and what they score, stay as they are (a hand is scored from
        the hands before it alone). None for a change to the sitting as a whole."""
        return self.position()

    def _name(self) -> None:
        self.setText(self.texts().text)

    def redo(self) -> None:
        self._run(self.apply)

    def undo(self) -> None:
        self._run(self.revert)

    def apply(self, store: SittingStore, sitting_id: int) -> None:
        """Make the change."""
        raise NotImplementedError

    def revert(self, store: SittingStore, sitting_id: int) -> None:
        """Take the change back."""
        raise NotImplementedError

    def _run(self, step: Callable[[SittingStore, int], None]) -> None:
        try:
            step(self._session.store, self._sitting_id)
        except JojotteError as error:
            self.setObsolete(True)
            self._session.on_error(error)
        if self._session.sitting_id == self._sitting_id:
            self._session.refresh()


class AddHand(StoreCommand):
    """Record the next hand at the end of the sitting."""

    def __init__(self, session: Session, hand: AnyHand) -> None:
        super().__init__(session)
        self._hand = hand
        self._position: int = session.shown.count if session.shown else 0
        self._name()

    def texts(self) -> CommandTexts:
        number = self._position + 1
        return CommandTexts(
            _("Record hand {number}").format(number=number),
            _("&Undo record hand {number}").format(number=number),
            _("&Redo record hand {number}").format(number=number),
        )

    def apply(self, store: SittingStore, sitting_id: int) -> None:
        self._position = store.add_hand(sitting_id, self._hand)
        self._name()

    def revert(self, store: SittingStore, sitting_id: int) -> None:
        store.delete_hand(sitting_id, self._position)


class InsertHand(StoreCommand):
    """Insert a forgotten hand before the one at ``position`` (0-based)."""

    def __init__(self, session: Session, position: int, hand: AnyHand) -> None:
        super().__init__(session)
        self._position = position
        self._hand = hand
        self._name()

    def texts(self) -> CommandTexts:
        number = self._position + 1
        return CommandTexts(
            _("Insert hand {number}").format(number=number),
            _("&Undo insert hand {number}").format(number=number),
            _("&Redo insert hand {number}").format(number=number),
        )

    def apply(self, store: SittingStore, sitting_id: int) -> None:
        store.insert_hand(sitting_id, self._position, self._hand)

    def revert(self, store: SittingStore, sitting_id: int) -> None:
        store.delete_hand(sitting_id, self._position)


class EditHand(StoreCommand):
    """An edit of the hand at ``position`` (0-based), named "Edit hand N" in the Edit menu
    however much it changes: :class:`ReplaceHand` and :class:`CorrectHands` differ only in
    what they put in the store."""

    def __init__(self, session: Session, position: int) -> None:
        super().__init__(session)
        self._position = position

    def texts(self) -> CommandTexts:
        number = self._position + 1
        return CommandTexts(
            _("Edit hand {number}").format(number=number),
            _("&Undo edit hand {number}").format(number=number),
            _("&Redo edit hand {number}").format(number=number),
        )


class ReplaceHand(EditHand):
    """Put an edited hand in place of the one at ``position``."""

    def __init__(self, session: Session, position: int, hand: AnyHand) -> None:
        super().__init__(session, position)
        self._hand = hand
        self._old: AnyHand | None = None
        self._name()

    def apply(self, store: SittingStore, sitting_id: int) -> None:
        self._old = store.replace_hand(sitting_id, self._position, self._hand)

    def revert(self, store: SittingStore, sitting_id: int) -> None:
        assert self._old is not None
        store.replace_hand(sitting_id, self._position, self._old)


class CorrectHands(EditHand):
    """Put an edited hand in place of the one at ``position`` together with the
    corrections it needs (``corrections``, position → hand: the chouette's later hands
    without the dealers the edit made illegal), as one step to undo."""

    def __init__(
        self, session: Session, position: int, hand: AnyHand, corrections: Mapping[int, AnyHand]
    ) -> None:
        super().__init__(session, position)
        self._hands = {**corrections, position: hand}
        self._old: dict[int, AnyHand] = {}
        self._name()

    def first_changed(self) -> int | None:
        return min(self._hands)

    def apply(self, store: SittingStore, sitting_id: int) -> None:
        self._old = store.replace_hands(sitting_id, self._hands)

    def revert(self, store: SittingStore, sitting_id: int) -> None:
        store.replace_hands(sitting_id, self._old)


class HandDeletion(StoreCommand):
    """A deletion of the hand at ``position`` (0-based), named "Delete hand N" in the Edit
    menu however many later hands it corrects: :class:`DeleteHand` and
    :class:`DeleteCorrectingHands` differ only in what they put in the store."""

    def __init__(self, session: Session, position: int) -> None:
        super().__init__(session)
        self._position = position
        self._old: AnyHand | None = None

    def texts(self) -> CommandTexts:
        number = self._position + 1
        return CommandTexts(
            _("Delete hand {number}").format(number=number),
            _("&Undo delete hand {number}").format(number=number),
            _("&Redo delete hand {number}").format(number=number),
        )


class DeleteHand(HandDeletion):
    """Delete the hand at ``position``; later hands move up."""

    def __init__(self, session: Session, position: int) -> None:
        super().__init__(session, position)
        self._name()

    def apply(self, store: SittingStore, sitting_id: int) -> None:
        self._old = store.delete_hand(sitting_id, self._position)

    def revert(self, store: SittingStore, sitting_id: int) -> None:
        assert self._old is not None
        store.insert_hand(sitting_id, self._position, self._old)


class DeleteCorrectingHands(HandDeletion):
    """Delete the hand at ``position`` together with the corrections the later hands need
    once it is gone (``corrections``, position after the deletion → hand: the chouette's
    later hands with the dealers the deletion made illegal cleared or re-derived, C3, C7),
    as one change to the store and one step to undo."""

    def __init__(self, session: Session, position: int, corrections: Mapping[int, AnyHand]) -> None:
        super().__init__(session, position)
        self._corrections = dict(corrections)
        self._before: dict[int, AnyHand] = {}
        self._name()

    def first_changed(self) -> int | None:
        return min(self._position, *self._corrections)

    def apply(self, store: SittingStore, sitting_id: int) -> None:
        self._old, self._before = store.delete_correcting(
            sitting_id, self._position, self._corrections
        )

    def revert(self, store: SittingStore, sitting_id: int) -> None:
        assert self._old is not None
        before = {position + 1: hand for position, hand in self._before.items()}
        store.insert_hand(sitting_id, self._position, self._old, before)


class RenamePlayers(StoreCommand):
    """Give the players new names."""

    def __init__(self, session: Session, players: Sequence[str]) -> None:
        super().__init__(session)
        self._new = tuple(players)
        self._old = session.shown.players if session.shown else ()
        self._name()

    def texts(self) -> CommandTexts:
        return CommandTexts(
            _("Rename players"), _("&Undo rename players"), _("&Redo rename players")
        )

    def apply(self, store: SittingStore, sitting_id: int) -> None:
        store.rename_players(sitting_id, self._new)

    def revert(self, store: SittingStore, sitting_id: int) -> None:
        store.rename_players(sitting_id, self._old)


class UpdateSitting(StoreCommand):
    """Put a sitting file's players, rules and hands in place of the stored sitting with the
    same stable id (File > Import of a sitting already stored, docs/file-format.md)."""

    def __init__(self, session: Session, sitting: Sitting, *, earlier_checks: bool) -> None:
        super().__init__(session)
        self._new = sitting
        self._earlier = earlier_checks
        stored = session.store.load(self._sitting_id)
        self._old, self._title, self._place = stored.sitting, stored.title, stored.place
        self._name()

    def texts(self) -> CommandTexts:
        return CommandTexts(
            _("Update from the sitting file"),
            _("&Undo update from the sitting file"),
            _("&Redo update from the sitting file"),
        )

    def first_changed(self) -> int | None:
        return 0

    def apply(self, store: SittingStore, sitting_id: int) -> None:
        store.replace_sitting(
            sitting_id,
            self._new,
            title=self._title,
            place=self._place,
            earlier_checks=self._earlier,
        )

    def revert(self, store: SittingStore, sitting_id: int) -> None:
        # The sitting as it was stored, which the store took then: what it tolerated then
        # (a sitting recorded under earlier checks) it takes back.
        store.replace_sitting(
            sitting_id, self._old, title=self._title, place=self._place, earlier_checks=True
        )
