"""The window's language: --lang, the remembered choice, the system's; View > Language, which
keeps a hand partly typed; Qt's own strings; the menus' Alt letters; and the window, its
dialogs and boxes in German."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QLocale
from PySide6.QtGui import QAccessible, QAction
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMenu, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.ledger import HandResult
from jojotte_score.core.melds import DeclaredMelds, Rank
from jojotte_score.core.model import Trump
from jojotte_score.gui.accessibility import SheetInterface
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.form_rules import Slot
from jojotte_score.gui.window import dialogs, help_menu
from jojotte_score.gui.window.dialogs import NewSittingDialog
from jojotte_score.gui.window.error_report import ErrorReport
from jojotte_score.gui.window.language import start_language, use_qt_language
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.i18n import current_language, use_language
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import Messages, screenshot_folder
from tests.gui.conftest import german as german_example
from tests.gui.entry.test_entry_keys import first_plain_plan, focused
from tests.gui.entry.test_entry_panel import patch_helper
from tests.gui.keyboard import Keyboard
from tests.gui.sitting.test_undo_keeps_typed import typed_texts
from tests.gui.window.test_every_game import show_game
from tests.stored_examples import GAMES

GERMAN_SYSTEM = {"LANG": "de_DE.UTF-8"}
ENGLISH_SYSTEM = {"LANG": "en_GB.UTF-8"}


@pytest.fixture(autouse=True)
def _qt_in_english(qapp: QApplication) -> Iterator[None]:
    """Qt's strings and default locale as they were, whatever a test chose."""
    before = QLocale()
    yield
    use_qt_language("en")
    QLocale.setDefault(before)


@pytest.fixture
def qt_german(german: None) -> None:
    """The program and Qt's own strings in German."""
    use_qt_language("de")


def cancel_text() -> str:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    return buttons.button(QDialogButtonBox.StandardButton.Cancel).text()


# Which language ---------------------------------------------------------------------------


def test_lang_wins_and_is_remembered(settings: AppSettings) -> None:
    settings.language = "en"
    assert start_language("de", settings, ENGLISH_SYSTEM) == "de"
    assert settings.language == "de"
    assert current_language() == "de"
    assert cancel_text() == "Abbrechen"


def test_without_lang_the_remembered_choice(settings: AppSettings) -> None:
    settings.language = "de"
    assert start_language(None, settings, ENGLISH_SYSTEM) == "de"
    settings.language = "en"
    assert start_language(None, settings, GERMAN_SYSTEM) == "en"
    assert cancel_text() == "Cancel"


def test_with_nothing_remembered_the_systems(settings: AppSettings) -> None:
    assert settings.language == ""
    assert start_language(None, settings, GERMAN_SYSTEM) == "de"
    assert settings.language == ""  # the system's stays the choice
    assert start_language(None, settings, ENGLISH_SYSTEM) == "en"


def test_an_unknown_remembered_language_is_the_systems(
    settings: AppSettings, settings_path: Path
) -> None:
    settings.qsettings.setValue("view/language", "fr")
    assert settings.language == ""
    assert start_language(None, settings, GERMAN_SYSTEM) == "de"


def test_qt_translates_its_standard_buttons_and_formats_by_the_language() -> None:
    use_qt_language("de")
    assert cancel_text() == "Abbrechen"
    assert QLocale().toString(2.5, "f", 1) == "2,5"
    use_qt_language("en")
    assert cancel_text() == "Cancel"
    assert QLocale().toString(2.5, "f", 1) == "2.5"


def test_run_gui_with_lang_remembers_it(tmp_path: Path) -> None:
    from jojotte_score.gui.window.app import run_gui

    settings_path = tmp_path / "settings.ini"
    environ = {"QT_QPA_PLATFORM": "offscreen", "LANG": "en_GB.UTF-8"}
    status = run_gui(None, tmp_path / "data", True, environ, settings_path, language="de")
    assert status == 0
    assert AppSettings.at(settings_path).language == "de"
    use_language("en")


