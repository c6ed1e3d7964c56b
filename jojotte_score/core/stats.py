"""Player statistics across sittings of all five variants: rubbers, net points, contracts
declared, made and defended, and melds.

Everything here is derived from recorded sittings by replaying them (storage keeps each
sitting's figures, :func:`sitting_stats`, and sums them with :func:`sum_by_name`; a long
sitting's are those it keeps for the rubbers before its checkpoint plus
:func:`rubbers_stats` of the rubbers from there on).
docs/RULES.md ("Statistics") says what each figure counts in each game. Precisely:

- **Players** are matched across sittings and variants by name: the exact name after
  stripping surrounding spaces ("Anna" and "anna" are two players). In the two-player game a
  player's **side** is their seat, in the four-player game their partnership (seats 0 and 2
  against 1 and 3): both partners get all of their side's figures. In the three-player game,
  the chouette and cutthroat every player has his own figures.
- **sittings**: the sittings the player sat in, including sittings with no hands yet.
- **rubbers played**: the *finished* rubbers the player played (a rubber is finished once
  a side, or a player, has won two games); every player of a sitting plays each of its
  rubbers. **rubbers won**: those their side won; in the three-player game and cutthroat,
  those the player won (the rubber's winner); in the chouette, the box's rubbers for the
  box, and the team's for both the captain and the partner. **rubbers unfinished**: rubbers
  still open when the sitting was last changed (at most one per sitting).
- **net points**: over every rubber, finished or not, the side's rubber total minus the
  other side's (R14); in the games of individual players the player's settlement of each
  rubber (T15, C6, F6). The same figure the sittings list shows as the running result.
- **average rubber result**: the net points of the *finished* rubbers divided by the
  rubbers played; none when no rubber was finished. Points of an unfinished rubber count
  in the net points but not in the average, so a rubber cut short does not pull the average
  towards zero.
- **contracts declared**: hands in which the player's side was the declarer
  (:attr:`PlayedHand.declarer`: the bidder, or the Nullo bidder in Nullo); in the
  three-player game and cutthroat, hands in which the player was the declarer D; in the
  chouette, the box's contracts for the box and the team's for the captain (the partner
  only advises). Each declared contract is of exactly one kind: **Nullo**, **Slam** (a Slam
  bid, whatever the trump), else **no-trump** or **suit** by the denomination named.
  **Doubled** counts doubled and redoubled contracts of any kind *in addition* to their
  kind; a Nullo bid after a double is not doubled (T11).
- **contracts made**: suit and no-trump contracts the declarer won (``DECLARER_WON``: a tie
  or a loss is not made); a Slam in which the bidder took every trick (the Slam bonus was
  earned); a Nullo in which the Nullo bidder took no trick (``NULLO_MADE``). A doubled
  contract is made when it is made by the rule of its kind. A three-player or cutthroat
  hand is judged as the two-player hand D against A it is played as (T5).
- **contracts defended**: the contracts the player played against: the other side's in the
  two-player game, the other partnership's (both partners) in the four-player game, those
  in which the player was the active defender A in the three-player game and cutthroat
  (the inactive player and the cutthroat dealer defend nothing), and in the chouette the
  team's contracts for the box and the box's for the captain. **defeated**: those of them
  that were not made (a tie defeats a suit or no-trump contract).
- **hands played**: the played hands in which the player held cards in play (deals thrown
  in are not counted): every played hand of a two-player or partnership sitting; in the
  three-player game and cutthroat the hands in which the player was D or A; in the chouette
  every hand for the box and the captain, none for the partner. **meld points**: the melds
  the player's side (or, in the games of individual players, the player, the captain for
  the team) scored in those hands, not the copies of the inactive player, the cutthroat
  dealer and the chouette's partner (T8, F3, C4). **melds per hand**: meld points / hands
  played; none when no hand was played.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from jojotte_score.core.games import find_game, replay
from jojotte_score.core.games.chouette_roles import chouette_roles
from jojotte_score.core.games.three_player_scoring import two_sided
from jojotte_score.core.ledger import Ledger, RubberResult
from jojotte_score.core.model import (
    Doubling,
    GameKey,
    PlayedHand,
    SeatHand,
    Sitting,
    Special,
    Trump,
)
from jojotte_score.core.scoring import Outcome


class ContractKind(enum.StrEnum):
    """The kinds of contract the statistics count; ``DOUBLED`` overlaps the other four."""

    SUIT = "suit"
    NO_TRUMP = "no-trump"
    NULLO = "nullo"
    SLAM = "slam"
    DOUBLED = "doubled"


EXCLUSIVE_KINDS: tuple[ContractKind, ...] = (
    ContractKind.SUIT,
    ContractKind.NO_TRUMP,
    ContractKind.NULLO,
    ContractKind.SLAM,
)
"""Every declared contract is of exactly one of these kinds."""


@dataclass(frozen=True, slots=True)
class ContractCount:
    """How many contracts of one kind a side declared, and how many of them it made."""

    declared: int = 0
    made: int = 0

    def __add__(self, other: ContractCount) -> ContractCount:
        return ContractCount(self.declared + other.declared, self.made + other.made)

    def __str__(self) -> str:
        return f"{self.made}/{self.declared}"


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's figures over the sittings given (see the module docstring).

    ``defended`` counts the contracts the player defended, ``defeated`` those of them that
    were not made.
    """

    name: str
    sittings: int = 0
    rubbers_played: int = 0
    rubbers_won: int = 0
    rubbers_unfinished: int = 0
    net_points: int = 0
    finished_net_points: int = 0
    hands_played: int = 0
    meld_points: int = 0
    suit: ContractCount = field(default_factory=ContractCount)
    no_trump: ContractCount = field(default_factory=ContractCount)
    nullo: ContractCount = field(default_factory=ContractCount)
    slam: ContractCount = field(default_factory=ContractCount)
    doubled: ContractCount = field(default_factory=ContractCount)
    defended: int = 0
    defeated: int = 0

    @property
    def contracts(self) -> ContractCount:
        """Every contract declared and made (suit + no-trump + Nullo + Slam)."""
        return self.suit + self.no_trump + self.nullo + self.slam

    def by_kind(self, kind: ContractKind) -> ContractCount:
        """The contracts of one kind."""
        return {
            ContractKind.SUIT: self.suit,
            ContractKind.NO_TRUMP: self.no_trump,
            ContractKind.NULLO: self.nullo,
            ContractKind.SLAM: self.slam,
            ContractKind.DOUBLED: self.doubled,
        }[kind]

    @property
    def average_rubber(self) -> float | None:
        """Net points of the finished rubbers per finished rubber; None when none finished."""
        if not self.rubbers_played:
            return None
        return self.finished_net_points / self.rubbers_played

    @property
    def melds_per_hand(self) -> float | None:
        """Meld points per played hand; None when no hand was played."""
        if not self.hands_played:
            return None
        return self.meld_points / self.hands_played

    def __add__(self, other: PlayerStats) -> PlayerStats:
        return PlayerStats(
            name=self.name,
            sittings=self.sittings + other.sittings,
            rubbers_played=self.rubbers_played + other.rubbers_played,
            rubbers_won=self.rubbers_won + other.rubbers_won,
            rubbers_unfinished=self.rubbers_unfinished + other.rubbers_unfinished,
            net_points=self.net_points + other.net_points,
            finished_net_points=self.finished_net_points + other.finished_net_points,
            hands_played=self.hands_played + other.hands_played,
            meld_points=self.meld_points + other.meld_points,
            suit=self.suit + other.suit,
            no_trump=self.no_trump + other.no_trump,
            nullo=self.nullo + other.nullo,
            slam=self.slam + other.slam,
            doubled=self.doubled + other.doubled,
            defended=self.defended + other.defended,
            defeated=self.defeated + other.defeated,
        )


