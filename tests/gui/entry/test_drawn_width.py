"""A row label's drawn width, measured run by run, is the width Qt draws it at.

Qt draws a label's underlined Alt letter as a run of its own: "&Trumpf" is the runs "T"
and "rumpf", shaped apart. ``drawn_width`` measures the runs apart, without formats, so
that start-up does without Qt's text format classes; here it is held to one layout of the
whole text with the letter's underline as a format, which is how Qt itemizes the label it
draws, for every row label in English and German (the labels every game's panel shows are
among them), at the usual size and each large-print step, bold or not, in the fonts the
tests and the app draw with.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QTextCharFormat, QTextLayout
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from jojotte_score.gui.entry.entry_fields import drawn_width
from jojotte_score.gui.entry.form_rules import ROW_LABELS, row_label
from jojotte_score.i18n import use_language
from jojotte_score.render.fonts import register_fonts
from tests.gui.window.test_large_print import zoom_steps


def width_with_underline_format(text: str, font: QFont) -> float:
    """The natural width of ``text`` ("Tr&ump") laid out in one layout, its Alt letter
    underlined by a format range, as Qt lays out the label it draws."""
    underlined = text.index("&")
    plain = text.replace("&", "", 1)
    layout = QTextLayout(plain, font)
    letter = QTextLayout.FormatRange()
    letter.start, letter.length = underlined, 1
    letter.format = QTextCharFormat()
    letter.format.setFontUnderline(True)
    layout.setFormats([letter])
    layout.beginLayout()
    line = layout.createLine()
    layout.endLayout()
    return line.naturalTextWidth()


def label_texts() -> list[str]:
    """Every row label of the entry panel, in English and in German."""
    texts = []
    for language in ("en", "de"):
        use_language(language)
        texts += [row_label(row) for row in ROW_LABELS]
    return texts


def test_the_row_labels_have_an_alt_letter_each_in_both_languages(qtbot: QtBot) -> None:
    texts = label_texts()
    assert len(texts) == 2 * len(ROW_LABELS) == 30
    assert "&Trumpf" in texts
    assert "&Active defender" in texts
    assert all(text.count("&") == 1 for text in texts), texts


@pytest.mark.parametrize("family", ["application", "bundled", "Serif"])
def test_the_width_measured_run_by_run_is_the_width_drawn(family: str, qtbot: QtBot) -> None:
    buddy = QLineEdit()
    qtbot.addWidget(buddy)
    base = QApplication.font()
    if family == "bundled":
        base.setFamily(register_fonts())
    elif family != "application":
        base.setFamily(family)
    sizes = sorted(
        {base.pointSizeF() * zoom for zoom in zoom_steps()} | {x / 2 for x in range(12, 49)}
    )
    differing = []
    cases = 0
    for text in label_texts():
        label = QLabel(text)
        label.setBuddy(buddy)
        for size in sizes:
            for bold in (False, True):
                font = QFont(base)
                font.setPointSizeF(size)
                font.setBold(bold)
                label.setFont(font)
                expected = width_with_underline_format(text, label.font())
                cases += 1
                if drawn_width(label) != expected:
                    differing.append((text, size, bold, drawn_width(label), expected))
    assert cases == 30 * len(sizes) * 2
    assert differing == []


def test_a_label_without_a_buddy_is_measured_as_one_run(qtbot: QtBot) -> None:
    font = QFont(QApplication.font())
    font.setPointSizeF(17.6)
    label = QLabel("&Trumpf")
    label.setFont(font)
    layout = QTextLayout("Trumpf", label.font())
    layout.beginLayout()
    line = layout.createLine()
    layout.endLayout()
    assert drawn_width(label) == line.naturalTextWidth()
    buddy = QLineEdit()
    qtbot.addWidget(buddy)
    label.setBuddy(buddy)
    # Drawn as "T" and "rumpf", without the kerning between them: wider than one run.
    assert drawn_width(label) > line.naturalTextWidth()
