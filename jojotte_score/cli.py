"""The command line: sitting files (``score``, ``explain``, ``csv FILE``) and the sittings
database (``import``, ``sittings``, ``export``, ``csv --sitting|--all``, ``stats``,
``backups``, ``restore``). Imports Qt never.

Exit status: 0 on success; 2 for invalid input (a bad sitting file, an unknown sitting id,
a backup that is not there); 1 when the environment fails (the database is in use, the data
folder cannot be used, the disk is full). Every failure is reported on stderr, one line
per problem, without a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from jojotte_score import __version__
from jojotte_score.core.errors import InvalidSittingError, JojotteError, Problem
from jojotte_score.core.ledger import Ledger, replay
from jojotte_score.core.model import Sitting, Variant
from jojotte_score.formats.sitting_file import load_sitting, save_sitting
from jojotte_score.storage.database import Database, describe_sqlite_error, writer_lock
from jojotte_score.storage.errors import HandNotFoundError, SittingNotFoundError
from jojotte_score.storage.paths import data_dir, database_path
from jojotte_score.storage.sittings import SittingInfo, SittingStore, StoredSitting, utc_now

if TYPE_CHECKING:
    from jojotte_score.core.stats import PlayerStats
    from jojotte_score.storage.backups import Backup

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_INVALID = 2

NO_SITTINGS = "no sittings stored yet"
STATS_FORMAT = "jojotte-stats"
STATS_VERSION = 1

_NONE = "–"
_KIND_HEADINGS = {  # by ContractKind value (core.stats is imported by the stats command)
    "suit": "Suit",
    "no-trump": "No-trump",
    "nullo": "Nullo",
    "slam": "Slam",
    "doubled": "Doubled",
}


class _CommandError(Exception):
    """A problem the command reports in one line and the exit status it ends with."""

    def __init__(self, message: str, status: int = EXIT_INVALID) -> None:
        super().__init__(message)
        self.status = status


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = argparse.ArgumentParser(
        prog="jojotte-score",
        description="A scorepad for Jo-Jotte, scored like a bridge rubber. Without a "
        "COMMAND it opens the desktop window on the last sitting: jojotte-score "
        "[FILE.json] [--data-dir DIR] [--quit-after-start] (a FILE.json is stored as a new "
        "sitting and shown; --quit-after-start exits once the window is up).",
        epilog="Exit status: 0 ok, 2 invalid input, 1 the environment failed "
        "(database in use, data folder unusable, disk full).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    _add_data_dir(parser, default=None)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    score = commands.add_parser("score", help="print the ledger (the pad) of a sitting as JSON")
    score.add_argument("file", type=Path, metavar="FILE", help="a sitting file (.json)")
    score.add_argument(
        "--indent", type=int, default=None, metavar="N", help="indent the JSON by N spaces"
    )

    explain = commands.add_parser("explain", help="say in plain words why each hand scored")
    explain.add_argument("file", type=Path, metavar="FILE", help="a sitting file (.json)")
    explain.add_argument("--hand", type=int, metavar="N", help="only hand N (numbered from 1)")

    csv = commands.add_parser(
        "csv",
        help="export hands and rubbers to CSV",
        description="Export a sitting file (FILE), a stored sitting (--sitting ID) or the "
        "rubbers of every stored sitting (--all) to CSV; give exactly one of the three.",
    )
    csv.add_argument("file", type=Path, nargs="?", metavar="FILE", help="a sitting file (.json)")
    csv.add_argument("--sitting", type=int, metavar="ID", help="a stored sitting")
    csv.add_argument(
        "--all", action="store_true", help="every stored sitting (rubbers only), oldest first"
    )
    csv.add_argument("--hands", type=Path, metavar="OUT.csv", help="one row per hand")
    csv.add_argument("--rubbers", type=Path, metavar="OUT.csv", help="one row per rubber")
    _add_data_dir(csv)

    importing = commands.add_parser(
        "import",
        help="store sitting files in the database",
        description="Store each sitting file as a new sitting and print its id. Each file "
        "is checked first: a file with any problem is refused whole (its problems are "
        "listed as by 'score') and nothing of it is stored. With several files each good "
        "one is stored and each bad one refused; the exit status is 2 if any was refused.",
    )
    importing.add_argument("files", type=Path, nargs="+", metavar="FILE", help="sitting files")
    importing.add_argument("--title", default="", help="the sitting's title (one FILE only)")
    importing.add_argument("--place", default="", help="where it was played (one FILE only)")
    _add_data_dir(importing)

    sittings = commands.add_parser("sittings", help="list the stored sittings")
    _add_data_dir(sittings)

    export = commands.add_parser("export", help="write a stored sitting to a sitting file")
    export.add_argument("id", type=int, metavar="ID", help="the sitting's id")
    export.add_argument(
        "-o", "--output", type=Path, required=True, metavar="FILE.json", help="the file to write"
    )
    _add_data_dir(export)

    stats = commands.add_parser(
        "stats",
        help="each player's figures across every stored sitting",
        description="Each player's sittings, rubbers, net points, contracts and melds "
        "across every stored sitting (players matched by name). The README defines each "
        "figure.",
    )
    stats.add_argument("--json", action="store_true", help="print the figures as JSON")
    _add_data_dir(stats)

    backups = commands.add_parser("backups", help="list the database backups, newest first")
    _add_data_dir(backups)

    restore = commands.add_parser(
        "restore",
        help="replace the database with a backup",
        description="Replace the database with BACKUP (a path, or a file name in the backups "
        "folder). The database it replaces is first saved in the backups folder, so a "
        "restore can be undone. Refused while the desktop app has the database open.",
    )
    restore.add_argument("backup", type=Path, metavar="BACKUP", help="the backup to restore")
    _add_data_dir(restore)

    pdf = commands.add_parser(
        "pdf",
        help="print sheets, blank pads or the scoring card to a PDF file",
        description="Write a PDF file: the pads of a sitting file (FILE) or a stored sitting "
        "(--sitting ID), one pad per rubber with a header (players, date, place) and the "
        "running result; --blank N adds N blank pads (with the sitting's names, else lines "
        "to write them on); --card adds the one-page scoring card. Give at least one of "
        "them. Works without a display; the text stays text, in the font the app ships.",
    )
    pdf.add_argument("file", type=Path, nargs="?", metavar="FILE", help="a sitting file (.json)")
    pdf.add_argument("--sitting", type=int, metavar="ID", help="a stored sitting")
    pdf.add_argument(
        "-o", "--output", type=Path, required=True, metavar="OUT.pdf", help="the file to write"
    )
    pdf.add_argument("--rubber", metavar="N", help="only rubber N of the sitting")
    pdf.add_argument("--blank", metavar="N", help="add N blank pads")
    pdf.add_argument("--card", action="store_true", help="add the one-page scoring card")
    pdf.add_argument(
        "--page-size", default="A4", metavar="A4|Letter", help="the paper (default: A4)"
    )
    _add_data_dir(pdf)
    return parser


def _add_data_dir(parser: argparse.ArgumentParser, default: object = argparse.SUPPRESS) -> None:
    # Also accepted after the subcommand; SUPPRESS there keeps a value given before it.
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=default,
        metavar="DIR",
        help="the folder holding the database (default: $JOJOTTE_SCORE_DATA_DIR, "
        "else the user's data folder)",
    )


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    """Run the command line; returns the process exit status.

    ``environ`` defaults to the process environment (read now, never at import time).
    """
    arguments = sys.argv[1:] if argv is None else list(argv)
    environment = os.environ if environ is None else environ
    if wants_gui(arguments):
        return _gui(arguments, environment)
    parser = build_parser()
    args = parser.parse_args(arguments)
    if args.command is None:
        parser.print_help(sys.stdout)
        return EXIT_OK
    commands: dict[str, Callable[[argparse.Namespace, _Context], int]] = {
        "score": _score,
        "explain": _explain,
        "csv": _csv,
        "import": _import,
        "sittings": _sittings,
        "export": _export,
        "stats": _stats,
        "backups": _backups,
        "restore": _restore,
        "pdf": _pdf,
    }
    context = _Context(parser, args.data_dir, environment)
    try:
        return commands[args.command](args, context)
    except InvalidSittingError as error:
        file = getattr(args, "file", None)
        _print_problems(error.problems, error.source or (_source(file) if file else ""))
        return EXIT_INVALID
    except _CommandError as error:
        _fail(str(error))
        return error.status
    except SittingNotFoundError as error:
        _fail(f"{error} (jojotte-score sittings lists them)")
        return EXIT_INVALID
    except HandNotFoundError as error:
        _fail(str(error))
        return EXIT_INVALID
    except JojotteError as error:  # StorageError, BackupError: the environment failed.
        _fail(str(error))
        return EXIT_FAILED
    except sqlite3.Error as error:
        _fail(str(describe_sqlite_error(error, context.database)))
        return EXIT_FAILED
    except BrokenPipeError:
        # The reader went away (``| head``); say nothing more and leave quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except OSError as error:
        where = error.filename or context.folder
        _fail(f"{where}: {error.strerror or error}")
        return EXIT_FAILED


COMMANDS = (
    "score",
    "explain",
    "csv",
    "import",
    "sittings",
    "export",
    "stats",
    "backups",
    "restore",
    "pdf",
)


def wants_gui(arguments: Sequence[str]) -> bool:
    """True unless the arguments name a subcommand or ask for help or the version.

    A leading ``--data-dir DIR`` is skipped: ``--data-dir DIR sittings`` is the command line,
    ``--data-dir DIR`` alone (or with a sitting file) is the desktop window.
    """
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument == "--data-dir":
            index += 2
        elif argument.startswith("--data-dir="):
            index += 1
        else:
            return argument not in (*COMMANDS, "-h", "--help", "--version")
    return True


def build_gui_parser() -> argparse.ArgumentParser:
    """The arguments of the desktop window."""
    parser = argparse.ArgumentParser(
        prog="jojotte-score",
        description="Open the desktop scorepad (commands: jojotte-score --help).",
    )
    parser.add_argument(
        "file", type=Path, nargs="?", metavar="FILE.json", help="a sitting file to import and show"
    )
    _add_data_dir(parser, default=None)
    parser.add_argument(
        "--quit-after-start",
        action="store_true",
        help="open the window on the last sitting, let it settle and exit (a smoke test)",
    )
    return parser


def _gui(arguments: Sequence[str], environ: Mapping[str, str]) -> int:
    parser = build_gui_parser()
    args = parser.parse_args(arguments)
    if args.file is not None and not args.file.is_file():
        parser.error(f"{args.file}: no such sitting file (the commands are {', '.join(COMMANDS)})")
    from jojotte_score.gui.app import run_gui  # Qt is imported only for the window.

    return run_gui(args.file, args.data_dir, args.quit_after_start, environ)


class _Context:
    """What every command may need: the parser (for usage errors) and the data folder."""

    def __init__(
        self,
        parser: argparse.ArgumentParser,
        explicit: Path | None,
        environ: Mapping[str, str],
    ) -> None:
        self.parser = parser
        self.folder = data_dir(explicit, environ)
        self.database = database_path(self.folder)

    def check_folder(self) -> None:
        """Refuse a data folder that is, or lies inside, something other than a folder."""
        try:
            for candidate in (self.folder, *self.folder.parents):
                if candidate.is_dir():
                    return
                if candidate.exists():
                    raise _CommandError(
                        f"{self.folder}: cannot use this as the data folder: "
                        f"{candidate} is a file, not a folder",
                        EXIT_FAILED,
                    )
        except OSError as error:
            raise _CommandError(
                f"{self.folder}: cannot use this as the data folder: {error.strerror or error}",
                EXIT_FAILED,
            ) from error

    @contextlib.contextmanager
    def reading(self) -> Iterator[SittingStore | None]:
        """The store opened read-only (no lock: works beside the desktop app); None when
        there is no database yet."""
        self.check_folder()
        if not self.database.exists():
            yield None
            return
        with Database.open(self.database, read_only=True) as database:
            yield SittingStore(database)

    @contextlib.contextmanager
    def writing(self) -> Iterator[SittingStore]:
        """The store opened for writing, after the daily backup when one is due."""
        from jojotte_score.storage.backups import backup_if_due

        self.check_folder()
        with Database.open(self.database) as database:
            backup_if_due(database.connection, self.backup_folder, utc_now())
            yield SittingStore(database)

    @property
    def backup_folder(self) -> Path:
        from jojotte_score.storage.backups import BACKUP_DIR_NAME

        return self.folder / BACKUP_DIR_NAME


def _fail(message: str) -> None:
    print(f"jojotte-score: {message}", file=sys.stderr)


def _source(path: Path) -> str:
    return path.name or str(path)


def _print_problems(problems: Sequence[Problem], source: str) -> None:
    for problem in problems:
        print(problem.describe(source), file=sys.stderr)


def _read_file(path: Path) -> Sitting:
    """The sitting in ``path``; warnings go to stderr, problems raise InvalidSittingError."""
    try:
        loaded = load_sitting(path)
    except OSError as error:
        reason = error.strerror or str(error)
        raise _CommandError(f"{path}: cannot read the file: {reason}") from error
    _print_problems(loaded.warnings, _source(path))
    return loaded.sitting


def _load(path: Path) -> tuple[Sitting, Ledger]:
    """The sitting in ``path`` and its ledger; warnings go to stderr."""
    sitting = _read_file(path)
    return sitting, replay(sitting)


def _write_output(target: Path, write: Callable[[Path], None]) -> None:
    try:
        write(target)
    except OSError as error:
        reason = error.strerror or str(error)
        raise _CommandError(f"{target}: cannot write the file: {reason}", EXIT_FAILED) from error


# Sitting files ---------------------------------------------------------------------------


def _score(args: argparse.Namespace, context: _Context) -> int:
    from jojotte_score.formats.ledger_json import dumps_ledger

    _, ledger = _load(args.file)
    sys.stdout.write(dumps_ledger(ledger, indent=args.indent))
    sys.stdout.flush()
    return EXIT_OK


def _explain(args: argparse.Namespace, context: _Context) -> int:
    from jojotte_score.core.explanation import explain_ledger

    _, ledger = _load(args.file)
    count = len(ledger.hands)
    if args.hand is not None and not 1 <= args.hand <= count:
        raise _CommandError(
            f"{_source(args.file)}: there is no hand {args.hand} (the sitting has {count})"
        )
    text = explain_ledger(ledger, args.hand)
    sys.stdout.write(text + "\n" if text else "")
    sys.stdout.flush()
    return EXIT_OK


def _csv(args: argparse.Namespace, context: _Context) -> int:
    from jojotte_score.formats.csv_export import write_hands_csv, write_rubbers_csv

    parser = context.parser
    if sum((args.file is not None, args.sitting is not None, args.all)) != 1:
        parser.error("csv: give exactly one of FILE, --sitting ID or --all")
    if args.hands is None and args.rubbers is None:
        parser.error("csv: give --hands OUT.csv, --rubbers OUT.csv, or both")
    if args.all and args.hands is not None:
        parser.error("csv: --hands needs one sitting (FILE or --sitting ID)")
    if args.all:
        return _csv_all(args.rubbers, context)
    if args.file is not None:
        sitting, ledger = _load(args.file)
        label = _source(args.file)
    else:
        with context.reading() as store:
            stored = _stored(store, args.sitting, context)
        sitting, ledger = stored.sitting, replay(stored.sitting)
        label = sitting_label(stored)
    if args.hands is not None:
        _write_output(args.hands, lambda path: write_hands_csv(sitting, ledger, path))
    if args.rubbers is not None:
        _write_output(
            args.rubbers, lambda path: write_rubbers_csv([(label, sitting, ledger)], path)
        )
    return EXIT_OK


def _csv_all(target: Path, context: _Context) -> int:
    from jojotte_score.formats.csv_export import write_rubbers_csv

    with context.reading() as store:
        everything = _every_sitting(store)
    if not everything:
        print(f"{NO_SITTINGS}; nothing was written")
        return EXIT_OK
    rubbers = [
        (sitting_label(stored), stored.sitting, replay(stored.sitting)) for stored in everything
    ]
    _write_output(target, lambda path: write_rubbers_csv(rubbers, path))
    return EXIT_OK


# The database ----------------------------------------------------------------------------


def _stored(store: SittingStore | None, sitting_id: int, context: _Context) -> StoredSitting:
    """One stored sitting; an unknown id (or no database at all) is invalid input."""
    if store is None:
        raise _CommandError(f"there is no sitting {sitting_id}: {NO_SITTINGS} in {context.folder}")
    try:
        return store.load(sitting_id)
    except InvalidSittingError as error:  # A stored hand the core no longer accepts.
        raise InvalidSittingError(error.problems, f"sitting {sitting_id}") from error


def _every_sitting(store: SittingStore | None) -> list[StoredSitting]:
    """Every stored sitting, oldest (lowest id) first; empty when there is no database."""
    if store is None:
        return []
    ids = sorted(info.id for info in store.list_sittings())
    everything = []
    for sitting_id in ids:
        try:
            everything.append(store.load(sitting_id))
        except InvalidSittingError as error:
            raise InvalidSittingError(error.problems, f"sitting {sitting_id}") from error
    return everything


def _import(args: argparse.Namespace, context: _Context) -> int:
    if len(args.files) > 1 and (args.title or args.place):
        context.parser.error("import: --title and --place need a single FILE")
    context.check_folder()
    refused = False
    good: list[tuple[Path, Sitting]] = []
    for path in args.files:  # Every file is checked before the database is opened.
        try:
            good.append((path, _read_file(path)))
        except InvalidSittingError as error:
            _print_problems(error.problems, error.source or _source(path))
            refused = True
        except _CommandError as error:
            _fail(str(error))
            refused = True
    if good:
        with context.writing() as store:
            for path, sitting in good:
                try:
                    sitting_id = store.import_sitting(sitting, title=args.title, place=args.place)
                except InvalidSittingError as error:
                    _print_problems(error.problems, error.source or _source(path))
                    refused = True
                    continue
                print(sitting_id, flush=True)
    return EXIT_INVALID if refused else EXIT_OK


def _sittings(args: argparse.Namespace, context: _Context) -> int:
    with context.reading() as store:
        infos = [] if store is None else store.list_sittings()
    if not infos:
        print(NO_SITTINGS)
        return EXIT_OK
    heading: tuple[str, ...] = ("ID", "Date", "Variant", "Players", "Hands", "Rubbers", "Net")
    heading += ("Title",)
    rows = [sittings_row(info) for info in sorted(infos, key=lambda info: info.id)]
    if not any(row[-1] for row in rows):
        heading, rows = heading[:-1], [row[:-1] for row in rows]
    for line in format_table(heading, rows, right=(0, 4, 5)):
        print(line)
    return EXIT_OK


def sittings_row(info: SittingInfo) -> tuple[str, ...]:
    """One line of ``jojotte-score sittings``: id, local date, variant, players, hands,
    finished rubbers, net result so far ("Anna +120" or "level") and title."""
    names = info.side_names
    net = "level" if info.net_side is None else f"{names[info.net_side]} +{info.net_points}"
    return (
        str(info.id),
        local_date(info.created),
        info.variant.value,
        _versus(info.variant, names),
        str(info.hands),
        str(info.rubbers_finished),
        net,
        info.title,
    )


def local_date(moment: datetime) -> str:
    """A stored UTC time as the local calendar date, YYYY-MM-DD."""
    return moment.astimezone().strftime("%Y-%m-%d")


def _versus(variant: Variant, names: tuple[str, str]) -> str:
    joiner = "–" if variant is Variant.TWO_PLAYER else " – "
    return joiner.join(names)


def sitting_label(stored: StoredSitting) -> str:
    """How the rubbers CSV names a stored sitting: "#3 Christmas" or "#3 2026-11-21 Anna–Bert"."""
    if stored.title.strip():
        return f"#{stored.id} {stored.title.strip()}"
    sitting = stored.sitting
    return (
        f"#{stored.id} {local_date(stored.created)} {_versus(sitting.variant, sitting.side_names)}"
    )


def format_table(
    heading: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[int] = ()
) -> list[str]:
    """Columns padded to their widest cell, two spaces apart; ``right`` columns right-aligned."""
    widths = [max(len(row[i]) for row in (heading, *rows)) for i in range(len(heading))]

    def line(cells: Sequence[str]) -> str:
        padded = (
            cell.rjust(width) if i in right else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        )
        return "  ".join(padded).rstrip()

    return [line(heading), *(line(row) for row in rows)]


def _export(args: argparse.Namespace, context: _Context) -> int:
    with context.reading() as store:
        stored = _stored(store, args.id, context)
    _write_output(args.output, lambda path: save_sitting(stored.sitting, path))
    return EXIT_OK


def _stats(args: argparse.Namespace, context: _Context) -> int:
    from jojotte_score.core.stats import ContractKind, player_stats

    with context.reading() as store:
        everything = _every_sitting(store)
    figures = player_stats(stored.sitting for stored in everything)
    if args.json:
        data = {
            "format": STATS_FORMAT,
            "version": STATS_VERSION,
            "sittings": len(everything),
            "players": [stats_to_data(player) for player in figures],
        }
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return EXIT_OK
    if not everything:
        print(NO_SITTINGS)
        return EXIT_OK
    heading = (
        "Player",
        "Sittings",
        "Rubbers",
        "Won",
        "Net",
        "Avg/rubber",
        "Hands",
        "Melds/hand",
        "Contracts",
        *(_KIND_HEADINGS[kind.value] for kind in ContractKind),
    )
    rows = [stats_row(player) for player in figures]
    for line in format_table(heading, rows, right=range(1, len(heading))):
        print(line)
    print(
        "Rubbers: finished rubbers; Avg/rubber: their net points per rubber. "
        "Contracts: made/declared."
    )
    return EXIT_OK


def stats_row(player: PlayerStats) -> tuple[str, ...]:
    """One line of ``jojotte-score stats``."""
    from jojotte_score.core.stats import ContractKind

    average, melds = player.average_rubber, player.melds_per_hand
    return (
        player.name,
        str(player.sittings),
        str(player.rubbers_played),
        str(player.rubbers_won),
        f"{player.net_points:+d}" if player.net_points else "0",
        _NONE if average is None else f"{average:+.1f}",
        str(player.hands_played),
        _NONE if melds is None else f"{melds:.1f}",
        str(player.contracts),
        *(str(player.by_kind(kind)) for kind in ContractKind),
    )


def stats_to_data(player: PlayerStats) -> dict[str, object]:
    """One player's figures as JSON-ready data (averages rounded to 2 decimals)."""
    from jojotte_score.core.stats import EXCLUSIVE_KINDS, ContractKind

    average, melds = player.average_rubber, player.melds_per_hand
    contracts = {"all": player.contracts} | {
        kind.value: player.by_kind(kind) for kind in (*EXCLUSIVE_KINDS, ContractKind.DOUBLED)
    }
    return {
        "name": player.name,
        "sittings": player.sittings,
        "rubbers_played": player.rubbers_played,
        "rubbers_won": player.rubbers_won,
        "rubbers_unfinished": player.rubbers_unfinished,
        "net_points": player.net_points,
        "finished_net_points": player.finished_net_points,
        "average_rubber": None if average is None else round(average, 2),
        "hands_played": player.hands_played,
        "meld_points": player.meld_points,
        "melds_per_hand": None if melds is None else round(melds, 2),
        "contracts": {
            key: {"declared": count.declared, "made": count.made}
            for key, count in contracts.items()
        },
    }


