"""The arguments of every command, each subcommand naming its handler, and those of the
desktop window (``jojotte-score [FILE.json]`` without a command)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from jojotte_score import __version__
from jojotte_score.cli.context import EXIT_INVALID, PROGRAM
from jojotte_score.i18n import LANGUAGES, N_, _, ngettext

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
    "check",
    "pdf",
    "share",
    "sync",
)


# argparse's own words ("usage: ", "options", "invalid choice: ...") are read by people too.
# argparse looks each one up when it is used, through the two names its module imports from
# gettext ("from gettext import gettext as _, ngettext"): gettext's default domain, whose
# language only the environment chooses, and which has no German catalogue of argparse's.
# So here, and only here, those two names are pointed at ours: argparse then speaks the
# language the program speaks (``--lang`` included), from our catalogue, where its words are
# marked below exactly as argparse spells them (Python 3.11): those our parsers can show (not,
# say, the mutually exclusive groups' they never use, or "expected %s arguments", which only
# a fixed count of values asks for). A word not marked, or one argparse rewords in a later
# version, stays argparse's English. In English ours return the message itself, so any other
# parser in the process reads as before. The version option's help is one argparse 3.11 does
# not look up (later versions do): ``build_parser`` passes it through ours itself.
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
)
"""argparse's messages that a person may read, as argparse spells them."""


