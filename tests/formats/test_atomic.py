"""Exported files: written whole, with the permissions a new file gets, or those it had."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from jojotte_score.formats.atomic import write_atomically
from jojotte_score.formats.csv_export import neutralise


@pytest.fixture
def umask_022() -> Iterator[None]:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_gets_the_permissions_the_umask_gives(tmp_path: Path, umask_022: None) -> None:
    target = tmp_path / "hands.csv"
    write_atomically(target, "a,b\r\n")
    assert mode(target) == 0o644
    assert target.read_bytes() == b"a,b\r\n"
    assert [p.name for p in tmp_path.iterdir()] == ["hands.csv"]  # no temporary file left


def test_a_replaced_file_keeps_its_mode(tmp_path: Path, umask_022: None) -> None:
    target = tmp_path / "shared.csv"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o664)
    write_atomically(target, "new")
    assert mode(target) == 0o664
    assert target.read_text(encoding="utf-8") == "new"


def test_a_system_without_fchmod_still_writes_and_keeps_the_mode(
    tmp_path: Path, umask_022: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Windows' Python before 3.13 has no os.fchmod: every export used to fail there.
    monkeypatch.delattr(os, "fchmod", raising=False)
    target = tmp_path / "rubber.pdf"
    target.write_bytes(b"old")
    target.chmod(0o640)
    write_atomically(target, b"%PDF-1.4 new")
    assert target.read_bytes() == b"%PDF-1.4 new"
    assert mode(target) == 0o640
    fresh = tmp_path / "hands.csv"
    write_atomically(fresh, "a,b\r\n")
    assert fresh.read_bytes() == b"a,b\r\n"
    assert mode(fresh) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.csv", "rubber.pdf"]


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ("=1+1", "'=1+1"),
        (" =1+1", "' =1+1"),
        ("\u00a0+SUM(A1)", "'\u00a0+SUM(A1)"),
        ("  @cmd", "'  @cmd"),
        ("Anna", "Anna"),
        (" Anna", " Anna"),
        (12, 12),
    ],
)
def test_formula_cells_with_leading_blanks_are_neutralised(
    cell: str | int, written: str | int
) -> None:
    assert neutralise(cell) == written
