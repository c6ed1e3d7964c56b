"""The window's sharing under attack on the loopback (tests/share/attacks.py): while 8
addresses × 8 sockets hold requests that never finish or event streams that never read, a
phone gets the whole page within a second every time, and a hand recorded in the window
reaches it."""

from __future__ import annotations

import dataclasses
import time

import pytest
from pytestqt.qtbot import QtBot

from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.sharing import share_dialog
from jojotte_score.gui.sitting.commands import AddHand
from jojotte_score.gui.window.main_window import MainWindow
from tests.share.attacks import Attack, Kind, load_page
from tests.share.helpers import request
from tests.share.test_attacks import pytestmark as loopback_addresses
from tests.stored_examples import example_sitting

pytestmark = loopback_addresses


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page is served on the loopback, whatever the machine's network."""
    monkeypatch.setattr(share_dialog, "lan_address", lambda: "127.0.0.1")


@pytest.mark.parametrize("kind", ["slowloris", "streams"])
def test_the_windows_page_reaches_a_phone_while_attacked(
    kind: Kind, main_window: MainWindow, qtbot: QtBot
) -> None:
    sitting = example_sitting("two-player")
    sitting_id = main_window.session.store.import_sitting(
        dataclasses.replace(sitting, hands=sitting.hands[:-1])
    )
    main_window.open_sitting_id(sitting_id)
    main_window.named_actions[ActionName.SHARE].trigger()
    sharing = main_window.sharing
    assert sharing is not None
    server = sharing.server
    with Attack(kind, server.port, server.token, drip=1.0, duration=20) as attack:
        qtbot.waitUntil(lambda: attack.opened >= 64, timeout=10_000)
        qtbot.wait(1000)
        loads = []
        for _load in range(8):
            loads.append(load_page(server.port, server.token))
            qtbot.wait(200)
        main_window.undo_stack.push(AddHand(main_window.session, sitting.hands[-1]))
        began = time.monotonic()
        view = request(server, "view.json", timeout=1.0).json()
        assert time.monotonic() - began < 1.0
    assert [took is not None for took in loads] == [True] * 8
    assert view["last_hand"].startswith(f"Hand {len(sitting.hands)} ")
