"""The sitting on screen when it is a game of individual players, apart from any widget.

The three-player game, the chouette and cutthroat have a column per player (T1, C4, F1).
:class:`ColumnShown` answers the window's questions as
:class:`~jojotte_score.gui.sitting.session.Shown` does for two sides: the players, the hands,
the pad scored by the core
(:func:`~jojotte_score.core.variants.replay_columns`), the scorer before a hand for the entry
panel, the status before the next hand and who deals it (clockwise, T2, F7; between the
chouette's box and captain, C7; a new cut each rubber). A sitting of an evening is scored
whole when it is opened; nothing here computes a score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from jojotte_score.core.model import ChouetteRoles, Rules, Sitting, Variant
from jojotte_score.core.status import TableStatus, next_dealer, table_status
from jojotte_score.core.three_player import SeatSitting
from jojotte_score.gui.pad.column_pad import AnyDeal, ColumnPad, ColumnScorer
from jojotte_score.i18n import _

if TYPE_CHECKING:
    from jojotte_score.core.individual_ledger import ColumnLedger
    from jojotte_score.storage.sittings import RecentHands, SittingStore, StoredSitting


class ColumnShown:
    """A three-player, chouette or cutthroat sitting as the window shows it.

    ``recent`` holds the sitting's details (title, the dealer the players chose); the
    sitting itself, with every hand, is loaded from the store and scored at once.
    """

    def __init__(self, store: SittingStore, recent: RecentHands) -> None:
        self.recent = recent
        self._store = store
        self.stored: StoredSitting = store.load(recent.id)
        sitting = self.stored.sitting
        if not isinstance(sitting, Sitting | SeatSitting):
            raise TypeError(f"sitting {recent.id} is not a sitting")
        self.sitting: Sitting | SeatSitting = sitting
        self.pad = ColumnPad(sitting)

    @property
    def id(self) -> int:
        """The sitting's id in the store."""
        return self.recent.id

    @property
    def variant(self) -> Variant:
        """The three-player game, the chouette or cutthroat."""
        return self.sitting.variant

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat (clockwise)."""
        return self.sitting.players

    @property
    def rules(self) -> Rules:
        """The game target and rubber bonus in force."""
        return self.sitting.rules

    @property
    def side_names(self) -> tuple[str, ...]:
        """The columns' names: the players."""
        return self.sitting.players

    @property
    def count(self) -> int:
        """How many hands the sitting has."""
        return len(self.sitting.hands)

    @property
    def hands(self) -> tuple[AnyDeal, ...]:
        """Every hand, in order."""
        return self.sitting.hands

    @property
    def ledger(self) -> ColumnLedger:
        """The whole pad, every hand scored."""
        return self.pad.ledger

    def hand(self, position: int) -> AnyDeal:
        """The hand at ``position`` (0-based)."""
        return self.sitting.hands[position]

    def scorer_before(self, position: int) -> ColumnScorer:
        """A new scorer that has scored the hands before ``position`` (0-based), for the
        caller to keep; in the chouette its ``roles`` are those of the hand at ``position``."""
        return ColumnScorer.of(self.sitting, self.sitting.hands[:position])

    def roles(self) -> ChouetteRoles | None:
        """The chouette's box and captain for the next hand (C3); None in other games."""
        return self.pad.roles(self.status().rubber)

    def status(self) -> TableStatus:
        """Where the table stands before the next hand."""
        return table_status(self.pad.ledger, self.variant, self.recent.chosen_dealer)

    def status_line(self) -> str:
        """The status line before the next hand (:func:`column_status_text`), naming the
        chouette's box and team for the rubber."""
        status = self.status()
        return column_status_text(status, self.players, status.next_dealer, self.roles())

    def dealer_at(self, position: int) -> int | None:
        """Who deals the hand at ``position`` (0-based): clockwise, or in the chouette the
        box and the captain in turn; the players' choice (first dealer or new cut) when
        the hand starts a rubber (:func:`~jojotte_score.core.status.next_dealer`)."""
        chosen = self.recent.chosen_dealer if position == self.count else None
        scorer = self.scorer_before(position)
        dealers = self.variant.game.dealers(scorer.roles)
        return next_dealer(scorer.results, self.variant, chosen, dealers)

    def cut_seats(self) -> tuple[int, ...]:
        """Who may win the cut for the next rubber's first deal: everybody, or in the
        chouette the next rubber's box and captain (C7)."""
        return self.variant.game.dealers(self.roles())


def column_status_text(
    status: TableStatus,
    players: Sequence[str],
    dealer: int | None,
    roles: ChouetteRoles | None = None,
) -> str:
    """The status line of a game of individual players: "Game 2 · below: Anna 35, Bert 0,
    Carl 20 · games: Anna 1, Bert 0, Carl 0 · prison 60 · next dealer: Bert"; in the
    chouette it starts with the rubber's roles ("Carl in the box against Anna (captain) and
    Bert"), and the partner has the captain's points below and games."""
    parts = [_("Rubber {rubber}").format(rubber=status.rubber)] if status.rubber > 1 else []
    if roles is not None:
        parts.append(
            _("{box} in the box against {captain} (captain) and {partner}").format(
                box=players[roles.box],
                captain=players[roles.captain],
                partner=players[roles.partner],
            )
        )
    below, games = status.below, status.games
    if roles is not None:  # the partner writes what the captain writes (C4, C5)
        below = tuple(below[roles.scores_with(seat)] for seat in range(len(below)))
        games = tuple(games[roles.scores_with(seat)] for seat in range(len(games)))
    parts.append(_("Game {game}").format(game=status.game))
    parts.append(_("below: {scores}").format(scores=_each_player(players, below)))
    parts.append(_("games: {scores}").format(scores=_each_player(players, games)))
    if status.prison:
        parts.append(_("prison {points}").format(points=status.prison))
    if dealer is not None and 0 <= dealer < len(players):
        parts.append(_("next dealer: {player}").format(player=players[dealer]))
    elif status.new_cut:
        parts.append(_("new cut for the first dealer"))
    # Translators: between the parts of the status line, as in "Game 2 · prison 60".
    return _(" · ").join(parts)


def _each_player(players: Sequence[str], figures: Sequence[int]) -> str:
    """Each player's figure, "Anna 35, Bert 0": item by item, joined by the language's
    separator."""
    # Translators: one player and a figure in the status line ("Anna 35").
    items = (
        _("{player} {points}").format(player=name, points=points)
        for name, points in zip(players, figures, strict=False)
    )
    # Translators: the separator between the items of a list ("the bidder, the trump").
    return _(", ").join(items)