# Backups ---------------------------------------------------------------------------------


def _backups(args: argparse.Namespace, context: _Context) -> int:
    from jojotte_score.storage.backups import list_backups

    context.check_folder()
    found = list_backups(context.backup_folder)
    if not found:
        print(f"no backups yet in {context.backup_folder}")
        return EXIT_OK
    rows = [backup_row(backup) for backup in found]
    for line in format_table(("Taken", "Size", "Kind", "File"), rows, right=(1,)):
        print(line)
    return EXIT_OK


def backup_row(backup: Backup) -> tuple[str, str, str, str]:
    """One line of ``jojotte-score backups``: local time taken, size, kind, path."""
    try:
        size = file_size(backup.path.stat().st_size)
    except OSError:
        size = "?"
    kind = "before restore" if backup.before_restore else "automatic"
    taken = backup.taken.astimezone().strftime("%Y-%m-%d %H:%M:%S")
    return (taken, size, kind, str(backup.path))


def file_size(size: int) -> str:
    """A size in bytes as people read it: "812 B", "12.3 KiB", "4.0 MiB"."""
    if size < 1024:
        return f"{size} B"
    value = float(size)
    for unit in ("KiB", "MiB", "GiB"):
        value /= 1024
        if value < 1024 or unit == "GiB":
            break
    return f"{value:.1f} {unit}"


