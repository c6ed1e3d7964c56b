"""The three-player chouette: the box against a team of captain and partner (C1-C7).

Each hand is a two-player hand of the box (side 0) against the team (side 1), scored by
R1-R15 (C1, C4, C5). The pad has a column per player: the box's entries go in the box's
column, the team's in the captain's, and the partner writes the same as the captain (C4),
prison and rubber bonus included. Roles stay fixed for a rubber (C2) and rotate by the
backgammon chouette rule when it ends (C3): the game's ``roles_after``, which the scorer
(:class:`~jojotte_score.core.ledger.Scorer`) asks after each rubber. The checks and the
corrections are handed the chouette's game (:class:`ChouetteGame`) by its methods.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple, Protocol, cast

from jojotte_score.core.corrections import Correction, HandFix
from jojotte_score.core.errors import Problem, and_list
from jojotte_score.core.game_facts import GameFacts
from jojotte_score.core.games.chouette_roles import ChouetteRoles, chouette_roles
from jojotte_score.core.games.three_player_scoring import at_seats
from jojotte_score.core.ledger import START, Checkpoint, Ledger, Scorer, replay_by
from jojotte_score.core.model import Hand, RubberRoles, Sitting, ThrownIn
from jojotte_score.core.scoring import HandScore, Outcome, score_hand
from jojotte_score.core.validation import check_hand, check_sitting_setup, errors_only
from jojotte_score.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from collections.abc import Sequence

CHOUETTE_SEATS = 3


class ChouetteGame(GameFacts, Protocol):
    """What the chouette's checks and corrections read of its game: the shared facts, and
    who may deal (C7)."""

    def dealer_problems(
        self, hand: Hand, number: int | None, players: Sequence[str], roles: RubberRoles | None
    ) -> list[Problem]:
        """What is wrong with who dealt ``hand`` (C7)."""


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


def check_chouette_sitting(
    game: ChouetteGame, sitting: Sitting, start: Checkpoint | None = None
) -> list[Problem]:
    """Every problem with ``sitting``, a sitting of ``game``, the chouette (C8): its
    players, rules and first roles, and each hand by the two-player checks between the
    rubber's box and captain, whose dealer is the box or the captain (C7). With ``start``
    the hands are those from that checkpoint on, numbered from there, and its roles are
    their first rubber's.

    Roles are followed through the hands while they are valid. A bad hand gets its own
    messages only: what it scored cannot be known, so neither can the roles after it, and
    the later hands are checked without the dealer rule (C7), in the names of the roles
    last known. A wrong dealer alone leaves the roles known (a dealer is never scored), so
    every later hand dealt by the partner is reported too.
    """
    problems = check_sitting_setup(game, sitting.players, sitting.rules)
    roles = None if sitting.roles is None else chouette_roles(sitting.roles)
    problems.extend(check_chouette_roles(roles))
    if problems or roles is None:
        return problems
    scorer = Scorer.of(game, sitting, start)
    names = sitting.players
    roles_known = True
    first = scorer.next_number
    for number, hand in enumerate(cast("tuple[Hand, ...]", sitting.hands), start=first):
        roles = cast("ChouetteRoles", scorer.roles)
        sides = (names[roles.box], names[roles.captain])
        found = check_hand(hand._replace(dealer=None), game, number, sides)
        problems.extend(found)
        if roles_known:
            problems.extend(game.dealer_problems(hand, number, names, roles))
        if errors_only(found):
            roles_known = False
        elif roles_known:
            scorer.add(hand)  # a dealer is never scored: a wrong one leaves the roles known
    return problems


class _Dealt(NamedTuple):
    """A hand as the roles follow from the hands before it: its number (from 1), its rubber
    (counted from the first rubber followed) and that rubber's roles."""

    number: int
    rubber: int
    roles: ChouetteRoles
    hand: Hand


def _followed(game: GameFacts, sitting: Sitting) -> list[_Dealt]:
    """The hands with the roles they are played with (C3), as long as the hands are
    otherwise valid: what a bad hand scored cannot be known, so neither can the roles after
    it."""
    scorer = Scorer.of(game, sitting)
    names = sitting.players
    followed: list[_Dealt] = []
    rubber = 1
    for number, hand in enumerate(cast("tuple[Hand, ...]", sitting.hands), start=1):
        roles = cast("ChouetteRoles", scorer.roles)
        sides = (names[roles.box], names[roles.captain])
        if errors_only(check_hand(hand._replace(dealer=None), game, number, sides)):
            break
        followed.append(_Dealt(number, rubber, roles, hand))
        if scorer.add(hand).rubber_winner is not None:
            rubber += 1
    return followed


