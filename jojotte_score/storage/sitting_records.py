"""What the store of sittings gives back: a line of the list of sittings, a stored sitting,
what an import did, and the hands of a sitting's newest rubber."""

from datetime import datetime
from typing import NamedTuple

from jojotte_score.core.ledger import Checkpoint
from jojotte_score.core.model import AnyHand, GameKey, RubberRoles, Rules, Sitting, side_names


class SittingInfo(NamedTuple):
    """One line of the list of stored sittings."""

    id: int
    variant: GameKey
    players: tuple[str, ...]
    title: str
    place: str
    created: datetime
    updated: datetime
    hands: int
    rubbers_finished: int
    net_side: int | None
    net_points: int
    unresolved_prison: int
    damaged: str = ""  # why the sitting's rows cannot be read, for a damaged one
    settlement: tuple[int, ...] | None = None
    """Each player's result in the games of individual players (T15, C6, F6): his
    settlements summed over the rubbers; None for two sides (``net_side``, ``net_points``)."""

    @property
    def side_names(self) -> tuple[str, str]:
        """The two sides' names ("Anna & Carl" in partnerships)."""
        return side_names(self.variant, self.players)


class StoredSitting(NamedTuple):
    """A sitting as stored: its id, details and the sitting itself."""

    id: int
    sitting: Sitting
    title: str
    place: str
    created: datetime
    updated: datetime
    uuid: str = ""
    """The sitting's stable id, the same on every device (schema 9)."""


class ImportOutcome(NamedTuple):
    """What storing a sitting file did: the sitting's id and whether it is ``"new"``, was
    ``"updated"`` (its stable id was stored with other hands) or was ``"unchanged"``."""

    id: int
    outcome: str


class RecentHands(NamedTuple):
    """A sitting's setup and details, how many hands it has, and the hands of the rubber
    of its newest hand with the :class:`Checkpoint` that rubber starts from, in any game.

    Enough to show the pad as it stands and to score the next hand; the older hands stay
    on disk until :meth:`SittingStore.load` is asked for them. ``hands`` are the game's kind
    of hand (side against side, or by seat); a chouette's first roles are ``chouette``, the
    roles of the checkpoint's rubber the checkpoint's.
    """

    id: int
    variant: GameKey
    players: tuple[str, ...]
    rules: Rules
    title: str
    place: str
    created: datetime
    updated: datetime
    hand_count: int
    checkpoint: Checkpoint
    hands: tuple[AnyHand, ...]
    chosen_dealer: int | None = None
    roles: RubberRoles | None = None
    revision: int = 0
    """The sitting's revision these are of."""

    @property
    def side_names(self) -> tuple[str, str]:
        """The two sides' names ("Anna & Carl" in partnerships)."""
        return side_names(self.variant, self.players)