def _restore(args: argparse.Namespace, context: _Context) -> int:
    from jojotte_score.storage.backups import restore_backup
    from jojotte_score.storage.schema import SCHEMA_VERSION

    context.check_folder()
    backup = args.backup
    if not backup.exists() and not backup.is_absolute() and len(backup.parts) == 1:
        backup = context.backup_folder / backup  # A bare name from `jojotte-score backups`.
    if not backup.is_file():
        raise _CommandError(f"{args.backup}: no such backup file; nothing was restored")
    try:
        context.folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _CommandError(
            f"{context.folder}: cannot create the data folder: {error.strerror or error}",
            EXIT_FAILED,
        ) from error
    # Hold the writers' lock for the whole restore, with no SQLite connection open (as
    # restore_backup requires): a desktop app started meanwhile cannot open the database
    # for writing half-way through. Database.open would take the same lock, but it also
    # opens and migrates the database, which fails on the damaged or newer database one
    # may well be restoring over, and creates an empty one where there was none.
    with writer_lock(context.database):
        safety_copy = restore_backup(
            backup, context.database, utc_now(), newest_version=SCHEMA_VERSION
        )
    print(f"restored {backup} into {context.database}")
    if safety_copy == context.database:
        print("there was no database before, so nothing was replaced")
    else:
        print(f"the database it replaced was saved as {safety_copy}")
    return EXIT_OK


