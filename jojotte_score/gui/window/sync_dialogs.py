"""File > Sync folder… and File > Sync conflicts…: choosing the folder the window follows,
and settling a sitting kept in two versions (keep this one, that one, or both)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.core.games import find_game
from jojotte_score.gui.messages import window_title
from jojotte_score.i18n import _
from jojotte_score.labels import compact_versus
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.sync.engine import Conflict, conflicts, remember_folder, resolve
from jojotte_score.sync.folder import SyncFolder, SyncFolderError
from jojotte_score.sync.state import DEVICE, peers, setting


def choose_sync_folder(
    parent: QWidget, store: SittingStore, data_dir: Path, current: Path | None
) -> Path | None:
    """Ask for the folder to keep in step with other devices; the folder chosen (checked
    and remembered), or None when cancelled or refused (the player is told why)."""
    start = str(current) if current is not None else str(Path.home())
    chosen = QFileDialog.getExistingDirectory(parent, window_title(_("Sync folder")), start)
    if not chosen:
        return None
    try:
        folder = SyncFolder.open(Path(chosen), data_dir)
    except SyncFolderError as error:
        QMessageBox.warning(parent, window_title(_("Sync folder")), str(error))
        return None
    remember_folder(store, folder.root.resolve())
    return folder.root.resolve()


def conflict_words(store: SittingStore, conflict: Conflict) -> str:
    """A conflict in a sentence: which sitting, whose other version, which hands differ.
    When the other version is this device's own (another device's version became the
    sitting), it says so, and whose version the sitting is."""
    connection = store.database.connection
    known = peers(connection)

    def name(device: str) -> str:
        peer = known.get(device)
        return peer.name if peer is not None and peer.name else device[:8]

    own = conflict.copy.device == setting(connection, DEVICE)
    hands = ", ".join(str(number) for number in conflict.hands)
    if conflict.id is None:
        if own:
            return _("A deleted sitting: this device kept a version of it.")
        message = _("A deleted sitting: {device} kept a version of it.")
        return message.format(device=name(conflict.copy.device))
    stored = store.load(conflict.id)
    sitting = stored.sitting
    columns = find_game(sitting.variant).column_names(sitting.players)
    label = stored.title or compact_versus(sitting.variant, columns)
    if own and hands:
        message = _(
            "Sitting {id} ({label}): the version made on this device is kept aside, and "
            "{device}'s is the sitting; hands {hands} differ."
        )
    elif own:
        message = _(
            "Sitting {id} ({label}): the version made on this device is kept aside, and "
            "{device}'s is the sitting, with the same hands; the players, rules, title or "
            "place differ."
        )
    elif hands:
        message = _("Sitting {id} ({label}): another version from {device}; hands {hands} differ.")
    else:
        message = _(
            "Sitting {id} ({label}): another version from {device} with the same hands; "
            "the players, rules, title or place differ."
        )
    device = name(conflict.winner if own else conflict.copy.device)
    return message.format(id=conflict.id, label=label, device=device, hands=hands)


def conflict_marks(store: SittingStore) -> dict[int, str]:
    """What the history marks each stored sitting kept in two versions with (by id): a
    sentence saying which hands differ from the other version, or from each."""
    marks: dict[int, list[str]] = {}
    for conflict in conflicts(store):
        if conflict.id is None:
            continue  # a deleted sitting is not in the history
        if conflict.hands:
            hands = ", ".join(str(number) for number in conflict.hands)
            words = _("In two versions: hands {hands} differ.").format(hands=hands)
        else:
            words = _("In two versions: the players, rules, title or place differ.")
        marks.setdefault(conflict.id, []).append(words)
    return {sitting: " ".join(words) for sitting, words in marks.items()}


class ConflictsDialog(QDialog):
    """The sittings kept in two versions, each with a choice: keep this version (the
    sitting as shown), keep that one (the other device's), or keep both (that one becomes
    a sitting of its own). The choice travels at the next sync."""

    def __init__(self, store: SittingStore, parent: QWidget | None = None):
        super().__init__(parent)
        self.store = store
        self.changed = False
        self.setWindowTitle(window_title(_("Sync conflicts")))
        layout = QVBoxLayout(self)
        intro = QLabel(
            _(
                "A sitting changed on two devices before they synced is kept in both "
                "versions: this version is the sitting as the window shows it, that version "
                "the other one listed here. Until you choose, the statistics count it once."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.list = QListWidget()
        self.list.setAccessibleName(_("Conflicts"))
        self.list.setWordWrap(True)  # a long sentence wraps instead of scrolling sideways
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.list)
        self.keep_this = QPushButton(_("Keep &this version"))
        self.keep_that = QPushButton(_("Keep t&hat version"))
        self.keep_both = QPushButton(_("Keep &both"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        for button, choice in (
            (self.keep_this, "this"),
            (self.keep_that, "that"),
            (self.keep_both, "both"),
        ):
            buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
            button.clicked.connect(lambda _checked=False, keep=choice: self.keep(keep))
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.list.currentRowChanged.connect(lambda _row: self._update_buttons())
        self.resize(560, 320)
        self.reload()

    def reload(self) -> None:
        """List the conflicts as they stand."""
        self.list.clear()
        self.found = conflicts(self.store)
        for conflict in self.found:
            item = QListWidgetItem(conflict_words(self.store, conflict))
            self.list.addItem(item)
        if not self.found:
            self.list.addItem(QListWidgetItem(_("No conflicts: every device agrees.")))
        else:
            self.list.setCurrentRow(0)
        self._update_buttons()

    def select_sitting(self, sitting_id: int) -> None:
        """Select the first conflict of the sitting ``sitting_id``, when it has one."""
        place = next((i for i, c in enumerate(self.found) if c.id == sitting_id), None)
        if place is not None:
            self.list.setCurrentRow(place)

    def _update_buttons(self) -> None:
        row = self.list.currentRow()
        chosen = self.found[row] if 0 <= row < len(self.found) else None
        for button in (self.keep_this, self.keep_that, self.keep_both):
            button.setEnabled(chosen is not None)
        if chosen is not None and chosen.copy.record is None:
            self.keep_both.setEnabled(False)  # a deletion is not a sitting to keep

    def keep(self, choice: str) -> None:
        """Settle the selected conflict with ``choice`` ("this", "that" or "both")."""
        row = self.list.currentRow()
        if not 0 <= row < len(self.found):
            return
        conflict = self.found[row]
        resolve(self.store, conflict.uuid, conflict.copy.key, choice)
        self.changed = True
        self.reload()
