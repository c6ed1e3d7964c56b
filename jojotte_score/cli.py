"""The command line: ``jojotte-score score|explain|csv FILE``. Imports Qt never."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from jojotte_score import __version__


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = argparse.ArgumentParser(
        prog="jojotte-score", description="A scorepad for Jo-Jotte, scored like a bridge rubber."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    parser = build_parser()
    parser.parse_args(argv)
    parser.print_help(sys.stdout)
    return 0
