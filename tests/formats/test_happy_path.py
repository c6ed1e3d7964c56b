"""Reading, checking and scoring well-formed hands translates no message: the words are
looked up only when there is a problem to report (scoring a 100,000-hand file once called
the translation function some 800,000 times)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from jojotte_score import i18n
from jojotte_score.core.games import replay
from jojotte_score.formats.ledger_json import dumps_ledger
from jojotte_score.formats.sitting_file import load_sitting, parse_sitting
from tests.formats.test_sitting_file import GOOD, SLAM, sitting_data


class _Counting:
    """A catalogue that counts the messages looked up in it."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.looked_up = 0

    def gettext(self, message: str) -> str:
        self.looked_up += 1
        return str(self.inner.gettext(message))

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        self.looked_up += 1
        return str(self.inner.ngettext(singular, plural, count))


def _lookups(data: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> int:
    speaking = i18n._speaking
    counting = _Counting(speaking.translations)
    with monkeypatch.context() as patch:
        patch.setattr(speaking, "translations", counting)
        loaded = parse_sitting(data)
    assert not loaded.warnings
    return counting.looked_up


def test_well_formed_hands_are_read_and_checked_without_a_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    few = _lookups(sitting_data(GOOD, SLAM), monkeypatch)
    many = _lookups(sitting_data(*[GOOD, SLAM] * 50), monkeypatch)
    assert many == few == 0


EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "data").glob("*-example.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_what_score_does_with_each_game_s_example_looks_up_no_message(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What ``jojotte-score score`` does: the file read and checked, the hands scored, the
    ledger written."""
    speaking = i18n._speaking
    counting = _Counting(speaking.translations)
    with monkeypatch.context() as patch:
        patch.setattr(speaking, "translations", counting)
        loaded = load_sitting(path)
        ledger = replay(loaded.sitting)
        written = dumps_ledger(ledger)
    assert not loaded.warnings
    assert ledger.hand_count == len(loaded.sitting.hands) > 0
    assert written.startswith('{"format": "jojotte-ledger"')
    assert counting.looked_up == 0


def test_a_problem_is_still_worded(monkeypatch: pytest.MonkeyPatch) -> None:
    bad = dict(GOOD, tricks=[5, 5])
    with pytest.raises(Exception, match="the tricks \\(Anna: 5, Bert: 5\\) add up to 10, not 9"):
        parse_sitting(sitting_data(GOOD, bad))