def speak_through_argparse() -> None:
    """Have argparse look its words up in our catalogue, in the language spoken now."""
    vars(argparse).update({"_": _, "ngettext": ngettext})


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors read like every other failure: ``jojotte-score: ...``
    on every line, the usage lines before it included, with exit status 2."""

    def error(self, message: str) -> NoReturn:
        # Every line on stderr begins with the program's name, the usage lines too.
        for line in self.format_usage().splitlines():
            print(f"{PROGRAM}: {line}", file=sys.stderr)
        self.exit(EXIT_INVALID, f"{PROGRAM}: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand; ``handler`` names what runs it."""
    # The commands are imported here, not at the top: the window, which starts without this
    # parser, then loads neither them nor their tables (3 modules fewer at start-up).
    from jojotte_score.cli import database_commands, file_commands, share_command, sync_command

    speak_through_argparse()
    parser = _Parser(
        prog=PROGRAM,
        description=_(
            "A scorepad for Jo-Jotte, scored like a bridge rubber. Without a "
            "COMMAND it opens the desktop window on the last sitting: jojotte-score "
            "[FILE.json] [--data-dir DIR] [--quit-after-start] (a FILE.json is stored as a new "
            "sitting and shown; --quit-after-start exits once the window is up)."
        ),
        epilog=_(
            "Exit status: 0 ok, 2 invalid input, 1 the environment failed "
            "(database in use, data folder unusable, disk full)."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
        help=_("show program's version number and exit"),
    )
    _add_data_dir(parser, default=None)
    parser.set_defaults(handler=None)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    score = commands.add_parser("score", help=_("print the ledger (the pad) of a sitting as JSON"))
    score.set_defaults(handler=file_commands.score)
    score.add_argument("file", type=Path, metavar="FILE", help=_("a sitting file (.json)"))
    score.add_argument(
        "--indent", type=int, default=None, metavar="N", help=_("indent the JSON by N spaces")
    )

    explain = commands.add_parser(
        "explain", help=_("say in plain words why each hand scored as it did")
    )
    explain.set_defaults(handler=file_commands.explain)
    explain.add_argument("file", type=Path, metavar="FILE", help=_("a sitting file (.json)"))
    explain.add_argument("--hand", type=int, metavar="N", help=_("only hand N (numbered from 1)"))

    csv = commands.add_parser(
        "csv",
        help=_("export hands and rubbers to CSV"),
        description=_(
            "Export a sitting file (FILE), a stored sitting (--sitting ID) or the "
            "rubbers of every stored sitting (--all) to CSV; give exactly one of the three. "
            'Each row ends in every player\'s figures under the name ("Anna: total").'
        ),
    )
    csv.set_defaults(handler=file_commands.csv)
    csv.add_argument("file", type=Path, nargs="?", metavar="FILE", help=_("a sitting file (.json)"))
    csv.add_argument("--sitting", type=int, metavar="ID", help=_("a stored sitting"))
    csv.add_argument(
        "--all", action="store_true", help=_("every stored sitting (rubbers only), oldest first")
    )
    csv.add_argument("--hands", type=Path, metavar="OUT.csv", help=_("one row per hand"))
    csv.add_argument("--rubbers", type=Path, metavar="OUT.csv", help=_("one row per rubber"))
    _add_data_dir(csv)

    importing = commands.add_parser(
        "import",
        help=_("store sitting files in the database"),
        description=_(
            "Store each sitting file as a new sitting and print its id. A file whose "
            'sitting is already stored (the same "uuid") updates that sitting when its '
            "hands differ and leaves it as it is when they do not; --as-new keeps a separate "
            "copy instead. Each file is checked first: a file with any problem is refused "
            "whole (its problems are listed as by 'score') and nothing of it is stored. With "
            "several files each good one is stored and each bad one refused; the exit status "
            "is 2 if any was refused."
        ),
    )
    importing.set_defaults(handler=database_commands.import_files)
    importing.add_argument("files", type=Path, nargs="+", metavar="FILE", help=_("sitting files"))
    importing.add_argument("--title", default="", help=_("the sitting's title (one FILE only)"))
    importing.add_argument("--place", default="", help=_("where it was played (one FILE only)"))
    importing.add_argument(
        "--as-new",
        action="store_true",
        help=_("store each file as a new sitting even when its sitting is already stored"),
    )
    _add_data_dir(importing)

    syncing = commands.add_parser(
        "sync",
        help=_("keep the history in step with other devices through a folder"),
        description=_(
            "One pass over a sync folder kept in step by Syncthing, Nextcloud, Dropbox or a "
            "USB stick: write this device's changes, take in every other device's, print "
            "what was taken in and each conflict. The folder is remembered. The database "
            "never goes into the folder. See docs/sync.md."
        ),
    )
    syncing.set_defaults(handler=sync_command.sync)
    syncing.add_argument(
        "folder", type=Path, nargs="?", metavar="FOLDER", help=_("the sync folder")
    )
    syncing.add_argument(
        "--status", action="store_true", help=_("which folder, which devices were seen and when")
    )
    syncing.add_argument(
        "--keep",
        choices=("this", "that", "both"),
        help=_("settle a conflict: keep this version, that one (the copy), or both"),
    )
    syncing.add_argument("--copy", metavar="DEVICE:N", help=_("which conflict copy, as listed"))
    syncing.add_argument(
        "--sitting", metavar="ID", help=_("the sitting of the conflict (its uuid when deleted)")
    )
    _add_data_dir(syncing)

    sittings = commands.add_parser("sittings", help=_("list the stored sittings"))
    sittings.set_defaults(handler=database_commands.sittings)
    _add_data_dir(sittings)

    export = commands.add_parser("export", help=_("write a stored sitting to a sitting file"))
    export.set_defaults(handler=database_commands.export)
    export.add_argument("id", type=int, metavar="ID", help=_("the sitting's id"))
    export.add_argument(
        "-o", "--output", type=Path, required=True, metavar="FILE.json", help=_("the file to write")
    )
    _add_data_dir(export)

    stats = commands.add_parser(
        "stats",
        help=_("each player's figures across every stored sitting"),
        description=_(
            "Each player's sittings, rubbers, net points, contracts declared, made "
            "and defended, and melds across every stored sitting of every variant (players "
            "matched by name). The README defines each figure."
        ),
    )
    stats.set_defaults(handler=database_commands.stats)
    stats.add_argument("--json", action="store_true", help=_("print the figures as JSON"))
    stats.add_argument(
        "--pairs",
        action="store_true",
        help=_("every two players' record against each other (head to head)"),
    )
    stats.add_argument(
        "--partners", action="store_true", help=_("every partnership's record, by opponents")
    )
    stats.add_argument(
        "--roles", action="store_true", help=_("each player's figures in each role of a game")
    )
    stats.add_argument(
        "--ratings", action="store_true", help=_("each player's rating after the latest rubber")
    )
    stats.add_argument(
        "--csv",
        type=Path,
        metavar="OUT.csv",
        help=_("write the records chosen to a CSV file instead of printing them"),
    )
    stats.add_argument(
        "--game",
        action="append",
        metavar="GAME",
        help=_("only sittings of this game, named as sitting files name it (repeatable)"),
    )
    stats.add_argument(
        "--from", dest="first", metavar="DATE", help=_("only sittings from this date (YYYY-MM-DD)")
    )
    stats.add_argument(
        "--to", dest="last", metavar="DATE", help=_("only sittings up to this date (YYYY-MM-DD)")
    )
    _add_data_dir(stats)

    backups = commands.add_parser("backups", help=_("list the database backups, newest first"))
    backups.set_defaults(handler=database_commands.backups)
    _add_data_dir(backups)

    restore = commands.add_parser(
        "restore",
        help=_("replace the database with a backup"),
        description=_(
            "Replace the database with BACKUP (a path, or a file name in the backups "
            "folder). The database it replaces is first saved in the backups folder, so a "
            "restore can be undone. Refused while the desktop app has the database open."
        ),
    )
    restore.set_defaults(handler=database_commands.restore)
    restore.add_argument("backup", type=Path, metavar="BACKUP", help=_("the backup to restore"))
    _add_data_dir(restore)

    checking = commands.add_parser(
        "check",
        help=_("check every stored figure against the hands"),
        description=_(
            "Score every stored sitting again from its hands and name each stored figure that "
            "does not agree (the summaries, the rubbers' starts, the statistics' figures) and "
            "each hand out of its place. Exit status 0 when everything agrees, 1 when "
            "something does not (or could not be repaired). With --repair the hands are "
            "numbered again in their order, keeping every one, and every figure is rebuilt "
            "from the hands (after the daily backup, when one is due)."
        ),
    )
    checking.set_defaults(handler=database_commands.check)
    checking.add_argument(
        "--repair", action="store_true", help=_("rebuild what does not agree from the hands")
    )
    _add_data_dir(checking)

    pdf = commands.add_parser(
        "pdf",
        help=_("print sheets, blank pads or the scoring card to a PDF file"),
        description=_(
            "Write a PDF file: the pads of a sitting file (FILE) or a stored sitting "
            "(--sitting ID), one pad per rubber with a header (players, date, place) and the "
            "running result; --blank N adds N blank pads (with the sitting's names, else lines "
            "to write them on); --card adds the one-page scoring card. Give at least one of "
            "them. Works without a display; the text stays text, in the font the app ships."
        ),
    )
    pdf.set_defaults(handler=file_commands.pdf)
    pdf.add_argument("file", type=Path, nargs="?", metavar="FILE", help=_("a sitting file (.json)"))
    pdf.add_argument("--sitting", type=int, metavar="ID", help=_("a stored sitting"))
    pdf.add_argument(
        "-o", "--output", type=Path, required=True, metavar="OUT.pdf", help=_("the file to write")
    )
    pdf.add_argument("--rubber", metavar="N", help=_("only rubber N of the sitting"))
    pdf.add_argument("--blank", metavar="N", help=_("add N blank pads"))
    pdf.add_argument("--card", action="store_true", help=_("add the one-page scoring card"))
    pdf.add_argument(
        "--page-size",
        metavar="A4|Letter",
        help=_("the paper (default: as the system's locale has it, A4 or Letter)"),
    )
    _add_data_dir(pdf)

    sharing = commands.add_parser(
        "share",
        help=_("show a stored sitting on the players' phones (a page on the local network)"),
        description=_(
            "Serve a read-only page of a stored sitting (--sitting ID; default: the sitting "
            "changed last) on the local network, as the window's File > Share with the table "
            "does: print its address and QR code, and follow the hands another copy of "
            "jojotte-score records. The address holds a secret token; nothing else of the "
            "database is shown. Ctrl+C stops it."
        ),
    )
    sharing.set_defaults(handler=share_command.share)
    sharing.add_argument("--sitting", type=int, metavar="ID", help=_("a stored sitting"))
    sharing.add_argument(
        "--port",
        type=int,
        default=0,
        metavar="PORT",
        help=_("the port to serve on (default 0: any free port)"),
    )
    sharing.add_argument(
        "--bind",
        default=None,
        metavar="ADDRESS",
        help=_(
            "the address to serve on (default: this machine's address on the local "
            "network; 0.0.0.0 for every address)"
        ),
    )
    _add_data_dir(sharing)
    _add_language(parser, default=None)
    for command in commands.choices.values():
        _add_language(command)
    return parser


def _add_language(parser: argparse.ArgumentParser, default: object = argparse.SUPPRESS) -> None:
    # Read before the parser is built (requested_language); here for --help and its check.
    parser.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        default=default,
        metavar="|".join(sorted(LANGUAGES)),
        help=_("the language to speak, remembered by the window (default: the system's)"),
    )


