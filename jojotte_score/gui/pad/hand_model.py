"""The list of hands: one row per hand, its text taken from the ledger.

Rows are built when Qt asks for them (``data()``), so a sitting of 10,000 hands costs
nothing until rows are shown; rows older than the newest rubber are scored when first
shown (see :class:`~jojotte_score.presenters.pad.Pad`). The only arithmetic is adding up a
hand's entries per side and line, as the pad shows them.

A game of individual players (the three-player game, the chouette, cutthroat) has a pair
of columns, above and below, for every player, from the same
:class:`~jojotte_score.presenters.pad.Pad`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import HandResult, Ledger
from jojotte_score.core.model import (
    Doubling,
    PlayedHand,
    RubberRoles,
    Sitting,
    Special,
    ThrownIn,
    Trump,
)
from jojotte_score.core.scoring import Line
from jojotte_score.i18n import N_, _, current_language, ngettext
from jojotte_score.presenters.pad import Pad

if TYPE_CHECKING:
    from jojotte_score.core.model import SeatHand

TRUMP_SIGNS = {
    Trump.CLUBS: "♣",
    Trump.DIAMONDS: "♦",
    Trump.HEARTS: "♥",
    Trump.SPADES: "♠",
    Trump.NO_TRUMP: N_("NT"),
}
"""The trumps' signs in the list; the no-trump's letters are translated where shown."""
DOUBLING_SIGNS = {Doubling.NONE: "", Doubling.DOUBLE: " ×2", Doubling.REDOUBLE: " ×4"}

_Index = QModelIndex | QPersistentModelIndex
_MadeOf = tuple[HandResult, RubberRoles | None]  # what a row's texts are made from


class Column(enum.IntEnum):
    """The columns of the hand list of two sides; with more players, each player has an
    above and a below column in seat order, and the notes come last."""

    NUMBER = 0
    DEALER = 1
    CONTRACT = 2
    POINTS = 3
    ABOVE_0 = 4
    BELOW_0 = 5
    ABOVE_1 = 6
    BELOW_1 = 7
    NOTES = 8


_HEADINGS = {
    Column.NUMBER: N_("No."),
    Column.DEALER: N_("Dealer"),
    Column.CONTRACT: N_("Contract"),
    Column.POINTS: N_("Card points"),
}
_FIRST_SCORE = Column.ABOVE_0
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_DISPLAY = Qt.ItemDataRole.DisplayRole
_ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole
_TOOLTIP = Qt.ItemDataRole.ToolTipRole
# What a screen reader asks for, and only while one listens: the contract in words, and
# each cell's description, the hand's explanation.
_SPOKEN = Qt.ItemDataRole.AccessibleTextRole
_DESCRIBED = Qt.ItemDataRole.AccessibleDescriptionRole
# The roles answered: Qt asks for seven roles of every cell it paints (a call into Python
# each), so the others are turned away first, without a look-up on Qt's namespace: the
# cells' data took a seventh of a recorded hand before (callgrind, bench_record's hands).
_ANSWERED = frozenset(
    {int(_DISPLAY), int(_ALIGNMENT), int(_TOOLTIP), int(_SPOKEN), int(_DESCRIBED)}
)
_DISPLAY_ROLE = int(_DISPLAY)


def _bid(player: str, hand: PlayedHand | SeatHand) -> str:
    """The player and the contract's signs: "B ♠", "A NT ×2" (the signs are the same in
    every language but the no-trump's letters)."""
    sign = _(TRUMP_SIGNS[hand.trump]) if hand.trump is Trump.NO_TRUMP else TRUMP_SIGNS[hand.trump]
    return f"{player} {sign}{DOUBLING_SIGNS[hand.double]}"


def contract_text(hand: PlayedHand, sides: tuple[str, str]) -> str:
    """The contract as the list shows it: "B ♠", "A NT ×2", "A Nullo (2 tricks)", "B ♥ Slam"."""
    if hand.special is Special.NULLO:
        taken = hand.tricks[hand.declarer] if hand.tricks is not None else 0
        text = ngettext("{player} Nullo ({count} trick)", "{player} Nullo ({count} tricks)", taken)
        return text.format(player=sides[hand.declarer], count=taken) + DOUBLING_SIGNS[hand.double]
    text = _bid(sides[hand.bidder], hand)
    return _("{contract} slam").format(contract=text) if hand.special is Special.SLAM else text


def points_text(hand: PlayedHand) -> str:
    """Card points "60–25", with the tricks when they were recorded."""
    text = f"{hand.card_points[0]}–{hand.card_points[1]}"
    if hand.tricks is not None:
        tricks = f"{hand.tricks[0]}–{hand.tricks[1]}"
        text = _("{points} ({tricks} tricks)").format(points=text, tricks=tricks)
    return text


