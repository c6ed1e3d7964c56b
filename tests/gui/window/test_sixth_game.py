"""The test's sixth way to play (:mod:`tests.sixth_game`, partnerships to 150 with a rubber
bonus of 500) in the window, through the registry alone: the new-sitting dialog offers it
with its own target and bonus, the window opens its worked example, a hand is typed into
the entry panel key by key, and the sitting and the scoring card print with its page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QFileDialog, QLineEdit
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import PlayedHand, Trump
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.form_rules import Slot
from jojotte_score.gui.printing import RubberChoiceDialog
from jojotte_score.gui.window.dialogs import NewSittingDialog
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.storage.sittings import SittingStore
from tests.gui.keyboard import Keyboard
from tests.gui.test_printing import Preview, answer
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.poppler import pdf_text
from tests.sixth_game import KEY, LongPartnership, example, registered


@pytest.fixture
def sixth() -> Iterator[LongPartnership]:
    """The sixth game, registered for the test."""
    with registered() as game:
        yield game


def open_example(window: MainWindow) -> int:
    """Store the sixth game's worked example and show it; its id."""
    sitting_id = window.session.store.import_sitting(example())
    window.open_sitting_id(sitting_id)
    assert window.session.shown is not None
    return sitting_id


def test_the_new_sitting_dialog_offers_it_with_its_target_and_bonus(
    qtbot: QtBot, sixth: LongPartnership
) -> None:
    dialog = NewSittingDialog()
    qtbot.addWidget(dialog)
    index = dialog.variant.findData(KEY)
    assert (index, dialog.variant.itemText(index)) == (
        5,
        "Four players in partnerships, game at 150",
    )
    dialog.variant.setCurrentIndex(index)
    assert (dialog.game_target.value(), dialog.rubber_bonus.value()) == (150, 500)
    assert [label.text() for label in dialog.name_labels] == [
        "North (A):",
        "East (B):",
        "South (A):",
        "West (B):",
    ]
    assert not any(combo.isVisibleTo(dialog) for combo in dialog.first_roles)
    setup = dialog.setup()
    assert (setup.variant, setup.rules.game_target, setup.rules.rubber_bonus) == (KEY, 150, 500)
    dialog.variant.setCurrentIndex(dialog.variant.findData("partnership"))
    assert (dialog.game_target.value(), dialog.rubber_bonus.value()) == (125, 300)


def test_the_window_opens_its_worked_example(window: MainWindow, sixth: LongPartnership) -> None:
    open_example(window)
    shown = window.session.shown
    assert shown is not None
    assert shown.side_names == ("Anna & Carl", "Bert & Dora")
    assert window.windowTitle() == "Anna & Carl – Bert & Dora – Jo-Jotte scorepad"
    assert tuple(shown.ledger.rubbers[0].totals) == (1240, 335)
    assert window.status_label.text() == (
        "Rubber 2 · Game 1 · below: Anna & Carl 0 – Bert & Dora 0 · "
        "games Anna & Carl 0 – Bert & Dora 0 · new cut for the first dealer"
    )


def test_a_hand_is_typed_into_the_entry_panel(
    window: MainWindow, qtbot: QtBot, store: SittingStore, sixth: LongPartnership
) -> None:
    """Bert & Dora bid spades and take 95 card points, the last trick and five of the eight
    tricks: 105 below for them, Anna & Carl's 60 above (R3), and the panel offers the
    rest of the eight tricks (not nine) once one side's count is typed."""
    sitting_id = open_example(window)
    window.panel.new_hand()
    hand = PlayedHand(1, Trump.SPADES, (60, 95), 1, tricks=(3, 5), dealer=1)
    plan = window.panel.form.keystrokes(hand)
    assert plan[-1] == "Enter"
    assert plan[-4:] == ["3", "Tab", "Space", "Enter"]  # Space takes the rest of eight
    Keyboard(qtbot).follow(plan[:-1])
    right = window.panel.widget_for(Slot.TRICKS_RIGHT)
    assert isinstance(right, QLineEdit)
    assert right.text() == "5"
    assert window.panel.current_hand() == hand
    assert window.panel.record()
    assert store.load(sitting_id).sitting.hands[-1] == hand
    shown = window.session.shown
    assert shown is not None
    last = shown.ledger.hands[-1]
    assert (last.number, last.rubber, last.below) == (6, 2, (0, 105))
    assert window.status_label.text().startswith(
        "Rubber 2 · Game 1 · below: Anna & Carl 0 – Bert & Dora 105 · "
    )


def test_export_pdf_writes_the_whole_sitting(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sixth: LongPartnership
) -> None:
    open_example(window)
    target = tmp_path / "evening"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(target), ""))
    answer(monkeypatch, RubberChoiceDialog, lambda dialog: dialog.whole.setChecked(True))
    window.named_actions[ActionName.EXPORT_PDF].trigger()
    lines = pdf_text(tmp_path / "evening.pdf").splitlines()
    assert "Anna & Carl win the rubber by 905" in lines
    assert "Anna & Carl" in lines
    assert "Bert & Dora" in lines


def test_the_printed_card_has_its_page(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sixth: LongPartnership
) -> None:
    preview = Preview(tmp_path / "card.pdf")
    monkeypatch.setattr(QPrintPreviewDialog, "exec", lambda dialog: preview.exec(dialog))
    window.named_actions[ActionName.PRINT_CARD].trigger()
    lines = pdf_text(preview.target).splitlines()
    assert "Jo-Jotte scoring card: partnerships to 150" in lines
    assert "all 32 cards: 8 tricks" in lines
    assert "2 games; 500 above" in lines
