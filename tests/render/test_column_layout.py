"""The pad with a column per player (three-player, chouette, cutthroat), laid out by the same
code as the two-sided pad, checked on the worked sittings of docs/RULES.md.

Text is measured by the fake of the two-sided tests (every character 0.6 of the font size
wide), so these tests need no fonts and no Qt.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jojotte_score.core.games import find_game, new_sitting, replay
from jojotte_score.core.games.chouette_roles import ChouetteRoles
from jojotte_score.core.games.game import copy_text
from jojotte_score.core.ledger import RubberResult
from jojotte_score.core.model import Sitting, Variant
from jojotte_score.core.scoring import Line
from jojotte_score.i18n import MINUS
from jojotte_score.i18n import format_signed as signed
from jojotte_score.render.sheet_items import LineItem, SheetLayout, TextItem
from jojotte_score.render.sheet_layout import blank_pad, empty_sheet, layout_sheet
from jojotte_score.render.sheet_words import BLANK_CAPTION, copy_legend
from jojotte_score.render.text_fit import keep_references
from tests.core.test_chouette import EXAMPLE as CHOUETTE
from tests.core.test_cutthroat import EXAMPLE as CUTTHROAT
from tests.core.test_three_player_example import EXAMPLE as THREE_PLAYER
from tests.render.test_sheet_layout import METRICS, assert_no_overlap, circles, fake_width
from tests.strategies import valid_hands
from tests.strategies_three_player import cutthroat_sittings, three_player_sittings

SITTINGS: dict[str, Sitting] = {
    "three-player": THREE_PLAYER,
    "chouette": CHOUETTE,
    "cutthroat": CUTTHROAT,
}

# (sitting, rubber number) for every rubber of the worked sittings
RUBBERS = [
    (name, number)
    for name, sitting in SITTINGS.items()
    for number in range(1, len(replay(sitting).rubbers) + 1)
]


def lines(layout: SheetLayout, role: str) -> list[LineItem]:
    return [i for i in layout.items if isinstance(i, LineItem) and i.role == role]


def heavy_y(layout: SheetLayout) -> float:
    (heavy,) = lines(layout, "heavy")
    return heavy.y1


def boundaries(layout: SheetLayout) -> list[float]:
    """The x of each column's left edge and of the last column's right edge."""
    inner = sorted(line.x1 for line in lines(layout, "column") if line.x1 == line.x2)
    (heavy,) = lines(layout, "heavy")
    (total,) = lines(layout, "total")
    lane = min(t.box(fake_width)[2] for t in layout.texts("hand-number")) if layout.rows else 0
    left = max(heavy.x1, lane)
    return [left, *inner, total.x2]


def column_of(layout: SheetLayout, item: TextItem) -> int:
    """The column that holds ``item``'s box entirely."""
    edges = boundaries(layout)
    left, _, right, _ = item.box(fake_width)
    found = [i for i in range(len(edges) - 1) if edges[i] < left and right < edges[i + 1]]
    assert len(found) == 1, (item, edges)
    return found[0]


def number_of(text: str) -> str:
    """An entry's digits, without the copy mark of a copy ("= 60")."""
    return text.removeprefix("=\u00a0")


def sheet_of(name: str, number: int) -> tuple[Sitting, RubberResult, SheetLayout]:
    sitting = SITTINGS[name]
    ledger = replay(sitting)
    return sitting, ledger.rubbers[number - 1], layout_sheet(ledger, number, METRICS)


