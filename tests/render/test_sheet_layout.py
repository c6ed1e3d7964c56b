"""The bridge-pad layout: what goes where on the sheet, checked on the worked examples.

Text is measured by a fake (every character 0.6 of the font size wide), so these tests
need no fonts and no Qt.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pytest

from jojotte_score.core.games import find_game, new_sitting, replay
from jojotte_score.core.ledger import Ledger, Scorer
from jojotte_score.core.model import Hand, Rules, Sitting, ThrownIn, Variant
from jojotte_score.core.scoring import EntryKind, Line
from jojotte_score.render.sheet_items import CircleItem, LineItem, SheetLayout, TextItem
from jojotte_score.render.sheet_layout import SheetMetrics, empty_sheet, layout_sheet
from tests.core.builders import played
from tests.sitting_kinds import load_two_sided

DATA = Path(__file__).resolve().parent.parent / "data"


def fake_width(text: str, size: float) -> float:
    """Every character is 0.6 of the font size wide."""
    return len(text) * size * 0.6


METRICS = SheetMetrics(text_width=fake_width)


def german_sitting() -> Sitting:
    return load_two_sided(DATA / "german-example.json")


@pytest.fixture(scope="module")
def german() -> Ledger:
    """The six-hand worked example of the German rules: A 755, B 655, one rubber."""
    return replay(german_sitting())


@pytest.fixture(scope="module")
def sheet(german: Ledger) -> SheetLayout:
    return layout_sheet(german, 1, METRICS)


def lines(layout: SheetLayout, role: str) -> list[LineItem]:
    return [i for i in layout.items if isinstance(i, LineItem) and i.role == role]


def heavy_y(layout: SheetLayout) -> float:
    (heavy,) = lines(layout, "heavy")
    assert heavy.y1 == heavy.y2
    return heavy.y1


def centre_x(layout: SheetLayout) -> float:
    """The x of the vertical line between the two columns."""
    (column,) = [line for line in lines(layout, "column") if line.x1 == line.x2]
    return column.x1


def circles(layout: SheetLayout) -> list[CircleItem]:
    return [i for i in layout.items if isinstance(i, CircleItem)]


def hand_number_of_row(layout: SheetLayout, item: TextItem) -> TextItem:
    """The small hand number written on ``item``'s row."""
    numbers = [t for t in layout.texts("hand-number") if t.y == item.y]
    assert len(numbers) == 1, item
    return numbers[0]


def assert_no_overlap(layout: SheetLayout) -> None:
    """No two text boxes overlap; no circle touches text other than its own amount."""
    boxes = [(t, t.box(fake_width)) for t in layout.texts()]
    for (first, a), (second, b) in itertools.combinations(boxes, 2):
        apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
        assert apart, (first, second)
    rings = circles(layout)
    for ring in rings:
        square = (ring.cx - ring.r, ring.cy - ring.r, ring.cx + ring.r, ring.cy + ring.r)
        for text, box in boxes:
            if text.role == "prison" and text.hand == ring.hand:
                continue
            apart = (
                box[2] <= square[0]
                or square[2] <= box[0]
                or box[3] <= square[1]
                or square[3] <= box[1]
            )
            assert apart, (ring, text)
    for ring_a, ring_b in itertools.combinations(rings, 2):
        assert abs(ring_a.cy - ring_b.cy) >= ring_a.r + ring_b.r, (ring_a, ring_b)
    for _text, box in boxes:
        assert box[0] >= 0
        assert box[1] >= 0
        assert box[2] <= layout.width
        assert box[3] <= layout.height


# The German worked example ------------------------------------------------------------


