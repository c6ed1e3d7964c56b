"""The one-page scoring card: the game's numbers and the rulings, as data and as a page.

The numbers come from the core's tables (:mod:`jojotte_score.core.tables`, the meld ranks
of :mod:`jojotte_score.core.melds`, the default rules); the words are those of
docs/RULES.md, where every text of the card can be found (a test checks it). No Qt.

The card is laid out in two columns that fill top to bottom, left column first; the font
size is the largest of :data:`CARD_SIZES` at which everything fits on one page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jojotte_score.core.melds import FOURS_ORDER_NO_TRUMP, FOURS_ORDER_TRUMP, Rank
from jojotte_score.core.model import Doubling, Rules, Variant
from jojotte_score.core.tables import (
    DECK_POINTS_NO_TRUMP,
    DECK_POINTS_TRUMP,
    FOUR_OF_A_KIND_POINTS,
    JOJOTTE_BONUS,
    LAST_TRICK_BONUS,
    NULLO_BONUS,
    NULLO_EXTRA_TRICK_BONUS,
    PLAIN_CARD_VALUES,
    SEQUENCE_POINTS,
    SLAM_BONUS,
    TRUMP_CARD_VALUES,
    UNBID_SLAM_BONUS,
)
from jojotte_score.render.page_layout import (
    Page,
    PageMetrics,
    PrintError,
    wrap_text,
)
from jojotte_score.render.sheet_layout import TEXT_HEIGHT, LineItem, SheetItem, TextItem

CARD_TITLE = "Jo-Jotte scoring card"
"""The card's title."""

CARD_SIZES = (9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0)
"""The font sizes tried for the card's text, largest first."""


@dataclass(frozen=True, slots=True)
class CardTable:
    """A titled table of the card: column headings, rows of cells and notes under it.

    ``shares`` gives each column's share of the width; ``numeric`` the columns whose
    cells are right-aligned.
    """

    title: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    shares: tuple[float, ...]
    numeric: frozenset[int] = frozenset()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CardRuling:
    """One ruling on the card: its heading ("R1: Trick score") and its parts, the
    sentences or list items of docs/RULES.md, printed as one paragraph."""

    heading: str
    parts: tuple[str, ...]

    @property
    def text(self) -> str:
        """The ruling as one paragraph."""
        return " ".join(self.parts)


CardBlock = CardTable | CardRuling


RULINGS_TITLE = "The rulings"


def _card_values() -> CardTable:
    ranks = [Rank(key) for key in TRUMP_CARD_VALUES]
    rows = [
        (rank.word, str(TRUMP_CARD_VALUES[rank.value]), str(PLAIN_CARD_VALUES[rank.value]))
        for rank in ranks
    ]
    rows.append(
        ("One suit", str(sum(TRUMP_CARD_VALUES.values())), str(sum(PLAIN_CARD_VALUES.values())))
    )
    return CardTable(
        "Card values",
        ("Card", "In the trump suit", "In a plain suit, at no-trump and in Nullo"),
        tuple(rows),
        (0.34, 0.28, 0.38),
        frozenset({1, 2}),
    )


def _ranks(order: Sequence[Rank]) -> str:
    return ", ".join(rank.value for rank in order)