@pytest.mark.parametrize(("name", "number"), RUBBERS)
def test_every_entry_in_its_players_column_on_its_line_beside_its_hand_number(
    name: str, number: int
) -> None:
    sitting, rubber, sheet = sheet_of(name, number)
    heavy = heavy_y(sheet)
    texts = sheet.texts("entry")
    entries = [e for hand in rubber.hands for e in hand.entries]
    assert len(texts) == len(entries)
    remaining = list(texts)
    for entry in entries:
        matching = [
            t
            for t in remaining
            if (t.hand, t.side, number_of(t.text), t.kind)
            == (entry.hand, entry.side, str(entry.points), entry.kind)
            and ((t.y < heavy) == (entry.line is Line.ABOVE))
        ]
        assert matching, entry
        item = matching[0]
        remaining.remove(item)
        assert column_of(sheet, item) == entry.side
        (number_text,) = [t for t in sheet.texts("hand-number") if t.y == item.y]
        assert number_text.text == str(entry.hand)
        assert sheet.hand_at(item.box(fake_width)[0] + 1, item.y) == entry.hand
    headings = {t.side: t.text for t in sheet.texts("heading")}
    assert headings == dict(enumerate(sitting.players))
    for heading in sheet.texts("heading"):
        assert column_of(sheet, heading) == heading.side
    assert_no_overlap(sheet)


@pytest.mark.parametrize(("name", "number"), RUBBERS)
def test_copies_are_marked_and_explained(name: str, number: int) -> None:
    """A copy is written "= 60", never in parentheses: the German pads put the prison
    amount in parentheses (note 4 of the German rules)."""
    sitting, rubber, sheet = sheet_of(name, number)
    copiers = {(hand.number, copier) for hand in rubber.hands for copier, _ in hand.score.copies}
    for item in sheet.texts("entry"):
        is_copy = (item.hand, item.side) in copiers
        assert item.copied == is_copy, item
        assert item.text.startswith("=\u00a0") == is_copy
        assert "(" not in item.text
        assert ")" not in item.text
    for mark in sheet.texts("label"):
        if mark.kind:  # a kind mark follows its entry, copied or not
            assert mark.copied == ((mark.hand, mark.side) in copiers)
    legend = [t.text for t in sheet.texts("label")]
    has_copies = any(t.copied for t in sheet.texts("entry"))
    assert has_copies == bool(copiers)
    assert any(text.startswith("= before a figure marks a copy: ") for text in legend) == has_copies
    # The ruling cited at its end ("(T8)") is kept on the line of the word before it.
    assert (keep_references(copy_legend(sitting.variant)) in " ".join(legend)) == has_copies


@pytest.mark.parametrize(("name", "number"), RUBBERS)
def test_a_copy_stands_on_the_row_of_what_it_copies(name: str, number: int) -> None:
    """A copy on the same side of the line as its source is on the source's row, its digits
    right-aligned with the column's other numbers (the mark stands before them)."""
    _, rubber, sheet = sheet_of(name, number)
    for hand in rubber.hands:
        for copier, source in hand.score.copies:
            mine = [e for e in hand.entries if e.side == copier]
            theirs = [e for e in hand.entries if e.side == source]
            assert len(mine) == len(theirs)
            for copy, original in zip(mine, theirs, strict=True):
                if copy.line is not original.line:
                    continue
                texts = [
                    t
                    for t in sheet.entries_of_hand(hand.number)
                    if t.side in (copier, source) and number_of(t.text) == str(copy.points)
                ]
                rows = {t.side: t.y for t in texts}
                assert rows[copier] == rows[source], (hand.number, copy)
    anchors: dict[int, set[float]] = {}
    for item in [*sheet.texts("entry"), *sheet.texts("total")]:
        anchors.setdefault(item.side or 0, set()).add(round(item.x, 6))
    assert all(len(xs) == 1 for xs in anchors.values()), anchors


