"""A largest win stored below nothing, before a rubber won while behind on points was ruled no
largest win (docs/records.md, "Head to head"), reads as none wherever counts are stored."""

from __future__ import annotations

from jojotte_score.core.records.pairs import Win
from jojotte_score.storage import record_pair_totals, record_rows


def test_a_blocks_count_reads_a_win_below_nothing_as_none() -> None:
    # Anna and Bert: three finished rubbers, Anna's largest win 420, Bert's stored as -25.
    tally = [["Anna", "Bert"], 3, 350, 1, [2, 1], [[420, 7, 2], [-25, 7, 1]], [0, 2], False, ["t"]]
    decoded = record_pair_totals.tallies_from_data(
        {"players": ["Anna", "Bert"], "tallies": [tally]}
    )
    (anna_bert,) = decoded.tallies.values()
    assert anna_bert.largest == [Win(420, 7, 2), None]


def test_the_totals_read_a_win_below_nothing_as_none() -> None:
    pair = [["Anna", "Bert"], 3, [2, 1], 350, [[420, 7, 2], [-25, 7, 1]], None, ["t"], 1]
    totals = record_pair_totals.totals_from_data(
        {"sittings": 1, "players": ["Anna", "Bert"], "pairs": [pair]}
    )
    assert totals.pairs[0].largest_win == (Win(420, 7, 2), None)
    assert totals.pairs[0].won == (2, 1)


def test_a_sittings_row_reads_a_win_below_nothing_as_none() -> None:
    # Seats 0 and 1 of sitting 7: the first won two rubbers (largest by 420, rubber 2), the
    # second one, stored as -25 in rubber 1.
    row = [[0, 1, 3, 350, 1, 2, 1, [420, 2], [-25, 1], 0, 2, 0]]
    (seats,) = record_rows.pairs_from_data(7, "two-player", row).values()
    assert seats.largest == [Win(420, 7, 2), None]
