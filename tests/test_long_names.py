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
