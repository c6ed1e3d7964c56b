"""The circle's records as rows: what ``jojotte-score stats --pairs``, ``--partners``,
``--roles`` and ``--ratings`` print as a table, as JSON (``--json``, format
"jojotte-records", version 1) and as CSV (``--csv FILE``).

Each kind of record is one list of rows with fixed English column names (the CSV's header
and the JSON's keys, as the other exports keep theirs); the table's headings are the same
columns in words (:data:`HEADINGS`, translated where shown).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from jojotte_score.core.records.pairs import HeadToHead, Win
from jojotte_score.core.records.partners import Partnership, SideFigures
from jojotte_score.core.records.ratings import Ratings
from jojotte_score.core.records.roles import RoleRecord
from jojotte_score.formats.atomic import write_atomically
from jojotte_score.formats.csv_export import CSV_ENCODING, render_csv
from jojotte_score.i18n import N_

RECORDS_FORMAT: Final = "jojotte-records"
RECORDS_VERSION: Final = 1

Row = dict[str, str | int | float]

PAIR_COLUMNS: Final = (
    "player",
    "opponent",
    "rubbers",
    "won",
    "lost",
    "won_by_neither",
    "unfinished",
    "net_points",
    "largest_win",
    "largest_loss",
    "streak",
    "games",
)
PARTNER_COLUMNS: Final = (
    "player",
    "partner",
    "against",
    "rubbers",
    "won",
    "unfinished",
    "net_points",
    "per_rubber",
    "games",
)
ROLE_COLUMNS: Final = (
    "player",
    "game",
    "role",
    "rubbers",
    "rubbers_won",
    "hands",
    "hands_won",
    "net_points",
)
RATING_COLUMNS: Final = ("rank", "player", "rating", "mu", "sigma", "rubbers")

COLUMNS: Final = {
    "pairs": PAIR_COLUMNS,
    "partners": PARTNER_COLUMNS,
    "roles": ROLE_COLUMNS,
    "ratings": RATING_COLUMNS,
}
"""Each kind of record's columns, by the kind's name (the command line's option)."""

HEADINGS: Final = {
    "player": N_("Player"),
    "opponent": N_("Opponent"),
    "partner": N_("Partner"),
    "against": N_("Against"),
    "rubbers": N_("Rubbers"),
    "won": N_("Won"),
    "lost": N_("Lost"),
    "won_by_neither": N_("Won by another"),
    "unfinished": N_("Open"),
    "net_points": N_("Net"),
    "largest_win": N_("Largest win"),
    "largest_loss": N_("Largest loss"),
    "streak": N_("Streak"),
    "games": N_("Ways to play"),
    "per_rubber": N_("Per rubber"),
    "game": N_("Way to play"),
    "role": N_("Role"),
    "rubbers_won": N_("Rubbers won"),
    "hands": N_("Hands"),
    "hands_won": N_("Hands won"),
    "rank": N_("Rank"),
    "rating": N_("Rating"),
    "mu": N_("Skill"),
    "sigma": N_("Uncertainty"),
}
"""Each column's heading in a table, untranslated (``N_``)."""

RIGHT: Final = frozenset(
    {
        "rubbers",
        "won",
        "lost",
        "won_by_neither",
        "unfinished",
        "net_points",
        "largest_win",
        "largest_loss",
        "per_rubber",
        "rubbers_won",
        "hands",
        "hands_won",
        "rank",
        "rating",
        "mu",
        "sigma",
    }
)
"""The columns of numbers, right-aligned in a table."""


def _win(win: Win | None) -> int | str:
    return "" if win is None else win.points


def _games(keys: Sequence[object]) -> str:
    return " ".join(str(key) for key in keys)


def pair_rows(records: Sequence[HeadToHead]) -> list[Row]:
    """One row per two players who met, from the first player's side."""
    return [
        {
            "player": record.players[0],
            "opponent": record.players[1],
            "rubbers": record.rubbers,
            "won": record.won[0],
            "lost": record.won[1],
            "won_by_neither": record.neither_won,
            "unfinished": record.unfinished,
            "net_points": record.net_points,
            "largest_win": _win(record.largest_win[0]),
            "largest_loss": _win(record.largest_win[1]),
            "streak": ""
            if record.streak is None
            else f"{record.streak.player} {record.streak.rubbers}",
            "games": _games(record.games),
        }
        for record in records
    ]


def _side_row(players: tuple[str, str], against: str, figures: SideFigures, games: str) -> Row:
    per_rubber = figures.per_rubber
    return {
        "player": players[0],
        "partner": players[1],
        "against": against,
        "rubbers": figures.rubbers,
        "won": figures.won,
        "unfinished": figures.unfinished,
        "net_points": figures.net_points,
        "per_rubber": "" if per_rubber is None else round(per_rubber, 1),
        "games": games,
    }


def partner_rows(records: Sequence[Partnership]) -> list[Row]:
    """One row per partnership against everyone (``against`` empty), each followed by a
    row per set of opponents it met (their names joined by " & ")."""
    rows = []
    for record in records:
        games = _games(record.games)
        rows.append(_side_row(record.players, "", record.figures, games))
        rows.extend(
            _side_row(record.players, " & ".join(o.names), o.figures, games)
            for o in record.opponents
        )
    return rows


def role_rows(records: Sequence[RoleRecord]) -> list[Row]:
    """One row per player, game and role (the role by its key)."""
    return [
        {
            "player": record.player,
            "game": str(record.variant),
            "role": record.role,
            "rubbers": record.figures.rubbers,
            "rubbers_won": record.figures.rubbers_won,
            "hands": record.figures.hands,
            "hands_won": record.figures.hands_won,
            "net_points": record.figures.net_points,
        }
        for record in records
    ]


def rating_rows(ratings: Ratings) -> list[Row]:
    """One row per rated player, the best first: the rating players are ranked by
    (:attr:`~jojotte_score.core.records.ratings.Rating.ordinal`), the skill and its
    uncertainty, rounded to two decimals (numbers, so a CSV cell of a negative rating is
    a number, not text guarded against formulas)."""
    return [
        {
            "rank": rank,
            "player": rating.player,
            "rating": round(rating.ordinal, 2),
            "mu": round(rating.mu, 2),
            "sigma": round(rating.sigma, 2),
            "rubbers": rating.rubbers,
        }
        for rank, rating in enumerate(ratings.players, start=1)
    ]


def dumps_records(
    kind: str, sittings: int, rows: Sequence[Row], ratings: Ratings | None = None
) -> str:
    """The rows of one kind of record over ``sittings`` stored sittings as indented JSON
    text ending in a newline; with the ratings, their course too (each player's rating after
    each rubber, in the order played)."""
    data: dict[str, object] = {
        "format": RECORDS_FORMAT,
        "version": RECORDS_VERSION,
        "records": kind,
        "sittings": sittings,
        "rows": list(rows),
    }
    if ratings is not None:
        data["course"] = [
            {
                "sitting": step.sitting_id,
                "rubber": step.rubber,
                "stored": step.created.isoformat(),
                "game": str(step.variant),
                "player": step.rating.player,
                "mu": step.rating.mu,
                "sigma": step.rating.sigma,
            }
            for step in ratings.course
        ]
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def records_csv(kind: str, rows: Sequence[Row]) -> str:
    """The rows of one kind of record as CSV text."""
    return render_csv(COLUMNS[kind], rows)


def write_records_csv(kind: str, rows: Sequence[Row], path: Path) -> None:
    """Write the rows of one kind of record to ``path`` atomically (UTF-8 with BOM, as
    the other CSV exports)."""
    write_atomically(path, records_csv(kind, rows), encoding=CSV_ENCODING)