@pytest.mark.parametrize(("name", "number"), RUBBERS)
def test_totals_and_settlement_at_the_foot(name: str, number: int) -> None:
    sitting, rubber, sheet = sheet_of(name, number)
    totals = {t.side: t.text for t in sheet.texts("total")}
    assert totals == {seat: str(total) for seat, total in enumerate(rubber.totals)}
    settled = sheet.texts("settlement")
    assert {t.side: t.text for t in settled} == {
        seat: signed(points) for seat, points in enumerate(rubber.settlement)
    }
    assert sum(rubber.settlement) == 0
    lowest_entry = max(t.box(fake_width)[3] for t in sheet.texts("entry"))
    (total_line,) = lines(sheet, "total")
    for total, settlement in zip(
        sorted(sheet.texts("total"), key=lambda t: t.side or 0),
        sorted(settled, key=lambda t: t.side or 0),
        strict=True,
    ):
        assert lowest_entry < total_line.y1 < total.y < settlement.y
        assert column_of(sheet, total) == column_of(sheet, settlement) == total.side
    labels = {t.text: t for t in sheet.texts("label")}
    assert labels["total"].y == settled[0].y - METRICS.row_height
    assert labels["settled"].y == settled[0].y
    results = [t.text for t in sheet.texts("result")]
    words = ", ".join(
        f"{player} {signed(points)}"
        for player, points in zip(sitting.players, rubber.settlement, strict=True)
    )
    assert results[-1] == f"Settled: {words}" or results[-1] == f"Settled so far: {words}"
    assert all(t.y > settled[0].y for t in sheet.texts("result"))


@pytest.mark.parametrize(
    ("name", "number", "expected"),
    [
        (
            "three-player",
            1,
            ["Carl wins the rubber", "Settled: Anna +505, Bert \u22121355, Carl +850"],
        ),
        (
            "three-player",
            2,
            ["Rubber 2 in progress", "Settled so far: Anna +150, Bert \u2212300, Carl +150"],
        ),
        (
            "chouette",
            1,
            [
                "Anna, the box, wins the rubber",
                "Settled: Anna +1460, Bert \u2212730, Carl \u2212730",
            ],
        ),
        (
            "chouette",
            2,
            [
                "The team, Carl & Bert, wins the rubber",
                "Settled: Anna \u22121470, Bert +735, Carl +735",
            ],
        ),
        (
            "cutthroat",
            1,
            [
                "Carl wins the rubber",
                "Settled: Anna \u2212110, Bert \u2212190, Carl +2450, Dave \u22122150",
            ],
        ),
    ],
)
def test_the_rubbers_result_in_words(name: str, number: int, expected: list[str]) -> None:
    _, _, sheet = sheet_of(name, number)
    assert [t.text for t in sheet.texts("result")] == expected
    assert MINUS == "\u2212"


@pytest.mark.parametrize(
    ("number", "caption"),
    [
        (1, "Box: Anna · Captain: Bert · Partner: Carl"),
        (2, "Box: Anna · Captain: Carl · Partner: Bert"),
        (3, "Box: Carl · Captain: Bert · Partner: Anna"),
        (4, "Box: Bert · Captain: Anna · Partner: Carl"),  # the rubber the next hand starts
    ],
)
def test_each_chouette_rubber_names_its_box_and_team(number: int, caption: str) -> None:
    ledger = replay(CHOUETTE)
    sheet = layout_sheet(ledger, number, METRICS)
    labels = [t.text for t in sheet.texts("label")]
    assert labels[1] == caption
    rubber_caption, roles = sheet.texts("label")[:2]
    assert rubber_caption.y < roles.y < min(t.y for t in sheet.texts("heading"))
    # Without the sitting the ledger's roles say the same.
    assert layout_sheet(ledger, number, METRICS) == sheet
    assert_no_overlap(sheet)


def test_a_chouette_without_hands_names_the_first_box_and_captain() -> None:
    sitting = new_sitting(Variant.CHOUETTE, ("Anna", "Bert", "Carl"), roles=ChouetteRoles(2, 0))
    ledger = replay(sitting)
    assert ledger.rubber_roles(1) == ChouetteRoles(2, 0)
    sheet = layout_sheet(ledger, 1, METRICS)
    labels = [t.text for t in sheet.texts("label")]
    assert labels[:2] == ["Rubber 1: no hands yet", "Box: Carl · Captain: Anna · Partner: Bert"]
    assert sheet.texts("entry") == sheet.texts("total") == sheet.texts("settlement") == ()
    assert {"total", "settled"} <= set(labels)


