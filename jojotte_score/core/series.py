"""The figures the history plots draw, and each plot's summary in words. No Qt, no storage.

Three series, each computed from what the pad already derives:

- :func:`sitting_course`: the running result of one sitting, hand by hand. For two sides
  it is side 0's total minus side 1's over every rubber so far (R14), one line; for the
  games of individual players it is each player's settlement so far (T15, C6, F6), one
  line per player. Both start at 0 before the first hand, and the hands after which a
  rubber ended are listed.
- :func:`results_over_time`: each player's net result per sitting, sitting after sitting,
  from :class:`SittingResult` values (one per sitting, in the order they were played).
- :func:`contract_shares`: the contracts each player made as a share of those declared, by
  kind, from :class:`~jojotte_score.core.stats.PlayerStats`.

The settlement of a rubber is linear in its totals (n·total_i - Σ totals), so each
player's running settlement is that same formula applied to his totals summed over every
hand so far, finished rubbers and the one being played alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from jojotte_score.core.errors import and_list, comma_list
from jojotte_score.core.games import find_game
from jojotte_score.core.ledger import Ledger, settle
from jojotte_score.core.model import GameKey, Sitting
from jojotte_score.core.stats import EXCLUSIVE_KINDS, ContractKind, PlayerStats, player_side
from jojotte_score.i18n import MINUS, N_, _, format_date, isolated, ngettext
from jojotte_score.i18n import format_signed as signed

KIND_NAMES: dict[ContractKind, str] = {
    ContractKind.SUIT: N_("suit"),
    ContractKind.NO_TRUMP: N_("no-trump"),
    ContractKind.NULLO: N_("Nullo"),
    ContractKind.SLAM: N_("Slam"),
    ContractKind.DOUBLED: N_("doubled"),
}
"""How each kind of contract is named under its bars, in English: show it with
:func:`kind_name`."""

SHARE_KINDS: tuple[ContractKind, ...] = (*EXCLUSIVE_KINDS, ContractKind.DOUBLED)
"""The kinds :func:`contract_shares` counts, in the order they are drawn."""


def kind_name(kind: ContractKind) -> str:
    """A kind of contract as its bars are labelled, in the language spoken now: "suit"."""
    return _(KIND_NAMES[kind])


def _sentence(clauses: Sequence[str]) -> str:
    """Clauses of a summary as one sentence: "A; B; C."."""
    # Translators: the separator between the clauses of a chart's summary.
    joined = _("; ").join(clauses)
    # Translators: a chart's summary, its clauses ending in a full stop.
    return _("{clauses}.").format(clauses=joined)


def _player_points(name: str, points: int) -> str:
    """ "Anna +120", "Bert" and :func:`signed` points."""
    return _("{player} {points}").format(player=name, points=signed(points))


# One sitting, hand by hand ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Series:
    """One line of a plot: its name and one value per point (None where it has none)."""

    name: str
    values: tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class SittingCourse:
    """The running result of one sitting, hand by hand.

    ``hands`` are the x values: the number of hands played so far, from the hand before
    the ledger's first (0 for a whole sitting) to the last. ``series`` has one value per
    entry of ``hands``: for two sides one series, side 0's total minus side 1's
    (``sides`` names them); for individual players one series per player, his settlement
    so far. ``rubber_ends`` are the hands after which a rubber ended.
    """

    hands: tuple[int, ...]
    series: tuple[Series, ...]
    rubber_ends: tuple[int, ...]
    sides: tuple[str, str] | None = None

    @property
    def two_sided(self) -> bool:
        """True for the difference of two sides, False for each player's settlement."""
        return self.sides is not None


def sitting_course(ledger: Ledger) -> SittingCourse:
    """The running result of the sitting ``ledger`` holds, hand by hand, its sides and
    players named by the ledger's columns (a ledger replayed with each name isolated,
    ``i18n.isolated``, for a plot a person reads)."""
    if ledger.game.per_player:
        return _individual_course(ledger)
    return _two_sided_course(ledger)


def _two_sided_course(ledger: Ledger) -> SittingCourse:
    difference = ledger.start.difference
    hands, values = [ledger.start.position], [difference]
    for result in ledger.hands:
        for _hand, side, _line, points, _kind in result.plain_entries:
            difference += points if side == 0 else -points
        hands.append(result.number)
        values.append(difference)
    name = f"{ledger.columns[0]} {MINUS} {ledger.columns[1]}"
    return SittingCourse(
        tuple(hands),
        (Series(name, tuple(values)),),
        tuple(r.number for r in ledger.hands if r.rubber_winner is not None),
        (ledger.columns[0], ledger.columns[1]),
    )


def _individual_course(ledger: Ledger) -> SittingCourse:
    totals = [0] * len(ledger.columns)
    hands, rows = [0], [settle(tuple(totals))]
    for result in ledger.hands:
        for _hand, side, _line, points, _kind in result.plain_entries:
            totals[side] += points
        hands.append(result.number)
        rows.append(settle(tuple(totals)))
    series = tuple(
        Series(name, tuple(row[seat] for row in rows)) for seat, name in enumerate(ledger.columns)
    )
    ends = tuple(r.number for r in ledger.hands if r.rubber_winner is not None)
    return SittingCourse(tuple(hands), series, ends)


