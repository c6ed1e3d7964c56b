"""Rulings R10-R15: prison, games, rubbers and thrown-in deals across hands."""

from __future__ import annotations

from pathlib import Path

import pytest

from jojotte_score.core.games import find_game, new_sitting, replay
from jojotte_score.core.ledger import Checkpoint, Ledger, Scorer
from jojotte_score.core.model import Hand, Rules, Sitting, ThrownIn, Variant
from jojotte_score.formats.sitting_file import load_sitting
from tests.core.builders import played
from tests.sitting_kinds import load_two_sided

DATA = Path(__file__).resolve().parent.parent / "data"
# A worked example of each game.
EXAMPLES = (
    "german-example.json",
    "partnership-example.json",
    "three-player-example.json",
    "chouette-example.json",
    "cutthroat-example.json",
)

A, B = 0, 1

TIE_100 = played(A, "spades", (40, 50), A)  # 50 : 50, 100 to prison (R3)
A_WINS_100 = played(A, "spades", (90, 65), A)  # A 100 below, B 65 above
B_WINS_165 = played(A, "spades", (60, 95), B)  # B 165 below (defender)
A_WINS_60 = played(A, "spades", (50, 45), A)  # A 60 below, B 45 above
NULLO_FAILED = played(A, "spades", (100, 20), None, special="nullo", tricks=(8, 1))  # 120 prison


def ledger_of(*hands: Hand, variant: Variant = Variant.TWO_PLAYER) -> Ledger:
    players = ("A", "B") if variant is Variant.TWO_PLAYER else ("A", "B", "C", "D")
    return replay(Sitting(variant, players, tuple(hands), find_game(variant).standard_rules))


def entries(ledger: Ledger, kind: str) -> list[tuple[int, int, int]]:
    """(hand, side, points) of every entry of one kind, in order."""
    return [
        (e.hand, e.side, e.points)
        for r in ledger.rubbers
        for e in r.entries
        if e.kind.value == kind
    ]


@pytest.mark.parametrize(
    ("rule", "hands", "awards", "unresolved"),
    [
        ("R10 the next winner takes the prison above", [TIE_100, A_WINS_60], [(2, A, 100)], 0),
        (
            "R10 prison accumulates over ties and Nullos",
            [TIE_100, NULLO_FAILED, ThrownIn(), B_WINS_165],
            [(4, B, 220)],
            0,
        ),
        (
            "R10 a failed Slam's defender wins the hand and takes the prison",
            [TIE_100, played(A, "spades", (150, 5), A, special="slam", tricks=(8, 1))],
            [(2, B, 100)],
            0,
        ),
        ("R10 a winner with nothing waiting writes no prison entry", [A_WINS_60], [], 0),
        ("R11 prison left at the end belongs to nobody", [A_WINS_60, TIE_100], [], 100),
        ("R11 Nullo prison left at the end", [NULLO_FAILED], [], 120),
    ],
)
def test_prison(
    rule: str, hands: list[Hand], awards: list[tuple[int, int, int]], unresolved: int
) -> None:
    ledger = ledger_of(*hands)
    assert entries(ledger, "prison") == awards, rule
    assert ledger.unresolved_prison == unresolved, rule


@pytest.mark.parametrize(
    ("rule", "variant", "hands", "game_winners", "below_after"),
    [
        ("R12 80 below wins a game", Variant.TWO_PLAYER, [A_WINS_100], [A], (100, 0)),
        (
            "R12 part scores add up within a game",
            Variant.TWO_PLAYER,
            [A_WINS_60, A_WINS_60],
            [A],
            (120, 0),
        ),
        ("R12 below 80 is no game", Variant.TWO_PLAYER, [A_WINS_60], [], (60, 0)),
        (
            "R12 part scores do not carry into the next game",
            Variant.TWO_PLAYER,
            [A_WINS_60, B_WINS_165, A_WINS_60],
            [B],
            (60, 0),
        ),
        ("R12 partnerships play to 125", Variant.PARTNERSHIP, [A_WINS_100], [], (100, 0)),
        (
            "R12 partnerships: 100 + 60 reaches 125",
            Variant.PARTNERSHIP,
            [A_WINS_100, A_WINS_60],
            [A],
            (160, 0),
        ),
        ("R12 partnerships: 165 at once", Variant.PARTNERSHIP, [B_WINS_165], [B], (0, 165)),
    ],
)
def test_games(
    rule: str,
    variant: Variant,
    hands: list[Hand],
    game_winners: list[int],
    below_after: tuple[int, int],
) -> None:
    ledger = ledger_of(*hands, variant=variant)
    assert list(ledger.rubbers[0].game_winners) == game_winners, rule
    assert ledger.hands[-1].below == below_after, rule


