"""The meld helper dialog: what each side declared, and which side scores each class.

The decision is the core's (:func:`jojotte_score.core.melds.decide_melds`); the dialog only
collects the declarations and shows the decision and its reasons.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from jojotte_score.core.melds import (
    LONGEST_RUN,
    SEQUENCE_ORDER,
    SHORTEST_RUN,
    DeclaredMelds,
    MeldDecision,
    MeldDeclarationError,
    Rank,
    Run,
    Suit,
    decide_melds,
    fours_order,
)
from jojotte_score.core.model import Trump
from jojotte_score.gui.messages import window_title
from jojotte_score.gui.names import literal
from jojotte_score.i18n import N_, _, ngettext

RUN_ROWS = 3
SUIT_LABELS = {
    Suit.CLUBS: N_("♣ clubs"),
    Suit.DIAMONDS: N_("♦ diamonds"),
    Suit.HEARTS: N_("♥ hearts"),
    Suit.SPADES: N_("♠ spades"),
}
"""Each suit as the run's suit box shows it (translated where shown)."""

TOP_CARDS = {
    Rank.ACE: N_("to the ace"),
    Rank.KING: N_("to the king"),
    Rank.QUEEN: N_("to the queen"),
    Rank.JACK: N_("to the jack"),
    Rank.TEN: N_("to the ten"),
    Rank.NINE: N_("to the nine"),
    Rank.EIGHT: N_("to the eight"),
    Rank.SEVEN: N_("to the seven"),
}
"""A run's top card, as its box offers it (translated where shown)."""

CONTRACTS = {
    Trump.CLUBS: N_("clubs"),
    Trump.DIAMONDS: N_("diamonds"),
    Trump.HEARTS: N_("hearts"),
    Trump.SPADES: N_("spades"),
    Trump.NO_TRUMP: N_("no-trump"),
}
"""The contract's denomination in the helper's first sentence (translated where shown)."""


@dataclass(frozen=True)
class MeldHelperResult:
    """What the helper hands back: both sides' declarations and the decision on them."""

    declared: tuple[DeclaredMelds, DeclaredMelds]
    decision: MeldDecision


class _RunRow(QWidget):
    """One declared run: length (or none), top card, suit."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.length = QComboBox()
        self.length.addItem(_("no run"), None)
        for length in range(SHORTEST_RUN, LONGEST_RUN + 1):
            cards = ngettext("{count} card", "{count} cards", length).format(count=length)
            self.length.addItem(cards, length)
        self.top = QComboBox()
        for rank in SEQUENCE_ORDER:
            self.top.addItem(_(TOP_CARDS[rank]), rank)
        self.suit = QComboBox()
        for suit in Suit:
            self.suit.addItem(_(SUIT_LABELS[suit]), suit)
        self.length.setAccessibleName(_("Run length"))
        self.top.setAccessibleName(_("Top card"))
        self.suit.setAccessibleName(_("Suit"))
        for combo in (self.length, self.top, self.suit):
            layout.addWidget(combo)
        self.length.currentIndexChanged.connect(self._enable)
        self._enable()

    def _enable(self) -> None:
        has_run = self.length.currentData() is not None
        self.top.setEnabled(has_run)
        self.suit.setEnabled(has_run)

    def run(self) -> Run | None:
        """The run shown, or None; raises MeldDeclarationError for an impossible one."""
        length = self.length.currentData()
        if length is None:
            return None
        return Run(int(length), Rank(self.top.currentData()), Suit(self.suit.currentData()))

    def set_run(self, run: Run | None) -> None:
        """Show ``run`` (None clears the row)."""
        self.length.setCurrentIndex(self.length.findData(run.length if run else None))
        if run is not None:
            self.top.setCurrentIndex(self.top.findData(run.top))
            self.suit.setCurrentIndex(self.suit.findData(run.suit))


class _SideBox(QGroupBox):
    """One side's declarations: fours of a kind that count, and up to three runs."""

    def __init__(self, name: str, ranks: tuple[Rank, ...], parent: QWidget | None = None):
        super().__init__(literal(name), parent)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("Four of a kind (100 each):")))
        fours = QHBoxLayout()
        self.fours: dict[Rank, QCheckBox] = {}
        for rank in ranks:
            box = QCheckBox(rank.plural)
            self.fours[rank] = box
            fours.addWidget(box)
        fours.addStretch(1)
        layout.addLayout(fours)
        layout.addWidget(QLabel(_("Sequences (3 cards 20, 4 cards 40, 5 or more 50):")))
        self.runs = [_RunRow() for _ in range(RUN_ROWS)]
        for row in self.runs:
            layout.addWidget(row)

    def declared(self) -> DeclaredMelds:
        """The declarations shown; raises MeldDeclarationError for an impossible run."""
        fours = tuple(rank for rank, box in self.fours.items() if box.isChecked())
        runs = tuple(run for row in self.runs if (run := row.run()) is not None)
        return DeclaredMelds(fours=fours, runs=runs)

    def set_declared(self, declared: DeclaredMelds) -> None:
        """Show ``declared`` (fours of ranks that do not count here are left out)."""
        for rank, box in self.fours.items():
            box.setChecked(rank in declared.fours)
        for index, row in enumerate(self.runs):
            row.set_run(declared.runs[index] if index < len(declared.runs) else None)


