"""The history window's Records tab over the worked example of every game: the figures it
shows are those of :mod:`jojotte_score.core.records` counted from the same sittings; the
period and way-to-play filters; the CSV of each page; a screen reader's names; screenshots
in English and German."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QAbstractItemModelTester
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QTableView
from pytestqt.qtbot import QtBot

from jojotte_score.core.model import Sitting
from jojotte_score.core.records.facts import SittingFacts
from jojotte_score.core.records.pairs import head_to_head, head_to_heads, record_of
from jojotte_score.core.records.partners import partnerships
from jojotte_score.core.records.ratings import rate
from jojotte_score.core.records.roles import role_records
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.history.history_window import HistoryWindow
from jojotte_score.gui.history.records_view import RecordsModel, RecordsView
from jojotte_score.gui.history.records_view import _table_view as table_view
from jojotte_score.gui.history.statistics_rows import PeriodChoice
from jojotte_score.gui.window.language import use_qt_language
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.i18n import format_signed, use_language
from jojotte_score.render.chart_reading import chart_rows
from jojotte_score.render.records_tables import pairs_table
from jojotte_score.storage.record_facts import period_facts
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.storage.statistics import Period
from tests.gui.conftest import screenshot_folder
from tests.stored_examples import GAMES, example_sitting

ORDER = ("two-player", "partnership", "three-player", "chouette", "cutthroat")
"""Every game's worked example, stored in this order, on the 1st to the 5th of March 2026."""


def store_every_game(store: SittingStore) -> None:
    """The worked example of every game, each stored on a day of its own."""
    assert set(ORDER) == set(GAMES)
    for day, game in enumerate(ORDER, start=1):
        sitting_id = store.import_sitting(example_sitting(game))
        moment = datetime(2026, 3, day, 12, tzinfo=UTC).isoformat()
        store.database.connection.execute(
            "UPDATE sitting SET created = ? WHERE id = ?", (moment, sitting_id)
        )


def shown(model: RecordsModel) -> list[list[str]]:
    """Every cell of ``model`` as the table shows it, row by row."""
    return [
        [str(model.data(model.index(row, column))) for column in range(model.columnCount())]
        for row in range(model.rowCount())
    ]


def records_of(history: HistoryWindow) -> RecordsView:
    """The Records tab, the history's last in any language, shown."""
    history.tabs.setCurrentIndex(history.tabs.count() - 1)
    QApplication.processEvents()  # a view added to a shown page is shown by a queued call
    view = history.tabs.currentWidget().findChild(RecordsView)
    assert isinstance(view, RecordsView)
    return view


def ratings_page(store: SittingStore, qtbot: QtBot) -> tuple[HistoryWindow, RecordsView]:
    """A new History window over ``store``, shown, its Records tab on the Ratings page."""
    from jojotte_score.gui.history.history_tabs import add_history_tabs

    window = HistoryWindow(lambda: store.list_sittings(), lambda _sitting_id: None)
    qtbot.addWidget(window)
    add_history_tabs(window, lambda: store)
    window.show()
    view = records_of(window)
    view.pages.setCurrentIndex(3)
    return window, view


def open_history(main_window: MainWindow, qtbot: QtBot) -> HistoryWindow:
    """View > History over what the store holds, shown."""
    main_window.named_actions[ActionName.HISTORY].trigger()
    window = main_window.history
    assert window is not None
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def history(main_window: MainWindow, qtbot: QtBot) -> HistoryWindow:
    """View > History over the worked example of every game."""
    store_every_game(main_window.session.store)
    return open_history(main_window, qtbot)


def two_player_begun(store: SittingStore) -> tuple[Sitting, int]:
    """The partnership example stored whole, then the two-player example's sitting begun
    with no hand: the example and the new sitting's id."""
    store.import_sitting(example_sitting("partnership"))
    played = example_sitting("two-player")
    return played, store.create_sitting(played.variant, played.players)


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """The app and Qt in ``language`` for the block, in English again after it."""
    use_language(language)
    use_qt_language(language)
    try:
        yield
    finally:
        use_language("en")
        use_qt_language("en")