def card_blocks(rules: Rules | None = None) -> tuple[CardBlock, ...]:
    """Everything on the card, in order: the tables of numbers, then the rulings.

    ``rules`` sets the game target and the rubber bonus shown (the defaults when None).
    """
    rules = rules or Rules()
    partnership_target = Variant.PARTNERSHIP.default_game_target
    tricks = Variant.TWO_PLAYER.tricks_per_hand
    runs = {3: "Three cards", 4: "Four cards", 5: "Five cards"}
    tables: list[CardBlock] = [
        _card_values(),
        CardTable(
            f"The deck: {DECK_POINTS_TRUMP} or {DECK_POINTS_NO_TRUMP}",
            ("Contract", "Card points in the deck"),
            (
                ("A trump suit", str(DECK_POINTS_TRUMP)),
                ("No-trump, and every Nullo", str(DECK_POINTS_NO_TRUMP)),
            ),
            (0.62, 0.38),
            frozenset({1}),
        ),
        CardTable(
            "Last trick and Jo-Jotte",
            ("What", "Points", "When"),
            (
                ("Last trick", str(LAST_TRICK_BONUS), "Every hand except Nullo"),
                (
                    "Jo-Jotte",
                    str(JOJOTTE_BONUS),
                    "Only with a trump suit; never at no-trump or in Nullo.",
                ),
            ),
            (0.25, 0.15, 0.60),
            frozenset({1}),
        ),
        CardTable(
            "Melds",
            (),
            (
                ("Class A, four of a kind", str(FOUR_OF_A_KIND_POINTS)),
                ("Class B, sequences", ""),
                *((runs[n], str(SEQUENCE_POINTS[n])) for n in runs),
            ),
            (0.75, 0.25),
            frozenset({1}),
            ("In each class only one player scores: the one with the higher meld in that class.",),
        ),
        CardTable(
            "Which four of a kind is higher",
            ("Contract", "Rank order, high to low"),
            (("Trump suit", _ranks(FOURS_ORDER_TRUMP)), ("No-trump", _ranks(FOURS_ORDER_NO_TRUMP))),
            (0.4, 0.6),
        ),
        CardTable(
            "Doubling",
            ("Contract", "Multiplier m", "Multiplies"),
            (
                ("Not doubled", str(Doubling.NONE.multiplier), "—"),
                (
                    "Doubled (by the defender)",
                    str(Doubling.DOUBLE.multiplier),
                    "the trick scores only",
                ),
                (
                    "Redoubled (by the declarer)",
                    str(Doubling.REDOUBLE.multiplier),
                    "the trick scores only",
                ),
            ),
            (0.45, 0.2, 0.35),
            frozenset({1}),
            ("Melds, bonuses and Nullo are never multiplied",),
        ),
        CardTable(
            "Bonuses, game and rubber",
            ("What", "Points", "Where"),
            (
                (
                    f"Unbid slam: all {tricks} tricks without having bid Slam (not in Nullo)",
                    str(UNBID_SLAM_BONUS),
                    "above, for the side that took them",
                ),
                ("Slam bid and made", str(SLAM_BONUS), "above, for the declarer"),
                (
                    "Nullo made: the Nullo bidder took no trick",
                    str(NULLO_BONUS),
                    "above, for the Nullo bidder",
                ),
                (
                    "Nullo failed",
                    f"{NULLO_BONUS} for the first trick the Nullo bidder took, "
                    f"+ {NULLO_EXTRA_TRICK_BONUS} for each further trick",
                    "above, for the Nullo bidder's opponent",
                ),
                (
                    "Game",
                    f"{rules.game_target} below the line ({partnership_target} in partnerships)",
                    "the first side to reach it wins the game",
                ),
                (
                    "Rubber: the first side to win two games",
                    str(rules.rubber_bonus),
                    "above, for the rubber's winner",
                ),
            ),
            (0.38, 0.34, 0.28),
        ),
    ]
    rulings = [
        CardRuling(
            "R1: Trick score",
            (
                f"A side's trick score is its card points, plus {LAST_TRICK_BONUS} if it won "
                f"the last trick (not in Nullo), plus {JOJOTTE_BONUS} if it declared Jo-Jotte "
                "(only with a trump suit; never at no-trump or in Nullo).",
            ),
        ),
        CardRuling(
            "R2: Total score",
            ("A side's total is its trick score plus the meld points it scored in the hand.",),
        ),
        CardRuling(
            "R3: Who wins an undoubled hand",
            (
                "The side with the higher total wins.",
                "The declarer wins: the declarer's trick score goes below, the defender's "
                "trick score above.",
                "The defender wins: both trick scores go below, for the defender.",
                "Equal totals: both trick scores go to prison (R10).",
            ),
        ),
        CardRuling(
            "R4: Doubled and redoubled hands",
            (
                "On a doubled or redoubled contract (m = 2 or 4), the side with the higher "
                "total scores m × (both trick scores) below, whether it is the declarer or the "
                "defender. The other side scores no trick points, not even above. Equal "
                "totals: m × (both trick scores) go to prison.",
            ),
        ),
        CardRuling(
            "R5: Melds are always scored above",
            (
                "Meld points are written above the line for their side in every played hand: "
                "whoever wins, in ties, Nullo and Slam hands. They are never multiplied.",
            ),
        ),
        CardRuling(
            "R8: Slam bid and failed",
            (
                "If the declarer bid Slam and lost a trick, the declarer scores no trick "
                "points. The defender scores m × (both trick scores): below if the defender's "
                "total is higher than the declarer's, otherwise above. The defender wins the "
                "hand (and so takes any prison).",
            ),
        ),
        CardRuling(
            "R9: Nullo",
            (
                f"All card points of the hand ({DECK_POINTS_NO_TRUMP} when all are counted) "
                "go to prison.",
                "A Nullo hand has no winner: prison already waiting stays there.",
            ),
        ),
        CardRuling(
            "R10: Prison goes to the next winner",
            (
                "Prison accumulates until a hand has a winner: the side that scores trick "
                "points below, or the defender of a failed Slam. That side scores the whole "
                "prison above, in that hand. Ties, Nullo hands and thrown-in deals have no "
                "winner, so prison waits through them.",
            ),
        ),
        CardRuling(
            "R11: Prison left at the end of a sitting",
            ("Prison still waiting when the sitting ends belongs to nobody.",),
        ),
        CardRuling(
            "R12: Game",
            (
                "A side wins a game when its below-the-line points in the current game reach "
                f"the target: {rules.game_target}, or {partnership_target} in partnerships. "
                "Both sides then start the next game at 0 below: part scores do not carry "
                "over.",
            ),
        ),
        CardRuling(
            "R13: Rubber",
            (
                "The first side to win two games wins the rubber and scores the rubber bonus "
                f"({rules.rubber_bonus}) above, in the hand that wins the second game.",
            ),
        ),
        CardRuling(
            "R14: The result of a rubber",
            (
                "Each side's total for a rubber is the sum of all its entries in that rubber: "
                "above and below the line, melds, bonuses and prison won. The difference is "
                "credited to the side with more points.",
            ),
        ),
    ]
    return (*tables, *rulings)


