"""Sittings recorded under earlier checks: what an earlier release stored, and today's checks
would refuse, stays exportable and importable.

The checks have grown stricter since the first release: names of at most 40 characters,
then no control characters or direction marks in them; with two players, card points adding
up to no more than the deck; each class of melds scored by one side only; in partnerships,
only the meld totals two partners can meld. A sitting stored before a check was added still
opens and scores as recorded. Exporting it writes ``"recorded_under_earlier_checks": true``
in the sitting file; reading such a file turns exactly those problems into warnings, hand by
hand ("recorded under earlier checks, which allowed it: ..."), so the scorekeeper sees what
to correct, and nothing is changed on the way. Every other problem is still refused: the
mark never lets through a hand the scorer could not score or a number the formats cannot
hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from jojotte_score.core.errors import Problem
from jojotte_score.core.games import all_games, find_game
from jojotte_score.core.model import GameKey, Hand, PlayedHand, Rules
from jojotte_score.core.tables import is_meld_sum
from jojotte_score.core.validation import (
    MAX_NAME_LENGTH,
    check_sitting_setup,
    unwritable_character,
)
from jojotte_score.formats.sitting_keys import EARLIER_CHECKS_KEY
from jojotte_score.i18n import _

__all__ = ["EARLIER_CHECKS_KEY", "as_earlier", "tolerate", "tolerated_in_hand", "tolerated_setup"]


@cache
def most_melded() -> int:
    """The largest meld total any way to play allows: an earlier total is tolerated up to
    it."""
    return max(max(game.meld_totals) for game in all_games())


def as_earlier(problem: Problem) -> Problem:
    """``problem`` as the warning a sitting recorded under earlier checks gets."""
    message = _("recorded under earlier checks, which allowed it: {problem}")
    return problem._replace(message=message.format(problem=problem.message), warning=True)


def tolerated_in_hand(problem: Problem, hand: Hand | None) -> bool:
    """Whether an earlier release accepted ``problem`` of ``hand`` (and the scorer scores
    the hand as recorded): card points adding up to more than the deck with two players
    (each side's count is still within the deck), one class of melds scored by both sides,
    a meld total the way to play cannot meld but some way can reach."""
    if problem.warning or not isinstance(hand, PlayedHand):
        return False
    if problem.field in ("card_points", "melds"):
        return True
    if problem.field in ("melds[0]", "melds[1]"):
        points = hand.melds[int(problem.field[6])]
        return is_meld_sum(points) and 0 <= points <= most_melded()
    return False


def tolerated_setup(
    problems: Sequence[Problem], variant: GameKey, players: Sequence[str], rules: Rules
) -> list[Problem]:
    """``problems`` (of the sitting's setup) with those an earlier release accepted (a name
    too long, a name holding a control character or direction mark) made warnings."""
    fixed = tuple(_fixed_name(name) for name in players)
    hard = set(check_sitting_setup(find_game(variant), fixed, rules))
    return [
        as_earlier(problem)
        if problem.field == "players" and not problem.warning and problem not in hard
        else problem
        for problem in problems
    ]


def _fixed_name(name: str) -> str:
    """``name`` as today's checks would take it, for telling the tolerated problems from the
    rest: without the characters a name cannot hold, cut to the longest name; an empty
    name stays empty (that is refused now as then)."""
    kept = "".join(c for c in name if unwritable_character(c) is None)[:MAX_NAME_LENGTH]
    return kept if kept.strip() else name


def tolerate(
    problems: Sequence[Problem],
    variant: GameKey,
    players: Sequence[str],
    rules: Rules,
    hands: Sequence[object],
) -> list[Problem]:
    """Every problem of a whole sitting, those an earlier release accepted made warnings:
    ``hands`` are its hands in order (for the hands' problems)."""
    setup = tolerated_setup([p for p in problems if p.hand is None], variant, players, rules)
    changed = iter(setup)
    result = []
    for problem in problems:
        if problem.hand is None:
            result.append(next(changed))
            continue
        hand = hands[problem.hand - 1] if 0 < problem.hand <= len(hands) else None
        played = hand if isinstance(hand, PlayedHand) else None
        result.append(as_earlier(problem) if tolerated_in_hand(problem, played) else problem)
    return result
