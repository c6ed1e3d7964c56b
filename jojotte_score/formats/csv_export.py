"""CSV exports of a sitting: one row per hand, and one row per rubber.

The column names are stable and documented in docs/file-format.md ("CSV exports").
Files are UTF-8 with a byte order mark, so that spreadsheets open names with umlauts
correctly, and use ``\\r\\n`` line endings. Any text cell a spreadsheet would run as a
formula gets a leading apostrophe. Files are written atomically: the whole text is built
first, then written to a temporary file that replaces the target.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Final

from jojotte_score.core.ledger import HandResult, Ledger, RubberResult
from jojotte_score.core.model import AnyHand, PlayedHand, Sitting
from jojotte_score.core.scoring import Line
from jojotte_score.formats.atomic import write_atomically
from jojotte_score.formats.csv_names import named_columns, seat_labels, with_named_cells
from jojotte_score.formats.csv_players import (
    PLAYER_HAND_FIGURES,
    PLAYER_RUBBER_FIGURES,
    player_hand_columns,
    player_hand_rows,
    player_rubber_columns,
    player_rubber_rows,
)

Row = dict[str, str | int]

CSV_ENCODING: Final = "utf-8-sig"
"""UTF-8 with a byte order mark: Excel needs the mark to read umlauts as UTF-8."""

FORMULA_PREFIXES: Final = ("=", "+", "-", "@", "\t", "\r")
"""Text cells starting with one of these would be run as a formula by a spreadsheet."""

YES: Final = "yes"
NO: Final = "no"

# The inputs of a played hand and its trick scores and totals (empty for a thrown-in deal).
_INPUT_COLUMNS: Final = (
    "bidder",
    "declarer",
    "trump",
    "double",
    "special",
    "melds_0",
    "melds_1",
    "card_points_0",
    "card_points_1",
    "last_trick",
    "jojotte",
    "tricks_0",
    "tricks_1",
)
_SCORE_COLUMNS: Final = ("trick_score_0", "trick_score_1", "total_0", "total_1")

HAND_COLUMNS: Final[tuple[str, ...]] = (
    "hand",
    "rubber",
    "game",
    "side_0",
    "side_1",
    "dealer",
    "thrown_in",
    *_INPUT_COLUMNS,
    *_SCORE_COLUMNS,
    "outcome",
    "winner",
    "above_0",
    "above_1",
    "below_0",
    "below_1",
    "prison_in",
    "prison_out",
    "prison_waiting",
    "game_below_0",
    "game_below_1",
    "games_0",
    "games_1",
    "game_winner",
    "rubber_winner",
    "running_total_0",
    "running_total_1",
    "note",
    "sitting",
)
"""The columns of the hands export, in file order (see docs/file-format.md)."""

RUBBER_COLUMNS: Final[tuple[str, ...]] = (
    "sitting",
    "side_0",
    "side_1",
    "rubber",
    "first_hand",
    "last_hand",
    "games_0",
    "games_1",
    "game_winners",
    "finished",
    "winner",
    "total_0",
    "total_1",
    "net_side",
    "net_points",
    "prison_waiting",
)
"""The columns of the rubbers export, in file order (see docs/file-format.md)."""

HAND_FIGURES: Final = (
    "melds",
    "card_points",
    "tricks",
    "trick_score",
    "total",
    "above",
    "below",
    "game_below",
    "games",
    "running_total",
)
"""The figures of the hands export that each side has, numbered ``_0`` and ``_1``: written
again at the end of the row in columns named for the sides ("Anna: above")."""

RUBBER_FIGURES: Final = ("games", "total")
"""The figures of the rubbers export that each side has, written again under the sides'
names at the end of the row."""

GAME_WINNERS_SEPARATOR: Final = "; "
"""Joins the names of a rubber's game winners, in the order the games were won."""


def hand_rows(
    sitting: Sitting, ledger: Ledger, *, sitting_label: str = ""
) -> list[dict[str, str | int]]:
    """One row per hand of ``ledger`` (thrown-in deals included), keyed by HAND_COLUMNS.

    ``sitting_label`` fills the ``sitting`` column, as in the rubbers export, so that the
    hands of several sittings pasted into one sheet say which sitting each came from.
    Numbers are ints; sides, players and the dealer are named; inputs a hand does not
    have (everything but the dealer in a thrown-in deal, tricks when not recorded) are
    empty strings. Running totals restart with each rubber.
    """
    names = ledger.game.side_names(sitting.players)
    rows: list[Row] = []
    running = [0, 0]
    rubber = 0
    for result in ledger.hands:
        if result.rubber != rubber:
            rubber, running = result.rubber, [0, 0]
        for _hand, side, _line, points, _kind in result.plain_entries:
            running[side] += points
        row = _hand_row(sitting, names, result, (running[0], running[1]))
        rows.append({**row, "sitting": sitting_label})
    return rows


