"""Printing from the window: File > Print with a preview, Export PDF, blank pads, the card.

Every page is laid out by :mod:`jojotte_score.render.document` and drawn by
:mod:`jojotte_score.render.page_painter`, with the pads drawn by the same painter as the
sheet on screen. Qt's print support (``PySide6.QtPrintSupport``) is imported only when
something is printed, so the window starts without it.

The functions take plain values (the stored sitting, its ledger, a rubber number), so the
main window only has to pass what it shows. Dialogs are built in code; tests patch their
``exec`` (and ``QPrintPreviewDialog.exec``) so nothing blocks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale
from PySide6.QtGui import QPageSize
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.core.errors import JojotteError
from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import GameKey
from jojotte_score.gui.messages import ok_cancel_buttons, show_message, window_title
from jojotte_score.gui.save_files import ask_save_path
from jojotte_score.i18n import _, ngettext, pgettext
from jojotte_score.labels import local_date
from jojotte_score.render.document import PrintJob
from jojotte_score.render.page_layout import MAX_BLANK_PADS, SheetHeader
from jojotte_score.render.summary_card import card_page_games
from jojotte_score.storage.sittings import StoredSitting

if TYPE_CHECKING:
    from PySide6.QtGui import QPagedPaintDevice

DEFAULT_BLANK_PADS = 2


def default_paper() -> str:
    """The paper of the user's locale: "Letter" where US units are used, else "A4"."""
    us = QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
    return "Letter" if us else "A4"


# What to print ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RubberChoice:
    """The rubbers chosen: ``rubber`` alone, or the whole sitting when None."""

    rubber: int | None


class RubberChoiceDialog(QDialog):
    """The whole sitting, or only the rubber shown on the sheet (the last one played when
    the sheet shows the empty rubber the next hand starts)."""

    def __init__(
        self, parent: QWidget | None, shown: int, count: int, empty_shown: bool = False
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title(_("Print which sheets?")))
        self.shown = shown
        whole = ngettext(
            "The &whole sitting ({count} rubber, each a pad)",
            "The &whole sitting ({count} rubbers, each a pad)",
            count,
        )
        self.whole = QRadioButton(whole.format(count=count))
        if empty_shown:
            one = _("&Rubber {number} only (the last one played)")
        else:
            one = _("&Rubber {number} only (the one shown)")
        self.one = QRadioButton(one.format(number=shown))
        self.whole.setChecked(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.whole)
        layout.addWidget(self.one)
        layout.addWidget(ok_cancel_buttons(self))

    def choice(self) -> RubberChoice:
        """The choice made."""
        return RubberChoice(self.shown if self.one.isChecked() else None)

    @classmethod
    def ask(cls, parent: QWidget | None, shown: int, count: int) -> RubberChoice | None:
        """Ask when the sitting has several rubbers (one: the whole sitting, unasked);
        None when cancelled."""
        if count <= 1:
            return RubberChoice(None)
        number = min(max(shown, 1), count)
        dialog = cls(parent, number, count, empty_shown=shown > count)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.choice()


@dataclass(frozen=True, slots=True)
class BlankPadsRequest:
    """How many blank pads to print, and the names on them ("" for a line to write on):
    two sides, or a column per player in the games of individual players (``variant``)."""

    count: int
    sides: tuple[str, ...]
    variant: GameKey | None = None


class BlankPadsDialog(QDialog):
    """The number of blank pads and the names to print on them: one per side, or one per
    player when ``variant`` is a game of individual players."""

    def __init__(
        self, parent: QWidget | None, sides: tuple[str, ...], variant: GameKey | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title(_("Print blank pads")))
        self.variant = variant
        self.count = QSpinBox(minimum=1, maximum=MAX_BLANK_PADS, value=DEFAULT_BLANK_PADS)
        self.names = [QLineEdit(name) for name in sides]
        for name in self.names:
            name.setPlaceholderText(_("left blank: a line to write on"))
        form = QFormLayout()
        form.addRow(_("&Pads:"), self.count)
        individual = variant is not None and find_game(variant).per_player
        for index, name in enumerate(self.names):
            if individual:
                label = _("Player &{number}:").format(number=index + 1)
            else:
                label = _("Side &{letter}:").format(letter="AB"[index])
            form.addRow(label, name)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        note = QLabel(_("Leave a name blank to write it in by hand."), wordWrap=True)
        layout.addWidget(note)
        layout.addWidget(ok_cancel_buttons(self))

    def request(self) -> BlankPadsRequest:
        """The pads asked for."""
        names = tuple(name.text().strip() for name in self.names)
        return BlankPadsRequest(self.count.value(), names, self.variant)

    @classmethod
    def ask(
        cls, parent: QWidget | None, sides: tuple[str, ...], variant: GameKey | None = None
    ) -> BlankPadsRequest | None:
        """The pads to print, or None when cancelled."""
        dialog = cls(parent, sides, variant)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.request()


# Printing --------------------------------------------------------------------------------


