"""The arguments of every command, each subcommand naming its handler, and those of the
desktop window (``jojotte-score [FILE.json]`` without a command)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypeAlias

from jojotte_score import __version__
from jojotte_score.cli.context import EXIT_INVALID, PROGRAM, Context
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
    _add_score(commands, file_commands.score)
    _add_explain(commands, file_commands.explain)
    _add_csv(commands, file_commands.csv)
    _add_import(commands, database_commands.import_files)
    _add_sync(commands, sync_command.sync)
    sittings = _command(
        commands, "sittings", database_commands.sittings, _("list the stored sittings")
    )
    _add_data_dir(sittings)
    _add_export(commands, database_commands.export)
    _add_stats(commands, database_commands.stats)
    backups = _command(
        commands,
        "backups",
        database_commands.backups,
        _("list the database backups, newest first"),
    )
    _add_data_dir(backups)
    _add_restore(commands, database_commands.restore)
    _add_check(commands, database_commands.check)
    _add_pdf(commands, file_commands.pdf)
    _add_share(commands, share_command.share)
    _add_language(parser, default=None)
    for command in commands.choices.values():
        _add_language(command)
    return parser


if TYPE_CHECKING:
    # Where each subcommand's parser is added (not subscriptable at run time).
    _Commands: TypeAlias = argparse._SubParsersAction[_Parser]

_Handler = Callable[[argparse.Namespace, Context], int]
"""What runs a subcommand."""


def _command(
    commands: _Commands, name: str, handler: _Handler, help: str, description: str | None = None
) -> argparse.ArgumentParser:
    """The parser of subcommand ``name``, run by ``handler``, its ``help`` in the list of
    commands and its ``description`` at the top of its own help."""
    command: argparse.ArgumentParser = commands.add_parser(name, help=help, description=description)
    command.set_defaults(handler=handler)
    return command


def _add_sitting_file(command: argparse.ArgumentParser, nargs: str | None = None) -> None:
    command.add_argument(
        "file", type=Path, nargs=nargs, metavar="FILE", help=_("a sitting file (.json)")
    )


def _add_stored_sitting(command: argparse.ArgumentParser) -> None:
    command.add_argument("--sitting", type=int, metavar="ID", help=_("a stored sitting"))


def _add_output(command: argparse.ArgumentParser, metavar: str) -> None:
    command.add_argument(
        "-o", "--output", type=Path, required=True, metavar=metavar, help=_("the file to write")
    )


def _add_score(commands: _Commands, handler: _Handler) -> None:
    score = _command(
        commands, "score", handler, _("print the ledger (the pad) of a sitting as JSON")
    )
    _add_sitting_file(score)
    score.add_argument(
        "--indent", type=int, default=None, metavar="N", help=_("indent the JSON by N spaces")
    )


def _add_explain(commands: _Commands, handler: _Handler) -> None:
    explain = _command(
        commands, "explain", handler, _("say in plain words why each hand scored as it did")
    )
    _add_sitting_file(explain)
    explain.add_argument("--hand", type=int, metavar="N", help=_("only hand N (numbered from 1)"))


def _add_csv(commands: _Commands, handler: _Handler) -> None:
    csv = _command(
        commands,
        "csv",
        handler,
        _("export hands and rubbers to CSV"),
        _(
            "Export a sitting file (FILE), a stored sitting (--sitting ID) or the "
            "rubbers of every stored sitting (--all) to CSV; give exactly one of the three. "
            'Each row ends in every player\'s figures under the name ("Anna: total").'
        ),
    )
    _add_sitting_file(csv, nargs="?")
    _add_stored_sitting(csv)
    csv.add_argument(
        "--all", action="store_true", help=_("every stored sitting (rubbers only), oldest first")
    )
    csv.add_argument("--hands", type=Path, metavar="OUT.csv", help=_("one row per hand"))
    csv.add_argument("--rubbers", type=Path, metavar="OUT.csv", help=_("one row per rubber"))
    _add_data_dir(csv)


def _add_import(commands: _Commands, handler: _Handler) -> None:
    importing = _command(
        commands,
        "import",
        handler,
        _("store sitting files in the database"),
        _(
            "Store each sitting file as a new sitting and print its id. A file whose "
            'sitting is already stored (the same "uuid") updates that sitting when its '
            "hands differ and leaves it as it is when they do not; --as-new keeps a separate "
            "copy instead. Each file is checked first: a file with any problem is refused "
            "whole (its problems are listed as by 'score') and nothing of it is stored. With "
            "several files each good one is stored and each bad one refused; the exit status "
            "is 2 if any was refused."
        ),
    )
    importing.add_argument("files", type=Path, nargs="+", metavar="FILE", help=_("sitting files"))
    importing.add_argument("--title", default="", help=_("the sitting's title (one FILE only)"))
    importing.add_argument("--place", default="", help=_("where it was played (one FILE only)"))
    importing.add_argument(
        "--as-new",
        action="store_true",
        help=_("store each file as a new sitting even when its sitting is already stored"),
    )
    _add_data_dir(importing)


def _add_sync(commands: _Commands, handler: _Handler) -> None:
    syncing = _command(
        commands,
        "sync",
        handler,
        _("keep the history in step with other devices through a folder"),
        _(
            "One pass over a sync folder kept in step by Syncthing, Nextcloud, Dropbox or a "
            "USB stick: write this device's changes, take in every other device's, print "
            "what was taken in and each conflict. The folder is remembered. The database "
            "never goes into the folder. See docs/sync.md."
        ),
    )
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


def _add_export(commands: _Commands, handler: _Handler) -> None:
    export = _command(commands, "export", handler, _("write a stored sitting to a sitting file"))
    export.add_argument("id", type=int, metavar="ID", help=_("the sitting's id"))
    _add_output(export, "FILE.json")
    _add_data_dir(export)


def _add_stats(commands: _Commands, handler: _Handler) -> None:
    stats = _command(
        commands,
        "stats",
        handler,
        _("each player's figures across every stored sitting"),
        _(
            "Each player's sittings, rubbers, net points, contracts declared, made "
            "and defended, and melds across every stored sitting of every variant (players "
            "matched by name). The README defines each figure."
        ),
    )
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


def _add_restore(commands: _Commands, handler: _Handler) -> None:
    restore = _command(
        commands,
        "restore",
        handler,
        _("replace the database with a backup"),
        _(
            "Replace the database with BACKUP (a path, or a file name in the backups "
            "folder). The database it replaces is first saved in the backups folder, so a "
            "restore can be undone. Refused while the desktop app has the database open."
        ),
    )
    restore.add_argument("backup", type=Path, metavar="BACKUP", help=_("the backup to restore"))
    _add_data_dir(restore)


def _add_check(commands: _Commands, handler: _Handler) -> None:
    checking = _command(
        commands,
        "check",
        handler,
        _("check every stored figure against the hands"),
        _(
            "Score every stored sitting again from its hands and name each stored figure that "
            "does not agree (the summaries, the rubbers' starts, the statistics' figures) and "
            "each hand out of its place. Exit status 0 when everything agrees, 1 when "
            "something does not (or could not be repaired). With --repair the hands are "
            "numbered again in their order, keeping every one, and every figure is rebuilt "
            "from the hands (after the daily backup, when one is due)."
        ),
    )
    checking.add_argument(
        "--repair", action="store_true", help=_("rebuild what does not agree from the hands")
    )
    _add_data_dir(checking)


def _add_pdf(commands: _Commands, handler: _Handler) -> None:
    pdf = _command(
        commands,
        "pdf",
        handler,
        _("print sheets, blank pads or the scoring card to a PDF file"),
        _(
            "Write a PDF file: the pads of a sitting file (FILE) or a stored sitting "
            "(--sitting ID), one pad per rubber with a header (players, date, place) and the "
            "running result; --blank N adds N blank pads (with the sitting's names, else lines "
            "to write them on); --card adds the one-page scoring card. Give at least one of "
            "them. Works without a display; the text stays text, in the font the app ships."
        ),
    )
    _add_sitting_file(pdf, nargs="?")
    _add_stored_sitting(pdf)
    _add_output(pdf, "OUT.pdf")
    pdf.add_argument("--rubber", metavar="N", help=_("only rubber N of the sitting"))
    pdf.add_argument("--blank", metavar="N", help=_("add N blank pads"))
    pdf.add_argument("--card", action="store_true", help=_("add the one-page scoring card"))
    pdf.add_argument(
        "--page-size",
        metavar="A4|Letter",
        help=_("the paper (default: as the system's locale has it, A4 or Letter)"),
    )
    _add_data_dir(pdf)


def _add_share(commands: _Commands, handler: _Handler) -> None:
    sharing = _command(
        commands,
        "share",
        handler,
        _("show a stored sitting on the players' phones (a page on the local network)"),
        _(
            "Serve a read-only page of a stored sitting (--sitting ID; default: the sitting "
            "changed last) on the local network, as the window's File > Share with the table "
            "does: print its address and QR code, and follow the hands another copy of "
            "jojotte-score records. The address holds a secret token; nothing else of the "
            "database is shown. Ctrl+C stops it."
        ),
    )
    _add_stored_sitting(sharing)
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
