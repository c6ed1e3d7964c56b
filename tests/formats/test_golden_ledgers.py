"""A hundred random sittings, twenty of each way to play, scored as ``jojotte-score score``
scored them before the games shared one model, and kept as golden ledgers.

``tests/data/golden-ledgers/<game>-<NN>.json`` are the sittings (written once by
``python3 -m tests.formats.golden_sittings``, see there); ``<game>-<NN>.ledger.json.gz`` is
what ``jojotte-score score <sitting>`` printed for each, compressed. Each sitting is scored
again through the command line and compared byte for byte. After a deliberate change to the
figures (and only then), regenerate the ledgers with the one command of ``tests/golden.py``:

    JOJOTTE_REGENERATE_GOLDEN=1 python3 -m pytest tests/formats/test_golden_ledgers.py
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from jojotte_score.cli import main
from tests.formats.golden_sittings import FOLDER, GAMES, SEEDS, sitting_name
from tests.golden import check_golden, read_golden

THIS_FILE = "tests/formats/test_golden_ledgers.py"
SITTINGS = [sitting_name(game, number) for game in GAMES for number in SEEDS]


def golden_ledger(sitting: str) -> Path:
    """The golden ledger of the sitting file named ``sitting``."""
    return FOLDER / sitting.replace(".json", ".ledger.json.gz")


@pytest.mark.parametrize("sitting", SITTINGS)
def test_the_command_line_scores_the_sitting_as_before(
    sitting: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", str(FOLDER / sitting)]) == 0
    check_golden(capsys.readouterr().out, golden_ledger(sitting), THIS_FILE)


def test_every_sitting_file_is_scored() -> None:
    stored = sorted(path.name for path in FOLDER.iterdir())
    expected = sorted([*SITTINGS, *(golden_ledger(name).name for name in SITTINGS)])
    assert stored == expected


def _ledgers(game: str) -> list[Any]:
    """The golden ledgers of ``game``, as JSON values."""
    return [json.loads(read_golden(golden_ledger(sitting_name(game, n)))) for n in SEEDS]


@pytest.mark.parametrize("game", GAMES)
def test_the_sittings_cover_what_the_scorer_decides(game: str) -> None:
    """Every game's sittings hold thrown-in deals, doubles and redoubles, Nullo and Slam
    bids, many rubbers, points put in prison and won back, and every kind of entry."""
    text = "".join((FOLDER / sitting_name(game, n)).read_text(encoding="utf-8") for n in SEEDS)
    for word in ('"thrown_in": true', '"double": "double"', '"redouble"', '"nullo"', '"slam"'):
        assert text.count(word) >= 10, word
    rubbers = [rubber for ledger in _ledgers(game) for rubber in ledger["rubbers"]]
    assert len(rubbers) >= 300
    kinds = {entry["kind"] for rubber in rubbers for entry in rubber["entries"]}
    assert kinds == {
        "tricks",
        "meld",
        "prison",
        "slam-bonus",
        "unbid-slam-bonus",
        "nullo-bonus",
        "rubber-bonus",
    }
    assert sum(len(rubber["prison"]) for rubber in rubbers) >= 20


def test_the_chouette_roles_change_from_rubber_to_rubber() -> None:
    """C4: the box and the captain change with who wins each rubber."""
    changes = 0
    seen: set[tuple[int, int]] = set()
    for ledger in _ledgers("chouette"):
        roles = [
            (rubber["roles"]["box"], rubber["roles"]["captain"]) for rubber in ledger["rubbers"]
        ]
        changes += sum(1 for before, after in itertools.pairwise(roles) if before != after)
        seen.update(roles)
    assert changes >= 300
    assert len(seen) == 6