def _turn_dealer(dealt: _Dealt, rubber: list[_Dealt], illegal: set[int]) -> int:
    """The dealer the turn gives ``dealt`` (C7: the box and the captain deal in turn):
    counted on from the nearest hand before it in its rubber whose recorded dealer stands,
    else counted back from the nearest such hand after it; when no dealer of the rubber
    stands, the rubber's first dealer, chosen by a cut nobody recorded, is taken to be the
    box (docs/RULES.md, C7b)."""
    turn = dealt.roles.dealers
    standing = [d for d in rubber if d.hand.dealer is not None and d.number not in illegal]
    before = [d for d in standing if d.number < dealt.number]
    after = [d for d in standing if d.number > dealt.number]
    anchor = before[-1] if before else after[0] if after else None
    if anchor is None:
        return turn[(dealt.number - rubber[0].number) % len(turn)]
    assert anchor.hand.dealer is not None
    return turn[(turn.index(anchor.hand.dealer) + dealt.number - anchor.number) % len(turn)]


def _correction(followed: list[_Dealt], first: int, players: tuple[str, ...]) -> Correction:
    """The hands of ``followed`` from hand ``first`` on dealt by neither the box nor the
    captain of their rubber (C7), each cleared and re-derived, with the reasons."""
    illegal = {
        d.number
        for d in followed
        if d.number >= first and d.hand.dealer not in (None, *d.roles.dealers)
    }
    rubbers: dict[int, list[_Dealt]] = {}
    for dealt in followed:
        rubbers.setdefault(dealt.rubber, []).append(dealt)
    fixes: list[HandFix] = []
    for dealt in followed:
        if dealt.number not in illegal:
            continue
        assert dealt.hand.dealer is not None
        fixes.append(
            HandFix(
                dealt.number,
                dealt.hand.dealer,
                dealt.hand._replace(dealer=None),
                dealt.hand._replace(dealer=_turn_dealer(dealt, rubbers[dealt.rubber], illegal)),
            )
        )
    return Correction(tuple(fixes), *_reasons(fixes, players))


def later_dealers(game: GameFacts, sitting: Sitting, first: int = 1) -> Correction:
    """The hands of ``sitting``, a sitting of ``game``, from hand ``first`` on whose dealer
    is neither the box nor the captain of their rubber (C7), as the roles follow from the
    hands before them (C3): what an edit that changes who wins a rubber does to the
    dealers after it. Each comes with the hand
    without its dealer and with the dealer the turn gives it (:func:`_turn_dealer`); the
    reasons name the players. A dealer is recorded, never scored, so neither fix changes a
    figure. The roles are followed only while the hands are otherwise valid."""
    return _correction(_followed(game, sitting), first, sitting.players)


