"""The keyboard focus of a scorekeeper who works by keyboard (often with a screen reader):
View > Language rebuilds the window, and the focus stays in the same place (a field or a
button of the entry panel, its preview, the same hand in the hand list, the pad, the
explanation, a button of the welcome page); Tab or Shift+Tab into the hand list lands on
the newest hand, selected, which is what a screen reader then reads.

Over every game of the registry (the test's sixth one registered) and both languages: the
window starts in one and is switched to the other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QMenu, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import all_games
from jojotte_score.gui.window import dialogs
from jojotte_score.gui.window.language import use_qt_language
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.i18n import use_language
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import screenshot_folder
from tests.gui.keyboard import BACKTAB, TAB, Keyboard
from tests.sixth_game import KEY, example, registered
from tests.stored_examples import store_game

with registered():
    GAMES = [game.value for game in all_games()]
"""Every way to play, by its key: the five shipped and the test's sixth."""

OTHER = {"en": "de", "de": "en"}
"""The language switched to, by the language the window starts in."""


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each way to play, the sixth registered while the test runs."""
    with registered():
        yield str(request.param)


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The language the window starts in (the program's and Qt's own words); English again
    after the test, whichever it was switched to."""
    use_language(request.param)
    use_qt_language(request.param)
    yield str(request.param)
    use_language("en")
    use_qt_language("en")


@pytest.fixture
def window(
    language: str, store: SittingStore, settings: AppSettings, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MainWindow]:
    """The window over ``store`` in ``language``, shown and active, showing nothing yet. Not
    handed to qtbot: View > Language deletes it once its successor is shown."""
    monkeypatch.setattr(dialogs.FirstDealerDialog, "ask", lambda *args, **kwargs: None)
    window = MainWindow(Session(store), settings)
    window.show()
    window.activateWindow()
    yield window
    if shiboken6.isValid(window):
        window.close()
        window.deleteLater()


def show_game(window: MainWindow, game: str) -> None:
    """``game``'s worked example stored and shown in ``window``."""
    store = window.session.store
    sitting_id = store.import_sitting(example()) if game == KEY else store_game(store, game)
    window.open_sitting_id(sitting_id)
    assert window.session.shown is not None


def switched(window: MainWindow, qtbot: QtBot, language: str) -> MainWindow:
    """View > Language's other language chosen in ``window`` (started in ``language``):
    the window that replaced it, once active."""
    replaced: list[MainWindow] = []
    window.on_replaced = replaced.append
    menu = window.findChild(QMenu, "language-menu")
    assert isinstance(menu, QMenu)
    choice = next(action for action in menu.actions() if action.data() == OTHER[language])
    choice.trigger()
    assert len(replaced) == 1
    qtbot.addWidget(replaced[0])
    qtbot.waitUntil(replaced[0].isActiveWindow)
    return replaced[0]


def focused() -> QWidget | None:
    QApplication.processEvents()
    return QApplication.focusWidget()


def read_at_focus(window: MainWindow) -> str:
    """What a screen reader reads in the hand list with the focus: its current cell."""
    face = QAccessible.queryAccessibleInterface(window.table)
    assert face is not None
    assert face.state().focused
    cell = face.focusChild()
    assert cell is not None
    return cell.text(QAccessible.Text.Name)


def hand_number_cell(window: MainWindow, position: int) -> str:
    """The text the hand list shows in the first column of the hand at ``position``."""
    return str(window.model.index(position, 0).data())


# The places, each: where the focus is put in the window before the switch, and the widget
# that holds the same place in a window.
Place = Callable[[MainWindow], QWidget]
PLACES: dict[str, Place] = {
    "trump-row": lambda window: window.panel.trump,
    "thrown-in-button": lambda window: window.panel.thrown_in_button,
    "preview": lambda window: window.panel.preview,
    "hand-list": lambda window: window.table,
    "pad": lambda window: window.sheet,
    "explanation": lambda window: window.explanation,
}


