"""The circle's records as tables and a plot, in the words of the language spoken. No Qt.

The History window's Records tab and the season report show the same tables: head to head
(every two players who met, and the record of the two chosen), partnerships (each side of
two, against everyone and against each set of opponents), roles and ratings; and the
ratings' course over time as a plot. Each table is a :class:`RecordsTable`: its headings,
which of its columns hold numbers, and a :class:`RecordRow` per line with the cells as
shown, the name a screen reader reads as the row's header, and a key per cell to sort by.
The figures come from :mod:`jojotte_score.core.records`; the CSV of each table is
:mod:`jojotte_score.formats.records_export`'s, as ``jojotte-score stats --csv`` writes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from jojotte_score.core.games import find_game
from jojotte_score.core.model import GameKey
from jojotte_score.core.records.facts import SittingFacts
from jojotte_score.core.records.pairs import HeadToHead, Win
from jojotte_score.core.records.partners import Partnership, SideFigures
from jojotte_score.core.records.ratings import RatedSittings, RatingPage, Ratings
from jojotte_score.core.records.roles import RoleRecord
from jojotte_score.core.series import Series
from jojotte_score.i18n import (
    MINUS,
    N_,
    _,
    format_decimal,
    format_signed,
    format_signed_decimal,
    isolated,
    pgettext,
)
from jojotte_score.render.chart_layout import Chart, sitting_days

SortKey = tuple[str | float, ...] | None
"""How a cell sorts; None for a cell with no figure ("–"), which sorts after every other."""

NONE = "–"
"""A cell with no figure."""


@dataclass(frozen=True, slots=True)
class RecordRow:
    """One line of a records table: ``header`` is what a screen reader reads before each
    cell (the player, or the two players), ``cells`` the texts shown, ``keys`` how each
    cell sorts."""

    header: str
    cells: tuple[str, ...]
    keys: tuple[SortKey, ...]


@dataclass(frozen=True, slots=True)
class RecordsTable:
    """A table of records: ``kind`` is the command line's name for it ("pairs",
    "partners", "roles", "ratings"; "pair" for the record of two players chosen),
    ``title`` and ``headings`` are in the language spoken, ``numbers`` the indexes of the
    columns holding figures (right-aligned), ``shares`` each column's share of a page's
    width."""

    kind: str
    title: str
    headings: tuple[str, ...]
    numbers: frozenset[int]
    shares: tuple[float, ...]
    rows: tuple[RecordRow, ...]
    cut: frozenset[int] = frozenset()
    """The columns whose cells a page may cut short to give the figures room (the ways to
    play a pair met in, listed in full on screen and in the CSV)."""


def _name(name: str) -> tuple[str, str]:
    return (name.casefold(), name)


def _win(win: Win | None) -> str:
    return NONE if win is None else format_signed(win.points)


def _games(keys: Sequence[GameKey]) -> str:
    # Translators: what separates the ways to play in a records table ("Four, Chouette").
    return _(", ").join(_(find_game(str(key)).label) for key in keys)


def _decimal(value: float, places: int) -> str:
    """A decimal with the language's decimal mark and a true minus: "\u22120,55"."""
    return format_decimal(value, places).replace("-", MINUS)


def _per_rubber(value: float | None) -> str:
    return NONE if value is None else format_signed_decimal(value, 1)


def _streak(record: HeadToHead) -> str:
    if record.streak is None:
        return NONE
    # Translators: a current streak in a records table: who won the latest rubbers, how many.
    return _("{player} {rubbers}").format(
        player=isolated(record.streak.player), rubbers=record.streak.rubbers
    )


def _two(first: str, second: str) -> str:
    # Translators: two players named together in a records table: "Anna & Bert".
    return _("{first} & {second}").format(first=isolated(first), second=isolated(second))


def _pair_row(record: HeadToHead) -> RecordRow:
    """One row of the head-to-head table, from the first player's side."""
    first, second = record.players
    win, loss = record.largest_win
    return RecordRow(
        _two(first, second),
        (
            isolated(first),
            isolated(second),
            str(record.rubbers),
            str(record.won[0]),
            str(record.won[1]),
            str(record.neither_won),
            str(record.unfinished),
            format_signed(record.net_points),
            _win(win),
            _win(loss),
            _streak(record),
            _games(record.games),
        ),
        (
            _name(first),
            _name(second),
            (record.rubbers,),
            (record.won[0],),
            (record.won[1],),
            (record.neither_won,),
            (record.unfinished,),
            (record.net_points,),
            None if win is None else (win.points,),
            None if loss is None else (loss.points,),
            None if record.streak is None else _name(record.streak.player),
            (_games(record.games),),
        ),
    )


