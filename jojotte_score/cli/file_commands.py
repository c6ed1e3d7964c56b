"""The commands that read a sitting file (or, for ``csv`` and ``pdf``, a stored sitting):
``score``, ``explain``, ``csv`` and ``pdf``.

Each handler takes the parsed arguments and the :class:`~jojotte_score.cli.context.Context`
and returns the exit status. What only one command needs is imported in that command, so
that the others start without it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from jojotte_score.cli.context import (
    EXIT_OK,
    CommandError,
    Context,
    every_sitting,
    ledger_of,
    load,
    read_file,
    source_name,
    write_output,
)
from jojotte_score.core.games import find_game
from jojotte_score.i18n import _, format_date, isolated, locale_paper, ngettext
from jojotte_score.labels import compact_versus
from jojotte_score.storage.sittings import StoredSitting

if TYPE_CHECKING:
    from jojotte_score.core.ledger import Ledger
    from jojotte_score.core.model import Sitting


def score(args: argparse.Namespace, context: Context) -> int:
    """Print the ledger of a sitting file as JSON."""
    from jojotte_score.cli.terminal import json_for
    from jojotte_score.formats.ledger_json import dumps_scored

    sitting = read_file(args.file)
    sys.stdout.write(json_for(sys.stdout, dumps_scored(sitting, indent=args.indent)))
    sys.stdout.flush()
    return EXIT_OK


def explain(args: argparse.Namespace, context: Context) -> int:
    """Say in plain words why each hand (or hand N) of a sitting file scored what it did."""
    from jojotte_score.core.games import explain_ledger

    _, ledger = load(args.file)
    count = len(ledger.hands)
    if args.hand is not None and not 1 <= args.hand <= count:
        message = ngettext(
            "{source}: there is no hand {number} (the sitting has {count})",
            "{source}: there is no hand {number} (the sitting has {count})",
            count,
        )
        raise CommandError(
            message.format(source=source_name(args.file), number=args.hand, count=count)
        )
    text = explain_ledger(ledger, args.hand)
    sys.stdout.write(text + "\n" if text else "")
    sys.stdout.flush()
    return EXIT_OK


def csv(args: argparse.Namespace, context: Context) -> int:
    """Export the hands and rubbers of a sitting file, of a stored sitting, or the rubbers
    of every stored sitting."""
    from jojotte_score.formats.csv_export import write_hands_csv, write_rubbers_csv

    parser = context.parser
    if sum((args.file is not None, args.sitting is not None, args.all)) != 1:
        parser.error(_("csv: give exactly one of FILE, --sitting ID or --all"))
    if args.hands is None and args.rubbers is None:
        parser.error(_("csv: give --hands OUT.csv, --rubbers OUT.csv, or both"))
    if args.all and args.hands is not None:
        parser.error(_("csv: --hands needs one sitting (FILE or --sitting ID)"))
    if args.all:
        return _csv_all(args.rubbers, context)
    if args.file is not None:
        sitting, ledger = load(args.file)
        label = source_name(args.file)
    else:
        with context.reading() as store:
            stored = context.stored(store, args.sitting)
        sitting, ledger = stored.sitting, ledger_of(stored.sitting)
        label = _label(stored)
    if args.hands is not None:
        write_output(
            args.hands, lambda path: write_hands_csv(sitting, ledger, path, sitting_label=label)
        )
    if args.rubbers is not None:
        write_output(args.rubbers, lambda path: write_rubbers_csv([(label, sitting, ledger)], path))
    return EXIT_OK


def _csv_all(target: Path, context: Context) -> int:
    from jojotte_score.formats.csv_export import write_rubbers_csv

    with context.reading() as store:
        everything = every_sitting(store)
    if not everything:
        print(_("no sittings stored yet; nothing was written"))
        return EXIT_OK
    rubbers = [(_label(stored), stored.sitting, ledger_of(stored.sitting)) for stored in everything]
    two_sided = [item for item in rubbers if not find_game(item[1].variant).per_player]
    by_player = [item for item in rubbers if find_game(item[1].variant).per_player]
    if two_sided or not by_player:
        write_output(target, lambda path: write_rubbers_csv(two_sided, path))
    if by_player:
        # Their columns differ (one per player): they go to a file of their own beside it.
        players_target = target.with_name(f"{target.stem}-players{target.suffix or '.csv'}")
        if not two_sided:
            players_target = target
        write_output(players_target, lambda path: write_rubbers_csv(by_player, path))
        if two_sided:
            message = _("rubbers of the games scored player by player: {file}")
            print(message.format(file=players_target))
    return EXIT_OK


def _label(stored: StoredSitting) -> str:
    """How the rubbers CSV names a stored sitting: "#3 Christmas" (its title), else "#3
    2026-11-21 Anna–Bert" (the local date it was stored and its sides). The CSV is a file,
    so the label is the same in every language (not the label the window shows)."""
    sitting = stored.sitting
    if stored.title.strip():
        return f"#{stored.id} {stored.title.strip()}"
    game = find_game(sitting.variant)
    names = game.column_names(sitting.players)
    day = stored.created.astimezone().strftime("%Y-%m-%d")
    return f"#{stored.id} {day} {compact_versus(sitting.variant, names)}"


def pdf(args: argparse.Namespace, context: Context) -> int:
    """The pads of a sitting (two sides' columns, or a column per player), blank pads and
    the card as a PDF; Qt is imported only here."""
    from jojotte_score.render.document import PrintJob
    from jojotte_score.render.page_layout import MAX_BLANK_PADS, PrintError, SheetHeader, page_size
    from jojotte_score.render.summary_card import card_page_games

    if args.file is not None and args.sitting is not None:
        context.parser.error(_("pdf: give FILE or --sitting ID, not both"))

    paper_asked = args.page_size or locale_paper(context.environ)
    try:
        page_size(paper_asked)
    except PrintError as error:
        raise CommandError(f"--page-size: {error}") from error
    blank = _counted("--blank", args.blank, MAX_BLANK_PADS)
    rubber = _counted("--rubber", args.rubber, sys.maxsize)
    has_sitting = args.file is not None or args.sitting is not None
    if not (has_sitting or blank or args.card):
        raise CommandError(_("pdf: nothing to print: give FILE, --sitting ID, --blank N or --card"))
    if rubber and not has_sitting:
        raise CommandError(_("pdf: --rubber needs a sitting (FILE or --sitting ID)"))
    job = PrintJob(
        blank=blank, card=args.card, card_variants=card_page_games() if args.card else ()
    )
    if has_sitting:
        if args.file is not None:
            sitting, ledger = _isolated(read_file(args.file))
            header, label = SheetHeader(sides=ledger.columns), source_name(args.file)
        else:
            with context.reading() as store:
                stored = context.stored(store, args.sitting)
            sitting, ledger = _isolated(stored.sitting)
            date = format_date(stored.created.astimezone().date())
            header = SheetHeader(stored.title, ledger.columns, date, stored.place)
            label = _("sitting {id}").format(id=stored.id)
        count = len(ledger.rubbers)
        if rubber > count:
            message = ngettext(
                "{source}: there is no rubber {number} (the sitting has {count})",
                "{source}: there is no rubber {number} (the sitting has {count})",
                count,
            )
            raise CommandError(message.format(source=label, number=rubber, count=count))
        job = PrintJob.for_sitting(sitting, ledger, header, rubber or None, blank, args.card)

    from jojotte_score.render.pdf import ensure_application, paper_name, write_pdf

    paper = paper_name(paper_asked)
    # Qt reads QT_QPA_PLATFORM itself; without it the PDF is drawn offscreen, no display needed.
    ensure_application(offscreen=not os.environ.get("QT_QPA_PLATFORM"))
    write_output(args.output, lambda path: write_pdf(path, job, paper))
    return EXIT_OK


def _counted(option: str, value: str | None, largest: int) -> int:
    """The whole number from 1 to ``largest`` given to ``option`` (0 when not given)."""
    if value is None:
        return 0
    if not value.strip().isdigit() or not 1 <= int(value) <= largest:
        message = _("{option} {value}: give a whole number from 1 to {largest}")
        raise CommandError(message.format(option=option, value=value, largest=largest))
    return int(value)


def _isolated(sitting: Sitting) -> tuple[Sitting, Ledger]:
    """``sitting`` with each name as printed among other words (``i18n.isolated``: a name
    that holds a right-to-left override cannot turn the figures beside it round on paper),
    and its ledger."""
    import dataclasses

    shown = dataclasses.replace(sitting, players=tuple(isolated(name) for name in sitting.players))
    return shown, ledger_of(shown)
