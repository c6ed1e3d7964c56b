"""The period chooser the Statistics and Records tabs share: "Period:" (Alt+P), a list of
the periods of :class:`~jojotte_score.gui.history.statistics_rows.PeriodChoice`, and the
two dates of a custom period, shown only while a custom period is chosen.

The chooser turns what is chosen into the dates it covers (:meth:`PeriodChooser.period`)
and says when that may have changed (:attr:`PeriodChooser.changed`); the tab reads its
figures again then.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from PySide6.QtCore import QDate, Signal
from PySide6.QtWidgets import QComboBox, QDateEdit, QHBoxLayout, QLabel, QWidget

from jojotte_score.gui.history.history_window import qt_date_format
from jojotte_score.gui.history.statistics_rows import PeriodChoice, period_of
from jojotte_score.i18n import _
from jojotte_score.storage.statistics import Period


class PeriodChooser(QWidget):
    """ "Period:", the periods offered, and the dates "From" "to" "To" of a custom period.

    ``today`` gives the local date the periods are counted back from (read each time the
    period is asked for, so "this year" moves on at midnight); a custom period starts as
    this year's, from the 1st of January to today.
    """

    changed = Signal()
    """The period chosen may cover other dates: another choice, or a custom period's
    date changed while it is chosen."""

    def __init__(
        self, today: Callable[[], date] = date.today, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._today = today
        self.choice = QComboBox()
        for choice in PeriodChoice:
            self.choice.addItem(choice.label, choice)
        self.choice.setAccessibleName(_("Period"))
        now = today()
        self.first = _date_edit(_("From"), date(now.year, 1, 1))
        self.last = _date_edit(_("To"), now)
        self.to_label = QLabel(_("to"))
        # Translators: the period chooser of the Statistics and Records tabs (Alt+P).
        self.label = QLabel(_("&Period:"))
        self.label.setBuddy(self.choice)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.label, self.choice, self.first, self.to_label, self.last):
            layout.addWidget(widget)

        self.choice.currentIndexChanged.connect(self._choice_changed)
        self.first.dateChanged.connect(self._dates_changed)
        self.last.dateChanged.connect(self._dates_changed)
        self._show_dates()

    def period_choice(self) -> PeriodChoice:
        """The period chosen in the list."""
        choice = self.choice.currentData()
        assert isinstance(choice, PeriodChoice)
        return choice

    def period(self) -> Period:
        """The dates the chosen period covers today."""
        return period_of(
            self.period_choice(), self._today(), _day(self.first.date()), _day(self.last.date())
        )

    def choose(
        self, choice: PeriodChoice, first: date | None = None, last: date | None = None
    ) -> None:
        """Choose a period as the player would (the custom dates when given); says
        :attr:`changed` once, even when ``choice`` was already chosen."""
        for edit, day in ((self.first, first), (self.last, last)):
            if day is not None:
                edit.blockSignals(True)
                edit.setDate(QDate(day.year, day.month, day.day))
                edit.blockSignals(False)
        index = self.choice.findData(choice)
        if index == self.choice.currentIndex():
            self.changed.emit()
        else:
            self.choice.setCurrentIndex(index)

    def _choice_changed(self) -> None:
        self._show_dates()
        self.changed.emit()

    def _dates_changed(self) -> None:
        if self.period_choice() is PeriodChoice.CUSTOM:
            self.changed.emit()

    def _show_dates(self) -> None:
        custom = self.period_choice() is PeriodChoice.CUSTOM
        for widget in (self.first, self.to_label, self.last):
            widget.setVisible(custom)
        self.updateGeometry()  # the tab's row is laid out again at once, not a pass later


def _date_edit(name: str, day: date) -> QDateEdit:
    edit = QDateEdit(QDate(day.year, day.month, day.day))
    edit.setCalendarPopup(True)
    edit.setDisplayFormat(qt_date_format())  # as the sittings list writes dates
    edit.setAccessibleName(name)
    return edit


def _day(day: QDate) -> date:
    return date(day.year(), day.month(), day.day())
