"""The hand list's wrapped widths: a text broken onto two lines between two words, at the
break that makes the wider line narrowest, found by halving (start-up measured each break
of the newest rows' notes, two texts a break). The width found is the one every break tried
finds, for every contract, card points and notes text of the five worked examples in English
and German, and a long note is measured a few times, not twice a break."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.pad.hand_model import Column
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.window_sizes import narrowest_break
from jojotte_score.i18n import use_language

DATA = Path(__file__).resolve().parents[2] / "data"
EXAMPLES = ("german", "partnership", "three-player", "chouette", "cutthroat")
LONG_NOTE = "Partie und Robber 3 an Bert und Anna; Carl zahlt doppelt, da er verdoppelt hat"


def every_break(words: list[str], advance: Callable[[str], int]) -> int:
    """The narrowest wider line, every break tried (as the list measured before)."""
    width = advance(" ".join(words))
    for cut in range(1, len(words)):
        first = advance(" ".join(words[:cut]))
        second = advance(" ".join(words[cut:]))
        width = min(width, max(first, second))
    return width


def example_texts(main_window: MainWindow, qtbot: QtBot) -> set[str]:
    """Every contract, card points and notes text the hand list shows for the examples."""
    texts: set[str] = set()
    for name in EXAMPLES:
        sitting = load_sitting(DATA / f"{name}-example.json").sitting
        main_window.open_sitting_id(main_window.session.store.import_sitting(sitting))
        qtbot.wait(1)
        model = main_window.model
        for row in range(model.rowCount()):
            cells = model.row_texts(row)
            texts.update((cells[Column.CONTRACT], cells[Column.POINTS], model.notes(row)))
    return {text for text in texts if text}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_break_found_is_the_narrowest_of_every_break(
    language: str, main_window: MainWindow, qtbot: QtBot
) -> None:
    use_language(language)
    try:
        texts = example_texts(main_window, qtbot)
    finally:
        use_language("en")
    metrics = QFontMetrics(main_window.table.font())
    assert len(texts) > 40
    assert any(len(text.split(" ")) >= 6 for text in texts)  # notes of many words among them
    for text in texts:
        words = text.split(" ")
        expected = every_break(words, metrics.horizontalAdvance)
        assert (
            min(metrics.horizontalAdvance(text), narrowest_break(words, metrics.horizontalAdvance))
            == expected
        ), text


@pytest.mark.parametrize(
    "text",
    [
        "Partie",
        "game to Bert",
        "gewinnt 150 aus dem Keller; Partie und Robber 1 an A",
        "Anna  and   Bert win a game with two  spaces",  # empty words between spaces
        "zusammengeworfen",
        "a bb ccc dddd eeeee ffffff ggggggg hhhhhhhh iiiiiiiii jjjjjjjjjj kkkkkkkkkkk",
        "kkkkkkkkkkk jjjjjjjjjj iiiiiiiii hhhhhhhh ggggggg ffffff eeeee dddd ccc bb a",
    ],
)
def test_made_up_texts_break_as_every_break_would(text: str, qapp: QApplication) -> None:
    metrics = QFontMetrics(qapp.font())
    words = text.split(" ")
    found = min(metrics.horizontalAdvance(text), narrowest_break(words, metrics.horizontalAdvance))
    assert found == every_break(words, metrics.horizontalAdvance)


def test_a_long_note_is_measured_a_few_times_not_twice_a_break(qapp: QApplication) -> None:
    metrics = QFontMetrics(qapp.font())
    measured: list[str] = []

    def advance(text: str) -> int:
        measured.append(text)
        return metrics.horizontalAdvance(text)

    words = LONG_NOTE.split(" ")
    breaks = len(words) - 1  # 14: every break tried measured 28 texts
    narrowest_break(words, advance)
    assert len(measured) == len(set(measured))  # none twice
    assert len(measured) <= 2 * math.ceil(math.log2(breaks)) + 2