@pytest.mark.parametrize(
    ("rule", "hands", "rubbers"),
    [
        (
            "R13 two games win the rubber and its 300 bonus, in that hand",
            [A_WINS_100, A_WINS_100],
            [(A, (A, A), 2, 65 + 65, 100 + 100 + 300)],
        ),
        (
            "R13 a rubber of three games",
            [A_WINS_100, B_WINS_165, A_WINS_100],
            [(A, (A, B, A), 3, 65 + 165 + 65, 200 + 300)],
        ),
        (
            "R13 the next hand starts a new rubber",
            [A_WINS_100, A_WINS_100, B_WINS_165],
            [(A, (A, A), 2, 130, 500), (None, (B,), 3, 165, 0)],
        ),
    ],
)
def test_rubbers(
    rule: str, hands: list[Hand], rubbers: list[tuple[int | None, tuple[int, ...], int, int, int]]
) -> None:
    ledger = ledger_of(*hands)
    got = [
        (r.winner, r.game_winners, r.hands[-1].number, r.totals[B], r.totals[A])
        for r in ledger.rubbers
    ]
    assert got == rubbers, rule
    bonuses = entries(ledger, "rubber-bonus")
    assert bonuses == [
        (r.hands[-1].number, r.winner, 300) for r in ledger.rubbers if r.winner is not None
    ]


def test_rubber_bonus_follows_the_rules_in_force() -> None:
    """R13: the bonus comes from the sitting's rules (an agreed 500, game at 100)."""
    sitting = Sitting(
        Variant.TWO_PLAYER,
        ("A", "B"),
        (A_WINS_100, A_WINS_60, A_WINS_100),
        Rules(game_target=100, rubber_bonus=500),
    )
    ledger = replay(sitting)
    assert ledger.rubbers[0].game_winners == (A, A)
    assert entries(ledger, "rubber-bonus") == [(3, A, 500)]


def test_net_result_can_favour_the_rubber_loser() -> None:
    """R14: the difference goes to the side with more points, not the rubber winner."""
    nullo_for_b = played(A, "spades", (120, 0), None, special="nullo", tricks=(9, 0), melds=(0, 0))
    big_b_above = played(
        A, "spades", (70, 0), A, special="slam", double="redouble", tricks=(8, 1), melds=(0, 220)
    )
    ledger = ledger_of(nullo_for_b, big_b_above, A_WINS_100, A_WINS_100)
    rubber = ledger.rubbers[0]
    assert rubber.winner == A
    assert rubber.game_winners == (B, A, A)
    # B is ahead on totals in the failed redoubled Slam, so 4 x 80 = 320 goes below (R8) and wins
    # game 1; A wins games 2 and 3 and the rubber.
    # B: 200 Nullo + 220 meld + 320 + 120 prison + 65 + 65 = 990; A: 100 + 100 + 300 = 500.
    assert rubber.totals == (500, 65 + 65 + 200 + 220 + 320 + 120)
    assert rubber.net == (B, 990 - 500)


def test_thrown_in_deals_keep_hand_numbers() -> None:
    """R15: thrown-in deals are numbered like any hand and score nothing."""
    ledger = ledger_of(ThrownIn(), A_WINS_60, ThrownIn(dealer=0), TIE_100, A_WINS_60)
    assert [h.number for h in ledger.hands] == [1, 2, 3, 4, 5]
    assert ledger.hands[0].entries == ()
    assert ledger.hands[2].entries == ()
    assert entries(ledger, "prison") == [(5, A, 100)]
    assert ledger.hands[4].game_winner == A


def test_scorer_reports_the_state_after_each_hand() -> None:
    scorer = Scorer(find_game(Variant.TWO_PLAYER), Rules())
    scorer.add(A_WINS_60)
    assert (scorer.below, scorer.games, scorer.next_game, scorer.next_rubber) == (
        (60, 0),
        (0, 0),
        1,
        1,
    )
    scorer.add(TIE_100)
    assert scorer.prison_waiting == 100
    scorer.add(A_WINS_60)
    assert (scorer.below, scorer.games, scorer.next_game, scorer.prison_waiting) == (
        (0, 0),
        (1, 0),
        2,
        0,
    )


def test_a_copied_scorer_tries_a_hand_without_changing_the_original() -> None:
    """The entry panel's preview scores a candidate hand on a copy of the scorer."""
    scorer = Scorer(find_game(Variant.TWO_PLAYER), Rules())
    scorer.extend([A_WINS_100, TIE_100])
    trial = scorer.copy()
    result = trial.add(A_WINS_100)
    assert (result.number, result.rubber_winner, result.prison_out) == (3, A, 100)
    assert len(scorer.results) == 2
    assert (scorer.games, scorer.prison_waiting, scorer.next_rubber) == ((1, 0), 100, 1)
    assert scorer.add(A_WINS_100) == result


