"""The one-page scoring card: the game's numbers and the rulings, as data and as a page.

The numbers come from the core's tables (:mod:`jojotte_score.core.tables`, the meld ranks
of :mod:`jojotte_score.core.melds`, the default rules); the words are those of
docs/RULES.md, where every text of the card can be found (a test checks it). No Qt.

The card is laid out in two columns that fill top to bottom, left column first; the font
size is the largest of :data:`CARD_SIZES` at which everything fits on one page.

The games of individual players have a page each (:func:`layout_variant_card`): the
three-player game (T1-T16), the chouette (C1-C7) and cutthroat (F1-F7), in short plain
words that say what docs/RULES.md says under "Three players", "The chouette" and
"Cutthroat", with the numbers taken from the core's tables as on the first page.
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
    GAMES_TO_WIN_RUBBER,
    JOJOTTE_BONUS,
    LAST_TRICK_BONUS,
    LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS,
    LOST_NULLO_FIRST_TRICK_THREE_PLAYERS,
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
from jojotte_score.render.sheet_layout import MINUS, TEXT_HEIGHT, LineItem, SheetItem, TextItem

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
    ruling: CardRuling, width: float, size: float, m: PageMetrics, title: str
) -> tuple[list[SheetItem], float]:
    """The ruling's items from (0, 0) and its height; ``title`` ("" for none) above it."""
    items: list[SheetItem] = []
    y = 0.0
    if title:
        title_size = size * 1.15
        lines = wrap_text(title, title_size, width, m.text_width)
        y = _lines(items, lines, 0, 0, title_size, "heading") + 2
    y = _lines(items, wrap_text(ruling.heading, size, width, m.text_width), 0, y, size, "heading")
    y = _lines(items, wrap_text(ruling.text, size, width, m.text_width), 0, y, size, "result")
    return items, y


def _flow(
    blocks: Sequence[CardBlock],
    size: float,
    top: float,
    m: PageMetrics,
    rulings_title: str = RULINGS_TITLE,
) -> list[SheetItem] | None:
    """The blocks in two columns at ``size``, or None when they do not fit; the first
    ruling has ``rulings_title`` above it."""
    left, _top, right, _bottom = m.printable
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
            title = rulings_title if first_ruling else ""
            block_items, height = _ruling(block, width, size, m, title)
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
    return _card_page(m, CARD_TITLE, card_blocks(rules), RULINGS_TITLE)


def _card_page(m: PageMetrics, title: str, blocks: Sequence[CardBlock], rulings_title: str) -> Page:
    m.check()
    left, top, right, _bottom = m.printable
    title_y = top + m.title_size * TEXT_HEIGHT / 2
    header: list[SheetItem] = [TextItem(left, title_y, title, m.title_size, "heading")]
    rule_y = top + m.title_size * TEXT_HEIGHT + 4
    header.append(LineItem(left, rule_y, right, rule_y, 0.8, "column"))
    for size in CARD_SIZES:
        items = _flow(blocks, size, rule_y + m.gap * 0.75, m, rulings_title)
        if items is not None:
            return Page(m.width, m.height, (*header, *items), (), "card")
    raise PrintError("the page is too small for the scoring card")


# The games of individual players -----------------------------------------------------------

VARIANT_TITLES = {
    Variant.THREE_PLAYER: ("three players", "The rulings T1-T16"),
    Variant.CHOUETTE: ("the chouette", "The rulings C1-C7"),
    Variant.CUTTHROAT: ("cutthroat, four players", "The rulings F1-F7"),
}
"""Each game's page of the card: what its title adds, and the title over its rulings."""


def _pad_table(variant: Variant, rules: Rules) -> CardTable:
    """What the pad of a game of individual players shows, and the numbers that differ
    from two players."""
    seats = variant.seats
    rows: list[tuple[str, str]] = [
        ("Columns", f"{seats}, one per player"),
        ("Cards played", "two hands of nine cards: 9 tricks"),
        ("Game", f"{rules.game_target} below the line"),
        ("Rubber", f"{GAMES_TO_WIN_RUBBER} games; {rules.rubber_bonus} above"),
        ("(60) on the pad", "a copy: written again for a partner"),
        ("Settled", f"{seats} × the player's total {MINUS} the sum of the totals"),
    ]
    if variant is not Variant.CHOUETTE:
        lost = (
            f"{LOST_NULLO_FIRST_TRICK_THREE_PLAYERS} + {LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS}"
            " for each further trick"
        )
        rows.insert(4, ("Nullo lost", lost))
    return CardTable(f"The pad: {VARIANT_TITLES[variant][0]}", (), tuple(rows), (0.36, 0.64))


