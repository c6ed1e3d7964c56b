"""The ``jojotte-score`` program: ``python -m jojotte_score`` and the installed command."""

import gc
import sys
from typing import NoReturn


def run() -> NoReturn:
    """Run the command line (or the window) as a whole process, then exit with its status.

    The garbage collector is off while the program starts. The modules, Qt's enums and the
    window built then live as long as the process, so scanning them for reference cycles
    would only cost time. The window turns the collector back on once it is shown, with
    those objects frozen out of its reach (see :func:`jojotte_score.gui.app.run_gui`); a
    command runs to its end without it. At the end everything is frozen, so the interpreter
    exits without scanning it either. No data waits for the exit: every change is committed
    when it is made, and every file is closed once written.
    """
    gc.disable()
    from jojotte_score.cli import main

    try:
        status = main()
    finally:
        gc.freeze()
    sys.exit(status)


if __name__ == "__main__":
    run()