def preview(parent: QWidget | None, job: PrintJob) -> bool:
    """Show ``job`` in the print preview, from which it is printed (Enter or Ctrl+P), or
    saved as a PDF file when there is no printer; True once printed.

    A job that cannot be laid out (a page too small) is explained in a message.
    """
    from PySide6.QtPrintSupport import QPrinter

    from jojotte_score.gui.print_preview import PrintPreview
    from jojotte_score.render.pdf import PAGE_SIZE_IDS

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setFullPage(True)
    printer.setPageSize(QPageSize(PAGE_SIZE_IDS[default_paper()]))
    printer.setDocName(job.title)
    dialog = PrintPreview(printer, parent, file_name_for(job.title))
    dialog.setWindowTitle(window_title(_("Print preview: {title}").format(title=job.title)))
    problems: list[str] = []
    dialog.paintRequested.connect(lambda device: _paint(device, job, problems))
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    dialog.deleteLater()
    if problems:
        show_message(parent, _("Not printed"), problems[-1])
        return False
    return accepted


def file_name_for(title: str) -> str:
    """A PDF file name made of a title: "Berlin 1937" is "berlin-1937.pdf"."""
    base = re.sub(r"[^\w]+", "-", title.strip().lower()).strip("-")
    return f"{base or 'jo-jotte'}.pdf"


def _paint(device: QPagedPaintDevice, job: PrintJob, problems: list[str]) -> None:
    from jojotte_score.render.fonts import print_font
    from jojotte_score.render.page_painter import paint_job

    try:
        paint_job(device, job, print_font())
    except JojotteError as error:
        problems.append(str(error))


def sitting_job(stored: StoredSitting, ledger: Ledger, rubber: int | None = None) -> PrintJob:
    """The job that prints a stored sitting's pads (rubber ``rubber``, or all when None),
    headed by its title, its sides (or players), the local date it was stored and its place:
    two sides' columns, or a column per player in the games of individual players."""
    names = ledger.columns
    header = SheetHeader(stored.title, names, local_date(stored.created), stored.place)
    return PrintJob.for_sitting(stored.sitting, ledger, header, rubber)


def print_sitting(
    parent: QWidget | None, stored: StoredSitting, ledger: Ledger, rubber: int | None
) -> bool:
    """Print rubber ``rubber`` of the sitting (None: every rubber) through the preview."""
    return preview(parent, sitting_job(stored, ledger, rubber))


def pdf_file_name(stored: StoredSitting, rubber: int | None) -> str:
    """The file name offered for the PDF: "christmas.pdf", "sitting-3-rubber-2.pdf" (in
    the language spoken: "Sitzung-3-Robber-2.pdf")."""
    base = re.sub(r"[^\w]+", "-", stored.title.strip().lower()).strip("-")
    # Translators: a file name offered for a sitting's PDF (without ".pdf"): no spaces.
    base = base or pgettext("file name", "sitting-{number}").format(number=stored.id)
    if rubber is not None:
        # Translators: a file name offered for one rubber's PDF (without ".pdf"): no spaces.
        base = pgettext("file name", "{name}-rubber-{number}").format(name=base, number=rubber)
    return f"{base}.pdf"


def export_pdf(
    parent: QWidget | None,
    stored: StoredSitting,
    ledger: Ledger,
    rubber: int | None,
    path: Path | None = None,
) -> Path | None:
    """Write the sitting's pads (rubber ``rubber``, or all when None) to a PDF file on the
    locale's paper: ``path``, else a file the player chooses. The path written, or None
    when cancelled or when the file could not be written (which a message explains)."""
    if path is None:
        path = ask_save_path(
            parent, _("Export PDF"), pdf_file_name(stored, rubber), _("PDF files (*.pdf)")
        )
        if path is None:
            return None
        if not path.suffix:
            path = path.with_suffix(".pdf")
    from jojotte_score.render.pdf import write_pdf

    try:
        write_pdf(path, sitting_job(stored, ledger, rubber), default_paper())
    except OSError as error:
        show_message(parent, _("PDF not written"), f"{path}: {error.strerror or error}")
        return None
    except JojotteError as error:
        show_message(parent, _("PDF not written"), f"{path}: {error}")
        return None
    return path


def print_sheets(
    parent: QWidget | None, stored: StoredSitting, ledger: Ledger, shown_rubber: int
) -> bool:
    """File > Print: the whole sitting or the rubber shown (asked when there are several
    rubbers), through the preview."""
    choice = RubberChoiceDialog.ask(parent, shown_rubber, len(ledger.rubbers))
    return choice is not None and print_sitting(parent, stored, ledger, choice.rubber)


def export_sheets(
    parent: QWidget | None, stored: StoredSitting, ledger: Ledger, shown_rubber: int
) -> Path | None:
    """File > Export PDF: the whole sitting or the rubber shown (asked when there are
    several rubbers), to a PDF file the player chooses."""
    choice = RubberChoiceDialog.ask(parent, shown_rubber, len(ledger.rubbers))
    if choice is None:
        return None
    return export_pdf(parent, stored, ledger, choice.rubber)


def print_blank_pads(
    parent: QWidget | None, sides: tuple[str, ...] = ("", ""), variant: GameKey | None = None
) -> bool:
    """Ask how many blank pads and which names (``sides`` offered), then preview them: the
    pads of ``variant`` (two sides when None)."""
    request = BlankPadsDialog.ask(parent, sides, variant)
    if request is None:
        return False
    job = PrintJob(blank=request.count, blank_sides=request.sides, blank_variant=request.variant)
    return preview(parent, job)


def print_card(parent: QWidget | None) -> bool:
    """Preview the scoring card: the two-player and partnership page, then a page for each
    game of individual players; it is printed from the preview."""
    return preview(parent, PrintJob(card=True, card_variants=card_page_games()))
