"""File > Share with the table…: the sitting on the players' phones, from the window.

Switching the action on starts the shared page's server (:mod:`jojotte_score.share`, no Qt)
on this machine's address on the local network and shows a dialog with the page's QR code
and address; every change the window shows is published to it (:meth:`Sharing.publish`,
called from the window's one refresh); the window's status line and the dialog say how many
phones follow. Switching it off, or closing the window, stops the server: the port closes.

The window imports this module (and the server with it) only when the action is first
chosen: start-up stays as it was when nothing is shared.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStatusBar,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.messages import show_message, window_title
from jojotte_score.i18n import _, ngettext
from jojotte_score.share.address import lan_address
from jojotte_score.share.limits import Limits
from jojotte_score.share.qr import qr_png
from jojotte_score.share.server import ShareServer
from jojotte_score.share.view import shared_views

if TYPE_CHECKING:
    from jojotte_score.presenters.session import Session, Shown

FOLLOWERS_EVERY_MS = 1000
"""How often the window asks the server how many phones follow (milliseconds)."""


class SharingWindow(Protocol):
    """What sharing needs of the window whose sitting it serves (the main window): its
    sitting, its File > Share with the table action, its place for the sharing, its status
    line, and itself as the dialog's parent."""

    sharing: Sharing | None

    @property
    def session(self) -> Session: ...

    @property
    def named_actions(self) -> Mapping[ActionName, QAction]: ...

    def statusBar(self) -> QStatusBar: ...  # Qt's name

    def window(self) -> QWidget: ...


def followers_text(count: int) -> str:
    """How many phones have the shared page open, in words."""
    if not count:
        return _("Shared with the table; no phone has the page open yet")
    return ngettext(
        "Shared with the table; {count} phone has the page open",
        "Shared with the table; {count} phones have the page open",
        count,
    ).format(count=count)


def on_loopback(url: str) -> bool:
    """True when ``url``'s host is this computer's loopback address (no network found)."""
    return url.startswith(("http://127.", "http://[::1]", "http://localhost"))


class ShareDialog(QDialog):
    """The page's QR code and address, how many phones follow, and a button to stop.

    It does not block the window: the scorekeeper records on while it is open, and closing
    it leaves the page shared.
    """

    def __init__(self, url: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("share-dialog")
        self.setWindowTitle(window_title(_("Share with the table")))
        intro = QLabel(
            _(
                "The players open this address on their phones, on the same network as this "
                "computer, or scan the code with the camera. The page shows the score and "
                "keeps up with every hand; it cannot change anything."
            )
        )
        intro.setWordWrap(True)
        self.qr = QLabel()
        self.qr.setObjectName("qr-code")
        pixmap = QPixmap()
        pixmap.loadFromData(qr_png(url, scale=6), "PNG")
        self.qr.setPixmap(pixmap)
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr.setAccessibleName(_("QR code of the address"))
        self.address = QLineEdit(url)
        self.address.setObjectName("address")
        self.address.setReadOnly(True)
        self.address.setAccessibleName(_("Address"))
        self.address.setMinimumWidth(self.address.fontMetrics().horizontalAdvance(url) + 24)
        copy = QPushButton(_("&Copy address"))
        copy.clicked.connect(self.copy_address)
        row = QHBoxLayout()
        row.addWidget(self.address, 1)
        row.addWidget(copy)
        self.followers = QLabel(followers_text(0))
        self.followers.setObjectName("followers")
        note = QLabel(
            _(
                "Anyone on this network who has the address can read the score, and nothing "
                "else: no other sitting, no file. Stop sharing when the evening is over."
            )
        )
        note.setWordWrap(True)
        self.offline = QLabel(
            _(
                "This computer is on no network now: only a browser on this computer can "
                "open the page."
            )
        )
        self.offline.setObjectName("offline")
        self.offline.setWordWrap(True)
        self.offline.setVisible(on_loopback(url))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.stop_button = buttons.addButton(
            _("&Stop sharing"), QDialogButtonBox.ButtonRole.DestructiveRole
        )
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.qr)
        layout.addLayout(row)
        layout.addWidget(self.followers)
        layout.addWidget(self.offline)
        layout.addWidget(note)
        layout.addWidget(buttons)

    def copy_address(self) -> None:
        """Put the address on the clipboard."""
        self.address.selectAll()
        QGuiApplication.clipboard().setText(self.address.text())

    def show_followers(self, count: int) -> None:
        """Say how many phones follow now."""
        self.followers.setText(followers_text(count))