def _three_player_rulings(rules: Rules) -> list[CardRuling]:
    first = LOST_NULLO_FIRST_TRICK_THREE_PLAYERS
    further = LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS
    return [
        CardRuling(
            "T1: A column per player",
            ("Each player has his own column, above and below the line. Nobody has a fixed "
             "partner: who plays with whom changes every hand.",),
        ),
        CardRuling(
            "T2: The deal",
            ("A cut decides the first dealer of each rubber; then the deal passes clockwise, "
             "thrown-in deals included.",),
        ),
        CardRuling(
            "T3, T4: Who plays",
            ("The declarer (D) plays against the active defender (A). The third player, the "
             "inactive player (I), sets his cards aside and sides with one of them: with A "
             "when the hand is not doubled and in Nullo; after a double, with the player he "
             "chose.",),
        ),
        CardRuling(
            "T5: Who wins",
            ("Trick scores and totals are those of two players (R1, R2), between D and A, "
             "with nine tricks. I has no trick score, melds or total.",),
        ),
        CardRuling(
            "T6: Not doubled",
            ("D's total higher: D's trick score below, A's above. A's total higher: both "
             "trick scores above, for A (never below). Equal totals: both trick scores to "
             "prison.",),
        ),
        CardRuling(
            "T7: Doubled or redoubled",
            ("The higher total scores m × (both trick scores) below; the other scores no "
             "trick points. Equal totals: m × (both trick scores) to prison.",),
        ),
        CardRuling(
            "T8: The inactive player copies his partner",
            ("I writes again, above the line, every amount written in the hand for the "
             "player he sided with: trick points, melds, bonuses, prison won, the rubber "
             "bonus. I never writes below. The pad puts a copy in parentheses.",),
        ),
        CardRuling(
            "T9, T10: Melds and Slam",
            (f"Melds above for D and A, never multiplied. Slam made: {SLAM_BONUS} above for "
             "D. Slam failed: D scores no trick points; A scores m × (both trick scores), "
             "above when not doubled, below when doubled and A's total is higher. Unbid "
             f"slam: {UNBID_SLAM_BONUS} above.",),
        ),
        CardRuling(
            "T11: Nullo",
            (f"All card points go to prison, never multiplied. Made: {NULLO_BONUS} above for "
             f"the Nullo bidder. Lost after k tricks: {first} + {further} × (k {MINUS} 1) "
             "above for A, and the same for I.",),
        ),
        CardRuling(
            "T12: Prison",
            ("The winning active player of the next hand with a winner scores the whole "
             "prison above; I scores it too when on his side.",),
        ),
        CardRuling(
            "T13, T14: Game and rubber",
            (f"The first player with {rules.game_target} below wins the game; all three start "
             f"the next game at 0. The first to win two games wins the rubber and "
             f"{rules.rubber_bonus} above; I copies it when on his side.",),
        ),
        CardRuling(
            "T15: Settling a rubber",
            ("Every player settles with every other: 3 × his total "
             f"{MINUS} the sum of the three totals. The results add up to 0; the sitting's "
             "result is the sum of its rubbers'.",),
        ),
        CardRuling(
            "T16: Mistakes the pad refuses",
            ("A player in two roles; a double without its doubler or side; card points, "
             "melds or tricks for I; more card points than the deck; tricks that do not add "
             "up to 9 in Nullo or Slam.",),
        ),
    ]  # fmt: skip


