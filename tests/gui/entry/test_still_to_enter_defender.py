"""What "Still to enter" names in the three-player and cutthroat panel: not the active
defender of an undoubled hand while the panel will fill him in itself (issue 41). He is
filled in with the player the rules ask first (docs/RULES.md, "Who is asked to defend")
once the declarer and, in cutthroat, the dealer are known; until then the line names those
rows. He is named where the scorekeeper must choose him: in a doubled Nullo (T16a; an
edited hand whose defender became its bidder, tests/gui/entry/test_defender_suggested.py)."""

from __future__ import annotations

import pytest
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Doubling, Special, Variant
from jojotte_score.gui.entry.entry_panel import EntryPanel
from jojotte_score.gui.entry.form_rules import Slot
from jojotte_score.i18n import use_language
from tests.gui.entry.conftest import FOUR, THREE, Submissions, make_panel
from tests.gui.keyboard import ENTER, Keyboard


def still_to_enter(panel: EntryPanel) -> str:
    """The preview's line of what is missing."""
    lines = panel.preview.toPlainText().splitlines()
    return next(line for line in lines if line.startswith(("Still to enter", "Noch einzutragen")))


def panel_for(qtbot: QtBot, language: str, variant: Variant) -> EntryPanel:
    """A new hand's panel: three players with Carl dealing, or cutthroat with no dealer yet."""
    use_language(language)
    if variant is Variant.THREE_PLAYER:
        return make_panel(qtbot, Submissions(), variant, THREE, dealer=2)
    return make_panel(qtbot, Submissions(), variant, FOUR, dealer=None)


def doubled_nullo(panel: EntryPanel) -> None:
    """Doubled, and Nullo: the rows a key chooses in, whatever has the focus."""
    panel.double.setFocus()
    QTest.keyClicks(panel.double, "X")
    panel.special.setFocus()
    QTest.keyClicks(panel.special, "N")
    assert panel.double.value() is Doubling.DOUBLE
    assert panel.special.value() is Special.NULLO


THREE_PLAYER, CUTTHROAT = Variant.THREE_PLAYER, Variant.CUTTHROAT


@pytest.mark.parametrize(
    ("language", "variant", "keys", "expected"),
    [
        # Nothing typed: the bidder is asked for, and the defender follows from him.
        (
            "en",
            THREE_PLAYER,
            "",
            "Still to enter: the bidder, the trump, both players' card points, "
            "who won the last trick.",
        ),
        (
            "de",
            THREE_PLAYER,
            "",
            "Noch einzutragen: der Kontraktspieler, der Trumpf, die Kartenpunkte beider "
            "Spieler, wer den letzten Stich gemacht hat.",
        ),
        # Cutthroat without a dealer: the suggestion passes over the dealer, who is asked.
        (
            "en",
            CUTTHROAT,
            "",
            "Still to enter: the dealer, the bidder, the trump, both players' card points, "
            "who won the last trick.",
        ),
        (
            "de",
            CUTTHROAT,
            "",
            "Noch einzutragen: der Geber, der Kontraktspieler, der Trumpf, die Kartenpunkte "
            "beider Spieler, wer den letzten Stich gemacht hat.",
        ),
        (
            "en",
            CUTTHROAT,
            "D",
            "Still to enter: the bidder, the trump, both players' card points, "
            "who won the last trick.",
        ),
        # Dora dealt, Anna bid: Bert, to her left, is filled in.
        (
            "en",
            CUTTHROAT,
            "DA",
            "Still to enter: the trump, both players' card points, who won the last trick.",
        ),
        (
            "de",
            CUTTHROAT,
            "DA",
            "Noch einzutragen: der Trumpf, die Kartenpunkte beider Spieler, "
            "wer den letzten Stich gemacht hat.",
        ),
    ],
)
def test_an_undoubled_hand_names_no_defender_the_panel_fills_in(
    qtbot: QtBot, language: str, variant: Variant, keys: str, expected: str
) -> None:
    panel = panel_for(qtbot, language, variant)
    Keyboard(qtbot).type(keys)
    assert still_to_enter(panel) == expected
    assert panel.active_defender.value() == (1 if keys == "DA" else None)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            "Still to enter: the bidder, the trump, who doubled, whom the third player sided with, "
            "the Nullo bidder, the active defender, both players' card points, "
            "both players' tricks.",
        ),
        (
            "de",
            "Noch einzutragen: der Kontraktspieler, der Trumpf, wer kontriert hat, zu wem der "
            "dritte Spieler hält, der Nullspieler, der aktive Verteidiger, die Kartenpunkte "
            "beider Spieler, die Stiche beider Spieler.",
        ),
    ],
)
@pytest.mark.parametrize("variant", [THREE_PLAYER, CUTTHROAT])
def test_a_doubled_nullo_names_the_defender_the_scorekeeper_chooses(
    qtbot: QtBot, language: str, expected: str, variant: Variant
) -> None:
    panel = panel_for(qtbot, language, variant)
    if variant is CUTTHROAT:
        Keyboard(qtbot).type("D")
    doubled_nullo(panel)
    assert still_to_enter(panel) == expected


def test_enter_on_an_empty_hand_asks_for_the_bidder_not_the_defender(qtbot: QtBot) -> None:
    panel = panel_for(qtbot, "en", THREE_PLAYER)
    Keyboard(qtbot).press(ENTER)
    assert panel.errors["bidder"].text() == "⚠ Who named the trump?"
    assert panel.errors["active_defender"].isHidden()
    assert panel.errors["active_defender"].text() == ""
    assert panel.form.first_slot(panel.values()) is Slot.BIDDER