def test_every_entry_appears_once_in_its_column_and_on_its_line(
    german: Ledger, sheet: SheetLayout
) -> None:
    entries = german.rubbers[0].entries
    texts = sheet.texts("entry")
    assert len(entries) == len(texts) == 12
    heavy, middle = heavy_y(sheet), centre_x(sheet)
    for entry in entries:
        matching = [
            t
            for t in texts
            if (t.hand, t.side, t.text, t.kind)
            == (entry.hand, entry.side, str(entry.points), entry.kind)
        ]
        assert len(matching) == 1, entry
        (item,) = matching
        left, top, right, bottom = item.box(fake_width)
        if entry.side == 0:
            assert right < middle
        else:
            assert left > middle
        if entry.line is Line.ABOVE:
            assert bottom < heavy
        else:
            assert top > heavy
        number = hand_number_of_row(sheet, item)
        assert number.text == str(entry.hand)
        assert number.hand == entry.hand
        assert number.size < item.size
        assert number.box(fake_width)[2] < min(t.box(fake_width)[0] for t in texts)


def test_entries_of_hand(sheet: SheetLayout) -> None:
    assert sorted((t.side, t.text) for t in sheet.entries_of_hand(1)) == [
        (0, "60"),
        (1, "35"),
        (1, "40"),
    ]
    assert sheet.entries_of_hand(5) == ()
    assert sorted((t.side, int(t.text)) for t in sheet.entries_of_hand(6)) == [
        (0, 50),
        (0, 100),
        (0, 150),
        (0, 300),
        (1, 40),
    ]


def test_above_the_line_entries_go_upward_in_hand_order(sheet: SheetLayout) -> None:
    heavy = heavy_y(sheet)
    above = sorted((t for t in sheet.texts("entry") if t.y < heavy), key=lambda t: -t.y)
    hands = [t.hand or 0 for t in above]
    assert hands == sorted(hands)
    # Hand 1 shares one row ("1 60 40"), nearest the line.
    first_row = [(t.side, t.text) for t in above if t.y == above[0].y]
    assert sorted(first_row) == [(0, "60"), (1, "40")]
    # Hand 6: A's meld, prison and rubber bonus take a row each, upward in ledger order,
    # B's 40 shares the first of them.
    sixth = [t for t in above if t.hand == 6]
    assert [(t.side, t.text) for t in sixth if t.side == 0] == [(0, "50"), (0, "150"), (0, "300")]
    b40 = next(t for t in sixth if t.side == 1)
    assert b40.text == "40"
    assert b40.y == next(t.y for t in sixth if t.text == "50")
    bonus = next(t for t in sixth if t.kind == EntryKind.RUBBER_BONUS)
    assert bonus.text == "300"
    assert bonus.y == min(t.y for t in above)
    marks = [t for t in sheet.texts("label") if t.kind == EntryKind.RUBBER_BONUS]
    assert [m.text for m in marks] == ["R"]


def test_below_the_line_entries_go_downward_with_a_line_under_each_game(
    german: Ledger, sheet: SheetLayout
) -> None:
    heavy = heavy_y(sheet)
    below = sorted((t for t in sheet.texts("entry") if t.y > heavy), key=lambda t: t.y)
    assert [(t.hand, t.side, t.text) for t in below] == [
        (1, 1, "35"),
        (2, 0, "95"),
        (3, 1, "220"),
        (6, 0, "100"),
    ]
    games = sorted(lines(sheet, "game"), key=lambda line: line.y1)
    assert len(games) == 3
    assert german.rubbers[0].game_winners == (0, 1, 0)
    # Each game line lies under the last entry of its game and above the next game's.
    ends = [below[1], below[2], below[3]]
    for line, last, winner in zip(games, ends, (0, 1, 0), strict=True):
        assert line.y1 == line.y2
        assert line.y1 > last.box(fake_width)[3]
        assert last.side == winner
    assert games[0].y1 < below[2].box(fake_width)[1]
    assert games[1].y1 < below[3].box(fake_width)[1]
    for line in games:
        assert line.x1 < min(t.box(fake_width)[0] for t in sheet.texts("hand-number"))
        assert line.x2 > max(t.box(fake_width)[2] for t in sheet.texts("entry"))


