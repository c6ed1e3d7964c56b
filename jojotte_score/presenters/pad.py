"""The pad the window shows: the newest rubbers at once, an older one from its checkpoint.

Opening a sitting of any game scores only the rubbers of its newest hands, from the
checkpoint the storage keeps (see :class:`jojotte_score.core.ledger.Checkpoint`). Everything
the window shows first, and recording the next hand, needs nothing older. Scrolling the hand
list up or turning back to an earlier rubber asks :class:`Pad` for an older hand or rubber;
it reads the hands from the nearest rubber start it knows (the sitting's first hand, or one
it has scored past before) to the end of the rubber asked for, and scores only those. Every
ledger comes from the core's scorer, so they agree hand for hand with a replay of the whole
sitting (a test holds them to it in every game).
"""

from __future__ import annotations

import bisect
import contextlib
from collections.abc import Callable, Generator

from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import Checkpoint, HandResult, Ledger, RubberResult, Scorer
from jojotte_score.core.model import AnyHand, RubberRoles
from jojotte_score.core.scoring import Line
from jojotte_score.core.status import prison_winners
from jojotte_score.render.sheet_items import SheetLayout
from jojotte_score.render.sheet_layout import SheetMetrics, empty_sheet, layout_rubber


class Pad:
    """A sitting's ledger, scored from a checkpoint, with older rubbers scored on demand.

    ``recent`` is scored from some checkpoint (possibly the start) to the newest hand;
    ``first`` is where the sitting starts (the chouette's first roles); ``hands_from`` reads
    the stored hands from a position (0-based) on, as they are asked for; ``load_whole``
    returns the ledger of every hand, for what needs the whole sitting (printing, export);
    ``stored_start``, given a hand number or a rubber number (the other 0), the start of
    its rubber that the store keeps, if any (its own rubber's start, not only the latest
    the pad has passed).
    """

    def __init__(
        self,
        recent: Ledger,
        first: Checkpoint,
        hands_from: Callable[[int], Generator[AnyHand, None, None]],
        load_whole: Callable[[], Ledger],
        stored_start: Callable[[int, int], Checkpoint | None] = lambda _hand, _rubber: None,
    ) -> None:
        self.recent = recent
        self._hands_from = hands_from
        self._load_whole = load_whole
        self._stored_start = stored_start
        self._whole: Ledger | None = recent if recent.start.position == 0 else None
        # Older rubbers, each ledger scored from a rubber start to a rubber's end, in the
        # order of the hands (_score_older starts from the latest start known before what
        # it is asked for, or from its own rubber's start that the store keeps).
        self._older: list[Ledger] = []
        self._starts: dict[int, Checkpoint] = {first.rubber: first}  # by rubber number

    @classmethod
    def of(cls, ledger: Ledger) -> Pad:
        """The pad of a whole ledger (nothing left to load)."""
        return cls(ledger, ledger.start, _no_hands, lambda: ledger)

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
        """A ledger holding hand ``number`` (1-based) and its rubber from the rubber's
        start, or None when there is no such hand."""
        if not 1 <= number <= self.hand_count:
            return None
        if self.recent.result(number) is not None:
            return self.recent
        if self._whole is not None:
            return self._whole
        older = self._older
        index = bisect.bisect_right(older, number - 1, key=lambda held: held.start.position)
        if index and older[index - 1].result(number) is not None:
            return older[index - 1]
        return self._score_older(hand=number)

    def ledger_of_rubber(self, number: int) -> Ledger | None:
        """A ledger holding rubber ``number`` (1-based) whole, or None when there is no such
        rubber."""
        if not 1 <= number <= self.rubber_count:
            return None
        if self.recent.rubber(number) is not None:
            return self.recent
        if self._whole is not None:
            return self._whole
        older = self._older
        index = bisect.bisect_right(older, number, key=lambda held: held.start.rubber)
        if index and older[index - 1].rubber(number) is not None:
            return older[index - 1]
        return self._score_older(rubber=number)

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
        return find_game(ledger.variant).explain_hand(result, ledger)

    def roles(self, rubber: int) -> RubberRoles | None:
        """The chouette's roles in ``rubber`` (1-based), also for the rubber about to start;
        None in the other games."""
        if self.recent.start.rubber <= rubber:
            return self.recent.rubber_roles(rubber)
        ledger = self.ledger_of_rubber(rubber)
        return None if ledger is None else ledger.rubber_roles(rubber)

    def start_of_hand(self, number: int) -> Checkpoint | None:
        """The checkpoint of the rubber hand ``number`` (1-based) is played in, or None
        when there is no such hand."""
        ledger = self.ledger_of_hand(number)
        result = None if ledger is None else ledger.result(number)
        return None if ledger is None or result is None else ledger.rubber_start(result.rubber)

    def _score_older(self, *, hand: int = 0, rubber: int = 0) -> Ledger:
        """Score hand ``hand`` or rubber ``rubber`` (1-based; one of them) from the latest
        rubber start known before it (its own, when the store keeps it) to the end of its
        rubber; every rubber start passed is known from then on. The hand that ends a
        rubber wins its game, so it takes the prison waiting (R10): no circle of the rubber
        waits for a later hand."""
        known = [p for p in self._starts.values() if p.position < hand or p.rubber <= rubber]
        stored = self._stored_start(hand, rubber)
        start = max([*known, *([] if stored is None else [stored])], key=lambda p: p.position)
        scorer = Scorer(self.recent.game, self.recent.rules, start)
        with contextlib.closing(self._hands_from(start.position)) as hands:
            for each in hands:
                result = scorer.add(each)
                reached = result.number >= hand and result.rubber >= rubber
                if reached and result.rubber_winner is not None:
                    break
        ledger = scorer.ledger(self.recent.columns)
        # In the order of the hands: a rubber's own start may come before those known.
        bisect.insort(self._older, ledger, key=lambda held: held.start.position)
        for point in ledger.rubber_starts():
            self._starts[point.rubber] = point
        return ledger


def layout_pad(pad: Pad, number: int, metrics: SheetMetrics) -> SheetLayout:
    """Rubber ``number`` of ``pad`` laid out as the sheet shows it: its hands, or the blank
    pad of a rubber without hands yet (the chouette's with its roles). The one layout of the
    window's sheet, the table display's and the shared page's."""
    variant = pad.recent.variant
    ledger = pad.ledger_of_rubber(number)
    rubber = None if ledger is None else ledger.rubber(number)
    if ledger is None or rubber is None:
        return empty_sheet(pad.sides, metrics, number, variant, pad.roles(number))
    paid = prison_winners(ledger.hands)
    return layout_rubber(pad.sides, rubber, pad.rubber_count, metrics, paid, variant)


def _no_hands(position: int) -> Generator[AnyHand, None, None]:
    """The hands a pad of a whole ledger reads: none, it holds them all."""
    yield from ()
