"""The table display: a second window, full screen on a screen facing the players.

It shows only what the table reads, in large type: the pad of the rubber in play (the one
sheet widget and painter of the main window), each column's total, below the line and
games, the prison, the last hand in one line, the next dealer and, at a rubber's end, its
result. It is read-only and never takes the keyboard from the scorekeeper's window; the
main window tells it of every change from its one refresh (:meth:`TableDisplay.show_sitting`).
The main window imports this module when View > Table display is first chosen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QKeyEvent,
    QResizeEvent,
    QScreen,
)
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.gui import accessibility
from jojotte_score.gui.accessibility import Speaking
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.messages import window_title
from jojotte_score.gui.pad.sheet_widget import MAX_ZOOM, MIN_ZOOM, SheetWidget
from jojotte_score.i18n import _
from jojotte_score.presenters.table_words import TableFigures, table_figures

if TYPE_CHECKING:
    from jojotte_score.presenters.session import Session, Shown

TOTAL_SHARE = 12
"""The totals are drawn this fraction of the window's height high (1/12: 90 pixels on a
1920×1080 screen, legible from three metres)."""

_NAME_SHARE = 24  # the columns' names, below the line and games: half the totals' size
_LINE_SHARE = 36  # the title, the last hand, the next dealer and the result


class DisplayWindow(Protocol):
    """What the display needs of the window whose sitting it shows (the main window): its
    sitting, its View > Table display action, its place for the display and its screen."""

    table_display: TableDisplay | None

    @property
    def session(self) -> Session: ...

    @property
    def named_actions(self) -> Mapping[ActionName, QAction]: ...

    def screen(self) -> QScreen: ...

    def window(self) -> QWidget: ...


def display_screen(screens: Sequence[QScreen], main: QScreen | None) -> QScreen | None:
    """The screen the display opens on: the first one the main window is not on, or else
    the main window's (None without screens)."""
    for screen in screens:
        if screen is not main:
            return screen
    return main if main is not None else (screens[0] if screens else None)


def next_screen(screens: Sequence[QScreen], current: QScreen | None) -> QScreen | None:
    """The screen after ``current`` in ``screens``, round to the first."""
    if not screens:
        return None
    if current is None or current not in screens:
        return screens[0]
    return screens[(list(screens).index(current) + 1) % len(screens)]