def test_prison_amounts_are_circled_on_their_hands_rows(sheet: SheetLayout) -> None:
    rings = sorted(circles(sheet), key=lambda c: c.hand)
    assert [c.hand for c in rings] == [4, 5]
    amounts = {t.hand: t for t in sheet.texts("prison")}
    assert {hand: t.text for hand, t in amounts.items()} == {4: "60", 5: "90"}
    heavy = heavy_y(sheet)
    numbers = {t.hand: t for t in sheet.texts("hand-number") if t.y < heavy}
    for ring in rings:
        text = amounts[ring.hand]
        assert (text.x, text.y) == (ring.cx, ring.cy)
        assert text.align == "center"
        assert ring.r >= fake_width(text.text, text.size) / 2
        assert ring.cy + ring.r < heavy
        assert numbers[ring.hand].y == ring.cy
        assert ring.cx - ring.r > centre_x(sheet)
        assert ring.cx - ring.r > max(t.box(fake_width)[2] for t in sheet.texts("entry"))
    # Hand 5 wrote no entry: its row holds the circle only, above hand 4's.
    assert rings[1].cy < rings[0].cy


def test_totals_result_and_names(sheet: SheetLayout) -> None:
    totals = {t.side: t.text for t in sheet.texts("total")}
    assert totals == {0: "755", 1: "655"}
    lowest_entry = max(t.box(fake_width)[3] for t in sheet.texts("entry"))
    assert all(t.y > lowest_entry for t in sheet.texts("total"))
    (total_line,) = lines(sheet, "total")
    assert lowest_entry < total_line.y1 < min(t.y for t in sheet.texts("total"))
    (result,) = sheet.texts("result")
    assert result.text == "A wins the rubber by 100"
    assert result.y > max(t.y for t in sheet.texts("total"))
    headings = {t.side: t.text for t in sheet.texts("heading")}
    assert headings == {0: "A", 1: "B"}
    assert all(t.y < min(e.y for e in sheet.texts("entry")) for t in sheet.texts("heading"))
    assert "Rubber 1 of 1" in [t.text for t in sheet.texts("label")]
    assert sheet.rubber_number == 1


def test_hand_at_finds_the_hand_of_every_entry_and_circle(sheet: SheetLayout) -> None:
    for item in sheet.texts("entry"):
        left, top, right, bottom = item.box(fake_width)
        assert sheet.hand_at((left + right) / 2, (top + bottom) / 2) == item.hand
        assert sheet.hand_at(left + 1, item.y) == item.hand
    for ring in circles(sheet):
        assert sheet.hand_at(ring.cx, ring.cy) == ring.hand
    assert sheet.hand_at(1, 1) is None
    assert sheet.hand_at(sheet.width / 2, heavy_y(sheet)) is None
    (result,) = sheet.texts("result")
    assert sheet.hand_at(result.x + 2, result.y) is None


def test_german_sheet_has_no_overlaps(sheet: SheetLayout) -> None:
    assert_no_overlap(sheet)


# Other rubbers ------------------------------------------------------------------------


def test_partnership_sides_and_a_rubber_in_progress() -> None:
    ledger = replay(load_two_sided(DATA / "partnership-example.json"))
    first = layout_sheet(ledger, 1, METRICS)
    assert {t.side: t.text for t in first.texts("heading")} == {
        0: "Anna & Carl",
        1: "Bert & Dora",
    }
    assert [t.text for t in first.texts("result")] == ["Bert & Dora win the rubber by 765"]
    second = layout_sheet(ledger, 2, METRICS)
    assert [t.text for t in second.texts("result")] == [
        "Rubber 2 in progress: Anna & Carl 385, Bert & Dora 0"
    ]
    assert {t.side: t.text for t in second.texts("total")} == {0: "385", 1: "0"}
    assert len(lines(second, "game")) == 1  # its one hand won a game: 385 below
    assert "Rubber 2 of 2" in [t.text for t in second.texts("label")]
    # A heading is never wider than its column.
    middle = centre_x(first)
    for layout in (first, second):
        assert_no_overlap(layout)
        for heading in layout.texts("heading"):
            left, _, right, _ = heading.box(fake_width)
            assert right < middle if heading.side == 0 else left > middle