class Sharing(QObject):
    """The shared page of one window: its server, its dialog and its status-line label."""

    def __init__(self, window: SharingWindow, server: ShareServer) -> None:
        super().__init__(window.window())
        self.server = server
        self._count = 0
        self.timer = QTimer(self)
        self.timer.setInterval(FOLLOWERS_EVERY_MS)
        self.timer.timeout.connect(self.show_followers)
        self.timer.start()
        self._attach(window)

    def _attach(self, window: SharingWindow) -> None:
        """Show the dialog and the status-line label over ``window``, in its language."""
        self.window = window
        self.setParent(window.window())
        self.dialog = ShareDialog(self.server.url, window.window())
        self.dialog.show_followers(self._count)
        self.dialog.stop_button.clicked.connect(lambda: self._switch_off())
        self.label = QLabel(followers_text(self._count))
        self.label.setObjectName("share-followers")
        window.statusBar().addPermanentWidget(self.label)
        window.named_actions[ActionName.SHARE].setChecked(True)

    def _detach(self) -> None:
        self.dialog.close()
        self.window.statusBar().removeWidget(self.label)
        self.label.deleteLater()
        self.dialog.deleteLater()

    def move_to(self, window: SharingWindow) -> None:
        """Go on sharing from ``window``, which takes this one's place (the window rebuilt
        in another language): the phones keep their page and its address."""
        shown = self.dialog.isVisible()
        self._detach()
        self._attach(window)
        if shown:
            self.dialog.show()

    @classmethod
    def start(
        cls,
        window: SharingWindow,
        bind: str | None = None,
        port: int = 0,
        limits: Limits | None = None,
    ) -> Sharing | None:
        """Serve ``window``'s sitting on ``bind`` (default: this machine's address on the
        local network) within ``limits`` (default: :class:`Limits`' own); None, after saying
        why, when the address cannot be used."""
        address = bind or lan_address()
        views = shared_views(window.session.shown)
        try:
            server = ShareServer(views, bind=address, port=port, limits=limits)
            server.start()
        except OSError as error:
            message = _("The score cannot be shared on {address}: {reason}")
            reason = error.strerror or str(error)
            show_message(
                window.window(),
                _("Share with the table"),
                message.format(address=address, reason=reason),
            )
            return None
        return cls(window, server)

    def publish(self, shown: Shown | None) -> None:
        """Show ``shown`` on the phones (after every change the window shows)."""
        if self.server.running:
            self.server.publish(shared_views(shown))

    def show_followers(self) -> None:
        """Tell the status line and the dialog how many phones follow now."""
        count = self.server.followers
        if count != self._count:
            self._count = count
            self.label.setText(followers_text(count))
            self.dialog.show_followers(count)

    def stop(self) -> None:
        """Stop serving: the port closes; the dialog and the status-line label go."""
        self.timer.stop()
        self.server.stop()
        self._detach()

    def _switch_off(self) -> None:
        self.window.named_actions[ActionName.SHARE].setChecked(False)
        toggle(self.window, False)


def toggle(window: SharingWindow, on: bool) -> None:
    """File > Share with the table…: start sharing ``window``'s sitting and show the dialog
    (``on``), or stop."""
    action = window.named_actions[ActionName.SHARE]
    if not on:
        if window.sharing is not None:
            window.sharing.stop()
            window.sharing = None
        return
    if window.sharing is None:
        window.sharing = Sharing.start(window)
        if window.sharing is None:
            action.setChecked(False)
            return
    window.sharing.dialog.show()
    window.sharing.dialog.raise_()