@pytest.mark.parametrize("name", list(SITTINGS))
def test_the_rubber_after_the_last_is_an_empty_pad_of_the_same_columns(name: str) -> None:
    sitting = SITTINGS[name]
    ledger = replay(sitting)
    count = len(ledger.rubbers)
    finished = ledger.rubbers[-1].finished
    if not finished:  # the last rubber is still being played: one past it is still allowed
        assert layout_sheet(ledger, count + 1, METRICS).texts("entry") == ()
    sheet = layout_sheet(ledger, count + 1, METRICS)
    assert {t.side: t.text for t in sheet.texts("heading")} == dict(enumerate(sitting.players))
    # the rule under the names and a line between every two columns
    assert len(lines(sheet, "column")) == len(sitting.players)
    assert_no_overlap(sheet)
    with pytest.raises(ValueError, match=f"rubber {count + 2}"):
        layout_sheet(ledger, count + 2, METRICS)
    assert ledger.variant is sitting.variant


def test_the_worked_three_player_rubber_row_by_row() -> None:
    """Hand 6: Carl's prison and rubber bonus, with Anna's copies on their rows; the copy of
    his 280 below is written above, after them (T8)."""
    _, _, sheet = sheet_of("three-player", 1)
    heavy = heavy_y(sheet)
    above = sorted((t for t in sheet.entries_of_hand(6) if t.y < heavy), key=lambda t: -t.y)
    rows: dict[float, list[str]] = {}
    for item in above:
        rows.setdefault(item.y, []).append(f"{item.side}:{item.text}")
    copy = "0:=\u00a0"
    assert list(rows.values()) == [[f"{copy}170", "2:170"], [f"{copy}300", "2:300"], [f"{copy}280"]]
    below = [(t.side, t.text) for t in sheet.entries_of_hand(6) if t.y > heavy]
    assert below == [(2, "280")]
    # Prison: hands 4 and 5 put 80 and 90 in, hand 6 won them: both circles crossed out.
    assert [c.hand for c in sorted(circles(sheet), key=lambda c: c.hand)] == [4, 5]
    assert len(lines(sheet, "paid")) == 2
    assert len(lines(sheet, "game")) == 2


def test_the_chouettes_partner_copies_below_the_line_too() -> None:
    """C4a: the partner's copies keep their line; only the captain's count for the game."""
    _, _, sheet = sheet_of("chouette", 3)  # Carl in the box, Bert captain, Anna partner
    heavy = heavy_y(sheet)
    below = sorted((t for t in sheet.texts("entry") if t.y > heavy), key=lambda t: (t.y, t.side))
    assert [(t.hand, t.side, t.text) for t in below] == [
        (8, 0, "=\u00a0140"),
        (8, 1, "140"),
        (9, 2, "95"),
        (10, 0, "=\u00a0270"),
        (10, 1, "270"),
    ]


# Width and long names --------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_long_names_are_cut_so_the_columns_stay_narrow(players: int) -> None:
    names = tuple(f"{letter}" * 40 for letter in "WXYZ"[:players])
    variant = Variant.THREE_PLAYER if players == 3 else Variant.CUTTHROAT
    sitting = replace(THREE_PLAYER if players == 3 else CUTTHROAT, players=names)
    assert isinstance(sitting, Sitting)
    ledger = replay(sitting)
    sheet = layout_sheet(ledger, 1, METRICS)
    short = layout_sheet(replay(SITTINGS[variant.value]), 1, METRICS)
    headings = sheet.texts("heading")
    assert all(t.text.endswith("…") and len(t.text) < 40 for t in headings)
    assert all(fake_width(t.text, t.size) <= METRICS.name_width - 16 for t in headings)
    assert sheet.width <= short.width + players * (METRICS.name_width - METRICS.column_width)
    assert_no_overlap(sheet)
    for heading in headings:
        assert column_of(sheet, heading) == heading.side
    # The results and the legend are wrapped to the pad's width.
    for item in [*sheet.texts("result"), *sheet.texts("label")]:
        assert item.box(fake_width)[2] <= sheet.width - METRICS.margin + 1e-6, item