def player_side(variant: GameKey, seat: int) -> int:
    """The side of the player in ``seat``: the seat itself, or seat % 2 in partnerships."""
    return find_game(variant).side_of(seat)


def contract_kind(hand: PlayedHand) -> ContractKind:
    """The one exclusive kind of a played hand's contract (never ``DOUBLED``)."""
    if hand.special is Special.NULLO:
        return ContractKind.NULLO
    if hand.special is Special.SLAM:
        return ContractKind.SLAM
    return ContractKind.NO_TRUMP if hand.trump is Trump.NO_TRUMP else ContractKind.SUIT


def contract_made(hand: PlayedHand, outcome: Outcome) -> bool:
    """Whether the declarer made the contract of a played hand that ended in ``outcome``."""
    if hand.special is Special.NULLO:
        return outcome is Outcome.NULLO_MADE
    if hand.special is Special.SLAM:
        return outcome is not Outcome.SLAM_FAILED
    return outcome is Outcome.DECLARER_WON


class _Tally:
    """One player's (or side's) figures in one sitting, counted as its ledger is read."""

    __slots__ = (
        "counts",
        "defeated",
        "defended",
        "finished_net",
        "hands_played",
        "meld_points",
        "net",
        "rubbers_played",
        "rubbers_won",
        "unfinished",
    )

    def __init__(self) -> None:
        self.rubbers_played = self.rubbers_won = self.unfinished = 0
        self.net = self.finished_net = 0
        self.hands_played = self.meld_points = 0
        self.defended = self.defeated = 0
        self.counts = dict.fromkeys(ContractKind, ContractCount())

    def rubber(self, net: int, finished: bool, won: bool) -> None:
        """A rubber the player played, with his net result in it."""
        self.net += net
        if finished:
            self.rubbers_played += 1
            self.finished_net += net
            self.rubbers_won += won
        else:
            self.unfinished += 1

    def play(self, melds: int) -> None:
        """A played hand the player held cards in, with his melds in it."""
        self.hands_played += 1
        self.meld_points += melds

    def declare(self, hand: PlayedHand, made: bool) -> None:
        """A contract the player declared (``hand`` two-sided, as it was played)."""
        count = ContractCount(1, int(made))
        self.counts[contract_kind(hand)] += count
        if hand.double is not Doubling.NONE:
            self.counts[ContractKind.DOUBLED] += count

    def defend(self, made: bool) -> None:
        """A contract the player defended, made or defeated."""
        self.defended += 1
        self.defeated += not made

    def stats(self, name: str = "") -> PlayerStats:
        """The figures counted, as one sitting's."""
        return PlayerStats(
            name=name,
            sittings=1,
            rubbers_played=self.rubbers_played,
            rubbers_won=self.rubbers_won,
            rubbers_unfinished=self.unfinished,
            net_points=self.net,
            finished_net_points=self.finished_net,
            hands_played=self.hands_played,
            meld_points=self.meld_points,
            suit=self.counts[ContractKind.SUIT],
            no_trump=self.counts[ContractKind.NO_TRUMP],
            nullo=self.counts[ContractKind.NULLO],
            slam=self.counts[ContractKind.SLAM],
            doubled=self.counts[ContractKind.DOUBLED],
            defended=self.defended,
            defeated=self.defeated,
        )


