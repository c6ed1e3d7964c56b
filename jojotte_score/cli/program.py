"""Running the command line: the command's handler, or the desktop window; every failure
becomes lines on stderr (``jojotte-score: ...``) and an exit status, never a traceback."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Mapping, Sequence

from jojotte_score.cli.context import (
    EXIT_FAILED,
    EXIT_INVALID,
    EXIT_OK,
    CommandError,
    Context,
    fail,
    print_problems,
    replace_what_the_terminal_cannot_show,
    source_name,
)
from jojotte_score.cli.parser import (
    COMMANDS,
    build_gui_parser,
    build_parser,
    leave_out_global_options,
    misspelt_command,
    requested_language,
    wants_gui,
)
from jojotte_score.core.errors import InvalidSittingError, JojotteError
from jojotte_score.i18n import _, ngettext, use_language
from jojotte_score.storage.database import describe_sqlite_error
from jojotte_score.storage.errors import (
    SQLITE_FAILURES,
    DatabaseInUseError,
    HandNotFoundError,
    SittingNotFoundError,
    os_reason,
)


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    """Run the command line; returns the process exit status.

    ``environ`` defaults to the process environment (read now, never at import time).
    """
    replace_what_the_terminal_cannot_show()
    arguments = sys.argv[1:] if argv is None else list(argv)
    environment = os.environ if environ is None else environ
    use_language(requested_language(arguments), environment)
    if wants_gui(arguments):
        return _gui(arguments, environment)
    gc.enable()  # held while the program started (jojotte_score/__main__.py)
    parser = build_parser()
    args = parser.parse_args(arguments)
    if args.handler is None:
        parser.print_help(sys.stdout)
        return EXIT_OK
    context = Context(parser, args.data_dir, environment)
    try:
        status: int = args.handler(args, context)
    except InvalidSittingError as error:
        file = getattr(args, "file", None)
        print_problems(error.problems, error.source or (source_name(file) if file else ""))
        return EXIT_INVALID
    except CommandError as error:
        fail(str(error))
        return error.status
    except SittingNotFoundError as error:
        fail(_("{error} (jojotte-score sittings lists them)").format(error=error))
        return EXIT_INVALID
    except HandNotFoundError as error:
        fail(str(error))
        return EXIT_INVALID
    except DatabaseInUseError:  # Only the writing commands take the writers' lock.
        message = _(
            "{database}: another copy of jojotte-score is using this database; "
            "close it first, then try again"
        )
        fail(message.format(database=context.database))
        return EXIT_FAILED
    except JojotteError as error:  # StorageError, BackupError: the environment failed.
        fail(str(error))
        return EXIT_FAILED
    except SQLITE_FAILURES as error:
        fail(str(describe_sqlite_error(error, context.database)))
        return EXIT_FAILED
    except BrokenPipeError:
        # The reader went away (``| head``); say nothing more and leave quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except OSError as error:
        where = error.filename or context.folder
        fail(f"{where}: {os_reason(error)}")
        return EXIT_FAILED
    return status


def _gui(arguments: Sequence[str], environ: Mapping[str, str]) -> int:
    parser = build_gui_parser()
    word = next((word for word in leave_out_global_options(arguments) if word[:1] != "-"), None)
    if word is not None and not os.path.lexists(word):
        meant = misspelt_command(word)
        if meant is not None:
            parser.error(
                _("{word}: no such command; did you mean {command}?").format(
                    word=word, command=meant
                )
            )
    args = parser.parse_args(arguments)
    if args.install_desktop_entry or args.remove_desktop_entry:
        return _desktop_entry(args.install_desktop_entry, environ)
    if args.file is not None:
        from jojotte_score.formats.sitting_file import check_regular_file

        try:
            check_regular_file(args.file)
        except OSError as error:
            if isinstance(error, FileNotFoundError) and not args.file.is_symlink():
                message = _("{file}: no such sitting file (the commands are {commands})")
                parser.error(message.format(file=args.file, commands=", ".join(COMMANDS)))
            parser.error(f"{args.file}: {os_reason(error)}")
    from jojotte_score.gui.window.app import run_gui  # Qt is imported only for the window.

    return run_gui(args.file, args.data_dir, args.quit_after_start, environ, language=args.lang)


def _desktop_entry(install: bool, environ: Mapping[str, str]) -> int:
    """--install-desktop-entry and --remove-desktop-entry."""
    from jojotte_score.cli import desktop_entry

    data = desktop_entry.data_home(environ)
    try:
        if install:
            written = desktop_entry.install_desktop_entry(data, desktop_entry.this_command())
        else:
            removed = desktop_entry.remove_desktop_entry(data)
    except OSError as error:
        fail(f"{error.filename or data}: {os_reason(error)}")
        return EXIT_FAILED
    if install:
        message = _(
            "jojotte-score is in the desktop's menu (under Games), with its icon: {entry} "
            "and {count} icons in {icons}"
        )
        print(
            message.format(
                entry=written[0], count=len(written) - 1, icons=data / "icons" / "hicolor"
            )
        )
    elif removed:
        message = ngettext(
            "Removed the menu entry and its icons ({count} file) from {folder}",
            "Removed the menu entry and its icons ({count} files) from {folder}",
            len(removed),
        )
        print(message.format(count=len(removed), folder=data))
    else:
        print(_("No menu entry of jojotte-score was found in {folder}").format(folder=data))
    return EXIT_OK