def card_texts(blocks: Sequence[CardBlock]) -> list[str]:
    """Every text of the card's blocks (titles, headings, cells, notes, rulings)."""
    texts: list[str] = []
    for block in blocks:
        if isinstance(block, CardTable):
            texts.extend((block.title, *block.headings, *block.notes))
            texts.extend(cell for row in block.rows for cell in row)
        else:
            texts.extend((block.heading, *block.parts))
    return [text for text in texts if text]


# Laying the card out ---------------------------------------------------------------------


def _shifted(item: SheetItem, dx: float, dy: float) -> SheetItem:
    if isinstance(item, TextItem):
        return item._replace(x=item.x + dx, y=item.y + dy)
    if isinstance(item, LineItem):
        return item._replace(x1=item.x1 + dx, y1=item.y1 + dy, x2=item.x2 + dx, y2=item.y2 + dy)
    return item._replace(cx=item.cx + dx, cy=item.cy + dy)


def _lines(
    items: list[SheetItem], lines: Sequence[str], x: float, y: float, size: float, role: str
) -> float:
    """Write ``lines`` downward from ``y`` (their top); returns the y below the last."""
    for line in lines:
        items.append(TextItem(x, y + size * TEXT_HEIGHT / 2, line, size, role))
        y += size * TEXT_HEIGHT
    return y