def side_stats(ledger: Ledger, side: int, name: str = "") -> PlayerStats:
    """The figures of one side of one replayed two-player or partnership sitting
    (``sittings`` is 1)."""
    return _side_stats(ledger.rubbers, side, name)


def _side_stats(rubbers: Sequence[RubberResult], side: int, name: str = "") -> PlayerStats:
    other = 1 - side
    tally = _Tally()
    for rubber in rubbers:
        difference = rubber.totals[side] - rubber.totals[other]
        tally.rubber(difference, rubber.finished, rubber.winner == side)
        for result in rubber.hands:
            hand = result.hand
            if not isinstance(hand, PlayedHand):
                continue
            tally.play(hand.melds[side])
            made = contract_made(hand, result.score.outcome)
            if hand.declarer == side:
                tally.declare(hand, made)
            else:
                tally.defend(made)
    return tally.stats(name)


def seat_stats(rubbers: Sequence[RubberResult], seats: int) -> tuple[PlayerStats, ...]:
    """The figures of each of the ``seats`` seats of a three-player or cutthroat sitting
    over ``rubbers``, in seat order (``sittings`` is 1; names are left empty).

    D declares, A defends (T3); each hand is judged as the two-player hand D against A
    (T5). Only D and A play their cards, so only they count the hand and their melds.
    """
    tallies = [_Tally() for _ in range(seats)]
    _count_rubbers(tallies, rubbers, lambda rubber: {rubber.winner})
    for result in (result for rubber in rubbers for result in rubber.hands):
        hand = result.hand
        if not isinstance(hand, SeatHand):
            continue
        declarer, defender = hand.declarer, hand.active_defender
        played = two_sided(hand)
        made = contract_made(played, result.score.outcome)
        tallies[declarer].play(hand.melds[declarer])
        tallies[defender].play(hand.melds[defender])
        tallies[declarer].declare(played, made)
        tallies[defender].defend(made)
    return tuple(tally.stats() for tally in tallies)