def every_fact(main_window: MainWindow) -> list[SittingFacts]:
    return period_facts(main_window.session.store)


def test_the_tab_reads_when_shown_and_its_tables_pass_qts_tester(
    history: HistoryWindow, main_window: MainWindow
) -> None:
    titles = [history.tabs.tabText(i) for i in range(history.tabs.count())]
    assert titles[-1] == "Recor&ds"
    records_page = history.tabs.widget(len(titles) - 1)
    assert records_page is not None
    assert records_page.findChild(RecordsView) is None  # read when first shown, not before
    view = records_of(history)
    assert view.summary.text() == "Records over 5 sittings."
    for page in range(view.pages.count()):
        view.pages.setCurrentIndex(page)
    for model in (*view.models.values(), view.pair_model):
        QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    assert [view.pages.tabText(i) for i in range(view.pages.count())] == [
        "&Head to head",
        "P&artnerships",
        "R&oles",
        "Rat&ings",
    ]


def test_head_to_head_of_the_two_players_chosen(
    history: HistoryWindow, main_window: MainWindow
) -> None:
    view = records_of(history)
    view.choose_players("Anna", "Carl")
    record = head_to_head(every_fact(main_window), "Anna", "Carl")
    assert record.rubbers > 0
    cells = shown(view.pair_model)
    assert cells[0] == ["Rubbers against each other", str(record.rubbers), str(record.rubbers)]
    assert cells[1] == ["Rubbers won", str(record.won[0]), str(record.won[1])]
    net = record.net_points
    assert cells[4][0] == "Net points between them"
    assert cells[4][1] == (f"+{net}" if net > 0 else str(net).replace("-", "\u2212"))
    # Each row is read with its figure's name; the columns are the two players.
    assert view.pair_model.headerData(4, Qt.Orientation.Vertical) == "Net points between them"
    headings = [view.pair_model.headerData(c, Qt.Orientation.Horizontal) for c in range(3)]
    assert headings == ["Figure", "Anna", "Carl"]
    # The two chosen the other way round: the same record from Carl's side.
    view.choose_players("Carl", "Anna")
    turned = shown(view.pair_model)
    assert turned[1] == ["Rubbers won", str(record.won[1]), str(record.won[0])]
    assert turned[4][1] == (f"+{-net}" if -net > 0 else str(-net).replace("-", "\u2212"))
    headings = [view.pair_model.headerData(c, Qt.Orientation.Horizontal) for c in range(3)]
    assert headings == ["Figure", "Carl", "Anna"]
    # Every two players who met, from the first player's side, as the records count them.
    pairs = head_to_heads(every_fact(main_window))
    rows = shown(view.models["pairs"])
    assert [(row[0], row[1], row[2], row[3], row[4]) for row in rows] == [
        (p.players[0], p.players[1], str(p.rubbers), str(p.won[0]), str(p.won[1])) for p in pairs
    ]
    assert view.models["pairs"].headerData(0, Qt.Orientation.Vertical) == (
        f"{pairs[0].players[0]} & {pairs[0].players[1]}"
    )


