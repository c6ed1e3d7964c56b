"""How a sitting is named in words: its sides facing each other, its date, its label.

The window, the command line, the CSV export and the printed page all show these, so each
is decided here once. Everything is a plain value in and a string out; no Qt, no storage.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from jojotte_score.core.model import Variant, side_names

DATE_FORMAT = "%Y-%m-%d"
TIME_FORMAT = f"{DATE_FORMAT} %H:%M:%S"
NONE = "–"
"""What a table cell shows where there is no figure (no average without a finished rubber)."""


def local_date(moment: datetime) -> str:
    """A stored (UTC) moment as the local calendar date: "2026-11-21"."""
    return moment.astimezone().strftime(DATE_FORMAT)


def local_time(moment: datetime) -> str:
    """A stored (UTC) moment as the local date and time: "2026-11-21 01:30:00"."""
    return moment.astimezone().strftime(TIME_FORMAT)


def versus(sides: Sequence[str]) -> str:
    """The sides facing each other, as the window and the page show them: "Anna – Bert",
    "Anna & Carl – Bert & Dora"."""
    return " – ".join(sides)


def compact_versus(variant: Variant, sides: Sequence[str]) -> str:
    """The sides in a table cell or a CSV label: "Anna–Bert"; partnerships keep the spaces
    ("Anna & Carl – Bert & Dora"), which tell the partners from the sides."""
    return "–".join(sides) if variant is Variant.TWO_PLAYER else versus(sides)


def net_result(sides: Sequence[str], side: int | None, points: int) -> str:
    """The net result of a sitting so far: "Anna +120", or "level" when no side is ahead
    (``side`` None)."""
    return "level" if side is None else f"{sides[side]} +{points}"


def sitting_result(
    variant: Variant,
    players: Sequence[str],
    net_side: int | None,
    net_points: int,
    settlement: Sequence[int] | None,
) -> str:
    """A stored sitting's result so far, as the list of sittings shows it: each player's
    settlement in the games of individual players ("Anna +40, Bert -10, Carl -30"), else
    the net result of the two sides ("Anna & Carl +120", or "level")."""
    if settlement is not None:
        return ", ".join(
            f"{name} {points:+d}" for name, points in zip(players, settlement, strict=False)
        )
    return net_result(side_names(variant, tuple(players)), net_side, net_points)


VARIANT_LABELS = {
    Variant.TWO_PLAYER: "Two players",
    Variant.PARTNERSHIP: "Partnership",
    Variant.THREE_PLAYER: "Three players",
    Variant.CHOUETTE: "Chouette",
    Variant.CUTTHROAT: "Cutthroat",
}
"""The ways to play, as short as a table column can show them."""


def sitting_label(
    sitting_id: int, title: str, created: datetime, variant: Variant, sides: Sequence[str]
) -> str:
    """How a stored sitting is named among others: "#3 Christmas" (its title), else
    "#3 2026-11-21 Anna–Bert" (the local date it was stored and its sides)."""
    if title.strip():
        return f"#{sitting_id} {title.strip()}"
    return f"#{sitting_id} {local_date(created)} {compact_versus(variant, sides)}"
