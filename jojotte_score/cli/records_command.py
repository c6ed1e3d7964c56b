"""``jojotte-score stats --pairs``, ``--partners``, ``--roles`` and ``--ratings``: the
circle's records (:mod:`jojotte_score.core.records`) over the stored sittings, of a period
(``--from``, ``--to``) and of the games chosen (``--game``), as a table, as JSON
(``--json``) or as a CSV file (``--csv``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING

from jojotte_score.cli.context import EXIT_OK, NO_SITTINGS, CommandError, Context, write_output
from jojotte_score.cli.tables import format_table
from jojotte_score.core.games import find_game
from jojotte_score.core.model import GameKey
from jojotte_score.i18n import _

if TYPE_CHECKING:
    from jojotte_score.formats.records_export import Row

KINDS = ("pairs", "partners", "roles", "ratings")
"""The records the command line prints, by the option that asks for each."""


def chosen_records(args: argparse.Namespace, context: Context) -> str | None:
    """The kind of record asked for (None: the players' figures); a usage error for two,
    or for ``--csv`` or a filter without one."""
    chosen = [kind for kind in KINDS if getattr(args, kind, False)]
    if len(chosen) > 1:
        context.parser.error(_("stats: choose one of --pairs, --partners, --roles and --ratings"))
    if not chosen:
        if args.csv is not None or args.game or args.first or args.last:
            context.parser.error(
                _(
                    "stats: --csv, --game, --from and --to need one of --pairs, --partners, "
                    "--roles and --ratings"
                )
            )
        return None
    return chosen[0]


def _day(text: str | None, option: str) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        message = _("{option}: {text!r} is not a date written YYYY-MM-DD")
        raise CommandError(message.format(option=option, text=text)) from None


def _games(names: list[str] | None) -> list[GameKey] | None:
    if not names:
        return None
    games = []
    for name in names:
        try:
            games.append(find_game(name).variant)
        except ValueError:
            raise CommandError(_("--game: there is no game {name!r}").format(name=name)) from None
    return games


def records(args: argparse.Namespace, context: Context) -> int:
    """Print (or write as CSV) the records asked for, read as the History window's Records
    tab reads them: the head to head from each sitting's stored head to head (over all time
    the stored totals), the partnerships and roles from each sitting's stored sides and
    roles, the ratings through the stored course (:mod:`jojotte_score.storage.record_facts`,
    :mod:`jojotte_score.storage.record_ratings`)."""
    from jojotte_score.core.records.ratings import Ratings
    from jojotte_score.formats import records_export as export
    from jojotte_score.storage.record_facts import PeriodFacts
    from jojotte_score.storage.record_ratings import StoredRatings
    from jojotte_score.storage.statistics import Period

    kind = chosen_records(args, context)
    assert kind is not None
    period = Period(_day(args.first, "--from"), _day(args.last, "--to"))
    games = _games(args.game)
    ratings: Ratings | None = None
    words: dict[tuple[str, str, str], str] = {}  # the roles' words, by player, game and role
    reader = PeriodFacts()
    with context.reading() as store:
        # This reading is read-only: the readers store nothing, and what is not stored yet
        # (a sitting's rows, the head to head's totals, the ratings' course) is counted here.
        if kind == "pairs":
            pairs = reader.period_pairs(store, period, games)
            sittings, rows = pairs.sittings, export.pair_rows(pairs.pairs)
        elif kind == "ratings":
            facts = reader.period_facts(store, period, games)
            sittings = len(facts)
            ratings = (
                Ratings((), ())  # no database yet
                if store is None
                else StoredRatings().period_ratings(store, facts, period, games)
            )
            rows = export.rating_rows(ratings)
        else:
            sides = reader.period_sides(store, period, games)
            sittings = sides.sittings
            if kind == "partners":
                rows = export.partner_rows(sides.partners)
            else:
                rows = export.role_rows(sides.roles)
                words = {(r.player, str(r.variant), r.role): r.words for r in sides.roles}
    if args.csv is not None:
        write_output(args.csv, lambda path: export.write_records_csv(kind, rows, path))
        return EXIT_OK
    if args.json:
        from jojotte_score.cli.terminal import json_for

        text = export.dumps_records(kind, sittings, rows, ratings)
        sys.stdout.write(json_for(sys.stdout, text))
        return EXIT_OK
    if not sittings:
        print(_(NO_SITTINGS))
        return EXIT_OK
    _print_table(kind, rows, words)
    return EXIT_OK


def _print_table(kind: str, rows: Sequence[Row], words: Mapping[tuple[str, str, str], str]) -> None:
    """The records' ``rows`` as a table, its headings translated; a role and its game in
    words (``words``: each role's, by player, game and role)."""
    from jojotte_score.formats import records_export as export

    columns = export.COLUMNS[kind]
    cells = []
    for row in rows:
        shown = dict(row)
        if kind == "roles":
            shown["game"] = _(find_game(str(row["game"])).label)
            shown["role"] = _(words[str(row["player"]), str(row["game"]), str(row["role"])])
        cells.append([str(shown.get(column, "")) for column in columns])
    heading = [_(export.HEADINGS[column]) for column in columns]
    right = [index for index, column in enumerate(columns) if column in export.RIGHT]
    for line in format_table(heading, cells, right=right):
        print(line)
