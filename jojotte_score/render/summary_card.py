"""The one-page scoring card: the game's numbers and the rulings, as data and as a page.

The numbers come from the core's tables (:mod:`jojotte_score.core.tables`, the meld ranks
of :mod:`jojotte_score.core.melds`, the default rules); the words are those of
docs/RULES.md, where every text of the card can be found (a test checks it). No Qt.

The card is laid out in two columns that fill top to bottom, left column first; the font
size is the largest of :data:`CARD_SIZES` at which everything fits on one page.

The games whose figures the first page does not give have a page each
(:func:`layout_variant_card`): the three-player game (T1-T16), the chouette (C1-C7) and
cutthroat (F1-F7). Each game declares its page (:attr:`~jojotte_score.core.games.game.Game.
card_page`): its title, the rows its pad adds and its rulings, in short plain words that
say what docs/RULES.md says under "Three players", "The chouette" and "Cutthroat", with the
numbers taken from the core's tables as on the first page. The page's table of the pad is
drawn from the game's facts (its columns, the cards played, its game and rubber, its
copies and how a rubber is settled). This module lays out whatever a game declares; it
never asks which game it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jojotte_score.core.games import all_games, find_game
from jojotte_score.core.games.game import copy_text
from jojotte_score.core.melds import FOURS_ORDER_NO_TRUMP, FOURS_ORDER_TRUMP, Rank
from jojotte_score.core.model import Doubling, GameKey, Rules, Variant
from jojotte_score.core.tables import (
    DECK_POINTS_NO_TRUMP,
    DECK_POINTS_TRUMP,
    FOUR_OF_A_KIND_POINTS,
    GAMES_TO_WIN_RUBBER,
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
from jojotte_score.i18n import N_, _, pgettext
from jojotte_score.render.page_layout import (
    Page,
    PageMetrics,
    PrintError,
    wrap_text,
)
from jojotte_score.render.sheet_items import TEXT_HEIGHT, LineItem, SheetItem, TextItem
from jojotte_score.render.text_fit import TextWidth, keep_together

CARD_TITLE = N_("Jo-Jotte scoring card")
"""The card's title (in English: translate with ``_()`` where shown)."""

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


RULINGS_TITLE = N_("The rulings")
"""The title over the two-player rulings (in English: translate with ``_()``)."""


def _card_values() -> CardTable:
    ranks = [Rank(key) for key in TRUMP_CARD_VALUES]
    rows = [
        (
            _capitalised(rank.word),
            str(TRUMP_CARD_VALUES[rank.value]),
            str(PLAIN_CARD_VALUES[rank.value]),
        )
        for rank in ranks
    ]
    rows.append(
        (
            pgettext("scoring card", "One suit"),
            str(sum(TRUMP_CARD_VALUES.values())),
            str(sum(PLAIN_CARD_VALUES.values())),
        )
    )
    return CardTable(
        _("Card values"),
        (
            pgettext("scoring card", "Card"),
            _("In the trump suit"),
            _("In a plain suit, at no-trump and in Nullo"),
        ),
        tuple(rows),
        (0.34, 0.28, 0.38),
        frozenset({1, 2}),
    )


def _ranks(order: Sequence[Rank]) -> str:
    # Translators: what separates the ranks in an order of them: "J, 9, A".
    return _(", ").join(rank.letter for rank in order)


def _deck_table() -> CardTable:
    """The card points in the deck, with a trump suit and without."""
    return CardTable(
        _("The deck: {trump} or {no_trump}").format(
            trump=DECK_POINTS_TRUMP, no_trump=DECK_POINTS_NO_TRUMP
        ),
        (pgettext("scoring card", "Contract"), _("Card points in the deck")),
        (
            (_("A trump suit"), str(DECK_POINTS_TRUMP)),
            (_("No-trump, and every Nullo"), str(DECK_POINTS_NO_TRUMP)),
        ),
        (0.62, 0.38),
        frozenset({1}),
    )


def _last_trick_table() -> CardTable:
    """The last trick's bonus and Jo-Jotte's, and when each counts."""
    return CardTable(
        _("Last trick and Jo-Jotte"),
        (
            pgettext("scoring card", "What"),
            pgettext("scoring card", "Points"),
            pgettext("scoring card", "When"),
        ),
        (
            (
                pgettext("scoring card", "Last trick"),
                str(LAST_TRICK_BONUS),
                _("Every hand except Nullo"),
            ),
            (
                pgettext("scoring card", "Jo-Jotte"),
                str(JOJOTTE_BONUS),
                _("Only with a trump suit; never at no-trump or in Nullo."),
            ),
        ),
        (0.25, 0.15, 0.60),
        frozenset({1}),
    )


