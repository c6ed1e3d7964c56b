"""The pad the window shows: the newest rubber at once, the older ones when first needed.

Opening a sitting of any game scores only the rubbers of its newest hands, from the
checkpoint the storage keeps (see :class:`jojotte_score.core.ledger.Checkpoint`). Everything
the window shows first, and recording the next hand, needs nothing older. Scrolling the hand list up
or turning back to an earlier rubber asks :class:`Pad` for older hands; it then loads and
replays the whole sitting, once. Both ledgers come from the core's scorer, so they agree
hand for hand (a property test holds them to it).
"""

from __future__ import annotations

from collections.abc import Callable

from jojotte_score.core.ledger import HandResult, Ledger, RubberResult
from jojotte_score.core.model import ChouetteRoles
from jojotte_score.core.scoring import Line


class Pad:
    """A sitting's ledger, scored from a checkpoint, with the whole one loaded on demand.

    ``recent`` is scored from some checkpoint (possibly the start); ``load_whole`` returns
    the ledger of every hand.
    """

    def __init__(self, recent: Ledger, load_whole: Callable[[], Ledger]) -> None:
        self.recent = recent
        self._load_whole = load_whole
        self._whole: Ledger | None = recent if recent.start.position == 0 else None

    @classmethod
    def of(cls, ledger: Ledger) -> Pad:
        """The pad of a whole ledger (nothing left to load)."""
        return cls(ledger, lambda: ledger)

    @property
    def sides(self) -> tuple[str, ...]:
        """The columns' names: the two sides, or the players."""
        return self.recent.columns

    @property
    def hand_count(self) -> int:
        """How many hands the sitting has."""
        return self.recent.hand_count

    @property
    def rubber_count(self) -> int:
        """How many rubbers hold hands."""
        return self.recent.rubber_count

    @property
    def newest_rubber(self) -> int:
        """The rubber of the newest hand (1 without hands)."""
        return self.recent.hands[-1].rubber if self.recent.hands else 1

    @property
    def newest_rubber_finished(self) -> bool:
        """True when the newest hand ended its rubber: the next hand starts a new one."""
        return bool(self.recent.hands) and self.recent.hands[-1].rubber_winner is not None

    @property
    def loaded(self) -> bool:
        """True once every hand is scored (the sitting was loaded whole)."""
        return self._whole is not None

    def whole(self) -> Ledger:
        """The ledger of every hand, loaded and scored the first time it is asked for."""
        if self._whole is None:
            self._whole = self._load_whole()
        return self._whole

    def ledger_of_hand(self, number: int) -> Ledger | None:
        """A ledger holding hand ``number`` (1-based), or None when there is no such hand."""
        if not 1 <= number <= self.hand_count:
            return None
        return self.recent if self.recent.result(number) is not None else self.whole()

    def ledger_of_rubber(self, number: int) -> Ledger | None:
        """A ledger holding rubber ``number`` (1-based), or None when there is no such rubber."""
        if not 1 <= number <= self.rubber_count:
            return None
        return self.recent if self.recent.rubber(number) is not None else self.whole()

    def result(self, number: int) -> HandResult | None:
        """Hand ``number`` (1-based) as scored, or None when there is no such hand."""
        ledger = self.ledger_of_hand(number)
        return None if ledger is None else ledger.result(number)

    def rubber(self, number: int) -> RubberResult | None:
        """Rubber ``number`` (1-based), or None when no hand was played in it."""
        ledger = self.ledger_of_rubber(number)
        return None if ledger is None else ledger.rubber(number)

    def written(self, number: int, column: int, line: Line) -> int:
        """The points hand ``number`` wrote in ``column`` on ``line`` (0 for none)."""
        result = self.result(number)
        return 0 if result is None else result.written(column, line)

    def explain(self, number: int) -> list[str]:
        """The core's explanation of hand ``number`` by its game's rulings; empty when there
        is no such hand."""
        ledger = self.ledger_of_hand(number)
        result = None if ledger is None else ledger.result(number)
        if ledger is None or result is None:
            return []
        return ledger.game.explain_hand(result, ledger)

    def roles(self, rubber: int) -> ChouetteRoles | None:
        """The chouette's roles in ``rubber`` (1-based), also for the rubber about to start;
        None in the other games."""
        if self.recent.start.rubber <= rubber:
            return self.recent.rubber_roles(rubber)
        return self.whole().rubber_roles(rubber)
