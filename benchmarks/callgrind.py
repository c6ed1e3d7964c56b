"""Instructions counted by valgrind's callgrind, for the scripts that compare whole programs:
on a machine busy with other work the clock varies by a third from run to run, the counts
by about 1 %. Under callgrind a program runs some fifty times slower."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path


def instructions(command: list[str], environment: dict[str, str], cwd: Path | None = None) -> int:
    """The instructions one run of ``command`` executes (its output is thrown away)."""
    counted = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={os.devnull}", *command],
        cwd=cwd,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", counted.stderr)
    if found is None:
        raise RuntimeError(f"valgrind counted nothing:\n{counted.stderr}")
    return int(found.group(1))
