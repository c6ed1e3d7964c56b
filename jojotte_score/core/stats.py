"""Player statistics across sittings: rubbers, net points, contracts and melds.

Everything here is derived from recorded sittings by replaying them; nothing is stored.
The figures, precisely:

- **Players** are matched across sittings by name: the exact name after stripping
  surrounding spaces ("Anna" and "anna" are two players). A player's **side** in a sitting
  is their seat in the two-player game, and their partnership in the four-player game
  (seats 0 and 2 against 1 and 3): both partners get all of their side's figures.
- **sittings**: the sittings the player sat in, including sittings with no hands yet.
- **rubbers played**: the *finished* rubbers the player's side played (a rubber is finished
  once a side has won two games). **rubbers won**: those their side won.
  **rubbers unfinished**: rubbers still open when the sitting was last changed (at most one
  per sitting).
- **net points**: over every rubber, finished or not, the side's rubber total minus the
  other side's (R14); the same figure the sittings list shows as the running result.
- **average rubber result**: the net points of the *finished* rubbers divided by the
  rubbers played; none when no rubber was finished. Points of an unfinished rubber count
  in the net points but not in the average, so a rubber cut short does not pull the average
  towards zero.
- **contracts declared**: hands in which the player's side was the declarer
  (:attr:`PlayedHand.declarer`: the bidder, or the Nullo bidder in Nullo). Each declared
  contract is of exactly one kind: **Nullo**, **Slam** (a Slam bid, whatever the trump),
  else **no-trump** or **suit** by the denomination named. **Doubled** counts doubled and
  redoubled contracts of any kind *in addition* to their kind.
- **contracts made**: suit and no-trump contracts the declarer won (``DECLARER_WON``: a tie
  or a loss is not made); a Slam in which the bidder took every trick (the Slam bonus was
  earned); a Nullo in which the Nullo bidder took no trick (``NULLO_MADE``). A doubled
  contract is made when it is made by the rule of its kind.
- **hands played**: played hands of the player's sittings (deals thrown in are not
  counted). **meld points**: the side's meld points over those hands.
  **melds per hand**: meld points / hands played; none when no hand was played.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from jojotte_score.core.ledger import Ledger, replay
from jojotte_score.core.model import Doubling, PlayedHand, Sitting, Special, Trump, Variant
from jojotte_score.core.scoring import Outcome
from jojotte_score.core.three_player import SeatSitting


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
    """One player's figures over the sittings given (see the module docstring)."""

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
        )


def player_side(variant: Variant, seat: int) -> int:
    """The side of the player in ``seat``: the seat itself, or seat % 2 in partnerships."""
    return seat % 2 if variant is Variant.PARTNERSHIP else seat


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


def side_stats(ledger: Ledger, side: int, name: str = "") -> PlayerStats:
    """The figures of one side of one replayed sitting (``sittings`` is 1)."""
    other = 1 - side
    rubbers_played = rubbers_won = unfinished = net = finished_net = 0
    for rubber in ledger.rubbers:
        difference = rubber.totals[side] - rubber.totals[other]
        net += difference
        if rubber.finished:
            rubbers_played += 1
            finished_net += difference
            if rubber.winner == side:
                rubbers_won += 1
        else:
            unfinished += 1
    counts = dict.fromkeys(ContractKind, ContractCount())
    hands_played = meld_points = 0
    for result in ledger.hands:
        hand = result.hand
        if not isinstance(hand, PlayedHand):
            continue
        hands_played += 1
        meld_points += hand.melds[side]
        if hand.declarer != side:
            continue
        made = int(contract_made(hand, result.score.outcome))
        kind = contract_kind(hand)
        counts[kind] += ContractCount(1, made)
        if hand.double is not Doubling.NONE:
            counts[ContractKind.DOUBLED] += ContractCount(1, made)
    return PlayerStats(
        name=name,
        sittings=1,
        rubbers_played=rubbers_played,
        rubbers_won=rubbers_won,
        rubbers_unfinished=unfinished,
        net_points=net,
        finished_net_points=finished_net,
        hands_played=hands_played,
        meld_points=meld_points,
        suit=counts[ContractKind.SUIT],
        no_trump=counts[ContractKind.NO_TRUMP],
        nullo=counts[ContractKind.NULLO],
        slam=counts[ContractKind.SLAM],
        doubled=counts[ContractKind.DOUBLED],
    )


def player_stats(sittings: Iterable[Sitting | SeatSitting]) -> list[PlayerStats]:
    """Every player's figures over the two-player and partnership sittings among
    ``sittings``, ordered by name (case-insensitively); the games of individual players
    (three-player, chouette, cutthroat) are not counted yet.

    Each sitting is replayed once. A name that appears more than once in one sitting
    counts that sitting once, with the figures of the first seat it appears in.
    """
    two_sided = (
        sitting
        for sitting in sittings
        if isinstance(sitting, Sitting) and not sitting.variant.individual
    )
    return player_stats_from_ledgers((sitting, replay(sitting)) for sitting in two_sided)


def player_stats_from_ledgers(replayed: Iterable[tuple[Sitting, Ledger]]) -> list[PlayerStats]:
    """Like :func:`player_stats`, for sittings already replayed into their ledgers."""
    totals: dict[str, PlayerStats] = {}
    for sitting, ledger in replayed:
        sides = {side: side_stats(ledger, side) for side in (0, 1)}
        seen: set[str] = set()
        for seat, raw_name in enumerate(sitting.players):
            name = raw_name.strip()
            if name in seen:
                continue
            seen.add(name)
            figures = sides[player_side(sitting.variant, seat)]
            totals[name] = totals.get(name, PlayerStats(name)) + figures
    return [totals[name] for name in sorted(totals, key=lambda name: (name.casefold(), name))]