def _chouette_rulings(rules: Rules) -> list[CardRuling]:
    return [
        CardRuling(
            "C1: The box against the team",
            ("One player, the box, plays alone against a team of two: the captain, who plays "
             "the cards, and the partner, who advises. Each hand is a two-player hand of the "
             "box against the team, with nine tricks.",),
        ),
        CardRuling(
            "C2: Roles for a whole rubber",
            ("The box, the captain and the partner keep their roles until the rubber ends. "
             "The pad names them above each rubber.",),
        ),
        CardRuling(
            "C3: After a rubber",
            ("The box won: he stays in the box, the partner becomes captain and the captain "
             "partner. The team won: the captain goes into the box, the partner becomes "
             "captain and the old box partner.",),
        ),
        CardRuling(
            "C4: The partner scores with the captain",
            ("Everything written for the team is written, the same, in the captain's column "
             "and in the partner's, on the same line. The pad puts the partner's copy in "
             "parentheses.",),
        ),
        CardRuling(
            "C5: Game and rubber",
            (f"{rules.game_target} below wins a game, two games the rubber: "
             f"{rules.rubber_bonus} above for the box, or for each team member. Only the "
             "captain's points below count for the team's game.",),
        ),
        CardRuling(
            "C6: Settling a rubber",
            (f"With d = the team's total {MINUS} the box's total: the captain +d, the partner "
             f"+d, the box {MINUS}2d.",),
        ),
        CardRuling(
            "C7: The deal",
            ("The deal alternates between the box and the captain; a new cut starts each "
             "rubber.",),
        ),
    ]  # fmt: skip


def _cutthroat_rulings(rules: Rules) -> list[CardRuling]:
    first = LOST_NULLO_FIRST_TRICK_THREE_PLAYERS
    further = LOST_NULLO_EXTRA_TRICK_THREE_PLAYERS
    return [
        CardRuling(
            "F1: Four columns",
            ("Four players, each with his own column, above and below the line.",),
        ),
        CardRuling(
            "F2: The dealer sits out",
            ("The dealer deals to the other three, who play the three-player game (T1-T16). "
             "He plays no cards and has no other role.",),
        ),
        CardRuling(
            "F3: The dealer scores as the inactive player",
            ("After the hand the dealer writes above the line a copy of everything written "
             "for the inactive player: not doubled and in Nullo, what the active defender "
             "scored; doubled, what the player the inactive player sided with scored. He "
             "never writes below. The pad puts a copy in parentheses.",),
        ),
        CardRuling(
            "F4: Nullo lost",
            (f"{first} + {further} for each further trick, above, to the active defender, to "
             "the inactive player and to the dealer.",),
        ),
        CardRuling(
            "F5: Game and rubber",
            (f"The first player with {rules.game_target} below wins the game; the first to win "
             f"two games wins the rubber and {rules.rubber_bonus} above, copied by the "
             "inactive player and the dealer when on his side.",),
        ),
        CardRuling(
            "F6: Settling a rubber",
            (f"Every player: 4 × his total {MINUS} the sum of the four totals. The results "
             "add up to 0.",),
        ),
        CardRuling(
            "F7: The deal",
            ("The deal passes clockwise, thrown-in deals included; a new cut starts each "
             "rubber.",),
        ),
    ]  # fmt: skip


def variant_card_blocks(variant: Variant, rules: Rules | None = None) -> tuple[CardBlock, ...]:
    """Everything on the card's page for a game of individual players: what its pad shows,
    then its rulings in short. ``rules`` sets the game target and the rubber bonus shown
    (the variant's standard rules when None)."""
    rules = rules or Rules.for_variant(variant)
    rulings = {
        Variant.THREE_PLAYER: _three_player_rulings,
        Variant.CHOUETTE: _chouette_rulings,
        Variant.CUTTHROAT: _cutthroat_rulings,
    }
    if variant not in rulings:
        raise PrintError(f"the card has no page of its own for the {variant.value} game")
    return (_pad_table(variant, rules), *rulings[variant](rules))


def layout_variant_card(m: PageMetrics, variant: Variant, rules: Rules | None = None) -> Page:
    """The card's page for a game of individual players (three-player, chouette,
    cutthroat), at the largest size of :data:`CARD_SIZES` that fits."""
    blocks = variant_card_blocks(variant, rules)
    name, rulings_title = VARIANT_TITLES[variant]
    return _card_page(m, f"{CARD_TITLE}: {name}", blocks, rulings_title)
