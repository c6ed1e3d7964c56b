"""The sheet widget: which rubber it shows, clicks, tooltips, zoom, and how it looks.

With ``JOJOTTE_SCREENSHOTS`` set to a folder, the German example sheet is saved there in a
light palette, a dark palette and at zoom 1.6.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QHelpEvent, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from jojotte_score.core.explanation import explain_hand
from jojotte_score.core.games import new_sitting, replay
from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import Variant
from jojotte_score.gui.pad.sheet_widget import SheetWidget
from jojotte_score.render.sheet_items import LineItem, SheetLayout, TextItem
from tests.core.builders import played
from tests.sitting_kinds import load_two_sided

DATA = Path(__file__).resolve().parents[2] / "data"


def german() -> Ledger:
    """The German worked example: one finished rubber, A 755, B 655."""
    return replay(load_two_sided(DATA / "german-example.json"))


def two_rubbers() -> Ledger:
    """The German example followed by two hands of a second rubber."""
    sitting = load_two_sided(DATA / "german-example.json")
    more = (played(1, "hearts", (40, 115), 1), played(0, "spades", (90, 55), 0))
    return replay(replace(sitting, hands=sitting.hands + more))


@pytest.fixture
def sheet(qtbot: QtBot) -> SheetWidget:
    widget = SheetWidget()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def current_layout(widget: SheetWidget) -> SheetLayout:
    layout = widget.sheet_layout()
    assert layout is not None
    return layout


def on_widget(widget: SheetWidget, item: TextItem) -> QPoint:
    """A point inside ``item``'s text (entries are right-aligned at ``x``)."""
    return widget.widget_point(item.x - item.size * 0.4, item.y).toPoint()


def click(widget: SheetWidget, position: QPoint) -> None:
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, position)


def test_a_ledger_with_two_rubbers_shows_the_newest_and_pages_back(
    qtbot: QtBot, sheet: SheetWidget
) -> None:
    ledger = two_rubbers()
    assert [r.totals for r in ledger.rubbers] == [(755, 655), (140, 180)]
    with qtbot.waitSignal(sheet.rubber_shown) as shown:
        sheet.set_ledger(ledger)
    assert shown.args == [2]
    assert (sheet.rubber_number(), sheet.rubber_count()) == (2, 2)
    layout = current_layout(sheet)
    assert layout.rubber_number == 2
    assert {t.side: t.text for t in layout.texts("total")} == {0: "140", 1: "180"}
    assert "Rubber 2 of 2" in [t.text for t in layout.texts("label")]

    sheet.setFocus()
    with qtbot.waitSignal(sheet.rubber_shown) as shown:
        QTest.keyClick(sheet, Qt.Key.Key_PageUp)
    assert shown.args == [1]
    assert sheet.rubber_number() == 1
    assert {t.side: t.text for t in current_layout(sheet).texts("total")} == {0: "755", 1: "655"}
    QTest.keyClick(sheet, Qt.Key.Key_PageUp)  # no rubber 0: stays
    assert sheet.rubber_number() == 1
    QTest.keyClick(sheet, Qt.Key.Key_PageDown)
    assert sheet.rubber_number() == 2
    QTest.keyClick(sheet, Qt.Key.Key_PageDown)  # no rubber 3: stays
    assert sheet.rubber_number() == 2

    sheet.show_rubber(1)
    assert sheet.rubber_number() == 1
    # A new ledger follows the newest hand again.
    sheet.set_ledger(ledger)
    assert sheet.rubber_number() == 2


def test_no_ledger_and_an_empty_ledger(sheet: SheetWidget) -> None:
    sheet.set_ledger(None)
    assert sheet.sheet_layout() is None
    assert (sheet.rubber_number(), sheet.rubber_count()) == (1, 0)
    sheet.set_ledger(replay(new_sitting(Variant.TWO_PLAYER, ("Ann", "Bob"))))
    layout = current_layout(sheet)
    assert layout.texts("entry") == ()
    assert {t.side: t.text for t in layout.texts("heading")} == {0: "Ann", 1: "Bob"}
    assert (sheet.rubber_number(), sheet.rubber_count()) == (1, 0)


def test_clicking_an_entry_activates_its_hand(qtbot: QtBot, sheet: SheetWidget) -> None:
    sheet.set_ledger(german())
    sheet.resize(sheet.sizeHint())
    layout = current_layout(sheet)
    for number, text in ((3, "220"), (6, "150"), (1, "35")):
        (item,) = [t for t in layout.entries_of_hand(number) if t.text == text]
        with qtbot.waitSignal(sheet.hand_activated) as activated:
            click(sheet, on_widget(sheet, item))
        assert activated.args == [number]
        assert sheet.selected_hand() == number
    # Off the rows nothing is activated.
    with qtbot.assertNotEmitted(sheet.hand_activated):
        click(sheet, QPoint(2, 2))


