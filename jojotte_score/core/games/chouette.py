"""The chouette (C1-C8): the box against a team of captain and partner, whose roles turn
after each rubber (C3); the hands side against side, the pad a column per player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from jojotte_score.core.errors import Problem
from jojotte_score.core.games.game import Game
from jojotte_score.core.model import ChouetteRoles, Hand, Variant
from jojotte_score.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Callable

    from jojotte_score.core.ledger import Checkpoint, HandResult, Ledger
    from jojotte_score.core.model import Sitting
    from jojotte_score.core.scoring import HandScore

FIRST_ROLES = ChouetteRoles(box=0, captain=1)
"""The first rubber's roles when a sitting does not record them: seat 0 boxes, seat 1
captains."""


class Chouette(Game):
    """Three players: the box alone against the captain, who plays, and the partner, who
    writes what the captain writes (C1-C8)."""

    variant = Variant.CHOUETTE
    label = N_("Chouette")
    table_word = N_("chouette")
    choice = N_("Three players, chouette")
    seat_labels = (N_("Seat 1"), N_("Seat 2 (clockwise)"), N_("Seat 3 (clockwise)"))
    players_needed = N_("a chouette sitting needs 3 player names, not {count}")
    per_player = True
    has_roles = True
    copy_legend = N_("(…) copied: the partner scores what the captain scores (C4)")
    card_page = (N_("the chouette"), N_("The rulings C1-C7"))
    rulings = "C1-C8"

    def first_roles(self, recorded: ChouetteRoles | None) -> ChouetteRoles:
        """The recorded first roles, else seat 0 in the box and seat 1 as captain."""
        return FIRST_ROLES if recorded is None else recorded

    def roles_after(self, roles: ChouetteRoles, winner: int) -> ChouetteRoles:
        """C3: the roles of the next rubber, after ``winner`` (the box's column, or the
        captain's for the team) won this one."""
        return roles.after(box_won=winner == roles.box)

    def dealers(self, roles: ChouetteRoles | None) -> tuple[int, ...]:
        """C7: the box and the captain deal in turn."""
        roles = self.first_roles(roles)
        return (roles.box, roles.captain)

    def dealer_problems(
        self, hand: Hand, number: int | None, players: Sequence[str], roles: ChouetteRoles | None
    ) -> list[Problem]:
        """C7: the dealer is the rubber's box or captain (named, never by seat)."""
        roles = self.first_roles(roles)
        dealer = hand.dealer
        if dealer is None or dealer in (roles.box, roles.captain):
            return []
        message = _("the dealer must be the box, {box}, or the captain, {captain}").format(
            box=players[roles.box], captain=players[roles.captain]
        )
        return [Problem(message, number, "dealer")]

    def hand_scorer(self, roles: ChouetteRoles | None) -> Callable[[Any, int], HandScore]:
        """C4: the two-player score, the box's entries in the box's column, the team's in the
        captain's; the partner copies the captain on the same lines (C4)."""
        from functools import partial

        from jojotte_score.core.chouette import score_chouette_hand

        return partial(score_chouette_hand, roles=self.first_roles(roles))

    def check(self, sitting: Sitting, start: Checkpoint | None = None) -> list[Problem]:
        """The players, rules and first roles, and each hand between the rubber's box and
        captain (C8), from ``start``'s roles when given."""
        from jojotte_score.core.chouette import check_chouette_sitting

        return check_chouette_sitting(sitting, start)

    def explain_hand(self, result: HandResult, ledger: Ledger) -> list[str]:
        """The hand explained with the chouette's rulings and its rubber's roles (C1-C7)."""
        from jojotte_score.core.three_player_explanation import explain_chouette_hand

        rubber = ledger.rubber(result.rubber)
        roles = rubber.roles if rubber is not None else None
        return explain_chouette_hand(result, ledger, self.first_roles(roles))


GAME = Chouette()
"""The game this module holds, as the registry finds it."""