def _add_data_dir(parser: argparse.ArgumentParser, default: object = argparse.SUPPRESS) -> None:
    # Also accepted after the subcommand; SUPPRESS there keeps a value given before it.
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=default,
        metavar="DIR",
        help=_(
            "the folder holding the database (default: $JOJOTTE_SCORE_DATA_DIR, "
            "else the user's data folder)"
        ),
    )


def build_gui_parser() -> argparse.ArgumentParser:
    """The arguments of the desktop window."""
    speak_through_argparse()
    parser = _Parser(
        prog=PROGRAM,
        description=_("Open the desktop scorepad (commands: jojotte-score --help)."),
    )
    parser.add_argument(
        "file",
        type=Path,
        nargs="?",
        metavar="FILE.json",
        help=_("a sitting file to import and show"),
    )
    _add_data_dir(parser, default=None)
    _add_language(parser, default=None)
    parser.add_argument(
        "--quit-after-start",
        action="store_true",
        help=_("open the window on the last sitting, let it settle and exit (a smoke test)"),
    )
    entry = parser.add_mutually_exclusive_group()
    entry.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help=_(
            "put the app in the desktop's menu, with its icon (in the user's data folder, "
            "~/.local/share), and exit"
        ),
    )
    entry.add_argument(
        "--remove-desktop-entry",
        action="store_true",
        help=_("remove what --install-desktop-entry put there, and exit"),
    )
    return parser