@pytest.mark.usefixtures("listening")
@pytest.mark.parametrize("place", list(PLACES))
def test_the_focus_stays_in_its_place_when_the_language_is_switched(
    game: str, language: str, place: str, window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    show_game(window, game)
    window.select_hand(2)  # the list's place is the hand selected: not the newest
    rubber = window.sheet.rubber_number()
    PLACES[place](window).setFocus(Qt.FocusReason.OtherFocusReason)
    assert focused() is PLACES[place](window)
    folder = screenshot_folder(tmp_path)
    window.grab().save(str(folder / f"focus-{place}-{game}-{language}.png"))

    new = switched(window, qtbot, language)
    new.grab().save(str(folder / f"focus-{place}-{game}-{OTHER[language]}.png"))
    assert focused() is PLACES[place](new)
    assert new.selected_position() == 1
    assert new.sheet.rubber_number() == rubber
    if place == "hand-list":  # hand 2 is where the list's cursor is, and what is read
        assert new.table.currentIndex().row() == 1
        assert read_at_focus(new) == hand_number_cell(new, 1)


def welcome_buttons(window: MainWindow) -> list[QPushButton]:
    """The welcome page's buttons, in order: "New sitting…", "Import sitting file…"."""
    page = window.pages.widget(0)
    assert page is not None
    return page.findChildren(QPushButton)


@pytest.mark.parametrize("button", [0, 1], ids=["new-sitting", "import"])
def test_the_welcome_page_keeps_its_button_when_the_language_is_switched(
    language: str, button: int, window: MainWindow, qtbot: QtBot
) -> None:
    """No sitting yet: the focus stays on "New sitting…" or "Import sitting file…"."""
    assert window.pages.currentIndex() == 0  # the welcome page
    buttons = welcome_buttons(window)
    buttons[button].setFocus(Qt.FocusReason.TabFocusReason)
    assert focused() is buttons[button]
    texts = [button.text() for button in buttons]

    new = switched(window, qtbot, language)
    assert new.pages.currentIndex() == 0
    buttons = welcome_buttons(new)
    assert focused() is buttons[button]
    assert [button.text() for button in buttons] != texts  # in the other language


@pytest.mark.usefixtures("listening")
@pytest.mark.parametrize(
    ("start", "key"),
    [("pad", TAB), ("explanation", BACKTAB)],
    ids=["tab-from-the-pad", "shift-tab-from-the-explanation"],
)
def test_tab_into_the_hand_list_lands_on_the_newest_hand(
    game: str, start: str, key: Qt.Key, window: MainWindow, qtbot: QtBot
) -> None:
    """The newest hand is the one a scorekeeper corrects: selected, current, and read."""
    show_game(window, game)
    newest = window.model.rowCount() - 1
    assert newest >= 3
    assert window.selected_position() is None
    PLACES[start](window).setFocus(Qt.FocusReason.OtherFocusReason)
    Keyboard(qtbot).press(key)
    assert focused() is window.table
    assert window.selected_position() == newest
    assert window.table.currentIndex().row() == newest
    assert read_at_focus(window) == hand_number_cell(window, newest)
    assert window.panel.mode() == ("add", None)  # selected, not loaded to be corrected


@pytest.mark.parametrize("language", ["en"], indirect=True)
def test_tab_into_the_hand_list_keeps_the_hand_selected(
    language: str, window: MainWindow, qtbot: QtBot
) -> None:
    """A hand selected before (hand 2, the pad's cursor) is where Tab lands, not the
    newest."""
    show_game(window, "two-player")
    window.select_hand(2)
    window.sheet.setFocus(Qt.FocusReason.OtherFocusReason)
    Keyboard(qtbot).press(TAB)
    assert focused() is window.table
    assert window.selected_position() == 1
    assert window.table.currentIndex().row() == 1


def test_a_correction_keeps_the_focus_on_its_cancel_button(
    language: str, window: MainWindow, qtbot: QtBot
) -> None:
    """Hand 2 loaded to be corrected, the focus on "Cancel [Esc]": the new window corrects
    the same hand, with the focus on its own Cancel button."""
    show_game(window, "two-player")
    window.select_hand(2)
    window.edits.correct(1)
    window.panel.cancel_button.setFocus(Qt.FocusReason.TabFocusReason)
    assert focused() is window.panel.cancel_button

    new = switched(window, qtbot, language)
    assert new.panel.mode() == ("replace", 1)
    assert focused() is new.panel.cancel_button
