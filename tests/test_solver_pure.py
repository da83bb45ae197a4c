"""The solver with its pure-Python win search, as where no C compiler built the kernel: every
test here runs with ``GOLFCORE_SOLVER_PURE=1`` and checks that the kernel is never asked, on a
sample of the reference verdicts and winning lines (the default suite runs the kernel when it
was built; tests/test_solver_kernel.py compares the two paths)."""

from __future__ import annotations

import json

import pytest

from golfcore.solitaire import engine
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import rule_set
from golfcore.solitaire.search import solver_kernel
from golfcore.solitaire.search.solver import Solver
from golfcore.solitaire.state import GameState, Outcome

from test_solver import FAMILIES, ORACLE

#: every 40th deal of the reference (1, 41, ..., 161)
SAMPLE = slice(0, None, 40)


@pytest.fixture(autouse=True)
def pure_path(monkeypatch):
    """The environment forces the pure path, and the kernel must not be asked."""
    monkeypatch.setenv(solver_kernel.PURE_ENV, "1")

    def refuse(*args):
        raise AssertionError("the kernel was asked for a win search")

    monkeypatch.setattr(solver_kernel, "run", refuse)
    assert not solver_kernel.use_kernel()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_the_pure_search_gives_the_reference_verdicts_and_winning_lines(family):
    """PySolFC deals 1, 41, ..., 161 under one rule family: black-hole-solver's verdict, and
    every winning line wins when played through the engine."""
    rules = rule_set(FAMILIES[family])
    solver = Solver(rules)
    records = [json.loads(line) for line in ORACLE.read_text(encoding="utf-8").splitlines()]
    for record in records[SAMPLE]:
        position = Position.build(record["columns"], record["stock"], record["waste"])
        result = solver.solve(position, best=False)
        assert result.winnable == record["winnable"][family], record["deal"]
        if result.winnable:
            state = GameState(position)
            for move in result.line:
                step = engine.apply(rules, state, move)
                assert step.accepted
                state = step.state
            assert rules.outcome(state) is Outcome.WON
