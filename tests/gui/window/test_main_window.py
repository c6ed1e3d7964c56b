"""The main window driven like a player would: new sittings, hands, edits, files, zoom."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QEventLoop, QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import new_sitting
from jojotte_score.core.model import PlayedHand, Rules, ThrownIn, Trump, Variant
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.entry_panel import EntryRequest
from jojotte_score.gui.window import app as gui_app
from jojotte_score.gui.window.dialogs import FirstDealerDialog, NewSittingDialog, SittingSetup
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import AppSettings
from jojotte_score.gui.window.sitting_menus import READ_ONLY_NOTE
from jojotte_score.presenters.session import Session
from jojotte_score.render.sheet_items import CircleItem, LineItem
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import GERMAN, Messages, german, played, stored_hands, stored_totals
from tests.gui.keyboard import Keyboard

ROOT = Path(__file__).resolve().parents[3]


def import_german(window: MainWindow, hands: int = 6) -> int:
    sitting = german()
    sitting_id = window.session.store.import_sitting(
        new_sitting(sitting.variant, sitting.players, sitting.hands[:hands])
    )
    window.open_sitting_id(sitting_id)
    return sitting_id


def sheet_totals(window: MainWindow) -> list[str]:
    layout = window.sheet.sheet_layout()
    assert layout is not None
    return [item.text for item in layout.texts("total")]


def test_an_empty_database_shows_the_welcome(main_window: MainWindow) -> None:
    assert main_window.pages.currentIndex() == 0
    assert not main_window.panel.isEnabled()
    assert not main_window.named_actions[ActionName.EXPORT_CSV].isEnabled()
    assert main_window.named_actions[ActionName.NEW_SITTING].isEnabled()
    assert main_window.sheet.sheet_layout() is None


def test_a_new_sitting_starts_with_the_chosen_dealer(
    main_window: MainWindow, monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    setup = SittingSetup(Variant.TWO_PLAYER, ("Anna", "Bert"), 1, Rules(80, 300), "Evening")
    monkeypatch.setattr(NewSittingDialog, "ask", classmethod(lambda cls, parent: setup))
    main_window.named_actions[ActionName.NEW_SITTING].trigger()
    assert main_window.pages.currentIndex() == 1
    assert main_window.panel.isEnabled()
    assert main_window.windowTitle() == "Evening: Anna – Bert – Jo-Jotte scorepad"
    assert main_window.status_label.text() == (
        "Game 1 · below: Anna 0 – Bert 0 · games Anna 0 – Bert 0 · next dealer: Bert"
    )
    hand = PlayedHand(0, Trump.HEARTS, (60, 95), 0, melds=(50, 0), dealer=1)
    main_window.panel.submitted.emit(EntryRequest("add", None, hand))
    assert main_window.status_label.text() == (
        "Game 1 · below: Anna 70 – Bert 0 · games Anna 0 – Bert 0 · next dealer: Anna"
    )
    assert main_window.model.rowCount() == 1
    sitting_id = main_window.session.sitting_id
    assert sitting_id is not None
    assert stored_hands(data_dir, sitting_id) == (hand,)
    assert main_window.named_actions[ActionName.UNDO].text() == "&Undo record hand 1"


def test_the_chosen_first_dealer_is_still_there_after_a_restart(
    main_window: MainWindow, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, settings: AppSettings
) -> None:
    setup = SittingSetup(Variant.TWO_PLAYER, ("Anna", "Bert"), 1, Rules(80, 300), "Evening")
    monkeypatch.setattr(NewSittingDialog, "ask", classmethod(lambda cls, parent: setup))
    main_window.named_actions[ActionName.NEW_SITTING].trigger()
    again = MainWindow(Session(main_window.session.store), settings)
    qtbot.addWidget(again)
    again.session.open_last()
    assert again.status_label.text().endswith("next dealer: Bert")
    assert again.panel.dealer.value() == 1


def test_the_german_example_on_the_sheet_and_in_the_status_line(main_window: MainWindow) -> None:
    import_german(main_window, hands=3)
    assert main_window.status_label.text() == (
        "Game 3 · below: A 0 – B 0 · games A 1 – B 1"
        " · next dealer not known: choose who deals in the Dealer row"
    )
    import_german(main_window, hands=5)
    assert main_window.status_label.text() == (
        "Game 3 · below: A 0 – B 0 · games A 1 – B 1 · prison 150"
        " · next dealer not known: choose who deals in the Dealer row"
    )
    import_german(main_window)
    assert main_window.status_label.text() == (
        "Rubber 2 · Game 1 · below: A 0 – B 0 · games A 0 – B 0 · new cut for the first dealer"
    )
    assert "755" in sheet_totals(main_window)
    assert "655" in sheet_totals(main_window)
    assert main_window.explanation.toPlainText().startswith("Hand 6 (rubber 1, game 3)")


def test_selecting_a_hand_explains_it_and_loads_it_for_editing(main_window: MainWindow) -> None:
    import_german(main_window)
    main_window.sheet.hand_activated.emit(2)
    assert main_window.selected_position() == 1
    assert main_window.explanation.toPlainText().startswith("Hand 2 (rubber 1, game 1)")
    assert main_window.sheet.selected_hand() == 2
    assert main_window.panel.current_hand() in (None, german().hands[1])
    assert main_window.named_actions[ActionName.DELETE_HAND].isEnabled()


def test_editing_hand_2_re_scores_the_games(main_window: MainWindow, data_dir: Path) -> None:
    sitting_id = import_german(main_window)
    main_window.select_hand(2)
    edited = played(german().hands[1])._replace(last_trick=1)  # B takes the last trick: 40–55
    main_window.panel.submitted.emit(EntryRequest("replace", 1, edited))
    shown = main_window.session.shown
    assert shown is not None
    assert [hand.game_winner for hand in shown.ledger.hands[:3]] == [None, 1, 1]
    assert shown.ledger.rubbers[0].winner == 1
    assert main_window.sheet.rubber_count() == 2
    assert main_window.sheet.rubber_number() == 1  # the sheet shows the rubber edited
    main_window.named_actions[ActionName.NEXT_RUBBER].trigger()
    assert main_window.sheet.rubber_number() == 2
    assert stored_hands(data_dir, sitting_id)[1] == edited
    assert stored_totals(data_dir, sitting_id) == [(100, 670), (300, 340)]

    main_window.named_actions[ActionName.UNDO].trigger()
    assert stored_totals(data_dir, sitting_id) == [(755, 655)]
    assert main_window.sheet.rubber_count() == 1
    assert "755" in sheet_totals(main_window)


def test_delete_and_insert_a_hand(
    main_window: MainWindow, qtbot: QtBot, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sitting_id = import_german(main_window)
    main_window.select_hand(5)
    main_window.named_actions[ActionName.DELETE_HAND].trigger()
    original = german().hands
    assert stored_hands(data_dir, sitting_id) == (*original[:4], original[5])
    assert main_window.model.rowCount() == 5
    assert main_window.session.shown is not None
    assert main_window.session.shown.ledger.rubbers[0].totals == (665, 655)

    main_window.select_hand(5)
    QTest.keyClick(main_window.table, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert main_window.panel.mode() == ("insert", 4)
    main_window.panel.submitted.emit(EntryRequest("insert", 4, original[4]))
    assert stored_hands(data_dir, sitting_id) == original
    assert stored_totals(data_dir, sitting_id) == [(755, 655)]
    assert main_window.undo_stack.undoText() == "Insert hand 5"


def test_thrown_in_asks_the_new_cut_after_a_rubber(
    main_window: MainWindow, monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    sitting_id = import_german(main_window, hands=5)
    asked: list[tuple[str, ...]] = []

    def ask(cls: type, parent: object, players: tuple[str, ...]) -> int:
        asked.append(tuple(players))
        return 1

    monkeypatch.setattr(FirstDealerDialog, "ask", classmethod(ask))
    main_window.panel.submitted.emit(EntryRequest("add", None, german().hands[5]))
    assert asked == [("A", "B")]
    assert main_window.panel.dealer.value() == 1
    main_window.named_actions[ActionName.THROWN_IN].trigger()
    assert stored_hands(data_dir, sitting_id)[-1] == ThrownIn(dealer=1)
    assert main_window.status_label.text().endswith("next dealer: A")


def test_read_only_when_another_copy_holds_the_database(
    qtbot: QtBot, database: Database, data_dir: Path, settings: AppSettings
) -> None:
    SittingStore(database).import_sitting(german())
    with Database.open(database_path(data_dir), read_only=True) as second:
        session = Session(SittingStore(second), read_only=True)
        window = MainWindow(session, settings)
        qtbot.addWidget(window)
        first = MainWindow(Session(SittingStore(database)), settings)
        qtbot.addWidget(first)
        session.open_last()
        # One name, "(read-only)" once; the title ends with the application's display name so
        # that the platform does not add it again.
        assert window.windowTitle() == "A – B (read-only) – Jo-Jotte scorepad"
        assert window.pos() == first.pos() + QPoint(48, 48)  # not exactly on top
        assert window.mode_label.text() == READ_ONLY_NOTE
        assert not window.panel.isEnabled()
        for name in (ActionName.NEW_SITTING, ActionName.THROWN_IN, ActionName.RENAME_PLAYERS):
            assert not window.named_actions[name].isEnabled()
        window.select_hand(2)
        assert not window.named_actions[ActionName.DELETE_HAND].isEnabled()
        assert window.named_actions[ActionName.EXPORT_CSV].isEnabled()
        assert "755" in sheet_totals(window)


def test_exports(main_window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import_german(main_window)
    targets = iter([str(tmp_path / "evening.json"), str(tmp_path / "evening.csv")])
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (next(targets), ""))
    main_window.named_actions[ActionName.EXPORT_SITTING].trigger()
    main_window.named_actions[ActionName.EXPORT_CSV].trigger()
    assert (tmp_path / "evening.json").read_text(encoding="utf-8").count('"bidder"') == 6
    rubbers = (tmp_path / "evening-rubbers.csv").read_text(encoding="utf-8-sig")
    assert "755" in rubbers
    assert "655" in rubbers
    assert len((tmp_path / "evening.csv").read_text(encoding="utf-8-sig").splitlines()) == 7


def test_zoom_scales_the_text_and_is_remembered(
    main_window: MainWindow, settings_path: Path, qtbot: QtBot, session: Session
) -> None:
    import_german(main_window)
    size = main_window.table.font().pointSizeF()
    main_window.named_actions[ActionName.ZOOM_IN].trigger()
    main_window.named_actions[ActionName.ZOOM_IN].trigger()
    assert main_window.sheet.zoom() == pytest.approx(1.5625)
    assert main_window.table.font().pointSizeF() == pytest.approx(size * 1.5625)
    assert main_window.panel.font().pointSizeF() == pytest.approx(size * 1.5625)
    main_window.close()
    again = MainWindow(session, AppSettings.at(settings_path))
    qtbot.addWidget(again)
    assert again.sheet.zoom() == pytest.approx(1.5625)
    again.named_actions[ActionName.RESET_ZOOM].trigger()
    assert again.table.font().pointSizeF() == pytest.approx(size)


def test_run_gui_quits_after_start(tmp_path: Path, messages: Messages) -> None:
    data = tmp_path / "data"
    status = gui_app.run_gui(GERMAN, data, True, {}, settings_path=tmp_path / "s.ini")
    assert status == 0
    assert messages == []
    with Database.open(database_path(data), read_only=True) as database:
        (info,) = SittingStore(database).list_sittings()
    assert (info.title, info.hands, info.net_points) == ("german-example", 6, 100)
    # Opened again: the last sitting is shown, nothing imported twice.
    assert gui_app.run_gui(None, data, True, {}, settings_path=tmp_path / "s.ini") == 0
    with Database.open(database_path(data), read_only=True) as database:
        assert len(SittingStore(database).list_sittings()) == 1


def test_run_gui_leaves_the_application_as_it_found_it(
    tmp_path: Path, messages: Messages, qtbot: QtBot
) -> None:
    """Quitting after start closes the window, and Qt answers the last window closed with a
    Quit of its own, posted when the event loop has already ended. Left in the queue, it
    ended every event loop run after it in this process at once: the next test's window
    never became the active one."""
    assert gui_app.run_gui(None, tmp_path / "data", True, {}, settings_path=tmp_path / "s.ini") == 0
    assert messages == []
    QApplication.processEvents()  # as pytest-qt does between two tests
    loop = QEventLoop()
    QTimer.singleShot(0, loop.quit)
    assert loop.exec() == 0  # a loop that ran until it was quit (-1: it could not start)
    widget = QLineEdit()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow)


def test_a_refused_file_is_explained_on_stderr_when_nobody_can_click_a_box(
    tmp_path: Path, messages: Messages, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "jojotte-sitting", "version": 1, "variant": "two-player"}')
    status = gui_app.run_gui(bad, tmp_path / "data", True, {}, settings_path=tmp_path / "s.ini")
    assert status == 2  # invalid input, as the command line says it
    assert messages == []
    assert capsys.readouterr().err.splitlines() == [
        "jojotte-score: bad.json was not imported:",
        "jojotte-score: bad.json: players is missing: the player names in seat order",
        "jojotte-score: bad.json: hands is missing: the list of hands, [] when none was played yet",
    ]


def test_run_gui_opens_read_only_beside_another_copy(
    tmp_path: Path,
    messages: Messages,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = tmp_path / "data"
    shown: list[MainWindow] = []
    monkeypatch.setattr(MainWindow, "show", lambda window: shown.append(window))
    with Database.open(database_path(data)) as first:
        SittingStore(first).import_sitting(german())
        assert gui_app.run_gui(GERMAN, data, True, {}, settings_path=tmp_path / "s.ini") == 2
    assert shown[0].session.read_only
    assert messages == []
    assert capsys.readouterr().err == f"jojotte-score: german-example.json: {READ_ONLY_NOTE}.\n"


def test_no_display_means_offscreen_with_one_line_of_advice() -> None:
    assert gui_app.needs_offscreen({}, "linux")
    assert not gui_app.needs_offscreen({"DISPLAY": ":0"}, "linux")
    assert not gui_app.needs_offscreen({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not gui_app.needs_offscreen({"QT_QPA_PLATFORM": "xcb"}, "linux")
    assert not gui_app.needs_offscreen({}, "darwin")
    assert gui_app.NO_DISPLAY.count("\n") == 0


def test_quit_after_start_as_a_process_without_a_display(tmp_path: Path) -> None:
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    environment["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    command = [sys.executable, "-m", "jojotte_score", "--quit-after-start"]
    result = subprocess.run(
        [*command, "--data-dir", str(tmp_path / "data")],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env=environment,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[0] == gui_app.NO_DISPLAY
    assert database_path(tmp_path / "data").exists()


@pytest.mark.parametrize("with_file", [False, True])
def test_the_window_without_a_display_says_so_and_exits(tmp_path: Path, with_file: bool) -> None:
    """Item 15 of issue 24: ``jojotte-score`` with no DISPLAY and no WAYLAND_DISPLAY does
    not run unseen offscreen until killed: one line says there is no display, exit 1, and
    nothing is stored."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    environment["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    command = [sys.executable, "-m", "jojotte_score", "--data-dir", str(tmp_path / "data")]
    if with_file:
        command.append(str(GERMAN))
    try:
        result = subprocess.run(
            command,
            capture_output=True,
            text=True,
            check=False,
            cwd=ROOT,
            env=environment,
            timeout=30,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the window ran unseen offscreen")
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [gui_app.NO_DISPLAY_TO_SHOW]
    assert "no display found" in result.stderr
    assert not database_path(tmp_path / "data").exists()


def test_a_data_folder_that_cannot_be_used_is_reported_without_waiting_for_a_click(
    tmp_path: Path,
) -> None:
    """Offscreen nobody could close a message box: the error goes to stderr, exit status 1."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be\n")
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    environment["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    result = subprocess.run(
        [sys.executable, "-m", "jojotte_score", "--data-dir", str(blocker / "data")],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env=environment,
        timeout=60,
    )
    assert result.returncode == 1
    [line] = [line for line in result.stderr.splitlines() if line.startswith("jojotte-score:")]
    assert str(blocker) in line
    assert "Traceback" not in result.stderr
    assert blocker.read_text() == "a file where the data folder should be\n"


def test_an_unknown_file_is_refused_before_qt_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from jojotte_score.cli import main
    from jojotte_score.cli.parser import wants_gui

    assert wants_gui([])
    assert wants_gui(["--data-dir", "x", "evening.json"])
    assert not wants_gui(["--data-dir", "x", "sittings"])
    assert not wants_gui(["--data-dir=x", "--help"])
    with pytest.raises(SystemExit) as exit_info:
        main([str(tmp_path / "scor")], environ={})
    assert exit_info.value.code == 2
    assert "no such sitting file" in capsys.readouterr().err
    assert QApplication.instance() is not None  # the test's own, not a second one


# The worked example, typed ------------------------------------------------------------------
#
# The panel's keys: a choice field takes a single key (sides by initial, trumps C D H S N,
# doubling X, Nullo N) and moves on to the next field that needs input; Alt plus a label's
# underlined letter jumps to a field; both card counts are typed, the left-hand side first,
# Tab between them; Enter records. The keystroke plan (gui/entry/form_rules.py) lists the keys.


def type_hand(window: MainWindow, qtbot: QtBot, hand: PlayedHand) -> int:
    """Type ``hand`` into the window's panel key by key, as its keystroke plan says (the
    note left out); the number of keys pressed."""
    keyboard = Keyboard(qtbot)
    start = window.panel.values()
    plan = window.panel.form.keystrokes(hand._replace(note="", dealer=start.dealer), start)
    before = window.model.rowCount()
    keyboard.follow(plan)
    assert window.model.rowCount() == before + 1, window.panel.general_error.text()
    return keyboard.count


def test_the_german_example_typed_hand_by_hand(
    main_window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    setup = SittingSetup(Variant.TWO_PLAYER, ("A", "B"), 0, Rules(80, 300))
    monkeypatch.setattr(NewSittingDialog, "ask", classmethod(lambda cls, parent: setup))
    monkeypatch.setattr(FirstDealerDialog, "ask", classmethod(lambda cls, parent, players: 1))
    main_window.activateWindow()
    qtbot.waitActive(main_window)
    QTest.keyClick(main_window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    sitting_id = main_window.session.sitting_id
    assert sitting_id is not None
    assert main_window.status_label.text().endswith("next dealer: A")

    hands = [played(hand) for hand in german().hands]
    keys = type_hand(main_window, qtbot, hands[0])
    assert main_window.status_label.text() == (
        "Game 1 · below: A 0 – B 35 · games A 0 – B 0 · next dealer: B"
    )
    keys += type_hand(main_window, qtbot, hands[1])
    assert main_window.status_label.text() == (
        "Game 2 · below: A 0 – B 0 · games A 1 – B 0 · next dealer: A"
    )
    for hand in hands[2:5]:
        keys += type_hand(main_window, qtbot, hand)
    assert main_window.status_label.text() == (
        "Game 3 · below: A 0 – B 0 · games A 1 – B 1 · prison 150 · next dealer: B"
    )
    keys += type_hand(main_window, qtbot, hands[5])
    # One Enter a hand: nothing to confirm (80 before the meld key, 75 with a Tab before
    # each last trick's letter).
    assert keys == 70

    expected = tuple(
        hand._replace(dealer=number % 2, note="") for number, hand in enumerate(german().hands)
    )
    assert stored_hands(data_dir, sitting_id) == expected
    assert main_window.model.rowCount() == 6
    # The rubber is over: the new cut was asked and its answer deals hand 7.
    assert main_window.status_label.text() == (
        "Rubber 2 · Game 1 · below: A 0 – B 0 · games A 0 – B 0 · next dealer: B"
    )
    layout = main_window.sheet.sheet_layout()
    assert layout is not None
    totals = [item.text for item in layout.texts("total")]
    assert "755" in totals
    assert "655" in totals
    entries = {(item.hand, item.side, item.text) for item in layout.texts("entry")}
    assert {(1, 1, "40"), (1, 1, "35"), (1, 0, "60"), (2, 0, "95"), (3, 1, "220")} <= entries
    assert {(4, 1, "300"), (6, 0, "50"), (6, 0, "100"), (6, 1, "40"), (6, 0, "300")} <= entries
    assert len(layout.entries_of_hand(6)) == 5
    assert [item.hand for item in layout.items if isinstance(item, CircleItem)] == [4, 5]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")
def test_file_export_pdf_writes_the_sheet_shown(
    main_window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import_german(main_window)
    target = tmp_path / "evening.pdf"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kwargs: (str(target), ""))
    )
    main_window.named_actions[ActionName.EXPORT_PDF].trigger()
    assert main_window.statusBar().currentMessage() == f"Wrote {target}"
    text = subprocess.run(
        ["pdftotext", "-layout", str(target), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "755" in text
    assert "655" in text
    assert "A wins the rubber by 100" in text


# Dealing ------------------------------------------------------------------------------------


def test_a_thrown_in_deal_is_one_deliberate_action(
    main_window: MainWindow, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, data_dir: Path
) -> None:
    """A stray T on a choice row records nothing; Ctrl+T does, and the non-dealer deals next
    ("the next deal goes to the non-dealer"); Undo takes it back."""
    setup = SittingSetup(Variant.TWO_PLAYER, ("Anna", "Bert"), 0, Rules(80, 300))
    monkeypatch.setattr(NewSittingDialog, "ask", classmethod(lambda cls, parent: setup))
    main_window.named_actions[ActionName.NEW_SITTING].trigger()
    main_window.activateWindow()
    qtbot.waitActive(main_window)
    keyboard = Keyboard(qtbot)
    main_window.panel.trump.setFocus()
    keyboard.press("T", "t")
    assert main_window.model.rowCount() == 0
    keyboard.press((Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier))
    sitting_id = main_window.session.sitting_id
    assert sitting_id is not None
    assert stored_hands(data_dir, sitting_id) == (ThrownIn(dealer=0),)
    assert main_window.status_label.text().endswith("next dealer: Bert")
    assert main_window.panel.dealer.value() == 1
    main_window.named_actions[ActionName.UNDO].trigger()
    assert stored_hands(data_dir, sitting_id) == ()
    assert main_window.status_label.text().endswith("next dealer: Anna")


def test_after_a_new_cut_the_deal_does_not_rotate_from_the_last_rubber(
    main_window: MainWindow,
) -> None:
    """Each rubber starts with a new cut: when the first hand of rubber 2 recorded no dealer,
    the next one is not known from rubber 1's rotation."""
    rubber = tuple(hand._replace(dealer=n % 2) for n, hand in enumerate(german().hands))
    unknown = PlayedHand(0, Trump.SPADES, (90, 40), 0)
    sitting_id = main_window.session.store.import_sitting(
        new_sitting(Variant.TWO_PLAYER, ("A", "B"), (*rubber, unknown))
    )
    main_window.open_sitting_id(sitting_id)
    assert main_window.panel.dealer.value() is None
    assert main_window.status_label.text().endswith(
        "next dealer not known: choose who deals in the Dealer row"
    )
    main_window.session.store.import_sitting(
        new_sitting(Variant.TWO_PLAYER, ("A", "B"), (*rubber, unknown._replace(dealer=0)))
    )
    main_window.session.open_last()
    assert main_window.panel.dealer.value() == 1
    assert main_window.status_label.text().endswith("next dealer: B")


