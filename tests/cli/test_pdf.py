"""`jojotte-score pdf`: the PDF a player gets, its exit codes and its one-line errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from jojotte_score.cli import main
from tests.poppler import pdf_info, pdf_pages, pdf_text

ROOT = Path(__file__).resolve().parents[2]
GERMAN = ROOT / "tests" / "data" / "german-example.json"


@pytest.fixture
def app(qapp: QApplication) -> QApplication:
    """The Qt application the tests run in (the command reuses it)."""
    return qapp


def test_the_german_example(
    app: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "german.pdf"
    assert main(["pdf", str(GERMAN), "-o", str(target)], environ={}) == 0  # A4: no locale
    out, err = capsys.readouterr()
    assert (out, err) == ("", "")  # the example's card counts are normal for two players
    text = pdf_text(target)
    for words in ("755", "655", "220", "300", "150"):
        assert words in text.split()
    assert "A wins the rubber by 100" in text
    assert "Jo-Jotte scorepad" in text
    assert "A4" in pdf_info(target)


def test_a_stored_sitting_with_blank_pads_and_the_card_on_letter(
    app: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ["--data-dir", str(tmp_path / "data")]
    assert (
        main(["import", str(GERMAN), "--title", "Berlin 1937", "--place", "Kranzler", *data]) == 0
    )
    sitting_id = capsys.readouterr().out.strip()
    target = tmp_path / "evening.pdf"
    arguments = ["pdf", "--sitting", sitting_id, "-o", str(target), "--blank", "2", "--card"]
    assert main([*arguments, "--page-size", "letter", *data]) == 0
    text = pdf_text(target)
    assert "Berlin 1937" in text
    assert "Place: Kranzler" in text
    assert re.search(r"Date: \d{4}-\d\d-\d\d", text)
    assert text.count("Rubber ____") == 2  # the blank pads, named A and B
    assert "Jo-Jotte scoring card" in text
    assert pdf_pages(target) == 3  # the sheet, both blank pads on one page, the card
    assert "Page 3 of 3" in text
    assert "612 x 792 pts (letter)" in pdf_info(target)


def test_only_rubber_2_and_blank_pads_without_a_sitting(app: QApplication, tmp_path: Path) -> None:
    sitting = json.loads(GERMAN.read_text(encoding="utf-8"))
    sitting["hands"] = sitting["hands"] * 2
    twice = tmp_path / "twice.json"
    twice.write_text(json.dumps(sitting), encoding="utf-8")
    target = tmp_path / "second.pdf"
    assert main(["pdf", str(twice), "--rubber", "2", "-o", str(target)]) == 0
    text = pdf_text(target)
    assert "Rubber 2 of 2" in text
    assert "Rubber 1 of 2" not in text
    assert "Running result after rubber 2: A ahead by 200" in text
    pads = tmp_path / "pads.pdf"
    assert main(["pdf", "--blank", "1", "-o", str(pads)]) == 0
    assert "Jo-Jotte scorepad" in pdf_text(pads)


NUMBER = "give a whole number from 1 to 200"


@pytest.mark.parametrize(
    ("arguments", "status", "message"),
    [
        (["--sitting", "7"], 2, "there is no sitting 7: no sittings stored yet in "),
        ([str(GERMAN), "--blank", "0"], 2, f"--blank 0: {NUMBER}"),
        (["--blank", "-3"], 2, f"--blank -3: {NUMBER}"),
        (["--blank", "many"], 2, f"--blank many: {NUMBER}"),
        (["--blank", "201"], 2, f"--blank 201: {NUMBER}"),
        (
            [str(GERMAN), "--rubber", "2"],
            2,
            "german-example.json: there is no rubber 2 (the sitting has 1)",
        ),
        (["--card", "--rubber", "1"], 2, "pdf: --rubber needs a sitting (FILE or --sitting ID)"),
        ([], 2, "pdf: nothing to print: give FILE, --sitting ID, --blank N or --card"),
        (
            ["--card", "--page-size", "A3"],
            2,
            "--page-size: unknown page size 'A3' (use A4 or Letter)",
        ),
        (["missing.json"], 2, "missing.json: cannot read the file: No such file or directory"),
    ],
)
def test_refusals_are_one_line_and_write_nothing(
    arguments: list[str],
    status: int,
    message: str,
    app: QApplication,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "out.pdf"
    data = ["--data-dir", str(tmp_path / "data")]
    assert main(["pdf", *arguments, "-o", str(target), *data]) == status
    err = capsys.readouterr().err
    problems = [line for line in err.splitlines() if not line.startswith("warning:")]
    assert len(problems) == 1
    assert problems[0].startswith(f"jojotte-score: {message}")
    assert not target.exists()


def test_a_bad_sitting_file_is_refused_with_its_problems(
    app: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "format": "jojotte-sitting",
                "version": 1,
                "variant": "two-player",
                "players": ["Anna", "Bert"],
                "hands": [
                    {"bidder": 0, "trump": "no-trump", "card_points": [60, 60], "jojotte": 0}
                ],
            }
        ),
        encoding="utf-8",
    )
    target = tmp_path / "out.pdf"
    assert main(["pdf", str(bad), "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert "bad.json: hand 1: Jo-Jotte needs a trump suit" in err
    assert not target.exists()


def test_an_output_that_cannot_be_written_leaves_nothing_behind(
    app: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "german.pdf"
    target.mkdir()  # a folder where the file should go
    assert main(["pdf", str(GERMAN), "-o", str(target)]) == 1
    problems = [
        line for line in capsys.readouterr().err.splitlines() if not line.startswith("warning:")
    ]
    assert problems == [f"jojotte-score: {target}: cannot write the file: Is a directory"]
    assert [path.name for path in folder.iterdir()] == ["german.pdf"]  # no temporary left


def test_file_and_sitting_together_is_a_usage_error(
    app: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["pdf", str(GERMAN), "--sitting", "1", "-o", str(tmp_path / "x.pdf")])
    assert exit_info.value.code == 2
    assert "pdf: give FILE or --sitting ID, not both" in capsys.readouterr().err


def test_without_a_display(tmp_path: Path) -> None:
    """As a process with no display and no Qt platform chosen: drawn offscreen, exit 0."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    target = tmp_path / "german.pdf"
    result = subprocess.run(
        [sys.executable, "-m", "jojotte_score", "pdf", str(GERMAN), "-o", str(target), "--card"],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert (result.stdout, result.stderr) == ("", "")
    text = pdf_text(target)
    assert {"755", "655"} <= set(text.split())
    assert pdf_pages(target) == 2


@pytest.mark.parametrize(
    ("environ", "paper"),
    [({"LANG": "en_US.UTF-8"}, "(letter)"), ({"LC_PAPER": "de_DE.UTF-8"}, "(A4)"), ({}, "(A4)")],
)
def test_the_paper_follows_the_locale_unless_asked(
    app: QApplication, tmp_path: Path, environ: dict[str, str], paper: str
) -> None:
    target = tmp_path / "card.pdf"
    assert main(["pdf", "--card", "-o", str(target)], environ=environ) == 0
    assert paper in pdf_info(target)
    assert main(["pdf", "--card", "-o", str(target), "--page-size", "A4"], environ=environ) == 0
    assert "(A4)" in pdf_info(target)