# Printing --------------------------------------------------------------------------------


def _pdf(args: argparse.Namespace, context: _Context) -> int:
    """The pads of a sitting, blank pads and the card as a PDF; Qt is imported only here."""
    from jojotte_score.render.document import PrintJob, stored_header
    from jojotte_score.render.page_layout import MAX_BLANK_PADS, PrintError, SheetHeader, page_size

    if args.file is not None and args.sitting is not None:
        context.parser.error("pdf: give FILE or --sitting ID, not both")

    def number(option: str, value: str | None, largest: int) -> int:
        if value is None:
            return 0
        if not value.strip().isdigit() or not 1 <= int(value) <= largest:
            raise _CommandError(f"{option} {value}: give a whole number from 1 to {largest}")
        return int(value)

    try:
        page_size(args.page_size)
    except PrintError as error:
        raise _CommandError(f"--page-size: {error}") from error
    blank = number("--blank", args.blank, MAX_BLANK_PADS)
    rubber = number("--rubber", args.rubber, sys.maxsize)
    has_sitting = args.file is not None or args.sitting is not None
    if not (has_sitting or blank or args.card):
        raise _CommandError("pdf: nothing to print: give FILE, --sitting ID, --blank N or --card")
    if rubber and not has_sitting:
        raise _CommandError("pdf: --rubber needs a sitting (FILE or --sitting ID)")
    job = PrintJob(blank=blank, card=args.card)
    if has_sitting:
        if args.file is not None:
            _, ledger = _load(args.file)
            header, label = SheetHeader(sides=ledger.sides), _source(args.file)
        else:
            with context.reading() as store:
                stored = _stored(store, args.sitting, context)
            ledger, header = replay(stored.sitting), stored_header(stored)
            label = f"sitting {stored.id}"
        count = len(ledger.rubbers)
        if rubber > count:
            raise _CommandError(f"{label}: there is no rubber {rubber} (the sitting has {count})")
        job = PrintJob(ledger, header, rubber or None, blank, ledger.sides, args.card)

    from jojotte_score.render.pdf import ensure_application, paper_name, write_pdf

    paper = paper_name(args.page_size)
    # Qt reads QT_QPA_PLATFORM itself; without it the PDF is drawn offscreen, no display needed.
    ensure_application(offscreen=not os.environ.get("QT_QPA_PLATFORM"))
    _write_output(args.output, lambda path: write_pdf(path, job, paper))
    return EXIT_OK