def pairs_table(records: Sequence[HeadToHead]) -> RecordsTable:
    """Every two players who met: a row from the first player's side (see
    :class:`~jojotte_score.core.records.pairs.HeadToHead`)."""
    rows = [_pair_row(record) for record in records]
    return RecordsTable(
        "pairs",
        _("Head to head"),
        (
            pgettext("records", "Player"),
            pgettext("records", "Opponent"),
            pgettext("records", "Rubbers"),
            pgettext("records", "Won"),
            pgettext("records", "Lost"),
            pgettext("records", "Won by another"),
            pgettext("records", "Open"),
            pgettext("records", "Net"),
            pgettext("records", "Largest win"),
            pgettext("records", "Largest loss"),
            pgettext("records", "Streak"),
            pgettext("records", "Ways to play"),
        ),
        frozenset(range(2, 10)),
        (0.08, 0.10, 0.08, 0.05, 0.05, 0.08, 0.06, 0.07, 0.09, 0.09, 0.09, 0.16),
        tuple(rows),
        frozenset({11}),
    )


def pair_table(record: HeadToHead) -> RecordsTable:
    """The record of the two players chosen, a row per figure, a column per player: the
    rubbers they played against each other, won by each, the points settled between them
    (each one's side), the largest win and the current streak."""
    first, second = record.players
    win, loss = record.largest_win
    streak = record.streak
    streaks = (
        str(streak.rubbers) if streak is not None and streak.player == first else NONE,
        str(streak.rubbers) if streak is not None and streak.player == second else NONE,
    )
    figures: list[tuple[str, str, str]] = [
        (_("Rubbers against each other"), str(record.rubbers), str(record.rubbers)),
        (_("Rubbers won"), str(record.won[0]), str(record.won[1])),
        (_("Rubbers won by another player"), str(record.neither_won), str(record.neither_won)),
        (_("Rubbers still open"), str(record.unfinished), str(record.unfinished)),
        (
            _("Net points between them"),
            format_signed(record.net_points),
            format_signed(-record.net_points),
        ),
        (pgettext("records", "Largest win"), _win(win), _win(loss)),
        (_("Current streak of rubbers won"), *streaks),
    ]
    rows = tuple(
        RecordRow(figure, (figure, one, other), (None, None, None))
        for figure, one, other in figures
    )
    return RecordsTable(
        "pair",
        _("{first} against {second}").format(first=isolated(first), second=isolated(second)),
        (pgettext("records", "Figure"), isolated(first), isolated(second)),
        frozenset({1, 2}),
        (0.5, 0.25, 0.25),
        rows,
    )


def _side_row(
    players: tuple[str, str], against: tuple[str, ...], figures: SideFigures, games: str
) -> RecordRow:
    first, second = players
    shown_against = _(" & ").join(isolated(name) for name in against) if against else _("anyone")
    per_rubber = figures.per_rubber
    return RecordRow(
        _two(first, second),
        (
            isolated(first),
            isolated(second),
            shown_against,
            str(figures.rubbers),
            str(figures.won),
            str(figures.unfinished),
            format_signed(figures.net_points),
            _per_rubber(per_rubber),
            games,
        ),
        (
            _name(first),
            _name(second),
            ("",) if not against else tuple(name.casefold() for name in against),
            (figures.rubbers,),
            (figures.won,),
            (figures.unfinished,),
            (figures.net_points,),
            None if per_rubber is None else (per_rubber,),
            (games,),
        ),
    )


def partners_table(records: Sequence[Partnership]) -> RecordsTable:
    """Every partnership: a row against everyone ("anyone"), then a row per set of
    opponents it met, as ``jojotte-score stats --partners`` prints them."""
    rows = []
    for record in records:
        games = _games(record.games)
        rows.append(_side_row(record.players, (), record.figures, games))
        rows.extend(
            _side_row(record.players, opponents.names, opponents.figures, games)
            for opponents in record.opponents
        )
    return RecordsTable(
        "partners",
        _("Partnerships"),
        (
            pgettext("records", "Player"),
            pgettext("records", "Partner"),
            pgettext("records", "Against"),
            pgettext("records", "Rubbers"),
            pgettext("records", "Won"),
            pgettext("records", "Open"),
            pgettext("records", "Net"),
            pgettext("records", "Per rubber"),
            pgettext("records", "Ways to play"),
        ),
        frozenset(range(3, 8)),
        (0.11, 0.11, 0.20, 0.08, 0.07, 0.07, 0.09, 0.10, 0.17),
        tuple(rows),
        frozenset({8}),
    )


