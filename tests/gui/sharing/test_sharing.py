"""File > Share with the table…: the action starts and stops the page's server, the dialog
shows the QR code and the address, a recorded hand reaches the page, the status line counts
the phones, closing the window closes the port. Loopback only."""

from __future__ import annotations

import dataclasses
import socket
from pathlib import Path

import pytest
import segno
from pytestqt.qtbot import QtBot

from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.sharing import share_dialog
from jojotte_score.gui.sitting.commands import AddHand
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.i18n import use_language
from jojotte_score.share.server import ShareServer
from tests.gui.conftest import Messages, screenshot_folder
from tests.share.helpers import EventReader, request
from tests.stored_examples import example_sitting, store_game

_A = ActionName


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page is served on the loopback, whatever the machine's network."""
    monkeypatch.setattr(share_dialog, "lan_address", lambda: "127.0.0.1")


def share(window: MainWindow, qtbot: QtBot) -> ShareServer:
    """Choose File > Share with the table…; the server, listening."""
    window.named_actions[_A.SHARE].trigger()
    sharing = window.sharing
    assert sharing is not None
    qtbot.waitUntil(sharing.dialog.isVisible)
    return sharing.server


def refused(port: int) -> bool:
    assert port > 0
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except ConnectionRefusedError:
        return True
    return False


def test_the_action_starts_and_stops_the_server(main_window: MainWindow, qtbot: QtBot) -> None:
    main_window.open_sitting_id(store_game(main_window.session.store, "chouette"))
    assert main_window.sharing is None
    server = share(main_window, qtbot)
    assert main_window.named_actions[_A.SHARE].isChecked()
    assert server.running
    sharing = main_window.sharing
    assert sharing is not None
    dialog = sharing.dialog
    assert dialog.address.text() == server.url
    assert server.url.startswith(f"http://127.0.0.1:{server.port}/{server.token}/")
    assert dialog.address.isReadOnly()
    assert not dialog.offline.isHidden()  # served on the loopback: only this computer reaches it
    size = segno.make(server.url, error="m", micro=False).symbol_size(scale=6, border=4)
    assert (dialog.qr.pixmap().width(), dialog.qr.pixmap().height()) == size
    assert request(server, "view.json").json()["columns"][0]["name"] == "Anna"

    main_window.named_actions[_A.SHARE].trigger()  # off again
    assert main_window.sharing is None
    assert not server.running
    assert refused(server.port)
    assert not dialog.isVisible()


def test_the_dialogs_stop_button_stops_sharing(main_window: MainWindow, qtbot: QtBot) -> None:
    server = share(main_window, qtbot)
    sharing = main_window.sharing
    assert sharing is not None
    sharing.dialog.stop_button.click()
    assert main_window.sharing is None
    assert not main_window.named_actions[_A.SHARE].isChecked()
    assert refused(server.port)


def test_the_address_is_copied(main_window: MainWindow, qtbot: QtBot) -> None:
    server = share(main_window, qtbot)
    sharing = main_window.sharing
    assert sharing is not None
    sharing.dialog.copy_address()
    from PySide6.QtGui import QGuiApplication

    assert QGuiApplication.clipboard().text() == server.url


@pytest.mark.parametrize("game", ["two-player", "cutthroat"])
def test_a_recorded_hand_and_its_undo_reach_the_page(
    game: str, main_window: MainWindow, qtbot: QtBot
) -> None:
    sitting = example_sitting(game)
    last = sitting.hands[-1]
    sitting_id = main_window.session.store.import_sitting(
        dataclasses.replace(sitting, hands=sitting.hands[:-1])
    )
    main_window.open_sitting_id(sitting_id)
    server = share(main_window, qtbot)
    reader = EventReader(server)
    try:
        before = reader.next_view()
        main_window.undo_stack.push(AddHand(main_window.session, last))
        after = reader.next_view()
        shown = main_window.session.shown
        assert shown is not None
        rubber = shown.pad.rubber(shown.pad.newest_rubber)
        assert rubber is not None
        assert [column["total"] for column in after["columns"]] == list(rubber.totals)
        assert after["revision"] == before["revision"] + 1
        assert after["last_hand"].startswith(f"Hand {len(sitting.hands)} ")
        main_window.undo_stack.undo()
        undone = reader.next_view()
        assert undone["columns"] == before["columns"]
    finally:
        reader.close()


