"""The pairs of number boxes are measured for their sides' names as soon as they are named,
before the window is first shown too: the window lays the panel out for its first size by
the sizes its layouts give, and boxes still as wide as the names they had before (the
panel's first names) gave its first layout sizes that were not the panel's."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from pytestqt.qtbot import QtBot

from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore

SMALL_EXAMPLE = Path(__file__).resolve().parents[2] / "data" / "small-example.json"


@pytest.mark.usefixtures("deutsch")
def test_the_small_example_in_german_starts_with_its_panel_laid_out_for_its_names(
    qtbot: QtBot, store: SittingStore, settings: AppSettings
) -> None:
    store.import_sitting(load_sitting(SMALL_EXAMPLE).sitting)
    window = MainWindow(Session(store), settings)  # as at start-up: named, then shown
    qtbot.addWidget(window)
    window.session.open_last()
    panel = window.panel
    named = [pair.side_labels[0].text() for pair in (panel.melds, panel.card_points, panel.tricks)]
    assert named == ["Anna", "Anna", "Anna"]
    window.show()  # its first layout, before the event loop has run
    for pair in (panel.melds, panel.card_points, panel.tricks):
        units = [unit for edit in pair.edits if (unit := edit.parentWidget()) is not None]
        assert len(units) == 2  # each box with its name
        assert [unit.width() for unit in units] == [unit.sizeHint().width() for unit in units]
    qtbot.waitExposed(window)
    # The boxes flow on one line at the panel's width: nothing is left below the meld boxes,
    # the card points follow them, and the meld helper's button stands beside Record.
    melds = panel.melds
    below_melds = melds.mapTo(panel, QPoint(0, melds.height())).y()
    card_points = panel.card_points.mapTo(panel, QPoint(0, 0)).y()
    assert 0 <= card_points - below_melds < melds.edits[0].height()
    record = panel.record_button.mapTo(panel, QPoint(0, 0)).y()
    assert panel.meld_button.mapTo(panel, QPoint(0, 0)).y() == record
