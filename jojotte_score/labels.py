"""How a sitting is named in words: its sides facing each other, its date, its label.

The window, the command line, the CSV export and the printed page all show these, so each
is decided here once. Everything is a plain value in and a string out; no Qt, no storage.
Texts a person reads are in the language spoken now; those that go into a file
(``for_file=True``) are the same in every language, with ISO dates.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from jojotte_score.core.errors import comma_list
from jojotte_score.core.games import find_game
from jojotte_score.core.model import GameKey
from jojotte_score.i18n import N_, _, format_date, format_signed

DATE_FORMAT = "%Y-%m-%d"
"""The date in files (ISO); a date shown to a person goes through :func:`format_date`."""
CLOCK_FORMAT = "%H:%M:%S"
NONE = "–"
"""What a table cell shows where there is no figure (no average without a finished rubber)."""


def local_date(moment: datetime) -> str:
    """A stored (UTC) moment as the local calendar date, as the language writes it:
    "2026-11-21", "21.11.2026"."""
    return format_date(moment.astimezone().date())


def local_time(moment: datetime) -> str:
    """A stored (UTC) moment as the local date and time: "2026-11-21 01:30:00",
    "21.11.2026 01:30:00"."""
    local = moment.astimezone()
    return f"{format_date(local.date())} {local.strftime(CLOCK_FORMAT)}"


def versus(sides: Sequence[str]) -> str:
    """The sides facing each other, as the window and the page show them: "Anna – Bert",
    "Anna & Carl – Bert & Dora"."""
    return " – ".join(sides)


def compact_versus(variant: GameKey, sides: Sequence[str]) -> str:
    """The sides in a table cell or a CSV label: "Anna–Bert"; partnerships keep the spaces
    ("Anna & Carl – Bert & Dora"), which tell the partners from the sides."""
    return find_game(variant).compact_versus(sides)


def players_cell(variant: GameKey, players: Sequence[str]) -> str:
    """The players of a sitting in a table cell: every player in the games of individual
    players ("Dora, Emil, Fritz"), else the sides ("Anna–Bert", "Anna & Carl – Bert & Dora")."""
    if find_game(variant).per_player:
        return ", ".join(players)
    return compact_versus(variant, find_game(variant).side_names(players))


def _shown(message: str, for_file: bool) -> str:
    """``message`` translated, or as written (English) when it goes into a file."""
    return message if for_file else _(message)


def net_result(
    sides: Sequence[str], side: int | None, points: int, *, for_file: bool = False
) -> str:
    """The net result of a sitting so far: "Anna +120", or "level" when no side is ahead
    (``side`` None)."""
    if side is None:
        # Translators: the result of a sitting when neither side is ahead.
        return _shown(N_("level"), for_file)
    return _player_points(sides[side], points, for_file)


def _player_points(name: str, points: int, for_file: bool) -> str:
    """ "Anna +120", "Bert \u221210" (a true minus) to read, "Bert -10" in a file (ASCII): a
    player or side and signed points."""
    shown = f"{points:+d}" if for_file else format_signed(points)
    # Translators: a player or side and the signed points of his result ("Anna +120").
    return _shown(N_("{player} {points}"), for_file).format(player=name, points=shown)


def sitting_result(
    variant: GameKey,
    players: Sequence[str],
    net_side: int | None,
    net_points: int,
    settlement: Sequence[int] | None,
    *,
    for_file: bool = False,
) -> str:
    """A stored sitting's result so far, as the list of sittings shows it: each player's
    settlement in the games of individual players ("Anna +40, Bert -10, Carl -30"), else
    the net result of the two sides ("Anna & Carl +120", or "level"). ``for_file`` gives
    the text of a file, the same in every language."""
    if settlement is not None:
        items = [
            _player_points(name, points, for_file)
            for name, points in zip(players, settlement, strict=False)
        ]
        return ", ".join(items) if for_file else comma_list(items)
    names = find_game(variant).side_names(players)
    return net_result(names, net_side, net_points, for_file=for_file)


def variant_label(variant: GameKey) -> str:
    """The way to play, short, in the language spoken now: "Two players", "Zweierspiel"."""
    return _(find_game(variant).label)


def sitting_label(
    sitting_id: int,
    title: str,
    created: datetime,
    variant: GameKey,
    sides: Sequence[str],
    *,
    for_file: bool = False,
) -> str:
    """How a stored sitting is named among others: "#3 Christmas" (its title), else
    "#3 2026-11-21 Anna–Bert" (the local date it was stored and its sides), the date as the
    language writes it; ``for_file`` keeps the ISO date (a CSV's ``sitting`` column)."""
    if title.strip():
        return f"#{sitting_id} {title.strip()}"
    day = created.astimezone().strftime(DATE_FORMAT) if for_file else local_date(created)
    return f"#{sitting_id} {day} {compact_versus(variant, sides)}"
