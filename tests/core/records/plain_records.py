"""A second, plain count of the circle's records, straight from each sitting's ledger, for
the property tests: the rules written out game by game as a player would count them from the
pads (R14, T15, C2, C3, C6, F2, F6), sharing nothing with jojotte_score.core.records but the
ledger."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from openskill.models import PlackettLuce, PlackettLuceRating

from jojotte_score.core.games import replay
from jojotte_score.core.games.chouette_roles import chouette_roles
from jojotte_score.core.ledger import RubberResult
from jojotte_score.core.model import SeatHand, Sitting, ThrownIn, Variant

Played = tuple[int, datetime, Sitting]
"""A sitting as stored: its id, the moment stored and the sitting."""


def _names(sitting: Sitting) -> list[str | None]:
    seen: set[str] = set()
    names: list[str | None] = []
    for raw in sitting.players:
        name = raw.strip()
        names.append(None if name in seen else name)
        seen.add(name)
    return names


def _sides(sitting: Sitting, rubber: RubberResult) -> list[list[int]]:
    if sitting.variant == Variant.TWO_PLAYER:
        return [[0], [1]]
    if sitting.variant == Variant.PARTNERSHIP:
        return [[0, 2], [1, 3]]
    if sitting.variant == Variant.CHOUETTE:
        assert rubber.roles is not None
        roles = chouette_roles(rubber.roles)
        return [[roles.box], sorted((roles.captain, roles.partner))]
    return [[seat] for seat in range(len(sitting.players))]


def _total(sitting: Sitting, rubber: RubberResult, seat: int) -> int:
    """The total of the column ``seat`` writes in: his side's in the two-sided games."""
    if sitting.variant in (Variant.TWO_PLAYER, Variant.PARTNERSHIP):
        return rubber.totals[seat % 2]
    return rubber.totals[seat]


def _result(sitting: Sitting, rubber: RubberResult, seat: int) -> int:
    totals = [_total(sitting, rubber, s) for s in range(len(sitting.players))]
    if sitting.variant in (Variant.TWO_PLAYER, Variant.PARTNERSHIP):
        return rubber.totals[seat % 2] - rubber.totals[1 - seat % 2]
    return len(totals) * totals[seat] - sum(totals)


def _winners(sitting: Sitting, rubber: RubberResult) -> set[int]:
    if rubber.winner is None:
        return set()
    if sitting.variant == Variant.TWO_PLAYER:
        return {rubber.winner}
    if sitting.variant == Variant.PARTNERSHIP:
        return {rubber.winner, rubber.winner + 2}
    if sitting.variant == Variant.CHOUETTE:
        assert rubber.roles is not None
        roles = chouette_roles(rubber.roles)
        return {roles.box} if rubber.winner == roles.box else {roles.captain, roles.partner}
    return {rubber.winner}


def _side_of(sides: list[list[int]], seat: int) -> int:
    return next(index for index, side in enumerate(sides) if seat in side)


def _ordered(played: Sequence[Played]) -> list[Played]:
    return sorted(played, key=lambda p: (p[1], p[0]))


@dataclass
class PairCount:
    """Two players against each other, from the first's side: rubbers finished, won by
    each, net points of the first over every rubber, rubbers open, each one's largest win
    (the most he took in a rubber he won, only when above nothing),
    and who of the two won each finished rubber in order (0, 1, or None: neither)."""

    rubbers: int = 0
    won: list[int] = field(default_factory=lambda: [0, 0])
    net: int = 0
    open: int = 0
    largest: list[int | None] = field(default_factory=lambda: [None, None])
    order: list[int | None] = field(default_factory=list)


def plain_pairs(played: Sequence[Played]) -> dict[tuple[str, str], PairCount]:
    """For every two players (both orders) who met, their :class:`PairCount`."""
    found: dict[tuple[str, str], PairCount] = {}
    for _id, _created, sitting in _ordered(played):
        names = _names(sitting)
        for rubber in replay(sitting).rubbers:
            sides = _sides(sitting, rubber)
            winners = _winners(sitting, rubber)
            for a, name_a in enumerate(names):
                for b, name_b in enumerate(names):
                    if name_a is None or name_b is None or a == b:
                        continue
                    if _side_of(sides, a) == _side_of(sides, b):
                        continue
                    count = found.setdefault((name_a, name_b), PairCount())
                    amount = _total(sitting, rubber, a) - _total(sitting, rubber, b)
                    count.net += amount
                    if rubber.winner is None:
                        count.open += 1
                        continue
                    count.rubbers += 1
                    who = 0 if a in winners else 1 if b in winners else None
                    count.order.append(who)
                    if who is not None:
                        count.won[who] += 1
                        won = amount if who == 0 else -amount
                        best = count.largest[who]
                        if won > 0 and (best is None or won > best):
                            count.largest[who] = won
    return found


