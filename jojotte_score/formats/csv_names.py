"""The columns named for the players, at the end of every CSV export.

Each number a side or a player has is written twice in a row: in a numbered column whose
name never changes (``above_0``, for scripts; the ``side_0`` or ``player_0`` cell of the
row says whose it is), and at the end of the row in a column named for whose it is
(``Anna: above``), so that a spreadsheet shows the players' names in its header. A file
holding several sittings (the rubbers export, the history) has a named column for every
name in it, in the order the names first appear; a row leaves empty the columns of the
names not in its sitting. The file's text is the same in every language, as every other
cell of the exports. Documented in docs/file-format.md ("Columns named for the players").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

Row = dict[str, str | int]

NAME_SEPARATOR: Final = ": "
"""Between the name and the figure in a named column's heading: "Anna: above"."""


def figure_heading(stem: str) -> str:
    """The figure of numbered columns ``<stem>_0``, ``<stem>_1``, ... in words: the stem
    with spaces for underscores ("running total")."""
    return stem.replace("_", " ")


def named_column(label: str, stem: str) -> str:
    """The heading of ``label``'s column of figure ``stem``: "Anna: running total".

    The numbered columns' names hold no colon, so no named column can take one's name."""
    return f"{label}{NAME_SEPARATOR}{figure_heading(stem)}"


def seat_labels(names: Sequence[str]) -> tuple[str, ...]:
    """The label of each seat's named columns: its name, or, for a name given to more than
    one seat of a sitting (a file may hold "Anna" twice), the name and the seat from 1 in
    parentheses ("Anna (2)"), so that no two seats share a column."""
    labels: list[str] = []
    for seat, name in enumerate(names):
        label = name
        if names.count(name) > 1:
            label = f"{name} ({seat + 1})"
        while label in labels:
            label = f"{label} ({seat + 1})"
        labels.append(label)
    return tuple(labels)


def named_columns(stems: Sequence[str], labels: Iterable[str]) -> tuple[str, ...]:
    """The named columns of figures ``stems`` for ``labels`` (repeats counted once):
    figure by figure, as the numbered columns are, the labels in the order given."""
    distinct = tuple(dict.fromkeys(labels))
    return tuple(named_column(label, stem) for stem in stems for label in distinct)


def named_cells(row: Mapping[str, str | int], stems: Sequence[str], labels: Sequence[str]) -> Row:
    """The named cells of ``row``: for each figure and seat, the value of the numbered
    cell ``<stem>_<seat>`` under the seat's label (empty where the numbered cell is)."""
    return {
        named_column(label, stem): row.get(f"{stem}_{seat}", "")
        for stem in stems
        for seat, label in enumerate(labels)
    }


def with_named_cells(
    rows: Iterable[Mapping[str, str | int]], stems: Sequence[str], labels: Sequence[str]
) -> list[Row]:
    """Each of ``rows`` followed by its named cells (see :func:`named_cells`)."""
    return [{**row, **named_cells(row, stems, labels)} for row in rows]