def test_the_tooltip_of_an_entry_is_its_hands_explanation(sheet: SheetWidget) -> None:
    ledger = german()
    sheet.set_ledger(ledger)
    sheet.resize(sheet.sizeHint())
    layout = current_layout(sheet)
    (item,) = [t for t in layout.entries_of_hand(4) if t.text == "300"]
    position = on_widget(sheet, item)
    expected = "\n".join(explain_hand(ledger.hands[3], ledger))
    assert expected.startswith("Hand 4 (rubber 1, game 3)")
    assert sheet.tooltip_at(QPointF(position)) == expected

    event = QHelpEvent(QEvent.Type.ToolTip, position, sheet.mapToGlobal(position))
    QApplication.sendEvent(sheet, event)
    try:
        assert QToolTip.text() == expected
    finally:
        QToolTip.hideText()
    assert sheet.tooltip_at(QPointF(2, 2)) == ""


def test_zoom_scales_the_size_hint(sheet: SheetWidget) -> None:
    sheet.set_ledger(german())
    layout = current_layout(sheet)
    plain = sheet.sizeHint()
    ratio = plain.height() / plain.width()
    assert abs(ratio - layout.height / layout.width) < 0.01
    sheet.set_zoom(2.0)
    zoomed = sheet.sizeHint()
    assert abs(zoomed.width() - 2 * plain.width()) <= 2
    assert abs(zoomed.height() - 2 * plain.height()) <= 2
    assert sheet.sheet_layout() is layout  # zoom scales; it does not lay out again
    sheet.set_zoom(100.0)
    assert sheet.zoom() == 4.0


@pytest.mark.parametrize("spare", [0, 1, 2, 3])
def test_a_sheet_fitted_to_its_room_is_no_taller(sheet: SheetWidget, spare: int) -> None:
    """A pixel over the room gave the pad's scroll area a scroll bar (the odd rooms)."""
    sheet.set_ledger(german())
    natural = sheet.sizeHint().height()
    assert natural >= current_layout(sheet).height * sheet.logicalDpiY() / 72.0
    room = natural * 4 // 5 + spare  # drawn smaller to fit it
    sheet.set_room(room)
    for width in (500, 716, 1000, 4000):
        assert sheet.heightForWidth(width) <= room, width
    assert sheet.heightForWidth(4000) >= room - 1


def test_selected_hand(sheet: SheetWidget) -> None:
    sheet.set_ledger(german())
    sheet.set_selected_hand(6)
    assert sheet.selected_hand() == 6
    sheet.set_selected_hand(None)
    assert sheet.selected_hand() is None


# Screenshots --------------------------------------------------------------------------


def light_palette() -> QPalette:
    palette = QPalette(QColor(239, 239, 239))
    palette.setColor(QPalette.ColorRole.Base, QColor(255, 255, 255))
    palette.setColor(QPalette.ColorRole.Text, QColor(20, 20, 20))
    palette.setColor(QPalette.ColorRole.Highlight, QColor(48, 140, 198))
    return palette


def dark_palette() -> QPalette:
    palette = QPalette(QColor(53, 53, 53))
    for role, color in (
        (QPalette.ColorRole.Window, QColor(45, 45, 45)),
        (QPalette.ColorRole.WindowText, QColor(230, 230, 230)),
        (QPalette.ColorRole.Base, QColor(30, 30, 30)),
        (QPalette.ColorRole.Text, QColor(232, 232, 232)),
        (QPalette.ColorRole.Highlight, QColor(80, 150, 230)),
    ):
        palette.setColor(role, color)
    return palette


@pytest.mark.parametrize(
    ("name", "palette", "zoom", "selected"),
    [
        ("sheet-light", light_palette, 1.0, None),
        ("sheet-dark", dark_palette, 1.0, 3),
        ("sheet-zoom-1.6", light_palette, 1.6, 6),
    ],
)
def test_screenshots(
    qtbot: QtBot,
    sheet: SheetWidget,
    name: str,
    palette: Callable[[], QPalette],
    zoom: float,
    selected: int | None,
) -> None:
    chosen = palette()
    sheet.setPalette(chosen)
    sheet.set_ledger(german())
    sheet.set_zoom(zoom)
    sheet.set_selected_hand(selected)
    sheet.resize(sheet.sizeHint())
    image = sheet.grab().toImage()
    assert image.width() >= sheet.sizeHint().width()
    # The background is the palette's Base colour; the heavy line is drawn in Text.
    assert image.pixelColor(2, 2) == chosen.color(QPalette.ColorRole.Base)
    layout = current_layout(sheet)
    (heavy,) = [i for i in layout.items if isinstance(i, LineItem) and i.role == "heavy"]
    line_point = sheet.widget_point(heavy.x1 + 10, heavy.y1).toPoint()
    assert image.pixelColor(line_point) == chosen.color(QPalette.ColorRole.Text)
    folder = os.environ.get("JOJOTTE_SCREENSHOTS", "").strip()
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        assert sheet.grab().save(str(Path(folder) / f"{name}.png"))