def test_a_two_sided_pad_keeps_its_long_names() -> None:
    """Names are cut to a column's width only on pads with a column per player."""
    sheet = empty_sheet(("W" * 40, "Bert"), METRICS)
    assert sheet.texts("heading")[0].text == "W" * 40


# Blank pads ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "names"),
    [
        (Variant.THREE_PLAYER, ("Anna", "Bert", "Carl")),
        (Variant.THREE_PLAYER, ("", "", "")),
        (Variant.CHOUETTE, ("", "", "")),
        (Variant.CUTTHROAT, ("Anna", "Bert", "Carl", "Dave")),
        (Variant.CUTTHROAT, ("", "", "", "")),
    ],
)
def test_blank_pads_with_a_column_per_player(variant: Variant, names: tuple[str, ...]) -> None:
    pad = blank_pad(names, METRICS, 8, 6, variant)
    headings = pad.texts("heading")
    assert [t.text for t in headings] == list(names)
    assert len([line for line in lines(pad, "column") if line.x1 == line.x2]) == len(names) - 1
    writing = [
        line
        for line in lines(pad, "column")
        if line.y1 == line.y2 and line.x2 - line.x1 < METRICS.column_width
    ]
    assert len(writing) == sum(1 for name in names if not name)
    labels = [t.text for t in pad.texts("label")]
    assert labels[0] == BLANK_CAPTION
    blank_roles = find_game(variant).blank_roles
    assert (blank_roles is not None and blank_roles in labels) == (variant is Variant.CHOUETTE)
    assert (blank_roles is not None) == (variant is Variant.CHOUETTE)
    assert {"prison", "total", "settled"} <= set(labels)
    assert " ".join(labels).endswith(keep_references(copy_legend(variant)))
    assert pad.texts("entry") == pad.texts("total") == pad.texts("settlement") == ()
    heavy = heavy_y(pad)
    (total,) = lines(pad, "total")
    assert total.y1 - heavy >= 6 * METRICS.row_height
    assert_no_overlap(pad)


# Any sitting -------------------------------------------------------------------------------

_CHOUETTES = st.builds(
    lambda hands, first: new_sitting(
        Variant.CHOUETTE, ("Anna", "Bert", "Carl"), hands, roles=first
    ),
    st.lists(valid_hands(Variant.TWO_PLAYER), max_size=25).map(
        lambda hands: tuple(hand._replace(dealer=None) for hand in hands)
    ),
    st.sampled_from([ChouetteRoles(b, c) for b in range(3) for c in range(3) if b != c]),
)


@settings(max_examples=60, deadline=None)
@given(st.one_of(three_player_sittings(max_hands=25), cutthroat_sittings(max_hands=25), _CHOUETTES))
def test_any_sitting_puts_each_entry_once_in_its_column_and_marks_the_copies(
    sitting: Sitting,
) -> None:
    ledger = replay(sitting)
    for rubber in ledger.rubbers:
        sheet = layout_sheet(ledger, rubber.number, METRICS)
        copiers = {(h.number, copier) for h in rubber.hands for copier, _ in h.score.copies}
        shown = sorted((t.hand or 0, t.side or 0, t.text, t.copied) for t in sheet.texts("entry"))
        expected = sorted(
            (
                e.hand,
                e.side,
                copy_text(e.points) if (e.hand, e.side) in copiers else str(e.points),
                (e.hand, e.side) in copiers,
            )
            for h in rubber.hands
            for e in h.entries
        )
        assert shown == expected
        for item in sheet.texts("entry"):
            assert column_of(sheet, item) == item.side
        settled = {t.side: t.text for t in sheet.texts("settlement")}
        assert settled == {seat: signed(p) for seat, p in enumerate(rubber.settlement)}
        assert_no_overlap(sheet)