class MeldDialog(QDialog):
    """Enter each side's declared melds; the rules decide who scores each class."""

    def __init__(
        self,
        trump: Trump,
        names: tuple[str, str],
        *,
        nullo: bool = False,
        declared: tuple[DeclaredMelds, DeclaredMelds] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title(_("Meld helper")))
        self._trump, self._nullo, self._names = trump, nullo, names
        self._result: MeldHelperResult | None = None
        layout = QVBoxLayout(self)
        contract = _("Nullo (ranked as no-trump)") if nullo else _(CONTRACTS[trump])
        order = _(", ").join(rank.letter for rank in fours_order(trump, nullo=nullo))
        intro = QLabel(
            _(
                "Contract: {contract}. Four of a kind ranks {order}. Only the side with the "
                "higher meld scores each class, and it scores all its melds of that class."
            ).format(contract=contract, order=order)
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        sides = QGridLayout()
        ranks = fours_order(trump, nullo=nullo)
        self.sides = (_SideBox(names[0], ranks), _SideBox(names[1], ranks))
        for column, box in enumerate(self.sides):
            sides.addWidget(box, 0, column)
        layout.addLayout(sides)
        self.decision_label = QLabel()
        self.decision_label.setTextFormat(Qt.TextFormat.PlainText)  # names as written
        self.decision_label.setWordWrap(True)
        self.decision_label.setMinimumHeight(self.fontMetrics().lineSpacing() * 4)
        layout.addWidget(self.decision_label)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        if declared is not None:
            for box, melds in zip(self.sides, declared, strict=True):
                box.set_declared(melds)
        for box in self.sides:
            for check in box.fours.values():
                check.toggled.connect(self._update)
            for row in box.runs:
                for combo in (row.length, row.top, row.suit):
                    combo.currentIndexChanged.connect(self._update)
        self._update()

    def set_declared(self, side: int, declared: DeclaredMelds) -> None:
        """Show what side ``side`` declared (for callers and tests)."""
        self.sides[side].set_declared(declared)
        self._update()

    def helper_result(self) -> MeldHelperResult | None:
        """The declarations and the decision shown, or None while they are impossible."""
        return self._result

    def _update(self) -> None:
        try:
            declared = (self.sides[0].declared(), self.sides[1].declared())
            decision = decide_melds(*declared, self._trump, nullo=self._nullo, names=self._names)
        except MeldDeclarationError as error:
            self._result = None
            self.decision_label.setText(f"⚠ {error}")
        else:
            self._result = MeldHelperResult(declared, decision)
            points = decision.points
            total = _("Meld points: {first} {first_points}, {second} {second_points}.").format(
                first=self._names[0],
                first_points=points[0],
                second=self._names[1],
                second_points=points[1],
            )
            self.decision_label.setText("\n".join((*decision.reasons, total)))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self._result is not None)

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        trump: Trump,
        names: tuple[str, str],
        *,
        nullo: bool = False,
        declared: tuple[DeclaredMelds, DeclaredMelds] | None = None,
    ) -> MeldHelperResult | None:
        """Show the helper; the declarations and decision, or None when cancelled."""
        dialog = cls(trump, names, nullo=nullo, declared=declared, parent=parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.helper_result()