def test_german_rubber_in_progress_after_three_hands() -> None:
    sitting = german_sitting()
    ledger = replay(replace(sitting, hands=sitting.hands[:3]))
    layout = layout_sheet(ledger, 1, METRICS)
    assert [t.text for t in layout.texts("result")] == ["Rubber 1 in progress: A 155, B 315"]
    assert len(lines(layout, "game")) == 2
    assert circles(layout) == []
    # The first five hands leave 150 waiting in prison: the result says so.
    ledger = replay(replace(sitting, hands=sitting.hands[:5]))
    (result,) = layout_sheet(ledger, 1, METRICS).texts("result")
    assert result.text == "Rubber 1 in progress: A 155, B 615; 150 in prison"


def test_the_rubber_winner_need_not_be_ahead_on_points() -> None:
    scorer = Scorer(find_game(Variant.TWO_PLAYER), Rules())
    # A names spades, B bids Nullo and takes 7 tricks: 200 + 6 × 100 to A above the line.
    scorer.add(played(0, "spades", (60, 95), None, special="nullo", tricks=(2, 7)))
    scorer.add(played(1, "hearts", (40, 115), 1))
    scorer.add(played(1, "hearts", (40, 115), 1))
    ledger = scorer.ledger(("A", "B"))
    assert ledger.rubbers[0].totals == (880, 705)
    layout = layout_sheet(ledger, 1, METRICS)
    assert [t.text for t in layout.texts("result")] == ["B wins the rubber; A is ahead by 175"]
    assert_no_overlap(layout)


def empty_pad_checks(layout: SheetLayout, names: tuple[str, str]) -> None:
    assert layout.texts("entry") == ()
    assert layout.texts("hand-number") == ()
    assert circles(layout) == []
    assert {t.side: t.text for t in layout.texts("heading")} == {0: names[0], 1: names[1]}
    assert len(lines(layout, "heavy")) == 1
    assert len(lines(layout, "total")) == 1
    assert layout.rows == ()
    heavy = heavy_y(layout)
    # Room for writing above and below the line, as on a fresh pad.
    heading_y = max(t.y for t in layout.texts("heading"))
    (total_line,) = lines(layout, "total")
    assert heavy - heading_y >= METRICS.min_rows_above * METRICS.row_height
    assert total_line.y1 - heavy >= METRICS.min_rows_below * METRICS.row_height
    assert layout.hand_at(layout.width / 2, heavy - 20) is None
    assert_no_overlap(layout)


def test_a_ledger_without_hands_gives_an_empty_pad() -> None:
    ledger = replay(new_sitting(Variant.TWO_PLAYER, ("Ann", "Bob")))
    layout = layout_sheet(ledger, 1, METRICS)
    empty_pad_checks(layout, ("Ann", "Bob"))
    assert layout.texts("total") == ()
    assert layout.texts("result") == ()
    assert "Rubber 1: no hands yet" in [t.text for t in layout.texts("label")]
    assert empty_sheet(("Ann", "Bob"), METRICS) == layout


def test_a_rubber_of_thrown_in_deals_only_is_an_empty_pad() -> None:
    hands: tuple[Hand, ...] = (ThrownIn(dealer=0), ThrownIn(dealer=1))
    ledger = replay(new_sitting(Variant.TWO_PLAYER, ("Ann", "Bob"), hands))
    layout = layout_sheet(ledger, 1, METRICS)
    empty_pad_checks(layout, ("Ann", "Bob"))
    assert {t.side: t.text for t in layout.texts("total")} == {0: "0", 1: "0"}
    assert [t.text for t in layout.texts("result")] == ["Rubber 1 in progress: Ann 0, Bob 0"]


