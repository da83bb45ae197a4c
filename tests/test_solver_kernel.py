"""The win search's compiled kernel (``_winkernel.c``) against its pure-Python twin
(``solver_win._search_pure``): the same verdicts, winning lines, best partial lines, position
counts and prune counts, and the same stops by a position limit, by the clock and by a failing
progress callback; ``GOLFCORE_SOLVER_PURE=1`` forces the pure path."""

from __future__ import annotations

import json
import os
import random
from concurrent.futures import ProcessPoolExecutor

import pytest
from hypothesis import HealthCheck, given, settings

from golfcore.solitaire import engine
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import rule_set
from golfcore.solitaire.search import solver_kernel, solver_search
from golfcore.solitaire.search.solver import Solver, SolveResult
from golfcore.solitaire.search.solver_search import Limit, Search
from golfcore.solitaire.search.solver_win import search_win
from golfcore.solitaire.state import GameState, Outcome

from test_solver import FAMILIES, ORACLE, VARIANTS, small_positions


@pytest.fixture(autouse=True)
def kernel_built(monkeypatch):
    """Every test here needs the kernel (CI has a compiler: there it must have been built),
    and starts with the environment not forcing the pure path."""
    if not solver_kernel.kernel_available():
        if os.environ.get("CI"):
            pytest.fail("CI has a C compiler: the win search's kernel must have been built")
        pytest.skip("the win search's kernel was not built (no C compiler at install)")
    monkeypatch.delenv(solver_kernel.PURE_ENV, raising=False)


def _facts(result: SolveResult) -> tuple:
    """Everything a solve answers but the seconds it took."""
    return (result.winnable, result.line, result.best_removed, result.best_score,
            result.best_outcome, result.visited, result.complete, result.stats, result.stopped)


def _both(monkeypatch, solve):
    """``solve()`` with the kernel, then with the pure path forced by the environment."""
    kernel = solve()
    monkeypatch.setenv(solver_kernel.PURE_ENV, "1")
    try:
        pure = solve()
    finally:
        monkeypatch.delenv(solver_kernel.PURE_ENV)
    return kernel, pure


def _mid_game(rules, deal: int, moves: int) -> Position:
    """Deal ``deal`` after ``moves`` random legal moves (seeded: the same each run)."""
    rng = random.Random(deal * 1000 + moves)
    state = engine.start_deal(rules, deal)
    for _ in range(moves):
        legal = engine.legal_moves(rules, state)
        if not legal:
            break
        state = engine.apply(rules, state, rng.choice(legal)).state
    return state.position


@pytest.mark.parametrize("variant", VARIANTS)
def test_kernel_and_pure_search_answer_alike_on_whole_deals(variant, monkeypatch):
    """Deals from the start and from the middle of a game, the win search and then the
    best-result search seeded by it, capped at 6000 positions (so some stop by the limit, at
    the same position): every fact of the answer is the same on both paths."""
    rules = rule_set(variant)
    solver = Solver(rules)
    assert Search(solver, engine.start_deal(rules, 1).position, None).fast_win() == (
        solver.tables.eligible)
    for deal in (3, 11, 29):
        for moves in (0, 9):
            position = _mid_game(rules, deal, moves)
            kernel, pure = _both(monkeypatch, lambda p=position: solver.solve(p, limit=6000))
            assert _facts(kernel) == _facts(pure), (deal, moves)


@pytest.mark.parametrize("variant, deal", [("app-facil", 604), ("cards4", 286),
                                           ("app-clasico", 358), ("app-facil", 587)])
@pytest.mark.parametrize("limit", [1, 2, 1023, 1024, 1025, 10_000, 10_001, 14_007])
def test_a_position_limit_stops_both_at_the_same_position(variant, deal, limit, monkeypatch):
    """Around the clock's period (1024) and the first restart (10 000 positions): the same
    count, the same partial line, the same prunes."""
    rules = rule_set(variant)
    solver = Solver(rules)
    position = engine.start_deal(rules, deal).position
    kernel, pure = _both(monkeypatch, lambda: solver.solve(position, best=False, limit=limit))
    assert _facts(kernel) == _facts(pure)
    assert kernel.stopped == "positions" and kernel.visited == limit
    assert kernel.winnable is None


def _win_search(solver, position, pure, **budget):
    """The win search alone on a fresh Search: what it leaves there."""
    search = Search(solver, position, budget.get("limit"), budget.get("deadline"),
                    budget.get("progress"))
    stopped = None
    try:
        won = search_win(search, pure=pure)
    except Limit as stop:
        won, stopped = None, stop.what
    return (won, stopped, search.visited_total, search.found_win, search.best_line,
            search.seen_best, search.seen_line, search.stats)


@pytest.mark.parametrize("variant", ["app-facil", "traditional", "jokers", "empty-waste"])
def test_the_most_cards_seen_and_their_line_are_the_same(variant):
    """What the win search leaves for the best-result search (the most cards removed on its
    way and the line that removed them) is the same on both paths, found or stopped."""
    rules = rule_set(variant)
    solver = Solver(rules)
    for deal in (5, 8, 13):
        position = engine.start_deal(rules, deal).position
        for limit in (None, 3000):
            assert (_win_search(solver, position, False, limit=limit)
                    == _win_search(solver, position, True, limit=limit)), (deal, limit)


