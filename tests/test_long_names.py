"""Names too long for a pad are refused at import, with the field named, and quickly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_a_ten_thousand_character_name_is_refused_by_every_reader(tmp_path: Path) -> None:
    sitting = {
        "format": "jojotte-sitting",
        "version": 1,
        "variant": "two-player",
        "players": ["Z" * 10_000, "Bert"],
        "hands": [],
    }
    path = tmp_path / "long.json"
    path.write_text(json.dumps(sitting), encoding="utf-8")
    for command in (["score", str(path)], ["pdf", str(path), "-o", str(tmp_path / "x.pdf")]):
        done = subprocess.run(
            [sys.executable, "-m", "jojotte_score", *command],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"},
        )
        assert done.returncode == 2, command
        assert "player 0's name is 10000 characters long; a name has at most 40" in done.stderr
        assert not (tmp_path / "x.pdf").exists()


def test_a_long_stored_name_does_not_widen_every_line(tmp_path: Path) -> None:
    """A name stored before names were bounded is cut in `sittings`: one 10-million-character
    name used to make it print 140 MB."""
    import sqlite3

    from jojotte_score.cli.tables import CELL_LIMIT

    data = tmp_path / "data"
    for names in (["Anna", "Bert"], ["Carl", "Dora"]):
        sitting = {"format": "jojotte-sitting", "version": 1, "variant": "two-player"}
        path = tmp_path / f"{names[0]}.json"
        path.write_text(json.dumps({**sitting, "players": names, "hands": []}), encoding="utf-8")
        run("--data-dir", str(data), "import", str(path))
    database = sqlite3.connect(data / "sittings.sqlite3")
    database.execute(
        "UPDATE sitting SET players = ? WHERE id = 2", (json.dumps(["Z" * 10**7, "Dora"]),)
    )
    database.commit()
    database.close()
    done = run("--data-dir", str(data), "sittings")
    lines = done.stdout.splitlines()
    assert len(lines) == 3, done.stderr
    assert max(len(line) for line in lines) <= CELL_LIMIT + 60
    assert "Anna–Bert" in lines[1]
    assert "…" in lines[2]


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jojotte_score", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_title_too_long_is_refused_at_import(tmp_path: Path) -> None:
    sitting = {"format": "jojotte-sitting", "version": 1, "variant": "two-player"}
    path = tmp_path / "evening.json"
    path.write_text(json.dumps({**sitting, "players": ["Anna", "Bert"], "hands": []}))
    data = str(tmp_path / "data")
    done = run("--data-dir", data, "import", str(path), "--title", "T" * 81)
    assert done.returncode == 2
    assert "the title is 81 characters long; it has at most 80" in done.stderr
    assert run("--data-dir", data, "sittings").stdout.strip() == "no sittings stored yet"