# View > Language ----------------------------------------------------------------------------


def language_menu(window: MainWindow) -> QMenu:
    menu = window.findChild(QMenu, "language-menu")
    assert isinstance(menu, QMenu)
    return menu


def test_the_language_menu_names_each_language_in_itself(main_window: MainWindow) -> None:
    menu = language_menu(main_window)
    assert menu.title() == "Lan&guage"
    assert [action.text() for action in menu.actions()] == [
        "&System language",
        "&English",
        "&Deutsch",
    ]
    checked = [action.text() for action in menu.actions() if action.isChecked()]
    assert checked == ["&System language"]
    assert main_window.languages.isExclusive()


def test_choosing_deutsch_shows_the_sitting_in_german_and_is_remembered(
    main_window: MainWindow, qtbot: QtBot, settings: AppSettings
) -> None:
    sitting_id = main_window.session.store.import_sitting(german_example(), title="Berlin 1937")
    main_window.open_sitting_id(sitting_id)
    main_window.named_actions[ActionName.THROWN_IN].trigger()  # something to undo
    main_window.select_hand(3)
    replaced: list[MainWindow] = []
    main_window.on_replaced = replaced.append
    deutsch = next(a for a in language_menu(main_window).actions() if a.text() == "&Deutsch")
    try:
        deutsch.trigger()
        assert len(replaced) == 1
        window = replaced[0]
        qtbot.addWidget(window)
        assert settings.language == "de"
        assert window.menuBar().actions()[0].text() == "&Datei"
        assert window.windowTitle() == "Berlin 1937: A – B – Jo-Jotte-Block"
        assert window.selected_position() == 2  # the same hand selected
        assert window.model.rowCount() == main_window.model.rowCount()
        # The undo history goes on, named in German.
        assert window.named_actions[ActionName.UNDO].text() == ("&Rückgängig: Spiel 7 eintragen")
        assert cancel_text() == "Abbrechen"
        checked = [a.text() for a in language_menu(window).actions() if a.isChecked()]
        assert checked == ["&Deutsch"]
        # And back: the system's language (English here).
        window.environ = ENGLISH_SYSTEM
        system = language_menu(window).actions()[0]
        system.trigger()
        assert len(replaced) == 2
        qtbot.addWidget(replaced[1])
        assert settings.language == ""
        assert replaced[1].menuBar().actions()[0].text() == "&File"
        assert replaced[1].named_actions[ActionName.UNDO].text() == "&Undo record hand 7"
    finally:
        use_language("en")


# A hand partly typed when the language is switched -------------------------------------------


@pytest.fixture
def typing(
    store: SittingStore, settings: AppSettings, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MainWindow]:
    """The window over ``store``, shown and active, showing nothing yet; no new cut is asked
    for. Not handed to qtbot: View > Language deletes it once its successor is shown."""
    monkeypatch.setattr(dialogs.FirstDealerDialog, "ask", lambda *args, **kwargs: None)
    window = MainWindow(Session(store), settings)
    window.show()
    window.activateWindow()
    yield window
    if shiboken6.isValid(window):
        window.panel.new_hand()
        window.close()
        window.deleteLater()


def to_german(window: MainWindow, qtbot: QtBot) -> MainWindow:
    """View > Deutsch chosen in ``window``: the window that replaced it, once active."""
    replaced: list[MainWindow] = []
    window.on_replaced = replaced.append
    deutsch = next(a for a in language_menu(window).actions() if a.text() == "&Deutsch")
    deutsch.trigger()
    assert len(replaced) == 1
    qtbot.addWidget(replaced[0])
    qtbot.waitUntil(replaced[0].isActiveWindow)
    return replaced[0]


def slot_of_focus(window: MainWindow) -> Slot:
    """The panel's field that has the focus."""
    widget = focused()
    return next(slot for slot in Slot if window.panel.widget_for(slot) is widget)