def _hand_row(
    sitting: Sitting, names: tuple[str, str], result: HandResult, running: tuple[int, int]
) -> Row:
    hand = result.hand
    row: Row = {
        "hand": result.number,
        "rubber": result.rubber,
        "game": result.game,
        "side_0": names[0],
        "side_1": names[1],
        "dealer": "" if hand.dealer is None else sitting.players[hand.dealer],
        "thrown_in": YES if hand.thrown_in else NO,
    }
    row.update(_inputs(hand, names))
    row.update(_played_scores(result))
    above = (result.written(0, Line.ABOVE), result.written(1, Line.ABOVE))
    below = (result.written(0, Line.BELOW), result.written(1, Line.BELOW))
    row.update(
        {
            "outcome": result.score.outcome.value,
            "winner": _side_name(names, result.score.winner),
            "above_0": above[0],
            "above_1": above[1],
            "below_0": below[0],
            "below_1": below[1],
            "prison_in": result.prison_in,
            "prison_out": result.prison_out,
            "prison_waiting": result.prison_after,
            "game_below_0": result.below[0],
            "game_below_1": result.below[1],
            "games_0": result.games[0],
            "games_1": result.games[1],
            "game_winner": _side_name(names, result.game_winner),
            "rubber_winner": _side_name(names, result.rubber_winner),
            "running_total_0": running[0],
            "running_total_1": running[1],
            "note": hand.note,
        }
    )
    return row


def _inputs(hand: AnyHand, names: tuple[str, str]) -> Row:
    """The recorded facts of a played hand, in the sitting file's vocabulary."""
    if not isinstance(hand, PlayedHand):
        return dict.fromkeys(_INPUT_COLUMNS, "")
    return {
        "bidder": names[hand.bidder],
        "declarer": names[hand.declarer],
        "trump": hand.trump.value,
        "double": hand.double.value,
        "special": hand.special.value,
        "melds_0": hand.melds[0],
        "melds_1": hand.melds[1],
        "card_points_0": hand.card_points[0],
        "card_points_1": hand.card_points[1],
        "last_trick": _side_name(names, hand.last_trick),
        "jojotte": _side_name(names, hand.jojotte),
        "tricks_0": "" if hand.tricks is None else hand.tricks[0],
        "tricks_1": "" if hand.tricks is None else hand.tricks[1],
    }


def _played_scores(result: HandResult) -> Row:
    """R1 trick scores and R2 totals; empty for a thrown-in deal, which has none."""
    if result.hand.thrown_in:
        return dict.fromkeys(_SCORE_COLUMNS, "")
    score = result.score
    return {
        "trick_score_0": score.trick_scores[0],
        "trick_score_1": score.trick_scores[1],
        "total_0": score.totals[0],
        "total_1": score.totals[1],
    }


def _side_name(names: tuple[str, str], side: int | None) -> str:
    return "" if side is None else names[side]


def rubber_rows(
    sitting: Sitting, ledger: Ledger, *, sitting_label: str = ""
) -> list[dict[str, str | int]]:
    """One row per rubber of ``ledger``, keyed by RUBBER_COLUMNS.

    ``sitting_label`` fills the ``sitting`` column, so that rows of several sittings can
    share one file. The last rubber may be unfinished: ``finished`` is "no", ``winner``
    is empty and ``prison_waiting`` holds the prison nobody has won yet (R11).
    """
    names = ledger.game.side_names(sitting.players)
    return [_rubber_row(names, rubber, sitting_label) for rubber in ledger.rubbers]


def _rubber_row(names: tuple[str, str], rubber: RubberResult, label: str) -> Row:
    net_side, net_points = rubber.net
    return {
        "sitting": label,
        "side_0": names[0],
        "side_1": names[1],
        "rubber": rubber.number,
        "first_hand": rubber.hands[0].number,
        "last_hand": rubber.hands[-1].number,
        "games_0": rubber.game_winners.count(0),
        "games_1": rubber.game_winners.count(1),
        "game_winners": GAME_WINNERS_SEPARATOR.join(names[s] for s in rubber.game_winners),
        "finished": YES if rubber.finished else NO,
        "winner": _side_name(names, rubber.winner),
        "total_0": rubber.totals[0],
        "total_1": rubber.totals[1],
        "net_side": _side_name(names, net_side),
        "net_points": net_points,
        "prison_waiting": rubber.hands[-1].prison_after,
    }


