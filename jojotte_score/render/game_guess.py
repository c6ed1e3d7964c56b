"""Where the pages guess the game from the shape of its ledger: the chouette's rubbers have
roles, cutthroat has four players, two names are two sides.

The ledger does not yet say which game it was scored for, so the layout reads it from
these signs (or from the sitting, when it is given). Once the ledger knows its game, these
functions give way to asking it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from jojotte_score.core.individual_ledger import ColumnLedger, SeatRubberResult
from jojotte_score.core.model import ChouetteRoles, Sitting, Variant

if TYPE_CHECKING:
    from jojotte_score.core.variants import AnySitting


def column_variant(ledger: ColumnLedger, sitting: AnySitting | None = None) -> Variant:
    """The game a pad with a column per player belongs to: ``sitting``'s, else read from the
    ledger (a chouette's rubbers have roles; cutthroat has four players)."""
    if sitting is not None:
        return sitting.variant
    if any(rubber.roles is not None for rubber in ledger.rubbers):
        return Variant.CHOUETTE
    return Variant.CUTTHROAT if len(ledger.players) == 4 else Variant.THREE_PLAYER


def rubber_variant(rubber: SeatRubberResult[Any], players: Sequence[str]) -> Variant:
    """The game of a rubber with a column per player: the chouette when it has roles,
    cutthroat with four players, else the three-player game."""
    if rubber.roles is not None:
        return Variant.CHOUETTE
    return Variant.CUTTHROAT if len(players) == 4 else Variant.THREE_PLAYER


def rubber_roles(
    ledger: ColumnLedger, rubber_number: int, sitting: AnySitting | None = None
) -> ChouetteRoles | None:
    """The chouette's roles in rubber ``rubber_number`` (C2, C3), the rubber the next hand
    starts included; None outside the chouette. A chouette without hands takes its first
    roles from ``sitting``."""
    if column_variant(ledger, sitting) is not Variant.CHOUETTE:
        return None
    # Imported here: only a chouette needs it, and the window's start-up has a module budget.
    from jojotte_score.core.chouette import chouette_start, roles_by_rubber

    held = ledger.rubber(rubber_number)
    if held is not None:
        return held.roles
    first = ledger.rubbers[0].roles if ledger.rubbers else None
    if first is None:
        if not isinstance(sitting, Sitting):
            return None
        first = chouette_start(sitting)
    roles = roles_by_rubber(first, (rubber.winner for rubber in ledger.rubbers))
    return roles[rubber_number - 1] if rubber_number <= len(roles) else None


def per_player(sides: Sequence[str], variant: Variant | None) -> bool:
    """Whether a pad of ``sides`` has a column per player: the game's (``variant``), else
    any number of names but two."""
    return variant.individual if variant is not None else len(sides) != 2


def variant_of_player_count(players: int) -> Variant:
    """The game of individual players of a blank pad with ``players`` names."""
    return Variant.CUTTHROAT if players == 4 else Variant.THREE_PLAYER
