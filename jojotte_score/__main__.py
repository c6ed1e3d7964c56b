"""The ``jojotte-score`` program: ``python -m jojotte_score`` and the installed command."""

import gc
import sys
from typing import NoReturn


def run() -> NoReturn:
    """Run the command line (or the window) as a whole process, then exit with its status.

    The collector waits while the program starts: what the imports and the window build
    lives as long as the process, so its 69 collections on the way found nothing (a full
    collection once the window is shown finds no garbage) and cost 30 M of the 1,271 M
    instructions of a start on a 10,000-hand sitting, about 8 ms (benchmarks/README.md,
    "the collector held while the program starts"). A command turns it on again before its
    work (:func:`jojotte_score.cli.program.main`); the window freezes what start-up built
    and turns it on once shown (:mod:`jojotte_score.gui.window.app`).
    """
    gc.disable()
    from jojotte_score.cli import main

    sys.exit(main())


if __name__ == "__main__":
    run()
