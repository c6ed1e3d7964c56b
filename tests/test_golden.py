"""The golden-file helper: a difference fails and says where, regenerating rewrites the file,
and a compressed golden file is compared uncompressed."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from tests.golden import REGENERATE_VARIABLE, check_golden, read_golden

TEST_FILE = "tests/formats/test_example.py"


@pytest.fixture(autouse=True)
def _checking(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests check, whatever the run that holds them was asked to do."""
    monkeypatch.delenv(REGENERATE_VARIABLE, raising=False)


def test_the_same_text_passes_whatever_the_line_ends(tmp_path: Path) -> None:
    golden = tmp_path / "ledger.txt"
    golden.write_bytes(b"A 755\r\nB 655\r\n")
    check_golden("A 755\nB 655\n", golden, TEST_FILE)


def test_a_difference_names_its_line_and_the_command(tmp_path: Path) -> None:
    golden = tmp_path / "ledger.txt"
    golden.write_bytes(b"A 755\nB 655\n")
    with pytest.raises(pytest.fail.Exception) as failure:
        check_golden("A 755\nB 665\n", golden, TEST_FILE)
    message = str(failure.value)
    assert "in line 2: b'B 655' became b'B 665'" in message
    assert f"{REGENERATE_VARIABLE}=1 python3 -m pytest {TEST_FILE}" in message


def test_bytes_are_compared_as_they_are(tmp_path: Path) -> None:
    golden = tmp_path / "hands.csv"
    golden.write_bytes(b"\xef\xbb\xbfhand\r\n1\r\n")
    with pytest.raises(
        pytest.fail.Exception, match="in its line ends or length: 12 bytes became 10"
    ):
        check_golden(b"\xef\xbb\xbfhand\n1\n", golden, TEST_FILE)


def test_a_missing_golden_file_says_how_to_write_it(tmp_path: Path) -> None:
    with pytest.raises(pytest.fail.Exception, match=r"missing\.ledger\.json is missing; write it"):
        check_golden("{}", tmp_path / "missing.ledger.json", TEST_FILE)


def test_regenerating_rewrites_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    golden = tmp_path / "ledger.txt"
    golden.write_bytes(b"A 755\n")
    monkeypatch.setenv(REGENERATE_VARIABLE, "1")
    check_golden("A 855\n", golden, TEST_FILE)
    assert golden.read_bytes() == b"A 855\n"


def test_a_compressed_golden_file_is_written_the_same_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    golden = tmp_path / "sitting.ledger.json.gz"
    monkeypatch.setenv(REGENERATE_VARIABLE, "1")
    check_golden('{"rubbers": []}\n', golden, TEST_FILE)
    first = golden.read_bytes()
    golden.unlink()
    check_golden('{"rubbers": []}\n', golden, TEST_FILE)
    assert golden.read_bytes() == first
    assert gzip.decompress(first) == read_golden(golden) == b'{"rubbers": []}\n'
    monkeypatch.delenv(REGENERATE_VARIABLE)
    with pytest.raises(pytest.fail.Exception, match=r"in line 1: b'\{\"rubbers\": \[\]\}'"):
        check_golden('{"rubbers": [1]}\n', golden, TEST_FILE)