@pytest.mark.parametrize(
    ("rule", "rubbers", "after", "net"),
    [
        ("R14 no rubber yet: level", 1, 0, (None, 0)),
        ("R14 one rubber A wins by 100", 1, 1, (0, 100)),
        ("R14 differences add up over rubbers", 3, 2, (0, 200)),
        ("R14 the whole sitting", 3, 3, (0, 300)),
    ],
)
def test_running_result_after_each_rubber(
    rule: str, rubbers: int, after: int, net: tuple[int | None, int]
) -> None:
    sitting = load_two_sided(DATA / "german-example.json")
    ledger = replay(new_sitting(sitting.variant, sitting.players, sitting.hands * rubbers))
    assert ledger.net_after(after) == net, rule
    assert ledger.rubbers_finished == rubbers
    assert ledger.rubbers_won == (rubbers, 0)


def test_rules_and_ledgers_are_values_not_tuples() -> None:
    rules = Rules()
    assert rules == Rules(game_target=80, rubber_bonus=300)
    assert rules != (80, 300)  # type: ignore[comparison-overlap]
    assert not isinstance(replay(new_sitting(Variant.TWO_PLAYER, ("A", "B"))), tuple)


def test_a_checkpoint_of_another_number_of_columns_is_refused() -> None:
    """A two-sided pad has two columns; a checkpoint with three totals is not its own."""
    with pytest.raises(ValueError, match="has 2 columns"):
        Scorer(find_game(Variant.TWO_PLAYER), Rules(), Checkpoint(6, 2, 0, (100, 0, 0)))
    assert (
        Scorer(
            find_game(Variant.TWO_PLAYER), Rules(), Checkpoint(6, 2, 0, (100, 0))
        ).start.difference
        == 100
    )


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_rubber_start_resumes_the_replay(example: str) -> None:
    """Scored from the checkpoint any rubber starts from, the hands from there on are those
    of the whole replay, and so are each column's totals (R14, T15) and the chouette's roles
    in every later rubber (C3); the rubber after the last one over starts after the last
    hand, and no other rubber is known."""
    sitting = load_sitting(DATA / example).sitting
    sitting = Sitting(
        sitting.variant, sitting.players, sitting.hands * 3, sitting.rules, sitting.roles
    )
    whole = replay(sitting)
    assert whole.rubber_start(1) == whole.start
    for number in range(2, whole.rubber_count + 1):
        start = whole.rubber_start(number)
        assert start is not None
        assert start.position == whole.rubbers[number - 1].hands[0].number - 1
        later = Sitting(
            sitting.variant, sitting.players, sitting.hands[start.position :], sitting.rules
        )
        resumed = replay(later, start)
        assert resumed.hands == whole.hands[start.position :], number
        assert resumed.totals == whole.totals, number
        assert resumed.rubber_roles(number) == whole.rubber_roles(number), number
    after = whole.rubber_start(whole.rubber_count + 1)
    assert (after is not None) == whole.rubbers[-1].finished
    assert after is None or after.position == len(sitting.hands)
    assert whole.rubber_start(whole.rubber_count + 2) is None


@pytest.mark.parametrize("example", EXAMPLES)
def test_rubbers_scored_one_at_a_time_are_the_replay_s(example: str) -> None:
    """``Scorer.rubbers`` gives the replay's rubbers (hands, totals, roles) and leaves the
    same prison waiting, holding no result of a rubber it has given."""
    sitting = load_sitting(DATA / example).sitting
    sitting = Sitting(
        sitting.variant, sitting.players, sitting.hands * 3, sitting.rules, sitting.roles
    )
    whole = replay(sitting)
    scorer = Scorer.of(find_game(sitting.variant), sitting)
    held = []
    given = []
    for rubber in scorer.rubbers(sitting.hands):
        held.append(len(scorer.results))
        given.append(rubber)
    assert tuple(given) == whole.rubbers
    assert held == [len(rubber.hands) for rubber in whole.rubbers]
    assert scorer.prison_waiting == whole.unresolved_prison
    last = whole.rubbers[-1]
    assert len(scorer.results) == (0 if last.finished else len(last.hands))
    # It starts where the replay says the rubber after the last finished one starts.
    finished = whole.rubber_count if last.finished else whole.rubber_count - 1
    assert scorer.start == whole.rubber_start(finished + 1)