def test_partnerships_roles_and_ratings_equal_the_records(
    history: HistoryWindow, main_window: MainWindow
) -> None:
    view = records_of(history)
    facts = every_fact(main_window)
    view.pages.setCurrentIndex(1)
    together = [row for row in shown(view.models["partners"]) if row[2] == "anyone"]
    assert [(row[0], row[1], row[3], row[4]) for row in together] == [
        (p.players[0], p.players[1], str(p.figures.rubbers), str(p.figures.won))
        for p in partnerships(facts)
    ]
    view.pages.setCurrentIndex(2)
    roles = shown(view.models["roles"])
    expected = role_records(facts)
    assert len(roles) == len(expected)
    for row, record in zip(roles, expected, strict=True):
        assert row[0] == record.player
        assert (row[3], row[5]) == (str(record.figures.rubbers), str(record.figures.hands))
    assert {row[2] for row in roles} >= {"in the box", "as captain", "declarer", "dealer"}
    view.pages.setCurrentIndex(3)
    ratings = rate(facts)
    rows = shown(view.models["ratings"])
    assert [row[1] for row in rows] == [rating.player for rating in ratings.players]
    best = ratings.players[0]
    assert rows[0] == [
        "1",
        best.player,
        f"{best.ordinal:.2f}".replace("-", "\u2212"),
        f"{best.mu:.2f}",
        f"{best.sigma:.2f}",
        str(best.rubbers),
    ]
    headings = [view.models["ratings"].headerData(c, Qt.Orientation.Horizontal) for c in range(6)]
    assert headings == ["Rank", "Player", "Rating", "Skill", "Uncertainty", "Rubbers"]
    # The plot of the ratings' course, read as a table: a row per sitting rated, the last
    # one each player's rating now, rounded.
    chart = view.rating_chart.chart()
    assert chart is not None
    reading = chart_rows(chart)
    assert len(reading) == len({step.sitting_id for step in ratings.course})
    last = reading[-1]
    for rating in ratings.players:
        assert f"{rating.player} {format_signed(round(rating.ordinal))}" in last


def test_the_way_to_play_and_the_period_filter_the_records(
    history: HistoryWindow, main_window: MainWindow
) -> None:
    view = records_of(history)
    view.choose_game("chouette")
    assert view.summary.text() == "Records over 1 sitting."
    chouette = period_facts(main_window.session.store, games=["chouette"])
    view.pages.setCurrentIndex(2)
    assert {row[1] for row in shown(view.models["roles"])} == {"Chouette"}
    assert len(shown(view.models["roles"])) == len(role_records(chouette))
    view.choose_game(None)
    view.choose(PeriodChoice.CUSTOM, date(2026, 3, 3), date(2026, 3, 5))
    assert view.summary.text() == "Records over 3 sittings."
    facts = period_facts(main_window.session.store, Period(date(2026, 3, 3), date(2026, 3, 5)))
    assert {str(sitting.variant) for sitting in facts} == {"three-player", "chouette", "cutthroat"}
    assert len(shown(view.models["roles"])) == len(role_records(facts))
    view.choose(PeriodChoice.CUSTOM, date(2025, 1, 1), date(2025, 12, 31))
    assert view.summary.text() == "Records over 0 sittings."
    for page in range(4):
        view.pages.setCurrentIndex(page)
        assert view.models[view.PAGES[page]].rowCount() == 0


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        # A and B play only the two-player example: the one gone gets the first player the
        # other list has not chosen (the players of the chouette: Anna, Bert, Carl).
        ("B", "Anna", ("Bert", "Anna")),
        ("Bert", "A", ("Bert", "Anna")),
        ("A", "B", ("Anna", "Bert")),
        ("Carl", "Bert", ("Carl", "Bert")),
    ],
)
def test_a_changed_way_to_play_never_shows_a_player_against_himself(
    history: HistoryWindow, first: str, second: str, expected: tuple[str, str]
) -> None:
    view = records_of(history)
    view.choose_players(first, second)
    assert (view.first_player.currentData(), view.second_player.currentData()) == (first, second)
    view.choose_game("chouette")
    chosen = (view.first_player.currentData(), view.second_player.currentData())
    assert chosen == expected
    assert (view.first_player.currentText(), view.second_player.currentText()) == expected
    headings = [view.pair_model.headerData(c, Qt.Orientation.Horizontal) for c in range(3)]
    assert headings == ["Figure", *expected]
    assert shown(view.pair_model)[0][0] == "Rubbers against each other"
    # Back to every way to play: each keeps the player chosen.
    view.choose_game(None)
    assert (view.first_player.currentData(), view.second_player.currentData()) == expected