# The pad as a paper pad ---------------------------------------------------------------------


def test_after_a_rubber_the_pad_shows_it_until_the_next_hand_starts(
    main_window: MainWindow, qtbot: QtBot
) -> None:
    import_german(main_window)
    layout = main_window.sheet.sheet_layout()
    assert layout is not None
    assert main_window.sheet.rubber_number() == 1
    assert "A wins the rubber by 100" in [t.text for t in layout.texts("result")]
    main_window.activateWindow()
    qtbot.waitActive(main_window)
    Keyboard(qtbot).press("A")  # the bidder of hand 7: entry starts
    assert main_window.sheet.rubber_number() == 2
    layout = main_window.sheet.sheet_layout()
    assert layout is not None
    assert layout.texts("total") == ()
    assert "Rubber 2: no hands yet" in [t.text for t in layout.texts("label")]


def test_paid_prison_is_crossed_out_with_the_winning_hand(main_window: MainWindow) -> None:
    """German hands 4 and 5 put 60 and 90 in prison; hand 6 wins them (R10)."""
    import_german(main_window)
    layout = main_window.sheet.sheet_layout()
    assert layout is not None
    paid = [item for item in layout.items if isinstance(item, LineItem) and item.role == "paid"]
    assert len(paid) == 2
    circles = [item for item in layout.items if isinstance(item, CircleItem)]
    for line, circle in zip(paid, circles, strict=True):  # a stroke across each circle
        assert line.x1 < circle.cx < line.x2
        assert line.y2 < circle.cy < line.y1
    marks = [t for t in layout.texts("label") if t.hand in (4, 5) and t.text == "6"]
    assert len(marks) == 2