def roles_table(records: Sequence[RoleRecord]) -> RecordsTable:
    """Every player's figures in every role he held, a row per player, game and role."""
    rows = tuple(
        RecordRow(
            isolated(record.player),
            (
                isolated(record.player),
                _(find_game(str(record.variant)).label),
                _(record.words),
                str(record.figures.rubbers),
                str(record.figures.rubbers_won),
                str(record.figures.hands),
                str(record.figures.hands_won),
                format_signed(record.figures.net_points),
            ),
            (
                _name(record.player),
                (_(find_game(str(record.variant)).label),),
                (_(record.words),),
                (record.figures.rubbers,),
                (record.figures.rubbers_won,),
                (record.figures.hands,),
                (record.figures.hands_won,),
                (record.figures.net_points,),
            ),
        )
        for record in records
    )
    return RecordsTable(
        "roles",
        _("Roles"),
        (
            pgettext("records", "Player"),
            pgettext("records", "Way to play"),
            pgettext("records", "Role"),
            pgettext("records", "Rubbers"),
            pgettext("records", "Rubbers won"),
            pgettext("records", "Hands"),
            pgettext("records", "Hands won"),
            pgettext("records", "Net"),
        ),
        frozenset(range(3, 8)),
        (0.15, 0.15, 0.18, 0.10, 0.11, 0.10, 0.11, 0.10),
        rows,
    )


def ratings_table(ratings: Ratings) -> RecordsTable:
    """Every rated player, the best first: his rank, the rating players are ranked by
    (three uncertainties below the skill), the skill, its uncertainty and the rubbers it
    rests on, to two decimals."""
    rows = tuple(
        RecordRow(
            isolated(rating.player),
            (
                str(rank),
                isolated(rating.player),
                _decimal(rating.ordinal, 2),
                _decimal(rating.mu, 2),
                _decimal(rating.sigma, 2),
                str(rating.rubbers),
            ),
            (
                (rank,),
                _name(rating.player),
                (rating.ordinal,),
                (rating.mu,),
                (rating.sigma,),
                (rating.rubbers,),
            ),
        )
        for rank, rating in enumerate(ratings.players, start=1)
    )
    return RecordsTable(
        "ratings",
        _("Ratings"),
        (
            pgettext("records", "Rank"),
            pgettext("records", "Player"),
            pgettext("records", "Rating"),
            pgettext("records", "Skill"),
            pgettext("records", "Uncertainty"),
            pgettext("records", "Rubbers"),
        ),
        frozenset({0, 2, 3, 4, 5}),
        (0.10, 0.30, 0.15, 0.15, 0.15, 0.15),
        rows,
    )


RATINGS_LEGEND = N_(
    "The rating is the skill less three times its uncertainty: a newcomer starts at 0 and "
    "climbs as his results make the rating surer. It changes after every finished rubber "
    "(openskill's Plackett-Luce model: partners share a result; among players alone the "
    "settlement gives the order)."
)
"""What the ratings mean, under their table (untranslated: show it with ``_()``)."""


RATING_POINTS = 100
"""The most points the ratings' plot has on its time axis: over more sittings it shows the
ratings after every so many (a decade's 1,500 sittings would be 15,000 markers to paint,
a second and more, and as many rows to read aloud)."""