def course_summary(course: SittingCourse) -> str:
    """The course in words, for a screen reader: where it ended, the largest lead on the
    way for two sides, and where rubbers ended.

    "A ahead by 100 after hand 6; largest lead: B by 460 after hand 4; a rubber ended after
    hand 6."
    """
    if len(course.hands) < 2:
        return _("No hands yet.")
    last = course.hands[-1]
    parts: list[str] = []
    if course.sides is not None:
        values = [v for v in course.series[0].values if v is not None]
        parts.append(_lead(course.sides, values[-1], last))
        widest = max(range(len(values)), key=lambda i: (abs(values[i]), -i))
        if values[widest] != values[-1] and values[widest] != 0:
            side = course.sides[0 if values[widest] > 0 else 1]
            parts.append(
                _("largest lead: {side} by {points} after hand {hand}").format(
                    side=side, points=abs(values[widest]), hand=course.hands[widest]
                )
            )
    else:
        results = comma_list([_player_points(s.name, s.values[-1] or 0) for s in course.series])
        parts.append(_("After hand {hand}: {results}").format(hand=last, results=results))
    if course.rubber_ends:
        ends = len(course.rubber_ends)
        parts.append(
            ngettext(
                "a rubber ended after hand {hands}", "rubbers ended after hands {hands}", ends
            ).format(hands=and_list([str(number) for number in course.rubber_ends]))
        )
    else:
        parts.append(_("no rubber has ended yet"))
    return _sentence(parts)


def _lead(sides: tuple[str, str], difference: int, hand: int) -> str:
    """ "A ahead by 100 after hand 6", or "level after hand 6"."""
    if difference == 0:
        return _("level after hand {hand}").format(hand=hand)
    return _("{side} ahead by {points} after hand {hand}").format(
        side=sides[0 if difference > 0 else 1], points=abs(difference), hand=hand
    )


# Sittings over time ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SittingResult:
    """One sitting's result as each of its players took it home: the day it was played,
    the players (names stripped) and each one's net result, in seat order.

    In partnerships both partners have their side's result.
    """

    played: date
    players: tuple[str, ...]
    nets: tuple[int, ...]

    @classmethod
    def of(
        cls,
        played: date,
        variant: GameKey,
        players: Sequence[str],
        net_side: int | None,
        net_points: int,
        settlement: Sequence[int] | None = None,
    ) -> SittingResult:
        """The result from a sitting's stored figures: for two sides the side ahead and by
        how much (``net_side`` None when level), for individual players each player's
        ``settlement``."""
        names = tuple(name.strip() for name in players)
        if find_game(variant).per_player:
            if settlement is None or len(settlement) != len(names):
                raise ValueError("a game of individual players needs a settlement per player")
            return cls(played, names, tuple(settlement))
        difference = 0 if net_side is None else (net_points if net_side == 0 else -net_points)
        nets = tuple(
            difference if player_side(variant, seat) == 0 else -difference
            for seat in range(len(names))
        )
        return cls(played, names, nets)

    @classmethod
    def of_ledger(cls, played: date, sitting: Sitting, ledger: Ledger) -> SittingResult:
        """The result of ``sitting`` replayed into ``ledger``."""
        if ledger.game.per_player:
            return cls.of(played, sitting.variant, sitting.players, None, 0, ledger.settlement)
        side, points = ledger.net
        return cls.of(played, sitting.variant, sitting.players, side, points)


@dataclass(frozen=True, slots=True)
class ResultsOverTime:
    """Each player's net result per sitting: ``dates[i]`` is the day of sitting i + 1 (the
    x values are 1, 2, …); a player's series has None for the sittings he missed.
    Players are ordered by name, case-insensitively."""

    dates: tuple[date, ...]
    series: tuple[Series, ...]

    def cumulative(self) -> ResultsOverTime:
        """The same with each player's results added up: where he stands after each
        sitting he played (None before his first)."""
        summed = []
        for line in self.series:
            total: int | None = None
            values: list[int | None] = []
            for value in line.values:
                if value is not None:
                    total = (total or 0) + value
                values.append(total if value is not None else None)
            summed.append(Series(line.name, tuple(values)))
        return ResultsOverTime(self.dates, tuple(summed))


def results_over_time(results: Iterable[SittingResult]) -> ResultsOverTime:
    """Each player's net result per sitting, the sittings in the order given.

    A name twice in one sitting counts with its first seat, as in the statistics. Each
    series is named as text among other words shows the name (``i18n.isolated``).
    """
    ordered = list(results)
    names = sorted(
        {name for result in ordered for name in result.players}, key=lambda n: (n.casefold(), n)
    )
    table: dict[str, list[int | None]] = {name: [None] * len(ordered) for name in names}
    for index, result in enumerate(ordered):
        for name, net in zip(result.players, result.nets, strict=True):
            if table[name][index] is None:
                table[name][index] = net
    return ResultsOverTime(
        tuple(result.played for result in ordered),
        tuple(Series(isolated(name), tuple(table[name])) for name in names),
    )