def plain_partners(played: Sequence[Played]) -> dict[tuple[str, str], tuple[int, int, int, int]]:
    """For every two players who sat on one side (in name order): rubbers finished, won,
    net points over every rubber, rubbers open."""
    found: dict[tuple[str, str], tuple[int, int, int, int]] = {}
    for _id, _created, sitting in played:
        names = _names(sitting)
        for rubber in replay(sitting).rubbers:
            winners = _winners(sitting, rubber)
            for side in _sides(sitting, rubber):
                counted = [seat for seat in side if names[seat] is not None]
                for i, a in enumerate(counted):
                    for b in counted[i + 1 :]:
                        name_a, name_b = names[a], names[b]
                        assert name_a is not None
                        assert name_b is not None
                        one, two = sorted((name_a, name_b), key=lambda n: (n.casefold(), n))
                        old = found.get((one, two), (0, 0, 0, 0))
                        finished = rubber.winner is not None
                        found[one, two] = (
                            old[0] + finished,
                            old[1] + (finished and counted[0] in winners),
                            old[2] + _result(sitting, rubber, counted[0]),
                            old[3] + (not finished),
                        )
    return found


def _hand_nets(sitting: Sitting, rubber: RubberResult) -> list[list[int]]:
    nets = []
    for result in rubber.hands:
        written = [0] * len(rubber.totals)
        for entry in result.entries:
            written[entry.side] += entry.points
        nets.append([len(written) * w - sum(written) for w in written])
    return nets


def plain_roles(played: Sequence[Played]) -> dict[tuple[str, str, str], tuple[int, ...]]:
    """For every player, game and role: rubbers finished, won, hands, hands won, net."""
    found: dict[tuple[str, str, str], tuple[int, ...]] = {}

    def add(key: tuple[str, str, str], figures: tuple[int, ...]) -> None:
        old = found.get(key, (0, 0, 0, 0, 0))
        found[key] = tuple(a + b for a, b in zip(old, figures, strict=True))

    for _id, _created, sitting in played:
        names = _names(sitting)
        game = str(sitting.variant)
        for rubber in replay(sitting).rubbers:
            nets = _hand_nets(sitting, rubber)
            if sitting.variant == Variant.CHOUETTE:
                assert rubber.roles is not None
                roles = chouette_roles(rubber.roles)
                winners = _winners(sitting, rubber)
                for role, seat in (
                    ("box", roles.box),
                    ("captain", roles.captain),
                    ("partner", roles.partner),
                ):
                    name = names[seat]
                    if name is None:
                        continue
                    add(
                        (name, game, role),
                        (
                            int(rubber.winner is not None),
                            int(seat in winners),
                            len(rubber.hands),
                            sum(net[seat] > 0 for net in nets),
                            _result(sitting, rubber, seat),
                        ),
                    )
            if sitting.variant in (Variant.THREE_PLAYER, Variant.CUTTHROAT):
                for result, net in zip(rubber.hands, nets, strict=True):
                    hand = result.hand
                    held: list[tuple[str, int]] = []
                    if isinstance(hand, SeatHand):
                        others = [
                            s
                            for s in range(len(names))
                            if s
                            not in (
                                hand.declarer,
                                hand.active_defender,
                                hand.dealer if sitting.variant == Variant.CUTTHROAT else -1,
                            )
                        ]
                        held += [
                            ("declarer", hand.declarer),
                            ("active defender", hand.active_defender),
                        ]
                        held += [("inactive", seat) for seat in others[:1]]
                    if sitting.variant == Variant.CUTTHROAT and hand.dealer is not None:
                        assert isinstance(hand, SeatHand | ThrownIn)
                        held.append(("dealer", hand.dealer))
                    for role, seat in held:
                        name = names[seat]
                        if name is not None:
                            add((name, game, role), (0, 0, 1, int(net[seat] > 0), net[seat]))
    return found


def plain_ratings(played: Sequence[Played]) -> dict[str, tuple[float, float, int]]:
    """Every player's openskill rating (mu, sigma) and rubbers rated, each finished rubber
    rated with its sides as teams and their settlements as scores, in the order played."""
    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    counts: dict[str, int] = {}
    for _id, _created, sitting in _ordered(played):
        names = _names(sitting)
        for rubber in replay(sitting).rubbers:
            if rubber.winner is None:
                continue
            teams = []
            scores = []
            for side in _sides(sitting, rubber):
                team = [name for seat in side if (name := names[seat]) is not None]
                if team:
                    teams.append(team)
                    scores.append(float(_result(sitting, rubber, side[0])))
            if len(teams) < 2:
                continue
            rated = model.rate(
                [[ratings.get(n) or model.rating(name=n) for n in team] for team in teams],
                scores=scores,
            )
            for team, new in zip(teams, rated, strict=True):
                for name, rating in zip(team, new, strict=True):
                    ratings[name] = rating
                    counts[name] = counts.get(name, 0) + 1
    return {name: (rating.mu, rating.sigma, counts[name]) for name, rating in ratings.items()}
