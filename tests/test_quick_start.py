"""The README's Quick start has exactly two commands, and CI runs them as they are written."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CI = ROOT / ".ci"


def quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block is not None, "the Quick start section has no ```sh block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def ci_lines() -> list[str]:
    run = (CI / "run").read_text(encoding="utf-8")
    return [line for line in run.splitlines() if line and not line.startswith("#")]


def test_quick_start_has_two_commands_start_and_test() -> None:
    start, test = quick_start_commands()
    assert start.endswith(".venv/bin/jojotte-score")
    assert ".venv/bin/pip install . " in start
    assert test.endswith(".venv/bin/python -m pytest")
    assert '.venv/bin/pip install -e ".[test]"' in test


def test_both_commands_install_into_a_virtual_environment_not_the_system_python() -> None:
    """Debian's and Ubuntu's python3 refuse pip install (PEP 668); a fresh one has no pip."""
    for command in quick_start_commands():
        assert command.startswith("sh packaging/system-libraries.sh")
        assert " && python3 -m venv .venv && " in command
        assert "python3 -m pip" not in command
        assert "sudo" not in command  # system-libraries.sh asks for it when it needs it


def test_ci_reads_the_commands_from_the_readme() -> None:
    result = subprocess.run(
        ["sh", str(CI / "quick-start-commands"), str(ROOT / "README.md")],
        capture_output=True,
        text=True,
        check=True,
    )

    assert result.stdout.splitlines() == quick_start_commands()


def test_the_reader_refuses_a_quick_start_without_two_commands(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# x\n\n## Quick start\n\n```sh\nmake\n```\n\n## Next\n", "utf-8")

    result = subprocess.run(
        ["sh", str(CI / "quick-start-commands"), str(readme)],
        capture_output=True,
        text=True,
        check=False,
    )

    assert result.returncode == 1
    assert "does not have exactly two commands" in result.stderr


def test_ci_runs_both_commands_on_fresh_debian_and_the_second_here() -> None:
    lines = ci_lines()
    assert 'bash .ci/debian-quick-start bookworm trixie >"$chroots_log" 2>&1 &' in lines
    assert 'bash -c "$(sh .ci/quick-start-commands README.md 2)"' in lines
    # ... and builds and checks the packages after it (packaging/build.sh --test).
    assert lines.index("bash packaging/build.sh --test") > lines.index(
        'bash -c "$(sh .ci/quick-start-commands README.md 2)"'
    )
    chroots = (CI / "debian-quick-start").read_text(encoding="utf-8")
    assert '.ci/quick-start-commands" "$root$CLONE/README.md" 1)' in chroots
    assert '.ci/quick-start-commands" "$root$CLONE/README.md" 2)' in chroots
    assert "debootstrap --variant=minbase --include=git,ca-certificates" in chroots
    assert "unshare --mount --propagation private" in chroots


def test_the_system_libraries_script_exists_and_is_executable() -> None:
    script = ROOT / "packaging" / "system-libraries.sh"
    assert script.stat().st_mode & 0o111
    assert "libegl1" in script.read_text(encoding="utf-8")
    assert "python3-venv" in script.read_text(encoding="utf-8")