def test_the_rubber_after_the_last_is_blank_and_later_ones_are_refused(german: Ledger) -> None:
    layout = layout_sheet(german, 2, METRICS)
    empty_pad_checks(layout, ("A", "B"))
    assert layout.rubber_number == 2
    with pytest.raises(ValueError, match="rubber 3"):
        layout_sheet(german, 3, METRICS)
    with pytest.raises(ValueError, match="rubber 0"):
        layout_sheet(german, 0, METRICS)


def test_long_names_widen_the_columns(german: Ledger) -> None:
    long = replace(german, columns=("Anna-Katharina & Carl-Friedrich", "Bert & Dora"))
    layout = layout_sheet(long, 1, METRICS)
    wide = layout.texts("heading")[0].box(fake_width)
    narrow = layout_sheet(german, 1, METRICS)
    assert layout.width > narrow.width
    assert wide[2] < centre_x(layout)
    assert_no_overlap(layout)


def long_rubber() -> Ledger:
    """A rubber of 45 hands and three games: a high target, ties, Nullos, thrown-in deals."""
    patterns: list[Hand] = [
        played(0, "spades", (90, 55), 0),  # A makes 100 below
        played(1, "hearts", (70, 85), 0),  # a tie: 165 to prison
        played(1, "clubs", (40, 115), 1, melds=(20, 0)),  # B makes 125 below, A 20 melds
        played(0, "no-trump", (50, 70), None, special="nullo", tricks=(0, 9)),  # Nullo made
        ThrownIn(dealer=0),
        played(0, "diamonds", (100, 55), 0, melds=(0, 50)),  # A 110 below, B 50 + 55 above
    ]
    scorer = Scorer(find_game(Variant.TWO_PLAYER), Rules(game_target=550, rubber_bonus=300))
    for index in range(45):
        scorer.add(patterns[index % len(patterns)])
    return scorer.ledger(("North & South", "East & West"))


def test_a_long_rubber_grows_and_stays_readable(sheet: SheetLayout) -> None:
    ledger = long_rubber()
    rubber = ledger.rubbers[0]
    assert len(rubber.hands) == 45
    assert rubber.game_winners == (1, 0, 1)
    assert len(rubber.prison) >= 6
    layout = layout_sheet(ledger, 1, METRICS)
    assert layout.height > sheet.height * 2
    assert_no_overlap(layout)
    heavy = heavy_y(layout)
    entries = layout.texts("entry")
    assert len(entries) == len(rubber.entries)
    above = sorted((t for t in entries if t.y < heavy), key=lambda t: -t.y)
    below = sorted((t for t in entries if t.y > heavy), key=lambda t: t.y)
    assert [t.hand or 0 for t in above] == sorted(t.hand or 0 for t in above)
    assert [t.hand or 0 for t in below] == sorted(t.hand or 0 for t in below)
    assert len(lines(layout, "game")) == len(rubber.game_winners)
    assert len(circles(layout)) == len(rubber.prison)
    assert {t.side: t.text for t in layout.texts("total")} == {
        0: str(rubber.totals[0]),
        1: str(rubber.totals[1]),
    }
    # Two-digit hand numbers fit the margin lane.
    assert max(int(t.text) for t in layout.texts("hand-number")) == 45
    for item in entries:
        assert layout.hand_at(item.x - 1, item.y) == item.hand


def test_a_name_stored_before_names_were_bounded_is_cut_on_the_pad() -> None:
    from jojotte_score.core.games import replay
    from jojotte_score.core.model import Variant
    from jojotte_score.render.sheet_layout import layout_sheet

    sitting = new_sitting(Variant.TWO_PLAYER, ("Z" * 100_000, "Bert"))
    layout = layout_sheet(replay(sitting), 1, METRICS)
    headings = [t.text for t in layout.texts("heading")]
    assert headings[0] == "Z" * 82 + "…"
    assert headings[1] == "Bert"
    assert layout.width < 2000
