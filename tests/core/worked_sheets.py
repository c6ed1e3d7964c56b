"""The worked sheets of docs/RULES.md as tables, one row a hand, and the check of a row
against the ledger: what each seat writes above and below the line, the prison after the
hand, and who won a game or the rubber with it."""

from __future__ import annotations

from jojotte_score.core.ledger import Ledger
from jojotte_score.core.scoring import Line

SheetRow = tuple[int, tuple[int, ...], tuple[int, ...], int, int | None, int | None]
"""(hand, above by seat, below by seat, prison waiting after, game winner, rubber winner);
a winner is a seat, or None when the hand ends no game or no rubber."""


def sheet_ids(sheet: list[SheetRow]) -> list[str]:
    """The rows' ids for ``pytest.mark.parametrize``: "hand 1", "hand 2", ..."""
    return [f"hand {row[0]}" for row in sheet]


def check_sheet_row(ledger: Ledger, row: SheetRow) -> None:
    """Hand ``row[0]`` of ``ledger`` writes what the worked sheet writes, seat by seat."""
    number, above, below, prison, game_winner, rubber_winner = row
    result = ledger.hands[number - 1]
    seats = range(len(above))
    assert tuple(result.written(seat, Line.ABOVE) for seat in seats) == above
    assert tuple(result.written(seat, Line.BELOW) for seat in seats) == below
    assert (result.prison_after, result.game_winner, result.rubber_winner) == (
        prison,
        game_winner,
        rubber_winner,
    )
