"""The exact fair-chance search: what it proves when a cap stops it, and (slow) its values
against an independent exact program in C on whole deals."""

from __future__ import annotations

import pytest

from golfcore.solitaire import engine
from golfcore.solitaire.rules import rule_set
from golfcore.solitaire.search.fair import fair_chance
from golfcore.solitaire.search.fair_search import Budget, Search
from golfcore.solitaire.search.fair_tables import tables_for

from tests.test_fair import small_position


@pytest.mark.parametrize("variant", ["traditional", "app-facil", "cards4+jokers=2"])
@pytest.mark.parametrize("seed", range(6))
def test_a_capped_search_proves_an_interval_that_holds_the_value(variant, seed):
    """Stopped at any number of states, the search's proved interval holds the exact value."""
    rules = rule_set(variant)
    position = small_position(rules, seed, 6, 9, near=True)
    exact = fair_chance(rules, position).value
    stopped = 0
    for limit in (1, 3, 10, 30, 100):
        search = Search(tables_for(rules), position)
        try:
            _, value = search.best(limit=limit)
        except Budget as stop:
            stopped += 1
            assert 0.0 <= stop.root_low <= stop.root_high <= 1.0
            assert stop.root_low - 1e-12 <= exact <= stop.root_high + 1e-12
        else:
            assert value == pytest.approx(exact, abs=1e-12)
    assert stopped