class TableDisplay(QWidget, Speaking):
    """The score for the players, read-only, in a window of its own that takes no focus.

    ``closed`` is emitted when it closes (Esc in it when it has the keys, the action again,
    the main window closing). F (or Space) moves it to the next screen.
    """

    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window | Qt.WindowType.WindowDoesNotAcceptFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setObjectName("table-display")
        accessibility.install()
        self.setWindowTitle(window_title(_("Table display")))
        self.figures: TableFigures | None = None
        self.sheet = SheetWidget()
        self.sheet.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.sheet.set_announcing(False)  # the main window's pad says each hand once
        self.sheet.setMouseTracking(False)
        self.title = _label("title")
        self.last_hand = _label("last-hand")
        self.last_hand.setWordWrap(True)
        self.dealer = _label("next-dealer")
        self.prison = _label("prison")
        self.result = _label("result")
        self.result.setWordWrap(True)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(32)
        self.names: list[QLabel] = []
        self.totals: list[QLabel] = []
        self.belows: list[QLabel] = []
        self.games: list[QLabel] = []
        self.headings = [_label("heading") for _column in range(3)]
        for column, (heading, text) in enumerate(
            zip(self.headings, (_("Total"), _("Below"), _("Games")), strict=True), start=1
        ):
            heading.setText(text)
            heading.setAlignment(Qt.AlignmentFlag.AlignRight)
            self.grid.addWidget(heading, 0, column)
        figures = QVBoxLayout()
        figures.addWidget(self.title)
        figures.addStretch(1)
        figures.addLayout(self.grid)
        figures.addWidget(self.prison)
        figures.addStretch(1)
        figures.addWidget(self.result)
        figures.addWidget(self.dealer)
        figures.addWidget(self.last_hand)
        row = QHBoxLayout(self)
        row.setContentsMargins(24, 24, 24, 24)
        row.setSpacing(48)
        # The window takes the screen's size, whatever the type it had on the screen before.
        row.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        row.addWidget(self.sheet, 2)
        row.addLayout(figures, 3)
        self._size_type()

    # What it shows ------------------------------------------------------------------------

    def show_sitting(self, shown: Shown | None) -> None:
        """Show ``shown``'s newest rubber (None: nothing); called after every change."""
        self.sheet.set_pad(shown.pad if shown is not None else None)
        self.figures = table_figures(shown) if shown is not None else None
        figures = self.figures
        columns = figures.columns if figures is not None else ()
        while len(self.names) < len(columns):
            line = len(self.names) + 1
            labels = (_label("name"), _label("total"), _label("below"), _label("games"))
            for column, label in enumerate(labels):
                right = Qt.AlignmentFlag.AlignRight if column else Qt.AlignmentFlag.AlignLeft
                label.setAlignment(right | Qt.AlignmentFlag.AlignVCenter)
                self.grid.addWidget(label, line, column)
            self.names.append(labels[0])
            self.totals.append(labels[1])
            self.belows.append(labels[2])
            self.games.append(labels[3])
        for line, labels in enumerate(
            zip(self.names, self.totals, self.belows, self.games, strict=True)
        ):
            shown_here = line < len(columns)
            for label in labels:
                label.setVisible(shown_here)
            if shown_here:
                one = columns[line]
                texts = (one.name, str(one.total), str(one.below), str(one.games))
                for label, text in zip(labels, texts, strict=True):
                    label.setText(text)
        for heading in self.headings:
            heading.setVisible(bool(columns))
        if figures is None:
            self.title.setText(_("No sitting yet."))
            texts = ("", "", "", "")
        else:
            self.title.setText(figures.title)
            texts = (figures.prison, figures.result, figures.next_dealer, figures.last_hand)
        for label, text in zip(
            (self.prison, self.result, self.dealer, self.last_hand), texts, strict=True
        ):
            label.setText(text)
            label.setVisible(bool(text))
        self._fit_sheet()

    # Where it is ---------------------------------------------------------------------------

    def show_on(self, screen: QScreen | None) -> None:
        """Full screen on ``screen`` (None: where it is), without taking the focus."""
        if screen is not None:
            self._size_type(screen.geometry().height())  # before it is laid out there
            self.setScreen(screen)
            self.setGeometry(screen.geometry())
        # Not showFullScreen(): it asks for the window to be activated, taking the keyboard.
        self.setWindowState(self.windowState() | Qt.WindowState.WindowFullScreen)
        self.show()

    def to_next_screen(self) -> None:
        """Move to the next screen there is."""
        screens = QGuiApplication.screens()
        self.setWindowState(self.windowState() & ~Qt.WindowState.WindowFullScreen)
        self.show_on(next_screen(screens, self.screen()))

    # Type and sheet sizes --------------------------------------------------------------------

    def _size_type(self, height: int | None = None) -> None:
        height = max(self.height() if height is None else height, 240)
        sizes = (
            (self.totals, max(-(-height // TOTAL_SHARE), 12), True),
            (self.names + self.belows + self.games, max(height // _NAME_SHARE, 10), False),
            (self.headings, max(height // _LINE_SHARE, 9), False),
            ([self.prison, self.result], max(height // _LINE_SHARE, 9), True),
            ([self.title, self.dealer], max(height // _NAME_SHARE, 10), False),
            ([self.last_hand], max(height // _LINE_SHARE, 9), False),
        )
        for labels, pixels, bold in sizes:
            for label in labels:
                font = QFont(self.font())
                font.setPixelSize(pixels)
                font.setBold(bold)
                label.setFont(font)
                if labels is self.totals:  # never squeezed below its type
                    label.setMinimumHeight(QFontMetrics(font).height())

    def _fit_sheet(self) -> None:
        """Draw the pad as large as its pane allows (the sheet widget's zoom)."""
        layout = self.sheet.sheet_layout()
        width, height = self.sheet.width(), self.sheet.height()
        if layout is None or layout.width <= 0 or layout.height <= 0 or height <= 0:
            return
        points = self.sheet.logicalDpiY() / 72.0
        fit = min(width / layout.width, height / layout.height) / points
        self.sheet.set_zoom(min(max(fit, MIN_ZOOM), MAX_ZOOM))

    # Qt events -------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._size_type()
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self._fit_sheet()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close()
        elif event.key() in (Qt.Key.Key_F, Qt.Key.Key_Space):
            self.to_next_screen()
        else:
            super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        self.closed.emit()


def _label(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
    return label


def toggle(window: DisplayWindow, on: bool, screen: QScreen | None = None) -> None:
    """View > Table display: open the display over ``window``'s sitting (``on``) on
    ``screen``, by default the screen the window is not on; or close it."""
    display = window.table_display
    if not on:
        if display is not None:
            display.close()
        return
    if display is None:
        display = TableDisplay(window.window())
        action = window.named_actions[ActionName.TABLE_DISPLAY]
        display.closed.connect(lambda: action.setChecked(False))
        window.table_display = display
    display.show_sitting(window.session.shown)
    screens = QGuiApplication.screens()
    if screen is None or screen not in screens:
        screen = display_screen(screens, window.screen())
    display.show_on(screen)


def reopen(window: DisplayWindow, screen: QScreen | None) -> None:
    """Open the display over ``window`` on ``screen``, as the display of the window it
    takes the place of was (View > Language builds a new window in the new language)."""
    window.named_actions[ActionName.TABLE_DISPLAY].setChecked(True)
    toggle(window, True, screen)


def to_next_screen(window: DisplayWindow) -> None:
    """View > Table display on the next screen: open the display if it is closed, then
    move it to the screen after its own."""
    display = window.table_display
    if display is None or not display.isVisible():
        window.named_actions[ActionName.TABLE_DISPLAY].setChecked(True)
        toggle(window, True)
        display = window.table_display
    if display is not None:
        display.to_next_screen()
