"""German screenshots at the windows' default sizes, looked at for issue 26: the panel and
the hand list (the main window, 1280×820), the Statistics tab (the history window,
980×560), the season report and the scoring card (PDF pages drawn as PNG).

Written into $JOJOTTE_SCREENSHOTS when it names a folder, else into the test's temporary
folder; each test also measures that nothing is cut short or needs sideways scrolling.
"""

from __future__ import annotations

import subprocess
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.core.games import replay
from jojotte_score.formats.sitting_file import load_sitting
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.history.statistics_view import StatisticsView
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.render.document import PrintJob
from jojotte_score.render.page_layout import SheetHeader
from jojotte_score.render.pdf import write_pdf
from jojotte_score.render.season_pdf import write_season_report
from jojotte_score.render.season_report import season_report
from tests.gui.conftest import german, screenshot_folder
from tests.poppler import pdf_text, tool

DATA = Path(__file__).resolve().parents[2] / "data"
EXAMPLES = ("german", "three-player", "chouette", "cutthroat")


def pdf_pngs(pdf: Path, name: str, folder: Path) -> list[Path]:
    """The PDF's pages as PNG images (72 dots per inch) in ``folder``."""
    subprocess.run([tool("pdftoppm"), "-r", "72", "-png", str(pdf), str(folder / name)], check=True)
    return sorted(folder.glob(f"{name}-*.png"))


@pytest.mark.usefixtures("deutsch")
def test_the_panel_and_the_hand_list(main_window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    window = main_window
    sitting_id = window.session.store.import_sitting(german(), title="Berlin 1937")
    window.open_sitting_id(sitting_id)
    window.resize(1280, 820)
    window.show()
    qtbot.waitExposed(window)
    window.select_hand(6)
    QTest.keyClick(window.table, Qt.Key.Key_Return)  # Enter: correct it
    qtbot.wait(20)
    path = screenshot_folder(tmp_path) / "de-panel-and-hand-list.png"
    assert window.grab().save(str(path))
    assert (QImage(str(path)).width(), QImage(str(path)).height()) == (1280, 820)
    assert window.panel.mode_label.text().startswith("Spiel 6 bearbeiten")
    # The hand list scrolls neither sideways nor cuts its notes short.
    table, model = window.table, window.model
    assert not table.horizontalScrollBar().isVisible()
    notes = model.notes_column()
    metrics = QFontMetrics(table.font())
    room = table.columnWidth(notes) - 7
    spare = table.verticalHeader().defaultSectionSize() - metrics.lineSpacing()
    for row in range(model.rowCount()):
        text = model.index(row, notes).data()
        wrapped = metrics.boundingRect(0, 0, room, 1000, Qt.TextFlag.TextWordWrap, text)
        assert wrapped.height() <= table.rowHeight(row) - spare, text
    # The panel needs no sideways scrolling either.
    assert not window.panel_area.horizontalScrollBar().isVisible()


@pytest.mark.usefixtures("deutsch")
def test_the_statistics_tab(main_window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    store = main_window.session.store
    for name in EXAMPLES:
        store.import_sitting(load_sitting(DATA / f"{name}-example.json").sitting)
    main_window.named_actions[ActionName.HISTORY].trigger()
    history = main_window.history
    assert history is not None
    qtbot.waitExposed(history)
    history.resize(980, 560)  # the window's own size, which a small test screen cuts down
    history.tabs.setCurrentIndex(1)
    statistics = history.tabs.currentWidget().findChild(StatisticsView)
    assert isinstance(statistics, StatisticsView)
    qtbot.wait(20)
    assert history.grab().save(str(screenshot_folder(tmp_path) / "de-statistics.png"))
    assert statistics.table.horizontalScrollBar().maximum() == 0
    headings = [statistics.model.headerData(c, Qt.Orientation.Horizontal) for c in range(15)]
    assert "Ohne\nTrumpf" in headings


@pytest.mark.usefixtures("deutsch")
def test_the_season_report(qapp: QApplication, tmp_path: Path) -> None:
    report = season_report(
        [
            (date(2026, 11, day), load_sitting(DATA / f"{name}-example.json").sitting)
            for day, name in enumerate(EXAMPLES, 1)
        ]
    )
    pdf = tmp_path / "saisonbericht.pdf"
    write_season_report(pdf, report, "A4")
    text = pdf_text(pdf, "-layout")
    assert "Meldepunkte" in text
    assert "Zu Fall" in text
    assert "Direkter Vergleich" in text  # the records' pages follow the plots
    assert "Kontraktspieler" in text
    pages = pdf_pngs(pdf, "de-season-report", screenshot_folder(tmp_path))
    assert len(pages) == 4


@pytest.mark.usefixtures("deutsch")
def test_the_scoring_card(qapp: QApplication, tmp_path: Path) -> None:
    header = SheetHeader("Berlin 1937", date=date(1937, 11, 21), place="Berlin")
    job = PrintJob(replay(german()), header, card=True)
    pdf = tmp_path / "wertungskarte.pdf"
    write_pdf(pdf, job, "A4")
    text = " ".join(pdf_text(pdf).split())
    assert "Jo-Jotte-Wertungskarte" in text
    assert "Gegenpartei" in text
    pages = pdf_pngs(pdf, "de-scoring-card", screenshot_folder(tmp_path))
    assert len(pages) == 2  # the pad, then the card
