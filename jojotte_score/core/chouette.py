"""The three-player chouette: the box against a team of captain and partner (C1-C7).

Each hand is a two-player hand of the box (side 0) against the team (side 1), scored by
R1-R15 (C1, C4, C5). The pad has a column per player: the box's entries go in the box's
column, the team's in the captain's, and the partner writes the same as the captain (C4),
prison and rubber bonus included. Roles stay fixed for a rubber (C2) and rotate by the
backgammon chouette rule when it ends (C3): the game's ``roles_after``, which the scorer
(:class:`~jojotte_score.core.ledger.Scorer`) asks after each rubber.
"""

from __future__ import annotations

from typing import NamedTuple, cast

from jojotte_score.core.errors import Problem
from jojotte_score.core.games.chouette import GAME as CHOUETTE
from jojotte_score.core.ledger import Checkpoint, Scorer
from jojotte_score.core.model import ChouetteRoles, Hand, Sitting, ThrownIn, Variant
from jojotte_score.core.scoring import HandScore, Outcome, score_hand
from jojotte_score.core.three_player import at_seats
from jojotte_score.core.validation import check_hand, check_sitting_setup, errors_only
from jojotte_score.i18n import N_, _

CHOUETTE_SEATS = 3
BOX_SIDE, TEAM_SIDE = 0, 1


def score_chouette_hand(hand: Hand, number: int, roles: ChouetteRoles) -> HandScore:
    """Score hand ``number`` (1-based) of a rubber played with ``roles``; the hand must be
    valid. C4: the two-player score, the team's entries in the captain's column; the
    partner's copies, on the same lines, are made by the scorer once prison and the rubber
    bonus are known. Only the captain's entries below count towards the team's game."""
    if isinstance(hand, ThrownIn):
        return HandScore(Outcome.THROWN_IN, (), (), 1, None, (), 0)
    base = score_hand(hand, number)
    copies = ((roles.partner, roles.captain),)
    pad = at_seats(base, (roles.box, roles.captain), CHOUETTE_SEATS, None, copies)
    return pad._replace(copies_above=False)


def check_chouette_roles(roles: ChouetteRoles | None) -> list[Problem]:
    """C8: the first rubber's box and captain are two different seats of the three."""
    if roles is None:
        message = _("a chouette sitting needs the first rubber's box and captain")
        return [Problem(message, None, "chouette")]
    problems = [
        Problem(_(message).format(seat=seat), None, "chouette")
        for message, seat in (
            (N_("the box must be seat 0, 1 or 2, not {seat}"), roles.box),
            (N_("the captain must be seat 0, 1 or 2, not {seat}"), roles.captain),
        )
        if seat not in range(CHOUETTE_SEATS)
    ]
    if not problems and roles.box == roles.captain:
        message = _("the box and the captain must be two different players")
        problems.append(Problem(message, None, "chouette"))
    return problems


def check_chouette_sitting(sitting: Sitting, start: Checkpoint | None = None) -> list[Problem]:
    """Every problem with a chouette sitting (C8): its players, rules and first roles, and
    each hand by the two-player checks between the rubber's box and captain, whose dealer
    is the box or the captain (C7). With ``start`` the hands are those from that checkpoint
    on, numbered from there, and its roles are their first rubber's.

    Roles are followed through the hands while they are valid. A bad hand gets its own
    messages only: what it scored cannot be known, so neither can the roles after it, and
    the later hands are checked without the dealer rule (C7), in the names of the roles
    last known.
    """
    problems = check_sitting_setup(sitting.variant, sitting.players, sitting.rules)
    problems.extend(check_chouette_roles(sitting.chouette))
    if problems or sitting.chouette is None:
        return problems
    scorer = Scorer.of(sitting, start)
    names = sitting.players
    roles_known = True
    first = scorer.next_number
    for number, hand in enumerate(cast("tuple[Hand, ...]", sitting.hands), start=first):
        roles = cast("ChouetteRoles", scorer.roles)
        sides = (names[roles.box], names[roles.captain])
        found = check_hand(hand._replace(dealer=None), Variant.CHOUETTE, number, sides)
        if roles_known:
            found.extend(CHOUETTE.dealer_problems(hand, number, names, roles))
        problems.extend(found)
        if errors_only(found):
            roles_known = False
        elif roles_known:
            scorer.add(hand)
    return problems


class DealerFix(NamedTuple):
    """A later hand whose dealer a change made illegal (C7): its number (from 1), why, and
    the hand with its dealer cleared."""

    number: int
    problem: Problem
    fixed: Hand


def dealers_to_clear(sitting: Sitting, first: int = 1) -> list[DealerFix]:
    """The hands from hand ``first`` on whose dealer is neither the box nor the captain of
    their rubber (C7), as the roles follow from the hands before them (C3): what an edit
    that changes who wins a rubber does to the dealers after it. Each comes with the
    message of the dealer rule, in the players' names, and the hand without its dealer;
    a dealer is recorded, never scored, so clearing it changes no figure. The roles are
    followed only while the hands are otherwise valid."""
    roles_at = Scorer.of(sitting)
    fixes: list[DealerFix] = []
    names = sitting.players
    for number, hand in enumerate(cast("tuple[Hand, ...]", sitting.hands), start=1):
        roles = cast("ChouetteRoles", roles_at.roles)
        sides = (names[roles.box], names[roles.captain])
        if errors_only(check_hand(hand._replace(dealer=None), Variant.CHOUETTE, number, sides)):
            break
        wrong = CHOUETTE.dealer_problems(hand, number, names, roles)
        if wrong and number >= first:
            fixes.append(DealerFix(number, wrong[0], hand._replace(dealer=None)))
        roles_at.add(hand)
    return fixes
