"""The Records tab's Partnerships and Roles pages read each sitting's stored sides and
roles (``PeriodFacts.period_sides``), never the sittings' facts, which only the Ratings page
reads; what they show is what the records counted from the facts say."""

from __future__ import annotations

from typing import Any

import pytest

from jojotte_score.core.records.partners import partnerships
from jojotte_score.core.records.roles import role_records
from jojotte_score.gui.action_names import ActionName
from jojotte_score.gui.window.main_window import MainWindow
from jojotte_score.render.records_tables import partners_table, roles_table
from tests.gui.history.test_records_tab import every_fact, records_of, shown, store_every_game


def test_partnerships_and_roles_are_shown_without_reading_the_facts(
    main_window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jojotte_score.storage import record_facts

    store_every_game(main_window.session.store)
    facts = every_fact(main_window)
    read: list[str] = []
    reading_facts = record_facts.PeriodFacts.period_facts
    reading_sides = record_facts.PeriodFacts.period_sides

    def counting_facts(self: Any, *arguments: Any, **options: Any) -> Any:
        read.append("facts")
        return reading_facts(self, *arguments, **options)

    def counting_sides(self: Any, *arguments: Any, **options: Any) -> Any:
        read.append("sides")
        return reading_sides(self, *arguments, **options)

    monkeypatch.setattr(record_facts.PeriodFacts, "period_facts", counting_facts)
    monkeypatch.setattr(record_facts.PeriodFacts, "period_sides", counting_sides)
    main_window.named_actions[ActionName.HISTORY].trigger()
    history = main_window.history
    assert history is not None
    view = records_of(history)
    view.pages.setCurrentIndex(1)
    assert view.summary.text() == "Records over 5 sittings."
    assert shown(view.models["partners"]) == [
        list(row.cells) for row in partners_table(partnerships(facts)).rows
    ]
    view.pages.setCurrentIndex(2)
    assert shown(view.models["roles"]) == [
        list(row.cells) for row in roles_table(role_records(facts)).rows
    ]
    assert read == ["sides"]  # once for both pages
    view.pages.setCurrentIndex(3)
    assert read == ["sides", "facts"]