def _melds_table() -> CardTable:
    """What each class of melds scores."""
    return CardTable(
        pgettext("scoring card", "Melds"),
        (),
        (
            (_("Class A, four of a kind"), str(FOUR_OF_A_KIND_POINTS)),
            (_("Class B, sequences"), ""),
            (pgettext("scoring card", "Three cards"), str(SEQUENCE_POINTS[3])),
            (pgettext("scoring card", "Four cards"), str(SEQUENCE_POINTS[4])),
            (pgettext("scoring card", "Five cards"), str(SEQUENCE_POINTS[5])),
        ),
        (0.75, 0.25),
        frozenset({1}),
        (_("In each class only one player scores: the one with the higher meld in that class."),),
    )


def _fours_order_table() -> CardTable:
    """Which four of a kind beats which, with a trump suit and without."""
    return CardTable(
        _("Which four of a kind is higher"),
        (pgettext("scoring card", "Contract"), _("Rank order, high to low")),
        (
            (pgettext("scoring card", "Trump suit"), _ranks(FOURS_ORDER_TRUMP)),
            (pgettext("scoring card", "No-trump"), _ranks(FOURS_ORDER_NO_TRUMP)),
        ),
        (0.4, 0.6),
    )


def _doubling_table() -> CardTable:
    """The multiplier of each contract and what it multiplies."""
    trick_scores_only = _("the trick scores only")
    return CardTable(
        pgettext("scoring card", "Doubling"),
        (pgettext("scoring card", "Contract"), _("Multiplier m"), _("Multiplies")),
        (
            (pgettext("scoring card", "Not doubled"), str(Doubling.NONE.multiplier), "—"),
            (
                _("Doubled (by the defender)"),
                str(Doubling.DOUBLE.multiplier),
                trick_scores_only,
            ),
            (
                _("Redoubled (by the declarer)"),
                str(Doubling.REDOUBLE.multiplier),
                trick_scores_only,
            ),
        ),
        (0.45, 0.2, 0.35),
        frozenset({1}),
        (_("Melds, bonuses and Nullo are never multiplied"),),
    )


def _bonuses_table(rules: Rules) -> CardTable:
    """The bonuses, the game and the rubber, with ``rules``' target and rubber bonus."""
    partnership_target = find_game(Variant.PARTNERSHIP).default_game_target  # the first page's
    tricks = find_game(Variant.TWO_PLAYER).tricks_per_hand
    return CardTable(
        _("Bonuses, game and rubber"),
        (
            pgettext("scoring card", "What"),
            pgettext("scoring card", "Points"),
            pgettext("scoring card", "Where"),
        ),
        (
            (
                _(
                    "Unbid slam: all {tricks} tricks without having bid a slam (not in Nullo)"
                ).format(tricks=tricks),
                str(UNBID_SLAM_BONUS),
                _("above, for the side that took them"),
            ),
            (_("Slam bid and made"), str(SLAM_BONUS), _("above, for the declarer")),
            (
                _("Nullo made: the Nullo bidder took no trick"),
                str(NULLO_BONUS),
                _("above, for the Nullo bidder"),
            ),
            (
                pgettext("scoring card", "Nullo failed"),
                _(
                    "{first} for the first trick the Nullo bidder took, "
                    "+ {further} for each further trick"
                ).format(first=NULLO_BONUS, further=NULLO_EXTRA_TRICK_BONUS),
                _("above, for the Nullo bidder's opponent"),
            ),
            (
                pgettext("scoring card", "Game"),
                _("{target} below the line ({partnerships} in partnerships)").format(
                    target=rules.game_target, partnerships=partnership_target
                ),
                _("the first side to reach it wins the game"),
            ),
            (
                _("Rubber: the first side to win two games"),
                str(rules.rubber_bonus),
                _("above, for the rubber's winner"),
            ),
        ),
        (0.38, 0.34, 0.28),
    )