_GLOBAL_OPTIONS = ("--data-dir", "--lang")
"""The options every command and the window take, each with a value."""


def leave_out_global_options(arguments: Sequence[str]) -> list[str]:
    """The arguments without ``--data-dir DIR`` and ``--lang CODE`` (or ``--lang=CODE``)."""
    words: list[str] = []
    skip = False
    for argument in arguments:
        if skip:
            skip = False
        elif argument in _GLOBAL_OPTIONS:
            skip = True
        elif not argument.startswith(tuple(f"{option}=" for option in _GLOBAL_OPTIONS)):
            words.append(argument)
    return words


def requested_language(arguments: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for, if one it names is spoken; read before the parser
    is built, since its help is in that language (a wrong code is the parser's error)."""
    for index, argument in enumerate(arguments):
        if argument == "--":
            break
        if argument == "--lang" and index + 1 < len(arguments):
            value = arguments[index + 1]
        elif argument.startswith("--lang="):
            value = argument.removeprefix("--lang=")
        else:
            continue
        return value if value in LANGUAGES else None
    return None


def wants_gui(arguments: Sequence[str]) -> bool:
    """True unless the arguments name a subcommand or ask for help or the version.

    A leading ``--data-dir DIR`` is skipped: ``--data-dir DIR sittings`` is the command line,
    ``--data-dir DIR`` alone (or with a sitting file) is the desktop window.
    """
    words = leave_out_global_options(arguments)
    return not words or words[0] not in (*COMMANDS, "-h", "--help", "--version")


def misspelt_command(word: str) -> str | None:
    """The command ``word`` was probably meant to be ("scroe": "score"), or None."""
    import difflib  # only when the window is given something that is not a file

    close = difflib.get_close_matches(word, COMMANDS, n=1, cutoff=0.6)
    return close[0] if close else None
