"""Large print keeps the entry pane readable at a window of the usual size (1024×700,
1280×800), whichever way it came to the print:

- the focus keeper (what scrolls the field with the focus into view) scrolls the panel up or
  down only: scrolled sideways, it cut the rows' labels off at the left;
- a choice or a side's name wider than the pane breaks onto lines ("Anna (captain, with
  Carl) [1/A]" at zoom 3 ran off the panel's edge, and made the panel wider than its pane);
- the hand list's headings grow with the rows under them;
- a window started in large print (the zoom kept in the settings) is laid out as the window
  zoomed up to it while it runs.

Screenshots of the cases are saved (``$JOJOTTE_SCREENSHOTS``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.entry.entry_fields import ChoiceField, PairField
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.gui.window.settings import MAX_ZOOM, AppSettings
from jojotte_score.gui.window.window_sizes import FocusInView
from jojotte_score.i18n import use_language
from jojotte_score.presenters.session import Session
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import screenshot_folder, shown_window
from tests.gui.window.test_large_print import zoom_steps
from tests.stored_examples import GAMES, store_game

SIZES = {"1024x700": (1024, 700), "1280x800": (1280, 800)}
LARGE = [zoom for zoom in zoom_steps() if zoom > 2]  # four steps of Ctrl++, and the most


def settle() -> None:
    """Let the window's layouts settle, as its event loop does."""
    for _pass in range(10):
        QApplication.processEvents()


def game_window(
    qtbot: QtBot,
    store: SittingStore,
    settings: AppSettings,
    game: str,
    language: str,
    size: tuple[int, int],
) -> MainWindow:
    """A window at ``size`` showing the worked example of ``game``, in ``language``, in the
    print the settings hold."""
    use_language(language)
    store_game(store, game)
    window = shown_window(qtbot, Session(store), settings, size)
    settle()
    return window


def zoomed_up(window: MainWindow, zoom: float) -> None:
    """Ctrl++ until the print is ``zoom`` (or the largest there is)."""
    while window.settings.zoom < min(zoom, MAX_ZOOM) - 1e-6:
        window.named_actions[ActionName.ZOOM_IN].trigger()
        settle()
    settle()


def in_viewport(widget: QWidget, window: MainWindow) -> QRect:
    """``widget``'s rectangle in the panel's viewport."""
    return QRect(widget.mapTo(window.panel_area.viewport(), QPoint(0, 0)), widget.size())


def texts_of(window: MainWindow) -> list[QWidget]:
    """The panel's choices, sides' names and rows' labels in sight."""
    panel = window.panel
    shown: list[QWidget] = [label for label in panel.row_labels.values() if label.isVisible()]
    for field in panel.findChildren(ChoiceField):
        if field.isVisible():
            shown += [button for button in field.buttons() if button.isVisible()]
    for pair in panel.findChildren(PairField):
        if pair.isVisible():
            shown += [label for label in pair.side_labels if label.isVisible()]
    return shown


