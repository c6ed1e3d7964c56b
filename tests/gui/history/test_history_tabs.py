"""The history window's Statistics and Plots tabs over the stored worked examples: the
figures a player checks, each plot with its summary in words, the plots as PNG and the
season report as PDF; screenshots of the plots in the light and the dark palette."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import ThrownIn
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.history.history_rows import Column
from jojotte_score.gui.history.history_window import HistoryWindow
from jojotte_score.gui.history.plots_view import PlotsView
from jojotte_score.gui.history.statistics_view import StatisticsView
from jojotte_score.gui.sitting.commands import AddHand
from jojotte_score.gui.window.main_window import MainWindow
from tests.gui.conftest import screenshot_folder
from tests.gui.window.test_screenshots import DARK, LIGHT, app_palette, palette

DATA = Path(__file__).resolve().parents[2] / "data"
EXAMPLES = ("german-example", "three-player-example", "chouette-example", "cutthroat-example")

__all__ = ["app_palette"]  # a fixture, used by name


@pytest.fixture
def history(main_window: MainWindow, qtbot: QtBot) -> HistoryWindow:
    """View > History over the four worked examples (the cutthroat sitting stored last)."""
    store = main_window.session.store
    for name in EXAMPLES:
        store.import_sitting(load_sitting(DATA / f"{name}.json").sitting)
    main_window.named_actions[ActionName.HISTORY].trigger()
    shown = main_window.history
    assert shown is not None
    qtbot.waitExposed(shown)
    return shown


def tab(history: HistoryWindow, title: str) -> QWidget:
    """The tab ``title``, shown (a tab reads the store when it is shown)."""
    titles = [history.tabs.tabText(i) for i in range(history.tabs.count())]
    history.tabs.setCurrentIndex(titles.index(title))
    return history.tabs.currentWidget()


def test_the_tabs_and_the_statistics(history: HistoryWindow) -> None:
    titles = [history.tabs.tabText(i) for i in range(history.tabs.count())]
    assert titles == ["&Sittings", "Sta&tistics", "P&lots", "Recor&ds"]
    # Opening the history reads only the list: the other tabs read when first shown.
    statistics_page = history.tabs.widget(1)
    assert statistics_page is not None
    assert statistics_page.findChild(StatisticsView) is None
    plots = history.tabs.widget(2)
    assert isinstance(plots, PlotsView)
    assert plots.course.chart.chart() is None
    statistics = tab(history, "Sta&tistics").findChild(StatisticsView)
    assert isinstance(statistics, StatisticsView)
    model = statistics.model
    rows = {
        model.index(r, 0).data(): [model.index(r, c).data() for c in range(model.columnCount())]
        for r in range(model.rowCount())
    }
    assert rows["Anna"][:5] == ["Anna", "3", "5", "2", "+1680"]  # T15, C6, F6 summed
    assert rows["Dave"][4] == "\u22122150"


def test_the_plots_with_their_summaries(history: HistoryWindow, tmp_path: Path) -> None:
    plots = tab(history, "P&lots")
    assert isinstance(plots, PlotsView)
    # The sitting chosen first is the newest: cutthroat, which Carl won (F6: +2450).
    course = plots.course.chart.chart()
    assert course is not None
    assert "Carl" in plots.course.summary.text()
    assert plots.course.chart.accessibleDescription() == plots.course.summary.text()
    assert [s.name for s in course.series] == ["Anna", "Bert", "Carl", "Dave"]
    assert course.series[2].values[-1] == 2450
    results = plots.results.chart.chart()
    assert results is not None
    assert {s.name for s in results.series} == {"A", "B", "Anna", "Bert", "Carl", "Dave"}
    shares = plots.shares.chart.chart()
    assert shares is not None
    assert plots.shares.summary.text()
    for plot in (plots.course, plots.results, plots.shares):
        target = tmp_path / f"{plot.name}.png"
        assert plot.chart.save_png(target, 560, 340)
        assert target.read_bytes().startswith(b"\x89PNG")


def test_the_season_report_as_pdf(history: HistoryWindow, tmp_path: Path) -> None:
    plots = tab(history, "P&lots")
    assert isinstance(plots, PlotsView)
    target = tmp_path / "season.pdf"
    assert plots.export_report(target) == target
    pdftotext = subprocess.run(
        ["pdftotext", str(target), "-"], capture_output=True, text=True, check=True
    )
    text = pdftotext.stdout
    for name, net in (("Anna", "+1680"), ("Carl", "+1165"), ("Dave", "\u22122150")):
        assert name in text
        assert net in text


@pytest.mark.parametrize(("name", "colours"), [("light", LIGHT), ("dark", DARK)])
def test_plots_screenshot(
    name: str,
    colours: dict[QPalette.ColorRole, str],
    history: HistoryWindow,
    qapp: QApplication,
    app_palette: object,
    tmp_path: Path,
) -> None:
    qapp.setPalette(palette(colours))
    plots = tab(history, "P&lots")
    assert isinstance(plots, PlotsView)
    history.tabs.setCurrentWidget(plots)
    history.resize(1100, 1150)
    QApplication.processEvents()
    folder = screenshot_folder(tmp_path)
    assert history.grab().save(str(folder / f"history-plots-{name}.png"))


def test_every_alt_key_of_the_history_is_its_own(history: HistoryWindow) -> None:
    """Alt+T and Alt+L reach the Statistics and Plots tabs from any field: no label, box or
    button of the window claims the same letter."""
    texts = [history.tabs.tabText(i) for i in range(history.tabs.count())]
    texts += [label.text() for label in history.findChildren(QLabel)]
    texts += [button.text() for button in history.findChildren(QAbstractButton)]
    letters = [text[text.index("&") + 1].lower() for text in texts if "&" in text]
    assert len(letters) == len(set(letters)), sorted(letters)


def test_an_open_history_follows_a_recorded_hand(
    history: HistoryWindow, main_window: MainWindow
) -> None:
    """A hand recorded in the scorepad shows in the open history at once: the German
    example (sitting 1) goes from 6 hands to 7."""

    def hands_of_sitting_1() -> int:
        return next(row.hands for row in history.model.shown_rows() if row.id == 1)

    assert hands_of_sitting_1() == 6
    main_window.open_sitting_id(1)
    main_window.undo_stack.push(AddHand(main_window.session, ThrownIn(dealer=0)))
    assert hands_of_sitting_1() == 7
    main_window.undo_stack.undo()
    assert hands_of_sitting_1() == 6


def test_the_statistics_tab_shown_follows_a_recorded_hand_and_its_undo(
    history: HistoryWindow, main_window: MainWindow
) -> None:
    """With the Statistics tab shown, a hand recorded in the German example (sitting 1)
    gives its players one more hand played at once, and Undo takes it back; the figures
    the tab kept for the other sittings stay as they were."""
    statistics = tab(history, "Sta&tistics").findChild(StatisticsView)
    assert isinstance(statistics, StatisticsView)

    def figures() -> dict[str, tuple[int, int, int]]:
        shown = statistics.figures
        assert shown is not None
        return {p.name: (p.hands_played, p.rubbers_unfinished, p.net_points) for p in shown.players}

    before = figures()
    players = set(main_window.session.store.load(1).sitting.players)
    main_window.open_sitting_id(1)
    hand = main_window.session.store.load(1).sitting.hands[0]
    main_window.undo_stack.push(AddHand(main_window.session, hand))
    after = figures()
    for name, (hands, unfinished, net) in before.items():
        if name in players:
            assert after[name][0] == hands + 1
            assert after[name][1] == unfinished + 1
        else:
            assert after[name] == (hands, unfinished, net)
    main_window.undo_stack.undo()
    assert figures() == before


# In German ---------------------------------------------------------------------------------


@pytest.mark.usefixtures("german")
def test_the_history_in_german(history: HistoryWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """The three tabs in German: their titles, the list's headings, dates, filters and count,
    the period chooser and summary, the plots' titles; a screenshot of each tab."""
    folder = screenshot_folder(tmp_path)
    assert history.windowTitle() == "Verlauf – Jo-Jotte-Block"
    titles = [history.tabs.tabText(i) for i in range(history.tabs.count())]
    assert titles == ["&Sitzungen", "S&tatistik", "&Diagramme", "Bi&lanzen"]
    model = history.model
    headings = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(len(Column))]
    assert headings == [
        "Datum",
        "Titel",
        "Ort",
        "Spielart",
        "Spieler",
        "Spiele",
        "Robber",
        "Ergebnis",
    ]
    day = model.index(0, Column.DATE).data()
    assert re.fullmatch(r"\d\d\.\d\d\.\d{4}", day), day
    assert history.since.displayFormat() == "dd.MM.yyyy"
    assert history.count_label.text() == "4 Sitzungen"
    assert [history.since_check.text(), history.until_check.text()] == ["&Von:", "&Bis:"]
    assert history.open_button.text() == "Ö&ffnen"
    history.player.setText("Bert")
    assert history.count_label.text() == "3 von 4 Sitzungen gezeigt"
    history.player.setText("")
    history.resize(1100, 560)
    qtbot.wait(20)
    assert history.grab().save(str(folder / "history-sittings-de.png"))

    statistics = tab(history, "S&tatistik").findChild(StatisticsView)
    assert isinstance(statistics, StatisticsView)
    choices = [statistics.choice.itemText(i) for i in range(statistics.choice.count())]
    assert choices == ["Gesamter Zeitraum", "Dieses Jahr", "Letzte 12 Monate", "Von … bis …"]
    assert statistics.summary.text() == "4 Sitzungen insgesamt."
    assert statistics.first.displayFormat() == "dd.MM.yyyy"
    qtbot.wait(20)
    assert history.grab().save(str(folder / "history-statistics-de.png"))

    plots = tab(history, "&Diagramme")
    assert isinstance(plots, PlotsView)
    course = plots.course.chart.chart()
    assert course is not None
    assert course.title.startswith("Spielverlauf: #4 ")
    results, shares = plots.results.chart.chart(), plots.shares.chart.chart()
    assert results is not None
    assert shares is not None
    assert (results.title, shares.title) == (
        "Ergebnis jedes Spielers je Sitzung",
        "Erfüllte Kontrakte nach Art",
    )
    assert plots.course.save_button.text() == "Als PNG speichern…"
    history.resize(1100, 1150)
    qtbot.wait(20)
    assert history.grab().save(str(folder / "history-plots-de.png"))
    # Every Alt letter of the window is its own in German too.
    texts = titles + [label.text() for label in history.findChildren(QLabel)]
    texts += [button.text() for button in history.findChildren(QAbstractButton)]
    letters = [text[text.index("&") + 1].lower() for text in texts if "&" in text]
    assert len(letters) == len(set(letters)), sorted(letters)
