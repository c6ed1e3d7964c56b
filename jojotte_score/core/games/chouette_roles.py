"""The chouette's roles in a rubber (C1, C2): the box, the captain and the partner, by seat.

A module of their own, beside the chouette's game (:mod:`jojotte_score.core.games.chouette`),
so that the chouette's rules and explanations read them without importing the game.
"""

from __future__ import annotations

from typing import NamedTuple

from jojotte_score.core.model import RubberRoles


class ChouetteRoles(NamedTuple):
    """The chouette's roles in one rubber, by seat (C1, C2): the box plays alone against
    the captain, who plays the cards, and the partner, who scores with the captain. The
    chouette's :data:`~jojotte_score.core.model.RubberRoles`: the seats of its two
    :attr:`~jojotte_score.core.games.chouette.Chouette.role_names`, in order."""

    box: int
    captain: int

    @property
    def partner(self) -> int:
        """The seat that is neither box nor captain."""
        return 3 - self.box - self.captain

    @property
    def dealers(self) -> tuple[int, int]:
        """C7: the box and the captain deal in turn."""
        return (self.box, self.captain)

    def scores_with(self, seat: int) -> int:
        """The seat whose games count for ``seat``: the captain's for the partner, who
        scores with the captain (C4, C5: the team's game is the captain's and the
        partner's); anybody else's own."""
        return self.captain if seat == self.partner else seat

    def as_written(self, figures: tuple[int, ...]) -> tuple[int, ...]:
        """Each seat's ``figures`` (points below, games) as the pad writes them: the
        partner's are the captain's (C4, C5)."""
        return tuple(figures[self.scores_with(seat)] for seat in range(len(figures)))

    def after(self, box_won: bool) -> ChouetteRoles:
        """C3, the backgammon chouette rule: a winning box stays in the box and the partner
        becomes captain; a losing box becomes partner, the captain goes into the box and the
        partner becomes captain."""
        if box_won:
            return ChouetteRoles(self.box, self.partner)
        return ChouetteRoles(self.captain, self.partner)


def chouette_roles(roles: RubberRoles) -> ChouetteRoles:
    """``roles`` as the chouette's: the box's and the captain's seats."""
    if isinstance(roles, ChouetteRoles):
        return roles
    box, captain = roles
    return ChouetteRoles(box, captain)
