"""Printing from the keyboard, and the printer's state said before anything is printed.

The print preview opens with the focus on its Print button: Enter prints, Ctrl+P prints,
Tab reaches the button; with no printer (or no printing service) the button saves a PDF
file the player names instead of Qt's silent file in the home folder. Keys go one event
at a time to whatever has the focus; Qt's print dialog and the file dialog are answered
by stand-ins (the real ones, on a real CUPS queue, in tests/gui/window/test_cups_printing.py).
"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QPushButton
from pytestqt.qtbot import QtBot

from jojotte_score.gui.print_preview import PrintPreview
from jojotte_score.gui.printer_state import (
    PrinterState,
    Problem,
    cups_answers,
    cups_server,
)
from jojotte_score.gui.save_files import documents_folder
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.storage.sittings import SittingStore
from tests.poppler import pdf_text

from ..conftest import german
from ..keyboard import CTRL, ENTER, TAB, Keyboard


class Printers:
    """Stands in for the printing service: the state it reports, and Qt's print dialog,
    which prints into ``target`` as a queue would (Enter on its Print button)."""

    def __init__(self, target: Path, state: PrinterState) -> None:
        self.target = target
        self.state = state
        self.asked: list[str] = []  # the printer each state was asked for
        self.dialogs: list[str] = []  # the print dialogs opened, by title

    def state_of(self, name: str) -> PrinterState:
        self.asked.append(name)
        return self.state

    def print_dialog_exec(self, dialog: QPrintDialog) -> int:
        self.dialogs.append(dialog.windowTitle())
        printer = dialog.printer()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(self.target))
        return int(QDialog.DialogCode.Accepted)


@pytest.fixture
def printers(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Printers:
    """A printer called "Office", ready."""
    stand_in = Printers(tmp_path / "office.pdf", PrinterState("Office"))
    monkeypatch.setattr(QPrintDialog, "exec", lambda dialog: stand_in.print_dialog_exec(dialog))
    original = PrintPreview.__init__

    def with_state(self: PrintPreview, printer: QPrinter, parent: object, pdf_name: str) -> None:
        original(self, printer, parent, pdf_name, stand_in.state_of)  # type: ignore[arg-type]

    monkeypatch.setattr(PrintPreview, "__init__", with_state)
    return stand_in


def shown(qtbot: QtBot, dialog: QDialog) -> None:
    """Show ``dialog`` as ``exec`` would: in front, with the keyboard."""
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)


class Typist:
    """Stands in for the preview's ``exec``: shows it, presses ``keys`` (one event each,
    to whatever has the focus), and returns the preview's result once they are typed."""

    def __init__(self, qtbot: QtBot, keys: list[object]) -> None:
        self.qtbot = qtbot
        self.keys = keys
        self.seen: list[PrintPreview] = []
        self.focus_at_start: list[str] = []

    def exec(self, dialog: QPrintPreviewDialog) -> int:
        assert isinstance(dialog, PrintPreview)
        self.seen.append(dialog)
        shown(self.qtbot, dialog)
        focus = QApplication.focusWidget()
        self.focus_at_start.append(focus.text() if isinstance(focus, QPushButton) else "")
        Keyboard(self.qtbot).press(*self.keys)  # type: ignore[arg-type]
        result = dialog.result()
        dialog.hide()
        return result


def typed(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, *keys: object) -> Typist:
    typist = Typist(qtbot, list(keys))
    monkeypatch.setattr(QPrintPreviewDialog, "exec", lambda dialog: typist.exec(dialog))
    return typist


@pytest.fixture
def window(main_window: MainWindow, store: SittingStore, qtbot: QtBot) -> MainWindow:
    """The window showing the German worked example (one rubber: A 755, B 655)."""
    sitting_id = store.import_sitting(german(), title="Berlin 1937", place="Café Kranzler")
    main_window.session.open(sitting_id)
    qtbot.wait(10)
    return main_window


def press_on_window(qtbot: QtBot, window: MainWindow, *keys: object) -> None:
    window.activateWindow()
    qtbot.waitActive(window)
    window.setFocus()
    Keyboard(qtbot).press(*keys)  # type: ignore[arg-type]