def last_scored(window: MainWindow, position: int) -> HandResult:
    """The hand at ``position`` as the pad scored it (its entries, its games and rubbers)."""
    shown = window.session.shown
    assert shown is not None
    return shown.ledger.hands[position]


def said_focus(widget: QWidget) -> str:
    """The name a screen reader gives the field with the focus (it has the focus)."""
    face = QAccessible.queryAccessibleInterface(widget)
    assert face is not None
    assert face.state().focused
    return face.text(QAccessible.Text.Name)


# What the panel says once switched, for the first plain hand of each example typed up to its
# first meld typed with M (up to the first digit of the second count where it has no melds).
GERMAN_PANEL = {
    "two-player": (
        "Noch einzutragen: die Kartenpunkte von B, wer den letzten Stich gemacht hat.",
        "Kartenpunkte, B",
    ),
    "partnership": (
        "Noch einzutragen: die Kartenpunkte von Bert & Dora (Leertaste übernimmt 100), wer den "
        "letzten Stich gemacht hat.",
        "Kartenpunkte, Bert & Dora",
    ),
    "three-player": (
        "Noch einzutragen: die Kartenpunkte von Bert, wer den letzten Stich gemacht hat.",
        "Kartenpunkte, Bert",
    ),
    "chouette": (
        "Noch einzutragen: wer den letzten Stich gemacht hat.",
        "Kartenpunkte, Anna (Mannschaft mit Carl)",
    ),
    "cutthroat": ("Noch einzutragen: wer den letzten Stich gemacht hat.", "Kartenpunkte, Bert"),
}


def begun(plan: list[str]) -> int:
    """How many of ``plan``'s keys make a hand partly typed: up to its first meld typed in
    a card-points box with M (a meld half added: one side's), else up to the first digit
    of the second count."""
    if "M" in plan:
        return plan.index("M") + 1
    return plan.index("Tab") + 2


