"""A name stored by an earlier release with a right-to-left override ("\\u202eAnna") never
turns the words and figures beside it round: in the window (the pad's explanations, its
foot, the status line, the hand list) the name is isolated (U+2068 … U+2069), on the shared
page it is in a ``<bdi>``, and on paper it is isolated as in the window. Files keep it as
stored."""

from __future__ import annotations

import json
import re
from pathlib import Path

from PySide6.QtGui import QFont, QTextLayout, QTextLine
from pytestqt.qtbot import QtBot

from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.presenters.pad import layout_pad
from jojotte_score.presenters.session import Session, export_csv
from jojotte_score.render.sheet_items import TextItem
from jojotte_score.share.view import page_metrics, shared_view
from jojotte_score.storage.sittings import SittingStore
from tests.stored_examples import store_game

OVERRIDE = "\u202e"
NAME = OVERRIDE + "Anna"
SHOWN = "\u2068" + NAME + "\u2069"


def store_overridden(store: SittingStore) -> int:
    """The German two-player example, its first player's name changed in the database to
    "\\u202eAnna", as an earlier release could store it (new names refuse it)."""
    sitting_id = store_game(store, "two-player")
    players = list(store.load(sitting_id).sitting.players)
    players[0] = NAME
    with store.database.transaction() as connection:
        connection.execute(
            "UPDATE sitting SET players = ? WHERE id = ?", (json.dumps(players), sitting_id)
        )
    return sitting_id


def digits_read_left_to_right(text: str) -> bool:
    """Whether every number in ``text`` is laid out by Qt with its first digit left of its
    last, as a person reads "755" and not "557"."""
    layout = QTextLayout(text, QFont())
    layout.beginLayout()
    line = layout.createLine()
    line.setLineWidth(100_000)
    layout.endLayout()
    numbers = list(re.finditer(r"\d{2,}", text))
    assert numbers, text
    return all(_x(line, found.start()) < _x(line, found.end() - 1) for found in numbers)


def _x(line: QTextLine, position: int) -> float:
    """Where ``line`` draws the character at ``position``, from the left."""
    x: object = line.cursorToX(position)
    return float(x[0] if isinstance(x, tuple) else x)  # type: ignore[arg-type]


def test_the_windows_texts_isolate_the_name(main_window: MainWindow, qtbot: QtBot) -> None:
    store = main_window.session.store
    sitting_id = store_overridden(store)
    main_window.open_sitting_id(sitting_id)
    shown = main_window.session.shown
    assert shown is not None
    assert shown.players[0] == NAME  # as stored: what the rename dialog offers
    assert shown.side_names[0] == SHOWN
    ledger = shown.ledger
    explained = [
        line
        for result in ledger.hands
        for line in shown.game.explain_hand(result, ledger)
        if NAME in line and re.search(r"\d\d", line)
    ]
    assert explained
    for line in explained:
        assert SHOWN in line
        assert digits_read_left_to_right(line), line
    status = main_window.status_label.text()
    assert NAME not in status or SHOWN in status
    assert digits_read_left_to_right(status + " 755")
    # The hand list's rows that name her.
    model = main_window.model
    cells = [
        str(model.index(row, column).data())
        for row in range(model.rowCount())
        for column in range(model.columnCount())
    ]
    named = [cell for cell in cells if NAME in cell]
    assert named
    assert all(SHOWN in cell for cell in named)


def test_the_pad_and_its_foot_isolate_the_name(qtbot: QtBot, tmp_path: Path) -> None:
    from jojotte_score.storage.database import Database
    from jojotte_score.storage.paths import database_path

    with Database.open(database_path(tmp_path)) as database:
        store = SittingStore(database)
        session = Session(store)
        session.open(store_overridden(store))
        shown = session.shown
        assert shown is not None
        pad = shown.pad
        texts = [
            item.text
            for number in range(1, pad.newest_rubber + 1)
            for item in layout_pad(pad, number, page_metrics(2)).items
            if isinstance(item, TextItem) and NAME in item.text
        ]
        assert texts
        for text in texts:
            assert SHOWN in text
        foot = [text for text in texts if re.search(r"\d\d", text)]
        assert foot
        assert all(digits_read_left_to_right(text) for text in foot)
        # The shared page: every name in a <bdi>; its stylesheet isolates them.
        page = shared_view(shown, "en")
        html = page.html.split("<svg", 1)[0]
        assert f"<bdi>{NAME}</bdi>" in html
        assert html.count(NAME) == html.count(f"<bdi>{NAME}</bdi>")
        assert "\u2068" not in html
        assert "\u2069" not in html
        # Files keep the name as stored.
        hands, rubbers = export_csv(shown, tmp_path / "hands.csv")
        written = hands.read_text(encoding="utf-8") + rubbers.read_text(encoding="utf-8")
        assert NAME in written
        assert "\u2068" not in written
