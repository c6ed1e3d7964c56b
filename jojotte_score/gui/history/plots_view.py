"""The history's Plots tab: three plots, each with its summary in words beside it.

The running result of one sitting hand by hand, each player's net result per sitting over
time, and the contracts each player made as a share of those declared, by kind. The
series come from :mod:`jojotte_score.core.series`, the drawing from
:class:`~jojotte_score.gui.history.chart_widget.ChartWidget`; each plot is saved as a PNG, and the
season report (the statistics and the plots) as a PDF. The tab reads nothing itself: it is
given the functions that read the store.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.core.errors import JojotteError
from jojotte_score.core.games import find_game
from jojotte_score.core.series import (
    SittingCourse,
    SittingResult,
    contract_shares,
    results_over_time,
)
from jojotte_score.core.stats import PlayerStats
from jojotte_score.gui.history.chart_widget import ChartWidget
from jojotte_score.gui.messages import show_message
from jojotte_score.gui.save_files import ask_save_path
from jojotte_score.i18n import _, isolated, pgettext
from jojotte_score.labels import sitting_label
from jojotte_score.render.chart_layout import Chart, course_chart, results_chart, shares_chart
from jojotte_score.render.season_report import SeasonReport
from jojotte_score.storage.sittings import SittingInfo


@dataclass(frozen=True, slots=True)
class PlotSources:
    """What the Plots tab reads: the stored sittings, a sitting's course hand by hand (None
    when it cannot be read), each player's figures, and the season report."""

    sittings: Callable[[], Sequence[SittingInfo]]
    course: Callable[[int], SittingCourse | None]
    stats: Callable[[], Sequence[PlayerStats]]
    report: Callable[[], SeasonReport]


def results_of(infos: Sequence[SittingInfo]) -> list[SittingResult]:
    """Each readable sitting's result on the local day it was stored, oldest first."""
    readable = [info for info in infos if not info.damaged]
    return [
        SittingResult.of(
            info.created.astimezone().date(),
            info.variant,
            info.players,
            info.net_side,
            info.net_points,
            info.settlement,
        )
        for info in sorted(readable, key=lambda info: (info.created, info.id))
    ]


class _Plot(QWidget):
    """One plot, its summary in words beside it, and "Save PNG…"."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.chart = ChartWidget()
        self.summary = QLabel(wordWrap=True)
        self.summary.setMinimumWidth(220)
        self.save_button = QPushButton(_("Save PNG…"))
        self.save_button.clicked.connect(self.save)
        side = QVBoxLayout()
        side.addWidget(self.summary)
        side.addStretch(1)
        side.addWidget(self.save_button)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.chart, 3)
        layout.addLayout(side, 1)
        self.chart.setMinimumHeight(300)

    def show_chart(self, chart: Chart | None) -> None:
        self.chart.set_chart(chart)
        self.summary.setText(chart.summary if chart is not None else _("Nothing to plot yet."))
        self.save_button.setEnabled(chart is not None)
        # Three plots have a "Save PNG…" each: a screen reader tells them apart by the title.
        title = chart.title if chart is not None else self.name
        self.save_button.setAccessibleName(_("Save “{plot}” as PNG").format(plot=title))

    def save(self) -> None:
        chosen = ask_save_path(self, _("Save plot"), f"{self.name}.png", _("PNG pictures (*.png)"))
        if chosen is not None:
            path = chosen if chosen.suffix else chosen.with_suffix(".png")
            if not self.chart.save_png(path):
                show_message(
                    self,
                    _("Not saved"),
                    _("{path}: the picture could not be written").format(path=path),
                )


class PlotsView(QWidget):
    """The Plots tab: a sitting's running result (the sitting chosen above it), each
    player's net result per sitting, and contracts made by kind; "Season report (PDF)…"."""

    def __init__(self, sources: PlotSources, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sources = sources
        self.sitting = QComboBox()
        self.sitting.setMinimumContentsLength(30)
        sitting_label_widget = QLabel(_("Sitti&ng:"))
        sitting_label_widget.setBuddy(self.sitting)
        self.course = _Plot("running-result")
        self.results = _Plot("results-per-sitting")
        self.shares = _Plot("contracts-made")
        self.report_button = QPushButton(_("Season &report (PDF)…"))
        # clicked(bool) would reach export_report as its path: the button asks for a file.
        self.report_button.clicked.connect(lambda: self.export_report())
        top = QHBoxLayout()
        top.addWidget(sitting_label_widget)
        top.addWidget(self.sitting, 1)
        top.addWidget(self.report_button)
        plots = QWidget()
        grid = QGridLayout(plots)
        for row, plot in enumerate((self.course, self.results, self.shares)):
            grid.addWidget(plot, row, 0)
        scroll = QScrollArea(widgetResizable=True)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the plots are the stops; Tab passes
        scroll.setWidget(plots)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(scroll, 1)
        self.sitting.currentIndexChanged.connect(self._show_course)

    def refresh(self) -> None:
        """Read the stored sittings and figures again and redraw every plot."""
        infos = [info for info in self._sources.sittings() if not info.damaged]
        chosen = self.sitting.currentData()
        self.sitting.blockSignals(True)
        self.sitting.clear()
        for info in infos:
            players = tuple(isolated(name) for name in info.players)
            game = find_game(info.variant)
            names = players if game.per_player else game.side_names(players)
            label = sitting_label(info.id, info.title, info.created, info.variant, names)
            self.sitting.addItem(label, info.id)
        index = self.sitting.findData(chosen)
        self.sitting.setCurrentIndex(index if index >= 0 else 0)
        self.sitting.blockSignals(False)
        self._show_course()
        over_time = results_over_time(results_of(infos))
        self.results.show_chart(
            results_chart(over_time, _("Each player's result per sitting")) if infos else None
        )
        stats = self._sources.stats()
        self.shares.show_chart(
            shares_chart(contract_shares(stats), _("Contracts made, by kind")) if stats else None
        )

    def _show_course(self) -> None:
        sitting_id = self.sitting.currentData()
        course = None if sitting_id is None else self._sources.course(int(sitting_id))
        title = _("Running result: {sitting}").format(sitting=self.sitting.currentText())
        self.course.show_chart(course_chart(course, title) if course is not None else None)

    def export_report(self, path: Path | None = None) -> Path | None:
        """Write the season report to ``path``, else to a PDF file the player chooses."""
        if path is None:
            chosen = ask_save_path(
                self,
                _("Season report"),
                # Translators: the file name offered for the season report (without ".pdf").
                pgettext("file name", "season-report") + ".pdf",
                _("PDF files (*.pdf)"),
            )
            if chosen is None:
                return None
            path = chosen if chosen.suffix else chosen.with_suffix(".pdf")
        from jojotte_score.render.season_pdf import write_season_report

        try:
            write_season_report(path, self._sources.report())
        except OSError as error:
            show_message(
                self,
                _("Report not written"),
                _("{path}: {error}").format(path=path, error=error.strerror or error),
            )
            return None
        except JojotteError as error:
            show_message(
                self, _("Report not written"), _("{path}: {error}").format(path=path, error=error)
            )
            return None
        return path