def seat_contract_text(hand: SeatHand, players: Sequence[str]) -> str:
    """A hand by seat as the list shows it, the declarer against the active defender:
    "Anna ♠ v Bert", "Anna ♥ ×2 v Carl", "Carl Nullo (1 trick) v Anna"."""
    declarer, defender = players[hand.declarer], players[hand.active_defender]
    if hand.special is Special.NULLO:
        taken = hand.tricks[hand.declarer] if hand.tricks is not None else 0
        text = ngettext(
            "{player} Nullo ({count} trick) v {defender}",
            "{player} Nullo ({count} tricks) v {defender}",
            taken,
        )
        return text.format(player=declarer, count=taken, defender=defender)
    contract = _bid(declarer, hand)
    if hand.special is Special.SLAM:
        return _("{contract} slam v {defender}").format(contract=contract, defender=defender)
    return _("{contract} v {defender}").format(contract=contract, defender=defender)


def seat_points_text(hand: SeatHand) -> str:
    """The declarer's and the active defender's card points "90–40", with their tricks."""
    seats = (hand.declarer, hand.active_defender)
    text = f"{hand.card_points[seats[0]]}–{hand.card_points[seats[1]]}"
    if hand.tricks is not None:
        tricks = f"{hand.tricks[seats[0]]}–{hand.tricks[seats[1]]}"
        text = _("{points} ({tricks} tricks)").format(points=text, tricks=tricks)
    return text


def contract_words(hand: PlayedHand | SeatHand | ThrownIn, names: Sequence[str]) -> str:
    """The contract in words: "Anna, spades, doubled", "Bert, Nullo, 2 tricks", "Anna,
    hearts, Slam"; a hand by seat says whom it was played against ("Anna, spades, against
    Bert"); "thrown in". ``names`` are the hand's sides, or the players for a hand by seat.
    """
    from jojotte_score.core.sentences import trump_word  # only when a screen reader asks

    if isinstance(hand, ThrownIn):
        return _("thrown in")
    declarer = hand.declarer  # the Nullo bidder in Nullo, else the bidder
    player = names[declarer] if 0 <= declarer < len(names) else ""
    if hand.special is Special.NULLO:
        taken = hand.tricks[hand.declarer] if hand.tricks is not None else 0
        parts = [
            ngettext(
                "{player}, Nullo, {count} trick", "{player}, Nullo, {count} tricks", taken
            ).format(player=player, count=taken)
        ]
    else:
        parts = [_("{player}, {trump}").format(player=player, trump=trump_word(hand.trump))]
        if hand.special is Special.SLAM:
            parts.append(_("Slam"))
    if hand.double is Doubling.DOUBLE:
        parts.append(_("doubled"))
    elif hand.double is Doubling.REDOUBLE:
        parts.append(_("redoubled"))
    if not isinstance(hand, PlayedHand):  # a hand by seat, played against one defender
        defender = hand.active_defender
        against = names[defender] if 0 <= defender < len(names) else ""
        parts.append(_("against {player}").format(player=against))
    # Translators: what separates the parts of a contract read aloud: "Anna, spades, doubled".
    return _(", ").join(parts)


def notes_text(result: HandResult, sides: Sequence[str]) -> str:
    """What the hand did to prison, the game and the rubber: each note a whole message."""
    notes = []
    if result.prison_out:
        notes.append(_("wins {points} from prison").format(points=result.prison_out))
    if result.prison_in:
        notes.append(_("{points} to prison").format(points=result.prison_in))
    if result.rubber_winner is not None:
        notes.append(
            _("game and rubber {rubber} to {side}").format(
                rubber=result.rubber, side=sides[result.rubber_winner]
            )
        )
    elif result.game_winner is not None:
        notes.append(_("game to {side}").format(side=sides[result.game_winner]))
    # Translators: the separator between the notes of one hand in the list of hands.
    return _("; ").join(notes)


