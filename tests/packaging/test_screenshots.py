"""packaging/screenshots.py makes every picture README.md and docs/ show, from the app as it
is now: none is left over from an older release (issue 24, item 17)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

from .conftest import packaging_script

ROOT = Path(__file__).resolve().parents[2]
TOOL = packaging_script("screenshots")
LINKED = re.compile(r"!\[[^\]]*\]\(([^)\s]+\.png)\)")


def linked_pictures() -> set[Path]:
    """Every picture README.md and docs/*.md show (``![...](file.png)``), as a path."""
    found = set()
    for page in (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))):
        for target in LINKED.findall(page.read_text(encoding="utf-8")):
            if not target.startswith(("http://", "https://")):
                found.add((page.parent / target).resolve())
    return found


def test_every_picture_of_the_readme_and_docs_is_made_by_the_script() -> None:
    made = {(TOOL.DOCS / shot.name).resolve() for shot in TOOL.SHOTS}
    linked = linked_pictures()
    assert linked, "README.md shows the main window"
    assert linked <= made, sorted(str(path) for path in linked - made)
    assert all(path.exists() for path in made)


def test_the_script_makes_each_picture_without_a_display(tmp_path: Path) -> None:
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    environment["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    environment["XDG_DATA_HOME"] = str(tmp_path / "share")
    result = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "screenshots.py"), "-o", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env=environment,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    written = [Path(line) for line in result.stdout.splitlines()]
    assert written == [tmp_path / shot.name for shot in TOOL.SHOTS]
    for shot in TOOL.SHOTS:
        image = QImage(str(tmp_path / shot.name))
        assert (image.width(), image.height()) == shot.size
    assert not (tmp_path / "share").exists()  # nothing of the player's was touched
