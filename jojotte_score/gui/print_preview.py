"""The print preview, printed from the keyboard, which says first where the pages go.

Qt's own preview (``QPrintPreviewDialog``) shows the pages and lets the paper, the
orientation and the zoom be changed, but its Print button is a toolbar button: no key, no
Tab stop, so a scorekeeper without a mouse could not print. :class:`PrintPreview` keeps
Qt's preview and adds, under the pages:

- a line saying where printing goes (:mod:`jojotte_score.gui.printer_state`): the printer,
  or that it is stopped, that there is none, or that the printing service does not answer;
- a **Print…** button that has the focus when the preview opens: Enter prints, Ctrl+P
  prints, Tab reaches it; then Qt's print dialog (Enter prints there too);
- with no printer, **Save as PDF…** in its place: a file the player names, never a silent
  file in the home folder;
- **Close** (Esc).

The toolbar's Print button is this same action.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence, QShowEvent
from PySide6.QtPrintSupport import (
    QPrintDialog,
    QPrinter,
    QPrintPreviewDialog,
    QPrintPreviewWidget,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGraphicsView,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.gui.messages import window_title
from jojotte_score.gui.printer_state import PrinterState, printer_state
from jojotte_score.gui.save_files import ask_save_path
from jojotte_score.i18n import _

StateQuery = Callable[[str], PrinterState]
"""Gives the state of a printer by name ("" for the default one)."""


class PrintPreview(QPrintPreviewDialog):
    """Qt's print preview with a Print button that has the focus, Ctrl+P, and a line
    saying where the pages go; ``pdf_name`` is offered when they go into a file."""

    def __init__(
        self,
        printer: QPrinter,
        parent: QWidget | None,
        pdf_name: str,
        state_of: StateQuery = lambda name: printer_state(name=name),
    ) -> None:
        super().__init__(printer, parent)
        self.pdf_name = pdf_name
        self.state_of = state_of
        self.printed_to: Path | None = None  # the PDF file written, when not a printer
        self.preview = self.findChild(QPrintPreviewWidget)
        self.print_action = QAction(self)
        self.print_action.setShortcuts(QKeySequence.StandardKey.Print)
        self.print_action.triggered.connect(self.print_pages)
        self._replace_toolbar_print()
        self._name_qt_parts()
        self.addAction(self.print_action)
        self.state_line = QLabel(wordWrap=True)
        self.state_line.setAccessibleName(_("Printer"))
        buttons = QDialogButtonBox()
        self.print_button = QPushButton()
        buttons.addButton(self.print_button, QDialogButtonBox.ButtonRole.AcceptRole)
        close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.setAutoDefault(False)
        self.print_button.setDefault(True)
        self.print_button.clicked.connect(self.print_pages)
        buttons.rejected.connect(self.reject)
        # Qt's preview fills the dialog edge to edge; the line and the buttons get the
        # margins of any other dialog.
        footer = QWidget()
        footer_layout = QVBoxLayout(footer)
        footer_layout.addWidget(self.state_line)
        footer_layout.addWidget(buttons)
        layout = self.layout()
        assert layout is not None  # Qt's preview lays out its toolbar and pages
        layout.addWidget(footer)
        self.show_state(self.state_of(printer.printerName()))

    def showEvent(self, event: QShowEvent) -> None:
        """The preview opens with the focus on Print: Enter prints."""
        super().showEvent(event)
        self.print_button.setFocus()

    def _replace_toolbar_print(self) -> None:
        """Qt's toolbar Print (its last button) opens Qt's print dialog, which without a
        printer prints into a file unasked: it is replaced by this preview's action."""
        toolbar = self.findChild(QToolBar)
        if toolbar is None:
            return
        actions = [action for action in toolbar.actions() if not action.isSeparator()]
        if actions:
            self.print_action.setIcon(actions[-1].icon())
            toolbar.insertAction(actions[-1], self.print_action)
            toolbar.removeAction(actions[-1])

    def _name_qt_parts(self) -> None:
        """Name what Qt's preview leaves nameless to a screen reader: the box of the page
        shown and the view of the pages (the zoom box says its value)."""
        for edit in self.findChildren(QLineEdit):
            if not edit.accessibleName() and not isinstance(edit.parent(), QComboBox):
                edit.setAccessibleName(_("Page number"))
        if self.preview is not None:
            for view in self.preview.findChildren(QGraphicsView):
                view.setAccessibleName(_("Pages"))

    def show_state(self, state: PrinterState) -> None:
        """Say where the pages go, and name the Print button after it."""
        self.state = state
        self.state_line.setText(state.words())
        text = _("&Print…") if state.can_print else _("Save as &PDF…")
        self.print_button.setText(text)
        self.print_action.setText(text.replace("&", ""))
        self.print_button.setAccessibleDescription(state.words())

    def print_pages(self) -> None:
        """Print: through Qt's print dialog to the printer, or, without one, into a PDF
        file the player names. The preview closes once the pages are sent."""
        printer = self.printer()
        to_file = printer.outputFormat() == QPrinter.OutputFormat.PdfFormat
        self.show_state(self.state_of("" if to_file else printer.printerName()))
        if self.state.can_print:
            if to_file:
                printer.setPrinterName(self.state.printer)  # not the file Qt fell back to
            dialog = QPrintDialog(printer, self)
            dialog.setWindowTitle(window_title(_("Print")))
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return
            if printer.outputFormat() == QPrinter.OutputFormat.PdfFormat:
                self.printed_to = Path(printer.outputFileName())  # "Print to file" chosen
        else:
            chosen = ask_save_path(self, _("Save as PDF"), self.pdf_name, _("PDF files (*.pdf)"))
            if chosen is None:
                return
            path = chosen if chosen.suffix else chosen.with_suffix(".pdf")
            printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
            printer.setOutputFileName(str(path))
            self.printed_to = path
        if self.preview is not None:
            self.preview.print_()
        self.accept()
