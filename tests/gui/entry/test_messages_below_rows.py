"""A message under a row keeps to its own lines at every zoom step, in every game and both
languages: under a row of large print that wraps (the chouette's last-trick row at zoom 2,
its card points at zoom 3), a message of two lines was given the height of one and drawn
over the field above it ("“3” was not typed in: Carl is not playing this hand.")."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.gui.entry.entry_panel import EntryPanel
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.i18n import _, use_language
from tests.gui.window.test_every_game import show_game
from tests.gui.window.test_every_game import (
    window as window,  # the fixture: the window, showing nothing yet
)
from tests.gui.window.test_large_print import zoom_steps
from tests.stored_examples import GAMES


def long_message() -> str:
    """A refused key's message, two lines long under a row of large print."""
    message = _("“{key}” was not typed in: {player} is not playing this hand.")
    return message.format(key="3", player="Carl")


def message_lines(panel: EntryPanel) -> Iterator[tuple[str, QLabel, Callable[[str], None]]]:
    """Each line a message can be shown in under a row shown, the row's own and under a pair
    of boxes each box's: its row, the line, and what shows a message in it."""
    pairs = {"melds": panel.melds, "card_points": panel.card_points, "tricks": panel.tricks}
    for row, cell in panel.row_cells().items():
        if cell.isVisibleTo(panel):
            yield row, panel.errors[row], partial(panel.errors.show, row)
            if row in pairs:
                for side in (0, 1):
                    line, show = pairs[row].errors[side], partial(pairs[row].errors.show, side)
                    yield f"{row}, box {side + 1}", line, show


def parts(panel: EntryPanel) -> list[QWidget]:
    """What a message must not be drawn over: each shown row's label and its field (a pair's
    boxes and their names, not the pair's own message lines)."""
    pairs = {"melds": panel.melds, "card_points": panel.card_points, "tricks": panel.tricks}
    shown: list[QWidget] = []
    for row, cell in panel.row_cells().items():
        if cell.isVisibleTo(panel):
            shown.append(panel.row_labels[row])
            if row in pairs:
                shown += [*pairs[row].side_labels, *pairs[row].edits]
            else:
                layout = cell.layout()
                item = None if layout is None else layout.itemAt(0)
                field = None if item is None else item.widget()
                assert field is not None
                shown.append(field)
    return shown


def in_panel(widget: QWidget, panel: EntryPanel) -> QRect:
    """``widget``'s rectangle in the panel's coordinates."""
    return QRect(widget.mapTo(panel, QPoint(0, 0)), widget.size())


def settle() -> None:
    for _pass in range(10):  # each nested layout measures again in a pass of its own
        QApplication.processEvents()


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_a_long_message_under_any_row_overlaps_nothing_at_any_zoom_step(
    game: str, language: str, window: MainWindow, qtbot: QtBot
) -> None:
    use_language(language)
    try:
        window = window.rebuild()  # in the language spoken now
        qtbot.addWidget(window)
        window.resize(1280, 820)
        show_game(window, game)
        panel = window.panel
        for zoom in [*zoom_steps(), 2.0]:  # 2.0: View > Zoom as the settings may hold it
            window.set_zoom(zoom)
            settle()
            for row, line, show in list(message_lines(panel)):
                show(long_message())
                settle()
                where = f"{game}, {language}, zoom {zoom:.2f}, {row}"
                assert line.isVisibleTo(panel), where
                assert line.height() >= line.heightForWidth(line.width()) > 0, where
                drawn = in_panel(line, panel)
                for part in parts(panel):
                    assert not drawn.intersects(in_panel(part, panel)), (
                        f"{where}: the message over {part.accessibleName() or part}"
                    )
                show("")
            assert sum(1 for _line in message_lines(panel)) >= 10
    finally:
        use_language("en")
