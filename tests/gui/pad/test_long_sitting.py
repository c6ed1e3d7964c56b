"""A long sitting opens on its newest hands; an older one is scored, from its rubber's
checkpoint, when first looked at.

The German rubber (6 hands, A wins 755 : 655, A wins the rubber by 100) played 40 times: 240 hands,
rubbers starting at every sixth hand. The summary's checkpoint leaves at least 100 hands
after it, so the window opens on hands 139-240 (rubbers 24-40) without reading the rest.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from jojotte_score.core.games import replay
from jojotte_score.core.model import Sitting
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.presenters.pad import Pad
from tests.gui.conftest import german, played
from tests.sitting_kinds import two_sided

RUBBERS = 40


@pytest.fixture
def long_window(main_window: MainWindow) -> MainWindow:
    sitting = german()
    long = Sitting(sitting.variant, sitting.players, sitting.hands * RUBBERS, sitting.rules)
    main_window.open_sitting_id(main_window.session.store.import_sitting(long))
    return main_window


def pad(window: MainWindow) -> Pad:
    shown = window.session.shown
    assert shown is not None
    assert isinstance(shown.pad, Pad)
    return shown.pad


def test_it_opens_on_the_newest_hands_without_scoring_the_rest(long_window: MainWindow) -> None:
    shown = long_window.session.shown
    assert shown is not None
    assert not pad(long_window).loaded
    assert shown.recent.checkpoint.position == 138  # rubber 24 starts after 23 × 6 hands
    assert long_window.model.rowCount() == 240
    assert long_window.sheet.rubber_number() == 40
    assert long_window.sheet.rubber_count() == 40
    layout = long_window.sheet.sheet_layout()
    assert layout is not None
    assert [item.text for item in layout.texts("total")] == ["755", "655"]
    assert long_window.status_label.text() == (
        "Rubber 41 · Game 1 · below: A 0 – B 0 · games A 0 – B 0 · new cut for the first dealer"
    )
    assert long_window.panel.mode_label.text() == "Hand 241"
    # The newest rows of the list, and the rubbers since the checkpoint, need nothing older.
    model = long_window.model
    assert model.data(model.index(239, 0)) == "240"
    assert model.data(model.index(138, 0)) == "139"
    long_window.sheet.show_rubber(24)
    assert not pad(long_window).loaded


def test_an_older_row_or_rubber_is_scored_on_first_sight(long_window: MainWindow) -> None:
    model = long_window.model
    stored = long_window.session.store.load(long_window.session.sitting_id or 0)
    whole = replay(two_sided(stored.sitting))
    first = whole.hands[0]
    assert model.data(model.index(0, 0)) == "1"
    assert not pad(long_window).loaded  # scored from the start to the end of rubber 1 only
    held = pad(long_window).ledger_of_hand(1)
    assert held is not None
    assert (held.start.position, len(held.hands)) == (0, 6)
    assert first.hand == german().hands[0]
    long_window.sheet.show_rubber(1)
    assert long_window.sheet.rubber_number() == 1
    layout = long_window.sheet.sheet_layout()
    assert layout is not None
    assert [item.text for item in layout.texts("total")] == ["755", "655"]
    assert pad(long_window).result(1) == first
    assert "\n".join(pad(long_window).explain(6)).endswith("A wins the rubber by 100.")


def test_editing_an_old_hand_re_scores_everything_after_it(long_window: MainWindow) -> None:
    """Hand 2 of rubber 1 edited so that B wins it: every later hand moves, and the running
    result and checkpoint follow the whole replay."""
    long_window.select_hand(2)
    QTest.keyClick(long_window.table, Qt.Key.Key_Return)  # Enter: correct it
    assert long_window.panel.mode_label.text().startswith("Editing hand 2")
    edited = played(german().hands[1])._replace(card_points=(40, 115), last_trick=1)
    long_window.panel.edit_hand(1, edited)
    long_window.panel.record()
    shown = long_window.session.shown
    assert shown is not None
    assert shown.hands[1] == edited
    assert isinstance(shown.sitting, Sitting)
    whole = replay(shown.sitting)
    assert whole.rubbers[0].totals != (755, 655)
    assert pad(long_window).recent.hands == whole.hands[shown.recent.checkpoint.position :]
    assert pad(long_window).recent.net == whole.net
    assert long_window.model.data(long_window.model.index(1, 0), Qt.ItemDataRole.DisplayRole) == "2"