def test_after_an_edit_the_hand_stays_selected_and_the_panel_takes_the_next(
    main_window: MainWindow,
) -> None:
    # Browsing is not correcting: the hand corrected stays selected, highlighted on the pad
    # with its explanation shown, while the panel records the next hand.
    import_german(main_window, hands=4)
    main_window.select_hand(2)
    QTest.keyClick(main_window.table, Qt.Key.Key_Return)  # Enter: correct it
    assert main_window.sheet.selected_hand() == 2
    main_window.panel.record()  # saves hand 2 unchanged
    assert main_window.panel.mode() == ("add", None)
    assert main_window.selected_position() == 1
    assert main_window.sheet.selected_hand() == 2
    shown = main_window.session.shown
    assert shown is not None
    assert main_window.explanation.toPlainText() == "\n".join(shown.pad.explain(2))
    main_window.table.clearSelection()  # none selected: the highlight follows the next hand
    assert main_window.sheet.selected_hand() is None


# A damaged sitting ---------------------------------------------------------------------------


def test_a_damaged_sitting_is_said_and_a_backup_restored(
    qtbot: QtBot, data_dir: Path, settings: AppSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window never dies on damaged rows: it names the sitting, offers the newest backup,
    and restores it (the damaged database saved first)."""
    import sqlite3
    from datetime import UTC, datetime

    from jojotte_score.gui.window import dialogs
    from jojotte_score.storage.backups import BACKUP_DIR_NAME, list_backups, make_backup

    path = database_path(data_dir)
    with Database.open(path) as database:
        sitting_id = SittingStore(database).import_sitting(german())
        make_backup(
            database.connection, data_dir / BACKUP_DIR_NAME, datetime(2026, 11, 1, tzinfo=UTC)
        )
    damage = sqlite3.connect(path, isolation_level=None)
    damage.execute("UPDATE hand SET data = '{{' WHERE position = 2")
    damage.execute("DELETE FROM summary")
    damage.close()
    asked: list[str] = []

    def yes(parent: object, title: str, text: str) -> bool:
        asked.append(text)
        return True

    monkeypatch.setattr(dialogs, "ask_yes_no", yes)
    database = Database.open(path)
    session = Session(SittingStore(database))
    window = MainWindow(session, settings)
    qtbot.addWidget(window)
    session.open_last()
    assert asked[0].startswith(f"sitting {sitting_id} is damaged: ")
    assert "Restore the newest backup" in asked[0]
    assert window.session.shown is not None  # the backup, shown
    assert window.model.rowCount() == 6
    assert [b.before_restore for b in list_backups(data_dir / BACKUP_DIR_NAME)].count(True) == 1
    window.session.store.database.close()


def test_hands_out_of_place_are_said_when_the_sitting_opens(
    qtbot: QtBot, data_dir: Path, settings: AppSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand at position -1 (a damaged backup): the window does not open the sitting
    without a word; it names the damage and what puts it right."""
    import sqlite3

    from jojotte_score.gui import messages
    from jojotte_score.gui.window import dialogs

    path = database_path(data_dir)
    with Database.open(path) as database:
        sitting_id = SittingStore(database).import_sitting(german())
    damage = sqlite3.connect(path, isolation_level=None)
    damage.execute("UPDATE hand SET position = -1 WHERE position = 0")
    damage.close()
    asked: list[str] = []

    def no(parent: object, title: str, text: str) -> bool:
        asked.append(text)
        return False

    monkeypatch.setattr(dialogs, "ask_yes_no", no)
    monkeypatch.setattr(messages, "show_message", lambda *args, **_: asked.append(args[2]))
    database = Database.open(path)
    session = Session(SittingStore(database))
    window = MainWindow(session, settings)
    qtbot.addWidget(window)
    session.open_last()
    assert asked
    assert asked[0].startswith(
        f"sitting {sitting_id} is damaged: its hands are not numbered in order (hand 1 is at "
        "position -1, not 0); `jojotte-score check --repair` numbers them again"
    )
    window.session.store.database.close()
