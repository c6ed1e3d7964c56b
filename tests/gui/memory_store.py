"""A sitting store kept in memory, for the window tests of the games of individual players.

It answers the calls the window makes of :class:`~jojotte_score.storage.sittings.SittingStore`
(create, load, change hands, choose the dealer) for sittings of any variant, and refuses a
hand the core refuses, as the store does. The window tests of the three-player game, the
chouette and cutthroat use it until the database stores those variants; then they run on
the database instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from jojotte_score.core.errors import InvalidSittingError
from jojotte_score.core.ledger import START
from jojotte_score.core.model import Rules, Sitting, Variant
from jojotte_score.core.three_player import SeatSitting
from jojotte_score.core.validation import errors_only
from jojotte_score.core.variants import AnySitting, check_any_sitting
from jojotte_score.gui.column_pad import AnyDeal, empty_sitting
from jojotte_score.storage.sittings import RecentHands, StoredSitting
from tests.sitting_kinds import with_hands

STAMP = datetime(2026, 1, 6, 20, 0, tzinfo=UTC)


@dataclass
class _Row:
    sitting: AnySitting
    title: str = ""
    place: str = ""
    chosen: tuple[int, int] | None = None  # (seat, for the hand at this position)
    hands: list[AnyDeal] = field(default_factory=list)


@dataclass
class _Database:
    path: Path = Path("memory.sqlite3")


class MemoryStore:
    """Sittings of any variant, in memory (see the module's docstring)."""

    def __init__(self) -> None:
        self.database = _Database()
        self._rows: dict[int, _Row] = {}

    def sitting(self, sitting_id: int) -> AnySitting:
        """The sitting as stored, with its hands."""
        row = self._rows[sitting_id]
        return with_hands(row.sitting, row.hands)

    def last_sitting_id(self) -> int | None:
        return max(self._rows, default=None)

    def import_sitting(self, sitting: AnySitting, *, title: str = "", place: str = "") -> int:
        self._check(sitting)
        sitting_id = len(self._rows) + 1
        self._rows[sitting_id] = _Row(sitting, title, place, hands=list(sitting.hands))
        return sitting_id

    def create_sitting(
        self,
        variant: Variant,
        players: tuple[str, ...],
        rules: Rules | None = None,
        *,
        title: str = "",
        place: str = "",
    ) -> int:
        sitting = empty_sitting(variant, players, rules or Rules.for_variant(variant))
        return self.import_sitting(sitting, title=title, place=place)

    def load(self, sitting_id: int) -> StoredSitting:
        row = self._rows[sitting_id]
        sitting = self.sitting(sitting_id)
        return StoredSitting(sitting_id, sitting, row.title, row.place, STAMP, STAMP)

    def load_recent(self, sitting_id: int) -> RecentHands:
        row = self._rows[sitting_id]
        count = len(row.hands)
        chosen = row.chosen[0] if row.chosen is not None and row.chosen[1] == count else None
        return RecentHands(
            id=sitting_id,
            variant=row.sitting.variant,
            players=row.sitting.players,
            rules=row.sitting.rules,
            title=row.title,
            place=row.place,
            created=STAMP,
            updated=STAMP,
            hand_count=count,
            checkpoint=START,
            hands=(),
            chosen_dealer=chosen,
        )

    def choose_dealer(self, sitting_id: int, seat: int) -> None:
        row = self._rows[sitting_id]
        row.chosen = (seat, len(row.hands))

    def add_hand(self, sitting_id: int, hand: AnyDeal) -> int:
        row = self._rows[sitting_id]
        self._change(row, [*row.hands, hand])
        return len(row.hands) - 1

    def insert_hand(self, sitting_id: int, position: int, hand: AnyDeal) -> None:
        row = self._rows[sitting_id]
        self._change(row, [*row.hands[:position], hand, *row.hands[position:]])

    def replace_hand(self, sitting_id: int, position: int, hand: AnyDeal) -> AnyDeal:
        row = self._rows[sitting_id]
        old = row.hands[position]
        self._change(row, [*row.hands[:position], hand, *row.hands[position + 1 :]])
        return old

    def delete_hand(self, sitting_id: int, position: int) -> AnyDeal:
        row = self._rows[sitting_id]
        old = row.hands[position]
        self._change(row, [*row.hands[:position], *row.hands[position + 1 :]])
        return old

    def _change(self, row: _Row, hands: list[AnyDeal]) -> None:
        self._check(with_hands(row.sitting, hands))
        row.hands = hands

    @staticmethod
    def _check(sitting: Sitting | SeatSitting) -> None:
        problems = errors_only(check_any_sitting(sitting))
        if problems:
            raise InvalidSittingError(problems)