def chouette_stats(rubbers: Sequence[RubberResult], seats: int) -> tuple[PlayerStats, ...]:
    """The figures of each of the ``seats`` seats of a chouette sitting over ``rubbers``,
    in seat order (``sittings`` is 1; names are left empty).

    With each rubber's roles (C2): the box declares and defends side 0's contracts, the
    captain side 1's, as he plays the team's cards; the partner only advises, so he counts
    no hand, meld or contract. A rubber the team won is won by the captain and the partner.
    """
    tallies = [_Tally() for _ in range(seats)]
    _count_rubbers(tallies, rubbers, _chouette_winners)
    for rubber in rubbers:
        if rubber.roles is None:
            raise ValueError(f"rubber {rubber.number} of a chouette ledger has no roles")
        roles = chouette_roles(rubber.roles)
        seat_of = (roles.box, roles.captain)
        for result in rubber.hands:
            hand = result.hand
            if not isinstance(hand, PlayedHand):
                continue
            made = contract_made(hand, result.score.outcome)
            for side, seat in enumerate(seat_of):
                tallies[seat].play(hand.melds[side])
            tallies[seat_of[hand.declarer]].declare(hand, made)
            tallies[seat_of[1 - hand.declarer]].defend(made)
    return tuple(tally.stats() for tally in tallies)


def _chouette_winners(rubber: RubberResult) -> set[int | None]:
    """The seats that won a chouette rubber: the box, or the captain and the partner."""
    if rubber.roles is None or rubber.winner is None:
        return set()
    roles = chouette_roles(rubber.roles)
    if rubber.winner == roles.box:
        return {roles.box}
    return {roles.captain, roles.partner}


def _count_rubbers(
    tallies: list[_Tally],
    rubbers: Iterable[RubberResult],
    winners: Callable[[RubberResult], set[int | None]],
) -> None:
    """Each player's settlement of every rubber (T15, C6, F6) and the rubbers he won."""
    for rubber in rubbers:
        won = winners(rubber)
        for seat, tally in enumerate(tallies):
            tally.rubber(rubber.settlement[seat], rubber.finished, seat in won)


def sitting_stats(sitting: Sitting) -> tuple[PlayerStats, ...]:
    """The figures of each seat of one sitting of any variant, in seat order (``sittings``
    is 1; names are left empty): partners get their side's figures."""
    return rubbers_stats(sitting, replay(sitting).rubbers)


def rubbers_stats(sitting: Sitting, rubbers: Sequence[RubberResult]) -> tuple[PlayerStats, ...]:
    """The figures of each seat of ``sitting`` (its variant and players; its hands are not
    read) over ``rubbers`` of its ledger, in seat order (``sittings`` is 1; names are left
    empty). Every figure is a sum over rubbers and their hands, so the figures of a whole
    sitting are those of the rubbers before a checkpoint plus those of a ledger scored from
    it (storage keeps the first beside the checkpoint)."""
    game, seats = find_game(sitting.variant), len(sitting.players)
    if game.by_seat:
        return seat_stats(rubbers, seats)
    if game.has_roles:
        return chouette_stats(rubbers, seats)
    sides = [_side_stats(rubbers, side) for side in (0, 1)]
    return tuple(sides[player_side(sitting.variant, seat)] for seat in range(seats))


def player_stats(sittings: Iterable[Sitting]) -> list[PlayerStats]:
    """Every player's figures over ``sittings`` of any of the five variants, ordered by
    name (case-insensitively).

    Each sitting is replayed once. A name that appears more than once in one sitting
    counts that sitting once, with the figures of the first seat it appears in.
    """
    return sum_by_name((sitting.players, sitting_stats(sitting)) for sitting in sittings)


def sum_by_name(
    counted: Iterable[tuple[Sequence[str], Sequence[PlayerStats]]],
) -> list[PlayerStats]:
    """The figures of each sitting's seats (its players' names, and each seat's figures as
    :func:`sitting_stats` gives them) summed by player name, ordered by name
    (case-insensitively). A name twice in one sitting counts its first seat only."""
    totals: dict[str, PlayerStats] = {}
    for players, seats in counted:
        for seat, name in counted_seats(players):
            totals[name] = totals.get(name, PlayerStats(name)) + seats[seat]
    return [totals[name] for name in by_name_order(totals)]


def counted_seats(players: Sequence[str]) -> list[tuple[int, str]]:
    """The seats of one sitting whose figures count, each with the name it counts under:
    the name without surrounding spaces, at the first seat it appears in."""
    seen: set[str] = set()
    counted = []
    for seat, raw_name in enumerate(players):
        name = raw_name.strip()
        if name not in seen:
            seen.add(name)
            counted.append((seat, name))
    return counted


def by_name_order(names: Iterable[str]) -> list[str]:
    """Player names in the order the statistics list them: case-insensitively by name."""
    return sorted(names, key=lambda name: (name.casefold(), name))
