"""The README's Quick start has exactly two commands, and CI runs the second one."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block is not None, "the Quick start section has no ```sh block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_quick_start_has_two_commands_start_and_test() -> None:
    start, test = quick_start_commands()
    assert start.endswith("jojotte-score")
    assert "pip install" in start
    assert test.endswith("python3 -m pytest")
    assert '".[test]"' in test


def test_ci_runs_the_second_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line for line in ci.splitlines() if line and not line.startswith("#")]
    # CI passes -q to pip to keep its log short; otherwise the command is the README's.
    readme = [line.replace("pip install -q ", "pip install ") for line in commands]
    assert quick_start_commands()[1] in readme
    # ... and builds and checks the packages after it (packaging/build.sh --test).
    assert commands[-1] == "bash packaging/build.sh --test"


def test_the_system_libraries_script_exists_and_is_executable() -> None:
    script = ROOT / "packaging" / "system-libraries.sh"
    assert script.stat().st_mode & 0o111
    assert "libegl1" in script.read_text(encoding="utf-8")
