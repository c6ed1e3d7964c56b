"""The period chooser the Statistics and Records tabs share: the dates each choice covers,
when it says the period changed, the custom dates shown only while chosen, what a screen
reader hears, and Alt+P."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from jojotte_score.gui.history.period_chooser import PeriodChooser
from jojotte_score.gui.history.statistics_rows import PeriodChoice
from jojotte_score.storage.statistics import Period

TODAY = date(2026, 11, 23)


class Said(list[Period]):
    """The period each time the chooser said it changed."""


@pytest.fixture
def said() -> Said:
    return Said()


@pytest.fixture
def window(qtbot: QtBot, said: Said) -> QWidget:
    """A window holding the chooser, on the 23rd of November 2026, and a field below it."""
    shown = QWidget()
    layout = QVBoxLayout(shown)
    chooser = PeriodChooser(today=lambda: TODAY)
    layout.addWidget(chooser)
    layout.addWidget(QLineEdit())
    chooser.changed.connect(lambda: said.append(chooser.period()))
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    return shown


@pytest.fixture
def chooser(window: QWidget) -> PeriodChooser:
    """The chooser of ``window``."""
    found = window.findChild(PeriodChooser)
    assert isinstance(found, PeriodChooser)
    return found


@pytest.mark.parametrize(
    ("choice", "period"),
    [
        (PeriodChoice.ALL_TIME, Period()),
        (PeriodChoice.THIS_YEAR, Period(date(2026, 1, 1), TODAY)),
        (PeriodChoice.LAST_12_MONTHS, Period(date(2025, 11, 24), TODAY)),
        # A custom period starts as this year's.
        (PeriodChoice.CUSTOM, Period(date(2026, 1, 1), TODAY)),
    ],
)
def test_each_choice_covers_its_dates(
    chooser: PeriodChooser, said: Said, choice: PeriodChoice, period: Period
) -> None:
    chooser.choose(choice)
    assert chooser.period_choice() is choice
    assert chooser.period() == period
    assert said == [period]  # once, even for the choice already made (all time)
    custom = choice is PeriodChoice.CUSTOM
    assert [w.isVisibleTo(chooser) for w in (chooser.first, chooser.to_label, chooser.last)] == [
        custom
    ] * 3


def test_custom_dates_say_the_period_changed_only_while_chosen(
    chooser: PeriodChooser, said: Said
) -> None:
    chooser.choose(PeriodChoice.CUSTOM, date(2026, 6, 30), date(2026, 1, 1))
    assert said == [Period(date(2026, 1, 1), date(2026, 6, 30))]  # either order
    chooser.last.setDate(QDate(2026, 3, 31))
    assert said[-1] == Period(date(2026, 3, 31), date(2026, 6, 30))
    chooser.choose(PeriodChoice.THIS_YEAR)
    count = len(said)
    chooser.first.setDate(QDate(2025, 1, 1))  # hidden: the period is this year's still
    assert len(said) == count
    assert chooser.period() == Period(date(2026, 1, 1), TODAY)


def test_a_screen_reader_hears_each_part_and_alt_p_reaches_the_list(
    window: QWidget, chooser: PeriodChooser, qtbot: QtBot
) -> None:
    assert chooser.choice.accessibleName() == "Period"
    assert [chooser.first.accessibleName(), chooser.last.accessibleName()] == ["From", "To"]
    assert chooser.label.text() == "&Period:"
    assert [chooser.choice.itemText(i) for i in range(chooser.choice.count())] == [
        "All time",
        "This year",
        "Last 12 months",
        "From … to …",
    ]
    (field,) = window.findChildren(QLineEdit, options=Qt.FindChildOption.FindDirectChildrenOnly)
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    QTest.keyClick(field, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is chooser.choice