def _table(
    table: CardTable, width: float, size: float, m: PageMetrics
) -> tuple[list[SheetItem], float]:
    """The table's items from (0, 0) and its height."""
    measure = m.text_width
    items: list[SheetItem] = []
    title_size = size * 1.15
    y = _lines(
        items, wrap_text(table.title, title_size, width, measure), 0, 0, title_size, "heading"
    )
    y += 2
    pad = 8.0
    widths = [share * width for share in table.shares]
    lefts = [sum(widths[:index]) for index in range(len(widths))]

    def row(cells: Sequence[str], top: float, role: str) -> float:
        bottom = top
        for index, cell in enumerate(cells):
            room = widths[index] - pad
            lines = wrap_text(cell, size, room, measure)
            cell_y = top
            for line in lines:
                middle = cell_y + size * TEXT_HEIGHT / 2
                if index in table.numeric:
                    x = lefts[index] + widths[index] - pad
                    items.append(TextItem(x, middle, line, size, role, align="right"))
                else:
                    items.append(TextItem(lefts[index], middle, line, size, role))
                cell_y += size * TEXT_HEIGHT
            bottom = max(bottom, cell_y)
        return bottom

    if any(table.headings):
        y = row(table.headings, y, "label")
        items.append(LineItem(0, y + 1, width, y + 1, 0.5, "game"))
        y += 3
    for cells in table.rows:
        y = row(cells, y, "result") + 0.5
    for note in table.notes:
        y = _lines(items, wrap_text(note, size, width, measure), 0, y + 1, size, "result")
    return items, y


def _ruling(
    ruling: CardRuling, width: float, size: float, m: PageMetrics, title: bool
) -> tuple[list[SheetItem], float]:
    items: list[SheetItem] = []
    y = 0.0
    if title:
        title_size = size * 1.15
        y = _lines(items, [RULINGS_TITLE], 0, 0, title_size, "heading") + 2
    y = _lines(items, wrap_text(ruling.heading, size, width, m.text_width), 0, y, size, "heading")
    y = _lines(items, wrap_text(ruling.text, size, width, m.text_width), 0, y, size, "result")
    return items, y


def _flow(
    blocks: Sequence[CardBlock], size: float, top: float, m: PageMetrics
) -> list[SheetItem] | None:
    """The blocks in two columns at ``size``, or None when they do not fit."""
    left, _, right, _ = m.printable
    bottom = m.content_bottom
    width = (right - left - m.gap) / 2
    spacing = size * 0.8
    items: list[SheetItem] = []
    column, y = 0, top
    first_ruling = True
    for block in blocks:
        if isinstance(block, CardTable):
            block_items, height = _table(block, width, size, m)
        else:
            block_items, height = _ruling(block, width, size, m, first_ruling)
            first_ruling = False
        if y + height > bottom and y > top:
            column, y = column + 1, top
        if column > 1 or y + height > bottom:
            return None
        x = left + column * (width + m.gap)
        items.extend(_shifted(item, x, y) for item in block_items)
        y += height + spacing
    return items


def layout_card(m: PageMetrics, rules: Rules | None = None) -> Page:
    """The scoring card on one page, at the largest size of :data:`CARD_SIZES` that fits."""
    m.check()
    left, top, right, _ = m.printable
    title_y = top + m.title_size * TEXT_HEIGHT / 2
    header: list[SheetItem] = [TextItem(left, title_y, CARD_TITLE, m.title_size, "heading")]
    rule_y = top + m.title_size * TEXT_HEIGHT + 4
    header.append(LineItem(left, rule_y, right, rule_y, 0.8, "column"))
    blocks = card_blocks(rules)
    for size in CARD_SIZES:
        items = _flow(blocks, size, rule_y + m.gap * 0.75, m)
        if items is not None:
            return Page(m.width, m.height, (*header, *items), (), "card")
    raise PrintError("the page is too small for the scoring card")
