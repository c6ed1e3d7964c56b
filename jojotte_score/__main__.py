"""The ``jojotte-score`` program: ``python -m jojotte_score`` and the installed command."""

import sys
from typing import NoReturn


def run() -> NoReturn:
    """Run the command line (or the window) as a whole process, then exit with its status."""
    from jojotte_score.cli import main

    sys.exit(main())


if __name__ == "__main__":
    run()