@pytest.mark.parametrize("row", ["melds", "card_points", "tricks"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_focus_keeper_scrolls_up_or_down_only(
    qtbot: QtBot,
    store: SittingStore,
    settings: AppSettings,
    tmp_path: Path,
    row: str,
    language: str,
) -> None:
    """A panel wider than its pane (the German chouette's at zoom 3 was, by 28 pixels at
    1280×800) keeps its left edge in sight as the focus goes to a right-hand box: the rows'
    labels stand there."""
    window = game_window(qtbot, store, settings, "partnership", language, (1024, 700))
    zoomed_up(window, MAX_ZOOM)
    area, panel = window.panel_area, window.panel
    panel.setMinimumWidth(area.viewport().width() + 300)
    settle()
    bar = area.horizontalScrollBar()
    assert bar.maximum() >= 300
    pair = getattr(panel, row)
    assert isinstance(pair, PairField)
    box = pair.edits[1]
    assert in_viewport(box, window).left() > area.viewport().width()  # beyond the right edge
    window.activateWindow()
    box.setFocus()
    settle()
    FocusInView(area, panel).show_focus()
    settle()
    assert bar.value() == 0
    label = in_viewport(panel.row_labels[row], window)
    assert label.left() >= 0
    box_rect = in_viewport(box, window)
    assert box_rect.top() >= 0
    assert box_rect.bottom() <= area.viewport().height()
    window.grab().save(str(screenshot_folder(tmp_path) / f"focus-{row}-{language}.png"))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_choices_and_names_wrap_in_large_print(
    qtbot: QtBot,
    store: SittingStore,
    settings: AppSettings,
    tmp_path: Path,
    game: str,
    language: str,
    size: str,
) -> None:
    """Each choice, side's name and row label lies inside the pane, as wide and as tall as
    its text (on the lines it is broken onto) asks: none is cut at the pane's edge or at
    its own, and the panel never scrolls sideways."""
    window = game_window(qtbot, store, settings, game, language, SIZES[size])
    folder = screenshot_folder(tmp_path)
    for zoom in LARGE:
        zoomed_up(window, zoom)
        where = f"{game} {language} {size} at zoom {zoom:.2f}"
        viewport = window.panel_area.viewport()
        assert window.panel.width() <= viewport.width(), where
        shown = texts_of(window)
        assert len(shown) > 20, where
        for widget in shown:
            text = widget.text() if isinstance(widget, QLabel) else widget.accessibleName()
            rect = in_viewport(widget, window)
            assert rect.left() >= 0, f"{where}: {text}"
            assert rect.right() < viewport.width(), f"{where}: {text}"
            hint = widget.sizeHint()
            assert widget.width() >= hint.width(), f"{where}: {text}"
            assert widget.height() >= hint.height(), f"{where}: {text}"
        window.grab().save(str(folder / f"wrapped-{game}-{language}-{size}-{zoom:.2f}.png"))


def test_a_long_choice_breaks_at_its_spaces_and_is_whole_again_in_the_usual_print(
    qtbot: QtBot, store: SittingStore, settings: AppSettings
) -> None:
    """The chouette's "Anna (captain, with Carl) [1/A]" at zoom 3 in a 1024×700 window is
    on two lines, each word whole; back at the usual print it is on one line again, and so
    is every other choice."""
    window = game_window(qtbot, store, settings, "chouette", "en", (1024, 700))
    zoomed_up(window, MAX_ZOOM)
    buttons = window.panel.dealer.buttons()
    captain = next(button for button in buttons if "captain" in button.text())
    assert captain.text().count("\n") >= 1
    assert captain.text().replace("\n", " ") == "Anna (captain, with Carl) [1/A]"
    window.set_zoom(1.0)
    settle()
    for field in window.panel.findChildren(ChoiceField):
        for button in field.buttons():
            assert "\n" not in button.text(), button.text()
    for pair in window.panel.findChildren(PairField):
        for label in pair.side_labels:
            assert "\n" not in label.text(), label.text()


@pytest.mark.parametrize("started", [False, True], ids=["zoomed", "started"])
def test_the_hand_list_headings_take_the_large_print(
    qtbot: QtBot, store: SittingStore, settings: AppSettings, started: bool
) -> None:
    """The headings of the hand list are as large as its rows, whether the window started
    in large print or was zoomed to it (started at zoom 3, they kept the usual print)."""
    if started:
        settings.zoom = MAX_ZOOM
    window = game_window(qtbot, store, settings, "partnership", "en", (1280, 800))
    zoomed_up(window, MAX_ZOOM)
    table = window.table
    size = QApplication.font().pointSizeF() * MAX_ZOOM
    assert table.font().pointSizeF() == pytest.approx(size)
    assert table.horizontalHeader().font().pointSizeF() == pytest.approx(size)
    assert table.verticalHeader().font().pointSizeF() == pytest.approx(size)
    line = table.horizontalHeader().fontMetrics().lineSpacing()
    assert table.horizontalHeader().height() >= 2 * line  # a side's name above "above"


def layout_of(window: MainWindow) -> list[tuple[str, tuple[int, int, int, int], str]]:
    """Every widget in sight in the window: its class, geometry and text (if any)."""
    laid_out = []
    for widget in [window, *window.findChildren(QWidget)]:
        if widget is window or (widget.isVisible() and not widget.isWindow()):
            text = getattr(widget, "text", None)
            shown = text() if callable(text) else ""
            rect = widget.geometry()
            place = (rect.x(), rect.y(), rect.width(), rect.height())
            laid_out.append((type(widget).__name__, place, str(shown)))
    return laid_out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_started_in_large_print_as_zoomed_to_it(
    qtbot: QtBot,
    store: SittingStore,
    settings: AppSettings,
    tmp_path: Path,
    game: str,
    language: str,
    size: str,
) -> None:
    """A window started at zoom 3 (the settings keep the zoom) and one zoomed up to 3 with
    Ctrl++ show the same window: every widget at the same place and size, each choice on
    the same lines (the hand list's headings kept the usual print at start-up, and the
    list was given the height of their smaller line)."""
    zoomed = game_window(qtbot, store, settings, game, language, SIZES[size])
    zoomed_up(zoomed, MAX_ZOOM)
    expected = layout_of(zoomed)
    folder = screenshot_folder(tmp_path)
    zoomed.grab().save(str(folder / f"zoomed-{game}-{language}-{size}.png"))
    zoomed.close()
    settings.zoom = MAX_ZOOM
    started = shown_window(qtbot, Session(store), settings, SIZES[size])
    settle()
    assert started.settings.zoom == MAX_ZOOM
    started.grab().save(str(folder / f"started-{game}-{language}-{size}.png"))
    found = layout_of(started)
    assert len(found) == len(expected)
    assert [f for f, e in zip(found, expected, strict=True) if f != e] == []