def points_shown(count: int, most: int = RATING_POINTS) -> list[int]:
    """Which of ``count`` rated sittings, by index, the ratings' plot shows: every one when
    they are ``most`` or fewer; else every ``step``-th from the first, with the smallest
    whole step that keeps them at ``most`` or fewer, and the newest always. A point once
    shown stays until the step grows, so a sitting begun moves only the newest point (and
    adds one every ``step`` sittings): the plot is painted again only there, and old
    points no longer wobble as sittings are added."""
    if count <= most:
        return list(range(count))
    step = -(-(count - 1) // (most - 1))
    shown = list(range(0, count, step))
    if shown[-1] != count - 1:
        shown.append(count - 1)
    return shown


def rating_chart(ratings: Ratings, facts: Sequence[SittingFacts], title: str = "") -> Chart:
    """Each player's rating (rounded to a whole number) after each sitting of ``facts``
    in which a rubber was rated, over time; a player has no value before his first rated
    rubber and keeps his rating through the sittings he missed. Over more than
    :data:`RATING_POINTS` such sittings, the ratings after those :func:`points_shown`
    picks: at a fixed step from the first, the newest always among them."""
    return RatingChartMaker().chart(ratings, facts, title)


def page_chart(page: RatingPage, title: str = "") -> Chart:
    """:func:`rating_chart` of the ratings and sittings a :class:`RatingPage` was made of:
    the page keeps what each rated sitting did to the ratings, not their course."""
    shown = points_shown(len(page.rated))
    players = sorted({rating.player for rating in page.players}, key=lambda name: _name(name))
    values: dict[str, list[int | None]] = {name: [] for name in players}
    latest: dict[str, float] = {}
    walked = 0
    rated = page.rated
    for point in shown:
        while walked <= point:
            latest.update(rated[walked].ordinals)
            walked += 1
        for name, line in values.items():
            held = latest.get(name)
            line.append(None if held is None else round(held))
    series = tuple(Series(isolated(name), tuple(values[name])) for name in players)
    moments = page.moments
    days = [moments[rated[point].sitting_id].astimezone().date() for point in shown]
    return Chart(
        title=title or _("Ratings over time"),
        kind="line",
        series=series,
        summary=rating_summary(page.ratings),
        x_values=tuple(range(1, len(shown) + 1)),
        x_labels=sitting_days(days),
        x_title=pgettext("chart axis", "sitting"),
        y_title=pgettext("chart axis", "rating"),
    )


class PageCharts:
    """Makes :func:`page_chart` of one page after another (the Records tab's plot, after
    each recorded hand). When a page differs from the one before only in what its newest
    rated sitting did (a rubber finished in it: the same sittings rated, on the same
    days, the same players rated in it and in all), the chart is the one before with
    those players' last points moved and the summary made again: the chart
    :func:`page_chart` makes of the page, without walking every rated sitting and naming
    the days shown again (1.7-4.3 ms at 1,500 sittings, at a load of 5). Anything else is
    made afresh (``tests/render/test_rating_chart_maker.py``)."""

    def __init__(self) -> None:
        self._page: RatingPage | None = None
        self._chart: Chart | None = None

    def chart(self, page: RatingPage) -> Chart:
        """:func:`page_chart` of ``page``."""
        before, shown = self._page, self._chart
        made = None
        if before is not None and shown is not None:
            made = _newest_moved(before, shown, page)
        if made is None:
            made = page_chart(page)
        self._page, self._chart = page, made
        return made


def _newest_moved(before: RatingPage, chart: Chart, page: RatingPage) -> Chart | None:
    """``page_chart(page)`` made from ``chart``, ``page_chart(before)``, when the pages
    differ in their newest rated sitting's ratings alone; else None."""
    rated, held = page.rated, before.rated
    if not rated or len(rated) != len(held) or rated[-1].sitting_id != held[-1].sitting_id:
        return None
    newest = dict(rated[-1].ordinals)
    if newest.keys() != dict(held[-1].ordinals).keys() or chart.title != _("Ratings over time"):
        return None
    players = {rating.player for rating in page.players}
    if players != {rating.player for rating in before.players}:
        return None
    if rated[:-1] != held[:-1] or page.moments != before.moments:
        return None
    names = sorted(players, key=lambda name: _name(name))
    series = tuple(
        Series(line.name, (*line.values[:-1], round(newest[name]))) if name in newest else line
        for name, line in zip(names, chart.series, strict=True)
    )
    return replace(chart, series=series, summary=rating_summary(page.ratings))


class RatingChartMaker:
    """Makes :func:`rating_chart` again and again (the Records tab's plot, after each
    recorded hand), keeping what each rated sitting did to the ratings
    (:class:`~jojotte_score.core.records.ratings.RatedSittings`): a later :meth:`chart`
    walks only the steps of the course from the first sitting that changed (a rubber
    finished in the newest sitting: that sitting's steps), and picks the points shown
    (:func:`points_shown`). The chart is the one :func:`rating_chart`
    makes from the same ratings, whatever came before
    (``tests/render/test_rating_chart_maker.py``)."""

    def __init__(self) -> None:
        self._rated = RatedSittings()

    def chart(self, ratings: Ratings, facts: Sequence[SittingFacts], title: str = "") -> Chart:
        """:func:`rating_chart` of ``ratings`` and ``facts``."""
        return page_chart(self._rated.page(ratings, facts), title)


def rating_summary(ratings: Ratings) -> str:
    """The ratings now in words, for the plot's summary: who leads, and each rating with its
    uncertainty."""
    if not ratings.players:
        return _("No finished rubber has been rated yet.")
    listed = _(", ").join(
        # Translators: one player's rating in the ratings plot's summary: "Anna 12.3 (± 2.1)".
        _("{player} {rating} (± {sigma})").format(
            player=isolated(rating.player),
            rating=_decimal(rating.ordinal, 1),
            sigma=_decimal(rating.sigma, 1),
        )
        for rating in ratings.players
    )
    # Translators: the ratings plot's summary: the players by rating now, best first.
    return _("Ratings now, best first: {ratings}.").format(ratings=listed)
