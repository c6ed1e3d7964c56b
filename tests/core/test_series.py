"""The plots' figures against the worked examples of docs/RULES.md, computed by hand."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from jojotte_score.core.games import find_game, replay
from jojotte_score.core.ledger import Ledger
from jojotte_score.core.model import Sitting, Variant
from jojotte_score.core.series import (
    ContractShares,
    SittingResult,
    contract_shares,
    course_summary,
    results_over_time,
    results_summary,
    shares_summary,
    sitting_course,
    standings_summary,
)
from jojotte_score.core.stats import ContractKind, player_stats
from jojotte_score.formats.sitting_file import load_sitting
from tests.sitting_kinds import two_sided

DATA = Path(__file__).resolve().parent.parent / "data"


def example(name: str) -> tuple[Sitting, Ledger | Ledger]:
    """The worked example ``name`` and its pad."""
    sitting = load_sitting(DATA / f"{name}-example.json").sitting
    if find_game(sitting.variant).per_player:
        return sitting, replay(sitting)
    return sitting, replay(two_sided(sitting))


# (example, series name, running result after hands 0, 1, 2, ...): the German sheet's
# entries added hand by hand (A 60 / B 75, A 95, B 240, B 300, nothing, A 600 / B 40), and
# for individual players n × total so far - the sum of the totals so far (T15, C6, F6).
COURSES = [
    ("german", "A \u2212 B", (0, -15, 80, -160, -460, -460, 100)),
    ("three-player", "Anna", (0, 10, 145, -395, -395, -245, 505, 505, 655)),
    ("three-player", "Bert", (0, -5, -275, -5, -5, 145, -1355, -1355, -1655)),
    ("three-player", "Carl", (0, -5, 130, 400, 400, 100, 850, 850, 1000)),
    ("chouette", "Anna", (0, 60, 60, 1460, 1240, 840, -10, -10, 630, 565, 1135)),
    ("chouette", "Bert", (0, -30, -30, -730, -620, -420, 5, 5, 645, 580, 1150)),
    ("chouette", "Carl", (0, -30, -30, -730, -620, -420, 5, 5, -1275, -1145, -2285)),
    ("cutthroat", "Anna", (0, 60, -200, 0, 290, -110)),
    ("cutthroat", "Carl", (0, -20, 760, 960, 1250, 2450)),
    ("cutthroat", "Dave", (0, -20, -280, -880, -1750, -2150)),
]


@pytest.mark.parametrize(("name", "series", "values"), COURSES)
def test_running_result_hand_by_hand(name: str, series: str, values: tuple[int, ...]) -> None:
    _, ledger = example(name)
    course = sitting_course(ledger)
    assert course.hands == tuple(range(len(values)))
    assert {s.name: s.values for s in course.series}[series] == values


@pytest.mark.parametrize(
    ("name", "ends"),
    [("german", (6,)), ("three-player", (6,)), ("chouette", (3, 6, 10)), ("cutthroat", (5,))],
)
def test_rubber_ends(name: str, ends: tuple[int, ...]) -> None:
    assert sitting_course(example(name)[1]).rubber_ends == ends


@pytest.mark.parametrize("name", ["three-player", "chouette", "cutthroat"])
def test_settlements_so_far_add_up_to_zero_after_every_hand(name: str) -> None:
    course = sitting_course(example(name)[1])
    for index in range(len(course.hands)):
        assert sum(s.values[index] or 0 for s in course.series) == 0


@pytest.mark.parametrize(
    ("name", "summary"),
    [
        (
            "german",
            "A ahead by 100 after hand 6; largest lead: B by 460 after hand 4; "
            "a rubber ended after hand 6.",
        ),
        (
            "three-player",
            "After hand 8: Anna +655, Bert \u22121655, Carl +1000; a rubber ended after hand 6.",
        ),
        (
            "chouette",
            "After hand 10: Anna +1135, Bert +1150, Carl \u22122285; "
            "rubbers ended after hands 3, 6 and 10.",
        ),
    ],
)
def test_course_summary(name: str, summary: str) -> None:
    assert course_summary(sitting_course(example(name)[1])) == summary


DAY1, DAY2, DAY3 = date(2026, 11, 1), date(2026, 11, 8), date(2026, 11, 15)


@pytest.mark.parametrize(
    ("variant", "players", "net_side", "points", "settlement", "nets"),
    [
        (Variant.TWO_PLAYER, ("A", "B"), 0, 100, None, (100, -100)),
        (Variant.TWO_PLAYER, ("A", "B"), None, 0, None, (0, 0)),
        (
            Variant.PARTNERSHIP,
            ("Anna", "Bert", "Carl", "Dora"),
            1,
            380,
            None,
            (-380, 380, -380, 380),
        ),
        (
            Variant.THREE_PLAYER,
            ("Anna", "Bert", "Carl"),
            None,
            0,
            (655, -1655, 1000),
            (655, -1655, 1000),
        ),
    ],
)
def test_sitting_result_from_stored_figures(
    variant: Variant,
    players: tuple[str, ...],
    net_side: int | None,
    points: int,
    settlement: tuple[int, ...] | None,
    nets: tuple[int, ...],
) -> None:
    result = SittingResult.of(DAY1, variant, players, net_side, points, settlement)
    assert result.nets == nets


def test_sitting_result_of_the_worked_examples() -> None:
    got = []
    for name in ("german", "partnership", "chouette"):
        sitting, ledger = example(name)
        got.append(SittingResult.of_ledger(DAY1, sitting, ledger).nets)
    assert got == [(100, -100), (-380, 380, -380, 380), (1135, 1150, -2285)]


def test_results_over_time_per_player_with_gaps_and_running_sum() -> None:
    results = results_over_time(
        [
            SittingResult(DAY1, ("Anna", "Bert", "Carl"), (655, -1655, 1000)),
            SittingResult(DAY2, ("Anna", "Bert"), (100, -100)),
            SittingResult(DAY3, ("Carl", "Anna", "Bert"), (-2285, 1135, 1150)),
        ]
    )
    assert results.dates == (DAY1, DAY2, DAY3)
    assert [(s.name, s.values) for s in results.series] == [
        ("Anna", (655, 100, 1135)),
        ("Bert", (-1655, -100, 1150)),
        ("Carl", (1000, None, -2285)),
    ]
    assert [s.values for s in results.cumulative().series] == [
        (655, 755, 1890),
        (-1655, -1755, -605),
        (1000, None, -1285),
    ]
    assert results_summary(results) == (
        "Net result per sitting, 2026-11-01 to 2026-11-15. "
        "Anna: 3 sittings, +1890 in all, best +1135 (2026-11-15); "
        "Bert: 3 sittings, \u2212605 in all, best +1150 (2026-11-15); "
        "Carl: 2 sittings, \u22121285 in all, best +1000 (2026-11-01)."
    )
    assert standings_summary(results) == (
        "Added up over 3 sittings, to 2026-11-15: Anna +1890, Bert \u2212605, Carl \u22121285."
    )


# (example, player, kind, made, declared): the German sheet's A declares clubs (hand 3,
# doubled, lost), spades (hand 5, a tie) and spades (hand 6, made), and Nullo (hand 4,
# two tricks taken); B spades (hand 1, made) and hearts (hand 2, lost).
SHARES = [
    ("german", "A", ContractKind.SUIT, 1, 3),
    ("german", "A", ContractKind.NULLO, 0, 1),
    ("german", "A", ContractKind.DOUBLED, 0, 1),
    ("german", "B", ContractKind.SUIT, 1, 2),
    ("german", "B", ContractKind.NO_TRUMP, 0, 0),
    ("chouette", "Bert", ContractKind.SLAM, 1, 1),
    ("chouette", "Carl", ContractKind.SUIT, 2, 3),
    ("chouette", "Carl", ContractKind.NULLO, 1, 1),
    ("cutthroat", "Dave", ContractKind.NO_TRUMP, 0, 1),
]


@pytest.mark.parametrize(("name", "player", "kind", "made", "declared"), SHARES)
def test_contract_shares(
    name: str, player: str, kind: ContractKind, made: int, declared: int
) -> None:
    shares = contract_shares(player_stats([example(name)[0]]))
    p, k = shares.players.index(player), shares.kinds.index(kind)
    assert shares.counts[p][k] == (made, declared)
    assert shares.share(p, k) == (made / declared if declared else None)


@pytest.mark.parametrize(
    ("made", "declared", "percent"), [(1, 3, 33), (2, 3, 67), (1, 2, 50), (0, 1, 0), (0, 0, None)]
)
def test_percent_rounds_half_up(made: int, declared: int, percent: int | None) -> None:
    shares = ContractShares(("Anna",), (ContractKind.SUIT,), (((made, declared),),))
    assert shares.percent(0, 0) == percent


def test_shares_summary_names_every_kind_declared() -> None:
    shares = contract_shares(player_stats([example("german")[0]]))
    assert shares_summary(shares) == (
        "Contracts made of those declared, by kind. "
        "A made 1 of 3 suit (33%), 0 of 1 Nullo (0%), 0 of 1 doubled (0%); "
        "B made 1 of 2 suit (50%)."
    )
