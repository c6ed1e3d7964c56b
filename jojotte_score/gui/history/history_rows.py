"""The history table without Qt: its rows, filters, sort orders and CSV export.

Each stored sitting becomes one :class:`HistoryRow` holding the values a player reads
(local date, title, place, variant, players, hands, finished rubbers, result) and the
values they sort by (dates as dates, counts as numbers). The history window's model only
shows the rows this module filters and sorts; the tests check them with plain pytest.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Final

from jojotte_score.core.games import find_game
from jojotte_score.core.model import GameKey
from jojotte_score.formats.atomic import write_atomically
from jojotte_score.formats.csv_export import CSV_ENCODING, Row, render_csv
from jojotte_score.formats.csv_names import named_column, named_columns, seat_labels
from jojotte_score.i18n import N_, _, format_date, isolated
from jojotte_score.labels import players_cell, sitting_result, variant_label
from jojotte_score.storage.sittings import SittingInfo

NONE: Final = "–"


class Column(enum.IntEnum):
    """The columns of the history table, in order."""

    DATE = 0
    TITLE = 1
    PLACE = 2
    VARIANT = 3
    PLAYERS = 4
    HANDS = 5
    RUBBERS = 6
    RESULT = 7


HEADINGS: Final = {
    Column.DATE: N_("Date"),
    Column.TITLE: N_("Title"),
    Column.PLACE: N_("Place"),
    Column.VARIANT: N_("Variant"),
    Column.PLAYERS: N_("Players"),
    Column.HANDS: N_("Hands"),
    Column.RUBBERS: N_("Rubbers"),
    Column.RESULT: N_("Result"),
}
"""The columns' headings in English; :func:`heading` gives them in the current language."""


def heading(column: Column) -> str:
    """The heading of ``column`` in the current language."""
    return _(HEADINGS[column])


NUMBER_COLUMNS: Final = frozenset({Column.HANDS, Column.RUBBERS})
"""Columns of counts, right-aligned."""

CSV_COLUMNS: Final = (
    "sitting_id",
    "date",
    "title",
    "place",
    "variant",
    "players",
    "hands",
    "rubbers_finished",
    "result",
    "leader",
    "lead",
)
"""The columns of the history's CSV export: the sitting's id, then the table's columns
(the variant as the sitting file names it, "two-player"; counts as numbers), then the result
for a spreadsheet: who is ahead and by how many points, a number. Each row ends in the
result of each side or player under its name ("Anna: result"), a number too."""