def test_the_status_line_counts_the_phones(main_window: MainWindow, qtbot: QtBot) -> None:
    server = share(main_window, qtbot)
    sharing = main_window.sharing
    assert sharing is not None
    assert sharing.label.text() == "Shared with the table; no phone has the page open yet"
    readers = [EventReader(server) for _ in range(2)]
    try:
        for reader in readers:
            reader.next_view()
        qtbot.waitUntil(
            lambda: sharing.label.text().endswith("; 2 phones have the page open"), timeout=5000
        )
        assert (
            sharing.dialog.followers.text() == "Shared with the table; 2 phones have the page open"
        )
        readers.pop().close()
        qtbot.waitUntil(
            lambda: sharing.label.text().endswith("; 1 phone has the page open"), timeout=5000
        )
    finally:
        for reader in readers:
            reader.close()


def test_closing_the_window_closes_the_port(main_window: MainWindow, qtbot: QtBot) -> None:
    server = share(main_window, qtbot)
    reader = EventReader(server)
    reader.next_view()
    main_window.close()
    assert not server.running
    assert refused(server.port)
    with pytest.raises(EOFError):
        reader.next_view()
    reader.close()


def test_an_address_that_cannot_be_used_is_said(
    main_window: MainWindow, qtbot: QtBot, messages: Messages, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(share_dialog, "lan_address", lambda: "192.0.2.1")  # not this machine's
    main_window.named_actions[_A.SHARE].trigger()
    assert main_window.sharing is None
    assert not main_window.named_actions[_A.SHARE].isChecked()
    assert len(messages) == 1
    assert messages[0].startswith("The score cannot be shared on 192.0.2.1: ")


def test_a_new_language_keeps_the_page(main_window: MainWindow, qtbot: QtBot) -> None:
    server = share(main_window, qtbot)
    use_language("de")  # as View > Language does, before it rebuilds the window
    window = main_window.rebuild()
    qtbot.addWidget(window)
    assert window.sharing is not None
    assert window.sharing.server is server
    assert server.running
    assert window.named_actions[_A.SHARE].isChecked()
    assert (
        window.sharing.label.text()
        == "Mit dem Tisch geteilt; noch hat kein Handy die Seite geöffnet"
    )
    window.close()
    assert refused(server.port)


def test_the_dialog_looks_right(
    main_window: MainWindow, qtbot: QtBot, tmp_path: Path, german: None
) -> None:
    """A screenshot of the dialog, to look at (in German: the longer words)."""
    main_window.open_sitting_id(store_game(main_window.session.store, "two-player"))
    share(main_window, qtbot)
    sharing = main_window.sharing
    assert sharing is not None
    image = sharing.dialog.grab()
    image.save(str(screenshot_folder(tmp_path) / "share-dialog.png"))
    assert image.width() >= sharing.dialog.qr.pixmap().width()
    assert sharing.dialog.address.width() >= sharing.dialog.address.fontMetrics().horizontalAdvance(
        sharing.dialog.address.text()
    )


def test_on_a_network_the_dialog_says_nothing_of_the_loopback() -> None:
    assert share_dialog.on_loopback("http://127.0.0.1:8000/token/")
    assert share_dialog.on_loopback("http://[::1]:8000/token/")
    assert not share_dialog.on_loopback("http://192.168.1.20:8000/token/")
    assert not share_dialog.on_loopback("http://[fe80::1]:8000/token/")