def results_summary(results: ResultsOverTime) -> str:
    """Each player's sittings and their sum in words: "Anna: 3 sittings, +655 in all, best
    +1000 (2026-11-21)"."""
    if not results.dates:
        return _("No sittings.")
    parts = []
    for line in results.series:
        played = [(i, v) for i, v in enumerate(line.values) if v is not None]
        count = len(played)
        best_index, best = max(played, key=lambda pair: (pair[1], -pair[0]))
        parts.append(
            ngettext(
                "{player}: {count} sitting, {total} in all, best {best} ({date})",
                "{player}: {count} sittings, {total} in all, best {best} ({date})",
                count,
            ).format(
                player=line.name,
                count=count,
                total=signed(sum(v for _i, v in played)),
                best=signed(best),
                date=format_date(results.dates[best_index]),
            )
        )
    first, last = format_date(results.dates[0]), format_date(results.dates[-1])
    if first == last:
        heading = _("Net result per sitting, {date}.").format(date=first)
    else:
        heading = _("Net result per sitting, {first} to {last}.").format(first=first, last=last)
    return f"{heading} {_sentence(parts)}"


def standings_summary(results: ResultsOverTime) -> str:
    """Where each player stands with his results added up, in words: "Added up over 3
    sittings, to 2026-11-15: Anna +1890, Carl +1000"."""
    if not results.dates:
        return _("No sittings.")
    count = len(results.dates)
    standings = comma_list(
        [
            _player_points(line.name, sum(v for v in line.values if v is not None))
            for line in results.series
        ]
    )
    return ngettext(
        "Added up over {count} sitting, to {date}: {standings}.",
        "Added up over {count} sittings, to {date}: {standings}.",
        count,
    ).format(count=count, date=format_date(results.dates[-1]), standings=standings)


# Contracts made by kind -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ContractShares:
    """The contracts each player made and declared, by kind: ``counts[p][k]`` is player p's
    (made, declared) of ``kinds[k]``."""

    players: tuple[str, ...]
    kinds: tuple[ContractKind, ...]
    counts: tuple[tuple[tuple[int, int], ...], ...]

    def share(self, player: int, kind: int) -> float | None:
        """Player ``player``'s contracts of ``kinds[kind]`` made over declared, 0 to 1; None
        when he declared none."""
        made, declared = self.counts[player][kind]
        return made / declared if declared else None

    def percent(self, player: int, kind: int) -> int | None:
        """:meth:`share` in whole percent, rounded half up; None when none declared."""
        made, declared = self.counts[player][kind]
        return (200 * made + declared) // (2 * declared) if declared else None


def contract_shares(
    stats: Iterable[PlayerStats], kinds: Sequence[ContractKind] = SHARE_KINDS
) -> ContractShares:
    """The contracts made and declared by kind of each player of ``stats``, in that order,
    each named as text among other words shows the name (``i18n.isolated``)."""
    players = list(stats)
    return ContractShares(
        tuple(isolated(p.name) for p in players),
        tuple(kinds),
        tuple(tuple((p.by_kind(k).made, p.by_kind(k).declared) for k in kinds) for p in players),
    )


def shares_summary(shares: ContractShares) -> str:
    """Each player's contracts in words: "Anna made 3 of 4 suit contracts (75%), none
    declared of the others; …"."""
    if not shares.players:
        return _("No players.")
    parts = []
    for p, name in enumerate(shares.players):
        said = []
        for k, kind in enumerate(shares.kinds):
            made, declared = shares.counts[p][k]
            if declared:
                said.append(_kind_share(kind, made, declared, shares.percent(p, k) or 0))
        if said:
            parts.append(
                _("{player} made {contracts}").format(player=name, contracts=comma_list(said))
            )
        else:
            parts.append(_("{player} declared none").format(player=name))
    heading = _("Contracts made of those declared, by kind.")
    return f"{heading} {_sentence(parts)}"


def _kind_share(kind: ContractKind, made: int, declared: int, percent: int) -> str:
    """One kind's contracts made of those declared: "3 of 4 suit (75%)". The English is the
    same for one contract and several; other languages may differ."""
    if kind is ContractKind.SUIT:
        text = ngettext(
            "{made} of {declared} suit ({percent}%)",
            "{made} of {declared} suit ({percent}%)",
            declared,
        )
    elif kind is ContractKind.NO_TRUMP:
        text = ngettext(
            "{made} of {declared} no-trump ({percent}%)",
            "{made} of {declared} no-trump ({percent}%)",
            declared,
        )
    elif kind is ContractKind.NULLO:
        text = ngettext(
            "{made} of {declared} Nullo ({percent}%)",
            "{made} of {declared} Nullo ({percent}%)",
            declared,
        )
    elif kind is ContractKind.SLAM:
        text = ngettext(
            "{made} of {declared} slam ({percent}%)",
            "{made} of {declared} slams ({percent}%)",
            declared,
        )
    else:
        text = ngettext(
            "{made} of {declared} doubled ({percent}%)",
            "{made} of {declared} doubled ({percent}%)",
            declared,
        )
    return text.format(made=made, declared=declared, percent=percent)
