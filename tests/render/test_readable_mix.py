"""The pad's quiet and selected colours (``readable_mix``): the same colour as the search step
by step finds, for light, dark and faint palettes, and the search made once for the colours
it is asked for: each paint of the pad asks again for the same two, and the search took
about 4 M instructions a paint (callgrind)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from jojotte_score.render import sheet_painter
from jojotte_score.render.contrast import contrast
from jojotte_score.render.sheet_painter import QUIET_CONTRAST, SELECTED_TINT, readable_mix

PALETTES = {  # text, base, highlight
    "light": ("#000000", "#ffffff", "#308cc6"),
    "dark": ("#eff0f1", "#232629", "#3daee9"),
    "high contrast": ("#ffffff", "#000000", "#1aebff"),
    "faint": ("#8a8a8a", "#ffffff", "#308cc6"),  # even the text is under 9:1
}


def step_by_step(
    color: QColor, background: QColor, amount: float, toward: QColor | None = None
) -> QColor:
    """The colour searched for afresh, a hundredth at a time (as the painter did)."""
    target = background if toward is None else toward
    step = amount
    while step > 0:
        keep = 1.0 - step
        mixed = QColor.fromRgbF(
            color.redF() * keep + target.redF() * step,
            color.greenF() * keep + target.greenF() * step,
            color.blueF() * keep + target.blueF() * step,
        )
        if contrast(mixed.name(), background.name()) >= QUIET_CONTRAST:
            return mixed
        step = round(step - 0.01, 2)
    return QColor(color)


def tinted(base: QColor, highlight: QColor) -> QColor:
    """The selected hand's rows: the base tinted with the highlight."""
    keep = 1.0 - SELECTED_TINT
    return QColor.fromRgbF(
        base.redF() * keep + highlight.redF() * SELECTED_TINT,
        base.greenF() * keep + highlight.greenF() * SELECTED_TINT,
        base.blueF() * keep + highlight.blueF() * SELECTED_TINT,
    )


@pytest.mark.parametrize("palette", PALETTES)
def test_the_quiet_and_selected_colours_are_those_searched_step_by_step(
    palette: str, qapp: QApplication
) -> None:
    text, base, highlight = (QColor(name) for name in PALETTES[palette])
    rows = tinted(base, highlight)
    for _ in range(2):  # as searched, then as kept
        quiet = readable_mix(text, base, 0.45)
        assert quiet == step_by_step(text, base, 0.45)
        marked = readable_mix(text, rows, 1.0, highlight)
        assert marked == step_by_step(text, rows, 1.0, highlight)
    if palette == "faint":
        assert readable_mix(text, base, 0.45).name() == "#8a8a8a"  # not moved at all
    else:
        assert contrast(quiet.name(), base.name()) >= QUIET_CONTRAST
        assert quiet != text


def test_the_search_is_made_once_for_the_colours_asked(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    compared: list[tuple[str, str]] = []

    def counted(first: str, second: str) -> float:
        compared.append((first, second))
        return contrast(first, second)

    monkeypatch.setattr(sheet_painter, "contrast", counted)
    sheet_painter._readable_step.cache_clear()
    text, base, highlight = QColor("#101820"), QColor("#fbfaf5"), QColor("#2a6fdb")
    first = readable_mix(text, tinted(base, highlight), 1.0, highlight)
    assert len(compared) > 10  # a step at a time toward the highlight
    compared.clear()
    again = readable_mix(text, tinted(base, highlight), 1.0, highlight)
    assert again == first
    assert compared == []
    assert again is not first  # a colour of its own, which the caller may change