def _hand_rulings() -> tuple[CardRuling, ...]:
    """R1-R5: how a played hand is scored."""
    return (
        CardRuling(
            _("R1: Trick score"),
            (
                _(
                    "A side's trick score is its card points, plus {last_trick} if it won "
                    "the last trick (not in Nullo), plus {jojotte} if it declared Jo-Jotte "
                    "(only with a trump suit; never at no-trump or in Nullo)."
                ).format(last_trick=LAST_TRICK_BONUS, jojotte=JOJOTTE_BONUS),
            ),
        ),
        CardRuling(
            _("R2: Total score"),
            (_("A side's total is its trick score plus the meld points it scored in the hand."),),
        ),
        CardRuling(
            _("R3: Who wins an undoubled hand"),
            (
                _("The side with the higher total wins."),
                _(
                    "The declarer wins: the declarer's trick score goes below, the defender's "
                    "trick score above."
                ),
                _("The defender wins: both trick scores go below, for the defender."),
                _("Equal totals: both trick scores go to prison (R10)."),
            ),
        ),
        CardRuling(
            _("R4: Doubled and redoubled hands"),
            (
                _(
                    "On a doubled or redoubled contract (m = 2 or 4), the side with the higher "
                    "total scores m × (both trick scores) below, whether it is the declarer or "
                    "the defender. The other side scores no trick points, not even above. Equal "
                    "totals: m × (both trick scores) go to prison."
                ),
            ),
        ),
        CardRuling(
            _("R5: Melds are always scored above"),
            (
                _(
                    "Meld points are written above the line for their side in every played "
                    "hand: whoever wins, in ties, Nullo and slam hands. They are never "
                    "multiplied."
                ),
            ),
        ),
    )


def _slam_rulings() -> tuple[CardRuling, ...]:
    """R6-R8: slams unbid, bid and made, bid and failed."""
    tricks = find_game(Variant.TWO_PLAYER).tricks_per_hand
    return (
        CardRuling(
            _("R6: Unbid slam"),
            (
                _(
                    "A side that wins all {tricks} tricks (all {partnership_tricks} in "
                    "partnerships) without having bid a slam scores {bonus} above, besides its "
                    "trick points. Not in Nullo."
                ).format(
                    tricks=tricks,
                    partnership_tricks=find_game(Variant.PARTNERSHIP).tricks_per_hand,
                    bonus=UNBID_SLAM_BONUS,
                ),
            ),
        ),
        CardRuling(
            _("R7: Slam bid and made"),
            (
                _(
                    "A declarer who bid a slam and won all {tricks} tricks scores {bonus} above "
                    "(instead of the {unbid} of R6). The trick points are scored as in R3 "
                    "or R4."
                ).format(tricks=tricks, bonus=SLAM_BONUS, unbid=UNBID_SLAM_BONUS),
            ),
        ),
        CardRuling(
            _("R8: Slam bid and failed"),
            (
                _(
                    "If the declarer bid a slam and lost a trick, the declarer scores no trick "
                    "points. The defender scores m × (both trick scores): below if the "
                    "defender's total is higher than the declarer's, otherwise above. The "
                    "defender wins the hand (and so takes any prison)."
                ),
            ),
        ),
    )


def _prison_rulings() -> tuple[CardRuling, ...]:
    """R9-R11: Nullo and prison."""
    return (
        CardRuling(
            _("R9: Nullo"),
            (
                _("All card points of the hand ({deck} when all are counted) go to prison.").format(
                    deck=DECK_POINTS_NO_TRUMP
                ),
                _("A Nullo hand has no winner: prison already waiting stays there."),
            ),
        ),
        CardRuling(
            _("R10: Prison goes to the next winner"),
            (
                _(
                    "Prison accumulates until a hand has a winner: the side that scores trick "
                    "points below, or the defender of a failed slam. That side scores the "
                    "whole prison above, in that hand. Ties, Nullo hands and thrown-in deals "
                    "have no winner, so prison waits through them."
                ),
            ),
        ),
        CardRuling(
            _("R11: Prison left at the end of a sitting"),
            (_("Prison still waiting when the sitting ends belongs to nobody."),),
        ),
    )