class HandTableModel(QAbstractTableModel):
    """The hands of one sitting, numbered from 1, with what each wrote on the pad."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._players: tuple[str, ...] = ()
        self._pad: Pad | None = None
        self._sides: tuple[str, ...] = ("", "")
        self._language = ""  # the language the kept texts are in
        # Each row's texts with what they were made from (the scored hand and its rubber's
        # roles): a recorded hand reads the newest rows again to fit the columns and paint
        # them, and all but the new one are unchanged (with the panel updated once, 99 M
        # instructions a recorded hand down to 75 M, callgrind).
        self._texts: dict[int, tuple[_MadeOf, tuple[str, ...]]] = {}
        # The list hides the sides' columns (large print): each row's tooltip and
        # description then tell their figures too.
        self.figures_hidden = False

    def set_pad(self, players: Sequence[str], pad: Pad | None, *, unchanged: int = 0) -> None:
        """Show the hands of ``pad``, dealt by ``players`` (None: no sitting): a pad of two
        sides, or one with a column per player.

        ``unchanged`` is how many of the first rows are known to show what they showed
        before: the hands before the first one a change to the same sitting reached (a hand
        recorded, inserted, edited or deleted, or that undone). The rows from there on are
        shown anew, and those beyond the old or the new count are added or taken away at
        the end: a recorded hand adds one row, and the view paints that row alone where a
        reset repainted every cell in sight. 0 (another sitting, other names, or a change
        not known) resets the model.

        Rows older than the pad's newest rubber are scored when first shown."""
        names = (self._players, self._sides, self._language)
        players = tuple(players) if pad is not None else ()
        sides = tuple(pad.sides) if pad is not None else ("", "")
        language = current_language()  # the rows' words, in the language spoken
        renamed = (players, sides, language) != names
        if unchanged <= 0 or self._pad is None or pad is None or renamed:
            self.beginResetModel()
            self._pad, self._players, self._sides = pad, players, sides
            if renamed:
                self._texts, self._language = {}, language
            self.endResetModel()
            return
        old, new = self._pad.hand_count, pad.hand_count
        kept = min(unchanged, old, new)
        self._texts = {row: texts for row, texts in self._texts.items() if row < kept}
        if new > old:
            self.beginInsertRows(QModelIndex(), old, new - 1)
            self._pad = pad
            self.endInsertRows()
        elif new < old:
            self.beginRemoveRows(QModelIndex(), new, old - 1)
            self._pad = pad
            self.endRemoveRows()
        self._pad = pad
        if kept < min(old, new):  # the rows both have from the change on
            last = self.index(min(old, new) - 1, self.notes_column())
            self.dataChanged.emit(self.index(kept, 0), last)

    def notes_column(self) -> int:
        """The last column, the notes, after an above and a below column per side."""
        return _FIRST_SCORE + 2 * len(self._sides)

    def score_column(self, column: int) -> tuple[int, Line] | None:
        """The side (or seat) and line a column shows, or None for another column."""
        if not _FIRST_SCORE <= column < self.notes_column():
            return None
        side, below = divmod(column - _FIRST_SCORE, 2)
        return side, Line.BELOW if below else Line.ABOVE

    def set_sitting(self, sitting: Sitting | None, ledger: Ledger | None) -> None:
        """Show ``sitting`` scored as its whole ``ledger`` (None: no sitting)."""
        pad = Pad.of(ledger) if sitting is not None and ledger is not None else None
        self.set_pad(sitting.players if sitting is not None else (), pad)

    def result(self, row: int) -> HandResult | None:
        """The scored hand shown in ``row``."""
        return self._pad.result(row + 1) if self._pad is not None else None

    def row_texts(self, row: int) -> tuple[str, ...]:
        """The text each column but the notes shows in ``row``, as :meth:`data` gives it:
        what the list's columns are fitted to, without a model index for each cell."""
        texts = self._cells(row)
        return texts[:-1] if texts else ("",) * self.notes_column()

    def notes(self, row: int) -> str:
        """The notes ``row`` shows, as :meth:`data` gives them."""
        texts = self._cells(row)
        return texts[-1] if texts else ""

    def _cells(self, row: int) -> tuple[str, ...]:
        """The text of each column of ``row`` (none for no such row), made once for the
        scored hand and the rubber's roles they are made from."""
        result = self.result(row)
        if result is None or self._pad is None:
            return ()
        made_of = (result, self._pad.roles(result.rubber))
        kept = self._texts.get(row)
        if kept is not None and kept[0] == made_of:
            return kept[1]
        texts = tuple(self._text(result, column) for column in range(self.notes_column() + 1))
        self._texts[row] = (made_of, texts)
        return texts

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid() or self._pad is None:
            return 0
        return self._pad.hand_count

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.notes_column() + 1

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role not in _ANSWERED:  # Qt asks for many roles it has no use for here
            return None
        if orientation == Qt.Orientation.Vertical:
            # The row's header for a screen reader (the list shows no row headers).
            if role in (_DISPLAY, _SPOKEN) and 0 <= section < self.rowCount():
                return _("Hand {number}").format(number=section + 1)
            return None
        if not 0 <= section <= self.notes_column():
            return None
        if role == _SPOKEN:
            return self._heading(section).replace("\n", " ")
        if role == _DESCRIBED:
            return None
        if role == _DISPLAY:
            return self._heading(section)
        if role == _TOOLTIP:  # the whole heading, for one elided in a narrow column
            return self._heading(section).replace("\n", " ")
        return _RIGHT if self._right_aligned(section) else None

    def _right_aligned(self, column: int) -> bool:
        return column == Column.NUMBER or self.score_column(column) is not None

    def _heading(self, column: int) -> str:
        """The column's heading; a side's columns name it on a line of its own."""
        scored = self.score_column(column)
        if scored is not None:
            side, line = scored
            fallback = "AB"[side] if side < 2 else str(side + 1)
            name = self._sides[side] or fallback
            # Translators: a column's heading in the list of hands, the side's name above
            # the line it shows; keep the line break.
            if line is Line.ABOVE:
                return _("{side}\nabove").format(side=name)
            return _("{side}\nbelow").format(side=name)
        if column == self.notes_column():
            return _("Notes")
        return _(_HEADINGS[Column(column)])

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Qt asks for seven roles of every cell it paints, each a call into Python: the
        # cell's text comes first, from the row's texts made once (with the notes, which
        # were made again for every paint).
        if role == _DISPLAY_ROLE:
            texts = self._cells(index.row())
            column = index.column()
            return texts[column] if 0 <= column < len(texts) else None
        if role not in _ANSWERED or not index.isValid():
            return None
        column = index.column()
        if role == _ALIGNMENT:
            return _RIGHT if self._right_aligned(column) else None
        result = self.result(index.row())
        if result is None or self._pad is None or not 0 <= column <= self.notes_column():
            return None
        if role == _SPOKEN:
            return self._spoken(result, column)
        lines = list(self._pad.explain(result.number))  # the tooltip and the description
        figures = self._figures_line(index.row()) if self.figures_hidden else ""
        return "\n".join([*lines, figures] if figures else lines)

    def _figures_line(self, row: int) -> str:
        """What the sides' columns show in ``row``, told in words for a list that hides
        them (large print): "Written in this hand: A 500 above the line, A 100 below"."""
        texts = self._cells(row)
        entries = []  # none for a hand thrown in: the line is left out
        for column in range(_FIRST_SCORE, self.notes_column()):
            scored = self.score_column(column)
            if scored is None or not texts or not texts[column]:
                continue
            side, line = self._sides[scored[0]], scored[1]
            # The words the pad's reading gives an entry (render/sheet_reading.py).
            if line is Line.ABOVE:
                entry = _("{column} {points} above")
            else:
                entry = _("{column} {points} below")
            entries.append(entry.format(column=side, points=texts[column]))
        if not entries:
            return ""
        return _("Written in this hand: {entries}.").format(entries=", ".join(entries))

    def _spoken(self, result: HandResult, column: int) -> str | None:
        """What a screen reader reads in a cell: the contract in words ("Anna, spades,
        doubled"); the shown text elsewhere (None)."""
        if column != Column.CONTRACT:
            return None
        hand = result.hand
        if isinstance(hand, PlayedHand):
            return contract_words(hand, self._hand_sides(result))
        return contract_words(hand, self._players)

    def _text(self, result: HandResult, column: int) -> str:
        hand = result.hand
        if column == Column.NUMBER:
            return str(result.number)
        if column == Column.DEALER:
            return self._dealer(hand.dealer)
        if column == self.notes_column():
            return notes_text(result, self._winners(result))
        scored = self.score_column(column)
        if scored is not None:
            # Entries are never 0 points, so 0 means the hand wrote nothing there.
            points = result.written(*scored)
            return str(points) if points else ""
        if isinstance(hand, ThrownIn):
            return _("thrown in") if column == Column.CONTRACT else ""
        if not isinstance(hand, PlayedHand):
            if column == Column.CONTRACT:
                return seat_contract_text(hand, self._players)
            return seat_points_text(hand)
        if column == Column.CONTRACT:
            return contract_text(hand, self._hand_sides(result))
        return points_text(hand)

    def _hand_sides(self, result: HandResult) -> tuple[str, str]:
        """The two sides of a hand recorded side against side: the seats the game's roles
        of the hand's rubber give them (the chouette's box and captain, C2)."""
        if self._pad is None:
            return (self._sides[0], self._sides[1])
        roles = self._pad.roles(result.rubber)
        if roles is None:
            return (self._sides[0], self._sides[1])
        first, second = find_game(self._pad.recent.variant).side_seats(roles)
        return (self._players[first], self._players[second])

    def _winners(self, result: HandResult) -> Sequence[str]:
        """Whom a game or rubber the ledger gives to a column goes to: the column's side or
        player, unless the game's roles say (the chouette's team, captain and partner, when
        the captain's column wins, C4a, C5)."""
        if self._pad is None:
            return self._sides
        roles = self._pad.roles(result.rubber)
        if roles is None:
            return self._sides
        return find_game(self._pad.recent.variant).column_winners(roles, self._sides)

    def _dealer(self, seat: int | None) -> str:
        players = self._players
        return players[seat] if seat is not None and 0 <= seat < len(players) else ""
