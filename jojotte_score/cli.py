"""The command line: ``jojotte-score score|explain|csv FILE``. Imports Qt never."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from jojotte_score import __version__
from jojotte_score.core.errors import InvalidSittingError, Problem
from jojotte_score.core.explanation import explain_ledger
from jojotte_score.core.ledger import Ledger, replay
from jojotte_score.core.model import Sitting
from jojotte_score.formats.csv_export import write_hands_csv, write_rubbers_csv
from jojotte_score.formats.ledger_json import dumps_ledger
from jojotte_score.formats.sitting_file import load_sitting

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_INVALID = 2


class _CommandError(Exception):
    """A problem the command reports in one line and the exit status it ends with."""

    def __init__(self, message: str, status: int = EXIT_INVALID) -> None:
        super().__init__(message)
        self.status = status


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = argparse.ArgumentParser(
        prog="jojotte-score",
        description="A scorepad for Jo-Jotte, scored like a bridge rubber.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    score = commands.add_parser("score", help="print the ledger (the pad) of a sitting as JSON")
    score.add_argument("file", type=Path, metavar="FILE", help="a sitting file (.json)")
    score.add_argument(
        "--indent", type=int, default=None, metavar="N", help="indent the JSON by N spaces"
    )

    explain = commands.add_parser("explain", help="say in plain words why each hand scored")
    explain.add_argument("file", type=Path, metavar="FILE", help="a sitting file (.json)")
    explain.add_argument("--hand", type=int, metavar="N", help="only hand N (numbered from 1)")

    csv = commands.add_parser("csv", help="export hands and rubbers to CSV")
    csv.add_argument("file", type=Path, metavar="FILE", help="a sitting file (.json)")
    csv.add_argument("--hands", type=Path, metavar="OUT.csv", help="one row per hand")
    csv.add_argument("--rubbers", type=Path, metavar="OUT.csv", help="one row per rubber")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stdout)
        return EXIT_OK
    try:
        if args.command == "score":
            return _score(args)
        if args.command == "explain":
            return _explain(args)
        return _csv(args, parser)
    except InvalidSittingError as error:
        _print_problems(error.problems, error.source or _source(args.file))
        return EXIT_INVALID
    except _CommandError as error:
        print(f"jojotte-score: {error}", file=sys.stderr)
        return error.status
    except BrokenPipeError:
        # The reader went away (``| head``); say nothing more and leave quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK


def _source(path: Path) -> str:
    return path.name or str(path)


def _print_problems(problems: Sequence[Problem], source: str) -> None:
    for problem in problems:
        print(problem.describe(source), file=sys.stderr)


def _load(path: Path) -> tuple[Sitting, Ledger]:
    """The sitting in ``path`` and its ledger; warnings go to stderr."""
    try:
        loaded = load_sitting(path)
    except OSError as error:
        reason = error.strerror or str(error)
        raise _CommandError(f"{path}: cannot read the file: {reason}") from error
    _print_problems(loaded.warnings, _source(path))
    return loaded.sitting, replay(loaded.sitting)


def _score(args: argparse.Namespace) -> int:
    _, ledger = _load(args.file)
    sys.stdout.write(dumps_ledger(ledger, indent=args.indent))
    sys.stdout.flush()
    return EXIT_OK


def _explain(args: argparse.Namespace) -> int:
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


def _csv(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.hands is None and args.rubbers is None:
        parser.error("csv: give --hands OUT.csv, --rubbers OUT.csv, or both")
    sitting, ledger = _load(args.file)
    if args.hands is not None:
        _write_output(args.hands, lambda path: write_hands_csv(sitting, ledger, path))
    if args.rubbers is not None:
        label = _source(args.file)
        _write_output(
            args.rubbers, lambda path: write_rubbers_csv([(label, sitting, ledger)], path)
        )
    return EXIT_OK


def _write_output(target: Path, write: Callable[[Path], None]) -> None:
    try:
        write(target)
    except OSError as error:
        reason = error.strerror or str(error)
        raise _CommandError(f"{target}: cannot write the file: {reason}", EXIT_FAILED) from error