SortKey = tuple[int, date | datetime | str | int]


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One stored sitting as the history shows it."""

    id: int
    created: datetime
    """When the sitting was stored (UTC); the date shown is its local calendar date."""
    day: date | None
    """The local calendar date, or None for a damaged sitting (whose date is unknown)."""
    title: str
    place: str
    variant: GameKey
    players: tuple[str, ...]
    players_text: str
    """The players as the table shows them, each name isolated (``i18n.isolated``)."""
    hands: int
    rubbers: int
    result: str
    lead: int
    """The points the leader is ahead by (the best settlement for individual players):
    what the Result column sorts by."""
    damaged: str = ""
    file_result: str = ""
    leader: str = ""
    """Who is ahead by ``lead``: the side ahead, or the players with the best settlement
    ("; " between equals); empty when level or damaged."""
    """The result as the CSV export writes it, the same in every language ("level")."""
    results: tuple[tuple[str, int], ...] = ()
    """Each side's (or player's) result, with the label of its named CSV column: the net
    result of the rubbers, + for the side ahead and - for the other, or the settlement;
    empty for a damaged sitting."""

    def text(self, column: Column) -> str:
        """The cell as the table shows it (the date as the language writes it)."""
        if self.damaged and column not in (Column.RESULT, Column.TITLE, Column.PLACE):
            return NONE
        match column:
            case Column.DATE:
                return format_date(self.day) if self.day else NONE
            case Column.TITLE:
                return self.title
            case Column.PLACE:
                return self.place
            case Column.VARIANT:
                return variant_label(self.variant)
            case Column.PLAYERS:
                return self.players_text
            case Column.HANDS:
                return str(self.hands)
            case Column.RUBBERS:
                return str(self.rubbers)
            case Column.RESULT:
                return self.result

    def sort_key(self, column: Column) -> SortKey:
        """What the column sorts by: dates and times as moments, counts and the result's
        lead as numbers, text without regard to case (see :func:`sorted_rows` for
        damaged sittings, which have none)."""
        if self.damaged:
            return (1, self.id)
        match column:
            case Column.DATE:
                return (0, self.created)
            case Column.HANDS:
                return (0, self.hands)
            case Column.RUBBERS:
                return (0, self.rubbers)
            case Column.RESULT:
                return (0, self.lead)
            case _:
                return (0, self.text(column).casefold())

    def csv_row(self) -> Row:
        """The row of the CSV export (its text cells are neutralised when written); the
        date is written 2026-11-23 in every language."""
        return {
            "sitting_id": self.id,
            "date": NONE if self.damaged or self.day is None else self.day.isoformat(),
            "title": self.title,
            "place": self.place,
            "variant": NONE if self.damaged else find_game(self.variant).value,
            "players": NONE if self.damaged else players_cell(self.variant, self.players),
            "hands": self.hands,
            "rubbers_finished": self.rubbers,
            "result": self.file_result or self.result,
            "leader": self.leader,
            "lead": "" if self.damaged else self.lead,
            **{named_column(label, "result"): points for label, points in self.results},
        }


def history_row(info: SittingInfo) -> HistoryRow:
    """The history's row of one listed sitting; a damaged one says why in its result."""
    if info.damaged:
        return HistoryRow(
            info.id, info.created, None, "", "", info.variant, (), NONE, 0, 0,
            _("damaged: {reason}").format(reason=info.damaged), 0, damaged=info.damaged,
            file_result=f"damaged: {info.damaged}",
        )  # fmt: skip
    leader = ""
    if info.settlement is not None:
        lead = max(info.settlement, default=0)
        best = [n for n, p in zip(info.players, info.settlement, strict=False) if p == lead]
        leader = "; ".join(best) if lead > 0 else ""
    else:
        lead = info.net_points if info.net_side is not None else 0
        if info.net_side is not None and lead:
            leader = find_game(info.variant).side_names(info.players)[info.net_side]
    facts = (info.variant, info.players, info.net_side, info.net_points, info.settlement)
    if info.settlement is not None:
        labels, points = seat_labels(info.players), tuple(info.settlement)
    else:
        labels = seat_labels(find_game(info.variant).side_names(info.players))
        ahead = 0 if info.net_side is None else info.net_points
        points = (ahead, -ahead) if info.net_side != 1 else (-ahead, ahead)
    shown = tuple(isolated(name) for name in info.players)  # the CSV keeps them as stored
    result = sitting_result(info.variant, shown, *facts[2:])
    return HistoryRow(
        id=info.id,
        created=info.created,
        day=info.created.astimezone().date(),
        title=info.title,
        place=info.place,
        variant=info.variant,
        players=info.players,
        players_text=players_cell(info.variant, shown),
        hands=info.hands,
        rubbers=info.rubbers_finished,
        result=result,
        lead=lead,
        file_result=sitting_result(*facts, for_file=True),
        leader=leader,
        results=tuple(zip(labels, points, strict=False)),
    )


def history_rows(infos: Iterable[SittingInfo]) -> list[HistoryRow]:
    """The rows of every listed sitting, in the order given."""
    return [history_row(info) for info in infos]


@dataclass(frozen=True, slots=True)
class HistoryFilter:
    """Which sittings the history shows: a player's name, or part of it, in any case;
    and the first and last local dates (both included). Empty or None: no limit."""

    player: str = ""
    since: date | None = None
    until: date | None = None

    def accepts(self, row: HistoryRow) -> bool:
        """Whether ``row`` passes every limit set (a damaged row has no date or players:
        it passes only when neither is limited)."""
        wanted = self.player.strip().casefold()
        if wanted and not any(wanted in name.casefold() for name in row.players):
            return False
        if self.since is None and self.until is None:
            return True
        if row.day is None:
            return False
        return (self.since is None or row.day >= self.since) and (
            self.until is None or row.day <= self.until
        )


def filtered(rows: Iterable[HistoryRow], limits: HistoryFilter) -> list[HistoryRow]:
    """The rows that pass ``limits``, in their order."""
    return [row for row in rows if limits.accepts(row)]


def sorted_rows(
    rows: Sequence[HistoryRow], column: Column, *, descending: bool = False
) -> list[HistoryRow]:
    """The rows sorted by ``column``; equal keys keep their order (the sort is stable), and
    damaged rows come last either way."""
    readable = [row for row in rows if not row.damaged]
    damaged = [row for row in rows if row.damaged]
    ordered = sorted(readable, key=lambda row: row.sort_key(column), reverse=descending)
    return ordered + damaged


def history_csv(rows: Sequence[HistoryRow]) -> str:
    """The CSV text of ``rows`` as shown (see :data:`CSV_COLUMNS`), then a result column
    for every side or player named in them, in the order they first appear; a text cell a
    spreadsheet would run as a formula gets a leading apostrophe."""
    named = named_columns(("result",), (label for row in rows for label, _points in row.results))
    return render_csv((*CSV_COLUMNS, *named), (row.csv_row() for row in rows))


def write_history_csv(rows: Sequence[HistoryRow], path: Path) -> None:
    """Write the history's CSV of ``rows`` to ``path`` atomically (UTF-8 with BOM, as the
    other CSV exports)."""
    write_atomically(path, history_csv(rows), encoding=CSV_ENCODING)
