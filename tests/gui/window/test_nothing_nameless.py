"""Every focus stop of every window has a name and a role a screen reader announces, read
through Qt's accessibility API (what Qt's bridge gives AT-SPI and UI Automation): the main
window in every game, the history window on each tab, the table display, the dialogs. A
nameless stop is read as "panel" or nothing at all; a "client" or "border" role says
nothing of what the stop is."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.gui.accessibility import ANNOUNCED
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.history.history_window import HistoryWindow
from jojotte_score.gui.window.dialogs import NewSittingDialog, OpenSittingDialog
from jojotte_score.gui.window.main_window import MainWindow
from tests.stored_examples import GAMES, store_game

# Roles that tell a screen reader's user nothing of what a stop is or does.
MUTE_ROLES = {QAccessible.Role.Client, QAccessible.Role.Border, QAccessible.Role.NoRole}


def focus_stops(window: QWidget) -> list[QWidget]:
    """The widgets Tab stops at in ``window``, in the order Tab takes them (enabled or not:
    a disabled date field is still read when the user walks the window)."""
    stops: list[QWidget] = []
    widget: QWidget | None = window.nextInFocusChain()
    while widget is not None and widget is not window and widget not in stops:
        if (
            widget.window() is window
            and widget.isVisibleTo(window)
            and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
            and widget.focusProxy() is None
        ):
            stops.append(widget)
        widget = widget.nextInFocusChain()
    return stops


def nameless(window: QWidget) -> list[str]:
    """Each stop with no name or a mute role, described for the failure message."""
    found = []
    for stop in focus_stops(window):
        node = QAccessible.queryAccessibleInterface(stop)
        assert node is not None
        name = node.text(QAccessible.Text.Name).strip()
        if not name or node.role() in MUTE_ROLES:
            found.append(f"{type(stop).__name__} {name!r} {node.role().name}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_stop_of_the_main_window_is_named(game: str, main_window: MainWindow) -> None:
    main_window.open_sitting_id(store_game(main_window.session.store, game))
    stops = focus_stops(main_window)
    assert main_window.sheet in stops
    assert main_window.sheet_area not in stops  # the pad's scroll area is no extra stop
    assert nameless(main_window) == []
    names = [
        QAccessible.queryAccessibleInterface(stop).text(QAccessible.Text.Name) for stop in stops
    ]
    assert "Explanation" in names
    assert QAccessible.queryAccessibleInterface(main_window).role() == QAccessible.Role.Window


def test_every_stop_of_the_history_is_named_on_every_tab(
    main_window: MainWindow, qtbot: QtBot
) -> None:
    for game in GAMES:
        store_game(main_window.session.store, game)
    main_window.named_actions[ActionName.HISTORY].trigger()
    history = main_window.history
    assert isinstance(history, HistoryWindow)
    qtbot.waitUntil(history.isVisible)
    node = QAccessible.queryAccessibleInterface(history)
    assert (node.role(), node.text(QAccessible.Text.Name)) == (
        QAccessible.Role.Window,
        "History – Jo-Jotte scorepad",
    )
    for tab in range(history.tabs.count()):
        history.tabs.setCurrentIndex(tab)
        qtbot.wait(10)
        assert nameless(history) == [], history.tabs.tabText(tab)
    names = {
        QAccessible.queryAccessibleInterface(stop).text(QAccessible.Text.Name)
        for stop in focus_stops(history)
    }
    history.tabs.setCurrentIndex(0)
    assert (
        QAccessible.queryAccessibleInterface(history.since).text(QAccessible.Text.Name)
        == "Played from"
    )
    assert (
        QAccessible.queryAccessibleInterface(history.until).text(QAccessible.Text.Name)
        == "Played until"
    )
    assert (
        QAccessible.queryAccessibleInterface(history.table).text(QAccessible.Text.Name)
        == "Stored sittings"
    )
    saves = sorted(name for name in names if name.startswith("Save "))
    assert len(saves) == 3
    assert len(set(saves)) == 3  # each "Save PNG…" names its plot
    assert "Save “Contracts made, by kind” as PNG" in saves


def test_the_table_display_is_a_window_with_the_pad(main_window: MainWindow, qtbot: QtBot) -> None:
    main_window.open_sitting_id(store_game(main_window.session.store, "two-player"))
    main_window.named_actions[ActionName.TABLE_DISPLAY].trigger()
    display = main_window.table_display
    assert display is not None
    qtbot.waitUntil(display.isVisible)
    node = QAccessible.queryAccessibleInterface(display)
    assert (node.role(), node.text(QAccessible.Text.Name)) == (
        QAccessible.Role.Window,
        "Table display – Jo-Jotte scorepad",
    )
    pad = QAccessible.queryAccessibleInterface(display.sheet)
    names = [pad.child(index).text(QAccessible.Text.Name) for index in range(pad.childCount())]
    assert "Total, A: 755" in names
    assert "A wins the rubber by 100" in names
    assert pad.parent() is not None


def test_the_dialogs_name_every_stop_and_announce_a_problem(
    main_window: MainWindow, qtbot: QtBot
) -> None:
    store_game(main_window.session.store, "two-player")
    opening = OpenSittingDialog(main_window.session.store.list_sittings())
    qtbot.addWidget(opening)
    opening.show()
    assert nameless(opening) == []
    assert (
        QAccessible.queryAccessibleInterface(opening.table).text(QAccessible.Text.Name)
        == "Stored sittings"
    )
    new = NewSittingDialog()
    qtbot.addWidget(new)
    new.show()
    assert nameless(new) == []
    QAccessible.setActive(True)
    try:
        new.names[0].setText("")
        new.accept()
    finally:
        QAccessible.setActive(False)
    assert new.problem.property(ANNOUNCED) == new.problem.text() != ""