def _game_rulings(rules: Rules) -> tuple[CardRuling, ...]:
    """R12-R15: games, rubbers and thrown-in deals, with ``rules``' target and rubber bonus."""
    partnership_target = find_game(Variant.PARTNERSHIP).default_game_target  # the first page's
    return (
        CardRuling(
            _("R12: Game"),
            (
                _(
                    "A side wins a game when its below-the-line points in the current game "
                    "reach the target: {target}, or {partnerships} in partnerships. Both sides "
                    "then start the next game at 0 below: part scores do not carry over."
                ).format(target=rules.game_target, partnerships=partnership_target),
            ),
        ),
        CardRuling(
            _("R13: Rubber"),
            (
                _(
                    "The first side to win two games wins the rubber and scores the rubber "
                    "bonus ({bonus}) above, in the hand that wins the second game."
                ).format(bonus=rules.rubber_bonus),
            ),
        ),
        CardRuling(
            _("R14: The result of a rubber"),
            (
                _(
                    "Each side's total for a rubber is the sum of all its entries in that "
                    "rubber: above and below the line, melds, bonuses and prison won. The "
                    "difference is credited to the side with more points."
                ),
            ),
        ),
        CardRuling(
            _("R15: Thrown-in deals"),
            (
                _(
                    "A deal in which nobody named a trump or no-trump scores nothing, but it "
                    "is kept as a hand of its own, so the hand numbers and the turn to deal "
                    "stay as they were at the table. Prison waits through it."
                ),
            ),
        ),
    )


def card_blocks(rules: Rules | None = None) -> tuple[CardBlock, ...]:
    """Everything on the card, in order: the tables of numbers, then the rulings.

    ``rules`` sets the game target and the rubber bonus shown (the defaults when None).
    """
    rules = rules or Rules()
    return (
        _card_values(),
        _deck_table(),
        _last_trick_table(),
        _melds_table(),
        _fours_order_table(),
        _doubling_table(),
        _bonuses_table(rules),
        *_hand_rulings(),
        *_slam_rulings(),
        *_prison_rulings(),
        *_game_rulings(rules),
    )


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
    widths = [share * width for share in _shares(table, width, size, pad, measure)]
    lefts = [sum(widths[:index]) for index in range(len(widths))]

    def row(cells: Sequence[str], top: float, role: str) -> float:
        bottom = top
        for index, cell in enumerate(cells):
            room = widths[index] - pad
            lines = wrap_text(keep_together(cell), size, room, measure)
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
        note_lines = wrap_text(keep_together(note), size, width, measure)
        y = _lines(items, note_lines, 0, y + 1, size, "result")
    return items, y


SHARE_STEP = 0.025
"""The step between the columns' shares tried for a table (see :func:`_shares`)."""
SMALLEST_SHARE = 0.15
"""No column of a table is given less of the width than this."""


def _splits(columns: int) -> list[tuple[float, ...]]:
    """Every way to share the width among ``columns`` columns in steps of
    :data:`SHARE_STEP`, none smaller than :data:`SMALLEST_SHARE`."""
    steps = round(1 / SHARE_STEP)
    least = round(SMALLEST_SHARE / SHARE_STEP)
    found: list[tuple[float, ...]] = []

    def extend(chosen: tuple[int, ...], left: int) -> None:
        if len(chosen) == columns - 1:
            if left >= least:
                found.append(tuple(step * SHARE_STEP for step in (*chosen, left)))
            return
        for step in range(least, left - least * (columns - 1 - len(chosen)) + 1):
            extend((*chosen, step), left - step)

    extend((), steps)
    return found


def _shares(
    table: CardTable, width: float, size: float, pad: float, measure: TextWidth
) -> tuple[float, ...]:
    """The columns' shares of ``width``: the table's own, unless another split takes fewer
    lines for the texts in the language spoken (German words are longer than English
    ones, and not in the same columns); of two splits as short, the one nearer the
    table's own."""
    widths: dict[str, float] = {}

    def measured(text: str, at: float) -> float:
        if text not in widths:
            widths[text] = measure(text, at)
        return widths[text]

    rows = [table.headings, *table.rows] if any(table.headings) else list(table.rows)

    def lines(shares: tuple[float, ...]) -> int:
        return sum(
            max(
                len(wrap_text(keep_together(cell), size, share * width - pad, measured))
                for cell, share in zip(row, shares, strict=True)
            )
            for row in rows
        )

    def distance(shares: tuple[float, ...]) -> float:
        return sum(abs(a - b) for a, b in zip(shares, table.shares, strict=True))

    if len(table.shares) < 2:
        return table.shares
    best = min(_splits(len(table.shares)), key=lambda shares: (lines(shares), distance(shares)))
    return best if lines(best) < lines(table.shares) else table.shares


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
    text = keep_together(ruling.text)
    y = _lines(items, wrap_text(text, size, width, m.text_width), 0, y, size, "result")
    return items, y