def test_ctrl_p_then_enter_prints_the_sheet_on_the_printer(
    window: MainWindow, printers: Printers, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    """Ctrl+P in the window opens the preview with the focus on Print; Enter opens the
    print dialog (whose own Enter prints), and the printer gets the rubber's figures."""
    typist = typed(monkeypatch, qtbot, ENTER)
    press_on_window(qtbot, window, (Qt.Key.Key_P, CTRL))
    assert typist.focus_at_start == ["&Print…"]
    assert printers.dialogs == ["Print – Jo-Jotte scorepad"]
    assert typist.seen[0].result() == QDialog.DialogCode.Accepted
    assert typist.seen[0].state_line.text() == (
        "Prints on “Office”. The print dialog can choose another printer, or a PDF file."
    )
    text = pdf_text(printers.target)
    assert {"755", "655"} <= set(text.split())
    assert "A wins the rubber by 100" in text
    assert "Place: Café Kranzler" in text


def test_ctrl_p_in_the_preview_prints_too(
    window: MainWindow, printers: Printers, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    typed(monkeypatch, qtbot, TAB, (Qt.Key.Key_P, CTRL))  # the focus on Close, then Ctrl+P
    press_on_window(qtbot, window, (Qt.Key.Key_P, CTRL))
    assert printers.dialogs == ["Print – Jo-Jotte scorepad"]
    assert "755" in pdf_text(printers.target).split()


def test_the_print_button_is_a_tab_stop(
    window: MainWindow, printers: Printers, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    """Tabbing around the preview comes back to Print: the zoom box, the page field and
    the pages are not the only stops, and Esc closes the preview unprinted."""
    stops: list[str] = []

    def tab_around(dialog: QPrintPreviewDialog) -> int:
        shown(qtbot, dialog)
        keyboard = Keyboard(qtbot)
        for _press in range(8):
            keyboard.press(TAB)
            focus = QApplication.focusWidget()
            stops.append(focus.text() if isinstance(focus, QPushButton) else type(focus).__name__)
        keyboard.press(Qt.Key.Key_Escape)
        return dialog.result()

    monkeypatch.setattr(QPrintPreviewDialog, "exec", tab_around)
    press_on_window(qtbot, window, (Qt.Key.Key_P, CTRL))
    assert "&Print…" in stops
    assert "&Close" in stops or "Close" in stops
    assert printers.dialogs == []
    assert not printers.target.exists()


def test_without_a_printer_enter_saves_the_pdf_the_player_names(
    window: MainWindow,
    printers: Printers,
    monkeypatch: pytest.MonkeyPatch,
    qtbot: QtBot,
    tmp_path: Path,
) -> None:
    """No printer: the preview says so, its button saves a PDF, and the file is the one
    the player names (never the print dialog's file in the home folder)."""
    printers.state = PrinterState("", Problem.NO_PRINTER)
    offered: list[str] = []

    def save_name(*args: object, **kwargs: object) -> tuple[str, str]:
        # Offered in the documents folder (relative_to fails for any other).
        offered.append(str(Path(str(args[2])).relative_to(documents_folder())))
        return str(tmp_path / "evening"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    typist = typed(monkeypatch, qtbot, ENTER)
    press_on_window(qtbot, window, (Qt.Key.Key_P, CTRL))
    assert typist.focus_at_start == ["Save as &PDF…"]
    assert typist.seen[0].state_line.text() == (
        "No printer is set up. Save as PDF writes the pages into a file you name; to print "
        "on paper, set up a printer and open this preview again."
    )
    assert printers.dialogs == []
    assert offered == ["berlin-1937.pdf"]
    assert typist.seen[0].printed_to == tmp_path / "evening.pdf"
    assert {"755", "655"} <= set(pdf_text(tmp_path / "evening.pdf").split())


def test_cancelling_the_file_leaves_the_preview_open(
    window: MainWindow, printers: Printers, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    printers.state = PrinterState("", Problem.NO_SERVICE)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))
    typist = typed(monkeypatch, qtbot, ENTER)
    press_on_window(qtbot, window, (Qt.Key.Key_P, CTRL))
    assert typist.seen[0].result() == 0
    assert (
        typist.seen[0]
        .state_line.text()
        .startswith("The printing service (CUPS) does not answer, so no printer can be reached.")
    )


def test_a_stopped_printer_is_said_before_printing(
    window: MainWindow, printers: Printers, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    printers.state = PrinterState("Office", Problem.STOPPED)
    typist = typed(monkeypatch, qtbot, ENTER)
    press_on_window(qtbot, window, (Qt.Key.Key_P, CTRL))
    assert typist.seen[0].state_line.text() == (
        "The printer “Office” is stopped: what you print waits in its queue until the "
        "printer is started again. You can choose another printer, or a PDF file, in the "
        "print dialog."
    )
    assert typist.seen[0].state_line.accessibleName() == "Printer"
    assert printers.dialogs == [
        "Print – Jo-Jotte scorepad"
    ]  # it may still be sent: the queue keeps it


@pytest.mark.parametrize(
    ("action", "title"),
    [("print_blank_pads", "Jo-Jotte scorepad"), ("print_card", "Jo-Jotte scoring card")],
)
def test_blank_pads_and_the_card_print_from_the_keys_too(
    window: MainWindow,
    printers: Printers,
    monkeypatch: pytest.MonkeyPatch,
    qtbot: QtBot,
    action: str,
    title: str,
) -> None:
    """Print blank pads… (its dialog's OK by Enter) and Print scoring card… reach the
    printer with Enter in the preview."""
    from jojotte_score.gui.printing import BlankPadsDialog

    def pads_by_enter(dialog: BlankPadsDialog) -> int:
        shown(qtbot, dialog)
        assert QApplication.focusWidget() is dialog.count
        Keyboard(qtbot).press(ENTER)
        return dialog.result()

    monkeypatch.setattr(BlankPadsDialog, "exec", pads_by_enter)
    typist = typed(monkeypatch, qtbot, ENTER)
    getattr(window, action)()
    assert typist.focus_at_start == ["&Print…"]
    text = pdf_text(printers.target)
    assert title in text


# The state in words, and where CUPS is asked -------------------------------------------------


@pytest.mark.parametrize(
    ("state", "words"),
    [
        (PrinterState("PDF"), "Prints on “PDF”."),
        (PrinterState("PDF", Problem.STOPPED), "The printer “PDF” is stopped:"),
        (PrinterState("", Problem.NO_PRINTER), "No printer is set up."),
        (PrinterState("", Problem.NO_SERVICE), "The printing service (CUPS) does not answer"),
    ],
)
def test_the_words_of_each_state(state: PrinterState, words: str) -> None:
    assert state.words().startswith(words)
    assert state.can_print == (state.problem in (Problem.NONE, Problem.STOPPED))


def test_cups_server_follows_the_environment_then_client_conf(tmp_path: Path) -> None:
    assert cups_server({"CUPS_SERVER": "/tmp/cups.sock"}, tmp_path) == "/tmp/cups.sock"
    conf = tmp_path / ".cups" / "client.conf"
    conf.parent.mkdir()
    conf.write_text("# printing\nServerName printhost:8631\n", encoding="utf-8")
    assert cups_server({}, tmp_path) == "printhost:8631"


def test_cups_answers_only_when_something_listens(tmp_path: Path) -> None:
    path = tmp_path / "cups.sock"
    assert not cups_answers(str(path))
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
        listener.bind(str(path))
        listener.listen(1)
        assert cups_answers(str(path))
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        port = listener.getsockname()[1]
        assert not cups_answers(f"127.0.0.1:{port}", timeout=0.5)
        listener.listen(1)
        assert cups_answers(f"127.0.0.1:{port}")


def test_the_keyboard_reference_says_how_to_print(qtbot: QtBot) -> None:
    from jojotte_score.gui.window.help_menu import keyboard_reference

    sections = {section.title: dict(section.rows) for section in keyboard_reference()}
    printing = sections["Printing"]
    assert printing["Ctrl+P"].startswith("The print preview of the sheets")
    assert printing["Alt+F, then B or R"] == (
        "The print preview of blank pads, or of the scoring card"
    )
    assert "without a printer, save the pages as a PDF file" in printing["Enter, Ctrl+P"]
    assert printing["Esc"] == "Close the preview without printing"