class ChouetteCorrector:
    """What putting a hand in place of the hand at ``position`` (from 0) of a recorded,
    valid chouette sitting does to the dealers after it (C3, C7), for one edit typed key by
    key: called with the hand as it stands, it gives the :class:`Correction`, or None when
    every later dealer stays legal.

    ``recorded`` is the sitting's pad as recorded, when the caller has it (else it is scored
    once, at the first call). Only the edited hand's rubber and the rubbers after it are
    scored again, and only until a rubber ends at the hand where the recorded one ended,
    with the same prison waiting: from there on each hand scores as recorded, side against
    side (C1), so the later rubbers' winners are the recorded ones and only their roles
    differ, which follow by C3. Measured (benchmarks/bench_correction.py) on a 10,000-hand
    sitting with every dealer recorded: an edit of hand 3, which leaves 2,999 later dealers
    illegal, takes 30-50 ms a key, where scoring the edited sitting again takes 0.6 s.
    """

    def __init__(
        self, game: GameFacts, sitting: Sitting, position: int, recorded: Ledger | None = None
    ) -> None:
        self.game = game
        self.sitting = sitting
        self.position = position
        self._recorded = recorded

    def __call__(self, hand: Hand) -> Correction | None:
        sitting, position = self.sitting, self.position
        hands = list(sitting.hands)
        hands[position] = hand
        edited = replace(sitting, hands=tuple(hands))
        if self._recorded is None:
            self._recorded = replay_by(self.game, sitting)
        recorded = self._recorded
        at = recorded.hands[position]
        rubber = recorded.rubbers[at.rubber - 1]
        start = rubber.hands[0].number - 1
        carried = recorded.hands[start - 1].prison_after if start else 0
        names = sitting.players
        roles = None if rubber.roles is None else chouette_roles(rubber.roles)
        sides = (names[roles.box], names[roles.captain]) if roles else None
        wrong = check_hand(hand._replace(dealer=None), self.game, position + 1, sides)
        if errors_only(wrong):
            return None
        if carried or roles is None:  # a rubber that starts with prison waiting
            correction = later_dealers(self.game, edited, first=position + 2)
        else:
            followed = self._rescored(edited, start, roles)
            correction = _correction(followed, position + 2, names)
        return correction if correction.fixes else None

    def _rescored(self, edited: Sitting, start: int, roles: ChouetteRoles) -> list[_Dealt]:
        """The hands from ``start`` (the first of the edited hand's rubber, played with
        ``roles`` and no prison waiting) with their roles: scored until a rubber ends where
        the recorded one did with the same prison waiting, the recorded rubbers' winners
        after that."""
        assert self._recorded is not None
        recorded = self._recorded.hands
        scorer = Scorer(self.game, edited.rules, START._replace(roles=roles))
        followed: list[_Dealt] = []
        rubber = 1
        index = start
        hands = cast("tuple[Hand, ...]", edited.hands)  # a chouette's: side against side
        while index < len(hands):
            hand = hands[index]
            followed.append(_Dealt(index + 1, rubber, cast("ChouetteRoles", scorer.roles), hand))
            ended = scorer.add(hand).rubber_winner is not None
            index += 1
            if not ended:
                continue
            rubber += 1
            same = recorded[index - 1]
            if (
                index - 1 >= self.position
                and same.rubber_winner is not None
                and same.prison_after == scorer.prison_waiting
            ):
                break
        else:
            return followed
        if index == len(recorded):
            return followed
        # The recorded rubbers from here on, each won by the same side (box or team).
        roles = cast("ChouetteRoles", scorer.roles)
        by_rubber = self._recorded.rubbers
        for number in range(recorded[index].rubber, len(by_rubber) + 1):
            played = by_rubber[number - 1]
            for result in played.hands:
                followed.append(_Dealt(result.number, rubber, roles, cast("Hand", result.hand)))
            if played.winner is None or played.roles is None:
                break
            roles = roles.after(box_won=played.winner == chouette_roles(played.roles).box)
            rubber += 1
        return followed


def _by_seat(
    fixes: list[HandFix], seat_of: Callable[[HandFix], int | None]
) -> dict[int, list[int]]:
    """The fixes' hand numbers by the seat ``seat_of`` names, in the order seats come."""
    numbers: dict[int, list[int]] = {}
    for fix in fixes:
        seat = seat_of(fix)
        if seat is not None:
            numbers.setdefault(seat, []).append(fix.number)
    return numbers


MOST_NUMBERS = 10
"""The most hand numbers a reason lists; the rest are counted ("8, 10, … and 130 more")."""


def _hands(numbers: list[int]) -> str:
    """The numbers as a list in words, the longest cut to its first numbers and a count."""
    if len(numbers) <= MOST_NUMBERS:
        return and_list([str(number) for number in numbers])
    shown = [str(number) for number in numbers[: MOST_NUMBERS - 1]]
    rest = len(numbers) - len(shown)
    return and_list([*shown, ngettext("{count} more", "{count} more", rest).format(count=rest)])


def _reasons(
    fixes: list[HandFix], players: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Why the hands' dealers are illegal, one sentence per player who dealt them, and what
    re-deriving gives, one sentence per dealer it names."""
    reasons = tuple(
        ngettext(
            "Hand {numbers}: {player} is now the partner and may not deal (C7)",
            "Hands {numbers}: {player} is now the partner and may not deal (C7)",
            len(numbers),
        ).format(numbers=_hands(numbers), player=players[seat])
        for seat, numbers in _by_seat(fixes, lambda fix: fix.dealer).items()
    )
    rederived = tuple(
        ngettext(
            "Worked out again: {player} deals hand {numbers}.",
            "Worked out again: {player} deals hands {numbers}.",
            len(numbers),
        ).format(numbers=_hands(numbers), player=players[seat])
        for seat, numbers in _by_seat(fixes, lambda fix: fix.rederived.dealer).items()
    )
    return reasons, rederived


def chouette_correction(
    game: GameFacts, sitting: Sitting, position: int, hand: Hand
) -> Correction | None:
    """What putting ``hand`` in place of the hand at ``position`` (from 0) of a recorded,
    valid sitting of ``game`` does to the dealers of the hands after it (C3, C7); None when
    it leaves every one legal, or when the hand itself cannot be scored."""
    return ChouetteCorrector(game, sitting, position)(hand)