def _flow(
    blocks: Sequence[CardBlock],
    size: float,
    top: float,
    m: PageMetrics,
    rulings_title: str = "",
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


FIRST_PAGE_GAMES = N_("two players and partnerships")
"""The games whose figures the card's first page gives (the others have a page each)."""


def layout_card(m: PageMetrics, rules: Rules | None = None) -> Page:
    """The card's first page, at the largest size of :data:`CARD_SIZES` that fits: its
    title names the games whose figures it gives."""
    title = _("Jo-Jotte scoring card: {game}").format(game=_(FIRST_PAGE_GAMES))
    return _card_page(m, title, card_blocks(rules), _(RULINGS_TITLE))


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
    raise PrintError(_("the page is too small for the scoring card"))


# The games of individual players -----------------------------------------------------------


def card_page_games() -> tuple[GameKey, ...]:
    """The games whose page follows the card's first page, in the order the program offers
    them (every game the registry knows that declares a ``card_page``)."""
    return tuple(game.variant for game in all_games() if game.card_page is not None)


def _game_page(variant: GameKey) -> tuple[str, str]:
    """What the game's page of the card adds to its title, and the title over its rulings
    (English); the games of the first page have none."""
    page = find_game(variant).card_page
    if page is None:
        message = _("the card has no page of its own for the {game} game")
        raise PrintError(message.format(game=variant))
    return page


def _pad_table(variant: GameKey, rules: Rules) -> CardTable:
    """What the game's pad shows, and the numbers that differ from two players, drawn from
    what the game declares: its columns, the cards played, its game and rubber, its copies
    and how a rubber is settled."""
    game = find_game(variant)
    seats = game.seats
    if game.per_player:
        columns = _("{count}, one per player").format(count=seats)
        settled = _("{count} × the player's total \u2212 the sum of the totals").format(count=seats)
    else:
        columns = _("{count}, one per side").format(count=game.column_count)
        settled = _("the difference between the sides' totals (R14)")
    if game.all_cards_played:
        played = _("all 32 cards: {tricks} tricks").format(tricks=game.tricks_per_hand)
    else:
        played = _("two hands of nine cards: 9 tricks")
    rows: list[tuple[str, str]] = [
        (pgettext("scoring card", "Columns"), columns),
        (pgettext("scoring card", "Cards played"), played),
        (
            pgettext("scoring card", "Game"),
            _("{target} below the line").format(target=rules.game_target),
        ),
        (
            pgettext("scoring card", "Rubber"),
            _("{games} games; {bonus} above").format(
                games=GAMES_TO_WIN_RUBBER, bonus=rules.rubber_bonus
            ),
        ),
        (pgettext("scoring card", "Settled"), settled),
    ]
    if game.copy_legend is not None:
        copies = (
            _("{copy} on the pad").format(copy=copy_text(60)),
            # Who copies whom differs by game (T8, F3, C4): the rulings below say.
            _("a copy of another player's entry"),
        )
        rows.insert(4, copies)
    rows[4:4] = game.card_pad_rows()  # the game's own rows, after the rubber's
    title = _("The pad: {game}").format(game=_(_game_page(variant)[0]))
    return CardTable(title, (), tuple(rows), (0.36, 0.64))


def variant_card_blocks(variant: GameKey, rules: Rules | None = None) -> tuple[CardBlock, ...]:
    """Everything on the card's page of a game that has one (its ``card_page``): what its
    pad shows, then its rulings in short. ``rules`` sets the game target and the rubber
    bonus shown (the game's standard rules when None)."""
    rules = rules or find_game(variant).standard_rules
    _game_page(variant)  # a game of the first page has no page of its own
    rulings = (
        CardRuling(heading, parts) for heading, parts in find_game(variant).card_rulings(rules)
    )
    return (_pad_table(variant, rules), *rulings)


def layout_variant_card(m: PageMetrics, variant: GameKey, rules: Rules | None = None) -> Page:
    """The card's page of a game that has one (three-player, chouette, cutthroat; any game
    that declares its ``card_page``), at the largest size of :data:`CARD_SIZES` that
    fits."""
    blocks = variant_card_blocks(variant, rules)
    name, rulings_title = _game_page(variant)
    title = _("Jo-Jotte scoring card: {game}").format(game=_(name))
    return _card_page(m, title, blocks, _(rulings_title))


def _capitalised(word: str) -> str:
    """A word as a cell of the card's tables begins: "Jack" (prose says "jack")."""
    return word[:1].upper() + word[1:]