def test_each_page_exports_its_csv(
    history: HistoryWindow, main_window: MainWindow, tmp_path: Path
) -> None:
    from jojotte_score.formats import records_export as export

    view = records_of(history)
    facts = every_fact(main_window)
    expected = {
        "pairs": export.pair_rows(head_to_heads(facts)),
        "partners": export.partner_rows(partnerships(facts)),
        "roles": export.role_rows(role_records(facts)),
        "ratings": export.rating_rows(rate(facts)),
    }
    for page, kind in enumerate(view.PAGES):
        view.pages.setCurrentIndex(page)
        path = view.export_csv(tmp_path / f"{kind}.csv")
        assert path == tmp_path / f"{kind}.csv"
        with path.open(encoding="utf-8-sig", newline="") as stream:
            rows = list(csv.DictReader(stream))
        # As `jojotte-score stats --csv` writes it: the figures of the page's kind, a text
        # that starts with a minus guarded against spreadsheets' formulas.
        assert path.read_bytes().decode("utf-8-sig") == export.records_csv(kind, expected[kind])
        assert len(rows) == len(expected[kind]) > 0
        assert list(rows[0]) == list(export.COLUMNS[kind])
        assert [row["player"] for row in rows] == [str(row["player"]) for row in expected[kind]]


def test_a_csv_that_cannot_be_written_is_told(
    history: HistoryWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[str] = []
    monkeypatch.setattr(
        "jojotte_score.gui.history.records_view.show_message",
        lambda _parent, _title, text: told.append(text),
    )
    view = records_of(history)
    assert view.export_csv(tmp_path / "missing-folder" / "pairs.csv") is None
    assert len(told) == 1
    assert "missing-folder" in told[0]


def test_a_recorded_hand_updates_the_tab(main_window: MainWindow, qtbot: QtBot) -> None:
    store = main_window.session.store
    store.import_sitting(example_sitting("two-player"))
    history = open_history(main_window, qtbot)
    view = records_of(history)
    before = shown(view.models["pairs"])
    assert view.summary.text() == "Records over 1 sitting."
    store.import_sitting(example_sitting("three-player"))
    history.reload()
    history.tabs.setCurrentIndex(0)
    view = records_of(history)
    assert view.summary.text() == "Records over 2 sittings."
    assert shown(view.models["pairs"]) != before


@pytest.mark.parametrize("language", ["en", "de"])
def test_screenshots(
    main_window: MainWindow, qtbot: QtBot, tmp_path: Path, language: str, qapp: QApplication
) -> None:
    with speaking(language):
        store_every_game(main_window.session.store)
        history = open_history(main_window, qtbot)
        history.resize(980, 560)
        view = records_of(history)
        view.choose_players("Anna", "Bert")
        folder = screenshot_folder(tmp_path)
        for page, kind in enumerate(view.PAGES):
            view.pages.setCurrentIndex(page)
            qtbot.wait(20)
            assert history.grab().save(str(folder / f"{language}-records-{kind}.png"))
            table = view.tables[kind]
            assert isinstance(table, QTableView)
            assert table.accessibleName()
        if language == "de":
            assert view.pages.tabText(0) == "Direkter &Vergleich"


def test_every_alt_key_shown_with_the_records_is_its_own(history: HistoryWindow) -> None:
    """With the Records tab shown, its filters, pages, choosers and button each have a
    letter of their own, and none takes a tab's."""
    view = records_of(history)
    tabs = history.tabs
    texts = [tabs.tabText(i) for i in range(tabs.count())]
    texts += [view.pages.tabText(i) for i in range(view.pages.count())]
    texts += [label.text() for label in view.findChildren(QLabel) if label.isVisible()]
    texts += [button.text() for button in view.findChildren(QAbstractButton)]
    letters = [text[text.index("&") + 1].lower() for text in texts if "&" in text]
    assert len(letters) == len(set(letters)), sorted(letters)
    assert len(letters) >= 12, texts  # the tabs, the pages, 4 labels and the button


def test_the_records_shown_follow_a_recorded_hand_and_its_undo(
    history: HistoryWindow, main_window: MainWindow
) -> None:
    """With the Records tab's roles shown, a deal thrown in in the cutthroat sitting (F2:
    the dealer's hand counts in the role, deal thrown in included) gives its dealer, Anna,
    one more hand as dealer at once; Undo takes it back."""
    from jojotte_score.core.model import ThrownIn
    from jojotte_score.gui.sitting.commands import AddHand

    view = records_of(history)
    view.pages.setCurrentIndex(2)

    def anna_dealing() -> str:
        rows = shown(view.models["roles"])
        return next(row[5] for row in rows if row[:3] == ["Anna", "Cutthroat", "dealer"])

    assert anna_dealing() == "1"
    cutthroat = 1 + ORDER.index("cutthroat")
    main_window.open_sitting_id(cutthroat)
    main_window.undo_stack.push(AddHand(main_window.session, ThrownIn(dealer=0)))
    assert anna_dealing() == "2"
    main_window.undo_stack.undo()
    assert anna_dealing() == "1"


def test_a_second_opening_reads_the_stored_course(
    main_window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jojotte_score.core.records import ratings as rating_module

    store = main_window.session.store
    store_every_game(store)
    counted: list[int] = []
    rate_sitting = rating_module._rate_sitting

    def counting(model: Any, sitting: SittingFacts, current: Any) -> Any:
        counted.append(sitting.sitting_id)
        return rate_sitting(model, sitting, current)

    monkeypatch.setattr(rating_module, "_rate_sitting", counting)

    def ratings_shown() -> list[list[str]]:
        window, view = ratings_page(store, qtbot)
        rows = shown(view.models["ratings"])
        window.close()
        return rows

    first = ratings_shown()
    assert len(counted) == 5  # the first opening rates every sitting and stores the course
    stored = "SELECT COUNT(*) FROM record_ratings WHERE choice = ''"
    assert store.database.connection.execute(stored).fetchone() == (5,)
    expected = rate(every_fact(main_window))
    assert [row[1] for row in first] == [rating.player for rating in expected.players]
    assert [row[3] for row in first] == [f"{rating.mu:.2f}" for rating in expected.players]
    counted.clear()
    assert ratings_shown() == first
    assert counted == []  # the second reads the stored course and rates nothing


def test_the_ratings_shown_follow_each_recorded_hand(main_window: MainWindow, qtbot: QtBot) -> None:
    """With the ratings shown, the two-player example's hands recorded one by one: after
    each the table and the plot are those of the ratings rated afresh; a hand that
    finishes no rubber leaves them as they were (not made again), one that finishes a
    rubber shows its new ratings at once."""
    from jojotte_score.render.records_tables import rating_chart

    store = main_window.session.store
    played, sitting_id = two_player_begun(store)
    history = open_history(main_window, qtbot)
    view = records_of(history)
    view.pages.setCurrentIndex(3)
    kept, changed = 0, 0
    for hand in played.hands:
        chart_before = view.rating_chart.chart()
        rubbers_before = len(rate(every_fact(main_window)).course)
        store.add_hand(sitting_id, hand)
        history.reload()
        facts = every_fact(main_window)
        ratings = rate(facts)
        rows = shown(view.models["ratings"])
        assert [row[1] for row in rows] == [rating.player for rating in ratings.players]
        assert [row[5] for row in rows] == [str(rating.rubbers) for rating in ratings.players]
        assert view.rating_chart.chart() == rating_chart(ratings, facts)
        if len(ratings.course) == rubbers_before:
            assert view.rating_chart.chart() is chart_before
            kept += 1
        else:
            changed += 1
    assert kept > 0  # hands that finished no rubber were recorded
    assert changed > 0  # and hands that finished one


def test_the_head_to_head_opens_without_reading_the_facts(
    main_window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tab opens on the head to head, read from each sitting's stored head to head
    alone; the sittings' sides and roles are read once another page needs them, and a
    sitting that cannot be read then is named in place of the summary, with empty tables."""
    from jojotte_score.render.records_tables import pairs_table
    from jojotte_score.storage import record_facts
    from jojotte_score.storage.errors import DamagedSittingError

    store_every_game(main_window.session.store)
    facts = every_fact(main_window)  # every sitting's facts and head to head stored
    read: list[int] = []
    real = record_facts.PeriodFacts.period_sides

    def counting(self: Any, *arguments: Any, **options: Any) -> Any:
        read.append(1)
        return real(self, *arguments, **options)

    monkeypatch.setattr(record_facts.PeriodFacts, "period_sides", counting)
    history = open_history(main_window, qtbot)
    view = records_of(history)
    assert view.summary.text() == "Records over 5 sittings."
    expected = [list(row.cells) for row in pairs_table(head_to_heads(facts)).rows]
    assert shown(view.models["pairs"]) == expected
    assert read == []
    view.pages.setCurrentIndex(1)
    assert read == [1]
    assert len(shown(view.models["partners"])) > 0

    def damaged(self: Any, *arguments: Any, **options: Any) -> Any:
        raise DamagedSittingError(3, "a stored value is not valid (bad hand)")

    view.pages.setCurrentIndex(0)
    monkeypatch.setattr(record_facts.PeriodFacts, "period_sides", damaged)
    view.refresh()
    assert view.summary.text() == "Records over 5 sittings."  # the head to head needs none
    view.pages.setCurrentIndex(2)
    assert view.summary.text().startswith("Cannot read the records: ")
    assert "3" in view.summary.text()
    assert shown(view.models["roles"]) == []
    view.pages.setCurrentIndex(0)  # every page now shows nothing, until read again
    assert shown(view.models["pairs"]) == []


def test_the_other_pages_are_made_when_first_shown(history: HistoryWindow) -> None:
    view = records_of(history)
    assert set(view.tables) == {"pairs"}  # the head to head alone, at the opening
    assert not view.rating_chart.isVisible()
    for page, kind in enumerate(view.PAGES):
        view.pages.setCurrentIndex(page)
        QApplication.processEvents()
        table = view.tables[kind]
        assert table.isVisible()
        assert table.accessibleName()
        assert table.model() is view.models[kind]
        assert table.model().rowCount() > 0
    assert set(view.tables) == set(view.PAGES)
    assert view.rating_chart.isVisible()
    assert view.ratings_legend.isVisible()
    # Shown again, each page keeps the table it was made with.
    made = dict(view.tables)
    for page in (2, 1, 0, 3):
        view.pages.setCurrentIndex(page)
    assert view.tables == made


def widths(table: QTableView) -> list[int]:
    """Each column's width in ``table``."""
    return [table.columnWidth(column) for column in range(table.model().columnCount())]


def fitted_by_qt(table: QTableView) -> list[int]:
    """Each column's width in ``table`` once Qt has sized it to every cell it measures."""
    table.resizeColumnsToContents()
    return widths(table)


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_tables_columns_are_as_wide_as_qt_makes_them(
    main_window: MainWindow, qtbot: QtBot, language: str
) -> None:
    with speaking(language):
        store_every_game(main_window.session.store)
        view = records_of(open_history(main_window, qtbot))
        view.choose_players("Anna", "Bert")
        for page, kind in enumerate(view.PAGES):
            view.pages.setCurrentIndex(page)
            QApplication.processEvents()
            table = view.tables[kind]
            assert table.model().rowCount() > 0
            fitted = widths(table)
            assert min(fitted) > 0
            assert fitted == fitted_by_qt(table), kind
        fitted = widths(view.pair_table)
        assert len(fitted) == 3
        assert fitted == fitted_by_qt(view.pair_table)


class CountedModel(RecordsModel):
    """A records model that counts how often a view asks it for a cell."""

    asked = 0

    def data(self, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        self.asked += 1
        return super().data(index, role)


@pytest.mark.parametrize("pairs", [3, 60, 150])
def test_long_names_widen_their_columns_as_qt_would(qtbot: QtBot, pairs: int) -> None:
    model = CountedModel()
    table = table_view(model, "Every two players who met")
    qtbot.addWidget(table)
    table.resize(900, 400)
    table.show()
    names = [f"Player {number}" for number in range(pairs)]
    longest = names[pairs // 2] = "Wilhelmina Großherzogin von Württemberg-Hohenlohe"
    model.set_table(pairs_table(tuple(record_of((name, "Zoë"), []) for name in names)))
    fitted, by_view = widths(table), model.asked
    model.asked = 0
    assert fitted == fitted_by_qt(table)
    assert fitted[0] > table.fontMetrics().horizontalAdvance(longest)  # whole, with margins
    if pairs == 60:  # the widest cell of each column measured, not every cell
        assert 3 * by_view < model.asked


@pytest.mark.parametrize("page", [0, 1, 2, 3])
def test_each_page_follows_hands_recorded_while_another_was_shown(
    main_window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, page: int
) -> None:
    """Hands recorded with one page shown: only that page is read again after each (the
    head to head is read only while it is shown); each other page, shown afterwards,
    holds the figures counted afresh from every sitting."""
    from jojotte_score.render.records_tables import rating_chart
    from jojotte_score.storage import record_facts

    added: list[int] = []
    real = record_facts.PeriodFacts.period_pairs

    def counting(self: Any, *arguments: Any, **options: Any) -> Any:
        added.append(1)
        return real(self, *arguments, **options)

    monkeypatch.setattr(record_facts.PeriodFacts, "period_pairs", counting)
    store = main_window.session.store
    played, sitting_id = two_player_begun(store)
    history = open_history(main_window, qtbot)
    view = records_of(history)
    for other in range(view.pages.count()):  # every page read once before the hands
        view.pages.setCurrentIndex(other)
    view.pages.setCurrentIndex(page)
    added.clear()
    for hand in played.hands:
        store.add_hand(sitting_id, hand)
        history.reload()
    assert (len(added) > 0) == (page == 0)
    facts = every_fact(main_window)
    assert view.summary.text() == "Records over 2 sittings."
    for other in (*range(page + 1, view.pages.count()), *range(page)):
        view.pages.setCurrentIndex(other)
        kind = view.current_kind()
        if kind == "pairs":
            expected = [list(row.cells) for row in pairs_table(head_to_heads(facts)).rows]
            assert shown(view.models["pairs"]) == expected
            anna, bert = played.players[0], played.players[1]
            view.choose_players(anna, bert)
            record = head_to_head(facts, anna, bert)
            assert record.rubbers > 0
            assert shown(view.pair_model)[1] == [
                "Rubbers won",
                str(record.won[0]),
                str(record.won[1]),
            ]
        elif kind == "partners":
            together = [row for row in shown(view.models["partners"]) if row[2] == "anyone"]
            assert [(row[0], row[1], row[3], row[4]) for row in together] == [
                (p.players[0], p.players[1], str(p.figures.rubbers), str(p.figures.won))
                for p in partnerships(facts)
            ]
        elif kind == "roles":
            assert [(row[0], row[3]) for row in shown(view.models["roles"])] == [
                (record.player, str(record.figures.rubbers)) for record in role_records(facts)
            ]
        else:
            ratings = rate(facts)
            rows = shown(view.models["ratings"])
            assert [(row[1], row[5]) for row in rows] == [
                (rating.player, str(rating.rubbers)) for rating in ratings.players
            ]
            assert view.rating_chart.chart() == rating_chart(ratings, facts)