@pytest.mark.usefixtures("listening")
@pytest.mark.parametrize("game", GAMES)
def test_switching_to_german_keeps_a_partly_typed_new_hand(
    game: str, typing: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    keyboard = Keyboard(qtbot)
    show_game(typing, game)
    shown = typing.session.shown
    assert shown is not None
    count = shown.count
    typing.panel.setFocus()
    plan = first_plain_plan(typing)
    # The keys typed whole without a switch, for the score to compare; then undone.
    keyboard.follow(plan)
    unswitched = last_scored(typing, count)
    typing.named_actions[ActionName.UNDO].trigger()
    assert typing.model.rowCount() == count
    typing.panel.setFocus()
    cut = begun(plan)
    keyboard.follow(plan[:cut])
    panel = typing.panel
    values, texts, slot = panel.values(), typed_texts(panel), slot_of_focus(typing)
    english = panel.preview.toPlainText()
    assert english.startswith("Still to enter: ")
    typing.grab().save(str(screenshot_folder(tmp_path) / f"typed-{game}-en.png"))

    window = to_german(typing, qtbot)
    window.grab().save(str(screenshot_folder(tmp_path) / f"typed-{game}-de.png"))
    panel = window.panel
    assert panel.mode() == ("add", None)
    assert panel.mode_label.text() == f"Spiel {count + 1}"
    assert panel.values() == values
    assert typed_texts(panel) == texts
    assert slot_of_focus(window) == slot
    preview, name = GERMAN_PANEL[game]
    assert panel.preview.toPlainText() == preview
    assert said_focus(focused()) == name
    keyboard.follow(plan[cut:])
    assert window.model.rowCount() == count + 1
    assert last_scored(window, count) == unswitched


@pytest.mark.parametrize("game", GAMES)
def test_switching_to_german_keeps_card_points_typed_before_the_bidder(
    game: str, typing: MainWindow, qtbot: QtBot
) -> None:
    """No hand yet: the card points typed first, the bidder not chosen."""
    show_game(typing, game)
    panel = typing.panel
    panel.widget_for(Slot.CARDS_LEFT).setFocus()
    Keyboard(qtbot).type("80")
    values = panel.values()
    assert values.bidder is None
    assert values.card_points[0] == 80

    window = to_german(typing, qtbot)
    assert window.panel.values() == values
    assert focused() is window.panel.widget_for(Slot.CARDS_LEFT)
    assert window.panel.preview.toPlainText().startswith("Noch einzutragen: ")
    assert window.panel.has_typed()


def other_trump(window: MainWindow) -> str:
    """The key of the first trump suit the panel offers other than the one chosen."""
    panel = window.panel
    chosen = panel.trump.value()
    for value, _label, keys in panel.form.choices(Slot.TRUMP, panel.values()):
        if value is not None and value not in (chosen, Trump.NO_TRUMP):
            return str(keys[0])
    raise AssertionError("no other suit offered")


def correction_typed(window: MainWindow, qtbot: QtBot, position: int) -> None:
    """Hand ``position`` loaded to be corrected, another trump typed in its trump row and
    a note begun."""
    window.select_hand(position + 1)
    window.edits.correct(position)
    window.panel.trump.setFocus()
    keyboard = Keyboard(qtbot)
    keyboard.follow([other_trump(window)])
    window.panel.note.setFocus()
    keyboard.type("wrong suit")


@pytest.mark.parametrize("game", GAMES)
def test_switching_to_german_keeps_a_correction_of_the_same_hand(
    game: str, typing: MainWindow, qtbot: QtBot
) -> None:
    keyboard = Keyboard(qtbot)
    show_game(typing, game)
    shown = typing.session.shown
    assert shown is not None
    position = next(
        number for number, hand in enumerate(shown.hands) if getattr(hand, "trump", None)
    )
    count = shown.count
    # The correction saved without a switch, for the score to compare; then undone.
    correction_typed(typing, qtbot, position)
    keyboard.follow(["Enter"])
    unswitched = last_scored(typing, position)
    typing.named_actions[ActionName.UNDO].trigger()
    correction_typed(typing, qtbot, position)
    values, slot = typing.panel.values(), slot_of_focus(typing)
    assert typing.panel.has_typed()

    window = to_german(typing, qtbot)
    panel = window.panel
    assert panel.mode() == ("replace", position)
    number = position + 1
    assert panel.mode_label.text() == f"Spiel {number} bearbeiten – Enter speichert, Esc bricht ab"
    assert window.selected_position() == position
    assert panel.values() == values
    assert panel.note.text().endswith("wrong suit")
    assert slot_of_focus(window) == slot
    keyboard.follow(["Enter"])
    assert window.model.rowCount() == count
    assert last_scored(window, position) == unswitched
    assert getattr(last_scored(window, position).hand, "trump", None) == values.trump


def trump_key(window: MainWindow, trump: Trump) -> str:
    """The key that chooses ``trump`` in the panel's trump row, in the language spoken."""
    panel = window.panel
    for value, _label, keys in panel.form.choices(Slot.TRUMP, panel.values()):
        if value is trump:
            return str(keys[0])
    raise AssertionError(f"{trump} not offered")


def test_switching_to_german_keeps_the_meld_helpers_melds_and_the_messages_shown(
    typing: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, messages: Messages
) -> None:
    """Four nines and four aces declared in the meld helper, then Enter before the card
    points: once switched, what is missing is still said under its field, in German, and the
    melds still follow the contract (four nines count with a trump suit, not at no-trump)."""
    patch_helper(monkeypatch, DeclaredMelds(fours=(Rank.NINE,)), DeclaredMelds(fours=(Rank.ACE,)))
    show_game(typing, "two-player")
    keyboard = Keyboard(qtbot)
    typing.panel.setFocus()
    keyboard.follow(["B", trump_key(typing, Trump.SPADES), "Alt+M", "M"])
    assert typing.panel.melds.values() == (100, 0)
    keyboard.follow(["Enter"])
    assert typing.panel.errors["last_trick"].text() == "⚠ Who won the last trick?"
    slot = slot_of_focus(typing)

    window = to_german(typing, qtbot)
    panel = window.panel
    assert panel.errors["last_trick"].text() == "⚠ Wer hat den letzten Stich gemacht?"
    assert panel.melds.values() == (100, 0)
    assert slot_of_focus(window) == slot
    panel.trump.setFocus()
    keyboard.follow([trump_key(window, Trump.NO_TRUMP)])
    assert panel.melds.values() == (0, 100)
    assert messages == []  # the window replaced asked nothing as it closed


def test_switching_to_german_keeps_a_hand_being_inserted(typing: MainWindow, qtbot: QtBot) -> None:
    show_game(typing, "two-player")
    typing.select_hand(2)
    typing.edits.insert_hand()
    plan = first_plain_plan(typing)
    cut = begun(plan)
    Keyboard(qtbot).follow(plan[:cut])
    values, texts = typing.panel.values(), typed_texts(typing.panel)

    window = to_german(typing, qtbot)
    assert window.panel.mode() == ("insert", 1)
    assert window.panel.mode_label.text().startswith("Vor Spiel 2 einfügen")
    assert window.panel.values() == values
    assert typed_texts(window.panel) == texts


@pytest.mark.usefixtures("listening")
def test_the_replaced_windows_pad_node_answers_as_a_node_of_nothing(
    typing: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a screen reader on xcb, Qt's bridge asked the pad's node of the window replaced
    for its parent while the window was deleted, after Python's side of the pad was gone:
    it raised, and a box "Something went wrong in accessibility.parent" stood over the new
    window, the focus on its OK button. Only the bridge on xcb asks then (offscreen nothing
    does), so the pad is made to read as gone, as shiboken says it is then."""
    show_game(typing, "chouette")
    sheet = typing.sheet
    node = QAccessible.queryAccessibleInterface(sheet)
    assert isinstance(node, SheetInterface)
    assert node.childCount() > 0
    assert node.parent() is not None
    replaced: list[MainWindow] = []
    typing.on_replaced = replaced.append
    typing.choose_language("de")
    try:
        assert len(replaced) == 1
        monkeypatch.setattr(
            "jojotte_score.gui.accessibility.isValid", lambda widget: widget is not sheet
        )
        assert node.parent() is None
        assert (node.childCount(), node.child(0), node.item(0)) == (0, None, None)
        assert node.text(QAccessible.Text.Name) == node.text(QAccessible.Text.Description) == ""
        assert node.role() == QAccessible.Role.NoRole
        assert node.state().invisible
        assert node.rect().isNull()
        assert node.window() is None
        assert not node.isValid()
    finally:
        replaced[0].close()
        use_language("en")


# The menus' Alt letters -----------------------------------------------------------------------


def mnemonics(texts: list[str]) -> list[str]:
    return [text[text.index("&") + 1].lower() for text in texts if "&" in text]


def menus_and_items(window: MainWindow) -> dict[str, list[str]]:
    """Each menu's title and its items' texts, the language menu among them."""
    found: dict[str, list[str]] = {"": [a.text() for a in window.menuBar().actions()]}
    for action in window.menuBar().actions():
        menu = action.menu()
        assert isinstance(menu, QMenu)
        found[menu.title()] = [a.text() for a in menu.actions() if not a.isSeparator()]
        for item in menu.actions():
            submenu = item.menu()
            if isinstance(submenu, QMenu):
                found[submenu.title()] = [a.text() for a in submenu.actions()]
    return found


def assert_unique_alt_letters(window: MainWindow) -> None:
    for title, texts in menus_and_items(window).items():
        letters = mnemonics(texts)
        assert len(letters) == len(texts), (title, texts)  # every item has one
        assert len(set(letters)) == len(letters), (title, texts)


def test_each_menus_alt_letters_are_unique_in_english(main_window: MainWindow) -> None:
    assert_unique_alt_letters(main_window)


@pytest.mark.usefixtures("qt_german")
def test_each_menus_alt_letters_are_unique_in_german(
    qtbot: QtBot, main_window: MainWindow, settings: AppSettings
) -> None:
    window = MainWindow(main_window.session, settings)
    qtbot.addWidget(window)
    assert_unique_alt_letters(window)
    titles = [action.text() for action in window.menuBar().actions()]
    assert titles == ["&Datei", "&Bearbeiten", "&Ansicht", "&Hilfe"]
    items = menus_and_items(window)
    assert "&Neue Sitzung…" in items["&Datei"]
    assert "S&prache" in items["&Ansicht"]


# The window, its dialogs and boxes in German ------------------------------------------------


@pytest.mark.usefixtures("qt_german")
def test_the_main_window_in_german(
    qtbot: QtBot, main_window: MainWindow, settings: AppSettings, tmp_path: Path
) -> None:
    window = MainWindow(main_window.session, settings)
    qtbot.addWidget(window)
    window.resize(1280, 820)
    window.show()
    qtbot.waitExposed(window)
    assert window.pages.currentIndex() == 0  # the welcome page
    window.grab().save(str(screenshot_folder(tmp_path) / "de-welcome.png"))
    sitting_id = window.session.store.import_sitting(german_example(), title="Berlin 1937")
    window.open_sitting_id(sitting_id)
    status = window.status_label.text()
    assert status.startswith("Robber 2 · Partie 1 · unter dem Strich: A 0 – B 0")
    assert "Partien A 0 – B 0" in status
    assert status.endswith(" · erster Geber: neu abheben")
    window.select_hand(6)
    qtbot.wait(20)
    window.grab().save(str(screenshot_folder(tmp_path) / "de-main-window.png"))
    for index, action in enumerate(window.menuBar().actions()):
        menu = action.menu()
        assert isinstance(menu, QMenu)
        menu.popup(window.mapToGlobal(window.menuBar().actionGeometry(action).bottomLeft()))
        qtbot.wait(20)
        menu.grab().save(str(screenshot_folder(tmp_path) / f"de-menu-{index + 1}.png"))
        menu.hide()


@pytest.mark.usefixtures("qt_german")
def test_the_new_sitting_dialog_in_german(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = NewSittingDialog()
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Neue Sitzung – Jo-Jotte-Block"
    assert [dialog.variant.itemText(i) for i in range(dialog.variant.count())] == [
        "Zweierspiel",
        "Partnerspiel zu viert",
        "Dreierspiel (Culbertson)",
        "Dreierspiel, Chouette",
        "Jeder gegen jeden (zu viert)",
    ]
    assert dialog.name_labels[0].text() == "Spieler A:"
    dialog.names[1].setText("")
    dialog.accept()
    assert dialog.problem.text() == "Spieler B braucht einen Namen."
    dialog.variant.setCurrentIndex(3)  # the chouette: every row shown
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.adjustSize()
    assert dialog.name_labels[1].text() == "Platz 2 (im Uhrzeigersinn):"
    assert dialog.rubber_bonus.value() == 300
    dialog.grab().save(str(screenshot_folder(tmp_path) / "de-new-sitting.png"))


@pytest.mark.usefixtures("qt_german")
def test_an_error_box_in_german(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    boxes: list[QMessageBox] = []

    def keep(box: QMessageBox) -> int:
        boxes.append(box)
        box.show()
        box.grab().save(str(screenshot_folder(tmp_path) / "de-error-box.png"))
        return 0

    monkeypatch.setattr(QMessageBox, "exec", keep)
    parent = QWidget()
    qtbot.addWidget(parent)
    report = ErrorReport(tmp_path, lambda: parent, interactive=True)
    try:
        raise RuntimeError("der Drucker fehlt")
    except RuntimeError as error:
        report.report(RuntimeError, error, error.__traceback__)
    box = boxes[0]
    assert box.windowTitle() == "Etwas ist schiefgegangen – Jo-Jotte-Block"
    assert box.text().startswith("In test_language.test_an_error_box_in_german ist etwas")
    assert "Alles bisher Eingetragene bleibt erhalten. Die Einzelheiten stehen in" in box.text()
    assert box.button(QMessageBox.StandardButton.Ok).text() == "OK"


@pytest.mark.usefixtures("qt_german")
def test_a_message_box_has_german_buttons(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []

    def answer(box: QMessageBox) -> int:
        seen.append([button.text() for button in box.buttons()])
        return int(QMessageBox.StandardButton.No)

    monkeypatch.setattr(QMessageBox, "exec", answer)
    assert not dialogs.ask_yes_no(None, "Sitzung beschädigt", "Wiederherstellen?")
    assert sorted(seen[0]) == ["&Ja", "&Nein"]


@pytest.mark.usefixtures("qt_german")
def test_the_about_box_and_keyboard_reference_in_german(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    about = help_menu.about_html(tmp_path / "sittings.sqlite3")
    assert "Ein Block für Jo-Jotte" in about
    assert "zu viert im Partnerspiel, zu dritt, als Chouette und jeder gegen jeden" in about
    assert "Ihre Sitzungen liegen in" in about
    assert "beide Texte stehen unter „Details einblenden“." in about
    shown: list[QMessageBox] = []

    def keep(box: QMessageBox) -> int:
        shown.append(box)
        box.show()
        box.grab().save(str(screenshot_folder(tmp_path) / "de-about.png"))
        return 0

    monkeypatch.setattr(QMessageBox, "exec", keep)
    help_menu.show_about(None, tmp_path / "sittings.sqlite3")
    assert shown[0].windowTitle() == "Über jojotte-score – Jo-Jotte-Block"
    parent = QWidget()
    qtbot.addWidget(parent)
    reference = help_menu.show_keyboard_reference(parent)
    titles = [section.title for section in help_menu.keyboard_reference()]
    assert titles[:3] == ["Ein Spiel eintragen", "Zu einem Feld springen", "Mit einer Taste wählen"]
    assert titles[3] == "Ein eingetragenes Spiel berichtigen"
    assert "Menü Datei" in titles
    file_keys = dict(
        next(s for s in help_menu.keyboard_reference() if s.title == "Menü Datei").rows
    )
    assert "Neue Sitzung" in file_keys.values()
    assert any(keys.startswith("Strg+") for keys in file_keys)  # Qt's German key names
    # The entry panel's keys are named as the menus name theirs, in German.
    entry = dict(help_menu.keyboard_reference()[0].rows)
    assert entry["Leertaste"].startswith("Den grauen Vorschlag")
    assert entry["Rücktaste"] == "Ein Auswahlfeld leeren"
    assert entry["Tab, Umschalt+Tab"].startswith("Nächstes oder voriges Feld")
    assert not {"Space", "Backspace", "Shift+Tab"} & {
        word for keys, _text in help_menu.keyboard_reference()[0].rows for word in keys.split(", ")
    }
    qtbot.wait(20)
    reference.grab().save(str(screenshot_folder(tmp_path) / "de-keyboard-reference.png"))


@pytest.mark.usefixtures("german")
def test_the_undo_items_and_the_meld_helper_in_german(main_window: MainWindow) -> None:
    from jojotte_score.core.model import Trump
    from jojotte_score.gui.entry.meld_dialog import MeldDialog

    dialog = MeldDialog(Trump.HEARTS, ("Anna", "Bert"))
    assert dialog.windowTitle() == "Meldehilfe – Jo-Jotte-Block"
    intro = dialog.findChildren(QAction)  # no actions; the texts are labels
    assert intro == []
    texts = [label.text() for label in dialog.findChildren(type(dialog.decision_label))]
    assert any(
        text.startswith("Kontrakt: Herz. Rangfolge der vier Gleichen: B, 9, A") for text in texts
    )
    assert dialog.decision_label.text().endswith("Meldepunkte: Anna 0, Bert 0.")
    run = dialog.sides[0].runs[0]
    assert run.length.itemText(1) == "3 Karten"
    assert run.top.itemText(2) == "bis zur Dame"
    dialog.deleteLater()