def neutralise(cell: str | float) -> str | float:
    """A text cell that a spreadsheet would run as a formula, with a leading apostrophe.

    Numbers are returned unchanged: they are written as numbers, never as formulas.
    """
    # Spreadsheets skip leading blanks before a formula: " =1+1" is one too.
    if isinstance(cell, str) and cell.lstrip(" \u00a0").startswith(FORMULA_PREFIXES):
        return "'" + cell
    return cell


def render_csv(columns: Sequence[str], rows: Iterable[Mapping[str, str | float]]) -> str:
    """The CSV text: a header row of ``columns``, then one line per row, ``\\r\\n`` endings.

    Text cells are neutralised (see :func:`neutralise`); a key missing from a row is
    written as an empty cell, and a key not in ``columns`` raises ValueError.
    """
    buffer = io.StringIO()
    # The header is neutralised too: a named column's heading holds a player's name.
    csv.writer(buffer).writerow([neutralise(column) for column in columns])
    writer = csv.DictWriter(buffer, fieldnames=list(columns), extrasaction="raise")
    for row in rows:
        writer.writerow({key: neutralise(value) for key, value in row.items()})
    return buffer.getvalue()


def hands_csv(sitting: Sitting, ledger: Ledger, *, sitting_label: str = "") -> str:
    """The hands export of one sitting as text: the two sides' columns, or a column per
    player for the three-player game, the chouette and cutthroat; ``sitting_label`` in the
    ``sitting`` column of every row. The row ends in the same figures under the sides' or
    players' names (see :mod:`jojotte_score.formats.csv_names`)."""
    if ledger.game.per_player:
        columns = player_hand_columns(len(sitting.players))
        rows = player_hand_rows(sitting, ledger, sitting_label=sitting_label)
        figures: tuple[str, ...] = PLAYER_HAND_FIGURES
        labels = seat_labels(sitting.players)
    else:
        columns = HAND_COLUMNS
        rows = hand_rows(sitting, ledger, sitting_label=sitting_label)
        figures = HAND_FIGURES
        labels = seat_labels(ledger.game.side_names(sitting.players))
    named = named_columns(figures, labels)
    return render_csv((*columns, *named), with_named_cells(rows, figures, labels))


def write_hands_csv(
    sitting: Sitting, ledger: Ledger, path: Path, *, sitting_label: str = ""
) -> None:
    """Write the hands export of one sitting to ``path`` atomically (UTF-8 with BOM)."""
    text = hands_csv(sitting, ledger, sitting_label=sitting_label)
    write_atomically(path, text, encoding=CSV_ENCODING)


def rubbers_csv(rubbers: Iterable[tuple[str, Sitting, Ledger]]) -> str:
    """The rubbers export of several sittings as text (see :func:`write_rubbers_csv`)."""
    items = list(rubbers)
    by_player = [(label, s, ledger) for label, s, ledger in items if ledger.game.per_player]
    if by_player and len(by_player) < len(items):
        raise ValueError(
            "one rubbers export holds either sittings of two sides or sittings of "
            "individual players, not both"
        )
    rows: list[Row] = []
    every_label: list[str] = []
    figures = PLAYER_RUBBER_FIGURES if by_player else RUBBER_FIGURES
    for label, sitting, ledger in items:
        if by_player:
            labels = seat_labels(sitting.players)
            numbered = player_rubber_rows(sitting, ledger, sitting_label=label)
        else:
            labels = seat_labels(ledger.game.side_names(sitting.players))
            numbered = rubber_rows(sitting, ledger, sitting_label=label)
        rows.extend(with_named_cells(numbered, figures, labels))
        every_label.extend(labels)
    if by_player:
        seats = max(len(sitting.players) for _, sitting, _ in by_player)
        columns = player_rubber_columns(seats)
    else:
        columns = RUBBER_COLUMNS
    return render_csv((*columns, *named_columns(figures, every_label)), rows)


def write_rubbers_csv(rubbers: Iterable[tuple[str, Sitting, Ledger]], path: Path) -> None:
    """Write the rubbers of several sittings to one file at ``path``, atomically.

    Each item is (sitting label, sitting, ledger); rows follow the given order, rubber by
    rubber within each sitting. Every sitting is read before anything is written. One file
    holds sittings of two sides (two players, partnerships) or sittings of individual
    players (three-player, chouette, cutthroat; as many player columns as the largest has),
    not both: ValueError.
    """
    write_atomically(path, rubbers_csv(rubbers), encoding=CSV_ENCODING)
