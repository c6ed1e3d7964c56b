"""The file names the save dialogs offer are in the language spoken ("Spiele.csv", not
"hands.csv", in German), and valid file names on Windows too, whatever a translation holds."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from jojotte_score.gui.history.records_view import RecordsView
from jojotte_score.gui.printing import pdf_file_name
from jojotte_score.gui.save_files import valid_file_name
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.presenters.session import rubbers_path
from jojotte_score.storage.sittings import SittingStore
from tests.gui.conftest import german
from tests.gui.test_save_files import DIALOGS, Offered
from tests.gui.test_save_files import (
    offered as offered,  # the fixture: the paths the save dialogs offered
)

GERMAN_NAMES = {
    "PDF": "Sitzung-{id}.pdf",
    "CSV": "Spiele.csv",
    "sitting file": "Sitzung.json",
    "history CSV": "Verlauf.csv",
    "season report": "Saisonbericht.pdf",
}


@pytest.mark.usefixtures("deutsch")
@pytest.mark.parametrize("dialog", GERMAN_NAMES)
def test_the_names_offered_in_german(
    dialog: str,
    main_window: MainWindow,
    offered: Offered,
    qtbot: QtBot,
) -> None:
    store = main_window.session.store
    sitting_id = store.import_sitting(german())  # no title: the PDF is named by the sitting
    main_window.open_sitting_id(sitting_id)
    DIALOGS[dialog][0](main_window, qtbot)
    assert [path.name for path in offered] == [GERMAN_NAMES[dialog].format(id=sitting_id)]


@pytest.mark.usefixtures("deutsch")
def test_a_rubbers_pdf_and_the_rubbers_csv_in_german(store: SittingStore) -> None:
    sitting_id = store.import_sitting(german())
    assert pdf_file_name(store.load(sitting_id), 2) == f"Sitzung-{sitting_id}-Robber-2.pdf"
    assert rubbers_path(Path("Abend.csv")) == Path("Abend-Robber.csv")


@pytest.mark.usefixtures("deutsch")
def test_the_records_csv_names_in_german(
    main_window: MainWindow,
    offered: Offered,
    qtbot: QtBot,
) -> None:
    main_window.session.store.import_sitting(german())
    main_window.show_history()
    history = main_window.history
    assert history is not None
    qtbot.waitExposed(history)
    history.tabs.setCurrentIndex(history.tabs.count() - 1)
    QApplication.processEvents()  # a view added to a shown page is shown by a queued call
    view = history.tabs.currentWidget().findChild(RecordsView)
    assert isinstance(view, RecordsView)
    for page in range(len(view.PAGES)):
        view.pages.setCurrentIndex(page)
        view.export_csv()
    assert [path.name for path in offered] == [
        "Direkter-Vergleich.csv",
        "Paare.csv",
        "Rollen.csv",
        "Wertungen.csv",
    ]


def test_the_names_in_english(store: SittingStore) -> None:
    sitting_id = store.import_sitting(german())
    assert pdf_file_name(store.load(sitting_id), 2) == f"sitting-{sitting_id}-rubber-2.pdf"
    assert rubbers_path(Path("evening.csv")) == Path("evening-rubbers.csv")


@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("Spiele.csv", "Spiele.csv"),
        ("Sitzung-3-Robber-2.pdf", "Sitzung-3-Robber-2.pdf"),
        ("Saisonbericht.pdf", "Saisonbericht.pdf"),
        ("Spiele: Abend?.csv", "Spiele- Abend-.csv"),  # characters Windows refuses
        ('a<b>"c"|d*e/f\\g.csv', "a-b-c-d-e-f-g.csv"),
        ("Spiele\t.csv", "Spiele-.csv"),  # a control character
        ("Spiele. ", "Spiele"),  # Windows drops trailing dots and spaces
        ("CON.csv", "CON-.csv"),  # a device's name, with any extension
        ("nul", "nul-"),
        ("lpt1.pdf", "lpt1-.pdf"),
        ("", "jojotte"),
        ("...", "jojotte"),
    ],
)
def test_a_name_offered_is_valid_on_windows(name: str, valid: str) -> None:
    assert valid_file_name(name) == valid
