"""The core's messages where the window shows them, in German: a refused hand's message
beside its field and the meld helper's reasons, with screenshots to look at for clipping."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import Scorer
from jojotte_score.core.melds import DeclaredMelds, Rank, Run, Suit
from jojotte_score.core.model import PlayedHand, Rules, Trump, Variant
from jojotte_score.gui.entry.entry_panel import EntryPanel
from jojotte_score.gui.entry.meld_dialog import MeldDialog
from tests.gui.entry.test_entry_panel import error_text, screenshot

pytestmark = pytest.mark.usefixtures("german")


def test_a_refused_hand_says_why_in_german(qtbot: QtBot) -> None:
    panel = EntryPanel()
    qtbot.addWidget(panel)
    panel.set_context(
        Variant.TWO_PLAYER,
        ("Anna", "Bert"),
        Rules(),
        Scorer(find_game(Variant.TWO_PLAYER), Rules()),
        0,
    )
    panel.new_hand()
    panel.resize(560, 760)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    panel.new_hand()
    panel.edit_hand(0, PlayedHand(0, Trump.HEARTS, (92, 50), 0))
    message = error_text(panel, "card_points[0]")
    assert "Die Kartenpunkte von Anna (92) müssen im Trumpfspiel ein Vielfaches von 5" in message
    assert "zwischen 0 und 155 sein" in message
    screenshot(panel, "entry-panel-error-de")


def test_the_meld_helper_reasons_in_german(qtbot: QtBot) -> None:
    dialog = MeldDialog(Trump.HEARTS, ("Anna", "Bert"))
    qtbot.addWidget(dialog)
    dialog.set_declared(
        0, DeclaredMelds(fours=(Rank.JACK,), runs=(Run(4, Rank.QUEEN, Suit.HEARTS),))
    )
    dialog.set_declared(1, DeclaredMelds(fours=(Rank.ACE,), runs=(Run(3, Rank.ACE, Suit.SPADES),)))
    dialog.show()
    qtbot.waitExposed(dialog)
    text = dialog.decision_label.text()
    assert "Klasse A: Die vier Buben von Anna schlagen vier Asse" in text
    assert "vier Buben = 1 × 100 = 100 für Anna." in text
    assert "Klasse B: Die Herz-Folge von 4 Karten ab Dame (D-B-10-9) von Anna" in text
    screenshot(dialog, "meld-helper-de")
