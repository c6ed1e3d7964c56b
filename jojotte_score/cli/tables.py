"""The plain-text tables the database commands print: columns padded to their widest cell."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from jojotte_score.core.games import find_game
from jojotte_score.core.validation import unwritable_character
from jojotte_score.i18n import (
    FIRST_STRONG_ISOLATE,
    POP_DIRECTIONAL_ISOLATE,
    _,
    format_date,
    format_decimal,
    isolated,
    pgettext,
)
from jojotte_score.labels import NONE, compact_versus, sitting_result
from jojotte_score.storage.sittings import SittingInfo

if TYPE_CHECKING:
    from jojotte_score.core.stats import PlayerStats
    from jojotte_score.storage.backups import Backup

CELL_LIMIT = 90  # two 40-character names facing each other, and the dash between


def format_table(
    heading: Sequence[str], rows: Sequence[Sequence[str]], right: Iterable[int] = ()
) -> list[str]:
    """Columns padded to their widest cell, two spaces apart; ``right`` columns right-aligned.

    A cell is one line: a control character in it (a line break in a name stored before
    names were checked for them) is shown as U+FFFD, so a row never breaks. A cell that
    holds right-to-left letters (a Hebrew or Arabic name) is isolated (``i18n.isolated``:
    U+2068 ... U+2069), so that a terminal which lays out bidirectional text keeps the row's
    columns and figures in their order; a terminal that does not know the isolates shows
    nothing for them, and the padding does not count them."""
    rows = [[isolated(one_line(cell)) for cell in row] for row in rows]
    widths = [max(_width(row[i]) for row in (heading, *rows)) for i in range(len(heading))]
    right = frozenset(right)

    def line(cells: Sequence[str]) -> str:
        padded = (
            _pad(cell, width, right=i in right)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        )
        return "  ".join(padded).rstrip()

    return [line(heading), *(line(row) for row in rows)]


def _width(cell: str) -> int:
    """How many columns ``cell`` takes: the isolates around a name take none."""
    return len(cell) - cell.count(FIRST_STRONG_ISOLATE) - cell.count(POP_DIRECTIONAL_ISOLATE)


def _pad(cell: str, width: int, *, right: bool) -> str:
    padding = " " * (width - _width(cell))
    return padding + cell if right else cell + padding


def one_line(text: str) -> str:
    """``text`` with each control character (a line break, a tab, a line separator) and
    each bidirectional control shown as the replacement character U+FFFD, so it keeps to
    one line of a table and turns no text around it."""
    return "".join("\ufffd" if _unshowable(c) else c for c in text)


def _unshowable(character: str) -> bool:
    return unwritable_character(character) is not None


def _cut(cell: str) -> str:
    return cell if len(cell) <= CELL_LIMIT else cell[: CELL_LIMIT - 1] + "…"


def sittings_table(infos: Sequence[SittingInfo]) -> list[str]:
    """``jojotte-score sittings``: one line per sitting; the Title column only when a
    sitting has a title."""
    heading: tuple[str, ...] = (
        # Translators: the headings of the table of stored sittings (jojotte-score sittings).
        pgettext("sittings table", "ID"),
        pgettext("sittings table", "Date"),
        pgettext("sittings table", "Variant"),
        pgettext("sittings table", "Players"),
        pgettext("sittings table", "Hands"),
        pgettext("sittings table", "Rubbers"),
        pgettext("sittings table", "Net"),
        pgettext("sittings table", "Title"),
    )
    # A name or title stored before they were bounded is cut, so it widens no other line.
    rows = [tuple(_cut(cell) for cell in sittings_row(info)) for info in infos]
    if not any(row[-1] for row in rows):
        heading, rows = heading[:-1], [row[:-1] for row in rows]
    return format_table(heading, rows, right=(0, 4, 5))


def sittings_row(info: SittingInfo) -> tuple[str, ...]:
    """One line of ``jojotte-score sittings``: id, local date, variant, players, hands,
    finished rubbers, net result so far ("Anna +120" or "level") and title."""
    if info.damaged:
        return (str(info.id), NONE, NONE, _("damaged: see below"), NONE, NONE, NONE, "")
    result = sitting_result(
        info.variant, info.players, info.net_side, info.net_points, info.settlement
    )
    if info.settlement is not None:  # a game of individual players: each one's settlement
        players = ", ".join(info.players)
    else:
        players = compact_versus(info.variant, info.side_names)
    return (
        str(info.id),
        format_date(info.created.astimezone().date()),
        _(find_game(info.variant).table_word),
        players,
        str(info.hands),
        str(info.rubbers_finished),
        result,
        info.title,
    )


def stats_table(figures: Sequence[PlayerStats]) -> list[str]:
    """``jojotte-score stats``: one line per player (the cells of
    :func:`~jojotte_score.stats_labels.stats_cells`)."""
    from jojotte_score.stats_labels import STATS_HEADINGS, stats_cells  # only for stats

    rows = [stats_cells(player) for player in figures]
    heading = [_(cell) for cell in STATS_HEADINGS]
    return format_table(heading, rows, right=range(1, len(heading)))


def backup_row(backup: Backup) -> tuple[str, str, str, str]:
    """One line of ``jojotte-score backups``: local time taken, size, kind, path."""
    try:
        size = file_size(backup.path.stat().st_size)
    except OSError:
        size = "?"
    if backup.before_restore:
        kind = _("before restore")
    elif backup.before_upgrade:
        kind = _("before upgrade")
    else:
        kind = _("automatic")
    return (local_time(backup.taken), size, kind, str(backup.path))


def local_time(moment: datetime) -> str:
    """A stored (UTC) moment as the local date (as the language writes it) and time:
    "2026-11-21 01:30:00", "21.11.2026 01:30:00"."""
    local = moment.astimezone()
    return f"{format_date(local.date())} {local:%H:%M:%S}"


def backups_heading() -> tuple[str, str, str, str]:
    """The headings of ``jojotte-score backups``."""
    return (
        # Translators: the headings of the table of backups (jojotte-score backups).
        pgettext("backups table", "Taken"),
        pgettext("backups table", "Size"),
        pgettext("backups table", "Kind"),
        pgettext("backups table", "File"),
    )


def file_size(size: int) -> str:
    """A size in bytes as people read it: "812 B", "12.3 KiB", "4.0 MiB" (the decimal mark
    the language's)."""
    if size < 1024:
        return f"{size} B"
    value = float(size)
    for unit in ("KiB", "MiB", "GiB"):
        value /= 1024
        if value < 1024 or unit == "GiB":
            break
    return f"{format_decimal(value)} {unit}"
