"""The memory a start touches: what start-up keeps that nothing reads again."""

from __future__ import annotations

from pathlib import Path

from tests.gui.window.test_startup import _example_stored, _python

# PySide6's import hook reads the whole source of every module an import statement names
# once PySide6 is imported, into linecache, and nothing reads it again: 70 files, 33,000
# lines and 3.0 MB of the heap on a start that kept them (benchmarks/README.md, "Start-up,
# sixteenth round"). Let go of before the window's modules are imported and again after,
# a start holds only what the modules imported later had read (a few hundred lines).
LINES_KEPT_AT_MOST = 3_000


def test_a_start_keeps_none_of_the_sources_the_import_hook_read(tmp_path: Path) -> None:
    data, environment = _example_stored(tmp_path)
    code = (
        "import linecache\n"
        "from jojotte_score.cli import main\n"
        f"status = main(['--quit-after-start', '--data-dir', {str(data)!r}])\n"
        "kept = {name: len(entry[2]) for name, entry in linecache.cache.items()"
        " if len(entry) == 4}\n"
        "print(status, sum(kept.values()), *sorted(kept))\n"
    )

    result = _python(["-c", code], environment)

    assert result.returncode == 0, result.stderr
    status, lines, *files = result.stdout.split()
    assert status == "0"
    assert int(lines) <= LINES_KEPT_AT_MOST, files
    assert not [name for name in files if name.endswith(("main_window.py", "typing.py"))]