class _FakeTime:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def test_the_clock_stops_both_at_the_same_tick(monkeypatch):
    """The time limit is read every 1024 positions on both paths: with a clock that moves a
    second per reading, a 6.5-second cap stops both at the sixth reading."""
    rules = rule_set("app-facil")
    solver = Solver(rules)
    position = engine.start_deal(rules, 604).position
    answers = []
    for pure in (False, True):
        monkeypatch.setattr(solver_search, "time", _FakeTime())
        answers.append(_win_search(solver, position, pure, deadline=6.5))
    assert answers[0] == answers[1]
    assert answers[0][1] == "seconds" and answers[0][2] == 7 * 1024


def test_progress_reports_come_at_the_same_positions(monkeypatch):
    """A long search reports progress every 16384 positions on both paths, and a callback
    that raises stops both at the same position with its own exception."""
    rules = rule_set("app-facil")
    solver = Solver(rules)
    position = engine.start_deal(rules, 587).position
    seen: list[list[int]] = [[], []]

    class Enough(Exception):
        pass

    def report(k):
        def progress(p):
            seen[k].append(p.visited)
            if p.visited >= 5 * 16384:
                raise Enough()
        return progress

    results = []
    for k, pure in enumerate((False, True)):
        search = Search(solver, position, None, None, report(k))
        with pytest.raises(Enough):
            search_win(search, pure=pure)
        results.append((search.visited_total, search.stats, search.seen_best, search.seen_line))
    assert seen[0] == seen[1] == [k * 16384 for k in range(1, 6)]
    assert results[0] == results[1]
    full = solver.solve(position, best=False, progress=lambda p: None)
    assert full.visited > 5 * 16384 and full.winnable is True


@pytest.mark.parametrize("variant", ["app-facil", "cards4+jokers=2", "jokers", "traditional",
                                     "empty-waste"])
def test_kernel_and_pure_agree_on_small_positions(variant, monkeypatch):
    """Random small positions (jokers, an empty waste, short stocks): the same answers."""
    rules = rule_set(variant)
    solver = Solver(rules)

    @settings(max_examples=40, deadline=None, suppress_health_check=[
        HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(small_positions(rules.jokers, rules.initial_waste == 0))
    def check(position):
        kernel, pure = _both(monkeypatch, lambda: solver.solve(position))
        assert _facts(kernel) == _facts(pure)

    check()


def test_the_kernel_winning_line_wins():
    """The kernel's line of a won deal, played through the engine, empties the columns."""
    rules = rule_set("app-facil")
    result = Solver(rules).solve(engine.start_deal(rules, 587).position, best=False)
    assert result.winnable
    state = engine.start_deal(rules, 587)
    for move in result.line:
        step = engine.apply(rules, state, move)
        assert step.accepted
        state = step.state
    assert rules.outcome(GameState(state.position)) is Outcome.WON


def test_the_environment_forces_the_pure_path(monkeypatch):
    """With ``GOLFCORE_SOLVER_PURE=1`` the kernel is never asked; with ``0`` or unset it is."""
    rules = rule_set("app-facil")
    position = engine.start_deal(rules, 2).position
    calls = []
    real = solver_kernel.run

    def spy(*args):
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(solver_kernel, "run", spy)
    for value, used in (("1", False), ("0", True), (None, True)):
        if value is None:
            monkeypatch.delenv(solver_kernel.PURE_ENV, raising=False)
        else:
            monkeypatch.setenv(solver_kernel.PURE_ENV, value)
        calls.clear()
        assert Solver(rules).solve(position, best=False).winnable is True
        assert bool(calls) is used and solver_kernel.use_kernel() is used


def _paths_agree(chunk: list[str]) -> list[tuple]:
    """Each deal of ``chunk`` (reference records) under each family, by the kernel and by the
    pure path: the deals where their answers differ."""
    wrong = []
    for line in chunk:
        record = json.loads(line)
        position = Position.build(record["columns"], record["stock"], record["waste"])
        for family, variant in FAMILIES.items():
            solver = Solver(rule_set(variant))
            answers = []
            for pure in ("0", "1"):
                os.environ[solver_kernel.PURE_ENV] = pure
                answers.append(_facts(solver.solve(position, best=False)))
            os.environ.pop(solver_kernel.PURE_ENV)
            if answers[0] != answers[1] or answers[0][0] != record["winnable"][family]:
                wrong.append((record["deal"], family))
    return wrong


@pytest.mark.slow     # about a minute on two cores (the pure path's share)
def test_kernel_and_pure_answer_alike_on_the_200_reference_deals():
    """PySolFC deals 1..200, three rule families: the kernel and the pure path give the
    reference verdict, the same line and the same number of positions."""
    lines = ORACLE.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 200
    with ProcessPoolExecutor(max_workers=2) as pool:
        wrong = [w for part in pool.map(_paths_agree, [lines[i::8] for i in range(8)])
                 for w in part]
    assert wrong == []
