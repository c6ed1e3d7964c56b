"""Undo commands: each change reaches the database, and undo puts back exactly what was."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QUndoStack

from jojotte_score.core.errors import JojotteError
from jojotte_score.core.games import new_sitting
from jojotte_score.core.model import PlayedHand, Trump
from jojotte_score.core.scoring import EntryKind
from jojotte_score.gui.sitting.commands import (
    AddHand,
    CorrectHands,
    DeleteCorrectingHands,
    DeleteHand,
    InsertHand,
    RenamePlayers,
    ReplaceHand,
)
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import german, played, stored_hands, stored_totals


def open_german(session: Session, hands: int = 6) -> int:
    sitting = german()
    sitting_id = session.store.import_sitting(
        new_sitting(sitting.variant, sitting.players, sitting.hands[:hands])
    )
    session.open(sitting_id)
    return sitting_id


def rubber_bonuses(session: Session) -> list[int]:
    assert session.shown is not None
    return [
        entry.points
        for hand in session.shown.ledger.hands
        for entry in hand.entries
        if entry.kind is EntryKind.RUBBER_BONUS
    ]


def test_undo_and_redo_across_the_end_of_a_rubber(session: Session, data_dir: Path) -> None:
    sitting_id = open_german(session, hands=5)
    stack = QUndoStack()
    stack.push(AddHand(session, german().hands[5]))
    assert stack.undoText() == "Record hand 6"
    assert session.shown is not None
    rubber = session.shown.ledger.rubbers[0]
    assert (rubber.finished, rubber.winner, rubber.totals) == (True, 0, (755, 655))
    assert rubber_bonuses(session) == [300]
    assert session.shown.status().new_cut
    assert stored_totals(data_dir, sitting_id) == [(755, 655)]

    stack.undo()
    rubber = session.shown.ledger.rubbers[0]
    assert (rubber.finished, rubber.winner, rubber.totals) == (False, None, (155, 615))
    assert rubber_bonuses(session) == []
    assert session.shown.ledger.unresolved_prison == 150
    assert len(stored_hands(data_dir, sitting_id)) == 5

    stack.redo()
    assert session.shown.ledger.rubbers[0].totals == (755, 655)
    assert rubber_bonuses(session) == [300]
    assert stored_hands(data_dir, sitting_id) == german().hands


def test_replace_insert_delete_and_rename_undo_in_turn(session: Session, data_dir: Path) -> None:
    sitting_id = open_german(session)
    original = german().hands
    stack = QUndoStack()
    # Hand 2 to B (B takes the last trick): B's game, then B's rubber at hand 3.
    stack.push(ReplaceHand(session, 1, played(original[1])._replace(last_trick=1)))
    assert session.shown is not None
    assert [r.game_winner for r in session.shown.ledger.hands[:3]] == [None, 1, 1]
    assert session.shown.ledger.rubbers[0].winner == 1
    extra = PlayedHand(0, Trump.HEARTS, (100, 55), 0)
    stack.push(InsertHand(session, 0, extra))
    stack.push(DeleteHand(session, 6))
    stack.push(RenamePlayers(session, ("Anna", "Bert")))
    assert [stack.text(i) for i in range(stack.count())] == [
        "Edit hand 2",
        "Insert hand 1",
        "Delete hand 7",
        "Rename players",
    ]
    assert session.shown.sitting.players == ("Anna", "Bert")
    hands = stored_hands(data_dir, sitting_id)
    assert hands == (extra, original[0], played(original[1])._replace(last_trick=1), *original[2:5])

    while stack.canUndo():
        stack.undo()
    assert stored_hands(data_dir, sitting_id) == original
    assert session.shown.sitting.players == ("A", "B")
    assert stored_totals(data_dir, sitting_id) == [(755, 655)]


def test_an_edit_with_corrections_is_named_and_undone_as_a_plain_edit(
    session: Session, data_dir: Path
) -> None:
    """Both ways to edit a hand are "Edit hand N" in the Edit menu, and undo the same."""
    sitting_id = open_german(session)
    original = german().hands
    edited = played(original[1])._replace(last_trick=1)
    stack = QUndoStack()
    replace = ReplaceHand(session, 1, edited)
    correct = CorrectHands(session, 2, played(original[2])._replace(melds=(0, 40)), {})
    stack.push(replace)
    stack.push(correct)
    assert [stack.text(i) for i in range(stack.count())] == ["Edit hand 2", "Edit hand 3"]
    assert replace.texts()[1:] == ("&Undo edit hand 2", "&Redo edit hand 2")
    assert correct.texts()[1:] == ("&Undo edit hand 3", "&Redo edit hand 3")
    assert stored_hands(data_dir, sitting_id)[1:3] == (
        edited,
        played(original[2])._replace(melds=(0, 40)),
    )
    stack.undo()
    stack.undo()
    assert stored_hands(data_dir, sitting_id) == original


def test_a_deletion_with_corrections_is_named_and_undone_as_a_plain_deletion(
    session: Session, data_dir: Path
) -> None:
    """Both ways to delete a hand are "Delete hand N" in the Edit menu, and undo the same."""
    sitting_id = open_german(session)
    original = german().hands
    stack = QUndoStack()
    delete = DeleteHand(session, 5)
    correct = DeleteCorrectingHands(session, 0, {})
    stack.push(delete)
    stack.push(correct)
    assert [stack.text(i) for i in range(stack.count())] == ["Delete hand 6", "Delete hand 1"]
    assert delete.texts()[1:] == ("&Undo delete hand 6", "&Redo delete hand 6")
    assert correct.texts()[1:] == ("&Undo delete hand 1", "&Redo delete hand 1")
    assert stored_hands(data_dir, sitting_id) == original[1:5]
    stack.undo()
    stack.undo()
    assert stored_hands(data_dir, sitting_id) == original


def test_a_refused_change_is_reported_and_dropped(session: Session, data_dir: Path) -> None:
    sitting_id = open_german(session, hands=2)
    errors: list[JojotteError] = []
    session.on_error = errors.append
    stack = QUndoStack()
    stack.push(DeleteHand(session, 5))  # there is no hand 6
    assert [str(error) for error in errors] == [
        f"sitting {sitting_id} has no hand 6 (hands are numbered 1 to 2)"
    ]
    assert stack.count() == 0
    assert session.shown is not None
    assert len(session.shown.hands) == 2
    assert stored_hands(data_dir, sitting_id) == german().hands[:2]


def test_an_undo_the_database_refuses_leaves_the_views_on_what_is_stored(
    session: Session, store: SittingStore, data_dir: Path
) -> None:
    sitting_id = open_german(session, hands=3)
    errors: list[JojotteError] = []
    session.on_error = errors.append
    stack = QUndoStack()
    stack.push(AddHand(session, german().hands[3]))
    store.delete_hand(sitting_id, 3)  # behind the window's back
    store.delete_hand(sitting_id, 2)
    stack.undo()  # deleting hand 4 again fails: it is gone
    assert len(errors) == 1
    assert session.shown is not None
    assert session.shown.hands == german().hands[:2] == stored_hands(data_dir, sitting_id)
